"""Redrawing what one seat cannot see in a 四色 hand (``Game.resample`` of the family's drivers).

The concealed cards of the other seats and the cards still in the stock form one pool of
unseen cards; it is shuffled and dealt back in the same sizes, so every count a seat sees
(its own hand, the tables, the piles, how many cards each seat holds, how many are left to
draw) stays as it was.
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np

from sim.games.sise.cards import N_KINDS


def redraw_hidden(s: np.ndarray, rng: np.random.Generator, *, hand: int, seats: Iterable[int],
                  stock: slice) -> None:
    """Shuffle the concealed cards of ``seats`` (counts per kind from state slot ``hand`` on,
    28 a seat) together with the stock cards ``s[stock]`` (one kind a slot), and deal them
    back: each seat as many cards as it held, the stock its length, in a new order."""
    seats = list(seats)
    rows = [s[hand + p * N_KINDS: hand + (p + 1) * N_KINDS] for p in seats]
    sizes = [int(r.sum()) for r in rows]
    pool = np.concatenate([np.repeat(np.arange(N_KINDS), r.astype(np.int64)) for r in rows]
                          + [s[stock].astype(np.int64)])
    pool = pool[rng.permutation(len(pool))]
    at = 0
    for p, n in zip(seats, sizes):
        s[hand + p * N_KINDS: hand + (p + 1) * N_KINDS] = np.bincount(pool[at:at + n],
                                                                     minlength=N_KINDS)
        at += n
    s[stock] = pool[at:]
