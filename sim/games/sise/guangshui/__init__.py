"""广水四色牌: 3 players, 112 cards, 付 counting with 楼, 车, 清 and 天地.

Public helpers: :func:`group_fu`, :func:`hand_fu`, :func:`required_fu`, :func:`can_win`
(:mod:`sim.games.sise.guangshui.hands`).
"""

from __future__ import annotations

from sim.games.sise.guangshui.hands import HandFu, can_win, group_fu, hand_fu, required_fu
from sim.games.sise.guangshui.rules import GuangshuiRules

__all__ = ["GuangshuiRules", "HandFu", "can_win", "group_fu", "hand_fu", "required_fu"]
