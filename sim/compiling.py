"""Say so when the compiled kernels are being compiled (the first run on a machine).

numba looks every ``cache=True`` function up in its on-disk cache (the ``.nbi`` index
beside the source, or beside the generated modules of :mod:`sim.specialise`) before it
compiles, and announces a compile — the ``numba:compile`` event — only when that lookup
misses. Listening for the event therefore tells, for any game and without knowing which
functions a workload calls, exactly when compiling happens: a warm cache prints nothing.

The notice says how long the last compile of the same workload took on this machine
(kept in the kernel cache folder), or, before any, the workload's own
``compile_seconds`` on an idle machine. A new tuple of strategies may compile only its
hand loop, which is quicker.
"""

from __future__ import annotations

import contextlib
import json
import sys
import threading
import time
from collections.abc import Iterator
from typing import TextIO

from numba.core import event

_TIMES = "compile-seconds.json"
_RECORDED: set[str] = set()  # keys announced (and timed) in this process: once is enough


def _times_path():
    from sim.specialise import cache_dir

    return cache_dir() / _TIMES


def recorded_seconds(key: str) -> float | None:
    """How long the last compile of ``key`` (``game/workload``) took here, if known."""
    try:
        return float(json.loads(_times_path().read_text(encoding="utf-8"))[key])
    except (OSError, ValueError, KeyError, TypeError):
        return None


def _record(key: str, seconds: float) -> None:
    try:
        path = _times_path()
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            data = {}
        data[key] = round(seconds, 1)
        tmp = path.with_name(f".{path.name}.tmp")
        tmp.write_text(json.dumps(data, indent=1, sort_keys=True), encoding="utf-8")
        tmp.replace(path)
    except OSError:  # the estimate is a nicety; never fail a run for it
        pass


def _duration(seconds: float) -> str:
    if seconds < 90:
        return f"{max(1, round(seconds))} s"
    return f"{round(seconds / 60.0, 1):g} min"


def _about(seconds: float, *, measured: bool) -> str:
    """The estimate in words: what the last compile here took, or the workload's figure."""
    if measured:
        return f"the last compile here took {_duration(seconds)}"
    return f"about {_duration(seconds)} on an idle machine, longer on a busy one"


class _Notice(event.Listener):
    """Prints one line once compiling has gone on for ``delay`` seconds (a compile of a
    second or two passes silently); on a terminal it then counts the functions."""

    def __init__(self, title: str, estimate: float, stream: TextIO, delay: float,
                 measured: bool = False) -> None:
        self.title = title
        self.estimate = estimate
        self.measured = measured
        self.stream = stream
        self.delay = delay
        self.tty = bool(getattr(stream, "isatty", lambda: False)())
        self.depth = 0
        self.done = 0
        self.started: float | None = None
        self.shown = False
        self.announced = False  # whether the line was printed
        self.lock = threading.Lock()
        self.timer: threading.Timer | None = None

    def _line(self) -> str:
        return (f"compiling the {self.title} kernels (first run on this machine; "
                f"{_about(self.estimate, measured=self.measured)})…")

    def _show(self) -> None:
        with self.lock:
            if not self.shown and self.started is not None:
                self.shown = self.announced = True
                self.stream.write(self._line() + ("" if self.tty else "\n"))
                self.stream.flush()

    def on_start(self, ev) -> None:
        if self.started is None:
            self.started = time.perf_counter()
            if self.delay <= 0:
                self._show()
            else:
                self.timer = threading.Timer(self.delay, self._show)
                self.timer.daemon = True
                self.timer.start()
        self.depth += 1

    def on_end(self, ev) -> None:
        self.depth -= 1
        self.done += 1
        if self.tty and self.shown:
            elapsed = time.perf_counter() - self.started
            with self.lock:
                count = f"{self.done} function{'' if self.done == 1 else 's'}"
                self.stream.write(f"\r{self._line()} {count}, {elapsed:.0f} s")
                self.stream.flush()

    def finish(self) -> float | None:
        """End the notice; the seconds spent compiling, or ``None`` if nothing compiled."""
        if self.timer is not None:
            self.timer.cancel()
        if self.started is None:
            return None
        seconds = time.perf_counter() - self.started
        with self.lock:
            if self.tty and self.shown:
                self.stream.write(f"\r{self._line()} done in {seconds:.0f} s\n")
                self.stream.flush()
            self.shown = True  # a timer that fires late prints nothing
        return seconds


@contextlib.contextmanager
def compile_notice(
    title: str, *, key: str, default_seconds: float = 30.0, stream: TextIO | None = None,
    delay: float = 1.0,
) -> Iterator[None]:
    """Within the block, announce on ``stream`` (stderr) if numba compiles for longer than
    ``delay`` seconds.

    ``title`` names the game in the message, ``key`` (``game/workload``) keys the
    remembered compile time, ``default_seconds`` is the estimate before any is known.
    """
    if key in _RECORDED:  # announced once in this process (e.g. the first run of a sweep)
        yield
        return
    # what the last compile of this workload took here, else the workload's own figure
    recorded = recorded_seconds(key)
    estimate = recorded if recorded is not None else default_seconds
    notice = _Notice(title, estimate, stream if stream is not None else sys.stderr, delay,
                     measured=recorded is not None)
    with event.install_listener("numba:compile", notice):
        try:
            yield
        finally:
            seconds = notice.finish()
    if seconds is not None and notice.announced:
        _RECORDED.add(key)  # later compiles in this process reuse compiled callees: shorter
        _record(key, seconds)
