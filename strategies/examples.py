"""Plain Python strategies, as examples of ``choose(observation, legal, rng)``.

They are named like any strategy from outside the package, as ``module:attr``::

    paiju run zipai --strategies strategies.examples:eager,greedy,greedy -n 2000
    paiju run tiandi --strategies strategies.examples:uniform,strong,strong -n 2000
    paiju run dama --strategies strategies.examples:uniform,strong -n 200

and play through the game's Python driver (slower than a compiled kernel, same rows).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from sim.rng import below
from sim.rng import uniform as uniform_draw


def uniform(observation: Any, legal: list[Any], rng: Any) -> Any:
    """跑胡子, 广水, 丰顺, 天地人和, the pairing game, 打马 (any game whose legal actions are
    a list): a uniformly random legal action."""
    return legal[int(below(rng, len(legal)))]


def shuffled(observation: Any, legal: Any, rng: Any) -> Any:
    """升级: lead a random combination; follow by random card priorities (the rules'
    builder picks the legal cards, see :class:`sim.games.shengji.legal.LegalPlays`)."""
    if observation.phase == "lead":
        return legal[int(below(rng, len(legal)))]
    pref = np.array([uniform_draw(rng) for _ in range(len(observation.hand_counts))])
    return legal.suggest(pref)


def eager(observation: Any, legal: list[Any], rng: Any) -> Any:
    """跑胡子: 胡 whenever offered, else 碰, else a random legal action."""
    for prefix in ("胡", "碰"):
        for action in legal:
            if action.text.startswith(prefix):
                return action
    return legal[int(below(rng, len(legal)))]
