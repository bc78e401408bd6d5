"""Every paiju game as a PettingZoo AEC environment: ``env("zipai", **rules)``.

>>> from sim.interop.pettingzoo import env  # doctest: +SKIP
>>> e = env("guangshui", seed=7)  # doctest: +SKIP
>>> e.reset(seed=7)  # doctest: +SKIP
>>> for agent in e.agent_iter():  # doctest: +SKIP
...     obs, reward, terminated, truncated, info = e.last()
...     mask = obs["action_mask"]
...     e.step(None if terminated else e.action_space(agent).sample(mask))

Agents are ``seat_0 … seat_{n-1}``. Each observation is the classic-games dict:
``observation`` (the seat's observation array, laid out by the game's observation spec, as
float32) and ``action_mask`` (int8; only the seat to act has legal actions). Actions follow
:mod:`sim.interop.table` (the engine's code, or for 升级 an index into the legal list).
Rewards come once, at the end of the hand: the hand's points per seat (OpenSpiel's
returns); then every agent is terminated. ``render()`` is the driver's text in the game's
notation (``ansi``: returned; ``human``: printed).

``reset(seed=s)`` deals hand 0 of a run with root seed ``s``, each later ``reset()`` the next
hand of that run; the deal is a pure function of (root seed, hand), no global generator.
A hand that is over at the deal (no decision for anyone) is skipped: ``infos`` name the hand
dealt. An illegal action raises a one-line ``ValueError``.

There is no ``parallel_env``: every paiju game is turn-based (one seat decides at a time).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from sim.interop import require

require("pettingzoo")

from gymnasium import spaces  # noqa: E402
from pettingzoo import AECEnv  # noqa: E402

from sim.games import get_game  # noqa: E402
from sim.interop import table  # noqa: E402

RENDER_MODES = ("ansi", "human")


class PaijuAEC(AECEnv):
    """One paiju game, a hand per episode, as an AEC environment."""

    metadata = {"render_modes": list(RENDER_MODES), "name": "paiju", "is_parallelizable": False}

    def __init__(self, game: str, render_mode: str | None = None, seed: int = 0,
                 preset: str | None = None, **rules: Any) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode is one of {', '.join(RENDER_MODES)} or None, not {render_mode!r}")
        self.game = game
        self.info = get_game(game)
        self.rules = table.game_rules(self.info, preset, rules)
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"paiju_{game}"}
        self.table = table.action_table(game)
        self.root_seed, self.hand = int(seed), 0
        sample = self.info.new_game(seed=0, rules=self.rules)
        self.seats = int(sample._n_seats)
        self.possible_agents = [f"seat_{s}" for s in range(self.seats)]
        low, high = table.observation_bounds(self.info.observation_spec)
        size = int(self.info.observation_spec.size)
        space = spaces.Dict({
            "observation": spaces.Box(low, high, (size,), np.float32),
            "action_mask": spaces.Box(0, 1, (self.table.size,), np.int8),
        })
        self.observation_spaces = {a: space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self.table.size) for a in self.possible_agents}
        self.driver: Any = None
        self._codes: list[int] = []

    def __str__(self) -> str:
        return f"paiju_{self.game}"

    def observation_space(self, agent: str) -> spaces.Space:
        """The Dict space of ``agent``'s observations (the same object every call)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        """The Discrete action space of ``agent`` (the same object every call)."""
        return self.action_spaces[agent]

    def _seat(self, agent: str) -> int:
        return self.possible_agents.index(agent)

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """Deal hand 0 of root seed ``seed``, or without a seed the run's next hand."""
        if seed is not None:
            self.root_seed, self.hand = int(seed), 0
        self.hand, self.driver = table.deal(self.info, self.rules, self.root_seed, self.hand)
        dealt = {"hand": self.hand, "hand_seed": int(self.driver.seed)}
        self.hand += 1
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: dict(dealt) for a in self.agents}
        self._codes = self.driver.legal_codes()
        self.agent_selection = self.possible_agents[self.driver.actor]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """``agent``'s observation array and action mask (zeros unless it is to act)."""
        seat = self._seat(agent)
        acting = not self.driver.done and seat == self.driver.actor
        mask = (self.table.mask(self._codes) if acting
                else np.zeros(self.table.size, dtype=np.int8))
        return {"observation": table.observed(self.driver, seat), "action_mask": mask}

    def step(self, action: Any) -> None:
        """Play ``action`` for the agent to act (``None`` for a terminated agent)."""
        if self.driver is None:
            raise ValueError("call reset() before step()")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        code = self.table.code(action, self._codes)
        if code is None:
            raise ValueError(f"paiju_{self.game}: action {action!r} is not legal for {agent} "
                             f"({len(self._codes)} legal actions)")
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        self.driver.step(code, who=f"PettingZoo {agent}")
        if self.driver.done:
            points = table.points_of(self.driver.result)
            self.rewards = {a: points[self._seat(a)] for a in self.agents}
            self.terminations = {a: True for a in self.agents}
            self._codes = []
        else:
            self._codes = self.driver.legal_codes()
            self.agent_selection = self.possible_agents[self.driver.actor]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The hand in the game's notation: returned (``ansi`` or no mode) or printed (``human``)."""
        text = "no hand dealt (call reset())" if self.driver is None else str(self.driver)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""


def env(game: str, render_mode: str | None = None, seed: int = 0, **rules: Any) -> PaijuAEC:
    """The AEC environment of ``game`` (rule options and ``preset=`` as keywords); ``seed``
    is the root seed until a ``reset(seed=…)`` names another."""
    return PaijuAEC(game, render_mode=render_mode, seed=seed, **rules)


def parallel_env(game: str, **kwargs: Any) -> Any:
    """Not offered: paiju games are turn-based; use :func:`env`."""
    raise ValueError(f"paiju_{game} is turn-based (one seat decides at a time); use env({game!r})")
