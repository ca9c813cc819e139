"""One check in a post-magic-maid battle, rolled with the event's dice and read by the site's
own check code (:func:`..resolution.tier_of`, :func:`..resolution.assisted_tier`; seed
``003_1585970b7e222c64.txt``, “Basic check system”, “Blitz Points”, “Initiative / Actions”,
“Assists”), and a helper's roll raising the tier of an action she assists.

The two attributes' dice are added with both attributes' bonuses, the ability's and any the
table gives, less the several-actions penalty, plus the bonus d8s she spends. An automatic 25
(an ace's, a joker's or a given ace's) replaces the roll: no dice, a 25-tier result whatever
the penalty (note ``automatic-25-and-several-actions``). Both dice on their top face earn a
Blitz Point, whatever the bonus (note ``blitz-point-on-the-natural-faces``)."""

from __future__ import annotations

from dataclasses import dataclass

from ...battle.state import State
from ..resolution import assisted_tier, tier_of
from ..rules import TIERS, die_by_id
from ..sheet import ATTRIBUTE_NAMES
from .cards import AUTOMATIC, AUTOMATIC_RESULT, BONUS_DIE, has_automatic
from .citations import cite
from .numbers import number

ASSISTS = cite("Assists")
ASSIST_MARGIN = number("assist-tier-margin")


@dataclass(frozen=True)
class Rolled:
    """A check's ``total``, its ``tier`` (0–4), the words the log shows, and whether it
    earned a Blitz Point (both dice on their top face)."""

    total: int
    tier: int
    words: str
    blitz_point: bool = False


def tier_words(tier: int) -> str:
    return "no tier" if tier == 0 else f"the {TIERS[tier].label} tier"


def check_label(check: str) -> str:
    """``int-dex`` as a player says it: ``Int & Dex``."""
    first, second = check.split("-")
    return f"{ATTRIBUTE_NAMES[first]} & {ATTRIBUTE_NAMES[second]}"


def roll(state: State, c: dict, check: str, bonus: int, penalty: int = 0,
         ability: str = "", d8s: int = 0) -> Rolled:
    """Her check ``check`` (two attribute ids, ``int-dex``) with ``bonus`` from the table, the
    bonus of her ability ``ability`` (a slot id, or none), ``penalty`` subtracted and ``d8s``
    bonus dice spent; an automatic 25 she holds is used instead (and spent)."""
    c["rolled_round"] = True
    label = check_label(check)
    if has_automatic(c):
        c["statuses"] = [s for s in c["statuses"] if s["id"] != AUTOMATIC]
        return Rolled(AUTOMATIC_RESULT, tier_of(AUTOMATIC_RESULT),
                      f"{label}: an automatic {AUTOMATIC_RESULT} (no dice, no penalty), "
                      f"{tier_words(tier_of(AUTOMATIC_RESULT))}")
    first, second = check.split("-")
    sides = [die_by_id(c["dice"][a]).sides for a in (first, second)]
    faces = [state.dice.roll(1, s, f"{c['name']}'s {ATTRIBUTE_NAMES[a]}")[0]
             for a, s in zip((first, second), sides)]
    parts = [(ATTRIBUTE_NAMES[a], c["bonuses"][a]) for a in (first, second)]
    if ability:
        found = next(a for a in c["abilities"] if a["id"] == ability)
        parts.append((found["name"], found["bonus"]))
    parts += [("bonus", bonus), ("several actions", -penalty)]
    extra = state.dice.roll(d8s, BONUS_DIE, f"{c['name']}'s bonus d{BONUS_DIE}s") if d8s else []
    total = sum(faces) + sum(extra) + sum(v for _, v in parts)
    shown = " + ".join(f"d{s} {f}" for s, f in zip(sides, faces))
    shown += "".join(f" {'+' if v >= 0 else '−'} {abs(v)} {what}" for what, v in parts if v)
    shown += "".join(f" + bonus d{BONUS_DIE} {f}" for f in extra)
    tier = tier_of(total)
    c["d8s"] -= d8s
    top = all(f == s for f, s in zip(faces, sides))
    if top:
        c["blitz"] += 1
    return Rolled(total, tier, f"{label}: {shown} = {total}, {tier_words(tier)}", top)


def write_roll(state: State, c: dict, rolled: Rolled, text: str, *rule: str,
               note: str = "") -> None:
    """The log line of a roll (``text`` then its words), and the Blitz Point it earned."""
    state.write(f"{text}: {rolled.words}.", *rule, note=note)
    if rolled.blitz_point:
        state.write(f"{c['name']} rolled both dice's highest face: she gains a Blitz Point "
                    f"({c['blitz'] - 1} → {c['blitz']}).", *cite("Blitz Points"),
                    note="blitz-point-on-the-natural-faces")


def assisted(state: State, c: dict, tier: int, ev: dict) -> int:
    """The tier her roll (in ``tier``) counts as: the helper's roll, when she has one, raises
    it by the two-tier rule (seed “Assists”)."""
    if not ev["helper"]:
        return tier
    helper = state.by_id(ev["helper"])
    helped = roll(state, helper, ev["helper_check"], ev["helper_bonus"])
    write_roll(state, helper, helped, f"{helper['name']} assists", *ASSISTS,
               note="assist-on-anothers-turn")
    raised = assisted_tier(tier, helped.tier)
    mine, help_ = f"{c['name']}'s {tier_roll(tier)}", f"{helper['name']}'s help"
    if raised > tier:
        said = f"{mine} counts as {tier_words(raised)}, with {help_}."
    elif tier == len(TIERS) - 1:
        said = f"{mine} is already the top tier; {help_} cannot raise it."
    else:
        said = f"{mine} stays {tier_words(tier)}: {help_} raises it only from " \
               f"{ASSIST_MARGIN} tiers above it."
    state.write(said, *ASSISTS, note="assist-capped-at-top-tier")
    return raised


def tier_roll(tier: int) -> str:
    """A roll by the tier it reached, as a player says it: ``10-tier roll``."""
    return f"roll {TIERS[0].label}" if tier == 0 else f"{TIERS[tier].label}-tier roll"


__all__ = ["Rolled", "assisted", "check_label", "roll", "tier_roll", "tier_words",
           "write_roll"]
