"""The file a player keeps of a record (a character): its keys, from the calculator's inputs.

A character's file (what Export saves and a share link carries) is the parameters object of
its calculator, so its documentation is generated from the declared ``Param`` records rather
than written beside them: a new input can never go undocumented.
"""

from __future__ import annotations

from calculators import get
from calculators.params import BOOL, BOOL_TEXT, CHOICE, INT, JSON, TEXT, Param

KIND_WORDS = {INT: "whole number", BOOL: "`true` or `false`", CHOICE: "one of the values listed",
              JSON: "JSON (see its description)", TEXT: "text"}

#: How every input reads a missing or empty value (``Param.coerce``), said once under a table.
DEFAULTS_NOTE = ("A key left out, given as `null`, or given as empty text takes its default; "
                 "a key the builder does not have is refused, so a misspelt one is not lost.")
#: The text a `true` or `false` key also takes (``params.BOOL_TEXT``), under a table that has one.
BOOL_NOTE = "A `true` or `false` key also takes the text " + ", ".join(
    f'`"{on}"` or `"{off}"`' for on, off in zip(
        [word for word, value in BOOL_TEXT.items() if value],
        [word for word, value in BOOL_TEXT.items() if not value])) + "."


def _cell(text: str) -> str:
    """Text safe inside a Markdown table cell, shown as written (``<input>`` as text, not a
    form control)."""
    return (text.replace("\\", "\\\\").replace("|", "\\|").replace("\n", " ")
            .replace("&", "&amp;").replace("<", "&lt;"))


def _values(p: Param) -> str:
    if p.kind == CHOICE:
        return ", ".join(f"`{value}` ({label})" if value else f"empty ({label})"
                         for value, label in p.choices)
    if p.kind == INT and (p.minimum is not None or p.maximum is not None):
        low = "" if p.minimum is None else str(p.minimum)
        high = "" if p.maximum is None else str(p.maximum)
        return f"{low}–{high}" if low and high else (f"at least {low}" if low else f"at most {high}")
    if p.kind == TEXT:
        return f"up to {p.maximum} characters" if p.maximum else ""
    return KIND_WORDS[p.kind]


def _default(p: Param) -> str:
    if p.default is None or p.default == "":
        return "—"
    if isinstance(p.default, bool):
        return "true" if p.default else "false"
    return f"`{p.default}`"


def parameter_table(name: str) -> str:
    """A Markdown table of calculator ``name``'s inputs as the keys of its JSON file: key,
    what it holds, the values it takes, its default, and when it is used; then how a missing
    or ``null`` value is read (:data:`DEFAULTS_NOTE`) and, if it has a flag, the text a flag
    takes (:data:`BOOL_NOTE`)."""
    params = get(name).params
    flags = any(p.kind == BOOL for p in params)
    return params_table(params) + "\n\n" + DEFAULTS_NOTE + (" " + BOOL_NOTE if flags else "")


def params_table(params: tuple[Param, ...]) -> str:
    """A Markdown table of declared ``params`` as the keys of a JSON object (a record file,
    a battle's combatant entry or event)."""
    rows = ["| Key | What it holds | Values | Default |", "|---|---|---|---|"]
    first_with: dict[tuple, str] = {}  # a long list of choices is written out once
    for p in params:
        meaning = ("Required. " if p.required else "") + p.label + (f": {p.help}" if p.help
                                                                     else "")
        if p.hidden:
            meaning += " (set by a button on the sheet)"
        if p.applies is not None:
            meaning += f"; used only {p.applies.describe(params)}"
        values = _values(p)
        if p.kind == CHOICE and len(p.choices) > 3:
            same = first_with.setdefault(p.choices, p.name)
            if same != p.name:
                values = f"as `{same}`"
        rows.append(f"| `{p.name}` | {_cell(meaning)} | {_cell(values)} | "
                    f"{_cell(_default(p))} |")
    return "\n".join(rows)


GLOBALS = {"parameter_table": parameter_table}
