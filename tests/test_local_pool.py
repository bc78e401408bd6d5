"""On loky with several jobs, the run's own process plays shards beside the workers
(sim.local_pool): every call runs once, errors reach the caller, an abandoned shard leaves
no file."""

from __future__ import annotations

import os
import time

import pytest

from sim import runner, store
from sim.backends import stop_local_workers
from sim.games import get_game
from sim.local_pool import here_and_loky
from tests.conftest import deal_spec, read_rows


def where_played(index: int) -> tuple[int, int]:
    time.sleep(0.05)  # long enough that both the thread and the worker take calls
    return index, os.getpid()


def fails_here(index: int, run_pid: int) -> int:
    if os.getpid() == run_pid:
        raise ValueError(f"shard {index} failed here")
    time.sleep(0.05)
    return index


def test_every_call_runs_once_in_this_process_or_the_worker():
    results = list(here_and_loky(1)(where_played, [(k,) for k in range(40)]))
    assert sorted(index for index, _ in results) == list(range(40))
    pids = {pid for _, pid in results}
    assert os.getpid() in pids and len(pids) == 2


def test_a_failure_in_this_process_reaches_the_caller():
    with pytest.raises(ValueError, match=r"shard \d+ failed here"):
        list(here_and_loky(1)(fails_here, [(k, os.getpid()) for k in range(20)]))
    stop_local_workers()  # the worker's calls still running


def test_an_abandoned_run_leaves_whole_shards_only(tmp_path):
    spec = deal_spec(hands=4 * runner.BLOCK * 6, shard_size=4 * runner.BLOCK, seed=3)
    runner.run(deal_spec(hands=10, shard_size=10, seed=3), tmp_path / "warm", progress=False)
    calls = [(spec, k, str(tmp_path), (), False) for k in range(spec.n_shards)]
    results = here_and_loky(1)(runner._play_shard, calls)
    next(results)
    results.close()  # as Ctrl-C or a failed shard leaves the loop: this process stops at a block
    assert not list(tmp_path.glob(f".part-*.tmp-{os.getpid()}"))  # (the worker's may be writing)
    stop_local_workers()  # the worker is stopped, as the command does
    schema = store.run_schema(get_game("zipai").workload("deals"), spec)
    for path in tmp_path.glob("part-*.parquet"):
        assert store.check_shard(tmp_path, spec, int(path.stem.split("-")[1]), schema) is None


def test_rows_are_the_same_whoever_plays_them(tmp_path):
    spec = deal_spec(hands=30_000, shard_size=1_000, seed=4)
    runner.run(spec, tmp_path / "one", jobs=1, progress=False)
    runner.run(spec, tmp_path / "three", jobs=3, progress=False)
    assert read_rows(tmp_path / "one").equals(read_rows(tmp_path / "three"))


def test_a_shard_here_stops_at_its_next_block_once_its_run_is_abandoned(tmp_path, monkeypatch):
    import threading

    from sim import local_pool

    spec = deal_spec(hands=3 * runner.BLOCK, shard_size=3 * runner.BLOCK, seed=5)
    stop = threading.Event()
    monkeypatch.setattr(local_pool._here, "stop", stop, raising=False)
    blocks = []
    real_play = get_game("zipai").workload("deals").play

    def play_then_abandon(self, spec_, first, n):
        blocks.append(first)
        stop.set()  # Ctrl-C while this block deals
        return real_play(spec_, first, n)

    monkeypatch.setattr(type(get_game("zipai").workload("deals")), "play", play_then_abandon)
    with pytest.raises(runner._Abandoned):
        runner._play_shard(spec, 0, str(tmp_path), (), False)
    assert blocks == [0]  # no second block
    assert list(tmp_path.iterdir()) == []  # and no file
