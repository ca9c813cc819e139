"""HTML for an ``mb-tracker`` result: the counters and their stages, a row of step buttons per
stat, the check rolled and the gain it proposes, and the effect applied last with its row."""

from __future__ import annotations

from ..ui import Html, details_table, h, set_button

#: Where the tables are, relative to a Magical Burst page (``magical-burst/<page>/``). The
#: rendered answer is the same string in the static page and in the browser, so it cannot ask
#: the build for a page-relative URL; every Magical Burst page sits one level below the section.
OVERCHARGE_PAGE = "../overcharge/"
ODDS_PAGE = "../overcharge-odds/"


def table_link(anchor: str, label: str) -> Html:
    """A link to a table, row or burst on the overcharge page."""
    return h("a", label, href=f"{OVERCHARGE_PAGE}#{anchor}")


def button(action: dict) -> Html:
    """A step button from an action of the result (label, inputs it sets, tooltip)."""
    return set_button(action["label"], action["set"], title=action.get("title"),
                      primary=action.get("primary", False), key=action.get("key"))


def _figure(label: str, value: object, note: str, kind: str = "") -> Html:
    return h("div", h("span", label, class_="label"), h("span", value, class_="value"),
             h("span", note, class_="label"), class_=f"calc-figure {kind}".strip())


def _calls_for(effect: dict) -> Html | str:
    if effect["table"] is None:
        return "nothing"
    if effect["stage"] == "burst":
        return h("span", table_link(effect["table"], effect["table_title"]), " (happens now)")
    label = effect["table_title"]
    if effect["permanent"] is not None:
        label += " (permanent)" if effect["permanent"] else " (temporary)"
    return table_link(effect["table"], label)


def _stage(effect: dict) -> str:
    return f"{effect['stage_name']} ({effect['band']})"


def _chains(chains: list[list[int]]) -> str:
    """Dice as a reader writes them: ``6→6→2, 3, 5`` (an arrow for each die a six added)."""
    return ", ".join("→".join(str(face) for face in chain) for chain in chains)


def _check(check: dict) -> Html:
    boosts = check["boosts"]
    pool = "2d6!" + (f" + {boosts} Boost {'die' if boosts == 1 else 'dice'}" if boosts else "")
    sixes = check["sixes"]
    ones = " A 1 came up: Power Dampening may remove a point." if check["ones"] else ""
    return h("p", h("strong", f"Magical check on {check['stat'].capitalize()}"),
             f" ({pool}): ", h("span", _chains(check["chains"]),
                                                      class_="calc-dice"),
             f". {sixes} {'six' if sixes == 1 else 'sixes'}, so {sixes} overcharge; dice total "
             f"{check['total']} (add her stat and modifiers).{ones}", class_="calc-summary")


def _gain(gain: dict) -> list[Html]:
    parts = [f"{gain[key]} {label}" for key, label in
             (("sixes", "from sixes"), ("boosts", "from Boost"), ("talent", "from a talent"),
              ("strain", "from strain"), ("other", "other")) if gain[key]]
    text = " + ".join(parts) if parts else "0"
    if len(parts) > 1:
        text += f" = {gain['raw']}"
    if gain["dampened"]:
        text += f", halved by Dampen Overcharge to {gain['gained']}"
    if gain["removed"]:
        text += f"; Power Dampening removes {gain['removed']}"
    after = gain["calls_for"]
    out = [h("p", h("strong", f"To add on {gain['name']}"), f": {text}. {gain['name']} "
             f"{gain['before']} → {gain['after']}: {_stage(after)}, calls for ",
             _calls_for(after),
             ". ", button(gain["add"]), class_="calc-summary")]
    if gain["capped"]:
        out.append(h("p", f"The tracker stops at {gain['after']}; {gain['capped']} more "
                     "would not fit.", class_="calc-warning"))
    out.append(h("p", f"Add it before applying an effect on {gain['name']}: the effect is the "
                 "one for the counter after this gain.", class_="calc-legend"))
    return out


def _applied(note: dict) -> list[Html]:
    name = note["name"]
    if note["table"] is None:
        return [h("p", f"{name} had no overcharge: nothing to apply.", class_="calc-summary")]
    out = [h("p", h("strong", f"Applied: {note['label']}"),
             f" ({name} at {note['counter']}, {note['stage_name']} {note['band']}); the {name} "
             f"counter reset to {note['reset_to']}. See ",
             table_link(note["table"], note["table_title"]), ".", class_="calc-summary")]
    entry = note["entry"]
    if entry is not None:
        tens, units = entry["dice"]
        how = h("span", f"Rolled {tens} and {units} on the {entry['die']}: ",
                table_link(entry["id"], f"row {entry['roll']}"), ". ")
        if entry["text"] is None:
            body = [h("strong", "This row is blank in the source text"),
                    ": choose a change or roll again."]
        elif entry["name"] is not None:
            body = [h("strong", entry["name"]), ": ", entry["text"]]
        else:
            body = [entry["text"]]
        out.append(h("p", how, *body, class_="calc-entry"))
    if note["roll_again"] is not None:
        out.append(h("p", button(note["roll_again"]), " or choose one from the table.",
                     class_="calc-summary"))
    burst = note["burst"]
    if burst is not None:
        out.append(h("p", burst["summary"], " ", burst["bond_loss"], " ", burst["counter_after"],
                     class_="calc-entry"))
    jb = note["judgment_burst"]
    if jb is not None:
        out.append(h("p", f"{jb['released']} overcharge released: everyone nearby takes "
                     f"{jb['damage']} damage; a Support check of {jb['difficulty']} or more "
                     "avoids it (", h("a", "odds", href=f"{ODDS_PAGE}#judgment-burst"), ").",
                     class_="calc-summary"))
    return out


def counter_figures(stats: list[dict], kind: str = "") -> Html:
    """Each counter as a headline figure with its stage (a bursting one marked ``main``)."""
    return h("div", [
        _figure(s["name"], s["counter"], s["calls_for"]["stage_name"],
                "main" if s["bursts_now"] else kind) for s in stats], class_="calc-figures")


def burst_notes(stats: list[dict], burst_at: int) -> list[Html]:
    """An alert for each counter at the burst stage, with its Apply button."""
    notes: list[Html] = []
    for s in stats:
        if s["bursts_now"]:
            apply = [a for a in s["actions"] if a["id"] == "apply"]
            notes.append(h("p", h("strong", f"{s['name']} bursts now"),
                           f": the counter is {s['counter']}, and a Burst happens the moment it "
                           f"reaches {burst_at}. See ",
                           table_link(s["calls_for"]["table"], s["calls_for"]["table_title"]),
                           ". ", [button(a) for a in apply], class_="calc-warning",
                           role="alert"))
    return notes


def applied_notes(note: dict | None) -> list[Html]:
    """The effect applied last, with the row rolled for it (nothing when none was)."""
    return [] if note is None else _applied(note)


def counter_steps(stats: list[dict], new_night: dict) -> list[Html]:
    """A row of step buttons per counter, New game night, then the counters as a table."""
    steps = [h("div", h("p", h("strong", f"{s['name']} {s['counter']}"),
                            f": {_stage(s['calls_for'])}, calls for ", _calls_for(s["calls_for"]),
                            ". ", [button(a) for a in s["actions"]], class_="calc-summary"),
               role="group", aria_label=f"{s['name']} steps", data_stat=s["stat"])
             for s in stats]
    table = details_table(
        "Each counter, its stage and what it calls for", ("Stat", "Counter", "Stage", "Calls for"),
        [(h("th", s["name"], scope="row"), s["counter"], _stage(s["calls_for"]),
          h("td", _calls_for(s["calls_for"]))) for s in stats],
        "The counters as a table")
    night = h("p", button(new_night), " sets Heart, Fury and Judgment to 0.",
              class_="calc-summary mb-new-night")
    return [*steps, night, table]


def render_tracker(result: dict) -> Html:
    """The counters a player keeps, the bursts she must act on, the effect applied last, the
    gain waiting to be added, a row of step buttons per stat, then the counters as a table."""
    stats = result["stats"]
    notes = burst_notes(stats, result["burst_at"]) + applied_notes(result["applied"])
    if result["check"] is not None:
        notes.append(_check(result["check"]))
    if result["gain"] is not None:
        notes.extend(_gain(result["gain"]))
    return h("div", counter_figures(stats), notes, counter_steps(stats, result["new_night"]),
             h("p", "Each button sets the counters; Undo steps back. This device keeps the "
               "counters for your next visit, and the page address holds them too, so a "
               "bookmark or a shared link keeps them; a check rolled but not added is only a "
               "proposal and never counts twice.", class_="calc-legend"),
             class_="calc-result")
