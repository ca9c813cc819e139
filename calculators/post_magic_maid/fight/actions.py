"""The post-magic-maid battle events a table sends (seed ``003_1585970b7e222c64.txt``,
“Initiative / Actions”, “Blitz Points”, “Contested actions”, “Wounds”): start (the initiative
draw), the joker holder's choice, planning the turn's actions, burning a Blitz Point, giving a
spare ace away, an action (a check, maybe assisted, contested, or an attack that wounds), a
treatment that heals a wound (“Healing”), end of turn and end of battle. Each declares its
fields and checks its legality against the state before anything changes."""

from __future__ import annotations

from ...battle.events import EventType, check_end_battle, check_start, refusal
from ...battle.overrides import check_combatant
from ...battle.state import ENDED, FIGHTING, SETUP, State
from ...errors import FieldError
from ...params import CHOICE, TEXT, Param
from .cards import BLITZ_DRAW, draw, kinds, shown
from .combatants import OUT, WOUND_KEYS, condition, wound
from .citations import cite
from .rolls import (AUTOMATIC_RESULT, BONUS_DIE, check_label, has_automatic, roll,
                           tier_words, write_roll)
from .turns import AUTOMATIC, JOKER, choose_order, next_turn, start_battle
from ..character import CHECKS
from ..checks import MAX_ACTIONS, MAX_BONUS
from ..resolution import action_penalty, assisted_tier, contest_difference
from ..rules import TIERS, rule
from ..sheet import RESTED, TREATED, WOUND_FIELDS, heal_wound

ACTOR = "the combatant whose turn it is"
BLITZ = cite("Blitz Points")
ACTIONS = cite("Multiple actions")
AUTOMATIC_STATUS = {"id": AUTOMATIC, "rounds": None, "failures": 0, "turns": 0}
#: The two wound tracks, as the act event names them.
TRACKS = tuple(WOUND_FIELDS)
CHECK_IDS = tuple(c for c, _ in CHECKS)
PER_PLACE = rule("multiple-action-penalty")
MAX_D8S = 60
HEALING_RULE = cite("Healing")
#: The check a treatment rolls (seed “Healing”: Int & Dex).
TREAT_CHECK = "int-dex"


def _no_decision_owed(state: State) -> list[FieldError]:
    if state.pending:
        return refusal("", f"{state.by_id(state.pending[0]['by'])['name']} must first decide who "
                           "goes first and who goes last (event joker-order).")
    return []


def check_turn(state: State, ev: dict) -> list[FieldError]:
    """Something she does on her turn: during the fight, no decision owed, able to act."""
    if state.phase != FIGHTING:
        return refusal("", "Start the battle first." if state.phase == SETUP
                       else "The battle has ended.")
    errors = _no_decision_owed(state)
    if errors:
        return errors
    c = state.by_id(state.current)
    if c["condition"] == OUT:
        return refusal("", f"{c['name']} is unconscious and cannot act; end her turn.")
    return []


def _before_rolling(state: State, what: str) -> list[FieldError]:
    c = state.by_id(state.current)
    if c["taken"]:
        return refusal("", f"{what} comes before her first roll of the turn; {c['name']} has "
                           f"already taken {c['taken']} action{'s' if c['taken'] > 1 else ''}.")
    return []


# --- start and the joker's choice ------------------------------------------------------------

def check_first(state: State, ev: dict) -> list[FieldError]:
    """Starting: a battle not started yet, and the one who acts first (if named) in it."""
    return check_start(state, ev) or (check_combatant(state, ev["acts"], "acts") if ev["acts"]
                                      else [])


def check_joker(state: State, ev: dict) -> list[FieldError]:
    if not state.pending or state.pending[0]["kind"] != JOKER:
        return refusal("", "No joker's holder is choosing the order now.")
    errors = check_combatant(state, ev["first"], "first") + \
        check_combatant(state, ev["last"], "last")
    if errors:
        return errors
    if ev["first"] == ev["last"] and len(state.combatants) > 1:
        return refusal("last", "The first and the last must be two different combatants.")
    return []


# --- planning, Blitz Points, aces ------------------------------------------------------------

def check_plan(state: State, ev: dict) -> list[FieldError]:
    return check_turn(state, ev) or _before_rolling(state, "Planning her actions")


def apply_plan(state: State, ev: dict) -> None:
    c = state.by_id(state.current)
    c["planned"] = ev["actions"]
    at = ", ".join(f"−{action_penalty(n, ev['actions'])}" for n in range(1, ev["actions"] + 1))
    state.write(f"{c['name']} takes {ev['actions']} action{'s' if ev['actions'] > 1 else ''} "
                "this turn" + (f": at {at}." if ev["actions"] > 1 else ", without penalty."),
                *ACTIONS, note="actions-planned-before-the-first-roll")


def check_burn(state: State, ev: dict) -> list[FieldError]:
    errors = check_turn(state, ev) or _before_rolling(state, "Burning a Blitz Point")
    if errors:
        return errors
    c = state.by_id(state.current)
    if c["burned"]:
        return refusal("", f"{c['name']} has already burned a Blitz Point this turn.")
    if c["blitz"] < 1:
        return refusal("", f"{c['name']} has no Blitz Point left.")
    return []


def apply_burn(state: State, ev: dict) -> None:
    c = state.by_id(state.current)
    c["blitz"] -= 1
    c["burned"] = True
    cards = draw(state, BLITZ_DRAW, f"{c['name']}'s Blitz draw")
    count = kinds(cards)
    state.write(f"{c['name']} burns a Blitz Point ({c['blitz'] + 1} → {c['blitz']}) and draws "
                f"{BLITZ_DRAW}: {shown(cards)}.", *BLITZ, note="blitz-draw-from-a-full-deck")
    if count["ace"]:
        _give_automatic(state, c, "her ace")
        c["spare_aces"] = count["ace"] - 1
        if c["spare_aces"]:
            state.write(f"{c['spare_aces']} more ace{'s' if c['spare_aces'] > 1 else ''} she "
                        "may give away this round.", *BLITZ, note="given-away-ace")
    if count["joker"]:
        after = state.order[state.turn + 1:]
        state.write("A joker: everyone after her this round gets an automatic "
                    f"{AUTOMATIC_RESULT} on their first roll.", *BLITZ,
                    note="blitz-declared-before-rolling")
        for cid in after:
            _give_automatic(state, state.by_id(cid), "the joker")
    if count["face"]:
        c["d8s"] += count["face"]
        state.write(f"{count['face']} face card{'s' if count['face'] > 1 else ''}: "
                    f"{count['face']} bonus d{BONUS_DIE} to use this round "
                    f"({c['d8s']} held).", *BLITZ, note="bonus-d8-use")
    state.write("The cards go back and the deck is shuffled.", *BLITZ)


def _give_automatic(state: State, c: dict, source: str) -> None:
    """An automatic 25 on her first roll this round, unless she has rolled already or holds
    one (note ``given-away-ace``)."""
    if c["rolled_round"] and source != "her ace":
        state.write(f"{c['name']} has already rolled this round: {source} gives her nothing.",
                    *BLITZ, note="given-away-ace")
    elif not has_automatic(c):
        c["statuses"].append(dict(AUTOMATIC_STATUS))
        state.write(f"{c['name']}'s next roll this round is an automatic "
                    f"{AUTOMATIC_RESULT} ({source}).", *BLITZ,
                    note="blitz-declared-before-rolling")


def check_give(state: State, ev: dict) -> list[FieldError]:
    errors = check_turn(state, ev) or check_combatant(state, ev["target"], "target")
    if errors:
        return errors
    c = state.by_id(state.current)
    if not c["spare_aces"]:
        return refusal("", f"{c['name']} holds no spare ace this round.")
    if ev["target"] == c["id"]:
        return refusal("target", f"She already has her own ace's automatic {AUTOMATIC_RESULT}.")
    return []


def apply_give(state: State, ev: dict) -> None:
    c = state.by_id(state.current)
    c["spare_aces"] -= 1
    state.write(f"{c['name']} gives an ace to {state.by_id(ev['target'])['name']}.", *BLITZ,
                note="given-away-ace")
    _give_automatic(state, state.by_id(ev["target"]), f"{c['name']}'s ace")


# --- an action ------------------------------------------------------------------------------

def _check_roll_of(state: State, cid: str, ability: str, field: str) -> list:
    c = state.by_id(cid)
    if ability and not any(a["id"] == ability for a in c["abilities"]):
        names = ", ".join(f"{a['id']} ({a['name']})" for a in c["abilities"]) or "none"
        return refusal(f"{field}ability", f"{c['name']} has no ability {ability} that adds to "
                                          f"rolls; hers: {names}.")
    return []


def _check_action(state: State, ev: dict) -> list[FieldError]:
    """One more action of hers this turn (an act or a treatment): her turn, an action left of
    those planned, the bonus d8s she holds, her ability."""
    errors = check_turn(state, ev)
    if errors:
        return errors
    c = state.by_id(state.current)
    planned = c["planned"] or 1
    if c["taken"] >= planned:
        return refusal("", f"{c['name']} planned {planned} action{'s' if planned > 1 else ''} "
                           "this turn and has taken them; end her turn (the game master may "
                           "set another number).")
    if ev["d8s"] > c["d8s"]:
        return refusal("d8s", f"{c['name']} holds {c['d8s']} bonus d{BONUS_DIE}s this round.")
    if ev["d8s"] and has_automatic(c):
        return refusal("d8s", f"This roll is her automatic {AUTOMATIC_RESULT}: keep the bonus "
                              f"d{BONUS_DIE}s for another.")
    return _check_roll_of(state, c["id"], ev["ability"], "")


def _take_action(state: State) -> tuple[dict, int]:
    """She takes her next action: who she is and its place's penalty."""
    c = state.by_id(state.current)
    c["planned"] = c["planned"] or 1
    c["taken"] += 1
    return c, action_penalty(c["taken"], c["planned"])


def _check_helper(state: State, ev: dict, opposed: tuple[str, ...] = ()) -> list[FieldError]:
    """The helper of an action (an act or a treatment), if any: a combatant, not the actor,
    none of those she acts against (``opposed``), and conscious."""
    if not ev["helper"]:
        return []
    c = state.by_id(state.current)
    errors = check_combatant(state, ev["helper"], "helper")
    if errors:
        return errors
    if ev["helper"] == c["id"]:
        return refusal("helper", f"{c['name']} cannot be her own helper.")
    if ev["helper"] in opposed:
        return refusal("helper", "The helper cannot be the one she acts against.")
    if state.by_id(ev["helper"])["condition"] == OUT:
        return refusal("helper", "An unconscious combatant cannot assist.")
    return []


def check_act(state: State, ev: dict) -> list[FieldError]:
    errors = _check_action(state, ev)
    if errors:
        return errors
    c = state.by_id(state.current)
    for field in ("target", "against"):
        if ev[field]:
            errors += check_combatant(state, ev[field], field)
            if not errors and ev[field] == c["id"]:
                errors += refusal(field, f"{c['name']} cannot be her own {field}.")
    if not errors:
        errors += _check_helper(state, ev, (ev["against"], ev["target"]))
    if not errors and ev["against"] and state.by_id(ev["against"])["condition"] == OUT:
        errors += refusal("against", "An unconscious combatant cannot contest.")
    return errors


def apply_act(state: State, ev: dict) -> None:
    """Her check, at her place's penalty; the assist raises its tier, a contest compares
    tiers, and an attack wounds its target in the tier it reaches."""
    c, penalty = _take_action(state)
    what = ev["action"] or ("an attack on " + state.by_id(ev["target"])["name"]
                            if ev["target"] else "")
    rolled = roll(state, c, ev["check"], ev["bonus"], penalty, ev["ability"], ev["d8s"])
    write_roll(state, c, rolled, f"{c['name']}, action {c['taken']} of {c['planned']}"
               + (f" ({what})" if what else ""), *ACTIONS,
               note="multiple-action-penalty-per-place")
    tier = _assisted(state, c, rolled.tier, ev)
    if ev["against"]:
        other = state.by_id(ev["against"])
        theirs = roll(state, other, ev["against_check"], ev["against_bonus"])
        write_roll(state, other, theirs, f"{other['name']} contests", *cite("Contested actions"))
        difference = contest_difference(tier, theirs.tier)
        winner = c if difference > 0 else other
        state.write(f"Tiers {tier} against {theirs.tier}: " + (
            f"{winner['name']} prevails with {tier_words(abs(difference))}." if difference
            else "neither prevails (a tier-0 result)."), *cite("Contested actions"),
            note="contest-tie-is-tier-0")
        tier = max(difference, 0)
    if ev["target"]:
        _wound(state, state.by_id(ev["target"]), ev["track"], tier, bool(ev["against"]))


def _assisted(state: State, c: dict, tier: int, ev: dict) -> int:
    """The tier her roll (in ``tier``) counts as: the helper's roll, when she has one, raises
    it by the two-tier rule (seed “Assists”)."""
    if not ev["helper"]:
        return tier
    helper = state.by_id(ev["helper"])
    helped = roll(state, helper, ev["helper_check"], ev["helper_bonus"])
    write_roll(state, helper, helped, f"{helper['name']} assists", *cite("Assists"),
               note="assist-on-anothers-turn")
    raised = assisted_tier(tier, helped.tier)
    mine, help_ = f"{c['name']}'s {_tier_roll(tier)}", f"{helper['name']}'s help"
    if raised > tier:
        said = f"{mine} counts as {tier_words(raised)}, with {help_}."
    elif tier == len(TIERS) - 1:
        said = f"{mine} is already the top tier; {help_} cannot raise it."
    else:
        said = f"{mine} stays {tier_words(tier)}: {help_} raises it only from " \
               f"{rule('assist-tier-margin')} tiers above it."
    state.write(said, *cite("Assists"), note="assist-capped-at-top-tier")
    return raised


def _tier_roll(tier: int) -> str:
    """A roll by the tier it reached, as a player says it: ``10-tier roll``."""
    return f"roll {TIERS[0].label}" if tier == 0 else f"{TIERS[tier].label}-tier roll"


def _wound(state: State, t: dict, track: str, tier: int, contested: bool) -> None:
    note = "contested-attack-wounds-by-the-difference" if contested else \
        "wound-from-the-attack-tier"
    if tier == 0:
        state.write(f"The attack reaches no tier: {t['name']} takes no wound.", *cite("Wounds"),
                    note=note)
        return
    landed = wound(t, track, tier)
    if landed is None:
        state.write(f"{t['name']}'s {track} track has no room above that tier: the game master "
                    "judges what this wound does.", *cite("Wounds"), note="wound-overflow")
        return
    asked = tier_words(tier).removeprefix("the ")
    moved = "" if landed == _tier_name(track, tier) else \
        f" (the {_tier_name(track, tier)} tier is full, so it moves up)"
    state.write(f"{t['name']} takes a {track} wound in {asked}: {landed}{moved}" +
                ("" if t["condition"] == "fine" else f"; she is {t['condition']}") + ".",
                *cite("Wounds"), note="wound-overflow" if moved else note)


def _tier_name(track: str, tier: int) -> str:
    return next(w.name for _, w in WOUND_FIELDS[track] if w.tier == tier)


# --- healing -------------------------------------------------------------------------------

def _wound_words(field: str) -> str:
    """``rending_heavy`` as the log says it: ``heavy rending``."""
    track, w = next((t, w) for t, fields in WOUND_FIELDS.items() for f, w in fields if f == field)
    return f"{w.name} {track}"


def check_treat(state: State, ev: dict) -> list[FieldError]:
    """A treatment: one of her actions, at a wound a roll can remove (slight wounds and the
    moderate blunt one heal with rest, which no fight allows), which the wounded one has."""
    errors = _check_action(state, ev) or check_combatant(state, ev["target"], "target") or \
        _check_helper(state, ev)
    if errors:
        return errors
    if ev["wound"] in RESTED:
        return refusal("wound", f"A {_wound_words(ev['wound'])} wound heals with rest "
                                f"({rule('rest-heal-hours')} hour a wound), not with a "
                                "treatment roll, and not during the fight.")
    t = state.by_id(ev["target"])
    if not t[ev["wound"]]:
        return refusal("wound", f"{t['name']} has no {_wound_words(ev['wound'])} wound.")
    return []


def apply_treat(state: State, ev: dict) -> None:
    """Her Int & Dex at her place's penalty, maybe assisted; a tier at least the wound's
    removes it."""
    c, penalty = _take_action(state)
    t = state.by_id(ev["target"])
    rolled = roll(state, c, TREAT_CHECK, ev["bonus"], penalty, ev["ability"], ev["d8s"])
    words = _wound_words(ev["wound"])
    write_roll(state, c, rolled, f"{c['name']}, action {c['taken']} of {c['planned']} (treats "
               f"{t['name']}'s {words} wound)", *HEALING_RULE, note="treatment-in-the-fight")
    needed, tier = TREATED[ev["wound"]], _assisted(state, c, rolled.tier, ev)
    if tier < needed:
        state.write(f"Not enough: a {words} wound needs {tier_words(needed)} or better; "
                    f"{t['name']} keeps it.", *HEALING_RULE, note="healing-at-or-above-tier")
        return
    before = t[ev["wound"]]
    t.update(heal_wound({k: t[k] for k in WOUND_KEYS}, ev["wound"]))
    t["condition"] = condition(t)
    state.write(f"{t['name']}'s {words} wound is healed ({before} → {t[ev['wound']]}); she is "
                f"{t['condition']}.", *HEALING_RULE, note="healing-at-or-above-tier")


# --- end of turn and of battle ---------------------------------------------------------------

def check_end_turn(state: State, ev: dict) -> list[FieldError]:
    if state.phase != FIGHTING:
        return refusal("", "There is no turn to end outside the fight.")
    return _no_decision_owed(state)


def apply_end_turn(state: State, ev: dict) -> None:
    next_turn(state)


def apply_end_battle(state: State, ev: dict) -> None:
    state.phase = ENDED
    state.pending.clear()
    state.write("The battle ends" + (f": {ev['winner']} win." if ev["winner"] else ".") +
                " Each saved character's Blitz Points and wounds go back to her sheet.",
                *cite("Initiative / Actions"))


def _id_field(name: str, label: str, help: str, required: bool = False) -> Param:
    if required:
        return Param(name, label, kind=TEXT, maximum=40, required=True, help=help)
    return Param(name, label, kind=TEXT, maximum=40, default="", help=help)


def _check_field(name: str, label: str, default: str = "str-dex") -> Param:
    return Param(name, label, kind=CHOICE, default=default, choices=CHECKS,
                 help="The two attributes rolled, as the GM names them.")


def _bonus_field(name: str, label: str) -> Param:
    return Param(name, label, default=0, minimum=-MAX_BONUS, maximum=MAX_BONUS,
                 help="Any bonus or penalty the table adds (her attribute bonuses are added "
                      "already).")


def _roll_fields() -> tuple[Param, ...]:
    """What adds to the roll of one of her actions: her ability, a bonus, bonus d8s."""
    return (Param("ability", "Ability", kind=TEXT, maximum=10, default="",
                  help="Her ability's slot (ab1…) whose bonus adds to the roll."),
            _bonus_field("bonus", "Bonus"),
            Param("d8s", "Bonus d8s spent", default=0, minimum=0, maximum=MAX_D8S))


def _helper_fields(check: str = "str-dex") -> tuple[Param, ...]:
    """Who assists an action, the pair she rolls (``check`` when left out) and her bonus."""
    return (_id_field("helper", "Assisted by", "The id of the one assisting."),
            _check_field("helper_check", "Helper's check", check),
            _bonus_field("helper_bonus", "Helper's bonus"))


EVENTS = (
    EventType("start", "Start the battle", "Draws initiative: one card each from the shuffled "
              "deck, the one who acts first, then everyone else; highest first, aces high. A "
              "joker's holder then chooses who goes first and last.",
              (_id_field("acts", "Who acts", "The id of the one whose action starts the "
                         "encounter; she draws first. The first combatant when left out."),),
              "anyone, once", check_first, start_battle, rolls=True),
    EventType(JOKER, "Choose first and last", "The joker's holder (the last joker drawn) "
              "names who goes first and who goes last; the others keep their cards' order.",
              (_id_field("first", "Goes first", "A combatant's id.", required=True),
               _id_field("last", "Goes last", "Another combatant's id.", required=True)),
              "the joker's holder (a decision owed)", check_joker, choose_order),
    EventType("plan", "Plan the actions", "How many actions she takes this turn, said before "
              f"her first roll: one is without penalty; with more, the first is at −{PER_PLACE}, "
              f"the second at −{2 * PER_PLACE}, the third at −{3 * PER_PLACE} and so on.",
              (Param("actions", "Actions this turn", default=1, minimum=1, maximum=MAX_ACTIONS),),
              ACTOR + ", before her first roll", check_plan, apply_plan),
    EventType("burn", "Burn a Blitz Point", f"Spends a Blitz Point and draws {BLITZ_DRAW} "
              f"cards: an ace makes her next roll this round an automatic {AUTOMATIC_RESULT} "
              "(other aces can be given away), a joker gives everyone after her this round an "
              f"automatic {AUTOMATIC_RESULT} on their first roll, each face card is a bonus "
              f"d{BONUS_DIE} this round.", (),
              ACTOR + ", once a turn, before her first roll", check_burn, apply_burn, rolls=True),
    EventType("give-ace", "Give an ace away", "Gives a spare ace from her Blitz draw: the "
              f"receiver's first roll this round becomes an automatic {AUTOMATIC_RESULT}.",
              (_id_field("target", "To", "The receiver's id.", required=True),),
              ACTOR, check_give, apply_give),
    EventType("act", "Take an action", "One action: her check at her place's penalty, with an "
              "assist, against a contesting roll, and as an attack that wounds its target in "
              "the tier it reaches.",
              (_check_field("check", "Check"),
               *_roll_fields(),
               Param("action", "What she does", kind=TEXT, maximum=60, default="",
                     help="Words for the log: \"sword strike\", \"pick the lock\"."),
               _id_field("target", "Attack target", "The id of the one she attacks; the "
                         "attack's tier is the wound's."),
               Param("track", "Wound track", kind=CHOICE, default="blunt",
                     choices=tuple((t, t.capitalize()) for t in TRACKS),
                     help="Blunt for bludgeoning, rending for cutting and piercing."),
               *_helper_fields(),
               _id_field("against", "Contested by", "The id of the one rolling against her."),
               _check_field("against_check", "Contesting check"),
               _bonus_field("against_bonus", "Contesting bonus")),
              ACTOR + ", within the actions she planned", check_act, apply_act, rolls=True),
    EventType("treat", "Treat a wound", f"One action: her {check_label(TREAT_CHECK)} at her "
              "place's penalty to heal a wounded combatant (herself too); a roll reaching the "
              "tier the wound needs or better (an assist raises it as on any action) removes "
              "one wound of that tier. "
              f"{', '.join(_wound_words(f) for f in RESTED).capitalize()} wounds heal only "
              f"with rest ({rule('rest-heal-hours')} hour a wound): not in the fight.",
              (_id_field("target", "Wounded", "The id of the one she treats.", required=True),
               Param("wound", "Wound", kind=CHOICE, required=True, default=WOUND_KEYS[0],
                     choices=tuple((f, _wound_words(f)) for f in WOUND_KEYS),
                     help="The tier whose wound she treats, as the combatant's numbers name "
                          "it (rending_heavy)."),
               *_roll_fields(), *_helper_fields(TREAT_CHECK)),
              ACTOR + ", within the actions she planned", check_treat, apply_treat, rolls=True),
    EventType("end-turn", "End the turn", "Ends her turn and starts the next in the order; a "
              "new round when it comes back to the top.", (),
              "the table, once no decision is owed", check_end_turn, apply_end_turn),
    EventType("end-battle", "End the battle", "Ends the battle; each saved character's Blitz "
              "Points and wounds are ready to go back to her sheet.",
              (_id_field("winner", "Winning side", "Leave out when no side won."),),
              "the table", check_end_battle, apply_end_battle),
)
