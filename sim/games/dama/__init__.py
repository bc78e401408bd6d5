"""打马 (依经马, after 李清照《打马图经》): a dice race of 20 horses over 91 stations.

Public entry points: :func:`bencai_relation`, :func:`jia_move`, :func:`entry_count`
(:mod:`sim.games.dama.public`), :func:`classify` (:mod:`sim.games.dama.throws`), the
Python driver :class:`Game` (:mod:`sim.games.dama.game`), the observation layout
:data:`SPEC` (:mod:`sim.games.dama.observe`) and the workloads ``play`` (whole games) and
``deals`` (the dice stream of each game).
"""

from __future__ import annotations

from sim.games.base import GameInfo
from sim.games.dama.deals import DamaDeals
from sim.games.dama.game import Game, Result
from sim.games.dama.observe import SPEC, Observation
from sim.games.dama.play import DamaPlay
from sim.games.dama.rules import DamaRules
from sim.games.dama.public import bencai_relation, entry_count, jia_move
from sim.games.dama.throws import DiceError, Throw, classify
from sim.games.driver import Event

GAME = GameInfo(rules=DamaRules, driver=Game, observation_spec=SPEC,
                workloads={"play": DamaPlay(), "deals": DamaDeals()})

__all__ = ["GAME", "SPEC", "DamaRules", "DiceError", "Event", "Game", "Observation", "Result",
           "Throw", "bencai_relation", "classify", "entry_count", "jia_move"]
