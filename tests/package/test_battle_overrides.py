"""The game master's overrides (shared by the three trackers) speak of each combatant as her
system does: on a Magical Burst monster the log says "its turns" and the refusals name it,
where on a girl they say "her"; a status given or taken reads as English whatever its name
("Marisa now has the Fear status", never "Marisa is now fear"). The quick entry they share
adds several alike in one step, each her own id and name."""

from __future__ import annotations

import pytest

from calculators import CalculatorError, get
from calculators.magical_burst.rules import AILMENTS

from mb_battles import START, girl, gm_set, gm_status, monster, refused, state

CAST = [girl("aoi"), monster("ogre")]
AILMENT = next(iter(AILMENTS))


@pytest.mark.parametrize("cid, name", [("ogre", "Ogre"), ("aoi", "Aoi")])
def test_a_status_for_some_turns_counts_the_combatants_own_turns(cid, name):
    st = state(CAST, [START, {**gm_status(cid, AILMENT.id), "rounds": 2}])
    own = "its" if cid == "ogre" else "her"
    assert st["log"][-1]["text"] == f"{name} now has the {AILMENT.name} status for 2 of {own} " \
                                    "turns."


@pytest.mark.parametrize("ailment", AILMENTS, ids=lambda a: a.id)
def test_a_status_given_and_taken_reads_as_english(ailment):
    events = [START, gm_status("aoi", ailment.id)]
    assert state(CAST, events)["log"][-1]["text"] == f"Aoi now has the {ailment.name} status."
    st = state(CAST, [*events, gm_status("aoi", ailment.id, "remove")])
    assert st["log"][-1]["text"] == f"Aoi no longer has the {ailment.name} status."


def test_the_refusals_name_the_monster_not_her():
    [error] = refused(CAST, [START], gm_status("ogre", AILMENT.id, "remove"))
    assert error["message"] == f"Ogre does not have the {AILMENT.name} status."
    [error] = refused(CAST, [START], gm_set("ogre", "major", 9))
    assert error["message"].endswith("for Ogre; got 9.") and " her" not in error["message"]


@pytest.mark.parametrize("tracker", ["wr-battle", "mb-battle", "pmm-battle"])
def test_a_quick_entry_of_three_gives_three_numbered_after_the_names_taken(tracker):
    battle = get(tracker)
    taken = {"id": "imp-1", "side": "foes", "name": "Imp 1",
             **({"kind": "human"} if tracker == "mb-battle" else {})}
    adding = battle.run({"combatants": [taken], "new_name": " Imp ", "new_count": 3})["adding"]
    assert [a["name"] for a in adding] == ["Imp 2", "Imp 3", "Imp 4"]
    assert [a["entry"]["id"] for a in adding] == ["imp-2", "imp-3", "imp-4"]
    assert [a["name"] for a in battle.run({"new_name": "Imp"})["adding"]] == ["Imp"]


def test_copies_that_would_pass_the_battles_most_combatants_are_refused_on_the_count():
    """Every tracker's battle takes at most 20 combatants: 15 and 5 copies fit, a sixth
    does not, and the add button is not offered."""
    foes = [{"id": f"f{i}", "side": "foes", "name": f"Foe {i}"} for i in range(15)]
    battle = get("wr-battle")
    assert len(battle.run({"combatants": foes, "new_name": "Imp", "new_count": 5})["adding"]) \
        == 5
    with pytest.raises(CalculatorError) as refusal:
        battle.run({"combatants": foes, "new_name": "Imp", "new_count": 6})
    [error] = refusal.value.errors
    assert error.field == "new_count" and "at most 20" in error.message


@pytest.mark.parametrize("count", ["0", "11", "two"])
def test_a_count_out_of_range_is_refused_on_its_field(count):
    with pytest.raises(CalculatorError) as refusal:
        get("wr-battle").run({"new_name": "Imp", "new_count": count})
    assert [e.field for e in refusal.value.errors] == ["new_count"]
