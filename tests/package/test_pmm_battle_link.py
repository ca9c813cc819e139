"""A combatant from a character's share link (issue 27): the character builder's "Copy a
link" gives its page's address with her inputs as ``?pmm-character.<input>=value`` wherever
they differ from the page's own (the example, Aoi: see ``docs/assets/js/calc/url-state.js``).
Her numbers are worked out here by hand from the rule text (seed 003, “Character creation”:
the six starting dice, +1 three times; “Abilities”: a single-ability bonus is +5), not read
from the builder."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from calculators import CalculatorError
from calculators.post_magic_maid.character import PMM_CHARACTER
from calculators.post_magic_maid.fight.calculator import PMM_BATTLE

from pmm_battles import quick, state, who

BUILDER = "https://example.org/post-magic-maid/character/"
#: Mei as her share link holds her, over the page's Aoi: Dex on the d20 and Lck on a d8, +1
#: on Dex, Int and Int again, no level-ups (so no specializations or advances), one ability
#: (Nursing, a single-ability +5), none of Aoi's others; two Blitz Points, a heavy blunt
#: wound; her name "Mei Ōta" escaped as a browser writes it.
MEI = (BUILDER + "?pmm-character.name=Mei+%C5%8Cta&pmm-character.level_ups=0"
       "&pmm-character.die_dex=d20&pmm-character.die_lck=d8"
       "&pmm-character.plus_1=dex&pmm-character.plus_2=int&pmm-character.plus_3=int"
       "&pmm-character.ab1_name=Nursing&pmm-character.ab1_single=0"
       "&pmm-character.ab2_kind=&pmm-character.ab3_kind=&pmm-character.spec_dex=0"
       "&pmm-character.adv_str=0&pmm-character.blunt_slight=0"
       "&pmm-character.blitz=2&pmm-character.blunt_heavy=1#character")


def linked(link: str) -> list[dict]:
    return [{"id": "mei", "side": "heroes", "kind": "link", "link": link}, quick("bob")]


def test_a_share_link_brings_her_dice_bonuses_ability_blitz_and_wounds():
    mei = who(state(linked(MEI), []), "mei")
    assert mei["name"] == "Mei Ōta"
    assert mei["dice"] == {"int": "d12", "str": "d6", "dex": "d20", "cha": "d8", "wll": "d6",
                           "lck": "d8"}
    assert mei["bonuses"] == {"int": 2, "str": 0, "dex": 1, "cha": 0, "wll": 0, "lck": 0}
    assert mei["abilities"] == [{"id": "ab1", "name": "Nursing", "bonus": 5}]
    assert mei["blitz"] == 2 and mei["blunt_heavy"] == 1 and mei["blunt_slight"] == 0
    assert mei["sheet"]["blunt_heavy"] == 1  # what goes back to her builder after the battle


def test_a_link_without_her_inputs_is_the_pages_own_character():
    """Inputs the link leaves out are the builder page's own: a link changing only the name
    is Aoi's numbers under that name."""
    cs = [{"id": "x", "side": "heroes", "kind": "link",
           "link": BUILDER + "?pmm-character.name=Aya"}]
    aya = who(state(cs, []), "x")
    assert aya["name"] == "Aya"
    assert aya["dice"]["str"] == "d8"  # Aoi's Str d6 advanced once


def test_the_form_adds_a_pasted_link_as_her_character_file_resolved_then():
    """The battle keeps what the link meant when she was added: her character file, the link's
    inputs on top of the builder's own, so a later change of the builder's example (Aoi's
    numbers) changes no one in the battle."""
    [found] = PMM_BATTLE.run({"new_link": "  " + MEI + " "})["adding"]
    assert found["name"] == "Mei Ōta"
    entry = found["entry"]
    assert entry["kind"] == "character" and "link" not in entry
    assert entry["character"]["name"] == "Mei Ōta" and entry["character"]["level_ups"] == "0"
    assert set(PMM_CHARACTER.defaults()) <= set(entry["character"])  # every input, explicit
    kept = who(state([{**entry, "id": "mei", "side": "heroes"}, quick("bob")], []), "mei")
    assert kept == who(state(linked(MEI), []), "mei") | {"kind": "character"}


@pytest.mark.parametrize("link", [BUILDER, BUILDER + "index.html#pmm-character",
                                  "http://127.0.0.1:8000/site/post-magic-maid/character"])
def test_the_builders_bare_address_is_its_example_aoi(link):
    """The builder's link with nothing changed is its page's address alone: the page's Aoi.
    By hand from her sheet (seed 003): dice Int d12, Str d6, Dex d8, Cha d8, Wll d6, Lck d20,
    Str's die advanced once (d6 → d8, “Die advancement”); +1 on Int, Dex and Int again at
    creation, Dex's specialization advanced three times (+3, “Attribute specialization
    advancement”); Swordfighting a single-ability bonus at creation (+5) and a second one (+3),
    First aid and Tea ceremony a double-ability bonus (+2 each); three Blitz Points (“Each
    character begins with three”), one slight blunt wound."""
    aoi = who(state(linked(link), []), "mei")
    assert aoi["name"] == "Aoi"
    assert aoi["dice"] == {"int": "d12", "str": "d8", "dex": "d8", "cha": "d8", "wll": "d6",
                           "lck": "d20"}
    assert aoi["bonuses"] == {"int": 2, "str": 0, "dex": 1 + 3, "cha": 0, "wll": 0, "lck": 0}
    assert [(a["name"], a["bonus"]) for a in aoi["abilities"]] == [
        ("Swordfighting", 5 + 3), ("First aid", 2), ("Tea ceremony", 2)]
    assert aoi["blitz"] == 3 and aoi["blunt_slight"] == 1
    [found] = PMM_BATTLE.run({"new_link": link})["adding"]
    assert found["name"] == "Aoi"


#: What the tracker's form says under each link it refuses: a sentence saying what is wrong.
REFUSALS = [
    ("not a link",
     "That is not a link to the post-magic-maid character builder: paste the address its "
     "“Copy a link” gives."),
    ("https://example.org/post-magic-maid/checks/",
     "That is not a link to the post-magic-maid character builder: paste the address its "
     "“Copy a link” gives."),
    ("https://example.org/post-magic-maid/character/extra/",
     "That is not a link to the post-magic-maid character builder: paste the address its "
     "“Copy a link” gives."),
    ("https://example.org/western-roses/character/?wr-character.name=Sanae",
     "That link is from the Western Roses character builder, not the post-magic-maid "
     "character builder."),
    ("https://example.org/magical-burst/girl/?mb-character.name=Yui",
     "That link is from the Magical Burst character builder, not the post-magic-maid "
     "character builder."),
    ("https://example.org/western-roses/basic-rolls/?wr-check.dice=4",
     "That link is from the “Check odds” calculator (wr-check), not the post-magic-maid "
     "character builder."),
    (BUILDER + "?teapot.spout=1",
     "That link holds the inputs of “teapot”, which is not a calculator of this site: paste "
     "the link “Copy a link” gives on the post-magic-maid character builder."),
    (BUILDER + "?pmm-character.tea=1",
     "That link carries “tea”, which the post-magic-maid character builder has no input for: "
     "copy her link again from the builder."),
    (BUILDER + "?pmm-character.die_dex=d99",
     "Dex die at creation must be one of: d6, d8, d12, d20. Put it right on her sheet in the "
     "character builder, then copy her link again."),
]


@pytest.mark.parametrize("link, message", REFUSALS)
def test_garbage_and_another_calculators_link_are_refused_on_the_link(link, message):
    with pytest.raises(CalculatorError) as exc:
        PMM_BATTLE.run({"new_link": link})
    assert exc.value.as_json()["errors"] == [{"field": "new_link", "message": message}]
    with pytest.raises(CalculatorError) as exc:
        state(linked(link), [])
    assert exc.value.as_json()["errors"][0]["field"].startswith("combatants[0].link")


@pytest.mark.parametrize("edit, field", [
    ("&pmm-character.die_dex=d99", "die_dex"),  # no such die
    ("&pmm-character.plus_3=str", "plus_3"),  # the third +1 on a d6
    ("&pmm-character.blitz=-4", "blitz"),
    ("&pmm-character.tea=1", ""),  # not an input of the builder
])
def test_a_hand_edited_link_is_refused_with_the_builders_own_field(edit, field):
    with pytest.raises(CalculatorError) as exc:
        state(linked(MEI.replace("#character", edit)), [])
    assert exc.value.as_json()["errors"][0]["field"] == "combatants[0].link" + \
        (f".{field}" if field else "")
    with pytest.raises(CalculatorError) as exc:
        PMM_BATTLE.run({"new_link": MEI.replace("#character", edit)})
    error = exc.value.as_json()["errors"][0]
    assert error["field"] == "new_link" and not error["message"].startswith("link")


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.text(), st.text().map(lambda s: BUILDER + "?pmm-character." + s),
                 st.lists(st.tuples(st.sampled_from(["name", "die_dex", "plus_3", "blitz",
                                                     "ab1_kind", "x", ""]), st.text()))
                 .map(lambda kv: BUILDER + "?" + "&".join(f"pmm-character.{k}={v}"
                                                          for k, v in kv))))
def test_any_text_pasted_adds_a_combatant_or_gives_field_errors(text):
    try:
        answer = PMM_BATTLE.run({"new_link": text})
    except CalculatorError as exc:
        assert all(e["field"] == "new_link" for e in exc.as_json()["errors"])
        return
    for found in answer["adding"]:
        c = who(state([{**found["entry"], "side": "heroes"}], []), found["entry"]["id"])
        assert set(c["dice"]) == {"int", "str", "dex", "cha", "wll", "lck"}
