"""HTML for a ``wr-attack`` result: the chance to hit first, then how each roll is built."""

from __future__ import annotations

from ..interpretations import note_ref, reading
from ..ui import (Bar, Html, data_table, details_table, distribution_chart, figure, h,
                  linked_text, percent)
from .check_view import OUTCOME_LABELS

OUTCOME_TEXT = {
    "hit": "Not dodged: full damage",
    "graze-success": "Dodged and grazed: no damage, twice the damage as spell power",
    "graze-failure": "Dodged, graze failed: half damage (rounded up)",
    "graze-critical-failure": "Dodged, graze critically failed: full damage",
}
#: The page the attack calculator sits on; the note its answer cites is linked from it.
PAGE = "western-roses/combat.md"
CARD_TO_HIT = note_ref("calculators.western_roses", "card-to-hit-roll")



def _roll(pair: list[int]) -> str:
    dice, mod = pair
    return f"{dice}d{mod:+d}" if mod else f"{dice}d"


def _modifier_table(result: dict) -> Html:
    rows = []
    for key, who in (("attacker_modifiers", "To hit"), ("dodge_modifiers", "Dodge"),
                     ("graze_modifiers", "Graze")):
        rows += [h("tr", h("td", who), h("td", m["label"]), h("td", f"{m['value']:+d}"),
                   h("td", m["source"])) for m in result[key]]
    if not rows:
        return h("p", "No modifiers apply.", class_="calc-summary")
    return h("table", h("caption", "Modifiers applied"),
             h("thead", h("tr", h("th", "Roll", scope="col"), h("th", "Modifier", scope="col"),
                          h("th", "Value", scope="col"), h("th", "Rule", scope="col"))),
             h("tbody", rows))


def render_attack(result: dict) -> Html:
    if result["attack"] == "physical":
        return _render_physical(result)
    return _render_ranged(result)


def _render_physical(result: dict) -> Html:
    figures = h("div", figure("Chance to hit", percent(result["p_hit"]), "main"),
                figure("Dodged", percent(result["p_dodge"])),
                figure("Tie (rolled again)", percent(result["p_tie"])), class_="calc-figures")
    summary = h("p", f"Power roll {_roll(result['attacker_roll'])} against charisma roll "
                f"{_roll(result['defender_roll'])}: the higher total wins, ties are rolled again.",
                class_="calc-summary")
    rows = result["difference"]
    chart = distribution_chart(
        [Bar(r["difference"], r["p"], "success" if r["difference"] > 0 else
             "failure" if r["difference"] < 0 else "tie") for r in rows],
        [r["p_at_least"] for r in rows], "attacker's total minus defender's",
        {"success": "hit", "failure": "dodged", "tie": "tie (rolled again)"},
        "chance the attacker is ahead by at least this much")
    table = details_table(
        "Attacker's total minus defender's", ("Difference", "Chance", "At least"),
        [(r["difference"], percent(r["p"]), percent(r["p_at_least"])) for r in rows],
        "Table of every difference")
    return h("div", figures, summary, _modifier_table(result), chart, table,
             class_="calc-result")


def _render_ranged(result: dict) -> Html:
    outcomes = result["outcomes"]
    figures = h("div", figure("Chance to dodge", percent(result["p_dodge"]), "main"),
                figure("Hit", percent(result["p_hit"])),
                figure("Graze succeeds after a dodge", percent(result["p_graze_given_dodge"])),
                figure("Full damage if she always grazes",
                        percent(result["p_full_damage_if_grazing"])),
                class_="calc-figures")
    rolls = result["dodge_rolls"]
    tries = ("She cannot dodge." if rolls == 0 else
             "One roll to dodge." if rolls == 1 else f"{rolls} rolls to dodge; any success dodges.")
    card = (" These odds are for a card that has hit: a Burst card, or one whose own to-hit "
            "roll (a check of the caster's intelligence or power against 12, with Homing "
            "Danmaku's +2) has succeeded — the check calculator gives that chance "
            f"({reading(CARD_TO_HIT)})." if result["attack"] == "spellcard" else "")
    summary = h("p", linked_text(f"Dodge: insight {_roll(result['dodge_roll'])} must beat "
                                 f"{result['difficulty']}. Graze: insight "
                                 f"{_roll(result['graze_roll'])} against the same number. "
                                 f"{tries}{card}", [CARD_TO_HIT], PAGE), class_="calc-summary")
    outcome_table = data_table("Every outcome, if she grazes after each dodge",
                               ("Outcome", "Chance"),
                               [(OUTCOME_TEXT[k], percent(v)) for k, v in outcomes.items()])
    rows = result["distribution"]
    chart = distribution_chart([Bar(r["total"], r["p"], r["outcome"]) for r in rows],
                               [r["p_at_least"] for r in rows], "dodge roll total",
                               OUTCOME_LABELS, "chance of at least this total")
    table = details_table(
        "Every total of one dodge roll", ("Total", "Chance", "At least", "Outcome"),
        [(r["total"], percent(r["p"]), percent(r["p_at_least"]),
          h("td", OUTCOME_LABELS[r["outcome"]], class_=r["outcome"])) for r in rows],
        "Table of every dodge total")
    return h("div", figures, summary, outcome_table, _modifier_table(result), chart,
             table, class_="calc-result")
