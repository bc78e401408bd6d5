"""ISMCTS sees only what its seat has seen: on two tables that differ only in cards the seat
cannot see, with the same generator, it makes the same choice. (An ismcts that searched the real table
instead of the seat's resamples fails this: checked when the test was written.)"""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("pyspiel", reason="open_spiel is not installed (pip install 'paiju[interop]')")

from sim.games import game_names, get_game  # noqa: E402
from sim.games.python_play import seat_player  # noqa: E402
from sim.registry import get_strategy  # noqa: E402
from sim.search import SeatView  # noqa: E402


def _a_wide_decision(game, rng: np.random.Generator, *, steps: int):
    """Random play for about ``steps`` steps, then on to a decision with several actions."""
    for _ in range(steps):
        if game.done:
            return None
        legal = game.legal_actions()
        game.step(legal[int(rng.integers(len(legal)))])
    while not game.done and len(game.legal_actions()) < 2:
        game.step(game.legal_actions()[0])
    return None if game.done else game


QUICK = ("guangshui", "tiandi")  # the others' Python-driver rollouts take minutes: slow


@pytest.mark.parametrize("name", [n if n in QUICK else pytest.param(n, marks=pytest.mark.slow)
                                  for n in game_names()])
def test_hidden_cards_cannot_reach_ismcts(name):
    info, checked = get_game(name), 0
    player = seat_player(get_strategy(name, "ismcts(sims=8)"))
    for hand in range(6):
        game = _a_wide_decision(info.driver.from_run(root_seed=3, hand=hand, rules=info.rules_of(None)),
                                np.random.default_rng(hand), steps=4 + 3 * hand)
        if game is None:
            continue
        seat = game.actor
        other = game.resample(seat, np.random.default_rng(100 + hand))  # other hidden cards, same view
        assert np.array_equal(other.observation_array(seat), game.observation_array(seat))
        rng = np.array([np.uint64(7 + hand)], dtype=np.uint64)
        here = player.search(SeatView(game, seat), rng.copy())
        there = player.search(SeatView(other, seat), rng.copy())
        assert here.code == there.code, f"{name} hand {hand}: the choice depends on hidden cards"
        checked += 1
    assert checked >= 3
