"""天地人和 strategies: compiled kernels that both drivers call.

A kernel is a numba function ``choose(obs, legal, n, rng) -> action``: ``obs`` is the
observation the engine fills for the deciding seat (laid out by
:data:`sim.games.chuanpai.tiandi.observe.SPEC`: own hand and face-down cards, cards shown
face up, every seat's 摆牌 and hand size, the trick so far, the rules), ``legal[:n]`` the legal play codes, ``rng`` the hand's strategy
generator. A new kernel needs no change to the engine::

    @njit(cache=True)
    def first_kernel(obs, legal, n, rng):
        return legal[0]

    register(StrategyInfo(game="tiandi", name="first", description="...", kernel=first_kernel))
"""

from __future__ import annotations

from sim.registry import StrategyInfo, register
from sim.search import SearchParams
from strategies.tiandi.basic import greedy_kernel, random_kernel
from strategies.tiandi.strong import PARAMS, strong_kernel

register(StrategyInfo(game="tiandi", name="random", description="uniform over the legal plays",
                      kernel=random_kernel))
register(StrategyInfo(game="tiandi", name="greedy",
                      description="leads its biggest play, beats cheaply, throws its lowest cards",
                      kernel=greedy_kernel))
register(StrategyInfo(game="tiandi", name="strong",
                      description="counts cards: sure tricks first, 占张, keeps combinations, "
                                  "never leads into 包牌",
                      kernel=strong_kernel, params=PARAMS))
register(StrategyInfo(game="tiandi", name="search", params=SearchParams(),
                      description="samples k worlds of the unseen cards, plays every legal play "
                                  "(or width of them) to the end with the rollout policy (strong) "
                                  "in every seat, takes the best mean points"))

from strategies.interop import register_ismcts  # noqa: E402

register_ismcts("tiandi")
