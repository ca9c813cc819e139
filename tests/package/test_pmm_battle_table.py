"""The post-magic-maid tracker's buttons, read from the answer's HTML as the site script reads
them: a treatment takes the helper tapped, the helper's picker marks the pair she will roll
(what the log then names), and the helper is not offered as the attack's target (the engine
refuses her there)."""

from __future__ import annotations

import json

from calculators.post_magic_maid.fight.calculator import PMM_BATTLE

from pmm_battles import quick, seed_where, state, lines
from test_wr_battle_table import buttons

CAST = [quick("ann", "heroes"), quick("bea", "heroes"), quick("bob")]


def answer_html(events: list, **act) -> str:
    return str(PMM_BATTLE.render(PMM_BATTLE.run({"combatants": CAST, "events": events,
                                                 **act})))


def ann_first_bob_hurt() -> list[dict]:
    start = seed_where(CAST, [], {"type": "start"},
                       lambda st: st["turn"] == "ann" and not st["pending"])
    return [start, {"type": "gm-set", "combatant": "bob", "field": "rending_moderate",
                    "value": 1, "seed": 1}]


def test_the_helper_tapped_assists_the_treatment_with_int_and_dex():
    events = ann_first_bob_hurt()
    tap = next(does["set"] for group, label, does in buttons(answer_html(events))
               if label == "Assisted by Bea")
    assert tap["act_helper"] == "bea"
    treat = next(does["append"]["events"] for group, label, does in
                 buttons(answer_html(events, **tap)) if group == "Treat a wound")
    event = {**json.loads(treat), "seed": 5}
    assert (event["helper"], event["helper_check"]) == ("bea", "int-dex")
    st = state(CAST, [*events, event])
    assert any(l["text"].startswith("Bea assists") for l in lines(st, len(events)))


def test_the_helper_tapped_is_not_offered_as_the_attacks_target():
    events = ann_first_bob_hurt()
    picked = {"act_attrs": "str-dex"}
    groups = {group for group, _, _ in buttons(answer_html(events, **picked))}
    assert {"Attack Bea", "Attack Bob"} <= groups
    helped = {group for group, _, _ in buttons(answer_html(events, act_helper="bea", **picked))}
    assert "Attack Bob" in helped and "Attack Bea" not in helped


def test_no_one_is_offered_both_as_her_helper_and_as_her_opponent():
    """Seed 003, "Assists" and "Contested actions": a helper adds to her roll, an opponent
    rolls against it; the one tapped for one side is not offered for the other, and a Roll
    the answer offers is accepted even from an address naming one person on both sides."""
    events = ann_first_bob_hurt()
    labels = {label for _, label, _ in buttons(answer_html(events, act_attrs="str-dex"))}
    assert {"Assisted by Bea", "Contested by Bea"} <= labels
    helped = {label for _, label, _ in buttons(answer_html(events, act_attrs="str-dex",
                                                             act_helper="bea"))}
    assert "Assisted by Bea ✓" in helped and "Contested by Bea" not in helped
    opposed = {label for _, label, _ in buttons(answer_html(events, act_attrs="str-dex",
                                                              act_against="bea"))}
    assert "Contested by Bea ✓" in opposed and "Assisted by Bea" not in opposed
    both = answer_html(events, act_attrs="str-dex", act_helper="bea", act_against="bea")
    roll = next(does["append"]["events"] for group, label, does in buttons(both)
                if group == "Roll")
    st = state(CAST, [*events, {**json.loads(roll), "seed": 5}])
    assert any(l["text"].startswith("Bea assists") for l in lines(st, len(events)))


def _marked(html: str, who: str) -> str:
    """The pair marked (✓) on ``who``'s attribute picker, as a log line names it."""
    return " & ".join(label.split()[0] for group, label, _ in buttons(html)
                      if group == f"{who}'s attributes" and label.endswith("✓"))


def _helper_rolls(events: list, html: str, group: str) -> str:
    """The pair the log says Bea assists on, after the first button of ``group`` is pressed."""
    pressed = next(does["append"]["events"] for g, _, does in buttons(html) if g == group)
    st = state(CAST, [*events, {**json.loads(pressed), "seed": 5}])
    line = next(l["text"] for l in lines(st, len(events)) if l["text"].startswith("Bea assists"))
    return line.split(": ")[1]


def test_the_helpers_picker_marks_int_and_dex_when_a_treatment_is_what_she_rolls():
    """No pair tapped for the action: only a treatment can be rolled, and its helper rolls
    Int & Dex (the healing roll); her picker marks that pair, not the actor's (none)."""
    events = ann_first_bob_hurt()
    html = answer_html(events, act_helper="bea")
    assert _marked(html, "Bea") == "Int & Dex"
    assert _helper_rolls(events, html, "Treat a wound") == "Int & Dex"


def test_the_helpers_picker_marks_the_actions_pair_once_an_action_is_ready():
    """Str & Dex tapped for Ann: the Roll rolls Str & Dex for Bea too, as her picker marks; a
    treatment still has her roll Int & Dex, and its group says so."""
    events = ann_first_bob_hurt()
    html = answer_html(events, act_helper="bea", act_attrs="str-dex")
    assert _marked(html, "Bea") == "Str & Dex"
    assert _helper_rolls(events, html, "Roll") == "Str & Dex"
    assert "Bea helps on Int &amp; Dex:" in html
    assert _helper_rolls(events, html, "Treat a wound") == "Int & Dex"


def test_a_pair_tapped_for_the_helper_is_marked_and_rolled_on_either():
    events = ann_first_bob_hurt()
    html = answer_html(events, act_helper="bea", act_attrs="str-dex", act_helper_attrs="int-lck")
    assert _marked(html, "Bea") == "Int & Lck"
    assert "Bea helps on Int &amp; Lck:" in html
    assert _helper_rolls(events, html, "Roll") == "Int & Lck"
    assert _helper_rolls(events, html, "Treat a wound") == "Int & Lck"
