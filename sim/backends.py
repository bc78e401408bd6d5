"""Where shards run: in this process, on local cores (loky), or on a Dask or Ray cluster.

Every backend runs the same picklable call, ``_play_shard(spec, index, out)`` in
:mod:`sim.runner`: through joblib for Dask and Ray, and on joblib's loky executor here. Since
every hand draws from ``(root seed, hand index)`` alone, all backends write identical shards.

* ``loky`` (default): worker processes on this machine; with ``jobs`` above one, the run's
  own process plays shards too, beside ``jobs - 1`` workers (:mod:`sim.local_pool`).
* ``dask``: a ``distributed`` cluster — the scheduler at ``scheduler`` (``tcp://host:8786``),
  or a ``LocalCluster`` bound to 127.0.0.1 with ``jobs`` single-threaded workers.
* ``ray``: the Ray cluster at ``address`` (or ``RAY_ADDRESS``), or a local Ray with
  ``jobs`` CPUs. Ray's joblib backend returns results in batches, so progress moves in
  steps of a few shards.
* ``sequential``: one shard after another in this process (debugging).

On a cluster the output directory must be on a filesystem every worker can write to, and
every worker needs paiju installed; numba compiles (or loads its cache) once per worker.
"""

from __future__ import annotations

import contextlib
import sys
import dataclasses
import logging
from collections.abc import Callable, Iterable, Iterator
from typing import Any

import joblib

from sim.errors import PaijuError
from sim.local_pool import here_and_loky

BACKENDS = ("loky", "dask", "ray", "sequential")
DASK_CONNECT_TIMEOUT = "15s"  # how long to wait for a Dask scheduler before giving up


class BackendError(PaijuError):
    """A backend that cannot be started or reached."""


@dataclasses.dataclass
class Executor:
    """Runs calls of one function on a backend and yields results as they finish."""

    name: str
    workers: int
    _run: Callable[[Callable[..., Any], list[tuple]], Iterator[Any]]

    @property
    def in_process(self) -> bool:
        """Whether the calls run in this process only, one after another."""
        return self._run is _sequential

    def map_unordered(self, func: Callable[..., Any], calls: Iterable[tuple]) -> Iterator[Any]:
        """``func(*args)`` for every ``args`` in ``calls``, in completion order."""
        calls = list(calls)
        if not calls:
            return iter(())
        return self._run(func, calls)


def _sequential(func, calls):
    return (func(*args) for args in calls)


def _joblib_generator(func, calls):
    """Every call through joblib on the backend set by ``joblib.parallel_config`` (Dask)."""
    return joblib.Parallel(n_jobs=-1, return_as="generator_unordered")(
        joblib.delayed(func)(*args) for args in calls
    )


def _ray_batches(workers: int):
    def run(func, calls):
        step = max(1, 2 * workers)
        for i in range(0, len(calls), step):  # Ray's joblib backend has no generators
            yield from joblib.Parallel(n_jobs=workers)(
                joblib.delayed(func)(*args) for args in calls[i : i + step]
            )

    return run


@contextlib.contextmanager
def open_backend(
    name: str,
    *,
    jobs: int,
    scheduler: str | None = None,
    address: str | None = None,
    warm_up: Callable[[], Any] | None = None,
) -> Iterator[Executor]:
    """Start (or connect to) a backend for the duration of a ``with`` block."""
    if name not in BACKENDS:
        raise BackendError(f"unknown backend {name!r}; choose one of: {', '.join(BACKENDS)}")
    if scheduler and name != "dask":
        raise BackendError("--scheduler goes with --backend dask")
    if address and name != "ray":
        raise BackendError("--address goes with --backend ray")
    if name == "sequential" or (name == "loky" and jobs == 1):
        yield Executor(name, 1, _sequential)
    elif name == "loky":
        _quiet_resource_tracker()
        try:
            yield Executor(name, jobs, here_and_loky(jobs - 1))
        except KeyboardInterrupt:
            stop_local_workers()
            raise
    elif name == "dask":
        with _dask_client(scheduler, jobs) as client:
            workers = max(1, sum(w.get("nthreads", 1) for w in client.scheduler_info()["workers"].values()))
            if warm_up is not None:
                client.run(warm_up)  # compile or load numba's cache on every worker, untimed
            with joblib.parallel_config(backend="dask"):
                yield Executor(name, workers, _joblib_generator)
    else:
        with _ray_session(address, jobs) as workers:
            with joblib.parallel_config(backend="ray"):
                yield Executor(name, workers, _ray_batches(workers))


# loky's resource tracker (a process of its own, started with this interpreter's -W options)
# warns at exit about the semaphores of workers stopped by Ctrl-C, then removes them itself
_TRACKER_QUIET = "ignore:resource_tracker:UserWarning"


def _quiet_resource_tracker() -> None:
    """Start loky's resource tracker without its "leaked semlock" warnings: after Ctrl-C it
    still removes what the stopped workers held, but its two warning lines would follow
    paiju's one-line message."""
    if _TRACKER_QUIET not in sys.warnoptions:
        sys.warnoptions.append(_TRACKER_QUIET)


def stop_local_workers() -> None:
    """Stop loky's workers, if any are running, and wait for them: after Ctrl-C, so that
    their locks are released in order (otherwise Python warns at exit of "leaked semlock
    objects"), or when a command is done with them."""
    reusable_executor = sys.modules.get("joblib.externals.loky.reusable_executor")
    executor = reusable_executor and reusable_executor._executor  # none unless loky was used
    if executor is not None:
        executor.shutdown(wait=True, kill_workers=True)


@contextlib.contextmanager
def _dask_client(scheduler: str | None, jobs: int):
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        raise BackendError("the dask backend needs distributed: pip install 'paiju[dask]'") from None
    if scheduler:
        try:
            client = Client(scheduler, timeout=DASK_CONNECT_TIMEOUT)
        except (OSError, TimeoutError) as exc:
            raise BackendError(
                f"cannot reach the Dask scheduler at {scheduler} ({exc}); check the address, "
                "or leave out --scheduler to start a local cluster"
            ) from None
        with client:
            yield client
        return
    with LocalCluster(
        n_workers=jobs, threads_per_worker=1, processes=True, host="127.0.0.1",
        dashboard_address=None, silence_logs=40,
    ) as cluster, Client(cluster) as client:
        yield client


@contextlib.contextmanager
def _ray_session(address: str | None, jobs: int):
    try:
        import ray
        from ray.util.joblib import register_ray
    except ImportError:
        raise BackendError("the ray backend needs ray: pip install 'paiju[ray]'") from None
    started = not ray.is_initialized()
    if started:
        try:
            # Ray's own INFO and WARNING lines (the local instance, its auth token) are
            # noise on paiju's terminal; its errors still print
            quiet = {"log_to_driver": False, "logging_level": logging.ERROR}
            if address:
                ray.init(address=address, **quiet)
            else:
                ray.init(num_cpus=jobs, include_dashboard=False, **quiet)
        except (ConnectionError, RuntimeError, ValueError) as exc:
            raise BackendError(
                f"cannot start or reach Ray{f' at {address}' if address else ''} ({exc}); "
                "check the address, or leave out --address to start a local Ray"
            ) from None
    register_ray()
    try:
        yield max(1, int(ray.cluster_resources().get("CPU", jobs)))
    finally:
        if started:
            ray.shutdown()
