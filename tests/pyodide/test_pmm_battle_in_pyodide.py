"""``pmm-battle`` inside Pyodide answers as CPython does: a long battle replayed
(``build_scripts.pmm_battle_sample``: initiative cards, Blitz draws, several actions, assists,
contests, wounds, treatments), one more event on it, an illegal event refused, a saved
character in a battle, one from her share link, and the table's views of it (a player's seat
with the next action's attributes and her helper's tapped, combatants to add). Every card
comes from ``random.Random(seed).shuffle`` and every die from its ``randint``, which must give
the same sequence on both, since a battle's log is replayed wherever it is opened."""

from __future__ import annotations

import pytest

from build_scripts.pmm_battle_sample import TABLE, sample_battle
from calculators.post_magic_maid.character import EXAMPLE
from test_in_pyodide import cpython_answer, plain_boot

pytestmark = pytest.mark.pyodide
#: A character's share link, her name escaped as a browser writes it (%XX bytes, + a space).
LINK = ("https://example.org/post-magic-maid/character/?pmm-character.name=Mei+%C5%8Cta"
        "&pmm-character.die_dex=d20&pmm-character.die_lck=d8")


def cases() -> list[dict]:
    battle = sample_battle(120)
    opened = {**battle, "events": battle["events"][:-1]}
    return [  # the third pushes on the state the second left (the worker keeps it)
        {"name": "pmm-battle", "params": battle},
        {"name": "pmm-battle", "params": opened},
        {"name": "pmm-battle", "params": {**opened, "event": battle["events"][-1]}},
        {"name": "pmm-battle", "params": {**battle, "event": {"type": "give-ace",
                                                              "target": "nobody"}}},
        {"name": "pmm-battle", "params": {**battle, "seat": "aoi", "act_attrs": "str-dex",
                                          "act_helper": "mei", "act_helper_attrs": "int-lck"}},
        {"name": "pmm-battle", "params": {"combatants": TABLE[:2], "new_character": EXAMPLE,
                                          "new_name": "Rat", "new_die_str": "d20"}},
        {"name": "pmm-battle", "params": {"combatants": [*TABLE[:2], {
            "id": "mei", "side": "heroes", "kind": "link", "link": LINK}], "new_link": LINK}},
    ]


def test_pyodide_replays_pmm_battles_exactly_as_cpython():
    the_cases, answers = plain_boot()["pmm-battle"]
    assert len(answers[0]["result"]["state"]["log"]) > 120
    assert "errors" in answers[3]["result"]
    for case, got in zip(the_cases, answers):
        expected = cpython_answer(case)
        assert got["result"] == expected["result"], case["params"].get("event")
        assert got["rendered"] == expected["rendered"]
