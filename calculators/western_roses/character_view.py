"""HTML for a ``wr-character`` sheet: the points left to spend, every check with its dice, a
Roll button, a link to its odds and the roll just made under it, the sub-stats, what each number
comes from, abilities and traits, equipment and the deck (:mod:`.spellcards.sheet_view`)."""

from __future__ import annotations

from ..interpretations import note_refs
from ..ui import (RANDOM, Html, control_link, data_table, details, figure, h, linked_text,
                  row_below, set_button, signed, widget_link)
from .spellcards.sheet_view import render_deck

#: The sheet's page, and where each check's odds calculator sits.
HERE = "western-roses/character.md"
#: The package whose interpretation notes the sheet's texts cite.
NOTES_OF = "calculators.western_roses"
ODDS_PAGE = "western-roses/basic-rolls.md"
ODDS_WIDGET = "wr-check"

BAND_WORDS = {"critical-success": "Critical success band: a success unless the target is 10 or "
                                  "more above the total.",
              "critical-failure": "Critical failure band: a failure whatever the target.",
              None: ""}


def pool(check: dict) -> str:
    """``4d+2`` as the rules write a roll; ``no dice`` below 3 points."""
    if check["dice"] < 1:
        return "no dice"
    return f"{check['dice']}d" + (signed(check["modifier"]) if check["modifier"] else "")


def _from_text(terms: list[dict]) -> Html:
    """What a number is made of, the interpretation notes it follows linked by their title: a
    table cell of its own."""
    parts = []
    for i, t in enumerate(terms):
        value = str(t["value"]) if i == 0 else signed(t["value"])
        parts.append(f"{t['item']} {value}" + (f" ({t['note']})" if t["note"] else ""))
    return h("td", _said("; ".join(parts)))


def _said(text: str) -> Html:
    return linked_text(text, note_refs(NOTES_OF).values(), HERE)


def _actions(check: dict) -> Html:
    if check["dice"] < 1:
        return h("td", "—")
    # Her stat, not a number of dice: the check calculator takes one or the other, and its
    # page's own example gives dice, so the link blanks them.
    params = {"dice": "", "stat": check["value"], "modifier": check["modifier"]}
    if check["target"] is not None:
        params["target"] = check["target"]
    return h("td",
             set_button("Roll", {"roll": check["id"], "card_roll": "", "seed": RANDOM},
                        title=f"Roll {check['label']}: {pool(check)}", key=f"roll-{check['id']}"),
             " ",
             control_link("Odds", widget_link(ODDS_PAGE, ODDS_WIDGET, params, HERE),
                          f"Chance of {pool(check)} against a target"),
             class_="wr-sheet-actions")


def _check_rows(checks: list[dict], roll: dict | None) -> list:
    """A row per check; the roll just made on one sits in the row under it."""
    rows: list = []
    for c in checks:
        rows.append((h("th", c["label"], scope="row"), c["value"], pool(c), _actions(c)))
        if roll is not None and roll["check"] == c["id"]:
            rows.append(row_below(_roll(roll), 4))
    return rows


def _roll(roll: dict) -> Html:
    faces = h("span", ", ".join(str(f) for f in roll["faces"]), class_="wr-dice")
    mod = f" {signed(roll['modifier'])}" if roll["modifier"] else ""
    target = (f" Against the usual {roll['target']}: "
              + ("success." if roll["total"] > roll["target"] and roll["band"] != "critical-failure"
                 else "failure.") if roll["target"] is not None and roll["band"] is None else "")
    return h("div",
             h("p", h("strong", f"{roll['label']}: "), f"{roll['dice']}d6 → ", faces, mod, " = ",
               h("strong", roll["total"], class_="wr-roll-total"),
               f" (totals run {roll['lowest']}–{roll['highest']})"),
             h("p", BAND_WORDS[roll["band"]] + target) if roll["band"] or target else "",
             class_=f"calc-summary wr-roll {roll['band'] or ''}".strip(),
             data_roll_entry=roll["entry"], data_roll_key=roll["key"])


def render_character(result: dict) -> Html:
    """The sheet: headline figures, the checks (the roll under its row), then the details
    behind them."""
    bonus, skill = result["bonus_points"], result["skill_points"]
    headline = h(
        "div",
        figure("Bonus points left", f"{bonus['left']} of {bonus['budget']}", "main"),
        figure("Skill points left", f"{skill['left']} of {skill['budget']}"),
        figure("HP", result["hp"]["value"]),
        figure("Speed", result["speed"]["value"]),
        figure("Range", result["range"]["value"]),
        class_="calc-figures")
    who = h("p", h("strong", result["name"] or "Unnamed character"),
            f": {result['race']}, {result['shot_type']}, {result['profession']}, "
            f"{result['element'].lower()} affinity, level {result['level']}.",
            class_="calc-summary wr-sheet-who")
    todo = h("p", "Still to choose: " + ", ".join(t["what"] for t in result["to_choose"]) + ".",
             class_="calc-summary") if result["to_choose"] else ""
    by_kind: dict[str, list] = {}
    for c in result["checks"]:
        by_kind.setdefault(c["kind"], []).append(c)
    head = ("Check", "Value", "Roll", "")
    roll = result["roll"]
    checks = h("div",
               data_table("Major stats", head, _check_rows(by_kind["stat"], roll)),
               data_table("Physical skills (she rolls them)", head,
                          _check_rows(by_kind["physical"], roll)),
               data_table("Mental skills (the DM rolls them)", head,
                          _check_rows(by_kind["mental"], roll)),
               data_table(f"In battle, against {by_kind['battle'][0]['target']}", head,
                          _check_rows(by_kind["battle"], roll)),
               class_="wr-sheet-checks")
    origins = [(s["name"], s["value"], _from_text(s["from"])) for s in result["stats"]]
    origins += [(s["label"], s["value"], _from_text(s["from"])) for s in result["skills"]]
    origins += [(label, result[key]["value"], _from_text(result[key]["from"]))
                for key, label in (("hp", "HP"), ("speed", "Speed"), ("range", "Range"))]
    modifiers = [(c["label"], signed(c["modifier"]), _from_text(c["modifiers"]))
                 for c in result["checks"] if c["modifiers"]]
    sources = details(
        "Where each number comes from",
        data_table("Stats, skills and sub-stats", ("Number", "Value", "Made of"), origins),
        data_table("Modifiers on rolls", ("Roll", "Modifier", "Made of"), modifiers)
        if modifiers else "")
    features = h("section", h("h4", "Abilities and traits"),
                 h("ul", [h("li", h("strong", f["name"]), f" ({f['step']}): ", f["text"])
                          for f in result["features"]]), class_="wr-sheet-features")
    yen = result["yen"]
    kit = h("p", h("strong", "Starting equipment: "),
            ", ".join(result["equipment"]) or "none listed",
            "; ", f"{yen} yen." if yen is not None else "no yen listed.", class_="calc-summary")
    return h("div", headline, who, todo, checks, sources, features, kit,
             render_deck(result["deck"], result["card_roll"]), class_="calc-result wr-sheet")
