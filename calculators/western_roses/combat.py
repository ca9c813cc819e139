"""Western Roses combat, status and drinking data (seed 000, "Turn Order", "Actions",
"Attacking and Dodging", "Grazing", "Mortal Wounds", "Spell-meter", "Damage Rolls",
"Spell Power", "Status Effects", "Drinking").

Loaded from ``data/combat_rules.json`` (single numbers), ``actions.json``, ``spell_meter.json``,
``spell_power_pickup.json``, ``wounds.json``, ``status_effects.json`` and ``drinking.json``.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ..ruledata import Source, load_records
from ..ruledata import RuleValue


@dataclass(frozen=True)
class Action:
    """One of the actions a character may take with each of her actions in a turn."""

    id: str
    name: str
    text: str
    source: Source


@dataclass(frozen=True)
class MeterGain:
    """An event that adds points to the spell-meter."""

    id: str
    label: str
    points: int
    source: Source


@dataclass(frozen=True)
class PowerPickup:
    """Share of a fallen character's dropped spell power collected at a distance."""

    id: str
    distance: int
    share: tuple[int, ...]
    source: Source

    @property
    def fraction(self) -> Fraction:
        return Fraction(self.share[0], self.share[1])


@dataclass(frozen=True)
class Wound:
    """A stage of being worn down: mortal wounds, unconsciousness, death, destruction."""

    id: str
    name: str
    text: str
    source: Source


@dataclass(frozen=True)
class StatusEffect:
    """A status effect; ``resisted_by`` is the stat (``cha``…) or skill (``will``) rolled to
    avoid or shake it off, where the source names one."""

    id: str
    name: str
    text: str
    resisted_by: str | None
    to_hit_modifier: int
    source: Source


@dataclass(frozen=True)
class ConsciousnessCheck:
    """The charisma roll to stay conscious: its own ``modifier`` and the ``total`` with the
    level's general penalty included, and how long a failure knocks her out."""

    modifier: int
    total: int
    unconscious_for: str


@dataclass(frozen=True)
class DrunkLevel:
    """A level of the drunkenness scale with its roll modifiers: cognition-based rolls (INT,
    INS, will, intuition…), power rolls, and all other rolls."""

    id: str
    name: str
    level: int
    cognition_modifier: int
    other_modifier: int
    power_modifier: int
    consciousness_check: ConsciousnessCheck | None
    text: str
    source: Source


def _by_id(records):
    return {r.id: r for r in records}


COMBAT_RULES: dict[str, RuleValue] = _by_id(load_records(__package__, "combat_rules.json",
                                                         RuleValue))
ACTIONS: dict[str, Action] = _by_id(load_records(__package__, "actions.json", Action))
SPELL_METER: dict[str, MeterGain] = _by_id(load_records(__package__, "spell_meter.json",
                                                        MeterGain))
POWER_PICKUP: dict[str, PowerPickup] = _by_id(load_records(__package__, "spell_power_pickup.json",
                                                           PowerPickup))
WOUNDS: dict[str, Wound] = _by_id(load_records(__package__, "wounds.json", Wound))
STATUS_EFFECTS: dict[str, StatusEffect] = _by_id(load_records(__package__, "status_effects.json",
                                                              StatusEffect))
DRINKING: dict[str, DrunkLevel] = _by_id(load_records(__package__, "drinking.json", DrunkLevel))


def rule(rule_id: str) -> int:
    """A single combat number by id, e.g. ``rule("dodge-difficulty")``."""
    return COMBAT_RULES[rule_id].value


__all__ = ["ACTIONS", "Action", "COMBAT_RULES", "ConsciousnessCheck", "DRINKING", "DrunkLevel",
           "MeterGain", "POWER_PICKUP", "PowerPickup", "SPELL_METER", "STATUS_EFFECTS",
           "StatusEffect", "WOUNDS", "Wound", "rule"]
