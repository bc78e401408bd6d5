"""Strategies from outside the package: a module on the path and an installed entry point.

Neither is importable by the workers on their own (only this process's ``sys.path`` has
their folders), so identical rows on loky and Dask show that the runner hands the paths
over and every worker imports the strategy itself.
"""

from __future__ import annotations

import dataclasses
import sys
import textwrap

import numpy as np
import pytest

from sim import runner, store
from sim.errors import OptionError
from sim.games import get_game
from sim.games.base import RunSpec
from sim import registry as base
from sim.registry import get_strategy, import_paths
from tests.conftest import read_rows

# end to end (processes, clusters, notebooks or the command line): run by `pytest -m slow`
pytestmark = pytest.mark.slow

# fixed names and sources, so the hand loop generated for them stays in numba's cache
MOD = "paiju_test_outside"
EP_MOD = "paiju_test_entry_point"
EP_NAME = "test-outside-pick"

KERNEL_SOURCE = '''
from numba import njit
from sim.rng import below



@njit(cache=True)
def last(obs, legal, n, rng):
    """Win when offered, else the last legal action (pass, or discard the highest card)."""
    for t in range(n):
        if legal[t] == 21:  # 胡 (sim.games.zipai.engine.HU)
            return legal[t]
    return legal[n - 1]


def pick(observation, legal, rng):
    """A plain Python strategy: a random legal action, drawn from the hand's generator."""
    return legal[int(below(rng, len(legal)))]
'''


@pytest.fixture(scope="module")
def outside(tmp_path_factory):
    """A module folder and a site folder with a dist-info declaring an entry point."""
    folder = tmp_path_factory.mktemp("mods")
    (folder / f"{MOD}.py").write_text(textwrap.dedent(KERNEL_SOURCE))
    site = tmp_path_factory.mktemp("site")
    (site / f"{EP_MOD}.py").write_text(textwrap.dedent(KERNEL_SOURCE))
    info = site / "paiju_ep_demo-0.3.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: paiju-ep-demo\nVersion: 0.3\n")
    (info / "entry_points.txt").write_text(f"[paiju.strategies]\n{EP_NAME} = {EP_MOD}:pick\n")
    (info / "top_level.txt").write_text(f"{EP_MOD}\n")
    sys.path[:0] = [str(folder), str(site)]
    yield folder, site
    sys.path.remove(str(folder))
    sys.path.remove(str(site))
    for key in [k for k, info in base._REGISTRY.items() if info.module in (MOD, EP_MOD)]:
        del base._REGISTRY[key]  # later tests list the strategies without these


@pytest.fixture(scope="module")
def dask_scheduler():
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, host="127.0.0.1",
                                  dashboard_address=None, silence_logs=40) as cluster:
        yield cluster.scheduler_address


def _spec(strategies, hands, shard_size, seed=3):
    return RunSpec(game="zipai", workload="play", rules={}, strategies=tuple(strategies), seed=seed,
                   hands=hands, shard_size=shard_size)


def test_module_kernel_plays_the_same_rows_on_loky_and_dask(outside, dask_scheduler, tmp_path):
    spec = _spec((f"{MOD}:last", "greedy", f"{MOD}:last"), hands=600, shard_size=150)
    runner.run(spec, tmp_path / "loky", jobs=2, backend="loky", progress=False)
    runner.run(spec, tmp_path / "dask", backend="dask", scheduler=dask_scheduler, progress=False)
    rows = read_rows(tmp_path / "loky")
    assert read_rows(tmp_path / "dask").equals(rows)
    assert rows.height == 600 and rows["hand"].to_list() == list(range(600))
    assert rows["strategy_0"].cast(str).unique().to_list() == [f"{MOD}:last"]
    assert get_strategy("zipai", f"{MOD}:last").kernel is not None
    source = store.read_manifest(tmp_path / "loky")["strategy_sources"]
    assert source == [{"strategy": f"{MOD}:last", "module": MOD, "distribution": "",
                       "version": source[0]["version"], "source_sha256": source[0]["source_sha256"],
                       "kind": "compiled"}]
    assert source[0]["version"] == f"source {source[0]['source_sha256']}"


def test_entry_point_python_strategy_plays_the_same_rows_on_loky_and_dask(outside, dask_scheduler,
                                                                          tmp_path):
    spec = _spec((EP_NAME, "greedy", "shape"), hands=48, shard_size=12)
    runner.run(spec, tmp_path / "seq", backend="sequential", progress=False)
    runner.run(spec, tmp_path / "loky", jobs=2, backend="loky", progress=False)
    runner.run(spec, tmp_path / "dask", backend="dask", scheduler=dask_scheduler, progress=False)
    rows = read_rows(tmp_path / "seq")
    assert read_rows(tmp_path / "loky").equals(rows)
    assert read_rows(tmp_path / "dask").equals(rows)
    assert rows.height == 48 and rows["strategy_0"].cast(str).unique().to_list() == [EP_NAME]
    (source,) = store.read_manifest(tmp_path / "loky")["strategy_sources"]
    assert (source["module"], source["distribution"], source["version"], source["kind"]) == \
        (EP_MOD, "paiju-ep-demo", "0.3", "python")
    assert str(outside[1]) in import_paths("zipai", spec.strategies)


def test_python_strategy_runs_are_deterministic(outside, tmp_path):
    """The same rows whatever the shard size, and on every repeat."""
    a = _spec((f"{MOD}:pick", "greedy", "greedy"), hands=30, shard_size=30, seed=9)
    b = _spec((f"{MOD}:pick", "greedy", "greedy"), hands=30, shard_size=7, seed=9)
    runner.run(a, tmp_path / "a", backend="sequential", progress=False)
    runner.run(b, tmp_path / "b", backend="sequential", progress=False)
    assert read_rows(tmp_path / "a").equals(read_rows(tmp_path / "b"))
    workload = get_game("zipai").workload("play")
    assert workload.play(a, 5, 10).equals(workload.play(a, 5, 10))


def test_python_driver_with_kernels_gives_the_batch_rows():
    """The Python driver deals and plays exactly as the batch: same rows for kernel seats."""
    workload = get_game("zipai").workload("play")
    spec = _spec(("greedy", "shape", "random"), hands=25, shard_size=25, seed=4)
    players = [get_strategy("zipai", n) for n in spec.strategies]
    assert workload.play_python(spec, 0, 25, players).equals(workload.play(spec, 0, 25))


def test_shengji_plays_a_python_strategy():
    """升级 through its Python driver: a Python seat among kernels, legal plays only (the
    engine checks each), the same rows on a repeat; with kernels only the Python driver
    gives the batch's rows."""
    workload = get_game("shengji").workload("play")
    name = "strategies.examples:shuffled"
    spec = RunSpec(game="shengji", workload="play", rules={}, seed=2, hands=6, shard_size=6,
                   strategies=(name, "greedy", "greedy", "greedy"))
    workload.check(spec)
    table = workload.play(spec, 0, 6)
    assert table.num_rows == 6 and set(table.column("strategy_0").to_pylist()) == {name}
    assert np.all(np.asarray(table.column("tricks")) > 0)
    assert workload.play(spec, 2, 3).to_pylist() == table.slice(2, 3).to_pylist()
    kernels = RunSpec(game="shengji", workload="play", rules={}, seed=2, hands=2, shard_size=2,
                      strategies=("greedy",) * 4)
    players = [get_strategy("shengji", "greedy")] * 4
    assert workload.play_python(kernels, 0, 2, players).equals(workload.play(kernels, 0, 2))


def test_bad_outside_names_are_one_line_errors(outside):
    with pytest.raises(OptionError, match="cannot import 'no_such_module_xyz'"):
        get_strategy("zipai", "no_such_module_xyz:f")
    with pytest.raises(OptionError, match=f"module '{MOD}' has no 'nothing'"):
        get_strategy("zipai", f"{MOD}:nothing")
    with pytest.raises(OptionError, match="write it as module:attr"):
        get_strategy("zipai", ":f")
    with pytest.raises(OptionError, match="or name your own as module:attr"):
        get_strategy("zipai", "no-such-strategy")


def test_a_changed_outside_strategy_does_not_resume_an_old_run(tmp_path, monkeypatch):
    import importlib

    from sim.errors import RunDirError

    folder = tmp_path / "mods"
    folder.mkdir()
    module = folder / "paiju_test_changing.py"
    module.write_text("def pick(observation, legal, rng):\n    return legal[0]\n")
    monkeypatch.syspath_prepend(str(folder))
    spec = _spec(("paiju_test_changing:pick", "greedy", "greedy"), hands=4, shard_size=4)
    runner.run(spec, tmp_path / "run", backend="sequential", progress=False)
    module.write_text("def pick(observation, legal, rng):\n    return legal[-1]\n")
    base._REGISTRY.pop(("zipai", "paiju_test_changing:pick"))
    importlib.invalidate_caches()
    with pytest.raises(RunDirError, match="source of strategy paiju_test_changing:pick changed"):
        runner.run(dataclasses.replace(spec, hands=8), tmp_path / "run", backend="sequential",
                   progress=False)
    base._REGISTRY.pop(("zipai", "paiju_test_changing:pick"))
    sys.modules.pop("paiju_test_changing")


def test_outside_names_stay_out_of_the_strategy_list(outside):
    get_strategy("zipai", f"{MOD}:pick")
    names = base.strategy_names("zipai")
    assert EP_NAME in names and f"{MOD}:pick" not in names and "greedy" in names
