"""The Magical Burst battle tracker at the table (magical-burst/battle-tracker/), played as a
game master plays it: three girls against a spread-3 monster and two minions, two rounds at
1280 px, each turn one tap on a target's Melee and one on Next turn; and a girl's player
following her own numbers at 390 px.

The order is checked against the initiative rolls the log shows, worked out from the rule
("Space and time": 2d6 + Support, no explosion, highest first, ties to the higher stat)."""

from __future__ import annotations

import json
import re

import pytest
from battle_trackers import BOOT_TIMEOUT, MB
from screens import new_context
from wcag import violations_in_both_palettes

pytestmark = pytest.mark.browser

PAGE = MB.page
W = MB.widget
INITIATIVE = re.compile(r"^(.+)'s initiative: 2d6 \[(\d), (\d)\] \+ (Support|Tenacity) (\d+) "
                        r"= (\d+)\.")


def girl(cid: str, name: str, judgment: int) -> dict:
    character = {"name": name, "heart": 3, "fury": 3, "judgment": judgment, "tenacity": 3}
    return {"id": cid, "side": "girls", "kind": "girl", "character": character}


PEOPLE = [
    girl("akane", "Akane", 3), girl("mei", "Mei", 2), girl("yui", "Yui", 1),
    {"id": "mother", "side": "monsters", "kind": "monster", "name": "Mother", "spread": 3,
     "level": "row-16", "attack": 5, "defence": 4, "support": 3,
     "boss_abilities": ["lost-armour", "lost-shake-off", "blood-rain"],
     "talents": ["binding-attack", "memory-blaze", "fear-aura"]},
    {"id": "imp", "side": "monsters", "kind": "minion", "name": "Imp", "hp": 12,
     "passive_defence": 7, "attack_support": 2},
    {"id": "nanny", "side": "monsters", "kind": "minion", "name": "Nanny", "hp": 12,
     "passive_defence": 7, "attack_support": 3},
]
GIRLS = ("Akane", "Mei", "Yui")


address, wait_live, tap, head = MB.address, MB.wait_live, MB.tap, MB.head


def expected_order(log: list[str]) -> list[str]:
    """The order the initiative lines call for, each total worked out from its dice."""
    rolled = []
    for index, line in enumerate(log):
        found = INITIATIVE.match(line)
        if found:
            name, a, b, _, stat, total = found.groups()
            assert int(a) + int(b) + int(stat) == int(total), line
            rolled.append((-int(total), -int(stat), index, name))
    return [name for *_, name in sorted(rolled)]


def test_a_game_master_runs_three_girls_against_a_spread_3_monster_and_two_minions(
        browser, base_url, screenshot):
    context = new_context(browser, "1280")
    page = context.new_page()
    page.goto(address(base_url, PEOPLE))
    wait_live(page)
    tap(page, "Start the battle")
    log = page.locator(f"{W} .battle-log li").all_inner_texts()
    order = expected_order(log)
    assert len(order) == 6
    rows = page.locator(f"{W} .battle-row .battle-who strong").all_inner_texts()
    assert rows == order
    seen = []
    girl_turn = 0
    for _ in range(12):
        current = page.locator(f"{W} .battle-row[aria-current]")
        me = current.locator("strong").first.inner_text()
        seen.append((head(page).split(":")[0], me))
        if me in GIRLS:
            target = "Mother"
        else:
            target = GIRLS[girl_turn % 3]
            girl_turn += 1
        group = current.locator(f"[role=group][aria-label=\"Attack {target}\"]")
        group.get_by_role("button", name="Melee").click()
        wait_live(page)
        if page.locator(f"{W} .battle-pending").count():
            page.locator(f"{W} .battle-pending").get_by_role("button").first.click()
            wait_live(page)
        tap(page, "Next turn")
    assert seen == [("Round 1", n) for n in order] + [("Round 2", n) for n in order]
    assert head(page).startswith("Round 3:")
    lines = page.locator(f"{W} .battle-log li").all_inner_texts()
    attacks = [line for line in lines if re.match(r"^\w+ attacks \w+ \(melee\)", line)]
    assert len(attacks) == 12
    # the monster's Resolve: spread 3 × 16, less every hit's damage the log shows on it
    taken = sum(int(m[1]) for line in lines
                if (m := re.match(r"^Mother takes (\d+) damage", line)))
    mother = page.locator(f"{W} .battle-row", has=page.locator("strong", has_text="Mother"))
    assert f"{48 - taken}/48" in mother.locator(".battle-hp").inner_text()
    # the log beside the turn order, both on the screen
    main = page.locator(f"{W} .battle-main").bounding_box()
    side = page.locator(f"{W} .battle-side").bounding_box()
    assert side["x"] >= main["x"] + main["width"]
    screenshot(page, "mb-battle-game-master-1280")
    context.close()


def figure_of(page, scope, label: str) -> str:
    """The figure labelled ``label`` in ``scope`` (a player's view, a row)."""
    return scope.locator(".battle-figure", has=page.locator(
        "dt", has_text=re.compile(f"^{label}$"))).locator("dd").inner_text()


def first_turn_seed(combatants: list, cid: str) -> int:
    """A start seed whose initiative gives ``cid`` the first turn (the test's own search)."""
    from calculators.magical_burst.fight.calculator import MB_BATTLE

    return next(seed for seed in range(1, 500) if MB_BATTLE.run(
        {"combatants": combatants, "events": [{"type": "start", "seed": seed}]}
    )["state"]["turn"] == cid)


def akanes_turn(browser, base_url: str, screen: str, people: list, seat_link: bool = True):
    """A fresh device at ``screen`` in Akane's seat, the battle started on her turn: the
    context, the page and her view. By her seat link (her seat only), or, without
    ``seat_link``, the game master's device handed over by "Play as Akane"."""
    context = new_context(browser, screen)
    page = context.new_page()
    seed = first_turn_seed(people, "akane")
    page.goto(address(base_url, people, **({"seat": "akane"} if seat_link else {}),
                      events=json.dumps([{"type": "start", "seed": seed}])))
    wait_live(page)
    if not seat_link:
        tap(page, "Play as Akane")
    return context, page, page.locator(f"{W} .battle-player")


def test_a_girls_player_runs_her_turn_at_390_with_taps_only(browser, base_url, screenshot):
    context, page, player = akanes_turn(browser, base_url, "390", PEOPLE)
    assert player.locator("h3").inner_text() == "Akane"
    assert "Your turn." in player.locator(".battle-turn").inner_text()

    def number(label: str) -> str:
        return figure_of(page, player, label)

    assert number("Resolve") == "18/18" and number("Fury") == "0"
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    heights = player.locator("button").evaluate_all(
        "(all) => all.map((b) => b.getBoundingClientRect().height)")
    assert heights and min(heights) >= 44  # a finger's tap target
    player.locator("[role=group][aria-label=\"Attack Mother\"]").get_by_role(
        "button", name="Melee").tap()
    wait_live(page)
    # her Attack is Fury: every six of her attack roll is a point on her Fury counter
    line = next(text for text in player.locator(".battle-log li").all_inner_texts()
                if text.startswith("Akane attacks Mother"))
    dice = [int(d) for d in re.search(r"2d6! \[([\d, ]+)\]", line)[1].split(", ")]
    assert number("Fury") == str(dice.count(6))
    assert (number("Major"), number("Minor")) == ("0", "1")
    tap(page, "End the turn")
    assert "Waiting" in player.locator(".battle-turn").inner_text()
    screenshot(page, "mb-battle-player-390")
    context.close()


@pytest.mark.parametrize("screen", ["390", "1280"])
def test_every_view_of_the_tracker_has_no_wcag_violation(browser, base_url, axe_source, screen):
    start = json.dumps([{"type": "start", "seed": 3}])
    views = {"setup": address(base_url, PEOPLE[:2], new_kind="monster", new_name="Mother"),
             "game master": address(base_url, PEOPLE, events=start),
             "player": address(base_url, PEOPLE, events=start, seat="akane"),
             "player on the grid": address(base_url, ON_GRID, events=json.dumps(
                 [{"type": "start", "seed": first_turn_seed(ON_GRID, "akane")}]),
                 seat="akane")}
    found = []
    for view, url in views.items():
        context = new_context(browser, screen)
        page = context.new_page()
        page.goto(url)
        wait_live(page)
        found += violations_in_both_palettes(page, axe_source, view)
        context.close()
    assert not found, "\n".join(found)


BUILDER = "magical-burst/monsters/"
MONSTER = "#mb-monster"
#: The monster builder has answered the inputs it holds.
BUILDER_LIVE = (f"() => {{ const w = document.querySelector('{MONSTER}'); return w.calcWidget "
                "&& w.dataset.calcRuntime === 'ready' && "
                "!['pending', 'error'].includes(w.dataset.calcState); }")


def build_monster(page, name: str, **inputs: str) -> None:
    """Name a monster on the builder's page, on the row of ×16 with spread 3, and ``inputs``."""
    page.fill(f"{MONSTER} [name='name']", name)
    page.select_option(f"{MONSTER} [name='level']", "row-16")
    page.fill(f"{MONSTER} [name='spread']", "3")
    for field, value in inputs.items():
        page.fill(f"{MONSTER} [name='{field}']", value)
    page.wait_for_function(BUILDER_LIVE, timeout=BOOT_TIMEOUT)


def test_a_game_master_builds_a_monster_by_the_rules_and_keeps_it(browser, base_url):
    """Its boss abilities and talents are ticked by name (no id typed), and its answer names
    them: two boss abilities of a spread-3 monster's three selections, one talent."""
    context = new_context(browser, "1280")
    page = context.new_page()
    page.goto(base_url + BUILDER)
    widget, live = MONSTER, BUILDER_LIVE
    page.wait_for_function(live, timeout=BOOT_TIMEOUT)
    page.locator("[data-collection-new]").click()  # from the rules' start, not the example
    page.wait_for_function(live, timeout=BOOT_TIMEOUT)
    build_monster(page, "Mother")
    bosses, talents = (page.locator(f"{widget} .calc-field", has=page.locator(f"[name='{f}']"))
                       for f in ("boss_abilities", "talents"))
    for name in ("Name lost (damage reduction)", "Blood Rain"):
        bosses.get_by_role("checkbox", name=name).check()
    talents.get_by_role("checkbox", name="Veil").check()

    def figure(label: str) -> str:
        return page.locator(f"{widget} .battle-figure", has=page.locator(
            "dt", has_text=re.compile(f"^{label}$"))).locator("dd").inner_text()

    page.wait_for_function(f"() => document.querySelector('{widget} .calc-output')"
                           ".textContent.includes('2 of 3')")
    page.wait_for_function(live, timeout=BOOT_TIMEOUT)
    assert figure("Resolve") == str(3 * 16)  # spread × 16 on that row
    assert figure("Boss-ability selections") == "2 of 3"  # one per point of spread
    names = page.locator(f"{widget} .calc-output table tbody tr td:nth-child(2)")
    assert names.all_inner_texts() == ["Blood Rain", "Name lost (damage reduction)", "Veil"]
    assert json.loads(page.input_value(f"{widget} [name='boss_abilities']")) == [
        "blood-rain", "lost-armour"]  # kept as the ids, in the list's order
    # Extra Action counts as two: a fourth selection breaks the rule, on its input
    bosses.get_by_label("Extra Action: times taken").select_option("1")
    page.wait_for_function(f"() => document.querySelector('{widget}').textContent"
                           ".includes('spread 3 has 3 boss-ability selections')")
    page.locator(f"{widget} [data-calc-undo]").click()
    page.wait_for_function(live, timeout=BOOT_TIMEOUT)
    assert bosses.get_by_label("Extra Action: times taken").input_value() == "0"
    page.wait_for_function("() => Array.from(document.querySelectorAll('[data-collection-list] "
                           "li')).some((li) => li.textContent.includes('Mother'))")
    page.goto(base_url + BUILDER)  # kept on the device
    page.wait_for_function(live, timeout=BOOT_TIMEOUT)
    assert page.input_value(f"{widget} [name='name']") == "Mother"
    assert figure("Resolve") == "48"
    assert bosses.get_by_role("checkbox", name="Blood Rain").is_checked()
    context.close()


def test_a_saved_monster_joins_a_new_battle_by_taps_with_its_own_numbers(browser, base_url):
    """Saved in the builder (spread 3 on the ×16 row, its pool set to 7), picked in the
    tracker's "Monster to add", it fights with Resolve 3 × 16 = 48 and that pool."""
    context = new_context(browser, "390")
    builder = context.new_page()
    builder.goto(base_url + BUILDER)
    builder.wait_for_function(BUILDER_LIVE, timeout=BOOT_TIMEOUT)
    build_monster(builder, "Gearwitch", pool="7")
    builder.wait_for_function("() => Array.from(document.querySelectorAll('[data-collection-"
                              "list] li')).some((li) => li.textContent.includes('Gearwitch'))")
    builder.close()

    page = context.new_page()
    page.goto(base_url + PAGE)
    wait_live(page)
    page.locator("[data-collection-new]").tap()
    wait_live(page)
    page.select_option(f"{W} [data-link-select='monster_of']", label="Gearwitch")
    wait_live(page)
    page.locator(f"{W} [role=group][aria-label='Add Gearwitch']").get_by_role(
        "button", name="To the monsters").tap()
    wait_live(page)
    page.fill(f"{W} [name='new_name']", "Ren")  # a human, the quick entry's default kind
    wait_live(page)
    page.locator(f"{W} [role=group][aria-label='Add Ren']").get_by_role(
        "button", name="To the girls").tap()
    wait_live(page)
    assert page.locator(f"{W} .battle-setup li strong").all_inner_texts() == ["Gearwitch",
                                                                               "Ren"]
    assert page.input_value(f"{W} [data-link-select='monster_of']") == ""  # added, cleared
    tap(page, "Start the battle")
    row = page.locator(f"{W} .battle-row", has=page.locator("strong", has_text="Gearwitch"))

    def number(label: str) -> str:
        return row.locator(".battle-figure", has=page.locator(
            "dt", has_text=re.compile(f"^{label}$"))).locator("dd").inner_text()

    assert number("Resolve") == f"{3 * 16}/{3 * 16}" and number("Overcharge") == "7"
    [entry] = [c for c in json.loads(page.input_value(f"{W} [name='combatants']"))
               if c["name"] == "Gearwitch"]
    assert (entry["kind"], entry["spread"], entry["level"], entry["pool"]) == (
        "monster", 3, "row-16", 7)
    context.close()


def test_three_imps_are_added_in_one_step_and_the_kind_stays_minion(browser, base_url):
    """A minion's quick entry with How many 3: one tap adds Imp 1, Imp 2 and Imp 3, and the
    form still says "A minion" for the next one."""
    context = new_context(browser, "1280")
    page = context.new_page()
    page.goto(address(base_url, PEOPLE[:1]))
    wait_live(page)
    page.select_option(f"{W} [name='new_kind']", "minion")
    page.select_option(f"{W} [name='new_template']", "maintenance-imps")
    page.fill(f"{W} [name='new_name']", "Imp")
    page.fill(f"{W} [name='new_count']", "3")
    wait_live(page)
    page.locator(f"{W} [role=group][aria-label='Add Imp 1, Imp 2, Imp 3']").get_by_role(
        "button", name="To the monsters").click()
    wait_live(page)
    assert page.locator(f"{W} .battle-setup li strong").all_inner_texts() == [
        "Akane", "Imp 1", "Imp 2", "Imp 3"]
    assert page.input_value(f"{W} [name='new_kind']") == "minion"
    assert page.input_value(f"{W} [name='new_name']") == ""
    context.close()


def test_a_battle_is_kept_named_through_a_reload_and_in_the_saved_data(browser, base_url):
    context = new_context(browser, "1280")
    page = context.new_page()
    page.goto(address(base_url, PEOPLE))
    wait_live(page)
    page.fill(f"{W} [name='name']", "Clock tower")
    wait_live(page)
    tap(page, "Start the battle")
    tap(page, "Next turn")
    before = page.inner_text(f"{W} .battle-side")
    page.goto(base_url + PAGE)  # no inputs in the address: the saved battle comes back
    wait_live(page)
    assert page.input_value(f"{W} [name='name']") == "Clock tower"
    assert page.inner_text(f"{W} .battle-side") == before
    page.goto(base_url)
    page.wait_for_selector("[data-saved-summary]")
    assert "1 Magical Burst battle" in page.inner_text("[data-saved-summary]")
    context.close()


def numbers_of(page, name: str) -> dict[str, str]:
    """A row's labelled figures in the game master's turn order, by label."""
    row = page.locator(f"{W} .battle-row", has=page.locator(
        "strong", has_text=re.compile(f"^{re.escape(name)}$")))
    labels = row.locator(".battle-figure dt").all_inner_texts()
    return dict(zip(labels, row.locator(".battle-figure dd").all_inner_texts()))


def opened_at(browser, base_url: str, screen: str, people: list, events: list):
    """A fresh device at ``screen`` on the tracker with ``people`` and ``events``, answered."""
    context = new_context(browser, screen)
    page = context.new_page()
    page.goto(address(base_url, people, events=json.dumps(events)))
    wait_live(page)
    return context, page


def test_a_heart_burst_s_creature_joins_the_turn_order_by_its_initiative(browser, base_url):
    """Akane's Heart counter stands at 13: one tap on Heart Burst, and her creature (spread 1
    × 12 = 12 Resolve, "Overcharge": the Heart Burst) stands in the order where its own
    initiative line puts it; her strongest bond loses a point, so she keeps fighting."""
    bonded = {**PEOPLE[0], "character": {**PEOPLE[0]["character"], "overcharge_heart": 13,
                                         "bond_1_name": "Her brother Ren", "bond_1": 2}}
    people = [bonded, PEOPLE[3]]
    context, page = opened_at(browser, base_url, "1280", people, [{"type": "start", "seed": 1}])
    assert "Heart counter reached 13" in page.inner_text(f"{W} .battle-pending")
    tap(page, "Heart Burst", group="Akane's burst")
    assert page.locator(f"{W} .battle-pending").count() == 0
    log = MB.log(page)
    assert any(line.startswith("Akane loses a point of her bond “Her brother Ren”: 2 → 1")
               for line in log)
    rows = page.locator(f"{W} .battle-row .battle-who strong").all_inner_texts()
    assert rows == expected_order(log) and "Akane's creature" in rows
    creature = numbers_of(page, "Akane's creature")
    assert creature["Resolve"] == "12/12" and creature["Overcharge"] == "10"
    context.close()


def test_a_monster_makes_minions_and_is_reborn_in_one_by_taps(browser, base_url):
    """Mother (spread 2 × 14 = 28 Resolve, 10 overcharge) with Minion Creation and the rebirth
    in a minion, and two minions at the start: "Make 2 minions" costs 2 (10 → 8) and adds two
    minions of 4 hit points; defeated, "Reborn in Imp" brings it back with 28 ÷ 2 = 14 for 2
    more overcharge."""
    mother = {"id": "mother", "side": "monsters", "kind": "monster", "name": "Mother",
              "spread": 2, "level": "row-14", "boss_abilities": ["minion-creation",
                                                                 "lost-reincarnation"]}
    people = [PEOPLE[0], mother, PEOPLE[4], PEOPLE[5]]
    seed = first_turn_seed(people, "mother")
    context, page = opened_at(browser, base_url, "390", people,
                              [{"type": "start", "seed": seed}])
    tap(page, "Make 2 minions", group="Minion Creation")
    assert numbers_of(page, "Mother")["Overcharge"] == "8"
    for n in (1, 2):
        assert numbers_of(page, f"Mother's minion {n}")["HP"] == "4/4"
    assert any(line.startswith("Mother uses Minion Creation (minor action): 2 minions")
               for line in MB.log(page))
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    defeated = [{"type": "start", "seed": seed}, {"type": "gm-set", "combatant": "mother",
                                                   "field": "resolve", "value": 0, "seed": 1}]
    context.close()  # a fresh device: the address is the whole battle
    context, page = opened_at(browser, base_url, "390", people, defeated)
    tap(page, "Reborn in Imp", group="Mother's rebirth")
    figures = numbers_of(page, "Mother")
    assert (figures["Resolve"], figures["Overcharge"]) == ("14/28", "8")
    assert "transformed" in page.locator(f"{W} .battle-row", has=page.locator(
        "strong", has_text=re.compile("^Imp$"))).locator(".battle-condition").inner_text()
    context.close()


def test_blood_rain_on_all_its_foes_bleeds_those_whose_support_loses(browser, base_url):
    """One tap: the monster's Support roll against each girl's ("Boss abilities"); the row of
    each girl whose total is lower (ties: more sixes, then the higher stat, else she resists)
    says she bleeds, and the monster's pool has paid 1 and a point a six."""
    rain = {**PEOPLE[3], "boss_abilities": ["blood-rain"]}
    people = [PEOPLE[0], PEOPLE[2], rain]
    seed = first_turn_seed(people, "mother")
    context, page = opened_at(browser, base_url, "1280", people,
                              [{"type": "start", "seed": seed}])
    tap(page, "On all its foes", group="Blood Rain")
    log = MB.log(page)
    line = next(text for text in log if text.startswith("Mother's Support: "))
    mine = [int(d) for d in re.search(r"\[([\d, ]+)\]", line)[1].split(", ")]
    for name, stat in (("Akane", 3), ("Yui", 1)):
        theirs_line = next(text for text in log if text.startswith(f"{name}: 2d6!"))
        theirs = [int(d) for d in re.search(r"\[([\d, ]+)\]", theirs_line)[1].split(", ")]
        fails = (sum(mine) + 3, mine.count(6), 3) > (sum(theirs) + stat, theirs.count(6), stat)
        row = page.locator(f"{W} .battle-row", has=page.locator(
            "strong", has_text=re.compile(f"^{name}$")))
        assert ("bleed" in row.locator(".battle-condition").inner_text()) == fails
    assert numbers_of(page, "Mother")["Overcharge"] == str(max(0, 9 - mine.count(6)))
    context.close()


def test_minion_explosion_attacks_from_a_minion_that_is_destroyed(browser, base_url):
    """One tap on "At Akane" from the Imp: the imp is destroyed, the attack is rolled, and a
    hit's damage line carries the extra 1d6 ("Boss abilities")."""
    blast = {**PEOPLE[3], "boss_abilities": ["minion-explosion"]}
    people = [PEOPLE[0], blast, PEOPLE[4]]
    seed = first_turn_seed(people, "mother")
    context, page = opened_at(browser, base_url, "1280", people,
                              [{"type": "start", "seed": seed}])
    tap(page, "At Akane", group="Minion Explosion from Imp")
    log = MB.log(page)
    assert any(line.startswith("Mother attacks from Imp's place (Minion Explosion, 1 "
                               "overcharge, 10 → 9): Imp is destroyed.") for line in log)
    attack = next(line for line in log if line.startswith("Mother attacks Akane (melee)"))
    damage = [line for line in log if line.startswith("Damage: ")]
    assert ("a hit" in attack) == bool(damage)
    if damage:
        assert "Minion Explosion" in damage[0]
    imp = page.locator(f"{W} .battle-row", has=page.locator("strong", has_text=re.compile(
        "^Imp$")))
    assert "destroyed" in imp.locator(".battle-condition").inner_text()
    assert page.locator(f"{W} [role=group][aria-label='Minion Explosion from Imp']").count() == 0
    context.close()


def test_a_spider_nanny_heals_its_monster_by_a_tap(browser, base_url):
    """Mother at 10 of 48 Resolve; the spider nanny's "Heal Mother" (A Little Longer, Minions)
    gives back 1d6 + 2, the die read off the log, and spends its Major action, so Hello There
    is no longer offered this turn."""
    nanny = {"id": "nan", "side": "monsters", "kind": "minion", "template": "spider-nanny"}
    people = [PEOPLE[0], PEOPLE[3], nanny]
    seed = first_turn_seed(people, "nan")
    hurt = {"type": "gm-set", "combatant": "mother", "field": "resolve", "value": 10, "seed": 1}
    context, page = opened_at(browser, base_url, "390", people,
                              [{"type": "start", "seed": seed}, hurt])
    assert page.locator(f"{W} [role=group][aria-label='Hello There on Akane']").count() == 1
    tap(page, "Heal Mother", group="A Little Longer")
    line = next(text for text in MB.log(page) if text.startswith("Mother regains"))
    die = int(re.search(r"1d6 \[(\d)\] \+ 2", line)[1])
    assert numbers_of(page, "Mother")["Resolve"] == f"{10 + die + 2}/48"
    assert page.locator(f"{W} [role=group][aria-label='Hello There on Akane']").count() == 0
    context.close()


def test_a_saved_monster_is_it_in_its_collection_and_in_the_trackers_picker(browser, base_url):
    """Monsters are "it", girls "her": the builder's collection panel and the tracker's
    picker speak of a monster so."""
    context = new_context(browser, "390")
    builder = context.new_page()
    builder.goto(base_url + BUILDER)
    builder.wait_for_function(BUILDER_LIVE, timeout=BOOT_TIMEOUT)
    panel = builder.locator("section.calc-collection")
    assert "Change anything above and it is saved on this device." in panel.inner_text()
    build_monster(builder, "Gearwitch")
    builder.wait_for_function("() => Array.from(document.querySelectorAll('[data-collection-"
                              "list] li')).some((li) => li.textContent.includes('Gearwitch'))")
    assert "Gearwitch: no rolls yet" in panel.inner_text()
    assert not re.search(r"\b(her|she)\b", panel.inner_text()), panel.inner_text()

    page = context.new_page()
    page.goto(base_url + PAGE)
    wait_live(page)
    # the page's example battle is under way: its setup is one tap away
    page.get_by_role("button", name="Show the setup and the battle file").tap()
    page.select_option(f"{W} [data-link-select='monster_of']", label="Gearwitch")
    wait_live(page)
    builder.bring_to_front()
    builder.fill(f"{MONSTER} [name='attack']", "6")  # the saved monster changes
    builder.wait_for_function(BUILDER_LIVE, timeout=BOOT_TIMEOUT)
    page.bring_to_front()
    page.reload()
    wait_live(page)
    note = page.inner_text(f"{W} [role=group][aria-label='Monster to add'] [data-link-note]")
    assert note == "Updated from “Gearwitch”." and "her" not in note
    builder.bring_to_front()
    item = builder.locator("[data-collection-list] li", has_text="Gearwitch")
    item.get_by_role("button", name="Delete Gearwitch").tap()
    assert item.get_by_role("button", name="Keep it").is_visible()
    context.close()


#: Akane on the hex grid at (0, 0), a monster with Gravity Wave three hexes east.
ON_GRID = [{**PEOPLE[0], "q": 0, "r": 0},
           {**PEOPLE[3], "talents": ["gravity-wave"], "q": 3, "r": 0}]


@pytest.mark.parametrize("screen", ["390", "1280"])
def test_a_girl_moves_a_hex_on_the_pad_and_a_gravity_wave_pulls_her_by_taps(
        browser, base_url, screenshot, screen):
    """Akane's player taps East on the move pad: her hex is (1, 0) and her Minor action is
    spent ("Space and time": a Minor action to an adjacent hex). On the monster's turn one tap
    on Gravity Wave pulls her one hex closer, from 2 to 1 away: (2, 0), the only hex next to
    hers one step nearer (3, 0) ("Talents": Gravity Wave)."""
    context, page, player = akanes_turn(browser, base_url, screen, ON_GRID, seat_link=False)

    def number(label: str) -> str:
        return figure_of(page, player, label)

    assert number("Hex") == "(0, 0)"
    pad = player.locator("[role=group][aria-label=\"Move pad\"]")
    heights = pad.locator("button").evaluate_all(
        "(all) => all.map((b) => b.getBoundingClientRect().height)")
    assert len(heights) == 6 and min(heights) >= 44  # six neighbours, a finger's target each
    assert page.evaluate("() => document.documentElement.scrollWidth") <= int(screen)
    tap(page, "East", "Move pad")
    assert (number("Hex"), number("Minor"), number("Major")) == ("(1, 0)", "0", "1")
    screenshot(page, f"mb-battle-move-pad-{screen}")
    tap(page, "End the turn")
    tap(page, "Game master's view")
    tap(page, "Gravity Wave on Akane", "Gravity Wave")
    assert numbers_of(page, "Akane")["Hex"] == "(2, 0)"
    assert any(line.startswith("Akane is pulled to (2, 0), 1 from Mother.")
               for line in MB.log(page))
    context.close()


def test_ranged_is_offered_only_at_foes_2_to_3_hexes_away_and_a_tap_attacks_at_range(
        browser, base_url):
    """Akane at (0, 0), the Imp next to her at (1, 0), Mother three hexes east at (3, 0)
    ("Life and death": melee only adjacent hexes, ranged two to three hexes away): the Imp
    has Melee and no Ranged, Mother Ranged and no Melee; one tap on Mother's Ranged rolls a
    ranged attack."""
    people = [{**PEOPLE[0], "q": 0, "r": 0}, {**PEOPLE[3], "q": 3, "r": 0},
              {**PEOPLE[4], "q": 1, "r": 0}]
    context, page = opened_at(browser, base_url, "390", people,
                              [{"type": "start", "seed": first_turn_seed(people, "akane")}])

    def buttons(group: str) -> list[str]:
        return page.locator(f"{W} .calc-output [role=group][aria-label=\"{group}\"] "
                            "button").all_inner_texts()

    assert buttons("Attack Imp") == ["Melee"]
    assert buttons("Attack Mother") == ["Ranged"]
    tap(page, "Ranged", group="Attack Mother")
    assert any(line.startswith("Akane attacks Mother (ranged)") for line in MB.log(page))
    context.close()


def test_a_belkan_girl_has_no_ranged_and_spends_her_melee_bank_by_a_tap(browser, base_url):
    """Akane with Belkan System ("Common Magical Talents": no ranged attacks; +2 banked a melee
    hit, up to +6, declared before a roll) at (0, 0), a 4-defence Imp next to her, Mother
    three hexes east. Her first melee hit is certain (2d6! + Fury 3 ≥ 5 against passive
    defence 4), so on her next turn her row shows +2, Mother offers no Ranged, and one tap on
    Melee +2 puts the +2 on the attack roll's total."""
    akane = {**PEOPLE[0], "character": {**PEOPLE[0]["character"],
                                        "talent_1": "belkan-system"}, "q": 0, "r": 0}
    people = [akane, {**PEOPLE[3], "q": 3, "r": 0},
              {**PEOPLE[4], "passive_defence": 4, "q": 1, "r": 0}]
    first = [{"type": "start", "seed": first_turn_seed(people, "akane")},
             {"type": "attack", "target": "imp", "range": "melee", "seed": 5},
             *[{"type": "end-turn", "seed": 1}] * 3]
    context, page = opened_at(browser, base_url, "1280", people, first)

    def buttons(group: str) -> list[str]:
        return page.locator(f"{W} .calc-output [role=group][aria-label=\"{group}\"] "
                            "button").all_inner_texts()

    row = page.locator(f"{W} .calc-output .battle-figure", has_text="Belkan System")
    assert row.first.locator("dd").inner_text() == "+2"
    assert buttons("Attack Imp") == ["Melee", "Melee +2"]
    assert page.locator(f"{W} .calc-output [role=group][aria-label=\"Attack Mother\"]"
                        ).count() == 0
    assert "Ranged" not in page.locator(f"{W} .calc-output").inner_text()
    tap(page, "Melee +2", group="Attack Imp")
    attack = [line for line in MB.log(page) if line.startswith("Akane attacks Imp")][-1]
    found = re.search(r"2d6! \[([\d, ]+)\] \+ Attack 3 \+2 Belkan System = (\d+) ", attack)
    assert found, attack
    assert sum(map(int, found[1].split(", "))) + 3 + 2 == int(found[2]), attack
    context.close()


def test_blood_rain_on_the_grid_is_tapped_by_direction_and_challenges_only_its_line(
        browser, base_url):
    """Mother at (0, 0), Akane two hexes east, Yui two hexes south-east ("Boss abilities":
    Blood Rain challenges everyone on a straight line within its attack range): one button a
    direction with foes on it, naming them; a tap on East challenges Akane and not Yui."""
    people = [{**PEOPLE[3], "q": 0, "r": 0}, {**PEOPLE[0], "q": 2, "r": 0},
              {**PEOPLE[2], "q": 0, "r": 2}]
    context, page = opened_at(browser, base_url, "1280", people,
                              [{"type": "start", "seed": first_turn_seed(people, "mother")}])
    rain = page.locator(f"{W} .calc-output [role=group][aria-label=\"Blood Rain\"] button")
    assert sorted(rain.all_inner_texts()) == ["East: Akane", "South-east: Yui"]
    tap(page, "East: Akane", group="Blood Rain")
    log = MB.log(page)
    assert any(line.startswith("Akane: 2d6!") for line in log)
    assert not any(line.startswith("Yui: 2d6!") for line in log)
    context.close()


def test_deafening_scream_on_the_grid_is_one_tap_on_the_foes_within_3_hexes(
        browser, base_url):
    """A screaming Mother at (0, 0), Akane three hexes east at (3, 0), Yui four away at
    (2, 2) ("Boss abilities": Deafening Scream challenges everyone within the radius-3 circle
    centred on it): one button naming Akane only; its tap challenges Akane and not Yui."""
    people = [{**PEOPLE[3], "boss_abilities": ["deafening-scream"], "q": 0, "r": 0},
              {**PEOPLE[0], "q": 3, "r": 0}, {**PEOPLE[2], "q": 2, "r": 2}]
    context, page = opened_at(browser, base_url, "390", people,
                              [{"type": "start", "seed": first_turn_seed(people, "mother")}])
    scream = page.locator(f"{W} .calc-output [role=group][aria-label=\"Deafening Scream\"] "
                          "button")
    assert scream.all_inner_texts() == ["Within 3: Akane"]
    tap(page, "Within 3: Akane", group="Deafening Scream")
    log = MB.log(page)
    assert any(line.startswith("Akane: 2d6!") for line in log)
    assert not any(line.startswith("Yui: 2d6!") for line in log)
    context.close()


@pytest.mark.parametrize("screen", ["390", "1280"])
def test_the_game_master_places_a_combatant_and_sets_her_hex_s_terrain_by_taps(
        browser, base_url, screenshot, screen):
    """In the game master's view: "Place Akane…" opens her placing pad; East on it puts her on
    (1, 0) (gm-place);
    "Make it rough terrain" makes that hex rough, so her next move takes both her actions
    ("Space and time": leaving rough terrain takes two moves' worth); "Off the grid" takes
    her off it, and "Onto the grid" puts her back on the free hex nearest (0, 0). Each
    control is a finger's target (44 px) and the page does not scroll sideways."""
    people = [{**PEOPLE[0], "q": 0, "r": 0}, {**PEOPLE[3], "q": 3, "r": 0}]
    context, page = opened_at(browser, base_url, screen, people,
                              [{"type": "start", "seed": first_turn_seed(people, "mother")}])
    tap(page, "Place Akane…")  # out of the way until asked for
    pad = page.locator(f"{W} [role=group][aria-label='Place Akane']")
    heights = pad.locator("button").evaluate_all(
        "(all) => all.map((b) => b.getBoundingClientRect().height)")
    assert len(heights) == 6 and min(heights) >= 44
    assert page.evaluate("() => document.documentElement.scrollWidth") <= int(screen)
    tap(page, "East", group="Place Akane")
    assert numbers_of(page, "Akane")["Hex"] == "(1, 0)"
    screenshot(page, f"mb-battle-placing-{screen}")
    tap(page, "Make it rough terrain", group="Akane's hex")
    assert any(line.startswith("(1, 0) is rough terrain.") for line in MB.log(page))
    hex_group = page.locator(f"{W} [role=group][aria-label=\"Akane's hex\"] button")
    assert min(hex_group.evaluate_all(
        "(all) => all.map((b) => b.getBoundingClientRect().height)")) >= 44
    tap(page, "Off the grid", group="Akane's hex")
    assert any(line.startswith("Akane fights off the grid") for line in MB.log(page))
    onto = pad.get_by_role("button", name="Onto the grid at (0, 0)", exact=True)
    assert onto.bounding_box()["height"] >= 44
    tap(page, "Onto the grid at (0, 0)", group="Place Akane")
    assert numbers_of(page, "Akane")["Hex"] == "(0, 0)"
    context.close()
