"""``mb-character``: a Magical Burst 4.1 magical girl, built step by step and kept in play.

Seed ``002_f32d69e9731a3667.txt``: “Character Creation and Advancement” (the eight steps and
the experience costs), “Bonds”, “My Ordinary Life” and “Magical attributes” (budgets, caps and
roles), “Affinities & Talents” (starting, basic, common and affinity talents), “Life and death”
(Resolve, wounds and the maximum-resolve penalty), “Help and hindrance” (ailments) and
“Overcharge” (the counters, through the overcharge tracker's own code).

The parameters object is the character: one flat control per thing a player decides. The
creation controls are checked against the creation budgets and caps; what she buys later with
experience is entered beside them (times each stat was raised, talents learnt), so the creation
budget stays checkable for the whole campaign. ``compute`` gathers every broken rule at once,
each on the control concerned and naming its rule-book section.

Rolls: the hidden ``roll`` (a stat) and ``seed`` roll that stat's check with
``random.Random(seed)`` through the tracker's dice code (2d6, sixes exploding on a magical
check), and propose the overcharge its sixes add; a button in the answer adds it to her counter.
"""

from __future__ import annotations

from typing import Any

from ..calculator import Calculator
from ..errors import Problems
from ..params import BOOL, CHOICE, TEXT, Offered, Param
from ..ui import MAX_SEED, ROLL_SEED, rule_refs, widget_link
from .character_view import render_character
from .checks import BOOST_OVERCHARGE, CHECK_DICE, MAJOR_AT, MAX_BOOSTS, SUCCESS_AT, check_law, classify
from .overcharge import BURST_AT, STAT_NAMES, STATS
from .rules import (ADVANCES, AILMENTS, BOND_EVENTS, POWERS, RULE_VALUES, WOUNDS, character_value,
                    check_value, stats_of, wound_level)
from .talents import AFFINITIES, TALENTS, TALENTS_BY_ID, Talent
from .tracker import (MAX_COUNTER, applied_note, check_overcharge, counter_rows,
                      new_night_action, roll_check)

__all__ = ["MB_CHARACTER", "mb_character"]

#: Where the builder and its sheet live; odds links are made relative to it.
PAGE = "magical-burst/character.md"
#: Where the site presents each rule-book section a broken rule names (the message links it).
RULE_PAGES = rule_refs({
    "Bonds": "magical-burst/ordinary-life.md#bonds",
    "My Ordinary Life": "magical-burst/ordinary-life.md#mundane-stats",
    "Magical attributes": "magical-burst/magic.md#magical-attributes",
    "Character creation, step 3": "magical-burst/character-creation.md#character-creation",
    "Character creation, step 8": "magical-burst/character-creation.md#character-creation",
    "Character advancement": "magical-burst/character-creation.md#advancement",
    "Life and death": "magical-burst/combat.md#resolve",
    "Affinities & Talents": "magical-burst/talents.md#affinities",
})
STEP_8, LIFE_AND_DEATH = "Character creation, step 8", "Life and death"
CHECKS_PAGE = "magical-burst/checks.md"
OVERCHARGE_ODDS_PAGE = "magical-burst/overcharge-odds.md"

MUNDANE = [s.id for s in stats_of("mundane")]
MAGICAL = [s.id for s in stats_of("magical")]
ROLES = [s.id for s in stats_of("role")]
NAMES = {s.id: s.name for s in (*stats_of("mundane"), *stats_of("magical"), *stats_of("role"))}

#: Bond slots on the sheet: 12 points of 1 to 4 need at least 3 bonds; 6 slots hold one or two
#: main bonds and a few weaker ones, as “Bonds” expects, and room for bonds formed in play.
BOND_SLOTS = 6
#: Talent slots: the three creation picks, then talents learnt with experience.
CREATION_PICKS = character_value("starting-talents")
LEARNT_SLOTS = 6
POWER_SLOTS = character_value("starting-powers")

MAX_STAT_INPUT = 12
MAX_RAISES = 10
MAX_XP = 999
BASE_RESOLVE = check_value("starting-resolve")
WOUND_DIE = check_value("wound-resolve-die-sides")
DEAD = WOUNDS[-1]
#: Largest damage the form takes (a form limit, not a rule: from ``DEAD.first_damage`` on
#: she is dead, however much more she took).
MAX_DAMAGE = 999
MODIFIER_RANGE = (-20, 20)

ADVANCE = {a.id: a for a in ADVANCES}
POWERS_BY_ID = {x.id: x for x in POWERS}
#: Advances she can buy here (team moves and the second transformation are “to be added”).
BUYABLE = [a for a in ADVANCES if not a.pending]

LEARNABLE = [t for t in TALENTS if t.group in ("common", "affinity")]
FREE_AT_CREATION = [t for t in TALENTS if t.free_at_creation]
#: Experience for a bond gained or lost through her own actions, and for one lost to hostile
#: magic or her own talents (“Bonds”).
BOND_XP = {e.id: e.xp for e in BOND_EVENTS}
XP_GAIN, XP_LOSS, XP_MAGIC = (BOND_XP["show-dedication"], BOND_XP["betray-the-bond"],
                              BOND_XP["hostile-magic"])


def _section(rule_id: str) -> str:
    return RULE_VALUES[rule_id].source.section


def _talent_kind(t: Talent) -> str:
    return "Common" if t.affinity is None else AFFINITIES[t.affinity]


def _talent_label(t: Talent) -> str:
    return f"{t.name} ({_talent_kind(t)})"


def _talent_param(name: str, label: str, help_text: str, common: bool, own: bool) -> Param:
    """A talent slot: every learnable talent is a choice (so a wrong one is judged by the
    rules, not refused as unknown); the form lists first what the slot takes."""
    by_choice = []
    for t in LEARNABLE:
        if t.affinity is None:
            if not common:
                by_choice.append((t.id, ()))
        else:
            by_choice.append((t.id, (t.affinity,) if own else ()))
    return Param(name, label, kind=CHOICE, default="",
                 choices=(("", "None"), *((t.id, _talent_label(t)) for t in LEARNABLE)),
                 help=help_text,
                 offered=Offered("affinity", tuple(by_choice),
                                 "Talents this slot does not take are under “Show all”."))


def _free_name(t: Talent) -> str:
    return "free_" + t.id.replace("-", "_")


BOND_FIELDS = [(f"bond_{i}_name", f"bond_{i}", f"bond_{i}_now") for i in range(1, BOND_SLOTS + 1)]
TALENT_FIELDS = [f"talent_{i}" for i in range(1, CREATION_PICKS + LEARNT_SLOTS + 1)]
POWER_FIELDS = [f"power_{i}" for i in range(1, POWER_SLOTS + 1)]
COUNTER_KEYS = {stat: f"overcharge_{stat}" for stat in STATS}
ROLL_CHOICES = (("", "None"), *((s, NAMES[s]) for s in (*MUNDANE, *MAGICAL)))


def _params() -> tuple[Param, ...]:
    bonds = []
    for i, (name, start, now) in enumerate(BOND_FIELDS, start=1):
        bonds += [
            Param(name, f"Bond {i}", kind=TEXT, default="", maximum=60,
                  help="Who or what she is bound to." if i == 1 else ""),
            Param(start, f"Bond {i} points at creation", default=0, minimum=0,
                  maximum=character_value("bond-max"),
                  help=(f"{character_value('bond-min')} to {character_value('bond-max')}; 0 for a bond she did not "
                        "have at creation.") if i == 1 else ""),
            Param(now, f"Bond {i} points now", minimum=0, maximum=character_value("bond-max"), hidden=True,
                  help="Set by the sheet's bond buttons; blank: as at creation."),
        ]
    mundane = [Param(s, f"{NAMES[s]} at creation", default=0, minimum=0,
                     maximum=MAX_STAT_INPUT) for s in MUNDANE]
    magical = [Param(s, f"{NAMES[s]} at creation", default=0, minimum=0,
                     maximum=MAX_STAT_INPUT) for s in MAGICAL]
    magic_choices = tuple((s, NAMES[s]) for s in MAGICAL)
    roles = [Param(f"{role}_stat", f"{NAMES[role]} stat", kind=CHOICE, default=stat,
                   choices=magic_choices)
             for role, stat in zip(ROLES, ("fury", "heart", "judgment"))]
    powers = [Param(f, f"Power {i}", kind=CHOICE, default="",
                    choices=(("", "None"), *((p.id, p.name) for p in POWERS)))
              for i, f in enumerate(POWER_FIELDS, start=1)]
    picks = [
        _talent_param("talent_1", "General talent", "A Common talent.", True, False),
        _talent_param("talent_2", "Affinity talent", "A talent of her affinity.", False, True),
        _talent_param("talent_3", "Third talent", "Common or of her affinity.", True, True),
    ]
    free = [Param(_free_name(t), f"{t.name}, free at creation", kind=BOOL, default=False,
                  help="Free at creation; does not use a pick.") for t in FREE_AT_CREATION]
    raised = [Param(f"{s}_raised", f"{NAMES[s]} raised with experience", default=0, minimum=0,
                    maximum=MAX_RAISES) for s in (*MUNDANE, *MAGICAL)]
    prices = (f"{ADVANCE['common-or-affinity-talent'].xp} experience, "
              f"{ADVANCE['other-affinity-talent'].xp} from another affinity.")
    learnt = [_talent_param(f, f"Talent learnt {i}", prices if i == 1 else "", True, True)
              for i, f in enumerate(TALENT_FIELDS[CREATION_PICKS:], start=1)]
    ailments = [Param(f"ailment_{a.id}", a.name, kind=BOOL, default=False) for a in AILMENTS]
    counters = [Param(COUNTER_KEYS[s], f"{STAT_NAMES[s]} overcharge", default=0, minimum=0,
                      maximum=MAX_COUNTER) for s in STATS]
    return (
        Param("name", "Character name", kind=TEXT, default="", maximum=60),
        *bonds, *powers, *mundane, *magical, *roles,
        Param("affinity", "Affinity", kind=CHOICE, default="guardian",
              choices=tuple(AFFINITIES.items())),
        *picks, *free,
        Param("xp", "Experience earned", default=0, minimum=0, maximum=MAX_XP,
              help="Every experience point she has earned; the sheet says what is spent."),
        *raised,
        Param("reverted", "Permanent changes reverted", default=0, minimum=0,
              maximum=MAX_RAISES),
        *learnt,
        Param("resolve", "Resolve now", minimum=0, maximum=BASE_RESOLVE,
              help="Blank: her maximum."),
        Param("damage", "Damage since Resolve ran out", default=0, minimum=0,
              maximum=MAX_DAMAGE, help=f"Adds up into her wound level; {DEAD.first_damage} "
                                       "or more and she is dead."),
        Param("wound_dice", "Wound dice rolled", minimum=0, maximum=WOUND_DIE * (DEAD.level - 1),
              help="1d6 per wound level, rolled once: her Tenacity comes off it."),
        Param("transformed", "Transformed", kind=BOOL, default=False,
              help="Transformed, she ignores the wound penalty to rolls."),
        *ailments,
        *counters,
        Param("modifier", "Modifier for the next roll", default=0,
              minimum=MODIFIER_RANGE[0], maximum=MODIFIER_RANGE[1],
              help="Help, proficiency and any other bonus or penalty."),
        Param("boosts", "Boosts on the next roll", default=0, minimum=0, maximum=MAX_BOOSTS,
              help=f"Magical rolls: one more die and {BOOST_OVERCHARGE} overcharge each."),
        Param("applied", "Last effect applied", kind=CHOICE, default="none",
              choices=(("none", "None"), *((s, STAT_NAMES[s]) for s in STATS)), hidden=True,
              help="Set by the Apply buttons."),
        Param("applied_at", "Applied at", minimum=0, maximum=MAX_COUNTER, hidden=True),
        Param("entry_seed", "Entry seed", minimum=0, maximum=MAX_SEED, hidden=True),
        Param("roll", "Roll", kind=CHOICE, default="", choices=ROLL_CHOICES, hidden=True,
              transient=True, help="Set by a Roll button: the stat rolled."),
        ROLL_SEED,
        Param("roll_added", "Roll's overcharge added", kind=BOOL, default=False, hidden=True,
              transient=True, help="Set by the roll's Add button."),
    )


PARAMS = _params()


def _budget(p: dict, problems: Problems, fields: list[str], points_id: str, cap_id: str,
            what: str, label: str) -> dict:
    """One creation pool: the points spent, left, and a rule broken for a stat over its cap
    or the pool over budget (on the last control of the pool that holds points)."""
    budget, cap = character_value(points_id), character_value(cap_id)
    spent = sum(p[f] for f in fields)
    for f in fields:
        if p[f] > cap:
            problems.broken(f, f"Above the creation cap: {label(f)} is {p[f]}; none may be "
                             f"above {cap} at creation", _section(cap_id))
    if spent > budget:
        last = [f for f in fields if p[f]][-1]
        problems.broken(last, f"Over budget: {spent} of the {budget} {what} points are spent",
                        _section(points_id))
    return {"budget": budget, "spent": spent, "left": budget - spent, "cap": cap}


def _bonds(p: dict, problems: Problems) -> tuple[list[dict], dict]:
    low, high = character_value("bond-min"), character_value("bond-max")
    rows = []
    for i, (name_f, start_f, now_f) in enumerate(BOND_FIELDS, start=1):
        start, now = p[start_f], p[now_f]
        current = start if now is None else now
        if not (p[name_f] or start or current):
            continue
        rows.append({"slot": i, "name": p[name_f] or f"Bond {i}", "start": start, "now": current,
                     "actions": _bond_actions(p, now_f, current, high)})
    spent = sum(p[s] for _, s, _ in BOND_FIELDS)
    budget = character_value("bond-points")
    if spent > budget:
        last = [s for _, s, _ in BOND_FIELDS if p[s]][-1]
        problems.broken(last, f"Over budget: {spent} of the {budget} bond points are spent",
                        _section("bond-points"))
    return rows, {"budget": budget, "spent": spent, "left": budget - spent,
                  "min": low, "cap": high}


def _bond_actions(p: dict, now_f: str, current: int, high: int) -> list[dict]:
    """A bond's steps in play: gained or lost through her own actions (experience either way,
    “Bonds”), or lost to hostile magic or her own talent (none)."""
    xp = p["xp"]
    actions = []
    if current < high:
        actions.append({"id": "gain", "label": "+1", "title": f"Bond {current} → {current + 1}, "
                        f"+{XP_GAIN} experience",
                        "set": {now_f: current + 1, "xp": min(xp + XP_GAIN, MAX_XP)}})
    if current > 0:
        actions.append({"id": "lose", "label": "−1", "title": f"Bond {current} → "
                        f"{current - 1}, +{XP_LOSS} experience",
                        "set": {now_f: current - 1, "xp": min(xp + XP_LOSS, MAX_XP)}})
        actions.append({"id": "lose-to-magic", "label": "−1, no experience",
                        "title": "Lost to hostile magic or her own talent",
                        "set": {now_f: current - 1, "xp": xp + XP_MAGIC}})
    return actions


def _stats(p: dict, problems: Problems) -> dict[str, dict]:
    """Each stat now: creation points plus raises, against the advancement cap."""
    out = {}
    for s in (*MUNDANE, *MAGICAL):
        kind = "mundane" if s in MUNDANE else "magical"
        advance = ADVANCE[f"{kind}-stat"]
        cap = character_value(advance.cap)
        now = p[s] + p[f"{s}_raised"]
        if p[f"{s}_raised"] and now > cap:
            problems.broken(f"{s}_raised", f"Above the cap: {NAMES[s]} would be {now}; "
                                         f"experience raises a {kind} stat to {cap} at most",
                            advance.source.section)
        out[s] = {"id": s, "name": NAMES[s], "kind": kind, "start": p[s],
                  "raised": p[f"{s}_raised"], "now": now}
    return out


def _roles(p: dict, problems: Problems, stats: dict) -> dict[str, dict]:
    """Attack, Defence and Support: one magical stat each (interpretation ``roles-one-each``)."""
    seen: dict[str, str] = {}
    out = {}
    for role in ROLES:
        stat = p[f"{role}_stat"]
        if stat in seen:
            problems.broken(f"{role}_stat", f"{NAMES[stat]} is already her {NAMES[seen[stat]]} "
                                          "stat: each magical stat takes one role",
                            "Magical attributes")
        seen.setdefault(stat, role)
        out[role] = {"role": role, "name": NAMES[role], "stat": stat,
                     "stat_name": NAMES[stat], "value": stats[stat]["now"]}
    return out


def _talents(p: dict, problems: Problems) -> tuple[list[dict], list[dict], dict]:
    """The talents she knows: free ones (basic, her affinity's starting talents, those free
    at creation), the three creation picks checked against step 8, and learnt ones priced; a
    talent of another affinity only as a talent learnt (interpretation
    ``other-affinity-talents-learnt-later``)."""
    affinity = p["affinity"]
    own_name = AFFINITIES[affinity]
    known: list[dict] = []
    for t in TALENTS:
        if t.group == "basic" or (t.group == "starting" and t.affinity == affinity):
            known.append(_talent_row(t, "Known by every girl" if t.group == "basic"
                                     else f"Free with the {own_name} affinity", 0))
    for t in FREE_AT_CREATION:
        if p[_free_name(t)]:
            known.append(_talent_row(t, "Free at creation", 0))
    seen = {row["id"]: _free_name(TALENTS_BY_ID[row["id"]]) for row in known}
    learnt: list[dict] = []
    picks = 0
    for i, f in enumerate(TALENT_FIELDS):
        tid = p[f]
        if not tid:
            continue
        t = TALENTS_BY_ID[tid]
        if tid in seen:
            problems.broken(f, f"{t.name} is already on her sheet: a talent is learnt once",
                            "Affinities & Talents")
            continue
        seen[tid] = f
        own = t.affinity in (None, affinity)
        if i < CREATION_PICKS:
            picks += 1
            slot = ("general", "affinity", "either")[i]
            if not own:
                # The section is cited mid-message here, so the error is made whole.
                problems.add(
                    f, f"Talent without its affinity: {t.name} is a {AFFINITIES[t.affinity]} "
                       f"talent and her affinity is {own_name}; the creation picks are Common "
                       f"or {own_name} talents ({STEP_8}). Learnt with experience it costs "
                       f"{ADVANCE['other-affinity-talent'].xp}.", RULE_PAGES[STEP_8])
            elif slot == "general" and t.affinity is not None:
                problems.broken(f, f"The general talent is a Common talent; {t.name} is a "
                                 f"{own_name} talent", STEP_8)
            elif slot == "affinity" and t.affinity is None:
                problems.broken(f, f"The second pick is a {own_name} talent; {t.name} is Common",
                                STEP_8)
            known.append(_talent_row(t, "Creation pick", 0))
        else:
            advance = ADVANCE["common-or-affinity-talent" if own else "other-affinity-talent"]
            row = _talent_row(t, advance.label, advance.xp)
            row["field"], row["own"] = f, own
            known.append(row)
            learnt.append(row)
    return known, learnt, {"budget": CREATION_PICKS, "picked": picks,
                           "left": CREATION_PICKS - picks}


def _talent_row(t: Talent, how: str, xp: int) -> dict:
    return {"id": t.id, "name": t.name, "kind": _talent_kind(t), "how": how, "xp": xp,
            "action": t.action_label(), "cost": t.cost_label(), "uses": t.uses_label(),
            "overcharge": t.overcharge, "overcharge_stat": t.overcharge_stat,
            "summary": t.summary}


def _use_action(talent: dict, roles: dict, counters: dict) -> dict | None:
    """For a talent whose overcharge goes on a role's stat: the button that adds its cost to
    that stat's counter (Boost, on the stat in use, is added with the roll instead)."""
    role = talent["overcharge_stat"]
    if role not in roles:
        return None
    stat = roles[role]["stat"]
    now = counters[stat]
    after = min(now + talent["overcharge"], MAX_COUNTER)
    return {"id": "use", "key": f"use-{talent['id']}",
            "label": f"Use: {STAT_NAMES[stat]} {now} → {after}",
            "title": f"{talent['name']} costs {talent['overcharge']} overcharge on her "
                     f"{NAMES[role]} stat, {STAT_NAMES[stat]}",
            "set": {COUNTER_KEYS[stat]: after, "applied": "none", "applied_at": "",
                    "entry_seed": ""}}


def _experience(p: dict, problems: Problems, stats: dict, learnt: list[dict]) -> dict:
    """What her experience has bought, advance by advance, against what she has earned.

    Over budget, a talent of another affinity is refused on its own control (it is what a
    talent without its affinity costs); anything else over budget is reported on ``xp``."""
    revert = ADVANCE["revert-permanent-change"]
    if p["reverted"] > revert.limit:
        problems.broken("reverted", f"At most {revert.limit} permanent changes may be reverted",
                        revert.source.section)
    rows = []
    for a in BUYABLE:
        if a.id in ("mundane-stat", "magical-stat"):
            times = sum(s["raised"] for s in stats.values() if s["kind"] == a.id[:-5])
        elif a.id == "revert-permanent-change":
            times = p["reverted"]
        else:
            times = sum(1 for r in learnt if r["xp"] == a.xp and r["own"]
                        == (a.id == "common-or-affinity-talent"))
        limit = (f"up to {character_value(a.cap)}" if a.cap else
                 f"at most {a.limit} times" if a.limit else "—")
        rows.append({"id": a.id, "label": a.label, "xp": a.xp, "limit": limit, "times": times,
                     "spent": a.xp * times})
    spent = sum(r["spent"] for r in rows)
    other = [r for r in learnt if not r["own"]]
    other_spent = sum(r["xp"] for r in other)
    if spent > p["xp"]:
        if spent - other_spent > p["xp"]:
            problems.broken("xp", f"Over budget: {spent} experience is spent and {p['xp']} "
                                "earned", ADVANCES[0].source.section)
        for r in other:
            problems.broken(r["field"], f"Talent without its affinity: {r['name']} is a "
                                      f"{r['kind']} talent, {r['xp']} experience to learn from "
                                      f"another affinity, and {spent} of her {p['xp']} would be "
                                      "spent", ADVANCES[0].source.section)
    return {"earned": p["xp"], "spent": spent, "left": p["xp"] - spent, "advances": rows}


def _resolve(p: dict, problems: Problems, tenacity: int) -> dict:
    """Maximum and current Resolve; the wound level from the damage taken since Resolve ran
    out (interpretation ``wound-level-by-total-damage``) and the maximum-resolve penalty: the
    wound dice less her Tenacity once, never below 0 (``wound-resolve-penalty``), the dice
    rolled for the wound level as it is now (``wound-dice-kept``)."""
    wound = wound_level(p["damage"])
    level = wound.level if wound else 0
    dice = p["wound_dice"]
    penalty = None
    if wound is not None and wound is not DEAD:
        if dice is None:
            penalty = None
        elif not level <= dice <= WOUND_DIE * level:
            problems.broken("wound_dice", f"{level} wound level{'s' if level > 1 else ''} roll "
                                        f"{level}d{WOUND_DIE}: a total from {level} to "
                                        f"{WOUND_DIE * level}", LIFE_AND_DEATH)
        else:
            penalty = max(0, dice - tenacity)
    maximum = BASE_RESOLVE - (penalty or 0)
    resolve = p["resolve"]
    if resolve is not None and resolve > maximum:
        problems.broken("resolve", f"Above her maximum: Resolve {resolve}, and her maximum is "
                                 f"{maximum}", LIFE_AND_DEATH)
    roll_penalty = wound.penalty if wound is not None and wound is not DEAD else 0
    return {"base": BASE_RESOLVE, "maximum": maximum, "now": maximum if resolve is None
            else resolve, "penalty": penalty, "wound_dice": dice, "tenacity": tenacity,
            "damage": p["damage"], "level": level, "dead": wound is DEAD,
            "wound": None if wound is None else {
                "level": wound.level, "healing": wound.healing, "like": wound.like,
                "penalty": wound.penalty},
            "roll_penalty": 0 if p["transformed"] else (roll_penalty or 0),
            "wound_roll_penalty": roll_penalty or 0,
            "transformed": p["transformed"]}


def _ailments(p: dict) -> list[dict]:
    return [{"id": a.id, "name": a.name, "summary": a.summary, "roll_penalty": a.roll_penalty}
            for a in AILMENTS if p[f"ailment_{a.id}"]]


def _modifiers(p: dict, resolve: dict, ailments: list[dict]) -> list[dict]:
    """Every bonus and penalty on her next roll, each with where it comes from."""
    out = []
    if resolve["roll_penalty"]:
        out.append({"label": f"wound level {resolve['level']}", "value": resolve["roll_penalty"]})
    for a in ailments:
        if a["roll_penalty"]:
            out.append({"label": a["name"], "value": a["roll_penalty"]})
    if p["modifier"]:
        out.append({"label": "modifier", "value": p["modifier"]})
    return out


def _checks(stats: dict, roles: dict, modifiers: list[dict], boosts: int) -> list[dict]:
    """Every check the sheet offers: one per stat, with its exact odds (the same law as
    ``mb-check``) and the parameters for that calculator."""
    bonus = sum(m["value"] for m in modifiers)
    out = []
    for s in (*MUNDANE, *MAGICAL):
        magical = s in MAGICAL
        dice_boosts = boosts if magical else 0
        law = check_law(magical, stats[s]["now"], bonus, dice_boosts)
        out.append({
            "stat": s, "name": NAMES[s], "kind": stats[s]["kind"], "value": stats[s]["now"],
            "modifier": bonus, "boosts": dice_boosts, "dice": CHECK_DICE + dice_boosts,
            "success_at": SUCCESS_AT, "major_at": MAJOR_AT,
            "roles": [r["name"] for r in roles.values() if r["stat"] == s],
            "p_success": float(law.at_least(SUCCESS_AT)),
            "p_major": float(law.at_least(MAJOR_AT)),
            "odds": widget_link(CHECKS_PAGE, "mb-check", {
                "kind": stats[s]["kind"], "stat": stats[s]["now"], "modifier": bonus,
                "boosts": dice_boosts}, PAGE),
        })
    return out


def _roll(p: dict, check: dict, counters: dict) -> dict:
    """Roll one check from the sheet with ``random.Random(seed)``: the tracker's dice code,
    exploding on a magical check; the overcharge its sixes (and Boosts) add, and the button
    that adds it to her counter (interpretation ``tracker-counters-are-the-state``)."""
    magical = check["kind"] == "magical"
    dice = check["dice"]
    chains = roll_check(p["seed"], dice, explode=magical)
    faces = [face for chain in chains for face in chain]
    dice_total = sum(faces)
    total = dice_total + check["value"] + check["modifier"]
    sixes = check_overcharge(chains) if magical else 0
    gained = sixes + check["boosts"] * BOOST_OVERCHARGE if magical else 0
    stat = check["stat"]
    result = {"stat": stat, "name": check["name"], "kind": check["kind"], "seed": p["seed"],
              "dice": dice, "chains": chains, "dice_total": dice_total,
              "value": check["value"], "modifier": check["modifier"], "total": total,
              "success_at": SUCCESS_AT, "major_at": MAJOR_AT, "outcome": classify(total),
              "sixes": sixes, "boosts": check["boosts"], "gained": gained, "added": None,
              "add": None, "key": f"{stat}:{p['seed']}"}
    if gained:
        now = counters[stat]
        if p["roll_added"]:
            result["added"] = {"before": max(0, now - gained), "after": now}
        else:
            after = min(now + gained, MAX_COUNTER)
            result["add"] = {"id": "add", "label": f"Add {gained} to {check['name']} "
                             f"overcharge: {now} → {after}", "primary": True,
                             "title": f"Set the {check['name']} counter to {after}",
                             "before": now, "after": after,
                             "set": {COUNTER_KEYS[stat]: after, "roll_added": True,
                                     "applied": "none", "applied_at": "", "entry_seed": ""}}
    return result


def _headline(bonds: dict, mundane: dict, magical: dict, picks: dict, powers: int,
              experience: dict) -> list[dict]:
    """What is left to spend: the builder's headline."""
    return [
        {"label": "Bond points left", "value": bonds["left"], "of": bonds["budget"]},
        {"label": "Mundane points left", "value": mundane["left"], "of": mundane["budget"]},
        {"label": "Magical points left", "value": magical["left"], "of": magical["budget"]},
        {"label": "Talent picks left", "value": picks["left"], "of": picks["budget"]},
        {"label": "Powers left", "value": POWER_SLOTS - powers, "of": POWER_SLOTS},
        {"label": "Experience left", "value": experience["left"], "of": experience["earned"]},
    ]


def mb_character(**p: Any) -> dict:
    """Validate a character against the creation and advancement rules and derive her sheet.

    Returns:
        ``name``; ``left`` (points, picks and experience left to spend, the headline);
        ``bonds``, ``stats``, ``roles``, ``powers``, ``affinity``, ``talents``,
        ``experience`` (earned, spent, left and the advances bought), ``resolve`` (maximum,
        now, wounds), ``ailments``, ``overcharge`` (the tracker's rows bound to her counters,
        the effect applied last and New game night), ``checks`` (each with its odds and the
        parameters of ``mb-check``) and ``roll`` (the check rolled, or ``None``).

    Raises:
        CalculatorError: one :class:`FieldError` per broken rule, on its control.
    """
    problems = Problems(rule_pages=RULE_PAGES)
    bond_rows, bond_budget = _bonds(p, problems)
    power_ids = [p[f] for f in POWER_FIELDS if p[f]]
    for f in POWER_FIELDS[1:]:
        if p[f] and p[f] in [p[g] for g in POWER_FIELDS[:POWER_FIELDS.index(f)]]:
            problems.broken(f, "Two different powers: this one is already picked",
                            "Character creation, step 3")
    mundane = _budget(p, problems, MUNDANE, "mundane-points", "mundane-creation-cap", "mundane",
                      lambda f: NAMES[f])
    magical = _budget(p, problems, MAGICAL, "magic-points", "magic-creation-cap", "magical",
                      lambda f: NAMES[f])
    stats = _stats(p, problems)
    roles = _roles(p, problems, stats)
    talents, learnt, picks = _talents(p, problems)
    experience = _experience(p, problems, stats, learnt)
    resolve = _resolve(p, problems, stats["tenacity"]["now"])
    ailments = _ailments(p)
    counters = {s: p[COUNTER_KEYS[s]] for s in STATS}
    modifiers = _modifiers(p, resolve, ailments)
    checks = _checks(stats, roles, modifiers, p["boosts"])
    if p["applied"] != "none" and p["applied_at"] is None:
        problems.add("applied_at", "Give the counter the effect was applied at (0 or more).")
    if p["roll"] and p["seed"] is None:
        problems.add("seed", "A roll needs its seed (a whole number); roll again from the sheet.")
    problems.raise_if_any()
    for t in talents:
        t["use"] = _use_action(t, roles, counters)
    roll = None
    if p["roll"]:
        roll = _roll(p, next(c for c in checks if c["stat"] == p["roll"]), counters)
    pending = roll["stat"] if roll is not None and roll["add"] is not None else None
    powers = [{"id": pid, "name": POWERS_BY_ID[pid].name, "summary": POWERS_BY_ID[pid].summary}
              for pid in power_ids]
    return {
        "name": p["name"],
        "left": _headline(bond_budget, mundane, magical, picks, len(power_ids), experience),
        "bonds": {"rows": bond_rows, **bond_budget, "xp_per_change": XP_GAIN,
                  "none_left": bool(bond_rows) and all(b["now"] == 0 for b in bond_rows)},
        "mundane": mundane, "magical": magical,
        "stats": list(stats.values()),
        "roles": list(roles.values()),
        "powers": powers,
        "affinity": {"id": p["affinity"], "name": AFFINITIES[p["affinity"]]},
        "talents": talents, "picks": picks,
        "experience": experience,
        "resolve": resolve,
        "ailments": ailments,
        "overcharge": {
            "burst_at": BURST_AT,
            "stats": counter_rows(counters, COUNTER_KEYS, pending, roll=False),
            "odds": [{"stat": s, "name": STAT_NAMES[s], "url": widget_link(
                OVERCHARGE_ODDS_PAGE, "mb-overcharge",
                {"start": counters[s], "boosts": p["boosts"]}, PAGE)}
                for s in STATS if counters[s] < BURST_AT],
            "applied": None if p["applied"] == "none" else applied_note(
                p["applied"], p["applied_at"], p["entry_seed"]),
            "new_night": new_night_action(COUNTER_KEYS, {"roll": "", "seed": "",
                                                         "roll_added": False}),
        },
        "modifiers": modifiers,
        "checks": checks,
        "roll": roll,
        "page": PAGE,
    }


EXAMPLE = {
    "name": "Akane Hoshino",
    "bond_1_name": "Her little brother Ren", "bond_1": 4,
    "bond_2_name": "The poetry club", "bond_2": 3,
    "bond_3_name": "Grandmother's bakery", "bond_3": 3,
    "bond_4_name": "Rival, Mei", "bond_4": 2,
    "power_1": "lost-flight", "power_2": "red-thread",
    "communication": 3, "tenacity": 3, "insight": 2,
    "heart": 3, "fury": 4, "judgment": 2,
    "attack_stat": "fury", "defence_stat": "heart", "support_stat": "judgment",
    "affinity": "striker",
    "talent_1": "bypass", "talent_2": "blast-strike", "talent_3": "follow-up",
}

MB_CHARACTER = Calculator(
    name="mb-character",
    title="Magical girl",
    summary="A Magical Burst character built step by step against the creation budgets and "
            "caps, and her sheet in play: stats and checks, Resolve and wounds, ailments, "
            "overcharge, bonds and experience.",
    params=PARAMS,
    compute=mb_character,
    render=render_character,
    example=EXAMPLE,
    rules=(("Character creation", "magical-burst/character-creation.md#character-creation"),
           ("Advancement", "magical-burst/character-creation.md#advancement"),
           ("Life and death", "magical-burst/combat.md")),
    saved=True,
    saved_as="Magical Burst character",
    collection="character",
    document="sheet",
)
