"""Western Roses items: weapons, armour and clothing (seed 000, "Items", "Clothing",
"Natural Weapons", "Weapons", "Throwing Weapons", "Improvised Weapons", "Armor").

Loaded from ``data/weapons.json``, ``weapon_categories.json``, ``armour.json`` and
``clothing.json``. A weapon's reach is either a fixed number of spaces or a fraction of the
wielder's range stat (rounded up, by the rounding rule of "Basic rolls").
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..ruledata import Source, load_records


@dataclass(frozen=True)
class WeaponRange:
    """Exactly one of ``spaces`` (fixed) or ``range_stat`` (``[numerator, denominator]`` of
    the wielder's range stat)."""

    spaces: int | None = None
    range_stat: tuple[int, ...] | None = None

    def __post_init__(self) -> None:
        if (self.spaces is None) == (self.range_stat is None):
            raise ValueError("range: give exactly one of spaces or range_stat")
        if self.range_stat is not None and (len(self.range_stat) != 2 or self.range_stat[1] < 1):
            raise ValueError("range_stat must be [numerator, denominator]")

    def spaces_for(self, range_stat: int) -> int:
        """The reach in spaces for a wielder with this range stat."""
        if self.spaces is not None:
            return self.spaces
        num, den = self.range_stat  # type: ignore[misc]
        return math.ceil(range_stat * num / den)

    def describe(self) -> str:
        """The reach as a table shows it: "2 spaces", "½ × range stat"."""
        if self.spaces is not None:
            return f"{self.spaces} space" + ("" if self.spaces == 1 else "s")
        num, den = self.range_stat  # type: ignore[misc]
        factor = _FRACTIONS.get((num, den), f"{num}/{den}" if den != 1 else str(num))
        return "range stat" if (num, den) == (1, 1) else f"{factor} × range stat"


_FRACTIONS = {(1, 2): "½", (1, 4): "¼", (3, 4): "¾"}


@dataclass(frozen=True)
class WeaponCategory:
    """Natural, traditional, throwing or improvised; improvised carries to-hit and damage
    penalties."""

    id: str
    name: str
    text: str
    to_hit_modifier: int
    damage_modifier: int
    source: Source


@dataclass(frozen=True)
class Weapon:
    """A weapon: reach, damage dice, recovery dice for thrown weapons (``None``: cannot be
    recovered, or not thrown), and a special effect."""

    id: str
    name: str
    category: str
    range: WeaponRange
    damage_dice: int
    recovery_dice: int | None
    effect: str | None
    source: Source


@dataclass(frozen=True)
class Armour:
    """A suit of armour: warmness, damage reduction (never below ``minimum_damage``) and its
    penalty to dodge rolls."""

    id: str
    name: str
    warmness: int
    damage_reduction: int
    minimum_damage: int
    dodge_modifier: int
    text: str
    source: Source


@dataclass(frozen=True)
class Clothing:
    """A set of clothes: warmness and any reduction of damage taken."""

    id: str
    name: str
    warmness: int
    damage_reduction: int
    text: str
    source: Source


WEAPON_CATEGORIES: dict[str, WeaponCategory] = {
    r.id: r for r in load_records(__package__, "weapon_categories.json", WeaponCategory)}
WEAPONS: dict[str, Weapon] = {r.id: r for r in load_records(__package__, "weapons.json", Weapon)}
ARMOUR: dict[str, Armour] = {r.id: r for r in load_records(__package__, "armour.json", Armour)}
CLOTHING: dict[str, Clothing] = {
    r.id: r for r in load_records(__package__, "clothing.json", Clothing)}

for _w in WEAPONS.values():
    if _w.category not in WEAPON_CATEGORIES:
        raise ValueError(f"weapon {_w.id}: unknown category {_w.category!r}")


def weapons_in(category: str) -> tuple[Weapon, ...]:
    """The weapons of one category, in the source's order."""
    return tuple(w for w in WEAPONS.values() if w.category == category)


__all__ = ["ARMOUR", "Armour", "CLOTHING", "Clothing", "WEAPONS", "WEAPON_CATEGORIES", "Weapon",
           "WeaponCategory", "WeaponRange", "weapons_in"]
