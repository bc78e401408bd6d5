"""Moving horses: where a move lands, which moves are legal, what a move does, and the end
a move home brings (细满 or 麤满, and the pot).

A move is one packed integer, a single move or a split one (:mod:`sim.games.dama.codes`
writes and reads them).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.dama.codes import (  # noqa: F401  (SPLIT_A re-exported)
    SPLIT, SPLIT_A, backward, encode, encode_split, horses, is_split, split_first, split_second,
    split_steps, station,
)
from sim.games.dama.board import FEILONG, HANGU, HANGU_STACK, HOME, HORSES, N_STATIONS, QIAN
from sim.games.dama.state import (
    BENCAI, CNT, CUR_THROW, EMAX, EMAX_FOR, END_KIND, EV_END, EV_GATE, EV_HIT, EV_MOVE, EV_POT,
    EV_WIDTH, EXTRA, HALF_POTS, HANGU_OPEN, HANGU_TAKER, HBATCH, HITS_GIVEN, HITS_TAKEN, HPOS,
    MAXEV, NEV, OVER, POT, POT_CUMAN, POT_DRAW, POT_HANGU, POT_WIPE, POT_XIMAN, POTNET, R_HITTRUE,
    R_JIA0, R_JIAN, R_MOVE, R_NP, R_STAKE, ROUGH, TIE_HIT, TURN, WINNER, WIPES, cnt, log, pay, place,
)
from sim.games.dama.state import FEILONG as FEILONG_STATE
from sim.games.dama.throws import JIA_MOVE, TOTAL, relation

@njit(cache=True)
def is_jia(st, s) -> bool:
    return st[R_JIA0] <= s < st[R_JIA0] + st[R_JIAN]


@njit(cache=True)
def is_nest(s) -> bool:
    return 1 <= s < HOME and (s - 1) % 9 == 0


@njit(cache=True)
def enemy_max(st, p) -> None:
    """``st[EMAX + x]``: the largest enemy group (any one other player's) on station ``x``.

    Kept until a horse moves (:func:`sim.games.dama.state.place` marks it stale)."""
    if st[EMAX_FOR] == p:
        return
    n = st[R_NP]
    st[EMAX: EMAX + N_STATIONS] = 0
    for q in range(n):
        if q != p:
            base = CNT + q * N_STATIONS
            for x in range(1, QIAN):
                c = st[base + x]
                if c > st[EMAX + x]:
                    st[EMAX + x] = c
    st[EMAX_FOR] = p


@njit(cache=True)
def split_code(first, a, second) -> int:
    """The code of a split move: part ``first`` walks ``a``, then part ``second`` the rest."""
    return encode_split(first, a, second)


@njit(cache=True)
def distance(st, t, code) -> int:
    """How far the group of a single (unsplit) move walks: the 夹 move in a 夹, else by the rule."""
    s = station(code)
    if is_jia(st, s):
        return JIA_MOVE[t]
    if st[R_MOVE] == 0:
        return TOTAL[t] - horses(code)
    return TOTAL[t]


@njit(cache=True)
def target(st, p, t, code) -> int:
    """The station a single move lands on, or -1 when the rules forbid it (for a split move,
    where its second part lands)."""
    enemy_max(st, p)
    if is_split(code):
        return split_landings(st, p, t, code)[1]
    return _target(st, p, t, code)


@njit(cache=True)
def targets(st, p, t, codes, out) -> None:
    """:func:`target` of every code in ``codes``, into ``out`` (for the texts of a decision)."""
    for i in range(len(codes)):
        out[i] = target(st, p, t, codes[i])


@njit(cache=True)
def _target(st, p, t, code) -> int:
    return _walk_to(st, p, t, code, distance(st, t, code))


@njit(cache=True)
def _walk_to(st, p, t, code, d) -> int:
    """Where ``code``'s group lands walking ``d`` stations, or -1 (``st[EMAX]`` must be set)."""
    s = station(code)
    k = horses(code)
    back = backward(code)
    if s < 1 or s >= QIAN or k < 1 or cnt(st, p, s) < k:
        return -1
    if s == FEILONG and st[FEILONG_STATE + p] == 1:
        return -1
    if is_jia(st, s) and (back == 1 or d != JIA_MOVE[t]):
        return -1
    if d <= 0:
        return -1
    dest = s - d if back == 1 else s + d
    if dest < 1:
        return -1
    if back == 0:
        if s <= FEILONG < dest and st[FEILONG_STATE + p] != 2:
            return -1
        if st[HANGU_OPEN + p] == 0 and s <= HANGU < dest and (s < HANGU or k < HANGU_STACK):
            return -1
        for x in range(max(s + 1, HANGU), min(dest, QIAN)):  # no overtaking a larger group
            if st[EMAX + x] > k:
                return -1
    if dest >= QIAN:
        return min(dest, HOME + 1)  # HOME + 1 marks an overshoot
    hits = False
    if not is_nest(dest):
        if st[EMAX + dest] > k:
            return -1
        hits = st[EMAX + dest] > 0
        if hits and st[R_HITTRUE] == 1 and relation(t, st[BENCAI + p]) != 2:
            return -1
    if back == 1 and not (hits or cnt(st, p, dest) > 0 or is_nest(dest)):
        return -1
    return dest


@njit(cache=True)
def legal_moves(st, p, t, legal) -> int:
    """Fill ``legal`` with the moves of player ``p`` on throw ``t``; their number.

    The moves of a stack come in the order of ``k`` (horses) with each forward move before
    its backward one; they are exactly the codes :func:`target` allows (a test checks that).
    """
    enemy_max(st, p)
    m = 0
    total = TOTAL[t]
    base = CNT + p * N_STATIONS
    for s in range(1, QIAN):
        c = st[base + s]
        if c == 0:
            continue
        if is_jia(st, s) or (s == FEILONG and st[FEILONG_STATE + p] == 1):
            for k in range(1, c + 1):  # the 夹 move, forward only (none from a gathered 飞龙院)
                if _target(st, p, t, encode(s, k, 0)) >= 0:
                    legal[m] = encode(s, k, 0)
                    m += 1
            continue
        if st[R_MOVE] == 0:
            c = min(c, total - 1)  # k horses walk total - k: at least one station
        ok = _forward_mask(st, p, t, s, c)
        for k in range(1, c + 1):
            code = encode(s, k, 0)
            if (ok >> k) & 1:
                legal[m] = code
                m += 1
            back = s - (total - k if st[R_MOVE] == 0 else total)
            # a backward move needs a purpose: skip the others before the full check
            if back >= 1 and (st[EMAX + back] > 0 or st[base + back] > 0 or is_nest(back)):
                if _target(st, p, t, encode(s, k, 1)) >= 0:
                    legal[m] = encode(s, k, 1)
                    m += 1
    if st[R_MOVE] == 2:
        m = _split_moves(st, p, t, legal, m)
    return m


@njit(cache=True)
def _forward_mask(st, p, t, s, c) -> int:
    """Bit ``k`` set when ``k`` horses of the stack on ``s`` (not in a 夹) may walk forward.

    The same checks as :func:`_walk_to`, with the largest enemy group passed kept as a running
    maximum: walking from ``k = c`` down to 1 only ever lengthens the walk."""
    total = TOTAL[t]
    hps = st[R_MOVE] == 0
    gate = st[FEILONG_STATE + p] != 2
    closed = st[HANGU_OPEN + p] == 0
    hit_true = st[R_HITTRUE] == 1 and relation(t, st[BENCAI + p]) != 2
    lo = max(s + 1, HANGU)
    upto = lo  # EMAX[lo:upto] is folded into mx
    mx = 0
    mask = 0
    for k in range(c, 0, -1):
        dest = s + (total - k if hps else total)
        if s <= FEILONG < dest and gate:
            continue
        if closed and s <= HANGU < dest and (s < HANGU or k < HANGU_STACK):
            continue
        end = min(dest, QIAN)
        while upto < end:
            if st[EMAX + upto] > mx:
                mx = st[EMAX + upto]
            upto += 1
        if mx > k:
            continue
        if dest < QIAN and not is_nest(dest):
            e = st[EMAX + dest]
            if e > k or (e > 0 and hit_true):
                continue
        mask |= 1 << k
    return mask


@njit(cache=True)
def _split_moves(st, p, t, legal, m) -> int:
    """Add the split moves: two whole stacks on different stations (none in a 夹) walk ``a``
    and ``total - a`` stations, one after the other; each part is checked on the board the
    part before it left, and the second stack is not the one the first part landed on."""
    total = TOTAL[t]
    scratch = np.empty(st.shape[0], dtype=np.int64)
    sev = np.zeros((MAXEV, EV_WIDTH), dtype=np.int64)
    for s1 in range(1, QIAN):
        k1 = cnt(st, p, s1)
        if k1 == 0 or is_jia(st, s1):
            continue
        for a in range(1, total):
            for back1 in range(2):
                first = encode(s1, k1, back1)
                dest1 = _walk_to(st, p, t, first, a)
                if dest1 < 0:
                    continue
                scratch[:] = st
                scratch[NEV] = 0
                _walk(scratch, sev, p, t, first, a)
                if scratch[OVER] != 0:
                    continue
                enemy_max(scratch, p)
                for s2 in range(1, QIAN):
                    k2 = cnt(scratch, p, s2)
                    if k2 == 0 or s2 == s1 or s2 == dest1 or is_jia(st, s2):
                        continue
                    for back2 in range(2):
                        second = encode(s2, k2, back2)
                        if _walk_to(scratch, p, t, second, total - a) >= 0:
                            legal[m] = split_code(first, a, second)
                            m += 1
    return m


@njit(cache=True)
def split_landings(st, p, t, code) -> tuple[int, int]:
    """Where the two parts of split move ``code`` land (-1 for a part the rules forbid)."""
    first, a, second = split_first(code), split_steps(code), split_second(code)
    enemy_max(st, p)
    dest1 = _walk_to(st, p, t, first, a)
    whole = horses(first) == cnt(st, p, station(first))
    if dest1 < 0 or st[R_MOVE] != 2 or is_jia(st, station(first)) or not whole:
        return -1, -1
    scratch = st.copy()
    sev = np.zeros((MAXEV, EV_WIDTH), dtype=np.int64)
    scratch[NEV] = 0
    _walk(scratch, sev, p, t, first, a)
    enemy_max(scratch, p)
    s2 = station(second)
    if s2 == station(first) or s2 == dest1 or is_jia(st, s2) or scratch[OVER] != 0:
        return dest1, -1
    if horses(second) != cnt(scratch, p, s2):
        return dest1, -1
    return dest1, _walk_to(scratch, p, t, second, TOTAL[t] - a)


@njit(cache=True)
def apply_move(st, ev, code) -> None:
    """Play move ``code`` of the player to throw (it must be one of his legal moves)."""
    p = st[TURN]
    t = st[CUR_THROW]
    enemy_max(st, p)
    if is_split(code):
        a = split_steps(code)
        _walk(st, ev, p, t, split_first(code), a)
        if st[OVER] == 0:
            enemy_max(st, p)
            _walk(st, ev, p, t, split_second(code), TOTAL[t] - a)
    else:
        _walk(st, ev, p, t, code, distance(st, t, code))


@njit(cache=True)
def _walk(st, ev, p, t, code, d) -> None:
    """Walk ``code``'s group ``d`` stations, with what landing there does (``st[EMAX]`` set)."""
    n = st[R_NP]
    s = station(code)
    k = horses(code)
    dest = _walk_to(st, p, t, code, d)
    over = dest > HOME
    if over:
        dest = HOME
        st[ROUGH + p] = 1
    joined = dest < QIAN and cnt(st, p, dest) > 0
    for _ in range(k):  # the earliest entered horses of the stack go first
        best, bh = -1, -1
        for h in range(HORSES):
            if st[HPOS + p * HORSES + h] == s:
                b = st[HBATCH + p * HORSES + h]
                if bh < 0 or b < best:
                    best, bh = b, h
        place(st, p, bh, dest)
    log(st, ev, EV_MOVE, p, s, dest, k, 1 if over else 0)
    if joined or is_nest(dest):
        st[EXTRA] = 1
    if dest < QIAN and not is_nest(dest):
        for q in range(n):
            c = cnt(st, q, dest) if q != p else 0
            if c > 0:
                for h in range(HORSES):
                    if st[HPOS + q * HORSES + h] == dest:
                        place(st, q, h, 0)
                        st[HBATCH + q * HORSES + h] = -1
                st[HITS_GIVEN + p] += c
                st[HITS_TAKEN + q] += c
                log(st, ev, EV_HIT, p, q, dest, c, 0)
                pay(st, ev, q, p, c, TIE_HIT)
                st[EXTRA] = 1
                if cnt(st, q, 0) == HORSES:  # every horse of q is off the board: half the pot
                    half = st[POT] // 2
                    st[POT] -= half
                    st[POTNET + p] += half
                    st[WIPES + p] += 1
                    st[HALF_POTS] += 1
                    log(st, ev, EV_POT, p, half, POT_WIPE, q, 0)
    if s == HANGU and dest > HANGU and st[HANGU_OPEN + p] == 0:
        st[HANGU_OPEN + p] = 1
        log(st, ev, EV_GATE, p, HANGU, k, 0, 0)
    if dest == HANGU and st[HANGU_TAKER] < 0 and cnt(st, p, HANGU) >= HANGU_STACK:
        half = st[POT] // 2
        st[POT] -= half
        st[POTNET + p] += half
        st[HANGU_TAKER] = p
        st[HALF_POTS] += 1
        log(st, ev, EV_POT, p, half, POT_HANGU, 0, 0)
    if st[FEILONG_STATE + p] == 0 and cnt(st, p, FEILONG) == HORSES:
        st[FEILONG_STATE + p] = 1
        log(st, ev, EV_GATE, p, FEILONG, 1, 0, 0)
    check_home(st, ev, p)


@njit(cache=True)
def finish(st, ev, winner, kind) -> None:
    """End the game: ``kind`` 0 a draw (the pot shared back), 1 细满 (two pots), 2 麤满 (one)."""
    n = st[R_NP]
    pot = st[POT]
    if kind == 0:  # a draw: the pot goes back as evenly as it can
        for i in range(n):
            share = pot // n + (1 if i < pot % n else 0)
            st[POTNET + i] += share
        log(st, ev, EV_POT, -1, pot, POT_DRAW, 0, 0)
    else:
        st[POTNET + winner] += pot
        log(st, ev, EV_POT, winner, pot, POT_CUMAN if kind == 2 else POT_XIMAN, 0, 0)
        if kind == 1:  # 细满 takes a second pot: everyone refills it, the winner takes it
            stake = st[R_STAKE]
            for i in range(n):
                st[POTNET + i] -= stake
            st[POTNET + winner] += n * stake
            log(st, ev, EV_POT, winner, n * stake, POT_XIMAN, 1, 0)
    st[POT] = 0
    st[OVER] = 1
    st[WINNER] = winner
    st[END_KIND] = kind
    log(st, ev, EV_END, winner, kind, 0, 0, 0)


@njit(cache=True)
def check_home(st, ev, p) -> None:
    """End the game if all of ``p``'s horses are home (麤满 if one ever overshot or flew)."""
    if st[OVER] == 0 and cnt(st, p, HOME) == HORSES:
        finish(st, ev, p, 2 if st[ROUGH + p] else 1)
