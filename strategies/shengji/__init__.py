"""Strategies for 四副牌升级: ``random`` and the ``greedy`` heuristic (both compiled)."""

from __future__ import annotations

from strategies.base import StrategyInfo, register
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
