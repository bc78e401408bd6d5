"""``random``: a uniformly random legal move."""

from __future__ import annotations

from numba import njit

from sim.rng import below


@njit(cache=True)
def random_kernel(obs, legal, n, rng) -> int:
    """The compiled ``random`` strategy: any legal move, each as likely."""
    return below(rng, n)


def random_choose(observation, legal, rng) -> int:
    """The same policy for the Python driver: the same draw from the same generator."""
    return int(below(rng, len(legal)))
