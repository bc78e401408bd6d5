"""广水四色牌: 3 players, 112 cards, 付 counting with 楼, 车, 清 and 天地.

Public helpers: :func:`group_fu`, :func:`hand_fu`, :func:`required_fu`, :func:`can_win`
(:mod:`sim.games.sise.guangshui.public`); the Python driver :class:`Game`; the workloads
``play`` and ``deals``.
"""

from __future__ import annotations

from sim.games.base import GameInfo
from sim.games.sise.guangshui.game import (Action, Event, Game, KernelPlayer, Observation, Result,
                                          kernel_player, next_dealer)
from sim.games.sise.guangshui.deals import GuangshuiDeals
from sim.games.sise.guangshui.public import HandFu, can_win, group_fu, hand_fu, required_fu
from sim.games.sise.guangshui.play import GuangshuiMatch, GuangshuiPlay
from sim.games.sise.guangshui.observe import SPEC
from sim.games.sise.guangshui.rules import GuangshuiRules

GAME = GameInfo(rules=GuangshuiRules, driver=Game, observation_spec=SPEC,
                workloads={"deals": GuangshuiDeals(), "play": GuangshuiPlay(), "match": GuangshuiMatch()})

__all__ = ["GAME", "Action", "Event", "Game", "GuangshuiRules", "HandFu", "KernelPlayer",
           "Observation", "Result", "can_win", "group_fu", "hand_fu", "kernel_player",
           "next_dealer", "required_fu"]
