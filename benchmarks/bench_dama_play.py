"""Throughput and memory of whole 打马 games (``strong``, and ``racer`` at 3–5 players, in every seat).

Prints, for 2 to 5 players, whole games per second and throws per second per core (CPU
seconds of this process, so a busy machine counts less against it) of the compiled loop,
throws per game, and the share of throws that are a choice; then ``greedy``, the
``split`` rule, the workload with the Arrow table, and the peak resident memory.

Games get much longer with more players (more hits: a hit horse must be entered again,
and its owner moves nothing until it is), so games/s falls faster than throws/s.

    python benchmarks/bench_dama_play.py            # about two minutes
    python benchmarks/bench_dama_play.py --smoke    # a few seconds after compilation (CI)
"""

from __future__ import annotations

import time

import numpy as np
from harness import best_rate, parser, peak_mib, play_spec, table_rate, timed

from sim.games.dama import GAME, DamaRules
from sim.games.dama import state as S
from sim.games.dama.batch import context, new_states, specialised
from sim.games.dama.rules import rules_vector
from sim.registry import get_strategy


def loop_rate(name: str, players: int, games: int, repeats: int,
              **options: str) -> tuple[float, float, float]:
    """(compile seconds, best games/s of the bare compiled loop, mean throws per game)."""
    kernels = [get_strategy("dama", name).kernel] * 5
    rules = DamaRules(players=players, **options)
    seeds = np.zeros(games, dtype=np.uint64)
    states = new_states(games)

    def compile_loop():
        loop = specialised(kernels)
        loop.play_hands(np.uint64(1), np.int64(0), np.int64(2), context(rules_vector(rules)), seeds,
                        states)
        return loop

    def play(start: int, count: int) -> None:
        bad = loop.play_hands(np.uint64(1), np.int64(start), np.int64(count),
                              context(rules_vector(rules)), seeds, states)
        assert bad == -1

    compile_s, loop = timed(compile_loop, clock=time.perf_counter)
    best = best_rate(play, games, repeats)  # CPU time of this process: the machine may be shared
    throws = float(states[:, S.NTHROWS].mean()) if repeats else 0.0  # of the last repeat
    return compile_s, best, throws


def workload_rate(count: int) -> float:
    """Games per second through the workload (kernel + Arrow table)."""
    return table_rate(GAME.workload("play"), play_spec("dama", count), warm=1)


def main() -> None:
    args = parser(__doc__).parse_args()
    games = 40 if args.smoke else 1_000
    repeats = 1 if args.smoke else 2
    for name in ("strong",) if args.smoke else ("strong", "racer"):
        for players in ((2,) if args.smoke else (2, 3, 4, 5)):
            if name == "racer" and players == 2:
                continue  # the same player as strong
            n = games if players == 2 else max(games // (2 * players), 10)  # long games: fewer
            compile_s, rate, throws = loop_rate(name, players, n, repeats)
            print(f"{players} players, {name} ×{players}: compile {compile_s:.1f} s; "
                  f"{rate:,.0f} games/s on one core; {throws:,.0f} throws per game "
                  f"({rate * throws:,.0f} throws/s)")
    _, grate, gthrows = loop_rate("greedy", 2, games, repeats)
    print(f"2 players, greedy ×2: {grate:,.0f} games/s; {gthrows:,.0f} throws per game")
    _, srate, sthrows = loop_rate("strong", 2, games, repeats, move_rule="split")
    print(f"2 players, strong ×2, move_rule=split: {srate:,.0f} games/s; "
          f"{sthrows:,.0f} throws per game")
    print(f"strong ×2 with the Arrow table: {workload_rate(games):,.0f} games/s")
    print(f"peak resident memory: {peak_mib():,.0f} MiB")


if __name__ == "__main__":
    main()
