"""Redrawing what one seat cannot see in a 四色 hand: the family's compiled resample.

The concealed cards of the other seats and the cards still in the stock form one pool of
unseen cards. :func:`redraw_unseen` builds that pool as counts per kind (what the seat can
count: the deck minus its own hand, the tables, the piles and the card in play), lays it
out in kind order, shuffles it with the generator it is given and deals it back in the same
sizes, so every count a seat sees (its own hand, the tables, the piles, how many cards each
seat holds, how many are left to draw) stays as it was, and the new deal depends only on
those counts and the generator: two hands that look the same to the seat give the same
world for the same generator state. :func:`kept_seats` says whose cards stay as they are.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.sise.cards import N_KINDS
from sim.rng import lay_out, shuffle_prefix


@njit(cache=True, inline="always")
def kept_seats(seat: int, actor: int, actor_keeps: bool) -> int:
    """The bit mask of the seats a world keeps the cards of: ``seat``, and the seat to act
    (``actor``, -1 for none) when ``actor_keeps`` (his choice is fixed by his cards)."""
    keep = 1 << seat
    if actor >= 0 and actor != seat and actor_keeps:
        keep |= 1 << actor
    return keep


@njit(cache=True)
def redraw_unseen(out: np.ndarray, rng: np.ndarray, hand: int, seats: int, keep: int,
                  lo: int, hi: int) -> None:
    """Shuffle the concealed cards of every seat not in the bit mask ``keep`` (counts per
    kind from state slot ``hand`` on, 28 a seat, ``seats`` seats) together with the stock
    ``out[lo:hi]`` (one kind a slot), and deal them back in place: each such seat as many
    cards as it held, the stock its length, in a new order."""
    counts = np.zeros(N_KINDS, dtype=np.int64)
    sizes = np.zeros(seats, dtype=np.int64)
    for p in range(seats):
        if (keep >> p) & 1:
            continue
        for k in range(N_KINDS):
            c = out[hand + p * N_KINDS + k]
            counts[k] += c
            sizes[p] += c
    for i in range(lo, hi):
        counts[out[i]] += 1
    pool = np.empty(counts.sum(), dtype=np.int64)
    lay_out(counts, pool)
    shuffle_prefix(rng, pool, pool.shape[0])
    at = 0
    for p in range(seats):
        if (keep >> p) & 1:
            continue
        for k in range(N_KINDS):
            out[hand + p * N_KINDS + k] = 0
        for _ in range(sizes[p]):
            out[hand + p * N_KINDS + pool[at]] += 1
            at += 1
    for i in range(lo, hi):
        out[i] = pool[at]
        at += 1

