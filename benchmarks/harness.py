"""What the benchmark scripts share: options, timing, the Arrow-table path, peak memory.

The scripts are run as ``python benchmarks/bench_x.py`` from the project root, which puts
this folder first on ``sys.path``, so they import this module as ``harness``.

Rates are hands (or deals, games) per second of the given clock; the default is
:func:`time.process_time`, the CPU time of this process, because the machine may be
shared and wall time would count other people's work against the loop.
"""

from __future__ import annotations

import argparse
import resource
import time
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

import numpy as np

from sim.games.base import RunSpec, Workload

T = TypeVar("T")
Clock = Callable[[], float]


def parser(doc: str | None, *, smoke_help: str = "a quick run for CI") -> argparse.ArgumentParser:
    """An argument parser described by the first line of ``doc``, with ``--smoke``."""
    p = argparse.ArgumentParser(description=(doc or "").splitlines()[0])
    p.add_argument("--smoke", action="store_true", help=smoke_help)
    return p


def add_rule_option(p: argparse.ArgumentParser, *, example: str) -> None:
    """Add ``--rule NAME=VALUE`` (repeatable); read it back with :func:`rule_overrides`."""
    p.add_argument("--rule", action="append", default=[], metavar="NAME=VALUE",
                   help=f"a rule option (repeatable), e.g. {example}")


def rule_overrides(args: argparse.Namespace) -> dict[str, str]:
    """The ``--rule NAME=VALUE`` options as a mapping of rule name to value text."""
    return dict(r.split("=", 1) for r in args.rule)


def timed(call: Callable[[], T], *, clock: Clock = time.process_time) -> tuple[float, T]:
    """(seconds, result) of one call, e.g. the compile or cache load kept out of the rates."""
    t0 = clock()
    result = call()
    return clock() - t0, result


def best_rate(play: Callable[[int, int], object], count: int, repeats: int, *,
              clock: Clock = time.process_time) -> float:
    """Best ``count`` per second over ``repeats`` calls ``play(r * count, count)``.

    Each repeat plays new hands (the first index moves on); the best of them is the figure
    least disturbed by other load.
    """
    best = 0.0
    for r in range(repeats):
        t0 = clock()
        play(r * count, count)
        best = max(best, count / max(clock() - t0, 1e-9))
    return best


def loop_rates(setup: Callable[[], T], play: Callable[[T, int, int], object], count: int,
               repeats: int, *, warm: int = 10,
               clock: Clock = time.process_time) -> tuple[float, float]:
    """(seconds of the first call, best rate) of a compiled loop.

    ``setup()`` makes the loop (a specialised module, or just the kernels) and
    ``play(loop, first, count)`` plays hands ``first .. first + count - 1`` with it; the
    first call is ``setup`` and ``warm`` hands, then :func:`best_rate` times the rest.
    """
    first, loop = timed(lambda: _warmed(setup, play, warm), clock=clock)
    return first, best_rate(lambda start, n: play(loop, start, n), count, repeats, clock=clock)


def _warmed(setup: Callable[[], T], play: Callable[[T, int, int], object], warm: int) -> T:
    loop = setup()
    play(loop, 0, warm)
    return loop


def hand_loop_rates(setup: Callable[[], Any], args: tuple, *, results: int, dtype: type,
                    hands: int, repeats: int) -> tuple[float, float]:
    """:func:`loop_rates` of a batch driver called as
    ``loop.play_hands(root, first, count, *args, seeds, results)`` (root seed 1), with
    ``results`` int columns of ``dtype`` per hand."""
    seeds = np.zeros(hands, np.uint64)
    res = np.zeros((hands, results), dtype)

    def play(loop: Any, start: int, count: int) -> None:
        loop.play_hands(np.uint64(1), np.int64(start), np.int64(count), *args, seeds, res)

    return loop_rates(setup, play, hands, repeats)


def play_spec(game: str, hands: int, *, rules: Mapping[str, Any] | None = None,
              strategies: tuple[str, ...] = (), workload: str = "play", seed: int = 1) -> RunSpec:
    """The spec of one shard of ``hands`` hands, as the benchmarks time it."""
    return RunSpec(game=game, workload=workload, rules=dict(rules or {}), strategies=strategies,
                   seed=seed, hands=hands, shard_size=hands)


def table_rate(workload: Workload, spec: RunSpec, *, warm: int = 10,
               clock: Clock = time.process_time) -> float:
    """Hands/s of one shard of ``spec.hands`` through the workload (kernel + Arrow table),
    after ``warm`` hands untimed."""
    workload.play(spec, 0, warm)
    t0 = clock()
    workload.play(spec, 0, spec.hands)
    return spec.hands / max(clock() - t0, 1e-9)


def print_play_rates(first: float, kernel: float, table: float) -> None:
    """The three lines of a play benchmark: first call, kernel rate, kernel + table rate."""
    print(f"  first call (batch loop; the engine too if its cache is cold): {first:6.1f} s")
    print(f"  complete hands/s per core (kernel):           {kernel:12,.0f}")
    print(f"  complete hands/s per core (kernel + table):   {table:12,.0f}")


def verdict(met: bool) -> str:
    """How a target reads beside its number: ``met``, or a marked ``NOT met ◀``."""
    return "met" if met else "NOT met ◀"


def peak_mib() -> float:
    """Peak resident memory of this process so far, in MiB (Linux reports KiB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
