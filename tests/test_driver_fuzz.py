"""Fuzzing the Python drivers beyond the conformance suite (tests/test_contract.py fuzzes every
registered game): 打马 at every table size, 升级 plays as count vectors, strategies that fail.

An illegal or malformed action must raise a one-line error and leave the hand exactly as
it was; a strategy that raises is reported with the hand's seed.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sim.errors import IllegalActionError, PaijuError, StrategyError
from sim.games.shengji import game as shengji_game
from sim.games.zipai.game import Game

GARBAGE = st.one_of(st.integers(-1000, 1000), st.none(), st.text(max_size=5), st.floats(),
                    st.lists(st.integers(-3, 60), max_size=6))
FUZZ = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def dama_snapshot(g):
    return g._s.tobytes(), list(g.decisions), g._dice.tobytes(), g.rng.tobytes()


@FUZZ
@given(seed=st.integers(0, 2**32), players=st.sampled_from([2, 3, 4, 5]),
       moves=st.lists(st.tuples(st.booleans(), st.one_of(GARBAGE, st.sampled_from(["", "1 horse", "?"])),
                                st.integers(0, 99)), max_size=80))
def test_dama_driver_rejects_bad_moves_and_stays_unchanged(seed, players, moves):
    from sim.games.dama import DamaRules
    from sim.games.dama.game import Game as DamaGame

    g = DamaGame(seed=seed, rules=DamaRules(players=players))
    for legal_move, garbage, pick in moves:
        legal = g.legal_actions()
        codes = [a.code for a in legal]
        if g.done or not codes:
            break
        if legal_move:
            g.step(codes[pick % len(codes)])
            continue
        before = dama_snapshot(g)
        if (isinstance(garbage, int) and garbage in codes) or (isinstance(garbage, str) and garbage in [a.text for a in legal]):
            continue
        with pytest.raises(PaijuError) as err:
            g.step(garbage)
        assert "\n" not in str(err.value)
        assert dama_snapshot(g) == before


def shengji_snapshot(g: shengji_game.Game):
    return (g.hands.tobytes(), g.table.tobytes(), g.fmt.tobytes(), g.n_played, g.trick,
            g.leader, len(g.events), g.state.tobytes())


@FUZZ
@given(seed=st.integers(0, 2**32), moves=st.lists(st.tuples(st.booleans(), GARBAGE), max_size=60))
def test_shengji_driver_rejects_bad_plays_and_stays_unchanged(seed, moves):
    g = shengji_game.Game(seed=seed)
    for legal_move, garbage in moves:
        if g.phase == "over":
            break
        if legal_move:
            g.step(g.suggest(g.actor))
            continue
        before = shengji_snapshot(g)
        try:
            g.step(garbage)
        except PaijuError as exc:
            assert "\n" not in str(exc)
            assert shengji_snapshot(g) == before
        else:  # the garbage happened to be a legal play (e.g. a card the player holds)
            assert g.n_played > 0 or g.trick > 0


def test_a_python_strategy_that_raises_names_the_hand():
    def broken(observation, legal, rng):
        raise KeyError("oops")

    g = Game(seed=1234, dealer=1)
    with pytest.raises(StrategyError, match=r"'broken' .*raised KeyError.*hand seed 1234.*Game\(seed=1234, dealer=1\)"):
        g.play([broken] * 3)


def test_a_python_strategy_that_returns_garbage_names_the_hand():
    def silly(observation, legal, rng):
        return "the big one"

    g = Game(seed=99, dealer=0)
    with pytest.raises(IllegalActionError, match=r"'silly' .*'the big one', which is not a legal action in hand seed 99"):
        g.play([silly] * 3)


def test_a_shengji_strategy_that_raises_or_returns_garbage_names_the_hand():
    def broken(observation, game, rng):
        raise RuntimeError("no idea")

    with pytest.raises(StrategyError, match=r"'broken' .*RuntimeError: no idea in the hand with seed 5"):
        shengji_game.Game(seed=5).play([broken] * 4)

    def garbage(observation, game, rng):
        return None

    with pytest.raises(IllegalActionError, match=r"seed 6.*None is not a play"):
        shengji_game.Game(seed=6).play([garbage] * 4)
