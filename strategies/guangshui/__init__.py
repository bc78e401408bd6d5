"""广水 strategies: compiled kernels ``choose(obs, legal, n_legal, rng) -> action``.

``obs`` is the observation array the engine fills for the deciding seat, laid out by
:data:`sim.games.sise.guangshui.observe.SPEC` (offsets ``OB_*`` read off it): own hand,
every table, the dead piles, the counts of hidden cards, the stock size, the card in play
and its source, the seat's options. ``legal[:n_legal]`` are the legal codes, ``rng`` the hand's
generator (:func:`sim.rng.below`). A new kernel needs no change to the engine::

    @njit(cache=True)
    def first_kernel(obs, legal, n, rng):
        return legal[0]

    register(StrategyInfo(game="guangshui", name="first", description="...", kernel=first_kernel))

The Python driver plays kernels as well as Python ``choose(observation, legal, rng)``.
"""

from __future__ import annotations

from sim.registry import StrategyInfo, register
from sim.search import SearchParams
from strategies.guangshui.basic import greedy_kernel, random_kernel
from strategies.guangshui.strong import strong_kernel

register(StrategyInfo(game="guangshui", name="random", description="uniform over the legal actions",
                      kernel=random_kernel))
register(StrategyInfo(game="guangshui", name="greedy",
                      description="always wins and claims the highest claim; discards the least "
                                  "connected card", kernel=greedy_kernel))
register(StrategyInfo(game="guangshui", name="strong",
                      description="keeps 子, 将 and 肥 groups, builds 车 and 楼, 吃 only loose cards, "
                                  "counts seen cards, discards what feeds the 下家 least",
                      kernel=strong_kernel))
register(StrategyInfo(game="guangshui", name="search", params=SearchParams(),
                      description="samples k worlds of the unseen cards, plays every legal action "
                                  "(or width of them) to the end with the rollout policy (strong) "
                                  "in every seat, takes the best mean points"))

from strategies.interop import register_ismcts  # noqa: E402

register_ismcts("guangshui")
