"""Throughput and memory of complete 丰顺四色 hands (``play``) and of the deal scan (``deals``).

Prints complete hands per second of CPU time on one core (process time, so other load on
the machine does not distort it much) for the compiled batch driver with the ``strong``
strategy in every seat (other tuples with ``--strategies``), the same plus building the
Arrow table, the first-call time of the batch loop, deals scanned per second per core, and
the peak resident memory.

    python benchmarks/bench_fengshun_play.py            # about 30 s
    python benchmarks/bench_fengshun_play.py --smoke    # a few seconds (CI)
    python benchmarks/bench_fengshun_play.py --rule players=4 --rule decks=2 --rule draw=open
"""

from __future__ import annotations

import argparse
import resource
import time

import numpy as np

from sim.games.base import RunSpec
from sim.games.sise.fengshun import batch as B
from sim.games.sise.fengshun.play import FengshunPlay
from sim.games.sise.fengshun.rules import FengshunRules
from strategies.base import get_strategy

RULES = FengshunRules()


def kernel_rate(names: tuple[str, ...], hands: int, repeats: int) -> tuple[float, float]:
    """(seconds of the first call, best hands/s over ``repeats`` calls)."""
    loop = B.specialised([get_strategy("fengshun", n).kernel for n in names])
    cfg, tb = B.rules_vector(RULES), B.tables(RULES)
    seeds = np.zeros(hands, np.uint64)
    res = np.zeros((hands, B.N_RESULT), np.int64)
    t0 = time.process_time()
    loop.play_hands(np.uint64(1), np.int64(0), np.int64(10), cfg, tb, seeds, res)
    first = time.process_time() - t0
    best = 0.0
    for r in range(repeats):
        t0 = time.process_time()
        loop.play_hands(np.uint64(1), np.int64(r * hands), np.int64(hands), cfg, tb, seeds, res)
        best = max(best, hands / (time.process_time() - t0))
    return first, best


def table_rate(names: tuple[str, ...], hands: int) -> float:
    """Hands/s of one shard through the workload (kernel + Arrow table)."""
    spec = RunSpec(game="fengshun", workload="play", rules=RULES.to_dict(), strategies=names, seed=1,
                   hands=hands, shard_size=hands)
    w = FengshunPlay()
    w.play(spec, 0, 10)
    t0 = time.process_time()
    w.play(spec, 0, hands)
    return hands / (time.process_time() - t0)


def deal_rate(deals: int) -> float:
    """Deals per second of the compiled deal scan (``paiju deals fengshun``)."""
    from sim.games.sise.fengshun.deal_scan import FEATURES, scan_deals

    seeds = np.empty(deals, np.uint64)
    feat = np.zeros((len(FEATURES), RULES.players, deals), np.int8)
    win = np.zeros(deals, np.int8)
    cfg, tb = B.rules_vector(RULES), B.tables(RULES)
    scan_deals(np.uint64(1), np.int64(0), np.int64(10), cfg, tb, seeds, feat, win)
    t0 = time.process_time()
    scan_deals(np.uint64(1), np.int64(0), np.int64(deals), cfg, tb, seeds, feat, win)
    return deals / (time.process_time() - t0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--smoke", action="store_true", help="a quick run for CI")
    parser.add_argument("--strategies", default="strong",
                        help="one name for every seat, or one per seat")
    parser.add_argument("--rule", action="append", default=[], metavar="NAME=VALUE",
                        help="a rule option (repeatable), e.g. players=4")
    args = parser.parse_args()
    global RULES
    RULES = FengshunRules.from_options(overrides=dict(r.split("=", 1) for r in args.rule))
    names = tuple(args.strategies.split(","))
    if len(names) == 1:
        names = names * RULES.players
    hands = 500 if args.smoke else 20_000
    repeats = 1 if args.smoke else 3
    first, rate = kernel_rate(names, hands, repeats)
    print(f"strategies {','.join(names)}; rules {RULES.to_dict()}")
    print(f"  first call (batch loop; the engine too if its cache is cold): {first:6.1f} s")
    print(f"  complete hands/s per core (kernel):           {rate:12,.0f}")
    print(f"  complete hands/s per core (kernel + table):   {table_rate(names, hands):12,.0f}")
    print(f"  deals scanned/s per core:                     {deal_rate(hands * 10):12,.0f}")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"  peak memory (RSS): {peak:,.0f} MiB")


if __name__ == "__main__":
    main()
