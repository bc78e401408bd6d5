"""What the Python drivers of the 川牌 games share: a hand dealt and stepped over the game's
compiled engine, which makes every action that is the only legal one itself, so players are
asked only real choices.

A driver (:class:`ChuanpaiGame`) names its engine module ``_E`` (``new_hand``,
``legal_actions``, ``apply_action``, ``run_forced`` and the sizes) and its observation module
``_O`` (``observe``, ``OBS_SIZE``).
"""

from __future__ import annotations

from types import ModuleType
from typing import ClassVar

import numpy as np

from sim.games.driver import DriverGame
from sim.rng import STRATEGY_SALT


class ChuanpaiGame(DriverGame):
    """One hand of a 川牌 game, stepped from Python over its compiled rules engine."""

    _E: ClassVar[ModuleType]  # the engine
    _O: ClassVar[ModuleType]  # the observation layout

    def _setup(self, seed: int, cfg: np.ndarray | None) -> None:
        """The hand's arrays for ``seed``, dealt by ``dealer`` under the rules vector ``cfg``
        and played to the first real choice (``cfg`` None: left to be dealt by hand)."""
        E = self._E
        self._prepare(seed=seed, salt=int(STRATEGY_SALT), state_size=E.STATE_SIZE,
                      max_actions=E.MAX_ACTIONS, obs_size=self._O.OBS_SIZE, dtype=np.int16)
        if cfg is not None:
            E.new_hand(self._s, np.uint64(self.seed), self.dealer, cfg)
            E.run_forced(self._s, self._buf)

    def _legal(self) -> int:
        return int(self._E.legal_actions(self._s, self._buf))

    def _apply(self, code: int) -> None:
        self._E.apply_action(self._s, code)
        self._E.run_forced(self._s, self._buf)  # what is then the only legal action

    def _observe(self, seat: int, out: np.ndarray) -> None:
        self._O.observe(self._s, seat, out)

    def card_total(self) -> int:
        """Cards accounted for: in hands, on the table (face up or down), dead, in the stock
        and on offer (84 per deck in a dealt hand)."""
        return int(self._E.card_total(self._s))
