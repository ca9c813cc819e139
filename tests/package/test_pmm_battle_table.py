"""The post-magic-maid tracker's buttons, read from the answer's HTML as the site script reads
them: a treatment takes the helper tapped, and the helper is not offered as the attack's
target (the engine refuses her there)."""

from __future__ import annotations

import json

from calculators.post_magic_maid.battle import PMM_BATTLE

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
