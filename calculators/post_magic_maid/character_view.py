"""HTML for a ``pmm-character`` result: the roll just made, what is left to choose, the
attributes and abilities with what each number comes from, every check with its odds and a Roll
button, Blitz Points, both wound tracks with buttons that take or heal a wound, and the
level-up and die advancement accounts."""

from __future__ import annotations

from ..ui import (RANDOM, Html, control_link, data_table, figure, h, percent, row_below,
                  set_button, signed, widget_link)
from ..ui.links import relative_url
from .sheet import BONUSES_PER_POINT, MAX_BLITZ

#: The builder's page and the page of the check calculator its Odds links open.
PAGE = "post-magic-maid/character.md"
CHECKS_PAGE = "post-magic-maid/checks.md"


def _section(target: str) -> str:
    """A rules section (``page.md#anchor``) as a URL relative to the builder's page."""
    page, _, anchor = target.partition("#")
    return f"{relative_url(page, PAGE)}#{anchor}"


#: The rules sections the sheet links to.
RULES = {key: _section(target) for key, target in (
    ("creation", "post-magic-maid/checks.md#character-creation"),
    ("level-ups", "post-magic-maid/advancement.md#level-ups"),
    ("die-points", "post-magic-maid/advancement.md#die-advancement-points"),
    ("die-advancement", "post-magic-maid/advancement.md#die-advancement"),
    ("blitz", "post-magic-maid/blitz-and-initiative.md#blitz-points"))}
#: What a new roll clears: the Blitz Point banked from the roll before.
NEW_ROLL = {"seed": RANDOM, "banked": False}


def _plural(n: int, word: str, words: str | None = None) -> str:
    return f"{n} {word if n == 1 else words or word + 's'}"


def _rule(key: str, label: str) -> Html:
    return h("a", label, href=RULES[key])


def _roll(roll: dict) -> Html:
    dice = [h("span", f"{d['die']}: ", h("strong", d["face"]), class_="calc-die")
            for d in roll["dice"]]
    bonuses = [f" {signed(p['bonus'])} {p['label']}" for p in roll["parts"] if p["bonus"]]
    parts: list[object] = [h("strong", f"{roll['label']} check: "), dice[0], ", ", dice[1],
                           *bonuses, " = ", h("strong", roll["total"], class_="calc-roll-total"),
                           f" → {roll['tier_text']}."]
    if roll["blitz_point"]:
        parts.append(" Both dice on their highest face: a Blitz Point. ")
        if roll["add_blitz"]:
            parts.append(set_button(roll["add_blitz"]["label"], roll["add_blitz"]["set"],
                                    primary=True))
        elif roll["banked"]:
            parts.append("Added to her Blitz Points.")
    return h("p", *parts, class_="calc-summary pmm-roll", data_roll_entry=roll["entry"],
             data_roll_key=roll["key"], data_roll_total=roll["total"])


def _left(result: dict) -> tuple[Html, Html]:
    left = result["left"]
    items = []
    if left["pluses"]:
        items.append(_plural(left["pluses"], "+1 at creation", "+1s at creation"))
    if left["ability_bonuses"]:
        items.append(_plural(left["ability_bonuses"], "ability bonus at creation",
                             "ability bonuses at creation"))
    if left["level_ups"]:
        items.append(_plural(left["level_ups"], "level-up"))
    if left["halves"]:
        items.append(_plural(left["halves"], "+2 of a double-ability bonus",
                             "+2s of double-ability bonuses") + " to place on another ability")
    text = ("Left to choose: " + "; ".join(items) + ".") if items else "Every choice is made."
    return (figure("Left to choose", left["total"], "main"),
            h("p", text, class_="calc-summary pmm-left"))


def _attributes(result: dict) -> Html:
    rows = []
    for a in result["attributes"]:
        die = a["die"] if a["die"] == a["start"] else f"{a['start']} → {a['die']}"
        sources = []
        if a["creation"]:
            sources.append(f"{signed(a['creation'])} at creation")
        if a["specialization"]:
            sources.append(f"{signed(a['specialization'])} specialization")
        bonus = h("td", signed(a["bonus"]),
                  h("small", ", ".join(sources), class_="pmm-from") if sources else "")
        rows.append((h("th", a["name"], scope="row"), die, bonus))
    return data_table("Attributes", ("Attribute", "Die", "Bonus"), rows)


def _ability_from(a: dict) -> str:
    start = {"none": "nothing at creation", "single": "single-ability bonus at creation",
             "double": "+2 of a double at creation",
             "passive": "passive bonus at creation"}[a["start"]]
    since = []
    if a["singles_after"]:
        since.append(_plural(a["singles_after"], "single"))
    if a["halves_after"]:
        since.append(_plural(a["halves_after"], "+2 of a double", "+2s of doubles"))
    if a["passives_after"]:
        since.append(_plural(a["passives_after"], "passive bonus", "passive bonuses"))
    return start + ("; since: " + ", ".join(since) if since else "")


def _abilities(result: dict) -> Html:
    chosen = result["ability"]["slot"] if result["ability"] else ""
    rows = []
    for a in result["abilities"]:
        bonus = signed(a["bonus"]) if a["kind"] == "rolled" else "passive"
        point = ("die advancement point earned" if a["earns_point"] else
                 f"{a['after']} of {BONUSES_PER_POINT} bonuses for a die advancement point")
        use: object = "—"
        if a["kind"] == "rolled":
            key = f"ability-{a['slot']}"
            use = (set_button("Stop using", {"ability": "", "roll": "", "seed": ""},
                              title=f"Roll without {a['name']}", key=key)
                   if a["slot"] == chosen else
                   set_button("Use", {"ability": a["slot"], "roll": "", "seed": ""},
                              title=f"Add {a['name']} ({bonus}) to the next roll", key=key))
        rows.append((h("th", h("strong", a["name"]),
                       h("small", f"{_ability_from(a)}; {point}", class_="pmm-from"),
                       scope="row"), bonus, h("td", use)))
    if not rows:
        return h("p", "No abilities yet: add one in the form (",
                 _rule("creation", "Character creation"), ").", class_="calc-summary pmm-abilities")
    return h("div", data_table("Abilities", ("Ability", "Bonus", "Next roll"), rows),
             class_="pmm-abilities pmm-actions-last")


def _checks(result: dict) -> Html:
    """Every check with its Roll button and Odds link; the roll just made sits in the row under
    its check, beside the button she tapped (the table is long on a phone)."""
    ability, roll = result["ability"], result["roll"]
    rows = []
    for c in result["checks"]:
        odds = widget_link(CHECKS_PAGE, "pmm-check", c["odds"], PAGE)
        rows.append(h("tr", h("th", c["label"], scope="row"),
                      h("td", f"{c['dice'][0]} + {c['dice'][1]} {signed(c['bonus'])}"),
                      h("td", percent(c["p_success"])),
                      h("td", set_button("Roll", {"roll": c["id"], **NEW_ROLL},
                                         title=f"Roll {c['label']}", key=f"roll-{c['id']}"), " ",
                        control_link("Odds", odds, f"Odds of {c['label']}"),
                        class_="pmm-check-actions")))
        if roll and roll["check"] == c["id"]:
            rows.append(row_below(_roll(roll), 4))
    caption = "Checks" + (f", with {ability['name']} {signed(ability['bonus'])}"
                          if ability else "")
    head = h("tr", [h("th", label, scope="col") for label in ("Attributes", "Dice", "10+", "")])
    return h("div", h("table", h("caption", caption), h("thead", head), h("tbody", rows)),
             class_="calc-scroll")


def _blitz(result: dict) -> Html:
    points = result["blitz"]
    buttons = [set_button("+1", {"blitz": points + 1}, title=f"Blitz Points {points} → "
                          f"{points + 1}")] if points < MAX_BLITZ else []
    if points:
        buttons.append(set_button("−1", {"blitz": points - 1},
                                  title=f"Burn one: {points} → {points - 1}"))
    return h("p", h("strong", "Blitz Points: "), points, " ", *buttons, " (",
             _rule("blitz", "Blitz Points"), ")", class_="calc-summary pmm-blitz")


def _wound_track(track: str, tiers: list[dict]) -> Html:
    rows, effects = [], []
    for t in tiers:
        boxes = "●" * t["count"] + "○" * (t["capacity"] - t["count"])
        buttons: list[object] = []
        if t["take"] is not None:
            where = "" if t["lands"] == t["name"] else f" (full: lands on {t['lands']})"
            buttons.append(set_button("Take", t["take"],
                                      title=f"A {t['difficulty']}-tier {track} wound{where}"))
        if t["heal"] is not None:
            buttons.append(set_button("Heal", t["heal"],
                                      title=f"Remove one {t['name']} {track} wound"))
        if t["count"] and t["effect"]:
            effects.append(h("li", h("strong", t["name"].capitalize()), ": ", t["effect"]))
        rows.append((h("th", f"{t['name'].capitalize()} ({t['difficulty']})", scope="row"),
                     h("td", h("span", boxes, aria_hidden="true"), " ",
                       f"{t['count']} of {t['capacity']}"),
                     h("td", *buttons) if buttons else "—"))
    table = data_table(f"{track.capitalize()} wounds", ("Tier", "Wounds", "Take or heal"), rows)
    return h("div", table, h("ul", effects, class_="calc-warning") if effects else "",
             class_=f"pmm-wounds pmm-{track} pmm-actions-last")


def _accounts(result: dict) -> Html:
    ups, points = result["level_ups"], result["die_points"]
    spent = ups["spent"]
    spent_total = sum(spent.values())
    nxt = points["next"]
    advance = (f"The next point advances {' or '.join(nxt['attributes'])} "
               f"({nxt['die']} → {nxt['to']})." if nxt["to"] else
               "Every die is on the last step of the track.")
    source = ", ".join(points["from"]) if points["from"] else "nothing yet"
    return h("div",
             h("p", h("strong", "Level-ups: "),
               f"{ups['received']} received, {spent_total} spent ({spent['abilities']} on "
               f"abilities, {spent['specializations']} on specializations, {spent['dice']} on "
               f"dice), {ups['left']} left (", _rule("level-ups", "Level-ups"), ").",
               class_="calc-summary"),
             h("p", h("strong", "Die advancement points: "),
               f"{points['earned']} earned (from {source}), {points['spent']} spent, "
               f"{points['left']} left. {advance} (", _rule("die-points", "Earning points"),
               "; ", _rule("die-advancement", "Die advancement"), ")", class_="calc-summary"),
             class_="pmm-accounts")


def render_character(result: dict) -> Html:
    """The sheet: the roll first (what she tapped for), then the headline and the rest."""
    main, left_text = _left(result)
    wounds = sum(t["count"] for tiers in result["wounds"].values() for t in tiers)
    figures = h("div", main, figure("Blitz Points", result["blitz"]),
                figure("Die advancement points", result["die_points"]["left"]),
                figure("Wounds", wounds), class_="calc-figures")
    head = [h("p", h("strong", result["name"] or "Unnamed character"), class_="pmm-name"),
            figures, left_text]
    body = [h("div", _attributes(result), class_="pmm-attributes"), _abilities(result),
            h("div", _checks(result), class_="pmm-checks pmm-actions-last"), _blitz(result),
            _wound_track("blunt", result["wounds"]["blunt"]),
            _wound_track("rending", result["wounds"]["rending"]), _accounts(result)]
    parts = [*head, h("div", *body, class_="pmm-body")]
    return h("div", *parts, class_="calc-result pmm-sheet")
