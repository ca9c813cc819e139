"""HTML for the spellcard builder: the cost, its lines linked to their rules, what the card
and caster cannot have, a card to print, and the card as JSON.

Links are fragments (``#to-hit``): the builder sits on the spellcards page, where every rule
it cites has its section.
"""

from __future__ import annotations

import json

from ...ui import Html, amount, figure, h
from ...ui.links import quote
from ..rules import ELEMENTS
from .rules import CARD_TYPES, SPECIAL_SKILLS, rule
from .view import castable_text, duration_text, kind_text, notes_list, said, targets_text

#: The JSON calculator's widget on the same page (to open the card there).
JSON_WIDGET = "spellcard"


def _rule_link(line: dict) -> Html:
    return h("a", line["source"], href=f"#{line['anchor']}")


def _row(item: object, cost: object, rule_cell: object, **attrs: object) -> Html:
    return h("tr", h("td", item), h("td", cost), h("td", rule_cell), **attrs)


def _breakdown(result: dict) -> Html:
    lines = result["breakdown"]
    skills = [line for line in lines if line["step"] == "skill"]
    by_step = {line["step"]: line for line in lines if line["step"] != "skill"}
    subtotal = sum(line["cost"] for line in skills)
    rows = [_row(line["item"], amount(line["cost"]), _rule_link(line)) for line in skills]
    rows.append(h("tr", h("th", "Skills added up", scope="row"), h("td", h("strong", subtotal)),
                  h("td", "")))
    minimum = rule("minimum-cost")
    rows.append(_row(by_step["minimum"]["item"], amount(by_step["minimum"]["cost"]),
                     _rule_link(by_step["minimum"])) if "minimum" in by_step else
                _row(f"Minimum cost {minimum}: already reached", "0",
                     h("a", "Spellcard costs", href="#spellcard-costs")))
    rows.append(_row(by_step["bomb"]["item"], amount(by_step["bomb"]["cost"]),
                     _rule_link(by_step["bomb"])) if "bomb" in by_step else
                _row("Bomb: not a bomb, so not doubled", "0", h("a", "Bombs", href="#bombs")))
    if "efficiency" in by_step:
        line = by_step["efficiency"]
        rows.append(_row(line["item"], amount(line["cost"]), _rule_link(line)))
    else:
        efficiency = result["efficiency"]
        text = ("Efficiency: nothing off, the cost is already at its floor of "
                f"{efficiency['floor']}" if efficiency else
                f"Efficiency: none; only a {' or '.join(result['efficiency_shot_types'])} "
                "caster pays less")
        rows.append(_row(text, "0", h("a", "Spellcard costs", href="#spellcard-costs")))
    return h(
        "table",
        h("caption", f"How this card costs {result['cost']}"),
        h("thead", h("tr", h("th", "Skill or step", scope="col"), h("th", "Cost", scope="col"),
                     h("th", "Rule", scope="col"))),
        h("tbody", rows),
        h("tfoot", h("tr", h("th", "Spell power to activate", scope="row"),
                     h("td", h("strong", result["cost"])), h("td", ""))))


def _limits(result: dict) -> Html:
    disabled = h("ul", [h("li", h("a", d["section"], href=f"#{d['anchor']}"), ": ", said(d["why"]))
                        for d in result["disabled"]]) if result["disabled"] else \
        h("p", "Every section may be used on this card.")
    own = h("ul", [h("li", h("a", g["group"], href=f"#{g['anchor']}"), f" ({g['how']}): ",
                         ", ".join(g["skills"])) for g in result["own_skills"]]) \
        if result["own_skills"] else \
        h("p", f"A {result['caster']['profession']} has no special skills of her own.")
    others = h("details", h("summary", f"Special skills a {result['caster']['profession']} may "
                                       f"not use ({sum(len(g['skills']) for g in result['unavailable'])})"),
               h("ul", [h("li", h("a", g["group"], href=f"#{g['anchor']}"), ": ",
                              ", ".join(g["skills"]), ". ", said(g["why"]))
                        for g in result["unavailable"]]))
    return h("div", h("h4", "Not on this card"), disabled,
             h("h4", f"Special skills of a {result['caster']['profession']}"), own, others,
             class_="calc-summary wr-builder-limits")


def _print_card(result: dict) -> Html:
    card, caster = result["card"], result["caster"]
    rows = [("Name", card["name"])] if card["name"] else []
    rows += [("Caster", f"{caster['element']} {caster['shot_type']} {caster['profession']}, "
                       f"level {caster['level']}"
             + (f"; goddess of {caster['goddess']}" if caster["goddess"] else "")),
            ("Type", kind_text(card)),
            ("Targets", targets_text(card)),
            ("Duration", duration_text(card))]
    if card["attack"]:
        dice, modifier = card["attack"]["dice"], card["attack"]["modifier"]
        rows.append(("Attack power", (f"{dice}d" if dice else "") + (f"+{modifier}" if modifier
                                                                    else "")))
    if card["element"]:
        rows.append(("Element", ELEMENTS[card["element"]].name))
    for item in card["special"]:
        skill = SPECIAL_SKILLS[item["skill"]]
        extra = (f" × {item['count']}" if "count" in item else "") + \
            (f", {item['dolls']} dolls" if "dolls" in item else "") + \
            (f", {ELEMENTS[item['element']].name} familiar" if "element" in item else "")
        rows.append(("Special skill", skill.name + extra))
    rows.append(("Spell power", str(result["cost"])))
    return h("table", h("caption", "The card, to print"),
             h("tbody", [h("tr", h("th", label, scope="row"), h("td", value))
                         for label, value in rows]))


def render_builder(result: dict) -> Html:
    """The cost in large type, its lines with their rules, the notes, what cannot go on this
    card, the card to print, and the card as JSON (also in ``data-card``, with the cost in
    ``data-cost``, for the site script that saves cards and adds them to a deck)."""
    card = result["card"]
    kind = CARD_TYPES[card["type"]].name + (" bomb" if card["bomb"] else "")
    headline = h(
        "div",
        figure("Spell power to activate", result["cost"], "main"),
        figure("Card", kind),
        figure("Castable", castable_text(result)),
        class_="calc-figures")
    notes = notes_list(result["notes"])
    text = json.dumps(result["document"], indent=2, ensure_ascii=False)
    compact = json.dumps(result["document"], separators=(",", ":"), ensure_ascii=False)
    exported = h("details", h("summary", "The card as JSON (copy it to keep or share it)"),
                 h("pre", h("code", text)),
                 h("p", h("a", "Open this card in the JSON calculator",
                          href=f"?{JSON_WIDGET}.card={quote(compact)}#cost-calculator",
                          class_="calc-control-link")),
                 class_="calc-summary")
    return h("div", headline, h("div", _breakdown(result), class_="calc-table"), notes,
             _limits(result), h("div", _print_card(result), class_="calc-table wr-card-print"),
             h("button", "Print the card", type="button", class_="md-button calc-print",
               data_calc_print=True), exported,
             class_="calc-result", data_card=compact, data_cost=result["cost"])
