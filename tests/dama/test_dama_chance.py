"""Chance mode: every throw an explicit chance event (what OpenSpiel's chance nodes need),
playing exactly as the seeded games do."""

from __future__ import annotations

import numpy as np
import pytest

from sim.errors import PaijuError
from sim.games.chance import CardDeal, chance_outcomes
from sim.games.dama import DamaRules
from sim.games.dama import engine as E
from sim.games.dama import state as S
from sim.games.dama.game import Game
from sim.games.dama.throws import KIND, N_THROWS, THROW_OF, classify
from sim.games.driver import KernelPlayer
from sim.registry import get_strategy
from tests.dama.test_dama_play import check_invariants

RULES = [DamaRules(), DamaRules(players=3), DamaRules(players=2, move_rule="split"),
         DamaRules(players=4, jia="tujing", feilong_throws="listed"),
         DamaRules(players=5, entry_table="prototype")]


def chance_game(rules: DamaRules | None = None, dealer: int = 0) -> Game:
    deal = Game.chance_deal(rules=rules, dealer=dealer)
    assert isinstance(deal, CardDeal) and deal.size == 0 and deal.done
    return deal.game


def random_throw(g: Game, rng: np.random.Generator) -> int:
    outs = g.chance_outcomes()
    p = np.array([q for _, q in outs])
    return outs[int(rng.choice(len(outs), p=p / p.sum()))][0]


@pytest.mark.parametrize("game", [*range(4), *(pytest.param(g, marks=pytest.mark.slow)
                                                  for g in range(4, 20))])  # 16 with the slow tests
def test_the_seeded_games_own_dice_replay_it_exactly(game):
    rules = RULES[game % len(RULES)]
    dealer = game % rules.players
    names = ("strong", "greedy")
    seeded = Game(seed=1000 + game, rules=rules, dealer=dealer)
    seeded.play([KernelPlayer(get_strategy("dama", names[s % 2]).kernel, names[s % 2])
                 for s in range(rules.players)])
    dice = np.array([seeded.seed], dtype=np.uint64)  # the seeded game's dice stream, again
    g = chance_game(rules, dealer)
    moves = iter(seeded.decisions)
    while not g.done:
        if g.chance_outcomes():
            assert g.legal_actions() == []
            g.apply_chance(E.roll(dice))
        else:
            g.step(next(moves))
    assert next(moves, None) is None
    assert g.result == seeded.result and g.result.throws == seeded.result.throws
    assert [g.points(p) for p in range(rules.players)] == list(seeded.result.points)
    assert g.events == seeded.events and g.decisions == seeded.decisions
    assert np.array_equal(g._s, seeded._s)
    assert g.chance_outcomes() == [] and g.legal_actions() == []


def test_the_56_throws_have_their_dice_odds():
    outs = chance_game().chance_outcomes()
    assert [t for t, _ in outs] == list(range(N_THROWS))
    assert sum(p for _, p in outs) == pytest.approx(1.0, abs=1e-12)
    ways = np.zeros(N_THROWS, dtype=np.int64)
    for a in range(1, 7):
        for b in range(1, 7):
            for c in range(1, 7):
                ways[THROW_OF[a, b, c]] += 1
    assert ways.sum() == 216
    for t, p in outs:
        assert p == pytest.approx(ways[t] / 216, abs=1e-15)
    odds = dict(outs)
    assert odds[classify("6-6-6").index] == pytest.approx(1 / 216)  # a triple
    assert odds[classify("6-6-5").index] == pytest.approx(3 / 216)  # a pair and a single
    assert odds[classify("6-5-4").index] == pytest.approx(6 / 216)  # three different


def test_a_random_chance_playout_ends_legally():
    """Random throws and random moves (random play seldom reaches home: a long game)."""
    rng = np.random.default_rng(7)
    g = chance_game(DamaRules(players=3), dealer=1)
    throws = 0
    while not g.done:
        if chance_outcomes(g):
            assert g.legal_actions() == [] and 0 <= g.actor < 3
            g.apply_chance(random_throw(g, rng))
            throws += 1
        else:
            legal = g.legal_actions()
            assert len(legal) > 1 and g.chance_outcomes() == []
            g.step(legal[int(rng.integers(len(legal)))])
    check_invariants(g._s, 3)
    res = g.result
    assert res.throws == throws == g._s[S.NTHROWS] and sum(res.points) == 0
    assert g._s[S.POT] == 0 and g.events[-1].kind == "end"
    if res.winner < 0:
        assert res.ending == "draw" and res.throws >= E.MAX_THROWS
    assert g.chance_outcomes() == [] and g.legal_actions() == []
    with pytest.raises(PaijuError):
        g.apply_chance(0)


def test_the_bencai_start_throws_again_until_a_free_za_throw():
    g = chance_game(dealer=1)
    plain, bonus, penalty = classify("6-5-5").index, classify("6-6-6").index, classify("3-2-1").index
    assert (KIND[plain], KIND[bonus], KIND[penalty]) == (0, 1, 2)
    assert g.actor == 0 and not g.done and g.legal_actions() == [] and len(g.chance_outcomes()) == 56
    for t in (bonus, penalty):  # not a 杂 throw: seat 0 throws again
        g.apply_chance(t)
        assert g.actor == 0 and g._s[S.BENCAI] == -1
    g.apply_chance(plain)  # seat 0's 真本采
    assert g._s[S.BENCAI] == plain and g.actor == 1
    g.apply_chance(plain)  # owned by seat 0: seat 1 throws again
    assert g.actor == 1 and g._s[S.BENCAI + 1] == -1
    g.throw("6-6-4")  # 赤牛, free: seat 1's; play starts with the dealer
    assert g._s[S.BENCAI + 1] == classify("6-6-4").index
    assert g.actor == 1 and len(g.chance_outcomes()) == 56 and "to throw" in repr(g)
    assert g._s[S.NTHROWS] == 5 and list(g._s[S.THROWS_BY: S.THROWS_BY + 2]) == [3, 2]
    assert [e.kind for e in g.events] == [e.kind for e in Game(seed=3).events[:2]]
    assert [e.seat for e in g.events] == [0, 1]
    with pytest.raises(PaijuError):
        g.apply_chance(N_THROWS)


def test_clone_and_resample_stay_in_chance_mode():
    rng = np.random.default_rng(1)
    g = chance_game()
    while not g.legal_actions():
        g.apply_chance(random_throw(g, rng))
    for other in (g.clone(), g.resample(0, np.random.default_rng(2))):
        assert np.array_equal(other._s, g._s) and other.events == g.events
        assert other.legal_actions() == g.legal_actions()
        move = g.legal_actions()[0]
        a, b = other.clone(), other
        b.step(move)
        assert b.chance_outcomes() and a.legal_actions()  # the copies are independent
        b.apply_chance(3)
    assert g.legal_actions() and not g.chance_outcomes()  # the original is untouched


def test_outside_chance_mode_nothing_waits_for_a_throw():
    g = Game(seed=3)
    assert g.chance_outcomes() == [] and chance_outcomes(g) == []
    with pytest.raises(PaijuError):
        g.apply_chance(0)
    pos = Game.from_position(horses={0: {1: 20}, 1: {1: 20}}, bencai=["6-5-5", "6-6-4"])
    assert pos.chance_outcomes() == []
