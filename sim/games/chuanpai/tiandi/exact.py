"""Exact deal probabilities of 天地人和: the misdeal (无天无九) and the hard cards per hand.

Three hands of 28 are dealt from 84 cards: 12 key cards (4 天, 4 红九, 4 黑九), 8 hard cards
(4 丁丁, 4 二红) and 64 others. Every count is an exact integer; probabilities are fractions.

>>> float(misdeal_probability(one_hand=True))  # C(72,28) / C(84,28)
0.00494175...
>>> round(float(misdeal_probability()), 6)
0.014824
>>> misdeal_probability() == 1 - played_deal_probability()
True
>>> sum(hard_card_distribution().values()) == 1 == sum(hard_card_distribution(dealt=True).values())
True
"""

from __future__ import annotations

from fractions import Fraction
from math import comb

from sim.exact import ExactEvent, hypergeometric

DECK, HAND, KEYS, HARD = 84, 28, 12, 8


def misdeal_probability(*, one_hand: bool = False) -> Fraction:
    """Chance that a given hand (``one_hand``) or some hand of the three holds no key card.

    By inclusion–exclusion over the three hands: 3·P(A) − 3·P(A∩B) + P(A∩B∩C), where
    P(A) = C(72,28)/C(84,28), P(A∩B) is the chance that the third hand holds all 12 key
    cards, C(72,16)/C(84,28), and all three hands cannot miss them at once.
    """
    single = Fraction(comb(DECK - KEYS, HAND), comb(DECK, HAND))
    if one_hand:
        return single
    both = Fraction(comb(DECK - KEYS, HAND - KEYS), comb(DECK, HAND))
    return 3 * single - 3 * both


def hard_card_distribution(*, dealt: bool = False) -> dict[int, Fraction]:
    """Distribution of the hard cards (丁丁, 二红) in one hand.

    Of a single deal (hypergeometric), or with ``dealt`` of the deals that are played:
    those where every hand holds a key card (misdeals redealt).
    """
    if not dealt:
        return hypergeometric(marked=HARD, total=DECK, hand=HAND)
    others = DECK - KEYS - HARD
    ways: dict[int, int] = {}
    for h in range(HARD + 1):
        total = 0
        for k0 in range(1, KEYS + 1):
            rest = HAND - h - k0
            if rest < 0 or rest > others:
                continue
            first = comb(HARD, h) * comb(KEYS, k0) * comb(others, rest)
            non_keys = DECK - HAND - (KEYS - k0)  # cards left for hands 2 and 3 that are no key
            second = sum(comb(KEYS - k0, k1) * comb(non_keys, HAND - k1)
                         for k1 in range(1, KEYS - k0) if HAND - k1 <= non_keys)
            total += first * second
        ways[h] = total
    norm = sum(ways.values())
    return {h: Fraction(w, norm) for h, w in ways.items() if w}


def played_deal_probability() -> Fraction:
    """Chance that a deal is played (no hand without a key card), counted hand by hand."""
    others = DECK - KEYS
    count = 0
    for k0 in range(1, KEYS + 1):
        for k1 in range(1, KEYS - k0):
            count += (comb(KEYS, k0) * comb(others, HAND - k0) * comb(KEYS - k0, k1)
                      * comb(others - (HAND - k0), HAND - k1))
    return Fraction(count, comb(DECK, HAND) * comb(DECK - HAND, HAND))


def deal_events() -> list[ExactEvent]:
    """The exact deal events the ``deals`` workload measures, per hand and for the deal."""
    events = [ExactEvent("hand", HAND, "无天无九 (void hand)", misdeal_probability(one_hand=True))]
    for h, p in hard_card_distribution().items():
        events.append(ExactEvent("hand", HAND, f"hard cards = {h}", p))
    events.append(ExactEvent("deal", 3 * HAND, "some hand void (misdeal)", misdeal_probability()))
    return events
