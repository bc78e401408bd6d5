"""广水's compiled resample and sampled-world search, and the hand loop of runs with search seats.

:func:`resample_world` copies a state and redraws everything the seat has not seen: the
other seats' concealed cards and the stock's order (:func:`sim.games.sise.resample.redraw_unseen`).
The other seats' private marks go too: the kinds they passed (their ``DEAD`` row), 有子不发,
and what they declared or could declare on the card in play, so a seat asked before this
one is taken to have passed. Only when ``seat`` is not the one to act and the actor's
choice is fixed by his cards (a declaration on the card in play, the dealer's win on his
dealt 31) does the actor keep his hand and his options.

The search itself is :mod:`sim.loops`' (``search(k, width)``, :class:`sim.search.SearchParams`),
compiled over this module's primitives and the hand loop's (:mod:`.batch`): with
``width`` > 0 the candidates after the rollout's own choice are ranked by :func:`rank_keys`.
``slots[p]`` is seat ``p``'s strategy and ``slots[ROLLOUT + p]`` its rollout kernel.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.sise.cards import N_KINDS
from sim.games.sise.guangshui.state import (
    ACTOR, BAR, DEAD, DECL, HAND, HU_FORM, N_SEATS, OPTS, PTS, SP, STAGE,  # noqa: F401 (PTS: sim.loops)
    ST_DEALER_HU, ST_DISCARD, ST_OFFER, STOCK, STOCK_CARDS, priority,
)
from sim.games.sise.resample import redraw_unseen

ROLLOUT = 3  # slots[ROLLOUT + p]: seat p's rollout kernel when it searches


@njit(cache=True)
def resample_world(s: np.ndarray, seat: int, out: np.ndarray, rng: np.ndarray) -> None:
    """Write into ``out`` a copy of ``s`` in which everything ``seat`` has not seen is
    redrawn from the cards it has not seen, with the generator ``rng``."""
    out[:] = s
    keep = 1 << seat
    a = s[ACTOR]
    if a >= 0 and a != seat and (s[STAGE] == ST_OFFER or s[STAGE] == ST_DEALER_HU):
        keep |= 1 << a
    for p in range(N_SEATS):
        if (keep >> p) & 1:
            continue
        out[BAR + p] = 0
        out[DECL + p] = -1
        out[OPTS + p] = 0
        out[HU_FORM + p] = -1
        for k in range(N_KINDS):
            out[DEAD + p * N_KINDS + k] = 0
    redraw_unseen(out, rng, HAND, N_SEATS, keep, STOCK + s[SP], STOCK + STOCK_CARDS)


@njit(cache=True)
def rank_keys(s: np.ndarray, seat: int, legal: np.ndarray, n: int, keys: np.ndarray) -> None:
    """The cheap ranking of the candidates beyond the rollout's own choice (smallest first):
    a discard by how many of its kind the seat holds, a declaration by its claim priority
    (胡 first, 过 last)."""
    for i in range(n):
        if s[STAGE] == ST_DISCARD:
            keys[i] = s[HAND + seat * N_KINDS + legal[i]]
        else:
            keys[i] = -priority(legal[i])


def specialised(kernels: list) -> object:
    """The search loop (:func:`sim.loops.search_loop`) over this game's primitives with six
    kernels (each seat's strategy, then each seat's rollout), cached on disk."""
    import sys

    from sim.games.sise.guangshui import batch
    from sim.loops import search_loop
    from sim.registry import builtin_kernels

    return search_loop([batch, sys.modules[__name__]], kernels, palette=builtin_kernels("guangshui"))
