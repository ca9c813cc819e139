"""Talents and abilities used in a Magical Burst battle (seed 002, "Boss abilities",
"Talents", "Minions", "Affinities & Talents"): using one (its action, its overcharge taken by
a girl or spent by a monster, a minion's use; Action Burst), Minion Creation, Blood Rain and
Deafening Scream (a Support challenge to everyone in the area, reading ``contest-ties`` and
``scream-circle``), a minion's A Little Longer or Hello There (reading
``minion-talent-actions``) and a monster's rebirth in a minion. The talents played as events
of their own elsewhere: :mod:`.grid_talents`, :mod:`.lines`, :mod:`.talent_events`."""

from __future__ import annotations

from ...battle.events import EventType, refusal
from ...battle.overrides import check_combatant
from ...battle.state import State
from ...errors import CalculatorError, FieldError
from ...params import CHOICE, JSON, TEXT, Param
from ..adversaries import MONSTER_TALENTS_BY_ID
from ..attack import hits
from ..monsters import BOSS_BY_ID, MAX_SPREAD
from .actions import (ACTOR, DIRECTION, FREE, MAJOR, MINOR, TARGET, ability_of, acting,
                      check_action, check_held, check_target, check_turn, has_action, spend)
from .citations import cite
from .conditions import DEFEATED
from .damage import heal
from .hexes import apart, foes_on_line, foes_within, placed, within
from .newcomers import (REBIRTH, REBIRTH_COST, living_minions, made_minion, make_minions,
                        reborn, room)
from .numbers import number
from .overcharge import gain, settle
from .rolls import SIDES, roll
from .statuses import AILMENT_NAMES

CREATION = "minion-creation"
#: Boss abilities that challenge everyone in an area (Support vs. Support), and the status
#: each leaves on those who fail.
AREA_CHALLENGES = {"blood-rain": "bleed", "deafening-scream": "stun"}
#: Talents and abilities played as events of their own elsewhere (:mod:`.grid_talents`,
#: :mod:`.lines`), and those events.
OWN_EVENTS = {"gravity-wave": "gravity-wave", "curse-shift": "curse-shift", "mines": "lay-mine",
              "burst-attack": "line-attack", "blast-strike": "line-attack"}
#: The abilities whose area is a straight line (on the grid, chosen by a direction).
LINES = ("blood-rain", "burst-attack", "blast-strike")
#: Deafening Scream, whose area is the circle around the monster, and the circle's radius.
SCREAM, SCREAM_RADIUS = "deafening-scream", number("deafening-scream-radius")
#: The minion talents played as their own event (Minions).
HEAL = "a-little-longer"
MINION_TALENTS = (HEAL, "hello-there")
HELLO_RANGE = number("hello-there-range")


def _cost(c: dict, a, points: int | None) -> int:
    """Overcharge a use costs: the given cost, or ``points`` for a cost of 1+."""
    if a.overcharge is None:
        return 0
    base = int(str(a.overcharge).rstrip("+"))
    return max(base, points or 0) if str(a.overcharge).endswith("+") else base


def check_ability(state: State, ev: dict) -> list[FieldError]:
    """A talent or ability she holds, its action and its cost within reach, and not one
    played as an event of its own."""
    errors = check_held(state, FREE, ev["ability"])
    if errors:
        return errors
    c = state.by_id(state.current)
    a = ability_of(c, ev["ability"])
    if not has_action(c, a.action or FREE):
        return refusal("ability", f"{a.name} takes a {a.action} action; {c['name']} has none "
                                  "left.")
    cost = _cost(c, a, ev["points"])
    if c["kind"] == "monster" and cost > c["pool"]:
        return refusal("ability",
                       f"{a.name} costs {cost} overcharge; {c['name']} has {c['pool']}.")
    if c["kind"] == "minion" and c["uses"].get(ev["ability"], 0) < 1:
        return refusal("ability", f"{c['name']} has no use of {a.name} left.")
    if ev["ability"] == "action-burst" and c["bursts_left"] < 1:
        return refusal("ability", "Action Burst is used once a turn per time it was taken.")
    if c["kind"] == "girl" and getattr(a, "overcharge_stat", None) == "used" and not ev["role"]:
        return refusal("role", f"{a.name} takes overcharge on the stat in use: name the role.")
    played = {CREATION: "create-minions", REBIRTH: "reincarnate", **OWN_EVENTS,
              **{k: "challenge" for k in AREA_CHALLENGES},
              **{k: "minion-talent" for k in MINION_TALENTS}}.get(ev["ability"])
    if played:
        return refusal("ability", f"{a.name} is its own event: {played}.")
    return []


def apply_ability(state: State, ev: dict) -> None:
    """Its action spent and its overcharge taken (a girl) or spent (a monster), or a
    minion's use; Action Burst adds a Major action."""
    c = state.by_id(state.current)
    a = ability_of(c, ev["ability"])
    spend(c, a.action or FREE)
    cost = _cost(c, a, ev["points"])
    rule = cite("Affinities & Talents" if c["kind"] == "girl" else
                "Boss abilities" if ev["ability"] in BOSS_BY_ID else "Talents")
    state.write(f"{c['name']} uses {a.name}: {a.summary}", *rule)
    if c["kind"] == "monster" and cost:
        before = c["pool"]
        c["pool"] -= cost
        state.write(f"{c['name']} spends {cost} overcharge: {before} → {c['pool']}.", *rule)
    elif c["kind"] == "minion":
        c["uses"][ev["ability"]] -= 1
    elif c["kind"] == "girl" and a.overcharge:
        role = ev["role"] if a.overcharge_stat == "used" else a.overcharge_stat
        gain(state, c, c["roles"][role], a.overcharge, a.name)
    if ev["ability"] == "action-burst":
        c["bursts_left"] -= 1
        c[MAJOR] += 1
        state.write(f"{c['name']} has another Major action this turn.", *rule)


def check_create(state: State, ev: dict) -> list[FieldError]:
    """Minion Creation: its Minor action, 1 overcharge each, at most its spread a turn."""
    errors = check_action(state, MINOR)
    if errors:
        return errors
    c = state.by_id(state.current)
    if CREATION not in c["boss_abilities"]:
        return refusal("", f"{c['name']} has no Minion Creation (Boss abilities).")
    if ev["count"] > c["pool"]:
        return refusal("count", f"Each minion costs 1 overcharge; {c['name']} has {c['pool']}.")
    most = c["spread"] - c["minions_made"]
    if ev["count"] > most:
        return refusal("count", f"{c['name']} makes at most its spread ({c['spread']}) in one "
                                f"turn; {most} more this turn.")
    try:
        made_minion(state, c, ev["minion"])
    except CalculatorError as exc:
        return exc.errors
    return room(state, ev["count"], "count")


def apply_create(state: State, ev: dict) -> None:
    """The minions made, each joining the fight by its initiative."""
    c = acting(state, MINOR)
    before = c["pool"]
    c["pool"] -= ev["count"]
    a = BOSS_BY_ID[CREATION]
    state.write(f"{c['name']} uses {a.name} ({a.action} action): {ev['count']} minion"
                f"{'s' if ev['count'] > 1 else ''} for {ev['count']} overcharge, {before} → "
                f"{c['pool']}.", *cite("Boss abilities"))
    make_minions(state, c, ev["count"], ev["minion"])


def check_challenge(state: State, ev: dict) -> list[FieldError]:
    """Blood Rain or Deafening Scream: its Major action and cost, and its area (on the
    grid its foes there, off it the targets the table names)."""
    errors = check_action(state, MAJOR)
    if errors:
        return errors
    c = state.by_id(state.current)
    a = BOSS_BY_ID[ev["ability"]]
    if ev["ability"] not in c["boss_abilities"]:
        return refusal("ability", f"{c['name']} does not have {a.name}.")
    if c["pool"] < _cost(c, a, None):
        return refusal("ability", f"{a.name} costs {a.overcharge} overcharge; {c['name']} has "
                                  f"{c['pool']}.")
    if ev["ability"] in LINES and placed(c):
        if ev["targets"] is not None:
            return refusal("targets", f"On the grid {a.name} takes every foe on its line: name "
                                      "a direction, no targets.")
        if not ev["direction"]:
            return refusal("direction", f"Name the direction of {a.name}'s line.")
        if not foes_on_line(state, c, ev["direction"]):
            return refusal("direction", f"No foe of {c['name']}'s stands on that line.")
        return []
    if ev["direction"]:
        return refusal("direction", "A direction is for a line on the grid; off it, name the "
                                    "targets.")
    if ev["ability"] == SCREAM and placed(c):
        if ev["targets"] is not None:
            return refusal("targets", f"On the grid {a.name} takes every foe within "
                                      f"{SCREAM_RADIUS} hexes of {c['name']}: name no targets.")
        if not area_foes(state, c, ev):
            return refusal("ability", f"No foe of {c['name']}'s stands within {SCREAM_RADIUS} "
                                      "hexes.")
        return []
    targets = ev["targets"]
    if not isinstance(targets, list) or not targets or len(set(map(str, targets))) != len(
            targets):
        return refusal("targets", "A list of the ids of everyone in its area, each once.")
    for cid in targets:
        errors = check_target(state, str(cid), "targets", c)
        if errors:
            return errors
    return []


def area_foes(state: State, c: dict, ev: dict) -> list[dict]:
    """On the grid, the foes in a challenge's area: Blood Rain's line towards its direction,
    Deafening Scream's circle (reading ``scream-circle``)."""
    if ev["ability"] == SCREAM:
        return foes_within(state, c, SCREAM_RADIUS)
    return foes_on_line(state, c, ev["direction"])


def apply_challenge(state: State, ev: dict) -> None:
    """One Support roll of the monster's against each target's; who fails takes the status
    (reading ``contest-ties``: a tie to more sixes, then the higher stat, else the challenger
    fails)."""
    c = state.by_id(state.current)
    a = BOSS_BY_ID[ev["ability"]]
    status = AREA_CHALLENGES[ev["ability"]]
    if placed(c) and (ev["direction"] or ev["ability"] == SCREAM):
        ev = {**ev, "targets": [o["id"] for o in area_foes(state, c, ev)]}
    spend(c, MAJOR)
    cost = _cost(c, a, None)
    c["pool"] -= cost
    rule = cite("Boss abilities")
    state.write(f"{c['name']} uses {a.name} ({cost} overcharge, {c['pool'] + cost} → "
                f"{c['pool']}) on " + ", ".join(state.by_id(str(t))["name"]
                                                  for t in ev["targets"]) + ".", *rule,
                note="scream-circle" if placed(c) and ev["ability"] == SCREAM else "")
    mine = roll(state, c, "support", f"Support ({a.name})")
    state.write(f"{c['name']}'s Support: {mine.words}.", *rule)
    settle(state, c, mine)
    for cid in ev["targets"]:
        t = state.by_id(str(cid))
        theirs = roll(state, t, "support", f"Support against {a.name}")
        fails = hits(mine.total, mine.sixes, mine.stat, theirs.total, theirs.sixes, theirs.stat)
        state.write(f"{t['name']}: {theirs.words}: "
                    + (f"fails: {AILMENT_NAMES[status]}." if fails else "resists."),
                    *rule, note="contest-ties")
        settle(state, t, theirs)
        if fails and all(s["id"] != status for s in t["statuses"]):
            t["statuses"].append({"id": status})


def check_minion_talent(state: State, ev: dict) -> list[FieldError]:
    """A minion's A Little Longer on the monster it accompanies, or Hello There on a
    target within its range."""
    errors = check_action(state, MAJOR)
    if errors:
        return errors
    c = state.by_id(state.current)
    name = MONSTER_TALENTS_BY_ID[ev["talent"]].name
    if c["kind"] != "minion" or c["uses"].get(ev["talent"], 0) < 1:
        return refusal("talent", f"{c['name']} has no use of {name} left."
                       if c["kind"] == "minion" and ev["talent"] in c["uses"]
                       else f"{c['name']} does not have {name}.")
    errors = check_target(state, ev["target"], "target", c)
    if errors:
        return errors
    t = state.by_id(ev["target"])
    if ev["talent"] == HEAL and (t["kind"] != "monster" or t["side"] != c["side"]):
        return refusal("target", f"{name} heals only the monster {c['name']} accompanies.")
    if ev["talent"] != HEAL and not within(c, t, HELLO_RANGE):
        return refusal("target", f"{name} reaches a target within range 1–{HELLO_RANGE}; "
                                 f"{t['name']} is {apart(c, t)} hexes from {c['name']}.")
    return []


def apply_minion_talent(state: State, ev: dict) -> None:
    """A Little Longer heals 1d6+2; Hello There leaves Bound or Bleed (reading
    ``minion-talent-actions``: each is the minion's Major action)."""
    c, t = state.by_id(state.current), state.by_id(ev["target"])
    spend(c, MAJOR)
    c["uses"][ev["talent"]] -= 1
    talent = MONSTER_TALENTS_BY_ID[ev["talent"]]
    rule = cite("Minions")
    state.write(f"{c['name']} uses {talent.name} on {t['name']} (its Major action; "
                f"{c['uses'][ev['talent']]} use(s) left).", *rule, note="minion-talent-actions")
    if ev["talent"] == HEAL:
        faces = state.dice.roll(1, SIDES, talent.name)
        heal(state, t, faces[0] + number("a-little-longer-bonus"),
             f"{talent.name}: 1d6 {faces} + {number('a-little-longer-bonus')}")
    elif all(s["id"] != ev["status"] for s in t["statuses"]):
        t["statuses"].append({"id": ev["status"]})
        state.write(f"{t['name']}: {AILMENT_NAMES[ev['status']]} ({talent.name}).", *rule)


def check_reincarnate(state: State, ev: dict) -> list[FieldError]:
    """A defeated monster with the rebirth, its cost, and a living minion of its side."""
    errors = check_turn(state) or check_combatant(state, ev["monster"], "monster") \
        or check_combatant(state, ev["minion"], "minion")
    if errors:
        return errors
    c, m = state.by_id(ev["monster"]), state.by_id(ev["minion"])
    if c["kind"] != "monster" or REBIRTH not in c["boss_abilities"]:
        return refusal("monster", f"{c['name']} has no rebirth in a minion (Boss abilities).")
    if c["condition"] != DEFEATED:
        return refusal("monster", f"{c['name']} is reborn only once defeated.")
    if c["pool"] < REBIRTH_COST:
        return refusal("monster", f"The rebirth costs {REBIRTH_COST} overcharge; {c['name']} "
                                  f"has {c['pool']}.")
    if m not in living_minions(state, c):
        return refusal("minion", f"{m['name']} is not a living minion of {c['name']}'s side.")
    return []


def apply_reincarnate(state: State, ev: dict) -> None:
    """The monster reborn in the minion (:func:`.newcomers.reborn`)."""
    reborn(state, state.by_id(ev["monster"]), state.by_id(ev["minion"]))


EVENTS = (
    EventType("ability", "Use a talent or ability", "Uses one of her talents (or a monster's "
              "talents or boss abilities): its action, its overcharge (taken by a girl, spent by a monster) or "
              "a minion's use; Action Burst adds a Major action.",
              (Param("ability", "Ability", kind=TEXT, required=True, maximum=80),
               Param("points", "Overcharge (for a 1+ cost)", minimum=1, maximum=20),
               Param("role", "Stat in use", kind=CHOICE, default="",
                     choices=(("", "—"), ("attack", "Attack"), ("defence", "Defence"),
                              ("support", "Support")))),
              ACTOR, check_ability, apply_ability),
    EventType("create-minions", "Minion Creation", "A monster with Minion Creation makes "
              "minions (its Minor action, 1 overcharge each, at most its spread in one turn), "
              "on its side, each joining the order by its initiative.",
              (Param("count", "Minions", default=1, minimum=1, maximum=MAX_SPREAD),
               Param("minion", "Minions made", kind=JSON,
                     help="Their fields (name, template, hp, passive_defence, attack_support, "
                          "minion_talents); blank: 4 hit points, passive defence 4, Attack & "
                          "Support 2, no talent.")),
              ACTOR, check_create, apply_create, rolls=True),
    EventType("challenge", "Blood Rain or Deafening Scream", "A monster's Major action for 1 "
              "overcharge: 2d6! + its Support against 2d6! + Support of each target in the "
              "line (Blood Rain) or the radius-3 circle (Deafening Scream), on the grid its foes "
              "there, off it those the table names; "
              "who fails is bleeding or stunned.",
              (Param("ability", "Ability", kind=CHOICE, default="blood-rain",
                     choices=tuple((k, BOSS_BY_ID[k].name) for k in AREA_CHALLENGES)),
               Param("targets", "Targets (off the grid)", kind=JSON,
                     help="The ids of everyone in its area; on the grid Blood Rain takes the "
                          "foes on its line itself, Deafening Scream those within 3 hexes."),
               DIRECTION),
              ACTOR, check_challenge, apply_challenge, rolls=True),
    EventType("minion-talent", "A Little Longer or Hello There", "A minion's Major action and "
              "a use of its talent: A Little Longer heals the monster it accompanies 1d6+2, "
              "Hello There leaves a target Bound or Bleeding.",
              (Param("talent", "Talent", kind=CHOICE, default=HEAL,
                     choices=tuple((k, MONSTER_TALENTS_BY_ID[k].name) for k in MINION_TALENTS)),
               TARGET,
               Param("status", "Status (Hello There)", kind=CHOICE, default="bound",
                     choices=(("bound", AILMENT_NAMES["bound"]),
                              ("bleed", AILMENT_NAMES["bleed"])))),
              ACTOR, check_minion_talent, apply_minion_talent, rolls=True),
    EventType("reincarnate", "Rebirth in a minion", "A defeated monster with the rebirth boss "
              "ability (2 overcharge) comes back in a living minion of its side: its original "
              "Resolve divided by its side's minions at the start, halved for each rebirth "
              "before; the minion is gone, the monster keeps its turns.",
              (Param("monster", "Monster", kind=TEXT, required=True, maximum=40),
               Param("minion", "Minion", kind=TEXT, required=True, maximum=40)),
              "the game master, once the monster is defeated", check_reincarnate,
              apply_reincarnate),
)


__all__ = ["AREA_CHALLENGES", "CREATION", "EVENTS", "HEAL", "HELLO_RANGE", "LINES",
           "MINION_TALENTS", "OWN_EVENTS", "SCREAM", "SCREAM_RADIUS", "area_foes"]
