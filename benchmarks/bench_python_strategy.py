"""Throughput of plain Python strategies (``choose(observation, legal, rng)``).

A Python strategy plays through the game's Python driver, one decision at a time, so it
is much slower than a compiled kernel. Prints hands per second of CPU time on one core
(process time, so other load on the machine does not distort it):

* 跑胡子 with ``strategies.examples:eager`` in one seat and in all three, next to the
  compiled batch with ``greedy`` in every seat;
* 升级 with ``strategies.examples:shuffled`` in one seat (its leads are enumerated in
  Python);
* 广水, 丰顺, 天地人和, the pairing game and 打马 with ``strategies.examples:uniform``
  in seat 0 and ``strong`` elsewhere, next to the compiled
  batch with ``strong`` in every seat (:mod:`sim.games.python_play`);
* a run through the runner (the same rows, Parquet written) with ``--jobs`` workers, in
  wall-clock hands/s,

and the peak resident memory of this process.

    python benchmarks/bench_python_strategy.py            # about a minute
    python benchmarks/bench_python_strategy.py --smoke    # a few seconds (CI)
"""

from __future__ import annotations

import tempfile

from harness import parser, peak_mib, play_spec, table_rate

from sim import runner
from sim.games import get_game
from sim.games.base import RunSpec

EAGER = "strategies.examples:eager"
SHUFFLED = "strategies.examples:shuffled"
# the games whose Python strategies go through sim.games.python_play: title, seats, Python
# strategy, and the hands of the compiled and of the Python measurement (full size)
DRIVER_GAMES = {
    "guangshui": ("广水", 3, "strategies.examples:uniform", 4000, 300),
    "fengshun": ("丰顺", 3, "strategies.examples:uniform", 4000, 300),
    "tiandi": ("天地人和", 3, "strategies.examples:uniform", 4000, 300),
    "pairs": ("pairing game", 4, "strategies.examples:uniform", 4000, 300),
    "dama": ("打马", 2, "strategies.examples:uniform", 1000, 100),
}


def rate(game: str, strategies: tuple[str, ...], hands: int) -> float:
    """Hands per CPU second of the play workload (warmed up first)."""
    return table_rate(get_game(game).workload("play"),
                      play_spec(game, hands, strategies=strategies), warm=2)


def run_rate(hands: int, jobs: int) -> tuple[float, float]:
    """Hands/s of a runner call with a Python strategy in one seat: wall clock, and per
    worker while playing (the workers' play time summed over shards)."""
    spec = RunSpec(game="zipai", workload="play", rules={}, strategies=(EAGER, "greedy", "greedy"),
                   seed=2, hands=hands, shard_size=max(1, hands // (4 * jobs)))
    with tempfile.TemporaryDirectory() as out:
        result = runner.run(spec, out, jobs=jobs, progress=False)
    return result.hands_per_second, result.hands_played / max(result.play_seconds, 1e-9)


def main() -> None:
    p = parser(__doc__, smoke_help="tiny sizes, for CI")
    p.add_argument("--jobs", type=int, default=1, help="workers of the runner call")
    args = p.parse_args()
    n = 20 if args.smoke else 400
    print("Python strategies, hands per CPU second on one core")
    batch = rate("zipai", ("greedy",) * 3, 20 * n)
    one = rate("zipai", (EAGER, "greedy", "greedy"), n)
    three = rate("zipai", (EAGER,) * 3, n)
    print(f"  跑胡子 compiled greedy ×3 (batch):        {batch:10,.0f}")
    print(f"  跑胡子 eager (Python) + greedy ×2:        {one:10,.1f}   ({batch / one:,.0f}× slower)")
    print(f"  跑胡子 eager (Python) ×3:                 {three:10,.1f}")
    sj_n = 2 if args.smoke else 30
    sj_batch = rate("shengji", ("greedy",) * 4, 50 * sj_n)
    sj_one = rate("shengji", (SHUFFLED, "greedy", "greedy", "greedy"), sj_n)
    print(f"  升级 compiled greedy ×4 (batch):          {sj_batch:10,.0f}")
    print(f"  升级 shuffled (Python) + greedy ×3:       {sj_one:10,.1f}")
    for game, (title, seats, python, batch_n, python_n) in DRIVER_GAMES.items():
        scale = 100 if args.smoke else 1
        kernels = ("strong",) * seats
        fast = rate(game, kernels, max(4, batch_n // scale))
        slow = rate(game, (python,) + kernels[1:], max(2, python_n // scale))
        label = f"{title} {python.split(':')[1]} (Python) + strong ×{seats - 1}:"
        print(f"  {title} compiled strong ×{seats} (batch):".ljust(42) + f"{fast:10,.0f}")
        print(f"  {label}".ljust(42) + f"{slow:10,.1f}   (batch {fast / slow:,.1f}× as fast)")
    for jobs in sorted({1, args.jobs}):
        wall, per_worker = run_rate((2 if args.smoke else 20) * n, jobs)
        print(f"  runner, 跑胡子 eager + greedy ×2, {jobs} job(s): {wall:8,.1f} hands/s wall clock "
              f"(worker start-up included), {per_worker:,.0f} per worker while playing")
    print(f"  peak memory of this process: {peak_mib():,.0f} MiB")


if __name__ == "__main__":
    main()
