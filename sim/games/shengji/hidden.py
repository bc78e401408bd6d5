"""Hidden cards redrawn for search (``Game.resample``): the other seats' hands dealt anew.

What a seat has not seen are the cards still in the other seats' hands (four-deck 升级 has
no kitty here: all 216 cards are dealt). A redeal keeps each seat's hand size and the voids
it has shown: a seat shown void in an effective suit gets none of it. The most constrained
cards go first, each to a seat that may hold it, with chances in proportion to the room
left; a dead end starts the deal again.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from sim.games.shengji.cards import N_KINDS

TRIES = 64


def deal_hidden(hands: np.ndarray, seats: Sequence[int], voids: np.ndarray, es: np.ndarray,
                rng: np.random.Generator) -> np.ndarray | None:
    """New hands (one row per seat of ``seats``) holding the same cards as ``hands[seats]``
    together, the same sizes, and nothing of a suit a seat has shown void; ``None`` when no
    such deal was found in :data:`TRIES` attempts."""
    seats = list(seats)
    pool = np.concatenate([np.repeat(np.arange(N_KINDS), hands[s]) for s in seats])
    may = np.array([[voids[s, es[k]] == 0 for s in seats] for k in range(N_KINDS)], dtype=bool)
    sizes = np.array([int(hands[s].sum()) for s in seats])
    for _ in range(TRIES):
        dealt = _try_deal(rng.permutation(pool), may, sizes, rng)
        if dealt is not None:
            return dealt
    return None


def _try_deal(cards: np.ndarray, may: np.ndarray, sizes: np.ndarray,
              rng: np.random.Generator) -> np.ndarray | None:
    """One attempt: the cards with the fewest possible seats first (a stable order keeps the
    shuffle among equals)."""
    order = np.argsort(may[cards].sum(axis=1), kind="stable")
    room = sizes.copy()
    out = np.zeros((len(sizes), N_KINDS), dtype=np.int8)
    for k in cards[order]:
        weights = np.where(may[k], room, 0).astype(np.float64)
        if weights.sum() == 0:
            return None
        s = int(rng.choice(len(sizes), p=weights / weights.sum()))
        out[s, k] += 1
        room[s] -= 1
    return out
