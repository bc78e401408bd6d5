"""跑胡子 (字牌): 3-player Hunan paohuzi with the 80-card deck.

Public entry points: :func:`best_win`, :func:`natural_win`, :func:`chi_options`
(:mod:`sim.games.zipai.public`), the Python driver :class:`Game`
(:mod:`sim.games.zipai.game`) and the workloads ``deals`` and ``play``.
"""

from __future__ import annotations

from sim.games.base import GameInfo
from sim.games.zipai.deals import DealScan
from sim.games.zipai.game import Action, Event, Game, KernelPlayer, Observation, Result
from sim.games.zipai.observe import SPEC
from sim.games.zipai.public import best_win, chi_options, natural_win
from sim.games.zipai.play import ZipaiPlay
from sim.games.zipai.rules import ZipaiRules

GAME = GameInfo(rules=ZipaiRules, driver=Game, observation_spec=SPEC,
                workloads={"deals": DealScan(), "play": ZipaiPlay()})

__all__ = ["GAME", "Action", "Event", "Game", "KernelPlayer", "Observation", "Result", "ZipaiRules",
           "best_win", "chi_options", "natural_win"]
