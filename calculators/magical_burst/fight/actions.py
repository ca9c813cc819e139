"""The Magical Burst battle events a table sends (seed 002, "Space and time", "Life and death",
"Help and hindrance", "Monsters", "Boss abilities", "Talents", "Minions", "Overcharge"): start,
attack (from a minion's place with Minion Explosion), removing ailments, rising again, using a
talent or ability, Minion Creation, Blood Rain or Deafening Scream, a minion's A Little Longer
or Hello There, a monster's rebirth in a minion, an overcharge effect, a burst (a Heart Burst's
creature joining), end of turn and end of battle (a monster's Overcharge Radiation rolled
then); moving is :mod:`.positions`'. Each declares its fields and checks its legality
against the state before anything changes; the talents :mod:`.talents` plays add their
steps to the attack and the end."""

from __future__ import annotations

import dataclasses

from ...battle.events import SEED, EventType, check_end_battle, check_start, refusal
from ...battle.overrides import check_combatant
from ...battle.state import ENDED, FIGHTING, SETUP, State
from ...errors import CalculatorError, FieldError
from ...params import BOOL, CHOICE, JSON, TEXT, Param
from ..adversaries import MONSTER_TALENTS_BY_ID
from ..attack import WEAPON_BONUS, hits
from .belkan import SPEND, bank_hit, check_spend, refuse_ranged, spend_bank
from .citations import cite
from .numbers import battle_rule
from .combatants import her, herself
from .hexes import (DIRECTIONS, LONG_RANGE, MELEE, apart, foes_on_line, foes_within,
                           hex_of, line, out_of_range, placed)
from .damage import DEFEATED, DESTROYED, DOWN, OUT, heal, take_damage
from .newcomers import (REBIRTH, REBIRTH_COST, creature, creature_joins, living_minions,
                            made_minion, make_minions, reborn, room, strongest_bond)
from ..monsters import BOSS_BY_ID, MAX_SPREAD
from .overcharge import apply_table_effect, burst, end_frenzy, gain
from .rolls import Roll, magical_now, roll, settle
from .talents import (attack_bonus, damage_changes, near_by_default, radiate, radiating,
                             share_with_host)
from .turns import next_turn, start_battle
from ..rules import AILMENTS, MOVES, check_value as value
from .overcharge import COUNTERS
from ..overcharge import BURST_AT, STAT_NAMES, STATS, calls_for
from ..talents import TALENTS_BY_ID

ACTOR = "the combatant whose turn it is, with the action it takes left"
MAJOR, MINOR, FREE = "major", "minor", "free"
CREATION = "minion-creation"
EXPLOSION = "minion-explosion"
DAMAGE_PER_SIX = value("damage-per-six")
MUNDANE_DAMAGE = value("mundane-attack-damage")
MAX_BOOSTS = value("boosts-per-scene")
AILMENT_NAMES = {a.id: a.name for a in AILMENTS}
#: Monster talents an attack may carry, and the status a hit leaves.
ATTACK_EFFECTS = {"binding-attack": "bound", "debilitating-attack": "stun"}
#: Boss abilities that challenge everyone in an area (Support vs. Support), and the status
#: each leaves on those who fail.
AREA_CHALLENGES = {"blood-rain": "bleed", "deafening-scream": "stun"}
#: Talents and abilities played as events of their own elsewhere (:mod:`.grid_talents`,
#: :mod:`.lines`), and those events.
OWN_EVENTS = {"gravity-wave": "gravity-wave", "curse-shift": "curse-shift", "mines": "lay-mine",
              "burst-attack": "line-attack", "blast-strike": "line-attack"}
#: The abilities whose area is a straight line (on the grid, chosen by a direction).
LINES = ("blood-rain", "burst-attack", "blast-strike")
#: Deafening Scream, whose area is the circle around the monster, and the circle's radius.
SCREAM, SCREAM_RADIUS = "deafening-scream", battle_rule("deafening-scream-radius")
#: The minion talents played as their own event (Minions).
HEAL = "a-little-longer"
MINION_TALENTS = (HEAL, "hello-there")
HELLO_RANGE = battle_rule("hello-there-range")


def _has(c: dict, ability: str) -> bool:
    return ability in c["talents"] or ability in c["boss_abilities"]


def has_action(c: dict, kind: str) -> bool:
    """Whether she still has a ``kind`` action (a Minor may be taken as a Major)."""
    if kind == FREE:
        return True
    return c[kind] > 0 or (kind == MINOR and c[MAJOR] > 0)


def spend(c: dict, kind: str) -> None:
    """Spend a ``kind`` action (a Minor from her Major when the Minor is gone); stunned, her
    one action is all she has."""
    if kind == FREE:
        return
    if kind == MINOR and c[MINOR] < 1:
        kind = MAJOR
    c[kind] -= 1
    if c["single"]:
        c[MAJOR] = c[MINOR] = 0


def check_turn(state: State) -> list[FieldError]:
    """During the fight, no burst owed."""
    if state.phase != FIGHTING:
        return refusal("", "Actions are taken during the fight: start the battle first."
                       if state.phase == SETUP else "The battle has ended.")
    if state.pending:
        owed = state.pending[0]
        return refusal("", f"{state.by_id(owed['combatant'])['name']}'s "
                           f"{STAT_NAMES[owed['burst']]} Burst must happen first (event burst).")
    return []


def check_talent_action(state: State, kind: str, talent: str) -> list[FieldError]:
    """A monster's own talent played as its event: a ``kind`` action left, and the talent."""
    errors = check_action(state, kind)
    if errors:
        return errors
    c = state.by_id(state.current)
    if talent not in c["talents"] or c["kind"] != "monster":
        return refusal("", f"{c['name']} does not have {MONSTER_TALENTS_BY_ID[talent].name}.")
    return []


def check_held(state: State, kind: str, ability: str) -> list[FieldError]:
    """The one whose turn it is has a ``kind`` action left and holds ``ability`` (a girl's
    talent, a monster's talent or boss ability)."""
    errors = check_action(state, kind)
    if errors:
        return errors
    c = state.by_id(state.current)
    if _ability(c, ability) is not None and _has(c, ability):
        return []
    held = ", ".join(c["talents"] + c["boss_abilities"]) or "none"
    return refusal("ability", f"{c['name']} does not have “{ability}”; "
                              f"{'hers' if her(c) == 'her' else 'its'}: {held}.")


def check_action(state: State, kind: str) -> list[FieldError]:
    errors = check_turn(state)
    if errors:
        return errors
    c = state.by_id(state.current)
    if c["condition"] in OUT:
        return refusal("", f"{c['name']} is {c['condition']}; end {her(c)} turn.")
    if not has_action(c, kind):
        return refusal("", f"{c['name']} has no {kind} action left this turn; end {her(c)} "
                           "turn.")
    return []


# --- start, end of turn, end of battle -------------------------------------------------------

def check_end_turn(state: State, ev: dict) -> list[FieldError]:
    return check_turn(state)


def apply_end_turn(state: State, ev: dict) -> None:
    next_turn(state)


def check_ids(state: State, raw: object, field: str, shape: str) -> list[FieldError]:
    """A JSON list of combatant ids on ``field`` (blank for none): each known and once, else
    ``shape`` says what it must be."""
    ids = raw or []
    if not isinstance(ids, list) or len(set(map(str, ids))) != len(ids):
        return refusal(field, shape)
    for cid in ids:
        errors = check_combatant(state, str(cid), field)
        if errors:
            return errors
    return []


def check_end(state: State, ev: dict) -> list[FieldError]:
    """Ending the battle; with a monster's Overcharge Radiation, a seed for its dice and only
    girls named as near it."""
    errors = check_end_battle(state, ev)
    if errors:
        return errors
    if ev["near"] is not None and not radiating(state):
        return refusal("near", "No monster here has Overcharge Radiation.")
    if not radiating(state):
        return []
    if ev["seed"] is None:
        return refusal("seed", "Overcharge Radiation rolls 1d6 for each girl near the monster: "
                               "the event needs a seed.")
    errors = check_ids(state, ev["near"], "near", "A list of the ids of the girls near it, each "
                                                 "once.")
    if errors:
        return errors
    for cid in ev["near"] or []:
        if state.by_id(str(cid)) not in near_by_default(state):
            return refusal("near", f"{state.by_id(str(cid))['name']} is not a magical girl "
                                   "still in the story.")
    return []


def apply_end_battle(state: State, ev: dict) -> None:
    state.phase = ENDED
    if radiating(state):
        radiate(state, near_by_default(state) if ev["near"] is None
                else [state.by_id(str(cid)) for cid in ev["near"]])
    state.pending.clear()
    state.write("The battle ends; each girl's overcharge counters, Resolve and wounds go back "
                "to her sheet.", *cite("Overcharge"))


# --- attacks ------------------------------------------------------------------------------

def _target_ok(state: State, cid: str, field: str, actor: dict) -> list[FieldError]:
    errors = check_combatant(state, cid, field)
    if errors:
        return errors
    t = state.by_id(cid)
    if t["id"] == actor["id"]:
        return refusal(field, f"Not {herself(t)}.")
    if t["condition"] in OUT:
        return refusal(field, f"{t['name']} is {t['condition']}.")
    return []


def _check_boosts(c: dict, n: int) -> list[FieldError]:
    if not n:
        return []
    if c["kind"] == "girl" and magical_now(c) and "boost" in c["talents"]:
        pass
    elif c["kind"] == "monster" and "lost-monster-boost" in c["talents"]:
        if c["pool"] < n:
            return refusal("boosts",
                           f"{c['name']} has {c['pool']} overcharge; each boost costs 1.")
    else:
        return refusal("boosts", f"{c['name']} has no boost to use.")
    if c["boosts_used"] + n > MAX_BOOSTS:
        return refusal("boosts", f"Boosts are {MAX_BOOSTS} a scene; {c['name']} has used "
                                 f"{c['boosts_used']}.")
    return []


def check_attack(state: State, ev: dict) -> list[FieldError]:
    errors = check_action(state, MAJOR)
    if errors:
        return errors
    c = state.by_id(state.current)
    if c["kind"] == "girl" and c["condition"] == DOWN and c["rising"] is not None:
        return refusal("", f"{c['name']} is gathering her strength to rise; she acts next turn.")
    errors = (_target_ok(state, ev["target"], "target", c) or _check_boosts(c, ev["boosts"])
              or refuse_ranged(c, ev["range"]) or check_spend(c, ev))
    if errors:
        return errors
    t = state.by_id(ev["target"])
    if ev["effect"]:
        if not _has(c, ev["effect"]):
            return refusal("effect", f"{c['name']} does not have that talent.")
        if c["kind"] == "monster" and c["pool"] < 1:
            return refusal("effect", f"{c['name']}'s overcharge pool is empty.")
        if c["kind"] == "minion" and c["uses"].get(ev["effect"], 0) < 1:
            return refusal("effect", f"{c['name']} has no use of it left.")
    if ev["barrier"]:
        if "lost-barrier" not in t["talents"]:
            return refusal("barrier", f"{t['name']} has no barrier.")
        if t["pool"] < ev["barrier"]:
            return refusal("barrier", f"{t['name']} has {t['pool']} overcharge.")
    if ev["interceptor"]:
        errors = _target_ok(state, ev["interceptor"], "interceptor", c)
        if errors:
            return errors
        if ev["interceptor"] == t["id"]:
            return refusal("interceptor", "The target cannot intercept the attack on "
                                          f"{herself(t)}.")
        if state.by_id(ev["interceptor"])["kind"] == "minion":
            return refusal("interceptor", "A minion makes no defence rolls, so it cannot "
                                          "intercept (Minions).")
    if ev["explosion"]:
        errors = _check_explosion(state, c, ev)
        if errors:
            return errors
    origin = state.by_id(ev["explosion"]) if ev["explosion"] else c
    far = out_of_range(c, t, ev["range"], origin)
    if far:
        return refusal("target", far)
    if ev["interceptor"] and not may_intercept(state.by_id(ev["interceptor"]), origin, t,
                                               ev["range"]):
        return refusal("interceptor", f"{state.by_id(ev['interceptor'])['name']} stands neither "
                                      f"next to {t['name']} nor on the line of the ranged "
                                      "attack.")
    if ev["fury_damage"] and not (c["frenzy"] and c[COUNTERS["fury"]] >=
                                  battle_rule("fury-burst-extra-damage-cost")):
        return refusal("fury_damage", "Only in a Fury Burst, with "
                       f"{battle_rule('fury-burst-extra-damage-cost')} Fury overcharge to spend.")
    return []


def within(c: dict, t: dict, most: int) -> bool:
    """Whether ``t`` is within range 1–``most`` of ``c`` (off the grid, the table judges)."""
    return (apart(c, t) or 0) <= most


def may_intercept(i: dict, origin: dict, t: dict, rng: str) -> bool:
    """Whether ``i`` stands where she may intercept ``origin``'s ``rng`` attack on ``t``
    ("Help and hindrance"): next to the target, or on a hex between them on the line of a
    ranged attack (reading ``hex-line``); off the grid the table judges."""
    if apart(i, t) is None:
        return True
    between = line(hex_of(origin), hex_of(t))[1:-1] if placed(origin) and rng == "ranged" else []
    return apart(i, t) == MELEE or hex_of(i) in between


def _check_explosion(state: State, c: dict, ev: dict) -> list[FieldError]:
    """Minion Explosion: its own minion, alive, not the target, and 1 overcharge besides the
    attack's other costs."""
    if EXPLOSION not in c["boss_abilities"]:
        return refusal("explosion", f"{c['name']} has no Minion Explosion.")
    errors = check_combatant(state, ev["explosion"], "explosion")
    if errors:
        return errors
    m = state.by_id(ev["explosion"])
    if m["kind"] != "minion" or m["side"] != c["side"] or m["condition"] in OUT:
        return refusal("explosion", f"{m['name']} is not a living minion of {c['name']}'s.")
    if m["id"] == ev["target"]:
        return refusal("explosion", "The minion that explodes is not the target.")
    cost = 1 + ev["boosts"] + (1 if ev["effect"] else 0)
    if c["pool"] < cost:
        return refusal("explosion", f"This attack costs {cost} overcharge; {c['name']} has "
                                    f"{c['pool']}.")
    return []


def _explode(state: State, c: dict, ev: dict) -> None:
    """The minion the attack comes from is destroyed, for 1 overcharge."""
    m = state.by_id(ev["explosion"])
    c["pool"] -= 1
    m["hp"], m["condition"] = 0, DESTROYED
    state.write(f"{c['name']} attacks from {m['name']}'s place (Minion Explosion, 1 "
                f"overcharge, {c['pool'] + 1} → {c['pool']}): {m['name']} is destroyed.",
                *cite("Boss abilities"))


def _defend(state: State, t: dict) -> tuple[int, int, int, str, Roll | None]:
    """The defence total, sixes, stat and words: a minion's passive defence, or a roll."""
    if t["kind"] == "minion":
        return t["passive_defence"], 0, t["passive_defence"], \
            f"passive defence {t['passive_defence']}", None
    rolled = roll(state, t, "defence", "defence")
    return rolled.total, rolled.sixes, rolled.stat, rolled.words, rolled


def _damage(state: State, c: dict, t: dict, ev: dict, a_sixes: int, d_sixes: int,
            a_magic: bool) -> tuple[int, str]:
    """The damage of a hit and how it adds up."""
    if not a_magic:
        if t["magical"] and magical_now(t):
            return MUNDANE_DAMAGE, "a non-magical attack on a magical creature"
        faces = state.dice.roll(1, 6, f"{c['name']}'s damage")
        return faces[0], f"1d6 {faces} (a weapon)"
    faces = state.dice.roll(1, value("damage-die-sides"), f"{c['name']}'s damage")
    parts = [f"1d6 {faces}"]
    weapon = 0 if LONG_RANGE in c["talents"] else WEAPON_BONUS[ev["range"]]
    total = faces[0] + weapon
    if weapon:
        parts.append(f"+{weapon} {ev['range']}")
    if a_sixes or d_sixes:
        total += DAMAGE_PER_SIX * (a_sixes - d_sixes)
        parts.append(f"{DAMAGE_PER_SIX * (a_sixes - d_sixes):+d} sixes")
    bonus = []
    if c["kind"] == "monster" and c["damage_bonus"]:
        bonus.append((c["damage_bonus"], "damage bonus"))
    if c["kind"] == "monster" and ev["boosts"]:
        bonus.append((ev["boosts"] * battle_rule("monster-boost-damage"), "boost"))
    if c["blazing"]:
        bonus.append((battle_rule("half-resolve-damage"), "Memory Blaze"))
    if c["kind"] == "girl" and "lost-half-resolve-bonus" in c["talents"] and \
            2 * c["resolve"] <= c["base_resolve"]:
        bonus.append((battle_rule("half-resolve-damage"), "at half Resolve"))
    if ev["fury_damage"]:
        extra = state.dice.roll(1, 6, f"{c['name']}'s frenzy damage")
        bonus.append((extra[0], f"1d6 {extra} frenzy"))
    if ev["explosion"]:
        extra = state.dice.roll(1, 6, "Minion Explosion damage")
        bonus.append((extra[0], f"1d6 {extra} Minion Explosion"))
    bonus += damage_changes(state, c, t)
    for amount, why in bonus:
        total += amount
        parts.append(f"{amount:+d} {why}")
    total = max(0, total)
    if "lost-armour" in t["boss_abilities"] and total > 1:
        total = max(1, total - battle_rule("armour-reduction"))
        parts.append(f"−{battle_rule('armour-reduction')} armour (at least 1)")
    if ev["barrier"]:
        t["pool"] -= ev["barrier"]
        total = max(0, total - ev["barrier"] * battle_rule("barrier-per-overcharge"))
        parts.append(f"−{ev['barrier'] * battle_rule('barrier-per-overcharge')} barrier "
                     f"({ev['barrier']} overcharge)")
    return total, " ".join(parts) + f" = {total}"


def _intercept(state: State, t: dict, ev: dict, damage: int) -> tuple[dict, int]:
    """Who takes the hit and how much, after an interception (the move's bands)."""
    if not ev["interceptor"]:
        return t, damage
    i = state.by_id(ev["interceptor"])
    rolled = roll(state, i, "defence", "interception")
    band = MOVES["intercept"].band_of(rolled.total)
    state.write(f"{i['name']} intercepts: {rolled.words}: {band.outcome}",
                *cite("Intercepting"), note="intercept-half-rounds-down")
    settle(state, i, rolled)
    if band.id == "middle":
        return i, damage
    if band.id == "high":
        take_damage(state, t, 0, "covered")
        return i, damage // 2
    return t, damage


def apply_attack(state: State, ev: dict) -> None:
    c = state.by_id(state.current)
    spend(c, MAJOR)
    t = state.by_id(ev["target"])
    bonus = battle_rule("half-resolve-attack") if (
        c["kind"] == "girl" and "lost-half-resolve-bonus" in c["talents"]
        and magical_now(c) and 2 * c["resolve"] <= c["base_resolve"]) else 0
    words = " at half Resolve" if bonus else ""
    if not bonus:
        bonus, words = attack_bonus(state, c)
    if ev["boosts"]:
        c["boosts_used"] += ev["boosts"]
        if c["kind"] == "monster":
            c["pool"] -= ev["boosts"]
    if ev["effect"]:
        if c["kind"] == "monster":
            c["pool"] -= 1
        elif c["kind"] == "minion":
            c["uses"][ev["effect"]] -= 1
    if ev["explosion"]:
        _explode(state, c, ev)
    bank, bank_words = spend_bank(state, c, ev)
    attack = roll(state, c, "attack", "attack", bonus + bank, ev["boosts"],
                  words + (" and" if words and bank else "") + bank_words)
    d_total, d_sixes, d_stat, d_words, d_roll = _defend(state, t)
    hit = hits(attack.total, attack.sixes, attack.stat, d_total, d_sixes, d_stat)
    state.write(f"{c['name']} attacks {t['name']} ({ev['range']}): {attack.words} against "
                f"{d_words}: {'a hit' if hit else 'a miss'}.", *cite("Life and death"),
                note="attack-tie-with-equal-stats")
    settle(state, c, attack)
    if d_roll is not None:
        settle(state, t, d_roll)
    if "disruptive-strikes" in c["talents"] and t["kind"] == "girl" and magical_now(t):
        face = state.dice.roll(1, 6, "Disruptive Strikes")[0]
        stat = STATS[(face - 1) // 2]
        gain(state, t, stat, battle_rule("disruptive-overcharge"), "Disruptive Strikes")
    if hit:
        bank_hit(state, c, ev["range"])
        damage, words = _damage(state, c, t, ev, attack.sixes, d_sixes, attack.magical)
        mundane = not attack.magical and not (t["magical"] and magical_now(t))
        state.write(f"Damage: {words}.", *cite("Life and death"),
                    note="human-against-human-damage" if mundane else "")
        taker, damage = _intercept(state, t, ev, damage)
        take_damage(state, taker, damage, f"{c['name']}'s attack")
        share_with_host(state, taker, damage, attack.magical)
        if ev["effect"] and taker is t and t["condition"] not in OUT:
            status = ATTACK_EFFECTS[ev["effect"]]
            if all(s["id"] != status for s in t["statuses"]):
                t["statuses"].append({"id": status})
            state.write(f"{t['name']} is {AILMENT_NAMES[status].lower()} "
                        f"({MONSTER_TALENTS_BY_ID[ev['effect']].name}).", *cite("Talents"))
    if ev["fury_damage"]:
        c[COUNTERS["fury"]] -= battle_rule("fury-burst-extra-damage-cost")
        state.write(f"{c['name']} spends {battle_rule('fury-burst-extra-damage-cost')} Fury "
                    f"overcharge: {c[COUNTERS['fury']]} left.", *cite("Overcharge"))
    if c["frenzy"] and c[COUNTERS["fury"]] == 0:
        end_frenzy(state, c, "her Fury overcharge is spent")
    if "lost-backlash" in t["boss_abilities"] and c["kind"] == "girl":
        faces = state.dice.roll(battle_rule("backlash-dice"), 6, "backlash")
        take_damage(state, c, sum(faces), f"{t['name']}'s backlash {faces}")


# --- ailments, rising, abilities ---------------------------------------------------

def _move_roll(state: State, move: str, what: str, ev: dict | None = None
               ) -> tuple[dict, object, object]:
    c = state.by_id(state.current)
    bank, words = spend_bank(state, c, ev or {})
    rolled = roll(state, c, MOVES[move].stat, what, bank, extra_words=words)
    return c, rolled, MOVES[move].band_of(rolled.total)


def check_remove(state: State, ev: dict) -> list[FieldError]:
    errors = check_action(state, ev["action"])
    if errors:
        return errors
    c = state.by_id(state.current)
    if not c["statuses"]:
        return refusal("", f"{c['name']} has no ailment.")
    errors = check_spend(c, ev)
    if errors:
        return errors
    if ev["ailment"] and all(s["id"] != ev["ailment"] for s in c["statuses"]):
        return refusal("ailment", f"{c['name']} is not {AILMENT_NAMES[ev['ailment']].lower()}.")
    return []


def apply_remove(state: State, ev: dict) -> None:
    c = state.by_id(state.current)
    was_single = c["single"]
    used = ev["action"] if ev["action"] == MAJOR or c[MINOR] > 0 else MAJOR
    spend(c, ev["action"])
    c, rolled, band = _move_roll(state, "remove-ailments", "roll to remove ailments", ev)
    state.write(f"{c['name']} tries to shake off {her(c)} ailments: {rolled.words}: "
                f"{band.outcome}",
                *cite("Removing ailments"))
    settle(state, c, rolled)
    if band.id == "middle":
        chosen = ev["ailment"] or c["statuses"][0]["id"]
        c["statuses"] = [s for s in c["statuses"] if s["id"] != chosen]
        gone = [chosen]
    elif band.id == "high":
        gone = [s["id"] for s in c["statuses"]]
        c["statuses"] = []
    else:
        gone = []
    if gone:
        state.write(f"{c['name']} is rid of: " + ", ".join(AILMENT_NAMES[g] for g in gone)
                    + ".", *cite("Removing ailments"))
    if was_single and "stun" in gone:
        c["single"] = False
        c[MINOR if used == MAJOR else MAJOR] = 1
        state.write(f"{c['name']} removed the Stun with {her(c)} action: {her(c)} other "
                    "action is back.", *cite("Help and hindrance"), note="stun-single-action")


def check_rise(state: State, ev: dict) -> list[FieldError]:
    errors = check_action(state, MAJOR)
    if errors:
        return errors
    c = state.by_id(state.current)
    if c["kind"] != "girl" or c["condition"] != DOWN:
        return refusal("", f"Only a magical girl with no Resolve left rises again; {c['name']} "
                           "is not one.")
    if c["rising"] is not None:
        return refusal("", f"{c['name']} has already rolled; her Resolve comes back at the start "
                           "of her next turn.")
    return []


def apply_rise(state: State, ev: dict) -> None:
    c = state.by_id(state.current)
    spend(c, MAJOR)
    c["condition"] = "fighting"  # the one magical roll she still makes
    rolled = roll(state, c, "support", "roll to rise again")
    c["condition"] = DOWN
    band = MOVES["rise-again"].band_of(rolled.total)
    c["rising"] = battle_rule(f"rise-resolve-{band.id}")
    state.write(f"{c['name']} gathers her strength: {rolled.words}: {band.outcome}",
                *cite("Resolve"), note="rising-again-takes-her-turn")
    settle(state, c, rolled)
    gain(state, c, c["roles"]["support"], band.overcharge, "rising again")


def _ability(c: dict, ability: str):
    if c["kind"] == "girl":
        return TALENTS_BY_ID.get(ability)
    return BOSS_BY_ID.get(ability) or MONSTER_TALENTS_BY_ID.get(ability)


def _cost(c: dict, a, points: int | None) -> int:
    """Overcharge a use costs: the given cost, or ``points`` for a cost of 1+."""
    if a.overcharge is None:
        return 0
    base = int(str(a.overcharge).rstrip("+"))
    return max(base, points or 0) if str(a.overcharge).endswith("+") else base


def check_ability(state: State, ev: dict) -> list[FieldError]:
    errors = check_held(state, FREE, ev["ability"])
    if errors:
        return errors
    c = state.by_id(state.current)
    a = _ability(c, ev["ability"])
    if not has_action(c, a.action or FREE):
        return refusal("ability", f"{a.name} takes a {a.action} action; {c['name']} has none "
                                  "left.")
    cost = _cost(c, a, ev["points"])
    if c["kind"] == "monster" and cost > c["pool"]:
        return refusal("ability",
                       f"{a.name} costs {cost} overcharge; {c['name']} has {c['pool']}.")
    if c["kind"] == "minion" and c["uses"].get(ev["ability"], 0) < 1:
        return refusal("ability", f"{c['name']} has no use of {a.name} left.")
    if ev["ability"] == "action-burst" and c["bursts_left"] < 1:
        return refusal("ability", "Action Burst is used once a turn per time it was taken.")
    if c["kind"] == "girl" and getattr(a, "overcharge_stat", None) == "used" and not ev["role"]:
        return refusal("role", f"{a.name} takes overcharge on the stat in use: name the role.")
    played = {CREATION: "create-minions", REBIRTH: "reincarnate", **OWN_EVENTS,
              **{k: "challenge" for k in AREA_CHALLENGES},
              **{k: "minion-talent" for k in MINION_TALENTS}}.get(ev["ability"])
    if played:
        return refusal("ability", f"{a.name} is its own event: {played}.")
    return []


def apply_ability(state: State, ev: dict) -> None:
    c = state.by_id(state.current)
    a = _ability(c, ev["ability"])
    spend(c, a.action or FREE)
    cost = _cost(c, a, ev["points"])
    rule = cite("Affinities & Talents" if c["kind"] == "girl" else
                "Boss abilities" if ev["ability"] in BOSS_BY_ID else "Talents")
    state.write(f"{c['name']} uses {a.name}: {a.summary}", *rule)
    if c["kind"] == "monster" and cost:
        before = c["pool"]
        c["pool"] -= cost
        state.write(f"{c['name']} spends {cost} overcharge: {before} → {c['pool']}.", *rule)
    elif c["kind"] == "minion":
        c["uses"][ev["ability"]] -= 1
    elif c["kind"] == "girl" and a.overcharge:
        role = ev["role"] if a.overcharge_stat == "used" else a.overcharge_stat
        gain(state, c, c["roles"][role], a.overcharge, a.name)
    if ev["ability"] == "action-burst":
        c["bursts_left"] -= 1
        c[MAJOR] += 1
        state.write(f"{c['name']} has another Major action this turn.", *rule)


def check_create(state: State, ev: dict) -> list[FieldError]:
    errors = check_action(state, MINOR)
    if errors:
        return errors
    c = state.by_id(state.current)
    if CREATION not in c["boss_abilities"]:
        return refusal("", f"{c['name']} has no Minion Creation (Boss abilities).")
    if ev["count"] > c["pool"]:
        return refusal("count", f"Each minion costs 1 overcharge; {c['name']} has {c['pool']}.")
    most = c["spread"] - c["minions_made"]
    if ev["count"] > most:
        return refusal("count", f"{c['name']} makes at most its spread ({c['spread']}) in one "
                                f"turn; {most} more this turn.")
    try:
        made_minion(state, c, ev["minion"])
    except CalculatorError as exc:
        return exc.errors
    return room(state, ev["count"], "count")


def apply_create(state: State, ev: dict) -> None:
    c = state.by_id(state.current)
    spend(c, MINOR)
    before = c["pool"]
    c["pool"] -= ev["count"]
    a = BOSS_BY_ID[CREATION]
    state.write(f"{c['name']} uses {a.name} ({a.action} action): {ev['count']} minion"
                f"{'s' if ev['count'] > 1 else ''} for {ev['count']} overcharge, {before} → "
                f"{c['pool']}.", *cite("Boss abilities"))
    make_minions(state, c, ev["count"], ev["minion"])


def check_challenge(state: State, ev: dict) -> list[FieldError]:
    errors = check_action(state, MAJOR)
    if errors:
        return errors
    c = state.by_id(state.current)
    a = BOSS_BY_ID[ev["ability"]]
    if ev["ability"] not in c["boss_abilities"]:
        return refusal("ability", f"{c['name']} does not have {a.name}.")
    if c["pool"] < _cost(c, a, None):
        return refusal("ability", f"{a.name} costs {a.overcharge} overcharge; {c['name']} has "
                                  f"{c['pool']}.")
    if ev["ability"] in LINES and placed(c):
        if ev["targets"] is not None:
            return refusal("targets", f"On the grid {a.name} takes every foe on its line: name "
                                      "a direction, no targets.")
        if not ev["direction"]:
            return refusal("direction", f"Name the direction of {a.name}'s line.")
        if not foes_on_line(state, c, ev["direction"]):
            return refusal("direction", f"No foe of {c['name']}'s stands on that line.")
        return []
    if ev["direction"]:
        return refusal("direction", "A direction is for a line on the grid; off it, name the "
                                    "targets.")
    if ev["ability"] == SCREAM and placed(c):
        if ev["targets"] is not None:
            return refusal("targets", f"On the grid {a.name} takes every foe within "
                                      f"{SCREAM_RADIUS} hexes of {c['name']}: name no targets.")
        if not area_foes(state, c, ev):
            return refusal("ability", f"No foe of {c['name']}'s stands within {SCREAM_RADIUS} "
                                      "hexes.")
        return []
    targets = ev["targets"]
    if not isinstance(targets, list) or not targets or len(set(map(str, targets))) != len(
            targets):
        return refusal("targets", "A list of the ids of everyone in its area, each once.")
    for cid in targets:
        errors = _target_ok(state, str(cid), "targets", c)
        if errors:
            return errors
    return []


def area_foes(state: State, c: dict, ev: dict) -> list[dict]:
    """On the grid, the foes in a challenge's area: Blood Rain's line towards its direction,
    Deafening Scream's circle (reading ``scream-circle``)."""
    if ev["ability"] == SCREAM:
        return foes_within(state, c, SCREAM_RADIUS)
    return foes_on_line(state, c, ev["direction"])


def apply_challenge(state: State, ev: dict) -> None:
    """One Support roll of the monster's against each target's; who fails takes the status
    (reading ``contest-ties``: a tie to more sixes, then the higher stat, else the challenger
    fails)."""
    c = state.by_id(state.current)
    a = BOSS_BY_ID[ev["ability"]]
    status = AREA_CHALLENGES[ev["ability"]]
    if placed(c) and (ev["direction"] or ev["ability"] == SCREAM):
        ev = {**ev, "targets": [o["id"] for o in area_foes(state, c, ev)]}
    spend(c, MAJOR)
    cost = _cost(c, a, None)
    c["pool"] -= cost
    rule = cite("Boss abilities")
    state.write(f"{c['name']} uses {a.name} ({cost} overcharge, {c['pool'] + cost} → "
                f"{c['pool']}) on " + ", ".join(state.by_id(str(t))["name"]
                                                  for t in ev["targets"]) + ".", *rule,
                note="scream-circle" if placed(c) and ev["ability"] == SCREAM else "")
    mine = roll(state, c, "support", f"Support ({a.name})")
    state.write(f"{c['name']}'s Support: {mine.words}.", *rule)
    settle(state, c, mine)
    for cid in ev["targets"]:
        t = state.by_id(str(cid))
        theirs = roll(state, t, "support", f"Support against {a.name}")
        fails = hits(mine.total, mine.sixes, mine.stat, theirs.total, theirs.sixes, theirs.stat)
        state.write(f"{t['name']}: {theirs.words}: "
                    + (f"fails: {AILMENT_NAMES[status]}." if fails else "resists."),
                    *rule, note="contest-ties")
        settle(state, t, theirs)
        if fails and all(s["id"] != status for s in t["statuses"]):
            t["statuses"].append({"id": status})


def check_minion_talent(state: State, ev: dict) -> list[FieldError]:
    errors = check_action(state, MAJOR)
    if errors:
        return errors
    c = state.by_id(state.current)
    name = MONSTER_TALENTS_BY_ID[ev["talent"]].name
    if c["kind"] != "minion" or c["uses"].get(ev["talent"], 0) < 1:
        return refusal("talent", f"{c['name']} has no use of {name} left."
                       if c["kind"] == "minion" and ev["talent"] in c["uses"]
                       else f"{c['name']} does not have {name}.")
    errors = _target_ok(state, ev["target"], "target", c)
    if errors:
        return errors
    t = state.by_id(ev["target"])
    if ev["talent"] == HEAL and (t["kind"] != "monster" or t["side"] != c["side"]):
        return refusal("target", f"{name} heals only the monster {c['name']} accompanies.")
    if ev["talent"] != HEAL and not within(c, t, HELLO_RANGE):
        return refusal("target", f"{name} reaches a target within range 1–{HELLO_RANGE}; "
                                 f"{t['name']} is {apart(c, t)} hexes from {c['name']}.")
    return []


def apply_minion_talent(state: State, ev: dict) -> None:
    """A Little Longer heals 1d6+2; Hello There leaves Bound or Bleed (reading
    ``minion-talent-actions``: each is the minion's Major action)."""
    c, t = state.by_id(state.current), state.by_id(ev["target"])
    spend(c, MAJOR)
    c["uses"][ev["talent"]] -= 1
    talent = MONSTER_TALENTS_BY_ID[ev["talent"]]
    rule = cite("Minions")
    state.write(f"{c['name']} uses {talent.name} on {t['name']} (its Major action; "
                f"{c['uses'][ev['talent']]} use(s) left).", *rule, note="minion-talent-actions")
    if ev["talent"] == HEAL:
        faces = state.dice.roll(1, 6, talent.name)
        heal(state, t, faces[0] + battle_rule("a-little-longer-bonus"),
             f"{talent.name}: 1d6 {faces} + {battle_rule('a-little-longer-bonus')}")
    elif all(s["id"] != ev["status"] for s in t["statuses"]):
        t["statuses"].append({"id": ev["status"]})
        state.write(f"{t['name']}: {AILMENT_NAMES[ev['status']]} ({talent.name}).", *rule)


def check_reincarnate(state: State, ev: dict) -> list[FieldError]:
    errors = check_turn(state) or check_combatant(state, ev["monster"], "monster") \
        or check_combatant(state, ev["minion"], "minion")
    if errors:
        return errors
    c, m = state.by_id(ev["monster"]), state.by_id(ev["minion"])
    if c["kind"] != "monster" or REBIRTH not in c["boss_abilities"]:
        return refusal("monster", f"{c['name']} has no rebirth in a minion (Boss abilities).")
    if c["condition"] != DEFEATED:
        return refusal("monster", f"{c['name']} is reborn only once defeated.")
    if c["pool"] < REBIRTH_COST:
        return refusal("monster", f"The rebirth costs {REBIRTH_COST} overcharge; {c['name']} "
                                  f"has {c['pool']}.")
    if m not in living_minions(state, c):
        return refusal("minion", f"{m['name']} is not a living minion of {c['name']}'s side.")
    return []


def apply_reincarnate(state: State, ev: dict) -> None:
    reborn(state, state.by_id(ev["monster"]), state.by_id(ev["minion"]))


def check_effect(state: State, ev: dict) -> list[FieldError]:
    errors = check_turn(state) or check_combatant(state, ev["combatant"])
    if errors:
        return errors
    c = state.by_id(ev["combatant"])
    if c["kind"] != "girl":
        return refusal("combatant", "Only a magical girl has overcharge counters.")
    counter = c[COUNTERS[ev["stat"]]]
    if calls_for(ev["stat"], counter)["table"] is None or counter >= BURST_AT:
        return refusal("stat", f"Her {STAT_NAMES[ev['stat']]} counter ({counter}) calls for no "
                               "flair or change.")
    return []


def apply_effect(state: State, ev: dict) -> None:
    apply_table_effect(state, state.by_id(ev["combatant"]), ev["stat"])


def check_burst(state: State, ev: dict) -> list[FieldError]:
    if not state.pending:
        return refusal("", "No burst is owed.")
    owed = state.pending[0]
    if owed["burst"] != "heart" and ev["creature"] is not None:
        return refusal("creature", "Only a Heart Burst makes a creature.")
    if owed["burst"] == "heart":
        try:
            creature(state, state.by_id(owed["combatant"]), ev["creature"])
        except CalculatorError as exc:
            return exc.errors
        return room(state, 1, "creature")
    errors = check_ids(state, ev["nearby"], "nearby", "A list of combatant ids, each once.")
    if errors:
        return errors
    for cid in ev["nearby"] or []:
        if cid == owed["combatant"]:
            return refusal("nearby", "The girl who bursts is not her own bystander.")
    return []


def apply_burst(state: State, ev: dict) -> None:
    owed = state.pending.pop(0)
    c = state.by_id(owed["combatant"])
    nearby = [state.by_id(str(cid)) for cid in ev["nearby"] or []]
    wants = strongest_bond(c)
    burst(state, c, owed["burst"], [o for o in nearby if o["condition"] not in OUT],
          take_damage)
    if owed["burst"] == "heart":
        creature_joins(state, c, ev["creature"], wants)


TARGET = Param("target", "Target", kind=TEXT, required=True, maximum=40)
DIRECTION = Param("direction", "Direction of the line (on the grid)", kind=CHOICE, default="",
                  choices=(("", "—"), *((name, name) for name, _, _ in DIRECTIONS)),
                  help="On the grid: the line runs from the user's hex this way, out to its "
                       "attack's farthest reach.")

EVENTS = (
    EventType("start", "Start the battle", "Rolls everyone's initiative (2d6 + Support, or "
              "Tenacity; each Extra Action a turn of its own), starts round 1 (bleeding, "
              "shaking off) and the first turn.", (), "anyone, once", check_start,
              start_battle, rolls=True),
    EventType("attack", "Attack", "A basic attack (her Major action): 2d6! + Attack against "
              "2d6! + Defence (a minion's passive defence), damage 1d6 + 2 in melee or 1d6 at "
              "range, ±2 a six, with the talents and abilities of both.",
              (TARGET,
               Param("range", "Melee or ranged", kind=CHOICE, default="melee",
                     choices=(("melee", "Melee (1d6 + 2)"), ("ranged", "Ranged (1d6)"))),
               Param("boosts", "Boosts", default=0, minimum=0, maximum=MAX_BOOSTS,
                     help="A girl's Boost (1 overcharge each) or a monster's (1 from its pool, "
                          "+2 damage): one more die each."),
               Param("effect", "Attack talent", kind=CHOICE, default="",
                     choices=(("", "None"), *((k, MONSTER_TALENTS_BY_ID[k].name)
                                              for k in ATTACK_EFFECTS)),
                     help="A monster's Binding or Debilitating Attack (1 overcharge)."),
               Param("barrier", "Target's barrier", default=0, minimum=0, maximum=20,
                     help="Overcharge the target monster spends on its barrier: −5 damage "
                          "each."),
               Param("interceptor", "Interceptor", kind=TEXT, default="", maximum=40,
                     help="Who intercepts (a free action): 2d6! + Defence."),
               Param("fury_damage", "Spend 2 Fury for +1d6", kind=BOOL, default=False,
                     help="In a Fury Burst only."),
               SPEND,
               Param("explosion", "Minion Explosion from", kind=TEXT, default="", maximum=40,
                     help="A monster with Minion Explosion attacks from the place of this "
                          "minion of its own (1 overcharge): the minion is destroyed, a hit "
                          "deals 1d6 more.")),
              ACTOR, check_attack, apply_attack, rolls=True),
    EventType("remove-ailments", "Remove ailments", "2d6! + Support: one ailment off on 11-13, "
              "all on 14+; removing a Stun gives her other action back.",
              (Param("action", "Action", kind=CHOICE, default=MAJOR,
                     choices=((MAJOR, "Major"), (MINOR, "Minor"))),
               Param("ailment", "Ailment (on 11-13)", kind=CHOICE, default="",
                     choices=(("", "The oldest"), *AILMENT_NAMES.items())),
               SPEND),
              ACTOR, check_remove, apply_remove, rolls=True),
    EventType("rise", "Rise again", "A girl with no Resolve: 2d6! + Support, its table's "
              "overcharge now and its Resolve at the start of her next turn.", (), ACTOR,
              check_rise, apply_rise, rolls=True),
    EventType("ability", "Use a talent or ability", "Uses one of her talents (or a monster's "
              "talents or boss abilities): its action, its overcharge (taken by a girl, spent by a monster) or "
              "a minion's use; Action Burst adds a Major action.",
              (Param("ability", "Ability", kind=TEXT, required=True, maximum=80),
               Param("points", "Overcharge (for a 1+ cost)", minimum=1, maximum=20),
               Param("role", "Stat in use", kind=CHOICE, default="",
                     choices=(("", "—"), ("attack", "Attack"), ("defence", "Defence"),
                              ("support", "Support")))),
              ACTOR, check_ability, apply_ability),
    EventType("create-minions", "Minion Creation", "A monster with Minion Creation makes "
              "minions (its Minor action, 1 overcharge each, at most its spread in one turn), "
              "on its side, each joining the order by its initiative.",
              (Param("count", "Minions", default=1, minimum=1, maximum=MAX_SPREAD),
               Param("minion", "Minions made", kind=JSON,
                     help="Their fields (name, template, hp, passive_defence, attack_support, "
                          "minion_talents); blank: 4 hit points, passive defence 4, Attack & "
                          "Support 2, no talent.")),
              ACTOR, check_create, apply_create, rolls=True),
    EventType("challenge", "Blood Rain or Deafening Scream", "A monster's Major action for 1 "
              "overcharge: 2d6! + its Support against 2d6! + Support of each target in the "
              "line (Blood Rain) or the radius-3 circle (Deafening Scream), on the grid its foes "
              "there, off it those the table names; "
              "who fails is bleeding or stunned.",
              (Param("ability", "Ability", kind=CHOICE, default="blood-rain",
                     choices=tuple((k, BOSS_BY_ID[k].name) for k in AREA_CHALLENGES)),
               Param("targets", "Targets (off the grid)", kind=JSON,
                     help="The ids of everyone in its area; on the grid Blood Rain takes the "
                          "foes on its line itself, Deafening Scream those within 3 hexes."),
               DIRECTION),
              ACTOR, check_challenge, apply_challenge, rolls=True),
    EventType("minion-talent", "A Little Longer or Hello There", "A minion's Major action and "
              "a use of its talent: A Little Longer heals the monster it accompanies 1d6+2, "
              "Hello There leaves a target Bound or Bleeding.",
              (Param("talent", "Talent", kind=CHOICE, default=HEAL,
                     choices=tuple((k, MONSTER_TALENTS_BY_ID[k].name) for k in MINION_TALENTS)),
               TARGET,
               Param("status", "Status (Hello There)", kind=CHOICE, default="bound",
                     choices=(("bound", AILMENT_NAMES["bound"]),
                              ("bleed", AILMENT_NAMES["bleed"])))),
              ACTOR, check_minion_talent, apply_minion_talent, rolls=True),
    EventType("reincarnate", "Rebirth in a minion", "A defeated monster with the rebirth boss "
              "ability (2 overcharge) comes back in a living minion of its side: its original "
              "Resolve divided by its side's minions at the start, halved for each rebirth "
              "before; the minion is gone, the monster keeps its turns.",
              (Param("monster", "Monster", kind=TEXT, required=True, maximum=40),
               Param("minion", "Minion", kind=TEXT, required=True, maximum=40)),
              "the game master, once the monster is defeated", check_reincarnate,
              apply_reincarnate),
    EventType("overcharge-effect", "Overcharge effect", "A girl's counter below 13 comes into "
              "play: its flair or change is rolled and the counter goes back to 0.",
              (Param("combatant", "Girl", kind=TEXT, required=True, maximum=40),
               Param("stat", "Stat", kind=CHOICE, default="heart",
                     choices=tuple((s, STAT_NAMES[s]) for s in STATS))),
              "the game master, during the fight", check_effect, apply_effect, rolls=True),
    EventType("burst", "Burst", "The burst owed (a counter at 13) happens: Fury's frenzy, "
              "Judgment's blast on those nearby, Heart's creature (a monster that joins the "
              "fight by its initiative on a side of its own, or takes her turns when she has "
              "no bond left); a bond point is lost.",
              (Param("nearby", "Nearby", kind=JSON,
                     help="For a Judgment Burst: the ids of everyone near her."),
               Param("creature", "Heart Burst's creature", kind=JSON,
                     help="Its monster fields (name, side, spread, level, attack, defence, "
                          "support, talents, boss_abilities…); blank: spread 1 on the first "
                          "full row, with her Attack, Defence and Support.")),
              "the table, as soon as it is owed", check_burst, apply_burst, rolls=True),
    EventType("end-turn", "End the turn", "Ends her turn, whatever actions are left; the next "
              "combatant still fighting starts hers (a new round: bleeding, shaking off).",
              (), "the table, once no burst is owed", check_end_turn, apply_end_turn,
              rolls=True),
    EventType("end-battle", "End the battle", "Ends the battle; a monster's Overcharge "
              "Radiation gives each girl near it 1d6 overcharge on its highest attribute; each "
              "girl's counters, Resolve, wounds and bonds are ready to go back to her sheet.",
              (Param("near", "Near the radiating monster", kind=JSON,
                     help="With Overcharge Radiation: the ids of the girls near it; blank: "
                          "every magical girl of the battle."),
               dataclasses.replace(SEED, required=False,
                                   help="Needed with Overcharge Radiation, for its dice.")),
              "the table", check_end, apply_end_battle),
)
