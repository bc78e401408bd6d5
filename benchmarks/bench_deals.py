"""Throughput and memory of the 跑胡子 deal scan (三提五坎 and other deal events).

Prints deals per second on one core (the compiled kernel alone, and the kernel plus
building the Arrow table and writing Parquet), the speed of a whole run through the
runner, and the peak resident memory of this process.

    python benchmarks/bench_deals.py            # about 20 s
    python benchmarks/bench_deals.py --smoke    # a few seconds (CI)
"""

from __future__ import annotations

import tempfile
import time

import numpy as np
from harness import parser, peak_mib

from sim import runner
from sim.games.base import RunSpec
from sim.games.zipai.deal import N_SEATS, scan_deals
from sim.games.zipai.deal_scan import DealScan
from sim.store import write_shard


def kernel_rate(hands: int, repeats: int) -> float:
    """Best deals/s of the bare kernel over ``repeats`` calls of ``hands`` deals."""
    out = [np.empty(hands, np.uint64), np.empty(hands, np.int8)]
    seat = [np.empty((N_SEATS, hands), np.int8) for _ in range(4)]
    winner = np.empty(hands, np.int8)
    scan_deals(np.uint64(1), np.int64(0), np.int64(1000), *[a[:1000] for a in out],
               *[a[:, :1000] for a in seat], winner[:1000])
    best = 0.0
    for r in range(repeats):
        t0 = time.perf_counter()
        scan_deals(np.uint64(1), np.int64(r * hands), np.int64(hands), *out, *seat, winner)
        best = max(best, hands / (time.perf_counter() - t0))
    return best


def shard_rate(hands: int, tmp: str) -> tuple[float, float]:
    """Deals/s of one shard: kernel + Arrow table, and kernel + table + Parquet write."""
    workload = DealScan()
    spec = RunSpec(game="zipai", workload="deals", rules={}, seed=1, hands=hands, shard_size=hands)
    workload.play(spec, 0, 100)
    t0 = time.perf_counter()
    table = workload.play(spec, 0, hands)
    t1 = time.perf_counter()
    from pathlib import Path

    write_shard(Path(tmp), spec, 0, table)
    t2 = time.perf_counter()
    return hands / (t1 - t0), hands / (t2 - t0)


def main() -> None:
    p = parser(__doc__)
    p.add_argument("--jobs", type=int, default=2, help="workers for the whole-run figure")
    args = p.parse_args()
    hands = 200_000 if args.smoke else 2_000_000
    print(f"kernel only, 1 core:            {kernel_rate(hands, 3):>12,.0f} deals/s")
    with tempfile.TemporaryDirectory() as tmp:
        table_rate, write_rate = shard_rate(hands, tmp)
        print(f"kernel + Arrow table, 1 core:   {table_rate:>12,.0f} deals/s")
        print(f"kernel + table + Parquet:       {write_rate:>12,.0f} deals/s")
        total = hands * 4
        spec = RunSpec(game="zipai", workload="deals", rules={}, seed=2, hands=total,
                       shard_size=total // (2 * args.jobs))
        result = runner.run(spec, f"{tmp}/run", jobs=args.jobs, progress=False)
        print(f"whole run, {args.jobs} workers:            {result.hands_per_second:>12,.0f} deals/s "
              f"({result.hands_per_second / args.jobs:,.0f} per worker, {total:,} deals)")
        print(f"peak memory of a worker (shards of {spec.shard_size:,}): "
              f"{result.peak_worker_mib:,.0f} MiB")
    print(f"peak memory of this process (a {hands:,}-deal table in memory): {peak_mib():,.0f} MiB")


if __name__ == "__main__":
    main()
