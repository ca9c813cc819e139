"""Dice drawn from the seed an event carries, each roll kept for the log.

An event that rolls carries a ``seed`` (the browser draws it from ``crypto.getRandomValues``);
:class:`Dice` rolls from ``random.Random(seed)``, the generator the sheets' rolls use, whose
sequence CPython and Pyodide share. So a battle replays to the same numbers from its log.
"""

from __future__ import annotations

import random


class Dice:
    """The dice of one event: every roll made through it is listed in :attr:`rolled`."""

    def __init__(self, seed: int | None) -> None:
        self._rng = random.Random(seed) if seed is not None else None
        self.rolled: list[dict] = []

    def roll(self, count: int, sides: int, label: str) -> list[int]:
        """``count`` dice of ``sides`` faces, recorded as ``{label, dice, faces}``.

        Raises:
            RuntimeError: when the event carries no seed (an event type that rolls must
                declare one; a programming error, never bad input).
        """
        if self._rng is None:
            raise RuntimeError(f"{label}: this event rolls dice but carries no seed")
        faces = [self._rng.randint(1, sides) for _ in range(max(count, 0))]
        self.rolled.append({"label": label, "dice": f"{len(faces)}d{sides}", "faces": faces})
        return faces

    def shuffle(self, items: list, label: str) -> None:
        """Shuffle ``items`` in place (a deck), recorded without faces."""
        if self._rng is None:
            raise RuntimeError(f"{label}: this event shuffles but carries no seed")
        self._rng.shuffle(items)
        self.rolled.append({"label": label, "dice": "shuffle", "faces": []})

    def take(self) -> list[dict]:
        """The rolls made since the last call (for the next log line), and forget them."""
        taken, self.rolled = self.rolled, []
        return taken
