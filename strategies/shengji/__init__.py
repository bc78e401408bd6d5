"""Strategies for 四副牌升级: ``random``, the ``greedy`` heuristic, ``expert`` and ``search`` (all compiled)."""

from __future__ import annotations

from sim.registry import StrategyInfo, register
from sim.search import SearchParams
from strategies.shengji.expert import expert_kernel
from strategies.shengji.greedy import greedy_kernel
from strategies.shengji.random import random_kernel

register(StrategyInfo(
    game="shengji", name="random", kernel=random_kernel,
    description="a uniformly random combination to lead; random card priorities to follow",
))
register(StrategyInfo(
    game="shengji", name="greedy", kernel=greedy_kernel,
    description="card counting: throws sure winners, feeds points to a winning partner, "
                "wins and ruffs tricks with points, saves trumps",
))
register(StrategyInfo(
    game="shengji", name="expert", kernel=expert_kernel,
    description="counts cards, trumps and voids: sure throws, draws trumps, leads to the "
                "partner's void, feeds points only when the partner's trick is safe, 扣底-aware",
))

register(StrategyInfo(
    game="shengji", name="search", params=SearchParams(k=4, width=3),
    description="samples k deals of the unseen cards (sizes and shown voids kept), plays the "
                "rollout's play and the next width − 1 candidates (leads: biggest combinations "
                "first; follows: the builder's answers) to the end with the rollout policy "
                "(expert) in every seat, takes the best mean points of the seat's side",
))

from strategies.interop import register_ismcts  # noqa: E402

register_ismcts("shengji")
