"""Hand loops specialised per strategy tuple: same results, and cached across processes."""

from __future__ import annotations

import pytest

import os
import subprocess
import sys

import numpy as np

from sim.games.zipai import batch
from sim.games.zipai.rules import rules_vector
from sim.registry import get_strategy

SCRIPT = """
import numpy as np
from sim.games.zipai import batch
from sim.games.zipai.rules import rules_vector
from sim.registry import get_strategy
loop = batch.specialised([get_strategy("zipai", n).kernel for n in ("shape", "greedy", "random")])
seeds = np.empty(20, np.uint64); res = np.zeros((20, batch.N_RESULT), np.int16); pts = np.zeros((20, 3), np.int32)
loop.play_hands(np.uint64(3), np.int64(0), np.int64(20), rules_vector(None), seeds, res, pts)
print(sum(loop.play_hands.stats.cache_hits.values()), seeds.tobytes().hex() + res.tobytes().hex() + pts.tobytes().hex())
"""


def test_specialised_loop_gives_the_generic_results(tmp_path, monkeypatch):
    monkeypatch.setenv("PAIJU_CACHE_DIR", str(tmp_path))
    kernels = [get_strategy("zipai", n).kernel for n in ("shape", "greedy", "random")]
    out = []
    for loop, extra in ((batch, kernels), (batch.specialised(kernels), [])):
        seeds = np.empty(300, np.uint64)
        res = np.zeros((300, batch.N_RESULT), np.int16)
        pts = np.zeros((300, 3), np.int32)
        args = [np.uint64(11), np.int64(0), np.int64(300), rules_vector(None), *extra, seeds, res, pts]
        assert loop.play_hands(*args) == -1
        out.append((seeds, res, pts))
    for a, b in zip(*out):
        assert np.array_equal(a, b)


@pytest.mark.slow  # plays a whole match / starts a second process
def test_a_second_process_loads_the_loop_from_the_cache(tmp_path):
    env = {**os.environ, "PAIJU_CACHE_DIR": str(tmp_path)}
    first = subprocess.run([sys.executable, "-c", SCRIPT], env=env, capture_output=True, text=True, check=True)
    second = subprocess.run([sys.executable, "-c", SCRIPT], env=env, capture_output=True, text=True, check=True)
    hits_first, rows_first = first.stdout.split()
    hits_second, rows_second = second.stdout.split()
    assert hits_first == "0" and int(hits_second) >= 1
    # the loop loaded from the cache plays the very hands the generic loop plays here
    kernels = [get_strategy("zipai", n).kernel for n in ("shape", "greedy", "random")]
    seeds = np.empty(20, np.uint64)
    res = np.zeros((20, batch.N_RESULT), np.int16)
    pts = np.zeros((20, 3), np.int32)
    batch.play_hands(np.uint64(3), np.int64(0), np.int64(20), rules_vector(None), *kernels, seeds, res, pts)
    assert np.abs(pts).sum() > 0  # someone won: the comparison covers payments, not only zeros
    assert rows_first == rows_second == seeds.tobytes().hex() + res.tobytes().hex() + pts.tobytes().hex()
    assert len(list(tmp_path.glob("kernels/paiju_kernels_*.py"))) == 1


def test_local_kernels_fall_back_to_the_generic_loop():
    from numba import njit

    @njit
    def first_legal(obs, legal, n, rng):
        return legal[0]

    loop = batch.specialised([first_legal] * 3)
    seeds = np.empty(4, np.uint64)
    res = np.zeros((4, batch.N_RESULT), np.int16)
    pts = np.zeros((4, 3), np.int32)
    assert loop.play_hands(np.uint64(1), np.int64(0), np.int64(4), rules_vector(None), seeds, res, pts) == -1
    assert (pts.sum(axis=1) == 0).all()
