"""Random-play conformance, both drivers agree, observations leak nothing, the play workload."""

from __future__ import annotations

import numpy as np
import pytest

from sim.games.base import RunSpec
from sim.games.sise.cards import JIANG, N_KINDS, N_RANKS
from sim.games.sise.guangshui import GAME, Game, kernel_player
from sim.games.sise.guangshui import batch as B
from sim.games.sise.guangshui import engine as E
from sim.games.sise.guangshui import observe as O
from sim.games.sise.guangshui import state as T
from sim.games.sise.guangshui.rules import rules_vector
from sim.rng import hand_seed

MIX = ("strong", "greedy", "random")  # one tuple for every batch test: one compile


def _check_invariants(g: Game) -> None:
    assert g.card_total() == 112
    s = g._s
    actor = g.actor
    for p in range(3):
        held = g.held(p)
        if g.done and p == g.result.winner:
            assert held == 31
        elif p == actor and int(s[T.STAGE]) in (T.ST_DISCARD, T.ST_DEALER_HU):
            assert held == 31
        elif not g.is_xiang(p):
            assert held == 30, (p, held, g)
        else:
            assert held >= 31


@pytest.mark.parametrize("names", [("random",) * 3, MIX, ("strong",) * 3])
def test_random_play_conformance(names):
    players = [kernel_player(n) for n in names]
    wins = 0
    for h in range(120):
        g = Game.from_run(root_seed=77, hand=h, dealer=h % 3)
        while not g.done:
            _check_invariants(g)
            legal = g.legal_actions()
            assert legal
            if int(g._s[T.STAGE]) == T.ST_DISCARD:  # 将 is never a legal discard
                assert all(a.code % N_RANKS != JIANG for a in legal)
            p = players[g.actor]
            n = E.legal_actions(g._s, g._buf)
            O.observe(g._s, g.actor, g._obs)
            g.step(int(p.kernel(g._obs, g._buf, n, g.rng)))
        _check_invariants(g)
        r = g.result
        assert sum(r.points) == 0
        if r.winner >= 0:
            wins += 1
            assert r.level >= 1 and r.points[r.winner] == 2 * r.level
            assert all(r.points[p] == -r.level for p in range(3) if p != r.winner)
        else:
            assert r.points == (0, 0, 0) and int(g._s[T.SP]) == T.STOCK_CARDS
    assert wins > 0 or set(names) == {"random"}  # random players seldom complete a hand


def test_both_drivers_agree():
    names = MIX
    loop = B.specialised([kernel_player(n).kernel for n in names])
    n = 200
    seeds = np.zeros(n, dtype=np.uint64)
    res = np.zeros((n, B.N_RESULT), dtype=np.int64)
    assert loop.play_hands(np.uint64(5), np.int64(0), np.int64(n), rules_vector(None), seeds,
                           res) == -1
    for h in range(n):
        g = Game.from_run(root_seed=5, hand=h, dealer=h % 3)
        assert g.seed == int(seeds[h])
        r = g.play([kernel_player(x) for x in names])
        row = res[h]
        assert (r.winner, r.level, r.fu, r.decisions) == (
            row[B.R_WINNER], row[B.R_LEVEL], row[B.R_FU], row[B.R_DECISIONS])
        assert r.points == tuple(int(row[B.R_PTS + p]) for p in range(3))


def _scramble(s: np.ndarray, seat: int, rng: np.random.Generator) -> np.ndarray:
    """Another deal consistent with what ``seat`` sees: the two other hands and the stock redrawn."""
    t = s.copy()
    others = [p for p in range(3) if p != seat]
    pool = []
    for p in others:
        for k in range(N_KINDS):
            pool += [k] * int(t[T.HAND + p * N_KINDS + k])
    pool += [int(x) for x in t[T.STOCK + t[T.SP]: T.STOCK + T.STOCK_CARDS]]
    pool = list(rng.permutation(pool))
    for p in others:
        size = int(t[T.HAND + p * N_KINDS: T.HAND + (p + 1) * N_KINDS].sum())
        t[T.HAND + p * N_KINDS: T.HAND + (p + 1) * N_KINDS] = 0
        for k in pool[:size]:
            t[T.HAND + p * N_KINDS + k] += 1
        pool = pool[size:]
    t[T.STOCK + t[T.SP]: T.STOCK + T.STOCK_CARDS] = pool
    return t


def test_observations_leak_nothing():
    rng = np.random.default_rng(3)
    a = np.zeros(O.OBS_SIZE, dtype=np.int64)
    b = np.zeros(O.OBS_SIZE, dtype=np.int64)
    checked = 0
    for h in range(30):
        g = Game.from_run(root_seed=9, hand=h, dealer=h % 3)
        player = kernel_player("strong")
        while not g.done:
            seat = g.actor
            O.observe(g._s, seat, a)
            O.observe(_scramble(g._s, seat, rng), seat, b)
            assert np.array_equal(a, b)
            checked += 1
            n = E.legal_actions(g._s, g._buf)
            g.step(int(player.kernel(a, g._buf, n, g.rng)))
    assert checked > 500


def test_play_workload_rows():
    wl = GAME.workload("play")
    spec = RunSpec(game="guangshui", workload="play", rules={}, strategies=MIX, seed=4, hands=300,
                   shard_size=300)
    table = wl.play(spec, 0, 300)
    assert table.schema == wl.schema(spec) and table.num_rows == 300
    df = table.to_pandas()
    assert (df.points_0 + df.points_1 + df.points_2 == 0).all()
    assert ((df.winner >= 0) == (df.level > 0)).all()
    assert (df.dealer == df.hand % 3).all()
    assert int(df.seed[7]) == int(hand_seed(np.uint64(4), np.int64(7)))
    assert set(wl.summary(spec, __import__("polars").from_arrow(table).lazy())["group"]) >= {
        "seat", "dealer", "level", "楼 of the winner"}


def test_quick_prefilter_never_rejects_a_win():
    """The engine's cheap no-闲牌 test before the exact count only rejects hands with 闲牌."""
    from sim.games.sise.groups import guangshui_table
    from sim.games.sise.guangshui import scoring as S
    from sim.games.sise.guangshui.claims import _might_complete, score_seat
    from tests.sise.test_evaluate import _random_hand

    table = guangshui_table()
    rng = np.random.default_rng(21)
    s = np.zeros(T.STATE_SIZE, dtype=np.int64)
    E.init_state(s, 0, rules_vector(None))
    out = np.zeros(S.N_OUT, dtype=np.int64)
    items = np.zeros(S.MAX_ITEMS + 1, dtype=np.int64)
    complete = 0
    for _ in range(400):
        counts = _random_hand(rng, table, list(range(N_KINDS)), int(rng.integers(20, 31)))
        s[T.HAND: T.HAND + N_KINDS] = counts
        score_seat(s, 0, out, items)
        if out[S.O_FU] >= 0:
            complete += 1
            assert _might_complete(s, 0)
    assert complete > 100


@pytest.mark.parametrize("chuan", ["stay", "next"])
def test_matches_move_the_deal_by_the_rules(chuan):
    wl = GAME.workload("match")
    spec = RunSpec(game="guangshui", workload="match", rules={"match_hands": 8, "chuan_dealer": chuan},
                   strategies=MIX, seed=6, hands=20, shard_size=20)
    df = wl.play(spec, 0, 20).to_pandas()
    assert len(df) == 160 and (df.groupby("match").size() == 8).all()
    first = df[df.hand_no == 0]
    assert (first.dealer == first.match % 3).all()
    for (_, a), (_, b) in zip(df.iloc[:-1].iterrows(), df.iloc[1:].iterrows()):
        if a.match != b.match:
            continue
        if a.winner >= 0:
            assert b.dealer == a.winner
        else:
            assert b.dealer == (a.dealer if chuan == "stay" else (a.dealer + 1) % 3)
