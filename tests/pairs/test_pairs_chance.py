"""The pairing game dealt card by card (``Game.chance_deal``): the same hands and stock as the
seeded engine deal for every table the deck or deal depends on (players, decks, the
``doushisi`` preset), the deal-time 偷 and 天胡 included; probabilities that sum to one and a
deck that is conserved."""

from __future__ import annotations

import numpy as np
import pytest

from sim.games.chance import CardDeal
from sim.games.chuanpai.cards import DECK_SIZE, N_TYPES
from sim.games.chuanpai.pairs import PairsRules, deal_sizes
from sim.games.chuanpai.pairs import engine as E
from sim.games.chuanpai.pairs.game import Game
from sim.games.chuanpai.pairs.rules import rules_vector
from tests.chance_check import play_alike

# every preset, and every player count from one deck and from two; with the seeds (dealer
# seed % players) whose deal is a 天胡 at that table, besides seeds 0–17
TABLES = {"seed": (PairsRules(), [243, 1459]),
          "doushisi": (PairsRules.from_options(preset="doushisi"), [535]),
          "2p": (PairsRules(players=2), [1112, 1219]),
          "6p_2decks": (PairsRules(players=6, decks=2), [573, 1879])}
for _n in (2, 3, 4, 5, 6):
    for _d in (1, 2):
        TABLES.setdefault(f"{_n}p" + ("_2decks" if _d == 2 else ""),
                          (PairsRules(players=_n, decks=_d), []))


def engine_deal(seed: int, rules: PairsRules, dealer: int) -> CardDeal:
    """The card-by-card deal fed the arrangement the engine's own shuffle makes for ``seed``."""
    deal = Game.chance_deal(rules=rules, dealer=dealer)
    rng = np.array([seed], dtype=np.uint64)
    deck = np.empty(E.MAX_CARDS, dtype=np.int16)
    n = E.shuffle_deck(rng, rules_vector(rules), deck)
    assert n == deal.size == DECK_SIZE * rules.decks
    for k in deck[:n]:
        assert not deal.done
        deal.apply(int(k))
    assert deal.done and deal.redeals == 0
    return deal


def same_view(a: Game, b: Game) -> None:
    assert np.array_equal(a._s, b._s)
    assert a.actor == b.actor and a.done == b.done and a.stock() == b.stock()
    assert [x.code for x in a.legal_actions()] == [x.code for x in b.legal_actions()]
    for p in range(a.players):
        assert a.hand(p) == b.hand(p) and a.table(p) == b.table(p)
        assert np.array_equal(a.observation_array(p), b.observation_array(p))




@pytest.mark.parametrize("table", list(TABLES))
def test_card_by_card_deal_is_the_engine_deal(table: str) -> None:
    rules, naturals = TABLES[table]
    for seed in [*range(18), *naturals]:
        dealer = seed % rules.players
        ref = Game(seed=seed, dealer=dealer, rules=rules)
        g = engine_deal(seed, rules, dealer).game
        same_view(g, ref)
        if seed in naturals:
            assert g.done and g.result.outcome == "natural"
        play_alike(g, ref, np.random.default_rng(seed))
        same_view(g, ref)
        assert g.result == ref.result


def held(g: Game) -> np.ndarray:
    """Cards per type in hands, on tables, dead, in the stock and on offer."""
    s = g._s
    out = np.zeros(N_TYPES, dtype=np.int64)
    for p in range(E.MAXP):
        for base in (E.HAND, E.TABLE):
            out += s[base + p * N_TYPES:base + (p + 1) * N_TYPES]
    out += s[E.DEAD:E.DEAD + N_TYPES]
    out += np.bincount(s[E.STOCK + int(s[E.SP]):E.STOCK + int(s[E.NCARDS])], minlength=N_TYPES)
    if s[E.PHASE] == E.PH_CLAIM and s[E.CARD] >= 0:
        out[int(s[E.CARD])] += 1
    return out


@pytest.mark.parametrize("table", list(TABLES))
def test_probabilities_sum_to_one_and_the_deck_is_conserved(table: str) -> None:
    rules, _ = TABLES[table]
    rng = np.random.default_rng(3)
    for dealer in range(rules.players):
        deal = Game.chance_deal(rules=rules, dealer=dealer)
        assert deal.counts.tolist() == [4 * rules.decks] * N_TYPES and deal.extras_sizes == ()
        assert deal.text(0) == "deal 天"
        while not deal.done:
            outs = deal.outcomes()
            assert abs(sum(p for _, p in outs) - 1) < 1e-12
            deal.apply(outs[int(rng.integers(len(outs)))][0])
        g = deal.game
        assert deal.outcomes() == [] and g.dealer == dealer
        assert held(g).tolist() == deal.counts.tolist() and g.card_total() == deal.size
        dealt = [int(g._s[E.NHAND + p] + g._s[E.TABLE + p * N_TYPES:E.TABLE + (p + 1) * N_TYPES].sum()
                     - g._s[E.NTOU + p]) for p in range(rules.players)]
        sizes = deal_sizes(rules.players, rules=rules)
        assert dealt == [sizes[(p - dealer) % rules.players] for p in range(rules.players)]
        g2 = Game.chance_deal(rules=rules, dealer=dealer).play_out(np.random.default_rng(dealer))
        play_alike(g2, g2.clone(), rng)
        assert held(g2).tolist() == deal.counts.tolist()
        assert g2.result is not None and sum(g2.result.points) == 0


def test_no_redeal_and_a_card_not_left_is_refused() -> None:
    deal = Game.chance_deal(rules=PairsRules(decks=2))
    for _ in range(8):
        deal.apply(3)
    with pytest.raises(ValueError, match="no 和 is left"):
        deal.apply(3)
    with pytest.raises(Exception, match="dealer must be a seat"):
        Game.chance_deal(rules=PairsRules(players=3), dealer=3)
