"""The battle tracker at the table: the answer of ``wr-battle`` in the browser, one view per
seat. Every control is a button (:func:`calculators.ui.set_button`) that sets the widget's
inputs: an action appends its event to the ``events`` input (with a fresh seed, the
:data:`~calculators.ui.RANDOM` marker, where the event rolls), so the log stays the whole
record, Undo is the widget's own, and the saved battle, its address and its share link all
carry the fight.

- Before the battle starts: the combatants with Remove, the ones the form offers to add
  (a quick foe, a saved character, a share link), and Start.
- The game master's seat (``seat`` empty): every combatant in turn order with her numbers, the
  current one's actions (an attack is one tap on the target's Danmaku or Physical), Next turn,
  each one's Adjust (:mod:`.panels`), and the log beside.
- A player's seat (``seat`` a combatant's id): her own numbers big, her hand (each card with
  what it does and Cast), her actions when it is her turn, the graze choice when one is owed,
  and Roll.
"""

from __future__ import annotations

from ...battle.panels import gm_tools
from ...battle.table import (Shown, condition, condition_line, figure, game_master_view, group,
                             heading, her_turn, legal_event, player_view, row, setup_section,
                             table_view, waiting, whose_turn)
from ...ui.markup import Html, h
from ..damage import DANMAKU, PHYSICAL
from ..spellcards.rules import SPECIAL_SKILLS
from .attacks import failed_graze_damage, graze_power
from .buttons import event_button
from .card_effects import PLAYED, plays
from .conditions import GONE
from .meter import POINTS_PER_CARD
from .numbers import DIE_SIDES
from .panels import ability_groups, adjust_panel, collect_groups, move_controls, roll_section
from .positions import distance

#: Log lines shown: a player's view shows the latest few, the game master's more.
PLAYER_LINES = 6
GM_LINES = 60
ATTACK_NAMES = {DANMAKU: "Danmaku", PHYSICAL: "Physical"}
#: A combatant's fields the form's quick entry of a foe offers, each as ``new_<field>``.
NEW_FOE_KEYS = ("name", "pwr", "cha", "int", "ins", "hp", "speed", "range", "weapon")
#: The form's inputs describing a combatant to add, cleared once she is added.
NEW_INPUTS = (*(f"new_{k}" for k in NEW_FOE_KEYS), "new_link", "new_character", "character_of")


def _numbers(c: dict, big: bool = False) -> Html:
    """Her HP, spell power, meter, actions left and cards in hand as labelled figures."""
    figures = [figure("HP", f"{c['hp']}/{c['max_hp']}", "battle-hp"),
               figure("Spell power", f"{c['spell_power']}/{c['cap']}"),
               figure("Meter", f"{c['meter']}/{POINTS_PER_CARD}"),
               figure("Actions", c["actions"]),
               figure("Cards", len(c["hand"]))]
    return h("dl", figures, class_="battle-numbers battle-numbers-big" if big else
             "battle-numbers")


#: How a player sees the others: HP, spell power and condition; a band of her HP.
SHOWN = Shown(exact=lambda c: f"HP {c['hp']}/{c['max_hp']}, spell power {c['spell_power']}, "
                              + condition(c),
              main=lambda c: (c["hp"], c["max_hp"]))


def _pending(result: dict, names: dict, seat: str) -> Html | None:
    """The graze choice owed, for whoever owes it (a player sees only her own)."""
    graze = legal_event(result["state"], "graze")
    if graze is None:
        return None
    who = names[graze["by"]]
    if seat and graze["by"] != seat:
        return waiting(result["state"], seat, graze["by"], f"{who} chooses whether to graze")
    damage = graze["damage"]
    return h("div", h("p", f"{who} dodged {damage} damage: graze? A success gains "
                           f"{graze_power(damage)} spell power; a failure "
                           f"takes {failed_graze_damage(damage)} damage, a "
                           f"critical failure all {damage}."),
             group(f"{who}'s graze",
                    event_button("Graze", {"type": "graze", "attempt": True},
                                 primary=True),
                    event_button("Don't graze", {"type": "graze", "attempt": False})),
             class_="calc-prompt battle-pending")


def _closer(c: dict, o: dict) -> tuple[int, int]:
    """Where she stands after moving up to her speed straight at ``o``, stopping beside her
    (a diagonal step is one space)."""
    dx, dy = o["x"] - c["x"], o["y"] - c["y"]
    steps = min(c["speed"], max(abs(dx), abs(dy)) - 1)

    def toward(d: int) -> int:
        return (1 if d > 0 else -1) * min(steps, abs(d))
    return c["x"] + toward(dx), c["y"] + toward(dy)


def _attacks(result: dict, names: dict) -> list[Html]:
    """One group per standing foe or friend: Danmaku and Physical where she reaches, each
    one tap, else Move closer."""
    state = result["state"]
    attack = legal_event(state, "attack")
    if attack is None:
        return []
    reach = {t["id"]: t for t in attack["targets"]}
    c = next(c for c in state["combatants"] if c["id"] == state["turn"])
    can_move = legal_event(state, "move") is not None and c["speed"] > 0
    groups = []
    for o in state["combatants"]:
        if o["id"] == c["id"] or o["condition"] in GONE:
            continue
        t = reach.get(o["id"])
        if t:
            buttons = [event_button(ATTACK_NAMES[kind],
                                    {"type": "attack", "target": o["id"], "attack": kind})
                       for kind in (DANMAKU, PHYSICAL) if t[kind]]
        elif can_move and distance(c, o) > 1:
            x, y = _closer(c, o)
            buttons = [event_button("Move closer", {"type": "move", "x": x, "y": y},
                                    title=f"Moves {distance(c, {'x': x, 'y': y})} spaces "
                                          f"toward {o['name']}.")]
        else:
            continue
        groups.append(group(f"Attack {o['name']}", h("span", f"{o['name']}",
                                                      class_="battle-target"),
                             *buttons, class_="battle-actions battle-attack"))
    return groups


def _actions(result: dict, names: dict, end_label: str) -> list[Html]:
    """The current combatant's actions: attacks, Concentrate, Do nothing, and ending her turn
    (``end_label``: "End the turn" to her player, "Next turn" to the game master)."""
    state = result["state"]
    out = _attacks(result, names)
    simple = [event_button(label, {"type": kind})
              for kind, label in (("concentrate", "Concentrate"), ("nothing", "Do nothing"))
              if legal_event(state, kind)]
    if legal_event(state, "end-turn") and not legal_event(state, "graze"):
        simple.append(event_button(end_label, {"type": "end-turn"}, primary=True,
                                   title="Ends this turn and starts the next combatant's."))
    c = next(c for c in state["combatants"] if c["id"] == state["turn"])
    if simple:
        out.append(group(f"{names[state['turn']]}'s actions", *simple))
    return [*out, move_controls(result, c), *ability_groups(state),
            *collect_groups(state, names)]


def _what_it_does(card: dict) -> str:
    if card["bomb"]:
        return "A bomb: cast as she is hit (the game master rules it)."
    if card["type"] == "attack":
        dice = f"{card['dice']}d{DIE_SIDES}" + (f" + {card['modifier']}" if card["modifier"] else "")
        return f"Attack: {dice} damage ({card['to_hit']})."
    rounds = f" for {card['rounds']} of her turns" if card["rounds"] > 1 else ""
    area = f", AOE {card['aoe']}" if card["aoe"] else ""
    played = [SPECIAL_SKILLS[s].name for s in card["skills"] if s in PLAYED]
    if played:
        return f"{card['type'].capitalize()} card{rounds}{area}: {', '.join(played)}."
    return f"{card['type'].capitalize()} card{rounds}: the game master applies its effect."


def _hand(result: dict, c: dict, names: dict, mine_now: bool) -> Html:
    """Her cards, each with what it does and Cast (at each target in reach, for an attack
    card) when she can pay for it on her turn."""
    cast = legal_event(result["state"], "cast") if mine_now else None
    castable = {card["entry"] for card in cast["cards"] if card["castable"]} if cast else set()
    attack = legal_event(result["state"], "attack")
    targets = [t for t in (attack["targets"] if attack else []) if t[DANMAKU]]
    sides = {o["id"]: o["side"] for o in result["state"]["combatants"]}
    items = []
    for index, card in enumerate(c["hand"]):
        if card["entry"] in castable and card["type"] == "attack":
            buttons = [event_button(f"Cast at {names[t['id']]}",
                                    {"type": "cast", "card": card["entry"], "target": t["id"]})
                       for t in targets]
            foes = [t["id"] for t in targets if sides[t["id"]] != c["side"]][:card["targets"]]
            if len(foes) > 1:
                buttons.append(event_button(
                    "Cast at " + " and ".join(names[t] for t in foes),
                    {"type": "cast", "card": card["entry"], "target": foes[0], "also": foes[1:]}))
        elif card["entry"] in castable and card["targets"] and plays(card):
            buttons = [event_button(f"Cast on {o['name']}",
                                    {"type": "cast", "card": card["entry"], "target": o["id"]})
                       for o in result["state"]["combatants"]
                       if o["condition"] not in GONE]
        elif card["entry"] in castable:
            buttons = [event_button("Cast", {"type": "cast", "card": card["entry"]})]
        else:
            buttons = []
        items.append(h("li", h("strong", card["name"]), f" · costs {card['cost']}",
                       h("p", _what_it_does(card)),
                       group(f"Card {index + 1}: {card['name']}", *buttons) if buttons
                       else None, class_="battle-card"))
    if not items:
        return h("p", f"No cards in hand ({c['deck_left']} in her deck).")
    return h("ul", items, class_="battle-hand", aria_label=f"{c['name']}'s hand")


def _player(result: dict, c: dict, names: dict) -> Html:
    state = result["state"]
    mine_now = her_turn(state, c)
    return player_view(state, c, whose_turn(state, names, mine_now), [
        _numbers(c, big=True), condition_line(condition(c)),
        _pending(result, names, c["id"]),
        _actions(result, names, "End the turn") if mine_now else None,
        h("h4", "Hand"), _hand(result, c, names, mine_now),
        roll_section(c) if state["phase"] == "fighting" else None,
    ], PLAYER_LINES, SHOWN)


def _game_master(result: dict, names: dict) -> Html:
    state = result["state"]
    by_id = {c["id"]: c for c in state["combatants"]}
    now = state["turn"] if state["phase"] == "fighting" else None
    rows = [row(c, c["id"] == now, _numbers(c), h("p", condition(c), class_="battle-condition"),
                _actions(result, names, "Next turn") if c["id"] == now else None,
                *gm_tools(result, c, c["id"] == now, adjust_panel(result, c)))
            for c in (by_id[cid] for cid in state["order"])]
    return game_master_view(state, _pending(result, names, ""), rows, event_button, GM_LINES)


def _setup(result: dict) -> Html:
    return setup_section(result, NEW_INPUTS,
                         event_button("Start the battle", {"type": "start"}, primary=True),
                         "Fill in a quick foe, pick a saved character or paste a share link in "
                         "the form below to add one.")


def render_table(result: dict) -> Html:
    """The answer as the table uses it: the seat's view, or the setup before the start."""
    return table_view(result, "wr-battle", heading, _setup, _player, _game_master)
