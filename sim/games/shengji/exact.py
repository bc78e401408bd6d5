"""Exact odds of 升级 deals, as fractions: what one seat's 54 of the 216 cards hold.

Every seat gets a uniform 54-subset of the four decks (the deal's order and the seat it
starts from do not change that). So the number of cards of any set of ``K`` cards a seat
holds is hypergeometric: ``C(K, j) C(216 − K, 54 − j) / C(216, 54)``. That gives the jokers
(8 cards), a pair of big jokers (4), the pairs dealt (kinds held twice or more: 54 kinds ×
the chance of two or more of a kind's four copies) and — when the trump suit does not
depend on the deal (``declaration=none``: spades) — the trump length (4 × 18 = 72 cards:
13 of the trump suit, the level card of the three others and the two jokers). With
declarations the trump suit follows the deal (a seat declares the suit of its level
cards), so its length is measured only.

>>> float(trump_length(18)), float(mean_pairs())
(0.1322..., 14.07...)
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from math import comb

from sim.games.shengji.cards import COPIES, DECK_SIZE, N_KINDS

HAND = DECK_SIZE // 4  # 54
TRUMP_CARDS = COPIES * (13 + 3 + 2)  # 72 with a trump suit: its 13, three level cards, two jokers
JOKERS = 2 * COPIES


@lru_cache(maxsize=None)
def held(k: int, j: int, hand: int = HAND, deck: int = DECK_SIZE) -> Fraction:
    """The chance that a hand holds exactly ``j`` of ``k`` given cards."""
    if not 0 <= j <= min(k, hand):
        return Fraction(0)
    return Fraction(comb(k, j) * comb(deck - k, hand - j), comb(deck, hand))


def at_least(k: int, j: int) -> Fraction:
    """The chance that a hand holds ``j`` or more of ``k`` given cards."""
    return sum((held(k, i) for i in range(j, k + 1)), Fraction(0))


def trump_length(j: int) -> Fraction:
    """The chance of exactly ``j`` trumps when the trump suit is fixed before the deal."""
    return held(TRUMP_CARDS, j)


def trump_distribution() -> dict[int, Fraction]:
    """Trump length → its exact chance (fixed trump suit)."""
    return {j: trump_length(j) for j in range(TRUMP_CARDS + 1) if trump_length(j)}


def mean_pairs() -> Fraction:
    """The expected number of kinds a hand holds twice or more."""
    return N_KINDS * at_least(COPIES, 2)


def deal_events(*, fixed_trump: bool) -> dict[str, Fraction]:
    """The exact chance per seat of each rate the ``deals`` summary measures (trump rows
    only with ``fixed_trump``)."""
    out = {
        "holds a joker": at_least(JOKERS, 1),
        "holds 3+ jokers": at_least(JOKERS, 3),
        "holds a pair of big jokers": at_least(COPIES, 2),
    }
    if fixed_trump:
        out["18+ trumps"] = at_least(TRUMP_CARDS, 18)
        out["24+ trumps"] = at_least(TRUMP_CARDS, 24)
    return out


def deal_means(*, fixed_trump: bool) -> dict[str, Fraction]:
    """The exact mean per seat of each count the summary measures, where known."""
    out = {"pairs": mean_pairs(), "jokers": Fraction(JOKERS * HAND, DECK_SIZE)}
    if fixed_trump:
        out["trumps"] = Fraction(TRUMP_CARDS * HAND, DECK_SIZE)
    return out
