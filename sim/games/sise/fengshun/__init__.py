"""丰顺四色: 3 players, 112 cards, mahjong-style draws, 点炮 with several winners.

Public helpers: :func:`group_score` and :func:`hand_score` (:mod:`.hands`).
"""

from __future__ import annotations

from sim.games.sise.fengshun.hands import ScoreError, group_score, hand_score
from sim.games.sise.fengshun.rules import FengshunRules

__all__ = ["FengshunRules", "ScoreError", "group_score", "hand_score"]
