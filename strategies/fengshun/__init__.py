"""丰顺 strategies: compiled kernels ``choose(obs, legal, n_legal, rng) -> action``.

``obs`` is the observation array the engine fills for the deciding seat
(laid out by :data:`sim.games.sise.fengshun.observe.SPEC`; offsets ``OB_*``): own hand, every
table and discard pile, the concealed-card counts of the others, the stock size, the card
on offer and its source. ``legal[:n_legal]`` are the legal codes, ``rng`` the hand's
generator. The Python driver plays these kernels and Python ``choose(observation, legal,
rng)`` players alike.
"""

from __future__ import annotations

from sim.registry import StrategyInfo, register
from sim.search import SearchParams
from strategies.fengshun.basic import greedy_kernel, random_kernel
from strategies.fengshun.strong import strong_kernel

register(StrategyInfo(game="fengshun", name="random", description="uniform over the legal actions",
                      kernel=random_kernel))
register(StrategyInfo(game="fengshun", name="greedy",
                      description="takes every claim (杠 > 碰 > 吃); discards the least connected card",
                      kernel=greedy_kernel))
register(StrategyInfo(game="fengshun", name="strong",
                      description="waits on the most live cards, keeps 将 and quads, 吃 only loose "
                                  "cards, avoids feeding the 下家", kernel=strong_kernel))
register(StrategyInfo(game="fengshun", name="search", params=SearchParams(),
                      description="samples k worlds of the unseen cards, plays every legal action "
                                  "(or width of them) to the end with the rollout policy (strong) "
                                  "in every seat, takes the best mean points"))

from strategies.interop import register_ismcts  # noqa: E402

register_ismcts("fengshun")
