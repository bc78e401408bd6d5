"""Claims and priorities, dead passed cards, 有子不发, the 将 rules and 相公, from scripted hands."""

from __future__ import annotations

import pytest

from sim.errors import IllegalActionError
from sim.games.sise.guangshui import Game, GuangshuiRules
from sim.games.sise.guangshui.state import FAZI, HU, PASS, PENG, ZHAN
from tests.guangshui.test_scoring import H49


def codes(g: Game) -> list[int]:
    return [a.code for a in g.legal_actions()]


def texts(g: Game) -> list[str]:
    return [a.text for a in g.legal_actions()]


def discard(g: Game, card: str) -> None:
    g.step(next(a for a in g.legal_actions() if a.text == f"打 {card}"))


def last(g: Game, kind: str):
    return [e for e in g.events if e.kind == kind][-1]


def test_peng_beats_chi_of_the_nearer_seat():
    g = Game.from_cards(hands=["红车 白士 白士", "红马 红炮 绿炮", "红车 红车 黄马"], stock="黄卒")
    discard(g, "红车")
    assert g.actor == 1 and "吃 红车红马红炮" in texts(g)
    g.step(next(a for a in g.legal_actions() if a.text.startswith("吃")))
    assert g.actor == 2 and PENG in codes(g) and not any(t.startswith("吃") for t in texts(g))
    g.step(PENG)
    assert last(g, "碰").seat == 2 and g.melds(2) == ("碰 红车",) and g.actor == 2
    assert g.melds(1) == ()  # the 吃 lost to the 碰


def test_only_the_xiajia_eats_a_discard_and_zhan_is_lowest():
    g = Game.from_cards(hands=["白马 白士 白士", "白马 绿炮 绿炮", "白车 白炮 白马 白马"], stock="黄卒")
    discard(g, "白马")
    # seat 1 may 占; seat 2 may 碰 but not 吃 (not the 下家)
    assert g.actor == 1 and ZHAN in codes(g)
    g.step(ZHAN)
    assert g.actor == 2 and texts(g) == ["过", "碰 白马"]
    g.step(PENG)
    assert g.melds(2) == ("碰 白马",) and g.melds(1) == ()


def test_drawer_eats_his_own_draw_not_his_xiajia():
    g = Game.from_cards(hands=["白士 白士 黄车", "红马 红炮 绿炮", "红马 红炮 绿卒"],
                        stock="红车 黄卒")
    discard(g, "黄车")  # nobody can use it; seat 1 draws 红车
    assert last(g, "起").seat == 1 and last(g, "起").text == "红车"
    assert g.actor == 1 and "吃 红车红马红炮" in texts(g)
    g.step(PASS)
    # passed, and seat 2 (who could 吃 a discard) is not asked: the card is dead, seat 2 draws
    kinds = [(e.kind, e.seat, e.text) for e in g.events]
    at = kinds.index(("过牌", 1, "红车"))
    assert kinds[at + 1] == ("起", 2, "黄卒")


def test_a_passed_card_cannot_be_used_later():
    g = Game.from_cards(hands=["白马 白马 黄车", "白马 白马 绿炮 绿炮", "绿卒 绿卒"],
                        stock="黄卒 绿车 白马")
    discard(g, "白马")
    assert g.actor == 1 and PENG in codes(g)
    g.step(PASS)
    # seat 1 draws 黄卒 (useless), seat 2 draws 绿车, seat 0 draws 白马: seat 1 may not 碰 it
    while not g.done and g.actor >= 0:
        assert not (g.actor == 1 and PENG in codes(g))
        g.step(codes(g)[0] if PASS not in codes(g) else PASS)


def test_letting_the_fourth_card_of_a_zi_go_forbids_the_win():
    g = Game.from_cards(hands=["白马 黄车 黄车", "白马 白马 白马 绿炮", "绿卒 绿卒"], stock="黄卒")
    discard(g, "白马")
    assert g.actor == 1 and FAZI in codes(g)
    g.step(PASS)
    assert last(g, "有子不发").seat == 1
    assert g.observation(1).array[8] == 1  # OB_BAR


def test_jiang_is_never_discarded_and_a_drawn_jiang_is_laid_out():
    g = Game.from_cards(hands=["黄将 红将 白马", "绿炮 绿炮", "绿卒 绿卒"], stock="白将 黄马")
    assert texts(g) == ["打 白马"]
    discard(g, "白马")  # seat 1 draws 白将: nobody can use it, it is laid out
    assert last(g, "亮将").seat == 1 and g.melds(1) == ("将 白将",)
    assert g.actor == 1 and texts(g) == ["打 绿炮"]


def test_xianggong_when_only_jiang_are_left_to_discard():
    g = Game.from_cards(hands=["白马 白马 黄车", "黄将 红将", "绿卒 绿卒 绿炮"], stock="白将 黄马 红马")
    discard(g, "黄车")  # seat 1 draws 白将, lays it out, has only 将: 相公
    assert g.is_xiang(1) and last(g, "相公").seat == 1
    kinds = [(e.kind, e.seat) for e in g.events]
    assert kinds[kinds.index(("相公", 1)) + 1] == ("起", 2)  # play goes on without his discard
    assert g.held(1) == 3 and g.card_total() == 11


def test_a_claim_that_leaves_nothing_to_discard_is_refused():
    g = Game.from_cards(hands=["白马 黄车", "白马 白马 黄将", "绿卒 绿卒"], stock="黄卒")
    discard(g, "白马")
    assert PENG not in codes(g) or g.actor != 1


def test_hu_beats_peng_and_wins_with_the_claimed_card():
    winner = H49.replace(" 绿炮 绿炮", "").replace("绿将", "红马 绿将", 1)  # 30 cards, 红马 loose
    g = Game.from_cards(hands=["红马 黄卒 黄卒", winner, "红马 红马 绿卒"], stock="黄马")
    assert g.held(1) == 30
    discard(g, "红马")
    assert g.actor == 1 and HU in codes(g)
    g.step(HU)
    assert g.actor == 2 and PENG in codes(g)
    g.step(PENG)
    r = g.result
    assert r.winner == 1 and r.level == 1 and r.how == "discard" and r.points == (-1, 2, -1)
    assert g.held(1) == 31 and "占 红马" in g.melds(1)


def test_illegal_action_is_refused_in_one_line():
    g = Game.from_cards(hands=["黄将 红将 白马", "绿炮 绿炮", "绿卒 绿卒"], stock="白将")
    with pytest.raises(IllegalActionError) as e:
        g.step(0)  # 黄将 may not be discarded
    assert "\n" not in str(e.value) and "打 白马" in str(e.value)


def test_dealer_may_win_on_31_dealt_cards():
    g = Game.from_cards(hands=[H49, "绿卒 绿卒", "红卒 红卒"], stock="黄马")
    assert texts(g) == ["胡 (31 dealt cards)", "过"]
    g.step(HU)
    assert g.result.winner == 0 and g.result.how == "dealt"
    g = Game.from_cards(hands=[H49, "绿卒 绿卒", "红卒 红卒"], stock="黄马",
                        rules=GuangshuiRules(dealer_win=False))
    assert all(t.startswith("打") for t in texts(g))


def test_chuanpai_when_the_stock_runs_out():
    g = Game.from_cards(hands=["白马 黄车", "绿炮 红炮", "绿卒 白卒"], stock="黄卒")
    while not g.done:
        g.step(PASS if PASS in codes(g) else codes(g)[0])
    assert g.result.winner == -1 and g.result.how == "穿牌" and g.result.points == (0, 0, 0)





def test_no_zhan_of_a_zu_without_zu_pairs():
    hands = ["黄卒 白士 白士", "黄卒 绿炮 绿炮", "红马 红马"]
    on = Game.from_cards(hands=hands, stock="红车")
    discard(on, "黄卒")
    assert on.actor == 1 and ZHAN in codes(on)
    off = Game.from_cards(hands=hands, stock="红车", rules=GuangshuiRules(zu_pairs=False))
    discard(off, "黄卒")
    assert off.actor != 1 or ZHAN not in codes(off)


def test_xianggong_with_one_card_left_and_a_drawn_jiang():
    g = Game.from_cards(hands=["白马 白马 黄车", "红炮", "绿卒 绿卒 绿炮"], stock="白将 黄马")
    discard(g, "黄车")  # seat 1 holds one card and draws 白将: 相公, then discards 红炮
    assert g.is_xiang(1) and g.actor == 1 and texts(g) == ["打 红炮"]


def test_a_drawn_jiang_is_not_eaten():
    g = Game.from_cards(hands=["白马 白马 黄车", "黄士 黄相 绿炮", "绿卒 绿卒"], stock="黄将 红马")
    discard(g, "黄车")  # seat 1 draws 黄将: he holds 黄士 黄相 but may not 吃 it
    assert last(g, "亮将").seat == 1 and g.melds(1) == ("将 黄将",)


DRAWN_JIANG_WINNER = ("黄车 黄车 黄车 黄车 红车 红车 红车 红车 白马 白马 白马 绿马 绿马 绿马 黄将 黄士 黄相 "
                      "红将 红士 红相 白将 白士 白相 绿炮 绿炮 红炮 红炮 白炮 白炮 白炮")


def test_the_drawer_may_win_by_laying_out_a_drawn_jiang():
    from sim.games.sise.guangshui import can_win

    assert can_win(DRAWN_JIANG_WINNER, ["将 绿将"])
    g = Game.from_cards(hands=["黄卒 红卒", DRAWN_JIANG_WINNER, "绿卒 绿卒"], stock="绿将 红马")
    discard(g, "黄卒")  # seat 1 draws 绿将
    assert last(g, "起").seat == 1 and last(g, "起").text == "绿将"
    assert g.actor == 1 and HU in codes(g)
    g.step(HU)
    r = g.result
    assert r.winner == 1 and r.how == "own draw" and "将 绿将" in g.melds(1) and g.held(1) == 31


# seat 1 holds only 将 and 27 table cards; a drawn 将 makes 31 cards
ONLY_JIANG_TABLE = ["吃 黄车黄马黄炮", "吃 红车红马红炮", "吃 白车白马白炮", "吃 绿车绿马绿炮", "碰 黄士",
                    "碰 红士", "碰 白士", "碰 绿相", "将 白将"]


def test_xianggong_with_only_jiang_a_drawn_jiang_and_too_few_fu():
    table = ONLY_JIANG_TABLE + ["吃 黄卒红卒白卒"]  # four 碰 and 三清: 32 付, short of 48
    g = Game.from_cards(hands=["黄马 黄马", "黄将 红将", "绿卒 绿卒"], stock="绿将 红马",
                        melds=[[], table, []])
    assert g.held(1) == 30
    discard(g, "黄马")  # seat 1 draws 绿将: nothing to win with, he lays it out and is 相公
    assert last(g, "亮将").seat == 1 and g.melds(1)[-1] == "将 绿将"
    assert g.is_xiang(1)
    kinds = [(e.kind, e.seat) for e in g.events]
    assert kinds[kinds.index(("相公", 1)) + 1] == ("起", 2)  # no discard of his, play goes on


def test_only_jiang_in_hand_and_a_drawn_jiang_wins_when_the_fu_suffice():
    table = ONLY_JIANG_TABLE + ["碰 绿马"]  # five 碰: 三清 and 五步 make 52 付
    g = Game.from_cards(hands=["黄马 黄马", "黄将 红将", "绿卒 绿卒"], stock="绿将 红马",
                        melds=[[], table, []])
    discard(g, "黄马")
    assert g.actor == 1 and HU in codes(g)
    g.step(HU)
    assert g.result.winner == 1 and g.result.fu == 52 and not g.is_xiang(1)
