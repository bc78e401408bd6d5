"""A tiny three-seat game for the balance tests, whose options have known effects.

``dealer_bonus`` adds to the dealer's chance of winning, ``draw_percent`` sets how often
a hand is drawn, ``double_stakes`` doubles every payment, ``players`` seats three or four,
and ``felt`` (the colour of the table) cannot change anything. Each hand's chances come
from its own seed (``hand_seeds`` of the root seed and the hand index), so the toy keeps
the runner's promises (the same rows on any shards).
"""

from __future__ import annotations

import dataclasses
from typing import ClassVar

import numpy as np
import polars as pl
import pyarrow as pa

from sim.games.base import GameInfo, RunSpec, Workload, play_fields
from sim.registry import StrategyInfo, register
from sim.rng import hand_seeds
from sim.rules import RuleSet, option
from sim.stats import play_summary

SEATS = 3
# The toy's players, by what they make of the dealer's bonus (one name fills every seat):
# the dice take it as it is, a timid player gives half of it away, a contrary one turns it
# against the dealer — so the ladder tests have an effect that holds and one that flips.
PLAYERS = {"dice": 1.0, "timid": 0.5, "contrary": -1.0}


@dataclasses.dataclass(frozen=True, kw_only=True)
class ToyRules(RuleSet):
    """The toy's options."""

    GAME: ClassVar[str] = "toy"
    PRESETS: ClassVar[dict[str, dict]] = {"seed": {}}

    dealer_bonus: int = option(0, minimum=0, maximum=30, doc="percentage points added to the dealer's win chance")
    draw_percent: int = option(20, choices=(20, 50), doc="share of drawn hands")
    double_stakes: bool = option(False, doc="every payment doubled")
    players: int = option(3, choices=(3, 4), doc="seats at the table")
    felt: str = option("green", choices=("green", "red"), doc="the colour of the table")


class ToyPlay(Workload):
    """One row per hand, with the common play columns."""

    name = "play"
    description = "toy hands"
    default_shard_size = 500
    n_seats = SEATS
    default_strategies = ("dice",) * SEATS
    outcome_names = {"draw": "荒庄", "win": "胡"}

    def schema(self, spec: RunSpec) -> pa.Schema:
        return pa.schema(play_fields(ToyRules(**spec.rules).players))

    def metrics(self) -> dict[str, pl.Expr]:
        return {"length of a won hand": pl.when(pl.col("outcome") == "win").then(pl.col("length"))}

    def play(self, spec: RunSpec, start: int, count: int) -> pa.Table:
        rules = ToyRules(**spec.rules)
        seats = rules.players
        player = spec.strategies[0] if spec.strategies else "dice"
        bonus = rules.dealer_bonus * PLAYERS[player]  # how the player meets the dealer's bonus
        seeds = hand_seeds(spec.seed, start, count)
        hands = np.arange(start, start + count)
        dealer = (hands % seats).astype(np.int8)
        # three 21-bit uniforms per hand from its well-mixed 64-bit seed
        bits = 21
        mask = np.uint64((1 << bits) - 1)
        u = [((seeds >> np.uint64(k * bits)) & mask).astype(np.float64) / (1 << bits) for k in range(3)]
        length = (1 + (u[2] * 10).astype(np.int64)).astype(np.int16)
        other = (dealer + 1 + (u[2] * (seats - 1)).astype(np.int64)) % seats
        winner = np.where(u[1] < 1 / 3 + bonus / 100, dealer, other).astype(np.int8)
        winner[u[0] < rules.draw_percent / 100] = -1
        stake = 2 if rules.double_stakes else 1
        cols = {"hand": hands, "seed": seeds, "dealer": dealer}
        for s in range(seats):
            cols[f"strategy_{s}"] = pa.array([player] * count).dictionary_encode()
        cols["outcome"] = pa.array(np.where(winner >= 0, "win", "draw")).dictionary_encode()
        cols["winner"] = winner
        for s in range(seats):
            cols[f"won_{s}"] = winner == s
        for s in range(seats):
            cols[f"points_{s}"] = np.where(winner < 0, 0, np.where(winner == s, (seats - 1) * stake, -stake)).astype(np.int32)
        cols["length"] = length
        return pa.table(cols, schema=self.schema(spec))

    def summary(self, spec: RunSpec, frame: pl.LazyFrame) -> pl.DataFrame:
        return play_summary(frame)


GAME = GameInfo(name="toy", title="Toy dice game", rules=ToyRules, workloads={"play": ToyPlay()})
# The toy's players: the dice decide every hand (its workload needs no kernel); the timid
# and the contrary player only change what the dealer's bonus does (see PLAYERS).
DICE = register(StrategyInfo(game="toy", name="dice", description="the dice decide"))
for _name, _text in (("timid", "half the dealer's bonus"), ("contrary", "the dealer's bonus turned against him")):
    register(StrategyInfo(game="toy", name=_name, description=_text))
