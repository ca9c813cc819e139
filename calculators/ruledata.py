"""Loading rule data files: JSON records checked against a dataclass when loaded.

Rule data lives in ``<system>/data/*.json`` as ``{"seed": FILE, "records": [...]}``. Each record
has a kebab-case ``id`` and a ``source`` naming the section of the seed file it restates
(``"source": "Basic rolls"``). A record is turned into its dataclass, whose annotations are
checked here, so a wrong type, an unknown or missing field, or a duplicate id stops the build
with a message naming the file and the record.
"""

from __future__ import annotations

import dataclasses
import functools
import json
import re
import types
import typing
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from .systems import SYSTEMS

#: The source documents (``../shared/seeds``), keyed by file name: the rule book each is, as a
#: player names it (from :data:`calculators.systems.SYSTEMS`).
SEED_FILES = {s.seed: s.title for s in SYSTEMS}
#: Each system's seed file, by the folder its pages live under.
SYSTEM_SEEDS = {s.folder: s.seed for s in SYSTEMS}

ID_PATTERN = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")

T = TypeVar("T")


class RuleDataError(Exception):
    """A rule data file is malformed; the message names the file and the record."""


@dataclass(frozen=True)
class Source:
    """Where a datum comes from: a seed file and the section heading it sits under."""

    file: str
    section: str

    def __post_init__(self) -> None:
        if self.file not in SEED_FILES:
            raise ValueError(f"unknown seed file {self.file!r}")
        if not isinstance(self.section, str) or not self.section.strip():
            raise ValueError("source section must be a non-empty heading")

    def cite(self) -> str:
        """The citation a player reads: the rule book and its section,
        ``Western Roses v0.6 — Basic rolls`` (the file name is for developers)."""
        return f"{SEED_FILES[self.file]} — {self.section}"


def cite_rules(system: str, *sections: str) -> str:
    """The rule book of ``system`` (a slug of :data:`SYSTEM_SEEDS`) and sections of it, as a
    page or breakdown cites them: ``Post-magic-maid — Wounds; Healing``."""
    return f"{SEED_FILES[SYSTEM_SEEDS[system]]} — {'; '.join(sections)}"


@dataclass(frozen=True)
class RuleValue:
    """One number of the rules (dice per stat point, a threshold, a cap), every system's
    ``data/*rules*.json`` uses this record shape; ``label`` says in words what it counts."""

    id: str
    value: int
    label: str
    source: Source


def data_dir(package: str) -> Path | zipfile.Path:
    """The ``data`` folder of a package of this one, e.g. ``calculators.western_roses``.

    A path beside the module when the package's files are unpacked (CPython, the tests, a
    Python restored from the site's memory snapshot); the same folder inside the wheel when
    the package is imported from the wheel itself, as a browser's first boot does to save
    unpacking it (``calc-worker.js``). Both answer ``iterdir``, ``name``, ``is_file``,
    ``read_text`` and ``read_bytes``, which is all the package asks of them.
    ``importlib.resources`` would do the same at the cost of another import before the
    browser's first answer."""
    parts = package.split(".")
    if parts[0] != __package__:
        raise ValueError(f"{package} is not part of {__package__}")
    archive = getattr(__spec__.loader, "archive", None)  # set by zipimport only
    if archive:
        return zipfile.Path(_wheel(archive), "/".join(parts) + "/data/")
    return Path(__file__).parent.joinpath(*parts[1:], "data")


@functools.cache
def _wheel(archive: str) -> zipfile.ZipFile:
    """The wheel the package is imported from, opened once (its table of contents read once)."""
    return zipfile.ZipFile(archive)


def load_records(package: str, filename: str, record_type: type[T]) -> tuple[T, ...]:
    """Load ``<package>/data/<filename>`` as a tuple of ``record_type`` (a frozen dataclass).

    Raises:
        RuleDataError: on any malformed record, duplicate id, or bad ``source``.
    """
    text = (data_dir(package) / filename).read_text(encoding="utf-8")
    return parse_records(json.loads(text), record_type, where=filename)


def parse_records(document: Any, record_type: type[T], where: str) -> tuple[T, ...]:
    """Build records from an already-parsed data document (see :func:`load_records`)."""
    if not isinstance(document, dict) or set(document) != {"seed", "records"}:
        raise RuleDataError(f"{where}: expected an object with exactly 'seed' and 'records'")
    seed, raw_records = document["seed"], document["records"]
    if seed not in SEED_FILES:
        raise RuleDataError(f"{where}: unknown seed file {seed!r}")
    if not isinstance(raw_records, list) or not raw_records:
        raise RuleDataError(f"{where}: 'records' must be a non-empty list")
    records: list[T] = []
    seen: set[str] = set()
    for index, raw in enumerate(raw_records):
        label = raw.get("id", f"#{index}") if isinstance(raw, dict) else f"#{index}"
        try:
            record = build_record(raw, record_type, seed)
        except (TypeError, ValueError) as exc:
            raise RuleDataError(f"{where}: record {label}: {exc}") from None
        record_id = getattr(record, "id")
        if record_id in seen:
            raise RuleDataError(f"{where}: record {record_id}: duplicate id")
        seen.add(record_id)
        records.append(record)
    return tuple(records)


def build_record(raw: Any, record_type: type[T], seed: str) -> T:
    """One record: fields type-checked against ``record_type``'s annotations."""
    if not isinstance(raw, dict):
        raise TypeError("a record must be a JSON object")
    hints = _hints(record_type)
    names = set(hints)
    unknown = set(raw) - names
    if unknown:
        raise TypeError(f"unknown field(s) {', '.join(sorted(unknown))}")
    values = {}
    for name, value in raw.items():
        if name == "source":
            value = Source(seed, value)
        else:
            value = convert(value, hints[name], name)
        values[name] = value
    record = record_type(**values)
    record_id = getattr(record, "id", None)
    if not isinstance(record_id, str) or not ID_PATTERN.match(record_id):
        raise ValueError(f"id {record_id!r} is not kebab-case")
    return record


@functools.cache
def _hints(record_type: type) -> dict[str, Any]:
    """A dataclass's field types, resolved once per class: resolving string annotations is
    most of the cost of loading data, and the site's first answer waits for it."""
    hints = typing.get_type_hints(record_type)
    return {f.name: hints[f.name] for f in dataclasses.fields(record_type)}


@functools.cache
def _shape(hint: Any) -> tuple[Any, tuple[Any, ...], bool]:
    """A type annotation's origin, its arguments, and whether it is a dataclass, worked out
    once per annotation: :func:`convert` asks for them for every value of every record, and
    the browser's first answer waits for the records."""
    return typing.get_origin(hint), typing.get_args(hint), dataclasses.is_dataclass(hint)


def convert(value: Any, hint: Any, name: str) -> Any:
    """Check ``value`` against a type annotation, turning lists into tuples and objects into
    nested dataclasses. Supports the plain types rule data needs: str, int, bool, float,
    ``X | None``, ``tuple[X, ...]``, ``dict[str, X]``, ``Literal[...]`` and dataclasses."""
    origin, args, record = _shape(hint)
    if hint is Any:
        return value
    if origin in (typing.Union, types.UnionType):
        if value is None and type(None) in args:
            return None
        options = [a for a in args if a is not type(None)]
        for option in options:
            try:
                return convert(value, option, name)
            except (TypeError, ValueError):
                continue
        raise TypeError(f"{name}: {value!r} fits none of {hint}")
    if origin is typing.Literal:
        if value not in args:
            raise ValueError(f"{name}: {value!r} is not one of {args}")
        return value
    if origin is tuple:
        if not isinstance(value, list):
            raise TypeError(f"{name}: expected a list")
        item = args[0]
        return tuple(convert(v, item, f"{name}[{i}]") for i, v in enumerate(value))
    if origin is dict:
        if not isinstance(value, dict):
            raise TypeError(f"{name}: expected an object")
        return {str(k): convert(v, args[1], f"{name}.{k}") for k, v in value.items()}
    if record:
        if not isinstance(value, dict):
            raise TypeError(f"{name}: expected an object")
        nested = _hints(hint)
        unknown = set(value) - set(nested)
        if unknown:
            raise TypeError(f"{name}: unknown field(s) {', '.join(sorted(unknown))}")
        return hint(**{k: convert(v, nested[k], f"{name}.{k}") for k, v in value.items()})
    if hint is float:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise TypeError(f"{name}: expected a number")
        return value
    if hint is int and isinstance(value, bool):
        raise TypeError(f"{name}: expected a whole number")
    if isinstance(hint, type) and not isinstance(value, hint):
        raise TypeError(f"{name}: expected {hint.__name__}, got {type(value).__name__}")
    return value
