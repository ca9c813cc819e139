"""HTML for an ``mb-contest`` result: who wins once ties are settled, and how often they tie."""

from __future__ import annotations

from ..ui import Html, h, percent
from .view_common import figure, figures, truncation_note


def _roll(result: dict, side: str) -> str:
    dice = 2 + result[f"{side}_boosts"]
    bang = "!" if result["kind"] == "support" else ""
    bonus = result[f"{side}_stat"] + result[f"{side}_modifier"]
    return f"{dice}d6{bang}{bonus:+d}" if bonus else f"{dice}d6{bang}"


def render_contest(result: dict) -> Html:
    """The challenger's chance first, then the rolls, the tie rule and the tie's own chance."""
    head = figures(
        figure("Challenger wins", percent(result["p_a"]), "main"),
        figure("Opponent wins", percent(result["p_b"])),
        figure("Equal totals", percent(result["p_tie"])),
    )
    what = ("Support vs. Support challenge" if result["kind"] == "support"
            else "Contested mundane roll")
    text = (f"{what}: the challenger rolls {_roll(result, 'a')}, the opponent "
            f"{_roll(result, 'b')}; the higher total wins. Equal totals go to {result['tie_rule']} "
            "(the site's reading; the rules break ties only for attacks).")
    if result["kind"] == "support" and result["p_tie_stands"]:
        text += (f" A tie nothing breaks ({percent(result['p_tie_stands'])} of rolls) counts as "
                 "the challenger failing.")
    return h("div", head, h("p", text, class_="calc-summary"), truncation_note(result["truncated"]),
             class_="calc-result")
