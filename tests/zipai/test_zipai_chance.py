"""跑胡子's deal card by card (:meth:`Game.chance_deal`): the same hands as the seeded engine,
a sound chance distribution, and the redeal of ``multi_qishou_ti=redeal``."""

from __future__ import annotations

import copy as copy_module

import numpy as np
import pytest

from sim.games.zipai import engine as E
from sim.games.zipai.cards import DECK_SIZE, N_KINDS
from sim.games.zipai.deal import STOCK_CARDS, deal_shuffle
from sim.games.zipai.game import Game
from sim.games.zipai.melds import GROUPS, M_CHI, MELD_SIZE
from sim.games.zipai.rules import ZipaiRules

REDEAL = {"multi_qishou_ti": "redeal"}
RULES = {name: ZipaiRules.from_options(preset=name) for name in ZipaiRules.PRESETS} | {
    "redeal": ZipaiRules.from_options(overrides=REDEAL),
    "hengyang-redeal": ZipaiRules.from_options(preset="hengyang", overrides=REDEAL),
}


def deal_like_engine(seed: int, rules: ZipaiRules, dealer: int) -> Game:
    """Draw ``chance_deal`` card by card from the arrangements the engine's shuffle makes
    for ``seed`` (one more shuffle after each deal thrown in, the generator running on)."""
    deal = Game.chance_deal(rules=rules, dealer=dealer)
    state = np.array([seed], dtype=np.uint64)
    cards = np.empty(DECK_SIZE, dtype=np.int8)
    while not deal.done:
        assert len(deal.order) == 0
        deal_shuffle(state, cards)
        for k in cards:
            deal.apply(int(k))
    return deal.game


def same_state(a: Game, b: Game) -> None:
    assert np.array_equal(a.state, b.state)
    assert a.actor == b.actor and a.done == b.done
    assert [x.code for x in a.legal_actions()] == [x.code for x in b.legal_actions()]
    for seat in range(3):
        assert np.array_equal(a.observation_array(seat), b.observation_array(seat))
        assert a.hand(seat) == b.hand(seat)
    assert a.stock() == b.stock()


def play_random(a: Game, b: Game, rng: np.random.Generator) -> None:
    """Play both hands to the end with the same random legal actions."""
    while not a.done:
        legal = a.legal_actions()
        choice = legal[int(rng.integers(len(legal)))]
        a.step(choice)
        b.step(choice.code)
    assert b.done and a.result == b.result
    assert np.array_equal(a.state, b.state)


def deck_counts(g: Game) -> np.ndarray:
    """Every card of the hand by kind: hands, table melds, discard areas, stock, card in play."""
    s = g.state
    out = np.zeros(N_KINDS, dtype=np.int64)
    for seat in range(3):
        out += s[E.HAND + seat * N_KINDS: E.HAND + (seat + 1) * N_KINDS]
        out += s[E.PILE + seat * N_KINDS: E.PILE + (seat + 1) * N_KINDS]
        for j in range(int(s[E.NM + seat])):
            kind, value = int(s[E.MK + seat * E.MAXM + j]), int(s[E.MV + seat * E.MAXM + j])
            if kind == M_CHI:
                for k in GROUPS[value]:
                    out[k] += 1
            else:
                out[value] += MELD_SIZE[kind]
    for k in s[E.STOCK + int(s[E.SP]): E.STOCK + STOCK_CARDS]:
        out[k] += 1
    st = int(s[E.STAGE])
    if st == E.ST_SHOWN_HU or (st == E.ST_CLAIM and g.actor >= 0) or (
            st == E.ST_DONE and s[E.HU_CARD] >= 0):
        out[int(s[E.CARD]) if st != E.ST_DONE else int(s[E.HU_CARD])] += 1
    return out


@pytest.mark.parametrize("name", sorted(RULES))
def test_card_by_card_deals_the_seeded_hand(name: str) -> None:
    rules = RULES[name]
    rng = np.random.default_rng(5)
    for seed in range(20):
        dealer = seed % 3
        a = Game(seed=seed, dealer=dealer, rules=rules)
        b = deal_like_engine(seed, rules, dealer)
        same_state(a, b)
        play_random(a, b, rng)


def redeal_seeds(rules: ZipaiRules, want: int, limit: int = 20000) -> list[int]:
    seeds = [seed for seed in range(limit)
             if Game(seed=seed, rules=rules).state[E.REDEALS] > 0][:want]
    assert len(seeds) == want
    return seeds


def test_card_by_card_redeals_as_the_seeded_engine() -> None:
    rules = RULES["redeal"]
    rng = np.random.default_rng(6)
    for seed in redeal_seeds(rules, 3, 3000):
        a = Game(seed=seed, dealer=seed % 3, rules=rules)
        b = deal_like_engine(seed, rules, seed % 3)
        n = int(a.state[E.REDEALS])
        assert [e.kind for e in b.events[:n]] == [E.EVENT_NAMES[E.EV_REDEAL]] * n
        assert [e.text for e in b.events[:n]] == [str(i + 1) for i in range(n)]
        same_state(a, b)
        play_random(a, b, rng)


def throw_in_order() -> list[int]:
    """An arrangement the redeal rule throws in: the dealer's 21 cards hold two 提 (一, 二)
    and no 坎."""
    dealt = [0] * 4 + [1] * 4 + list(range(2, 15))
    rest = [k for k in range(N_KINDS) for _ in range(4 - dealt.count(k))]
    return dealt + rest


def test_a_thrown_in_deal_draws_again() -> None:
    order = throw_in_order()
    deal = Game.chance_deal(rules=RULES["redeal"], dealer=1)
    for k in order:
        deal.apply(k)
    assert not deal.done and deal.redeals == 1 and deal.order == []
    assert sum(p for _, p in deal.outcomes()) == pytest.approx(1.0)
    copy, deep = deal.clone(), copy_module.deepcopy(deal)
    for k in order:
        deal.apply(k)
    assert deal.redeals == 2 and copy.redeals == 1 and deep.redeals == 1
    for k in order:
        deep.apply(k)
    assert deep.redeals == 2 and deal.redeals == 2 and copy.redeals == 1
    g = copy.play_out(np.random.default_rng(1))  # the clone counts its own redeals
    assert copy.redeals >= 1 and int(g.state[E.REDEALS]) == copy.redeals
    kinds = [e.kind for e in g.events]
    assert kinds.count(E.EVENT_NAMES[E.EV_REDEAL]) == copy.redeals
    skip = Game.chance_deal(rules=RULES["seed"], dealer=1)
    for k in order:
        skip.apply(k)
    assert skip.done and skip.redeals == 0  # the default rule deals it: two 起手提
    assert skip.game.state[E.REDEALS] == 0


def test_redeals_stop_after_100() -> None:
    deal = Game.chance_deal(rules=RULES["redeal"], dealer=2)
    order = throw_in_order()
    for _ in range(100):
        for k in order:
            deal.apply(k)
    assert deal.redeals == 100 and not deal.done
    for k in order:
        deal.apply(k)
    g = deal.game
    assert deal.done and int(g.state[E.REDEALS]) == 100
    assert [e.text for e in g.events[:100]] == [str(i + 1) for i in range(100)]
    assert g.card_total() == 80


@pytest.mark.parametrize("name", ["seed", "redeal"])
def test_outcomes_sum_to_one_and_play_out_keeps_the_deck(name: str) -> None:
    rng = np.random.default_rng(11)
    for dealer in range(3):
        deal = Game.chance_deal(rules=RULES[name], dealer=dealer)
        assert deal.size == 80 and list(deal.counts) == [4] * N_KINDS
        assert deal.text(19) == "deal 拾"
        steps = 0
        while not deal.done:
            outs = deal.outcomes()
            assert sum(p for _, p in outs) == pytest.approx(1.0)
            assert all(deal.left[k] > 0 for k, _ in outs)
            deal.apply(outs[int(rng.integers(len(outs)))][0])
            steps += 1
        assert steps >= 80 and deal.outcomes() == []
        for seed in range(5):
            g = Game.chance_deal(rules=RULES[name], dealer=dealer).play_out(
                np.random.default_rng(seed))
            assert g.dealer == dealer and g.card_total() == 80
            assert list(deck_counts(g)) == [4] * N_KINDS
            assert g.done or len(g.legal_actions()) > 0
            play_random(g, g.clone(), rng)
            assert list(deck_counts(g)) == [4] * N_KINDS
