"""Scaling across cores: speed-up from 1 to N workers, overhead per shard, Parquet share.

    python benchmarks/bench_scaling.py                       # zipai deal scan
    python benchmarks/bench_scaling.py --workload play --hands 200000 --shard-size 10000
    python benchmarks/bench_scaling.py --backend dask        # the same through a LocalCluster

Each configuration runs into a fresh temporary directory after an untimed warm-up run
with the same workers (so processes are started and numba's cache is loaded; loky and
Ray keep their workers between runs of one process). Overhead per shard = (wall time × workers − time spent
inside the tasks) / shards: scheduling, pickling and starting work, not playing.
"""

from __future__ import annotations

import argparse
import tempfile

from sim import runner
from sim.games import get_game
from sim.games.base import RunSpec


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="zipai")
    parser.add_argument("--workload", default="deals")
    parser.add_argument("--hands", type=int, default=8_000_000)
    parser.add_argument("--shard-size", type=int, default=500_000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--backend", default="loky")
    parser.add_argument("--smoke", action="store_true", help="a quick run for CI")
    args = parser.parse_args()
    if args.smoke:
        args.hands, args.shard_size = 400_000, 50_000
    game = get_game(args.game)
    workload = game.workload(args.workload)
    spec = RunSpec(game=game.name, workload=workload.name, rules=game.rules().to_dict(),
                   seed=1, hands=args.hands, shard_size=args.shard_size)
    workload.check(spec)
    results = {}
    with tempfile.TemporaryDirectory() as tmp:
        for workers in sorted({1, args.workers}):
            backend = args.backend if workers > 1 else "loky"
            warm = RunSpec(**{**spec.__dict__, "hands": args.shard_size * workers})
            runner.run(warm, f"{tmp}/warm{workers}", jobs=workers, backend=backend, progress=False)
            results[workers] = runner.run(spec, f"{tmp}/w{workers}", jobs=workers,
                                          backend=backend, progress=False)
    base = results[1].hands_per_second
    print(f"{args.game} {args.workload}: {args.hands:,} hands in shards of {args.shard_size:,}")
    for workers, r in results.items():
        busy = r.play_seconds + r.write_seconds
        overhead = (r.seconds * workers - busy) / max(r.shards_played, 1)
        print(
            f"  {workers} worker(s) [{args.backend if workers > 1 else 'loky'}]: "
            f"{r.hands_per_second:>12,.0f} hands/s  speed-up {r.hands_per_second / base:4.2f}×  "
            f"overhead/shard {1000 * overhead:6.1f} ms  Parquet share "
            f"{100 * r.write_seconds / busy:4.1f}%  peak worker {r.peak_worker_mib:,.0f} MiB"
        )


if __name__ == "__main__":
    main()
