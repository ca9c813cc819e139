"""The documented keys of a record's file come from the calculator's inputs."""

from __future__ import annotations

import pytest

from build_scripts.pagegen.record_files import parameter_table
from calculators import CALCULATORS, CalculatorError, get
from calculators.params import BOOL

#: The calculators whose inputs are a character file a player keeps.
SHEETS = sorted(name for name, calc in CALCULATORS.items() if calc.document)


def test_every_input_is_a_row_and_a_pipe_in_help_does_not_break_the_table():
    name = "mb-tracker"
    table = [row for row in parameter_table(name).splitlines() if row.startswith("|")]
    keys = [row.split("|")[1].strip().strip("`") for row in table[2:]]
    assert keys == [p.name for p in get(name).params]
    # Every row has the header's four cells (an unescaped | in a label or help would add one).
    cells = table[0].count("|")
    assert all(row.replace("\\|", "").count("|") == cells for row in table)


def test_a_choice_lists_its_values_and_a_number_its_range():
    table = parameter_table("wr-check")
    check = get("wr-check")
    dice = next(p for p in check.params if p.name == "dice")
    row = next(r for r in table.splitlines() if r.startswith("| `dice`"))
    assert f"{dice.minimum}–{dice.maximum}" in row


def test_a_long_list_of_choices_shared_by_several_inputs_is_written_out_once():
    # mb-character's nine talent slots take the same talents: the first lists them, the
    # others point to it.
    rows = {r.split("|")[1].strip().strip("`"): r for r in
            parameter_table("mb-character").splitlines()[2:] if r.startswith("|")}
    assert "`make-up`" in rows["talent_1"]
    assert "as `talent_1`" in rows["talent_9"] and "make-up" not in rows["talent_9"]
    assert "as `power_1`" in rows["power_2"]


def outcome(calc, raw: dict) -> dict:
    """The answer for ``raw``, or its errors."""
    try:
        return calc.run(raw)
    except CalculatorError as exc:
        return exc.as_json()


@pytest.mark.parametrize("name", SHEETS)
def test_the_file_s_documentation_says_null_is_the_default_and_it_is(name):
    """Every character calculator reads ``null`` as "the default"; the
    page that documents the file says so, and each key of the example given as null answers
    exactly as the example without that key."""
    assert "given as `null`" in parameter_table(name)
    calc = get(name)
    example = calc.defaults()
    for key in example:
        without = {k: v for k, v in example.items() if k != key}
        assert outcome(calc, {**example, key: None}) == outcome(calc, without), key


def test_the_magical_burst_file_documents_yes_and_no_for_its_switches_as_they_are_read():
    """A switch (transformed, an ailment) takes "yes"/"no" as text."""
    table = parameter_table("mb-character")
    assert '`"yes"` or `"no"`' in table
    calc = get("mb-character")
    example = calc.defaults()
    for p in calc.params:
        if p.kind == BOOL and not p.hidden:
            assert calc.run({**example, p.name: "yes"}) == calc.run({**example, p.name: True})
            assert calc.run({**example, p.name: "no"}) == calc.run({**example, p.name: False})


def test_a_file_without_a_flag_does_not_mention_the_text_a_flag_takes():
    assert not any(p.kind == BOOL for p in get("wr-character").params)
    assert '"yes"' not in parameter_table("wr-character")
