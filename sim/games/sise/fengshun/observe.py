"""What the deciding seat sees: the observation array the engine fills for compiled and
Python strategies alike. Only public facts and the seat's own hand go in; the other
hands and the stock order never do (a test checks it).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.sise.cards import N_KINDS
from sim.games.sise.fengshun.state import (ACTOR, CARD, CFG, DEALER, HAND, MSC, N_SEATS, PILE, SE,
                                           SP, SRC, ST_OFFER, STAGE, TABLE)
from sim.games.sise.fengshun.scoring import CFG_MIN

D_NONE, D_DISCARD, D_OFFER = 0, 1, 2
OB_SEAT, OB_DEALER, OB_DECISION, OB_CARD, OB_SRC, OB_STOCK, OB_MIN = range(7)
OB_HAND = 8  # [28] own concealed cards
OB_TABLE = OB_HAND + N_KINDS  # [3, 28] every seat's table groups, by seat
OB_PILE = OB_TABLE + N_SEATS * N_KINDS  # [3, 28] every seat's unclaimed discards
OB_HELD = OB_PILE + N_SEATS * N_KINDS  # [3] concealed cards per seat (counts only)
OB_MSC = OB_HELD + N_SEATS  # [3] value of each seat's table groups
OBS_SIZE = OB_MSC + N_SEATS


@njit(cache=True)
def observe(s: np.ndarray, seat: int, obs: np.ndarray) -> None:
    """Fill ``obs`` for ``seat`` from the state ``s``."""
    obs[:] = 0
    obs[OB_SEAT] = seat
    obs[OB_DEALER] = s[DEALER]
    decide = s[ACTOR] == seat
    obs[OB_DECISION] = (D_OFFER if s[STAGE] == ST_OFFER else D_DISCARD) if decide else D_NONE
    obs[OB_CARD] = s[CARD] if s[STAGE] == ST_OFFER else -1
    obs[OB_SRC] = s[SRC] if s[STAGE] == ST_OFFER else -1
    obs[OB_STOCK] = s[SE] - s[SP]
    obs[OB_MIN] = s[CFG + CFG_MIN]
    for k in range(N_KINDS):
        obs[OB_HAND + k] = s[HAND + seat * N_KINDS + k]
    for p in range(N_SEATS):
        held = 0
        for k in range(N_KINDS):
            obs[OB_TABLE + p * N_KINDS + k] = s[TABLE + p * N_KINDS + k]
            obs[OB_PILE + p * N_KINDS + k] = s[PILE + p * N_KINDS + k]
            held += s[HAND + p * N_KINDS + k]
        obs[OB_HELD + p] = held
        obs[OB_MSC + p] = s[MSC + p]
