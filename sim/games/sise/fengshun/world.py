"""What a 丰顺 seat has not seen, redrawn: the game's compiled resample.

:func:`resample_world` copies a state and redraws everything the seat has not seen: the
other seats' concealed cards and the stock's order (:func:`sim.games.sise.resample.redraw_unseen`,
the 四色 family's shared redraw); nothing else of a 丰顺 hand is private (claims are taken
at once, 和 is forced). Only when ``seat`` is not the one to act and the actor is deciding
a claim on the card on offer, which his cards allowed, does the actor keep his hand.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.sise.fengshun.state import ACTOR, HAND, NS, SE, SP, STAGE, ST_OFFER, ST_SHOWN, STOCK
from sim.games.sise.resample import kept_seats, redraw_unseen


@njit(cache=True)
def resample_world(s: np.ndarray, seat: int, out: np.ndarray, rng: np.ndarray) -> None:
    """Write into ``out`` a copy of ``s`` in which everything ``seat`` has not seen is
    redrawn from the cards it has not seen, with the generator ``rng``."""
    out[:] = s
    claim = s[STAGE] == ST_OFFER or s[STAGE] == ST_SHOWN  # the actor decides a claim on his cards
    redraw_unseen(out, rng, HAND, s[NS], kept_seats(seat, s[ACTOR], claim), STOCK + s[SP], STOCK + s[SE])
