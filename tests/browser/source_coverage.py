"""The site's own map of the source topics it covers, and where each is presented.

One entry per source document (seed file): its topics, as the seeds' README lists them in its
"what it covers" column, each mapped to the section(s) of the built site that present it, as
"page/path/#anchor". The map lives in the repository so that any clone can check it against the
built pages (``test_seed_coverage.py``); where the README itself is beside the repository, the
same test file also checks that the map names exactly the README's topics, so a topic added
there without an entry here fails, by name.

Topic keys: a top-level topic is its text as written (bold markers stripped); an item of a
parenthesised group is "topic: item", so that the same words under two topics (Western Roses'
"elemental affinity") stay two entries.
"""

from __future__ import annotations

from calculators.systems import SYSTEMS

#: Seed file -> the folder of the built site holding that system's pages.
SYSTEM_FOLDERS = {s.seed: f"{s.folder}/" for s in SYSTEMS}

#: Pages that explain or define but are not where a rule is presented.
NOT_A_RULE_SECTION = ("glossary/", "interpretation-notes/")

WR_STATS = ("western-roses/basic-rolls/#dice-from-a-stat", "western-roses/basic-rolls/#dice-by-stat")
MB_TABLES = tuple(f"magical-burst/overcharge/#{stat}-{table}"
                  for stat in ("heart", "fury", "judgment")
                  for table in ("minor-flairs", "major-flairs", "changes"))

#: Seed file -> README topic -> the page section(s) presenting it.
COVERAGE: dict[str, dict[str, str | tuple[str, ...]]] = {
    "000_3481892bc7cdecd5.txt": {
        "Nd6 checks": ("western-roses/basic-rolls/#dice-from-a-stat",
                       "western-roses/basic-rolls/#target-numbers"),
        "Nd6 checks: one die per 3 stat points": WR_STATS,
        "Nd6 checks: modifiers": "western-roses/basic-rolls/#modifiers",
        "Nd6 checks: margins": "western-roses/basic-rolls/#margins",
        "Nd6 checks: critical success/failure":
            "western-roses/basic-rolls/#critical-success-and-failure",
        "versus checks": "western-roses/combat/#versus-checks",
        "major stats and sub-stats": "western-roses/character-creation/#stats",
        "character creation": "western-roses/character-creation/#steps",
        "character creation: shot-types": "western-roses/character-creation/#shot-types",
        "character creation: races": "western-roses/character-creation/#races",
        "character creation: professions": "western-roses/character-creation/#professions",
        "character creation: elemental affinity":
            "western-roses/character-creation/#elemental-affinity",
        "character creation: bonus points": "western-roses/character-creation/#bonus-points",
        "character creation: skills": "western-roses/character-creation/#skills",
        "character creation: abilities": "western-roses/character-creation/#abilities",
        "character creation: manipulation abilities":
            "western-roses/character-creation/#manipulation-abilities",
        "spellcards and their point costs": "western-roses/spellcards/#spellcard-costs",
        "spellcards and their point costs: types": "western-roses/spellcards/#card-types",
        "spellcards and their point costs: bombs": "western-roses/spellcards/#bombs",
        "spellcards and their point costs: to-hit": "western-roses/spellcards/#to-hit",
        "spellcards and their point costs: targets/AOE": ("western-roses/spellcards/#targets",
                                                          "western-roses/spellcards/#aoe"),
        "spellcards and their point costs: duration": "western-roses/spellcards/#duration",
        "spellcards and their point costs: attack power": "western-roses/spellcards/#attack-power",
        "spellcards and their point costs: elemental affinity":
            "western-roses/spellcards/#elemental-affinity",
        "spellcards and their point costs: profession-only special skills":
            "western-roses/spellcards/#special-skills",
        "deck limits": "western-roses/spellcards/#deck-limits",
        "combat turn and actions": ("western-roses/combat/#turn-order",
                                    "western-roses/combat/#actions"),
        "attacking/dodging/grazing": ("western-roses/combat/#attacking-and-dodging",
                                      "western-roses/combat/#grazing"),
        "spell-meter": "western-roses/combat/#spell-meter",
        "damage rolls": "western-roses/combat/#damage-rolls",
        "items": ("western-roses/items/#clothing", "western-roses/items/#weapons",
                  "western-roses/items/#armour"),
        "spell power": "western-roses/combat/#spell-power",
        "status effects": "western-roses/status-effects/#status-effects",
        "drinking": "western-roses/status-effects/#drinking",
        "elements and their two cycles": ("western-roses/elements/#first-cycle",
                                          "western-roses/elements/#second-cycle"),
    },
    "001_46d3c7a1980aa35d.txt": {
        "XkY+Z dice pools on d10s": ("roll-and-keep/#xkyz", "roll-and-keep/dice-pools/#rolling"),
        "XkY+Z dice pools on d10s: 0 = 10": "roll-and-keep/dice-pools/#d10s",
        "emphasis": "roll-and-keep/dice-pools/#emphasis",
        "emphasis: re-roll 1s once": "roll-and-keep/dice-pools/#emphasis",
        "emphasis: before explosions": "roll-and-keep/dice-pools/#emphasis",
        "exploding 10s": "roll-and-keep/dice-pools/#explosions",
        "unskilled rolls": "roll-and-keep/dice-pools/#unskilled",
        "unskilled rolls: no explosion": "roll-and-keep/dice-pools/#unskilled",
        "assembling a pool": "roll-and-keep/dice-pools/#assembling",
        "assembling a pool: attribute": "roll-and-keep/dice-pools/#assembling",
        "assembling a pool: skill": "roll-and-keep/dice-pools/#assembling",
        "assembling a pool: modifiers": "roll-and-keep/dice-pools/#assembling",
        "assembling a pool: normalisation above 10 rolled dice and kept > rolled":
            "roll-and-keep/dice-pools/#limits",
        "tests vs contests": "roll-and-keep/tests-and-raises/#tests-and-contests",
        "raises and maneuvers": ("roll-and-keep/tests-and-raises/#raises",
                                 "roll-and-keep/tests-and-raises/#maneuvers"),
        "blank effects": "roll-and-keep/other-rules/#blank",
        "marks": "roll-and-keep/other-rules/#marks",
        "movement": "roll-and-keep/other-rules/#movement",
        "reducing gains and maluses": ("roll-and-keep/other-rules/#gains-and-maluses",
                                       "roll-and-keep/other-rules/#reducing"),
    },
    "002_f32d69e9731a3667.txt": {
        "mundane stats": "magical-burst/ordinary-life/#mundane-stats",
        "mundane stats: 2d6 + stat": "magical-burst/checks/#mundane-checks",
        "mundane stats: 9+ success": "magical-burst/checks/#mundane-checks",
        "mundane stats: 13+ major": "magical-burst/checks/#mundane-checks",
        "bonds": "magical-burst/ordinary-life/#bonds",
        "magical stats": "magical-burst/magic/#magical-attributes",
        "magical stats: Heart": "magical-burst/magic/#heart",
        "magical stats: Fury": "magical-burst/magic/#fury",
        "magical stats: Judgment as Attack/Defence/Support": (
            "magical-burst/magic/#judgment", "magical-burst/magic/#attack-defence-support"),
        "overcharge": ("magical-burst/overcharge/#stages",
                       "magical-burst/overcharge/#gaining-overcharge"),
        "overcharge: exploding sixes": ("magical-burst/checks/#magical-checks",
                                        "magical-burst/overcharge/#gain-sixes"),
        "overcharge: stages 1-4 / 5-7 / 8-10 / 11-12 / 13+": tuple(
            f"magical-burst/overcharge/#stage-{stage}"
            for stage in ("minor-flair", "major-flair", "temporary-change", "permanent-change",
                          "burst")),
        "overcharge: flair and change tables per stat": MB_TABLES,
        "overcharge: the three bursts": ("magical-burst/overcharge/#heart-burst",
                                         "magical-burst/overcharge/#fury-burst",
                                         "magical-burst/overcharge/#judgment-burst"),
        "sorcery difficulty windows and side effects": ("magical-burst/checks/#sorcery",
                                                        "magical-burst/checks/#side-effect"),
        "powers": "magical-burst/magic/#powers",
        "combat": "magical-burst/combat/#combat",
        "combat: hex grid": "magical-burst/combat/#hex-grid",
        "combat: initiative": "magical-burst/combat/#initiative",
        "combat: resolve": "magical-burst/combat/#resolve",
        "combat: wounds": "magical-burst/combat/#wounds",
        "combat: attacks and damage": "magical-burst/combat/#attacks-and-damage",
        "ailments": "magical-burst/ailments/#ailments",
        "chases": "magical-burst/chases/#chases",
        "affinities and talents": ("magical-burst/talents/#affinities",
                                   "magical-burst/talents/#talent-index"),
        "character creation and XP": ("magical-burst/character-creation/#character-creation",
                                      "magical-burst/character-creation/#advancement",
                                      "magical-burst/character/#making-her"),
        "monsters": "magical-burst/monsters/#monsters",
        "boss abilities": "magical-burst/monsters/#boss-abilities",
        "labyrinths": "magical-burst/labyrinths/#labyrinths",
        "minions": "magical-burst/monsters/#minions",
        "witches": "magical-burst/witches-and-mages/#witches",
        "mages": "magical-burst/witches-and-mages/#mages",
    },
    "003_1585970b7e222c64.txt": {
        # The README's "six attributes rolled on two d6, two d8, one d12 and one d20" splits at
        # its commas like any other list; each die has its own row in the attributes table.
        "six attributes rolled on two d6": ("post-magic-maid/checks/#attributes",
                                            "post-magic-maid/checks/#start-d6"),
        "two d8": "post-magic-maid/checks/#start-d8",
        "one d12 and one d20": ("post-magic-maid/checks/#start-d12",
                                "post-magic-maid/checks/#start-d20"),
        "two-die checks vs tiers 10/15/20/25": ("post-magic-maid/checks/#checks",
                                                "post-magic-maid/checks/#tiers"),
        "attribute and ability bonuses": "post-magic-maid/checks/#bonuses",
        "advancement and die advancement": ("post-magic-maid/advancement/#level-ups",
                                            "post-magic-maid/advancement/#die-advancement"),
        "magic d6": "post-magic-maid/blitz-and-initiative/#magic",
        "blitz points": "post-magic-maid/blitz-and-initiative/#blitz-points",
        "blitz points: poker deck with jokers": "post-magic-maid/blitz-and-initiative/#deck",
        "initiative by cards": "post-magic-maid/blitz-and-initiative/#initiative",
        "multiple actions": "post-magic-maid/blitz-and-initiative/#multiple-actions",
        "assists": "post-magic-maid/blitz-and-initiative/#assists",
        "contested tiers": "post-magic-maid/checks/#contested-actions",
        "blunt and rending wound tracks": ("post-magic-maid/wounds/#blunt",
                                           "post-magic-maid/wounds/#rending"),
        "healing": "post-magic-maid/wounds/#healing",
    },
}
