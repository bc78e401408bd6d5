"""What one seat of the pairing game may see: the observation array handed to strategies.

Both drivers fill it with :func:`observe` for the deciding seat and give strategies only
this array, never the engine state: a seat sees its own hand and table, the open table
cards of every seat (another seat's face-down 暗 only as a count), the dead cards, hand
sizes, the stock size, the offered card and the rules, but no other hand and not the order
of the stock. The layout is :data:`SPEC` (room for 6 seats); the ``O_*`` offsets below are
taken from it (``int16``).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.chuanpai.cards import N_TYPES
from sim.games.chuanpai.pairs.rules import CFG_SIZE
from sim.games.chuanpai.pairs.state import (
    ASKI, CARD, CFG, DEAD, DEALER, HAND, HID, MAXP, NCARDS, NHAND, NP, PHASE, PH_CLAIM, SHORT, SP,
    SRC, SRCKIND, TABLE, TUOT, XIAO,
)
from sim.games.spec import ObservationSpec

SPEC = ObservationSpec.build("int16", [
    ("hand", N_TYPES, "the seat's cards in hand, a count per card type"),
    ("open", MAXP * N_TYPES, "table cards per seat (21 counts a seat): all of the seat's own, "
                             "the open ones of the others (a face-down 暗 left out)"),
    ("dead", N_TYPES, "offered cards nobody took, per type"),
    ("n_hand", MAXP, "cards in hand per seat"),
    ("n_hidden", MAXP, "face-down table cards (暗) per seat"),
    ("short", MAXP, "1 for a short hand (no 摆)"),
    ("seat", 1, "the seat deciding"),
    ("dealer", 1, "the 头家's seat"),
    ("players", 1, "seats at the table"),
    ("phase", 1, "0 discard, 1 a card on offer, 2 the hand is over"),
    ("card", 1, "the card on offer, -1 none"),
    ("source", 1, "the seat that discarded or turned up the card on offer"),
    ("source_kind", 1, "0 the card was discarded, 1 turned up from the stock"),
    ("stock", 1, "cards left in the stock"),
    ("tuo", 1, "坨 of the seat's table columns"),
    ("xiao", 1, "the 小家's seat (斗十四), -1 none"),
    ("pass_no", 1, "the round of asking on the offer: 0 碰/杠/燕, 1 摆; -1 outside an offer"),
    ("cfg", CFG_SIZE, "the rules vector (rules.C_* positions)"),
])

(O_HAND, O_OPEN, O_DEAD, O_NHAND, O_NHID, O_SHORT, O_SEAT, O_DEALER, O_NP, O_PHASE, O_CARD,
 O_SRC, O_SRCKIND, O_STOCK, O_TUOT, O_XIAO, O_PASSNO, O_CFG) = SPEC.offsets()
OBS_SIZE = SPEC.size


@njit(cache=True)
def observe(s: np.ndarray, seat: int, obs: np.ndarray) -> None:
    """Fill ``obs`` with what ``seat`` may know: its own hand and table, the open table cards
    of every seat (face-down 暗 only as a count), dead cards, hand sizes, the stock size, the
    offered card and who offered it, and the rules."""
    obs[:] = 0
    n = s[NP]
    for k in range(N_TYPES):
        obs[O_HAND + k] = s[HAND + seat * N_TYPES + k]
        obs[O_DEAD + k] = s[DEAD + k]
    for p in range(n):
        for k in range(N_TYPES):
            i = p * N_TYPES + k
            obs[O_OPEN + i] = s[TABLE + i] if p == seat else s[TABLE + i] - s[HID + i]
            obs[O_NHID + p] += s[HID + i]
        obs[O_NHAND + p] = s[NHAND + p]
        obs[O_SHORT + p] = s[SHORT + p]
    obs[O_SEAT] = seat
    obs[O_DEALER] = s[DEALER]
    obs[O_NP] = n
    obs[O_PHASE] = s[PHASE]
    obs[O_CARD] = s[CARD]
    obs[O_SRC] = s[SRC]
    obs[O_SRCKIND] = s[SRCKIND]
    obs[O_STOCK] = s[NCARDS] - s[SP]
    obs[O_TUOT] = s[TUOT + seat]
    obs[O_XIAO] = s[XIAO]
    obs[O_PASSNO] = s[ASKI] // n if s[PHASE] == PH_CLAIM else -1
    for i in range(CFG_SIZE):
        obs[O_CFG + i] = s[CFG + i]
