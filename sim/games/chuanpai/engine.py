"""What both 川牌 engines compile the same way, over their own state offsets."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.chuanpai.cards import N_TYPES


@njit(cache=True)
def seat_hands(s: np.ndarray, hands: np.ndarray, seats: int, hand: int, held: int) -> None:
    """Put the dealt counts ``hands[p]`` (21 types) of each of ``seats`` seats into the
    state's hand block at ``hand`` (21 a seat) and add them up into ``s[held + p]``."""
    for p in range(seats):
        for k in range(N_TYPES):
            s[hand + p * N_TYPES + k] = hands[p, k]
            s[held + p] += hands[p, k]

