"""The search ladder: each game's ``search`` against its strong player, at two values of K.

For every game with a ``search`` strategy (found in the registry; a game gains a row as soon
as it registers one), at each K: search in every seat in turn against the game's default
player in the others, and the default player in the same seats on the same deals
(``paiju compare``'s design), so search − strong is a paired difference per deal. Prints
per game and K:

* hands/s — complete hands of the search runs per second of CPU time on one core (the
  first run of each K is not timed: it compiles or loads the search loop);
* actions/s — every seat's actions in those hands (the rows' ``length``) per second;
* search − strong in points per hand, with its 95% paired interval, and whether the
  interval is clear of zero.

    python benchmarks/bench_search.py                       # each game's plan (PLAN)
    python benchmarks/bench_search.py --games zipai --k 16,64 --hands 2000
    python benchmarks/bench_search.py --smoke               # one game, a few deals (CI)
"""

from __future__ import annotations

import json
import tempfile
import time
from pathlib import Path

import polars as pl
from harness import parser, peak_mib

from sim import experiments, runner
from sim.games import game_names, get_game
from sim.registry import strategy_names

TARGET = "search − strong clear of zero in at least five of the seven games"
# Each game's two K and deals per seat: worlds enough for the search to show what it is
# worth at a speed the game allows (升级's search plays 4 hands/s at K = 8, 打马's a game
# every 4 s), deals enough for an interval that can clear zero. --k / --hands override.
PLAN: dict[str, tuple[tuple[int, ...], int]] = {
    "zipai": ((16, 64), 200), "fengshun": ((16, 64), 200), "guangshui": ((64, 128), 400),
    "tiandi": ((32, 64), 200), "pairs": ((32, 64), 200), "shengji": ((4, 8), 60),
    "dama": ((2, 8), 50),
}
DEFAULT_PLAN = ((16, 64), 200)  # a game that registers search later


def search_games(only: list[str] | None) -> list[str]:
    """The games whose registry holds a ``search`` strategy (in ``only``, when given)."""
    names = only or game_names()
    return [g for g in names if "search" in strategy_names(g)]


def ladder_row(game: str, k: int, width: int, hands: int, seed: int, work: Path) -> dict:
    """One line of the table: search(k, width) against the default player of ``game``."""
    workload = get_game(game).workload("play")
    strong = workload.default_strategies[0]
    search = f"search(k={k},width={width})" if width else f"search(k={k})"
    exp = experiments.comparison(game, a=search, b=strong, rules={}, seed=seed, hands=hands)
    out = work / f"{game}-k{k}"
    out.mkdir(parents=True)
    (out / experiments.EXPERIMENT).write_text(json.dumps(exp.to_json(), indent=2, ensure_ascii=False))
    cpu, timed_hands, actions = 0.0, 0, 0
    for i, (label, spec) in enumerate(exp.runs.items()):
        t0 = time.process_time()
        runner.run(spec, experiments.run_path(out, label), backend="sequential", progress=False)
        spent = time.process_time() - t0
        if label.startswith("a-") and i > 0:  # the first search run compiles: not timed
            cpu += spent
            timed_hands += spec.hands
            actions += int(experiments.load_run(out, label)["length"].sum())
    table = experiments.comparison_table(out)
    pts = table.filter((pl.col("measure") == "points per hand") & (pl.col("seats") == "all seats")).row(0, named=True)
    clear = pts["diff_low"] > 0 or pts["diff_high"] < 0
    return {"game": game, "search": search, "against": strong, "deals": hands,
            "hands/s": timed_hands / cpu if cpu else float("nan"),
            "actions/s": actions / cpu if cpu else float("nan"),
            "search − strong (points/hand)": f"{pts['diff']:+.3f} [{pts['diff_low']:+.3f}, {pts['diff_high']:+.3f}]",
            "clear of zero": ("better" if pts["diff_low"] > 0 else "worse") if clear else "no"}


def main() -> None:
    p = parser(__doc__, smoke_help="the first game with search (or --games), K = 1 and 2, 4 deals (CI)")
    p.add_argument("--games", default=None, help="comma-separated games (default: every game with search)")
    p.add_argument("--k", default=None, help="the values of K, comma-separated (default: each game's PLAN)")
    p.add_argument("--width", type=int, default=0, help="candidates per decision (0: each game's default)")
    p.add_argument("--hands", type=int, default=None, help="deals per seat and strategy (default: PLAN)")
    p.add_argument("--seed", type=int, default=20261202)
    args = p.parse_args()

    def plan(game: str) -> tuple[list[int], int]:
        ks, hands = PLAN.get(game, DEFAULT_PLAN)
        if args.smoke:
            return [1, 2], 4
        return ([int(x) for x in args.k.split(",")] if args.k else list(ks)), args.hands or hands
    games = search_games(args.games.split(",") if args.games else None)
    if args.smoke and not args.games:
        games = games[:1]  # each game's first search compiles for a minute: CI checks the script runs
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for game in games:
            ks, hands = plan(game)
            for k in ks:
                rows.append(ladder_row(game, k, args.width, hands, args.seed, Path(tmp)))
                print(f"{game} k={k}: {rows[-1]['hands/s']:.3g} hands/s, "
                      f"{rows[-1]['search − strong (points/hand)']}", flush=True)
    table = pl.DataFrame(rows)
    with pl.Config(tbl_rows=-1, tbl_cols=-1, tbl_width_chars=200, fmt_str_lengths=60):
        print(table)
    better = {r["game"] for r in rows if r["clear of zero"] == "better"}
    mark = "met" if len(better) >= 5 else "MISSED"
    print(f"target ({TARGET}): {mark} — better in {len(better)} of {len(games)} games with search"
          f"{' (' + ', '.join(sorted(better)) + ')' if better else ''}")
    print(f"peak memory: {peak_mib():.0f} MiB")


if __name__ == "__main__":
    main()
