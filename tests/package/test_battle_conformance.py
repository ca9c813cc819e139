"""What holds for every system's battle, checked once over all of them (and over the test-only
toy system, to show a new system's battle needs nothing more than its package and its line in
``battle_conformance.FIGHTS``):

- every button a table's answer offers, from the seats that may act and the tools they open,
  is accepted, over 2,000 events a system, and the play reaches every event type a tap can
  reach from the system's line-ups (``battle_conformance.UNOFFERED`` names the others);
- an event pushed onto the state kept from the last answer gives the state the log replays to;
- Undo, then the same event again, gives the same state;
- the same seeds roll the same dice, and an event's seed changes nothing before it;
- the battle's documentation lists every event and every field, and its page shows it;
- every rule section a log line or the system's citations link is a heading of the site, and
  every interpretation note a log line follows is on the notes page, linked at its heading.

The battles are played only by the answers' own buttons, chosen with a seeded generator, so
each run plays the same battles. A system's own tests keep its rules worked by hand.

The volume is 40 battles of 50 taps a system, the 2,000 events issue 35 asks of the offered
buttons. Half of it, 20 battles of 50 taps, is the smallest round volume that reaches what 40 of
60 reached (measured when it was cut from there, which took 108 s for this file against 45 s):
every event type whose buttons were checked (Western Roses 16 of its 18 types, Magical Burst
17 of 31, post-magic-maid 14 of 15, the toy 5 of 10; more play reaches no other, see
``UNOFFERED``), every type pushed but the rarely drawn ``end-battle``, and every shape of
event (a type with its set of fields: 18, 24, 20 and 6). The last reached were Western Roses'
``collect``, first pushed in battle 18 at tap 45, and a Magical Burst burst other than
Judgment's, first checked in battle 17 at tap 42; fewer than 18 battles or 45 taps loses one.
The test asserts the types reached, so a change of rules or seeds that loses one fails here
instead of thinning the check unseen.
"""

from __future__ import annotations

import functools
import importlib
import json
import random
import re
from pathlib import Path

import pytest

from calculators import CalculatorError
from calculators.battle import replay
from calculators.battle.events import parse_event
from calculators.battle.replay import apply_event
from calculators.interpretations import load_interpretations
from calculators.systems import system

from battle_conformance import FIGHTS, UNOFFERED, Fight, offered, seeded
from build_scripts.pagegen.battles import combatant_table, event_list

DOCS = Path(__file__).parents[2] / "docs"
#: Battles played per system, and taps per battle (a battle may end sooner): 2,000 events
#: for each system (the module's docstring says why these).
BATTLES, TAPS = 40, 50
#: Of those, the battles whose every step is replayed, undone and re-seeded.
CHECKED = 4

fights = pytest.mark.parametrize("fight", FIGHTS, ids=lambda f: f.name)


def played(fight: Fight) -> tuple[list[dict], list[str], set[str]]:
    """:func:`play`, once per system and run."""
    return _played(fight.name)


@functools.cache
def _played(name: str) -> tuple[list[dict], list[str], set[str]]:
    return play(next(f for f in FIGHTS if f.name == name))


#: Buttons of one event type checked at each step (the game master's panel offers dozens of
#: the same kind; a different few are drawn each time).
PER_TYPE = 3


def sampled(found: list, rng: random.Random) -> list:
    """Of the taps ``found`` (``(inputs, tap)`` pairs), each distinct event once, at most
    :data:`PER_TYPE` of each type, drawn with ``rng``."""
    distinct = {json.dumps(tap.event, sort_keys=True): tap for _, tap in found}
    by_type: dict[str, list] = {}
    for tap in distinct.values():
        by_type.setdefault(tap.event["type"], []).append(tap)
    return [tap for taps in by_type.values()
            for tap in rng.sample(taps, min(PER_TYPE, len(taps)))]


def refusal(rules, state, event: dict) -> list[dict]:
    """What the engine says to ``event`` in ``state`` (nothing when it is legal): its fields
    coerced, then its type's check, the one source of its legality."""
    try:
        clean = parse_event(rules.events, event, "event")
    except CalculatorError as exc:
        return exc.as_json()["errors"]
    return [e.as_dict() for e in rules.events[clean["type"]].check(state, clean)]


def play(fight: Fight) -> tuple[list[dict], list[str], set[str]]:
    """The battles played by taps (each as its final inputs), every refusal met on the way
    (``"<label>: <event> → <errors>"``) and the event types of the taps accepted. Each tap's
    event is checked against the state the battle's log built; one of those accepted is
    pushed as the table pushes it (ending the battle rarely)."""
    rules = fight.rules
    battles, refusals, reached = [], [], set()
    for number in range(BATTLES):
        rng = random.Random(f"{fight.name}-{number}")
        cs = fight.starts[number % len(fight.starts)]
        inputs, state = {"combatants": cs, "events": []}, rules.setup(cs)
        for _ in range(TAPS):
            seats = {"", *(e["by"] for e in rules.legal(state) if e["by"])}
            if rng.random() < 0.3:  # now and then, someone else's seat
                seats.add(rng.choice(state.combatants)["id"])
            choices = []
            for tap in sampled(offered(fight, inputs, sorted(seats), most=4, rng=rng), rng):
                event = seeded(tap.event, rng)
                errors = refusal(rules, state, event)
                if errors:
                    refusals.append(f"{tap.label}: {event} → {errors}")
                    continue
                choices.append(event)
                reached.add(event["type"])
            if not choices:
                break
            going_on = [e for e in choices if e["type"] != "end-battle"]
            event = rng.choice(going_on if going_on and rng.random() > 0.01 else choices)
            apply_event(rules, state, event, "event")
            # pushed as a table pushes it, so the next views start from the state kept
            inputs = fight.calculator.run({**inputs, "event": event})["battle"]
        battles.append(inputs)
    return battles, refusals, reached


@fights
def test_every_button_the_table_offers_is_accepted(fight):
    battles, refusals, reached = played(fight)
    assert sum(len(b["events"]) for b in battles) >= 2000, "fewer than 2,000 events played"
    assert not refusals, "\n".join(refusals[:10])
    # The play still reaches every type a tap can: a type lost needs more battles or taps,
    # one newly reached comes off UNOFFERED.
    assert reached == set(fight.rules.events) - UNOFFERED[fight.name], (
        f"not reached: {sorted(set(fight.rules.events) - UNOFFERED[fight.name] - reached)}, "
        f"reached though declared unoffered: {sorted(reached & UNOFFERED[fight.name])}")


@fights
def test_an_event_pushed_onto_the_kept_state_gives_the_state_its_log_replays_to(fight):
    calc, rules = fight.calculator, fight.rules
    for battle in played(fight)[0][:CHECKED]:
        cs, log = battle["combatants"], battle["events"]
        for n in range(1, len(log) + 1):
            calc.run({"combatants": cs, "events": log[:n - 1]})  # the state kept
            pushed = calc.run({"combatants": cs, "events": log[:n - 1], "event": log[n - 1]})
            assert pushed["battle"]["events"][:n - 1] == log[:n - 1]
            assert pushed["state"] == rules.view(replay(rules, cs, log[:n])), n


@fights
def test_undo_then_the_same_event_gives_the_same_state(fight):
    calc = fight.calculator
    for battle in played(fight)[0][:CHECKED]:
        cs, log = battle["combatants"], battle["events"]
        for n in range(1, len(log) + 1):
            done = calc.run({"combatants": cs, "events": log[:n]})
            undone = calc.run({"combatants": cs, "events": log[:n - 1]})
            again = calc.run({"combatants": cs, "events": log[:n - 1], "event": log[n - 1]})
            assert again["state"] == done["state"], n
            assert undone["battle"]["events"] == log[:n - 1]


@fights
def test_the_same_seeds_roll_the_same_dice_and_a_seed_changes_nothing_before_it(fight):
    rules = fight.rules
    for battle in played(fight)[0][:CHECKED]:
        cs, log = battle["combatants"], battle["events"]
        first = rules.view(replay(rules, cs, log))
        assert rules.view(replay(rules, cs, log)) == first
        for n, event in enumerate(log):
            if "seed" not in event:
                continue
            other = [*log[:n], {**event, "seed": event["seed"] + 1}]
            try:
                changed = rules.view(replay(rules, cs, other))
            except CalculatorError:
                continue  # another roll may make this event illegal; nothing before it moved
            before = [line for line in first["log"] if line["event"] < n]
            assert [line for line in changed["log"] if line["event"] < n] == before


def _keys(table: str) -> list[str]:
    return [row.split("|")[1].strip().strip("`") for row in table.splitlines()[2:]]


@fights
def test_the_documentation_lists_every_event_and_field_and_the_battle_page_shows_it(fight):
    rules = fight.rules
    assert _keys(combatant_table(rules)) == [p.name for p in rules.combatant_fields]
    page = event_list(rules)
    sections = re.split(r"^### ", page, flags=re.M)[1:]
    assert [re.search(r"\{#event-([a-z-]+)\}", s).group(1) for s in sections] == \
        list(rules.events)
    for section, event in zip(sections, rules.events.values()):
        table = "\n".join(line for line in section.splitlines() if line.startswith("|"))
        assert (_keys(table) if table else []) == [p.name for p in event.params], event.name
    for _, source in fight.calculator.rules:
        if source.endswith("/battle.md"):
            text = (DOCS / source).read_text(encoding="utf-8")
            assert f'battle_event_list("{fight.name}")' in text
            assert f'battle_combatant_table("{fight.name}")' in text


def _system_package(fight: Fight) -> str | None:
    """The package of the site's system whose battle ``fight`` is (none for the toy)."""
    try:
        return system(fight.calculator.compute.__module__).package
    except KeyError:
        return None


def _heading_exists(address: str) -> bool:
    """``page/#anchor`` (as a log line links it) or ``page.md#anchor`` is a heading of a page."""
    page, _, anchor = address.partition("#")
    source = DOCS / (page.rstrip("/") + ".md" if not page.endswith(".md") else page)
    if not source.exists():
        source = DOCS / page.rstrip("/") / "index.md"
    return source.exists() and (not anchor or "{#" + anchor + "}" in
                                source.read_text(encoding="utf-8"))


@fights
def test_every_rule_a_log_line_links_is_a_heading_and_every_note_it_follows_is_on_the_notes_page(
        fight):
    package = _system_package(fight)
    notes = {n.id for n in load_interpretations(package)} if package else set()
    pages = importlib.import_module(package + ".fight.citations").RULE_PAGES if package else {}
    for section, address in pages.items():
        assert _heading_exists(address), f"{section}: no heading at {address}"
    lines = [line for battle in played(fight)[0]
             for line in fight.calculator.run(battle)["state"]["log"]]
    for line in lines:
        assert not line["url"] or _heading_exists(line["url"]), line
        if line["note"]:
            assert line["note"] in notes and line["note_url"].endswith("#" + line["note"]), line
    assert not package or any(line["note"] for line in lines), "no line followed a reading"
