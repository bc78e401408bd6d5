"""What one seat of 跑胡子 may see: the observation array handed to strategies.

Both drivers fill it with :func:`fill_observation` for the deciding seat and give strategies
only this array, never the engine state, so a strategy cannot read another seat's concealed
cards, the order of the stock, or another seat's 臭 records.

The layout (``int16``) is :data:`SPEC`, declared once below; the ``O_*`` constants are its
offsets (numba reads them as constants), and the rules page shows it as a table
(``SPEC.table()``). Another seat's face-down 偎 has value -1; the 吃 plans are those that
``engine.CHI + j`` refers to.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.zipai import engine as E
from sim.games.zipai.cards import N_KINDS
from sim.games.zipai.deal import N_SEATS, STOCK_CARDS
from sim.games.zipai.melds import MAX_PLAN_GROUPS, MAX_PLANS, M_WEI
from sim.games.zipai.state import MAXM, N_CFG
from sim.games.spec import ObsField, ObservationSpec


def _layout(rows: list) -> list[tuple[str, int, int, str]]:
    """``(name, offset, length, meaning)`` of fields laid one after another; an ``int`` in
    ``rows`` leaves that many values unused."""
    out, offset = [], 0
    for row in rows:
        if isinstance(row, int):
            offset += row
            continue
        name, length, meaning = row
        out.append((name, offset, int(length), meaning))
        offset += int(length)
    return out


# the layout, declared once: the fill code below and the strategies take their offsets from it
SPEC = ObservationSpec([
    ObsField(name, offset, length, meaning) for name, offset, length, meaning in _layout([
        ("seat", 1, "the seat deciding"),
        ("dealer", 1, "the dealer's seat"),
        ("decision", 1, "what this seat decides (engine.D_*: 0 none, 1 胡, 2 碰/吃, 3 discard)"),
        ("stage", 1, "where the hand's flow is (engine.ST_*)"),
        ("card", 1, "the card in play as this seat sees it (a kind 0–19), or -1"),
        ("src", 1, "the seat that drew or discarded the card in play"),
        ("drawn", 1, "1 if the card in play was drawn from the stock"),
        ("offer_huxi", 1, "胡息 of the 胡 on offer to this seat"),
        ("can_peng", 1, "1 if 碰 is on offer to this seat"),
        ("n_plans", 1, "how many 吃 plans are on offer (engine.CHI + j chooses plan j)"),
        ("stock_left", 1, "cards left in the stock"),
        ("liang", 1, "the dealer's face-up 亮张 (a kind)"),
        ("cfg", N_CFG,
         "the rules vector (engine.CFG_*: minimum 胡息, 囤 rule, 自摸, 名堂, 亮张 天胡, 提 redeal)"),
        1,  # unused
        ("table_ver", 1, "the engine's table version when the meld fields were last copied"),
        ("hand", N_KINDS, "own concealed cards, count per kind"),
        ("chou", N_KINDS, "own 臭牌: 1 = may not 吃/碰 that kind any more"),
        ("chouhu", N_KINDS, "own 臭胡: table 胡息 when a 胡 on that kind was declined, else -1"),
        ("meld_kind", N_SEATS * MAXM, f"[3, {MAXM}] every seat's table melds: meld kind (melds.M_*)"),
        ("meld_value", N_SEATS * MAXM,
         f"[3, {MAXM}] meld values: a kind, or a group number for 吃; another seat's 偎 is -1"),
        ("n_melds", N_SEATS, "[3] table melds per seat"),
        ("pile", N_SEATS * N_KINDS, "[3, 20] each seat's discard area, count per kind"),
        ("discarded", N_SEATS * N_KINDS,
         "[3, 20] cards each seat discarded from his hand (臭 for him)"),
        ("xiang", N_SEATS, "[3] 相公 flags (stuck: may not win)"),
        ("concealed", N_SEATS, "[3] concealed cards each seat holds"),
        ("plans", MAX_PLANS * MAX_PLAN_GROUPS,
         f"[{MAX_PLANS}, {MAX_PLAN_GROUPS}] the 吃 plans on offer: group numbers, -1 = none"),
    ])
])

O_SEAT = SPEC.offset("seat")
O_DEALER = SPEC.offset("dealer")
O_DECISION = SPEC.offset("decision")  # engine.D_* for this seat (D_NONE when another seat decides)
O_STAGE = SPEC.offset("stage")  # engine.ST_*
O_CARD = SPEC.offset("card")  # the card in play as this seat sees it, or -1
O_SRC = SPEC.offset("src")  # the seat that drew or discarded it
O_DRAWN = SPEC.offset("drawn")  # 1 if it was drawn from the stock
O_OFFER_HUXI = SPEC.offset("offer_huxi")  # 胡息 of the 胡 on offer to this seat
O_CAN_PENG = SPEC.offset("can_peng")
O_N_PLANS = SPEC.offset("n_plans")
O_STOCK_LEFT = SPEC.offset("stock_left")
O_LIANG = SPEC.offset("liang")  # the dealer's 亮张 (face up)
O_CFG = SPEC.offset("cfg")  # [N_CFG] the rules vector
O_TABLE_VER = SPEC.offset("table_ver")  # the engine's table version when O_MK … O_NM were last copied
O_HAND = SPEC.offset("hand")
O_CHOU = SPEC.offset("chou")
O_CHOUHU = SPEC.offset("chouhu")
O_MK = SPEC.offset("meld_kind")  # [3, MAXM]; O_MV and O_NM follow as in the engine state
O_MV = SPEC.offset("meld_value")
O_NM = SPEC.offset("n_melds")
O_PILE = SPEC.offset("pile")  # O_PILE, O_DISC, O_XIANG follow as in the engine state
O_DISC = SPEC.offset("discarded")
O_XIANG = SPEC.offset("xiang")
O_CONCEALED = SPEC.offset("concealed")
O_PLANS = SPEC.offset("plans")
OBS_SIZE = SPEC.size

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
