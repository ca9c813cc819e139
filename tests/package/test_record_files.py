"""The documented keys of a record's file come from the calculator's inputs."""

from __future__ import annotations

from build_scripts.pagegen.record_files import parameter_table
from calculators import get


def test_every_input_is_a_row_and_a_pipe_in_help_does_not_break_the_table():
    name = "mb-tracker"
    table = parameter_table(name).splitlines()
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
            parameter_table("mb-character").splitlines()[2:]}
    assert "`make-up`" in rows["talent_1"]
    assert "as `talent_1`" in rows["talent_9"] and "make-up" not in rows["talent_9"]
    assert "as `power_1`" in rows["power_2"]
