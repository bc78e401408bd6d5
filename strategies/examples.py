"""Plain Python strategies, as examples of ``choose(observation, legal, rng)``.

They are named like any strategy from outside the package, as ``module:attr``::

    paiju run zipai --strategies strategies.examples:eager,greedy,greedy -n 2000

and play through the game's Python driver (slower than a compiled kernel, same rows).
"""

from __future__ import annotations

from typing import Any

from sim.rng import below


def uniform(observation: Any, legal: list[Any], rng: Any) -> Any:
    """Any game: a uniformly random legal action, drawn from the hand's generator."""
    return legal[int(below(rng, len(legal)))]


def eager(observation: Any, legal: list[Any], rng: Any) -> Any:
    """跑胡子: 胡 whenever offered, else 碰, else a random legal action."""
    for prefix in ("胡", "碰"):
        for action in legal:
            if action.text.startswith(prefix):
                return action
    return legal[int(below(rng, len(legal)))]
