"""What the deciding seat sees: the observation array the engine fills for compiled and
Python strategies alike. Only public facts and the seat's own hand go in; the other
hands and the stock order never do (the contract's leak test checks it). The layout is
:data:`SPEC`; the ``OB_*`` offsets the strategies use are read off it.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.sise.cards import N_KINDS
from sim.games.sise.fengshun.state import (ACTOR, CARD, CFG, COPIES, DEALER, HAND, MAX_SEATS, MSC,
                                           NS, PILE, SE, SP, SRC, ST_OFFER, ST_SHOWN, STAGE, TABLE)
from sim.games.sise.fengshun.scoring import CFG_MIN
from sim.games.spec import ObservationSpec

SPEC = ObservationSpec.build("int64", [
    ("seat", 1, "the seat observing"),
    ("dealer", 1, "the dealer's seat"),
    ("decision", 1, "what the seat decides now: 0 nothing, 1 a discard, 2 a claim on the card "
                    "on offer"),
    ("card", 1, "the kind of the card on offer (-1 none)"),
    ("source", 1, "the seat the card on offer came from (-1 none)"),
    ("stock", 1, "cards left in the stock"),
    ("min_score", 1, "the least score that may win (rules)"),
    ("seats", 1, "seats at the table (2–4)"),
    ("copies", 1, "copies of each kind in the deck(s): 4 or 8"),
    ("shown", 1, "1 when the card on offer was turned up from the wall by ``source``"),
    ("reserved", 2, "always 0"),
    ("hand", N_KINDS, "the seat's own concealed cards per kind"),
    ("table", MAX_SEATS * N_KINDS, "per seat, the cards in its table groups per kind (public; "
                                   "unused seats 0)"),
    ("piles", MAX_SEATS * N_KINDS, "per seat, its unclaimed discards per kind (public)"),
    ("held", MAX_SEATS, "concealed cards per seat (counts only)"),
    ("meld_score", MAX_SEATS, "per seat, the value of its table groups"),
])

OB_SEAT, OB_DEALER, OB_DECISION = SPEC.offset("seat"), SPEC.offset("dealer"), SPEC.offset("decision")
OB_CARD, OB_SRC, OB_STOCK = SPEC.offset("card"), SPEC.offset("source"), SPEC.offset("stock")
OB_MIN, OB_SEATS, OB_COPIES = SPEC.offset("min_score"), SPEC.offset("seats"), SPEC.offset("copies")
OB_SHOWN, OB_HAND, OB_TABLE = SPEC.offset("shown"), SPEC.offset("hand"), SPEC.offset("table")
OB_PILE, OB_HELD, OB_MSC = SPEC.offset("piles"), SPEC.offset("held"), SPEC.offset("meld_score")
OBS_SIZE = SPEC.size

# values of the ``decision`` field
D_NONE, D_DISCARD, D_OFFER = 0, 1, 2


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
