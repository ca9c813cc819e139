"""HTML for the spellcard deck on a character's sheet: each card with what it does (type,
to-hit, targets and area, duration, damage dice, element, cost), Roll buttons for its damage
and its to-hit roll, the roll just made shown beside the card it was made for, a link that
opens the card in the builder, and the deck limits.

The Roll buttons set the sheet's hidden ``card_roll``, ``card`` and ``seed`` inputs (and clear
a check's ``roll``, so one roll is shown at a time); the roll shown carries
``data-roll-entry`` and ``data-roll-key`` for the character's roll log. A card's builder
link names, in ``data-link-record``, the builder's input that links its caster to a saved
character: the page adds the character open now, so the builder opens with her as the caster.
"""

from __future__ import annotations

from ...ui import RANDOM, Html, data_table, details, h, set_button, widget_link
from ..rules import ELEMENTS
from .flat import LINK
from .rolls import DAMAGE_ROLL, TO_HIT_ROLL
from .view import duration_text, kind_text, targets_text

#: The sheet's page, and where the builder sits.
HERE = "western-roses/character.md"
BUILDER_PAGE = "western-roses/spellcards.md"
BUILDER_WIDGET = "spellcard-builder"


def _to_hit_text(row: dict) -> str:
    card, check = row["card"], row["to_hit"]
    if card["to_hit"] is None:
        return "none (the card takes no to-hit section)"
    if check is None:
        return "Burst: no roll, it hits unless dodged"
    mod = f"{check['modifier']:+d}" if check["modifier"] else ""
    return (f"{check['label']}: {check['dice']}d{mod} against {check['target']}"
            + (" (Homing Danmaku)" if check["modifier"] else ""))


def _damage_text(row: dict) -> str:
    damage = row["damage"]
    if damage is None:
        return "none"
    return damage["text"] + (f" ({damage['from']})" if damage["from"] else "")


def _roll_result(row: dict, number: int, roll: dict | None) -> Html:
    """The roll just made for this card, beside it (nothing for the other cards)."""
    if roll is None or roll["card"] != number:
        return Html("")
    faces = h("span", ", ".join(str(f) for f in roll["faces"]) or "no dice", class_="wr-dice")
    mod = f" + {roll['modifier']}" if roll["modifier"] > 0 else (
        f" − {-roll['modifier']}" if roll["modifier"] < 0 else "")
    if roll["kind"] == DAMAGE_ROLL:
        head = f"Damage ({row['damage']['text']}): "
        verdict = ""
    else:
        head = f"To-hit ({row['to_hit']['label'].lower()}): "
        verdict = (" Hit: the target may still dodge." if roll["hit"] else
                   " Miss: the card misses whatever the target rolls.")
    return h("p", h("strong", head), faces, mod, " = ",
             h("strong", roll["total"], class_="wr-roll-total"),
             f" (from {roll['lowest']} to {roll['highest']}).{verdict}",
             class_=f"calc-summary wr-roll wr-card-roll {roll.get('band') or ''}".strip(),
             data_roll_entry=roll["entry"], data_roll_key=roll["key"])


def _actions(row: dict, number: int) -> Html:
    buttons = []
    if row["damage"] is not None:
        buttons.append(set_button("Roll damage", {"card_roll": DAMAGE_ROLL, "card": number,
                                                  "roll": "", "seed": RANDOM},
                                  title=f"Roll {row['name']}'s damage: {row['damage']['text']}"))
    if row["to_hit"] is not None and row["to_hit"]["dice"] > 0:
        buttons.append(set_button("Roll to-hit", {"card_roll": TO_HIT_ROLL, "card": number,
                                                  "roll": "", "seed": RANDOM},
                                  title=f"Roll {row['name']}'s to-hit: {_to_hit_text(row)}"))
    if row["builder"] is not None:
        buttons.append(h("a", "Open in the builder", class_="wr-open-builder",
                         href=widget_link(BUILDER_PAGE, BUILDER_WIDGET, row["builder"], HERE),
                         data_deck_open=number, data_link_record=f"{BUILDER_WIDGET}.{LINK}"))
    return h("p", buttons, class_="wr-sheet-actions wr-deck-actions") if buttons else Html("")


def _card(row: dict, number: int, roll: dict | None) -> Html:
    card = row["card"]
    facts = (("Type", kind_text(card)), ("To-hit", _to_hit_text(row)),
             ("Targets", targets_text(card)), ("Duration", duration_text(card)),
             ("Damage", _damage_text(row)),
             ("Element", ELEMENTS[card["element"]].name if card["element"] else "none"),
             ("Spell power", row["cost"]))
    return h("li",
             h("p", h("strong", row["name"], class_="calc-card-name"),
               f" × {row['copies']}" + (f" (same card as {row['same_as'] + 1})"
                                        if row["same_as"] is not None else "")),
             h("dl", [[h("dt", label), h("dd", value)] for label, value in facts],
               class_="wr-card-facts"),
             _actions(row, number), _roll_result(row, number, roll),
             data_deck_card=number)


def render_deck(deck: dict, roll: dict | None) -> Html:
    """Her deck on the sheet: a headline, one entry per card, the notes and the limits."""
    if not deck:
        return Html("")
    head = (f"Her deck: {deck['total_cards']} of {deck['max_cards']} cards, "
            f"{deck['kinds']} of {deck['max_kinds']} different, {deck['total_cost']} spell "
            "power in all")
    cards = h("ol", [_card(row, i, roll) for i, row in enumerate(deck["cards"], 1)],
              class_="wr-deck-cards", aria_label=head) if deck["cards"] else \
        h("p", f"No cards yet: her deck holds up to {deck['max_cards']} cards of "
               f"{deck['max_kinds']} different kinds.")
    limits = data_table("Deck limits", ("What", "Cards", "Different cards"),
                        [(line["item"], line["cards"], line["kinds"]) for line in deck["limits"]])
    notes = h("ul", [h("li", n) for n in deck["notes"]]) if deck["notes"] else ""
    return h("section", h("h4", "Spellcard deck"),
             h("p", head, class_="wr-deck-head") if deck["cards"] else "", cards, notes,
             details("Where the deck limits come from", limits), class_="wr-sheet-deck")
