"""The game master's overrides (shared by the three trackers) speak of each combatant as her
system does: on a Magical Burst monster the log says "its turns" and the refusals name it,
where on a girl they say "her"."""

from __future__ import annotations

import pytest

from calculators.magical_burst.rules import AILMENTS

from mb_battles import START, girl, gm_set, gm_status, monster, refused, state

CAST = [girl("aoi"), monster("ogre")]
AILMENT = next(iter(AILMENTS))


@pytest.mark.parametrize("cid, words", [("ogre", "Ogre is now"), ("aoi", "is now")])
def test_a_status_for_some_turns_counts_the_combatants_own_turns(cid, words):
    st = state(CAST, [START, {**gm_status(cid, AILMENT.id), "rounds": 2}])
    line = st["log"][-1]["text"]
    own = "its" if cid == "ogre" else "her"
    assert words in line and line.endswith(f" for 2 of {own} turns.")


def test_the_refusals_name_the_monster_not_her():
    [error] = refused(CAST, [START], gm_status("ogre", AILMENT.id, "remove"))
    assert error["message"].startswith("Ogre is not ")
    [error] = refused(CAST, [START], gm_set("ogre", "major", 9))
    assert error["message"].endswith("for Ogre; got 9.") and " her" not in error["message"]
