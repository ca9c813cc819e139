"""Attacks in a battle (seed 000, "Attacking and Dodging", "Grazing", "Damage Rolls",
"Spell Power", "Spell-meter"), resolved with the attack and damage calculators' own code:
:func:`.damage.damage_terms`, :func:`.damage.reductions` and :func:`.damage.damage_taken` for
what a hit deals; the modifiers are those :mod:`.attack` applies.

- Physical: a versus roll, power against charisma, ties rolled again; a hit rolls the weapon's
  dice + 1 per 2 power.
- Danmaku: damage rolled first, then the target's insight against 12 to dodge; on a dodge she
  chooses whether to graze (a decision owed before play goes on: the ``graze`` event).
- Spellcard attack: the card's dice; dodged against the caster's higher of INT and PWR. A card
  lasting several rounds acts again at the start of each of the caster's turns.
"""

from __future__ import annotations

import math

from ..battle.state import State
from .battle_data import cite
from .battle_card_effects import act, end_protections, in_area, protections
from .battle_falling import DEAD, DESTROYED, DOWN, take_damage
from .battle_meter import gain_meter, gain_spell_power, option_bonus
from .battle_rolls import roll, versus
from .combat import STATUS_EFFECTS, rule
from .damage import DANMAKU, PHYSICAL, damage_taken, damage_terms, reductions
from .gear import ARMOUR, WEAPON_CATEGORIES, WEAPONS
from .rules import DIE_SIDES, RACES

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
        mods.append(("homing danmaku", rule("homing-danmaku-dodge-modifier")))
    dodge_roll(state, a, d, amount, rule("dodge-difficulty"), mods, "danmaku")


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
        gain_spell_power(state, d, rule("graze-power-multiplier") * amount,
                         f"grazing, {rule('graze-power-multiplier')} × {amount} damage",
                         section="Grazing", note="graze-counts-the-damage-she-would-take")
    elif rolled.critical_failure:
        state.write(f"{head}: critical failure, she takes the damage in full.", *GRAZING,
                    note="graze-difficulty")
        take_damage(state, d, amount, f"{a['name']}'s {owed['what']}, a critically failed graze")
    else:
        half = math.ceil(amount / rule("graze-failure-divisor"))
        state.write(f"{head}: failure, she takes half of {amount}, rounded up.", *GRAZING,
                    note="failed-graze-halves-rounding-up")
        take_damage(state, d, half, f"{a['name']}'s {owed['what']}, a failed graze")


def card_attack(state: State, caster: dict, target: dict, card: dict) -> None:
    """An attack card against ``target``: its own to-hit roll if it has one (intelligence or
    power against 12, reading card-to-hit-roll), its damage, then a dodge against the
    caster's higher of intelligence and power."""
    if card["to_hit"] != "burst":
        stat = "int" if card["to_hit"] == "roll-intelligence" else "pwr"
        rolled = roll(state, caster[stat], 0, rule("dodge-difficulty"),
                      f"{card['name']}'s to-hit")
        state.write(f"{card['name']} rolls to hit: {stat.upper()} against "
                    f"{rule('dodge-difficulty')}: {rolled.words}: "
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


def lasting_effects(state: State, caster: dict, acting: bool = True) -> None:
    """Her cards still lasting act at the start of her turn; each ends when its rounds run
    out (reading card-rounds-are-the-casters-turns); a protection (Shield, Sturdy) holds
    through its last round and ends at the start of her turn after it (reading
    protection-lasts-its-rounds). When she is dead (``acting`` false) her place in the order
    still counts their rounds down, but they no longer act (reading
    lasting-card-of-a-dead-caster)."""
    effects = state.data.get("effects", [])
    for effect in [e for e in effects if e["caster"] == caster["id"]]:
        card = caster["cards"][effect["entry"]]
        if effect["rounds_left"] <= 0:
            _end(state, effect, card)
            continue
        effect["rounds_left"] -= 1
        if not acting:
            state.write(f"{card['name']} goes on without {caster['name']} "
                        f"({effect['rounds_left']} more round"
                        f"{'' if effect['rounds_left'] == 1 else 's'} after this).",
                        *cite("Duration"), note="lasting-card-of-a-dead-caster")
            if effect["rounds_left"] <= 0 and not protections(card, [caster]):
                _end(state, effect, card)
            continue
        named = [effect["target"], *effect.get("also", [])] if effect["target"] else []
        state.write(f"{card['name']} acts again ({effect['rounds_left']} more round"
                    f"{'' if effect['rounds_left'] == 1 else 's'} after this).",
                    *cite("Duration"), note="card-rounds-are-the-casters-turns")
        if card["type"] == "attack":
            for target in map(state.by_id, named):
                if target["condition"] not in (DEAD, DESTROYED):
                    card_attack(state, caster, target, card)
        elif card["type"] != "attack":
            act(state, caster, card, [state.by_id(cid) for cid in effect.get("on", [])],
                first=False)
        if effect["rounds_left"] <= 0 and not protections(card, [caster]):
            _end(state, effect, card)


def _end(state: State, effect: dict, card: dict) -> None:
    state.data["effects"].remove(effect)
    state.write(f"{card['name']} ends.", *cite("Duration"),
                note="card-rounds-are-the-casters-turns")
    end_protections(state, effect)
