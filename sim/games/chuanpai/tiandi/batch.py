"""The compiled batch driver: play many complete 天地人和 hands with compiled strategies.

Hand ``i`` of a run has seed ``hand_seed(root, i)``; the strategies draw from a second
generator started at ``sim.rng.strategy_seed(seed)`` (as in the Python driver). Under
``dealer_rule=rotate`` hand ``i`` is dealt by seat ``i % 3``; under ``winner_keeps`` (占庄)
hands are played in sessions of :data:`SESSION_HANDS` (:mod:`sim.sessions`): a batch that starts inside a session first
replays that session's earlier hands, unrecorded, to learn who deals.
Strategies are kernels ``kernel(obs, legal, n, rng) -> action``, called as
``choose(slots[seat], …)``; :func:`specialised` compiles the loop once per palette into
numba's disk cache (:mod:`sim.specialise`).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.chuanpai.cards import N_TYPES
from sim.games.chuanpai.tiandi.engine import (
    ACTOR, BAO, BAO_PAID, DEALER, FAN, FORCED, JIA, LAID, MAX_ACTIONS, N_SEATS, NDEC, NHARD, NLAID,
    OUTCOME, PTS, REDEALS, STAKE, STATE_SIZE, TRICK, TUO_SEAT, WINNER, apply_action, new_hand,
    run_forced,
)
from sim.games.chuanpai.tiandi.observe import OBS_SIZE, observe
from sim.games.chuanpai.tiandi.rules import C_DEALER
from sim.games.chuanpai.tiandi.scoring import fan_of
from sim.rng import hand_seed, strategy_seed
from sim.sessions import ROTATE, chain_dealer

SESSION_HANDS = 50  # hands per session under 占庄 (divides the default shard and run sizes)

(R_WINNER, R_OUTCOME, R_JIA, R_FAN, R_STAKE, R_BAO, R_BAO_PAID, R_REDEALS, R_TRICKS, R_DEC,
 R_BAD_SEAT, R_BAD_ACTION) = range(12)
R_LAID = 12  # [3]
R_HARD = 15  # [3]
R_PTS = 18  # [3]
R_FAN_SEAT = 21  # [3] 翻 each seat's 摆牌 would carry
R_TUOSHOU = 24  # seat that made 脱手, -1 none
R_DEALER = 25
R_BAD_HAND = 26  # hand index of an illegal play (it may be a replayed hand before ``start``)
N_RESULT = 27


@njit(cache=True)
def record(s: np.ndarray, cfg: np.ndarray, row: np.ndarray) -> None:
    """The result columns of a finished hand (both drivers call this)."""
    row[R_WINNER] = s[WINNER]
    row[R_OUTCOME] = s[OUTCOME]
    row[R_JIA] = s[JIA]
    row[R_FAN] = s[FAN]
    row[R_STAKE] = s[STAKE]
    row[R_BAO] = s[BAO]
    row[R_BAO_PAID] = s[BAO_PAID]
    row[R_REDEALS] = s[REDEALS]
    row[R_TRICKS] = s[TRICK]
    row[R_DEC] = s[NDEC] - s[FORCED]
    for p in range(N_SEATS):
        row[R_LAID + p] = s[NLAID + p]
        row[R_HARD + p] = s[NHARD + p]
        row[R_PTS + p] = s[PTS + p]
        row[R_FAN_SEAT + p] = fan_of(s[LAID + p * N_TYPES:LAID + (p + 1) * N_TYPES], cfg)
    row[R_TUOSHOU] = s[TUO_SEAT]
    row[R_DEALER] = s[DEALER]


@njit
def play_hands(root_seed: np.uint64, start: np.int64, count: np.int64, cfg: np.ndarray,
               choose, slots, seeds: np.ndarray, res: np.ndarray) -> int:
    """Play hands ``start .. start + count - 1``; seat ``p`` plays palette slot ``slots[p]``.

    Fills ``seeds[h]`` and ``res[h, R_*]``. Returns -1, or the row of the first hand in
    which a strategy chose an illegal play (that hand stops there; ``res`` names the seat,
    the play and the hand; row 0 if it was a replayed hand of the first session).
    """
    s = np.zeros(STATE_SIZE, dtype=np.int16)
    obs = np.zeros(OBS_SIZE, dtype=np.int16)
    legal = np.empty(MAX_ACTIONS, dtype=np.int16)
    rng = np.zeros(1, dtype=np.uint64)
    rule = cfg[C_DEALER]
    first = start if rule == ROTATE else start - start % SESSION_HANDS
    dealer = -1
    winner = -1
    for i in range(first, start + count):
        h = i - start
        seed = hand_seed(root_seed, i)
        dealer = chain_dealer(i, SESSION_HANDS, N_SEATS, rule, dealer, winner)
        rng[0] = strategy_seed(seed)
        new_hand(s, seed, np.int64(dealer), cfg)
        n = run_forced(s, legal)
        while s[ACTOR] >= 0:
            seat = s[ACTOR]
            observe(s, seat, obs)
            a = choose(slots[seat], obs, legal, n, rng)
            ok = False
            for t in range(n):
                if legal[t] == a:
                    ok = True
                    break
            if not ok:
                row = h if h >= 0 else 0
                res[row, R_BAD_SEAT] = seat
                res[row, R_BAD_ACTION] = a
                res[row, R_BAD_HAND] = i
                res[row, R_DEALER] = dealer
                seeds[row] = seed
                return row
            apply_action(s, a)
            n = run_forced(s, legal)
        winner = s[WINNER]
        if h < 0:
            continue
        seeds[h] = seed
        record(s, cfg, res[h])
    return -1


def specialised(kernels: list) -> object:
    """``play_hands`` with seat ``p`` playing ``kernels[p]``, compiled for the game's palette
    and cached on disk; it takes its arguments less ``choose, slots``."""
    import sys

    from sim.registry import builtin_kernels
    from sim.specialise import specialise

    return specialise([sys.modules[__name__]], [play_hands], kernels, palette=builtin_kernels("tiandi"))
