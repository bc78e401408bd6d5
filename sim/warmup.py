"""Warming up: compiling or loading a workload's kernels once a process, and compiling them
once a machine.

numba compiles a ``cache=True`` function only when its on-disk cache misses, and announces
it (the ``numba:compile`` event). A run's own process warms up while its workers start;
the moment it starts compiling it takes a lock — one per game and workload, in the kernel
cache folder — and keeps it to the end of its warm-up. A worker waits for that lock before
it warms up, so on a cold cache one process compiles and the workers then load what it
compiled, instead of every worker compiling the same code at once; on a warm cache nobody
takes the lock and every process loads its kernels side by side.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator

from filelock import FileLock
from numba.core import event

from sim.games.base import RunSpec

_WARMED: set[tuple] = set()  # the workloads (and options) warmed up in this process


def _key(spec: RunSpec) -> tuple:
    return (spec.game, spec.workload, json.dumps(spec.rules, sort_keys=True), spec.strategies,
            spec.mode)


def machine_lock(spec: RunSpec) -> FileLock | None:
    """The lock of ``spec``'s game and workload on this machine, or ``None`` without a
    writable kernel cache folder (numba's own cache then decides)."""
    from sim.specialise import cache_dir

    try:
        return FileLock(str(cache_dir() / f"warm-up-{spec.game}-{spec.workload}.lock"))
    except OSError:
        return None


class _LockOnCompile(event.Listener):
    """Takes ``lock`` at this thread's first compile and holds it until :meth:`release`."""

    def __init__(self, lock: FileLock | None) -> None:
        self.lock, self.held = lock, False

    def on_start(self, ev) -> None:
        if self.lock is not None and not self.held:
            self.lock.acquire()  # another process may be compiling the same: it goes first
            self.held = True

    def on_end(self, ev) -> None:
        pass

    def release(self) -> None:
        if self.held:
            self.lock.release()
            self.held = False


@contextlib.contextmanager
def locked_while_compiling(spec: RunSpec) -> Iterator[None]:
    """Within the block, the machine's lock of ``spec``'s workload is held from the first
    compile on (not at all when everything loads from the cache)."""
    listener = _LockOnCompile(machine_lock(spec))
    try:
        with event.install_listener("numba:compile", listener):
            yield
    finally:
        listener.release()


def warm_up(workload, spec: RunSpec) -> None:
    """Compile (or load) the workload's kernels and the encoders of its shards' writer."""
    from sim import pages, store

    workload.warm_up(spec)
    pages.warm_up(store.run_schema(workload, spec))
    _WARMED.add(_key(spec))


def warm_once(workload, spec: RunSpec) -> None:
    """:func:`warm_up` the first time this process meets ``spec``'s workload and options,
    once no process of this machine is compiling it."""
    if _key(spec) in _WARMED:
        return
    lock = machine_lock(spec)
    if lock is not None:
        with lock:
            pass
    warm_up(workload, spec)

