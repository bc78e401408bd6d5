"""跑胡子 strategies: compiled kernels plus the Python form of each.

Every strategy registered here has a ``kernel`` (numba, called by the batch driver and,
through :class:`sim.games.zipai.game.KernelPlayer`, by the Python driver) and a
``choose(observation, legal, rng)`` for the Python driver.
"""

from __future__ import annotations

from strategies.base import StrategyInfo, register
from strategies.zipai.basic import greedy_kernel, random_kernel
from strategies.zipai.shape import shape_kernel

register(StrategyInfo(game="zipai", name="random", description="uniform over the legal actions",
                      kernel=random_kernel))
register(StrategyInfo(game="zipai", name="greedy",
                      description="always wins, always 碰, 吃 for 胡息 or shape, discards loners",
                      kernel=greedy_kernel))
register(StrategyInfo(game="zipai", name="shape",
                      description="keeps connected and 胡息 shapes, safe discards, refuses costly 吃",
                      kernel=shape_kernel))
