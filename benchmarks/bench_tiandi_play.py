"""Throughput and memory of complete 天地人和 hands (the ``play`` workload).

Prints complete hands per second of CPU time on one core (process time, so other load on
the machine does not distort it much) for the compiled batch driver with ``strong`` in
every seat (other tuples with ``--strategies``), the same plus building the Arrow table,
the first-call time of the batch loop (compilation or cache load), the engine alone with a
free strategy, and the peak resident memory of this process.

    python benchmarks/bench_tiandi_play.py            # about 20 s
    python benchmarks/bench_tiandi_play.py --smoke    # a few seconds (CI)
    python benchmarks/bench_tiandi_play.py --rule combo_sizes=2-4 --rule dealer_rule=winner_keeps
"""

from __future__ import annotations

import argparse
import resource
import time

import numpy as np
from numba import njit

from sim.games.base import RunSpec
from sim.games.chuanpai.tiandi import batch
from sim.games.chuanpai.tiandi.rules import TiandiRules, rules_vector
from sim.games.chuanpai.tiandi.workload import TiandiPlay
from strategies.base import get_strategy


@njit(cache=True)
def free_kernel(obs, legal, n, rng):
    """A strategy that costs nothing: the first legal play."""
    return legal[0]


def kernel_rate(kernels: list, hands: int, repeats: int,
                rules: TiandiRules | None = None) -> tuple[float, float]:
    """(seconds of the first call, best hands/s over ``repeats`` calls)."""
    cfg = rules_vector(rules or TiandiRules())
    seeds = np.empty(hands, np.uint64)
    res = np.zeros((hands, batch.N_RESULT), np.int32)
    t0 = time.process_time()
    loop = batch.specialised(kernels)
    loop.play_hands(np.uint64(1), np.int64(0), np.int64(10), cfg, seeds, res)
    first = time.process_time() - t0
    best = 0.0
    for r in range(repeats):
        t0 = time.process_time()
        loop.play_hands(np.uint64(1), np.int64(r * hands), np.int64(hands), cfg, seeds, res)
        best = max(best, hands / (time.process_time() - t0))
    return first, best


def table_rate(names: tuple[str, ...], hands: int, rules: TiandiRules | None = None) -> float:
    """Hands/s of one shard through the workload (kernel + Arrow table)."""
    spec = RunSpec(game="tiandi", workload="play", rules=(rules or TiandiRules()).to_dict(),
                   strategies=names,
                   seed=1, hands=hands, shard_size=hands)
    w = TiandiPlay()
    w.play(spec, 0, 10)
    t0 = time.process_time()
    w.play(spec, 0, hands)
    return hands / (time.process_time() - t0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--smoke", action="store_true", help="a quick run for CI")
    parser.add_argument("--strategies", default="strong,strong,strong")
    parser.add_argument("--rule", action="append", default=[], metavar="NAME=VALUE",
                        help="a rule option (repeatable), e.g. combo_sizes=2-4")
    args = parser.parse_args()
    rules = TiandiRules.from_options(overrides=dict(r.split("=", 1) for r in args.rule))
    names = tuple(args.strategies.split(","))
    hands = 2_000 if args.smoke else 100_000
    repeats = 1 if args.smoke else 3
    kernels = [get_strategy("tiandi", n).kernel for n in names]
    first, rate = kernel_rate(kernels, hands, repeats, rules)
    _, free = kernel_rate([free_kernel] * 3, hands, repeats, rules)
    print(f"strategies {','.join(names)}; rules {' '.join(args.rule) or 'seed'}")
    print(f"  first call (batch loop; the engine too if its cache is cold): {first:6.1f} s")
    print(f"  complete hands/s per core (kernel):           {rate:12,.0f}")
    print(f"  complete hands/s per core (kernel + table):   {table_rate(names, hands, rules):12,.0f}")
    print(f"  engine alone (first legal play every time):   {free:12,.0f}")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"  peak memory (RSS): {peak:,.0f} MiB")


if __name__ == "__main__":
    main()
