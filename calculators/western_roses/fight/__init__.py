"""The Western Roses battle (seed 000, "Combat", "Status Effects", "Spellcards"): the
``wr-battle`` tracker's rules over the battle engine (:mod:`calculators.battle`), one module
per role, named as in every system's ``fight`` package.

- :mod:`.calculator`: the ``wr-battle`` calculator, its :data:`RULES`, the page's example and
  the form's quick entry of a foe.
- :mod:`.citations`: where log lines point (the rule pages, the interpretation notes).
- :mod:`.numbers`: ``number(rule_id)``, the one accessor of the rule numbers the fight reads
  (``battle_rules.json``, ``combat_rules.json``, ``check_rules.json``,
  ``spellcard_rules.json``).
- :mod:`.conditions`: the wound track's conditions and the sets of them (a leaf).
- :mod:`.positions`: the arena's grid, distance, how far dropped spell power is collected
  from, a card's area.
- :mod:`.combatants`: who fights (a saved character, a share link, a quick foe) and ``setup``.
- :mod:`.rolls`: checks and versus rolls made with an event's dice.
- :mod:`.turns`: start, turn order, the start and end of a turn, rounds, the end of the battle.
- :mod:`.actions`: what an action needs and costs; Move, Concentrate, Do nothing, collecting
  dropped spell power.
- :mod:`.attacks`: Attack and the graze decision; physical, danmaku and spellcard attacks,
  dodging and grazing.
- :mod:`.casting`: Use a spellcard, and cards lasting several rounds.
- :mod:`.card_effects`: what a spellcard does besides an attack (healing, Recover, stun, DIE.,
  Shield, Sturdy).
- :mod:`.damage`: damage, healing, falling along the wound track, dropped spell power.
- :mod:`.meter`: the spell-meter, the hand and spell power.
- :mod:`.statuses`: status effects at the start of a turn.
- :mod:`.abilities`: Use an ability (those the tracker plays, the rest logged).
- :mod:`.checks`: a check rolled when the table asks for one (the ``roll`` event).
- :mod:`.events`: ``EVENTS``, every event type in the documented order.
- :mod:`.overrides`: the game master's settable numbers and statuses, her override events.
- :mod:`.view`: the state's JSON and ``legal()``.
- :mod:`.table`: the HTML at the table, with :mod:`.buttons` (a button appending an event)
  and :mod:`.panels` (Roll, abilities, collecting, the move pad, the game master's
  adjustments).
"""

from __future__ import annotations

from .calculator import RULES, WR_BATTLE

__all__ = ["RULES", "WR_BATTLE"]
