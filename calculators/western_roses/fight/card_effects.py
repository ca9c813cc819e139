"""What a spellcard does besides an attack in a battle (seed 000, "Type", "Targets",
"Duration" and the special skills): the skills with numbers the tracker can play are applied
as the card's data says, on everyone in its area; the others are left to the table.

- Healing (1d, 2d, 4d hit points; the impulse heals) heals, and heals again each time a
  lasting card acts; Recover removes every status; Stay still! stuns; DIE. deals its dice with
  no dodge.
- Shield (half damage, rounded up) and Sturdy (+50 maximum HP) hold while the card lasts:
  from its casting until the start of the caster's turn after its last round (reading
  protection-lasts-its-rounds).
- A card's area (AOE) is its target's space and every space within AOE steps of it along the
  grid's four directions (:func:`.positions.in_area`).

Casting a card (what it costs, its targets, an attack card's strikes, its lasting rounds) is
:mod:`.casting`.
"""

from __future__ import annotations

from ...battle.state import State
from ..spellcards.rules import SPECIAL_SKILLS
from .citations import cite
from .damage import heal, take_damage, update_condition
from .numbers import DIE_SIDES, number
from .positions import in_area

HEALING = {s.id: s.healing_dice for s in SPECIAL_SKILLS.values() if s.healing_dice}
SELF_HEAL, FULL_HEAL = "i-dont-wanna-be-painful-anymore", "but-dying-is-no-fun"
RECOVER, STAY_STILL, DIE = "recover", "stay-still", "die"
SHIELD, STURDY = "shield", "sturdy"
#: Skills that hold while the card lasts, by the effect key listing whom they protect.
PROTECTIONS = (SHIELD, STURDY)
#: Every skill this module plays; a card with none of them is left to the table.
PLAYED = frozenset({*HEALING, SELF_HEAL, FULL_HEAL, RECOVER, STAY_STILL, DIE, *PROTECTIONS})
SKILLS = cite("Protection Skills")


def affected(state: State, caster: dict, card: dict, target_id: str | None) -> list[dict]:
    """Whom the card acts on: its caster for a self card or when no target is named, else the
    target, and with an AOE everyone in its area."""
    centre = state.by_id(target_id) if target_id and card["targets"] else caster
    if card["aoe"]:
        state.write(f"{card['name']} covers AOE {card['aoe']} around {centre['name']}.",
                    *cite("Targets"), note="aoe-counts-steps-in-four-directions")
        return in_area(state, centre, card["aoe"], caster)
    return [centre]


def plays(card: dict) -> bool:
    """The card has a skill the tracker applies (else the table rules its effect)."""
    return any(s in PLAYED for s in card["skills"])


def act(state: State, caster: dict, card: dict, targets: list[dict], first: bool) -> None:
    """The card's skills on ``targets`` (``first``: as it is cast; later: acting again at the
    start of the caster's turn, when only healing and Recover repeat)."""
    for skill in card["skills"]:
        if skill in HEALING:
            for t in targets:
                faces = state.dice.roll(HEALING[skill], DIE_SIDES, f"{card['name']} heals")
                heal(state, t, sum(faces), f"{card['name']}, {len(faces)}d{DIE_SIDES} → "
                     f"{', '.join(map(str, faces))}")
        elif skill == RECOVER:
            for t in targets:
                gone = ", ".join(s["id"] for s in t["statuses"]) or "none to remove"
                t["statuses"] = []
                state.write(f"{card['name']} removes every status from {t['name']} ({gone}).",
                            *cite("Divine Skills"))
        elif not first:
            continue
        elif skill == SELF_HEAL:
            faces = state.dice.roll(number("self-heal-dice"), DIE_SIDES,
                                    f"{card['name']} heals")
            heal(state, caster, sum(faces), f"{card['name']}, {len(faces)}d{DIE_SIDES} → "
                 f"{', '.join(map(str, faces))}")
        elif skill == FULL_HEAL:
            heal(state, caster, caster["max_hp"] - caster["hp"], f"{card['name']}, back to full")
        elif skill == STAY_STILL:
            for t in targets:
                t["statuses"] = [s for s in t["statuses"] if s["id"] != "stun"]
                t["statuses"].append({"id": "stun", "rounds": number("stay-still-stun-turns"),
                                      "failures": 0, "turns": 0})
                state.write(f"{card['name']} stuns {t['name']} for "
                            f"{number('stay-still-stun-turns')} turn.",
                            *cite("Impulse Skills"), note="status-turns")
        elif skill == DIE:
            for t in targets:
                faces = state.dice.roll(number("die-damage-dice"), DIE_SIDES,
                                        f"{card['name']}'s damage")
                take_damage(state, t, sum(faces), f"{card['name']}, {len(faces)}d{DIE_SIDES} → "
                            f"{', '.join(map(str, faces))}, no dodge")
        elif skill == STURDY:
            for t in targets:
                t["max_hp"] += number("sturdy-max-hp")
                state.write(f"{card['name']}: {t['name']}'s max HP +"
                            f"{number('sturdy-max-hp')} to {t['max_hp']} while it lasts.",
                            *SKILLS, note="protection-lasts-its-rounds")
        elif skill == SHIELD:
            state.write(f"{card['name']}: " + ", ".join(t["name"] for t in targets)
                        + " take half damage from every attack while it lasts.", *SKILLS,
                        note="protection-lasts-its-rounds")


def protections(card: dict, targets: list[dict]) -> dict:
    """What a lasting effect entry keeps of the card's protections: the ids each protects."""
    return {skill: [t["id"] for t in targets] for skill in PROTECTIONS if skill in card["skills"]}


def end_protections(state: State, effect: dict) -> None:
    """A protecting card ends: Sturdy's HP go (her HP kept within her max again)."""
    for cid in effect.get(STURDY, ()):
        t = state.by_id(cid)
        t["max_hp"] = max(1, t["max_hp"] - number("sturdy-max-hp"))
        if t["hp"] > t["max_hp"]:
            t["hp"] = t["max_hp"]
        state.write(f"{t['name']}'s max HP is {t['max_hp']} again, HP {t['hp']}.", *SKILLS,
                    note="protection-lasts-its-rounds")
        update_condition(state, t)
