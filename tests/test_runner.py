"""The runner and the store: determinism across workers and shards, resume, verify, errors."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from sim import runner, store
from sim.errors import OptionError, RunDirError
from sim.games.base import RunSpec
from tests.conftest import deal_spec, read_rows
from tests.hold_shards import held_run, wait_for


def test_same_rows_whatever_the_workers_and_shard_size(tmp_path):
    a = runner.run(deal_spec(shard_size=700), tmp_path / "a", jobs=1, progress=False)
    b = runner.run(deal_spec(shard_size=1000), tmp_path / "b", jobs=2, progress=False)
    c = runner.run(deal_spec(shard_size=3000), tmp_path / "c", backend="sequential", progress=False)
    assert (a.shards_played, b.shards_played, c.shards_played) == (5, 3, 1)
    rows = read_rows(tmp_path / "a")
    assert rows.height == 3000
    assert rows.equals(read_rows(tmp_path / "b"))
    assert rows.equals(read_rows(tmp_path / "c"))
    assert rows.equals(store.load(tmp_path / "b").collect().sort("hand"))


def test_rerun_keeps_complete_shards(tmp_path):
    runner.run(deal_spec(), tmp_path, jobs=1, progress=False)
    again = runner.run(deal_spec(), tmp_path, jobs=1, progress=False)
    assert (again.shards_played, again.shards_kept) == (0, 3)


def test_damaged_shards_are_found_and_redone_exactly(tmp_path):
    runner.run(deal_spec(hands=5000), tmp_path, jobs=1, progress=False)
    original = read_rows(tmp_path)
    store.shard_path(tmp_path, 0).unlink()
    p1 = store.shard_path(tmp_path, 1)
    p1.write_bytes(p1.read_bytes()[: p1.stat().st_size // 2])  # truncated
    p2 = store.shard_path(tmp_path, 2)
    data = bytearray(p2.read_bytes())
    data[len(data) // 3] ^= 0xFF  # one flipped byte inside a data page
    p2.write_bytes(bytes(data))
    problems = list(store.iter_problems(tmp_path))
    assert [p.split(":")[0] for p in problems] == [
        "part-00000.parquet", "part-00001.parquet", "part-00002.parquet"
    ]
    again = runner.run(deal_spec(hands=5000), tmp_path, jobs=2, progress=False)
    assert (again.shards_played, again.shards_kept) == (3, 2)
    assert list(store.iter_problems(tmp_path)) == []
    assert read_rows(tmp_path).equals(original)


def test_a_killed_run_resumes_to_the_same_data(tmp_path):
    reference = tmp_path / "reference"
    runner.run(deal_spec(hands=120_000, shard_size=20_000), reference, jobs=1, progress=False)
    out = tmp_path / "killed"
    args = ["deals", "zipai", "-n", "120000", "--shard-size", "20000", "--seed", "11", "--jobs", "1",
            "--out", str(out), "--no-progress"]
    proc = held_run(args, hold_from=3)  # three shards are written, then the run waits
    wait_for("three shards", lambda: store.shard_path(out, 2).exists(), proc)
    (out / ".part-00003.parquet.tmp-killed").write_bytes(b"PAR1 half")  # as a writer killed mid-way
    proc.kill()
    proc.communicate()
    assert sorted(p.name for p in out.glob("part-*.parquet")) == [f"part-0000{i}.parquet" for i in range(3)]
    subprocess.run([sys.executable, "-m", "sim.cli", *args], check=True, stdout=subprocess.DEVNULL)
    assert list(store.iter_problems(out)) == []
    assert not list(out.glob(".part-*"))  # no temporary files left behind
    assert read_rows(out).equals(read_rows(reference))


def test_more_hands_extend_a_run(tmp_path):
    runner.run(deal_spec(hands=2500), tmp_path, jobs=1, progress=False)
    grown = runner.run(deal_spec(hands=4000), tmp_path, jobs=1, progress=False)
    assert (grown.shards_kept, grown.shards_played) == (2, 2)  # the partial shard is redone
    runner.run(deal_spec(hands=4000), tmp_path / "fresh", jobs=1, progress=False)
    assert read_rows(tmp_path).equals(read_rows(tmp_path / "fresh"))


def test_a_different_run_in_the_same_directory_is_refused(tmp_path):
    runner.run(deal_spec(), tmp_path, jobs=1, progress=False)
    with pytest.raises(RunDirError, match="holds a different run .*seed"):
        runner.run(deal_spec(seed=12), tmp_path, jobs=1, progress=False)


def test_an_unwritable_directory_gives_a_clear_error(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    with pytest.raises(RunDirError, match="cannot write to .*choose a writable --out"):
        runner.run(deal_spec(), blocker / "run", jobs=1, progress=False)


def test_a_second_writer_is_refused(tmp_path):
    from filelock import FileLock

    runner.run(deal_spec(), tmp_path, jobs=1, progress=False)
    with FileLock(str(tmp_path / ".lock")):
        with pytest.raises(RunDirError, match="another paiju run is writing"):
            runner.run(deal_spec(), tmp_path, jobs=1, progress=False)


def test_bad_arguments_are_refused():
    with pytest.raises(OptionError, match="backend"):
        runner.run(deal_spec(), "unused", backend="spark")
    with pytest.raises(OptionError, match="--jobs"):
        runner.run(deal_spec(), "unused", jobs=0)


def test_verify_reports_a_foreign_directory(tmp_path):
    assert list(store.iter_problems(tmp_path)) == [f"{tmp_path} has no manifest.json: not a paiju run directory"]
    with pytest.raises(RunDirError, match="holds no paiju run"):
        store.load(tmp_path)


def test_manifest_records_the_run(tmp_path):
    runner.run(deal_spec(), tmp_path, jobs=1, progress=False)
    manifest = store.read_manifest(tmp_path)
    assert manifest["game"] == "zipai" and manifest["seed"] == 11 and manifest["hands"] == 3000
    assert manifest["shard_size"] == 1000 and manifest["n_shards"] == 3
    assert manifest["rules_hash"] and manifest["paiju_version"]
    assert {"name": "natural_winner", "type": "int8"} in manifest["schema"]
    assert store.spec_from_manifest(manifest) == deal_spec()


def test_a_run_made_by_another_version_is_refused(tmp_path):
    import json

    runner.run(deal_spec(), tmp_path, jobs=1, progress=False)
    manifest = json.loads((tmp_path / "manifest.json").read_text())
    manifest["paiju_version"] = "0.0.1"
    (tmp_path / "manifest.json").write_text(json.dumps(manifest))
    with pytest.raises(RunDirError, match="made by paiju 0.0.1"):
        runner.run(deal_spec(), tmp_path, jobs=1, progress=False)


def test_progress_is_a_few_plain_lines_when_stderr_is_not_a_terminal(tmp_path, capsys):
    runner.run(deal_spec(hands=8000, shard_size=500), tmp_path / "run", jobs=1, backend="sequential",
        progress=True)
    err = capsys.readouterr().err
    lines = [line for line in err.splitlines() if line.startswith("zipai deals:")]
    assert "\r" not in err
    assert 1 <= len(lines) <= 4
    assert lines[-1].startswith("zipai deals: 8,000 of 8,000 hands (100%)")


def test_load_gives_pandas_when_asked(tmp_path):
    runner.run(deal_spec(hands=500, shard_size=250), tmp_path, jobs=1, progress=False)
    frame = store.load(tmp_path, pandas=True)
    assert type(frame).__name__ == "DataFrame" and len(frame) == 500
    assert list(frame.columns) == store.load(tmp_path).collect_schema().names()


def test_a_different_run_in_the_directory_names_what_differs(tmp_path):
    runner.run(deal_spec(hands=200, shard_size=100), tmp_path, jobs=1, progress=False)
    with pytest.raises(RunDirError, match=r"its seed differs\)"):
        runner.run(deal_spec(hands=200, shard_size=100, seed=12), tmp_path, jobs=1, progress=False)
    with pytest.raises(RunDirError, match=r"its seed and shard_size differ\)"):
        runner.run(deal_spec(hands=200, shard_size=50, seed=12), tmp_path, jobs=1, progress=False)


def test_one_strategy_name_fills_every_seat(tmp_path):
    spec = RunSpec(game="zipai", workload="play", rules={}, strategies=("random",), seed=3, hands=50,
                   shard_size=50)
    result = runner.run(spec, tmp_path, jobs=1, progress=False)
    assert result.spec.strategies == ("random",) * 3
    assert store.read_manifest(tmp_path)["strategies"] == ["random"] * 3


def test_a_worker_loads_the_kernels_once_the_runs_own_compile_is_done(tmp_path, monkeypatch):
    import threading
    import time

    from sim import warmup
    from sim.games import get_game

    monkeypatch.setenv("PAIJU_CACHE_DIR", str(tmp_path))
    spec = RunSpec(game="zipai", workload="deals", rules={"probe": 1}, seed=1, hands=10, shard_size=10)
    events: list[str] = []
    taken = threading.Event()

    def compiling() -> None:  # as the run's own process holds it while it compiles
        with warmup.machine_lock(spec):
            taken.set()
            time.sleep(0.3)
            events.append("released")

    monkeypatch.setattr(warmup, "warm_up", lambda workload, s: events.append("loaded"))
    threading.Thread(target=compiling).start()
    taken.wait()
    warmup.warm_once(get_game("zipai").workload("deals"), spec)
    assert events == ["released", "loaded"]


def test_the_runs_own_process_takes_the_lock_only_when_it_compiles(tmp_path, monkeypatch):
    import threading

    from filelock import Timeout
    from numba import njit

    from sim import warmup

    monkeypatch.setenv("PAIJU_CACHE_DIR", str(tmp_path))
    spec = RunSpec(game="zipai", workload="deals", rules={}, seed=1, hands=10, shard_size=10)

    def held_elsewhere() -> bool:  # asked from another thread, as a worker would
        answer = []

        def ask() -> None:
            try:
                with warmup.machine_lock(spec).acquire(timeout=0):
                    answer.append(False)
            except Timeout:
                answer.append(True)
        thread = threading.Thread(target=ask)
        thread.start()
        thread.join()
        return answer[0]

    loaded = njit(lambda x: x + 1)
    loaded(1)
    with warmup.locked_while_compiling(spec):
        loaded(2)  # compiled already: nothing to compile, nobody waits
        assert not held_elsewhere()
        njit(lambda x: x * 3)(2)  # a compile
        assert held_elsewhere()
    assert not held_elsewhere()


@pytest.mark.parametrize("background", [True, False])
def test_a_shard_written_in_turn_or_in_a_thread_is_the_same(tmp_path, background):
    spec = deal_spec(hands=1000)
    runner._play_shard(spec, 0, str(tmp_path), (), background)
    runner.run(spec, tmp_path / "whole", backend="sequential", progress=False)
    assert read_rows(tmp_path).equals(read_rows(tmp_path / "whole"))
