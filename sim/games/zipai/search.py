"""跑胡子's sampled-world search, and the hand loop of runs with search seats.

The ``search`` strategy (:class:`sim.search.SearchParams`) is :mod:`sim.loops`' over the
hand loop's primitives (:mod:`.batch`) and this module's: with
more than one legal action (a discard, a 碰 / 吃 / pass, a 胡 or not), ``k`` worlds drawn
by :func:`sim.games.zipai.world.resample_world`; in each, every candidate is applied to a
copy of the world and the hand played to its end by the rollout kernel in every seat, the
same world and the same rollout generator seed for every candidate (common random
numbers). The best mean of the seat's points wins, ties to the earlier candidate.

With ``width`` > 0 the candidates are the rollout policy's own choice and then the others
by :func:`rank_keys`: a discard by how many copies of its kind the seat holds and then by
how many of its cards lie within two numbers of it in the same case (a lone single
first); at a claim, passing first, then 碰, then the 吃 plans in the engine's order; at a
胡, the other choice.

One draw of the hand's strategy generator seeds everything a search samples, so a hand's
search seats make the same choices in the batch and in the Python driver. ``slots[p]``
is seat ``p``'s strategy and ``slots[3 + p]`` its rollout kernel when it searches;
:func:`specialised` compiles the loop once per palette (:mod:`sim.specialise`).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.zipai import engine as E
from sim.games.zipai.cards import N_KINDS
from sim.games.zipai.deal import N_SEATS
from sim.games.zipai.observe import O_TABLE_VER
from sim.games.zipai.world import resample_world  # noqa: F401 (a primitive of sim.loops)

ROLLOUT = N_SEATS  # slots[ROLLOUT + p]: seat p's rollout kernel when it searches
PTS = E.PTS

HALF = N_KINDS // 2  # kinds 0–9 one case, 10–19 the other


@njit(cache=True)
def rank_keys(s: np.ndarray, seat: int, legal: np.ndarray, n: int, keys: np.ndarray) -> None:
    """The cheap ranking of the candidates beyond the rollout's own choice (smallest first):
    a discard by its copies in the hand, then its neighbours (same case, within two); a
    claim's pass first, 碰 next, then the 吃 plans; 胡 before passing it."""
    h = E.HAND + seat * N_KINDS
    for i in range(n):
        a = legal[i]
        if a < N_KINDS:
            near = 0
            lo = (a // HALF) * HALF
            for d in range(-2, 3):
                b = a + d
                if d != 0 and lo <= b < lo + HALF:
                    near += s[h + b]
            keys[i] = 100 * s[h + a] + near
        elif a == E.PASS:
            keys[i] = 0 if s[E.STAGE] == E.ST_CLAIM else 1
        elif a == E.HU:
            keys[i] = 0
        elif a == E.PENG:
            keys[i] = 1
        else:
            keys[i] = 2 + a - E.CHI


@njit(cache=True)
def start_rollout(obs: np.ndarray) -> None:
    """Every seat's observation is refreshed in full at its next fill."""
    obs[:, O_TABLE_VER] = -1


def specialised(kernels: list) -> object:
    """The search loop (:func:`sim.loops.search_loop`) over this game's primitives with six
    kernels (each seat's strategy, then each seat's rollout), cached on disk."""
    import sys

    from sim.games.zipai import batch
    from sim.loops import search_loop
    from sim.registry import builtin_kernels

    return search_loop([batch, sys.modules[__name__]], kernels, palette=builtin_kernels("zipai"))
