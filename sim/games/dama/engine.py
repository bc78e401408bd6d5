"""The compiled rules of 打马: one throw at a time, on the flat state of :mod:`.state`.

Both drivers run a game the same way::

    new_game(st, ev, rng, ...)             # stakes, then everyone throws for his 本采
    while not st[OVER]:
        n = begin_throw(st, ev, roll(rng), legal)   # 帖, gates, fly-outs, entering
        if n: apply_move(st, ev, legal[choice])     # a choice only when n > 1
        end_throw(st, ev)                           # extra throw or the next player

A move is coded ``station * 64 + horses * 2 + backward``. Every rule is written once,
here; the Python driver (:mod:`.game`) and the batch loop (:mod:`.batch`) call these
functions, and the strategies see only :func:`fill_obs`'s observation.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.dama.board import FEILONG, HANGU, HANGU_STACK, HOME, HORSES, N_STATIONS, QIAN
from sim.games.dama.state import (
    BENCAI, CNT, CUR_THROW, EMAX, END_KIND, EV_BENCAI, EV_END, EV_ENTER, EV_EXTRA, EV_FLY, EV_GATE,
    EV_HIT, EV_MOVE, EV_POT, EV_THROW, EV_TIE, EXTRA, HALF_POTS, HANGU_OPEN, HANGU_TAKER,
    HBATCH, HITS_GIVEN, HITS_TAKEN, HPOS, MAXEV, NBATCH, NEV, NTHROWS, OVER, POT, POTNET,
    PREV_SEAT, PREV_THROW, R_ENTRY, R_FA, R_FEILONG, R_HITTRUE, R_JIA0, R_JIAN, R_MOVE, R_NP,
    R_STAKE, ROUGH, S, SIZE, THROWS_BY, TIE, TURN, WINNER, WIPES,
)
from sim.games.dama.state import FEILONG as FEILONG_STATE
from sim.games.dama.throws import ENTRY, JIA_MOVE, KIND, LISTED_FEILONG, THROW_OF, TOTAL
from sim.rng import below

MAX_THROWS = 30_000  # safety bound: a game this long is stopped as a draw
MAX_LEGAL = 2048
OBS_SIZE = 512
OBS_CNT = 40  # observation: counts of seat q on station s at OBS_CNT + q * 92 + s
ERROR = S + 22  # 1 + the bad choice of a strategy
ERR_SEAT = S + 23
# why 帖 moved (EV_TIE's third field) and why a pot moved (EV_POT)
TIE_OWN, TIE_FOREIGN, TIE_ZHUANG, TIE_FA, TIE_HIT, TIE_FLY = range(6)
POT_HANGU, POT_WIPE, POT_XIMAN, POT_CUMAN, POT_DRAW = range(5)


@njit(cache=True)
def relation(t: int, b: int) -> int:
    """0 none, 1 傍 (same total), 2 真 (the same throw) of throw ``t`` to 本采 ``b``."""
    if b < 0:
        return 0
    if t == b:
        return 2
    return 1 if TOTAL[t] == TOTAL[b] else 0


@njit(cache=True)
def roll(rng: np.ndarray) -> int:
    """Throw three dice from the game's dice stream; the throw's index."""
    a = below(rng, 6) + 1
    b = below(rng, 6) + 1
    c = below(rng, 6) + 1
    return THROW_OF[a, b, c]


@njit(cache=True)
def log(st, ev, kind, seat, a, b, c, d) -> None:
    n = st[NEV]
    if n < MAXEV:
        ev[n, 0] = kind
        ev[n, 1] = seat
        ev[n, 2] = a
        ev[n, 3] = b
        ev[n, 4] = c
        ev[n, 5] = d
        st[NEV] = n + 1


@njit(cache=True)
def pay(st, ev, payer, payee, amount, reason) -> None:
    if amount <= 0 or payer == payee:
        return
    st[TIE + payer] -= amount
    st[TIE + payee] += amount
    log(st, ev, EV_TIE, payer, payee, amount, reason, 0)


@njit(cache=True)
def cnt(st, p, s) -> int:
    return st[CNT + p * N_STATIONS + s]


@njit(cache=True)
def _place(st, p, h, s) -> None:
    old = st[HPOS + p * HORSES + h]
    st[CNT + p * N_STATIONS + old] -= 1
    st[CNT + p * N_STATIONS + s] += 1
    st[HPOS + p * HORSES + h] = s


@njit(cache=True)
def new_game(st, ev, rng, players, entry, move, jia0, jian, feilong_rule, hit_true, stake, fa) -> None:
    """Reset ``st`` for a game, collect the stakes and throw for everyone's 真本采."""
    st[:] = 0
    st[R_NP] = players
    st[R_ENTRY] = entry
    st[R_MOVE] = move
    st[R_JIA0] = jia0
    st[R_JIAN] = jian
    st[R_FEILONG] = feilong_rule
    st[R_HITTRUE] = 1 if hit_true else 0
    st[R_STAKE] = stake
    st[R_FA] = fa
    st[HANGU_TAKER] = -1
    st[PREV_THROW] = -1
    st[PREV_SEAT] = -1
    st[WINNER] = -1
    for p in range(players):
        st[CNT + p * N_STATIONS] = HORSES
        st[POTNET + p] = -stake
        st[BENCAI + p] = -1
        for h in range(HORSES):
            st[HBATCH + p * HORSES + h] = -1
    st[POT] = players * stake
    for p in range(players):  # the first 杂 throw nobody owns yet becomes the 真本采
        while True:
            t = roll(rng)
            st[NTHROWS] += 1
            st[THROWS_BY + p] += 1
            if KIND[t] != 0:
                continue
            taken = False
            for q in range(p):
                if st[BENCAI + q] == t:
                    taken = True
            if not taken:
                st[BENCAI + p] = t
                log(st, ev, EV_BENCAI, p, t, 0, 0, 0)
                break


@njit(cache=True)
def _finish(st, ev, winner, kind) -> None:
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
def _check_home(st, ev, p) -> None:
    if st[OVER] == 0 and cnt(st, p, HOME) == HORSES:
        _finish(st, ev, p, 2 if st[ROUGH + p] else 1)


@njit(cache=True)
def _fly_out(st, ev, q) -> None:
    """The oldest entering batch of ``q``'s horses in the 堑 flies home, 1 帖 a horse from all."""
    best = -1
    for h in range(HORSES):
        if st[HPOS + q * HORSES + h] == QIAN:
            b = st[HBATCH + q * HORSES + h]
            if best < 0 or b < best:
                best = b
    if best < 0:
        return
    f = 0
    for h in range(HORSES):
        if st[HPOS + q * HORSES + h] == QIAN and st[HBATCH + q * HORSES + h] == best:
            _place(st, q, h, HOME)
            f += 1
    st[ROUGH + q] = 1
    log(st, ev, EV_FLY, q, f, best, 0, 0)
    for r in range(st[R_NP]):
        if r != q:
            pay(st, ev, r, q, f, TIE_FLY)
    _check_home(st, ev, q)


@njit(cache=True)
def _open_feilong(st, ev, q) -> None:
    if st[FEILONG_STATE + q] == 1:
        st[FEILONG_STATE + q] = 2
        log(st, ev, EV_GATE, q, FEILONG, 0, 0, 0)


@njit(cache=True)
def _triple(t) -> bool:
    return TOTAL[t] == 3 * JIA_MOVE[t]


@njit(cache=True)
def begin_throw(st, ev, t, legal) -> int:
    """Apply throw ``t`` of the player to throw: 帖, gates, fly-outs, entering; then fill
    ``legal`` with his moves and return their number (0: nothing to choose)."""
    st[NEV] = 0
    st[EXTRA] = 0
    n = st[R_NP]
    p = st[TURN]
    st[CUR_THROW] = t
    st[NTHROWS] += 1
    st[THROWS_BY + p] += 1
    log(st, ev, EV_THROW, p, t, 0, 0, 0)
    table = st[R_ENTRY]
    own = relation(t, st[BENCAI + p])
    for q in range(n):  # another player's 本采: pay him, and it may free his horses
        if q == p:
            continue
        r = relation(t, st[BENCAI + q])
        if r > 0:
            pay(st, ev, p, q, ENTRY[table, t, r], TIE_FOREIGN)
            if r == 2:
                _open_feilong(st, ev, q)
            if cnt(st, q, QIAN) > 0:
                _fly_out(st, ev, q)
                if st[OVER]:
                    return 0
    prev, ps = st[PREV_THROW], st[PREV_SEAT]
    if prev >= 0 and ps != p:  # 撞: the previous player's throw again
        z = 2 if prev == t else (1 if TOTAL[prev] == TOTAL[t] else 0)
        if z > 0:
            pay(st, ev, p, ps, ENTRY[table, t, z], TIE_ZHUANG)
            if cnt(st, ps, QIAN) > 0:
                _fly_out(st, ev, ps)
                if st[OVER]:
                    return 0
    if KIND[t] == 2:  # 罚: pay the next player, whose gates it opens
        nxt = (p + 1) % n
        pay(st, ev, p, nxt, st[R_FA], TIE_FA)
        _open_feilong(st, ev, nxt)
        if cnt(st, nxt, QIAN) > 0:
            _fly_out(st, ev, nxt)
            if st[OVER]:
                return 0
    if KIND[t] == 1 or own > 0:  # own 赏 / 本采: everyone pays, and an extra throw
        for q in range(n):
            if q != p:
                pay(st, ev, q, p, ENTRY[table, t, own], TIE_OWN)
        st[EXTRA] = 1
    if cnt(st, p, QIAN) > 0 and (_triple(t) or own > 0):  # own 浑花 or 本采 flies a batch
        _fly_out(st, ev, p)
        st[EXTRA] = 1
        if st[OVER]:
            return 0
    if st[FEILONG_STATE + p] == 1:
        frees = own == 2 or (KIND[t] == 1 and (st[R_FEILONG] == 0 or LISTED_FEILONG[t]))
        if frees:
            _open_feilong(st, ev, p)
    waiting = cnt(st, p, 0)
    if waiting > 0:  # 下马: horses still off the board enter at 赤岸驿; no move
        k = min(ENTRY[table, t, own], waiting)
        if k > 0:
            b = st[NBATCH + p]
            st[NBATCH + p] = b + 1
            done = 0
            for h in range(HORSES):
                if done < k and st[HPOS + p * HORSES + h] == 0:
                    _place(st, p, h, 1)
                    st[HBATCH + p * HORSES + h] = b
                    done += 1
            log(st, ev, EV_ENTER, p, k, b, 0, 0)
        return 0
    return legal_moves(st, p, t, legal)


@njit(cache=True)
def is_jia(st, s) -> bool:
    return st[R_JIA0] <= s < st[R_JIA0] + st[R_JIAN]


@njit(cache=True)
def is_nest(s) -> bool:
    return 1 <= s < HOME and (s - 1) % 9 == 0


@njit(cache=True)
def enemy_max(st, p) -> None:
    """``st[EMAX + x]``: the largest enemy group (any one other player's) on station ``x``."""
    n = st[R_NP]
    st[EMAX: EMAX + N_STATIONS] = 0
    for q in range(n):
        if q != p:
            base = CNT + q * N_STATIONS
            for x in range(1, QIAN):
                c = st[base + x]
                if c > st[EMAX + x]:
                    st[EMAX + x] = c


@njit(cache=True)
def target(st, p, t, code) -> int:
    """The station a move lands on, or -1 when the rules forbid it."""
    enemy_max(st, p)
    return _target(st, p, t, code)


@njit(cache=True)
def _target(st, p, t, code) -> int:
    s = code // 64
    k = (code % 64) // 2
    back = code % 2
    if s < 1 or s >= QIAN or k < 1 or cnt(st, p, s) < k:
        return -1
    if s == FEILONG and st[FEILONG_STATE + p] == 1:
        return -1
    if is_jia(st, s):
        d = JIA_MOVE[t]
        if back == 1 or d == 0:
            return -1
    elif st[R_MOVE] == 0:
        d = TOTAL[t] - k
    else:
        d = TOTAL[t]
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
    """Fill ``legal`` with the moves of player ``p`` on throw ``t``; their number."""
    enemy_max(st, p)
    m = 0
    for s in range(1, QIAN):
        c = cnt(st, p, s)
        if c == 0:
            continue
        if st[R_MOVE] == 0 and not is_jia(st, s):
            c = min(c, TOTAL[t] - 1)  # k horses walk total - k: at least one station
        jia = is_jia(st, s)
        for k in range(1, c + 1):
            code = s * 64 + k * 2
            if _target(st, p, t, code) >= 0:
                legal[m] = code
                m += 1
            if jia:
                continue
            back = s - (TOTAL[t] - k if st[R_MOVE] == 0 else TOTAL[t])
            # a backward move needs a purpose: skip the others before the full check
            if back >= 1 and (st[EMAX + back] > 0 or cnt(st, p, back) > 0 or is_nest(back)):
                if _target(st, p, t, code + 1) >= 0:
                    legal[m] = code + 1
                    m += 1
    return m


@njit(cache=True)
def apply_move(st, ev, code) -> None:
    """Play move ``code`` of the player to throw (it must be one of his legal moves)."""
    p = st[TURN]
    t = st[CUR_THROW]
    n = st[R_NP]
    s = code // 64
    k = (code % 64) // 2
    dest = target(st, p, t, code)
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
        _place(st, p, bh, dest)
    log(st, ev, EV_MOVE, p, s, dest, k, 1 if over else 0)
    if joined or is_nest(dest):
        st[EXTRA] = 1
    if dest < QIAN and not is_nest(dest):
        for q in range(n):
            c = cnt(st, q, dest) if q != p else 0
            if c > 0:
                for h in range(HORSES):
                    if st[HPOS + q * HORSES + h] == dest:
                        _place(st, q, h, 0)
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
    _check_home(st, ev, p)


@njit(cache=True)
def end_throw(st, ev) -> None:
    """Pass the dice on (or keep them for an extra throw); stop a runaway game as a draw."""
    p = st[TURN]
    st[PREV_THROW] = st[CUR_THROW]
    st[PREV_SEAT] = p
    if st[OVER]:
        return
    if st[NTHROWS] >= MAX_THROWS:
        _finish(st, ev, -1, 0)
        return
    if st[EXTRA]:
        log(st, ev, EV_EXTRA, p, 0, 0, 0, 0)
    else:
        st[TURN] = (p + 1) % st[R_NP]


@njit(cache=True)
def fill_obs(st, p, obs) -> None:
    """The observation of player ``p``: the board and the throw, nothing else.

    Only the fields below and the counts of the ``players`` seats are written; the rest of
    ``obs`` must be zero (the callers allocate it zeroed and the player count never changes
    within a game).
    """
    obs[:OBS_CNT] = 0
    n = st[R_NP]
    t = st[CUR_THROW]
    obs[0] = p
    obs[1] = n
    obs[2] = t
    obs[3] = TOTAL[t]
    obs[4] = relation(t, st[BENCAI + p])
    obs[5] = JIA_MOVE[t]
    obs[6] = KIND[t]
    obs[7] = st[HANGU_TAKER]
    obs[8] = st[POT]
    obs[9] = st[R_MOVE]
    obs[10] = st[R_JIA0]
    obs[11] = st[R_JIAN]
    obs[12] = st[R_HITTRUE]
    for q in range(n):
        obs[16 + q] = st[BENCAI + q]
        obs[21 + q] = st[HANGU_OPEN + q]
        obs[26 + q] = st[FEILONG_STATE + q]
        obs[31 + q] = st[TIE + q]
        for s in range(N_STATIONS):
            obs[OBS_CNT + q * N_STATIONS + s] = st[CNT + q * N_STATIONS + s]


def new_state() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Empty ``(state, events, legal)`` arrays for one game."""
    from sim.games.dama.state import EV_WIDTH

    return (np.zeros(SIZE, dtype=np.int64), np.zeros((MAXEV, EV_WIDTH), dtype=np.int64),
            np.zeros(MAX_LEGAL, dtype=np.int64))
