"""The pairing game's compiled resample: the worlds of the sampled-world search.

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
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.chuanpai.cards import N_TYPES
from sim.games.chuanpai.pairs.groups import ident_tuo
from sim.games.chuanpai.pairs.rules import C_YAN
from sim.games.chuanpai.pairs.state import (
    CFG, EV, EV_AN, EV_TOU, HAND, HID, MAXP, NCARDS, NEV, NP, SP, STOCK, TABLE, TRI, TUOT,
)
from sim.rng import below, lay_out, shuffle_prefix

TRIES = 100  # shuffles tried for hands the deal-time 偷 loop would leave alone


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
def _unseen_counts(s: np.ndarray, seat: int) -> np.ndarray:
    """The cards ``seat`` has not seen, by type: the stock, the other hands and their 暗."""
    counts = np.zeros(N_TYPES, dtype=np.int64)
    for i in range(s[SP], s[NCARDS]):
        counts[s[STOCK + i]] += 1
    for p in range(s[NP]):
        if p == seat:
            continue
        for k in range(N_TYPES):
            counts[k] += s[HAND + p * N_TYPES + k] + s[HID + p * N_TYPES + k]
    return counts


@njit(cache=True)
def _redraw_an(s: np.ndarray, seat: int, out: np.ndarray, counts: np.ndarray,
               rng: np.ndarray) -> None:
    """Each other seat's 暗 in ``out`` becomes three of an unseen type (drawn in proportion to
    its unseen copies among the types unseen three times or more), taken from ``counts``;
    the table and its 坨 follow."""
    for p in range(s[NP]):
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


@njit(cache=True)
def _deal_unseen(s: np.ndarray, seat: int, out: np.ndarray, counts: np.ndarray,
                 rng: np.ndarray) -> None:
    """Shuffle the cards of ``counts`` and deal them to the other hands and the stock of
    ``out`` (:func:`_fill`: up to :data:`TRIES` shuffles for hands without three of a type
    or a whole 燕, then any deal)."""
    cards = np.empty(counts.sum(), dtype=np.int64)
    total = lay_out(counts, cards)
    yan = s[CFG + C_YAN] != 0
    for _ in range(TRIES):
        shuffle_prefix(rng, cards, total)
        if _fill(cards, total, out, seat, yan, True):
            return
    _fill(cards, total, out, seat, yan, False)


@njit(cache=True)
def _forget_unseen(s: np.ndarray, seat: int, out: np.ndarray) -> None:
    """Clear the cards already dealt from the deck, and the cards of the others' 暗 and 偷
    in the log."""
    for i in range(s[SP]):
        out[STOCK + i] = -1  # dealt already
    for i in range(s[NEV]):
        at = EV + 3 * i
        if (s[at] == EV_AN or s[at] == EV_TOU) and s[at + 1] != seat:
            out[at + 2] = -1


@njit(cache=True)
def resample_world(s: np.ndarray, seat: int, out: np.ndarray, rng: np.ndarray) -> None:
    """Write into ``out`` a copy of ``s`` in which everything ``seat`` has not seen is
    redrawn from the cards it has not seen, with the generator ``rng``."""
    out[:] = s
    counts = _unseen_counts(s, seat)
    _redraw_an(s, seat, out, counts, rng)
    _deal_unseen(s, seat, out, counts, rng)
    _forget_unseen(s, seat, out)
