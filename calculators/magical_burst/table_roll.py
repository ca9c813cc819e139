"""``mb-roll-table``: one row of a Magical Burst flair or change table, by its number or rolled
from a seed.

Seed ``002_f32d69e9731a3667.txt``, “Overcharge”: the game master and player may pick a row,
roll one, or make one up. The tables' dice are a reading (``overcharge-table-dice``): a d36
(a d3 for the tens, a d6 for the units) for 18 rows, a d66 for 36. A seeded roll uses
``random.Random(seed)``, so the same seed gives the same row on every machine and in Pyodide.
"""

from __future__ import annotations

from ..calculator import Calculator
from ..errors import CalculatorError
from ..params import CHOICE, Param
from ..ui import MAX_SEED, RANDOM
from .overcharge import STAGES, TABLES, Change, entry, roll_codes, roll_table
from .table_roll_view import render_table_roll



def mb_roll_table(table: str, entry_number: int | None, seed: int | None) -> dict:
    """The row numbered ``entry_number``, or the row two dice seeded with ``seed`` land on.

    Raises:
        CalculatorError: if both or neither of ``entry_number`` and ``seed`` are given, or the
            table has no row with that number.
    """
    t = TABLES[table]
    if (entry_number is None) == (seed is None):
        message = ("Give a row number or a seed, not both." if seed is not None
                   else "Give a row number to look up, or a seed to roll.")
        raise CalculatorError.single("entry_number", message)
    dice = None
    if seed is not None:
        tens, units, row = roll_table(table, seed)
        dice = [tens, units]
    else:
        assert entry_number is not None
        if entry_number not in roll_codes(table):
            codes = roll_codes(table)
            raise CalculatorError.single(
                "entry_number", f"{t.title} are numbered {codes[0]}–{codes[-1]} on a {t.die} "
                f"(tens 1–{t.tens_die}, units 1–{t.units_die}); {entry_number} is not one of them.")
        row = entry(table, entry_number)
    result = {
        "table": table,
        "title": t.title,
        "kind": t.kind,
        "die": t.die,
        "seed": seed,
        "dice": dice,
        "roll": row.roll,
        "id": row.id,
        "source": row.source.cite(),
        "stages": [f"{s.name} ({s.band})" for s in STAGES if s.table == t.kind],
        # A fresh seed on the same table; the row number is cleared (the two are alternatives).
        "roll_again": {"label": "Roll again" if seed is not None else "Roll this table",
                       "title": f"Roll a new row of {t.title}",
                       "set": {"seed": RANDOM, "entry_number": ""}},
    }
    if isinstance(row, Change):
        result.update(name=row.name, text=row.effect, lost=row.effect is None)
    else:
        result.update(name=None, text=row.text, lost=False)
    return result


MB_ROLL_TABLE = Calculator(
    name="mb-roll-table",
    title="Roll on a flair or change table",
    summary="Look up a row of a Magical Burst flair or change table, or roll one from a seed.",
    params=(
        Param("table", "Table", kind=CHOICE, default="heart-minor-flairs",
              choices=tuple((t.id, f"{t.title} ({t.die})") for t in TABLES.values())),
        Param("entry_number", "Row number", minimum=11, maximum=66, exclusive="pick",
              help="Tens and units, e.g. 34 for a 3 and a 4."),
        Param("seed", "Seed", minimum=0, maximum=MAX_SEED, exclusive="pick", hidden=True,
              help="Set by Roll: the same seed always rolls the same row (kept in the link)."),
    ),
    compute=mb_roll_table,
    render=render_table_roll,
    example={"seed": 13},
    rules=(("Flair and change tables", "magical-burst/overcharge.md#tables"),),
)
