"""Magical Burst's battle (seed 002, "Space and time", "Life and death", "Help and
hindrance", "Overcharge", "Monsters", "Boss abilities", "Talents", "Minions"): the rules the
battle engine (:mod:`calculators.battle`) replays a fight with, and the ``mb-battle``
calculator over them.

- :mod:`.calculator`: the ``mb-battle`` calculator, its ``RULES``, the page example and the
  form's quick entry; :mod:`.overrides`: the game master's settable numbers and statuses and
  what follows a number set.
- :mod:`.citations`: where log lines point; :mod:`.numbers`: the rule numbers the fight reads.
- :mod:`.conditions`: conditions, the sets of them, and wound levels (a leaf).
- :mod:`.combatants`: who fights (a girl from her sheet, a human, a monster, a minion; the
  monsters and minions built by the rules are :mod:`calculators.magical_burst.monsters`, which
  the monster builder shares).
- :mod:`.rolls`: 2d6! and its penalties; :mod:`.turns`: initiative, rounds, the start and end
  of a turn, and the start and end of the battle (their events).
- :mod:`.actions`: what an action costs, whose turn it is, the checks and fields the events
  share;
  :mod:`.attacks`: the basic attack, its defence, interception and damage;
  :mod:`.strikes`: one attack roll against several targets; :mod:`.lines`: Burst Attack and
  Blast Strike; :mod:`.abilities`: talents and abilities used, the area challenges, the
  minions' talents; :mod:`.statuses`: removing ailments.
- :mod:`.damage`: Resolve, wounds, falling, healing and rising again;
  :mod:`.bursts`: the overcharge events (an effect, a burst).
- :mod:`.overcharge`: counters, stages, effects, bursts and the frenzy, and the overcharge a
  roll's sixes move (``settle``).
- :mod:`.hexes`: the hex grid and where everyone stands; :mod:`.positions`: moves, mines and
  the game master's placing; :mod:`.grid_talents`: Gravity Wave, Curse Shift, Mines.
- :mod:`.belkan`: Belkan System's bank; :mod:`.talents`: the monster talents the battle plays
  itself (Ambush Tactics, Mind Leech, Overcharge Radiation, possession) and
  :mod:`.talent_events`: their events.
- :mod:`.newcomers`: a Heart Burst's creature, minions made in the fight, a monster reborn.
- :mod:`.events`: every event type in the documented order.
- :mod:`.view`: the state's JSON and ``legal()``; :mod:`.table`: the HTML at the table and
  :mod:`.talent_table`: its controls for the monster talents.
"""

from __future__ import annotations

from .calculator import MB_BATTLE, RULES

__all__ = ["MB_BATTLE", "RULES"]
