"""Abilities used in a battle (seed 000, "Abilities", "Manipulation abilities", "Professions"):
the "Use an ability" action (the ``ability`` event). A character's abilities are read from her sheet (her ability
picks, a manipulation among them, and her profession's level-1 ability); those the rules give
a combat effect with numbers are played, the rest are written into the log as used, with what
they do, for the table to rule on.

Played: a Shrine Maiden's healing (2d HP on a target, twice a day) and Manipulation of
Electricity's lightning (once a day: a charisma save against 12, or 4d damage at once). Uses
"a day" are counted within the battle (reading abilities-a-day-count-in-the-battle).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from ...battle.events import SEED, EventType
from ...battle.state import State
from ...errors import FieldError
from ...params import TEXT, Param
from ..rules import ABILITIES, MANIPULATIONS, PROFESSIONS
from .actions import ACTOR, action_text, check_action, spend
from .citations import cite
from .conditions import GONE
from .damage import heal, take_damage
from .numbers import DIE_SIDES, number
from .rolls import roll

#: How an ability pick names a manipulation ability, and the prefix for a profession's own.
MANIPULATION, PROFESSION = "manipulation:", "profession:"


@dataclass(frozen=True)
class Played:
    """An ability the tracker plays: its effect on a target, and how often it may be used."""

    effect: Callable[[State, dict, dict], None]
    per_battle: str  # the battle rule counting its uses


def _shrine_heal(state: State, c: dict, t: dict) -> None:
    faces = state.dice.roll(number("shrine-maiden-heal-dice"), DIE_SIDES,
                            f"{c['name']}'s healing")
    heal(state, t, sum(faces), f"{c['name']}'s healing, {len(faces)}d{DIE_SIDES} → "
         f"{', '.join(map(str, faces))}")


def _lightning(state: State, c: dict, t: dict) -> None:
    target = number("status-check-target")
    rolled = roll(state, t["cha"], 0, target, f"{t['name']}'s charisma save")
    state.write(f"{c['name']} calls lightning on {t['name']}: charisma save against {target}: "
                f"{rolled.words}: " + ("she dodges it." if rolled.succeeded else "struck."),
                *cite("Manipulation abilities"), note="wound-and-status-check-targets")
    if not rolled.succeeded:
        faces = state.dice.roll(number("lightning-damage-dice"), DIE_SIDES,
                                f"{c['name']}'s lightning")
        take_damage(state, t, sum(faces), f"lightning, {len(faces)}d{DIE_SIDES} → "
                    f"{', '.join(map(str, faces))}")


PLAYED = {
    PROFESSION + "shrine-maiden": Played(_shrine_heal, "shrine-maiden-heals-per-day"),
    MANIPULATION + "electricity": Played(_lightning, "lightning-per-day"),
}


def ability_ids(picks: list[str], profession: str) -> list[str]:
    """The abilities a character can use: her picks (an ability or ``manipulation:<id>``)
    and ``profession:<id>`` when her profession writes a level-1 ability."""
    found = [p for p in picks if p in ABILITIES or (
        p.startswith(MANIPULATION) and p.removeprefix(MANIPULATION) in MANIPULATIONS)]
    job = PROFESSIONS.get(profession)
    if job is not None and job.level_1:
        found.append(PROFESSION + profession)
    return found


def describe(ability_id: str) -> tuple[str, str, str]:
    """Its name, what it does, and the rule section presenting it."""
    if ability_id.startswith(MANIPULATION):
        m = MANIPULATIONS[ability_id.removeprefix(MANIPULATION)]
        return m.name, m.text, "Manipulation abilities"
    if ability_id.startswith(PROFESSION):
        p = PROFESSIONS[ability_id.removeprefix(PROFESSION)]
        return f"{p.name}'s level-1 ability", p.level_1, "Professions"
    a = ABILITIES[ability_id]
    return a.name, a.text, "Abilities"


def uses_left(c: dict, ability_id: str) -> int | None:
    """Uses left in this battle of a played ability (``None``: not counted)."""
    played = PLAYED.get(ability_id)
    if played is None:
        return None
    return number(played.per_battle) - c["uses"].get(ability_id, 0)


def abilities_view(c: dict) -> list[dict]:
    """Her abilities as a view lists them: what each does, whether the tracker plays it, and
    whether it is always on (an ability pick's bonus, already in her numbers, never used as
    an action: the site's abilities are all such bonuses)."""
    out = []
    for aid in c["abilities"]:
        name, text, _ = describe(aid)
        out.append({"id": aid, "name": name, "text": text, "played": aid in PLAYED,
                    "uses_left": uses_left(c, aid), "always_on": aid in ABILITIES})
    return out


def check_use(state: State, c: dict, ev: dict) -> list[FieldError]:
    """A played ability needs a living target and a use left; any other is only logged."""
    if ev["ability"] not in PLAYED or ev["ability"] not in c["abilities"]:
        return []
    name = describe(ev["ability"])[0]
    if uses_left(c, ev["ability"]) <= 0:
        return [FieldError("ability", f"{c['name']} has used {name} as often as a day allows.")]
    if ev.get("seed") is None:
        return [FieldError("seed", f"{name} rolls dice: the event needs a seed.")]
    if not ev["target"] or not state.has(ev["target"]):
        return [FieldError("target", f"{name} needs a target: a combatant's id.")]
    if state.by_id(ev["target"])["condition"] in GONE:
        return [FieldError("target", f"{state.by_id(ev['target'])['name']} is "
                                     f"{state.by_id(ev['target'])['condition']}.")]
    return []


def use(state: State, c: dict, ev: dict) -> None:
    """Use the ability: a played one acts on its target; any other is logged as used."""
    aid = ev["ability"]
    if aid in c["abilities"]:
        name, text, section = describe(aid)
    else:  # a quick foe's ability, named by the table
        name, text, section = aid, "", "Abilities"
    played = PLAYED.get(aid) if aid in c["abilities"] else None
    if played is None:
        state.write(f"{c['name']} uses {name}" + (f": {text}" if text else "")
                    + " The table rules its effect.", *cite(section),
                    note="abilities-without-numbers-are-logged")
        return
    c["uses"][aid] = c["uses"].get(aid, 0) + 1
    state.write(f"{c['name']} uses {name} ({uses_left(c, aid)} use"
                f"{'' if uses_left(c, aid) == 1 else 's'} left in this battle).", *cite(section),
                note="abilities-a-day-count-in-the-battle")
    played.effect(state, c, state.by_id(ev["target"]))


def check_ability(state: State, ev: dict) -> list[FieldError]:
    return check_action(state, ev) or check_use(state, state.by_id(state.current), ev)


def apply_ability(state: State, ev: dict) -> None:
    use(state, spend(state), ev)


ABILITY = EventType("ability", "Use an ability", action_text("use-an-ability"),
                    (Param("ability", "Ability", kind=TEXT, required=True, maximum=80,
                           help="One of hers by id (ley-lines, manipulation:electricity, "
                                "profession:shrine-maiden), or in words for a quick foe's."),
                     Param("target", "Target", kind=TEXT, maximum=40, default="",
                           help="The target's id, for an ability that acts on one."),
                     replace(SEED, required=False, help="Needed by an ability that rolls (the "
                             "tracker's buttons always send one).")),
                    ACTOR, check_ability, apply_ability)
