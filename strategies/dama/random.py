"""``random``: a uniformly random legal move."""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from sim.games.driver import Action
from sim.rng import below


@njit(cache=True)
def random_kernel(obs, legal, n, rng) -> int:
    """The compiled ``random`` strategy: any legal move, each as likely (its code)."""
    return legal[below(rng, n)]


def random_choose(observation: Any, legal: list[Action], rng: np.ndarray) -> Action:
    """The same policy for the Python driver: the same draw from the same generator."""
    return legal[int(below(rng, len(legal)))]
