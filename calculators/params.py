"""Declared calculator parameters and their coercion from untrusted JSON.

Every calculator lists its inputs as :class:`Param` records. The same records drive the
command-line options, the HTML form a widget shows, and the validation of whatever arrives
(a JSON object from the CLI, the URL or the browser form, where numbers come as text). Values
are coerced here, once, so the calculators themselves only ever see clean Python values.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from . import untrusted
from .errors import CalculatorError, Problems

INT = "int"
BOOL = "bool"
CHOICE = "choice"
JSON = "json"
TEXT = "text"
KINDS = (INT, BOOL, CHOICE, JSON, TEXT)
#: How the form may present a ``json`` input (see ``Param.editor``).
EDITORS = ("card-list", "pick-list")

#: Longest text accepted for a number, flag or choice; anything longer is refused unparsed.
MAX_TEXT = 40
#: Longest JSON text accepted for a ``json`` parameter (a whole spellcard deck fits easily).
MAX_JSON_TEXT = 100_000


@dataclass(frozen=True)
class When:
    """When an input applies: while the earlier input ``param`` (a choice or a flag), or any
    of the earlier inputs named in ``also``, holds one of ``values`` (clean values: choice
    strings, ``True``/``False``).

    An input that does not apply is not shown in the form, not read from the URL, the CLI or
    the browser, and reaches the calculator as its declared default, whatever was sent: a
    player who switches the mode never sees an error about a field she can no longer see.
    ``also`` serves inputs that belong to a choice offered in several slots (the +10 damage
    steps of a skill chosen in any of a card's three skill slots).
    """

    param: str
    values: tuple[Any, ...]
    also: tuple[str, ...] = ()

    @property
    def params(self) -> tuple[str, ...]:
        """Every controlling input: ``param``, then ``also``."""
        return (self.param, *self.also)

    def holds(self, clean: Mapping[str, Any]) -> bool:
        """Whether the condition holds for the coerced inputs read so far."""
        return any(name in clean and clean[name] in self.values for name in self.params)

    def describe(self, params: tuple[Param, ...]) -> str:
        """In words, for ``--help`` and the form: "when Attack is Physical or Spellcard"."""
        controllers = [next(p for p in params if p.name == name) for name in self.params]
        controller = controllers[0]
        if controller.kind == BOOL:
            return f"when {controller.label} is {'on' if self.values == (True,) else 'off'}"
        labels = dict(controller.choices)
        names = " or ".join(c.label for c in controllers)
        verb = "is" if len(controllers) == 1 else "holds"
        return f"when {names} {verb} " + " or ".join(labels[v] for v in self.values)


@dataclass(frozen=True)
class Offered:
    """Which choices of a ``choice`` input the form lists, given an earlier input: choice
    ``value`` is listed while ``param`` holds one of ``by_choice[value]``; choices not named
    are always listed. The rest stay reachable behind "show all", with ``note`` saying why
    they are hidden; the calculator still judges them (and says why one does not fit)."""

    param: str
    by_choice: tuple[tuple[str, tuple[str, ...]], ...]
    note: str

    def lists(self, value: str, controller: Any) -> bool:
        """Whether the form lists choice ``value`` while ``param`` holds ``controller``."""
        when = dict(self.by_choice).get(value)
        return when is None or controller in when


@dataclass(frozen=True)
class Pick:
    """One thing a ``json`` input edited as a list of picks (``editor="pick-list"``) may hold:
    ``value``, the id the list keeps; ``label``, the name a reader knows it by (accepted in
    place of the id); ``says``, what it does; ``most``, how many times the form lets it be
    taken (a rule that allows fewer is the calculator's to judge); ``listed``, whether the
    form offers it at all (one the calculator refuses with its reason, such as a talent only
    minions have on a monster, is known here but not offered)."""

    value: str
    label: str
    says: str = ""
    most: int = 1
    listed: bool = True


@dataclass(frozen=True)
class Param:
    """One input of a calculator.

    Attributes:
        name: the key in the parameters object (snake_case); the CLI option is ``--name`` with
            hyphens.
        label: the form label shown to a reader.
        kind: ``int``, ``bool``, ``choice``, or ``json`` (a JSON object or array, given as
            itself or as JSON text; the calculator validates its inside; the CLI reads it from
            a file or ``-`` for standard input), or ``text`` (one line a player types, such as a
            name: stripped, no control characters, at most ``maximum`` characters).
        default: the value used when the input is absent or blank; ``None`` makes an ``int``
            optional (left out unless given).
        minimum, maximum: inclusive bounds for ``int``; the maximum also keeps work bounded.
            For ``text``, ``maximum`` is the longest length (:data:`MAX_TEXT` if unset); for
            ``json``, the longest JSON text (:data:`MAX_JSON_TEXT` if unset).
        choices: allowed values of a ``choice`` as ``(value, label)`` pairs.
        help: one line shown under the field and in ``--help``.
        required: refuse a blank value instead of using the default.
        exclusive: a group name; inputs of one group are alternatives (typing into one clears
            the others in the form), and the calculator decides which was given.
        hidden: set only by buttons in the answer (a roll's seed, the effect just applied):
            kept in the URL like any input, but the form shows no control for it.
        transient: for a hidden input: cleared (back to its default) as soon as the player
            changes any control, so a roll shown belongs to the inputs it was rolled with.
        applies: when this input applies (see :class:`When`); ``None`` for always.
        offered: which of a choice's values the form lists first (see :class:`Offered`).
        editor: for a ``json`` input, how the form presents it instead of a bare text box:
            ``"card-list"`` for a list of spellcard entries (``[{"card", "copies"}]``), edited
            as a list with the JSON kept for import and export; ``"pick-list"`` for a list
            of :class:`Pick` values (``picks``), taken by ticking them by name; ``""`` for the
            text box.
        picks: for ``editor="pick-list"``, what the list may hold: its value is a list of
            their ids (or names, read as the ids), each unknown one refused on this field.
    """

    name: str
    label: str
    kind: str = INT
    default: Any = None
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[tuple[str, str], ...] = ()
    help: str = ""
    required: bool = False
    exclusive: str = ""
    hidden: bool = False
    transient: bool = False
    applies: When | None = None
    offered: Offered | None = None
    editor: str = ""
    picks: tuple[Pick, ...] = ()

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"param {self.name}: unknown kind {self.kind!r}")
        if self.kind == CHOICE and self.default not in self.values:
            raise ValueError(f"param {self.name}: default {self.default!r} is not a choice")
        if self.editor and (self.kind != JSON or self.editor not in EDITORS):
            raise ValueError(f"param {self.name}: editor {self.editor!r} is not one of "
                             f"{EDITORS} for a json input")
        if (self.editor == "pick-list") != bool(self.picks):
            raise ValueError(f"param {self.name}: picks go with editor 'pick-list', and only "
                             "with it")
        if self.transient and not self.hidden:
            raise ValueError(f"param {self.name}: only a hidden input can be transient")

    @property
    def values(self) -> tuple[str, ...]:
        return tuple(value for value, _ in self.choices)

    def coerce(self, raw: Any) -> Any:
        """Return the clean value for ``raw``, or raise :class:`CalculatorError` naming this field."""
        untrusted.check(raw, self.name, self.label)
        if raw is None or (isinstance(raw, str) and not raw.strip()):
            if self.required:
                raise CalculatorError.single(self.name, f"{self.label} is required.")
            return self.default
        if self.kind == INT:
            return self._coerce_int(raw)
        if self.kind == BOOL:
            return self._coerce_bool(raw)
        if self.kind == JSON:
            return self._coerce_json(raw)
        if self.kind == TEXT:
            return self._coerce_text(raw)
        return self._coerce_choice(raw)

    def _fail(self, message: str) -> CalculatorError:
        return CalculatorError.single(self.name, message)

    def _bounds_text(self) -> str:
        if self.minimum is not None and self.maximum is not None:
            return f"a whole number from {self.minimum} to {self.maximum}"
        if self.minimum is not None:
            return f"a whole number of at least {self.minimum}"
        if self.maximum is not None:
            return f"a whole number of at most {self.maximum}"
        return "a whole number"

    def _coerce_int(self, raw: Any) -> int:
        if isinstance(raw, bool):
            raise self._fail(f"{self.label} must be {self._bounds_text()}, not true/false.")
        if isinstance(raw, float):
            if not math.isfinite(raw) or raw != int(raw):
                raise self._fail(f"{self.label} must be {self._bounds_text()}.")
            raw = int(raw)
        elif isinstance(raw, str):
            text = raw.strip()
            if len(text) > MAX_TEXT or not _is_integer_text(text):
                shown = text if len(text) <= MAX_TEXT else text[:MAX_TEXT] + "…"
                raise self._fail(f"{self.label} must be {self._bounds_text()}; got “{shown}”.")
            raw = int(text)
        elif not isinstance(raw, int):
            raise self._fail(f"{self.label} must be {self._bounds_text()}.")
        if self.minimum is not None and raw < self.minimum:
            raise self._fail(f"{self.label} must be at least {self.minimum}; got {_short(raw)}.")
        if self.maximum is not None and raw > self.maximum:
            raise self._fail(f"{self.label} must be at most {self.maximum}; got {_short(raw)}.")
        return raw

    def _coerce_bool(self, raw: Any) -> bool:
        if isinstance(raw, bool):
            return raw
        if isinstance(raw, str) and raw.strip().lower() in BOOL_TEXT:
            return BOOL_TEXT[raw.strip().lower()]
        raise self._fail(f"{self.label} must be on or off (true/false).")

    def _coerce_json(self, raw: Any) -> dict | list:
        if isinstance(raw, str):
            longest = self.maximum if self.maximum is not None else MAX_JSON_TEXT
            if len(raw) > longest:
                raise self._fail(f"{self.label} is too long ({len(raw)} characters; the limit "
                                 f"is {longest}).")
            raw = untrusted.parse(raw, self.name, self.label)
            untrusted.check(raw, self.name, self.label)
        if not isinstance(raw, (dict, list)):
            raise self._fail(f"{self.label} must be a JSON object or list.")
        return self._coerce_picks(raw) if self.picks else raw

    def _coerce_picks(self, raw: dict | list) -> list[str]:
        """The ids a list of picks names (each by its id or its name, in any case)."""
        if not isinstance(raw, list) or not all(isinstance(x, str) for x in raw):
            raise self._fail(f"{self.label} must be a list of names, such as "
                             f"[\"{self.picks[0].label}\"].")
        known = {key.casefold(): pick.value for pick in self.picks
                 for key in (pick.value, pick.label)}
        unknown = [x for x in raw if x.strip().casefold() not in known]
        if unknown:
            shown = ", ".join(f"“{x[:MAX_TEXT]}”" for x in unknown[:5])
            raise self._fail(f"Not among the {self.label.lower()}: {shown}. They are: "
                             + ", ".join(p.label for p in self.picks if p.listed) + ".")
        return [known[x.strip().casefold()] for x in raw]

    def _coerce_text(self, raw: Any) -> str:
        longest = self.maximum if self.maximum is not None else MAX_TEXT
        if not isinstance(raw, str):
            raise self._fail(f"{self.label} must be text.")
        text = raw.strip()
        if len(text) > longest:
            raise self._fail(f"{self.label} must be at most {longest} characters; got "
                             f"{len(text)}.")
        if any(c < " " or "\x7f" <= c <= "\x9f" for c in text):  # control characters
            raise self._fail(f"{self.label} must be one line of text, without tabs or line "
                             "breaks.")
        return text

    def _coerce_choice(self, raw: Any) -> str:
        if isinstance(raw, str) and raw.strip() in self.values:
            return raw.strip()
        allowed = ", ".join(self.values)
        raise self._fail(f"{self.label} must be one of: {allowed}.")


#: Text a flag takes besides JSON's true and false (a form, a URL and the CLI send text).
BOOL_TEXT = {"true": True, "1": True, "on": True, "yes": True,
              "false": False, "0": False, "off": False, "no": False}


def _is_integer_text(text: str) -> bool:
    body = text[1:] if text[:1] in "+-" else text
    return body.isascii() and body.isdigit()


def _short(value: int) -> str:
    """``value`` for a message; one too long to print (Python refuses to convert integers of
    over 4300 digits to text) only by its size."""
    if abs(value) >= 10**12:
        return "a number of more than 12 digits"
    return str(value)


def check_conditions(params: tuple[Param, ...]) -> None:
    """Refuse a declaration whose ``applies`` names no earlier choice or flag, or values that
    input cannot take (a programming error, caught when the calculator is defined)."""
    earlier: dict[str, Param] = {}
    for p in params:
        when = p.applies
        for name in when.params if when is not None else ():
            controller = earlier.get(name)
            if controller is None or controller.kind not in (BOOL, CHOICE):
                raise ValueError(f"param {p.name}: applies names {name!r}, which is not "
                                 "an earlier choice or flag")
            allowed = controller.values if controller.kind == CHOICE else (True, False)
            if not when.values or any(v not in allowed for v in when.values):
                raise ValueError(f"param {p.name}: applies values {when.values!r} are not "
                                 f"all values of {name}")
        if p.offered is not None:
            controller = earlier.get(p.offered.param)
            if controller is None or controller.kind != CHOICE or any(
                    value not in p.values or not set(when) <= set(controller.values)
                    for value, when in p.offered.by_choice):
                raise ValueError(f"param {p.name}: offered must map its own choices to values "
                                 f"of an earlier choice")
        earlier[p.name] = p


def applies(param: Param, clean: Mapping[str, Any]) -> bool:
    """Whether ``param`` applies, given the inputs coerced before it."""
    return param.applies is None or param.applies.holds(clean)


def coerce_all(params: tuple[Param, ...], raw: Any) -> dict[str, Any]:
    """Validate a whole parameters object against ``params``.

    Unknown keys are refused (a typo in a URL or CLI call should not silently fall back to a
    default). All problems are gathered, so a form can mark every bad field at once. An input
    that does not apply (see :class:`When`) is not read: it takes its default.
    """
    if raw is None:
        raw = {}
    if not isinstance(raw, Mapping):
        raise CalculatorError.single("", "Parameters must be a JSON object of name: value pairs.")
    known = {p.name: p for p in params}
    problems = Problems()
    for key in raw:
        if key not in known:
            name = key if isinstance(key, str) and len(key) <= MAX_TEXT else "(a long name)"
            if isinstance(key, str) and untrusted.has_surrogate(name):
                name = "(a name that is not valid Unicode)"
            expected = ", ".join(known) or "none"
            problems.add("", f"Unknown parameter “{name}”; expected: {expected}.")
    clean: dict[str, Any] = {}
    for p in params:
        if not applies(p, clean):
            clean[p.name] = p.default
            continue
        try:
            clean[p.name] = p.coerce(raw.get(p.name))
        except CalculatorError as exc:
            problems.errors.extend(exc.errors)
    problems.raise_if_any()
    return clean
