"""Strategies for 四副牌升级: ``random``, the ``greedy`` heuristic and ``expert`` (all compiled)."""

from __future__ import annotations

from sim.registry import StrategyInfo, register
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

from strategies.interop import register_ismcts  # noqa: E402

register_ismcts("shengji")
