"""The 四副牌升级 ``expert`` player: its speed, and how it does against ``greedy``.

Team test on common deals with the seats rotated: every deal is played twice, once with
``expert`` in seats 0 and 2 and ``greedy`` in 1 and 3, once the other way round. The
declaration, hence the 庄家, depends only on the deal, so on each deal one team of each
kind attacks and the other defends, once each. Paired over the deals it prints

* attacker points: expert attacking greedy − greedy attacking expert (target: > 0, the
  interval clear of zero);
* hold rate (the 庄家 side keeps the deal): expert defending − greedy defending (target:
  > 0, clear of zero);
* complete hands per second of ``expert`` ×4 on one core (CPU time; target ≥ 1,000),
  and the peak resident memory.

    python benchmarks/bench_shengji_expert.py            # about a minute after compiling
    python benchmarks/bench_shengji_expert.py --smoke    # a few seconds after compiling (CI)

The machine may be shared: hands/s are CPU seconds of this process, still somewhat low
under load.
"""

from __future__ import annotations

import numpy as np
from harness import parser, peak_mib, timed, verdict

from sim.games.shengji import engine as E
from sim.games.shengji.batch import specialised
from sim.games.shengji.rules import ShengjiRules
from sim.games.shengji.rules import rules_vector
from sim.stats import paired_difference
from sim.registry import get_strategy

ROOT = 20261201


def run(names: tuple[str, ...], hands: int) -> tuple[np.ndarray, float]:
    """(result rows, CPU seconds) of ``hands`` first hands with these four strategies."""
    kernels = [get_strategy("shengji", n).kernel for n in names]
    rules = ShengjiRules()
    seeds = np.zeros(hands, dtype=np.uint64)
    res = np.zeros((hands, E.N_RESULTS), dtype=np.int32)
    err = np.zeros(54, dtype=np.int8)
    loop = specialised(kernels)
    loop.play_hands(np.uint64(ROOT), 0, 1, rules_vector(rules),
                    seeds[:1], (res[:1], err))  # compile outside the timing
    cpu, bad = timed(lambda: loop.play_hands(np.uint64(ROOT), 0, hands, rules_vector(rules),
                                             seeds, (res, err)))
    if bad != -1:
        raise SystemExit(f"{names}: illegal play in hand {bad}")
    return res, cpu


def main() -> None:
    p = parser(__doc__)
    p.add_argument("-n", "--hands", type=int, default=None, help="deals (default 4,000)")
    args = p.parse_args()
    hands = args.hands or (200 if args.smoke else 4_000)

    res, cpu = run(("expert",) * 4, hands)
    rate = hands / cpu
    print(f"expert ×4: {rate:,.0f} complete hands/s on one core (CPU time; target ≥ 1,000: "
          f"{verdict(rate >= 1000)})")

    even, _ = run(("expert", "greedy", "expert", "greedy"), hands)  # expert in seats 0, 2
    odd, _ = run(("greedy", "expert", "greedy", "expert"), hands)  # expert in seats 1, 3
    zhuang_team = even[:, E.R_ZHUANG] % 2
    assert (zhuang_team == odd[:, E.R_ZHUANG] % 2).all()  # the same 庄家 on each deal
    # expert defends in `even` when the 庄家 sits in 0 or 2, in `odd` otherwise
    exp_def = np.where(zhuang_team == 0, 1, 0).astype(bool)
    pts_even = even[:, E.R_POINTS].astype(np.float64)
    pts_odd = odd[:, E.R_POINTS].astype(np.float64)
    exp_attacks = np.where(exp_def, pts_odd, pts_even)  # expert attacking greedy
    grd_attacks = np.where(exp_def, pts_even, pts_odd)  # greedy attacking expert
    hold_even = (even[:, E.R_SIDE] == 0).astype(np.float64)
    hold_odd = (odd[:, E.R_SIDE] == 0).astype(np.float64)
    exp_holds = np.where(exp_def, hold_even, hold_odd)
    grd_holds = np.where(exp_def, hold_odd, hold_even)
    for label, a, b in (("attacker points (expert attacking − greedy attacking)", exp_attacks,
                         grd_attacks),
                        ("hold rate (expert defending − greedy defending)", exp_holds, grd_holds)):
        d = paired_difference(a, b)
        print(f"{label}: {d.mean_a:.3f} vs {d.mean_b:.3f}, difference {d.diff:+.3f} "
              f"[{d.low:+.3f}, {d.high:+.3f}] over {d.n:,} deals (target: clear of zero: "
              f"{verdict(d.low > 0)})")
    print(f"peak resident memory: {peak_mib():,.0f} MiB")


if __name__ == "__main__":
    main()
