"""What the deciding seat sees: the observation array the engine fills for compiled and
Python strategies alike. Only public facts and the seat's own hand go in; the other
hands and the stock order never do (a test checks it).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.sise.cards import N_KINDS
from sim.games.sise.fengshun.state import (ACTOR, CARD, CFG, COPIES, DEALER, HAND, MAX_SEATS, MSC,
                                           NS, PILE, SE, SP, SRC, ST_OFFER, ST_SHOWN, STAGE, TABLE)
from sim.games.sise.fengshun.scoring import CFG_MIN

D_NONE, D_DISCARD, D_OFFER = 0, 1, 2
OB_SEAT, OB_DEALER, OB_DECISION, OB_CARD, OB_SRC, OB_STOCK, OB_MIN = range(7)
OB_SEATS = 7  # seats at the table (2–4)
OB_COPIES = 8  # copies of each kind in the deck(s): 4 or 8
OB_SHOWN = 9  # 1 when the card on offer was turned up from the wall (OB_SRC drew it)
OB_HAND = 12  # [28] own concealed cards
OB_TABLE = OB_HAND + N_KINDS  # [MAX_SEATS, 28] every seat's table groups, by seat (unused seats 0)
OB_PILE = OB_TABLE + MAX_SEATS * N_KINDS  # [MAX_SEATS, 28] every seat's unclaimed discards
OB_HELD = OB_PILE + MAX_SEATS * N_KINDS  # [MAX_SEATS] concealed cards per seat (counts only)
OB_MSC = OB_HELD + MAX_SEATS  # [MAX_SEATS] value of each seat's table groups
OBS_SIZE = OB_MSC + MAX_SEATS


@njit(cache=True)
def observe(s: np.ndarray, seat: int, obs: np.ndarray) -> None:
    """Fill ``obs`` for ``seat`` from the state ``s``."""
    obs[:] = 0
    obs[OB_SEAT] = seat
    obs[OB_DEALER] = s[DEALER]
    decide = s[ACTOR] == seat
    offer = s[STAGE] == ST_OFFER or s[STAGE] == ST_SHOWN
    obs[OB_DECISION] = (D_OFFER if offer else D_DISCARD) if decide else D_NONE
    obs[OB_CARD] = s[CARD] if offer else -1
    obs[OB_SRC] = s[SRC] if offer else -1
    obs[OB_SHOWN] = 1 if s[STAGE] == ST_SHOWN else 0
    obs[OB_STOCK] = s[SE] - s[SP]
    obs[OB_MIN] = s[CFG + CFG_MIN]
    obs[OB_SEATS] = s[NS]
    obs[OB_COPIES] = s[COPIES]
    for k in range(N_KINDS):
        obs[OB_HAND + k] = s[HAND + seat * N_KINDS + k]
    for p in range(s[NS]):
        held = 0
        for k in range(N_KINDS):
            obs[OB_TABLE + p * N_KINDS + k] = s[TABLE + p * N_KINDS + k]
            obs[OB_PILE + p * N_KINDS + k] = s[PILE + p * N_KINDS + k]
            held += s[HAND + p * N_KINDS + k]
        obs[OB_HELD + p] = held
        obs[OB_MSC + p] = s[MSC + p]
