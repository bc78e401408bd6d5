"""Steps per second through the interop adapters against the Python driver alone, per game.

Random legal play of the same deals, timed once through the game's Python driver and once
through each adapter of :data:`ADAPTERS` (a name and a function that plays ``hands`` hands
and returns the steps taken); the ratio is the adapter's cost (target: at most 2×). Rates
are of this process's CPU time (the machine may be shared).

    python benchmarks/bench_interop.py            # 20 hands a game
    python benchmarks/bench_interop.py --smoke    # 2 hands a game (CI)
    python benchmarks/bench_interop.py --hands 6 --adapters pettingzoo,gym --games zipai
    python benchmarks/bench_interop.py --legal 2000 --games shengji   # most legal actions

The gym row counts every decision of the hand; its other seats play the compiled
``random`` kernel, which builds no action texts, so it can run faster than the driver row.
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

    osgame, steps = pyspiel.load_game(f"paiju_{game}(chance=deals,seed=0)"), 0
    for hand in range(hands):
        state = osgame.new_initial_state()
        state.apply_action(hand)
        rng = np.random.default_rng(hand)
        while not state.is_terminal():
            legal = state.driver.legal_actions()  # the driver's order, as driver_steps draws
            i = int(rng.integers(len(legal)))
            state.apply_action(legal[i].code if osgame.table.by_code else i)  # 升级: the index
            state.legal_actions()
            steps += 1
    return steps


def pettingzoo_steps(game: str, hands: int) -> int:
    """The same deals and choices through the PettingZoo AEC environment (``last``, the
    mask and ``step`` every decision, as a learner's loop does)."""
    from sim.interop.pettingzoo import env

    e, steps = env(game, seed=0), 0
    for hand in range(hands):
        e.hand = hand  # hand ``hand`` of root seed 0, as driver_steps deals it
        e.reset()
        rng = np.random.default_rng(hand)
        for _ in e.agent_iter():
            obs, _, terminated, _, _ = e.last()
            if terminated:
                e.step(None)
                continue
            codes = e._codes  # the driver's order, as driver_steps draws
            e.step(e.table.action(codes[int(rng.integers(len(codes)))], codes))
            steps += 1
    return steps


def gym_steps(game: str, hands: int) -> int:
    """The same deals through the Gymnasium environment: seat 0 draws as driver_steps
    draws, the other seats play paiju's compiled ``random``; every decision counts."""
    from sim.interop.gym import make

    env, steps = make(game, opponents="random", seed=0), 0
    for hand in range(hands):
        rng = np.random.default_rng(hand)
        env.hand = hand
        obs, _ = env.reset()
        done = False
        while not done:
            codes = env._codes
            obs, _, done, _, _ = env.step(env.table.action(codes[int(rng.integers(len(codes)))], codes))
        steps += len(env.driver.decisions)
    return steps


def legal_counts(game: str, hands: int) -> int:
    """The most legal actions of one decision in ``hands`` random hands (the padded length
    of an index action space must exceed it)."""
    info, most = get_game(game), 0
    for hand in range(hands):
        g = info.driver.from_run(root_seed=0, hand=hand, rules=info.rules_of(None))
        rng = np.random.default_rng(hand)
        while not g.done:
            legal = g.legal_actions()
            most = max(most, len(legal))
            g.step(legal[int(rng.integers(len(legal)))])
    return most


# adapter name -> a function playing (game, hands) and returning its steps
ADAPTERS: dict[str, Callable[[str, int], int]] = {"openspiel": openspiel_steps,
                                                   "pettingzoo": pettingzoo_steps,
                                                   "gym": gym_steps}


def main() -> None:
    p = parser(__doc__)
    p.add_argument("--hands", type=int, default=None, help="hands per game")
    p.add_argument("--games", default="", help="comma-separated games (default: every game)")
    p.add_argument("--legal", type=int, default=0,
                   help="only print the most legal actions of a decision in this many random hands")
    p.add_argument("--adapters", default="", help="comma-separated adapters (default: all)")
    args = p.parse_args()
    hands = args.hands or (2 if args.smoke else 20)
    games = args.games.split(",") if args.games else game_names()
    if args.legal:
        for game in games:
            print(f"{game}: at most {legal_counts(game, args.legal)} legal actions in "
                  f"{args.legal} random hands")
        return
    adapters = {k: ADAPTERS[k] for k in args.adapters.split(",")} if args.adapters else ADAPTERS
    print(f"{'game':<10} {'adapter':<10} {'steps/s':>10} {'driver steps/s':>15} {'cost':>6}")
    for game in games:
        driver_steps(game, 1)  # compile outside the timing
        t = time.process_time()
        steps = driver_steps(game, hands)
        base = steps / (time.process_time() - t)
        for name, play in adapters.items():
            play(game, 1)  # load and compile outside the timing
            t = time.process_time()
            steps = play(game, hands)
            rate = steps / (time.process_time() - t)
            print(f"{game:<10} {name:<10} {rate:>10.0f} {base:>15.0f} {base / rate:>5.2f}×")


if __name__ == "__main__":
    main()
