"""Points, 扣底 and the level table.

Point cards: every 5 is worth 5, every 10 and K 10 — 400 points in the four decks. Only
the attackers (抓分方) count their points. 扣底: whichever side wins the last trick takes
the point value of that trick's cards × ``k`` from the other side, ``k`` the number of
cards each player played in it (the seed's reading; options give ×2k and ×2^k, or let only
the attackers 扣底). The attackers' total after 扣底 (and any throw penalty) decides the
levels (seed 3.4.6), in steps of 80:

====================  =========================================
attacker points       result
====================  =========================================
0 or less             庄家 side +3 (大光)
1 – 79                庄家 side +2
80 – 159              庄家 side +1
160 – 239             attackers take the deal, +1
240 – 319             attackers +2, and one more per further 80
====================  =========================================
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numba import njit

from sim.games.shengji.cards import POINTS

KOU_DI_MULTIPLIERS = ("cards", "double", "power")
KOU_DI_SIDES = ("both", "attackers", "off")


class LevelChange(NamedTuple):
    """The side that goes up after a hand and by how many levels."""

    side: str  # "defenders" (the 庄家 side keeps the deal) or "attackers"
    levels: int


@njit(cache=True, inline="always")
def card_points(cnt: np.ndarray) -> int:
    """The points in a count vector."""
    total = 0
    for k in range(54):
        total += POINTS[k] * cnt[k]
    return total


@njit(cache=True)
def kou_di_factor(cards_each: int, multiplier: int) -> int:
    """The 扣底 multiplier for a last trick of ``cards_each`` cards per player.

    ``multiplier`` 0 = ×cards (seed), 1 = ×2·cards, 2 = ×2^cards.
    """
    if multiplier == 0:
        return cards_each
    if multiplier == 1:
        return 2 * cards_each
    return 1 << min(cards_each, 20)


@njit(cache=True)
def level_delta(attacker_points: int) -> tuple[int, int]:
    """``(side, levels)``: side 0 = defenders (庄家 side), 1 = attackers."""
    if attacker_points <= 0:
        return 0, 3
    if attacker_points < 80:
        return 0, 2
    if attacker_points < 160:
        return 0, 1
    return 1, (attacker_points - 160) // 80 + 1


def level_change(attacker_points: int, rules: object | None = None) -> LevelChange:
    """Who goes up, and by how much, for the attackers' final points (seed 3.4.6).

    >>> level_change(0)
    LevelChange(side='defenders', levels=3)
    >>> level_change(75), level_change(80), level_change(155)
    (LevelChange(side='defenders', levels=2), LevelChange(side='defenders', levels=1), LevelChange(side='defenders', levels=1))
    >>> level_change(160), level_change(240), level_change(400)
    (LevelChange(side='attackers', levels=1), LevelChange(side='attackers', levels=2), LevelChange(side='attackers', levels=4))
    >>> level_change(-120).levels
    3
    """
    from sim.errors import PaijuError

    if isinstance(attacker_points, bool) or not isinstance(attacker_points, (int, np.integer)):
        raise PaijuError(f"attacker points must be a whole number, not {attacker_points!r}")
    if abs(int(attacker_points)) > 1_000_000:
        raise PaijuError(f"attacker points {attacker_points} are out of range (at most ±1,000,000)")
    side, levels = level_delta(int(attacker_points))
    return LevelChange("defenders" if side == 0 else "attackers", int(levels))
