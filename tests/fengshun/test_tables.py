"""丰顺 options from chosen cards: the wall turned up (draw=open), four players, two decks."""

from fractions import Fraction
from math import comb

import pytest

from sim.errors import OptionError
from sim.games.sise.fengshun import FengshunRules, Game, hand_score
from sim.games.sise.fengshun import state as T
from sim.games.sise.fengshun.deals import exact_events

OPEN = FengshunRules(draw="open")


def _do(g: Game, text: str) -> None:
    g.step([a.code for a in g.legal_actions() if a.text == text][0])


def test_turned_up_card_completing_the_drawer_is_self_drawn_at_concealed_rates():
    g = Game.from_cards(hands=["红马 红将", "绿车 绿车 红将", "黄马 黄马"], stock="绿车 黑炮",
                        dealer=0, rules=OPEN)
    _do(g, "打 红马")
    r = g.result
    assert r.winners == (1,) and r.how == "self-drawn" and r.scores == (0, 3 + 1, 0)
    assert r.points == (-4, 8, -4) and g.card_total() == 7 + 1 + 1


def test_turned_up_card_taken_by_another_seat_to_win_scores_the_claimed_rate():
    g = Game.from_cards(hands=["红马 红将", "绿车 绿马", "黑炮 黑炮 红将"], stock="黑炮 黄卒",
                        dealer=0, rules=OPEN)
    _do(g, "打 红马")  # seat 1 turns up 黑炮; seat 2 和s on it: 碰 rate 1 + 将 1
    r = g.result
    assert r.winners == (2,) and r.how == "turned-up card" and r.pao == -1
    assert r.scores == (0, 0, 2) and r.points == (-2, -2, 4)
    assert g.hand(2) == "红将 黑炮 黑炮 黑炮"


def test_turned_up_jiang_is_laid_out_and_never_taken_by_another():
    # seat 2's pair is complete: in the hand mode a 将 would make it win; turned up, only the
    # drawer may use a 将, and he lays it on his table (a single worth 1) and discards
    g = Game.from_cards(hands=["红马 红将", "绿车 绿马 黑卒", "黄马 黄马"], stock="黄将 黑炮",
                        dealer=0, rules=OPEN)
    _do(g, "打 红马")
    assert not g.done and g.actor == 1 and g.melds(1) == ("亮 黄将",)
    assert [a.text for a in g.legal_actions()] == ["打 绿车", "打 绿马", "打 黑卒"]
    assert g.state[T.MSC + 1] == 1


def test_a_turned_up_card_nobody_takes_is_dead_and_the_next_seat_draws():
    g = Game.from_cards(hands=["红马 红将", "绿车 绿马", "黄马 黄炮"], stock="黑炮 黑卒 黑士",
                        dealer=0, rules=OPEN)
    _do(g, "打 红马")
    kinds = [(e.kind, e.seat, e.text) for e in g.events]
    assert kinds[1:5] == [("翻", 1, "黑炮"), ("无人要", 1, "黑炮"), ("翻", 2, "黑卒"),
                          ("无人要", 2, "黑卒")]
    assert g.observation(0).piles[1] == "黑炮" and g.hand(1) == "绿车 绿马"


def test_only_the_drawer_may_chi_a_turned_up_card_and_offers_go_from_the_drawer_on():
    g = Game.from_cards(hands=["黄卒 红将", "红车 红炮 黑卒", "红马 红马 黑车"], stock="红马 黑士",
                        dealer=0, rules=OPEN)
    _do(g, "打 黄卒")
    assert g.actor == 1 and [a.text for a in g.legal_actions()] == ["过", "吃 红车红马红炮"]
    assert g.observation(1).shown and g.observation(1).card == "红马"  # turned up, on offer
    g.step(28)  # 过: seat 2 may only 碰 it
    assert g.actor == 2 and [a.text for a in g.legal_actions()] == ["过", "碰 红马"]
    _do(g, "碰 红马")
    assert g.melds(2) == ("碰 红马",) and [a.text for a in g.legal_actions()] == ["打 黑车"]


def test_four_players_chi_from_the_shang_jia_only_and_peng_asked_first():
    rules = FengshunRules(players=4, decks=2)
    g = Game.from_cards(hands=["红马 红将", "红车 红炮 黑卒", "红马 红马 黑车", "红马 红马 黄车"],
                        stock="黑炮 黑炮", dealer=0, rules=rules)
    _do(g, "打 红马")
    assert g.actor == 2 and [a.text for a in g.legal_actions()] == ["过", "碰 红马"]  # 对家
    assert not g.observation(2).shown and g.observation(2).seats == 4
    g.step(28)
    assert g.actor == 3 and [a.text for a in g.legal_actions()] == ["过", "碰 红马"]  # 上家
    g.step(28)
    assert g.actor == 1 and [a.text for a in g.legal_actions()] == ["过", "吃 红车红马红炮"]  # 下家
    g.step(28)  # everybody passed: the 下家 draws
    assert g.actor == 1 and "黑炮" in g.hand(1)


def test_several_winners_at_a_table_of_four():
    rules = FengshunRules(players=4)
    g = Game.from_cards(hands=["黑卒 红马", "黑卒 黑卒 绿将", "红士 绿士", "红卒 绿卒 红将"], dealer=0,
                        rules=rules)
    _do(g, "打 黑卒")
    r = g.result
    assert r.winners == (1, 3) and r.pao == 0 and r.points == (-4, 2, 0, 2)


def test_two_decks_hold_up_to_eight_copies():
    two = FengshunRules(decks=2)
    assert hand_score("红炮 红炮 红炮 红炮 红炮", rules=two) == 3  # pair + three identical
    assert hand_score(" ".join(["红炮"] * 8), rules=two) == 16  # two quads
    assert hand_score(" ".join(["黑将"] * 8), rules=two) == 64
    assert hand_score(" ".join(["红炮"] * 7), claimed="红炮", rules=two) == 6 + 8  # 杠 + quad


@pytest.mark.parametrize("players,decks", [(2, 2), (3, 2), (4, 1), (4, 2)])
def test_deal_sizes(players, decks):
    rules = FengshunRules(players=players, decks=decks)
    g = Game(seed=4, rules=rules)
    s = g.state
    held = s[T.HAND: T.HAND + T.MAX_SEATS * 28].reshape(T.MAX_SEATS, 28).sum(1)
    assert held[g.dealer] == 21 or g.done
    assert sorted(held[:players])[:-1] == [20] * (players - 1) and held[players:].sum() == 0
    assert s[T.SE] == 112 * decks and s[T.SP] == 21 + 20 * (players - 1)


def test_two_players_need_two_decks():
    with pytest.raises(OptionError, match="players=2 needs decks=2"):
        FengshunRules(players=2)


def test_exact_deal_odds_of_two_decks():
    ex = exact_events(8)
    assert ex[(20, "将 = 0")] == Fraction(comb(192, 20), comb(224, 20))
    assert ex[(20, "four identical ≥ 1")] == 1 - _no_quad(20)
    assert ex[(20, "four identical ≥ 1")] > exact_events(4)[(20, "four identical ≥ 1")]


def _no_quad(hand: int) -> Fraction:
    # coefficient of x^hand in (sum_{j<4} C(8, j) x^j)^28 over C(224, hand)
    poly = [comb(8, j) for j in range(4)]
    acc = [1]
    for _ in range(28):
        nxt = [0] * (len(acc) + 3)
        for i, a in enumerate(acc):
            for j, b in enumerate(poly):
                nxt[i + j] += a * b
        acc = nxt
    return Fraction(acc[hand], comb(224, hand))
