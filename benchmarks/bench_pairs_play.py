"""Throughput and memory of complete pairing-game hands (the ``play`` workload), both presets.

Prints complete hands per second of CPU time on one core (process time, so other load on
the machine distorts it less) for the compiled batch driver with ``strong`` in every seat,
the same plus building the Arrow table, the first-call time of the batch loop (compilation
or cache load), and the peak resident memory of this process; for both presets and for six
players from two decks (longer hands: 168 cards, six seats).

    python benchmarks/bench_pairs_play.py            # about 45 s
    python benchmarks/bench_pairs_play.py --smoke    # a few seconds (CI)
"""

from __future__ import annotations

import numpy as np
from harness import hand_loop_rates, parser, peak_mib, play_spec, print_play_rates, table_rate

from sim.games.chuanpai.pairs import batch
from sim.games.chuanpai.pairs.rules import PairsRules, rules_vector
from sim.games.chuanpai.pairs.play import PairsPlay
from sim.registry import get_strategy


def kernel_rate(rules: PairsRules, kernels: list, hands: int, repeats: int) -> tuple[float, float]:
    """(seconds of the first call, best hands/s over ``repeats`` calls)."""
    return hand_loop_rates(lambda: batch.specialised(kernels), (rules_vector(rules),),
                           results=batch.N_RESULT, dtype=np.int32, hands=hands, repeats=repeats)


def main() -> None:
    args = parser(__doc__).parse_args()
    hands = 2_000 if args.smoke else 100_000
    repeats = 1 if args.smoke else 3
    kernels = [get_strategy("pairs", "strong").kernel] * 6
    for preset, extra in (("seed", {}), ("doushisi", {}), ("seed", {"players": 6, "decks": 2})):
        rules = PairsRules.from_options(preset=preset, overrides=extra)
        first, rate = kernel_rate(rules, kernels, hands, repeats)
        print(f"preset {preset}, {rules.players} players, {rules.decks} deck(s), strong in every seat")
        spec = play_spec("pairs", hands, rules=rules.to_dict(), strategies=("strong",))
        print_play_rates(first, rate, table_rate(PairsPlay(), spec))
    print(f"peak memory (RSS): {peak_mib():,.0f} MiB")


if __name__ == "__main__":
    main()
