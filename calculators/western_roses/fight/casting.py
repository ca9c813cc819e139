"""Use a spellcard (seed 000, "Spellcards", "Type", "Targets", "Duration"): the ``cast``
event (the card paid for in spell power and discarded, its targets named, each once), what
casting it does (an attack card strikes each target, :func:`.attacks.card_attack`; a card
with skills the tracker plays acts on whom it affects, :mod:`.card_effects`; any other is left
to the table), and a card lasting several rounds or protecting someone: it acts again at the
start of each of the caster's turns until its rounds run out."""

from __future__ import annotations

from ...battle.events import EventType, refusal
from ...battle.overrides import check_combatant
from ...battle.state import State
from ...errors import FieldError
from ...params import JSON, TEXT, Param
from ..spellcards.rules import TARGETS
from .actions import ACTOR, action_text, check_action, spend
from .attacks import card_attack, check_target
from .card_effects import act, affected, end_protections, plays, protections
from .citations import cite
from .conditions import GONE


def check_cast(state: State, ev: dict) -> list[FieldError]:
    errors = check_action(state, ev)
    if errors:
        return errors
    c = state.by_id(state.current)
    if ev["card"] not in c["hand"]:
        held = ", ".join(f"{e} ({c['cards'][e]['name']})" for e in sorted(set(c["hand"])))
        return refusal("card", f"{c['name']} holds no card of entry {ev['card']}; in her hand: "
                               + (held or "nothing") + ".")
    card = c["cards"][ev["card"]]
    if card["cost"] > c["spell_power"]:
        return refusal("card", f"{card['name']} costs {card['cost']} spell power; {c['name']} "
                               f"holds {c['spell_power']}.")
    if card["bomb"]:
        return refusal("card", f"{card['name']} is a bomb: it is cast only as she is hit, which "
                               "the game master rules (Set a number, Note a ruling).")
    if card["type"] == "attack" and not ev["target"]:
        return refusal("target", f"{card['name']} is an attack card: name its target.")
    also = ev["also"] if ev["also"] is not None else []
    if also and not ev["target"]:
        return refusal("also", "Name the card's first target before its further ones.")
    if not isinstance(also, list) or len(also) > max(card["targets"] - 1, 0) or \
            len(set(map(str, [ev["target"], *also]))) != len(also) + 1:
        return refusal("also", f"{card['name']} takes {max(card['targets'] - 1, 0)} further "
                               "target(s) at most, each a combatant's id named once.")
    for index, cid in enumerate([ev["target"], *also] if ev["target"] else []):
        field = "target" if index == 0 else f"also[{index - 1}]"
        check = check_target if card["type"] == "attack" else \
            (lambda st, e, f: check_combatant(st, e[f], f))
        errors = check(state, {field: str(cid)}, field)
        if errors:
            return errors
    return []


def apply_cast(state: State, ev: dict) -> None:
    c = spend(state)
    card = c["cards"][ev["card"]]
    before = c["spell_power"]
    c["spell_power"] -= card["cost"]
    c["hand"].remove(ev["card"])
    c["discard"].append(ev["card"])
    state.write(f"{c['name']} casts {card['name']}: {card['cost']} spell power, {before} → "
                f"{c['spell_power']}; the card is discarded.", *cite("Spellcards"))
    named = cast_targets(ev)
    targets: list[dict] = []
    if card["type"] == "attack":
        for cid in named:
            card_attack(state, c, state.by_id(cid), card)
    elif plays(card):
        for cid in named or [None]:
            targets += [t for t in affected(state, c, card, cid) if t not in targets]
        act(state, c, card, targets, first=True)
    else:
        state.write(f"{card['name']} is a {card['type']} card: the table applies its effect "
                    "(the game master's events set what it changes).", *cite("Spellcards"),
                    note="non-attack-cards-by-the-table")
    guards = protections(card, targets)
    if card["rounds"] > 1 or guards:
        state.data.setdefault("effects", []).append(
            {"caster": c["id"], "entry": ev["card"], "target": ev["target"] or None,
             "also": named[1:], "rounds_left": card["rounds"] - 1,
             "on": [t["id"] for t in targets], **guards})


def cast_targets(ev: dict) -> list[str]:
    """The targets a cast names: its target, then the further ones of a card of several."""
    return [str(cid) for cid in [ev["target"], *(ev["also"] or [])] if cid]


def lasting_effects(state: State, caster: dict, acting: bool = True) -> None:
    """Her cards still lasting act at the start of her turn; each ends when its rounds run
    out (reading card-rounds-are-the-casters-turns); a protection (Shield, Sturdy) holds
    through its last round and ends at the start of her turn after it (reading
    protection-lasts-its-rounds). When she is dead (``acting`` false) her place in the order
    still counts their rounds down, but they no longer act (reading
    lasting-card-of-a-dead-caster)."""
    effects = state.data.get("effects", [])
    for effect in [e for e in effects if e["caster"] == caster["id"]]:
        card = caster["cards"][effect["entry"]]
        if effect["rounds_left"] <= 0:
            _end(state, effect, card)
            continue
        effect["rounds_left"] -= 1
        if not acting:
            state.write(f"{card['name']} goes on without {caster['name']} "
                        f"({effect['rounds_left']} more round"
                        f"{'' if effect['rounds_left'] == 1 else 's'} after this).",
                        *cite("Duration"), note="lasting-card-of-a-dead-caster")
            if effect["rounds_left"] <= 0 and not protections(card, [caster]):
                _end(state, effect, card)
            continue
        named = [effect["target"], *effect.get("also", [])] if effect["target"] else []
        state.write(f"{card['name']} acts again ({effect['rounds_left']} more round"
                    f"{'' if effect['rounds_left'] == 1 else 's'} after this).",
                    *cite("Duration"), note="card-rounds-are-the-casters-turns")
        if card["type"] == "attack":
            for target in map(state.by_id, named):
                if target["condition"] not in GONE:
                    card_attack(state, caster, target, card)
        elif card["type"] != "attack":
            act(state, caster, card, [state.by_id(cid) for cid in effect.get("on", [])],
                first=False)
        if effect["rounds_left"] <= 0 and not protections(card, [caster]):
            _end(state, effect, card)


def _end(state: State, effect: dict, card: dict) -> None:
    state.data["effects"].remove(effect)
    state.write(f"{card['name']} ends.", *cite("Duration"),
                note="card-rounds-are-the-casters-turns")
    end_protections(state, effect)


TARGET = Param("target", "Target", kind=TEXT, maximum=40, default="",
               help="The target's id; an attack card needs one.")
#: The most targets a card names.
MAX_TARGETS = max(t.targets for t in TARGETS.values())

CAST = EventType("cast", "Use a spellcard", action_text("use-a-spell-card"),
                 (Param("card", "Card", required=True, minimum=0, maximum=1000,
                        help="The card's deck entry number (0 for the first)."),
                  TARGET,
                  Param("also", "Further targets", kind=JSON,
                        help=f"For a card of 2 to {MAX_TARGETS} targets: the other targets' "
                             "ids, each once (an area acts around each).")),
                 ACTOR, check_cast, apply_cast, rolls=True)
