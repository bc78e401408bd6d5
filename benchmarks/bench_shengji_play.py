"""Throughput and memory of complete 四副牌升级 hands (heuristic ``greedy`` in every seat).

Prints the compile time of the hand loop for a tuple of strategies, complete hands per
second on one core (the compiled loop alone, and with the Arrow table), whole matches
per second, and the peak resident memory of this process.

    python benchmarks/bench_shengji_play.py            # about a minute
    python benchmarks/bench_shengji_play.py --smoke    # a few seconds after compilation (CI)
"""

from __future__ import annotations

import time

import numpy as np
from harness import loop_rates, parser, peak_mib, play_spec, table_rate

from sim.games.shengji import GAME
from sim.games.shengji import engine as E
from sim.games.shengji.batch import specialised
from sim.games.shengji.rules import ShengjiRules
from sim.games.shengji.rules import rules_vector
from sim.registry import get_strategy


def loop_rate(names: tuple[str, ...], hands: int, repeats: int) -> tuple[float, float]:
    """(compile seconds, best complete hands/s of the bare compiled loop)."""
    kernels = [get_strategy("shengji", n).kernel for n in names]
    rules = ShengjiRules(start_level=2)
    seeds = np.zeros(hands, dtype=np.uint64)
    res = np.zeros((hands, E.N_RESULTS), dtype=np.int32)
    err = np.zeros(54, dtype=np.int8)

    def play(loop, start: int, count: int) -> None:
        bad = loop.play_hands(np.uint64(1), start, count, rules_vector(rules), seeds, (res, err))
        assert bad == -1

    return loop_rates(lambda: specialised(kernels), play, hands, repeats, warm=2,
                      clock=time.perf_counter)


def workload_rate(name: str, count: int) -> float:
    """Units per second through the workload (kernel + Arrow table)."""
    return table_rate(GAME.workload(name), play_spec("shengji", count, workload=name), warm=1,
                      clock=time.perf_counter)


def main() -> None:
    args = parser(__doc__).parse_args()
    hands = 300 if args.smoke else 5_000
    repeats = 1 if args.smoke else 3
    compile_s, rate = loop_rate(("greedy",) * 4, hands, repeats)
    print(f"compile (greedy ×4, inner functions cached): {compile_s:.1f} s")
    print(f"greedy ×4, compiled loop: {rate:,.0f} complete hands/s on one core")
    _, rrate = loop_rate(("random",) * 4, hands, repeats)
    print(f"random ×4, compiled loop: {rrate:,.0f} complete hands/s on one core")
    print(f"greedy ×4, with the Arrow table: {workload_rate('play', hands):,.0f} hands/s")
    matches = 20 if args.smoke else 200
    print(f"greedy ×4, whole matches: {workload_rate('match', matches):,.1f} matches/s")
    print(f"peak resident memory: {peak_mib():,.0f} MiB")


if __name__ == "__main__":
    main()
