"""Each game master's screen shows the rule data's numbers: its tables and figures are read from
the generated page and compared with the data files read as plain JSON, with the numbers worked
out by hand from the rules, and for the headline numbers with the source texts themselves."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path

import pytest

from build_scripts.generate import DOCS, generate
from source_texts import MAGICAL_BURST, POST_MAGIC_MAID, WESTERN_ROSES, seed_text

DATA = Path(__file__).resolve().parents[2] / "calculators"
SYSTEMS = {"western-roses": "western_roses", "magical-burst": "magical_burst",
           "post-magic-maid": "post_magic_maid"}


@dataclass
class Block:
    """One block of a screen: its text, its tables (rows of cell texts) and its links."""

    text: str = ""
    tables: list[list[list[str]]] = field(default_factory=list)
    links: list[str] = field(default_factory=list)


class ScreenParser(HTMLParser):
    """The ``.gm-block`` sections of a generated screen page, by id."""

    def __init__(self) -> None:
        super().__init__()
        self.blocks: dict[str, Block] = {}
        self.block: Block | None = None
        self.cell: list[str] | None = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if self.block is not None and tag in ("td", "th", "li", "p", "h2"):
            self.block.text += " "  # cells and lines read apart, not run together
        if tag == "section" and "gm-block" in attrs.get("class", ""):
            self.block = self.blocks.setdefault(attrs["id"].removeprefix("gm-"), Block())
        elif self.block is None:
            return
        elif tag == "table":
            self.block.tables.append([])
        elif tag == "tr":
            self.block.tables[-1].append([])
        elif tag in ("td", "th"):
            self.cell = []
        elif tag == "a":
            self.block.links.append(attrs["href"])

    def handle_endtag(self, tag):
        if tag == "section":
            self.block = None
        elif tag in ("td", "th") and self.block is not None and self.cell is not None:
            self.block.tables[-1][-1].append(" ".join("".join(self.cell).split()))
            self.cell = None

    def handle_data(self, data):
        if self.block is not None:
            self.block.text += data
            if self.cell is not None:
                self.cell.append(data)


@pytest.fixture(scope="module")
def screens(tmp_path_factory) -> dict[str, dict[str, Block]]:
    out = tmp_path_factory.mktemp("generated")
    generate(DOCS, out, build_id="0123456789ab")
    found = {}
    for system in SYSTEMS:
        parser = ScreenParser()
        parser.feed((out / system / "gm-screen.md").read_text(encoding="utf-8"))
        for block in parser.blocks.values():
            block.text = " ".join(block.text.split())
        found[system] = parser.blocks
    return found


def records(system: str, name: str) -> dict[str, dict]:
    """A data file's records by id, read as plain JSON (not through the site's loaders)."""
    path = DATA / SYSTEMS[system] / "data" / f"{name}.json"
    return {r["id"]: r for r in json.loads(path.read_text(encoding="utf-8"))["records"]}


def value(system: str, name: str, rule_id: str) -> int:
    return records(system, name)[rule_id]["value"]


def minus(n: int) -> str:
    return f"−{-n}" if n < 0 else str(n)


def band(b: dict) -> str:
    if "first" not in b:
        return f"{b['last']} or less"
    return f"{b['first']}+" if "last" not in b else f"{b['first']}–{b['last']}"


# ---------- every screen ----------

@pytest.mark.parametrize("system", SYSTEMS)
def test_every_block_is_headed_by_a_link_into_the_systems_rules(screens, system):
    assert len(screens[system]) >= 8
    for name, block in screens[system].items():
        assert block.links, name
        head = block.links[0]
        assert re.fullmatch(r"\.\./[a-z-]+/#[a-z0-9-]+", head), (name, head)


def _numbers_of_data(system: str) -> set[str]:
    """Every number written anywhere in a system's data files, values and texts alike."""
    found: set[str] = set()
    for path in (DATA / SYSTEMS[system] / "data").glob("*.json"):
        text = path.read_text(encoding="utf-8")
        found |= set(re.findall(r"\d+(?:\.\d+)?", text))
    return found


#: Tables whose figures are worked out from the data (and checked below against a computation
#: by hand), not copied from it: (system, block, table index).
COMPUTED = {("western-roses", "checks", 0), ("magical-burst", "monsters", 0),
            ("post-magic-maid", "tiers", 0)}


@pytest.mark.parametrize("system", SYSTEMS)
def test_no_number_on_a_screen_is_missing_from_the_rule_data(screens, system):
    """A number typed into a page rather than read from the data shows up here."""
    known = _numbers_of_data(system)
    for name, block in screens[system].items():
        text = block.text
        for i, table in enumerate(block.tables):
            if (system, name, i) in COMPUTED:
                for row in table:
                    for cell in row:
                        text = text.replace(cell, " ", 1)
        stray = set(re.findall(r"\d+(?:\.\d+)?", text)) - known
        assert not stray, f"{system} {name}: {sorted(stray)} in no data file"


# ---------- Western Roses ----------

def test_wr_turn_attack_and_graze_numbers_are_the_combat_rules_and_the_source(screens):
    wr = screens["western-roses"]
    rule = lambda rule_id: value("western-roses", "combat_rules", rule_id)  # noqa: E731
    assert f"Turn and actions {rule('actions-per-turn')} actions a turn" in wr["turn"].text
    assert f"insight against {rule('dodge-difficulty')}" in wr["attacks"].text
    assert f"reach {rule('physical-attack-range')} (or the weapon's)" in wr["attacks"].text
    graze = dict((row[0], row[1]) for row in wr["graze"].tables[0])
    assert graze["Success"] == (f"no damage; gains {rule('graze-power-multiplier')}× the "
                                "damage as spell power")
    assert graze["Failure"] == f"damage ÷ {rule('graze-failure-divisor')}, rounded up"
    assert graze["Critical failure"] == "the full damage"
    source = seed_text(WESTERN_ROSES)
    assert "Base difficulty to dodge an attack is 12." in source
    assert "you gain TWICE as much power" in source and "take half the damage" in source
    assert (rule("dodge-difficulty"), rule("graze-power-multiplier"),
            rule("graze-failure-divisor")) == (12, 2, 2)


def test_wr_dice_table_matches_one_die_per_three_points_worked_by_hand(screens):
    rows = screens["western-roses"]["checks"].tables[0]
    assert rows[0] == ["Stat", "Dice", "Mean", "Crit. fail", "Crit. success"]
    expected = []
    for stat in range(3, 31, 3):
        d = stat // 3
        mean = 7 * d / 2
        expected.append([f"{stat}–{stat + 2}", f"{d}d", f"{mean:g}", f"{d}–{d + 2}",
                         f"{6 * d - 2}–{6 * d}"])
    assert rows[1:] == expected
    assert "ordinary task: 12" in screens["western-roses"]["checks"].text


def test_wr_every_weapon_is_listed_with_its_reach_and_dice(screens):
    rows = [r for r in screens["western-roses"]["weapons"].tables[0][1:] if len(r) == 3]
    shown = {name: (reach, dice) for name, reach, dice in rows}
    weapons = records("western-roses", "weapons")
    assert len(shown) == len(weapons)
    for w in weapons.values():
        reach, dice = shown[w["name"]]
        assert dice == f"{w['damage_dice']}d", w["id"]
        if "spaces" in w["range"]:
            n = w["range"]["spaces"]
            assert reach == f"{n} space{'s' if n != 1 else ''}", w["id"]
    improvised = records("western-roses", "weapon_categories")["improvised"]
    groups = [r[0] for r in screens["western-roses"]["weapons"].tables[0] if len(r) == 1]
    assert (f"Improvised weapons: {minus(improvised['to_hit_modifier'])} to hit, "
            f"{minus(improvised['damage_modifier'])} damage") in groups


def test_wr_spell_meter_and_spell_power_are_the_data(screens):
    meter = {label: points for label, points in screens["western-roses"]["spell-meter"].tables[0]}
    assert meter == {r["label"]: f"+{r['points']}"
                     for r in records("western-roses", "spell_meter").values()}
    rule = lambda rule_id: value("western-roses", "combat_rules", rule_id)  # noqa: E731
    assert f"per {rule('spell-meter-points-per-card')} points" in \
        screens["western-roses"]["spell-meter"].text
    text = screens["western-roses"]["spell-power"].text
    assert f"Starts at {rule('starting-spell-power')}, at most {rule('max-spell-power')}" in text
    distances, shares = screens["western-roses"]["spell-power"].tables[0]
    pickup = sorted(records("western-roses", "spell_power_pickup").values(),
                    key=lambda p: -p["distance"])
    assert distances[1:] == [str(p["distance"]) for p in pickup]
    assert len(shares) == len(distances)


def test_wr_every_status_is_listed_with_its_numbers(screens):
    block = screens["western-roses"]["statuses"]
    rows = {r[0]: r[1:] for r in block.tables[0][1:]}
    statuses = records("western-roses", "status_effects")
    assert list(rows) == [s["name"] for s in statuses.values()]
    battle = lambda rule_id: value("western-roses", "battle_rules", rule_id)  # noqa: E731
    assert rows["Blind"][1] == f"{minus(statuses['blind']['to_hit_modifier'])} to every to-hit roll"
    assert f"{battle('knockdown-damage-dice')}d damage" in rows["Knockdown"][1]
    assert f"then {battle('freeze-thawing-turns')} more turns lost" in rows["Freeze"][1]
    assert f"{battle('fear-faint-failures')} failures in a row" in rows["Fear"][1]
    assert f"against {battle('status-check-target')}." in block.text
    assert rows["Stun"][0] == "Charisma" and rows["Fear"][0] == "Will"


def test_wr_wounds_are_the_combat_rules(screens):
    text = screens["western-roses"]["wounds"].text
    rule = lambda rule_id: value("western-roses", "combat_rules", rule_id)  # noqa: E731
    target = value("western-roses", "battle_rules", "wound-check-target")
    assert f"below max HP ÷ {rule('mortal-wound-divisor')}: will against {target}" in text
    assert f"{rule('unconscious-rounds')} full rounds out" in text
    assert f"below {rule('death-hp')} HP" in text
    assert f"at {minus(rule('utter-destruction-hp'))}." in text


# ---------- Magical Burst ----------

@pytest.mark.parametrize("move", ["rise-again", "reckless-movement", "remove-ailments",
                                  "intercept"])
def test_mb_each_moves_bands_are_its_rows_in_the_data(screens, move):
    data = records("magical-burst", "combat")[move]
    rows = screens["magical-burst"][move].tables[0]
    assert rows == [[band(b), b["outcome"]] for b in data["bands"]]


def test_mb_move_bands_are_the_sources_ten_eleven_to_thirteen_and_fourteen(screens):
    source = seed_text(MAGICAL_BURST)
    assert "On a 10 or less you fail to move" in source
    assert "On an 11-13 you move successfully" in source and "On a 14+ you move" in source
    for move in ("rise-again", "reckless-movement", "remove-ailments", "intercept"):
        labels = [row[0] for row in screens["magical-burst"][move].tables[0]]
        assert labels == ["10 or less", "11–13", "14+"], move


def test_mb_action_economy_initiative_and_attacks_are_the_check_rules(screens):
    mb = screens["magical-burst"]
    v = lambda rule_id: value("magical-burst", "checks", rule_id)  # noqa: E731
    assert (f"{v('major-actions-per-round')} Major + {v('minor-actions-per-round')} Minor"
            in mb["round"].text)
    assert f"Initiative: {v('check-dice')}d{v('die-sides')} + Support" in mb["round"].text
    assert "Each round a character performs a Major and a Minor action." in \
        seed_text(MAGICAL_BURST)
    assert (v("major-actions-per-round"), v("minor-actions-per-round")) == (1, 1)
    text = mb["attacks"].text
    assert f"Melee (next hex): 1d{v('damage-die-sides')} + {v('melee-damage-bonus')}" in text
    assert (f"Ranged ({v('ranged-min-range')}–{v('ranged-max-range')} hexes): "
            f"1d{v('damage-die-sides')}.") in text
    assert f"+{v('damage-per-six')} per attacker's six" in text
    assert f"magical creature: {v('mundane-attack-damage')} damage" in text


def test_mb_ailments_and_wounds_are_the_data(screens):
    mb = screens["magical-burst"]
    assert mb["ailments"].tables[0] == [[a["name"], a["summary"]]
                                        for a in records("magical-burst", "ailments").values()]
    wounds = mb["resolve"].tables[0][1:]
    for row, w in zip(wounds, records("magical-burst", "wounds").values(), strict=True):
        damage = (str(w["first_damage"]) if w.get("last_damage") == w["first_damage"] else
                  f"{w['first_damage']}–{w['last_damage']}" if w.get("last_damage") else
                  f"{w['first_damage']}+")
        penalty = minus(w["penalty"]) if w.get("penalty") is not None else "dead"
        assert row == [str(w["level"]), damage, penalty]
    assert f"at most {value('magical-burst', 'checks', 'starting-resolve')};" in mb["resolve"].text


def test_mb_overcharge_stages_are_the_stage_bands(screens):
    rows = screens["magical-burst"]["overcharge"].tables[0][1:]
    stages = [s for s in records("magical-burst", "overcharge_stages").values() if s["first"]]
    expected = []
    for s in stages:
        counter = (f"{s['first']}+" if s["last"] is None else str(s["first"])
                   if s["last"] == s["first"] else f"{s['first']}–{s['last']}")
        expected.append([counter, s["name"]])
    assert rows == expected
    assert rows[-1] == ["13+", "Burst"]


def test_mb_monster_budgets_are_spread_times_the_surviving_column(screens):
    block = screens["magical-burst"]["monsters"]
    rows = block.tables[0][1:]
    levels = list(records("magical-burst", "monster_levels").values())
    assert len(rows) == len(levels)
    for row, level in zip(rows, levels):
        if level["use_minion"]:
            assert row[1:] == ["a minion"]
        else:
            plus = "+" if level["open_ended"] else ""
            assert row[1:] == [f"{s * level['per_spread']}{plus}" for s in range(1, 5)]
    source = seed_text(MAGICAL_BURST)
    for n in (12, 14, 16, 18):
        assert f"spread x {n}" in source
    assert "spread x 18+n" in source and rows[-1][1:] == ["18+", "36+", "54+", "72+"]
    assert "gets a boss ability for each point of its spread" in source
    assert (f"gets {value('magical-burst', 'checks', 'boss-abilities-per-spread')} boss "
            "ability per point of spread") in block.text
    rule = lambda rule_id: value("magical-burst", "rule_values", rule_id)  # noqa: E731
    assert (f"passive defence {rule('minion-base-defence')} (above "
            f"{rule('minion-defence-ceiling')}, build a monster), about "
            f"{rule('minion-suggested-hp')} hit points") in block.text


# ---------- post-magic-maid ----------

def test_pmm_tiers_are_ten_fifteen_twenty_twenty_five_with_their_wounds(screens):
    rows = screens["post-magic-maid"]["tiers"].tables[0][1:]
    tiers = [t["difficulty"] for t in records("post-magic-maid", "tiers").values()
             if t["difficulty"]]
    assert tiers == [10, 15, 20, 25]
    assert [r[1] for r in rows] == ["9 or less"] + [
        f"{lo}–{hi - 1}" for lo, hi in zip(tiers, tiers[1:])] + [f"{tiers[-1]} or more"]
    wounds = records("post-magic-maid", "wounds")
    for row, n in zip(rows[1:], range(1, 5)):
        blunt = next(w for w in wounds.values() if w["track"] == "blunt" and w["tier"] == n)
        rending = next(w for w in wounds.values() if w["track"] == "rending" and w["tier"] == n)
        assert row[2:] == [blunt["name"], rending["name"]]


def test_pmm_multiple_actions_cost_five_more_per_place(screens):
    rows = screens["post-magic-maid"]["multiple-actions"].tables[0][1:]
    step = value("post-magic-maid", "rules", "multiple-action-penalty")
    assert rows[0][:2] == ["1", "none"]
    for n, row in enumerate(rows[1:], start=2):
        assert row[1:n + 1] == [f"−{step * k}" for k in range(1, n + 1)]
    assert rows[2][1:4] == ["−5", "−10", "−15"]
    source = seed_text(POST_MAGIC_MAID)
    assert "incurs a -5 penalty" in source and "second action is at -10, your third at -15" \
        in source


def test_pmm_blitz_and_initiative_are_the_card_rules(screens):
    pmm = screens["post-magic-maid"]
    rule = lambda rule_id: value("post-magic-maid", "rules", rule_id)  # noqa: E731
    assert (f"Each starts with {rule('starting-blitz-points')}" in pmm["blitz"].text and
            f"draw {rule('blitz-draw')} cards" in pmm["blitz"].text)
    cards = records("post-magic-maid", "card_rules").values()
    for use, block in (("blitz", "blitz"), ("initiative", "initiative")):
        effects = {row[1] for row in pmm[block].tables[0]}
        assert effects == {c["effect"] for c in cards if c["use"] == use}, use
    assert f"One deck of {rule('deck-size')}" in pmm["initiative"].text


def test_pmm_wound_tracks_hold_the_datas_boxes_per_tier(screens):
    rows = screens["post-magic-maid"]["wounds"].tables[0][1:]
    wounds = records("post-magic-maid", "wounds").values()
    for n, row in enumerate(rows, start=1):
        blunt = next(w for w in wounds if w["track"] == "blunt" and w["tier"] == n)
        rending = next(w for w in wounds if w["track"] == "rending" and w["tier"] == n)
        assert row[1:] == [f"{blunt['name']} ×{blunt['capacity']}",
                           f"{rending['name']} ×{rending['capacity']}"]
    assert [r[0] for r in rows] == ["10", "15", "20", "25"]


def test_pmm_contest_and_assist_examples_are_worked_as_the_source_works_them(screens):
    """20 against 10 is three tiers against one: the winner keeps two, the 15 tier. 10 helped
    by 20 (two tiers more) rises one tier to 15; helped by 25 (three more), two tiers to 20."""
    pmm = screens["post-magic-maid"]
    assert "(a 20 against a 10: a 15 tier)" in pmm["contested"].text
    assert "10 helped by 20 is a 15, by 25 a 20." in pmm["assists"].text
    assert f"by {value('post-magic-maid', 'rules', 'assist-tier-margin')} tiers" in \
        pmm["assists"].text
    source = seed_text(POST_MAGIC_MAID)
    assert "a result of 10 assisted by a result of 20 counts as a 15-tier result" in source
    assert "A result of 10 assisted by a result of 25 counts as a 20-tier result" in source
    assert "second-tier (15-tier) success" in source
