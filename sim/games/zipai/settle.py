"""跑胡子 settling the end of a hand: a win (each loser pays 囤 × 番, zero-sum) or a 荒庄."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.zipai.cards import N_KINDS
from sim.games.zipai.deal import N_SEATS
from sim.games.zipai.melds import M_CHI
from sim.games.zipai.scoring import ZIMO_DOUBLE, ZIMO_TUN, mingtang_fan, red_count, tun_of
from sim.games.zipai.state import (
    ACTOR,
    CFG,
    CFG_MIN,
    CFG_MT,
    CFG_TUN,
    CFG_ZIMO,
    EV_HU,
    EV_HUANG,
    FAN,
    HAND,
    HUXI,
    HU_CARD,
    PAY,
    PTS,
    SELF_DRAWN,
    STAGE,
    ST_DONE,
    TUN,
    WINNER,
    WIN_KIND,
    WK_HUANG,
    WK_OTHER,
    WK_ZIMO,
    hand_of,
    log,
    melds_of,
)

# ---------------------------------------------------------------- settling
@njit(cache=True)
def finish_win(s: np.ndarray, seat: int, kind: int, huxi: int, self_drawn: bool, card: int) -> None:
    """End the hand with a win and settle: each loser pays 囤 × 番 (zero-sum)."""
    s[WINNER] = seat
    s[WIN_KIND] = kind
    s[HUXI] = huxi
    if kind == WK_ZIMO or kind == WK_OTHER:
        s[HU_CARD] = card  # a shown card that belongs to no hand
    tun = tun_of(huxi, s[CFG + CFG_MIN], s[CFG + CFG_TUN])
    if tun < 1:
        tun = 1
    mult = 1
    if self_drawn:
        if s[CFG + CFG_ZIMO] == ZIMO_TUN:
            tun += 1
        elif s[CFG + CFG_ZIMO] == ZIMO_DOUBLE:
            mult = 2
    fan = 1
    if s[CFG + CFG_MT] != 0:
        mk, mv, n = melds_of(s, seat)
        hand = hand_of(s, seat)
        red = red_count(hand, mk, mv, n, card)
        fan = mingtang_fan(red, _all_same(s, seat, card))
    s[TUN] = tun
    s[FAN] = fan
    s[SELF_DRAWN] = 1 if self_drawn else 0
    pay = tun * fan * mult
    s[PAY] = pay
    for p in range(N_SEATS):
        s[PTS + p] = 2 * pay if p == seat else -pay
    s[STAGE] = ST_DONE
    s[ACTOR] = -1
    log(s, EV_HU, seat, huxi)


@njit(cache=True)
def _all_same(s: np.ndarray, seat: int, card: int) -> bool:
    """对子胡: no 吃 on the table and the concealed cards (+ win card) hold only
    坎 / 提 sets and at most one pair."""
    mk, mv, n = melds_of(s, seat)
    for j in range(n):
        if mk[j] == M_CHI:
            return False
    pairs = 0
    for k in range(N_KINDS):
        c = s[HAND + seat * N_KINDS + k] + (1 if k == card else 0)
        if c == 1:
            return False
        if c == 2:
            pairs += 1
    return pairs <= 1


@njit(cache=True)
def finish_huang(s: np.ndarray) -> None:
    """荒庄: the stock is empty and nobody won; nobody pays, the dealer stays."""
    s[WINNER] = -1
    s[WIN_KIND] = WK_HUANG
    s[STAGE] = ST_DONE
    s[ACTOR] = -1
    log(s, EV_HUANG, -1, 0)
