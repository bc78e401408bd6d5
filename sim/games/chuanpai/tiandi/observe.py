"""What one seat of 天地人和 may see: the observation array handed to strategies.

Both drivers fill it with :func:`observe` for the deciding seat and give strategies only
this array, never the engine state: a seat sees its own hand and face-down cards, the
cards shown face up, every seat's 摆牌 and hand size, the trick so far and the rules, but
no other seat's hand or face-down cards. The layout is :data:`SPEC`; the ``O_*`` offsets
below are taken from it (``int16``).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.chuanpai.cards import N_TYPES
from sim.games.chuanpai.tiandi.rules import CFG_SIZE
from sim.games.chuanpai.tiandi.state import (
    ACTOR, BAO, BEST_CODE, BEST_KEY, BEST_SEAT, CFG, DEALER, DOWN, FDOWN, FIRST, HAND, LAID,
    LEADER, LED, MODE, N_SEATS, NHAND, NHARD, NLAID, PLAYS, SEEN, SIZE, TIDX, TRICK,
)
from sim.games.spec import ObservationSpec
from sim.games.spec import copy_words

SPEC = ObservationSpec.build("int16", [
    ("hand", N_TYPES, "the seat's cards in hand, a count per card type"),
    ("seen", N_TYPES, "cards shown face up to everybody (摆牌 and face-up plays), per type"),
    ("down", N_TYPES, "the cards this seat has played face down, per type"),
    ("laid", N_SEATS * N_TYPES, "every seat's 摆牌 (hard cards included), 21 counts per seat"),
    ("n_laid", N_SEATS, "摆牌 per seat"),
    ("n_hand", N_SEATS, "cards in hand per seat"),
    ("led", N_SEATS, "1 once the seat has led a trick"),
    ("plays", N_SEATS, "this trick's play per seat: its code, -1 not yet played, -2 face down"),
    ("n_hard", N_SEATS, "hard cards (二红, 丁丁) per seat"),
    ("seat", 1, "the seat deciding"),
    ("dealer", 1, "the dealer's seat"),
    ("leader", 1, "the seat that led this trick"),
    ("trick", 1, "tricks played so far"),
    ("size", 1, "cards per play in this trick (0 before the lead)"),
    ("best_seat", 1, "the seat holding the trick, -1 none"),
    ("best_key", 1, "the key (64 × shape + rank) of the best play so far, -1 none"),
    ("best_code", 1, "the code of the best play so far, -1 none"),
    ("mode", 1, "0 lead, 1 must beat, 2 face down; -1 when another seat decides"),
    ("bao", 1, "the seat that made a 包牌 lead, -1 none"),
    ("first", 1, "the first seat to reach the winning 摆牌, -1 none"),
    ("tidx", 1, "how many seats have played in this trick"),
    ("cfg", CFG_SIZE, "the rules vector (rules.C_* positions)"),
])

(O_HAND, O_SEEN, O_DOWN, O_LAID, O_NLAID, O_NHAND, O_LED, O_PLAYS, O_NHARD, O_SEAT, O_DEALER,
 O_LEADER, O_TRICK, O_SIZE, O_BEST_SEAT, O_BEST_KEY, O_BEST_CODE, O_MODE, O_BAO, O_FIRST,
 O_TIDX, O_CFG) = SPEC.offsets()
OBS_SIZE = SPEC.size
# the fields that are the state's words as they stand: (field, state word)
STATE_WORDS = np.array([(O_DEALER, DEALER), (O_LEADER, LEADER), (O_TRICK, TRICK), (O_SIZE, SIZE),
                        (O_BEST_SEAT, BEST_SEAT), (O_BEST_KEY, BEST_KEY),
                        (O_BEST_CODE, BEST_CODE), (O_BAO, BAO), (O_FIRST, FIRST),
                        (O_TIDX, TIDX)])


@njit(cache=True)
def observe(s: np.ndarray, seat: int, obs: np.ndarray) -> None:
    """Fill ``obs`` with what ``seat`` may know: its own hand and face-down cards, the cards
    shown face up, every seat's 摆牌 and hand size, the trick so far and the rules.

    Call :func:`~sim.games.chuanpai.tiandi.engine.legal_actions` first: the decision mode
    it records is part of the view.
    """
    obs[:] = 0
    for k in range(N_TYPES):
        obs[O_HAND + k] = s[HAND + seat * N_TYPES + k]
        obs[O_SEEN + k] = s[SEEN + k]
        obs[O_DOWN + k] = s[DOWN + seat * N_TYPES + k]
    for i in range(N_SEATS * N_TYPES):
        obs[O_LAID + i] = s[LAID + i]
    for p in range(N_SEATS):
        obs[O_NLAID + p] = s[NLAID + p]
        obs[O_NHAND + p] = s[NHAND + p]
        obs[O_LED + p] = s[LED + p]
        obs[O_NHARD + p] = s[NHARD + p]
        obs[O_PLAYS + p] = -2 if s[FDOWN + p] else s[PLAYS + p]
    obs[O_SEAT] = seat
    copy_words(s, obs, STATE_WORDS)
    obs[O_MODE] = s[MODE] if seat == s[ACTOR] else -1  # recorded by legal_actions
    for i in range(CFG_SIZE):
        obs[O_CFG + i] = s[CFG + i]
