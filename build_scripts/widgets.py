"""Calculator widgets as static HTML: the form from the declared parameters, plus the answer
for the page's initial inputs, rendered by the same Python that runs in the browser.

The element carries everything the site script needs as ``data-*`` attributes (no inline
script): the calculator name, an id that prefixes its URL state, the initial inputs, the
runtime build id, and the ties to other calculators and pages declared with the calculator
(``data-calc-link``, ``data-cards-*``), so the script names none of them. A battle tracker's
(a calculator with a ``seat``) also names the rules it plays (``data-calc-rules``), which a
phone's ``hello`` at the live table carries (:func:`calculators.battle.live.rules_stamp`).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from typing import Any

from jinja2 import Environment
from markupsafe import Markup

from calculators import CalculatorError, get
from calculators.battle.live import rules_stamp
from calculators.battle.rules import rules_of
from calculators.calculator import Calculator, Linked
from calculators.params import Param, applies, coerce_all
from calculators.saved_words import WORDS


class WidgetError(Exception):
    """A page asks for a widget that cannot be built (unknown name, bad initial inputs)."""


def render_widget(env: Environment, name: str, widget_id: str, build_id: str,
                  initial: dict[str, Any], link: Callable[[str], str]) -> Markup:
    """The widget's HTML on one line (so Markdown passes it through as a single block).

    Args:
        link: turns a rules page's source path (``western-roses/basic-rolls.md#anchor``) into a
            URL relative to the page the widget sits on; it raises for a page that does not exist.
    """
    try:
        calc = get(name)
    except CalculatorError as exc:
        raise WidgetError(str(exc)) from None
    params = {**calc.defaults(), **initial}
    try:
        result_html = calc.render(calc.run(params))
    except CalculatorError as exc:
        raise WidgetError(f"widget {name}: initial inputs {params} rejected: {exc}") from None
    if calc.collection:
        try:
            calc.run(calc.blank())
        except CalculatorError as exc:
            raise WidgetError(f"widget {name}: a new {calc.collection} (its blank) is rejected: "
                              f"{exc}") from None
    initial_text = {k: _as_text(v) for k, v in params.items()}
    blank_json = json.dumps({k: _as_text(v) for k, v in calc.blank().items()}, sort_keys=True)
    html = env.get_template("widget.html.j2").render(
        calc=calc, link=link, widget_id=widget_id, build_id=build_id, values=initial_text,
        applying=applying_params(calc, params),
        offers={p.name: {value: json.dumps(list(when)) for value, when in p.offered.by_choice}
                for p in calc.params if p.offered},
        offered=lambda p, value: p.offered.lists(value, params.get(p.offered.param)),
        applies_values={p.name: json.dumps([_as_text(v) for v in p.applies.values])
                        for p in calc.params if p.applies},
        taken={p.name: taken(p, params.get(p.name)) for p in calc.params if p.picks},
        initial_json=json.dumps(initial_text, sort_keys=True), blank_json=blank_json,
        words_json=json.dumps(WORDS[calc.collection].as_json(), sort_keys=True)
        if calc.collection else "",
        log_json=json.dumps(calc.log.as_json(), sort_keys=True) if calc.log else "",
        result_html=Markup(result_html),
        link_json=json.dumps([link_data(linked, link) for linked in calc.links],
                             sort_keys=True) if calc.links else "",
        cards_data=cards_data(calc, link),
        rules_stamp=rules_stamp(rules_of(calc).system) if calc.seat else "")
    return Markup(" ".join(line.strip() for line in html.splitlines() if line.strip()))


def taken(p: Param, value: Any) -> Counter[str]:
    """How many times each of a pick list's ids is taken in ``value`` (none when the input
    refuses it: the answer says why)."""
    try:
        return Counter(p.coerce(value) or [])
    except CalculatorError:
        return Counter()


def link_data(linked: Linked, link: Callable[[str], str]) -> dict[str, Any]:
    """What the site script needs to fill a widget's inputs from another calculator's record
    (one of ``calc.links``; ``data-calc-link`` lists them all): whose records, what they are
    called, where they are made, which input keeps the link, each filled input with the
    record's input and its default (a record saved before an input existed lacks it), and the
    values spelled differently."""
    source = get(linked.calculator)
    theirs = {p.name: p for p in source.params}
    values: dict[str, dict[str, str]] = {}
    for mine, their_text, my_text in linked.values:
        values.setdefault(mine, {})[their_text] = my_text
    return {"calc": linked.calculator, "noun": source.collection, "page": link(linked.page),
            "words": WORDS[source.collection].as_json(),
            "param": linked.param, "label": linked.label,
            "fields": dict(linked.fields),
            "defaults": {name: _as_text(theirs[name].default) for _, name in linked.fields
                         if name in theirs and theirs[name].default is not None},
            "values": values}


def cards_data(calc: Calculator, link: Callable[[str], str]) -> dict[str, str]:
    """The widget's ``data-cards-*`` attributes (name without the prefix → value): its part in
    the spellcards a player saves (``calc.cards``), so the site script names no calculator,
    input or page. ``saves`` is present, with no value, on a widget whose answer is a card."""
    cards = calc.cards
    if cards is None:
        return {}
    data = {"saves": ""} if cards.saves else {}
    if cards.deck:
        data |= {"deck": cards.deck, "deck-param": cards.deck_param,
                 "deck-section": f"#{cards.deck_section}"}
    if cards.made_at:
        data["made-at"] = link(cards.made_at)
    return data


def applying_params(calc: Calculator, params: dict[str, Any]) -> set[str]:
    """The names of the inputs that apply to ``params`` (the form shows only those)."""
    clean = coerce_all(calc.params, params)
    return {p.name for p in calc.params if applies(p, clean)}


def _as_text(value: Any) -> str:
    """A parameter value as the text a form field (and the URL) holds."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (dict, list)):
        return json.dumps(value, separators=(",", ":"), ensure_ascii=False)
    return str(value)


def render_example_notice(env: Environment, name: str, widget_id: str) -> Markup:
    """The line at the top of a collection's page that says the sheet shows the page's
    example (whose name it gives) and links straight to the form; the site script rewrites it
    for a player who opens one of her own records."""
    try:
        calc = get(name)
    except CalculatorError as exc:
        raise WidgetError(str(exc)) from None
    if not calc.collection:
        raise WidgetError(f"example notice for {name}, which keeps no collection")
    html = env.get_template("example-notice.html.j2").render(
        calc=calc, widget_id=widget_id, example_name=str(calc.defaults().get("name", "")))
    return Markup(" ".join(line.strip() for line in html.splitlines() if line.strip()))
