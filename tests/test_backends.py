"""Dask and Ray backends write exactly the rows loky writes (real clusters on 127.0.0.1)."""

from __future__ import annotations

import pytest

from sim import runner
from sim.backends import BackendError, open_backend
from tests.conftest import deal_spec, read_rows

# end to end (processes, clusters, notebooks or the command line): run by `pytest -m slow`
pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("clusters")]  # one Ray/Dask at a time

SPEC = deal_spec(hands=60_000, shard_size=10_000, seed=5)


@pytest.fixture(scope="module")
def loky_rows(tmp_path_factory):
    out = tmp_path_factory.mktemp("loky")
    runner.run(SPEC, out, jobs=2, backend="loky", progress=False)
    return read_rows(out)


def test_dask_local_cluster_matches_loky(tmp_path, loky_rows):
    result = runner.run(SPEC, tmp_path, jobs=2, backend="dask", progress=False)
    assert result.shards_played == 6
    assert read_rows(tmp_path).equals(loky_rows)


def test_dask_scheduler_address_matches_loky(tmp_path, loky_rows):
    from distributed import LocalCluster

    with LocalCluster(n_workers=2, threads_per_worker=1, host="127.0.0.1",
                      dashboard_address=None, silence_logs=40) as cluster:
        runner.run(SPEC, tmp_path, backend="dask", scheduler=cluster.scheduler_address,
                   progress=False)
    assert read_rows(tmp_path).equals(loky_rows)


def test_ray_local_matches_loky(tmp_path, loky_rows):
    pytest.importorskip("ray")
    result = runner.run(SPEC, tmp_path, jobs=2, backend="ray", progress=False)
    assert result.shards_played == 6
    assert read_rows(tmp_path).equals(loky_rows)


def test_an_unreachable_scheduler_is_one_clear_error(tmp_path, monkeypatch):
    monkeypatch.setattr("sim.backends.DASK_CONNECT_TIMEOUT", "2s")
    with pytest.raises(BackendError, match="cannot reach the Dask scheduler at tcp://127.0.0.1:9"):
        runner.run(SPEC, tmp_path, backend="dask", scheduler="tcp://127.0.0.1:9", progress=False)


def test_addresses_must_match_the_backend():
    with pytest.raises(BackendError, match="--scheduler goes with --backend dask"):
        with open_backend("loky", jobs=1, scheduler="tcp://x:1"):
            pass
    with pytest.raises(BackendError, match="--address goes with --backend ray"):
        with open_backend("dask", jobs=1, address="x:1"):
            pass
