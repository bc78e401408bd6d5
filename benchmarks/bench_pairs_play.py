"""Throughput and memory of complete pairing-game hands (the ``play`` workload), both presets.

Prints complete hands per second of CPU time on one core (process time, so other load on
the machine distorts it less) for the compiled batch driver with ``strong`` in every seat,
the same plus building the Arrow table, the first-call time of the batch loop (compilation
or cache load), and the peak resident memory of this process; for both presets and for six
players from two decks (longer hands: 168 cards, six seats).

    python benchmarks/bench_pairs_play.py            # about 45 s
    python benchmarks/bench_pairs_play.py --smoke    # a few seconds (CI)
"""

from __future__ import annotations

import argparse
import resource
import time

import numpy as np

from sim.games.base import RunSpec
from sim.games.chuanpai.pairs import batch
from sim.games.chuanpai.pairs.rules import PairsRules, rules_vector
from sim.games.chuanpai.pairs.workload import PairsPlay
from strategies.base import get_strategy


def kernel_rate(rules: PairsRules, kernels: list, hands: int, repeats: int) -> tuple[float, float]:
    """(seconds of the first call, best hands/s over ``repeats`` calls)."""
    cfg = rules_vector(rules)
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


def table_rate(rules: PairsRules, hands: int) -> float:
    """Hands/s of one shard through the workload (kernel + Arrow table)."""
    spec = RunSpec(game="pairs", workload="play", rules=rules.to_dict(), strategies=("strong",),
                   seed=1, hands=hands, shard_size=hands)
    w = PairsPlay()
    w.play(spec, 0, 10)
    t0 = time.process_time()
    w.play(spec, 0, hands)
    return hands / (time.process_time() - t0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--smoke", action="store_true", help="a quick run for CI")
    args = parser.parse_args()
    hands = 2_000 if args.smoke else 100_000
    repeats = 1 if args.smoke else 3
    kernels = [get_strategy("pairs", "strong").kernel] * 6
    for preset, extra in (("seed", {}), ("doushisi", {}), ("seed", {"players": 6, "decks": 2})):
        rules = PairsRules.from_options(preset=preset, overrides=extra)
        first, rate = kernel_rate(rules, kernels, hands, repeats)
        print(f"preset {preset}, {rules.players} players, {rules.decks} deck(s), strong in every seat")
        print(f"  first call (batch loop; the engine too if its cache is cold): {first:6.1f} s")
        print(f"  complete hands/s per core (kernel):           {rate:12,.0f}")
        print(f"  complete hands/s per core (kernel + table):   {table_rate(rules, hands):12,.0f}")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak memory (RSS): {peak:,.0f} MiB")


if __name__ == "__main__":
    main()
