"""What holds for every system's battle, checked once over all of them (and over the test-only
toy system, to show a new system's battle needs nothing more than its package and its line in
``battle_conformance.FIGHTS``):

- every button a table's answer offers, from every seat and every tool it opens, is accepted;
- an event pushed onto the state kept from the last answer gives the state the log replays to;
- Undo, then the same event again, gives the same state;
- the same seeds roll the same dice, and an event's seed changes nothing before it;
- the battle's documentation lists every event and every field, and its page shows it;
- every rule section a log line or the system's citations link is a heading of the site, and
  every interpretation note a log line follows is on the notes page, linked at its heading.

The battles are played only by the answers' own buttons, chosen with a seeded generator, so
each run plays the same battles. A system's own tests keep its rules worked by hand.
"""

from __future__ import annotations

import functools
import importlib
import random
import re
from pathlib import Path

import pytest

from calculators import CalculatorError
from calculators.battle import replay
from calculators.interpretations import load_interpretations
from calculators.systems import system

from battle_conformance import FIGHTS, Fight, battle_only, offered, tapped
from build_scripts.pagegen.battles import combatant_table, event_list

DOCS = Path(__file__).parents[2] / "docs"
#: Battles played per system, and taps per battle (a battle may end sooner).
BATTLES, TAPS = 2, 30

fights = pytest.mark.parametrize("fight", FIGHTS, ids=lambda f: f.name)


def played(fight: Fight) -> tuple[list[dict], list[str]]:
    """:func:`play`, once per system and run."""
    return _played(fight.name)


@functools.cache
def _played(name: str) -> tuple[list[dict], list[str]]:
    return play(next(f for f in FIGHTS if f.name == name))


def play(fight: Fight) -> tuple[list[dict], list[str]]:
    """The battles played by taps (each as its final inputs), and every refusal met on the
    way: ``"<label>: <event> → <errors>"``."""
    battles, refusals = [], []
    for number in range(BATTLES):
        rng = random.Random(f"{fight.name}-{number}")
        inputs = battle_only({"events": [], **fight.calculator.example})
        for _ in range(TAPS):
            choices = []
            for where, tap in offered(fight, inputs):
                after, event = tapped(where, tap, rng)
                try:
                    answer = fight.calculator.run(after)
                except CalculatorError as exc:
                    refusals.append(f"{tap.label}: {event} → {exc.as_json()['errors']}")
                    continue
                choices.append(answer["battle"])
            if not choices:
                break
            going_on = [c for c in choices if c["events"][-1]["type"] != "end-battle"]
            inputs = rng.choice(going_on if going_on and rng.random() > 0.02 else choices)
        battles.append(inputs)
    return battles, refusals


@fights
def test_every_button_the_table_offers_is_accepted(fight):
    battles, refusals = played(fight)
    assert sum(len(b["events"]) for b in battles) >= BATTLES * 10, "the battles hardly began"
    assert not refusals, "\n".join(refusals[:10])


@fights
def test_an_event_pushed_onto_the_kept_state_gives_the_state_its_log_replays_to(fight):
    calc, rules = fight.calculator, fight.rules
    for battle in played(fight)[0]:
        cs, log = battle["combatants"], battle["events"]
        for n in range(1, len(log) + 1):
            calc.run({"combatants": cs, "events": log[:n - 1]})  # the state kept
            pushed = calc.run({"combatants": cs, "events": log[:n - 1], "event": log[n - 1]})
            assert pushed["battle"]["events"][:n - 1] == log[:n - 1]
            assert pushed["state"] == rules.view(replay(rules, cs, log[:n])), n


@fights
def test_undo_then_the_same_event_gives_the_same_state(fight):
    calc = fight.calculator
    for battle in played(fight)[0]:
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
    for battle in played(fight)[0]:
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
