"""A whole `paiju deals` command against the time its kernels alone take on the same workers.

For one game, ``-n`` deals and ``--jobs`` workers, alternately ``--repeat`` times:

* the kernels alone: ``--jobs`` processes start together, each dealing its share of the
  deals block by block through the workload's ``play``; the kernels' time is the largest
  CPU time one process spent inside the compiled scan (so both kernels run at once, as in
  a run, and the machine's sharing of memory and caches between them counts);
* the command: ``paiju deals GAME -n N --jobs J`` (``--counts`` with ``--counts``) in a
  new process and a new directory, from its start to its exit: the interpreter's start,
  imports, the warm-up, starting the workers, the deals, the summary and the exit.

Each pair is printed with the command's ratio to the kernels' time (the goal is at most
1.25) and the "played" time the command reports; the kernels' rate per core of each
pair shows how much the machine's speed moved between measurements.

    python benchmarks/bench_deal_command.py zipai -n 100000000
    python benchmarks/bench_deal_command.py zipai -n 1000000000 --counts --repeat 1
    python benchmarks/bench_deal_command.py --smoke        # small, every part runs (CI)
"""

from __future__ import annotations

import multiprocessing
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from harness import parser

GOAL = 1.25  # the command's time at most this many times the kernels' own time


def _kernel_share(game: str, start: int, count: int, at: float) -> float:
    """In a worker process: CPU seconds inside the compiled scan for deals ``start ..``,
    beginning at the wall time ``at`` (so that every worker deals at the same time)."""
    from bench_deals import KernelClock

    from sim.games import get_game
    from sim.games.base import RunSpec
    from sim.runner import BLOCK

    info = get_game(game)
    workload = info.workload("deals")
    spec = RunSpec(game=game, workload="deals", rules=info.rules().to_dict(), seed=1,
                   hands=start + count, shard_size=max(count, 1))
    workload.warm_up(spec)
    while time.time() < at:
        time.sleep(0.005)
    with KernelClock(game) as clock:
        for first in range(start, start + count, BLOCK):
            workload.play(spec, first, min(BLOCK, start + count - first))
    return clock.seconds


def kernels_alone(game: str, deals: int, jobs: int) -> float:
    """Seconds the kernels take for ``deals`` deals on ``jobs`` processes dealing at once."""
    shares = [(game, deals * k // jobs, deals * (k + 1) // jobs - deals * k // jobs) for k in range(jobs)]
    with multiprocessing.get_context("spawn").Pool(jobs) as pool:
        at = time.time() + 5.0  # after every process has started and loaded its kernel
        seconds = pool.starmap(_kernel_share, [(*share, at) for share in shares])
    return max(seconds)


def command(game: str, deals: int, jobs: int, counts: bool, where: Path) -> tuple[float, float]:
    """(whole seconds, played seconds) of one ``paiju deals`` command in a new directory."""
    out = where / "run"
    shutil.rmtree(out, ignore_errors=True)
    argv = [sys.executable, "-c", "from sim.cli import program; program()", "deals", game,
            "-n", str(deals), "--jobs", str(jobs), "-o", str(out), "--no-progress"]
    t0 = time.perf_counter()
    done = subprocess.run(argv + (["--counts"] if counts else []), capture_output=True, text=True)
    seconds = time.perf_counter() - t0
    if done.returncode != 0:
        raise SystemExit(f"the command failed:\n{done.stderr.strip()}")
    played = re.search(r"played [\d,]+ \w+ in ([\d.]+) s", done.stdout)
    shutil.rmtree(out, ignore_errors=True)
    return seconds, float(played.group(1)) if played else float("nan")


def main() -> None:
    p = parser(__doc__)
    p.add_argument("game", nargs="?", default="zipai", help="the game whose deals to scan (default zipai)")
    p.add_argument("-n", "--deals", type=int, default=100_000_000, help="deals (default 10^8)")
    p.add_argument("--jobs", type=int, default=2, help="workers (default 2)")
    p.add_argument("--counts", action="store_true", help="time the command with --counts")
    p.add_argument("--repeat", type=int, default=3, help="pairs of measurements (default 3)")
    args = p.parse_args()
    deals, repeat = (400_000, 1) if args.smoke else (args.deals, args.repeat)
    mode = "counts" if args.counts else "rows"
    print(f"paiju deals {args.game} -n {deals:,} --jobs {args.jobs} ({mode}) against its kernels "
          f"on {args.jobs} workers; goal: at most {GOAL}× the kernels' time")
    with tempfile.TemporaryDirectory() as tmp:
        command(args.game, min(deals, 10_000), args.jobs, args.counts, Path(tmp))  # compile, untimed
        for _ in range(repeat):
            kernel = kernels_alone(args.game, deals, args.jobs)
            whole, played = command(args.game, deals, args.jobs, args.counts, Path(tmp))
            ratio = whole / kernel
            print(f"  kernels {kernel:7.2f} s ({deals / args.jobs / kernel:,.0f} deals/s a core); "
                  f"command {whole:7.2f} s = {ratio:.2f}× [{'met' if ratio <= GOAL else 'MISSED'}]; "
                  f"it reports {played:.2f} s played = {played / kernel:.2f}×", flush=True)


if __name__ == "__main__":
    main()
