"""占庄 (dealer_rule=winner_keeps) in the batch: hands in sessions whose dealer follows the
previous result, the same rows whatever the shards, workers or start, and both drivers agreeing."""

import numpy as np
import polars as pl

from sim import runner
from sim.games import get_game
from sim.games.base import RunSpec
from sim.games.chuanpai.tiandi import batch
from sim.games.chuanpai.tiandi.game import Game, KernelPlayer, next_dealer
from sim.games.chuanpai.tiandi.rules import TiandiRules, rules_vector
from sim.sessions import DEALER_KEEPS, ROTATE, WINNER_DEALS, chain_dealer, session_span
from sim.registry import get_strategy

GAME = get_game("tiandi")
KEEPS = {"dealer_rule": "winner_keeps"}
L = batch.SESSION_HANDS


def _spec(n, rules, seed=3, shard_size=50_000):
    return RunSpec(game="tiandi", workload="play", rules=rules, strategies=("strong", "greedy", "strong"),
                   seed=seed, hands=n, shard_size=shard_size)


def _rows(spec, start, count):
    return pl.from_arrow(GAME.workload("play").play(spec, start, count))


def test_chain_dealer_rules():
    assert [chain_dealer(i, 5, 3, ROTATE, 2, 2) for i in range(6)] == [0, 1, 2, 0, 1, 2]
    assert chain_dealer(6, 5, 3, DEALER_KEEPS, 2, 2) == 2  # the dealer won: he keeps it
    assert chain_dealer(6, 5, 3, DEALER_KEEPS, 2, 0) == 0  # someone else won: the next seat
    assert chain_dealer(6, 5, 3, DEALER_KEEPS, 2, -1) == 0  # a draw: the next seat
    assert chain_dealer(10, 5, 3, DEALER_KEEPS, 1, 1) == 2  # session 2 opens with seat 2
    assert chain_dealer(6, 5, 4, WINNER_DEALS, 2, 3) == 3
    assert session_span(0, 9, 5) == (0, 0) and session_span(7, 9, 5) == (5, 2)


def test_winner_keeps_chains_follow_the_previous_hand():
    df = _rows(_spec(3 * L, KEEPS), 0, 3 * L)
    dealer, winner = df["dealer"].to_numpy(), df["winner"].to_numpy()
    session = df["session"].to_numpy()
    assert np.array_equal(session, np.arange(3 * L) // L)
    kept = 0
    for i in range(3 * L):
        if i % L == 0:
            assert dealer[i] == (i // L) % 3
        else:
            won = winner[i - 1] == dealer[i - 1]
            assert dealer[i] == (dealer[i - 1] if won else (dealer[i - 1] + 1) % 3)
            kept += won
    assert kept > 0  # the rule did act
    assert not np.array_equal(dealer, np.arange(3 * L) % 3)


def test_rotate_keeps_its_rows_and_has_no_session_column():
    df = _rows(_spec(120, {}), 0, 120)
    assert "session" not in df.columns
    assert np.array_equal(df["dealer"].to_numpy(), np.arange(120) % 3)


def test_same_rows_whatever_the_split_and_start():
    spec = _spec(2 * L + 20, KEEPS)
    whole = _rows(spec, 0, 2 * L + 20)
    cuts = [0, 7, L + 3, 2 * L, 2 * L + 20]  # shards that start inside a session
    parts = pl.concat([_rows(spec, a, b - a) for a, b in zip(cuts, cuts[1:])])
    assert whole.equals(parts)


def test_same_parquet_with_one_or_two_workers_and_any_shard_size(tmp_path):
    frames = []
    for jobs, shard in ((1, 1000), (2, 37)):  # 37: shards start inside sessions
        out = tmp_path / f"j{jobs}s{shard}"
        runner.run(_spec(130, KEEPS, shard_size=shard), out, jobs=jobs, progress=False)
        frames.append(pl.read_parquet(out / "*.parquet").sort("hand"))
    assert frames[0].equals(frames[1])


def test_both_drivers_agree_under_winner_keeps():
    rules = TiandiRules(dealer_rule="winner_keeps")
    names = ("strong", "greedy", "strong")
    kernels = [get_strategy("tiandi", n).kernel for n in names]
    start, n = L - 10, 30  # the batch starts inside the first session and crosses into the next
    seeds = np.zeros(n, dtype=np.uint64)
    res = np.zeros((n, batch.N_RESULT), dtype=np.int32)
    assert batch.specialised(kernels).play_hands(np.uint64(9), np.int64(start), np.int64(n),
                                                 rules_vector(rules), seeds, res) == -1
    players = [KernelPlayer(k, nm) for k, nm in zip(kernels, names)]
    dealer = 0
    for i in range(start + n):
        if i % L == 0:
            dealer = (i // L) % 3
        g = Game.from_run(root_seed=9, hand=i, rules=rules, dealer=dealer)
        r = g.play(players)
        if start <= i < start + n:
            row = res[i - start]
            assert (dealer, r.winner, r.points) == (row[batch.R_DEALER], row[batch.R_WINNER],
                                                    tuple(row[batch.R_PTS:batch.R_PTS + 3]))
        dealer = next_dealer(dealer, r, rules=rules)
