"""The files the README's command lines read: each page's own example, as the file its
calculator takes.

A calculator with a ``document`` option (a character's ``--sheet``, a battle's ``--battle``)
gets ``examples/<calculator>.json``, the inputs of the page's example; otherwise a JSON input
with an example (the spellcard's ``--card``, the deck checker's ``--deck``) gets
``examples/<calculator>-<input>.json``. The files are committed so a fresh clone can run the
README as written; ``python -m build_scripts.examples`` writes them again after an example
changes, and a test fails while a committed file differs from what this writes.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from calculators import CALCULATORS
from calculators.params import JSON

FOLDER = Path(__file__).resolve().parents[1] / "examples"


def example_files() -> dict[str, str]:
    """File name → text, for every calculator whose example can be given as a file."""
    files = {}
    for calc in CALCULATORS.values():
        if calc.document and calc.example:
            files[f"{calc.name}.json"] = _text(calc.example)
            continue  # the document holds its JSON inputs too
        for param in calc.params:
            if param.kind == JSON and param.name in calc.example:
                files[f"{calc.name}-{param.name}.json"] = _text(calc.example[param.name])
    return files


def _text(value) -> str:
    return json.dumps(value, ensure_ascii=False, indent=2) + "\n"


def main() -> int:
    FOLDER.mkdir(exist_ok=True)
    for name, text in example_files().items():
        (FOLDER / name).write_text(text, encoding="utf-8")
        print(FOLDER.name + "/" + name)
    return 0


if __name__ == "__main__":
    sys.exit(main())
