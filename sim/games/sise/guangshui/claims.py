"""广水 claims: what a seat may do with the card in play (the groups it can form, the offer
order, whether and at what level it wins), compiled over the engine's state vector.

A card in play (a discard, or a card turned up from the stock) is offered to every seat
that may use it — on a draw the drawer, his 下家, his 上家; on a discard the 下家, then the
other — and each declares one choice without seeing the others'. The highest claim takes
it (胡 > 发子 > 碰 > 吃 > 占, the nearer seat on a tie). A seat that passed a usable card may
never use that card again this hand; one that let a 发子 (or a 碰 on a 车 component) go may
not win this hand (有子不发).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.sise.cards import JIANG, N_KINDS, N_RANKS, ZU
from sim.games.sise.groups import C_YUAN, guangshui_table
from sim.games.sise.guangshui import scoring as S
from sim.games.sise.guangshui.state import (
    BAR, CARD, CFG, CHI, DEAD, DEALER_CARDS, DRAWN, FAZI, HAND, HU_FORM, LAY, MAXM, MT, MV, N_SEATS,
    NM, O_CHE, O_CHI, O_FAZI, O_HU, O_PENG, O_ZHAN, OPTS, PENG, SRC, XIANG, ZHAN, add_meld, xia,
)


def _arrays() -> tuple:
    t = guangshui_table(zu_pairs=True)
    chi = np.full((N_KINDS, 4), -1, dtype=np.int64)
    for g in range(t.size):
        if int(t.cls[g]) == C_YUAN and int(t.n[g]) == 3:
            for k in t.cards[g, :3]:
                row = chi[int(k)]
                row[int(np.argmax(row < 0))] = g
    return t.cards, t.n, t.value, t.tag, t.off, t.free, t.kmask, chi


# one table for every rule set (the group numbers of 吃 melds never change); without 卒
# pairs only the values differ
GC, GN, GV, GT, GO, GF, GK, GCHI = _arrays()
GV_NO_ZU_PAIRS = guangshui_table(zu_pairs=False).value


@njit(cache=True)
def chi_groups(s: np.ndarray, k: int) -> np.ndarray:
    """The 3-card 圆 groups containing kind ``k``, -1 padded."""
    return GCHI[k]


@njit(cache=True)
def group_cards(s: np.ndarray, g: int) -> np.ndarray:
    """The kinds of group ``g``."""
    return GC[g]


@njit(cache=True)
def score_seat(s: np.ndarray, seat: int, out: np.ndarray, items: np.ndarray) -> None:
    """Score a seat's current cards (``scoring.score`` with the rules' values)."""
    h = s[HAND + seat * N_KINDS: HAND + (seat + 1) * N_KINDS]
    mt = s[MT + seat * MAXM: MT + (seat + 1) * MAXM]
    mv = s[MV + seat * MAXM: MV + (seat + 1) * MAXM]
    cfg = s[CFG: CFG + S.N_CFG]
    values = GV if s[CFG + S.CFG_ZU_PAIRS] else GV_NO_ZU_PAIRS
    S.score(h, mt, mv, s[NM + seat], cfg, GC, GN, values, GT, GO, GF, GK, out, items)


@njit(cache=True)
def cards_held(s: np.ndarray, seat: int) -> int:
    """Concealed plus table cards of a seat."""
    total = 0
    for k in range(N_KINDS):
        total += s[HAND + seat * N_KINDS + k]
    for j in range(s[NM + seat]):
        t, v = s[MT + seat * MAXM + j], s[MV + seat * MAXM + j]
        if t == S.M_PENG:
            total += 3
        elif t == S.M_LOU:
            total += 4
        elif t == S.M_ZHAN:
            total += 2
        elif t == S.M_JIANG:
            total += 1
        else:
            total += 3
    return total


@njit(cache=True)
def can_discard(s: np.ndarray, seat: int) -> bool:
    """Whether the seat holds a card it may discard (anything but a 将)."""
    for k in range(N_KINDS):
        if k % N_RANKS != JIANG and s[HAND + seat * N_KINDS + k] > 0:
            return True
    return False


@njit(cache=True)
def form(s: np.ndarray, seat: int, code: int, k: int, sign: int) -> None:
    """Make (sign 1) or undo (sign -1) the group ``code`` of ``seat`` with the card ``k``."""
    h = HAND + seat * N_KINDS
    if sign < 0:
        s[NM + seat] -= 1
    if code == FAZI:
        s[h + k] -= 3 * sign
        mt, mv = S.M_LOU, k
    elif code == PENG:
        s[h + k] -= 2 * sign
        mt, mv = S.M_PENG, k
    elif code == ZHAN:
        s[h + k] -= sign
        mt, mv = S.M_ZHAN, k
    elif code == LAY:
        mt, mv = S.M_JIANG, k
    else:
        g = code - CHI
        cs = group_cards(s, g)
        used = False
        for i in range(3):
            if cs[i] == k and not used:
                used = True
            else:
                s[h + cs[i]] -= sign
        mt, mv = S.M_CHI, g
    if sign > 0:
        add_meld(s, seat, mt, mv)


@njit(cache=True)
def claim_codes(s: np.ndarray, seat: int, k: int, chi_ok: bool, out: np.ndarray) -> int:
    """The groups ``seat`` could make with card ``k`` (fitting his hand), as action codes."""
    h = HAND + seat * N_KINDS
    c = s[h + k]
    n = 0
    if c == 3:
        out[n] = FAZI
        n += 1
    if c == 2:
        out[n] = PENG
        n += 1
    if chi_ok and k % N_RANKS != JIANG:  # a drawn 将 is 碰'd, 发子'd or laid out, never eaten
        gs = chi_groups(s, k)
        for i in range(4):
            g = gs[i]
            if g < 0:
                break
            cs = group_cards(s, g)
            ok = True
            for j in range(3):
                if cs[j] != k and s[h + cs[j]] < 1:
                    ok = False
            if ok:
                out[n] = CHI + g
                n += 1
        zu_ok = s[CFG + S.CFG_ZU_PAIRS] != 0 or k % N_RANKS != ZU
        if c == 1 and zu_ok:
            out[n] = ZHAN
            n += 1
    if k % N_RANKS == JIANG and s[DRAWN] == 1 and seat == s[SRC]:
        out[n] = LAY  # the drawer lays out his drawn 将 (and may win so)
        n += 1
    return n


@njit(cache=True)
def offer_order(s: np.ndarray, pos: int) -> int:
    """The seat at position ``pos`` of the offer order of the card in play (-1 past the end)."""
    src = s[SRC]
    if s[DRAWN] == 1:
        return (src + pos) % N_SEATS if pos < N_SEATS else -1
    return (src + 1 + pos) % N_SEATS if pos < N_SEATS - 1 else -1


@njit(cache=True)
def _is_che_component(s: np.ndarray, seat: int, k: int) -> bool:
    allc = np.zeros(N_KINDS, dtype=np.int64)
    S.table_cards(s[HAND + seat * N_KINDS: HAND + (seat + 1) * N_KINDS],
                  s[MT + seat * MAXM: MT + (seat + 1) * MAXM],
                  s[MV + seat * MAXM: MV + (seat + 1) * MAXM], s[NM + seat], GC, GN, allc)
    items = np.zeros(S.MAX_ITEMS, dtype=np.int64)
    feat = np.zeros(S.N_FEAT, dtype=np.int64)
    chek = np.zeros(16, dtype=np.int64)
    S.bonus(np.int64(0), allc, 0, items, feat, chek)
    for j in range(1, chek[0] + 1):
        if chek[j] & (np.int64(1) << np.int64(k)):
            return True
    return False


@njit(cache=True)
def _might_complete(s: np.ndarray, seat: int) -> bool:
    """A quick necessary test for no 闲牌: every single non-将 card has 圆 partners."""
    h = HAND + seat * N_KINDS
    zu_pairs = s[CFG + S.CFG_ZU_PAIRS] != 0
    for k in range(N_KINDS):
        c = s[h + k]
        r = k % N_RANKS
        if c == 0 or r == JIANG:
            continue
        if c >= 2 and (r != ZU or zu_pairs or c >= 3):
            continue
        base = k - r
        if r == ZU:
            others = 0
            for col in range(4):
                if col * N_RANKS + ZU != k and s[h + col * N_RANKS + ZU] > 0:
                    others += 1
            if others < 2:
                return False
        elif r <= 2:
            for j in range(3):
                if base + j != k and s[h + base + j] == 0:
                    return False
        else:
            for j in range(3, 6):
                if base + j != k and s[h + base + j] == 0:
                    return False
    return True


@njit(cache=True)
def win_level(s: np.ndarray, seat: int, out: np.ndarray, items: np.ndarray) -> int:
    """The level the seat's present cards win at (0: none); 相公 and barred seats never win."""
    if s[XIANG + seat] or s[BAR + seat] or cards_held(s, seat) != DEALER_CARDS:
        return 0
    if not _might_complete(s, seat):
        return 0
    score_seat(s, seat, out, items)
    return out[S.O_LEVEL]


@njit(cache=True)
def best_win(s: np.ndarray, seat: int, k: int, codes: np.ndarray, n: int) -> int:
    """The formation (action code) of the best win with card ``k`` among ``codes``, or -1."""
    out = np.zeros(S.N_OUT, dtype=np.int64)
    items = np.zeros(S.MAX_ITEMS + 1, dtype=np.int64)
    best, best_lv, best_fu = -1, 0, -1
    for i in range(n):
        form(s, seat, codes[i], k, 1)
        lv = win_level(s, seat, out, items)
        fu = out[S.O_WIN_FU]
        form(s, seat, codes[i], k, -1)
        if lv > best_lv or (lv == best_lv and lv > 0 and fu > best_fu):
            best, best_lv, best_fu = codes[i], lv, fu
    return best


@njit(cache=True)
def _options(s: np.ndarray, seat: int) -> int:
    """Fill OPTS/HU_FORM for ``seat`` on the card in play; returns the option flags."""
    k = s[CARD]
    s[OPTS + seat] = 0
    s[HU_FORM + seat] = -1
    if s[XIANG + seat] or s[DEAD + seat * N_KINDS + k]:
        return 0
    chi_ok = (s[DRAWN] == 1 and seat == s[SRC]) or (s[DRAWN] == 0 and seat == xia(s[SRC]))
    codes = np.empty(8, dtype=np.int64)
    n = claim_codes(s, seat, k, chi_ok, codes)
    flags = 0
    hu = best_win(s, seat, k, codes, n)
    if hu >= 0:
        flags |= O_HU
        s[HU_FORM + seat] = hu
    for i in range(n):
        c = codes[i]
        if c == LAY:
            continue
        form(s, seat, c, k, 1)
        ok = can_discard(s, seat)
        form(s, seat, c, k, -1)
        if not ok:
            continue
        if c == FAZI:
            flags |= O_FAZI
        elif c == PENG:
            flags |= O_PENG
            if _is_che_component(s, seat, k):
                flags |= O_CHE
        elif c == ZHAN:
            flags |= O_ZHAN
        else:
            flags |= O_CHI
    s[OPTS + seat] = flags
    return flags
