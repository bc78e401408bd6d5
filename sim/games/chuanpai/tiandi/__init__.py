"""川牌 天地人和: the Sichuan trick game of the 84-card family.

Public helpers take cards in the notation of :mod:`sim.games.chuanpai.cards`:
:func:`beats`, :func:`is_misdeal`, :func:`hand_level`; the Python driver is
:class:`~sim.games.chuanpai.tiandi.game.Game`.
"""

from __future__ import annotations

from sim.games.base import GameInfo
from sim.games.chuanpai.tiandi.game import Game
from sim.games.chuanpai.cards import NotationError
from sim.games.chuanpai.tiandi.deals import TiandiDeals
from sim.games.chuanpai.tiandi.observe import SPEC
from sim.games.chuanpai.tiandi.public import beats, hand_level, is_misdeal, play_code
from sim.games.chuanpai.tiandi.rules import TiandiRules
from sim.games.chuanpai.tiandi.play import TiandiPlay

GAME = GameInfo(rules=TiandiRules, driver=Game, observation_spec=SPEC,
                workloads={"play": TiandiPlay(), "deals": TiandiDeals()})

__all__ = ["GAME", "NotationError", "TiandiRules", "beats", "hand_level", "is_misdeal", "play_code"]
