"""The ``expert`` 跑胡子 strategy against its targets, printed.

* self-play (expert in every seat, preset ``seed``): the 荒庄 rate with its interval
  (target ≤ 30%), beside ``shape`` in every seat on the same deals;
* against ``shape`` on common deals, each in every seat, the other seats ``greedy`` (as
  ``paiju compare zipai --a expert --b shape`` does): the paired gain in points per hand
  with its 95% interval (target ≥ +0.5, interval clear of zero);
* complete hands per second of CPU time on one core with expert in every seat (target
  ≥ 10,000), and the peak resident memory.

    python benchmarks/bench_zipai_expert.py              # about a minute of CPU
    python benchmarks/bench_zipai_expert.py --smoke      # self-play only, a few seconds (CI)
"""

from __future__ import annotations

import numpy as np
from harness import parser, peak_mib, timed, verdict

from sim.games.zipai import batch
from sim.games.zipai.engine import WK_HUANG
from sim.games.zipai.rules import rules_vector
from sim.games.zipai.rules import ZipaiRules
from sim.stats import paired_difference, rate_interval
from sim.registry import get_strategy

SEED = 20261130


def play(names: tuple[str, ...], hands: int, seed: int = SEED) -> tuple[np.ndarray, np.ndarray, float]:
    """(results, points, CPU seconds) of ``hands`` hands with these strategies per seat."""
    loop = batch.specialised([get_strategy("zipai", n).kernel for n in names])
    cfg = rules_vector(ZipaiRules())
    seeds = np.empty(hands, np.uint64)
    res = np.zeros((hands, batch.N_RESULT), np.int16)
    pts = np.zeros((hands, 3), np.int32)
    loop.play_hands(np.uint64(seed), np.int64(0), np.int64(min(hands, 10)), cfg, seeds, (res, pts))
    cpu, _ = timed(lambda: loop.play_hands(np.uint64(seed), np.int64(0), np.int64(hands), cfg,
                                           seeds, (res, pts)))
    return res, pts, cpu


def huang_rate(res: np.ndarray) -> float:
    """The share of hands that ended in 荒庄."""
    return float((res[:, batch.R_KIND] == WK_HUANG).mean())


def huang(res: np.ndarray) -> str:
    n = res.shape[0]
    k = int((res[:, batch.R_KIND] == WK_HUANG).sum())
    lo, hi = rate_interval(k, n)
    return f"{k / n:6.1%} [{float(lo):.1%}, {float(hi):.1%}]"


def dealer_wins(res: np.ndarray) -> str:
    """The dealer's win rate (hand i has dealer i % 3) with its interval; 1/3 would be fair
    only if nobody drew, so the share of the wins is shown too."""
    n = res.shape[0]
    dealer = np.arange(n) % 3
    won = res[:, batch.R_WINNER] == dealer
    k = int(won.sum())
    wins = int((res[:, batch.R_WINNER] >= 0).sum())
    lo, hi = rate_interval(k, n)
    return f"{k / n:6.1%} [{float(lo):.1%}, {float(hi):.1%}] ({k / max(wins, 1):.1%} of the wins)"


def main() -> None:
    p = parser(__doc__)
    p.add_argument("--hands", type=int, default=20_000, help="deals per measurement")
    p.add_argument("--against", default="shape")
    args = p.parse_args()
    hands = 500 if args.smoke else args.hands
    res, _, cpu = play(("expert",) * 3, hands)
    rate = hands / cpu
    print(f"expert ×3, {hands:,} hands, preset seed")
    print(f"  荒庄 rate: {huang(res)}   (target ≤ 30%: {verdict(huang_rate(res) <= 0.30)})")
    print(f"  dealer win rate: {dealer_wins(res)}")
    if args.smoke:  # one compiled loop only: the comparison compiles seven more
        print(f"  complete hands/s per core: {rate:10,.0f}")
        return
    res_b, _, _ = play((args.against,) * 3, hands)
    print(f"  {args.against} ×3 on the same deals: 荒庄 {huang(res_b)}; dealer win rate "
          f"{dealer_wins(res_b)}")
    print(f"  complete hands/s per core: {rate:10,.0f}   (target ≥ 10,000: {verdict(rate >= 10_000)})")
    a_pts, b_pts = [], []
    for seat in range(3):
        names_a = tuple("expert" if p == seat else "greedy" for p in range(3))
        names_b = tuple(args.against if p == seat else "greedy" for p in range(3))
        a_pts.append(play(names_a, hands)[1][:, seat].astype(np.float64))
        b_pts.append(play(names_b, hands)[1][:, seat].astype(np.float64))
    d = paired_difference(np.mean(a_pts, axis=0), np.mean(b_pts, axis=0))
    print(f"expert − {args.against} on common deals (each in every seat, others greedy):")
    print(f"  points per hand: {d.diff:+.3f} [{d.low:+.3f}, {d.high:+.3f}]   (target ≥ +0.5, clear of 0: "
          f"{verdict(d.diff >= 0.5 and d.low > 0)})")
    for seat in range(3):
        ds = paired_difference(a_pts[seat], b_pts[seat])
        print(f"    seat {seat}: {ds.diff:+.3f} [{ds.low:+.3f}, {ds.high:+.3f}]")
    print(f"  peak memory (RSS): {peak_mib():,.0f} MiB")


if __name__ == "__main__":
    main()
