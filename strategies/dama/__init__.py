"""Strategies for 打马: ``random``, ``greedy``, ``strong``, ``racer`` and ``search`` (all compiled)."""

from __future__ import annotations

from sim.registry import StrategyInfo, register
from sim.search import SearchParams
from strategies.dama.greedy import greedy_kernel
from strategies.dama.random import random_choose, random_kernel
from strategies.dama.strong import racer_kernel, strong_kernel

register(StrategyInfo(game="dama", name="random", kernel=random_kernel, choose=random_choose,
                      description="a uniformly random legal move"))
register(StrategyInfo(
    game="dama", name="greedy", kernel=greedy_kernel,
    description="the move that gains most now: hits, 窝 and joins, progress, less exposure"))
register(StrategyInfo(
    game="dama", name="strong", kernel=strong_kernel,
    description="weighs hits against exposure to larger groups, gathers ten on 函谷关 for the "
                "half pot, keeps stacks out of reach, moves groups of about half the total"))
register(StrategyInfo(
    game="dama", name="racer", kernel=racer_kernel,
    description="strong, but with 3–5 players a hit is worth only its 帖 and extra throw: races "
                "home, wins more races, earns fewer 帖"))
register(StrategyInfo(
    game="dama", name="search", params=SearchParams(k=4, width=4),
    description="samples k streams of the dice to come, plays the rollout's move and the next "
                "width − 1 that carry most horses forward to the end with the rollout policy "
                "(strong) in every seat, takes the best mean points"))

from strategies.interop import register_ismcts  # noqa: E402

register_ismcts("dama")
