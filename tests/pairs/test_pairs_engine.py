"""Golden hands for the flow: the deal-time 偷 loop, 偷 after each group, priorities, 坨."""

import pytest

from sim.errors import IllegalActionError
from sim.games.chuanpai.pairs import PairsRules
from sim.games.chuanpai.pairs import engine as E
from sim.games.chuanpai.pairs.game import Game

DOU = PairsRules.from_options(preset="doushisi")


def texts(g):
    return [a.text for a in g.legal_actions()]


def kinds(g, *names):
    return [(e.kind, e.seat, e.text) for e in g.events if e.kind in names]


def test_deal_time_an_is_laid_face_down_and_replaced():
    g = Game.from_cards(hands=["人 人 人 天", "红九", "黑九", "长二"], stock="梅子")
    assert g.table(0) == "人 人 人" and g.hand(0) == "天 梅子"
    assert kinds(g, "暗", "偷") == [("暗", 0, "人"), ("偷", 0, "梅子")]
    other = g.observation(1)
    assert other.tables[0] == "" and other.n_hidden[0] == 3  # others see three face-down cards
    assert g.observation(0).tables[0] == "人 人 人"
    assert g.actor == 0 and texts(g) == ["打 天", "打 梅子"]


def test_deal_time_liang_steals_two_and_yan_one():
    g = Game.from_cards(hands=["人 人 人 人 天", "幺六 三四 二五 红九", "黑九", "长二"],
                        stock="梅子 长三 拐子")
    assert kinds(g, "亮", "燕", "偷") == [("亮", 0, "人"), ("偷", 0, "梅子"), ("偷", 0, "长三"),
                                        ("燕", 1, "幺六 三四 二五"), ("偷", 1, "拐子")]
    assert g.hand(0) == "天 梅子 长三" and g.hand(1) == "红九 拐子"
    assert g.observation(2).tables[0] == "人 人 人 人"  # 亮 is open


def test_a_stolen_card_that_makes_an_an_is_laid_at_once_and_replaced():
    g = Game.from_cards(hands=["人 人 人 长三 长三 天", "红九", "黑九", "长二"], stock="长三 梅子")
    assert kinds(g, "暗", "偷") == [("暗", 0, "人"), ("偷", 0, "长三"), ("暗", 0, "长三"),
                                   ("偷", 0, "梅子")]
    assert g.hand(0) == "天 梅子" and g.result is None
    assert g.state[E.NTOU] == 2


def test_peng_steals_one_and_the_claimer_discards():
    g = Game.from_cards(hands=["天 黑九", "天 天 红九", "长三", "长二"], stock="梅子")
    g.step("打 天")
    assert g.actor == 1 and texts(g) == ["碰 天", "过"]
    g.step("碰 天")
    assert g.table(1) == "天 天 天" and g.hand(1) == "梅子 红九"
    assert kinds(g, "碰", "偷")[-2:] == [("碰", 1, "天"), ("偷", 1, "梅子")]
    assert g.actor == 1 and texts(g) == ["打 梅子", "打 红九"]


def test_peng_comes_before_bai_whatever_the_seat():
    g = Game.from_cards(hands=["天 长三", "二六 红九 黑九", "天 天 斧头", "长二"], stock="梅子 长三")
    g.step("打 天")
    assert g.actor == 2 and texts(g) == ["碰 天", "过"]  # seat 2's 碰 is asked before seat 1's 摆
    g.step("过")
    assert g.actor == 1 and texts(g) == ["摆 二六 天", "过"]
    g.step("摆 二六 天")
    assert g.table(1) == "天 二六" and g.hand(1) == "红九 黑九"
    assert g.state[E.NTOU + 1] == 0  # 摆 steals nothing
    with pytest.raises(IllegalActionError, match="may not play"):
        g.step("打 天")


def test_gang_onto_an_own_an_steals_two_and_opens_it():
    g = Game.from_cards(hands=["长三 黑九", "长三 长三 长三 红九", "天", "长二"],
                        stock="梅子 黑九 拐子")
    assert g.hand(1) == "梅子 红九" and g.observation(0).n_hidden[1] == 3
    g.step("打 长三")
    assert g.actor == 1 and texts(g) == ["杠 长三", "过"]
    g.step("杠 长三")
    assert g.table(1) == "长三 长三 长三 长三" and g.observation(0).n_hidden[1] == 0
    assert kinds(g, "偷")[-2:] == [("偷", 1, "黑九"), ("偷", 1, "拐子")]


def test_gang_steal_option():
    g = Game.from_cards(hands=["长三 黑九", "长三 长三 长三 红九", "天", "长二"],
                        stock="梅子 黑九 拐子", rules=PairsRules(gang_tou=1))
    g.step("打 长三")
    g.step("杠 长三")
    assert kinds(g, "偷")[-1] == ("偷", 1, "黑九") and len(kinds(g, "偷")) == 2


def test_claimed_yan_steals_one():
    g = Game.from_cards(hands=["二五 黑九", "幺六 三四 天", "红九", "长二"], stock="梅子")
    g.step("打 二五")
    assert g.actor == 1 and texts(g) == ["燕 二五", "过"]
    g.step("燕 二五")
    assert g.table(1) == "幺六 三四 二五" and g.hand(1) == "天 梅子"


def test_win_on_a_discard_pays_one_from_each_loser():
    g = Game.from_cards(hands=["二六 黑九", "地", "红九", "长二"], stock="梅子")
    g.step("打 二六")
    assert texts(g) == ["摆 地 二六", "过"]
    g.step("摆 地 二六")
    r = g.result
    assert r.outcome == "win" and r.winner == 1 and r.points == (-1, 3, -1, -1)


def test_an_unclaimed_discard_makes_the_next_seat_turn_up_for_everyone():
    g = Game.from_cards(hands=["红九 黑九", "地", "长二", "长三"], stock="二六 梅子")
    g.step("打 红九")  # nobody can take 红九 (9 + 9 = 18): seat 1 turns up 二六
    assert kinds(g, "no taker", "翻") == [("no taker", 0, "红九"), ("翻", 1, "二六")]
    assert g.actor == 1 and texts(g) == ["摆 地 二六", "过"]  # the turner may take it first
    assert g.observation(2).offered == "二六" and g.observation(1).hand == "地"


def test_anyone_may_bai_in_seat_order_from_the_turner():
    g = Game.from_cards(hands=["红九 黑九", "长二", "地", "长三"], stock="二六 梅子")
    g.step("打 红九")
    assert g.actor == 2 and texts(g) == ["摆 地 二六", "过"]


def test_short_hand_keeps_the_card_it_turns_up():
    rules = PairsRules(players=5)
    # 天 (12) 红九 黑九 (9) never pair under 10/20; dealer 1, so seat 0 is the fifth seat
    g = Game.from_cards(hands=["黑九 天", "天 红九", "黑九", "天", "红九"], stock="红九 黑九 幺四",
                        dealer=1, rules=rules)
    assert g.state[E.SHORT] == 1 and g.state[E.SHORT + 1] == 0
    g.step("打 天")  # nobody takes it; seats 2, 3, 4 turn 红九 黑九 幺四 for all, unclaimed
    assert kinds(g, "翻") == [("翻", 2, "红九"), ("翻", 3, "黑九"), ("翻", 4, "幺四")]
    # seat 0 (short) keeps the card it turns up (the last 天, next in the stock) and discards
    assert kinds(g, "take") == [("take", 0, "天")]
    assert g.actor == 0 and g.hand(0) == "天 天 黑九" and texts(g) == ["打 天", "打 黑九"]


def test_doushisi_needs_tuo_to_win():
    # seat 1 is complete at the deal (天 + 地 = 14) but 2 坨 is far below 18: no 天胡
    g = Game.from_cards(hands=["红九 黑九", "天 地", "梅子", "长三"], stock="二六 拐子", rules=DOU)
    assert g.result is None
    # a 小家 (seat 3, before the 头家) needs only 5 坨: 天 地 人 长三 幺四 红九 ... make 6 red pairs
    g = Game.from_cards(hands=["红九 黑九", "梅子", "长二", "天 地 幺四 红九 人 二红"],
                        stock="二六 拐子", rules=DOU)
    r = g.result
    assert r is not None and r.outcome == "natural" and r.winner == 3 and r.tuo == 6


def test_doushisi_chi_only_by_the_next_seat():
    g = Game.from_cards(hands=["天 黑九 红九", "梅子", "地 长二", "长三"], stock="二六 拐子", rules=DOU)
    g.step("打 天")  # seat 2 could 吃 天 with 地 (14) but only seat 1 may 吃
    assert g.actor != 2


def test_tianhu_after_the_deal_time_tou_loop():
    g = Game.from_cards(hands=["红九 黑九", "天 二六", "长二", "长三"], stock="梅子")
    r = g.result
    assert r.outcome == "natural" and r.winner == 1 and r.points == (-1, 3, -1, -1)
    # a 暗 laid at the deal and replaced can spoil a complete deal: 人人人 + 天 二六 draws 梅子
    g = Game.from_cards(hands=["人 人 人 天 二六", "红九", "黑九", "长三"], stock="梅子")
    assert g.result is None and g.hand(0) == "天 梅子 二六"


def test_doushisi_fan_and_payment():
    hands = ["红九 黑九", "梅子", "长二", "天 地 幺四 红九 人 二红"]  # 小家 (seat 3), all red
    r = Game.from_cards(hands=hands, stock="二六 拐子", rules=DOU).result
    assert (r.fan, r.stake, r.points) == (1, 2, (-2, -2, -2, 6))  # base × 2^番
    lin = PairsRules.from_options(preset="doushisi", overrides={"payment": "linear", "base": 3})
    r = Game.from_cards(hands=hands, stock="二六 拐子", rules=lin).result
    assert (r.fan, r.stake) == (1, 6)  # base × (1 + 番)
    # with one black card (长三) the 小家 still reaches 5 坨 but its hand is mixed: no 番
    mixed = ["红九 黑九", "梅子", "长二", "天 地 长三 人 幺四 红九"]
    r = Game.from_cards(hands=mixed, stock="二六 拐子", rules=DOU).result
    assert r.winner == 3 and r.fan == 0 and r.stake == 1
