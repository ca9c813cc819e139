"""``wr-character``: the Western Roses character builder and sheet (seed 000, "Character
Creation" and the sections its nine steps point to).

The parameters are the player's choices, one control each, in the order of the steps:
shot-type, race (a youkai's natural weapon), profession (a Shrine Maiden's goddess), elemental
affinity, the bonus points on the four major stats, the skill points on each skill, the
ability picks (a Skill Focus's skill), the level and the spellcard deck. The parameters object
is the character file. ``compute`` checks every creation rule, gathering each broken one as a
:class:`FieldError` on its control, and derives the sheet: each number with the terms it is
made of. A hidden ``roll`` and ``seed`` roll one of the sheet's checks through
:func:`.checks.roll_check`.

Choices not made yet (an ability, a goddess's element) are not errors: the sheet lists them
under ``to_choose``, as it shows the points left to spend.
"""

from __future__ import annotations

from typing import Any

from ..calculator import Calculator, SavedCards
from ..errors import CalculatorError, Problems
from ..interpretations import note_ref, reading
from ..params import CHOICE, JSON, TEXT, Param, When
from ..ui import ROLL_SEED, rule_refs
from .character_view import render_character
from .checks import STAT_POINTS_PER_DIE, dice_for_stat, roll_check
from .combat import COMBAT_RULES, rule
from .gear import WEAPONS
from .rules import (ABILITIES, ELEMENTS, MANIPULATIONS, PROFESSIONS, RACES, SHOT_TYPES, SKILLS,
                    STAT_KEYS, STAT_LABELS)
from .spellcards.deck import MAX_ENTRIES
from .spellcards.rolls import (DAMAGE_ROLL, TO_HIT_ROLL, damage_dice, roll_damage, roll_to_hit,
                               to_hit_check)
from .spellcards.rules import MAX_LEVEL

PAGE = "western-roses/character.md"
CREATION = "western-roses/character-creation.md"

BONUS_POINTS = rule("bonus-points")
SKILL_POINTS = rule("skill-points")
MAX_MANIPULATIONS = rule("manipulation-abilities-max")
DODGE_DIFFICULTY = rule("dodge-difficulty")
#: Where the site presents each rule-book section a broken rule names (the message links it).
RULE_PAGES = rule_refs({
    "Abilities": f"{CREATION}#abilities",
    "Manipulation abilities": f"{CREATION}#manipulation-abilities",
    "Bonus Points": f"{CREATION}#bonus-points",
    "Skills": f"{CREATION}#skills",
    "Basic rolls": "western-roses/basic-rolls.md#dice-from-a-stat",
    "Spellcards": "western-roses/spellcards.md#deck-limits",
})

#: An ability pick's value for a manipulation ability (they share the ability picks; reading
#: manipulation-uses-the-ability-pick).
MANIPULATION_PREFIX = "manipulation:"
NOT_CHOSEN = ("", "Not chosen yet")

#: Races that pick more than the one ability (the pony), from the race data.
EXTRA_PICK_RACES = tuple(r.id for r in RACES.values() if r.modifier("abilities-at-creation"))
#: Races that choose a natural weapon (the youkai); the race data says so in words only.
NATURAL_WEAPON_RACES = ("youkai",)

#: Checks rolled from the sheet besides the stats and skills: (id, label, stat, modifier
#: target in the race and ability data, target number and where the rule is written).
BATTLE_CHECKS = (
    ("dodge-danmaku", "Dodge danmaku", "ins", "dodge-danmaku", DODGE_DIFFICULTY,
     COMBAT_RULES["dodge-difficulty"].source),
    ("graze", "Graze", "ins", "graze", DODGE_DIFFICULTY, COMBAT_RULES["graze-power-multiplier"].source),
)

ABILITY_CHOICES = (NOT_CHOSEN, *((a.id, a.name) for a in ABILITIES.values()),
                   *((MANIPULATION_PREFIX + m.id, m.name) for m in MANIPULATIONS.values()))
SKILL_CHOICES = (NOT_CHOSEN, *((s.id, s.name) for s in SKILLS.values()))
CARD_ROLL_CHOICES = (("", "None"), (DAMAGE_ROLL, "Damage"), (TO_HIT_ROLL, "To-hit"))
ROLL_CHOICES = (("", "None"), *((k, STAT_LABELS[k]) for k in STAT_KEYS),
                *((s.id, s.name) for s in SKILLS.values()),
                *((c[0], c[1]) for c in BATTLE_CHECKS))


def _cite(record) -> str:
    return record.source.cite()


PARAMS = (
    Param("name", "Character name", kind=TEXT, default="", maximum=60,
          help="Her name; saved characters are listed under it."),
    Param("shot_type", "Shot-type", kind=CHOICE, default="spectrum-mystery",
          choices=tuple((s.id, s.name) for s in SHOT_TYPES.values()),
          help="Step 1: her starting stats, HP, speed, range and ability."),
    Param("race", "Race", kind=CHOICE, default="pony",
          choices=tuple((r.id, r.name) for r in RACES.values()),
          help="Step 2: bonuses, penalties and racial traits."),
    Param("natural_weapon", "Natural weapon", kind=TEXT, default="", maximum=40,
          applies=When("race", NATURAL_WEAPON_RACES),
          help="A youkai chooses one: teeth, claws, a tail…"),
    Param("profession", "Profession", kind=CHOICE, default="carefree-soul",
          choices=tuple((p.id, p.name) for p in PROFESSIONS.values() if p.implemented),
          help="Step 3: her level-1 ability, starting equipment and yen."),
    Param("goddess_element", "Goddess's element", kind=CHOICE, default="",
          choices=(NOT_CHOSEN, *((e.id, e.name) for e in ELEMENTS.values())),
          applies=When("profession", ("shrine-maiden",)),
          help="A Shrine Maiden chooses her patron goddess's element."),
    Param("element", "Elemental affinity", kind=CHOICE, default="fire",
          choices=tuple((e.id, e.name) for e in ELEMENTS.values()),
          help="Step 4: her element and her danmaku's."),
    *(Param(f"bonus_{k}", f"{STAT_LABELS[k]} bonus points", default=0, minimum=0,
            maximum=BONUS_POINTS, help=f"Step 5: {BONUS_POINTS} points in all over the four "
            "major stats." if k == STAT_KEYS[0] else "") for k in STAT_KEYS),
    *(Param(f"skill_{s.id}", f"{s.name} points", default=0, minimum=0, maximum=SKILL_POINTS,
            help=f"Step 6: {SKILL_POINTS} points in all, on top of each skill's base."
            if i == 0 else "") for i, s in enumerate(SKILLS.values())),
    Param("ability_1", "Ability", kind=CHOICE, default="", choices=ABILITY_CHOICES,
          help="Step 7: one ability, or one manipulation ability."),
    Param("focus_skill_1", "Skill Focus: skill", kind=CHOICE, default="", choices=SKILL_CHOICES,
          applies=When("ability_1", ("skill-focus",))),
    Param("ability_2", "Second ability (pony)", kind=CHOICE, default="", choices=ABILITY_CHOICES,
          applies=When("race", EXTRA_PICK_RACES),
          help="A pony picks two; at most one manipulation ability."),
    Param("focus_skill_2", "Second Skill Focus: skill", kind=CHOICE, default="",
          choices=SKILL_CHOICES, applies=When("ability_2", ("skill-focus",))),
    Param("level", "Level", default=1, minimum=1, maximum=MAX_LEVEL,
          help="Sets how many spellcards her deck holds."),
    Param("deck", "Spellcard deck (JSON)", kind=JSON, editor="card-list",
          help="Step 8: [{\"card\": {...}, \"copies\": n}, …]; add cards saved in the "
               "spellcard builder with “Add to deck”."),
    Param("roll", "Roll", kind=CHOICE, default="", choices=ROLL_CHOICES, hidden=True,
          transient=True, help="The check just rolled (set by a Roll button)."),
    Param("card_roll", "Card roll", kind=CHOICE, default="", choices=CARD_ROLL_CHOICES,
          hidden=True, transient=True,
          help="What was just rolled for a card of her deck (set by its Roll button)."),
    Param("card", "Card rolled", minimum=1, maximum=MAX_ENTRIES, hidden=True, transient=True,
          help="Which entry of her deck the card roll is for, counting from 1."),
    ROLL_SEED,
)


def _term(item: str, value: int, source: str, note: str = "") -> dict:
    """One term of a derived number: what adds it, how much, where the rule is written."""
    return {"item": item, "value": value, "source": source, "note": note}


def _picks(p: dict) -> list[dict]:
    """The ability picks this character has, each ``{field, value, focus_field, focus}``."""
    count = rule("abilities-at-creation") + RACES[p["race"]].modifier("abilities-at-creation")
    picks = []
    for i in range(1, count + 1):
        picks.append({"field": f"ability_{i}", "value": p[f"ability_{i}"],
                      "focus_field": f"focus_skill_{i}", "focus": p[f"focus_skill_{i}"]})
    return picks


def _check_picks(p: dict, picks: list[dict], problems: Problems) -> None:
    """Manipulation limits and affinities, and no ability twice (reading
    pony-picks-two-different-abilities)."""
    manip_section = next(iter(MANIPULATIONS.values())).source.section
    ability_section = next(iter(ABILITIES.values())).source.section
    seen: set[tuple[str, str]] = set()
    manipulations = 0
    for pick in picks:
        value = pick["value"]
        if not value:
            continue
        key = (value, pick["focus"] if value == "skill-focus" else "")
        if key in seen:
            what = (f"Skill Focus on {SKILLS[pick['focus']].name}" if key[1]
                    else dict(ABILITY_CHOICES)[value])
            problems.broken(pick["focus_field"] if key[1] else pick["field"],
                            f"{what} is picked twice; her two picks are two different abilities",
                            ability_section)
        seen.add(key)
        if value.startswith(MANIPULATION_PREFIX):
            manipulations += 1
            manip = MANIPULATIONS[value[len(MANIPULATION_PREFIX):]]
            if manipulations > MAX_MANIPULATIONS:
                problems.broken(pick["field"], f"At most {MAX_MANIPULATIONS} manipulation "
                                "ability per character", manip_section)
            elif manip.requires_affinity and manip.requires_affinity != p["element"]:
                problems.broken(pick["field"], f"{manip.name} needs a "
                                f"{ELEMENTS[manip.requires_affinity].name.lower()} affinity; "
                                f"hers is {ELEMENTS[p['element']].name.lower()}", manip_section)


def _budget(p: dict, fields: list[str], budget: int, what: str, section: str,
            problems: Problems) -> dict:
    spent = sum(p[f] for f in fields)
    if spent > budget:
        last = [f for f in fields if p[f]][-1]
        problems.broken(last, f"Over budget: {spent} of the {budget} {what} are spent", section)
    return {"spent": spent, "budget": budget, "left": budget - spent}


def _chosen_abilities(picks: list[dict]) -> list:
    return [ABILITIES[pick["value"]] for pick in picks if pick["value"] in ABILITIES]


def _stats(p: dict, shot, race, prof, abilities) -> dict[str, dict]:
    stats = {}
    for k in STAT_KEYS:
        terms = [_term(f"Shot-type: {shot.name}", shot.stats[k], _cite(shot))]
        if race.stat_bonuses.get(k):
            terms.append(_term(f"Race: {race.name}", race.stat_bonuses[k], _cite(race)))
        if prof.stat_bonus and prof.stat_bonus.get(k):
            terms.append(_term(f"{prof.name}, level 1", prof.stat_bonus[k], _cite(prof)))
        if p[f"bonus_{k}"]:
            terms.append(_term("Bonus points", p[f"bonus_{k}"],
                               COMBAT_RULES["bonus-points"].source.cite()))
        for a in abilities:
            if a.modifier(f"stat:{k}"):
                terms.append(_term(a.name, a.modifier(f"stat:{k}"), _cite(a),
                                   "while her standard clothing is worn and uncovered; reading "
                                   "frilly-clothing-on-the-sheet" if a.id == "frilly-clothing"
                                   else ""))
        value = sum(t["value"] for t in terms)
        stats[k] = {"id": k, "name": STAT_LABELS[k], "value": value,
                    "dice": dice_for_stat(max(value, 0)), "from": terms}
    return stats


def _roll_modifiers(target: str, shot, race, abilities, picks: list[dict]) -> list[dict]:
    """Modifiers on a roll (shot-type, race, abilities, Skill Focus): reading
    skill-bonuses-are-roll-modifiers."""
    terms = []
    if shot.modifier(target):
        terms.append(_term(f"Shot-type: {shot.name} ({shot.ability.name})",
                           shot.modifier(target), _cite(shot)))
    if race.modifier(target):
        terms.append(_term(f"Race: {race.name}", race.modifier(target), _cite(race)))
    for a in abilities:
        if a.modifier(target):
            terms.append(_term(a.name, a.modifier(target), _cite(a)))
    kind, _, skill = target.partition(":")
    for pick in picks:
        if kind == "skill" and pick["value"] == "skill-focus" and pick["focus"] == skill:
            focus = ABILITIES["skill-focus"]
            terms.append(_term(f"Skill Focus ({SKILLS[skill].name})",
                               focus.modifier("chosen-skill"), _cite(focus)))
    return terms


def _check(check_id: str, label: str, kind: str, value: int, modifiers: list[dict],
           target: int | None = None) -> dict:
    modifier = sum(t["value"] for t in modifiers)
    return {"id": check_id, "label": label, "kind": kind, "value": value,
            "dice": dice_for_stat(max(value, 0)), "modifier": modifier,
            "modifiers": modifiers, "target": target}


def _sheet_checks(stats, shot, race, abilities, picks, p) -> tuple[list[dict], list[dict]]:
    """The checks rolled from the sheet (stats, skills, dodging and grazing), and the skills'
    derivations."""
    values = {k: s["value"] for k, s in stats.items()}
    checks = [_check(k, s["name"], "stat", s["value"], []) for k, s in stats.items()]
    skills = []
    for s in SKILLS.values():
        base = s.base_value(values)
        points = p[f"skill_{s.id}"]
        stat_names = " and ".join(STAT_LABELS[k] for k in s.base)
        base_note = (f"{stat_names} {values[s.base[0]]}" if len(s.base) == 1 else
                     f"half of {stat_names} ({' + '.join(str(values[k]) for k in s.base)}), "
                     f"rounded up; {reading(note_ref(__package__, 'skill-base-is-the-average'))}")
        terms = [_term("Base", base, _cite(s), base_note)]
        if points:
            terms.append(_term("Skill points", points, COMBAT_RULES["skill-points"].source.cite()))
        value = base + points
        check = _check(s.id, s.name, s.group, value,
                       _roll_modifiers(f"skill:{s.id}", shot, race, abilities, picks))
        checks.append(check)
        skills.append({**check, "base": base, "points": points, "from": terms})
    for check_id, label, stat, target, difficulty, source in BATTLE_CHECKS:
        terms = _roll_modifiers(target, shot, race, abilities, picks)
        checks.append({**_check(check_id, label, "battle", values[stat], terms, difficulty),
                       "stat": stat, "source": source.cite()})
    return checks, skills


def _sub_stats(shot, race, prof, abilities) -> dict[str, dict]:
    hp = [_term(f"Shot-type: {shot.name}", shot.hp, _cite(shot))]
    if prof.hp_bonus:
        hp.append(_term(f"{prof.name}, level 1", prof.hp_bonus, _cite(prof)))
    hp += [_term(a.name, a.modifier("max-hp"), _cite(a)) for a in abilities if a.modifier("max-hp")]
    speed = [_term(f"Shot-type: {shot.name}", shot.speed, _cite(shot))]
    if race.stat_bonuses.get("speed"):
        speed.append(_term(f"Race: {race.name}", race.stat_bonuses["speed"], _cite(race)))
    reach = [_term(f"Shot-type: {shot.name}", shot.range, _cite(shot))]
    return {key: {"value": sum(t["value"] for t in terms), "from": terms}
            for key, terms in (("hp", hp), ("speed", speed), ("range", reach))}


def _features(p: dict, shot, race, prof, picks: list[dict]) -> list[dict]:
    """Abilities, traits and level-1 effects, in the order of the steps."""
    out = [{"step": "Shot-type", "name": shot.ability.name, "text": shot.ability.text,
            "source": _cite(shot)}]
    out += [{"step": f"Race: {race.name}", "name": t.name, "text": t.text, "source": _cite(race)}
            for t in race.traits]
    if race.other:
        out.append({"step": f"Race: {race.name}", "name": "Other", "text": race.other,
                    "source": _cite(race)})
    if race.id in NATURAL_WEAPON_RACES:
        weapon = WEAPONS["natural-weapon"]
        chosen = p["natural_weapon"] or "not chosen yet"
        out.append({"step": f"Race: {race.name}", "name": f"Natural weapon: {chosen}",
                    "text": f"Range {weapon.range.spaces}, {weapon.damage_dice}d damage "
                            f"({weapon.name.lower()}).", "source": weapon.source.cite()})
    out.append({"step": f"Profession: {prof.name}", "name": "Level 1", "text": prof.level_1,
                "source": _cite(prof)})
    if prof.has_goddess_element:
        element = ELEMENTS.get(p["goddess_element"])
        out.append({"step": f"Profession: {prof.name}", "name": "Goddess's element",
                    "text": element.name if element else "not chosen yet", "source": _cite(prof)})
    for pick in picks:
        value = pick["value"]
        if value in ABILITIES:
            a = ABILITIES[value]
            name = a.name + (f" ({SKILLS[pick['focus']].name})" if pick["focus"] and
                             value == "skill-focus" else "")
            out.append({"step": "Ability", "name": name, "text": a.text, "source": _cite(a)})
        elif value:
            m = MANIPULATIONS[value[len(MANIPULATION_PREFIX):]]
            out.append({"step": "Manipulation ability", "name": m.name, "text": m.text,
                        "source": _cite(m)})
    return out


def _to_choose(p: dict, race, prof, picks: list[dict]) -> list[dict]:
    todo = []
    if race.id in NATURAL_WEAPON_RACES and not p["natural_weapon"]:
        todo.append({"field": "natural_weapon", "what": "her natural weapon"})
    if prof.has_goddess_element and not p["goddess_element"]:
        todo.append({"field": "goddess_element", "what": "her goddess's element"})
    for pick in picks:
        if not pick["value"]:
            todo.append({"field": pick["field"], "what": "an ability"})
        elif pick["value"] == "skill-focus" and not pick["focus"]:
            todo.append({"field": pick["focus_field"], "what": "Skill Focus's skill"})
    return todo


def _deck(p: dict, abilities, stats: dict, problems: Problems) -> dict:
    """The deck, checked for this character as its caster by the deck checker's code."""
    from .spellcards.deck import check_deck, deck_limits

    grimoire = any(a.id == "grimoire" for a in abilities)
    caster: dict[str, Any] = {"element": p["element"], "shot_type": p["shot_type"],
                              "profession": p["profession"], "level": p["level"],
                              "grimoire": grimoire}
    if p["profession"] == "shrine-maiden" and p["goddess_element"]:
        caster["goddess_element"] = p["goddess_element"]
    entries = p["deck"]
    if entries is None or entries == []:
        limits = deck_limits(p["level"], p["profession"], grimoire)
        return {"total_cards": 0, "max_cards": limits["cards"], "kinds": 0,
                "max_kinds": limits["kinds"], "total_cost": 0, "cards": [], "notes": [],
                "limits": limits["lines"], "legal": True}
    if not isinstance(entries, list):
        problems.add("deck", "The deck must be a list of cards: [{\"card\": {...}, "
                             "\"copies\": n}, …].")
        return {}
    try:
        report = check_deck({"caster": caster, "cards": entries})
    except CalculatorError as exc:
        for e in exc.errors:
            problems.add("deck", f"{e.field}: {e.message}" if e.field else e.message, e.rule)
        return {}
    for problem in report["problems"]:
        problems.add("deck", problem["message"], RULE_PAGES["Spellcards"])
    out = {key: report[key] for key in ("total_cards", "max_cards", "kinds", "max_kinds",
                                        "total_cost", "notes", "limits", "legal")}
    out["cards"] = [_deck_card(row, entries[row["index"]]["card"], caster, stats, p)
                    for row in report["cards"]]
    return out


def _deck_card(row: dict, document: dict, caster: dict, stats: dict, p: dict) -> dict:
    """One card of her deck as the sheet shows it: the deck checker's row, what the card
    rolls for her (damage, to-hit), and the builder's inputs that open it there."""
    from .spellcards.flat import DEFAULTS, from_card

    flat, _ = from_card({**document, "caster": caster})
    values = {k: s["value"] for k, s in stats.items()}
    return {**row, "damage": damage_dice(row["card"], values),
            "to_hit": to_hit_check(row["card"], values, p["shot_type"]),
            "builder": None if flat is None else
            {k: v for k, v in flat.items() if v != DEFAULTS[k]}}


def _card_roll(p: dict, deck: dict, problems: Problems) -> dict | None:
    """The roll a card's Roll button asked for: its damage or its to-hit check."""
    if not p["card_roll"]:
        return None
    cards = deck.get("cards", [])
    if p["card"] is None or p["card"] > len(cards):
        problems.add("card", f"Her deck has {len(cards)} cards; there is no card "
                             f"{p['card'] or ''} to roll for.")
        return None
    if p["seed"] is None:
        problems.add("seed", "A roll needs a seed; the Roll button gives one.")
        return None
    row = cards[p["card"] - 1]
    if p["card_roll"] == DAMAGE_ROLL:
        spec = row["damage"]
        if spec is None:
            problems.add("card_roll", f"{row['name']} deals no damage to roll.")
            return None
        rolled = roll_damage(spec, p["seed"])
        what = f"{row['name']} damage: {spec['text']}"
    else:
        spec = row["to_hit"]
        if spec is None or spec["dice"] < 1:
            problems.broken("card_roll", f"{row['name']} has no to-hit roll to make"
                            if spec is None else f"{row['name']}'s to-hit roll "
                            f"({spec['label']}) rolls no dice: a check needs at least "
                            f"{STAT_POINTS_PER_DIE} points", "Basic rolls")
            return None
        rolled = roll_to_hit(spec, p["seed"])
        mod = f"{spec['modifier']:+d}" if spec["modifier"] else ""
        what = f"{row['name']} to-hit: {spec['dice']}d6{mod} against {spec['target']}"
    faces = ", ".join(str(f) for f in rolled["faces"])
    result = (f" → {'hit' if rolled['hit'] else 'miss'}" if p["card_roll"] == TO_HIT_ROLL else "")
    entry = f"{what} → {faces or 'no dice'} = {rolled['total']}{result}"
    return {**rolled, "kind": p["card_roll"], "card": p["card"], "name": row["name"],
            "seed": p["seed"], "entry": entry,
            "key": f"card-{p['card']}-{p['card_roll']}:{p['seed']}"}


def _roll(p: dict, checks: list[dict], problems: Problems) -> dict | None:
    if not p["roll"]:
        return None
    check = next(c for c in checks if c["id"] == p["roll"])
    if check["dice"] < 1:
        problems.broken("roll", f"{check['label']} {check['value']} rolls no dice: a check "
                        f"needs at least {STAT_POINTS_PER_DIE} points", "Basic rolls")
        return None
    if p["seed"] is None:
        problems.add("seed", "A roll needs a seed; the Roll button gives one.")
        return None
    rolled = roll_check(check["dice"], check["modifier"], p["seed"])
    mod = f"{rolled['modifier']:+d}" if rolled["modifier"] else ""
    faces = ", ".join(str(f) for f in rolled["faces"])
    band = {"critical-success": " (critical success)", "critical-failure": " (critical failure)",
            None: ""}[rolled["band"]]
    entry = (f"{check['label']} check: {rolled['dice']}d6{mod} → {faces}"
             f"{' ' + mod if mod else ''} = {rolled['total']}{band}")
    return {**rolled, "check": check["id"], "label": check["label"], "seed": p["seed"],
            "target": check["target"], "entry": entry, "key": f"{check['id']}:{p['seed']}"}


def wr_character(**p: Any) -> dict:
    """Check a character against the creation rules and derive her sheet.

    Raises:
        CalculatorError: one :class:`FieldError` per broken rule, on its control.
    """
    problems = Problems(rule_pages=RULE_PAGES)
    shot, race, prof = SHOT_TYPES[p["shot_type"]], RACES[p["race"]], PROFESSIONS[p["profession"]]
    picks = _picks(p)
    _check_picks(p, picks, problems)
    abilities = _chosen_abilities(picks)
    bonus = _budget(p, [f"bonus_{k}" for k in STAT_KEYS], BONUS_POINTS, "bonus points",
                    COMBAT_RULES["bonus-points"].source.section, problems)
    skill_points = _budget(p, [f"skill_{s}" for s in SKILLS], SKILL_POINTS, "skill points",
                           COMBAT_RULES["skill-points"].source.section, problems)
    stats = _stats(p, shot, race, prof, abilities)
    checks, skills = _sheet_checks(stats, shot, race, abilities, picks, p)
    deck = _deck(p, abilities, stats, problems)
    roll = _roll(p, checks, problems)
    card_roll = _card_roll(p, deck, problems)
    problems.raise_if_any()
    return {
        "name": p["name"],
        "level": p["level"],
        "shot_type": shot.name, "race": race.name, "profession": prof.name,
        "element": ELEMENTS[p["element"]].name,
        "bonus_points": bonus, "skill_points": skill_points,
        "stats": list(stats.values()),
        "skills": skills,
        "checks": checks,
        **_sub_stats(shot, race, prof, abilities),
        "features": _features(p, shot, race, prof, picks),
        "equipment": list(prof.starting_equipment)
        + (["a grimoire (Magician)"] if race.id == "magician" else []),
        "yen": prof.starting_yen,
        "deck": deck,
        "to_choose": _to_choose(p, race, prof, picks),
        "roll": roll,
        "card_roll": card_roll,
    }


#: The page's example: an oni Fourth Strike Guardian (worked by hand in the package tests),
#: one bonus point still to spend.
EXAMPLE = {
    "name": "Akane", "shot_type": "fourth-strike", "race": "oni", "profession": "guardian",
    "element": "fire", "bonus_pwr": 6, "bonus_cha": 6, "bonus_int": 4, "bonus_ins": 3,
    "skill_flying": 4, "skill_dexterity": 3, "skill_sense": 3, "ability_1": "hard-to-kill",
}

WR_CHARACTER = Calculator(
    name="wr-character",
    title="Character builder",
    summary="A Western Roses character built step by step against the creation rules, and her "
            "sheet: every stat, skill and sub-stat with what it comes from, rolls and odds.",
    params=PARAMS,
    compute=wr_character,
    render=render_character,
    example=EXAMPLE,
    rules=(("Character creation", CREATION), ("Basic rolls", "western-roses/basic-rolls.md")),
    saved=True,
    saved_as="Western Roses character",
    collection="character",
    document="sheet",
    cards=SavedCards(made_at="western-roses/spellcards.md#card-builder"),
)
