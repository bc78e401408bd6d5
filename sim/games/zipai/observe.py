"""What one seat of 跑胡子 may see: the observation array handed to strategies.

Both drivers fill it with :func:`fill_observation` for the deciding seat and give strategies
only this array, never the engine state, so a strategy cannot read another seat's concealed
cards, the order of the stock, or another seat's 臭 records. Layout (``int16``):

* scalars ``O_*`` below: the seat, the dealer, the decision kind (``engine.D_*``) and stage,
  the card in play (-1 when none is shown to this seat), who drew or discarded it, whether
  it was drawn, the 胡息 of the 胡 on offer, whether 碰 is on offer, the number of 吃 plans,
  the cards left in the stock, the 亮张 and the rules vector;
* ``O_HAND`` [20] own concealed cards; ``O_CHOU`` [20] own 臭牌 (1 = may not 吃/碰 that
  card); ``O_CHOUHU`` [20] own 臭胡 (table 胡息 when a 胡 on that card was declined, else -1);
* ``O_MK``, ``O_MV`` [3, MAXM] and ``O_NM`` [3]: every seat's table melds (kind, value) as
  in the engine, except that another seat's face-down 偎 has value -1;
* ``O_PILE`` [3, 20] each seat's discard area; ``O_DISC`` [3, 20] the cards each seat has
  discarded from his hand (public: they are 臭 for him); ``O_XIANG`` [3] 相公 flags;
  ``O_CONCEALED`` [3] how many concealed cards each seat holds;
* ``O_PLANS`` [MAX_PLANS, 3] the 吃 plans on offer (group numbers, -1 = none), as
  ``engine.CHI + j`` refers to them.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.zipai import engine as E
from sim.games.zipai.cards import N_KINDS
from sim.games.zipai.deal import N_SEATS, STOCK_CARDS
from sim.games.zipai.melds import MAX_PLAN_GROUPS, MAX_PLANS, M_WEI

O_SEAT = 0
O_DEALER = 1
O_DECISION = 2  # engine.D_* for this seat (D_NONE when another seat decides)
O_STAGE = 3  # engine.ST_*
O_CARD = 4  # the card in play as this seat sees it, or -1
O_SRC = 5  # the seat that drew or discarded it
O_DRAWN = 6  # 1 if it was drawn from the stock
O_OFFER_HUXI = 7  # 胡息 of the 胡 on offer to this seat
O_CAN_PENG = 8
O_N_PLANS = 9
O_STOCK_LEFT = 10
O_LIANG = 11  # the dealer's 亮张 (face up)
O_CFG = 12  # [N_CFG] the rules vector
O_TABLE_VER = 19  # the engine's table version when O_MK … O_NM were last copied
O_HAND = 20
O_CHOU = O_HAND + N_KINDS
O_CHOUHU = O_CHOU + N_KINDS
O_MK = O_CHOUHU + N_KINDS  # [3, MAXM]; O_MV and O_NM follow as in the engine state
O_MV = O_MK + N_SEATS * E.MAXM
O_NM = O_MV + N_SEATS * E.MAXM
O_PILE = O_NM + N_SEATS  # O_PILE, O_DISC, O_XIANG follow as in the engine state
O_DISC = O_PILE + N_SEATS * N_KINDS
O_XIANG = O_DISC + N_SEATS * N_KINDS
O_CONCEALED = O_XIANG + N_SEATS
O_PLANS = O_CONCEALED + N_SEATS
OBS_SIZE = O_PLANS + MAX_PLANS * MAX_PLAN_GROUPS

_N_TABLE = 2 * N_SEATS * E.MAXM + N_SEATS  # MK, MV, NM in one block
_N_PUBLIC = 2 * N_SEATS * N_KINDS + N_SEATS  # PILE, DISC, XIANG in one block

assert E.MV == E.MK + N_SEATS * E.MAXM and E.NM == E.MV + N_SEATS * E.MAXM
assert E.DISC == E.PILE + N_SEATS * N_KINDS and E.XIANG == E.DISC + N_SEATS * N_KINDS


@njit(cache=True)
def fill_observation(s: np.ndarray, o: np.ndarray, seat: int) -> None:
    """Fill ``o`` (``OBS_SIZE`` int16) with what ``seat`` may see in engine state ``s``."""
    actor = s[E.ACTOR]
    stage = s[E.STAGE]
    mine = actor == seat
    tables_stale = o[O_TABLE_VER] != s[E.TABLE_VER] or o[O_SEAT] != seat
    o[O_SEAT] = seat
    o[O_DEALER] = s[E.DEALER]
    o[O_DECISION] = E.decision_kind(s) if mine else E.D_NONE
    o[O_STAGE] = stage
    shown = actor >= 0 and (stage == E.ST_SHOWN_HU or stage == E.ST_CLAIM or stage == E.ST_LIANG_HU)
    o[O_CARD] = s[E.CARD] if shown or (mine and stage == E.ST_SELF_HU) else -1
    o[O_SRC] = s[E.SRC]
    o[O_DRAWN] = s[E.DRAWN]
    o[O_OFFER_HUXI] = s[E.OFFER_HUXI] if mine and stage != E.ST_CLAIM else 0
    claim = mine and stage == E.ST_CLAIM
    o[O_CAN_PENG] = s[E.CAN_PENG] if claim else 0
    n_plans = s[E.N_PLANS] if claim else 0
    o[O_N_PLANS] = n_plans
    o[O_STOCK_LEFT] = STOCK_CARDS - s[E.SP]
    o[O_LIANG] = s[E.LIANG]
    for i in range(E.N_CFG):
        o[O_CFG + i] = s[E.CFG + i]
    # plain loops, one per block: numba vectorises these (slices and interleaved copies
    # cost several times more, and this runs at every decision)
    h = E.HAND + seat * N_KINDS
    for k in range(N_KINDS):
        o[O_HAND + k] = s[h + k]
    h = E.CHOU + seat * N_KINDS
    for k in range(N_KINDS):
        o[O_CHOU + k] = s[h + k]
    h = E.CHOUHU + seat * N_KINDS
    for k in range(N_KINDS):
        o[O_CHOUHU + k] = s[h + k]
    if tables_stale:  # a meld was laid or upgraded since this array was filled
        o[O_TABLE_VER] = s[E.TABLE_VER]
        for i in range(_N_TABLE):
            o[O_MK + i] = s[E.MK + i]
        for q in range(N_SEATS):
            if q != seat:
                for j in range(s[E.NM + q]):
                    if s[E.MK + q * E.MAXM + j] == M_WEI:
                        o[O_MV + q * E.MAXM + j] = -1  # laid face down
    for i in range(_N_PUBLIC):
        o[O_PILE + i] = s[E.PILE + i]
    for q in range(N_SEATS):
        n = 0
        for k in range(N_KINDS):
            n += s[E.HAND + q * N_KINDS + k]
        o[O_CONCEALED + q] = n
    for i in range(n_plans * MAX_PLAN_GROUPS):
        o[O_PLANS + i] = s[E.PLANS + i]


def observation_array(s: np.ndarray, seat: int) -> np.ndarray:
    """A new observation array of ``seat`` for engine state ``s``."""
    o = np.zeros(OBS_SIZE, dtype=np.int16)
    fill_observation(s, o, seat)
    return o
