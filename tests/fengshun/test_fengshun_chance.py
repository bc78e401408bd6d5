"""丰顺 dealt card by card: the seeded hand is the card-by-card deal of its own dice and
shuffle(s), for every deck and table size, and a deal the rules throw in is drawn again."""

from __future__ import annotations

import numpy as np
import pytest

from sim.games.sise.cards import JIANG, N_KINDS, N_RANKS
from sim.games.sise.fengshun import FengshunRules, Game
from sim.games.sise.fengshun import engine as E
from sim.games.sise.fengshun import state as T
from sim.games.sise.fengshun.rules import rules_vector
from sim.rng import new_state
from tests.sise.chance_check import assert_same, feed, play_both, play_random

# four seeds in the default run, the other sixteen with the slow tests
SEED_SETS = [pytest.param(range(4), id="seeds0-3"),
             pytest.param(range(4, 20), id="seeds4-19", marks=pytest.mark.slow)]
RULES = {  # every deck (1 or 2) and table size (2–4), and the preset that redeals
    "seed": FengshunRules(), "hakka": FengshunRules.from_options(preset="hakka"),
    "four": FengshunRules(players=4), "two_decks": FengshunRules(decks=2),
    "two_players": FengshunRules(players=2, decks=2),
    "four_two_decks_open": FengshunRules(players=4, decks=2, draw="open"),
}


def engine_draws(seed: int, rules: FengshunRules) -> tuple[tuple[int, int], list[np.ndarray]]:
    """What the engine's deal draws for ``seed``: the two dice, then every shuffle of the
    deck until the rules keep one (the last)."""
    rng, cfg = new_state(seed), rules_vector(rules)
    dice = E.throw_dice(rng)
    deck, shuffles = E.new_deck(cfg), []
    scratch = np.zeros(T.STATE_SIZE, dtype=np.int64)
    for t in range(E.MAX_REDEALS):
        E.shuffle_deck(rng, deck)
        shuffles.append(deck.copy())
        if E.deal_from(scratch, deck, cfg, 0, t + 1):
            break
    return dice, shuffles


def dealt(seed: int, rules: FengshunRules, dealer: int):
    """The hand of ``seed`` dealt card by card from the engine's own draws."""
    (d1, d2), shuffles = engine_draws(seed, rules)
    deal = Game.chance_deal(rules=rules, dealer=dealer)
    extras = (d1 - 1, d2 - 1) if dealer < 0 else ()
    assert deal.extras_sizes == ((6, 6) if dealer < 0 else ())
    for i, order in enumerate(shuffles):
        assert deal.redeals == i and not deal.done
        feed(deal, order, extras)
    assert deal.done and deal.redeals == len(shuffles) - 1
    return deal


@pytest.mark.parametrize("seeds", SEED_SETS)
@pytest.mark.parametrize("rules", RULES.values(), ids=RULES.keys())
def test_the_seeded_hand_is_its_draws_dealt_card_by_card(rules: FengshunRules, seeds: range) -> None:
    for seed in seeds:
        dealer = -1 if seed % 2 else (seed // 2) % rules.players  # the dice, or a named dealer
        deal = dealt(seed, rules, dealer)
        ref = Game(seed=seed, rules=rules, dealer=dealer)
        assert deal.size == 112 * rules.decks
        assert_same(deal.game, ref, rules.players)
        play_both(deal.game, ref, rules.players, np.random.default_rng(seed))


def test_hands_the_engine_redealt_are_redealt_card_by_card() -> None:
    rules = RULES["hakka"]
    redealt = 0
    for seed in range(400):
        (_, _), shuffles = engine_draws(seed, rules)
        if len(shuffles) == 1:
            continue
        redealt += 1
        deal = dealt(seed, rules, -1)
        ref = Game(seed=seed, rules=rules)
        assert int(ref.state[T.DEALS]) == len(shuffles) == deal.redeals + 1
        assert_same(deal.game, ref, rules.players)
        if redealt == 3:
            break
    assert redealt == 3


def _bad_order(rules: FengshunRules) -> np.ndarray:
    """A deck whose first hand (the dealer's 21) has no three identical cards and no 将."""
    counts = np.full(N_KINDS, 4 * rules.decks)
    first = [k for k in range(N_KINDS) if k % N_RANKS != JIANG for _ in range(2)][:T.DEALER_CARDS]
    for k in first:
        counts[k] -= 1
    return np.array(first + [k for k in range(N_KINDS) for _ in range(counts[k])])


def test_a_deal_thrown_in_is_drawn_again_and_counted() -> None:
    rules = RULES["hakka"]
    bad = _bad_order(rules)
    deal = Game.chance_deal(rules=rules, dealer=1)
    feed(deal, bad)
    assert not deal.done and deal.redeals == 1 and deal.order == [] and deal.left.sum() == 112
    twin = deal.clone()
    feed(twin, bad)  # the copy counts its own redeals
    assert twin.redeals == 2 and deal.redeals == 1
    (_, _), shuffles = engine_draws(3, rules)
    feed(deal, shuffles[-1])
    assert deal.done and int(deal.game.state[T.DEALS]) == 2
    # without redeal the same cards are played
    plain = Game.chance_deal(rules=FengshunRules(), dealer=1)
    feed(plain, bad)
    assert plain.done and plain.redeals == 0 and int(plain.game.state[T.DEALS]) == 1


def test_the_hundredth_deal_is_kept() -> None:
    rules = RULES["hakka"]
    deal = Game.chance_deal(rules=rules, dealer=0)
    deal.redeals = E.MAX_REDEALS - 1
    feed(deal, _bad_order(rules))
    assert deal.done and int(deal.game.state[T.DEALS]) == E.MAX_REDEALS


def test_the_deck_names_and_dealers() -> None:
    assert Game.chance_deal().counts.tolist() == [4] * N_KINDS
    assert Game.chance_deal(rules=FengshunRules(decks=2)).counts.tolist() == [8] * N_KINDS
    assert Game.chance_deal().text(0).startswith("deal ")
    with pytest.raises(ValueError):
        Game.chance_deal(dealer=3)
    assert Game.chance_deal(rules=FengshunRules(players=4), dealer=3).extras_sizes == ()
    deal = Game.chance_deal(dealer=-1)
    feed(deal, engine_draws(0, FengshunRules())[1][-1])
    assert deal.outcomes() == [(i, 1 / 6) for i in range(6)]
    deal.apply(5)
    deal.apply(5)  # dice 6 + 6: seat (12 - 1) % 3
    assert deal.game.dealer == 2 and deal.game.actor in (2, -1)


@pytest.mark.parametrize("rules", RULES.values(), ids=RULES.keys())
def test_play_out_deals_a_legal_hand_that_conserves_the_deck(rules: FengshunRules) -> None:
    rng = np.random.default_rng(11)
    for dealer in (-1, 0, 1):
        deal = Game.chance_deal(rules=rules, dealer=dealer)
        g = deal.play_out(rng)
        s, n = g.state, rules.players
        got = s[T.HAND: T.HAND + n * N_KINDS].reshape(n, N_KINDS).sum(axis=0)
        got = got + np.bincount(s[T.STOCK + s[T.SP]: T.STOCK + s[T.SE]], minlength=N_KINDS)
        assert got.tolist() == deal.counts.tolist()
        assert s[T.NM: T.NM + n].sum() == 0 and s[T.PILE: T.PILE + n * N_KINDS].sum() == 0
        held = [int(s[T.HAND + p * N_KINDS: T.HAND + (p + 1) * N_KINDS].sum()) for p in range(n)]
        assert held[g.dealer] == T.DEALER_CARDS and sorted(held)[:-1] == [T.PLAYER_CARDS] * (n - 1)
        assert g.card_total() == deal.size
        if not g.done:
            assert g.actor == g.dealer
        play_random(g, rng)
        assert g.done and g.card_total() == deal.size and sum(g.result.points) == 0
