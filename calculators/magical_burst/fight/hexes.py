"""Where Magical Burst combatants stand (seed 002, "Space and time", "Talents").

Combat is on a hex grid, one person to a hex, or without one ("theatre of the mind"). A
combatant's hex is axial ``(q, r)`` (pointy-top hexes: ``q`` grows to the east, ``r`` to the
south-east); a combatant without one (``q`` and ``r`` both ``None``) is in the theatre of the
mind, and nothing that depends on where she stands is enforced for her. The battle's rough
terrain and mines live in ``state.data`` (``rough``: ``[[q, r], …]``; ``mines``). These are pure
reads of a state: the events that move anyone are :mod:`.positions`'."""

from __future__ import annotations

from ...battle.state import State
from .conditions import GONE, OUT
from .numbers import number

#: The six steps to a neighbouring hex, each with its name on the move pad.
DIRECTIONS = (("North-west", 0, -1), ("North-east", 1, -1), ("West", -1, 0),
              ("East", 1, 0), ("South-west", -1, 1), ("South-east", 0, 1))
#: How far from the grid's origin a hex may be.
GRID = 1000
MELEE = number("melee-range")
#: The talent (its name lost) whose maximum range is 4 instead of 3.
LONG_RANGE = "lost-long-range"
FEAR_AURA, LASHING_GROUND = "fear-aura", "lashing-ground"


def placed(c: dict) -> bool:
    """Whether she stands on the grid (not in the theatre of the mind)."""
    return c.get("q") is not None


def hex_of(c: dict) -> tuple[int, int]:
    return c["q"], c["r"]


def distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    """Hexes between two axial positions (the steps from one to the other)."""
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def apart(a: dict, b: dict) -> int | None:
    """Hexes between two combatants, ``None`` when either is off the grid."""
    return distance(hex_of(a), hex_of(b)) if placed(a) and placed(b) else None


def within(c: dict, t: dict, most: int) -> bool:
    """Whether ``t`` is within range 1–``most`` of ``c`` (off the grid, the table judges)."""
    return (apart(c, t) or 0) <= most


def reach(c: dict, rng: str) -> tuple[int, int]:
    """The nearest and farthest hexes her ``rng`` ("melee" or "ranged") attack reaches: the
    hexes next to her; two to three hexes away, four with the longer-range talent."""
    if rng == "melee":
        return MELEE, MELEE
    most = number("long-range-max" if LONG_RANGE in c["talents"] else "ranged-range-max")
    return number("ranged-range-min"), most


def out_of_range(c: dict, t: dict, rng: str, origin: dict | None = None) -> str:
    """Why ``c``'s ``rng`` attack from ``origin`` (her own hex by default) cannot reach ``t``
    ("" when it can, or when either is off the grid, where the table judges)."""
    far = apart(origin or c, t)
    low, high = reach(c, rng)
    if far is None or low <= far <= high:
        return ""
    where = "the hexes next to" if high == MELEE else f"{low} to {high} hexes from"
    return (f"A {rng} attack reaches {where} {(origin or c)['name']}; {t['name']} is {far} "
            f"{'hex' if far == 1 else 'hexes'} away.")


NUDGE = 1e-6


def _round(x: float, z: float) -> tuple[int, int]:
    """The hex holding the fractional axial point ``(x, z)`` (cube rounding: round all three
    cube coordinates, then fix the one that moved most so they add up to 0)."""
    y = -x - z
    rx, ry, rz = round(x), round(y), round(z)
    dx, dy, dz = abs(rx - x), abs(ry - y), abs(rz - z)
    if dx > dy and dx > dz:
        rx = -ry - rz
    elif dy <= dz:
        rz = -rx - ry
    return rx, rz


def line(a: tuple[int, int], b: tuple[int, int]) -> list[tuple[int, int]]:
    """The hexes a straight line from the centre of ``a`` to the centre of ``b`` passes
    through, ``a`` and ``b`` included (reading ``hex-line``): a point every 1/N of the way,
    each rounded to its hex, the whole line nudged a hair (cube +ε, +ε, −2ε) so a line along
    two hexes' shared edge always falls the same side."""
    n = max(distance(a, b), 1)
    return [_round(a[0] + (b[0] - a[0]) * i / n + NUDGE, a[1] + (b[1] - a[1]) * i / n - 2 * NUDGE)
            for i in range(distance(a, b) + 1)]


def straight(at: tuple[int, int], direction: str, length: int) -> list[tuple[int, int]]:
    """The ``length`` hexes in a straight line from ``at`` (not included) towards one of the
    six ``DIRECTIONS`` (reading ``line-attack-hexes``)."""
    dq, dr = next((dq, dr) for name, dq, dr in DIRECTIONS if name == direction)
    return [(at[0] + dq * i, at[1] + dr * i) for i in range(1, length + 1)]


def foes_on_line(state: State, c: dict, direction: str, rng: str = "ranged") -> list[dict]:
    """Her enemies still fighting on the straight line from her hex towards ``direction`` out
    to her ``rng`` attack's farthest reach (ranged 3, or 4 with the longer-range talent;
    melee 1), nearest first."""
    hexes = straight(hex_of(c), direction, reach(c, rng)[1])
    found = [o for o in foes_placed(state, c) if hex_of(o) in hexes]
    return sorted(found, key=lambda o: hexes.index(hex_of(o)))


def foes_within(state: State, c: dict, most: int) -> list[dict]:
    """Her enemies still fighting at most ``most`` hexes from her hex (her own hex included:
    a host she possesses), nearest first: the circle of Deafening Scream (reading
    ``scream-circle``)."""
    found = [o for o in foes_placed(state, c) if distance(hex_of(o), hex_of(c)) <= most]
    return sorted(found, key=lambda o: distance(hex_of(o), hex_of(c)))


def put(state: State, c: dict, at: tuple[int | None, int | None]) -> None:
    """She stands on hex ``at`` now (``(None, None)``: off the grid); a monster possessing her
    is in her mind, so it stands on her hex with her (reading ``possession-in-the-fight``)."""
    c["q"], c["r"] = at
    for o in state.combatants:
        if o.get("possessing") == c["id"]:
            o["q"], o["r"] = at


def neighbours(at: tuple[int, int]) -> list[tuple[str, tuple[int, int]]]:
    """The six hexes next to ``at``, each with its direction's name."""
    return [(name, (at[0] + dq, at[1] + dr)) for name, dq, dr in DIRECTIONS]


def on_grid(at: tuple[int, int]) -> bool:
    return all(-GRID <= x <= GRID for x in at)


def standing(state: State) -> list[dict]:
    """Everyone still on the field and on the grid."""
    return [o for o in state.combatants if placed(o) and o["condition"] not in GONE]


def foes(state: State, c: dict) -> list[dict]:
    """Her enemies still fighting, on the grid or off it, in the battle's order."""
    return [o for o in state.combatants if o["side"] != c["side"] and o["condition"] not in OUT]


def foes_placed(state: State, c: dict) -> list[dict]:
    """Her enemies still fighting on the grid."""
    return [o for o in foes(state, c) if placed(o)]


def occupant(state: State, at: tuple[int, int]) -> dict | None:
    """Who stands on hex ``at`` (one person a hex; a monster in its host's mind shares its
    host's), or ``None``."""
    return next((o for o in standing(state) if hex_of(o) == at and not o.get("possessing")),
                None)


def foes_next_to(state: State, c: dict, at: tuple[int, int]) -> list[dict]:
    """Her enemies still fighting in the hexes next to ``at``."""
    return [o for o in foes_placed(state, c) if distance(hex_of(o), at) == MELEE]


def rough(state: State, c: dict, at: tuple[int, int]) -> str:
    """Why hex ``at`` is rough terrain for ``c`` ("" when it is not): the battle's terrain, or
    a hex next to a monster with Lashing Ground other than herself."""
    if list(at) in state.data.get("rough", []):
        return "rough terrain"
    lasher = next((o for o in standing(state) if o["id"] != c["id"] and o["condition"] not in OUT
                   and LASHING_GROUND in o["talents"]
                   and distance(hex_of(o), at) == MELEE), None)
    return f"{lasher['name']}'s Lashing Ground" if lasher else ""


def free_next_to(state: State, at: tuple[int, int]) -> tuple[int, int] | None:
    """The first free hex of the grid next to ``at``, in the fixed order of ``DIRECTIONS``
    (north-west first), or ``None`` when all six are taken."""
    return next((h for _, h in neighbours(at) if on_grid(h) and occupant(state, h) is None),
                None)


def aura_penalties(state: State, c: dict) -> list[tuple[str, int]]:
    """Fear Aura: −2 on her rolls for each enemy monster with it within melee range of her
    (reading ``fear-aura-every-roll``)."""
    if not placed(c):
        return []
    return [(f"{o['name']}'s Fear Aura", -number("fear-aura-penalty"))
            for o in foes(state, c) if FEAR_AURA in o["talents"] and apart(o, c) == MELEE]


__all__ = ["DIRECTIONS", "GRID", "LONG_RANGE", "MELEE", "apart", "aura_penalties", "distance",
           "foes", "foes_next_to", "foes_on_line", "foes_placed", "foes_within",
           "free_next_to", "hex_of", "line", "neighbours", "occupant",
           "on_grid", "out_of_range", "placed", "put", "reach", "rough", "standing",
           "straight", "within"]
