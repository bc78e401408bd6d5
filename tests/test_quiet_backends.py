"""A run on Ray prints paiju's lines, not Ray's own log lines."""

from __future__ import annotations

import subprocess
import sys

import pytest

# end to end (processes, clusters, notebooks or the command line): run by `pytest -m slow`
pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("clusters")]  # one Ray/Dask at a time


def test_a_ray_run_prints_no_ray_log_lines(tmp_path):
    pytest.importorskip("ray")
    cmd = [sys.executable, "-m", "sim.cli", "deals", "zipai", "-n", "200", "--backend", "ray",
           "--jobs", "1", "--no-progress", "-o", str(tmp_path / "run")]
    result = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stderr
    noise = [line for line in result.stderr.splitlines()
             if " INFO " in line or " WARNING " in line or "Started a local Ray" in line]
    assert not noise, noise
