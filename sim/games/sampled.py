"""What every game's compiled sampled-world search shares (:class:`sim.search.SearchParams`).

Each game's ``search`` module samples worlds with its compiled resample, plays every
candidate action to the end with the rollout kernel in every seat and keeps the best mean of
the seat's points; what is common lives here: which candidates a ``width`` keeps, the choice
among the totals, the rollout kernel a search names, the kernels and per-seat parameters of a
hand loop with search seats, and the driver's compiled search functions (made once).

Candidates with ``width`` > 0: the rollout policy's own choice first, then the other legal
actions by a cheap ranking the game gives as one key per action, smallest first, ties in the
engine's order of legal actions (each game's rules page says its ranking).
"""

from __future__ import annotations

import importlib
from typing import Any

import numpy as np
from numba import njit

from sim.errors import OptionError


@njit(cache=True)
def pick_candidates(legal: np.ndarray, n: int, first: int, keys: np.ndarray, width: int,
                    out: np.ndarray) -> int:
    """Fill ``out`` with the actions to try: all ``n`` legal actions in their order when
    ``width`` is 0 or at least ``n``; else ``first`` (the rollout policy's choice) and
    then the others by ascending ``keys`` (ties in legal order), ``width`` in all.
    Returns how many."""
    if width <= 0 or width >= n:
        for i in range(n):
            out[i] = legal[i]
        return n
    out[0] = first
    m = 1
    used = np.zeros(n, dtype=np.bool_)
    for i in range(n):
        if legal[i] == first:
            used[i] = True
            break
    while m < width:
        best = -1
        for i in range(n):
            if not used[i] and (best < 0 or keys[i] < keys[best]):
                best = i
        if best < 0:
            break
        used[best] = True
        out[m] = legal[best]
        m += 1
    return m


@njit(cache=True)
def best_candidate(totals: np.ndarray, m: int) -> int:
    """The index of the largest of ``totals[:m]``; ties to the earlier one."""
    best = 0
    for i in range(1, m):
        if totals[i] > totals[best]:
            best = i
    return best


def rollout_kernel(game: str, params: Any, default: str) -> Any:
    """The compiled kernel that plays the rollouts of a search: ``params.rollout``, or the
    game's default strategy ``default`` when it is empty; a one-line error for a strategy
    without a compiled kernel."""
    from sim.registry import get_strategy

    name = params.rollout or default
    info = get_strategy(game, name)
    if info.kernel is None:
        raise OptionError(f"{game} search cannot roll out with {name!r}: it has no compiled kernel; "
                          f"name a compiled strategy, e.g. rollout={default}")
    return info.kernel


def seat_kernels(game: str, infos: list, default: str) -> tuple[list, np.ndarray, np.ndarray]:
    """The kernels of a hand loop with search seats: each seat's strategy kernel (a search
    seat: its rollout's, never called), then each seat's rollout kernel (a seat that does
    not search: the first search seat's, never called); and per seat the worlds ``k`` (0:
    the seat plays its kernel) and the ``width``."""
    from sim.search import is_compiled_search

    rollouts = [rollout_kernel(game, i.params, default) if is_compiled_search(i) else None
                for i in infos]
    spare = next(r for r in rollouts if r is not None)
    ks = np.array([i.params.k if is_compiled_search(i) else 0 for i in infos], dtype=np.int64)
    widths = np.array([i.params.width if is_compiled_search(i) else 0 for i in infos],
                      dtype=np.int64)
    kernels = [i.kernel if r is None else r for i, r in zip(infos, rollouts)]
    return kernels + [r if r is not None else spare for r in rollouts], ks, widths


_DRIVER_LOOPS: dict = {}


def driver_loop(search: str, kernel: Any) -> Any:
    """The compiled search functions of a Python driver whose rollouts play ``kernel``: the
    search module ``search``'s ``specialised`` with ``kernel`` in all its kernel slots (each
    seat's strategy, then each seat's rollout), made once per process."""
    key = (search, kernel)
    if key not in _DRIVER_LOOPS:
        module = importlib.import_module(search)
        _DRIVER_LOOPS[key] = module.specialised([kernel] * (2 * module.ROLLOUT))
    return _DRIVER_LOOPS[key]
