"""Magical Burst overcharge data: stages, flair and change tables, bursts and adversary rules
load, are complete, are numbered as rolled, and agree with the seed text where it is at hand."""

from __future__ import annotations

import json
import re
from importlib import resources

import pytest

from source_texts import MAGICAL_BURST, seed_text
from calculators.interpretations import load_interpretations
from calculators.magical_burst import overcharge as oc

DATA = resources.files("calculators.magical_burst").joinpath("data")

#: Rows per table, counted by hand in the seed (Fury changes: 35 listed plus the lost row).
EXPECTED_ROWS = {
    "heart-minor-flairs": 18, "heart-major-flairs": 18, "heart-changes": 36,
    "fury-minor-flairs": 18, "fury-major-flairs": 18, "fury-changes": 36,
    "judgment-minor-flairs": 36, "judgment-major-flairs": 36, "judgment-changes": 36,
}


def test_every_stat_has_a_minor_flair_a_major_flair_and_a_change_table_and_a_burst():
    assert set(oc.TABLES) == set(EXPECTED_ROWS)
    assert set(oc.BURSTS) == set(oc.STATS)
    for table in oc.TABLES.values():
        assert table.id == f"{table.stat}-{table.kind}s", table.id


@pytest.mark.parametrize("table", sorted(EXPECTED_ROWS))
def test_each_table_has_every_row_the_source_lists(table):
    assert len(oc.entries(table)) == EXPECTED_ROWS[table] == oc.TABLES[table].size


@pytest.mark.parametrize("table", sorted(EXPECTED_ROWS))
def test_rows_are_numbered_contiguously_as_tens_and_units_of_the_tables_dice(table):
    t = oc.TABLES[table]
    rolls = [row.roll for row in oc.entries(table)]
    expected = [10 * a + b for a in range(1, t.tens_die + 1) for b in range(1, 7)]
    assert rolls == expected
    assert t.units_die == 6 and t.die in ("d36", "d66")


def test_row_ids_are_unique_across_all_tables_and_name_table_and_roll():
    ids = [row.id for row in (*oc.FLAIRS, *oc.CHANGES)] + [b.id for b in oc.BURSTS.values()]
    assert len(ids) == len(set(ids))
    for flair in oc.FLAIRS:
        assert flair.id == f"{flair.table.removesuffix('s')}-{flair.roll}", flair.id


def test_named_changes_link_as_change_and_their_name_unnamed_ones_by_stat_and_roll():
    for change in oc.CHANGES:
        if change.name is None:
            stat = oc.TABLES[change.table].stat
            assert change.id == f"{stat}-change-{change.roll}", change.id
        else:
            slug = re.sub(r"[^a-z0-9]+", "-", change.name.replace("’", "").lower()).strip("-")
            assert change.id == f"change-{slug}", change.id


def test_every_row_every_burst_and_every_rule_cites_a_source_section():
    records = (*oc.STAGES, *oc.TABLES.values(), *oc.FLAIRS, *oc.CHANGES, *oc.BURSTS.values(),
               *oc.OVERCHARGE_RULES.values())
    for record in records:
        assert record.source.file == "002_f32d69e9731a3667.txt", record.id
        assert record.source.section.strip(), record.id


def test_only_the_lost_fury_row_has_no_effect():
    lost = [c.id for c in oc.CHANGES if c.effect is None]
    assert lost == ["fury-change-64"]
    assert all(c.name is None for c in oc.CHANGES if c.effect is None)


def test_untitled_changes_number_fourteen_heart_nine_fury_and_ten_judgment():
    untitled = {stat: sum(1 for c in oc.CHANGES if c.name is None and c.effect is not None
                          and oc.TABLES[c.table].stat == stat) for stat in oc.STATS}
    assert untitled == {"heart": 14, "fury": 9, "judgment": 10}


def test_stages_cover_every_counter_from_zero_without_gaps_or_overlaps():
    stages = sorted(oc.STAGES, key=lambda s: s.first)
    assert stages[0].first == 0 and stages[-1].last is None
    for before, after in zip(stages, stages[1:]):
        assert before.last is not None and after.first == before.last + 1, after.id


def test_every_stage_that_calls_for_a_table_finds_one_for_every_stat():
    for stage in oc.STAGES:
        for stat in oc.STATS:
            target = oc.table_id(stat, stage)
            if stage.table == "none":
                assert target is None
            elif stage.table == "burst":
                assert target == f"{stat}-burst"
            else:
                assert oc.TABLES[target].kind == stage.table


def test_the_fury_burst_lists_three_ways_to_spend_and_the_others_none():
    counts = {stat: len(b.attack_options) for stat, b in oc.BURSTS.items()}
    assert counts == {"heart": 0, "fury": 3, "judgment": 0}


def test_talent_rules_name_talents_that_exist_in_the_talent_data():
    talents = {t["id"]: t for t in json.loads(
        DATA.joinpath("talents.json").read_text(encoding="utf-8"))["records"]}
    for rule in oc.OVERCHARGE_RULES.values():
        if rule.talent is not None:
            assert rule.talent in talents, rule.id
            assert talents[rule.talent].get("uses") == rule.limit, rule.id


def test_interpretation_notes_load_and_do_not_clash_with_other_magical_burst_notes():
    notes = {n.id for n in load_interpretations("calculators.magical_burst")}
    for expected in ("overcharge-table-dice", "fury-change-row-lost", "untitled-changes",
                     "stage-calls-for-an-effect", "tracker-one-action", "tracker-add-then-apply",
                     "tracker-counters-are-the-state", "tracker-check-dice-order"):
        assert expected in notes


def _blocks(lines: list[str]) -> list[tuple[int, str]]:
    """Non-blank lines with the number of blank lines before each."""
    out, gap = [], 0
    for line in lines:
        if line.strip():
            out.append((gap, line.strip()))
            gap = 0
        else:
            gap += 1
    return out


def _seed_section(text: str, start: str, end: str) -> list[str]:
    begin = text.index(start)
    return text[begin:text.index(end, begin)].split("\n")[1:]


def test_flair_counts_match_the_seed_text():
    text = seed_text(MAGICAL_BURST)
    sections = {"heart": ("Heart Flairs are", "Heart Changes usually"),
                "fury": ("Fury Flairs take", "Fury Changes are"),
                "judgment": ("Judgment Flairs usually", "Judgment Changes are")}
    for stat, (start, end) in sections.items():
        rows = _blocks(_seed_section(text, start, end))
        # The minor and major tables are each introduced by a lost header (a run of 4+ blanks).
        starts = [i for i, (gap, _) in enumerate(rows) if gap >= 4]
        assert len(starts) == 2, stat
        minor, major = rows[starts[0]:starts[1]], rows[starts[1]:]
        assert len(minor) == len(oc.entries(f"{stat}-minor-flairs")), stat
        assert len(major) == len(oc.entries(f"{stat}-major-flairs")), stat


def test_change_names_and_row_count_match_the_seed_text():
    text = seed_text(MAGICAL_BURST)
    sections = {"heart": ("Heart Changes usually", "Heart Burst:"),
                "fury": ("Fury Changes are", "Fury Burst:"),
                "judgment": ("Judgment Changes are", "Judgment Burst:")}
    for stat, (start, end) in sections.items():
        rows = _blocks(_seed_section(text, start, end))
        seed_names, count, i = [], 0, 0
        while i < len(rows):
            named = i + 1 < len(rows) and rows[i + 1][0] == 1
            if rows[i][0] == 5 and i:  # a whole row lost: five blanks instead of two
                count += 1
            seed_names.append(rows[i][1] if named else None)
            count += 1
            i += 2 if named else 1
        ours = oc.entries(f"{stat}-changes")
        assert count == len(ours), stat
        assert [n for n in seed_names if n] == [c.name for c in ours if c.name], stat
