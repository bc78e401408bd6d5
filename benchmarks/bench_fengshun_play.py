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

import numpy as np
from harness import (add_rule_option, best_rate, hand_loop_rates, parser, peak_mib, play_spec,
                     print_play_rates, rule_overrides, table_rate)

from sim.games.sise.fengshun import batch as B
from sim.games.sise.fengshun.play import FengshunPlay
from sim.games.sise.fengshun.rules import FengshunRules, rules_vector
from sim.registry import get_strategy

RULES = FengshunRules()


def kernel_rate(names: tuple[str, ...], hands: int, repeats: int) -> tuple[float, float]:
    """(seconds of the first call, best hands/s over ``repeats`` calls)."""
    loop = B.specialised([get_strategy("fengshun", n).kernel for n in names])
    return hand_loop_rates(lambda: loop, (B.context(RULES),),
                           results=B.N_RESULT, dtype=np.int64, hands=hands, repeats=repeats)


def deal_rate(deals: int) -> float:
    """Deals per second of the compiled deal scan (``paiju deals fengshun``)."""
    from sim.games.sise.fengshun.deals import FEATURES, scan_deals

    seeds = np.empty(deals, np.uint64)
    feat = np.zeros((len(FEATURES), RULES.players, deals), np.int8)
    win = np.zeros(deals, np.int8)
    cfg, tb = rules_vector(RULES), B.tables(RULES)

    def scan(start: int, count: int) -> None:
        scan_deals(np.uint64(1), np.int64(start), np.int64(count), cfg, tb, seeds, feat, win)

    scan(0, 10)
    return best_rate(scan, deals, 1)


def main() -> None:
    p = parser(__doc__)
    p.add_argument("--strategies", default="strong",
                   help="one name for every seat, or one per seat")
    add_rule_option(p, example="players=4")
    args = p.parse_args()
    global RULES
    RULES = FengshunRules.from_options(overrides=rule_overrides(args))
    names = tuple(args.strategies.split(","))
    if len(names) == 1:
        names = names * RULES.players
    hands = 500 if args.smoke else 20_000
    repeats = 1 if args.smoke else 3
    first, rate = kernel_rate(names, hands, repeats)
    print(f"strategies {','.join(names)}; rules {RULES.to_dict()}")
    spec = play_spec("fengshun", hands, rules=RULES.to_dict(), strategies=names)
    print_play_rates(first, rate, table_rate(FengshunPlay(), spec))
    print(f"  deals scanned/s per core:                     {deal_rate(hands * 10):12,.0f}")
    print(f"  peak memory (RSS): {peak_mib():,.0f} MiB")


if __name__ == "__main__":
    main()
