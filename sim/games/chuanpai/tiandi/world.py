"""天地人和's compiled resample: the worlds of the sampled-world search.

:func:`resample_world` copies a state and redraws everything the seat has not seen: the
cards of the other hands and the cards the others played face down are pooled (as counts
by type, so the pool depends only on what the seat has seen), shuffled and dealt back to
those places, each hand and face-down pile keeping its size; this trick's face-down plays
of the others are named by cards of their new piles, and the log keeps of the others'
face-down plays only their size. 摆牌, face-up plays and the seat's own cards stay.
What play has revealed beyond counts (a follower who played face down could not beat) is
not kept: the redraw is uniform over the unseen cards.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.chuanpai.cards import N_TYPES
from sim.games.chuanpai.tiandi import engine as E
from sim.games.chuanpai.tiandi.state import (
    ACTOR, DOWN, EV, EV_DOWN, FDOWN, HAND, MAX_ACTIONS, N_SEATS, NEV, PLAYS, SCRATCH, SIZE,
)
from sim.rng import lay_out, shuffle_prefix


@njit(cache=True)
def resample_world(s: np.ndarray, seat: int, out: np.ndarray, rng: np.ndarray) -> None:
    """Write into ``out`` a copy of ``s`` in which everything ``seat`` has not seen is
    redrawn from the cards it has not seen, with the generator ``rng``."""
    out[:] = s
    counts = np.zeros(N_TYPES, dtype=np.int64)
    for p in range(N_SEATS):
        if p == seat:
            continue
        for k in range(N_TYPES):
            counts[k] += s[HAND + p * N_TYPES + k] + s[DOWN + p * N_TYPES + k]
    cards = np.empty(counts.sum(), dtype=np.int64)
    total = lay_out(counts, cards)
    shuffle_prefix(rng, cards, total)
    at = 0
    for p in range(N_SEATS):
        if p == seat:
            continue
        for base in (HAND, DOWN):
            size = 0
            for k in range(N_TYPES):
                size += s[base + p * N_TYPES + k]
                out[base + p * N_TYPES + k] = 0
            for t in range(at, at + size):
                out[base + p * N_TYPES + cards[t]] += 1
            at += size
    pile = np.empty(84, dtype=np.int64)
    for p in range(N_SEATS):
        if p == seat or s[FDOWN + p] == 0 or s[PLAYS + p] < 0:
            continue
        m = 0
        for k in range(N_TYPES):
            for _ in range(out[DOWN + p * N_TYPES + k]):
                pile[m] = k
                m += 1
        size = 1 if s[SIZE] >= 3 else E.code_size(s[PLAYS + p])
        shuffle_prefix(rng, pile[:m], size)
        if size == 1:
            out[PLAYS + p] = pile[0]
        else:
            out[PLAYS + p] = E.code_two(min(pile[0], pile[1]), max(pile[0], pile[1]))
    for i in range(s[NEV]):
        at = EV + 3 * i
        if s[at] == EV_DOWN and s[at + 1] != seat and s[at + 2] >= 0:
            out[at + 2] = -E.code_size(s[at + 2])  # its size only, as for a set's answer
    out[SCRATCH] = 0
    if out[ACTOR] >= 0:
        E.legal_actions(out, np.empty(MAX_ACTIONS, dtype=np.int16))  # the mode of this world
