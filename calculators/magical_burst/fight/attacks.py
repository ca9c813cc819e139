"""The basic attack in a Magical Burst battle (seed 002, "Life and death", "Help and
hindrance", "Overcharge", "Monsters", "Boss abilities", "Talents", "Minions"): the attacker's
2d6! + Attack against the defender's 2d6! + Defence (a minion's passive defence, reading
``attack-tie-with-equal-stats``), damage 1d6 + 2 in melee or 1d6 at range, ±2 a six, with the
talents and abilities of both: boosts, a monster's Binding or Debilitating Attack, a barrier,
an interception (reading ``intercept-half-rounds-down``), a Fury Burst's +1d6, Minion
Explosion, armour and backlash. :func:`defend` and :func:`hit_damage` are the defence and
damage every basic attack uses (:mod:`.strikes` too)."""

from __future__ import annotations

from ...battle.events import EventType, refusal
from ...battle.overrides import check_combatant
from ...battle.state import State
from ...errors import FieldError
from ...params import BOOL, CHOICE, TEXT, Param
from ..adversaries import MONSTER_TALENTS_BY_ID
from ..attack import WEAPON_BONUS, hits
from ..overcharge import STATS
from ..rules import MOVES
from .actions import ACTOR, MAJOR, TARGET, acting, check_action, check_target, has_ability
from .belkan import SPEND, bank_hit, check_spend, refuse_ranged, spend_bank
from .citations import cite
from .combatants import herself
from .conditions import DESTROYED, DOWN, OUT
from .damage import take_damage
from .hexes import LONG_RANGE, MELEE, apart, hex_of, line, out_of_range, placed
from .numbers import number
from .overcharge import COUNTERS, end_frenzy, gain, settle
from .rolls import SIDES, Roll, magical_now, roll
from .statuses import AILMENT_NAMES
from .talents import attack_bonus, damage_changes, share_with_host

EXPLOSION = "minion-explosion"
DAMAGE_PER_SIX = number("damage-per-six")
MUNDANE_DAMAGE = number("mundane-attack-damage")
MAX_BOOSTS = number("boosts-per-scene")
#: Monster talents an attack may carry, and the status a hit leaves.
ATTACK_EFFECTS = {"binding-attack": "bound", "debilitating-attack": "stun"}


def _check_boosts(c: dict, n: int) -> list[FieldError]:
    """``n`` boosts: a girl's Boost with magic, a monster's from its pool, a few a scene."""
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
    """Her Major action on a target she may reach, with what she spends and what defends."""
    errors = check_action(state, MAJOR)
    if errors:
        return errors
    c = state.by_id(state.current)
    if c["kind"] == "girl" and c["condition"] == DOWN and c["rising"] is not None:
        return refusal("", f"{c['name']} is gathering her strength to rise; she acts next turn.")
    errors = (check_target(state, ev["target"], "target", c) or _check_boosts(c, ev["boosts"])
              or refuse_ranged(c, ev["range"]) or check_spend(c, ev))
    if errors:
        return errors
    t = state.by_id(ev["target"])
    if ev["effect"]:
        if not has_ability(c, ev["effect"]):
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
        errors = check_target(state, ev["interceptor"], "interceptor", c)
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
                                  number("fury-burst-extra-damage-cost")):
        return refusal("fury_damage", "Only in a Fury Burst, with "
                       f"{number('fury-burst-extra-damage-cost')} Fury overcharge to spend.")
    return []


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


def defend(state: State, t: dict) -> tuple[int, int, int, str, Roll | None]:
    """The defence total, sixes, stat and words: a minion's passive defence, or a roll."""
    if t["kind"] == "minion":
        return t["passive_defence"], 0, t["passive_defence"], \
            f"passive defence {t['passive_defence']}", None
    rolled = roll(state, t, "defence", "defence")
    return rolled.total, rolled.sixes, rolled.stat, rolled.words, rolled


def hit_damage(state: State, c: dict, t: dict, ev: dict, a_sixes: int, d_sixes: int,
            a_magic: bool) -> tuple[int, str]:
    """The damage of a hit and how it adds up."""
    if not a_magic:
        if t["magical"] and magical_now(t):
            return MUNDANE_DAMAGE, "a non-magical attack on a magical creature"
        faces = state.dice.roll(1, SIDES, f"{c['name']}'s damage")
        return faces[0], f"1d6 {faces} (a weapon)"
    faces = state.dice.roll(1, number("damage-die-sides"), f"{c['name']}'s damage")
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
        bonus.append((ev["boosts"] * number("monster-boost-damage"), "boost"))
    if c["blazing"]:
        bonus.append((number("half-resolve-damage"), "Memory Blaze"))
    if c["kind"] == "girl" and "lost-half-resolve-bonus" in c["talents"] and \
            2 * c["resolve"] <= c["base_resolve"]:
        bonus.append((number("half-resolve-damage"), "at half Resolve"))
    if ev["fury_damage"]:
        extra = state.dice.roll(1, SIDES, f"{c['name']}'s frenzy damage")
        bonus.append((extra[0], f"1d6 {extra} frenzy"))
    if ev["explosion"]:
        extra = state.dice.roll(1, SIDES, "Minion Explosion damage")
        bonus.append((extra[0], f"1d6 {extra} Minion Explosion"))
    bonus += damage_changes(state, c, t)
    for amount, why in bonus:
        total += amount
        parts.append(f"{amount:+d} {why}")
    total = max(0, total)
    if "lost-armour" in t["boss_abilities"] and total > 1:
        total = max(1, total - number("armour-reduction"))
        parts.append(f"−{number('armour-reduction')} armour (at least 1)")
    if ev["barrier"]:
        t["pool"] -= ev["barrier"]
        total = max(0, total - ev["barrier"] * number("barrier-per-overcharge"))
        parts.append(f"−{ev['barrier'] * number('barrier-per-overcharge')} barrier "
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
    """The attack roll against the defence, the overcharge of their sixes, and on a hit its
    damage to the target (or the interceptor) with the talents and abilities of both."""
    c = acting(state, MAJOR)
    t = state.by_id(ev["target"])
    bonus = number("half-resolve-attack") if (
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
    d_total, d_sixes, d_stat, d_words, d_roll = defend(state, t)
    hit = hits(attack.total, attack.sixes, attack.stat, d_total, d_sixes, d_stat)
    state.write(f"{c['name']} attacks {t['name']} ({ev['range']}): {attack.words} against "
                f"{d_words}: {'a hit' if hit else 'a miss'}.", *cite("Life and death"),
                note="attack-tie-with-equal-stats")
    settle(state, c, attack)
    if d_roll is not None:
        settle(state, t, d_roll)
    if "disruptive-strikes" in c["talents"] and t["kind"] == "girl" and magical_now(t):
        face = state.dice.roll(1, SIDES, "Disruptive Strikes")[0]
        stat = STATS[(face - 1) // 2]
        gain(state, t, stat, number("disruptive-overcharge"), "Disruptive Strikes")
    if hit:
        bank_hit(state, c, ev["range"])
        damage, words = hit_damage(state, c, t, ev, attack.sixes, d_sixes, attack.magical)
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
        c[COUNTERS["fury"]] -= number("fury-burst-extra-damage-cost")
        state.write(f"{c['name']} spends {number('fury-burst-extra-damage-cost')} Fury "
                    f"overcharge: {c[COUNTERS['fury']]} left.", *cite("Overcharge"))
    if c["frenzy"] and c[COUNTERS["fury"]] == 0:
        end_frenzy(state, c, "her Fury overcharge is spent")
    if "lost-backlash" in t["boss_abilities"] and c["kind"] == "girl":
        faces = state.dice.roll(number("backlash-dice"), SIDES, "backlash")
        take_damage(state, c, sum(faces), f"{t['name']}'s backlash {faces}")


EVENTS = (
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
)


__all__ = ["ATTACK_EFFECTS", "DAMAGE_PER_SIX", "EVENTS", "EXPLOSION", "MAX_BOOSTS",
           "MUNDANE_DAMAGE", "defend", "hit_damage", "may_intercept"]
