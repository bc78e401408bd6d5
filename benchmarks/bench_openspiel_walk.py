"""OpenSpiel's own random walk on every paiju game: seconds and peak memory of ``random_sim_test``.

Each game's walk runs in a fresh child process (``pyspiel.random_sim_test(game, num_sims=2,
serialize=False)``, the check any OpenSpiel user runs first), so its peak resident memory is
its own; the seconds are the child's CPU time (user + system).

    python benchmarks/bench_openspiel_walk.py                     # every game at its defaults
    python benchmarks/bench_openspiel_walk.py --games dama --params throw_limit=2000
    python benchmarks/bench_openspiel_walk.py --smoke             # the quick games (CI)

random_sim_test keeps a clone of every state of its walk, and every clone carries OpenSpiel's
own history, 16 bytes an action, so a walk of L actions needs about 8 L² bytes however little
the game itself keeps (the ``history`` column); the ``game`` column is the rest.
"""

from __future__ import annotations

import os
import subprocess
import sys

from harness import parser

from sim.games import game_names

SMOKE_GAMES = ("zipai", "tiandi", "pairs")
CHILD = """
import sys, pyspiel, sim.interop.openspiel
game = pyspiel.load_game(sys.argv[1])
pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)
"""
LENGTH = """
import sys, numpy as np, pyspiel, sim.interop.openspiel
game, rng = pyspiel.load_game(sys.argv[1]), np.random.default_rng(0)
longest = 0
for _ in range(2):
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, odds = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=np.array(odds) / sum(odds))))
        else:
            legal = state.legal_actions()
            state.apply_action(legal[int(rng.integers(len(legal)))])
    longest = max(longest, len(state.history()))
print(longest, game.max_game_length())
"""


def walk(name: str) -> tuple[float, float]:
    """(CPU seconds, peak resident MiB) of random_sim_test on ``name`` in a child process."""
    child = subprocess.Popen([sys.executable, "-c", CHILD, name])
    _, status, usage = os.wait4(child.pid, 0)
    if status:
        raise SystemExit(f"random_sim_test on {name} failed (status {status})")
    return usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def main() -> None:
    p = parser(__doc__, smoke_help="three quick games")
    p.add_argument("--games", default=None, help="comma-separated games (default: every game)")
    p.add_argument("--params", default="", help="OpenSpiel parameters for every game, e.g. throw_limit=2000")
    args = p.parse_args()
    games = args.games.split(",") if args.games else list(SMOKE_GAMES if args.smoke else game_names())
    print(f"{'game':34s} {'actions':>8s} {'max len':>8s} {'history':>8s} {'peak MiB':>9s} {'CPU s':>7s}")
    for game in games:
        name = f"paiju_{game}" + (f"({args.params})" if args.params else "")
        out = subprocess.run([sys.executable, "-c", LENGTH, name], check=True, capture_output=True,
                             text=True).stdout.split()
        actions, max_length = int(out[0]), int(out[1])
        seconds, peak = walk(name)
        history = 8 * actions**2 / 2**20  # every kept clone's 16-byte actions, L²/2 of them
        print(f"{name:34s} {actions:8,d} {max_length:8,d} {history:8,.0f} {peak:9,.0f} {seconds:7.1f}")


if __name__ == "__main__":
    main()
