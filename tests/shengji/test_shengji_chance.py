"""升级 dealt card by card (``Game.chance_deal``): the arrangement of a seed's shuffle, drawn
card by card and then the seat dealt first, gives that seed's hand exactly; every draw's
probabilities sum to one; a drawn deal conserves the four decks; nothing is redealt."""

from __future__ import annotations

import numpy as np
import pytest

from sim.errors import PaijuError
from sim.games.chance import CardDeal
from sim.games.shengji import engine as E
from sim.games.shengji.cards import N_KINDS, chinese_name, parse_cards
from sim.games.shengji.game import Game
from sim.games.shengji.rules import ShengjiRules
from sim.rng import below, new_state

# four seeds in the default run, the other sixteen with the slow tests
SEED_SETS = [pytest.param(range(4), id="seeds0-3"),
             pytest.param(range(4, 20), id="seeds4-19", marks=pytest.mark.slow)]
# the deal reads the declaration rule and the level; the other options only order the cards
RULES = {
    "seed": ShengjiRules(),
    "strict_tractors": ShengjiRules.from_options(preset="strict_tractors"),
    "attackers_kou_di": ShengjiRules.from_options(preset="attackers_kou_di"),
    "declaration=first": ShengjiRules(declaration="first"),
    "declaration=none": ShengjiRules(declaration="none"),
    "start_level=9": ShengjiRules(start_level=9),
}


def _shuffle(seed: int) -> tuple[np.ndarray, int]:
    """The engine's own shuffle of ``seed`` and its draw of the seat dealt first."""
    state = new_state(seed)
    cards = E.shuffle_deck(state)
    return cards, int(below(state, 4))


def _drawn(seed: int, rules: ShengjiRules, dealer: int | None = None) -> Game:
    """The hand of ``seed``'s arrangement, drawn one card at a time through ``chance_deal``."""
    cards, start = _shuffle(seed)
    deal = Game.chance_deal(rules=rules, dealer=dealer)
    for k in cards:
        assert not deal.done
        deal.apply(int(k))
    deal.apply(start)
    assert deal.done and deal.redeals == 0
    return deal.game


def _assert_same(a: Game, b: Game) -> None:
    """Same deal, trump, 庄家, observations, legal actions and seat to act."""
    assert np.array_equal(a.hands, b.hands)
    assert (a.trump, a.declarer, a.deal_start, a.zhuang, a.level) == \
        (b.trump, b.declarer, b.deal_start, b.zhuang, b.level)
    assert (a.phase, a.actor, a.trick, a.raw, a.def_raw) == (b.phase, b.actor, b.trick, b.raw,
                                                               b.def_raw)
    assert np.array_equal(a.table, b.table) and np.array_equal(a.played, b.played)
    for s in range(4):
        assert np.array_equal(a.observation_array(s), b.observation_array(s))
    assert a.legal_actions() == b.legal_actions()


def _conserved(g: Game) -> bool:
    return bool((g.hands.sum(axis=0) + g.played.sum(axis=0) + g.table.sum(axis=0) == 4).all())


def _play_alike(a: Game, b: Game, rng: np.random.Generator) -> None:
    """Step both hands with the same random legal actions: alike at every step, same result."""
    while not a.done:
        acts = a.legal_actions()
        assert acts == b.legal_actions()
        act = acts[int(rng.integers(len(acts)))]
        a.step(act)
        b.step(act)
        assert a.actor == b.actor and np.array_equal(a.hands, b.hands)
        assert np.array_equal(a.observation_array(max(a.actor, 0)),
                              b.observation_array(max(b.actor, 0)))
    assert b.done and a.result == b.result and a.decisions == b.decisions
    assert a.events == b.events


@pytest.mark.parametrize("seeds", SEED_SETS)
@pytest.mark.parametrize("name", RULES)
def test_drawn_deal_is_the_seeded_deal(name, seeds):
    """20 seeds a rule set, each played to the end (3 a rule set besides the preset seed)."""
    rules = RULES[name]
    for seed in seeds:
        a, b = Game(seed=seed, rules=rules), _drawn(seed, rules)
        _assert_same(a, b)
        assert a.events == b.events
        if name == "seed" or seed < 3:
            _play_alike(a, b, np.random.default_rng(seed))


def test_drawn_deal_with_a_given_dealer():
    for seed in range(5):
        for dealer in range(4):
            a, b = Game(seed=seed, dealer=dealer), _drawn(seed, ShengjiRules(), dealer)
            _assert_same(a, b)
    _play_alike(a, b, np.random.default_rng(0))


def test_every_draw_sums_to_one_and_a_drawn_deal_conserves_the_decks():
    rng = np.random.default_rng(4)
    for _ in range(3):
        deal = Game.chance_deal()
        assert deal.size == 216 and deal.extras_sizes == (4,)
        while not deal.done:
            outs = deal.outcomes()
            assert abs(sum(p for _, p in outs) - 1.0) < 1e-12
            assert all(p > 0 for _, p in outs)
            deal.apply(outs[int(rng.integers(len(outs)))][0])
        assert deal.outcomes() == []
        assert outs == [(i, 0.25) for i in range(4)]  # the last draw: the seat dealt first
        g = deal.game
        assert (g.hands.sum(axis=1) == 54).all() and _conserved(g)
        assert np.array_equal(np.bincount(deal.order, minlength=N_KINDS), deal.counts)


def test_play_out_deals_a_legal_hand():
    rng = np.random.default_rng(9)
    deal = Game.chance_deal(rules=ShengjiRules(declaration="first"))
    g = deal.play_out(rng)
    assert deal.done and deal.redeals == 0 and _conserved(g)
    assert g.actor == g.zhuang and g.legal_actions()
    for _ in range(40):
        g.step(g.suggest(g.actor))
        assert _conserved(g)
    clone = deal.clone()
    assert clone.game is not g and np.array_equal(clone.game.hands, g.hands)


def test_no_deal_is_thrown_in():
    """升级 never redeals: with nobody declaring, spades are trump and the seat dealt
    first is 庄家."""
    rng = np.random.default_rng(1)
    deal = Game.chance_deal(rules=ShengjiRules(declaration="none"))
    g = deal.play_out(rng)
    assert deal.redeals == 0
    assert (g.trump, g.declarer, g.zhuang) == (0, -1, deal.extras[0])


def test_arrangements_are_checked_and_names_read_back():
    cards, start = _shuffle(3)
    with pytest.raises(PaijuError):
        Game.from_arrangement(cards[:-1], start)
    bad = cards.copy()
    bad[0] = bad[1] if bad[0] != bad[1] else (bad[1] + 1) % N_KINDS
    with pytest.raises(PaijuError):
        Game.from_arrangement(bad, start)
    with pytest.raises(PaijuError):
        Game.from_arrangement(cards, 4)
    assert [parse_cards(chinese_name(k)) for k in range(N_KINDS)] == [[k] for k in range(N_KINDS)]
    deal = Game.chance_deal()
    assert isinstance(deal, CardDeal) and deal.text(53) == "deal 大王"
    with pytest.raises(ValueError):
        for _ in range(5):
            deal.apply(53)
