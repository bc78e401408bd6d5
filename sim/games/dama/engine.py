"""The compiled rules of 打马: one throw at a time, on the flat state of :mod:`.state`.

Both drivers run a game the same way::

    new_game(st, ev, rng, rules)           # stakes, then everyone throws for his 本采
                                           # (setup, then bencai_throw until all have one)
    while not st[OVER]:
        n = begin_throw(st, ev, roll(rng), legal)   # 帖, gates, fly-outs, entering
        if n: apply_move(st, ev, legal[choice])     # a choice only when n > 1
        end_throw(st, ev)                           # extra throw or the next player

Every rule is written once: the throw's effects here, the moves and the end of a game in
:mod:`.moves`, the dice in :mod:`.throws`, the books (events, 帖) in :mod:`.state`; this
module re-exports what the drivers call. The Python driver (:mod:`.game`) and the batch
loop (:mod:`.batch`) call these functions, and the strategies see only the observation of
:mod:`.observe`.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.dama.board import FEILONG, HOME, HORSES, N_STATIONS, QIAN
from sim.games.dama.moves import (  # noqa: F401  (re-exported: the drivers use engine.*)
    SPLIT, SPLIT_A, apply_move, check_home, finish, legal_moves, split_landings, target, targets,
)
from sim.games.dama.rules import (
    V_ENTRY, V_FA, V_FEILONG, V_HIT_TRUE, V_JIA0, V_JIAN, V_LIMIT, V_MOVE, V_PLAYERS, V_STAKE,
)
from sim.games.dama.state import (
    BENCAI, CNT, CUR_THROW, EMAX_FOR, EV_BENCAI, EV_ENTER, EV_EXTRA, EV_FLY, EV_GATE, EV_THROW,
    EV_WIDTH, EXTRA, HANGU_TAKER, HBATCH, HPOS, MAX_LEGAL, MAXEV, NBATCH, NEV, NTHROWS, OVER, POT,
    POTNET, PREV_SEAT, PREV_THROW, R_ENTRY, R_FA, R_FEILONG, R_HITTRUE, R_JIA0, R_JIAN, R_MOVE,
    R_LIMIT, R_NP, R_STAKE, ROUGH, SIZE, THROWS_BY, TIE_FA, TIE_FLY, TIE_FOREIGN, TIE_OWN, TIE_ZHUANG, TURN,
    WINNER, cnt, log, pay, place,
)
from sim.games.dama.state import FEILONG as FEILONG_STATE
from sim.games.dama.throws import ENTRY, JIA_MOVE, KIND, LISTED_FEILONG, TOTAL, relation, roll  # noqa: F401

MAX_THROWS = 30_000  # the default throw_limit: a game this long is stopped as a draw


@njit(cache=True)
def new_game(st, ev, rng, rules) -> None:
    """Reset ``st`` for a game, collect the stakes and throw for everyone's 真本采
    (``rules``: :func:`sim.games.dama.rules.rules_vector`)."""
    setup(st, rules)
    p = bencai_seat(st)
    while p >= 0:
        p = bencai_throw(st, ev, roll(rng))


@njit(cache=True)
def setup(st, rules) -> None:
    """Reset ``st`` for a game under ``rules`` (:func:`sim.games.dama.rules.rules_vector`,
    copied into the state's ``R_*`` slots) and collect the stakes; nobody has a 本采 yet."""
    players = rules[V_PLAYERS]
    stake = rules[V_STAKE]
    st[:SIZE] = 0  # the engine's words (a hand loop's state keeps more after them)
    st[R_NP] = players
    st[R_ENTRY] = rules[V_ENTRY]
    st[R_MOVE] = rules[V_MOVE]
    st[R_JIA0] = rules[V_JIA0]
    st[R_JIAN] = rules[V_JIAN]
    st[R_FEILONG] = rules[V_FEILONG]
    st[R_HITTRUE] = 1 if rules[V_HIT_TRUE] != 0 else 0
    st[R_STAKE] = stake
    st[R_FA] = rules[V_FA]
    st[R_LIMIT] = rules[V_LIMIT]
    st[HANGU_TAKER] = -1
    st[PREV_THROW] = -1
    st[PREV_SEAT] = -1
    st[WINNER] = -1
    st[EMAX_FOR] = -1
    for p in range(players):
        st[CNT + p * N_STATIONS] = HORSES
        st[POTNET + p] = -stake
        st[BENCAI + p] = -1
        for h in range(HORSES):
            st[HBATCH + p * HORSES + h] = -1
    st[POT] = players * stake


@njit(cache=True)
def bencai_seat(st) -> int:
    """The seat throwing for his 真本采 (seats throw in order), or -1 once all have one."""
    for p in range(st[R_NP]):
        if st[BENCAI + p] < 0:
            return p
    return -1


@njit(cache=True)
def bencai_throw(st, ev, t) -> int:
    """Throw ``t`` of the seat throwing for his 真本采: counted, and his 真本采 if it is a 杂
    throw nobody owns yet (else he throws again). Returns the seat to throw next (-1: done)."""
    p = bencai_seat(st)
    st[NTHROWS] += 1
    st[THROWS_BY + p] += 1
    if KIND[t] == 0:
        taken = False
        for q in range(p):
            if st[BENCAI + q] == t:
                taken = True
        if not taken:
            st[BENCAI + p] = t
            log(st, ev, EV_BENCAI, p, t, 0, 0, 0)
    return bencai_seat(st)


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
            place(st, q, h, HOME)
            f += 1
    st[ROUGH + q] = 1
    log(st, ev, EV_FLY, q, f, best, 0, 0)
    for r in range(st[R_NP]):
        if r != q:
            pay(st, ev, r, q, f, TIE_FLY)
    check_home(st, ev, q)


@njit(cache=True)
def _open_feilong(st, ev, q) -> None:
    if st[FEILONG_STATE + q] == 1:
        st[FEILONG_STATE + q] = 2
        log(st, ev, EV_GATE, q, FEILONG, 0, 0, 0)


@njit(cache=True)
def _triple(t) -> bool:
    return TOTAL[t] == 3 * JIA_MOVE[t]


@njit(cache=True)
def _others_paid(st, ev, p, t, table) -> bool:
    """What throw ``t`` of ``p`` pays others: another's 本采, 撞, 罚 (each may free the
    payee's gates or fly his horses out of the 堑); whether that ended the game."""
    n = st[R_NP]
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
                    return True
    prev, ps = st[PREV_THROW], st[PREV_SEAT]
    if prev >= 0 and ps != p:  # 撞: the previous player's throw again
        z = 2 if prev == t else (1 if TOTAL[prev] == TOTAL[t] else 0)
        if z > 0:
            pay(st, ev, p, ps, ENTRY[table, t, z], TIE_ZHUANG)
            if cnt(st, ps, QIAN) > 0:
                _fly_out(st, ev, ps)
                if st[OVER]:
                    return True
    if KIND[t] == 2:  # 罚: pay the next player, whose gates it opens
        nxt = (p + 1) % n
        pay(st, ev, p, nxt, st[R_FA], TIE_FA)
        _open_feilong(st, ev, nxt)
        if cnt(st, nxt, QIAN) > 0:
            _fly_out(st, ev, nxt)
            if st[OVER]:
                return True
    return False


@njit(cache=True)
def _own_paid(st, ev, p, t, table, own) -> bool:
    """What throw ``t`` earns ``p`` himself: 帖 and an extra throw for his 赏 or 本采, a
    batch out of the 堑, an open 飞龙院; whether that ended the game."""
    if KIND[t] == 1 or own > 0:  # own 赏 / 本采: everyone pays, and an extra throw
        for q in range(st[R_NP]):
            if q != p:
                pay(st, ev, q, p, ENTRY[table, t, own], TIE_OWN)
        st[EXTRA] = 1
    if cnt(st, p, QIAN) > 0 and (_triple(t) or own > 0):  # own 浑花 or 本采 flies a batch
        _fly_out(st, ev, p)
        st[EXTRA] = 1
        if st[OVER]:
            return True
    if st[FEILONG_STATE + p] == 1:
        frees = own == 2 or (KIND[t] == 1 and (st[R_FEILONG] == 0 or LISTED_FEILONG[t]))
        if frees:
            _open_feilong(st, ev, p)
    return False


@njit(cache=True)
def _enter(st, ev, p, k) -> None:
    """下马: up to ``k`` of ``p``'s waiting horses enter at 赤岸驿 as one batch."""
    if k <= 0:
        return
    b = st[NBATCH + p]
    st[NBATCH + p] = b + 1
    done = 0
    for h in range(HORSES):
        if done < k and st[HPOS + p * HORSES + h] == 0:
            place(st, p, h, 1)
            st[HBATCH + p * HORSES + h] = b
            done += 1
    log(st, ev, EV_ENTER, p, k, b, 0, 0)


@njit(cache=True)
def begin_throw(st, ev, t, legal) -> int:
    """Apply throw ``t`` of the player to throw: 帖, gates, fly-outs, entering; then fill
    ``legal`` with his moves and return their number (0: nothing to choose)."""
    st[NEV] = 0
    st[EXTRA] = 0
    p = st[TURN]
    st[CUR_THROW] = t
    st[NTHROWS] += 1
    st[THROWS_BY + p] += 1
    log(st, ev, EV_THROW, p, t, 0, 0, 0)
    table = st[R_ENTRY]
    own = relation(t, st[BENCAI + p])
    if _others_paid(st, ev, p, t, table) or _own_paid(st, ev, p, t, table, own):
        return 0
    waiting = cnt(st, p, 0)
    if waiting > 0:  # 下马: horses still off the board enter at 赤岸驿; no move
        _enter(st, ev, p, min(ENTRY[table, t, own], waiting))
        return 0
    return legal_moves(st, p, t, legal)


@njit(cache=True)
def end_throw(st, ev) -> None:
    """Pass the dice on (or keep them for an extra throw); stop a runaway game as a draw."""
    p = st[TURN]
    st[PREV_THROW] = st[CUR_THROW]
    st[PREV_SEAT] = p
    if st[OVER]:
        return
    if st[NTHROWS] >= st[R_LIMIT]:
        finish(st, ev, -1, 0)
        return
    if st[EXTRA]:
        log(st, ev, EV_EXTRA, p, 0, 0, 0, 0)
    else:
        st[TURN] = (p + 1) % st[R_NP]


def new_state() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Empty ``(state, events, legal)`` arrays for one game."""
    return (np.zeros(SIZE, dtype=np.int64), np.zeros((MAXEV, EV_WIDTH), dtype=np.int64),
            np.zeros(MAX_LEGAL, dtype=np.int64))
