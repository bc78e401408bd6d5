"""Pairing-game strategies: compiled kernels that both drivers call.

A kernel is a numba function ``choose(obs, legal, n, rng) -> action``: ``obs`` is the
observation the engine fills for the deciding seat (laid out by
:data:`sim.games.chuanpai.pairs.observe.SPEC`: own hand, every seat's open table cards, dead cards, hand sizes, the stock size, the offered
card, the rules), ``legal[:n]`` the legal action codes, ``rng`` the hand's strategy
generator. A new kernel needs no change to the engine.
"""

from __future__ import annotations

from sim.registry import StrategyInfo, register
from sim.search import SearchParams
from strategies.pairs.basic import greedy_kernel, random_kernel
from strategies.pairs.strong import PARAMS, strong_kernel

register(StrategyInfo(game="pairs", name="random", description="uniform over the legal actions",
                      kernel=random_kernel))
register(StrategyInfo(game="pairs", name="greedy",
                      description="takes every card it can, throws a card with no partner in hand",
                      kernel=greedy_kernel))
register(StrategyInfo(game="pairs", name="strong",
                      description="wins when it can, 碰/燕 for the steal, 摆 only loose cards, "
                                  "throws the card with fewest live partners (keeps red in 斗十四)",
                      kernel=strong_kernel, params=PARAMS))
register(StrategyInfo(game="pairs", name="search", params=SearchParams(),
                      description="samples k worlds of the unseen cards (other hands, their 暗, the "
                                  "stock), plays every legal action (or width of them) to the end "
                                  "with the rollout policy (strong) in every seat, takes the best "
                                  "mean points"))

from strategies.interop import register_ismcts  # noqa: E402

register_ismcts("pairs")
