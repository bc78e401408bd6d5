"""The toy plug-in game (``tests/toy_game.py``) plays ``search`` through the generic kernel:
:func:`sim.loops.search_loop` compiled over ``tests/toy_batch.py`` and ``tests/toy_search.py``.

Run through the runner into Parquet with a search seat, the rows keep the game's invariants
(zero-sum points, a winner exactly when the points say so, four decisions each); the batch
and the Python driver (the same compiled search through ``_search_code``) make the same
decisions for the same seed; a world keeps the seat's observation and redraws only what it
has not seen; the search's choice depends on what the seat has seen alone.
"""

from __future__ import annotations

import numpy as np
import polars as pl
import pytest

import sim.games
from sim import runner
from sim.games.base import RunSpec
from sim.registry import get_strategy, register
from tests import toy_game as T


@pytest.fixture(autouse=True)
def toy(monkeypatch):
    monkeypatch.setitem(sim.games._MODULES, "toy", "tests.toy_game:GAME")  # a plug-in game
    register(T.SWAP_LOW)
    register(T.SEARCH)


def _spec(strategies, n, rules=None):
    return RunSpec(game="toy", workload="play", rules=rules or {}, strategies=strategies, seed=9,
                   hands=n, shard_size=max(1, n // 3))


def _decisions(moves: int) -> list[int]:
    return [moves // 3 ** t % 3 for t in range(T.TURNS)]


def test_a_search_seat_runs_into_parquet_and_keeps_the_invariants(tmp_path):
    spec = _spec(("search(k=4,width=2)", "swap_low"), 90)
    runner.run(spec, tmp_path, backend="sequential", progress=False)
    rows = pl.read_parquet(sorted(tmp_path.glob("part-*.parquet"))).sort("hand")
    assert rows["hand"].to_list() == list(range(90))
    assert set(rows["strategy_0"].cast(pl.String)) == {"search(k=4,width=2)"}
    assert (rows["points_0"] + rows["points_1"]).abs().max() == 0
    won = rows["points_0"] != 0
    assert (rows["winner"] >= 0).to_list() == won.to_list()
    assert set(rows["outcome"].cast(pl.String)) == {"win", "draw"}
    assert all(set(_decisions(m)) <= {0, 1, 2} and m < 3 ** T.TURNS for m in rows["moves"])
    # the search decides: it does not copy its rollout's choices
    plain = pl.from_arrow(T.GAME.workload("play").play(_spec(("swap_low", "swap_low"), 90), 0, 90))
    assert not rows["moves"].equals(plain["moves"])


@pytest.mark.parametrize("strategies", [("search(k=3,width=2)", "swap_low"),
                                        ("swap_low", "search(k=2)"),
                                        ("search(k=2,width=1)", "search(k=5)")])
def test_the_batch_and_the_driver_decide_alike(strategies):
    work = T.GAME.workload("play")
    spec = _spec(strategies, 60)
    assert work.python_players(spec) is None  # search seats stay on the batch path
    rows = pl.from_arrow(work.play(spec, 0, 60))
    assert rows.equals(pl.from_arrow(work.play(spec, 0, 60)))
    assert rows.slice(20, 30).equals(pl.from_arrow(work.play(spec, 20, 30)))
    infos = [get_strategy("toy", n) for n in strategies]
    assert rows.equals(pl.from_arrow(work.play_python(spec, 0, 60, infos)))


def test_without_swaps_the_search_can_only_stand():
    rows = pl.from_arrow(T.GAME.workload("play").play(_spec(("search(k=2)", "search(k=2)"), 20,
                                                            {"swaps": False}), 0, 20))
    assert rows["moves"].to_list() == [0] * 20


def _unseen(s: np.ndarray, seat: int) -> list[int]:
    places = [T.HANDS + T.HELD * (1 - seat) + i for i in range(T.HELD)]
    places += [T.STOCK + k for k in range(int(s[T.TOP]), T.CARDS - T.SEATS * T.HELD)]
    return sorted(int(s[p]) for p in places)


def test_a_world_keeps_what_the_seat_sees_and_the_choice_depends_on_it_alone():
    from sim.search import SearchPlayer

    player = SearchPlayer(get_strategy("toy", "search(k=6)").params)
    for seed in range(12):
        game = T.Game(seed=seed)
        game.step(T.STAND if seed % 2 else 1)  # seat 0 decides, then seat 1 is to act
        seat = game.actor
        world = game.resample(seat, np.random.default_rng(seed))
        assert np.array_equal(world.observation_array(seat), game.observation_array(seat))
        assert _unseen(world.state, seat) == _unseen(game.state, seat)
        twin = game.resample(seat, np.random.default_rng(seed + 100))
        twin.rng = game.rng.copy()
        assert game.clone()._search_code(seat, player) == twin._search_code(seat, player)
