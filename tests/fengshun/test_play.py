"""丰顺 conformance: random play keeps every invariant, both drivers agree, observations
leak nothing hidden."""

import numpy as np
import pytest

from sim.games.sise.cards import JIANG, N_KINDS, N_RANKS
from sim.games.sise.fengshun import Game, kernel_player, next_dealer
from sim.games.sise.fengshun import batch as B
from sim.games.sise.fengshun import observe as O
from sim.games.sise.fengshun import state as T
from sim.games.sise.fengshun.rules import FengshunRules, rules_vector
from sim.rng import below, hand_seed
from sim.registry import get_strategy


def _held(g: Game, p: int) -> int:
    s = g.state
    return int(s[T.HAND + p * N_KINDS: T.HAND + (p + 1) * N_KINDS].sum()
               + s[T.TABLE + p * N_KINDS: T.TABLE + (p + 1) * N_KINDS].sum())


def _random_player(obs, legal, rng):
    return legal[int(below(rng, len(legal)))]


TABLES = [FengshunRules(players=4), FengshunRules(decks=2), FengshunRules(players=2, decks=2),
          FengshunRules(players=4, decks=2), FengshunRules(draw="open"),
          FengshunRules(draw="open", players=4, decks=2, stock_out="highest")]


@pytest.mark.parametrize("rules", [FengshunRules()] + [pytest.param(r, marks=pytest.mark.slow) for r in [
    FengshunRules(stock_out="highest", min_score=4), FengshunRules.from_options(preset="hakka"),
    FengshunRules(sequences="consecutive", jss_value=2), *TABLES]])  # the others: `pytest -m slow`
def test_random_play_keeps_invariants(rules):
    deck, n = 112 * rules.decks, rules.players
    for i in range(60 if n == 3 and rules.decks == 1 else 30):
        g = Game(seed=int(hand_seed(np.uint64(7), np.int64(i))), rules=rules)
        while not g.done:
            assert g.card_total() == deck
            s = g.state
            seat = g.actor
            legal = g.legal_actions()
            assert legal, "a seat to act always has a choice"
            assert (s[T.HAND: T.HAND + T.MAX_SEATS * N_KINDS] <= 4 * rules.decks).all()
            if s[T.STAGE] == T.ST_DISCARD:
                assert _held(g, seat) == 21
                assert all(a.code % N_RANKS != JIANG for a in legal)  # 将 never discarded
            else:
                assert _held(g, seat) == 20 and legal[0].text == "过"
                if s[T.STAGE] == T.ST_SHOWN:  # only the drawer may 吃 a turned-up card
                    assert rules.draw == "open"
                    assert seat == s[T.SRC] or all(a.code < T.CHI for a in legal)
                elif any(a.code >= T.CHI for a in legal):  # 吃 only from the 上家
                    assert seat == (s[T.SRC] + 1) % n
            for p in range(n):
                if p != seat:
                    assert _held(g, p) == 20
            g.step(_random_player(g.observation(seat), legal, g.rng))
        r = g.result
        assert sum(r.points) == 0 and g.card_total() == deck
        assert len(r.points) == n
        piles = g.state[T.PILE: T.PILE + T.MAX_SEATS * N_KINDS].reshape(T.MAX_SEATS, N_KINDS)
        if rules.draw == "hand":  # a turned-up card nobody takes lies in the drawer's pile
            assert piles[:, [c * N_RANKS for c in range(4)]].sum() == 0
        assert piles[n:].sum() == 0
        for w in r.winners:
            assert r.scores[w] >= rules.min_score and _held(g, w) in (20, 21)
        if r.how == "discard":
            assert r.pao >= 0 and r.pao not in r.winners
        if len(r.winners) > 1:
            assert r.how == "discard"


@pytest.mark.parametrize("name,rules", [("random", FengshunRules()), ("greedy", FengshunRules()),
                                        ("strong", FengshunRules())]
                         + [pytest.param("strong", r, marks=pytest.mark.slow) for r in TABLES])
def test_both_drivers_agree(name, rules):
    n = 80 if rules == FengshunRules() else 40
    seats = rules.players
    loop = B.specialised([get_strategy("fengshun", name).kernel] * seats)
    seeds = np.zeros(n, dtype=np.uint64)
    res = np.zeros((n, B.N_RESULT), dtype=np.int64)
    assert loop.play_hands(np.uint64(11), np.int64(0), np.int64(n), B.context(rules),
                           seeds, res) == -1
    players = [kernel_player(name)] * seats
    dealer = -1  # the chain of dealer_rule=seed, followed with the Python reading of the rule
    for i in range(n):
        if i % B.SESSION_HANDS == 0:
            dealer = -1
        g = Game.from_run(root_seed=11, hand=i, rules=rules, dealer=dealer)
        r = g.play(players)
        assert g.dealer == res[i, B.R_DEALER]
        assert r.points == tuple(res[i, B.R_PTS:B.R_PTS + seats])
        assert r.scores == tuple(res[i, B.R_SCORE:B.R_SCORE + seats])
        assert (r.pao, r.decisions) == (res[i, B.R_PAO], res[i, B.R_DECISIONS])
        assert Game.replay(seed=g.seed, actions=g.decisions, rules=rules, dealer=g.dealer).result == r
        dealer = next_dealer(r.winners, r.pao)


@pytest.mark.parametrize("rules", [FengshunRules(), FengshunRules(players=4, decks=2, draw="open")])
def test_observations_leak_nothing_hidden(rules):
    rng = np.random.default_rng(5)
    checked = 0
    for i in range(40):
        g = Game(seed=1000 + i, rules=rules)
        steps = int(rng.integers(0, 30))
        for _ in range(steps):
            if g.done:
                break
            g.step(g.legal_actions()[0])
        if g.done:
            continue
        seat = g.actor
        s = g.state
        before = np.zeros(O.OBS_SIZE, dtype=np.int64)
        O.observe(s, seat, before)
        t = s.copy()
        # shuffle the stock that is left
        lo, hi = int(t[T.SP]), int(t[T.SE])
        t[T.STOCK + lo: T.STOCK + hi] = rng.permutation(t[T.STOCK + lo: T.STOCK + hi])
        # swap one hidden card between two other hands (their counts stay the same)
        a, b = [p for p in range(rules.players) if p != seat][:2]
        ha, hb = t[T.HAND + a * N_KINDS: T.HAND + (a + 1) * N_KINDS], t[T.HAND + b * N_KINDS:
                                                                          T.HAND + (b + 1) * N_KINDS]
        ka = int(np.flatnonzero(ha)[0])
        kb = int(np.flatnonzero(hb)[-1])
        ha[ka] -= 1; hb[ka] += 1; hb[kb] -= 1; ha[kb] += 1  # noqa: E702
        after = np.zeros(O.OBS_SIZE, dtype=np.int64)
        O.observe(t, seat, after)
        assert np.array_equal(before, after)
        checked += 1
    assert checked > 10


@pytest.mark.parametrize("overrides", [{"sequences": "consecutive"}, {"multicolour": "zu"},
                                       {"min_score": 12, "stock_out": "highest", "redeal": True},
                                       {"players": 4, "decks": 2, "draw": "open", "min_score": 6}])
def test_every_strategy_plays_legally_under_the_options(overrides):
    rules = FengshunRules(**overrides)
    names = ("strong", "greedy", "random", "strong")[:rules.players]
    loop = B.specialised([get_strategy("fengshun", n).kernel for n in names])
    n = 300
    seeds = np.zeros(n, dtype=np.uint64)
    res = np.zeros((n, B.N_RESULT), dtype=np.int64)
    assert loop.play_hands(np.uint64(2), np.int64(0), np.int64(n), B.context(rules),
                           seeds, res) == -1
    assert (res[:, B.R_PTS:B.R_PTS + 4].sum(1) == 0).all()
    if rules.min_score:  # a 和 needs the minimum; the highest score at stock out does not
        won = res[res[:, B.R_HOW] != T.HOW_HIGHEST, B.R_SCORE:B.R_SCORE + 4]
        assert ((won == 0) | (won >= rules.min_score)).all()
