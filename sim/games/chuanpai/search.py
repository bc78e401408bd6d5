"""The 川牌 family's sampled-world search: the parts 天地人和 and the pairing game share.

Candidates with ``width`` > 0: the rollout policy's own choice first, then the other legal
actions by a cheap ranking the game gives as one key per action, smallest first, ties in
the engine's order of legal actions.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from sim.errors import OptionError


@njit(cache=True)
def pick_candidates(legal: np.ndarray, n: int, first: int, keys: np.ndarray, width: int,
                    out: np.ndarray) -> int:
    """Fill ``out`` with the actions to try: every legal action in its order when ``width``
    is 0 or at least ``n``; else ``first`` and then the others by ascending ``keys``
    (ties in legal order), ``width`` in all. Returns how many."""
    if width <= 0 or width >= n:
        for i in range(n):
            out[i] = legal[i]
        return n
    out[0] = first
    used = np.zeros(n, dtype=np.bool_)
    for i in range(n):
        if legal[i] == first:
            used[i] = True
            break
    m = 1
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
    """The compiled kernel of a search's rollouts: ``params.rollout``, or ``default`` when
    it is empty; a one-line error for a strategy without a compiled kernel."""
    from sim.registry import get_strategy

    name = params.rollout or default
    info = get_strategy(game, name)
    if info.kernel is None:
        raise OptionError(f"{game} search cannot roll out with {name!r}: it has no compiled "
                          f"kernel; name a compiled strategy, e.g. rollout={default}")
    return info.kernel


def seat_kernels(game: str, infos: list, default: str) -> tuple[list, np.ndarray, np.ndarray]:
    """The kernels of a hand loop with search seats: each seat's kernel (a search seat: its
    rollout's, never called), then each seat's rollout kernel (a seat that does not search:
    the first search seat's, never called); and per seat ``k`` (0: it plays its kernel) and
    ``width``."""
    from sim.search import is_compiled_search

    rollouts = [rollout_kernel(game, i.params, default) if is_compiled_search(i) else None
                for i in infos]
    spare = next(r for r in rollouts if r is not None)
    ks = np.array([i.params.k if is_compiled_search(i) else 0 for i in infos], dtype=np.int64)
    widths = np.array([i.params.width if is_compiled_search(i) else 0 for i in infos],
                      dtype=np.int64)
    kernels = [i.kernel if r is None else r for i, r in zip(infos, rollouts)]
    return kernels + [r if r is not None else spare for r in rollouts], ks, widths


def generator_state(rng: np.random.Generator) -> np.ndarray:
    """A ``sim.rng`` generator state seeded by one draw of a numpy generator."""
    return np.array([np.uint64(rng.integers(0, 2**63))], dtype=np.uint64)


_DRIVER_LOOPS: dict = {}


def driver_loop(specialised: Any, kernel: Any, count: int) -> Any:
    """The compiled search functions of a Python driver whose rollouts play ``kernel`` (in
    all ``count`` kernel slots), made once per process."""
    key = (specialised, kernel)
    if key not in _DRIVER_LOOPS:
        _DRIVER_LOOPS[key] = specialised([kernel] * count)
    return _DRIVER_LOOPS[key]
