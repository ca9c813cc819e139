"""The post-magic-maid battle (seed ``003_1585970b7e222c64.txt``): the ``pmm-battle``
calculator over the battle engine (:mod:`calculators.battle`), its rules in modules named by
role, as in every system's ``fight`` package.

- :mod:`.calculator`: the ``pmm-battle`` Calculator, its engine :data:`RULES`, the page's
  example, the form's quick entry and the next action's hidden inputs.
- :mod:`.citations`: where log lines point (the rule-book sections, their pages, the
  interpretation notes).
- :mod:`.numbers`: ``number(id)``, the one accessor of the fight's rule numbers
  (``data/rules.json``).
- :mod:`.conditions`: her condition from her wounds, the wound tracks and counts (a leaf).
- :mod:`.combatants`: who fights: a saved character, her share link or a quick entry;
  ``setup``.
- :mod:`.cards`: the deck and its draws, and what a Blitz Point gives (the automatic 25, the
  bonus d8).
- :mod:`.rolls`: a check rolled with an event's dice, and a helper's assist.
- :mod:`.turns`: initiative by cards, the joker's choice, turns and rounds.
- :mod:`.actions`: whose turn it is and what an action costs, the fields the events share,
  and the start, plan, end-turn and end-battle events.
- :mod:`.blitz`: burning a Blitz Point and giving an ace away.
- :mod:`.attacks`: an action: the check, its assist, its contest, the attack.
- :mod:`.damage`: wounds on the two tracks, and treating them.
- :mod:`.events`: every event type in the documented order (:data:`.events.EVENTS`).
- :mod:`.overrides`: the game master's settable numbers and status.
- :mod:`.view`: the state's JSON and ``legal()``.
- :mod:`.table`: the HTML at the table.
"""

from __future__ import annotations

from .calculator import PMM_BATTLE, RULES

__all__ = ["PMM_BATTLE", "RULES"]
