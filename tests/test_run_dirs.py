"""What a run may do to a directory: never delete finished shards, never use a user's folder."""

from __future__ import annotations

import os

import pytest
from click.testing import CliRunner

from sim import runner, store
from sim.cli import main
from sim.errors import RunDirError
from tests.conftest import deal_spec, read_rows


def test_fewer_hands_on_a_bigger_run_keep_every_shard(tmp_path):
    runner.run(deal_spec(hands=4000), tmp_path, jobs=1, progress=False)
    before = {p.name: p.read_bytes() for p in tmp_path.glob("part-*.parquet")}
    with pytest.raises(RunDirError, match=r"holds a run of 4,000 hands, more than the 2,000 asked.*head\(2000\)"):
        runner.run(deal_spec(hands=2000), tmp_path, jobs=1, progress=False)
    assert {p.name: p.read_bytes() for p in tmp_path.glob("part-*.parquet")} == before
    assert store.read_manifest(tmp_path)["hands"] == 4000
    assert list(store.iter_problems(tmp_path)) == []


def test_a_non_empty_folder_without_a_run_is_refused(tmp_path):
    (tmp_path / "notes.txt").write_text("mine")
    with pytest.raises(RunDirError, match="not empty and holds no paiju run"):
        runner.run(deal_spec(), tmp_path, jobs=1, progress=False)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.txt"]


def test_an_empty_out_is_refused(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(RunDirError, match="empty"):
        runner.run(deal_spec(), "", jobs=1, progress=False)
    result = CliRunner().invoke(main, ["deals", "zipai", "-n", "10", "-o", "", "--jobs", "1"])
    assert result.exit_code == 2
    assert "names no directory" in result.output and len(result.output.strip().splitlines()) == 1
    assert os.listdir(tmp_path) == []


def test_an_empty_experiment_out_is_refused(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / "notes.txt").write_text("mine")
    result = CliRunner().invoke(main, ["sweep", "zipai", "--vary", "min_huxi=10,15", "-n", "10",
                                       "-o", "mine", "--jobs", "1"])
    assert result.exit_code == 2 and "not empty and holds no paiju experiment" in result.output
    assert os.listdir(tmp_path / "mine") == ["notes.txt"]


def test_an_empty_directory_is_fine(tmp_path):
    runner.run(deal_spec(hands=1000), tmp_path, jobs=1, progress=False)
    assert read_rows(tmp_path).height == 1000
