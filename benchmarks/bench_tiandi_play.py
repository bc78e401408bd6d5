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

import numpy as np
from harness import (add_rule_option, hand_loop_rates, parser, peak_mib, play_spec,
                     print_play_rates, rule_overrides, table_rate)
from numba import njit

from sim.games.chuanpai.tiandi import batch
from sim.games.chuanpai.tiandi.rules import TiandiRules, rules_vector
from sim.games.chuanpai.tiandi.play import TiandiPlay
from sim.registry import get_strategy


@njit(cache=True)
def free_kernel(obs, legal, n, rng):
    """A strategy that costs nothing: the first legal play."""
    return legal[0]


def kernel_rate(kernels: list, hands: int, repeats: int,
                rules: TiandiRules | None = None) -> tuple[float, float]:
    """(seconds of the first call, best hands/s over ``repeats`` calls)."""
    cfg = rules_vector(rules or TiandiRules())
    return hand_loop_rates(lambda: batch.specialised(kernels), (cfg,),
                           results=batch.N_RESULT, dtype=np.int32, hands=hands, repeats=repeats)


def main() -> None:
    p = parser(__doc__)
    p.add_argument("--strategies", default="strong,strong,strong")
    add_rule_option(p, example="combo_sizes=2-4")
    args = p.parse_args()
    rules = TiandiRules.from_options(overrides=rule_overrides(args))
    names = tuple(args.strategies.split(","))
    hands = 2_000 if args.smoke else 100_000
    repeats = 1 if args.smoke else 3
    kernels = [get_strategy("tiandi", n).kernel for n in names]
    first, rate = kernel_rate(kernels, hands, repeats, rules)
    _, free = kernel_rate([free_kernel] * 3, hands, repeats, rules)
    print(f"strategies {','.join(names)}; rules {' '.join(args.rule) or 'seed'}")
    spec = play_spec("tiandi", hands, rules=rules.to_dict(), strategies=names)
    print_play_rates(first, rate, table_rate(TiandiPlay(), spec))
    print(f"  engine alone (first legal play every time):   {free:12,.0f}")
    print(f"  peak memory (RSS): {peak_mib():,.0f} MiB")


if __name__ == "__main__":
    main()
