"""How long a battle's link is, for each system's tracker: the address "Copy a link" gives,
the battle's inputs compressed in its fragment as the site script writes them
(``docs/assets/js/calc/url-state.js``: ``#<widget-id>=1.`` then base64url of the deflate-raw
of ``{"inputs": {...}, "record": id}``), mirrored here in Python. The inputs are those the
page holds: the battle's name, combatants and events, and the keys of its file the page keeps
with them (its format, system, rules and one digest per event's lines: the answer's ``keep``),
so a link opened under other rules names the lines that differ, as the saved battle does.

The battles are the systems' sample battles (``battle_sample.py``, ``mb_battle_sample.py``,
``pmm_battle_sample.py``) played among a table with saved characters, each as the tracker holds
one picked from the character builder (her whole record, every input as text). A QR code holds
about 2,900 bytes, and many hosts refuse an address over 8 KB: :data:`LIMITS` are those, for
50 and 300 events; ``tests/package/test_link_sizes.py`` holds every system to them and
:func:`link_sizes` gives the benchmark the figures.
"""

from __future__ import annotations

import base64
import json
import zlib
from typing import Any

from calculators import get

from build_scripts import battle_sample, mb_battle_sample, pmm_battle_sample
from build_scripts.widgets import _as_text

#: A site address of a plausible length (a project's GitHub Pages address).
SITE = "https://someone.github.io/four-systems/"
#: Longest address for a battle of so many events: one QR code, and what hosts accept.
LIMITS = {50: 2_900, 300: 8_192}
#: The form mark of the compact payload (url-state.js's COMPACT).
MARK = "1."
#: A record id as the site script makes one (``storage.js`` newRecordId).
RECORD = "cmiq3b2k4x1f9z"


def text(value: Any) -> str:
    """A JSON value as the page's inputs hold it (``JSON.stringify``: no spaces)."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def pack(payload: dict) -> str:
    """``payload`` as url-state.js's ``packState`` writes it (zlib's default level, as the
    browser's CompressionStream)."""
    squeeze = zlib.compressobj(6, zlib.DEFLATED, -15)
    raw = squeeze.compress(text(payload).encode("utf-8")) + squeeze.flush()
    return MARK + base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


def unpack(packed: str) -> dict:
    """The payload of compact text (the inverse of :func:`pack`)."""
    body = packed.removeprefix(MARK)
    raw = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    return json.loads(zlib.decompress(raw, -15))


def saved(calculator: str, **inputs: Any) -> dict:
    """A saved character's record as the tracker takes her whole: every input of the builder
    (its example, with ``inputs`` over it) as text."""
    builder = get(calculator)
    return {k: _as_text(v) for k, v in {**builder.defaults(), **builder.example,
                                        **inputs}.items()}


def tables() -> dict[str, list[dict]]:
    """Each tracker's sample table with saved characters in it (two in Western Roses and
    post-magic-maid; Magical Burst's three girls are all saved characters)."""
    wr = battle_sample.combatants()
    for index, name in ((0, "Reimu"), (1, "Marisa")):
        c = wr[index]
        wr[index] = {"id": c["id"], "side": c["side"], "kind": "character", "x": c["x"],
                     "character": saved("wr-character", name=name)}
    mb = [{**c, "character": saved("mb-character", **c["character"])} if "character" in c
          else c for c in mb_battle_sample.combatants()]
    pmm = list(pmm_battle_sample.TABLE)
    pmm[0] = {**pmm[0], "character": saved("pmm-character", name="Aoi")}
    pmm[1] = {"id": "mei", "side": "heroes", "kind": "character",
              "character": saved("pmm-character", name="Mei")}
    return {"wr-battle": wr, "mb-battle": mb, "pmm-battle": pmm}


def battle(name: str, events: int) -> dict:
    """The tracker ``name``'s sample battle of ``events`` events among :func:`tables`."""
    sample = {"wr-battle": battle_sample, "mb-battle": mb_battle_sample,
              "pmm-battle": pmm_battle_sample}[name]
    return sample.sample_battle(events, table=tables()[name])


def answer(name: str, played: dict) -> dict:
    """Tracker ``name``'s answer to a page holding ``played`` (its combatants and events):
    its ``battle`` file, and in ``keep`` the keys of that file the page keeps with its
    inputs, as text."""
    return get(name).run(played)


def address(name: str, combatants: list, events: list, battle_name: str = "Bridge",
            keys: dict[str, str] | None = None) -> str:
    """The address "Copy a link" gives for this battle on tracker ``name``'s page: the inputs
    that differ from the page's, as text, in the fragment, with the file's ``keys`` the page
    keeps (:func:`answer`'s ``keep``) when given."""
    from calculators.systems import SYSTEMS

    system = next(s for s in SYSTEMS if s.battle == name)
    inputs = {"combatants": text(combatants), "events": text(events), "name": battle_name,
              **(keys or {})}
    payload = {"inputs": dict(sorted(inputs.items())), "record": RECORD}
    return f"{SITE}{system.folder}/battle-tracker/#{name}={pack(payload)}"


def link_sizes(counts: tuple[int, ...] = tuple(LIMITS)) -> list[dict]:
    """For each tracker and each number of events: the address's length in bytes, without the
    file's keys the page keeps (``bare``), the battle file's as the answer writes it (JSON), and the limit
    (``{"calc", "events", "link", "bare", "file", "limit"}``)."""
    from calculators.systems import SYSTEMS

    rows = []
    for name in (s.battle for s in SYSTEMS if s.battle):
        for count in counts:
            played = battle(name, count)
            answered = answer(name, played)
            link = address(name, played["combatants"], played["events"],
                           keys=answered["keep"])
            bare = address(name, played["combatants"], played["events"])
            rows.append({"calc": name, "events": len(played["events"]),
                         "link": len(link.encode("utf-8")), "bare": len(bare.encode("utf-8")),
                         "file": len(text(answered["battle"])), "limit": LIMITS.get(count)})
    return rows


if __name__ == "__main__":
    for row in link_sizes():
        print(f"{row['calc']:<11} {row['events']:>4} events: link {row['link']:>5} bytes "
              f"(limit {row['limit']}; {row['bare']:>5} without the file's keys), "
              f"file {row['file']:>6} bytes")
