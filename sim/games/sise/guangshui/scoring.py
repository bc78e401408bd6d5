"""广水 付, bonuses, requirements and levels, compiled; both drivers and the public helpers use it.

A seat's cards are its concealed counts plus its table melds (``mt``/``mv`` arrays, types
below). :func:`score` takes every partition of the concealed cards from the family
evaluator (best total per mask of kinds held as 子/闹), adds the table groups and the
bonuses (车, 清, 天地, N 步) per mask, and returns the best level in 牌 with its 付.

Requirements (paiju's reading of the rule text, ``docs/rules/guangshui.md``): 一牌 48 付
(option 50), 23 with one 楼, none with two; 小甲 250 / 123 / 61 / 31, 大甲 500 / 248 / 123 / 61
with 0–3 楼; other levels 50 × 牌, halved per 楼.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.sise.cards import CHE, JIANG, N_COLOURS, N_KINDS, N_RANKS, ZU
from sim.games.sise.evaluate import MAX_PARETO, search
# the rules vector's slots are laid out with the options, in rules.py
from sim.games.sise.guangshui.rules import (CFG_CHE_REPLACES, CFG_CHUAN_NEXT,  # noqa: F401
                                           CFG_DEALER_WIN, CFG_LOU_HALVE, CFG_MIN_FU, CFG_TOP,
                                           CFG_ZI_MUST, CFG_ZU_PAIRS, N_CFG)

# meld types on the table
M_PENG, M_LOU, M_CHI, M_ZHAN, M_JIANG = 1, 2, 3, 4, 5
MELD_NAMES = ("", "碰", "发子", "吃", "占", "将")


MAX_LEVEL = 40
XIAOJIA, DAJIA = 5, 10
_XIAOJIA_REQ = (250, 123, 61, 31)
_DAJIA_REQ = (500, 248, 123, 61)

# bonus items: code * ITEM_BASE + detail (出 count, or N for N 步, up to 10)
B_SU_CHE, B_FEI_CHE, B_CHANG_CHE, B_QING, B_TIANDI, B_BU = range(6)
ITEM_BASE = 16
SU_CHE = (10, 20, 30, 40)
FEI_CHE = (20, 40, 60, 100)
CHANG_CHE = (40, 80, 120, 160, 200)
BU_VALUES = (0, 0, 0, 0, 0, 20, 40, 60, 80, 100, 120)
MAX_ITEMS = 24

# feature vector (what the 不数付 / listed hands look at)
F_CHE_CHU, F_CHE_FULL = 0, 3  # [3] best 出 per class (素, 肥, 长; -1 none), [3] any 全踏
F_QING3, F_QING4, F_TIANDI, F_PENG, F_LOU, F_FEI_LOU, F_SU_LOU, F_UNLED = 6, 7, 8, 9, 10, 11, 12, 13
N_FEAT = 14

# listed hands that win at a level without counting:
# level, min 楼, 车 class (0 none, 1 素, 2 肥, 3 长, 4 any), min 出 (9 = 全踏), 三清, 四清, 天地,
# min 碰, a 肥楼, a 素楼
LISTED = np.array([
    [1, 2, 0, 0, 0, 0, 0, 0, 0, 0],  # 两楼
    [1, 0, 1, 0, 0, 0, 0, 0, 1, 0],  # 素车上肥楼
    [1, 0, 2, 0, 0, 0, 0, 0, 0, 1],  # 肥车上素楼
    [1, 0, 1, 1, 0, 0, 0, 5, 0, 0],  # 素车出车 五步
    [1, 0, 2, 2, 0, 0, 0, 0, 0, 0],  # 肥车两出
    [1, 0, 3, 1, 0, 0, 0, 0, 0, 0],  # 长车出车
    [1, 0, 0, 0, 1, 0, 0, 5, 0, 0],  # 三清 五步 (三清五碰)
    [1, 0, 0, 0, 0, 0, 1, 5, 0, 0],  # 天地 五步
    [1, 0, 0, 0, 1, 0, 1, 0, 0, 0],  # 三清 天地
    [1, 0, 4, 1, 1, 0, 0, 0, 0, 0],  # 三清 出车
    [1, 0, 4, 1, 0, 0, 1, 0, 0, 0],  # 出车 天地
    [1, 0, 1, 9, 0, 0, 0, 0, 0, 0],  # 素车全踏
    [1, 0, 0, 0, 0, 1, 0, 0, 0, 0],  # 四清
    [1, 0, 0, 0, 0, 0, 0, 6, 0, 0],  # 六步 (六碰)
    [1, 0, 4, 1, 0, 0, 0, 5, 0, 0],  # 五碰 出车
    [5, 2, 1, 9, 0, 0, 0, 0, 0, 0],  # 小甲: 素车全踏 上两楼
    [5, 2, 2, 1, 0, 0, 0, 0, 0, 0],  # 小甲: 肥车出车 上两楼
    [5, 1, 3, 2, 0, 0, 0, 0, 0, 0],  # 小甲: 长车出两出 上一楼
    [5, 0, 3, 0, 0, 0, 0, 6, 0, 0],  # 小甲: 六步 长车
], dtype=np.int64)
LISTED_NAMES = ("两楼", "素车上肥楼", "肥车上素楼", "素车出车五步", "肥车两出", "长车出车", "三清五步",
                "天地五步", "三清天地", "三清出车", "出车天地", "素车全踏", "四清", "六步", "五碰出车",
                "素车全踏上两楼", "肥车出车上两楼", "长车出两出上一楼", "六步长车")


@njit(cache=True)
def requirement(level: int, lou: int, cfg: np.ndarray) -> int:
    """付 needed for ``level`` 牌 with ``lou`` 楼 under the rules vector ``cfg`` (its
    ``min_fu`` and ``lou_rule``); 0 = wins without counting."""
    min_fu = cfg[CFG_MIN_FU]
    halve = cfg[CFG_LOU_HALVE] != 0
    if level == 1:
        if lou == 0:
            return min_fu
        if lou == 1:
            return 23
        return 0
    if level == XIAOJIA or level == DAJIA:
        listed = _XIAOJIA_REQ if level == XIAOJIA else _DAJIA_REQ
        if lou < 4:
            return listed[lou]
        return listed[3] >> (lou - 3) if halve else listed[3]
    base = 50 * level
    return base >> lou if halve else base


@njit(cache=True)
def counted_level(fu: int, lou: int, cfg: np.ndarray) -> int:
    """The highest level up to the rules' ``top_level`` whose requirement ``fu`` meets (0 = none)."""
    best = 0
    for lv in range(1, cfg[CFG_TOP] + 1):
        if fu >= requirement(lv, lou, cfg):
            best = lv
    return best


@njit(cache=True)
def _bit(k: int) -> np.int64:
    return np.int64(1) << np.int64(k)


@njit(cache=True)
def _che(kinds: np.ndarray, nk: int, cls: int, allc: np.ndarray, mask: np.int64,
         items: np.ndarray, ni: int, feat: np.ndarray) -> tuple:
    """A 车 on these component kinds, if every one is held twice or more: (bonus, items)."""
    for j in range(nk):
        if allc[kinds[j]] < 2:
            return 0, ni
    chu = 0
    for j in range(nk):
        if mask & _bit(kinds[j]):
            chu += 1
    if cls == 0:
        v, code = SU_CHE[chu], B_SU_CHE
    elif cls == 1:
        v, code = FEI_CHE[chu], B_FEI_CHE
    else:
        v, code = CHANG_CHE[chu], B_CHANG_CHE
    items[ni] = code * ITEM_BASE + chu
    feat[F_CHE_CHU + cls] = max(feat[F_CHE_CHU + cls], chu)
    if chu == nk:
        feat[F_CHE_FULL + cls] = 1
    if chu == 0:
        feat[F_UNLED] = 1  # a 车 with no component 出
    return v, ni + 1


@njit(cache=True)
def _che_bonuses(mask: np.int64, allc: np.ndarray, items: np.ndarray, feat: np.ndarray,
                 che_kmask: np.ndarray) -> tuple:
    """The 车 of a partition (素车 of one colour, 肥车 / 长车 across colours): (total, items)."""
    total = 0
    ni = 0
    comp = np.empty(4, dtype=np.int64)
    for c in range(N_COLOURS):  # 素车: 将士相 or 车马炮 of one colour
        for start in (JIANG, CHE):
            for j in range(3):
                comp[j] = c * N_RANKS + start + j
            v, ni2 = _che(comp, 3, 0, allc, mask, items, ni, feat)
            if ni2 > ni:
                che_kmask[0] += 1
                che_kmask[che_kmask[0]] = _bit(comp[0]) | _bit(comp[1]) | _bit(comp[2])
            total += v
            ni = ni2
    for r in (JIANG, ZU):  # 肥车 (three colours) or 长车 (four)
        held = 0
        for c in range(N_COLOURS):
            if allc[c * N_RANKS + r] >= 2:
                comp[held] = c * N_RANKS + r
                held += 1
        if held >= 3:
            v, ni2 = _che(comp, held, held - 2, allc, mask, items, ni, feat)
            che_kmask[0] += 1
            m = np.int64(0)
            for j in range(held):
                m |= _bit(comp[j])
            che_kmask[che_kmask[0]] = m
            total += v
            ni = ni2
    return total, ni


@njit(cache=True)
def bonus(mask: np.int64, allc: np.ndarray, n_peng: int, items: np.ndarray, feat: np.ndarray,
          che_kmask: np.ndarray) -> tuple:
    """Bonuses of a partition whose 子/闹/碰/楼 kinds are ``mask``: (total, number of items).

    Fills ``items`` (codes), ``feat`` (features of the listed hands) and ``che_kmask`` (the
    kinds of each 车, for the ``replaces`` option; ``che_kmask[0]`` = how many).
    """
    feat[:] = 0
    for c in range(3):
        feat[F_CHE_CHU + c] = -1
    che_kmask[0] = 0
    total, ni = _che_bonuses(mask, allc, items, feat, che_kmask)
    for r in range(1, N_RANKS - 1):  # 清: 士相车马炮 as 碰/子/楼/闹 in three or four colours
        n = 0
        for c in range(N_COLOURS):
            if mask & _bit(c * N_RANKS + r):
                n += 1
        if n >= 3:
            total += 20 if n == 3 else 40
            items[ni] = B_QING * ITEM_BASE + n
            ni += 1
            feat[F_QING3] += 1
            if n == 4:
                feat[F_QING4] += 1
    for c in range(N_COLOURS):  # 天地: 将 and 卒 of one colour, both as 碰/子/楼/闹
        if mask & _bit(c * N_RANKS + JIANG) and mask & _bit(c * N_RANKS + ZU):
            total += 20
            items[ni] = B_TIANDI * ITEM_BASE
            ni += 1
            feat[F_TIANDI] += 1
    if n_peng >= 5:
        total += BU_VALUES[min(n_peng, 10)]
        items[ni] = B_BU * ITEM_BASE + min(n_peng, 10)
        ni += 1
    feat[F_PENG] = n_peng
    return total, ni


@njit(cache=True)
def listed_level(feat: np.ndarray) -> int:
    """The highest level of a listed hand these features make (0 = none)."""
    best = 0
    for i in range(LISTED.shape[0]):
        row = LISTED[i]
        if feat[F_LOU] < row[1] or feat[F_PENG] < row[7]:
            continue
        cls = row[2]
        if cls > 0:
            ok = False
            for c in range(3):
                if cls != 4 and c != cls - 1:
                    continue
                if feat[F_CHE_CHU + c] < 0:
                    continue
                if row[3] == 9:
                    ok = ok or feat[F_CHE_FULL + c] == 1
                else:
                    ok = ok or feat[F_CHE_CHU + c] >= row[3]
            if not ok:
                continue
        if (row[4] and feat[F_QING3] == 0) or (row[5] and feat[F_QING4] == 0):
            continue
        if (row[6] and feat[F_TIANDI] == 0) or (row[8] and feat[F_FEI_LOU] == 0):
            continue
        if row[9] and feat[F_SU_LOU] == 0:
            continue
        best = max(best, row[0])
    return best


# score() output slots
O_LEVEL, O_FU, O_LOU, O_ITEMS, O_LISTED, O_BONUS, O_WIN_FU = range(7)
N_OUT = 7


@njit(cache=True)
def table_cards(hand: np.ndarray, mt: np.ndarray, mv: np.ndarray, nm: int, cards: np.ndarray,
                n: np.ndarray, allc: np.ndarray) -> None:
    """Every card of a seat (concealed + table) as counts, into ``allc``."""
    for k in range(N_KINDS):
        allc[k] = hand[k]
    for j in range(nm):
        t, v = mt[j], mv[j]
        if t == M_PENG:
            allc[v] += 3
        elif t == M_LOU:
            allc[v] += 4
        elif t == M_ZHAN:
            allc[v] += 2
        elif t == M_JIANG:
            allc[v] += 1
        else:
            for i in range(n[v]):
                allc[cards[v, i]] += 1


@njit(cache=True)
def _meld_value(t: int, v: int, kmask: np.ndarray) -> tuple:
    """(付, kinds mask) of one table meld (a laid 将 is counted apart, under the cap)."""
    fat = (v % N_RANKS) in (JIANG, CHE, ZU)
    if t == M_PENG:
        return (2 if fat else 1), _bit(v)
    if t == M_LOU:
        return (12 if fat else 6), _bit(v)
    if t == M_CHI:
        return 1, kmask[v]
    return 0, _bit(v)


@njit(cache=True)
def _che_replaced(allc: np.ndarray, value: np.ndarray, free: np.ndarray, kmask: np.ndarray,
                  items: np.ndarray, feat: np.ndarray, chek: np.ndarray) -> tuple:
    """Group values and free cards with every group and card inside a 车 set to 0 (the
    ``replaces`` option; which kinds form a 车 depends on the counts only): (value, free)."""
    bonus(np.int64(0), allc, 0, items, feat, chek)
    if chek[0] == 0:
        return value, free
    val = value.copy()
    fr = free.copy()
    for g in range(val.shape[0]):
        for j in range(1, chek[0] + 1):
            if kmask[g] & ~chek[j] == 0:
                val[g] = 0
    for k in range(N_KINDS):
        for j in range(1, chek[0] + 1):
            if fr[k] > 0 and chek[j] & _bit(k):
                fr[k] = 0
    return val, fr


@njit(cache=True)
def _in_che(km: np.int64, chek: np.ndarray) -> bool:
    """Whether the kinds ``km`` lie inside one of the 车 of ``chek``."""
    for i in range(1, chek[0] + 1):
        if km & ~chek[i] == 0:
            return True
    return False


@njit(cache=True)
def _table_value(mt: np.ndarray, mv: np.ndarray, nm: int, kmask: np.ndarray, chek: np.ndarray,
                 replaces: bool) -> tuple:
    """What the table melds count: (付, kinds mask of 碰/楼, 碰s, 楼s, 肥楼s, 素楼s, laid 将)."""
    t_val = 0
    t_mask = np.int64(0)
    n_peng = n_lou = fei_lou = su_lou = laid = 0
    for j in range(nm):
        t, v = mt[j], mv[j]
        if t == M_JIANG:
            if not (replaces and _in_che(_bit(v), chek)):
                laid += 1
            continue
        fu, km = _meld_value(t, v, kmask)
        if replaces and _in_che(km, chek):
            fu = 0
        t_val += fu
        if t == M_PENG:
            n_peng += 1
            t_mask |= _bit(v)
        elif t == M_LOU:
            n_lou += 1
            t_mask |= _bit(v)
            if (v % N_RANKS) in (JIANG, CHE, ZU):
                fei_lou += 1
            else:
                su_lou += 1
    return t_val, t_mask, n_peng, n_lou, fei_lou, su_lou, laid


@njit(cache=True)
def _partitions(hand: np.ndarray, cards: np.ndarray, n: np.ndarray, val: np.ndarray,
                tag: np.ndarray, off: np.ndarray, fr: np.ndarray, cap_left: int) -> tuple:
    """The Pareto-best partitions of the concealed cards: (kinds masks, 付, how many)."""
    work = np.empty(N_KINDS, dtype=np.int64)
    for k in range(N_KINDS):
        work[k] = hand[k]
    om = np.zeros(MAX_PARETO, dtype=np.int64)
    ov = np.zeros(MAX_PARETO, dtype=np.int64)
    no = np.zeros(1, dtype=np.int64)
    path = np.zeros(1, dtype=np.int64)
    search(work, cards, n, val, tag, off, fr, cap_left, 0, np.int64(0), om, ov, no, np.int64(-1),
           path)
    return om, ov, no[0]


@njit(cache=True)
def score(hand: np.ndarray, mt: np.ndarray, mv: np.ndarray, nm: int, cfg: np.ndarray,
          cards: np.ndarray, n: np.ndarray, value: np.ndarray, tag: np.ndarray, off: np.ndarray,
          free: np.ndarray, kmask: np.ndarray, out: np.ndarray, items_out: np.ndarray) -> None:
    """Score a seat's cards: ``out[O_*]`` and the bonus items of the best winning partition.

    ``O_FU`` is the most 付 of any partition (-1: some card is 闲牌), ``O_LEVEL`` the best
    level in 牌 a partition reaches (0: no win), ``O_WIN_FU`` the 付 of that partition.
    """
    allc = np.zeros(N_KINDS, dtype=np.int64)
    table_cards(hand, mt, mv, nm, cards, n, allc)
    items = np.zeros(MAX_ITEMS, dtype=np.int64)
    feat = np.zeros(N_FEAT, dtype=np.int64)
    chek = np.zeros(16, dtype=np.int64)
    replaces = cfg[CFG_CHE_REPLACES] != 0
    val, fr = value, free
    if replaces:
        val, fr = _che_replaced(allc, value, free, kmask, items, feat, chek)
    t_val, t_mask, n_peng, n_lou, fei_lou, su_lou, laid = _table_value(mt, mv, nm, kmask, chek,
                                                                       replaces)
    t_val += min(laid, 3)
    three = np.int64(0)
    for k in range(N_KINDS):
        if hand[k] == 3:
            three |= _bit(k)
    om, ov, no = _partitions(hand, cards, n, val, tag, off, fr, max(0, 3 - laid))
    out[:] = 0
    out[O_FU] = -1
    out[O_LOU] = n_lou
    best_lv, best_fu = 0, -1
    for i in range(no):
        if ov[i] < 0:
            continue  # only partitions with a forbidden group
        b, ni = bonus(om[i] | t_mask, allc, n_peng, items, feat, chek)
        total = ov[i] + t_val + b
        out[O_FU] = max(out[O_FU], total)
        feat[F_LOU] = n_lou
        feat[F_FEI_LOU] = fei_lou
        feat[F_SU_LOU] = su_lou
        if cfg[CFG_ZI_MUST] != 0 and ((om[i] & three) or feat[F_UNLED]):
            continue  # a 子 still held in hand, or a 车 not 出
        counted = counted_level(total, n_lou, cfg)
        listed = listed_level(feat)
        lv = max(counted, listed)
        if lv > best_lv or (lv == best_lv and lv > 0 and total > best_fu):
            best_lv, best_fu = lv, total
            _keep_items(out, items, ni, items_out, 1 if listed > counted else 0, b)
    out[O_LEVEL] = best_lv
    out[O_WIN_FU] = best_fu


@njit(cache=True)
def _keep_items(out: np.ndarray, items: np.ndarray, ni: int, items_out: np.ndarray, listed: int,
                b: int) -> None:
    """Record the best partition so far: listed or counted, its bonus and its items."""
    out[O_LISTED] = listed
    out[O_BONUS] = b
    bits = 0
    for j in range(ni):
        bits |= 1 << (items[j] // ITEM_BASE)
        items_out[j] = items[j]
    items_out[ni] = -1
    out[O_ITEMS] = bits
