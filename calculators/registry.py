"""Name → calculator, importing only what a caller asks for.

The browser's first live answer waits for Python to import the calculator it needs; importing
every system's modules and rule data for a page with one widget would double that wait. So the
registry is a table of where each calculator is defined, and a calculator's module is imported
on first use. A test checks the table against the modules (every ``Calculator`` defined is
listed, under its own name).
"""

from __future__ import annotations

import functools
import importlib
from collections.abc import Iterator, Mapping

from .calculator import Calculator
from .errors import CalculatorError

#: Calculator name → ``module:attribute`` below ``calculators``.
LOCATIONS: dict[str, str] = {
    "wr-check": "western_roses.checks:WR_CHECK",
    "wr-versus": "western_roses.versus:WR_VERSUS",
    "wr-attack": "western_roses.attack:WR_ATTACK",
    "wr-damage": "western_roses.damage:WR_DAMAGE",
    "spellcard": "western_roses.spellcards.calculators:WR_SPELLCARD",
    "spellcard-deck": "western_roses.spellcards.calculators:WR_SPELLCARD_DECK",
    "spellcard-builder": "western_roses.spellcards.builder:WR_SPELLCARD_BUILDER",
    "wr-character": "western_roses.character:WR_CHARACTER",
    "wr-battle": "western_roses.fight.calculator:WR_BATTLE",
    "roll-keep": "roll_keep.roll:ROLL_KEEP",
    "rk-contest": "roll_keep.contest:RK_CONTEST",
    "mb-check": "magical_burst.checks:MB_CHECK",
    "mb-move": "magical_burst.checks:MB_MOVE",
    "mb-sorcery": "magical_burst.sorcery:MB_SORCERY",
    "mb-attack": "magical_burst.attack:MB_ATTACK",
    "mb-contest": "magical_burst.contest:MB_CONTEST",
    "mb-overcharge": "magical_burst.overcharge_odds:MB_OVERCHARGE",
    "mb-judgment-burst": "magical_burst.burst:MB_JUDGMENT_BURST",
    "mb-tracker": "magical_burst.tracker:MB_TRACKER",
    "mb-roll-table": "magical_burst.table_roll:MB_ROLL_TABLE",
    "mb-character": "magical_burst.character:MB_CHARACTER",
    "mb-battle": "magical_burst.fight.calculator:MB_BATTLE",
    "mb-monster": "magical_burst.monster_builder:MB_MONSTER",
    "pmm-check": "post_magic_maid.checks:PMM_CHECK",
    "pmm-blitz": "post_magic_maid.blitz:PMM_BLITZ",
    "pmm-character": "post_magic_maid.character:PMM_CHARACTER",
    "pmm-battle": "post_magic_maid.fight.calculator:PMM_BATTLE",
    "table-message": "battle.live:TABLE_MESSAGE",
}


@functools.cache
def _load(name: str) -> Calculator:
    module, _, attribute = LOCATIONS[name].partition(":")
    calc = getattr(importlib.import_module(f"{__package__}.{module}"), attribute)
    if not isinstance(calc, Calculator) or calc.name != name:
        raise RuntimeError(f"registry entry {name!r} points at {LOCATIONS[name]}, "
                           f"which is not the calculator of that name")
    return calc


def get(name: str) -> Calculator:
    """The calculator called ``name``, or a :class:`CalculatorError` listing the known names."""
    if isinstance(name, str) and name in LOCATIONS:
        return _load(name)
    known = ", ".join(sorted(LOCATIONS))
    raise CalculatorError.single("calculator", f"No calculator of that name; known: {known}.")


def run(name: str, params: object = None) -> dict:
    """Run calculator ``name`` on raw JSON parameters and return its JSON-able result."""
    return get(name).run(params)


class _Registry(Mapping[str, Calculator]):
    """A read-only mapping over :data:`LOCATIONS` that imports a calculator when it is read."""

    def __getitem__(self, name: str) -> Calculator:
        if name not in LOCATIONS:
            raise KeyError(name)
        return _load(name)

    def __iter__(self) -> Iterator[str]:
        return iter(LOCATIONS)

    def __len__(self) -> int:
        return len(LOCATIONS)


#: Every calculator by name (listing the names imports nothing; reading one imports it).
CALCULATORS: Mapping[str, Calculator] = _Registry()
