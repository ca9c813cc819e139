"""What a spellcard rolls at the table, for the character casting it: its damage and its
to-hit roll (seed 000, "To-Hit", "Attack Power", "Damage Rolls", the special skills that set a
card's damage, and Homing Amulets' Homing Danmaku under "Shot-types").

Both read the card as :func:`.pricing.price` summarises it (its ``attack``, ``special`` and
``to_hit``) and the caster's major stats, and are rolled with the sheet's one dice code,
:func:`..checks.roll_check`, from a seed.

- **Damage** is the card's own (interpretation card-damage-roll): the attack power's dice, or
  the dice a skill gives instead (lethal 6d/7d; Intelligent Design and Divine Insight roll a
  stat, one die per 3 points: interpretation stat-damage-dice), plus the damage modifier and
  10 per +10 damage step.
- **To-hit**: Roll against intelligence or power is a check of that stat against the base
  difficulty of 12 (interpretation card-to-hit-roll); Homing Danmaku adds +2 on an attack
  card. A failed roll misses whatever the target rolls.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..checks import SUCCESS, CRITICAL_SUCCESS, classify, dice_for_stat, roll_check
from ..combat import rule as combat_rule
from ..rules import STAT_LABELS
from .rules import SPECIAL_SKILLS, TO_HIT, rule

#: The two rolls a card may make (the sheet's ``card_roll`` input).
DAMAGE_ROLL, TO_HIT_ROLL = "damage", "to-hit"
#: Skills whose damage is a roll of a stat: the stat, and how many times it is counted.
STAT_DAMAGE = {"intelligent-design": ("int", 2), "divine-insight": ("ins", 1)}
HOMING_SHOT_TYPE = "homing-amulets"


def damage_dice(card: Mapping[str, Any], stats: Mapping[str, int]) -> dict | None:
    """The damage roll of a priced card for a caster with ``stats`` (``pwr``, ``int``…).

    Returns:
        ``{dice, modifier, text, from}`` (``text`` as the rules write it, ``4d+20``; ``from``
        says where the dice come from), or ``None`` for a card that deals no damage.
    """
    attack = card.get("attack") or {}
    dice, modifier = attack.get("dice", 0), attack.get("modifier", 0)
    source = f"attack power {dice}d" if dice else ""
    for item in card.get("special", ()):
        skill = SPECIAL_SKILLS[item["skill"]]
        if skill.attack_dice is not None:
            dice, source = skill.attack_dice, skill.name
        elif skill.id in STAT_DAMAGE:
            stat, times = STAT_DAMAGE[skill.id]
            value = times * stats[stat]
            dice = dice_for_stat(value)
            what = f"{times} × {STAT_LABELS[stat]}" if times > 1 else STAT_LABELS[stat]
            source = f"{skill.name}: {what} {value}"
        if skill.pricing == "per-step":
            modifier += rule("lethal-step-damage") * item.get("count", 1)
    if not dice and not modifier and not source:
        return None
    text = (f"{dice}d" if dice else "") + (f"+{modifier}" if modifier and dice else
                                           str(modifier) if modifier else "")
    return {"dice": dice, "modifier": modifier, "text": text or "0", "from": source}


def to_hit_check(card: Mapping[str, Any], stats: Mapping[str, int],
                 shot_type: str) -> dict | None:
    """The caster's to-hit roll for a priced card: ``{stat, label, value, dice, modifier,
    target}``, or ``None`` for a card that needs none (Burst, Self, a special card)."""
    skill = TO_HIT.get(card.get("to_hit") or "")
    if skill is None or skill.roll is None:
        return None
    value = stats[skill.roll]
    homing = shot_type == HOMING_SHOT_TYPE and card.get("type") == "attack"
    return {"stat": skill.roll, "label": skill.name, "value": value,
            "dice": dice_for_stat(value),
            "modifier": combat_rule("homing-danmaku-card-to-hit-modifier") if homing else 0,
            "target": combat_rule("dodge-difficulty")}


def roll_damage(spec: Mapping[str, Any], seed: int) -> dict:
    """Roll a card's damage (see :func:`damage_dice`) from ``seed``: ``roll_check``'s
    faces, total, lowest and highest. A roll of no dice is its modifier alone."""
    if spec["dice"] < 1:
        total = spec["modifier"]
        return {"dice": 0, "modifier": total, "faces": [], "total": total, "lowest": total,
                "highest": total, "band": None}
    return roll_check(spec["dice"], spec["modifier"], seed)


def roll_to_hit(check: Mapping[str, Any], seed: int) -> dict:
    """Roll a card's to-hit check (see :func:`to_hit_check`) from ``seed``; ``hit`` is
    whether it succeeds against its target (criticals as for any check)."""
    rolled = roll_check(check["dice"], check["modifier"], seed)
    outcome = classify(rolled["total"], rolled["lowest"], rolled["highest"], check["target"])
    return {**rolled, "outcome": outcome, "hit": outcome in (SUCCESS, CRITICAL_SUCCESS)}
