"""OpenSpiel's ISMCTS bot as a paiju strategy of every game: ``ismcts(sims=100)``.

Information-set Monte Carlo tree search (OpenSpiel's ``ISMCTSBot``) over the game's
OpenSpiel form (:mod:`sim.interop.openspiel`). Each simulation starts from a world the
seat's :class:`~sim.search.SeatView` gives (the driver's resample: every card the seat has
not seen redrawn), so the choice depends on what the seat has seen only. Rollouts are
random (``rollout=random``) or the game's default compiled strategy in every seat
(``rollout=strong``). All randomness comes from the hand's strategy generator: same seed,
same rows. OpenSpiel is imported on first use; without it the strategy says which extra
to install.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import numpy as np

from sim.errors import OptionError
from sim.registry import StrategyInfo, register


@dataclasses.dataclass(frozen=True, kw_only=True)
class IsmctsParams:
    """``sims`` simulations per decision; ``rollout`` ``random`` or ``strong``; ``uct_c`` the
    exploration constant (in points of the game)."""

    sims: int = 100
    rollout: str = "random"
    uct_c: float = 2.0

    def __post_init__(self) -> None:
        if self.sims < 1:
            raise OptionError(f"ismcts needs sims >= 1, not {self.sims}")
        if self.rollout not in ("random", "strong"):
            raise OptionError(f"ismcts rollout is random or strong, not {self.rollout!r}")


class StrongRollouts:
    """An OpenSpiel evaluator that finishes a hand with the game's default compiled strategy
    in every seat, through the driver; uniform priors."""

    def __init__(self, game: str, gen: np.random.Generator) -> None:
        from sim.games import get_game
        from sim.games.driver import kernel_player

        info = get_game(game)
        name = next(w.default_strategies[0] for w in info.workloads.values() if w.default_strategies)
        self.player = kernel_player(game, name)
        self.gen = gen

    def evaluate(self, state: Any) -> np.ndarray:
        """The points per seat when the default strategy plays the hand out."""
        from sim.interop.openspiel import points_of

        game = state.driver.clone()
        game.rng = np.array([np.uint64(self.gen.integers(0, 2**63))], dtype=np.uint64)
        if not game.done:
            game.play([self.player] * game._n_seats)
        return np.array(points_of(game.result))

    def prior(self, state: Any) -> list[tuple[int, float]]:
        """Uniform over the legal actions."""
        legal = state.legal_actions()
        return [(a, 1.0 / len(legal)) for a in legal]


def ismcts_searcher(game: str) -> Any:
    """The ``search(view, rng)`` of ``ismcts`` for ``game``; its parameters come from the
    strategy's registered ``params`` (bound per name by :func:`sim.registry.get_strategy`)."""

    def search(view: Any, rng: np.ndarray, params: IsmctsParams | None = None) -> Any:
        from sim.interop import require
        from sim.search import numpy_generator

        require("pyspiel")
        from open_spiel.python.algorithms import ismcts, mcts

        params = params or IsmctsParams()
        if len(view.legal) == 1:
            return view.legal[0]
        gen = numpy_generator(rng)
        world = view.world(gen)
        osgame = _os_game(game, world)
        state = osgame.state_of(world)
        random_state = np.random.RandomState(int(gen.integers(0, 2**31)))
        if params.rollout == "strong":
            evaluator: Any = StrongRollouts(game, gen)
        else:
            evaluator = mcts.RandomRolloutEvaluator(1, random_state)
        bot = ismcts.ISMCTSBot(osgame, evaluator, params.uct_c, params.sims,
                               random_state=random_state, allow_inconsistent_action_sets=True)
        bot.set_resampler(lambda s, player: s.resample_world(player, gen))
        code = state.code_of(int(bot.step(state)))
        return next(a for a in view.legal if a.code == code)

    return search


def _os_game(game: str, world: Any) -> Any:
    """The OpenSpiel game of ``world``'s rules (one per rules, cached)."""
    from sim.interop.openspiel import PaijuGame

    key = (game, repr(world_rules(world)))
    if key not in _GAMES:
        _GAMES[key] = PaijuGame(game, {})
        _GAMES[key].rules = world_rules(world)
        _GAMES[key].seats = int(world._n_seats)
    return _GAMES[key]


def world_rules(world: Any) -> Any:
    """The rules object a driver game was dealt with."""
    return getattr(world, "rules", None)


_GAMES: dict[tuple[str, str], Any] = {}


def register_ismcts(game: str) -> StrategyInfo:
    """Register ``ismcts`` for ``game``."""
    searcher = ismcts_searcher(game)
    return register(StrategyInfo(
        game=game, name="ismcts", params=IsmctsParams(),
        description="OpenSpiel's information-set MCTS: sims simulations per decision, random "
                    "or strong rollouts (needs paiju[interop])",
        searcher=searcher))
