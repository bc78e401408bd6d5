"""Hand loops specialised per palette of strategies: every seating is one loop, the same
rows whether built on disk or in memory, and cached across processes."""

from __future__ import annotations

import os
import subprocess
import sys

import numpy as np
import pytest
from numba import njit

from sim import specialise
from sim.games.zipai import batch
from sim.games.zipai.rules import rules_vector
from sim.registry import get_strategy
from strategies.zipai.basic import random_kernel

SCRIPT = """
import numpy as np
from sim.games.zipai import batch
from sim.games.zipai.rules import rules_vector
from sim.registry import get_strategy
loop = batch.specialised([get_strategy("zipai", n).kernel for n in ("shape", "greedy", "random")])
seeds = np.empty(20, np.uint64); res = np.zeros((20, batch.N_RESULT), np.int16); pts = np.zeros((20, 3), np.int32)
loop.play_hands(np.uint64(3), np.int64(0), np.int64(20), rules_vector(None), seeds, (res, pts))
print(sum(loop.play_hands.compiled.stats.cache_hits.values()), seeds.tobytes().hex() + res.tobytes().hex() + pts.tobytes().hex())
"""


@njit
def mine(obs, legal, n, rng):  # a strategy of this module's own: random's choices
    return random_kernel(obs, legal, n, rng)


def _rows(loop, hands: int = 300, root: int = 11):
    seeds = np.empty(hands, np.uint64)
    res = np.zeros((hands, batch.N_RESULT), np.int16)
    pts = np.zeros((hands, 3), np.int32)
    assert loop.play_hands(np.uint64(root), np.int64(0), np.int64(hands), rules_vector(None),
                           seeds, (res, pts)) == -1
    return seeds, res, pts


def _kernels(*names):
    return [get_strategy("zipai", n).kernel for n in names]


def test_every_seating_of_the_palette_is_one_compiled_loop(tmp_path, monkeypatch):
    monkeypatch.setenv("PAIJU_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(specialise, "_LOADED", {})  # as a fresh process would (nothing compiles here)
    a = batch.specialised(_kernels("shape", "greedy", "random"))
    b = batch.specialised(_kernels("random", "expert", "expert"))
    assert a.module is b.module  # one module for every seating of the built-in strategies
    assert len(list(tmp_path.glob("kernels/paiju_kernels_*.py"))) == 1
    assert a.slots.tolist() != b.slots.tolist()
    # the seating is data: seat p plays the palette kernel slots[p]
    palette = [batch.specialised(_kernels(n, n, n)).slots[0] for n in ("shape", "greedy", "random")]
    assert a.slots.tolist() == palette


def test_a_kernel_of_the_callers_own_plays_as_its_twin_in_the_palette(tmp_path, monkeypatch):
    monkeypatch.setenv("PAIJU_CACHE_DIR", str(tmp_path))
    ondisk = batch.specialised(_kernels("shape", "greedy", "random"))
    mixed = batch.specialised([*_kernels("shape", "greedy"), mine])  # importable: joins the palette
    # after the game's four built-in kernels
    assert mixed.module is not ondisk.module and mixed.slots[2] == 4
    out = [_rows(ondisk), _rows(mixed)]
    assert np.abs(out[0][2]).sum() > 0  # someone won: the comparison covers payments too
    for x, y in zip(*out):
        assert np.array_equal(x, y)


def test_local_kernels_get_the_same_loop_built_in_memory(tmp_path, monkeypatch):
    monkeypatch.setenv("PAIJU_CACHE_DIR", str(tmp_path))

    @njit
    def local(obs, legal, n, rng):
        return random_kernel(obs, legal, n, rng)

    loop = batch.specialised([*_kernels("shape", "greedy"), local])
    assert not list(tmp_path.glob("kernels/paiju_kernels_*.py"))  # nothing a worker could import
    assert sorted(loop.slots.tolist()) == [0, 1, 2] and loop.module.__name__ not in sys.modules
    for x, y in zip(_rows(loop, 100), _rows(batch.specialised(_kernels("shape", "greedy", "random")), 100)):
        assert np.array_equal(x, y)


@pytest.mark.slow  # starts two more processes
def test_a_second_process_loads_the_loop_from_the_cache(tmp_path):
    env = {**os.environ, "PAIJU_CACHE_DIR": str(tmp_path)}
    first = subprocess.run([sys.executable, "-c", SCRIPT], env=env, capture_output=True, text=True, check=True)
    second = subprocess.run([sys.executable, "-c", SCRIPT], env=env, capture_output=True, text=True, check=True)
    hits_first, rows_first = first.stdout.split()
    hits_second, rows_second = second.stdout.split()
    assert hits_first == "0" and int(hits_second) >= 1
    # the loop loaded from the cache plays the very hands this process plays
    seeds, res, pts = _rows(batch.specialised(_kernels("shape", "greedy", "random")), 20, 3)
    assert rows_first == rows_second == seeds.tobytes().hex() + res.tobytes().hex() + pts.tobytes().hex()
    assert len(list(tmp_path.glob("kernels/paiju_kernels_*.py"))) == 1
