"""A battle file that lasts: it says which format it is, which system it belongs to and the
rules it was played under, and keeps a short digest of each event's log lines; opened later,
it is upgraded to today's format and replayed under today's rules, saying what now differs.

The file (what ``--battle FILE`` reads and the answer's ``battle`` holds) is, in format 2::

    {"format": 2, "system": "western-roses",
     "rules": {"release": "0.1.0", "data": "3f2a…"},
     "combatants": [...], "events": [...], "lines": ["9c1d04ee", ...]}

``rules`` names the site's release and a digest of the system's rule data (every file of its
``data/`` folder); ``lines`` holds one digest per event (:func:`.log.digest`). Opening it
replays the events under today's rules, *leniently for the events it recorded* (those its
``lines`` cover, see format 1 below): one of them today's rules refuse becomes a ruling in the log
(:func:`.replay.set_aside`) rather than refusing the battle. An event past them (appended
since, as the tracker's buttons append a tap's) is a new one, checked as strictly as the
``event`` input: an illegal one is refused on ``events[i]``, never kept as a ruling. The
answer's ``state.record`` names the rules it was played under, the events whose lines now
read differently, and the events set aside, with a sentence saying so.

Format changes go through :data:`UPGRADES`, one function per old format, each tested on a
file of that format. Format 1 is every battle saved before files had a version: no
``format`` key at all (a page's battle saved before the page kept these keys is read so too).
It has no ``lines``, so every event it holds counts as recorded: such a battle, reopened under
other rules, still opens.

The page keeps these keys with its inputs (:func:`kept`, the answer's ``keep``): its saved
battle, its exported file and its link hold the file whole, so a tap appended to its
``events`` is past the ``lines`` and checked strictly, and a battle saved on a device and
reopened under other rules names the lines that differ.
"""

from __future__ import annotations

import functools
import hashlib
import json
from collections.abc import Callable, Mapping
from typing import Any

from ..errors import CalculatorError
from ..params import JSON, TEXT, Param
from ..ruledata import data_dir
from ..systems import SYSTEMS
from .replay import Battle, push, replayed
from .rules import Rules
from .state import State

#: The format a battle file is written in now.
FORMAT = 2
#: The site's release, as a battle file records it (the package's version in pyproject.toml;
#: a test holds the two together).
RELEASE = "0.1.0"
#: The keys of a battle file besides its combatants and events, which the calculator takes
#: as hidden inputs.
RECORD_KEYS = ("format", "system", "rules", "lines")
#: Longest digest text a file may give (a release name, a rule data digest, an event's).
MAX_DIGEST = 64

RECORD_INPUTS = (
    Param("format", "File format", minimum=1, maximum=999, hidden=True,
          help=f"The battle file's format: {FORMAT} now; a file without one is of format 1 "
               "(saved before files had a version) and is upgraded when opened."),
    Param("system", "System", kind=TEXT, default="", maximum=40, hidden=True,
          help="The system whose battle this is (western-roses, magical-burst, "
               "post-magic-maid)."),
    Param("rules", "Rules played under", kind=JSON, hidden=True,
          help="The rules it was played under: the site's \"release\" and a digest of the "
               "system's rule \"data\"."),
    Param("lines", "Log digests", kind=JSON, hidden=True,
          help="A short digest of each event's log lines, in order, so a replay under other "
               "rules names the lines that now differ."),
)


def _digest(package: str) -> str:
    """A digest (12 hex digits) of every file of ``package``'s ``data/`` folder, by name and
    content."""
    sha = hashlib.sha256()
    for path in sorted(data_dir(package).iterdir(), key=lambda p: p.name):
        if path.is_file():
            sha.update(path.name.encode("utf-8") + b"\0" + path.read_bytes() + b"\0")
    return sha.hexdigest()[:12]


@functools.cache
def data_digest(system: str) -> str:
    """The digest of the rule data of ``system`` (a slug such as ``western-roses``); empty for
    a battle system that is not one of the site's (a test's).

    Taken on first use, not on import: a page's first answer needs its own system's digest
    only, and reading every system's data on import cost a slow phone's first visit to a
    battle tracker 0.1-0.4 s of its imports (``make bench``, two A/Bs). A Python restored from the
    browser's memory snapshot has none of the package's files before its first answer, so
    the snapshot is taken with every system's digest in this cache
    (``build_scripts/import_package.mjs``)."""
    package = next((s.package for s in SYSTEMS if s.folder == system), None)
    return _digest(package) if package else ""


def stamp(rules: Rules) -> dict:
    """The rules a battle is played under today: the release and the digest of its data."""
    return {"release": RELEASE, "data": data_digest(rules.system)}


def head(rules: Rules) -> dict:
    """What a battle file written today says of itself before its combatants."""
    return {"format": FORMAT, "system": rules.system, "rules": stamp(rules)}


def _from_format_1(file: dict, rules: Rules) -> dict:
    """Format 1 (no ``format`` key: saved before files had one) to 2. Such a file names no
    system and no rules; it is taken as this system's, played under rules unknown, with no
    digest of its lines to compare (see :func:`opened` for what it recorded)."""
    return {**file, "format": 2, "system": file.get("system") or rules.system, "rules": None,
            "lines": None}


#: Each old format's upgrade to the next one, by the format it reads.
UPGRADES: dict[int, Callable[[dict, Rules], dict]] = {1: _from_format_1}


def upgraded(file: Mapping[str, Any], rules: Rules) -> dict:
    """``file`` (a battle file's inputs) in today's format, through each upgrade in turn.

    Raises:
        CalculatorError: on ``format``, a file from a newer site than this one.
    """
    found = dict(file)
    version = found.get("format") or 1
    if version > FORMAT:
        raise CalculatorError.single("format", f"This battle file is of format {version}, "
                                     f"saved by a newer version of the site; this one reads "
                                     f"formats up to {FORMAT}.")
    while version < FORMAT:
        found = UPGRADES[version](found, rules)
        version = found["format"]
    return found


def _checked(file: dict, rules: Rules) -> tuple[dict | None, list[str] | None]:
    """The rules a file says it was played under and its digests of lines, checked.

    Raises:
        CalculatorError: another system's battle (``system``), a ``rules`` or ``lines`` of
            the wrong shape.
    """
    if file.get("system") and file["system"] != rules.system:
        raise CalculatorError.single("system", f"This is a battle of {file['system']}, not "
                                     f"of {rules.system}: open it with that system's tracker.")
    played, lines = file.get("rules"), file.get("lines")
    if played is not None and not (
            isinstance(played, dict) and set(played) <= {"release", "data"}
            and all(isinstance(v, str) and len(v) <= MAX_DIGEST for v in played.values())):
        raise CalculatorError.single("rules", "The rules played under are an object of "
                                     "\"release\" and \"data\", each a short text.")
    if lines is not None and not (isinstance(lines, list) and all(
            isinstance(d, str) and len(d) <= MAX_DIGEST for d in lines)):
        raise CalculatorError.single("lines", "The log digests are a list of short texts, "
                                              "one per event.")
    return played, lines


def _events(indices: list[int]) -> str:
    shown = ", ".join(str(i) for i in indices[:5]) + (", …" if len(indices) > 5 else "")
    return f"event {shown}" if len(indices) == 1 else f"events {shown}"


def report(played: dict | None, today: dict, kept: list[str] | None, state: State) -> dict:
    """What opening a file found: the rules it was ``played`` under (``None``: not recorded),
    those of ``today``, the events whose lines differ from the digests ``kept``, and those
    set aside; with a ``notice`` in words. Empty when nothing differs."""
    refused = list(state.refused)
    differ = [i for i, (was, now) in enumerate(zip(kept or [], state.digests)) if was != now]
    other = played is not None and played != today
    if not (other or differ or refused):
        return {}
    if other:
        said = [f"Played under the rules of release {played.get('release', '?')} (rule data "
                f"{played.get('data', '?') or 'unnamed'}); replayed under today's "
                f"({today['release']}, rule data {today['data'] or 'unnamed'})"]
    else:
        said = ["Replayed under today's rules"]
    if differ:
        said.append(f"{len(differ)} of its events' lines differ from when it was saved, the "
                    f"first at event {differ[0]}")
    elif kept is not None:
        said.append("every line reads as when it was saved")
    if refused:
        said.append(f"today's rules refuse {_events(refused)}, set aside as a ruling in the log")
    return {"played_under": played, "rules": today, "differ": differ, "refused": refused,
            "notice": "; ".join(said) + "."}


def _text(value: Any) -> str:
    """A value as the page's inputs hold it (JSON as ``JSON.stringify`` writes it)."""
    return value if isinstance(value, str) else \
        json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def kept(given: Mapping[str, Any], battle: Mapping[str, Any]) -> dict[str, str]:
    """The keys of the battle file (``battle``, as answered) that a page holding its inputs
    (``given``: their values, coerced) keeps with them from now on, as the text of its inputs.

    Today's, once those given no longer describe the log: none given yet (format 1), or
    digests of another number of events than it holds (a tap appended, an event taken off).
    None while they still do: a battle played under other rules goes on saying so, each time
    it is opened, until it is played on; then its lines are today's.
    """
    lines = given.get("lines")
    if given.get("format") == FORMAT and isinstance(lines, list) and \
            len(lines) == len(battle["events"]):
        return {}
    return {key: _text(battle[key]) for key in RECORD_KEYS}


def opened(rules: Rules, file: Mapping[str, Any], event: Any) -> tuple[Battle, State]:
    """The battle a file holds (any format, upgraded) and its state, replayed under today's
    rules, after ``event`` when given. The events the file recorded (as many as its
    ``lines``; without them, all it holds) are replayed leniently, a refused
    one set aside as a ruling; the events past them and ``event`` are new ones, checked
    strictly. The battle comes back in today's format;
    ``state.record`` says what differs (see :func:`report`).

    Raises:
        CalculatorError: a file of a newer format or another system, bad combatants, an
            event appended past the recorded ones (``events[i]``) or a new ``event`` the
            state refuses.
    """
    now = upgraded(file, rules)
    played, kept = _checked(now, rules)
    combatants, events = list(now.get("combatants") or []), list(now.get("events") or [])
    battle = Battle(tuple(combatants), tuple(events), head(rules), ())
    if not combatants and not events and event is None:
        return battle, State(combatants=[])
    recorded = None if kept is None else len(kept)
    if event is not None:
        battle, state = push(rules, battle, event, recorded)
    else:
        state = replayed(rules, combatants, events, recorded)
    state.record = report(played, stamp(rules), kept, state)
    return Battle(battle.combatants, battle.events, battle.head, tuple(state.digests)), state


__all__ = ["FORMAT", "RECORD_INPUTS", "RECORD_KEYS", "RELEASE", "UPGRADES", "data_digest",
           "head", "kept", "opened", "report", "stamp", "upgraded"]
