"""The pairing game's compiled resample and sampled-world search, and the hand loop of runs
with search seats (any table: 2–6 seats, one or two decks).

:func:`resample_world` copies a state and redraws everything the seat has not seen: the
other hands, the others' face-down 暗 and the stock's order. The unseen cards are counted by
type (so a world depends only on what the seat has seen); each 暗 of another seat becomes
three of a type still unseen three times or more (a type drawn in proportion to its unseen
copies), and the rest is shuffled and dealt back: each hand keeps its size and, as after
the deal-time 偷 loop, holds no three of a type and no whole 燕 (up to 100 shuffles, then any
deal); what is left is the stock. Table columns' 坨 follow their new 暗; the log keeps of
the others' 暗 and 偷 no card, and the cards already dealt from the deck are cleared.
Kept: the seat's own hand and table, every open table card, dead cards, hand and stock sizes,
the card on offer and who offered it.

:func:`search_choice` is the ``search`` strategy as in 天地人和
(:mod:`sim.games.chuanpai.tiandi.search`); with ``width`` > 0 the candidates are the rollout's
own choice, then claims before 过 and discards of the types held fewest.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.chuanpai.cards import N_TYPES
from sim.games.chuanpai.pairs import engine as E
from sim.games.chuanpai.pairs import observe as O
from sim.games.chuanpai.pairs.batch import R_BAD_ACTION, R_BAD_SEAT, record
from sim.games.chuanpai.pairs.groups import ident_tuo
from sim.games.chuanpai.pairs.rules import C_YAN
from sim.games.chuanpai.pairs.state import (
    ACTOR, CFG, EV, EV_AN, EV_TOU, HAND, HID, MAX_ACTIONS, MAXP, NCARDS, NEV, NP, PASS,
    PTS, SP, STATE_SIZE, STOCK, TABLE, TRI, TUOT,
)
from sim.games.sampled import best_candidate, pick_candidates
from sim.rng import below, hand_seed, next_u64, shuffle_prefix, strategy_seed

ROLLOUT = 6  # slots[ROLLOUT + p]: seat p's rollout kernel when it searches
TRIES = 100


@njit(cache=True)
def _fill(cards: np.ndarray, total: int, out: np.ndarray, seat: int, yan: bool,
          check: bool) -> bool:
    """Deal ``cards[:total]`` in order to the other hands of ``out`` (sizes kept), skipping
    with ``check`` a card that makes three of a type or a whole 燕; the rest, in order, is
    the stock. Returns False if the cards run out."""
    n = out[NP]
    used = np.zeros(total, dtype=np.bool_)
    hands = np.zeros((MAXP, N_TYPES), dtype=np.int64)
    for p in range(n):
        if p == seat:
            continue
        size = 0
        for k in range(N_TYPES):
            size += out[HAND + p * N_TYPES + k]
        got = 0
        for i in range(total):
            if got == size:
                break
            if used[i]:
                continue
            k = cards[i]
            h = hands[p]
            if check and (h[k] >= 2 or (yan and (k == 9 or k == 15 or k == 16) and
                                         h[9] + (k == 9) > 0 and h[15] + (k == 15) > 0
                                         and h[16] + (k == 16) > 0)):
                continue
            h[k] += 1
            used[i] = True
            got += 1
        if got < size:
            return False
    for p in range(n):
        if p != seat:
            for k in range(N_TYPES):
                out[HAND + p * N_TYPES + k] = hands[p, k]
    at = out[SP]
    for i in range(total):
        if not used[i]:
            out[STOCK + at] = cards[i]
            at += 1
    return True


@njit(cache=True)
def resample_world(s: np.ndarray, seat: int, out: np.ndarray, rng: np.ndarray) -> None:
    """Write into ``out`` a copy of ``s`` in which everything ``seat`` has not seen is
    redrawn from the cards it has not seen, with the generator ``rng``."""
    out[:] = s
    n = s[NP]
    counts = np.zeros(N_TYPES, dtype=np.int64)
    for i in range(s[SP], s[NCARDS]):
        counts[s[STOCK + i]] += 1
    for p in range(n):
        if p == seat:
            continue
        for k in range(N_TYPES):
            counts[k] += s[HAND + p * N_TYPES + k] + s[HID + p * N_TYPES + k]
    for p in range(n):  # the others' 暗: three of an unseen type each
        if p == seat:
            continue
        triples = 0
        for k in range(N_TYPES):
            i = p * N_TYPES + k
            old = s[HID + i] // 3
            triples += old
            out[TRI + i] -= old
            out[TABLE + i] -= s[HID + i]
            out[TUOT + p] -= old * ident_tuo(k, 3)
            out[HID + i] = 0
        for _ in range(triples):
            weight = 0
            for k in range(N_TYPES):
                if counts[k] >= 3:
                    weight += counts[k]
            if weight == 0:
                break
            r = below(rng, weight)
            k = 0
            while counts[k] < 3 or r >= counts[k]:
                if counts[k] >= 3:
                    r -= counts[k]
                k += 1
            counts[k] -= 3
            i = p * N_TYPES + k
            out[HID + i] += 3
            out[TRI + i] += 1
            out[TABLE + i] += 3
            out[TUOT + p] += ident_tuo(k, 3)
    total = counts.sum()
    cards = np.empty(total, dtype=np.int64)
    at = 0
    for k in range(N_TYPES):
        for _ in range(counts[k]):
            cards[at] = k
            at += 1
    yan = s[CFG + C_YAN] != 0
    done = False
    for _ in range(TRIES):
        shuffle_prefix(rng, cards, total)
        if _fill(cards, total, out, seat, yan, True):
            done = True
            break
    if not done:
        _fill(cards, total, out, seat, yan, False)
    for i in range(s[SP]):
        out[STOCK + i] = -1  # dealt already
    for i in range(s[NEV]):
        at = EV + 3 * i
        if (s[at] == EV_AN or s[at] == EV_TOU) and s[at + 1] != seat:
            out[at + 2] = -1


@njit(cache=True)
def rank_keys(s: np.ndarray, seat: int, legal: np.ndarray, n: int, keys: np.ndarray) -> None:
    """The cheap ranking beyond the rollout's own choice (smallest first): a claim before
    过, a discard by how many of its type the seat holds."""
    for i in range(n):
        a = legal[i]
        if a < N_TYPES:
            keys[i] = s[HAND + seat * N_TYPES + a]
        else:
            keys[i] = 1 if a == PASS else 0


@njit(cache=True)
def _roll(choose, slots, who, obs, legal, n, rng):
    return choose(slots[ROLLOUT + who], obs, legal, n, rng)


@njit(cache=True)
def play_out(choose, slots, who, t, obs, legal, rng):
    """Play the hand ``t`` to its end with seat ``who``'s rollout kernel in every seat."""
    n = E.run_forced(t, legal)
    while t[ACTOR] >= 0:
        O.observe(t, t[ACTOR], obs)
        E.apply_action(t, _roll(choose, slots, who, obs, legal,
                                n, rng))
        n = E.run_forced(t, legal)


@njit(cache=True)
def search_choice(choose, slots, s, seat, k, width, legal, n,
                  rng):
    """The action seat ``seat`` (to act in ``s``) takes under ``search(k, width)`` among
    ``legal[:n]``; one draw of ``rng`` seeds everything it samples."""
    if n == 1:
        return legal[0]
    gen = np.zeros(1, dtype=np.uint64)
    gen[0] = next_u64(rng)
    obs = np.zeros(O.OBS_SIZE, dtype=np.int16)
    buf = np.empty(MAX_ACTIONS, dtype=np.int16)
    roll = np.zeros(1, dtype=np.uint64)
    first = legal[0]
    if width > 0 and width < n:
        E.legal_actions(s, buf)
        O.observe(s, seat, obs)
        roll[0] = next_u64(gen)
        first = _roll(choose, slots, seat, obs, buf, n, roll)
    keys = np.zeros(n, dtype=np.int64)
    rank_keys(s, seat, legal, n, keys)
    cand = np.empty(n, dtype=np.int64)
    m = pick_candidates(legal, n, first, keys, width, cand)
    totals = np.zeros(m, dtype=np.float64)
    world = np.empty(STATE_SIZE, dtype=np.int16)
    trial = np.empty(STATE_SIZE, dtype=np.int16)
    for _ in range(k):
        resample_world(s, seat, world, gen)
        seed = next_u64(gen)
        for c in range(m):
            trial[:] = world
            E.apply_action(trial, cand[c])
            roll[0] = seed
            play_out(choose, slots, seat, trial, obs, buf, roll)
            totals[c] += trial[PTS + seat]
    return cand[best_candidate(totals, m)]


@njit(cache=True)
def _decide(choose, slots, s, seat, obs, legal, n, rng, ks,
            widths):
    if ks[seat] > 0:
        return search_choice(choose, slots, s, seat, ks[seat],
                             widths[seat], legal, n, rng)
    return choose(slots[seat], obs, legal, n, rng)


@njit(cache=True)
def play_search_hands(root, start, count, cfg, choose, slots,
                      ks, widths, seeds, res):
    """As :func:`sim.games.chuanpai.pairs.batch.play_hands`, with the seats whose ``ks`` is
    positive playing :func:`search_choice`."""
    s = np.zeros(STATE_SIZE, dtype=np.int16)
    obs = np.zeros(O.OBS_SIZE, dtype=np.int16)
    legal = np.empty(MAX_ACTIONS, dtype=np.int16)
    rng = np.zeros(1, dtype=np.uint64)
    players = cfg[0]
    for h in range(count):
        i = start + h
        seed = hand_seed(root, i)
        seeds[h] = seed
        rng[0] = strategy_seed(seed)
        E.new_hand(s, seed, np.int64(i % players), cfg)
        n = E.run_forced(s, legal)
        while s[ACTOR] >= 0:
            seat = s[ACTOR]
            O.observe(s, seat, obs)
            a = _decide(choose, slots, s, seat, obs, legal, n,
                        rng, ks, widths)
            ok = False
            for t in range(n):
                if legal[t] == a:
                    ok = True
                    break
            if not ok:
                res[h, R_BAD_SEAT] = seat
                res[h, R_BAD_ACTION] = a
                return h
            E.apply_action(s, a)
            n = E.run_forced(s, legal)
        record(s, res[h])
    return -1


def specialised(kernels: list) -> object:
    """The search functions and :func:`play_search_hands` compiled for twelve kernels (each
    seat's strategy, then each seat's rollout), cached on disk."""
    import sys

    from sim.registry import builtin_kernels
    from sim.specialise import specialise

    return specialise([sys.modules[__name__]],
                      [_roll, play_out, search_choice, _decide, play_search_hands], kernels, palette=builtin_kernels("pairs"))
