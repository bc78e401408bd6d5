"""The batch driver: many hands, or whole matches, in one compiled call.

Hand ``i`` of a run draws from ``hand_seed(root, i)``. Hand ``h`` of match ``m`` draws
from ``hand_seed(hand_seed(root, m), h)``, so a match depends only on (seed, match id)
and its hands only on the hand number. Independent hands are :mod:`sim.loops`' hand loop
over the primitives here (``ctx`` the rules vector, the state
:mod:`sim.games.shengji.state`'s, ``out`` the pair ``(results, err_play)``); a match carries
the levels from hand to hand in :func:`play_matches` over the engine's hand
(:mod:`sim.games.shengji.engine`).

The strategies are ``kernel(obs, es, pos, kat, nat, npos, rng, out) -> code``, each seat
drawing from its own generator: :func:`call_kernel` and :func:`seat_rng` say so to the loop.
A play is checked when the strategy makes it (:func:`allowed`); forced answers are played
by :func:`settle`, as the engine plays them.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.shengji.cards import DECK_SIZE
from sim.games.shengji.codes import decode_play
from sim.games.shengji.engine import (
    R_LEVELS,
    R_SIDE,
    R_ZHUANG,
    _deal_hand,
    _public_info,
    _refuse,
    forced_follow,
    seat_streams,
)
from sim.games.shengji.observe import OBS_SIZE  # noqa: F401 (sim.loops' new_obs)
from sim.games.shengji.order import new_order
from sim.games.shengji.rules import (
    END_DEFEND_A, END_REACH_A, V_CROSS_TIER, V_DECL, V_MATCH_END, V_START_LEVEL, V_TWO_QUADS,
)
from sim.games.shengji.state import (  # noqa: F401 (new_state, copy_state, seat_to_act: primitives)
    CARDS, ES, FMT, INFO, KAT, NAT, NPOS, PLAY, POS, RES, SC, SRNG, VOIDS, W_LAST, W_LEADER,
    W_CHECKED, W_LEFT, W_NPLAYED, W_TRICK, W_ZHUANG, _close, copy_state, new_state, play_state,
    seat_to_act, state_check, state_obs, state_plain,
)
from sim.rng import hand_seed
from sim.specialise import inlined

MAX_MATCH_HANDS = 400  # a safety bound; real matches last a few dozen hands
TOP_LEVEL = 14  # A
CHOICE = 2  # settle's count at a decision: more than one play, not listed
DTYPE = np.int16  # the observation's (sim.loops' new_obs)


@njit(cache=True)
def new_actions() -> np.ndarray:
    """The plays are not listed: a placeholder."""
    return np.zeros(1, dtype=np.int64)


@njit(cache=True)
def new_carry() -> np.ndarray:
    """The level and the 庄家 of the next hand: 0 (the rules' start level) and -1 (the
    final declarer becomes 庄家), as for every independent hand; a match sets them."""
    carry = np.zeros(2, dtype=np.int64)
    carry[1] = -1
    return carry


@njit(cache=True)
def deal_hand(s, ctx, i, seed, carry, obs) -> None:
    """A hand at the carry's level (0: the rules' start level) with its 庄家 (-1: the
    final declarer, as in a first hand)."""
    level = carry[0] if carry[0] > 0 else ctx[V_START_LEVEL]
    cards, res = s[CARDS], s[RES]
    cards[:] = 0
    res[:] = 0
    s[SRNG][:] = seat_streams(seed)
    deck = np.zeros(1, dtype=np.uint64)
    deck[0] = seed
    trump, zhuang = _deal_hand(deck, level, carry[1], ctx[V_DECL], cards[0], res)
    es, pos, kat, nat, npos = new_order(level, trump, ctx[V_CROSS_TIER] != 0)
    s[ES][:] = es
    s[POS][:] = pos
    s[KAT][:] = kat
    s[NAT][:] = nat
    s[NPOS][:] = npos
    s[VOIDS][:] = 0
    s[FMT][:] = 0
    s[INFO][:] = _public_info(level, trump, zhuang, ctx[V_TWO_QUADS] != 0)
    sc = s[SC]
    sc[:] = 0
    sc[W_LEADER] = zhuang
    sc[W_ZHUANG] = zhuang
    sc[W_LEFT] = DECK_SIZE // 4
    sc[W_LAST] = -1


@njit(cache=True, inline="always")
def settle(s, ctx, legal) -> int:
    """Play the forced answers; :data:`CHOICE` at a decision, 0 once the hand is over."""
    sc = s[SC]
    play = s[PLAY]
    while sc[W_LEFT] > 0:
        if sc[W_NPLAYED] == 0:
            return CHOICE
        play[:] = 0
        if not forced_follow(s[CARDS][0, seat_to_act(s)], s[FMT], s[ES], play):
            return CHOICE
        play_state(s, ctx, play)
    return 0


@njit(cache=True, inline="always")
def seat_view(s, ctx, seat, obs) -> np.ndarray:
    state_obs(s, ctx, obs)
    return obs


@njit(cache=True, inline="always")
def seat_rng(s, seat, rng) -> np.ndarray:
    """Each seat draws from its own generator."""
    return s[SRNG][seat]


@inlined
def call_kernel(choose, slot, s, ctx, obs, legal, n, rng):
    """The strategy writes its play into ``s[PLAY]`` and returns its code."""
    play = s[PLAY]
    play[:] = 0
    return choose(slot, obs, s[ES], s[POS], s[KAT], s[NAT], s[NPOS], rng, play)


@njit(cache=True, inline="always")
def _decoded(s, code) -> np.ndarray:
    """``s[PLAY]`` as the engine reads a kernel's code: -1 keeps what the kernel wrote, a
    code naming no play empties it."""
    play = s[PLAY]
    if code != -1 and not decode_play(s[CARDS][0, seat_to_act(s)], code, play):
        play[:] = 0
    return play


@njit(cache=True, inline="always")
def allowed(s, ctx, legal, n, action) -> bool:
    """Whether the strategy's play may be made; :func:`act` then makes it unchecked."""
    ok = state_check(s, ctx, _decoded(s, action)) == 0
    if ok:
        s[SC][W_CHECKED] = 1
    return ok


@njit(cache=True, inline="always")
def act(s, ctx, action) -> None:
    """Play ``action``; one no rule allows (a rollout's) is replaced by the plain play
    (:func:`sim.games.shengji.state._plain_play`)."""
    sc = s[SC]
    if sc[W_CHECKED] == 1:
        sc[W_CHECKED] = 0
        play_state(s, ctx, s[PLAY])
        return
    play = _decoded(s, action)
    if state_check(s, ctx, play) != 0:
        state_plain(s, ctx, play)
    play_state(s, ctx, play)


@njit(cache=True)
def write_row(s, ctx, carry, out, row) -> None:
    res = s[RES]
    _close(res, s[CARDS][2], s[SC])
    out[0][row, :] = res


@njit(cache=True)
def write_bad(s, ctx, carry, out, row, seat, action, hand) -> None:
    res = out[0][row]
    res[:] = s[RES]
    play = s[PLAY]
    _refuse(res, state_check(s, ctx, play), seat, s[SC][W_TRICK], play, out[1])


def play_matches(root: np.uint64, start: int, count: int, rules: np.ndarray, choose, slots,
                 seeds: np.ndarray, res: np.ndarray, meta: np.ndarray,
                 err_play: np.ndarray) -> tuple:
    """Play matches ``start .. start+count-1`` under ``rules`` (its rules vector: the start
    level and the match end among them), one row per hand, each hand
    :func:`sim.loops.play_dealt` at the levels the match has reached.

    ``meta`` rows: match id, hand number, level of team 0 and team 1 before the hand, match
    winner team (-1 until the match's last hand; -2 if it hit the safety bound). Returns
    ``(rows, error row or -1)``.
    """
    start_level = rules[V_START_LEVEL]
    end_rule = rules[V_MATCH_END]
    s = new_state()
    legal = new_actions()
    obs = new_obs()  # noqa: F821 (the loop's module has it)
    carry = new_carry()
    rng = np.zeros(1, dtype=np.uint64)
    none = np.zeros(1, dtype=np.int64)
    out = (res, err_play)
    row = 0
    for mi in range(count):
        m = start + mi
        mseed = hand_seed(root, m)
        levels = np.array([start_level, start_level], dtype=np.int64)
        zhuang = -1
        for h in range(MAX_MATCH_HANDS):
            if row >= res.shape[0]:
                return row, -3
            seeds[row] = hand_seed(mseed, h)
            team = zhuang % 2 if zhuang >= 0 else 0
            carry[0] = levels[team]
            carry[1] = zhuang
            meta[row, 0] = m
            meta[row, 1] = h
            meta[row, 2] = levels[0]
            meta[row, 3] = levels[1]
            meta[row, 4] = -1
            if not play_dealt(choose, slots, s, rules, row, seeds[row], carry, obs, legal, rng,
                              none, none, out, row):
                return row + 1, row
            write_row(s, rules, carry, out, row)
            z = res[row, R_ZHUANG]
            team = z % 2
            gain = res[row, R_LEVELS]
            winner_team = team if res[row, R_SIDE] == 0 else 1 - team
            over = False
            if end_rule == END_DEFEND_A and res[row, R_SIDE] == 0 and levels[team] >= TOP_LEVEL:
                over = True
            levels[winner_team] = min(TOP_LEVEL, levels[winner_team] + gain)
            if end_rule == END_REACH_A and levels[winner_team] >= TOP_LEVEL:
                over = True
            zhuang = (z + 2) % 4 if res[row, R_SIDE] == 0 else (z + 1) % 4
            row += 1
            if over:
                meta[row - 1, 4] = winner_team
                break
            if h == MAX_MATCH_HANDS - 1:
                meta[row - 1, 4] = -2
    return row, -1


def specialised(kernels: list) -> object:
    """:mod:`sim.loops`' ``play_hands(root, start, count, rules, seeds, (res, err_play))``
    (independent first hands at the rules' start level; ``rules``:
    :func:`sim.games.shengji.rules.rules_vector`) and ``play_matches`` with seat ``p``
    playing ``kernels[p]``.

    They are compiled for the game's palette and cached on disk, so a worker loads them
    instead of compiling, and take their arguments less ``choose, slots``
    (:mod:`sim.specialise`).
    """
    import sys

    from sim.loops import hand_loop
    from sim.registry import builtin_kernels

    return hand_loop(sys.modules[__name__], kernels, palette=builtin_kernels("shengji"),
                     also=[play_matches])
