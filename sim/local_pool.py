"""Shards on this machine: loky's worker processes, and the run's own process as one more.

With ``--jobs J`` on the ``loky`` backend, ``J - 1`` worker processes play shards and the
run's own process plays too, in a thread: it has imported everything and loaded the kernels
already (its warm-up), so the run starts one process fewer, and on a machine where every
core deals, the CPU a worker would spend starting (about a second) goes to dealing. Shards
are handed out one at a time from one list, to whoever is free, so all finish together.
The deal kernels release the GIL, so the thread does not hold up this process's other work
(progress, collecting the workers' reports).

When a run is abandoned (Ctrl-C, a failed shard, a worker that died), the shard playing in
this process stops at its next block (:func:`stopping`) and leaves no file.
"""

from __future__ import annotations

import os
import queue
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator
from concurrent.futures import Future
from typing import Any

IDLE_WORKER_SECONDS = 300  # loky keeps idle workers this long for the next run of the process
STOP_WAIT_SECONDS = 10.0  # how long an abandoned run waits for the shard playing here to stop
SETTLE_SECONDS = 2.0  # how long an abandoned run waits for its calls to reach the workers
# thread pools of numeric libraries in a worker: the workers fill the cores already
_THREAD_LIMITS = ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS", "BLIS_NUM_THREADS",
                  "VECLIB_MAXIMUM_THREADS", "NUMEXPR_NUM_THREADS", "POLARS_MAX_THREADS")

_here = threading.local()


def stopping() -> bool:
    """Whether the run whose shard this thread plays was abandoned (always false in a worker
    process): a shard checks it between blocks and stops."""
    stop = getattr(_here, "stop", None)
    return stop is not None and stop.is_set()


def _worker_env(processes: int) -> dict[str, str]:
    """Thread limits for the workers, as joblib sets them: the cores shared by the processes."""
    threads = str(max(1, (os.cpu_count() or 1) // processes))
    return {name: threads for name in _THREAD_LIMITS if name not in os.environ}


class _Failed:
    def __init__(self, error: BaseException) -> None:
        self.error = error


class _SharedRun:
    """One map over ``calls``: ``workers`` loky processes and a thread of this process."""

    def __init__(self, func: Callable[..., Any], calls: list[tuple], workers: int) -> None:
        from joblib.externals.loky import get_reusable_executor

        self.func, self.total = func, len(calls)
        self.todo: deque[tuple] = deque(calls)
        self.lock = threading.Lock()
        self.stop = threading.Event()
        self.done: queue.Queue = queue.Queue()
        self.pool = get_reusable_executor(max_workers=workers, timeout=IDLE_WORKER_SECONDS,
                                          env=_worker_env(workers + 1))
        self.workers, self.in_flight = workers, set()
        self._fill()  # the workers start now, while this process warms up

    def _take(self) -> tuple | None:
        with self.lock:
            return self.todo.popleft() if self.todo and not self.stop.is_set() else None

    def _fill(self) -> None:
        """Keep a call queued behind those the workers play (no wait between a worker's
        calls), but none near the end, so that nobody is left with two to play while the
        others have none. (loky's own queue holds one call more than it has workers, so
        nothing submitted waits outside it.)"""
        while True:
            with self.lock:
                most = self.workers + (1 if len(self.todo) > 2 * self.workers else 0)
            if len(self.in_flight) >= most:
                return
            args = self._take()
            if args is None:
                return
            future = self.pool.submit(self.func, *args)
            self.in_flight.add(future)
            future.add_done_callback(self.done.put)

    def _settle(self) -> None:
        """Once the run is abandoned: wait (briefly) until every call submitted is in a
        worker's hands or done, so that stopping the workers finds none half-queued (loky
        fails on those in its manager thread, with a traceback)."""
        deadline = time.monotonic() + SETTLE_SECONDS
        while any(not (f.running() or f.done()) for f in list(self.in_flight)):
            if time.monotonic() > deadline:
                return
            time.sleep(0.005)

    def _play_here(self) -> None:
        _here.stop = self.stop
        while (args := self._take()) is not None:
            try:
                report = self.func(*args)
            except BaseException as exc:  # noqa: BLE001 - handed to the collecting thread
                self.done.put(_Failed(exc))
                return
            self.done.put(report)

    def results(self) -> Iterator[Any]:
        """The calls' results in completion order; this process starts playing at the first."""
        here = threading.Thread(target=self._play_here, name="paiju-shards-here", daemon=True)
        here.start()
        try:
            for _ in range(self.total):
                item = self.done.get()
                if isinstance(item, _Failed):
                    raise item.error
                if isinstance(item, Future):
                    self.in_flight.discard(item)
                    item = item.result()  # a worker's error, or its death, is raised here
                    self._fill()  # that worker's next calls
                yield item
        finally:
            self.stop.set()
            self._settle()
            here.join(timeout=STOP_WAIT_SECONDS)


def here_and_loky(workers: int) -> Callable[[Callable[..., Any], list[tuple]], Iterator[Any]]:
    """A map over calls on ``workers`` loky processes and this process (see the module)."""
    def run(func: Callable[..., Any], calls: list[tuple]) -> Iterator[Any]:
        return _SharedRun(func, calls, workers).results()

    return run
