"""HTML for an ``mb-character`` result: what is left to spend, the roll just made, her checks
with Roll buttons and odds links, Resolve and wounds, ailments, the overcharge tracker bound to
her counters, bonds, talents and powers, and what her experience has bought."""

from __future__ import annotations

from ..ui import (RANDOM, Html, control_link, details_table, figure, figures, h, percent,
                  set_button, signed)
from .tracker_view import (applied_notes, burst_notes, button, counter_figures, counter_steps)

OUTCOMES = {"failure": "failure", "success": "success", "critical-success": "major success"}


def _offset(n: int) -> str:
    """What a pool adds to its dice: ``+3``, ``-1``, nothing for 0."""
    return f"{n:+d}" if n else ""


def _pool(check: dict) -> str:
    bang = "!" if check["kind"] == "magical" else ""
    return f"{check['dice']}d6{bang}{_offset(check['value'] + check['modifier'])}"


def _chains(chains: list[list[int]]) -> str:
    return ", ".join("→".join(str(face) for face in chain) for chain in chains)


def roll_entry(roll: dict) -> str:
    """One line for the roll log: ``Fury check: 2d6! → 6→3, 2 = 11 + 4 = 15 (major success),
    +1 Fury overcharge``."""
    bang = "!" if roll["kind"] == "magical" else ""
    bonus = roll["value"] + roll["modifier"]
    line = (f"{roll['name']} check: {roll['dice']}d6{bang} → {_chains(roll['chains'])} = "
            f"{roll['dice_total']}")
    if bonus:
        line += f" {'+' if bonus > 0 else '−'} {abs(bonus)} = {roll['total']}"
    line += f" ({OUTCOMES[roll['outcome']]})"
    if roll["gained"]:
        line += f", +{roll['gained']} {roll['name']} overcharge"
    return line


def _roll(roll: dict) -> Html:
    bonus = []
    if roll["value"]:
        bonus.append(f" + {roll['name']} {roll['value']}")
    if roll["modifier"]:
        bonus.append(f" {'+' if roll['modifier'] > 0 else '−'} {abs(roll['modifier'])} "
                     "modifiers")
    outcome = OUTCOMES[roll["outcome"]]
    parts: list[Html | str] = [
        h("strong", f"{roll['name']} check"), ": ",
        h("span", _chains(roll["chains"]), class_="calc-dice"),
        f" = {roll['dice_total']}", *bonus, " = ", h("strong", str(roll["total"]), class_="calc-roll-total"),
        f" against {roll['success_at']} ({roll['major_at']} for a major success): ",
        h("strong", outcome), "."]
    out = [h("p", *parts, class_=f"calc-summary calc-roll calc-{roll['outcome']}",
             data_roll_entry=roll_entry(roll), data_roll_key=roll["key"],
             data_roll_total=roll["total"], data_roll_dice=roll["dice_total"])]
    if roll["kind"] == "magical":
        sixes = roll["sixes"]
        text = f"{sixes} {'six' if sixes == 1 else 'sixes'}"
        if roll["boosts"]:
            text += f" and {roll['boosts']} Boost{'s' if roll['boosts'] > 1 else ''}"
        if roll["added"] is not None:
            out.append(h("p", f"{text}: {roll['gained']} overcharge, added: {roll['name']} "
                         f"{roll['added']['before']} → {roll['added']['after']}.",
                         class_="calc-summary"))
        elif roll["add"] is not None:
            out.append(h("p", f"{text}: {roll['gained']} overcharge for {roll['name']}. ",
                         button(roll["add"]), class_="calc-summary"))
        else:
            out.append(h("p", "No six: no overcharge.", class_="calc-summary"))
    return h("div", out, class_="mb-roll")


def _check_line(check: dict, roll: dict | None) -> Html:
    """One check with its Roll button and odds link; the roll just made on it sits right
    below, under the button the player tapped."""
    roles = f" ({', '.join(check['roles'])})" if check["roles"] else ""
    return h("li", h("strong", f"{check['name']} {check['value']}"), roles, ": ",
             _pool(check), f", {check['success_at']}+ ", percent(check["p_success"]),
             f", {check['major_at']}+ ", percent(check["p_major"]), " ",
             set_button("Roll", {"roll": check["stat"], "seed": RANDOM, "roll_added": False},
                        title=f"Roll 2d6 on {check['name']}", key=f"roll-{check['stat']}"), " ",
             control_link("Odds", check["odds"], f"The odds of a {check['name']} check"),
             _roll(roll) if roll is not None and roll["stat"] == check["stat"] else [],
             data_check=check["stat"])


def _checks(checks: list[dict], roll: dict | None, modifiers_note: str) -> list[Html]:
    mundane = [c for c in checks if c["kind"] == "mundane"]
    magical = [c for c in checks if c["kind"] == "magical"]
    first = checks[0]
    return [h("h4", "Checks"),
            h("p", f"{first['dice']}d6 + stat; {first['success_at']} or more succeeds, {first['major_at']} or "
              "more is a major success. Magical checks explode: every 6 adds a die and a point "
              "of overcharge." + modifiers_note,
              class_="calc-legend"),
            h("ul", [_check_line(c, roll) for c in mundane], class_="mb-checks",
              aria_label="Mundane checks"),
            h("ul", [_check_line(c, roll) for c in magical], class_="mb-checks",
              aria_label="Magical checks")]


def _resolve(r: dict, ailments: list[dict]) -> list[Html]:
    out = [h("h4", "Resolve and wounds")]
    line = f"Resolve {r['now']} of {r['maximum']}"
    if r["penalty"]:
        line += (f" (maximum {r['base']} − {r['penalty']}: wound dice {r['wound_dice']} − "
                 f"Tenacity {r['tenacity']})")
    elif r["wound"] is not None and r["penalty"] == 0:
        line += f" (wound dice {r['wound_dice']} do not beat Tenacity {r['tenacity']})"
    out.append(h("p", h("strong", line), ".", class_="calc-summary"))
    if r["now"] == 0:
        out.append(h("p", "At 0 Resolve she has no magic and is treated as an ordinary human; "
                     "she may try to rise again (2d6! + Support).", class_="calc-warning"))
    if r["dead"]:
        out.append(h("p", h("strong", "Dead"), f": {r['damage']} damage since her Resolve ran "
                     "out.", class_="calc-warning", role="alert"))
    elif r["wound"] is not None:
        w = r["wound"]
        text = (f"Wound level {w['level']} ({r['damage']} damage; like {w['like']}; heals in "
                f"{w['healing']}): {signed(w['penalty'])} to rolls unless transformed"
                f"{' (transformed now: ignored)' if r['transformed'] else ''}. ")
        if r["penalty"] is None:
            text += (f"Roll {w['level']}d6 and enter the total as her wound dice: the maximum "
                     f"Resolve loses it less Tenacity {r['tenacity']}.")
        out.append(h("p", text, class_="calc-summary"))
    if ailments:
        out.append(h("ul", [h("li", h("strong", a["name"]), ": ", a["summary"])
                            for a in ailments], aria_label="Ailments"))
    else:
        out.append(h("p", "No ailment.", class_="calc-legend"))
    return out


def _bonds(bonds: dict) -> list[Html]:
    rows = bonds["rows"]
    out = [h("h4", "Bonds")]
    if not rows:
        out.append(h("p", f"No bond yet: share {bonds['budget']} points among her bonds.",
                     class_="calc-legend"))
        return out
    items = []
    for b in rows:
        start = "" if b["now"] == b["start"] else f" (at creation {b['start']})"
        items.append(h("li", h("strong", b["name"]), f" {b['now']}{start} ",
                       [button(a) for a in b["actions"]], data_bond=b["slot"]))
    out.append(h("ul", items, class_="mb-bonds", aria_label="Bonds"))
    out.append(h("p", f"A bond gained or lost through her own actions gives "
                 f"{bonds['xp_per_change']} experience; one lost to hostile magic or her own "
                 "talents gives none.", class_="calc-legend"))
    if bonds["none_left"]:
        out.append(h("p", h("strong", "No bond left"), ": a Burst now makes her lose herself "
                     "(see the Bursts).", class_="calc-warning"))
    return out


def _talent_line(t: dict) -> Html:
    facts = [x for x in (t["kind"], None if t["action"] == "—" else t["action"],
                         None if t["cost"] == "—" else t["cost"],
                         None if t["uses"] == "—" else t["uses"]) if x]
    how = t["how"] + (f", {t['xp']} experience" if t["xp"] else "")
    return h("li", h("strong", t["name"]), f" ({', '.join(facts)}): ", t["summary"],
             h("span", f" {how}.", class_="calc-legend"),
             [" ", button(t["use"])] if t["use"] else [], data_talent=t["id"])


def _talents(result: dict) -> list[Html]:
    powers = [h("li", h("strong", p["name"]), ": ", p["summary"]) for p in result["powers"]]
    return [h("h4", f"Talents ({result['affinity']['name']})"),
            h("ul", [_talent_line(t) for t in result["talents"]], class_="mb-talents",
              aria_label="Talents"),
            h("h4", "Powers"),
            h("ul", powers, aria_label="Powers") if powers
            else h("p", "No power picked yet.", class_="calc-legend")]


def _stats(result: dict) -> Html:
    rows = []
    for s in result["stats"]:
        roles = [r["name"] for r in result["roles"] if r["stat"] == s["id"]]
        rows.append((h("th", s["name"], scope="row"), s["now"], s["start"], s["raised"],
                     ", ".join(roles) or "—"))
    return details_table("Each stat: creation points plus raises",
                         ("Stat", "Now", "At creation", "Raised", "Role"), rows,
                         "Her stats and where they come from")


def _experience(exp: dict) -> list[Html]:
    rows = [(h("th", a["label"], scope="row"), a["xp"], a["limit"], a["times"], a["spent"])
            for a in exp["advances"]]
    return [h("h4", "Experience"),
            h("p", f"{exp['earned']} earned, {exp['spent']} spent, ",
              h("strong", f"{exp['left']} left"), ".", class_="calc-summary"),
            details_table("What experience buys (base costs)",
                          ("Advance", "Cost", "Limit", "Bought", "Spent"), rows,
                          "Advances and their costs")]


def _left(result: dict) -> Html:
    items = []
    creation = [x for x in result["left"][:-1] if x["value"]]
    for x in creation:
        items.append(figure(x["label"], f"{x['value']} of {x['of']}", "main"))
    xp = result["left"][-1]
    items.append(figure(xp["label"], xp["value"], "" if creation else "main"))
    r = result["resolve"]
    items.append(figure("Resolve", f"{r['now']} / {r['maximum']}"))
    return figures(*items)


def render_character(result: dict) -> Html:
    """The sheet: headline, the roll just made, checks, Resolve, overcharge, bonds, talents,
    stats and experience."""
    over = result["overcharge"]
    stats = over["stats"]
    mods = result["modifiers"]
    modifiers_note = ""
    if mods:
        parts = ", ".join(f"{m['label']} {signed(m['value'])}" for m in mods)
        total = sum(m["value"] for m in mods)
        modifiers_note = (f" Every roll below includes {parts}" +
                          (f" ({signed(total)} in all)." if len(mods) > 1 else "."))
    name = result["name"] or "Her sheet"
    body: list[Html] = [
        h("p", h("strong", name), f", {result['affinity']['name']}", class_="calc-summary mb-name"),
        _left(result),
    ]
    body += _checks(result["checks"], result["roll"], modifiers_note)
    body += _resolve(result["resolve"], result["ailments"])
    body += [h("h4", "Overcharge"), counter_figures(stats),
             *burst_notes(stats, over["burst_at"]), *applied_notes(over["applied"]),
             *counter_steps(stats, over["new_night"])]
    if over["odds"]:
        links: list[Html | str] = []
        for i, o in enumerate(over["odds"]):
            links += [", " if i else "", h("a", o["name"], href=o["url"])]
        body.append(h("p", "How soon a counter may burst over the next checks: ", *links, ".",
                      class_="calc-legend"))
    body += _bonds(result["bonds"])
    body += _talents(result)
    body.append(_stats(result))
    body += _experience(result["experience"])
    return h("div", body, class_="calc-result mb-sheet")
