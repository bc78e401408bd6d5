"""丰顺 hand flow from chosen cards: 和 on a draw and on a discard, several winners, claims."""

import pytest

from sim.errors import IllegalActionError
from sim.games.sise.fengshun import FengshunRules, Game, next_dealer

FILL = "红车 红马 红炮 "  # a complete group, to pad hands


def test_dealer_wins_on_dealt_cards():
    g = Game.from_cards(hands=["红将 绿将 红车 红马 红炮", "黑马 黑马", "黄马 黄马"], dealer=0)
    r = g.result
    assert r.winners == (0,) and r.how == "self-drawn" and r.scores == (3, 0, 0)
    assert r.points == (6, -3, -3)


def test_self_drawn_win_scores_concealed_rates():
    g = Game.from_cards(hands=["红卒 红马", "绿车 绿车 绿马", "黄车 黑车"], stock="绿车 黑炮", dealer=0)
    assert [a.text for a in g.legal_actions()] == ["打 红马", "打 红卒"]
    g.step(6 + 0 * 7)  # 打 红卒
    # nobody claims 红卒 (no pair, seat 1 cannot 吃 it); seat 1 draws 绿车: 三张 3, but 绿马 is loose
    assert g.actor == 1 and g.hand(1) == "绿车 绿车 绿车 绿马"
    assert not g.done


def test_win_on_a_discard_uses_the_claimed_rate():
    # seat 1 holds 绿车 绿车 红将: 和 on 绿车 from seat 0 = 碰 rate 1 + 将 1
    g = Game.from_cards(hands=["绿车 红马", "绿车 绿车 红将", "黄马 黄马"], stock="黑炮 黑炮", dealer=0)
    g.step(g.legal_actions()[[a.text for a in g.legal_actions()].index("打 绿车")].code)
    r = g.result
    assert r.winners == (1,) and r.how == "discard" and r.pao == 0
    assert r.scores == (0, 2, 0) and r.points == (-2, 2, 0)


def test_several_winners_on_one_discard_and_the_dealer_rule():
    g = Game.from_cards(hands=["黑卒 红马", "黑卒 黑卒 绿将", "红卒 绿卒 红将 红将"], dealer=0)
    g.step(g.legal_actions()[[a.text for a in g.legal_actions()].index("打 黑卒")].code)
    r = g.result
    assert r.winners == (1, 2) and r.pao == 0
    assert r.scores == (0, 1 + 1, 1 + 2)  # 碰-rate triple + 将; three-colour set + two 将
    assert r.points == (-5, 2, 3)
    assert next_dealer(r.winners, r.pao) == 0  # the 点炮 player deals
    assert next_dealer((1,), 0) == 1


def test_min_score_blocks_small_wins():
    rules = FengshunRules(min_score=3)
    g = Game.from_cards(hands=["绿车 红马", "绿车 绿车 红将 黑马 黑马", "黄马 黄马"],
                        stock="黑炮 黑炮", dealer=0, rules=rules)
    g.step([a.code for a in g.legal_actions() if a.text == "打 绿车"][0])
    assert not g.done and g.actor == 1  # 2 points is too few: 碰 offered instead
    assert [a.text for a in g.legal_actions()] == ["过", "碰 绿车"]
    g.step(28)  # 过: seat 1 draws 黑炮 and must discard
    assert g.actor == 1 and g.hand(1).count("黑炮") == 1


def test_a_claim_must_leave_a_card_to_discard():
    g = Game.from_cards(hands=["绿车 红马", "绿车 绿车 红将", "黄马 黄马"], stock="黑炮 黑炮",
                        dealer=0, rules=FengshunRules(min_score=3))
    g.step([a.code for a in g.legal_actions() if a.text == "打 绿车"][0])
    assert g.actor == 1 and g.hand(1) == "红将 绿车 绿车 黑炮"  # no 碰 offered: it drew


def test_chi_only_from_the_shang_jia_and_peng_from_anyone():
    # seat 0 discards 红马; seat 2 (its 上家) holds 红马 红马: may 碰; seat 1 (下家) may 吃
    g = Game.from_cards(hands=["红马 红将", "红车 红炮 黑卒", "红马 红马 黑车"], stock="黑炮 黑炮",
                        dealer=0)
    g.step([a.code for a in g.legal_actions() if a.text == "打 红马"][0])
    assert g.actor == 2 and [a.text for a in g.legal_actions()] == ["过", "碰 红马"]
    g.step(28)  # 过
    assert g.actor == 1 and [a.text for a in g.legal_actions()] == ["过", "吃 红车红马红炮"]
    g.step(g.legal_actions()[1].code)
    assert g.melds(1) == ("吃 红车红马红炮",) and g.actor == 1
    assert [a.text for a in g.legal_actions()] == ["打 黑卒"]


def test_jiang_is_never_discarded_and_illegal_actions_are_refused():
    g = Game.from_cards(hands=["红将 绿将 红马", "黑马 黑车", "黄马 黄炮"], stock="黑炮", dealer=0)
    assert [a.text for a in g.legal_actions()] == ["打 红马"]
    with pytest.raises(IllegalActionError, match="illegal action 0"):
        g.step(0)


def test_gang_scores_six():
    g = Game.from_cards(hands=["黄炮 红马", "黄炮 黄炮 黄炮 黑车 黑车", "黄马 绿马"], stock="黑车 黑炮",
                        dealer=0)
    g.step([a.code for a in g.legal_actions() if a.text == "打 黄炮"][0])
    # seat 1 could 和 (三张 claimed = 1, pair...) — it holds 黄炮×3 + 黑车 pair: 和 on the fourth
    r = g.result
    assert r.winners == (1,) and r.scores[1] == 6 + 0


def test_stock_out_draw_and_highest():
    hands = ["红马 绿车", "黑马 黑车 黑车 黑车", "黄卒 黄马 红将"]
    g = Game.from_cards(hands=hands, stock="", dealer=0)
    g.step([a.code for a in g.legal_actions() if a.text == "打 红马"][0])
    assert g.result.winners == () and g.result.how == "stock out"
    g = Game.from_cards(hands=hands, stock="", dealer=0, rules=FengshunRules(stock_out="highest"))
    g.step([a.code for a in g.legal_actions() if a.text == "打 红马"][0])
    assert g.result.winners == (1,) and g.result.scores[1] == 3 and g.result.how == "highest score"
