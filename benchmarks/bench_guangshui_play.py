"""Throughput and memory of complete 广水四色牌 hands (``play``) and of the deal scan (``deals``).

Prints complete hands per second of CPU time on one core (process time, so other load on
the machine does not distort it much) for the compiled batch driver with the ``strong``
strategy in every seat (other tuples with ``--strategies``), the same plus building the
Arrow table, the first-call time of the batch loop, deals scanned per second per core, and
the peak resident memory.

    python benchmarks/bench_guangshui_play.py            # about 20 s
    python benchmarks/bench_guangshui_play.py --smoke    # a few seconds (CI)
"""

from __future__ import annotations

import numpy as np
from harness import (best_rate, hand_loop_rates, parser, peak_mib, play_spec, print_play_rates,
                     table_rate)

from sim.games.sise.guangshui import batch as B
from sim.games.sise.guangshui.rules import rules_vector
from sim.games.sise.guangshui.play import GuangshuiPlay
from sim.registry import get_strategy


def kernel_rate(names: tuple[str, ...], hands: int, repeats: int) -> tuple[float, float]:
    """(seconds of the first call, best hands/s over ``repeats`` calls)."""
    loop = B.specialised([get_strategy("guangshui", n).kernel for n in names])
    return hand_loop_rates(lambda: loop, (rules_vector(None),), results=B.N_RESULT, dtype=np.int64,
                           hands=hands, repeats=repeats)


def deal_rate(deals: int) -> float:
    """Deals per second of the compiled deal scan (``paiju deals guangshui``)."""
    from sim.games.sise.guangshui.deals import FEATURES, scan_deals

    seeds = np.empty(deals, np.uint64)
    feat = np.zeros((len(FEATURES), 3, deals), np.int8)
    win = np.zeros(deals, np.int8)
    cfg = rules_vector(None)

    def scan(start: int, count: int) -> None:
        scan_deals(np.uint64(1), np.int64(start), np.int64(count), cfg, seeds, feat, win)

    scan(0, 10)
    return best_rate(scan, deals, 1)


def main() -> None:
    p = parser(__doc__)
    p.add_argument("--strategies", default="strong,strong,strong")
    args = p.parse_args()
    names = tuple(args.strategies.split(","))
    hands = 1_000 if args.smoke else 50_000
    repeats = 1 if args.smoke else 3
    first, rate = kernel_rate(names, hands, repeats)
    print(f"strategies {','.join(names)}")
    spec = play_spec("guangshui", hands, strategies=names)
    print_play_rates(first, rate, table_rate(GuangshuiPlay(), spec))
    print(f"  deals scanned/s per core:                     {deal_rate(hands * 20):12,.0f}")
    print(f"  peak memory (RSS): {peak_mib():,.0f} MiB")


if __name__ == "__main__":
    main()
