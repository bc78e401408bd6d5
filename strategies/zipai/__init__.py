"""跑胡子 strategies: compiled kernels that both drivers call.

A kernel is a numba function ``choose(obs, legal, n_legal, rng) -> action``: ``obs`` is
the deciding seat's observation array (:mod:`sim.games.zipai.observe`: own hand, the
public tables and discards, counts of the others' cards, the offer — never the engine
state), ``legal[:n_legal]`` the legal action codes, ``rng`` the hand's generator (draw
with :func:`sim.rng.below` / :func:`sim.rng.uniform`). The batch driver receives kernels
as arguments, so a new one is added without touching the engine::

    @njit(cache=True)
    def last_kernel(obs, legal, n, rng):
        return legal[n - 1]          # always pass; discard the highest card

    register(StrategyInfo(game="zipai", name="last", description="...", kernel=last_kernel))

The Python driver plays a kernel through :class:`sim.games.zipai.game.KernelPlayer` (same
choices as the batch), or any Python callable ``choose(observation, legal, rng)``.
"""

from __future__ import annotations

from sim.registry import StrategyInfo, register
from sim.search import SearchParams
from strategies.zipai.basic import greedy_kernel, random_kernel
from strategies.zipai.expert import expert_kernel
from strategies.zipai.shape import shape_kernel

register(StrategyInfo(game="zipai", name="random", description="uniform over the legal actions",
                      kernel=random_kernel))
register(StrategyInfo(game="zipai", name="greedy",
                      description="always wins, always 碰, 吃 for 胡息 or shape, discards loners",
                      kernel=greedy_kernel))
register(StrategyInfo(game="zipai", name="shape",
                      description="keeps connected and 胡息 shapes, safe discards, refuses costly 吃",
                      kernel=shape_kernel))
register(StrategyInfo(game="zipai", name="expert",
                      description="plays for the most live winning cards with enough 胡息; "
                                  "claims by their effect on the waits; safe discards",
                      kernel=expert_kernel))
register(StrategyInfo(game="zipai", name="search", params=SearchParams(k=16, width=2),
                      description="samples k worlds of the unseen cards, plays the rollout policy's "
                                  "choice and width-1 other actions to the end with the rollout "
                                  "policy (expert) in every seat, takes the best mean points"))

from strategies.interop import register_ismcts  # noqa: E402

register_ismcts("zipai")
