"""The suite's processor time by test file, from the lines ``tests/cpu_per_test.py`` writes
(``SUITE_CPU=suite-cpu.jsonl make test``, then ``python build_scripts/suite_cpu.py
suite-cpu.jsonl``): each file's processor seconds, wall seconds summed over its tests, tests,
and seconds a test, largest first; then the costliest single tests (``--tests N``)."""

from __future__ import annotations

import argparse
import json
from collections import defaultdict
from pathlib import Path


def by_file(lines: list[dict]) -> list[tuple[str, int, float, float]]:
    """``(file, tests, processor s, wall s)`` for each test file, most processor time first.
    A negative figure (a process tree that lost a Chromium it had killed) counts as zero."""
    files: dict[str, list] = defaultdict(lambda: [0, 0.0, 0.0])
    for line in lines:
        entry = files[line["id"].split("::")[0]]
        entry[0] += 1
        entry[1] += max(line["cpu"], 0.0)
        entry[2] += line["stop"] - line["start"]
    return sorted(((name, *entry) for name, entry in files.items()), key=lambda row: -row[2])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("lines", type=Path)
    parser.add_argument("--tests", type=int, default=15, help="costliest single tests shown")
    args = parser.parse_args()
    lines = [json.loads(text) for text in args.lines.read_text().splitlines() if text]
    rows = by_file(lines)
    total = sum(row[2] for row in rows)
    span = max(line["stop"] for line in lines) - min(line["start"] for line in lines)
    print(f"{len(lines)} tests, {total:.0f} processor s in {span:.0f} s "
          f"({total / span:.1f} cores busy on average)")
    print(f"{'processor s':>11} {'share':>6} {'wall s':>7} {'tests':>6} {'s/test':>7}  file")
    for name, tests, cpu, wall in rows:
        print(f"{cpu:11.0f} {cpu / total:6.1%} {wall:7.0f} {tests:6d} {cpu / tests:7.1f}  {name}")
    print(f"\nThe {args.tests} costliest tests (processor s, wall s):")
    for line in sorted(lines, key=lambda line: -line["cpu"])[:args.tests]:
        print(f"{line['cpu']:7.1f} {line['stop'] - line['start']:7.1f}  {line['id']}")


if __name__ == "__main__":
    main()
