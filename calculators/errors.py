"""The one error type every calculator raises for bad input.

The command line, the build and the browser all catch :class:`CalculatorError` and show its
``errors`` list, so a message written here reaches the reader unchanged, whatever the surface.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass


@dataclass(frozen=True)
class RuleRef:
    """The rule a choice breaks: its rule-book section, as the message names it, and where
    this site presents it (a URL from the site's root, ``western-roses/character-creation/#skills``),
    so the browser can link the section's name in the message to the rule."""

    section: str
    url: str


@dataclass(frozen=True)
class FieldError:
    """One problem with one input.

    Attributes:
        field: the parameter name the problem belongs to ("" for the parameters as a whole).
        message: a sentence for a person, naming the problem and the accepted values.
        rule: the rule broken, when the problem is a broken rule rather than a bad value.
    """

    field: str
    message: str
    rule: RuleRef | None = None

    def as_dict(self) -> dict:
        out: dict = {"field": self.field, "message": self.message}
        if self.rule:
            out["rule"] = {"section": self.rule.section, "url": self.rule.url}
        return out


def broken_rule(field: str, message: str, rule: RuleRef) -> FieldError:
    """A choice on ``field`` that breaks ``rule``: ``message`` then the rule's section in
    brackets, ``"Over budget: … (Skills)."``, the section linked in the browser."""
    return FieldError(field, f"{message} ({rule.section}).", rule)


class CalculatorError(ValueError):
    """Bad parameters: carries every problem found, each as a :class:`FieldError`."""

    def __init__(self, errors: list[FieldError] | FieldError):
        self.errors = [errors] if isinstance(errors, FieldError) else list(errors)
        if not self.errors:
            raise TypeError("CalculatorError needs at least one FieldError")
        super().__init__("; ".join(_describe(e) for e in self.errors))

    @classmethod
    def single(cls, field: str, message: str) -> "CalculatorError":
        """Shorthand for the common case of one problem with one field."""
        return cls(FieldError(field, message))

    def as_json(self) -> dict[str, list[dict]]:
        """The shape the CLI prints and the browser receives: ``{"errors": [{field, message}]}``,
        each with ``rule: {section, url}`` when it names a broken rule."""
        return {"errors": [e.as_dict() for e in self.errors]}


class Problems:
    """Every problem found with the inputs, gathered so the reader sees them all at once, each
    on its control; :meth:`raise_if_any` raises them together as one :class:`CalculatorError`.

    Every calculator that checks more than one thing collects its problems here.

    Args:
        prefix: put before every field (a card inside a deck names its fields ``cards[2].``…).
        rule_pages: each rule-book section :meth:`broken` may name, with where the site
            presents it (see :func:`calculators.ui.rule_refs`).
    """

    def __init__(self, prefix: str = "", rule_pages: Mapping[str, RuleRef] | None = None):
        self.prefix = prefix
        self.rule_pages = rule_pages or {}
        self.errors: list[FieldError] = []

    def add(self, field: str, message: str, rule: RuleRef | None = None) -> None:
        """A problem with ``field``, the message as written; ``rule`` is the rule it breaks,
        linked where the message is shown."""
        self.errors.append(FieldError(f"{self.prefix}{field}", message, rule))

    def broken(self, field: str, message: str, section: str) -> None:
        """A rule broken on ``field``: ``message``, then the rule-book ``section`` it is written
        in (:func:`broken_rule`), linked to the page presenting it."""
        self.errors.append(broken_rule(f"{self.prefix}{field}", message, self.rule_pages[section]))

    def raise_if_any(self) -> None:
        """Raise every problem gathered, if there is one."""
        if self.errors:
            raise CalculatorError(self.errors)


def _describe(error: FieldError) -> str:
    return f"{error.field}: {error.message}" if error.field else error.message
