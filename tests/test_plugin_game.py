"""A game from outside paiju registers by one entry point and plays like a built-in one: it is
listed, runs on workers, and passes the conformance suite (``tests/toy_game.py`` is the game,
built as docs/adding-a-game.md says)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import polars as pl

import pytest

# end to end (processes, clusters, notebooks or the command line): run by `pytest -m slow`
pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[1]


def _install_toy(site: Path) -> None:
    """A distribution's metadata on ``sys.path``: what ``pip install`` of a plug-in leaves."""
    info = site / "paiju_toy-0.1.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: paiju-toy\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text(
        "[paiju.games]\ntoy = tests.toy_game:GAME\n\n[paiju.strategies]\nswap_low = tests.toy_game:SWAP_LOW\n"
        "search = tests.toy_game:SEARCH\n")


def _env(site: Path) -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": os.pathsep.join([str(site), str(ROOT)])}


def _paiju(site: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "sim.cli", *args], capture_output=True, text=True,
                          env=_env(site), cwd=ROOT, timeout=600)


def test_an_entry_point_game_is_listed_and_runs_on_workers(tmp_path):
    site = tmp_path / "site"
    _install_toy(site)
    listed = _paiju(site, "games")
    assert listed.returncode == 0, listed.stderr
    assert "toy" in listed.stdout
    out = tmp_path / "run"
    run = _paiju(site, "run", "toy", "-n", "1200", "--jobs", "2", "--seed", "3", "-o", str(out), "--no-progress")
    assert run.returncode == 0, run.stderr
    rows = pl.read_parquet(sorted(out.glob("part-*.parquet")))
    assert rows.height == 1200 and rows["hand"].sort().to_list() == list(range(1200))
    assert set(rows["strategy_0"].cast(pl.String)) == {"swap_low"}
    assert set(rows["outcome"].cast(pl.String)) == {"win", "draw"}
    assert (rows["points_0"] + rows["points_1"]).abs().max() == 0


def test_an_entry_point_game_searches_through_the_generic_kernel(tmp_path):
    site = tmp_path / "site"
    _install_toy(site)
    out = tmp_path / "run"
    run = _paiju(site, "run", "toy", "-n", "60", "--jobs", "2", "--seed", "3", "-s", "search(k=2,width=2),swap_low",
                 "-o", str(out), "--no-progress")
    assert run.returncode == 0, run.stderr
    rows = pl.read_parquet(sorted(out.glob("part-*.parquet")))
    assert rows.height == 60 and set(rows["strategy_0"].cast(pl.String)) == {"search(k=2,width=2)"}
    assert (rows["points_0"] + rows["points_1"]).abs().max() == 0


def test_an_entry_point_game_passes_the_conformance_suite(tmp_path):
    site = tmp_path / "site"
    _install_toy(site)
    suite = subprocess.run([sys.executable, "-m", "pytest", "-q", "-n", "0", "-p", "no:cacheprovider",
                            "tests/test_contract.py", "-k", "toy"], capture_output=True, text=True,
                           env=_env(site), cwd=ROOT, timeout=900)
    summary = suite.stdout.strip().splitlines()[-1]
    assert suite.returncode == 0, suite.stdout[-3000:]
    assert "passed" in summary and "failed" not in summary and "skipped" not in summary, summary


def test_without_the_entry_point_the_game_is_unknown(tmp_path):
    site = tmp_path / "empty"
    site.mkdir()
    run = _paiju(site, "run", "toy", "-n", "10", "-o", str(tmp_path / "run"))
    assert run.returncode != 0
    assert "unknown game 'toy'" in run.stderr and "Traceback" not in run.stderr
