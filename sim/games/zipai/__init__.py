"""跑胡子 (字牌): 3-player Hunan paohuzi with the 80-card deck."""

from __future__ import annotations

from sim.games.base import GameInfo
from sim.games.zipai.deal_scan import DealScan
from sim.games.zipai.rules import ZipaiRules

GAME = GameInfo(
    name="zipai",
    title="跑胡子 (字牌)",
    rules=ZipaiRules,
    workloads={"deals": DealScan()},
    aliases=("paohuzi", "跑胡子", "字牌"),
)

__all__ = ["GAME", "ZipaiRules"]
