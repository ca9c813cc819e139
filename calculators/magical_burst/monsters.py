"""Monsters and minions built by the rules (seed 002, "Monsters", "Boss abilities",
"Talents", "Minions").

A monster is a power level (a row of the surviving table after "use a minion") and a spread:
its Resolve is spread × the row's number (+ n on the open-ended row, reading
``monster-resolve-plus-n``; the column read as Resolve, reading ``monster-table-lost``), it
takes as many talents as its row allows (reading ``monster-talents-by-row``), the main monster
of a group one boss ability per point of spread (Extra Action counting twice, a second Action
Burst only from spread 3), and it starts with a full overcharge pool (reading
``monster-overcharge-pool``). A minion has hit points, a passive defence from 4 to 7, one
number for Attack and Support, no overcharge, and one or two active monster talents or minion
talents, each with a number of uses (reading ``active-monster-talents``)."""

from __future__ import annotations

from collections import Counter

from ..errors import FieldError
from ..params import BOOL, CHOICE, JSON, Param, Pick, When
from .adversaries import (BOSS_ABILITIES, MINIONS, MONSTER_LEVELS,
                          MONSTER_TALENTS_BY_ID, MonsterTalent)
from .rules import RULE_VALUES, battle_value

BOSS_BY_ID = {b.id: b for b in BOSS_ABILITIES}
MINIONS_BY_ID = {m.id: m for m in MINIONS}
#: The rows a full monster is built on (the first row says to use a minion instead).
LEVELS = tuple(r for r in MONSTER_LEVELS if not r.use_minion)
LEVELS_BY_ID = {r.id: r for r in LEVELS}
MAX_SPREAD = 8
MINION_DEFENCE = (RULE_VALUES["minion-base-defence"].value,
                  RULE_VALUES["minion-defence-ceiling"].value)
MINION_MAX_TALENTS = battle_value("minion-max-talents")
MONSTER = "monster"
MAX_STAT = 12
MAX_RESOLVE = 500
MAX_POOL = 99
ON_MONSTER = When("kind", (MONSTER,))


#: The boss abilities a monster's form offers: each as often as the largest spread's
#: selections allow, when it may be taken again (a rule on a second take, and the monster's
#: own spread, are :func:`check_monster`'s to judge).
BOSS_PICKS = tuple(Pick(b.id, b.name, b.summary, MAX_SPREAD // b.selections if b.repeatable
                        else 1) for b in BOSS_ABILITIES)
#: The talents a monster's form offers: the monster talents; those only minions have are
#: known (and refused with the rule's reason) but not offered.
TALENT_PICKS = tuple(Pick(t.id, t.name, t.summary, listed=t.who == MONSTER)
                     for t in MONSTER_TALENTS_BY_ID.values())


def stat_field(name: str, label: str, when: When, default: int = 3) -> Param:
    """An entry's stat (0 to :data:`MAX_STAT`) where ``when`` applies."""
    return Param(name, label, default=default, minimum=0, maximum=MAX_STAT, applies=when)


#: A monster entry's own fields, in a battle file (on entries of kind ``monster``) and as the
#: monster builder's inputs.
MONSTER_FIELDS = (
    Param("spread", "Spread", default=1, minimum=1, maximum=MAX_SPREAD, applies=ON_MONSTER,
          help="How many magical girls it is meant to handle."),
    Param("level", "Power level", kind=CHOICE, default=LEVELS[0].id, applies=ON_MONSTER,
          choices=tuple((r.id, r.formula()) for r in LEVELS),
          help="Its row of the power-level table: Resolve is spread × the row's number."),
    Param("n", "n of spread × 18+n", default=0, minimum=0, maximum=MAX_RESOLVE,
          applies=ON_MONSTER, help="Added to the Resolve of the open-ended row only."),
    Param("main", "Main monster", kind=BOOL, default=True, applies=ON_MONSTER,
          help="The main monster of a group takes one boss ability per point of spread."),
    stat_field("attack", "Attack", ON_MONSTER, 4),
    stat_field("defence", "Defence", ON_MONSTER, 3),
    stat_field("support", "Support", ON_MONSTER, 3),
    Param("damage_bonus", "Damage bonus", default=0, minimum=0, maximum=MAX_STAT,
          applies=ON_MONSTER, help="Added to the damage of its hits (minions have none)."),
    Param("boss_abilities", "Boss abilities", kind=JSON, applies=ON_MONSTER,
          editor="pick-list", picks=BOSS_PICKS,
          help="One per point of spread for the main monster (Extra Action counts as two)."),
    Param("talents", "Talents", kind=JSON, applies=ON_MONSTER, editor="pick-list",
          picks=TALENT_PICKS, help="As many as its power level allows."),
    Param("pool", "Overcharge pool", minimum=0, maximum=MAX_POOL, applies=ON_MONSTER,
          help="Its full pool at the start; blank for the default."),
    Param("resolve", "Resolve", minimum=1, maximum=MAX_RESOLVE, applies=ON_MONSTER,
          help="The game master's number instead of the rule's; blank for the rule's."),
)


def talents_allowed(level: str) -> int:
    """Talents a monster of row ``level`` takes: 1 on the first full row, one more a row."""
    return battle_value("monster-talents-first-row") + [r.id for r in LEVELS].index(level)


def monster_resolve(spread: int, level: str, n: int) -> int:
    """spread × the row's number, + ``n`` on the open-ended row."""
    row = LEVELS_BY_ID[level]
    return spread * row.per_spread + (n if row.open_ended else 0)


def boss_picks(abilities: list[str]) -> int:
    """Boss-ability selections ``abilities`` use (Extra Action counts as two)."""
    return sum(BOSS_BY_ID[a].selections for a in abilities)


def active(t: MonsterTalent) -> bool:
    """A talent that is used (an action or a cost), which a minion may take."""
    return t.who == "minion" or t.action is not None or t.overcharge is not None


def check_monster(p: dict) -> list[FieldError]:
    """What breaks the monster rules in a monster entry's coerced fields (its picks known
    ids: see :data:`BOSS_PICKS`, :data:`TALENT_PICKS`), empty when nothing does."""
    errors: list[FieldError] = []
    bosses, talents = p["boss_abilities"] or [], p["talents"] or []
    if bosses and not p["main"]:
        errors.append(FieldError("boss_abilities", "Only the main monster of a group has boss "
                                                   "abilities (Monsters)."))
    elif boss_picks(bosses) > p["spread"]:
        errors.append(FieldError("boss_abilities", f"A main monster of spread {p['spread']} has "
                                 f"{p['spread']} boss-ability selections; these take "
                                 f"{boss_picks(bosses)} (Extra Action counts as two)."))
    for ability, times in Counter(bosses).items():
        b = BOSS_BY_ID[ability]
        if times > 1 and not b.repeatable:
            errors.append(FieldError("boss_abilities", f"{b.name} is taken once."))
        elif times > 1 and b.repeat_min_spread and p["spread"] < b.repeat_min_spread:
            errors.append(FieldError("boss_abilities", f"{b.name} is taken a second time only "
                                     f"from spread {b.repeat_min_spread}."))
    minion_only = [t for t in talents if MONSTER_TALENTS_BY_ID[t].who != "monster"]
    if minion_only:
        errors.append(FieldError("talents", "Only minions have these talents: "
                                 + ", ".join(MONSTER_TALENTS_BY_ID[t].name for t in minion_only)
                                 + "."))
    if len(set(talents)) != len(talents):
        errors.append(FieldError("talents", "Each talent is taken once."))
    allowed = talents_allowed(p["level"])
    if len(talents) > allowed:
        errors.append(FieldError("talents", f"A monster of {LEVELS_BY_ID[p['level']].formula()} "
                                 f"takes {allowed} talent{'s' if allowed > 1 else ''}; "
                                 f"{len(talents)} are given."))
    return errors


def build_monster(p: dict) -> dict:
    """A checked monster entry's numbers: Resolve, pool, abilities and its budgets."""
    resolve = monster_resolve(p["spread"], p["level"], p["n"])
    bosses = list(p["boss_abilities"] or [])
    return {
        "spread": p["spread"], "level": p["level"], "main": p["main"],
        "attack": p["attack"], "defence": p["defence"], "support": p["support"],
        "damage_bonus": p["damage_bonus"],
        "rule_resolve": resolve,
        "max_resolve": resolve if p["resolve"] is None else p["resolve"],
        "pool": battle_value("monster-pool") if p["pool"] is None else p["pool"],
        "boss_abilities": bosses, "talents": list(p["talents"] or []),
        "budget": {"talents": talents_allowed(p["level"]),
                   "boss_picks": p["spread"] if p["main"] else 0,
                   "boss_picks_used": boss_picks(bosses)},
    }


def check_minion(p: dict) -> tuple[list[dict], list[FieldError]]:
    """A minion entry's talents with their uses (an example minion's own when it names one),
    or what breaks the minion rules."""
    if p["template"]:
        m = MINIONS_BY_ID[p["template"]]
        return [{"talent": u.talent, "uses": u.uses} for u in m.talents], []
    raw = p["talents"] or []
    shape = FieldError("talents", "A list of {\"talent\": id, \"uses\": n} entries.")
    if not isinstance(raw, list) or not all(
            isinstance(e, dict) and isinstance(e.get("talent"), str)
            and isinstance(e.get("uses"), int) and not isinstance(e.get("uses"), bool)
            and 1 <= e["uses"] <= 10 for e in raw):
        return [], [shape]
    errors = []
    for e in raw:
        t = MONSTER_TALENTS_BY_ID.get(e["talent"])
        if t is None or not active(t):
            errors.append(FieldError("talents", f"“{e['talent']}” is not an active monster "
                                     "talent or a minion talent (Minions)."))
    if len(raw) > MINION_MAX_TALENTS:
        errors.append(FieldError("talents", f"A minion has at most {MINION_MAX_TALENTS} "
                                            "talents (Minions)."))
    return [{"talent": e["talent"], "uses": e["uses"]} for e in raw], errors


def build_minion(p: dict, talents: list[dict]) -> dict:
    """A minion's numbers: an example minion's, or those entered."""
    if p["template"]:
        m = MINIONS_BY_ID[p["template"]]
        hp, defence, both = m.hp, m.passive_defence, m.attack_support
    else:
        hp, defence, both = p["hp"], p["passive_defence"], p["attack_support"]
    return {"max_hp": hp, "hp": hp, "passive_defence": defence, "attack": both,
            "support": both, "uses": {t["talent"]: t["uses"] for t in talents}}


__all__ = ["BOSS_BY_ID", "BOSS_PICKS", "LEVELS", "MAX_POOL", "MAX_RESOLVE", "MAX_SPREAD",
           "MAX_STAT", "MINIONS_BY_ID", "MINION_DEFENCE", "MONSTER", "MONSTER_FIELDS",
           "ON_MONSTER", "TALENT_PICKS", "active", "boss_picks", "build_minion", "build_monster",
           "check_minion", "check_monster", "monster_resolve", "stat_field", "talents_allowed"]
