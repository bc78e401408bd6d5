"""Steps per second through the interop adapters against the Python driver alone, per game.

Random legal play of the same deals, timed once through the game's Python driver and once
through each adapter of :data:`ADAPTERS` (a name and a function that plays ``hands`` hands
and returns the steps taken); the ratio is the adapter's cost (target: at most 2×).

    python benchmarks/bench_interop.py            # 20 hands a game
    python benchmarks/bench_interop.py --smoke    # 2 hands a game (CI)
"""

from __future__ import annotations

import time
from collections.abc import Callable

import numpy as np
from harness import parser

from sim.games import game_names, get_game


def driver_steps(game: str, hands: int) -> int:
    """Random play of ``hands`` deals through the Python driver; the steps taken."""
    info, steps = get_game(game), 0
    for hand in range(hands):
        g = info.driver.from_run(root_seed=0, hand=hand, rules=info.rules_of(None))
        rng = np.random.default_rng(hand)
        while not g.done:
            legal = g.legal_actions()
            g.step(legal[int(rng.integers(len(legal)))])
            steps += 1
    return steps


def openspiel_steps(game: str, hands: int) -> int:
    """The same deals and choices through the OpenSpiel adapter (legal actions by code)."""
    import pyspiel

    import sim.interop.openspiel  # noqa: F401  (registers the games)

    osgame, steps = pyspiel.load_game(f"paiju_{game}(seed=0)"), 0
    for hand in range(hands):
        state = osgame.new_initial_state()
        state.apply_action(hand)
        rng = np.random.default_rng(hand)
        while not state.is_terminal():
            legal = state.driver.legal_actions()  # the driver's order, as driver_steps draws
            state.apply_action(legal[int(rng.integers(len(legal)))].code)
            state.legal_actions()
            steps += 1
    return steps


# adapter name -> a function playing (game, hands) and returning its steps
ADAPTERS: dict[str, Callable[[str, int], int]] = {"openspiel": openspiel_steps}


def main() -> None:
    p = parser(__doc__)
    p.add_argument("--hands", type=int, default=None, help="hands per game")
    p.add_argument("--games", default="", help="comma-separated games (default: every game)")
    args = p.parse_args()
    hands = args.hands or (2 if args.smoke else 20)
    games = args.games.split(",") if args.games else game_names()
    print(f"{'game':<10} {'adapter':<10} {'steps/s':>10} {'driver steps/s':>15} {'cost':>6}")
    for game in games:
        driver_steps(game, 1)  # compile outside the timing
        t = time.perf_counter()
        steps = driver_steps(game, hands)
        base = steps / (time.perf_counter() - t)
        for name, play in ADAPTERS.items():
            play(game, 1)  # load and compile outside the timing
            t = time.perf_counter()
            steps = play(game, hands)
            rate = steps / (time.perf_counter() - t)
            print(f"{game:<10} {name:<10} {rate:>10.0f} {base:>15.0f} {base / rate:>5.2f}×")


if __name__ == "__main__":
    main()
