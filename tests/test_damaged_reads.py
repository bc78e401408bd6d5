"""Readers of a damaged run say what `paiju verify` says: the shard and the repair, in one line."""

from __future__ import annotations

import shutil

import pytest
from click.testing import CliRunner

from sim import runner, store
from sim.cli import main
from sim.errors import RunDirError
from tests.conftest import deal_spec


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    root = tmp_path_factory.mktemp("damaged")
    runner.run(deal_spec(), root / "good", jobs=1, progress=False)
    runner.run(deal_spec(seed=12), root / "other", jobs=1, progress=False)
    return root


def _truncate(path):
    path.write_bytes(path.read_bytes()[: path.stat().st_size // 2])


def _empty(path):
    path.write_bytes(b"")


def _flip(path):
    data = bytearray(path.read_bytes())
    data[int(len(data) * 0.6)] ^= 0xFF  # inside a compressed page: the footer still reads
    path.write_bytes(bytes(data))


@pytest.mark.parametrize("damage", [_truncate, _empty, _flip], ids=["truncated", "empty", "flipped"])
@pytest.mark.parametrize("command", ["summary", "report"])
def test_a_damaged_shard_is_one_line_naming_it_and_the_repair(runs, tmp_path, damage, command):
    run = tmp_path / "run"
    shutil.copytree(runs / "good", run)
    damage(store.shard_path(run, 1))
    result = CliRunner().invoke(main, [command, str(run)])
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.output, result.output
    assert "part-00001.parquet" in lines[0]
    assert "repair with the command that made it (finished shards are kept): paiju deals zipai" in lines[0]


def test_a_shard_of_another_run_is_not_counted(runs, tmp_path):
    run = tmp_path / "run"
    shutil.copytree(runs / "good", run)
    shutil.copy(store.shard_path(runs / "other", 0), store.shard_path(run, 0))
    with pytest.raises(RunDirError, match="part-00000.parquet belongs to another run.*paiju verify"):
        store.load(run)
    result = CliRunner().invoke(main, ["summary", str(run)])
    assert result.exit_code == 2 and "part-00000.parquet: belongs to another run" in result.output


def test_an_extra_shard_of_another_run_is_left_out(runs, tmp_path):
    run = tmp_path / "run"
    shutil.copytree(runs / "good", run)
    shutil.copy(store.shard_path(runs / "other", 0), store.shard_path(run, 7))
    assert store.load(run).collect().height == 3000


def test_verify_during_a_run_says_a_run_is_writing(runs):
    from filelock import FileLock

    with FileLock(str(runs / "good" / ".lock")):
        result = CliRunner().invoke(main, ["verify", str(runs / "good")])
    assert result.exit_code == 1
    assert "a paiju run is writing here now" in result.output and "problem" not in result.output
