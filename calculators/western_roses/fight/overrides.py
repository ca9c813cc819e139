"""The game master's overrides in a Western Roses battle: which of a combatant's numbers she
may set and within what bounds, the statuses she may add or remove, and what follows a change
(HP moves her along the wound track), given to the engine's override events
(:mod:`calculators.battle.overrides`)."""

from __future__ import annotations

from ...battle.overrides import OverrideHooks, Settable, fixed, override_events
from ..combat import STATUS_EFFECTS
from .combatants import MAX_HP, MAX_STAT
from .damage import LOWEST_HP, set_condition_from_hp
from .meter import POINTS_PER_CARD
from .positions import ARENA
from .turns import ACTIONS_PER_TURN, next_turn


def _after_set(state, c: dict, field: str, old: int) -> None:
    """HP and max HP move her along the wound track, as a hit or a heal would."""
    if field in ("hp", "max_hp"):
        c["hp"] = min(c["hp"], c["max_hp"])
        set_condition_from_hp(state, c)


SETTABLE = {
    "hp": Settable("HP", lambda c: (LOWEST_HP, c["max_hp"])),
    "max_hp": Settable("Max HP", fixed(1, MAX_HP)),
    "spell_power": Settable("Spell power", lambda c: (0, c["cap"])),
    "meter": Settable("Spell-meter", fixed(0, POINTS_PER_CARD - 1)),
    "actions": Settable("Actions left", fixed(0, ACTIONS_PER_TURN)),
    **{k: Settable(k.upper(), fixed(0, MAX_STAT)) for k in ("pwr", "cha", "int", "ins")},
    "will": Settable("Will", fixed(0, MAX_STAT)),
    "speed": Settable("Speed", fixed(0, MAX_STAT)),
    "range": Settable("Range", fixed(0, MAX_STAT)),
    "x": Settable("Column", fixed(-ARENA, ARENA)),
    "y": Settable("Row", fixed(-ARENA, ARENA)),
    "out_turns": Settable("Turns unconscious", fixed(0, 100)),
}

OVERRIDES = override_events(OverrideHooks(
    settable=SETTABLE, statuses={s.id: s.name for s in STATUS_EFFECTS.values()},
    after_set=_after_set, next_turn=next_turn))
