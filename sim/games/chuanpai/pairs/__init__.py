"""川牌 pairing game: the seed's 10-or-20 game and 斗十四 (pairs to 14), one engine.

Public helpers take cards in the notation of :mod:`sim.games.chuanpai.cards`:
:func:`is_complete`, :func:`deal_sizes`, :func:`tuo` (and :func:`tuo_threshold`,
:func:`column_tuo`); the Python driver is :class:`~sim.games.chuanpai.pairs.game.Game`.
"""

from __future__ import annotations

from sim.games.base import GameInfo
from sim.games.chuanpai.pairs.game import Game
from sim.games.chuanpai.cards import NotationError
from sim.games.chuanpai.pairs.deals import PairsDeals
from sim.games.chuanpai.pairs.observe import SPEC
from sim.games.chuanpai.pairs.public import column_tuo, deal_sizes, is_complete, tuo, tuo_threshold
from sim.games.chuanpai.pairs.rules import PairsRules
from sim.games.chuanpai.pairs.play import PairsPlay

GAME = GameInfo(rules=PairsRules, driver=Game, observation_spec=SPEC,
                workloads={"play": PairsPlay(), "deals": PairsDeals()})

__all__ = ["GAME", "NotationError", "PairsRules", "column_tuo", "deal_sizes", "is_complete", "tuo",
           "tuo_threshold"]
