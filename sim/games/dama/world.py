"""打马's compiled resample: a world that agrees with everything one seat has seen.

The board is public: every horse, every 本采, the 帖 and the pot are seen by every seat.
What no seat sees is the dice still to come, so :func:`resample_world` copies the state
and draws a new dice stream (one word of the search's generator starts it). The world it
draws depends only on the state and the generator, never on the game's own future dice:
it is canonical. (``Game.resample`` redraws the same word from a numpy generator.)
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.dama.batch import dice
from sim.games.dama.state import NEV
from sim.rng import next_u64


@njit(cache=True)
def resample_world(s: np.ndarray, seat: int, out: np.ndarray, rng: np.ndarray) -> None:
    """Write into ``out`` a copy of the game ``s`` (a :mod:`.batch` state) with a dice
    stream drawn from ``rng``: the future dice are all that ``seat`` has not seen. The
    copy's event rows start afresh."""
    out[:] = s
    out[NEV] = 0
    dice(out)[0] = next_u64(rng)
