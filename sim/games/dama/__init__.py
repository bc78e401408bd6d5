"""打马 (依经马, after 李清照《打马图经》): a dice race of 20 horses over 91 stations.

Public entry points: :func:`classify`, :func:`bencai_relation`, :func:`jia_move`
(:mod:`sim.games.dama.throws`), the Python driver :class:`Game` (:mod:`sim.games.dama.game`)
and the workloads ``play`` (whole games) and ``deals`` (the dice stream of each game).
"""

from __future__ import annotations

from sim.games.base import GameInfo
from sim.games.dama.game import Event, Game, replay
from sim.games.dama.rules import DamaRules
from sim.games.dama.throws import DiceError, Throw, bencai_relation, classify, jia_move
from sim.games.dama.deal_scan import DamaDeals
from sim.games.dama.workload import DamaPlay

GAME = GameInfo(
    name="dama",
    title="打马 (依经马, 李清照《打马图经》)",
    rules=DamaRules,
    workloads={"play": DamaPlay(), "deals": DamaDeals()},
    aliases=("打马", "打馬", "yijingma", "依经马"),
)

__all__ = ["GAME", "DamaRules", "DiceError", "Event", "Game", "Throw", "bencai_relation", "classify",
           "jia_move", "replay"]
