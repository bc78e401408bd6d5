"""The seed's dealer rule across hands (dealer_rule=seed): hands chained in sessions, the
first dealt by its dice, each later one by the previous hand's single winner, or its 点炮
player when several won on one discard, or the dice again after a draw; the same rows
whatever the shards, workers, start or driver. dealer_rule=dice keeps independent hands."""

import dataclasses
from itertools import product

import numpy as np
import polars as pl
from numba import njit

from sim import runner
from sim.games import get_game
from sim.games.base import RunSpec
from sim.games.sise.fengshun import Game, next_dealer
from sim.games.sise.fengshun import batch as B
from sim.games.sise.fengshun.rules import FengshunRules, rules_vector
from sim.registry import get_strategy
from tests.conftest import read_rows

WORKLOAD = get_game("fengshun").workload("play")
L = B.SESSION_HANDS
NAMES = ("strong", "greedy", "random")


def _spec(n, rules=None, seed=3, shard_size=50_000, strategies=NAMES):
    return RunSpec(game="fengshun", workload="play", rules=rules or {}, strategies=strategies,
                   seed=seed, hands=n, shard_size=shard_size)


def _rows(spec, start, count):
    return pl.from_arrow(WORKLOAD.play(spec, start, count))


def _dice(seed, hand, rules=None):
    return Game.from_run(root_seed=seed, hand=hand, rules=rules).dealer


def test_the_named_dealer_is_the_rules_reading():
    # a single winner deals; several on one discard: the 点炮 seat; nobody: -1, the dice
    for mask, pao in product(range(16), range(-1, 4)):
        winners = [p for p in range(4) if (mask >> p) & 1]
        if pao in winners:
            continue
        assert B.named_dealer(len(winners), mask, pao) == next_dealer(winners, pao)
    assert B.named_dealer(1, 0b0100, 0) == 2 and B.named_dealer(2, 0b0110, 0) == 0
    assert B.named_dealer(0, 0, -1) == -1


def test_each_hand_is_dealt_as_the_hand_before_says():
    n = 2 * L + 30
    seen = {"winner": 0, "pao": 0, "dice": 0}
    for over in ({}, {"min_score": "12"}):  # several winners happen in the first, draws in the second
        rules = FengshunRules.from_options(overrides=over)
        df = _rows(_spec(n, over), 0, n)
        dealer, nxt = df["dealer"].to_numpy(), df["next_dealer"].to_numpy()
        assert np.array_equal(df["session"].to_numpy(), np.arange(n) // L)
        for i in range(n):
            if i % L == 0:  # a session opens with the hand's dice
                assert dealer[i] == _dice(3, i, rules)
                continue
            row = df.row(i - 1, named=True)
            if row["n_winners"] == 1:
                assert dealer[i] == row["winner"]
                seen["winner"] += 1
            elif row["n_winners"] > 1:
                assert dealer[i] == row["pao"] >= 0
                seen["pao"] += 1
            else:
                assert dealer[i] == _dice(3, i, rules)  # nobody won: the dice again
                seen["dice"] += 1
            assert nxt[i - 1] in (-1, dealer[i])
    assert min(seen.values()) > 0, seen  # every case of the rule did act


def test_dice_rule_keeps_independent_hands_and_no_session_column():
    n = 60
    dice = _rows(_spec(n, {"dealer_rule": "dice"}), 0, n)
    assert "session" not in dice.columns
    assert dice["dealer"].to_list() == [_dice(3, i) for i in range(n)]
    seed = _rows(_spec(n), 0, n)
    assert dice["seed"].equals(seed["seed"])
    assert not dice["dealer"].equals(seed["dealer"])  # the chain does change who deals


def test_same_rows_whatever_the_split_and_start():
    spec = _spec(2 * L + 20)
    whole = _rows(spec, 0, 2 * L + 20)
    cuts = [0, 7, L + 3, 2 * L, 2 * L + 20]  # shards that start inside a session
    parts = pl.concat([_rows(spec, a, b - a) for a, b in zip(cuts, cuts[1:])])
    assert whole.equals(parts)


def test_same_parquet_with_one_or_two_workers_and_any_shard_size(tmp_path):
    frames = []
    for jobs, shard in ((1, 1000), (2, 37)):  # 37: shards start inside sessions
        out = tmp_path / f"j{jobs}s{shard}"
        runner.run(_spec(130, shard_size=shard), out, jobs=jobs, progress=False)
        frames.append(read_rows(out))
    assert frames[0].equals(frames[1])


def test_python_path_follows_the_chain_from_inside_a_session():
    spec = _spec(20)
    compiled = WORKLOAD.play(spec, L - 3, 20)
    infos = [get_strategy("fengshun", n) for n in NAMES]
    python = WORKLOAD.play_python(spec, L - 3, 20, infos)
    assert python.equals(compiled)
    assert python.column("session").to_pylist() == [0] * 3 + [1] * 17
    dice = dataclasses.replace(spec, rules={"dealer_rule": "dice"})
    assert WORKLOAD.play_python(dice, L - 3, 20, infos).equals(WORKLOAD.play(dice, L - 3, 20))


def test_four_players_chain_too():
    rules = {"players": "4", "decks": "2"}
    spec = _spec(L + 10, rules, strategies=("strong",))
    whole = _rows(spec, 0, L + 10)
    assert whole.slice(L - 5).equals(_rows(spec, L - 5, 15))
    df = whole.filter(pl.col("hand") % L != 0)
    prev = whole.slice(0, L + 9)
    named = prev["next_dealer"].to_numpy()[(np.arange(1, L + 10) % L) != 0]
    got = df["dealer"].to_numpy()
    assert ((named == -1) | (named == got)).all()
    assert FengshunRules.from_options(overrides=rules).dealer_rule == "seed"


@njit
def _illegal(obs, legal, n, rng):
    return 10_000


def test_an_illegal_action_in_a_replayed_hand_names_that_hand_and_its_dealer():
    n = 5
    for rule, hand in (("seed", L), ("dice", L + 3)):  # a batch of hands L+3 .. starts in session 1
        rules = FengshunRules(dealer_rule=rule)
        seeds = np.zeros(n, dtype=np.uint64)
        res = np.zeros((n, B.N_RESULT), dtype=np.int64)
        row = B.specialised([_illegal] * 4).play_hands(np.uint64(3), np.int64(L + 3), np.int64(n),
                                                       B.context(rules), seeds, res)
        assert row == 0 and res[0, B.R_BAD_HAND] == hand and res[0, B.R_BAD_ACTION] == 10_000
        g = Game.from_run(root_seed=3, hand=hand, rules=rules, dealer=int(res[0, B.R_DEALER]))
        assert g.seed == seeds[0] and g.dealer == _dice(3, hand) and g.actor == res[0, B.R_BAD_SEAT]
