"""天地人和 dealt card by card (``Game.chance_deal``): the same hands as the seeded engine deal,
misdeals thrown in and redrawn, probabilities that sum to one and a deck that is conserved."""

from __future__ import annotations

import numpy as np
import pytest

from sim.games.chance import CardDeal
from sim.games.chuanpai.cards import COPIES, DECK_SIZE, N_TYPES
from sim.games.chuanpai.tiandi import TiandiRules
from sim.games.chuanpai.tiandi import engine as E
from sim.games.chuanpai.tiandi.game import Game
from tests.chance_check import play_alike

RULES = {name: TiandiRules.from_options(preset=name) for name in TiandiRules.PRESETS}
RULES["misdeal_play"] = TiandiRules(misdeal="play")
# seeds 0–11, and eight whose first shuffle is a misdeal (redealt under the seed rules)
SEEDS = [*range(12), 37, 53, 58, 65, 101, 139, 303, 307]


def engine_deal(seed: int, rules: TiandiRules, dealer: int) -> CardDeal:
    """The card-by-card deal fed the arrangements the engine's own shuffles make for ``seed``
    (one more shuffle of the same generator after every thrown-in deal)."""
    deal = Game.chance_deal(rules=rules, dealer=dealer)
    rng = np.array([seed], dtype=np.uint64)
    cards = np.empty(DECK_SIZE, dtype=np.int8)
    for _ in range(50):
        E.shuffle_deck(rng, cards)
        for k in cards:
            assert not deal.done
            deal.apply(int(k))
        if deal.done:
            return deal
    raise AssertionError("no playable deal in 50 shuffles")


def same_view(a: Game, b: Game) -> None:
    assert np.array_equal(a._s, b._s)
    assert a.actor == b.actor and a.done == b.done
    assert [x.code for x in a.legal_actions()] == [x.code for x in b.legal_actions()]
    for p in range(3):
        assert a.hand(p) == b.hand(p) and a.laid(p) == b.laid(p)
        assert np.array_equal(a.observation_array(p), b.observation_array(p))




@pytest.mark.parametrize("preset", list(RULES))
def test_card_by_card_deal_is_the_engine_deal(preset: str) -> None:
    rules = RULES[preset]
    for seed in SEEDS:
        dealer = seed % 3
        ref = Game(seed=seed, dealer=dealer, rules=rules)
        deal = engine_deal(seed, rules, dealer)
        g = deal.game
        assert deal.redeals == int(ref._s[E.REDEALS])
        same_view(g, ref)
        play_alike(g, ref, np.random.default_rng(seed))
        same_view(g, ref)
        assert g.result == ref.result


def test_redeals_seen_under_seed_rules_only() -> None:
    redealt = [s for s in SEEDS if engine_deal(s, RULES["seed"], s % 3).redeals]
    assert redealt == SEEDS[12:]
    assert not any(engine_deal(s, RULES["misdeal_play"], s % 3).redeals for s in SEEDS)


def sorted_deck() -> np.ndarray:
    """The deck in type order: the third seat dealt gets 二五 … 丁丁, none of 天 红九 黑九."""
    return np.repeat(np.arange(N_TYPES), COPIES)


def test_a_misdeal_is_thrown_in_and_drawn_again() -> None:
    deal = Game.chance_deal(dealer=2)
    for k in sorted_deck():
        deal.apply(int(k))
    assert not deal.done and deal.redeals == 1
    assert deal.outcomes() == [(k, 1 / N_TYPES) for k in range(N_TYPES)]
    g = deal.play_out(np.random.default_rng(5))
    assert int(g._s[E.REDEALS]) == deal.redeals >= 1
    assert not any(E.no_key_card(g._s[E.HAND + p * N_TYPES:E.HAND + (p + 1) * N_TYPES]
                                 + g._s[E.LAID + p * N_TYPES:E.LAID + (p + 1) * N_TYPES])
                   for p in range(3))


def test_a_misdeal_is_played_under_misdeal_play_and_past_the_redeal_cap() -> None:
    deal = Game.chance_deal(rules=RULES["misdeal_play"])
    for k in sorted_deck():
        deal.apply(int(k))
    assert deal.done and deal.redeals == 0 and int(deal.game._s[E.REDEALS]) == 0
    capped = Game.chance_deal()
    capped.redeals = E.MAX_REDEALS
    for k in sorted_deck():
        capped.apply(int(k))
    assert capped.done and int(capped.game._s[E.REDEALS]) == E.MAX_REDEALS


@pytest.mark.parametrize("preset", list(RULES))
def test_probabilities_sum_to_one_and_the_deck_is_conserved(preset: str) -> None:
    rng = np.random.default_rng(11)
    for dealer in range(3):
        deal = Game.chance_deal(rules=RULES[preset], dealer=dealer)
        assert deal.size == DECK_SIZE and deal.extras_sizes == ()
        assert deal.name(0) == "天" and deal.text(20) == "deal 丁丁"
        while not deal.done:
            outs = deal.outcomes()
            assert abs(sum(p for _, p in outs) - 1) < 1e-12
            deal.apply(outs[int(rng.integers(len(outs)))][0])
        g = deal.game
        assert deal.outcomes() == [] and g.dealer == dealer and g.actor == dealer
        held = sum(g._s[base + p * N_TYPES:base + (p + 1) * N_TYPES].astype(int)
                   for base in (E.HAND, E.LAID, E.DOWN) for p in range(3))
        assert held.tolist() == deal.counts.tolist() and g.card_total() == DECK_SIZE
        assert [int(g._s[E.NHAND + p] + g._s[E.NLAID + p]) for p in range(3)] == [28] * 3
        assert g.legal_actions()
        g2 = Game.chance_deal(rules=RULES[preset], dealer=dealer).play_out(np.random.default_rng(dealer))
        play_alike(g2, g2.clone(), rng)
        assert g2.result is not None and sum(g2.result.points) == 0


def test_a_card_not_left_is_refused() -> None:
    deal = Game.chance_deal()
    for _ in range(COPIES):
        deal.apply(0)
    with pytest.raises(ValueError, match="no 天 is left"):
        deal.apply(0)
    with pytest.raises(Exception, match="dealer must be a seat"):
        Game.chance_deal(dealer=3)
