"""Throughput and memory of complete 跑胡子 hands (the ``play`` workload).

Prints complete hands per second of CPU time on one core (process time, so other load on
the machine does not distort it) for the compiled batch driver (greedy in
every seat by default; other strategy tuples with ``--strategies``), the same plus
building the Arrow table, the first-call compile time of the batch loop, and the peak
resident memory of this process.

    python benchmarks/bench_zipai_play.py                   # about 20 s
    python benchmarks/bench_zipai_play.py --smoke           # a few seconds (CI)
    python benchmarks/bench_zipai_play.py --profile         # where the time goes
"""

from __future__ import annotations

import numpy as np
from harness import best_rate, loop_rates, parser, peak_mib, play_spec, print_play_rates, table_rate

from sim.games.zipai.batch import N_RESULT, specialised
from sim.games.zipai.rules import rules_vector
from sim.games.zipai.play import ZipaiPlay
from sim.games.zipai.rules import ZipaiRules
from sim.registry import get_strategy


def _player(hands: int):
    """``play(loop, first, count)`` over fresh arrays for ``hands`` hands, preset rules."""
    cfg = rules_vector(ZipaiRules())
    seeds = np.empty(hands, np.uint64)
    res = np.zeros((hands, N_RESULT), np.int16)
    pts = np.zeros((hands, 3), np.int32)

    def play(loop, start: int, count: int) -> None:
        loop.play_hands(np.uint64(1), np.int64(start), np.int64(count), cfg, seeds, (res, pts))

    return play


def kernel_rate(names: tuple[str, ...], hands: int, repeats: int) -> tuple[float, float]:
    """(compile seconds of the first call, best hands/s over ``repeats`` calls)."""
    kernels = [get_strategy("zipai", n).kernel for n in names]
    return loop_rates(lambda: specialised(kernels), _player(hands), hands, repeats)


def profile(names: tuple[str, ...], hands: int) -> None:
    """Split the time: the evaluator calls, the strategies, the rest of the engine."""
    from numba import njit

    from sim.games.zipai.melds import MAX_PLAN_GROUPS, MAX_PLANS, chi_plans
    from sim.games.zipai.scoring import WORK_SIZE, best_win_kernel

    @njit
    def noop(obs, legal, n, rng):
        return legal[n - 1]  # pass / last discard: a strategy that costs nothing

    _, base = kernel_rate(("greedy",) * 3, hands, 2)
    _, noop_rate = loop_rates(lambda: [noop] * 3, _player(hands), hands, 1)
    print(f"  greedy ×3: {base:10,.0f} hands/s; engine alone (a free strategy): {noop_rate:10,.0f}")

    @njit
    def evals(n):
        hand = np.zeros(20, np.int16)
        mk = np.zeros(4, np.int16)
        mv = np.zeros(4, np.int16)
        st = np.array([7], np.uint64)
        plans = np.empty((MAX_PLANS, MAX_PLAN_GROUPS), np.int8)
        work = np.zeros(WORK_SIZE, np.int16)
        t = 0
        for i in range(n):
            hand[:] = 0
            for j in range(20):
                st[0] = st[0] * np.uint64(6364136223846793005) + np.uint64(1442695040888963407)
                k = int(st[0] >> np.uint64(59)) % 20
                if hand[k] < 4:
                    hand[k] += 1
            t += best_win_kernel(hand, mk, mv, 0, i % 20, True, 15, work)
            t += chi_plans(hand, (i + 3) % 20, plans)
        return t

    evals(10)
    per = 1 / best_rate(lambda _, n: evals(n), 200_000, 1)  # seconds per evaluation
    print(f"  one best_win + one chi_plans on a random 20-card hand: {per * 1e6:.2f} µs")


def main() -> None:
    p = parser(__doc__)
    p.add_argument("--strategies", default="greedy,greedy,greedy")
    p.add_argument("--profile", action="store_true", help="split the time")
    args = p.parse_args()
    names = tuple(args.strategies.split(","))
    hands = 2_000 if args.smoke else 100_000
    repeats = 1 if args.smoke else 3
    compile_s, rate = kernel_rate(names, hands, repeats)
    print(f"strategies {','.join(names)}")
    spec = play_spec("zipai", hands, rules=ZipaiRules().to_dict(), strategies=names)
    print_play_rates(compile_s, rate, table_rate(ZipaiPlay(), spec))
    if args.profile:
        profile(names, hands)
    print(f"  peak memory (RSS): {peak_mib():,.0f} MiB")


if __name__ == "__main__":
    main()
