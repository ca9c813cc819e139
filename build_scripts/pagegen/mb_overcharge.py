"""Magical Burst overcharge data for page templates (``docs/magical-burst/overcharge.md``).

Everything on the overcharge page comes from ``calculators.magical_burst.overcharge``: the stage
bands, the flair and change tables, the bursts and the rules for gaining, shedding and (for
adversaries) using overcharge.
"""

from __future__ import annotations

from calculators.magical_burst import overcharge as oc
from calculators.magical_burst.tracker import MAX_COUNTER


def tables_of(stat: str) -> list[tuple[oc.Table, tuple]]:
    """A stat's tables in play order (minor flairs, major flairs, changes), each with its rows."""
    order = ("minor-flair", "major-flair", "change")
    tables = sorted((t for t in oc.TABLES.values() if t.stat == stat),
                    key=lambda t: order.index(t.kind))
    return [(t, oc.entries(t.id)) for t in tables]


def stage_rows() -> list[dict]:
    """One row per stage: band, name, summary, and the anchors of what it calls for per stat."""
    rows = []
    for stage in oc.STAGES:
        targets = [(oc.STAT_NAMES[s], oc.table_id(s, stage)) for s in oc.STATS]
        rows.append({"stage": stage, "targets": [t for t in targets if t[1] is not None]})
    return rows


def rules_of(kind: str) -> list[oc.OverchargeRule]:
    """The overcharge rules of one kind (``counter``, ``gain``, ``reduce``, ``adversary``)."""
    return [r for r in oc.OVERCHARGE_RULES.values() if r.kind == kind]


def dice() -> list[dict]:
    """The dice the tables use, smallest first: ``die`` (d36), ``rows``, ``tens`` and ``units``
    (sides of each die), ``first`` and ``last`` row numbers, and the tables that use it."""
    shapes: dict[str, dict] = {}
    for t in oc.TABLES.values():
        codes = oc.roll_codes(t.id)
        shape = shapes.setdefault(t.die, {"die": t.die, "rows": t.size, "tens": t.tens_die,
                                          "units": t.units_die, "first": codes[0],
                                          "last": codes[-1], "tables": []})
        shape["tables"].append(t)
    return sorted(shapes.values(), key=lambda d: d["rows"])


NAMESPACE = "mb.overcharge"
GLOBALS = {
    "dice": dice,
    "stats": oc.STATS,
    "stat_names": oc.STAT_NAMES,
    "stage_rows": stage_rows,
    "tables_of": tables_of,
    "bursts": oc.BURSTS,
    "rules_of": rules_of,
    "burst_at": oc.BURST_AT,
    "max_counter": MAX_COUNTER,
    "row_count": len(oc.FLAIRS) + len(oc.CHANGES),
}
