"""A basic attack that affects several targets at once (seed 002, "Life and death",
"Talents"): a Gravity Wave's, a mine's. The attacker rolls once; each target defends against
that roll (a minion with its passive defence), and each hit does its own damage, melee or
ranged, as a basic attack's (:func:`.attacks.hit_damage`, the same talents and abilities
of both sides)."""

from __future__ import annotations

from ...battle.state import State
from ..attack import hits
from .attacks import defend, hit_damage
from .citations import cite
from .conditions import OUT
from .damage import take_damage
from .overcharge import settle
from .rolls import roll

#: The fields of a plain basic attack, as the attack event's damage reads them.
PLAIN = {"boosts": 0, "fury_damage": False, "explosion": "", "barrier": 0}


def strike_all(state: State, attacker: dict, targets: list[tuple[dict, str, int]],
               what: str, bonus: tuple[int, str] = (0, "")) -> list[tuple[dict, str]]:
    """``attacker``'s one basic attack roll (with ``bonus``: its amount and words) against
    each ``(target, range, extra damage on a hit)``, named ``what`` in the log; the targets
    hit, each with its range."""
    if not targets:
        return []
    rule = cite("Life and death")
    attack = roll(state, attacker, "attack", f"attack ({what})", bonus[0],
                  extra_words=bonus[1])
    struck = []
    state.write(f"{attacker['name']}'s attack ({what}): {attack.words}.", *rule)
    settle(state, attacker, attack)
    for t, rng, extra in targets:
        if t["condition"] in OUT:
            continue
        d_total, d_sixes, d_stat, d_words, d_roll = defend(state, t)
        hit = hits(attack.total, attack.sixes, attack.stat, d_total, d_sixes, d_stat)
        state.write(f"{t['name']} ({rng}): {d_words}: {'a hit' if hit else 'a miss'}.", *rule,
                    note="attack-tie-with-equal-stats")
        if d_roll is not None:
            settle(state, t, d_roll)
        if not hit:
            continue
        struck.append((t, rng))
        damage, words = hit_damage(state, attacker, t, {"range": rng, **PLAIN}, attack.sixes,
                                d_sixes, attack.magical)
        if extra:
            damage += extra
            words += f" +{extra} ({what}'s own hex) = {damage}"
        state.write(f"Damage to {t['name']}: {words}.", *rule)
        take_damage(state, t, damage, f"{attacker['name']}'s {what}")
    return struck


__all__ = ["strike_all"]
