"""四副牌升级 (four-deck Tractor): rules, compiled engine, Python driver and workloads.

The documented public functions are in :mod:`sim.games.shengji.public` (re-exported here);
the driver is :class:`sim.games.shengji.game.Game`.
"""

from __future__ import annotations

from sim.games.base import GameInfo
from sim.games.shengji.cards import NotationError
from sim.games.shengji.deals import ScanDeals
from sim.games.shengji.game import Game
from sim.games.shengji.observe import SPEC
from sim.games.shengji.play import PlayHands, PlayMatches
from sim.games.shengji.public import legal_follow, trick_winner
from sim.games.shengji.rules import ShengjiRules
from sim.games.shengji.scoring import LevelChange, level_change

GAME = GameInfo(rules=ShengjiRules, driver=Game, observation_spec=SPEC,
                workloads={"play": PlayHands(), "match": PlayMatches(), "deals": ScanDeals()})


__all__ = ["GAME", "Game", "LevelChange", "NotationError", "ShengjiRules", "legal_follow",
           "level_change", "trick_winner"]
