"""Attacks in a battle (seed 000, "Attacking and Dodging", "Grazing", "Damage Rolls",
"Spell Power", "Spell-meter", "To-Hit"): the Attack action and the graze decision (events
``attack`` and ``graze``), and their resolution with the attack and damage calculators' own
code: :func:`calculators.western_roses.damage.damage_terms`,
:func:`calculators.western_roses.damage.reductions` and
:func:`calculators.western_roses.damage.damage_taken` for what a hit deals; the modifiers are
those :mod:`calculators.western_roses.attack` applies.

- Physical: a versus roll, power against charisma, ties rolled again; a hit rolls the weapon's
  dice + 1 per 2 power.
- Danmaku: damage rolled first, then the target's insight against 12 to dodge; on a dodge she
  chooses whether to graze (a decision owed before play goes on: the ``graze`` event).
- Spellcard attack: the card's dice; dodged against the caster's higher of INT and PWR (cast,
  and acting again while it lasts, by :mod:`.casting`).
"""

from __future__ import annotations

import math

from ...battle.events import EventType, refusal
from ...battle.overrides import check_combatant
from ...battle.state import State
from ...errors import FieldError
from ...params import BOOL, CHOICE, TEXT, Param
from ..combat import STATUS_EFFECTS
from ..damage import DANMAKU, PHYSICAL, damage_taken, damage_terms, reductions
from ..gear import ARMOUR, WEAPON_CATEGORIES, WEAPONS
from ..rules import RACES
from .actions import ACTOR, action_text, check_action, spend
from .citations import cite
from .conditions import DOWN, GONE
from .damage import take_damage
from .meter import gain_meter, gain_spell_power, option_bonus
from .numbers import DIE_SIDES, number
from .positions import distance, in_area
from .rolls import roll, versus

SPELLCARD = "spellcard"
DODGE = cite("Attacking and Dodging")
GRAZING = cite("Grazing")
HOMING = "homing-amulets"
RESILIENCE = "charge-of-virtue"


def reach(c: dict, kind: str) -> int:
    """How far her attack reaches, in spaces: a physical attack as far as her weapon
    (reading physical-range-from-the-weapon); danmaku less than her range stat plus the
    spell-power option bonus, so up to that minus 1 (reading
    danmaku-range-is-less-than-the-stat)."""
    if kind == PHYSICAL:
        return WEAPONS[c["weapon"]].range.spaces_for(c["range"])
    return c["range"] + option_bonus(c) - 1


def _sum(mods: list[tuple[str, int]]) -> int:
    return sum(value for _, value in mods)


def _mods_words(mods: list[tuple[str, int]]) -> str:
    if not mods:
        return ""
    return " (" + ", ".join(f"{label} {value:+d}" for label, value in mods) + ")"


def roll_damage(state: State, attacker: dict, defender: dict, kind: str,
                card: dict | None = None) -> tuple[int, str]:
    """The damage she would take: rolled with the damage calculator's terms (or the card's
    dice and modifier), then the defender's reductions. Returns the amount and the words."""
    if card is None:
        terms, multiplier = damage_terms(
            kind, attacker["pwr"], attacker["int"], attacker["weapon"] if kind == PHYSICAL
            else "bare-fists", attacker["shot_type"], attacker["race"], attacker["profession"],
            "sober", attacker["brute_force"], option_bonus(attacker), 0)
    else:
        terms = [{"label": card["name"], "value": card["dice"], "dice": True},
                 {"label": "card's damage modifier", "value": card["modifier"], "dice": False}]
        multiplier = 1
    dice = sum(t["value"] for t in terms if t["dice"])
    bonus = sum(t["value"] for t in terms if not t["dice"])
    faces = state.dice.roll(dice, DIE_SIDES, f"{attacker['name']}'s damage")
    raw = max(sum(faces) + bonus, 0) * multiplier
    red_terms, reduction, floor = reductions(defender["armour"], defender["clothing"],
                                             defender["shot_type"] == RESILIENCE)
    amount = damage_taken(raw, reduction, floor)
    flat = "".join(f" {t['value']:+d} ({t['label']})" for t in terms
                   if not t["dice"] and t["value"])
    words = (f"{dice}d{DIE_SIDES} → {', '.join(map(str, faces)) or 'no dice'}{flat}"
             + (f", ×{multiplier}" if multiplier != 1 else "") + f" = {raw}")
    if reduction:
        words += f", less {reduction} ({', '.join(t['label'] for t in red_terms)}) = {amount}"
    return amount, words


def physical(state: State, a: dict, d: dict) -> None:
    """Power against charisma, ties rolled again; a hit rolls damage."""
    weapon = WEAPONS[a["weapon"]]
    category = WEAPON_CATEGORIES[weapon.category]
    to_hit: list[tuple[str, int]] = []
    ignores = RACES[a["race"]].modifier("ignore-improvised-weapon-penalty")
    if category.to_hit_modifier and not ignores:
        to_hit.append((f"improvised {weapon.name.lower()}", category.to_hit_modifier))
    small = RACES[d["race"]].modifier("physical-to-hit-against")
    if small:
        to_hit.append((f"{RACES[d['race']].name.lower()} target", small))
    if any(s["id"] == "blind" for s in a["statuses"]):
        to_hit.append(("blind", STATUS_EFFECTS["blind"].to_hit_modifier))
    dodge = [(ARMOUR[d["armour"]].name.lower(), ARMOUR[d["armour"]].dodge_modifier)] \
        if d["armour"] in ARMOUR and ARMOUR[d["armour"]].dodge_modifier else []
    if d["condition"] in DOWN:
        hit = True
        state.write(f"{a['name']} attacks {d['name']} with {weapon.name.lower()}: she is "
                    f"{d['condition']} and cannot dodge, a hit.", *DODGE,
                    note="the-fallen-cannot-dodge")
    else:
        hit, shown = versus(state, (a["pwr"], _sum(to_hit), f"{a['name']}'s power"),
                            (d["cha"], _sum(dodge), f"{d['name']}'s charisma"))
        state.write(f"{a['name']} attacks {d['name']} with {weapon.name.lower()}"
                    f"{_mods_words(to_hit)}: " + "; ".join(shown)
                    + (": a hit." if hit else f": {d['name']} dodges."),
                    *DODGE, note="versus-ties-roll-again" if len(shown) > 1 else "")
    gain_meter(state, a, "basic-attack")
    if hit:
        amount, words = roll_damage(state, a, d, PHYSICAL)
        state.write(f"Damage: {words}.", *cite("Damage Rolls"))
        take_damage(state, d, amount, f"{a['name']}'s physical attack")


def danmaku(state: State, a: dict, d: dict) -> None:
    """Damage rolled first, then the dodge."""
    amount, words = roll_damage(state, a, d, DANMAKU)
    state.write(f"{a['name']} fires danmaku at {d['name']}: damage {words}.",
                *cite("Damage Rolls"))
    gain_meter(state, a, "basic-attack")
    mods = []
    if d["dodge_modifier"]:
        mods.append(("her abilities", d["dodge_modifier"]))
    if a["shot_type"] == HOMING:
        mods.append(("homing danmaku", number("homing-danmaku-dodge-modifier")))
    dodge_roll(state, a, d, amount, number("dodge-difficulty"), mods, "danmaku")


def dodge_roll(state: State, a: dict, d: dict, amount: int, difficulty: int,
               mods: list[tuple[str, int]], what: str) -> None:
    """Her insight against ``difficulty``: a failure takes ``amount``; a dodge leaves her the
    choice to graze, owed before play goes on."""
    if d["armour"] in ARMOUR and ARMOUR[d["armour"]].dodge_modifier:
        mods = [*mods, (ARMOUR[d["armour"]].name.lower(), ARMOUR[d["armour"]].dodge_modifier)]
    if d["condition"] in DOWN:
        state.write(f"{d['name']} is {d['condition']} and cannot dodge.", *DODGE,
                    note="the-fallen-cannot-dodge")
        take_damage(state, d, amount, f"{a['name']}'s {what}")
        return
    rolled = roll(state, d["ins"], _sum(mods), difficulty, f"{d['name']}'s dodge")
    state.write(f"{d['name']} tries to dodge: insight{_mods_words(mods)} against {difficulty}: "
                f"{rolled.words}: " + ("dodged; she may graze." if rolled.succeeded else "hit."),
                *DODGE)
    if not rolled.succeeded:
        take_damage(state, d, amount, f"{a['name']}'s {what}")
        return
    state.pending.append({"kind": "graze", "defender": d["id"], "attacker": a["id"],
                          "damage": amount, "difficulty": difficulty, "what": what})


def graze_power(damage: int) -> int:
    """The spell power a successful graze of ``damage`` gains (seed 000, "Grazing")."""
    return number("graze-power-multiplier") * damage


def failed_graze_damage(damage: int) -> int:
    """The damage a failed graze of ``damage`` takes: half, rounded up (reading
    failed-graze-halves-rounding-up)."""
    return math.ceil(damage / number("graze-failure-divisor"))


def graze(state: State, ev: dict) -> None:
    """The defender's choice after a dodge: no graze, or an insight roll against the dodge's
    difficulty (reading graze-difficulty): success gains twice the damage as spell power,
    failure takes half (rounded up, reading failed-graze-halves-rounding-up), a critical
    failure all of it."""
    owed = state.pending.pop(0)
    d, a = state.by_id(owed["defender"]), state.by_id(owed["attacker"])
    amount = owed["damage"]
    if not ev["attempt"]:
        state.write(f"{d['name']} does not graze; the {owed['what']} misses her.", *GRAZING)
        return
    mods = [("her abilities", d["graze_modifier"])] if d["graze_modifier"] else []
    rolled = roll(state, d["ins"], _sum(mods), owed["difficulty"], f"{d['name']}'s graze")
    head = (f"{d['name']} grazes: insight{_mods_words(mods)} against {owed['difficulty']}: "
            f"{rolled.words}")
    if rolled.succeeded:
        state.write(f"{head}: success.", *GRAZING, note="graze-difficulty")
        gain_spell_power(state, d, graze_power(amount),
                         f"grazing, {number('graze-power-multiplier')} × {amount} damage",
                         section="Grazing", note="graze-counts-the-damage-she-would-take")
    elif rolled.critical_failure:
        state.write(f"{head}: critical failure, she takes the damage in full.", *GRAZING,
                    note="graze-difficulty")
        take_damage(state, d, amount, f"{a['name']}'s {owed['what']}, a critically failed graze")
    else:
        half = failed_graze_damage(amount)
        state.write(f"{head}: failure, she takes half of {amount}, rounded up.", *GRAZING,
                    note="failed-graze-halves-rounding-up")
        take_damage(state, d, half, f"{a['name']}'s {owed['what']}, a failed graze")


def card_attack(state: State, caster: dict, target: dict, card: dict) -> None:
    """An attack card against ``target``: its own to-hit roll if it has one (intelligence or
    power against 12, reading card-to-hit-roll), its damage, then a dodge against the
    caster's higher of intelligence and power."""
    if card["to_hit"] != "burst":
        stat = "int" if card["to_hit"] == "roll-intelligence" else "pwr"
        rolled = roll(state, caster[stat], 0, number("dodge-difficulty"),
                      f"{card['name']}'s to-hit")
        state.write(f"{card['name']} rolls to hit: {stat.upper()} against "
                    f"{number('dodge-difficulty')}: {rolled.words}: "
                    + ("on target." if rolled.succeeded else "it misses."),
                    *cite("To-Hit"), note="card-to-hit-roll")
        if not rolled.succeeded:
            return
    victims = in_area(state, target, card["aoe"], caster) if card["aoe"] else [target]
    if card["aoe"]:
        state.write(f"{card['name']} covers AOE {card['aoe']} around {target['name']}: "
                    + ", ".join(v["name"] for v in victims) + ".", *cite("Targets"),
                    note="aoe-counts-steps-in-four-directions")
    difficulty = max(caster["int"], caster["pwr"])
    for victim in victims:
        amount, words = roll_damage(state, caster, victim, SPELLCARD, card)
        state.write(f"{card['name']} strikes at {victim['name']}: damage {words}.",
                    *cite("Damage Rolls"))
        dodge_roll(state, caster, victim, amount, difficulty, [], f"spellcard {card['name']}")


# --- the events --------------------------------------------------------------------------------

def check_target(state: State, ev: dict, field: str = "target") -> list[FieldError]:
    """An attack's target (an attack, an attack card's): a combatant other than the one whose
    turn it is, neither dead nor destroyed."""
    errors = check_combatant(state, ev[field], field)
    if errors:
        return errors
    c, t = state.by_id(state.current), state.by_id(ev[field])
    if t["id"] == c["id"]:
        return refusal(field, "She cannot attack herself.")
    if t["condition"] in GONE:
        return refusal(field, f"{t['name']} is {t['condition']}.")
    return []


def check_attack(state: State, ev: dict) -> list[FieldError]:
    errors = check_action(state, ev) or check_target(state, ev)
    if errors:
        return errors
    c, t = state.by_id(state.current), state.by_id(ev["target"])
    far, most = distance(c, t), reach(c, ev["attack"])
    if far > most:
        how = "her weapon reaches" if ev["attack"] == PHYSICAL else \
            "less than her range stat plus her spell power's option bonus"
        return refusal("target", f"{t['name']} is {far} spaces away; {c['name']}'s "
                                 f"{ev['attack']} attack reaches {most} ({how}).")
    return []


def apply_attack(state: State, ev: dict) -> None:
    c = spend(state)
    t = state.by_id(ev["target"])
    (physical if ev["attack"] == PHYSICAL else danmaku)(state, c, t)


def check_graze(state: State, ev: dict) -> list[FieldError]:
    if not state.pending:
        return refusal("", "No dodge is waiting for a graze decision.")
    return []


ATTACK = EventType("attack", "Attack", action_text("attack"),
                   (Param("target", "Target", kind=TEXT, required=True, maximum=40),
                    Param("attack", "Attack", kind=CHOICE, default=DANMAKU,
                          choices=((PHYSICAL, "Physical"), (DANMAKU, "Danmaku")))),
                   ACTOR, check_attack, apply_attack, rolls=True)
GRAZE = EventType("graze", "Graze or not", "After a dodge: whether she tries to graze.",
                  (Param("attempt", "Try to graze", kind=BOOL, default=True),),
                  "the combatant who dodged (first decision owed)", check_graze, graze,
                  rolls=True)
