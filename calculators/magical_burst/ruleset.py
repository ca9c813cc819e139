"""Shared pieces of the Magical Burst 4.1 rule data loaders (seed 002).

Every loader in this package reads ``data/*.json`` through :func:`calculators.ruledata.load_records`
(types, unknown fields, kebab-case ids, duplicate ids) and then checks what a type cannot say:
value ranges, fields that must appear together, and references between files. A failure raises
:class:`~calculators.ruledata.RuleDataError` naming the file and the record.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Literal

from ..ruledata import RuleDataError

#: How a record's name reached the site. ``given``: the source heads the entry with it.
#: ``from-text``: the heading was lost in the export but another passage of the source names the
#: entry (the Boost talent, the Veil monster talent…). ``lost``: no name survives; the site shows
#: a descriptive label beginning "Name lost".
NameStatus = Literal["given", "from-text", "lost"]

#: When an activity may be repeated, per the ``N/Scene`` style limits of the source.
Per = Literal["round", "scene", "episode"]

#: The three action types of a combat turn (see the combat page), ``None`` where the source gives
#: no action line for the entry.
Action = Literal["free", "minor", "major"]

LOST_PREFIX = "Name lost ("
OVERCHARGE_COST = re.compile(r"^[1-9][0-9]*\+?$")


def fail(where: str, record_id: str, message: str) -> None:
    """Raise the loaders' one error, naming the data file and the record."""
    raise RuleDataError(f"{where}: record {record_id}: {message}")


def check_name(where: str, record_id: str, name: str, status: str) -> None:
    """A lost name must look lost on the page, and a surviving name must not."""
    if (status == "lost") != name.startswith(LOST_PREFIX):
        fail(where, record_id, f"name {name!r} does not match name_status {status!r}")


def check_range(where: str, record_id: str, field: str, value: int | None,
                low: int, high: int) -> None:
    """``value`` is ``None`` or an integer in ``low..high``."""
    if value is not None and not low <= value <= high:
        fail(where, record_id, f"{field} {value} is outside {low}..{high}")


def check_uses(where: str, record_id: str, uses: int | None, per: str | None) -> None:
    """A use limit has both a count (1–3 in the source) and a period, or neither."""
    if (uses is None) != (per is None):
        fail(where, record_id, "uses and per must be given together")
    check_range(where, record_id, "uses", uses, 1, 3)


def check_refs(where: str, record_id: str, refs: Iterable[str], known: Iterable[str],
               what: str) -> None:
    """Every id in ``refs`` names a record of ``known``."""
    known = set(known)
    for ref in refs:
        if ref not in known:
            fail(where, record_id, f"unknown {what} {ref!r}")
