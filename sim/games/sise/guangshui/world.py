"""What a 广水 seat has not seen, redrawn: the game's compiled resample.

:func:`resample_world` copies a state and redraws everything the seat has not seen: the
other seats' concealed cards and the stock's order (:func:`sim.games.sise.resample.redraw_unseen`,
the 四色 family's shared redraw). The other seats' private marks go too: the kinds they
passed (their ``DEAD`` row), 有子不发, and what they declared or could declare on the card
in play, so a seat asked before this one is taken to have passed. Only when ``seat`` is not
the one to act and the actor's choice is fixed by his cards (a declaration on the card in
play, the dealer's win on his dealt 31) does the actor keep his hand and his options.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.sise.cards import N_KINDS
from sim.games.sise.guangshui.state import (ACTOR, BAR, DEAD, DECL, HAND, HU_FORM, N_SEATS, OPTS, SP,
                                            STAGE, ST_DEALER_HU, ST_OFFER, STOCK, STOCK_CARDS)
from sim.games.sise.resample import kept_seats, redraw_unseen


@njit(cache=True)
def resample_world(s: np.ndarray, seat: int, out: np.ndarray, rng: np.ndarray) -> None:
    """Write into ``out`` a copy of ``s`` in which everything ``seat`` has not seen is
    redrawn from the cards it has not seen, with the generator ``rng``."""
    out[:] = s
    keep = kept_seats(seat, s[ACTOR], s[STAGE] == ST_OFFER or s[STAGE] == ST_DEALER_HU)
    for p in range(N_SEATS):
        if (keep >> p) & 1:
            continue
        out[BAR + p] = 0
        out[DECL + p] = -1
        out[OPTS + p] = 0
        out[HU_FORM + p] = -1
        for k in range(N_KINDS):
            out[DEAD + p * N_KINDS + k] = 0
    redraw_unseen(out, rng, HAND, N_SEATS, keep, STOCK + s[SP], STOCK + STOCK_CARDS)
