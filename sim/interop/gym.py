"""One seat of a paiju game against paiju's own strategies, as a Gymnasium environment.

>>> from sim.interop.gym import make  # doctest: +SKIP
>>> env = make("zipai", opponents="strong", seat=0)  # doctest: +SKIP
>>> obs, info = env.reset(seed=3)  # doctest: +SKIP
>>> obs, reward, terminated, truncated, info = env.step(env.action_space.sample(obs["action_mask"]))  # doctest: +SKIP

The learning seat is ``seat``; every other seat plays a registered paiju strategy through
the game's Python driver (a compiled kernel fills only its seat's observation array; a
Python strategy gets ``choose(observation, legal, rng)`` for its seat), drawing from the
hand's own strategy generator, so an episode is a pure function of (root seed, hand,
the seat's actions). ``opponents`` is one strategy name for every other seat or one name
per other seat in seat order; ``"strong"`` is the game's default player where the game has
no strategy of that name (升级 and 跑胡子: ``expert``).

Observations are the Dict of :mod:`sim.interop.pettingzoo` (``observation``, float32, and
``action_mask``, int8), actions follow :mod:`sim.interop.table`. The reward is 0 until the
hand ends, then the seat's points. An illegal action either ends the episode with reward
−1 (``illegal="end"``, the default: a learner that has not learnt the mask is told so
without stopping its loop) or raises a one-line ``ValueError`` (``illegal="raise"``).
``reset(seed=s)`` deals hand 0 of root seed ``s``, a later ``reset()`` the next hand; hands
that end before the seat's first decision are skipped (``info["hand"]`` names the hand).
Importing this module registers every game as ``paiju/<game>-v0`` for ``gymnasium.make``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from sim.interop import require

gym = require("gymnasium")

from gymnasium import spaces  # noqa: E402

from sim.games import get_game  # noqa: E402
from sim.interop import table  # noqa: E402

ILLEGAL = ("end", "raise")
RENDER_MODES = ("ansi", "human")


def opponent_player(game: str, name: str) -> Any:
    """The driver's player for strategy ``name`` of ``game`` (``strong``: the default player
    where the game has no ``strong``)."""
    from sim.games.python_play import seat_player
    from sim.registry import get_strategy, strategy_names

    if name == "strong" and "strong" not in strategy_names(game):
        info = get_game(game)
        name = next(w.default_strategies[0] for w in info.workloads.values() if w.default_strategies)
    return seat_player(get_strategy(game, name))


def play_one(driver: Any, player: Any) -> None:
    """Let ``player`` make the decision of the seat to act, seeing only that seat's view."""
    from sim.games.driver import KernelPlayer
    from sim.search import Searcher, SearchPlayer, SeatView

    seat = driver.actor
    name = getattr(player, "name", getattr(player, "__name__", type(player).__name__))
    if hasattr(driver, "_choice"):  # 升级's driver: its own forced follows and kernel call
        forced = driver.forced(seat)
        if forced is not None:
            driver.step(forced, who="the engine (forced follow)")
        else:
            driver.step(driver._choice(player, seat, name), who=f"strategy {name!r}")
        return
    if isinstance(player, KernelPlayer):
        choice: Any = driver._kernel_code(seat, player)
    elif isinstance(player, SearchPlayer):
        choice = driver._search_code(seat, player)
    elif isinstance(player, Searcher):
        choice = player.search(SeatView(driver, seat), driver.rng)
    else:
        choice = player(driver.observation(seat), driver.legal_actions(), driver.rng)
    driver.step(choice, who=f"strategy {name!r}")


class PaijuEnv(gym.Env):
    """One seat of a paiju hand (an episode) against paiju strategies."""

    metadata = {"render_modes": list(RENDER_MODES)}

    def __init__(self, game: str, opponents: str | Sequence[str] = "strong", seat: int = 0,
                 illegal: str = "end", seed: int = 0, render_mode: str | None = None,
                 preset: str | None = None, **rules: Any) -> None:
        if illegal not in ILLEGAL:
            raise ValueError(f"illegal is 'end' or 'raise', not {illegal!r}")
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode is one of {', '.join(RENDER_MODES)} or None, not {render_mode!r}")
        self.game = game
        self.info = get_game(game)
        self.rules = table.game_rules(self.info, preset, rules)
        seats = int(self.info.new_game(seed=0, rules=self.rules)._n_seats)
        if not (isinstance(seat, (int, np.integer)) and 0 <= seat < seats):
            raise ValueError(f"{game} has seats 0..{seats - 1}, not {seat!r}")
        names = [opponents] * (seats - 1) if isinstance(opponents, str) else list(opponents)
        if len(names) != seats - 1:
            raise ValueError(f"{game} needs {seats - 1} opponents (one per other seat), got {len(names)}")
        others = [s for s in range(seats) if s != seat]
        self.players = dict(zip(others, (opponent_player(game, n) for n in names)))
        self.opponents = tuple(names)
        self.seat, self.illegal, self.render_mode = int(seat), illegal, render_mode
        self.table = table.action_table(game)
        low, high = table.observation_bounds(self.info.observation_spec)
        size = int(self.info.observation_spec.size)
        self.observation_space = spaces.Dict({
            "observation": spaces.Box(low, high, (size,), np.float32),
            "action_mask": spaces.Box(0, 1, (self.table.size,), np.int8),
        })
        self.action_space = spaces.Discrete(self.table.size)
        self.root_seed, self.hand, self.dealt = int(seed), 0, -1
        self.driver: Any = None
        self._codes: list[int] = []
        self._over = True

    def _advance(self) -> None:
        """Let the other seats play until this seat decides or the hand ends."""
        while not self.driver.done and self.driver.actor != self.seat:
            play_one(self.driver, self.players[self.driver.actor])
        self._codes = [] if self.driver.done else self.driver.legal_codes()

    def _obs(self) -> dict[str, np.ndarray]:
        mask = (self.table.mask(self._codes) if self._codes
                else np.zeros(self.table.size, dtype=np.int8))
        return {"observation": table.observed(self.driver, self.seat), "action_mask": mask}

    def _info(self) -> dict[str, Any]:
        return {"hand": self.dealt, "hand_seed": int(self.driver.seed)}

    def reset(self, *, seed: int | None = None, options: dict | None = None
              ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        """Deal hand 0 of root seed ``seed`` (or the run's next hand) and play the other
        seats up to this seat's first decision."""
        super().reset(seed=seed)
        if seed is not None:
            self.root_seed, self.hand = int(seed), 0
        for _ in range(table.SKIP_LIMIT):
            self.hand, self.driver = table.deal(self.info, self.rules, self.root_seed, self.hand)
            self._advance()
            if not self.driver.done:
                break
            self.hand += 1
        else:
            raise ValueError(f"{self.game}: {table.SKIP_LIMIT} hands in a row end before seat "
                             f"{self.seat} decides")
        self._over, self.dealt = False, self.hand
        self.hand += 1
        return self._obs(), self._info()

    def step(self, action: Any) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        """Play the seat's ``action``, then the other seats up to its next decision."""
        if self._over:
            raise ValueError("the episode is over; call reset()")
        code = self.table.code(action, self._codes)
        if code is None:
            if self.illegal == "raise":
                raise ValueError(f"paiju_{self.game}: action {action!r} is not legal for seat "
                                 f"{self.seat} ({len(self._codes)} legal actions)")
            self._over = True
            return self._obs(), -1.0, True, False, {**self._info(), "illegal": True}
        self.driver.step(code, who=f"Gymnasium seat {self.seat}")
        self._advance()
        reward = 0.0
        if self.driver.done:
            self._over = True
            reward = table.points_of(self.driver.result)[self.seat]
        if self.render_mode == "human":
            self.render()
        return self._obs(), reward, self._over, False, {**self._info(), "illegal": False}

    def render(self) -> str | None:
        """The hand in the game's notation: returned (``ansi`` or no mode) or printed (``human``)."""
        text = "no hand dealt (call reset())" if self.driver is None else str(self.driver)
        if self.render_mode == "human":
            print(text)
            return None
        return text


def make(game: str, opponents: str | Sequence[str] = "strong", seat: int = 0,
         illegal: str = "end", **rules: Any) -> PaijuEnv:
    """The single-seat environment of ``game``: rule options, ``preset=``, ``seed=`` (the
    root seed) and ``render_mode=`` as keywords."""
    return PaijuEnv(game, opponents=opponents, seat=seat, illegal=illegal, **rules)


def register_all() -> list[str]:
    """Register ``paiju/<game>-v0`` with Gymnasium for every game (done on import), so that
    ``gymnasium.make("paiju/zipai-v0", opponents="strong")`` works; returns the ids."""
    from sim.games import game_names

    ids = []
    for name in game_names():
        env_id = f"paiju/{name}-v0"
        if env_id not in gym.registry:
            gym.register(id=env_id, entry_point=PaijuEnv, kwargs={"game": name},
                         disable_env_checker=True)
        ids.append(env_id)
    return ids


REGISTERED = register_all()
