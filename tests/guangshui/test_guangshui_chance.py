"""广水 dealt card by card: the seeded hand is the card-by-card deal of its own shuffle."""

from __future__ import annotations

import numpy as np
import pytest

from sim.games.sise.cards import N_KINDS
from sim.games.sise.guangshui import Game, GuangshuiRules
from sim.games.sise.guangshui import engine as E
from sim.games.sise.guangshui import state as T
from tests.sise.chance_check import assert_same, feed, play_both, play_random

SEEDS = range(20)
# no option changes the deck; these change what the deal leads to (the dealer's dealt win)
RULES = {p: GuangshuiRules.from_options(preset=p) for p in GuangshuiRules.PRESETS}
RULES["no_dealer_win"] = GuangshuiRules(dealer_win=False)


@pytest.mark.parametrize("rules", RULES.values(), ids=RULES.keys())
def test_the_seeded_hand_is_its_shuffle_dealt_card_by_card(rules: GuangshuiRules) -> None:
    for seed in SEEDS:
        dealer = seed % T.N_SEATS
        deal = Game.chance_deal(rules=rules, dealer=dealer)
        order = E.shuffled_deck(np.uint64(seed))
        assert deal.extras_sizes == () and deal.size == 112
        feed(deal, order)
        assert deal.done and deal.redeals == 0
        ref = Game(seed=seed, dealer=dealer, rules=rules)
        assert_same(deal.game, ref, T.N_SEATS)
        play_both(deal.game, ref, T.N_SEATS, np.random.default_rng(seed))


def test_the_deck_and_names() -> None:
    deal = Game.chance_deal()
    assert deal.counts.tolist() == [4] * N_KINDS
    assert deal.name(0) == "黄将" and deal.text(0) == "deal 黄将"
    with pytest.raises(ValueError):
        Game.chance_deal(dealer=3)


@pytest.mark.parametrize("dealer", range(T.N_SEATS))
def test_play_out_deals_a_legal_hand_that_conserves_the_deck(dealer: int) -> None:
    rng = np.random.default_rng(7 + dealer)
    for _ in range(5):
        deal = Game.chance_deal(dealer=dealer)
        steps = 0
        while not deal.done:
            outs = deal.outcomes()
            assert abs(sum(p for _, p in outs) - 1.0) < 1e-12
            assert all(deal.left[k] > 0 for k, _ in outs)
            deal.apply(outs[int(rng.integers(len(outs)))][0])
            steps += 1
        assert steps == 112 and deal.outcomes() == []
        g = deal.game
        s = g.state
        got = s[T.HAND: T.HAND + T.N_SEATS * N_KINDS].reshape(T.N_SEATS, N_KINDS).sum(axis=0)
        got = got + np.bincount(s[T.STOCK + s[T.SP]: T.STOCK + T.STOCK_CARDS], minlength=N_KINDS)
        assert got.tolist() == deal.counts.tolist()
        assert s[T.NM: T.NM + T.N_SEATS].sum() == 0
        held = [int(s[T.HAND + p * N_KINDS: T.HAND + (p + 1) * N_KINDS].sum()) for p in range(3)]
        assert held[dealer] == T.DEALER_CARDS and sum(held) == T.DEALER_CARDS + 2 * T.PLAYER_CARDS
        assert g.actor == dealer and g.card_total() == 112
        play_random(g, rng)
        assert g.done and g.card_total() == 112 and sum(g.result.points) == 0


def test_play_out_and_clone() -> None:
    deal = Game.chance_deal(dealer=1)
    for k in E.shuffled_deck(np.uint64(5))[:50]:
        deal.apply(int(k))
    twin = deal.clone()
    g = twin.play_out(np.random.default_rng(1))
    assert not deal.done and len(deal.order) == 50 and g.card_total() == 112
    feed(deal, E.shuffled_deck(np.uint64(5))[50:])
    assert_same(deal.game, Game(seed=5, dealer=1), T.N_SEATS)
