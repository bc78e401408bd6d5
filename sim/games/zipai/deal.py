"""Compiled dealing for 跑胡子: the shuffle, each seat's cards, and what a dealt hand holds.

The deck is shuffled from the hand's own generator (:mod:`sim.rng`). Positions 0–20 go
to the dealer (position 20 is the face-up 亮张), 21–40 to the dealer's 下家, 41–60 to
the 上家, and 61–79 are the stock in drawing order. The ``deals`` workload's scan
(:mod:`sim.games.zipai.deals`) shuffles only the first 61 positions, which gives exactly the
same hands as the full shuffle of a played hand.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.zipai.cards import DECK_SIZE, N_KINDS, deck
from sim.rng import shuffle_prefix

N_SEATS = 3
DEALER_CARDS = 21
PLAYER_CARDS = 20
DEALT = DEALER_CARDS + 2 * PLAYER_CARDS  # 61
STOCK_CARDS = DECK_SIZE - DEALT  # 19

NATURAL_NONE = 0
NATURAL_THREE_TI = 1  # 三提: three or more 提 at the deal
NATURAL_FIVE_KAN = 2  # 五坎: 提 + 坎 >= 5 (a 提 counts as a 坎), fewer than three 提

_DECK = deck()


@njit(cache=True)
def seat_slice(seat_from_dealer: int) -> tuple[int, int]:
    """Positions ``[lo, hi)`` of the shuffled deck dealt to a seat (0 = dealer)."""
    if seat_from_dealer == 0:
        return 0, DEALER_CARDS
    lo = DEALER_CARDS + (seat_from_dealer - 1) * PLAYER_CARDS
    return lo, lo + PLAYER_CARDS


@njit(cache=True)
def shuffled_deck(state: np.ndarray, cards: np.ndarray, k: int) -> None:
    """Reset ``cards`` to the ordered deck and shuffle its first ``k`` positions."""
    for i in range(DECK_SIZE):
        cards[i] = _DECK[i]
    shuffle_prefix(state, cards, k)


@njit(cache=True)
def deal_shuffle(state: np.ndarray, cards: np.ndarray) -> None:
    """The shuffle of a played hand: ``cards`` = the whole deck in a uniformly random order,
    drawn from the generator ``state`` (the deal's only draws)."""
    shuffled_deck(state, cards, DECK_SIZE - 1)


@njit(cache=True)
def count_kinds(cards: np.ndarray, lo: int, hi: int, counts: np.ndarray) -> None:
    """``counts`` = the count vector of ``cards[lo:hi]``."""
    for k in range(N_KINDS):
        counts[k] = 0
    for i in range(lo, hi):
        counts[cards[i]] += 1


@njit(cache=True)
def natural_kind(counts: np.ndarray) -> int:
    """Which 三提五坎 condition a dealt hand meets (``NATURAL_*``)."""
    ti = 0
    kan = 0
    for k in range(N_KINDS):
        if counts[k] == 4:
            ti += 1
        elif counts[k] == 3:
            kan += 1
    if ti >= 3:
        return NATURAL_THREE_TI
    if ti + kan >= 5:
        return NATURAL_FIVE_KAN
    return NATURAL_NONE


def deal_hand(seed: int) -> tuple[np.ndarray, np.ndarray]:
    """The dealt hands (3 × 20 count vectors, seat 0 = dealer with 21 cards) and the stock.

    For inspection and tests; the engines call the compiled functions directly.
    """
    cards = np.empty(DECK_SIZE, dtype=np.int8)
    state = np.array([seed], dtype=np.uint64)
    shuffled_deck(state, cards, DECK_SIZE - 1)
    hands = np.zeros((N_SEATS, N_KINDS), dtype=np.int8)
    for s in range(N_SEATS):
        lo, hi = seat_slice(s)
        count_kinds(cards, lo, hi, hands[s])
    return hands, cards[DEALT:].copy()
