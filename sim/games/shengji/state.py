"""升级's hand in progress as one value, the state ``s`` of :mod:`sim.loops`' hand loop and search.

The state is a tuple of arrays, indexed by the names here: ``s[CARDS]`` (``int8[3, 4, 54]``:
the hands, the table, the cards each seat played in finished tricks), the shown ``s[VOIDS]``,
the lead's ``s[FMT]``, the public ``s[INFO]`` scalars of the observation, the scalars
``s[SC]`` (``W_…``: leader, plays made to the trick, points, tricks, cards left …), the
hand's card order ``s[ES]`` … ``s[NPOS]`` (public rules), the seats' own generators
``s[SRNG]`` (``uint64[4, 1]``), the play being made ``s[PLAY]`` (the buffer the strategy
writes its play into) with a ``s[SPARE]`` buffer, and ``s[RES]`` the hand's result row
(``engine.R_…``). :func:`apply_play` plays one lead or answer on it by the engine's rules
(:mod:`sim.games.shengji.engine`), and :func:`copy_state` copies one state into another, so a
world can be copied and played on from any decision.


The small functions over the state are inlined where they are called (``inline="always"``):
a call that passes the tuple costs the references of its fourteen arrays.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.shengji.cards import N_KINDS
from sim.games.shengji.combos import F_CARDS, F_PARTS, FMT_SIZE, decompose, only_suit
from sim.games.shengji.engine import (
    FOLLOW, INFO_SIZE, LEAD, N_RESULTS, R_CONSERVED, R_DEF_RAW, R_FAILED, R_KOU, R_LAST,
    R_LEVELS, R_PENALTY, R_POINTS, R_RAW, R_SIDE, R_THROWS, R_TRICKS, _lead_suit, note_void,
)
from sim.games.shengji.follow import build_follow, follow_check
from sim.games.shengji.observe import (
    I_ATTACKER_POINTS, I_DEFENDER_POINTS, I_LEADER, I_N_PLAYED, I_TABLE_POINTS, I_TRICK,
    I_WINNER, fill_obs,
)
from sim.games.shengji.order import MAX_AT, MAX_POS, N_ESUITS
from sim.games.shengji.rules import (
    KOU_BOTH, KOU_OFF, V_KOU_MULT, V_KOU_SIDES, V_PENALTY, V_TWO_QUADS,
)
from sim.games.shengji.scoring import card_points, kou_di_factor, level_delta
from sim.games.shengji.trick import reduce_throw, throw_blocked, trick_winner_seat

# the state's arrays
CARDS, VOIDS, FMT, INFO, SC, ES, POS, KAT, NAT, NPOS, SRNG, PLAY, SPARE, RES = range(14)
# the scalars s[SC]
(W_LEADER, W_NPLAYED, W_RAW, W_DEF_RAW, W_ADJ, W_TRICK, W_LEFT, W_KOU, W_LAST, W_THROWS,
 W_FAILED, W_ZHUANG, W_CHECKED) = range(13)  # W_CHECKED: s[PLAY] is the checked play to make
N_SC = 13


@njit(cache=True)
def new_state() -> tuple:
    """An empty state (every array zero)."""
    return (np.zeros((3, 4, N_KINDS), dtype=np.int8), np.zeros((4, N_ESUITS), dtype=np.int8),
            np.zeros(FMT_SIZE, dtype=np.int16), np.zeros(INFO_SIZE, dtype=np.int32),
            np.zeros(N_SC, dtype=np.int64), np.zeros(N_KINDS, dtype=np.int8),
            np.zeros(N_KINDS, dtype=np.int8), np.zeros((N_ESUITS, MAX_POS, MAX_AT), dtype=np.int8),
            np.zeros((N_ESUITS, MAX_POS), dtype=np.int8), np.zeros(N_ESUITS, dtype=np.int8),
            np.zeros((4, 1), dtype=np.uint64), np.zeros(N_KINDS, dtype=np.int8),
            np.zeros(N_KINDS, dtype=np.int8), np.zeros(N_RESULTS, dtype=np.int32))


@njit(cache=True, inline="always")
def copy_state(dst: tuple, src: tuple) -> None:
    """``dst`` = ``src``, array by array."""
    dst[CARDS][:] = src[CARDS]
    dst[VOIDS][:] = src[VOIDS]
    dst[FMT][:] = src[FMT]
    dst[INFO][:] = src[INFO]
    dst[SC][:] = src[SC]
    dst[ES][:] = src[ES]
    dst[POS][:] = src[POS]
    dst[KAT][:] = src[KAT]
    dst[NAT][:] = src[NAT]
    dst[NPOS][:] = src[NPOS]
    dst[SRNG][:] = src[SRNG]
    dst[PLAY][:] = src[PLAY]
    dst[SPARE][:] = src[SPARE]
    dst[RES][:] = src[RES]


@njit(cache=True, inline="always")
def seat_to_act(s: tuple) -> int:
    """The seat to play next, or -1 once the hand is over."""
    sc = s[SC]
    if sc[W_LEFT] == 0:
        return -1
    return (sc[W_LEADER] + sc[W_NPLAYED]) % 4


@njit(cache=True, inline="always")
def state_obs(s: tuple, rules: np.ndarray, obs: np.ndarray) -> None:
    """:func:`world_obs` of the state, for the seat to play."""
    world_obs(s[CARDS], s[VOIDS], s[FMT], s[INFO], s[SC], s[ES], s[POS], s[KAT], s[NAT],
              s[NPOS], rules[V_TWO_QUADS] != 0, obs)


@njit(cache=True, inline="always")
def play_state(s: tuple, rules: np.ndarray, play: np.ndarray) -> None:
    """:func:`apply_play` on the state."""
    apply_play(s[CARDS], s[VOIDS], s[FMT], s[SC], rules, s[ES], s[POS], s[KAT], s[NAT],
               s[NPOS], play, s[SPARE])


@njit(cache=True, inline="always")
def state_check(s: tuple, rules: np.ndarray, play: np.ndarray) -> int:
    """:func:`_legal_now` on the state: 0, or the code of the rule ``play`` breaks."""
    return _legal_now(s[CARDS], s[FMT], s[SC], s[ES], s[KAT], s[NAT], s[NPOS],
                      rules[V_TWO_QUADS] != 0, play)


@njit(cache=True, inline="always")
def state_plain(s: tuple, rules: np.ndarray, out: np.ndarray) -> None:
    """:func:`_plain_play` on the state."""
    _plain_play(s[CARDS], s[FMT], s[SC], s[ES], s[POS], s[KAT], s[NAT], s[NPOS],
                rules[V_TWO_QUADS] != 0, out)


def state_of(game) -> tuple:
    """The state of a Python driver's hand (copies; the seats' generators left zero)."""
    s = new_state()
    s[CARDS][:] = np.stack([game.hands, game.table, game.played])
    sc = s[SC]
    sc[W_LEADER], sc[W_NPLAYED] = game.leader, game.n_played
    sc[W_RAW], sc[W_DEF_RAW], sc[W_ADJ] = game.raw, game.def_raw, game.penalty
    sc[W_TRICK], sc[W_LEFT], sc[W_KOU] = game.trick, game.left, game.kou_di
    sc[W_LAST], sc[W_THROWS], sc[W_FAILED] = game.last_winner, game.throws, game.failed
    sc[W_ZHUANG] = game.zhuang
    s[INFO][:] = game.info
    s[VOIDS][:] = game.voids
    s[FMT][:] = game.fmt
    o = game.order
    for at, a in ((ES, o.es), (POS, o.pos), (KAT, o.kat), (NAT, o.nat), (NPOS, o.npos)):
        s[at][:] = a
    return s


@njit(cache=True)
def actor(sc: np.ndarray) -> int:
    """The seat to play next in a world."""
    return (sc[W_LEADER] + sc[W_NPLAYED]) % 4


@njit(cache=True, inline="always")
def world_obs(cards, voids, fmt, info, sc, es, pos, kat, nat, npos, two_quads, obs) -> None:
    """Fill ``obs`` for the seat to play, with the public scalars the engine sets."""
    leader, d = sc[W_LEADER], sc[W_NPLAYED]
    info[I_TRICK] = sc[W_TRICK]
    info[I_ATTACKER_POINTS] = sc[W_RAW]
    info[I_DEFENDER_POINTS] = sc[W_DEF_RAW]
    info[I_LEADER] = leader
    info[I_N_PLAYED] = d
    if d == 0:
        info[I_WINNER] = leader
        info[I_TABLE_POINTS] = 0
    else:
        info[I_WINNER] = trick_winner_seat(cards[1], leader, fmt, es, pos, kat, nat, npos,
                                           two_quads, d)
        pts = 0
        for s in range(4):
            pts += card_points(cards[1, s])
        info[I_TABLE_POINTS] = pts
    fill_obs(obs, LEAD if d == 0 else FOLLOW, (leader + d) % 4, cards[0], cards[1], cards[2],
             fmt, voids, info)


@njit(cache=True, inline="always")
def apply_play(cards, voids, fmt, sc, cfg, es, pos, kat, nat, npos, play, spare) -> None:
    """Play ``play`` (a legal lead or answer of the seat to play; a failed throw is cut
    to its blocked part in place) and finish the trick after its fourth play."""
    seat = actor(sc)
    two_quads = cfg[V_TWO_QUADS] != 0
    hands, table = cards[0], cards[1]
    if sc[W_NPLAYED] == 0:
        e = only_suit(play, es)
        decompose(play, kat, nat, npos, e, fmt)
        if fmt[F_PARTS] > 1:
            sc[W_THROWS] += 1
            blocked = throw_blocked(fmt, hands, seat, kat, nat, npos, two_quads)
            if blocked >= 0:
                sc[W_FAILED] += 1
                spare[:] = play
                reduce_throw(spare, fmt, blocked, kat, nat, play)
                decompose(play, kat, nat, npos, e, fmt)
                attacker = (seat - sc[W_ZHUANG]) % 2 == 1
                sc[W_ADJ] += -cfg[V_PENALTY] if attacker else cfg[V_PENALTY]
    else:
        note_void(voids, seat, play, fmt, es)
    for k in range(N_KINDS):
        table[seat, k] = play[k]
        hands[seat, k] -= play[k]
    sc[W_NPLAYED] += 1
    if sc[W_NPLAYED] == 4:
        _finish_trick(cards, fmt, sc, cfg, es, pos, kat, nat, npos, two_quads)


@njit(cache=True, inline="always")
def _finish_trick(cards, fmt, sc, cfg, es, pos, kat, nat, npos, two_quads) -> None:
    table, played = cards[1], cards[2]
    leader = sc[W_LEADER]
    win = trick_winner_seat(table, leader, fmt, es, pos, kat, nat, npos, two_quads, 4)
    pts = 0
    for s in range(4):
        pts += card_points(table[s])
        for k in range(N_KINDS):
            played[s, k] += table[s, k]
    attackers_win = (win - sc[W_ZHUANG]) % 2 == 1
    if attackers_win:
        sc[W_RAW] += pts
    else:
        sc[W_DEF_RAW] += pts
    size = fmt[F_CARDS]
    sc[W_LEFT] -= size
    sc[W_TRICK] += 1
    if sc[W_LEFT] == 0:
        sc[W_LAST] = win
        factor = kou_di_factor(size, cfg[V_KOU_MULT])
        if cfg[V_KOU_SIDES] != KOU_OFF:
            if attackers_win:
                sc[W_KOU] = pts * factor
            elif cfg[V_KOU_SIDES] == KOU_BOTH:
                sc[W_KOU] = -pts * factor
    sc[W_LEADER] = win
    sc[W_NPLAYED] = 0
    fmt[:] = 0
    table[:] = 0


@njit(cache=True)
def attacker_points(sc: np.ndarray) -> int:
    """The attackers' points of a finished world: taken, 扣底 and failed throws."""
    return sc[W_RAW] + sc[W_KOU] + sc[W_ADJ]


@njit(cache=True, inline="always")
def _legal_now(cards, fmt, sc, es, kat, nat, npos, two_quads, play) -> int:
    """0 when ``play`` is legal for the seat to play, else the code of the rule it breaks."""
    hand = cards[0, actor(sc)]
    if sc[W_NPLAYED] == 0:
        e = _lead_suit(play, hand, es)
        return -e if e < 0 else 0
    return follow_check(hand, play, fmt, es, kat, nat, npos, two_quads)


@njit(cache=True, inline="always")
def _plain_play(cards, fmt, sc, es, pos, kat, nat, npos, two_quads, out) -> None:
    """A legal play: the lowest single to lead, the builder's lowest answer to follow."""
    hand = cards[0, actor(sc)]
    out[:] = 0
    if sc[W_NPLAYED] == 0:
        best = -1
        for k in range(N_KINDS):
            if hand[k] > 0 and (best < 0 or es[k] < es[best]
                                or (es[k] == es[best] and pos[k] < pos[best])):
                best = k
        out[best] = 1
    else:
        pref = -pos.astype(np.float64)
        build_follow(hand, fmt, es, kat, nat, npos, two_quads, pref, False, out)


@njit(cache=True)
def _close(res, played, sc) -> None:
    """The hand's results, as the engine records them."""
    conserved = 1
    for k in range(N_KINDS):
        c = 0
        for s in range(4):
            c += played[s, k]
        if c != 4:
            conserved = 0
    res[R_RAW] = sc[W_RAW]
    res[R_DEF_RAW] = sc[W_DEF_RAW]
    res[R_PENALTY] = sc[W_ADJ]
    res[R_KOU] = sc[W_KOU]
    res[R_LAST] = sc[W_LAST]
    res[R_THROWS] = sc[W_THROWS]
    res[R_FAILED] = sc[W_FAILED]
    res[R_POINTS] = attacker_points(sc)
    side, levels = level_delta(res[R_POINTS])
    res[R_SIDE] = side
    res[R_LEVELS] = levels
    res[R_TRICKS] = sc[W_TRICK]
    res[R_CONSERVED] = conserved


