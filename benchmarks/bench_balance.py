"""Throughput and memory of a balance run: playing the variants, then analysing them.

Plays a 跑胡子 balance over the minimum 胡息 (the preset and four other values) on one
core, then times :func:`sim.balance.analyse` (paired differences, the seat-spread
bootstrap, Holm) and the report with its figures, and prints the peak resident memory.

    python benchmarks/bench_balance.py            # 100,000 hands per variant, about a minute
    python benchmarks/bench_balance.py --smoke    # a few seconds after compilation (CI)
"""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

from harness import parser, peak_mib

from sim import balance
from sim.balance_report import write_balance_report


def main() -> None:
    p = parser(__doc__)
    p.add_argument("--hands", type=int, default=None, help="hands per variant")
    args = p.parse_args()
    hands = args.hands or (2_000 if args.smoke else 100_000)
    exp = balance.plan("zipai", options=["min_huxi"], seed=20261130, hands=hands,
                       shard_size=max(1_000, hands // 4))
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "balance"
        warm = balance.plan("zipai", options=["min_huxi"], seed=1, hands=64, shard_size=64)
        balance.run_balance(warm, Path(tmp) / "warm", jobs=1, progress=False)  # compile or load caches
        t0 = time.perf_counter()
        balance.run_balance(exp, out, jobs=1, progress=False)
        play = time.perf_counter() - t0
        t1 = time.perf_counter()
        result = balance.analyse(out)
        analyse = time.perf_counter() - t1
        t2 = time.perf_counter()
        write_balance_report(out, result=result)
        report = time.perf_counter() - t2
    total = hands * len(exp.runs)
    print(f"zipai balance over min_huxi: {len(exp.runs)} variants × {hands:,} hands, one core")
    print(f"  play:    {total / play:12,.0f} hands/s per core ({play:.1f} s)")
    print(f"  analyse: {total / analyse:12,.0f} hands/s ({analyse:.1f} s; {result.tests} tests, Holm)")
    print(f"  report:  {report:12.1f} s (two figures and report.md)")
    print(f"  peak memory (RSS, this process): {peak_mib():,.0f} MiB")


if __name__ == "__main__":
    main()
