"""Four monster talents the battle plays (seed 002, "Talents:"): Ambush Tactics, Mind Leech,
Overcharge Radiation and the possession whose name is lost. Every number is worked by hand
from the rule text and from the dice of the event's seed, drawn here the way the battle
engine documents its dice (``calculators/battle/dice.py``: ``random.Random(seed)``, one
``randint(1, 6)`` a die, in the order the rule rolls them; 2d6! rolls one more die for every
six), never read off the tracker's totals."""

from __future__ import annotations

import random

from mb_battles import (START, faces, girl, gm_set, human, lines, monster, refused, seed_where,
                        state, who)

BEAST = {"spread": 2, "level": "row-14", "attack": 4, "defence": 3, "support": 3}
AMBUSHER = monster("b", **BEAST, talents=["ambush-tactics"])


class Dice:
    """An event's dice as the engine documents them: ``random.Random(seed)``, a d6 a draw."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def d6(self) -> int:
        return self.rng.randint(1, 6)

    def exploding(self) -> list[int]:
        """2d6!: two dice, then one more die for every six, until no six comes."""
        faces = [self.d6(), self.d6()]
        more = faces.count(6)
        while more:
            extra = [self.d6() for _ in range(more)]
            faces += extra
            more = extra.count(6)
        return faces


def beats(a: list[int], a_stat: int, a_bonus: int, d: list[int], d_stat: int,
          d_bonus: int = 0) -> bool:
    """"Life and death": the higher total wins; a tie to more sixes, then the higher stat;
    a full tie goes to the defender."""
    return (sum(a) + a_stat + a_bonus, a.count(6), a_stat) > \
        (sum(d) + d_stat + d_bonus, d.count(6), d_stat)


def order(*ids: str) -> dict:
    return {"type": "gm-order", "order": list(ids)}


def opening(combatants: list, *ids: str) -> list[dict]:
    """Start with ``ids[0]``'s turn first (a start seed whose initiative puts it first), then
    the rest in the order given (the game master's reorder keeps whose turn it is)."""
    start = seed_where(combatants, [], {"type": "start"},
                       lambda st: st["turn"] == ids[0] and st["order"].count(ids[0]) == 1)
    return [start, order(*ids)]


def attack(target: str, seed: int) -> dict:
    return {"type": "attack", "target": target, "range": "melee", "seed": seed}


# --- Ambush Tactics ----------------------------------------------------------------------------

def test_an_ambusher_takes_a_turn_before_the_first_round():
    cs = [girl("ann", judgment=6), girl("bea"), AMBUSHER]
    st = state(cs, [START])
    assert st["round"] == 0 and st["turn"] == "b"
    assert (who(st, "b")["major"], who(st, "b")["minor"]) == (1, 1)  # a whole turn
    assert {"type": "end-ambush", "by": "b"} in st["legal"]


def test_an_attack_on_the_ambush_turn_gets_3_on_its_result_and_1d6_on_its_damage():
    """B (Attack 4) attacks Ann (Defence 3: her Heart) from ambush: 2d6! + 4 + 3 against
    2d6! + 3; a hit deals 1d6 + 2 (melee) ± 2 a six + 1d6 (the ambush), off her 18 Resolve."""
    cs = [girl("ann"), AMBUSHER]
    won_by_the_bonus = 0
    for seed in range(1, 41):
        st = state(cs, [START, attack("ann", seed)])
        dice = Dice(seed)
        a, d = dice.exploding(), dice.exploding()
        hit = beats(a, 4, 3, d, 3)
        won_by_the_bonus += hit and not beats(a, 4, 0, d, 3)
        damage = max(0, dice.d6() + 2 + 2 * (a.count(6) - d.count(6)) + dice.d6()) if hit else 0
        assert who(st, "ann")["resolve"] == max(0, 18 - damage), seed
        assert f"+ Attack 4 +3 ambush = {sum(a) + 7} against" in " ".join(lines(st, 1))
    assert won_by_the_bonus  # some of these hits only the +3 made


def test_the_ambush_bonus_is_gone_in_the_first_round():
    cs = [girl("ann"), AMBUSHER]
    events = [START, {"type": "end-ambush", "first": True, "seed": 1}]
    st = state(cs, [*events, attack("ann", 7)])
    assert st["round"] == 1
    a = faces(st, "B's attack", since=2)
    assert f"+ Attack 4 = {sum(a) + 4} against" in " ".join(lines(st, 2))
    assert faces(st, "ambush damage") == []


def test_the_ambusher_chooses_whether_to_go_first_when_round_1_begins():
    cs = [girl("ann"), girl("bea"), AMBUSHER]
    initiative = state(cs, [START])["order"]
    rest = [cid for cid in initiative if cid != "b"]
    first = state(cs, [START, {"type": "end-ambush", "first": True, "seed": 1}])
    assert first["round"] == 1 and first["order"] == ["b", *rest] and first["turn"] == "b"
    kept = state(cs, [START, {"type": "end-ambush", "first": False, "seed": 1}])
    assert kept["order"] == initiative and kept["turn"] == initiative[0]
    assert kept["round"] == 1
    # ending the turn as any turn ends keeps its place too
    assert state(cs, [START, {"type": "end-turn", "seed": 1}])["order"] == initiative


def test_ending_an_ambush_is_refused_when_no_one_lies_in_ambush_and_the_gm_can_reorder():
    cs = [girl("ann"), AMBUSHER]
    events = [START, {"type": "end-ambush", "first": True, "seed": 1}]
    assert refused(cs, events, {"type": "end-ambush", "seed": 1})[0]["field"] == "event"
    plain = [girl("ann"), monster("b", **BEAST)]
    assert refused(plain, [START], {"type": "end-ambush", "seed": 1})[0]["field"] == "event"
    st = state(cs, [*events, order("ann", "b")])  # the game master's override
    assert st["order"] == ["ann", "b"] and st["turn"] == "b"


# --- Mind Leech ----------------------------------------------------------------------------------

LEECH = monster("b", **BEAST, talents=["mind-leech"])
BONDED = girl("ann", bond_1_name="Her brother Ren", bond_1=3, bond_2_name="The poetry club",
              bond_2=2)


def leech(seed: int, bond: int = 1, belief: str = "Ren stole from Grandmother") -> dict:
    return {"type": "mind-leech", "target": "ann", "bond": bond, "belief": belief,
            "seed": seed}


def test_mind_leech_is_support_against_support_and_a_win_leaves_a_false_belief():
    """2d6! + its Support 3 against 2d6! + her Support 3 (Judgment); it wins on the higher
    total, a tie to more sixes; a full tie goes to her."""
    cs = [BONDED, LEECH]
    events = opening(cs, "b", "ann")
    wins = 0
    for seed in range(1, 25):
        st = state(cs, [*events, leech(seed)])
        dice = Dice(seed)
        mine, hers = dice.exploding(), dice.exploding()
        won = beats(mine, 3, 0, hers, 3)
        wins += won
        expected = [{"bond": 1, "about": "Her brother Ren",
                     "belief": "Ren stole from Grandmother"}] if won else []
        assert who(st, "ann")["beliefs"] == expected, seed
        assert who(st, "b")["major"] == 0  # its Major action
    assert 0 < wins < 24


def test_a_false_belief_lasts_until_the_game_master_lifts_it():
    cs = [BONDED, LEECH]
    events = opening(cs, "b", "ann")
    seed = next(s for s in range(1, 50)
                if beats((d := Dice(s)).exploding(), 3, 0, d.exploding(), 3))
    held = [*events, leech(seed, bond=2, belief=""), {"type": "end-turn", "seed": 1},
            {"type": "end-turn", "seed": 1}, {"type": "end-battle"}]
    st = state(cs, held)
    assert who(st, "ann")["beliefs"] == [{"bond": 2, "about": "The poetry club",
                                          "belief": "named by the game master with her player"}]
    assert "beliefs" not in who(st, "ann")["sheet"]  # the sheet has no place for it
    st = state(cs, [*held, {"type": "lift-belief", "combatant": "ann"}])
    assert who(st, "ann")["beliefs"] == []
    assert refused(cs, [*held, {"type": "lift-belief", "combatant": "ann"}],
                   {"type": "lift-belief", "combatant": "ann"})[0]["field"] == "event.combatant"


def test_mind_leech_needs_the_talent_a_girl_and_one_of_her_named_bonds():
    cs = [BONDED, human("ren"), LEECH]
    events = opening(cs, "b", "ann", "ren")
    assert refused(cs, events, {**leech(1), "target": "ren"})[0]["field"] == "event.target"
    assert refused(cs, events, leech(1, bond=3))[0]["field"] == "event.bond"
    plain = [BONDED, monster("b", **BEAST)]
    assert refused(plain, opening(plain, "b", "ann"), leech(1))[0]["field"] == "event"
    spent = [*events, attack("ann", 1)]
    assert refused(cs, spent, leech(1))[0]["field"] == "event"  # no Major action left


# --- Overcharge Radiation ------------------------------------------------------------------------

def radiant(**stats) -> dict:
    return monster("b", **{**BEAST, **stats}, talents=["overcharge-radiation"])


def test_radiation_at_the_end_gives_each_girl_1d6_on_the_monsters_highest_attribute():
    """Attack 5 is its highest: each girl takes 1d6 on the stat behind her Attack, Fury by
    default; one die each, Ann's first (the order of the battle file)."""
    cs = [girl("ann", overcharge_fury=2), girl("bea"), radiant(attack=5, support=2)]
    for seed in (1, 2, 3):
        st = state(cs, [START, {"type": "end-battle", "seed": seed}])
        dice = Dice(seed)
        ann, bea = dice.d6(), dice.d6()
        assert who(st, "ann")["sheet"]["overcharge_fury"] == 2 + ann
        assert who(st, "bea")["sheet"]["overcharge_fury"] == bea
        assert who(st, "ann")["sheet"]["overcharge_heart"] == 0


def test_radiation_on_support_goes_to_judgment_and_only_to_the_girls_named_near():
    cs = [girl("ann"), girl("bea"), radiant(attack=1, defence=1, support=6)]
    st = state(cs, [START, {"type": "end-battle", "near": ["bea"], "seed": 4}])
    assert who(st, "bea")["sheet"]["overcharge_judgment"] == Dice(4).d6()
    assert who(st, "ann")["sheet"]["overcharge_judgment"] == 0


def test_radiation_needs_a_seed_and_girls_near_it():
    cs = [girl("ann"), human("ren"), radiant()]
    assert refused(cs, [START], {"type": "end-battle"})[0]["field"] == "event.seed"
    assert refused(cs, [START], {"type": "end-battle", "near": ["ren"], "seed": 1})[0][
        "field"] == "event.near"
    plain = [girl("ann"), monster("b", **BEAST)]
    assert state(plain, [START, {"type": "end-battle"}])["phase"] == "ended"
    assert refused(plain, [START], {"type": "end-battle", "near": ["ann"], "seed": 1})[0][
        "field"] == "event.near"


def test_the_game_master_can_set_the_counter_radiation_left():
    cs = [girl("ann"), radiant(attack=5)]
    st = state(cs, [START, {"type": "end-battle", "seed": 1}, gm_set("ann", "overcharge_fury", 0)])
    assert who(st, "ann")["sheet"]["overcharge_fury"] == 0


# --- the possession whose name is lost ---------------------------------------------------------

POSSESSOR = monster("b", **BEAST, talents=["lost-possession"])


def possessing(cs: list, *ids: str) -> list[dict]:
    return [*opening(cs, "b", *ids), {"type": "possess", "host": "ren"}]


def test_possessing_a_human_is_its_minor_action():
    cs = [girl("ann"), human("ren"), POSSESSOR]
    st = state(cs, possessing(cs, "ann", "ren"))
    assert who(st, "b")["possessing"] == "ren"
    assert (who(st, "b")["major"], who(st, "b")["minor"]) == (1, 0)
    st = state(cs, [*possessing(cs, "ann", "ren"), {"type": "possess", "host": ""}])
    assert who(st, "b")["possessing"] is None and who(st, "b")["major"] == 0


def test_a_possessing_monster_rolls_3_lower_and_deals_3_less():
    """Attack 4 − 3 against her 2d6! + 3; a hit deals 1d6 + 2 ± 2 a six − 3, at least 0."""
    cs = [girl("ann"), human("ren"), POSSESSOR]
    events = possessing(cs, "ann", "ren")
    for seed in range(1, 30):
        st = state(cs, [*events, attack("ann", seed)])
        dice = Dice(seed)
        a, d = dice.exploding(), dice.exploding()
        hit = beats(a, 4, -3, d, 3)
        damage = max(0, dice.d6() + 2 + 2 * (a.count(6) - d.count(6)) - 3) if hit else 0
        assert who(st, "ann")["resolve"] == max(0, 18 - damage), seed


def test_a_hit_on_a_possessing_monster_deals_1d6_more_and_its_host_takes_it_too():
    """Ann (Attack 6: Fury) hits B, whose Defence is 3 − 3: 1d6 + 2 ± 2 a six + 1d6; Ren, its
    host, takes the same damage as wounds (a human, Life and death)."""
    cs = [girl("ann", fury=6), human("ren"), POSSESSOR]
    events = [*possessing(cs, "ann", "ren"), {"type": "end-turn", "seed": 1}]
    hits = 0
    for seed in range(1, 30):
        st = state(cs, [*events, attack("b", seed)])
        dice = Dice(seed)
        a, d = dice.exploding(), dice.exploding()
        hit = beats(a, 6, 0, d, 3, -3)
        hits += hit
        damage = max(0, dice.d6() + 2 + 2 * (a.count(6) - d.count(6)) + dice.d6()) if hit else 0
        assert who(st, "b")["resolve"] == 28 - damage, seed
        assert who(st, "ren")["damage"] == damage, seed
        assert (who(st, "ren")["condition"] == "dead") == (damage >= 6)
    assert hits


def test_possession_is_refused_without_the_talent_a_living_human_or_a_host_to_leave():
    cs = [girl("ann"), human("ren"), POSSESSOR]
    events = opening(cs, "b", "ann", "ren")
    assert refused(cs, events, {"type": "possess", "host": "ann"})[0]["field"] == "event.host"
    assert refused(cs, events, {"type": "possess", "host": ""})[0]["field"] == "event.host"
    assert refused(cs, events, {"type": "possess", "host": "x"})[0]["field"] == "event.host"
    plain = [girl("ann"), human("ren"), monster("b", **BEAST)]
    assert refused(plain, events, {"type": "possess", "host": "ren"})[0]["field"] == "event"
    dead = [*events, gm_set("ren", "damage", 6)]
    assert refused(cs, dead, {"type": "possess", "host": "ren"})[0]["field"] == "event.host"
