"""``mb-tracker``: a magical girl's three overcharge counters, what each stage calls for, and
buttons that take the next step of play (a point more or less, a magical check typed or rolled,
an effect applied).

Seed ``002_f32d69e9731a3667.txt``: “Overcharge” (sixes, counters, stages, resets, bursts),
“Basic Magical Talents” (Boost), “Sorcery” (strain), “Medium Magical Talents” (Dampen
Overcharge), “Affinities & Talents” (Power Dampening).

The counters in the inputs (and so in the page address) are the state. Everything else is a
proposal: the gain typed in or rolled is shown with the counter it would give, and only a
button sets the new counters (clearing the one-shot inputs), so reloading a bookmark never adds
a roll twice (interpretation ``tracker-counters-are-the-state``). A rolled check uses
``random.Random(seed)``: the same seed rolls the same dice on every machine and in Pyodide.
Readings: ``tracker-one-action`` (what Dampen Overcharge halves), ``tracker-add-then-apply``
(a pending gain is added before its stat's effect is applied), ``stage-calls-for-an-effect``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from ..calculator import Calculator
from ..errors import CalculatorError
from ..params import BOOL, CHOICE, Param
from ..ui import MAX_SEED, RANDOM
from . import rules
from .overcharge import (BURST_AT, BURSTS, OVERCHARGE_RULES, STAT_NAMES, STATS, TABLES, Change,
                         apply_effect, calls_for, roll_table)
from .tracker_view import render_tracker

__all__ = ["MB_TRACKER", "MAX_COUNTER", "applied_note", "check_overcharge",
           "counter_rows", "mb_tracker", "new_night_action", "roll_check"]

#: Highest counter: a Burst comes at 13, so 40 leaves room for a long run of sixes on top of a
#: counter of 12 (the most a Judgment Burst can plausibly release, as ``mb-judgment-burst``).
MAX_COUNTER = 40
#: Most sixes entered for one check (and most "other" points): far beyond a real roll.
MAX_SIXES = 20
MAX_TALENT = 10

CHECK_DICE = rules.check_value("check-dice")
BOOST_OVERCHARGE = rules.check_value("boost-overcharge")
BOOSTS_PER_SCENE = OVERCHARGE_RULES["gain-boost"].limit
STRAIN_POINTS = OVERCHARGE_RULES["gain-sorcery-strain"].limit
POWER_DAMPENING_PER_SCENE = OVERCHARGE_RULES["reduce-power-dampening"].limit

STAT_CHOICES = tuple((s, STAT_NAMES[s]) for s in STATS)
SIDES = 6

#: What every step that records a gain clears: the one-shot inputs of one action.
CLEAR_GAIN: dict[str, object] = {"sixes": "", "roll": "", "boosts": "", "talent": "",
                                 "strain": False, "other": "", "dampen": False,
                                 "power_dampening": ""}
#: What every step other than applying an effect clears: the note of the last effect applied.
CLEAR_APPLIED: dict[str, object] = {"applied": "none", "applied_at": "", "entry_seed": ""}


def roll_check(seed: int, dice: int, explode: bool = True) -> list[list[int]]:
    """Roll a check's ``dice`` d6 with ``random.Random(seed)``, exploding on a magical check.

    Seed “Overcharge”: a 6 on a magical check adds another d6, which explodes again on a 6, and
    so on. Each starting die is rolled to the end of its chain before the next one (the order
    changes nothing in the law, only which seed gives which dice). A mundane check
    (``explode=False``, “My Ordinary Life”) rolls each die once.

    Returns:
        One chain of faces per starting die: every face but the last is a 6.
    """
    if dice < 1:
        raise ValueError("a check rolls at least one die")
    rng = random.Random(seed)
    chains = []
    for _ in range(dice):
        chain = [rng.randint(1, SIDES)]
        while explode and chain[-1] == SIDES:
            chain.append(rng.randint(1, SIDES))
        chains.append(chain)
    return chains


def check_overcharge(chains: list[list[int]]) -> int:
    """Overcharge a magical check adds: one point per six rolled, extra dice included."""
    return sum(face == SIDES for chain in chains for face in chain)


def _stat_actions(stat: str, counters: dict[str, int], pending: bool,
                  keys: Mapping[str, str], roll: bool) -> list[dict]:
    """The buttons of one stat's row: what each sets (the new counters, nothing added).

    ``keys`` names the input that holds each stat's counter (the tracker's ``heart``; a
    character's ``overcharge_heart``); ``roll`` adds the tracker's own roll-a-check button.
    """
    counter = counters[stat]
    name = STAT_NAMES[stat]
    key = keys[stat]
    actions = []
    if counter < MAX_COUNTER:
        actions.append({"id": "plus", "label": "+1", "title": f"{name} overcharge {counter} → "
                        f"{counter + 1}", "set": {key: counter + 1, **CLEAR_APPLIED}})
    if counter > 0:
        actions.append({"id": "minus", "label": "−1", "title": f"{name} overcharge {counter} → "
                        f"{counter - 1}", "set": {key: counter - 1, **CLEAR_APPLIED}})
    if roll:
        actions.append({"id": "roll", "label": f"Roll a {name} check",
                        "title": f"Roll 2d6 with exploding sixes (plus one die per Boost entered) "
                                 f"and propose its overcharge for {name}",
                        "set": {"add_to": stat, "roll": RANDOM, "sixes": "", **CLEAR_APPLIED}})
    effect = calls_for(stat, counter)
    if effect["table"] is not None and not pending:
        rolls = effect["stage"] != "burst"
        actions.append({
            "id": "apply", "label": f"Apply {_effect_label(stat, effect)}",
            "title": f"The effect comes into play and the {name} counter resets to "
                     f"{apply_effect(counter)}",
            "primary": effect["bursts_now"],
            "set": {key: apply_effect(counter), "applied": stat, "applied_at": counter,
                    "entry_seed": RANDOM if rolls else ""}})
    return actions


#: The tracker's own inputs: each counter under its stat's id.
OWN_KEYS = {stat: stat for stat in STATS}


def counter_rows(counters: dict[str, int], keys: Mapping[str, str] = OWN_KEYS,
                 pending: str | None = None, roll: bool = True) -> list[dict]:
    """One row per magical stat: its counter, stage, what it calls for and its step buttons.

    Args:
        counters: stat → counter now.
        keys: stat → the input holding that counter (default: the stat's own id, as
            ``mb-tracker`` names them).
        pending: the stat a proposed gain waits on (its Apply button is left out until the
            gain is added, interpretation ``tracker-add-then-apply``).
        roll: include a roll-a-check button per stat.
    """
    return [{"stat": stat, "name": STAT_NAMES[stat], "counter": counters[stat],
             "calls_for": calls_for(stat, counters[stat]),
             "bursts_now": counters[stat] >= BURST_AT, "pending": stat == pending,
             "actions": _stat_actions(stat, counters, stat == pending, keys, roll)}
            for stat in STATS]


def new_night_action(keys: Mapping[str, str] = OWN_KEYS,
                     clear: dict[str, object] | None = None) -> dict:
    """The button that starts a game night: every counter (under ``keys``) to 0, the note of
    the last effect cleared, and the inputs in ``clear`` reset."""
    return {"id": "new-night", "label": "New game night",
            "title": "Every counter to 0 and every one-shot input cleared",
            "set": {**{keys[stat]: 0 for stat in STATS}, **(clear or {}), **CLEAR_APPLIED}}


def _effect_label(stat: str, effect: dict) -> str:
    """“Fury major flair”, “Heart temporary change”, “Judgment Burst”."""
    if effect["stage"] == "burst":
        return effect["table_title"]
    return f"{STAT_NAMES[stat]} {effect['stage_name'].lower()}"


def _gain(counters: dict[str, int], add_to: str, sixes: int | None, roll: int | None,
          boosts: int, talent: int, strain: bool, other: int, dampen: bool,
          power_dampening: int) -> tuple[dict | None, dict | None]:
    """The check rolled (if any) and the gain proposed for ``add_to`` with its Add button."""
    check = None
    if roll is not None:
        chains = roll_check(roll, CHECK_DICE + boosts)
        faces = [face for chain in chains for face in chain]
        check = {"stat": add_to, "seed": roll, "dice": CHECK_DICE + boosts, "boosts": boosts,
                 "chains": chains, "sixes": check_overcharge(chains), "total": sum(faces),
                 "ones": faces.count(1)}
        sixes = check["sixes"]
    given = (sixes is not None or roll is not None or boosts or talent or strain or other
             or power_dampening)
    if not given:
        return check, None
    sixes = sixes or 0
    strain_points = STRAIN_POINTS if strain else 0
    raw = sixes + boosts * BOOST_OVERCHARGE + talent + strain_points + other
    gained = raw // 2 if dampen else raw
    before = counters[add_to]
    removed = min(power_dampening, before + gained)
    wanted = before + gained - removed
    after = min(wanted, MAX_COUNTER)
    name = STAT_NAMES[add_to]
    gain = {
        "stat": add_to, "name": name, "sixes": sixes,
        "sixes_from": "roll" if roll is not None else "typed" if sixes else None,
        "boosts": boosts * BOOST_OVERCHARGE, "talent": talent, "strain": strain_points,
        "other": other, "raw": raw, "dampened": dampen, "gained": gained, "removed": removed,
        "before": before, "after": after, "capped": wanted - after,
        "calls_for": calls_for(add_to, after),
        "add": {"id": "add", "label": f"Add to {name}: {before} → {after}",
                "title": f"Set {name} to {after} and clear this check's inputs", "primary": True,
                "set": {add_to: after, **CLEAR_GAIN, **CLEAR_APPLIED}},
    }
    return check, gain


def applied_note(stat: str, counter: int | None, entry_seed: int | None) -> dict:
    """The note of the effect applied last: its stage, and the row rolled for it."""
    if counter is None:
        raise CalculatorError.single(
            "applied_at", "Give the counter the effect was applied at (0 or more).")
    effect = calls_for(stat, counter)
    note = {"stat": stat, "name": STAT_NAMES[stat], "counter": counter,
            "reset_to": apply_effect(counter), **effect, "label": None, "entry": None,
            "burst": None, "judgment_burst": None, "roll_again": None}
    if effect["table"] is None:
        return note
    note["label"] = _effect_label(stat, effect)
    if effect["stage"] == "burst":
        burst = BURSTS[stat]
        note["burst"] = {"summary": burst.summary, "bond_loss": burst.bond_loss,
                         "counter_after": burst.counter_after}
        if stat == "judgment":
            note["judgment_burst"] = {
                "released": counter,
                "damage": counter * rules.check_value("judgment-burst-damage-per-point"),
                "difficulty": counter * rules.check_value("judgment-burst-difficulty-per-point"),
            }
        return note
    note["roll_again"] = {"id": "roll-again",
                          "label": "Roll again" if entry_seed is not None else "Roll an entry",
                          "title": f"Roll a new row of {effect['table_title']}",
                          "set": {"entry_seed": RANDOM}}
    if entry_seed is not None:
        tens, units, row = roll_table(effect["table"], entry_seed)
        table = TABLES[effect["table"]]
        note["entry"] = {"seed": entry_seed, "die": table.die, "dice": [tens, units],
                         "roll": row.roll, "id": row.id,
                         "name": row.name if isinstance(row, Change) else None,
                         "text": row.effect if isinstance(row, Change) else row.text}
    return note


def mb_tracker(heart: int, fury: int, judgment: int, add_to: str, sixes: int | None,
               roll: int | None, boosts: int, talent: int, strain: bool, other: int,
               dampen: bool, power_dampening: int, applied: str, applied_at: int | None,
               entry_seed: int | None) -> dict:
    """The counters as they stand, what each calls for, and the next steps as proposals.

    A gain on ``add_to`` is ``sixes`` (typed, or counted on the check rolled from ``roll``)
    + 1 per Boost + ``talent`` + strain + ``other``; halved, rounding down, with Dampen
    Overcharge; then ``power_dampening`` points come off the same counter (never below 0).

    Returns:
        ``counters``; ``stats`` (per stat: ``counter``, ``calls_for``, ``bursts_now``,
        ``actions``: buttons, each with the inputs it ``set``\\ s); ``check`` (the dice rolled,
        or ``None``); ``gain`` (the arithmetic and its ``add`` button, or ``None``);
        ``applied`` (the effect applied last, with its rolled ``entry``, or ``None``);
        ``bursts`` (stats at 13 or more); ``new_night``: the button that starts a game
        night with every counter at 0 (the page's Reset goes back to its example instead).

    Raises:
        CalculatorError: if both ``sixes`` and ``roll`` are given, or an effect is named as
            applied without ``applied_at``.
    """
    if sixes is not None and roll is not None:
        raise CalculatorError.single("sixes", "Type the sixes or roll the check, not both.")
    counters = {"heart": heart, "fury": fury, "judgment": judgment}
    check, gain = _gain(counters, add_to, sixes, roll, boosts, talent, strain, other, dampen,
                        power_dampening)
    stats = counter_rows(counters, pending=gain["stat"] if gain is not None else None)
    return {
        "counters": counters,
        "stats": stats,
        "check": check,
        "gain": gain,
        "applied": None if applied == "none" else applied_note(applied, applied_at, entry_seed),
        "bursts": [s["stat"] for s in stats if s["bursts_now"]],
        "burst_at": BURST_AT,
        "new_night": new_night_action(clear=CLEAR_GAIN),
    }


MB_TRACKER = Calculator(
    name="mb-tracker",
    title="Overcharge tracker",
    summary="Heart, Fury and Judgment overcharge counters: their stages, what each calls for, "
            "and buttons to add overcharge, roll a magical check or apply an effect.",
    params=(
        Param("heart", "Heart counter", default=0, minimum=0, maximum=MAX_COUNTER,
              help="Heart overcharge now."),
        Param("fury", "Fury counter", default=0, minimum=0, maximum=MAX_COUNTER,
              help="Fury overcharge now."),
        Param("judgment", "Judgment counter", default=0, minimum=0, maximum=MAX_COUNTER,
              help="Judgment overcharge now."),
        Param("add_to", "Gain on", kind=CHOICE, default="heart", choices=STAT_CHOICES,
              help="The stat the check or talent below is on."),
        Param("sixes", "Sixes rolled", minimum=0, maximum=MAX_SIXES, exclusive="check",
              help="Every 6 on her check, extra dice included: 1 each. Or roll below."),
        Param("roll", "Roll seed", minimum=0, maximum=MAX_SEED, exclusive="check",
              hidden=True,
              help="Rolls the check (2d6!, plus Boost dice); the same seed, the same dice."),
        Param("boosts", "Boosts", default=0, minimum=0, maximum=BOOSTS_PER_SCENE,
              help=f"1 overcharge and 1 more die each; up to {BOOSTS_PER_SCENE} a scene."),
        Param("talent", "Talent cost", default=0, minimum=0, maximum=MAX_TALENT,
              help="Overcharge a talent costs on this stat."),
        Param("strain", "Sorcery strain", kind=BOOL, default=False,
              help=f"The sorcery side effect: {STRAIN_POINTS} more on the stat used."),
        Param("other", "Other", default=0, minimum=0, maximum=MAX_SIXES,
              help="Any other overcharge taken on this stat."),
        Param("dampen", "Dampen Overcharge", kind=BOOL, default=False,
              help="An ally halves the gain (round down)."),
        Param("power_dampening", "Power Dampening", default=0, minimum=0,
              maximum=POWER_DAMPENING_PER_SCENE,
              help=f"Points removed from this stat; up to {POWER_DAMPENING_PER_SCENE} a scene."),
        Param("applied", "Last effect applied", kind=CHOICE, default="none",
              choices=(("none", "None"), *STAT_CHOICES),
              hidden=True,
              help="Set by the Apply buttons: the stat whose effect came into play."),
        Param("applied_at", "Applied at", minimum=0, maximum=MAX_COUNTER,
              hidden=True,
              help="The counter it was applied at (it has reset since)."),
        Param("entry_seed", "Entry seed", minimum=0, maximum=MAX_SEED,
              hidden=True,
              help="Rolls the flair or change for that effect; the same seed, the same row."),
    ),
    compute=mb_tracker,
    render=render_tracker,
    example={"heart": 2, "fury": 4, "judgment": 9},
    rules=(("Overcharge stages", "magical-burst/overcharge.md#stages"),
           ("Gaining and shedding overcharge", "magical-burst/overcharge.md#gaining-overcharge"),
           ("Flair and change tables", "magical-burst/overcharge.md#tables")),
    saved=True,
    saved_as="overcharge tracker",
)
