"""The post-magic-maid battle tracker at the table: the answer of ``pmm-battle`` in the
browser, one view per seat, built from the shared pieces of :mod:`calculators.battle.table`.

- Before the battle starts: the combatants with Remove, the ones the form offers to add, and
  who acts first (she draws first; the tap starts the battle with the initiative draw).
- A joker's holder's choice of who goes first and last, when one is owed.
- The combatant whose turn it is: how many actions she takes (before her first roll), Burn a
  Blitz Point, spare aces to give, the check for her next action picked by tapping two
  attributes (her ability, bonus d8s, a helper or a contesting foe by tapping them too), then
  Roll, or Attack a target on the blunt or rending track; End the turn.
- The game master's seat (``seat`` empty): everyone in turn order with her numbers, the log
  beside. A player's seat: her own numbers big, her wound tracks, her turn's controls.
"""

from __future__ import annotations

from ...battle import panels
from ...battle.events import rolling
from ...battle.table import (Shown, condition_line, event_button, figure, game_master_view,
                             group, heading, her_turn, legal_event, player_view, row,
                             setup_section, table_view, waiting, whose_turn)
from ...ui import set_button
from ...ui.markup import Html, h
from ..resolution import DIFFICULTIES
from ..sheet import ATTRIBUTE_IDS, ATTRIBUTE_NAMES
from .cards import AUTOMATIC, AUTOMATIC_RESULT
from .conditions import TRACKS
from .damage import TREAT_CHECK
from .events import EVENTS
from .numbers import number
from .overrides import SETTABLE
from .rolls import check_label
from .turns import JOKER

#: Events whose outcome the cards or dice decide: their button carries a fresh seed.
ROLLING = rolling(EVENTS)
PLAYER_LINES = 6
GM_LINES = 60
#: Most actions the plan buttons offer (the file and the Set a number override take more).
PLAN_BUTTONS = 4
#: A combatant's fields the form's quick entry offers, each as ``new_<field>``.
NEW_QUICK_KEYS = ("name", *(f"die_{a}" for a in ATTRIBUTE_IDS),
                  *(f"bonus_{a}" for a in ATTRIBUTE_IDS), "blitz")
#: The form's inputs describing a combatant to add, cleared once she is added.
NEW_INPUTS = (*(f"new_{k}" for k in NEW_QUICK_KEYS), "new_link", "new_character",
              "character_of")
#: The hidden inputs holding the next action's choices but its attributes, cleared once it
#: is rolled (and with its attributes, once the turn ends).
ACT_RESET = {"act_ability": "", "act_d8s": 0, "act_helper": "", "act_against": "",
             "act_helper_attrs": "", "act_against_attrs": ""}


def _wounds(c: dict) -> str:
    """Her wounds in words: each tier holding one, and her condition."""
    held = [f"{t['name']} {track} {t['count']}" for track, tiers in c["tracks"].items()
            for t in tiers if t["count"]]
    return (", ".join(held) + "; " if held else "no wounds; ") + c["condition"]


#: How a player sees the others: Blitz Points and wounds; the band is her condition.
SHOWN = Shown(exact=lambda c: f"Blitz Points {c['blitz']}, {_wounds(c)}")
#: The statuses the game master may add or take away.
STATUSES = {AUTOMATIC: f"Automatic {AUTOMATIC_RESULT}"}


def _button(label: str, event: dict, primary: bool = False, title: str | None = None) -> Html:
    return event_button(label, event, ROLLING, primary=primary, title=title)


def _chosen(label: str, on: bool) -> str:
    return f"{label} ✓" if on else label


def _tracks(c: dict) -> Html:
    """Both wound tracks, each tier's wounds out of its capacity."""
    return h("dl", [figure(track.capitalize(), " · ".join(
        f"{t['name']} {t['count']}/{t['capacity']}" for t in tiers), "battle-track")
        for track, tiers in c["tracks"].items()], class_="battle-numbers battle-tracks")


def _numbers(c: dict, big: bool = False, now: bool = True) -> Html:
    """Her Blitz Points, initiative card, bonus d8s, spare aces and automatic 25, and her
    turn's actions while it is ``now`` (or in her own view)."""
    actions = f"{c['taken']} of {c['planned'] or 1}"
    if c["next_penalty"]:
        actions += f" (next −{c['next_penalty']})"
    figures = [figure("Blitz Points", c["blitz"]), figure("Card", c["card"] or "—"),
               figure("Actions", actions) if big or now else None,
               figure("Bonus d8s", c["d8s"]),
               figure("Spare aces", c["spare_aces"]),
               figure("Next roll", f"automatic {AUTOMATIC_RESULT}" if c["automatic"]
                      else "rolled")]
    return h("dl", figures, class_="battle-numbers battle-numbers-big" if big else
             "battle-numbers")


def _heading(state: dict, names: dict) -> str:
    joker = legal_event(state, JOKER)  # owed only in the fight's first round
    if joker:
        return f"Round 1: {names[joker['by']]} holds the joker and chooses who goes first and last."
    return heading(state, names, "add the combatants, then tap who acts first.")


def _joker(state: dict, names: dict, seat: str) -> Html | None:
    """The joker's choice: one group per first place, a button per last place."""
    joker = legal_event(state, JOKER)
    if joker is None:
        return None
    if seat and seat != joker["by"]:
        return waiting(state, seat, joker["by"],
                       f"{names[joker['by']]} chooses who goes first and last")
    ids = joker["choices"]
    return h("div", h("p", f"{names[joker['by']]} drew the joker: who goes first, and who last?"),
             [group(f"{names[first]} first", h("span", f"{names[first]} first, last:",
                                               class_="battle-target"),
                    *(_button(names[last], {"type": JOKER, "first": first, "last": last})
                      for last in ids if last != first), class_="battle-actions battle-attack")
              for first in ids], class_="calc-prompt battle-pending")


def _pair(picked: str, attr: str) -> str:
    """The attributes picked (``picked``, as ``str-dex``) after tapping ``attr``: added, or
    taken off if picked."""
    chosen = [a for a in picked.split("-") if a]
    chosen = [a for a in chosen if a != attr] if attr in chosen else \
        ([*chosen, attr] if len(chosen) < 2 else [attr])
    return "-".join(a for a in ATTRIBUTE_IDS if a in chosen)


def _attributes(label: str, c: dict, picked: str, key: str) -> Html:
    """Her six attributes with their dice, as a group ``label`` of buttons setting the pair
    in the input ``key``; the ``picked`` ones marked."""
    chosen = [a for a in picked.split("-") if a]
    return group(label, *(set_button(_chosen(f"{ATTRIBUTE_NAMES[a]} {c['dice'][a]}",
                                             a in chosen),
                                     {key: _pair(picked, a)}, primary=a in chosen)
                          for a in ATTRIBUTE_IDS))


def _side_pair(act: dict, side: str, treatable: bool = False) -> str:
    """The pair a helper or an opponent rolls, as her picker marks it: the one tapped for
    them, else the actor's; a helper, while the actor has no pair for an action and a wound
    can be treated (``treatable``), rolls a treatment's Int & Dex."""
    if act[f"{side}_attrs"]:
        return act[f"{side}_attrs"]
    if side == "helper" and treatable and not _complete(act["attrs"]):
        return TREAT_CHECK
    return act["attrs"]


def _treatment_helper_pair(act: dict) -> str:
    """The pair a helper rolls on a treatment: the one tapped for her, else Int & Dex."""
    return act["helper_attrs"] if _complete(act["helper_attrs"]) else TREAT_CHECK


def _complete(pair: str) -> bool:
    return len([a for a in pair.split("-") if a]) == 2


def _roll_extras(act: dict, automatic: bool) -> dict:
    """Her ability and bonus d8s tapped for the next roll, as an event's fields (no d8s on a
    roll that is her ``automatic`` result: she keeps them)."""
    return {k: act[k] for k in ("ability", "d8s") if act[k] and not (k == "d8s" and automatic)}


def _next_action(result: dict, c: dict, names: dict) -> list[Html]:
    """Picking the next action's check and rolling it: the attributes, then Roll; her
    ability, bonus d8s, a helper or a contesting opponent (each rolling the pair tapped for
    them, the actor's until then); Attack on either track; Treat a wound."""
    state, act = result["state"], result["act"]
    legal = legal_event(state, "act")
    if legal is None:
        return []
    by_id = {o["id"]: o for o in state["combatants"]}
    out = [_attributes("Attributes", c, act["attrs"], "act_attrs")]
    extras = [set_button(_chosen(f"{ab['name']} +{ab['bonus']}", act["ability"] == ab["id"]),
                         {"act_ability": "" if act["ability"] == ab["id"] else ab["id"]})
              for ab in c["abilities"]]
    if c["d8s"] and not legal["automatic"]:
        spend = act["d8s"] + 1 if act["d8s"] < c["d8s"] else 0
        extras.append(set_button(f"Bonus d8s: {act['d8s']} of {c['d8s']}", {"act_d8s": spend},
                                 title="Tap to spend one more; past what she holds, none."))
    sides = (("helper", "Assisted by", legal["helpers"]),
             ("against", "Contested by", legal["against"]))
    other = {"helper": act["against"], "against": act["helper"]}
    for side, words, ids in sides:  # no one both helps and opposes
        extras += [set_button(_chosen(f"{words} {names[o]}", act[side] == o),
                              {f"act_{side}": "" if act[side] == o else o,
                               f"act_{side}_attrs": ""})
                   for o in ids if o != other[side]]
    taken = [side for side, _, ids in sides  # still able to roll, and not on both sides
             if act[side] in ids and not (side == "against" and act[side] == act["helper"])]
    treatable = legal_event(state, "treat") is not None
    pairs = [_attributes(f"{names[act[side]]}'s attributes", by_id[act[side]],
                         _side_pair(act, side, treatable), f"act_{side}_attrs")
             for side in taken]
    with_ = [group("With", *extras)] if extras else []
    if not all(_complete(p) for p in (act["attrs"], *(_side_pair(act, s, treatable)
                                                       for s in taken))):
        hint = "Tap the two attributes the game master names for the next action" + \
            (", and for each helper or opponent under her name" if pairs else "") + "."
        return [*out, h("p", hint, class_="battle-waiting"), *with_, *pairs,
                *_treatments(result, names)]
    event = {"type": "act", "check": act["attrs"]}
    event.update(_roll_extras(act, legal["automatic"]))
    for side in taken:
        event.update({side: act[side], f"{side}_check": _side_pair(act, side)})
    penalty = f"an automatic {AUTOMATIC_RESULT}" if legal["automatic"] else \
        (f"at −{legal['penalty']}" if legal["penalty"] else "no penalty")
    label = " & ".join(ATTRIBUTE_NAMES[a] for a in act["attrs"].split("-"))
    out.append(group("Roll", event_button(f"Roll {label} ({penalty})", event, ROLLING,
                                          primary=True, also=ACT_RESET)))
    out += with_ + pairs
    # The helper is not attacked: she assists (the engine refuses her as the target).
    out += [group(f"Attack {names[o]}", h("span", f"Attack {names[o]}:", class_="battle-target"),
                  *(event_button(track.capitalize(), {**event, "target": o, "track": track},
                                 ROLLING, also=ACT_RESET,
                                 title=f"A {track} wound in the tier the attack reaches.")
                    for track in TRACKS), class_="battle-actions battle-attack")
            for o in legal["targets"] if o != event.get("helper")]
    return out + _treatments(result, names)


def _treatments(result: dict, names: dict) -> list[Html]:
    """Treat a wound: one button per wound a roll can heal, Int & Dex with her ability, bonus
    d8s and helper as tapped; the group says which pair the helper rolls (the one tapped for
    her, else Int & Dex), since her picker marks an action's pair once one is tapped."""
    treat = legal_event(result["state"], "treat")
    if treat is None:
        return []
    act = result["act"]
    extra = _roll_extras(act, treat["automatic"])
    helping = []
    if act["helper"] in treat["helpers"]:
        pair = _treatment_helper_pair(act)
        extra.update(helper=act["helper"], helper_check=pair)
        helping.append(h("span", f"{names[act['helper']]} helps on {check_label(pair)}:",
                         class_="battle-target"))
    return [group("Treat a wound", *helping, *(
        event_button(f"Treat {names[w['target']]}'s {' '.join(w['wound'].split('_')[::-1])} "
                     f"({DIFFICULTIES[w['needs'] - 1]}+)",
                     {"type": "treat", "target": w["target"], "wound": w["wound"], **extra},
                     ROLLING, also=ACT_RESET,
                     title=f"Int & Dex; {DIFFICULTIES[w['needs'] - 1]} or more heals it.")
        for w in treat["wounds"]))]


def _turn(result: dict, c: dict, names: dict, end_label: str) -> list[Html]:
    """The controls of her turn: the plan, Burn a Blitz Point, spare aces, the next action,
    and ending the turn (``end_label``: "End the turn" to her player, "Next turn" to the game
    master)."""
    state = result["state"]
    out: list[Html] = []
    if legal_event(state, "plan"):
        out.append(group("Actions this turn", h("span", "Actions:",
                                                class_="battle-target"),
                         *(_button(_chosen(str(n), (c["planned"] or 1) == n),
                                   {"type": "plan", "actions": n},
                                   title="One is without penalty; with more, the n-th is at "
                                         f"−{number('multiple-action-penalty')} × n.")
                           for n in range(1, PLAN_BUTTONS + 1))))
    if legal_event(state, "burn"):
        out.append(group("Blitz", _button(f"Burn a Blitz Point ({c['blitz']} left)",
                                          {"type": "burn"}, title="Draw seven cards before "
                                                                  "rolling anything.")))
    give = legal_event(state, "give-ace")
    if give:
        out.append(group("Give an ace", *(_button(f"Give an ace to {names[o]}",
                                                  {"type": "give-ace", "target": o})
                                          for o in give["targets"])))
    out += _next_action(result, c, names)
    if legal_event(state, "end-turn") and not legal_event(state, JOKER):
        out.append(group(f"{c['name']}'s turn", event_button(
            end_label, {"type": "end-turn"}, ROLLING, primary=not legal_event(state, "act"),
            title="Ends this turn and starts the next combatant's.",
            also={**ACT_RESET, "act_attrs": ""})))
    return out


def _player(result: dict, c: dict, names: dict) -> Html:
    state = result["state"]
    joker = legal_event(state, JOKER)
    mine_now = her_turn(state, c) and not joker
    return player_view(state, c, _heading(state, names) if joker
                       else whose_turn(state, names, mine_now, _heading), [
        _numbers(c, big=True), _tracks(c),
        condition_line(c["condition"]),
        _joker(state, names, c["id"]),
        _turn(result, c, names, "End the turn") if mine_now else None,
    ], PLAYER_LINES, SHOWN)


def _game_master(result: dict, names: dict) -> Html:
    state = result["state"]
    by_id = {c["id"]: c for c in state["combatants"]}
    now = state["turn"] if state["phase"] == "fighting" and not legal_event(state, JOKER) \
        else None
    rows = [row(c, c["id"] == now, _numbers(c, now=c["id"] == now), _tracks(c),
                h("p", c["condition"], class_="battle-condition"),
                _turn(result, c, names, "Next turn") if c["id"] == now else None,
                *panels.gm_tools(result, c, c["id"] == now, panels.adjust_panel(
                    result, c, SETTABLE, STATUSES, panels.buttons(ROLLING),
                    has=lambda c: {AUTOMATIC} if c["automatic"] else set())))
            for c in (by_id[cid] for cid in state["order"])]
    return game_master_view(state, _joker(state, names, ""), rows, _button, GM_LINES)


def _start(result: dict) -> Html:
    """One button per combatant: she acts first, so she draws first."""
    return h("div", h("p", "Who acts first? She draws first; then everyone draws."),
             *(_button(f"{c['name']} acts", {"type": "start", "acts": c["id"]},
                       primary=i == 0)
               for i, c in enumerate(result["state"]["combatants"])))


def _setup(result: dict) -> Html:
    return setup_section(result, NEW_INPUTS, _start(result), "Fill in a quick entry, pick a "
                         "saved character or paste a character's share link in the form below "
                         "to add one.")


def render_table(result: dict) -> Html:
    """The answer as the table uses it: the seat's view, or the setup before the start."""
    return table_view(result, "pmm-battle", _heading, _setup, _player, _game_master)


__all__ = ["NEW_INPUTS", "NEW_QUICK_KEYS", "ROLLING", "render_table"]
