"""Dealing a 四色 deck round the table: the one deal both games make.

The deck is dealt in its order from the dealer on: the dealer's hand first, then each next
seat's, every hand kept as counts per kind (28 a seat) in the state; what is left is the
game's stock.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.sise.cards import N_KINDS


@njit(cache=True)
def deal_hands(s: np.ndarray, deck: np.ndarray, hand: int, seats: int, dealer: int,
               dealer_cards: int, player_cards: int) -> int:
    """Add ``deck``'s first cards to the hands at state slot ``hand`` on: ``dealer_cards``
    to ``dealer``, then ``player_cards`` to each next of ``seats`` seats in turn; return
    how many cards were dealt."""
    pos = 0
    for q in range(seats):
        p = (dealer + q) % seats
        for _ in range(dealer_cards if q == 0 else player_cards):
            s[hand + p * N_KINDS + deck[pos]] += 1
            pos += 1
    return pos
