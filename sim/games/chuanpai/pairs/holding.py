"""A seat's holding in the pairing game: stealing (偷), laying groups at once, 坨, winning, paying.

Compiled helpers of :mod:`sim.games.chuanpai.pairs.engine` over the state vector of
:mod:`sim.games.chuanpai.pairs.state`.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.chuanpai.cards import N_TYPES
from sim.games.chuanpai.pairs.groups import RED, complete, ident_tuo, red_count, xiaojia_tuo
from sim.games.chuanpai.pairs.rules import (
    C_AN_TOU, C_BASE, C_DAHU_DEALER, C_DAHU_ORD, C_FAN_CAP, C_LONG_TOU, C_PAY, C_SANHEIKAN,
    C_TUO, C_TUO_DEALER, C_TUO_ORD, C_TUO_XIAO, C_XIAO_ZIMO, C_YAN, CFG_SIZE, PAY_LINEAR,
    PAY_POWER,
)
from sim.games.chuanpai.pairs.state import (
    ACTOR, CFG, DEALER, EV_AN, EV_END, EV_LIANG, EV_TOU, EV_YAN, FAN, HAND, HID, NCARDS, NHAND, NP,
    NTOU, OUTCOME, PHASE, PH_OVER, PTS, QUAD, SELFTURN, SP, STAKE, STOCK, TABLE, TRI, TUOT, WIN,
    WINNER, WTUO, XIAO, log,
)


@njit(cache=True)
def _draw(s: np.ndarray, p: int) -> int:
    """Move the top stock card into ``p``'s hand; returns it (-1 if the stock is empty)."""
    if s[SP] >= s[NCARDS]:
        return -1
    c = s[STOCK + s[SP]]
    s[SP] += 1
    s[HAND + p * N_TYPES + c] += 1
    s[NHAND + p] += 1
    return c


@njit(cache=True)
def _lay_one(s: np.ndarray, p: int) -> int:
    """Lay one 亮 / 暗 / 燕 held in ``p``'s hand; returns the cards it steals, -1 if none.

    With two decks a hand may hold more than four of a type: 6 are laid as two 暗, 5, 7 and 8
    as a 亮 first (then a 暗 or 亮 of the rest; the fifth card stays in the hand)."""
    cfg = s[CFG:CFG + CFG_SIZE]
    h = HAND + p * N_TYPES
    t = TABLE + p * N_TYPES
    for k in range(N_TYPES):
        c = s[h + k]
        if c >= 3:
            size = 3 if c == 3 or c == 6 else 4
            s[h + k] -= size
            s[NHAND + p] -= size
            s[t + k] += size
            s[TUOT + p] += ident_tuo(k, size)
            if size == 4:
                s[QUAD + p * N_TYPES + k] += 1
                log(s, EV_LIANG, p, k)
                return cfg[C_LONG_TOU]
            s[TRI + p * N_TYPES + k] += 1
            s[HID + p * N_TYPES + k] += 3
            log(s, EV_AN, p, k)
            return cfg[C_AN_TOU]
    if cfg[C_YAN] and s[h + 9] > 0 and s[h + 15] > 0 and s[h + 16] > 0:
        for k in (9, 15, 16):
            s[h + k] -= 1
            s[t + k] += 1
        s[NHAND + p] -= 3
        log(s, EV_YAN, p, 0)
        return cfg[C_AN_TOU]
    return -1


@njit(cache=True)
def settle(s: np.ndarray, p: int, pending: int) -> None:
    """Steal ``pending`` cards for ``p``, laying every 暗 / 亮 / 燕 at once and stealing its
    replacements too, until nothing is left to lay or steal (or the stock is empty)."""
    while True:
        tou = _lay_one(s, p)
        if tou >= 0:
            pending += tou
            continue
        if pending > 0:
            c = _draw(s, p)
            if c < 0:
                return
            s[NTOU + p] += 1
            log(s, EV_TOU, p, c)
            pending -= 1
            continue
        return


@njit(cache=True)
def threshold(s: np.ndarray, p: int) -> int:
    """The 坨 seat ``p`` needs to win (斗十四)."""
    cfg = s[CFG:CFG + CFG_SIZE]
    if p == s[DEALER]:
        return cfg[C_TUO_DEALER]
    if p == s[XIAO]:
        return cfg[C_TUO_XIAO]
    return cfg[C_TUO_ORD]


@njit(cache=True)
def seat_tuo(s: np.ndarray, p: int) -> int:
    """坨 of ``p``'s holding: red cards in hand plus the table columns (the 小家: see
    :func:`~sim.games.chuanpai.pairs.groups.xiaojia_tuo`)."""
    h = s[HAND + p * N_TYPES:HAND + (p + 1) * N_TYPES]
    tuo = red_count(h) + s[TUOT + p]
    if p != s[XIAO]:
        return tuo
    idents = 0
    for k in range(N_TYPES):
        idents += s[TRI + p * N_TYPES + k] + s[QUAD + p * N_TYPES + k]
    return xiaojia_tuo(h + s[TABLE + p * N_TYPES:TABLE + (p + 1) * N_TYPES], idents, tuo,
                       s[CFG:CFG + CFG_SIZE])


@njit(cache=True)
def wins(s: np.ndarray, p: int) -> bool:
    """Whether every card ``p`` holds is grouped (and, with 坨 on, 坨 reaches the threshold)."""
    cfg = s[CFG:CFG + CFG_SIZE]
    if not complete(s[HAND + p * N_TYPES:HAND + (p + 1) * N_TYPES], cfg):
        return False
    return not cfg[C_TUO] or seat_tuo(s, p) >= threshold(s, p)


@njit(cache=True)
def fan_of(s: np.ndarray, w: int) -> int:
    """番 of a winning holding (斗十四): 大胡, each 龙 / 杠, the 小家's one-colour hand, and with
    their options 三黑坎 and the 小家's self-turned win; at most ``fan_cap`` when that is set."""
    cfg = s[CFG:CFG + CFG_SIZE]
    if not cfg[C_TUO]:
        return 0
    fan = 0
    dahu = cfg[C_DAHU_DEALER] if w == s[DEALER] else cfg[C_DAHU_ORD]
    if w != s[XIAO] and seat_tuo(s, w) >= dahu:
        fan += 1
    red = 0
    black = 0
    black_cols = 0
    for k in range(N_TYPES):
        fan += s[QUAD + w * N_TYPES + k]
        if not RED[k]:
            black_cols += s[TRI + w * N_TYPES + k] + s[QUAD + w * N_TYPES + k]
        c = s[HAND + w * N_TYPES + k] + s[TABLE + w * N_TYPES + k]
        if RED[k]:
            red += c
        else:
            black += c
    if w == s[XIAO]:
        swing = min(s[HAND + w * N_TYPES + 20] + s[TABLE + w * N_TYPES + 20],
                    s[HAND + w * N_TYPES + 7] + s[TABLE + w * N_TYPES + 7])  # 丁斧
        if black - swing <= 0 or red - swing <= 0:
            fan += 1
        if cfg[C_XIAO_ZIMO] and s[SELFTURN] and s[OUTCOME] == WIN:
            fan += 1
    if cfg[C_SANHEIKAN] and black_cols >= 3:
        fan += 1
    if cfg[C_FAN_CAP] > 0 and fan > cfg[C_FAN_CAP]:
        fan = cfg[C_FAN_CAP]
    return fan


@njit(cache=True)
def finish(s: np.ndarray, w: int, outcome: int) -> None:
    """End the hand; each loser pays the winner the stake."""
    cfg = s[CFG:CFG + CFG_SIZE]
    s[ACTOR] = -1
    s[PHASE] = PH_OVER
    s[OUTCOME] = outcome
    s[WINNER] = w
    if w >= 0:
        fan = fan_of(s, w)
        stake = cfg[C_BASE]
        if cfg[C_PAY] == PAY_POWER:
            stake = cfg[C_BASE] * (1 << fan)
        elif cfg[C_PAY] == PAY_LINEAR:
            stake = cfg[C_BASE] * (1 + fan)
        s[FAN] = fan
        s[STAKE] = stake
        s[WTUO] = seat_tuo(s, w)
        for p in range(s[NP]):
            if p != w:
                s[PTS + p] -= stake
                s[PTS + w] += stake
    log(s, EV_END, w, outcome)
