"""The dice-stream scan: exact values (by hand and by enumeration) and Monte Carlo beside them."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import numpy as np
import polars as pl

from sim.games.base import RunSpec
from sim.games.dama import GAME, classify, jia_move
from sim.games.dama import exact


def test_exact_values_by_brute_force():
    dice = list(product(range(1, 7), repeat=3))
    assert exact.class_probabilities()["赏"] == Fraction(33, 216)
    assert exact.class_probabilities()["罚"] == Fraction(9, 216)
    assert exact.jia_exit_probability() == Fraction(96, 216)
    # 2 players, 堑, 本采 川七 (7): enumerate own throw x and the other's throw y
    b = classify("3-3-1")
    bad = sum(1 for x in dice for y in dice
              if not (len(set(x)) == 1 or sum(x) == 7)
              and not (sum(y) == 7 or sum(y) == sum(x) or classify(y).kind == "罚"))
    assert exact.round_exit_probability(b.index, 2, "qian") == 1 - Fraction(bad, 216 ** 2)


def test_markov_chain_against_a_direct_walk():
    # E for 2 夹 by first-step analysis: from 0, a move of 1 lands on the second 夹
    move = Fraction(16, 216)
    e1 = 1 / (6 * move)
    e0 = (1 + move * e1) / (6 * move)
    assert exact.expected_jia_throws(2) == e0
    assert jia_move("6-6-1") == 1 and exact.expected_jia_throws(5) > exact.expected_jia_throws(3)


def test_scan_matches_exact_and_the_play_stream():
    w = GAME.workload("deals")
    spec = RunSpec(game="dama", workload="deals", rules={"players": 3}, seed=5, hands=20_000,
                   shard_size=20_000)
    table = pl.from_arrow(w.play(spec, 0, 20_000))
    summary = w.summary(spec, table.lazy())
    assert summary.height == 8 and (summary["z"].abs() < 4.5).all()
    play = GAME.workload("play")
    pspec = RunSpec(game="dama", workload="play", rules={"players": 3}, seed=5, hands=3,
                    shard_size=3, strategies=("greedy",) * 3)
    rows = pl.from_arrow(play.play(pspec, 0, 3))
    for s in range(3):  # the same dice stream: the same 本采 in both workloads
        assert rows[f"bencai_{s}"].cast(pl.String).to_list() == \
            table[f"bencai_{s}"].cast(pl.String).to_list()[:3]
    assert np.array_equal(rows["seed"].to_numpy(), table["seed"].to_numpy()[:3])
