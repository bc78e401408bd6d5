"""丰顺四色: 3 players (option 2–4), 112 cards (option 224), mahjong-style draws, 点炮 with several winners.

Public helpers: :func:`group_score` and :func:`hand_score` (:mod:`.public`); the Python
driver :class:`Game` and :func:`next_dealer`; the workloads ``play`` and ``deals``.
"""

from __future__ import annotations

from sim.games.base import GameInfo
from sim.games.sise.fengshun.deals import FengshunDeals
from sim.games.sise.fengshun.game import (Action, Event, Game, KernelPlayer, Observation, Result,
                                          kernel_player, next_dealer)
from sim.games.sise.fengshun.public import ScoreError, group_score, hand_score
from sim.games.sise.fengshun.play import FengshunPlay
from sim.games.sise.fengshun.observe import SPEC
from sim.games.sise.fengshun.rules import FengshunRules

GAME = GameInfo(rules=FengshunRules, driver=Game, observation_spec=SPEC,
                workloads={"deals": FengshunDeals(), "play": FengshunPlay()})

__all__ = ["GAME", "Action", "Event", "FengshunRules", "Game", "KernelPlayer", "Observation", "Result",
           "ScoreError", "group_score", "hand_score", "kernel_player", "next_dealer"]
