"""Every event type of a Magical Burst battle, in the order the battle page documents them
(the list :mod:`.calculator` gives the engine): the table's, from their families, then the
game master's overrides (:mod:`.overrides`) and placing (:mod:`.positions`)."""

from __future__ import annotations

from .abilities import EVENTS as ABILITIES
from .attacks import EVENTS as ATTACKS
from .bursts import EVENTS as BURSTS
from .damage import EVENTS as RISING
from .grid_talents import EVENTS as GRID_TALENTS
from .lines import EVENTS as LINE_ATTACKS
from .overrides import OVERRIDES
from .positions import EVENTS as MOVING, OVERRIDES as PLACING
from .statuses import EVENTS as STATUSES
from .talent_events import EVENTS as TALENT_EVENTS
from .turns import EVENTS as TURNS

START, END_TURN, END_BATTLE = TURNS

#: Every event, in the order the page lists them: the battle's start, the families' events, the
#: end of a turn and of the battle, moving and the talents; then the game master's.
EVENTS = (START, *ATTACKS, *STATUSES, *RISING, *ABILITIES, *BURSTS, END_TURN, END_BATTLE,
          *MOVING, *TALENT_EVENTS, *GRID_TALENTS, *LINE_ATTACKS, *OVERRIDES, *PLACING)


__all__ = ["EVENTS"]
