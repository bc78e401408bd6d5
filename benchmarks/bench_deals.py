"""Throughput and memory of every game's deal scan, stage by stage and end to end.

For each game with a ``deals`` workload (or the one named), in one run: deals per second
on one core of the compiled kernel alone, of the kernel plus its Arrow table, plus the
Parquet write, and plus the counting of counts mode; then whole runs through the runner on
``--jobs`` workers in rows mode and in counts mode, each as a ratio to (kernel rate ×
workers), with the Parquet writer's share of a worker's time and a worker's peak memory.

    python benchmarks/bench_deals.py                 # every game, about a minute each
    python benchmarks/bench_deals.py zipai --seconds 20
    python benchmarks/bench_deals.py --smoke         # every game, small (CI)

Rates of the stages are per CPU second of this process (the machine may be shared), the
best of ``--repeat`` measurements. The whole runs are per wall second (run them when the
machine is quiet), and also as the kernel's share of the CPU time the workers spent, which
other load disturbs far less. Each target is marked met or MISSED: a whole run at 80% of
(kernel rate × workers) or more, and Parquet at most 15% of the CPU of the rows stage.
"""

from __future__ import annotations

import importlib
import tempfile
import time
from pathlib import Path

from harness import parser

from sim import counts, runner, store
from sim.games import game_names, get_game
from sim.games.base import RunSpec
from sim.shardio import ShardWriter


class KernelClock:
    """Wraps a workload's compiled scan and adds up the CPU time spent inside it."""

    def __init__(self, game: str) -> None:
        workload = get_game(game).workload("deals")  # its scan_kernel names the compiled scan
        module, name = type(workload).__module__, workload.scan_kernel
        self.module, self.name = importlib.import_module(module), name
        self.kernel, self.seconds = getattr(self.module, name), 0.0

    def __call__(self, *args):
        t0 = time.process_time()
        try:
            return self.kernel(*args)
        finally:
            self.seconds += time.process_time() - t0

    def __enter__(self) -> KernelClock:
        setattr(self.module, self.name, self)
        return self

    def __exit__(self, *exc) -> None:
        setattr(self.module, self.name, self.kernel)


RATIO = 0.80  # a whole run's target: this share of (kernel rate × workers)
PARQUET = 0.15  # the Parquet writing's target: at most this share of a worker's CPU time


def mark(ok: bool) -> str:
    """``met`` or ``MISSED``."""
    return "met" if ok else "MISSED"


def stages(game: str, spec: RunSpec, deals: int, tmp: Path) -> dict[str, float]:
    """Deals/s per CPU second of each stage of one shard of ``deals`` deals."""
    workload = get_game(game).workload("deals")
    workload.play(spec, 0, 1000)
    with KernelClock(game) as clock:
        t0 = time.process_time()
        table = workload.play(spec, 0, deals)
        play = time.process_time() - t0
    t0 = time.process_time()
    with ShardWriter(tmp / "part-00000.parquet", store.shard_metadata(spec, 0), background=False) as w:
        w.put(table)
    parquet = time.process_time() - t0
    t0 = time.process_time()
    if workload.count_block(spec, 0, 1000) is None:  # counts from the rows
        counts.block_totals(table, counts.exprs_of(workload, spec))
        counting = play + time.process_time() - t0
    else:  # counted in compiled code beside the kernel
        t0 = time.process_time()
        workload.count_block(spec, 0, deals)
        counting = time.process_time() - t0
    return {"kernel": deals / clock.seconds, "table": deals / play,
            "parquet": deals / (play + parquet), "counts": deals / counting,
            "bytes": (tmp / "part-00000.parquet").stat().st_size / deals}


def best_stages(game: str, spec: RunSpec, deals: int, tmp: Path, repeat: int) -> dict[str, float]:
    """The fastest of ``repeat`` measurements of every stage (other load only slows one down)."""
    runs = [stages(game, spec, deals, tmp) for _ in range(max(repeat, 1))]
    return {k: max(r[k] for r in runs) for k in runs[0]}


def whole_run(spec: RunSpec, out: str, jobs: int, backend: str) -> runner.RunResult:
    """One run through the runner (loky keeps its workers from one run to the next, so a
    small run before the timed one starts them and loads their kernels)."""
    return runner.run(spec, out, jobs=jobs, backend=backend, progress=False)


def bench_game(game: str, *, preset: str, jobs: int, seconds: float, smoke: bool,
               repeat: int = 3) -> None:
    """Print every figure of one game's deal scan, each target marked met or MISSED."""
    info = get_game(game)
    workload = info.workload("deals")
    rules = info.rules.from_options(preset=preset, overrides={}).to_dict()
    shard = workload.default_shard_size
    one = RunSpec(game=game, workload="deals", rules=rules, seed=1, hands=shard, shard_size=shard)
    with tempfile.TemporaryDirectory() as tmp:
        s = best_stages(game, one, min(shard, 50_000 if smoke else 250_000), Path(tmp),
                        1 if smoke else repeat)
        k = s["kernel"]
        share = 1 - s["parquet"] / s["table"]  # of the +Parquet stage's CPU time
        label = game if preset == "seed" else f"{game} --preset {preset}"
        print(f"{label}: deals/s per CPU second of one core (best of {1 if smoke else repeat})")
        print(f"  kernel alone               {k:>12,.0f}")
        print(f"  kernel + Arrow table       {s['table']:>12,.0f}   {s['table'] / k:4.0%} of the kernel")
        print(f"  + Parquet write            {s['parquet']:>12,.0f}   {s['parquet'] / k:4.0%} of the kernel "
              f"[{mark(s['parquet'] / k >= RATIO)}]; Parquet {share:4.0%} of the CPU "
              f"[{mark(share <= PARQUET)}]; {s['bytes']:.1f} bytes a deal")
        print(f"  + counting (counts mode)   {s['counts']:>12,.0f}   {s['counts'] / k:4.0%} of the kernel "
              f"[{mark(s['counts'] / k >= RATIO)}]")
        size = 20_000 if smoke else shard
        hands = size * 4 if smoke else max(size * jobs * 2, int(k * jobs * seconds) // size * size)
        backend = "sequential" if smoke else "loky"
        workers = 1 if smoke else jobs
        for mode in ("rows", "counts"):  # start the workers and load their kernels, untimed
            warm = RunSpec(game=game, workload="deals", rules=rules, seed=3, hands=4000 * workers,
                           shard_size=1000, mode=mode)
            whole_run(warm, f"{tmp}/warm-{mode}", workers, backend)
        for mode in ("rows", "counts"):
            spec = RunSpec(game=game, workload="deals", rules=rules, seed=2, hands=hands,
                           shard_size=size, mode=mode)
            r = whole_run(spec, f"{tmp}/{mode}", workers, backend)
            wall = r.hands_per_second / (k * workers)
            cpu = hands / k / max(r.cpu_seconds, 1e-9)  # the kernel's share of the workers' CPU
            writing = r.write_cpu_seconds / max(r.cpu_seconds, 1e-9)
            print(f"  whole run, {mode:6s} {workers} worker{'s' if workers > 1 else ' '}"
                  f" {r.hands_per_second:>12,.0f}   {wall:4.0%} of kernel × workers (wall) "
                  f"[{mark(wall >= RATIO)}]; kernel {cpu:4.0%} of the workers' CPU "
                  f"[{mark(cpu >= RATIO)}]; Parquet {writing:4.0%} of it; peak worker "
                  f"{r.peak_worker_mib:,.0f} MiB ({hands:,} deals in {r.seconds:.1f} s)")


def main() -> None:
    p = parser(__doc__)
    p.add_argument("games", nargs="*", help="games to scan (default: every game with a deals workload)")
    p.add_argument("--preset", default="seed", help="rules preset (e.g. doushisi for pairs)")
    p.add_argument("--jobs", type=int, default=2, help="workers for the whole runs")
    p.add_argument("--seconds", type=float, default=10.0, help="length of each whole run (about)")
    p.add_argument("--repeat", type=int, default=3, help="measurements of each stage (the best is kept)")
    args = p.parse_args()
    games = args.games or [g for g in game_names() if "deals" in get_game(g).workloads
                           and get_game(g).workload("deals").scan_kernel]
    for game in games:
        bench_game(game, preset=args.preset, jobs=args.jobs, seconds=args.seconds, smoke=args.smoke,
                   repeat=args.repeat)


if __name__ == "__main__":
    main()
