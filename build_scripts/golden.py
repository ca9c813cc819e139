"""Golden battles: each system's sample battle (``battle_sample.py``, ``mb_battle_sample.py``
off and on the grid, ``pmm_battle_sample.py``), short, committed under ``tests/golden/`` with
the log lines it gives: each line's event, text, rule and dice. A test replays each file and
fails while a line differs, so a change to a rule number or to the code that plays it shows up
as a failing test and, once this command has written the files again on purpose, as a
reviewable diff of them::

    python -m build_scripts.golden          # write tests/golden/*.json again
    python -m build_scripts.golden --check  # exit 1, naming the files that differ

Each file is one JSON object: the ``calculator``, the ``battle`` (a battle file as
``--battle`` reads it) and its ``log``, one line of the file per log line.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path

from calculators import get

from build_scripts import battle_sample, mb_battle_sample, pmm_battle_sample

FOLDER = Path(__file__).resolve().parents[1] / "tests" / "golden"

#: Each golden battle by its file's name: its calculator and how its battle is played.
GOLDEN: dict[str, tuple[str, Callable[[], dict]]] = {
    "wr-battle-sample": ("wr-battle", lambda: battle_sample.sample_battle(60)),
    "mb-battle-sample": ("mb-battle", lambda: mb_battle_sample.sample_battle(60)),
    "mb-battle-grid-sample": ("mb-battle",
                              lambda: mb_battle_sample.sample_battle(60, grid=True)),
    "pmm-battle-sample": ("pmm-battle", lambda: pmm_battle_sample.sample_battle(60)),
}


def dice_words(dice: list[dict]) -> str:
    """A line's dice in a few words: ``fury: 2d6 3 5; shuffle``."""
    return "; ".join(f"{d['label']}: {d['dice']}" + "".join(f" {f}" for f in d["faces"])
                     for d in dice)


def log_of(calculator: str, battle: dict) -> list[dict]:
    """The log a battle file gives today, each line as a golden file keeps it."""
    state = get(calculator).run({"combatants": battle["combatants"],
                                 "events": battle["events"]})["state"]
    return [{"event": line["event"], "text": line["text"], "rule": line["rule"],
             "dice": dice_words(line["dice"])} for line in state["log"]]


def text_of(calculator: str, battle: dict, log: list[dict]) -> str:
    """A golden file's text: its calculator, its combatants, then one event and one log line
    to a line of the file, so a diff shows each event and line that changed."""
    def rows(items: list) -> str:
        return "[\n" + ",\n".join("  " + json.dumps(i, ensure_ascii=False) for i in items) \
            + "\n ]"
    return (f'{{"calculator": {json.dumps(calculator)},\n'
            f' "battle": {{"combatants": {json.dumps(battle["combatants"], ensure_ascii=False)},\n'
            f' "events": {rows(battle["events"])}}},\n'
            f' "log": {rows(log)}}}\n')


def golden_files() -> dict[str, str]:
    """File name → text of every golden battle, played and replayed today."""
    files = {}
    for name, (calculator, play) in GOLDEN.items():
        battle = play()
        battle = {"combatants": battle["combatants"], "events": battle["events"]}
        files[f"{name}.json"] = text_of(calculator, battle, log_of(calculator, battle))
    return files


def differing(folder: Path | None = None) -> list[str]:
    """The golden files that are missing from ``folder`` (:data:`FOLDER`) or differ from
    today's."""
    folder = FOLDER if folder is None else folder
    return [name for name, text in golden_files().items()
            if not (folder / name).exists()
            or (folder / name).read_text(encoding="utf-8") != text]


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args == ["--check"]:
        stale = differing()
        for name in stale:
            print(f"tests/golden/{name} differs from today's rules")
        return 1 if stale else 0
    if args:
        print("usage: python -m build_scripts.golden [--check]", file=sys.stderr)
        return 2
    FOLDER.mkdir(parents=True, exist_ok=True)
    for name, text in golden_files().items():
        (FOLDER / name).write_text(text, encoding="utf-8")
        print(f"tests/golden/{name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
