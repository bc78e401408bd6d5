"""A hand's copies share its decision and event logs (sim.games.log), and still continue as
the hand would: a copy costs the same however long the hand has run."""

from __future__ import annotations

import copy
import pickle

import numpy as np
import pytest

from sim.games import game_names, get_game
from sim.games.log import SharedLog


def test_copies_share_entries_and_diverge_on_their_own_appends():
    a = SharedLog([1, 2])
    b = a.copy()
    c = copy.deepcopy(a)
    a.append(3)
    b.append(4)
    c.extend([5, 6])
    b.append(7)
    assert (list(a), list(b), list(c)) == ([1, 2, 3], [1, 2, 4, 7], [1, 2, 5, 6])
    assert a == [1, 2, 3] and a != [1, 2] and b[-1] == 7 and c[1:] == [2, 5, 6]
    assert len(b) == 4 and pickle.loads(pickle.dumps(c)) == c
    with pytest.raises(IndexError):
        a[3]


def _random_steps(game, rng, steps):
    for _ in range(steps):
        if game.done:
            return
        outcomes = game.chance_outcomes()
        if outcomes:
            game.apply_chance(outcomes[int(rng.integers(len(outcomes)))][0])
        else:
            legal = game.legal_codes()
            game.step(legal[int(rng.integers(len(legal)))])


@pytest.mark.parametrize("name", game_names())
def test_a_clone_continues_as_the_hand_would(name):
    info = get_game(name)
    hand = info.driver.from_run(root_seed=3, hand=1, rules=info.rules_of(None))
    _random_steps(hand, np.random.default_rng(0), 20)
    twin = hand.clone()
    for game in (hand, twin):
        _random_steps(game, np.random.default_rng(1), 150)
    assert list(twin.decisions) == list(hand.decisions)
    assert (twin.state == hand.state).all() and twin.result == hand.result


def test_a_dama_clone_does_not_copy_its_logs_or_its_move_buffer():
    from sim.games.dama.game import Game

    game = Game(seed=5)
    _random_steps(game, np.random.default_rng(2), 300)
    twin = game.clone()
    assert twin._raw._items is game._raw._items and twin.decisions._items is game.decisions._items
    assert len(twin._buf) < 1000 < len(game._buf)  # only the pending decision's moves
    before = list(game.events)
    _random_steps(twin, np.random.default_rng(3), 200)  # the copy goes its own way ...
    assert list(game.events) == before  # ... and the hand's log is untouched
    _random_steps(game, np.random.default_rng(3), 200)
    assert game.events == twin.events and game.decisions == twin.decisions
