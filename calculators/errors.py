"""The one error type every calculator raises for bad input.

The command line, the build and the browser all catch :class:`CalculatorError` and show its
``errors`` list, so a message written here reaches the reader unchanged, whatever the surface.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class FieldError:
    """One problem with one input.

    Attributes:
        field: the parameter name the problem belongs to ("" for the parameters as a whole).
        message: a sentence for a person, naming the problem and the accepted values.
    """

    field: str
    message: str

    def as_dict(self) -> dict[str, str]:
        return {"field": self.field, "message": self.message}


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

    def as_json(self) -> dict[str, list[dict[str, str]]]:
        """The shape the CLI prints and the browser receives: ``{"errors": [{field, message}]}``."""
        return {"errors": [e.as_dict() for e in self.errors]}


def _describe(error: FieldError) -> str:
    return f"{error.field}: {error.message}" if error.field else error.message
