"""The answer of ``mb-judgment-burst`` as HTML: the figures and the sentence under them."""

from __future__ import annotations

from ..ui import Html, h, percent
from .view_common import figure, figures, number, truncation_note


def render_judgment_burst(result: dict) -> Html:
    magical = result["bystander"] == "magical"
    bonus = result["stat"] + result["modifier"]
    roll = f"{result['dice']}d6{'!' if magical else ''}" + (f"{bonus:+d}" if bonus else "")
    stat = "Support" if magical else "Tenacity"
    return h("div", figures(
        figure("Chance to avoid the damage", percent(result["p_avoid"]), "main"),
        figure("Damage to everyone nearby", str(result["damage"])),
        figure(f"{stat} difficulty", str(result["difficulty"])),
        figure("Expected damage taken", number(result["expected_damage"])),
    ), h("p", f"{result['points']} points released: {result['damage']} damage to everyone in "
         f"the vicinity, avoided by a {stat} check of {result['difficulty']} or more "
         f"({roll}).", class_="calc-summary"), truncation_note(result["truncated"]),
             class_="calc-result")
