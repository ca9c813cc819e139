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

#: The table's own events (each family's module declares its events), by type, in order.
ORDER = ("start", "attack", "remove-ailments", "rise", "ability", "create-minions", "challenge",
         "minion-talent", "reincarnate", "overcharge-effect", "burst", "end-turn", "end-battle")
_BY_NAME = {e.name: e for family in (TURNS, ATTACKS, STATUSES, RISING, ABILITIES, BURSTS)
            for e in family}
if sorted(ORDER) != sorted(_BY_NAME):
    raise ValueError(f"ORDER must name each family event once: {sorted(_BY_NAME)}")

#: The events the table sends, in the order the page lists them.
TABLE_EVENTS = (*(_BY_NAME[name] for name in ORDER), *MOVING, *TALENT_EVENTS, *GRID_TALENTS,
                *LINE_ATTACKS)
#: Every event: the table's, then the game master's.
EVENTS = (*TABLE_EVENTS, *OVERRIDES, *PLACING)


__all__ = ["EVENTS", "ORDER", "TABLE_EVENTS"]
