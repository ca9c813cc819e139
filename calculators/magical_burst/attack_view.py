"""HTML for an ``mb-attack`` result: chance to hit, then the damage of a hit."""

from __future__ import annotations

from ..ui import Bar, Html, distribution_chart, h, percent
from .view_common import figure, figures, number, table, truncation_note


def _roll(stat: int, modifier: int, boosts: int) -> str:
    bonus = stat + modifier
    dice = f"{2 + boosts}d6!"
    return f"{dice}{bonus:+d}" if bonus else dice


def render_attack(result: dict) -> Html:
    head = figures(
        figure("Chance to hit", percent(result["p_hit"]), "main"),
        figure("Average damage of a hit", number(result["mean_damage_on_hit"])),
        figure("Average damage per attack", number(result["mean_damage_per_attack"])),
        figure("Hit for 0 damage", percent(result["p_zero_damage_hit"] * result["p_hit"])),
    )
    attack = _roll(result["attack"], result["attack_modifier"], result["attack_boosts"])
    defence = _roll(result["defence"], result["defence_modifier"], result["defence_boosts"])
    per_six = result["damage_per_six"]
    summary = h("p", f"{attack} against {defence}. A tie goes to the roll with more sixes, then "
                f"to the higher stat, and misses if the stats are equal too. A hit deals "
                f"{result['damage_die']} ({result['weapon']}), +{per_six} per six the attacker "
                f"rolled and −{per_six} per six the defender rolled, never below 0.",
                class_="calc-summary")
    rows = result["damage"]
    chart = distribution_chart(
        [Bar(r["damage"], r["p"], "failure" if r["damage"] == 0 else "success") for r in rows],
        [r["p_at_least"] for r in rows], "damage of a hit",
        {"failure": "hit for no damage", "success": "damage dealt"},
        "chance of at least this damage")
    return h("div", head, summary, chart if rows else None,
             table("Damage of a hit", ("Damage", "Chance (given a hit)", "At least"),
                   [(r["damage"], percent(r["p"]), percent(r["p_at_least"])) for r in rows],
                   "Table of the damage of a hit"),
             truncation_note(result["truncated"]), class_="calc-result")
