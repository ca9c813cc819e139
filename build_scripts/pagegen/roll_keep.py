"""Roll-and-keep (seed 001) data for page templates: rule records, and tables computed by the
same functions the ``roll-keep`` calculator uses."""

from __future__ import annotations

from fractions import Fraction

from calculators.roll_keep import rules
from calculators.roll_keep.keep_law import kept_law
from calculators.roll_keep.pools import normalise
from calculators.roll_keep.keep_law import TRUNCATION_LIMIT
from calculators.roll_keep.roll import MAX_INPUT_DICE


def glossary() -> list:
    """Glossary entries, alphabetical by term."""
    return sorted(rules.GLOSSARY, key=lambda t: t.term.lower())


def term(term_id: str):
    """One glossary entry by id (a KeyError, and so a build error, for an unknown id)."""
    return {t.id: t for t in rules.GLOSSARY}[term_id]


def normalisation_rows() -> list[dict]:
    """The seed's normalisation examples, with the pool :func:`normalise` makes of each (the
    tests check the two agree)."""
    rows = []
    for example in rules.NORMALISATION_EXAMPLES:
        b = example.before
        got = normalise(b.rolled, b.kept, b.flat)
        rows.append({"id": example.id, "before": b.notation(), "after": got.notation(),
                     "dropped_rolled": got.dropped_rolled, "added_kept": got.added_kept,
                     "dropped_kept": got.dropped_kept, "added_flat": got.added_flat,
                     "source": example.source})
    return rows


def single_die_rows() -> list[dict]:
    """One die's value law without and with emphasis, from the calculator's own law: values
    1–9, 11–19, 21–29 and the chance of 30 or more."""
    plain, emph = kept_law(1, 1, False, False), kept_law(1, 1, True, False)
    rows = []
    for value in list(range(1, 10)) + list(range(11, 20)) + list(range(21, 30)):
        rows.append({"value": str(value), "plain": _pct(plain.probability(value)),
                     "emphasis": _pct(emph.probability(value))})
    rows.append({"value": "30 or more", "plain": _pct(_at_least(plain, 30)),
                 "emphasis": _pct(_at_least(emph, 30))})
    return rows


def means_table(max_dice: int = 10) -> list[dict]:
    """Average kept sum of every pool XkY up to 10k10, skilled (exploding) without emphasis."""
    rows = []
    for dice in range(1, max_dice + 1):
        means = []
        for keep in range(1, max_dice + 1):
            if keep > dice:
                means.append("")
                continue
            law = kept_law(dice, keep, False, False)
            mean = Fraction(sum(s * w for s, w in enumerate(law.weights)), law.denominator)
            means.append(f"{float(mean):.1f}")
        rows.append({"dice": dice, "means": means})
    return rows


def _at_least(law, total: int) -> Fraction:
    return law.truncated + sum((law.probability(s) for s in range(total, law.cap + 1)),
                               Fraction(0))


def _pct(p: Fraction) -> str:
    value = float(p) * 100
    if value == 0:
        return "0%"
    if value >= 1:
        return f"{value:.1f}%"
    return f"{value:.3g}%"


NAMESPACE = "rk"
GLOBALS = {
    "rules": rules.DICE_RULES,
    "glossary": glossary,
    "term": term,
    "steps": rules.steps,
    "statements": rules.statements,
    "maneuvers": rules.MANEUVERS,
    "roll_example": rules.ROLL_EXAMPLES[0],
    "movement_examples": rules.MOVEMENT_EXAMPLES,
    "movement_water": rules.movement_water,
    "normalisation_rows": normalisation_rows,
    "single_die_rows": single_die_rows,
    "means_table": means_table,
    "truncation_limit": f"{float(TRUNCATION_LIMIT):.0e}",
    "max_input_dice": MAX_INPUT_DICE,
}
