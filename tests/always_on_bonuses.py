"""Every always-on number of a shot-type, race, profession or ability, with its source sentence,
and where it goes: the character sheet, or an interpretation note saying why not.

A row is one number (or one ability's numbers) as the source states it: ``sentence`` is the
source's own words (checked against the seed text where it is present, see
``tests/source_texts.py``), ``datum`` names the structured field of the rule data that carries
it, if any. ``sheet`` rows are worked by hand in ``test_always_on_bonuses.py`` (the number on
a sheet with it against one without it); ``note`` rows name the interpretation note, on the
system's notes page, that says why the sheet does not count it.

Roll-and-keep has no characters, and post-magic-maid abilities are the player's own (their
bonuses are the bonus rules below); Magical Burst talents are its abilities.
"""

from __future__ import annotations

from dataclasses import dataclass

from calculators.systems import SYSTEMS
from source_texts import MAGICAL_BURST, POST_MAGIC_MAID, WESTERN_ROSES

#: The rule-data package of each seed.
PACKAGES = {s.seed: s.package for s in SYSTEMS}
#: The interpretation-notes page of each seed, from the site's root.
NOTES_PAGES = {s.seed: f"{s.folder}/interpretation-notes" for s in SYSTEMS}


@dataclass(frozen=True)
class Bonus:
    """One always-on number.

    Attributes:
        key: a short id for the test's name.
        seed: the seed file it comes from.
        owner: the shot-type, race, profession or ability (record id) that gives it.
        name: the ability or trait, as the source names it.
        sentence: the source's sentence stating the number.
        where: ``"sheet"`` (the character sheet counts it) or an interpretation note id.
        datum: the rule-data fields that carry it, ``(file stem, record id, field)``; a
            modifier is ``(stem, id, "modifiers", applies_to)``.
        mention: how its note names it, where neither ``name`` nor the owner's name is used
            (a talent whose name the source lost).
    """

    key: str
    seed: str
    owner: str
    name: str
    sentence: str
    where: str
    datum: tuple[tuple[str, ...], ...] = ()
    mention: str = ""


SHEET = "sheet"
_SHOT = "shot-type-numbers-off-the-sheet"
_RACE = "race-numbers-off-the-sheet"
_PROF = "profession-numbers-off-the-sheet"
_ABILITY = "ability-numbers-off-the-sheet"
_TALENT = "talent-numbers-off-the-sheet"
WR, MB, PMM = WESTERN_ROSES, MAGICAL_BURST, POST_MAGIC_MAID

BONUSES: tuple[Bonus, ...] = (
    # --- Western Roses: shot-types ("Shot-types") --------------------------------------------
    Bonus("lucky", WR, "spectrum-mystery", "Lucky",
          "Once per battle you may re-roll a roll of your choice made this turn", _SHOT),
    Bonus("homing-danmaku", WR, "homing-amulets", "Homing Danmaku",
          "Any attack spell card which requires a to-hit roll receives a +2 modifier. All "
          "attempts to dodge your danmaku attack suffer a -2 penalty.", _SHOT),
    Bonus("efficiency", WR, "magic-missile", "Efficiency",
          "All spell cards cost 10 less power to activate.", SHEET,
          (("shot_types", "magic-missile", "spellcard_discount"),)),
    Bonus("training", WR, "fourth-strike", "Training",
          "All physical attacks receive a +4 to damage.", _SHOT),
    Bonus("power-hungry", WR, "tip-of-death", "Power-Hungry",
          "You gain twice the normal amount of power from all power-gaining actions.", _SHOT),
    Bonus("resilience", WR, "charge-of-virtue", "Resilience",
          "you take 5 less damage from all attacks.", _SHOT,
          (("shot_types", "charge-of-virtue", "damage_reduction"),)),
    Bonus("stunning-note", WR, "slow-sound", "Stunning Note",
          "On a successful attack, inflicts a 2-turn stun if the defender does not succeed her "
          "charisma roll", _SHOT),
    Bonus("fleet-hooves", WR, "tengu-gale", "Fleet Hooves",
          "You may move for your full speed once per turn without taking an action.", _SHOT),
    Bonus("quick-strike", WR, "misdirection", "Quick Strike",
          "You may make an attack once per turn without taking an action.", _SHOT),
    Bonus("embrace-of-night", WR, "night-dance", "Embrace of Night",
          "Night Dancers receive a +2 to all stealth and dexterity checks.", SHEET,
          (("shot_types", "night-dance", "modifiers", "skill:stealth"),
           ("shot_types", "night-dance", "modifiers", "skill:dexterity"))),
    # --- Western Roses: races ("Races") ------------------------------------------------------
    Bonus("pony-improvise", WR, "pony", "Pony Ingenuity",
          "ponies receive a +4 to all improvise rolls.", SHEET,
          (("races", "pony", "modifiers", "skill:improvise"),)),
    Bonus("pony-improvised-weapons", WR, "pony", "Pony Ingenuity",
          "They suffer no penalties from the use of improvised tools and weapons", _RACE,
          (("races", "pony", "modifiers", "ignore-improvised-weapon-penalty"),)),
    Bonus("pony-extra-ability", WR, "pony", "Other bonuses",
          "Ponies receive an additional ability at creation", SHEET,
          (("races", "pony", "modifiers", "abilities-at-creation"),)),
    Bonus("fairy-stats", WR, "fairy", "Stat bonuses", "Stat bonuses: CHR +2, INT -1, INS -2",
          SHEET, (("races", "fairy", "stat_bonuses"),)),
    Bonus("fairy-diminutive", WR, "fairy", "Diminutive",
          "All physical attacks against them suffer a -2 penalty on to-hit rolls.", _RACE,
          (("races", "fairy", "modifiers", "physical-to-hit-against"),)),
    Bonus("fairy-short-term-memory", WR, "fairy", "Short-term Memory",
          "On a 1 or 2 you forget you even took damage", _RACE),
    Bonus("fairy-improvised-weapons", WR, "fairy", "Other bonuses",
          "Fairies suffer no penalties from using improvised weapons.", _RACE,
          (("races", "fairy", "modifiers", "ignore-improvised-weapon-penalty"),)),
    Bonus("oni-stats", WR, "oni", "Stat bonuses", "Stat bonuses: PWR +3, INT -1", SHEET,
          (("races", "oni", "stat_bonuses"),)),
    Bonus("oni-iron-blood", WR, "oni", "Iron Blood",
          "When heavily drunk or higher they still receive a +4 to all attempts to remain "
          "conscious.", _RACE,
          (("races", "oni", "modifiers", "drinking-consciousness-heavily-drunk-or-more"),)),
    Bonus("tengu-stats", WR, "tengu", "Stat bonuses", "Stat bonuses: SPD +2, PWR -2, CHR +2",
          SHEET, (("races", "tengu", "stat_bonuses"),)),
    Bonus("tengu-kaze-sake", WR, "tengu", "Kaze Sake",
          "they receive a bonus to speed instead (+1 at tipsy, +2 at drunk, and +4 at heavily "
          "drunk).", _RACE,
          (("races", "tengu", "modifiers", "speed-when-tipsy"),
           ("races", "tengu", "modifiers", "speed-when-drunk"),
           ("races", "tengu", "modifiers", "speed-when-heavily-drunk"))),
    Bonus("lunarian-stats", WR, "lunarian", "Stat bonuses",
          "Stat bonuses: CHR +2, INT +2, INS -2", SHEET, (("races", "lunarian", "stat_bonuses"),)),
    Bonus("lunarian-moon-purity", WR, "lunarian", "Moon Purity",
          "Lunarians receive +2 to legends and dexterity.", SHEET,
          (("races", "lunarian", "modifiers", "skill:legends"),
           ("races", "lunarian", "modifiers", "skill:dexterity"))),
    Bonus("lunarian-night-and-full-moon", WR, "lunarian", "Moon Purity",
          "At night they also receive +2 to stealth. During the full moon they also receive +2 "
          "to sense.", _RACE),
    Bonus("moon-hare-stats", WR, "moon-hare", "Stat bonuses",
          "Stat bonuses: SPD +1, PWR -2, CHR +2, INT -1, INS +2", SHEET,
          (("races", "moon-hare", "stat_bonuses"),)),
    Bonus("magician-stats", WR, "magician", "Stat bonuses",
          "Stat bonuses: PWR -1, CHR -2, INT +3, INS +2", SHEET,
          (("races", "magician", "stat_bonuses"),)),
    Bonus("magician-magic-spirit", WR, "magician", "Magic Spirit",
          "All magic skills and attacks deal an additional 2 points of damage.", _RACE,
          (("races", "magician", "modifiers", "magic-damage"),)),
    Bonus("youkai-stats", WR, "youkai", "Stat bonuses", "Stat bonuses: PWR +2, INT-1, INS +1",
          SHEET, (("races", "youkai", "stat_bonuses"),)),
    Bonus("youkai-hardy", WR, "youkai", "Hardy",
          "giving them +2 to all rolls to avoid status effects", _RACE,
          (("races", "youkai", "modifiers", "status-effect-resistance"),)),
    # --- Western Roses: professions ("Professions", level 1) --------------------------------
    Bonus("carefree-soul", WR, "carefree-soul", "Level 1",
          "Carefree Souls receive +1 to all four mane stats.", SHEET,
          (("professions", "carefree-soul", "stat_bonus"),)),
    Bonus("shrine-maiden", WR, "shrine-maiden", "Level 1",
          "A Shrine Maiden may heal a target for 2d at will twice per day.", _PROF),
    Bonus("librarian-deck", WR, "librarian", "Level 1",
          "Librarians can hold an additional 5 cards and 1 spell card kind in their spellcard "
          "deck.", SHEET, (("professions", "librarian", "deck_extra_cards"),
                           ("professions", "librarian", "deck_extra_kinds"))),
    Bonus("librarian-two-cards", WR, "librarian", "Level 1",
          "librarians may activate two spellcards in the same turn with a single action.", _PROF),
    Bonus("guardian", WR, "guardian", "Level 1",
          "They are also exceptionally hardy and begin with an additional 20 HP.", SHEET,
          (("professions", "guardian", "hp_bonus"),)),
    Bonus("combat-maid", WR, "combat-maid", "Level 1",
          "all successful attacks with thrown weapons deal an additional 1d damage.", _PROF),
    Bonus("drunken-master", WR, "drunken-master", "Level 1",
          "every level of drunkenness starting at buzzed adds an extra 1d to the damage from a "
          "Drunken Master’s attacks with bare fists", _PROF),
    Bonus("doll-master", WR, "doll-master", "Level 1",
          "their intelligence and power stats are treated as halved for the purposes of basic "
          "attacks.", _PROF),
    # --- Western Roses: abilities ("Abilities") ----------------------------------------------
    Bonus("skill-focus", WR, "skill-focus", "Skill Focus",
          "All rolls with this skill receive a +2 bonus.", SHEET,
          (("abilities", "skill-focus", "modifiers", "chosen-skill"),)),
    Bonus("ley-lines", WR, "ley-lines", "Ley Lines",
          "You gain an additional 4 power at the beginning of each of your turns", _ABILITY,
          (("abilities", "ley-lines", "modifiers", "spell-power-per-turn"),)),
    Bonus("curvy-lasers", WR, "curvy-lasers", "Curvy Lasers",
          "All attempts to graze your attacks suffer a -4 penalty.", _ABILITY,
          (("abilities", "curvy-lasers", "modifiers", "graze-against"),)),
    Bonus("shoot-and-ill-move", WR, "shoot-and-ill-move", "Shoot and I’ll Move",
          "+2 to all attempts to dodge a danmaku attack.", SHEET,
          (("abilities", "shoot-and-ill-move", "modifiers", "dodge-danmaku"),)),
    Bonus("graze-points", WR, "graze-points", "Graze Points",
          "+4 to all attempted graze checks.", SHEET,
          (("abilities", "graze-points", "modifiers", "graze"),)),
    Bonus("frilly-clothing", WR, "frilly-clothing", "Frilly Clothing",
          "You receive +1 to your charisma as long as you are wearing all of your standard "
          "clothing", SHEET, (("abilities", "frilly-clothing", "modifiers", "stat:cha"),)),
    Bonus("keen-senses", WR, "keen-senses", "Keen Senses", "+2 to both sense and intuition.",
          SHEET, (("abilities", "keen-senses", "modifiers", "skill:sense"),
                  ("abilities", "keen-senses", "modifiers", "skill:intuition"))),
    Bonus("well-read", WR, "well-read", "Well-Read", "+2 to both will and legends.", SHEET,
          (("abilities", "well-read", "modifiers", "skill:will"),
           ("abilities", "well-read", "modifiers", "skill:legends"))),
    Bonus("grimoire", WR, "grimoire", "Grimoire",
          "You can carry an additional 5 cards and one card type in your spell deck.", SHEET,
          (("abilities", "grimoire", "modifiers", "deck-cards"),
           ("abilities", "grimoire", "modifiers", "deck-card-types"))),
    Bonus("brute-force", WR, "brute-force", "Brute Force", "+5 to all power-based damage.",
          _ABILITY, (("abilities", "brute-force", "modifiers", "physical-damage"),)),
    Bonus("hard-to-kill", WR, "hard-to-kill", "Hard to Kill", "+20 to maximum HP.", SHEET,
          (("abilities", "hard-to-kill", "modifiers", "max-hp"),)),
    # --- Magical Burst: talents with a standing number ("Affinities & Talents") -------------
    Bonus("follow-target", MB, "follow-target", "Follow Target",
          "Any time your attack misses, you gain a +2 bonus on the following attacks against "
          "the same target.", _TALENT),
    Bonus("battle-sorcery", MB, "battle-sorcery", "Battle Sorcery",
          "Get a +3 bonus to challenges made for using sorcery during a battle.", _TALENT),
    Bonus("lost-long-range", MB, "lost-long-range", "Name lost (longer range)",
          "You no longer have a +2 bonus to damage at melee range, instead your maximum range "
          "becomes 4 instead of 3.", _TALENT, mention="longer-range talent"),
    Bonus("belkan-system", MB, "belkan-system", "Belkan System",
          "whenever you successfully hit an opponent in melee range, you receive a +2 bonus",
          _TALENT),
    Bonus("lost-half-resolve-bonus", MB, "lost-half-resolve-bonus",
          "Name lost (bonus at half Resolve)",
          "While your current Resolve is half of your Base Resolve or less, you get +2 to attack "
          "challenges and +2 to the damage you cause with all of your attacks.", _TALENT,
          mention="knight talent"),
    Bonus("aura-of-strength", MB, "aura-of-strength", "Aura of Strength",
          "Any time you succeed on a defence roll you emit an aura that inflicts 2 damage to all "
          "enemies in the hexes adjacent to yours.", _TALENT),
    Bonus("courage-aura", MB, "courage-aura", "Courage Aura",
          "Allies in the positions adjacent to you in battle get +1 to all challenges.",
          _TALENT),
    # --- Post-magic-maid: the bonuses a player puts on her attributes and abilities ---------
    Bonus("creation-attribute-bonus", PMM, "creation-attribute-bonus", "Character Creation",
          "These attributes will receive a +1 bonus whenever they are rolled.", SHEET),
    Bonus("single-ability-bonus", PMM, "single-ability-bonus", "Single-ability bonus",
          "The first single-ability bonus an ability receives awards a +5 bonus when using that "
          "ability.", SHEET),
    Bonus("double-ability-bonus", PMM, "double-ability-bonus", "Double-ability bonus",
          "A double-ability bonus awards a +2 bonus to two different abilities", SHEET),
    Bonus("attribute-specialization", PMM, "attribute-specialization",
          "Attribute specialization",
          "the character is given a +1 bonus to any roll made with that attribute.", SHEET),
)



def owner_name(bonus: Bonus) -> str:
    """The name of what gives ``bonus`` (a shot-type, race, profession, ability or talent), as
    the rule data spells it."""
    from calculators.magical_burst.talents import TALENTS_BY_ID
    from calculators.western_roses.rules import PROFESSIONS, SHOT_TYPES
    from calculators.western_roses.rules import ABILITIES, RACES

    if bonus.seed == MAGICAL_BURST:
        return TALENTS_BY_ID[bonus.owner].name
    if bonus.seed == POST_MAGIC_MAID:
        return bonus.name
    for records in (SHOT_TYPES, RACES, PROFESSIONS, ABILITIES):
        if bonus.owner in records:
            return records[bonus.owner].name
    raise ValueError(f"{bonus.key}: unknown owner {bonus.owner}")


def names_in_note(bonus: Bonus) -> list[str]:
    """What its interpretation note may call ``bonus``: its own name or its owner's."""
    return [bonus.mention or bonus.name, owner_name(bonus)]


__all__ = ["BONUSES", "Bonus", "NOTES_PAGES", "PACKAGES", "SHEET", "names_in_note",
           "owner_name"]
