"""Run a workload over many hands: shards, workers, progress and resuming.

Shard ``k`` plays hands ``[k·S, (k+1)·S)``. Every hand's randomness comes from
``(root seed, hand index)`` alone, so the data do not depend on the shard size, the
number of workers or the backend. Shards already on disk and intact are skipped, so
re-running a killed command finishes it with exactly the rows it would have had.
Workers return only small summaries; the rows go straight to disk, so memory stays flat
however many hands are played.
"""

from __future__ import annotations

import dataclasses
import multiprocessing
import os
import resource
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import numpy as np
from filelock import FileLock, Timeout
from tqdm import tqdm

from sim import heap, local_pool, store, warmup
from sim.backends import BACKENDS, open_backend
from sim.compiling import compile_notice
from sim.display import units
from sim.errors import OptionError, PaijuError, RunDirError
from sim.games import get_game
from sim.games.base import RunSpec
from sim.shardio import ShardWriter

__all__ = ["BACKENDS", "RunAbortedError", "RunResult", "run"]

# How each backend reports a worker process that died (killed, out of memory, crashed).
_WORKER_DEATHS = frozenset({
    "TerminatedWorkerError", "BrokenProcessPool", "KilledWorker", "WorkerCrashedError",
    "RayActorError", "ActorDiedError", "NodeDiedError",
})


class RunAbortedError(PaijuError):
    """A run that stopped part-way because a worker died; re-running resumes it."""


@dataclasses.dataclass(frozen=True, kw_only=True)
class RunResult:
    """What a call of :func:`run` did."""

    out: Path
    spec: RunSpec
    shards_played: int
    shards_kept: int
    hands_played: int
    seconds: float
    peak_worker_mib: float = 0.0
    play_seconds: float = 0.0  # summed over shards: time in the workload
    write_seconds: float = 0.0  # summed over shards: time writing Parquet (its own thread)
    cpu_seconds: float = 0.0  # summed over shards: CPU time of the workers' tasks, all threads
    write_cpu_seconds: float = 0.0  # summed over shards: CPU time of the Parquet writing
    # the workload's totals (its count_exprs) over every hand of the run, counted as the
    # hands were played; None when it has none or some shards were already on disk
    totals: dict[str, int] | None = None

    @property
    def hands_per_second(self) -> float:
        """Hands played per wall-clock second in this call (0 if nothing was played)."""
        return self.hands_played / self.seconds if self.seconds > 0 and self.hands_played else 0.0


def _peak_rss_mib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0


@dataclasses.dataclass(frozen=True)
class ShardReport:
    """What a worker sends back for one shard: small, whatever the shard size."""

    index: int
    hands: int
    play_seconds: float
    write_seconds: float
    peak_mib: float
    cpu_seconds: float = 0.0
    write_cpu_seconds: float = 0.0
    totals: tuple[int, ...] | None = None  # the shard's totals of the workload's count_exprs


BLOCK = 250_000  # hands dealt per call of the workload (one row group); memory stays flat


class _Abandoned(Exception):
    """The run of a shard playing in the run's own process was abandoned."""


def _blocks(start: int, count: int) -> Iterator[tuple[int, int]]:
    """The shard's blocks; none more once its run is abandoned (see :mod:`sim.local_pool`)."""
    for b in range(start, start + count, BLOCK):
        if local_pool.stopping():
            raise _Abandoned
        yield b, min(BLOCK, start + count - b)


def _leave_ctrl_c_to_the_parent() -> None:
    """In a worker process, ignore Ctrl-C: the terminal sends it to the whole process group,
    and the parent stops the workers and says so in one line; a worker interrupted between
    tasks (in the pool's own code) would print a traceback instead. (Dask runs tasks in
    threads, where signals cannot be set; its nanny stops its workers.)"""
    if multiprocessing.parent_process() is not None and threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, signal.SIG_IGN)


def _play_shard(spec: RunSpec, index: int, out: str, paths: tuple[str, ...] = (),
                background: bool = True) -> ShardReport:
    """Worker task: play one shard and write it atomically.

    Rows go block by block to a writer thread (see :mod:`sim.shardio`) when ``background``,
    else are written in turn with the dealing; in counts mode each block is reduced to its
    totals and the shard is their one-row sum.
    A rows shard of a workload with totals is counted too, block by block as it is written,
    so the run's summary need not read the rows back. ``paths`` are the folders outside
    strategies import from (the spec names them only).
    """
    from sim import counts
    from sim.registry import add_import_paths

    _leave_ctrl_c_to_the_parent()
    heap.reuse_freed_blocks()
    add_import_paths(paths)
    workload = get_game(spec.game).workload(spec.workload)
    warmup.warm_once(workload, spec)
    cpu0 = time.process_time()
    start, count = spec.shard_range(index)
    meta = store.shard_metadata(spec, index)
    path = store.shard_path(Path(out), index)
    exprs = counts.exprs_of(workload, spec) if spec.mode == "counts" else workload.count_exprs(spec)
    sums = np.zeros(len(exprs), dtype=np.int64) if exprs else None
    play_s = 0.0
    if spec.mode == "counts":
        for first, n in _blocks(start, count):
            t0 = time.perf_counter()
            block = workload.count_block(spec, first, n)
            if block is None:
                block = counts.table_totals(workload, spec, workload.play(spec, first, n), exprs)
            sums += block
            play_s += time.perf_counter() - t0
        with ShardWriter(path, meta, background=False) as writer:
            writer.put(counts.shard_table(spec, index, sums, list(exprs),
                                          counts.schema(workload, spec)))
    else:
        with ShardWriter(path, meta, background=background) as writer:
            for first, n in _blocks(start, count):
                t0 = time.perf_counter()
                table = workload.play(spec, first, n)
                play_s += time.perf_counter() - t0
                writer.put(table)  # in the background: encoded while this thread counts
                if sums is not None:
                    sums += counts.table_totals(workload, spec, table, exprs)
    return ShardReport(index, count, play_s, writer.write_seconds, _peak_rss_mib(),
                       time.process_time() - cpu0, writer.write_cpu_seconds,
                       None if sums is None else tuple(int(v) for v in sums))


def _prepare_dir(out: Path, spec: RunSpec, manifest: dict) -> None:
    if out.exists() and not out.is_dir():
        raise RunDirError(f"{out} is not a directory; give --out a directory (new or of this run)")
    try:
        out.mkdir(parents=True, exist_ok=True)
        probe = out / f".paiju-write-test-{os.getpid()}"
        probe.write_bytes(b"")
        probe.unlink()
    except OSError as exc:
        raise RunDirError(
            f"cannot write to {out} ({exc.strerror or exc}); choose a writable --out directory"
        ) from None
    old = store.read_manifest(out)
    if old is None and any(p.name != ".lock" for p in out.iterdir()):
        raise RunDirError(
            f"{out} is not empty and holds no paiju run; give --out a new or empty directory"
        )
    if old is not None:
        if old.get("paiju_version") != manifest["paiju_version"]:
            raise RunDirError(
                f"{out} was made by paiju {old.get('paiju_version')}, this is paiju "
                f"{manifest['paiju_version']}; choose another --out so the runs stay apart"
            )
        old_spec = store.spec_from_manifest(old)
        if old_spec.identity() != spec.identity():
            diff = [k for k, v in spec.identity().items() if old_spec.identity().get(k) != v]
            raise RunDirError(
                f"{out} holds a different run (its {' and '.join(diff)} "
                f"{'differs' if len(diff) == 1 and diff[0] not in ('rules', 'strategies') else 'differ'}); "
                "choose another --out or delete that directory"
            )
        if int(old.get("hands", 0)) > spec.hands:
            raise RunDirError(
                f"{out} holds a run of {int(old['hands']):,} hands, more than the {spec.hands:,} "
                f"asked; its shards are kept: read the first {spec.hands:,} with "
                f"sim.load({str(out)!r}).head({spec.hands}), or give -n {int(old['hands'])}"
            )
        changed = [new["strategy"] for new in manifest.get("strategy_sources", [])
                   for was in old.get("strategy_sources", [])
                   if was["strategy"] == new["strategy"] and was["source_sha256"] != new["source_sha256"]]
        if changed:
            raise RunDirError(
                f"the source of strategy {', '.join(changed)} changed since {out} was begun; "
                "choose another --out so old and new shards do not mix"
            )
    store.write_manifest(out, manifest)


def run(
    spec: RunSpec,
    out: str | os.PathLike,
    *,
    jobs: int = 1,
    backend: str = "loky",
    scheduler: str | None = None,
    address: str | None = None,
    progress: bool = True,
    while_playing: Callable[[], object] | None = None,
) -> RunResult:
    """Play ``spec`` into the directory ``out``, skipping shards that are already done.

    ``backend`` is one of :data:`~sim.backends.BACKENDS`; ``scheduler`` is a Dask
    scheduler address and ``address`` a Ray cluster address (see :mod:`sim.backends`).
    ``while_playing`` is called in a thread of this process while other processes play
    (e.g. to import what the caller needs next); not when the shards play in this process.
    """
    if backend not in BACKENDS:
        raise OptionError(f"unknown backend {backend!r}; choose one of: {', '.join(BACKENDS)}")
    if spec.hands < 1 or spec.shard_size < 1:
        raise OptionError("the number of hands and the shard size must be at least 1")
    if jobs < 1:
        raise OptionError(f"--jobs must be at least 1, not {jobs}")
    game = get_game(spec.game)
    workload = game.workload(spec.workload)
    spec = workload.fill_strategies(spec)  # one name fills every seat
    workload.check(spec)
    if spec.mode not in ("rows", "counts"):
        raise OptionError(f"unknown mode {spec.mode!r}; choose rows or counts")
    schema = store.run_schema(workload, spec)
    if not str(out).strip():
        raise RunDirError("the output directory is empty (-o ''); give it a name, e.g. -o runs/mine")
    out_path = Path(out)
    _prepare_dir(out_path, spec, store.manifest_dict(spec, schema))
    lock = FileLock(str(out_path / ".lock"))
    try:
        lock.acquire(timeout=0)
    except Timeout:
        raise RunDirError(
            f"another paiju run is writing to {out_path}; wait for it to finish or choose another --out"
        ) from None
    try:
        return _run_locked(
            spec, out_path, workload, schema, jobs=jobs, backend=backend, progress=progress,
            scheduler=scheduler, address=address, while_playing=while_playing,
        )
    finally:
        lock.release()


class PlainProgress:
    """Progress as a few plain lines (for logs and pipes, where a redrawn bar is noise).

    Prints a line each time another quarter of the run is done, and the last one with
    the speed; used when stderr is not a terminal.
    """

    def __init__(self, *, total: int, initial: int, desc: str, unit: str, stream=None) -> None:
        self.total, self.done, self.desc, self.unit = total, initial, desc, unit
        self.stream = stream if stream is not None else sys.stderr
        self.start_done = initial
        self.next_mark = self._mark_after(initial)
        self.t0 = time.perf_counter()

    def _mark_after(self, done: int) -> int:
        quarter = max(1, -(-self.total // 4))
        return min(self.total, (done // quarter + 1) * quarter)

    def update(self, n: int) -> None:
        """Count ``n`` more units done."""
        self.done += n
        if self.done >= self.next_mark:
            seconds = time.perf_counter() - self.t0
            rate = (self.done - self.start_done) / seconds if seconds > 0 else 0.0
            self.stream.write(f"{self.desc}: {self.done:,} of {self.total:,} {units(self.unit)} "
                              f"({100 * self.done // max(self.total, 1)}%), {seconds:.0f} s, "
                              f"{rate:,.0f} {units(self.unit)}/s\n")
            self.stream.flush()
            self.next_mark = self._mark_after(self.done)

    def __enter__(self) -> PlainProgress:
        return self

    def __exit__(self, *exc) -> None:
        return None


def _progress(spec: RunSpec, workload, kept: int, enabled: bool):
    """A tqdm bar on a terminal, plain lines otherwise, nothing when disabled."""
    desc = f"{spec.game} {spec.workload}"
    unit = workload.unit
    if enabled and not sys.stderr.isatty():
        return PlainProgress(total=spec.hands, initial=kept, desc=desc, unit=unit)
    return tqdm(total=spec.hands, initial=kept, unit=f" {units(unit)}", unit_scale=True,
                disable=not enabled, dynamic_ncols=True, desc=desc)


def _warm(spec: RunSpec, paths: tuple[str, ...] = ()) -> None:
    from sim.registry import add_import_paths

    add_import_paths(paths)
    warmup.warm_once(get_game(spec.game).workload(spec.workload), spec)


def _local_cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def _meanwhile(task: Callable[[], object]) -> None:
    """Start ``task`` in a background thread; a failure there is the caller's to meet later."""
    def quietly() -> None:
        try:
            task()
        except Exception:  # noqa: BLE001 - only a head start: the caller redoes it
            pass

    threading.Thread(target=quietly, name="paiju-meanwhile", daemon=True).start()


def _shards_to_play(out_path: Path, spec: RunSpec, schema) -> tuple[list[int], int]:
    """The shards still to play, and the hands of those already written and sound (a killed
    writer's temporary files are removed first)."""
    for leftover in out_path.glob(".part-*.tmp-*"):  # a killed writer's temporary file
        leftover.unlink(missing_ok=True)
    todo, kept_hands = [], 0
    for k in range(spec.n_shards):
        if store.check_shard(out_path, spec, k, schema) is None:
            kept_hands += spec.shard_range(k)[1]
        else:
            todo.append(k)
    return todo, kept_hands


@dataclasses.dataclass
class _Tally:
    """The shard reports of one call, summed: hands, the largest worker's memory, times, and
    the run's count totals (``names``; emptied when a shard reports none)."""

    names: list[str]
    sums: np.ndarray
    played: int = 0
    peak: float = 0.0
    seconds: float = 0.0
    play_s: float = 0.0
    write_s: float = 0.0
    cpu_s: float = 0.0
    write_cpu: float = 0.0

    def add(self, report) -> None:
        self.played += report.hands
        self.peak = max(self.peak, report.peak_mib)
        self.play_s += report.play_seconds
        self.write_s += report.write_seconds
        self.cpu_s += report.cpu_seconds
        self.write_cpu += report.write_cpu_seconds
        if report.totals is None:
            self.names = []
        elif self.names:
            self.sums += report.totals


def _gather(reports, bar, tally: _Tally) -> None:
    """Add each shard's report to ``tally`` as it comes; a dead worker ends the run in one
    line (the shards written are kept)."""
    t0 = time.perf_counter()
    with bar:
        try:
            for report in reports:
                tally.add(report)
                bar.update(report.hands)
        except Exception as exc:
            if type(exc).__name__ not in _WORKER_DEATHS:
                raise
            raise RunAbortedError(
                f"a worker died ({type(exc).__name__}); the {tally.played:,} hands finished are "
                "kept — re-run the same command to resume"
            ) from None
    tally.seconds = time.perf_counter() - t0


def _play_shards(spec, out_path, workload, todo, kept_hands, tally, *, jobs, backend, progress,
                 scheduler, address, while_playing) -> None:
    """Play the shards ``todo`` on the backend, after compiling once here, into ``tally``."""
    from sim.registry import import_paths

    paths = tuple(import_paths(spec.game, spec.strategies))
    game = get_game(spec.game)

    # loky starts its workers with the first tasks: they start (spawn, imports) while
    # this process warms up, and wait for it if it compiles (sim.warmup); then this
    # process plays shards beside them (sim.local_pool). Other backends warm their
    # workers when they open, after this process
    early = backend == "loky" and jobs > 1 and len(todo) > 1

    def warm_up_here() -> None:  # compile (or load) once: the workers then load the cache
        with compile_notice(game.title, key=f"{spec.game}/{spec.workload}",
                            default_seconds=workload.compile_seconds):
            warmup.warm_up(workload, spec)

    if not early:
        with warmup.locked_while_compiling(spec):
            warm_up_here()
    workers = min(jobs, len(todo)) if backend == "loky" else jobs
    # a shard's writing overlaps its dealing in a thread of its own when this machine
    # has cores to spare for it; when every core deals, writing in turn is quicker (no
    # thread to share a core with, less traffic through the caches)
    background = backend in ("dask", "ray") or workers < _local_cores()
    with open_backend(backend, jobs=workers, scheduler=scheduler, address=address,
                      warm_up=lambda: _warm(spec, paths)) as executor:
        calls = [(spec, k, str(out_path), paths, background) for k in todo]
        if early:
            with warmup.locked_while_compiling(spec):
                reports = executor.map_unordered(_play_shard, calls)
                warm_up_here()
        else:
            reports = executor.map_unordered(_play_shard, calls)
        if while_playing is not None and not executor.in_process:
            _meanwhile(while_playing)
        _gather(reports, _progress(spec, workload, kept_hands, progress), tally)


def _run_locked(spec, out_path, workload, schema, *, jobs, backend, progress, scheduler, address,
                while_playing):
    todo, kept_hands = _shards_to_play(out_path, spec, schema)
    names = list((workload.count_exprs(spec) or {}) if kept_hands == 0 else {})
    tally = _Tally(names, np.zeros(len(names), dtype=np.int64))
    if todo:
        _play_shards(spec, out_path, workload, todo, kept_hands, tally, jobs=jobs, backend=backend,
                     progress=progress, scheduler=scheduler, address=address,
                     while_playing=while_playing)
    return RunResult(
        out=out_path,
        spec=spec,
        shards_played=len(todo),
        shards_kept=spec.n_shards - len(todo),
        hands_played=tally.played,
        seconds=tally.seconds,
        peak_worker_mib=tally.peak,
        play_seconds=tally.play_s,
        write_seconds=tally.write_s,
        cpu_seconds=tally.cpu_s,
        write_cpu_seconds=tally.write_cpu,
        totals=dict(zip(tally.names, (int(v) for v in tally.sums))) if tally.names and todo else None,
    )
