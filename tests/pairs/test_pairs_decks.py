"""Two decks (option ``decks=2``): full hands for six, up to 8 copies of a card, 暗/亮/杠 beyond four."""

import pytest

from sim.errors import OptionError, PaijuError
from sim.games.chuanpai.cards import NotationError
from sim.games.chuanpai.pairs import PairsRules, deal_sizes, is_complete
from sim.games.chuanpai.pairs import engine as E
from sim.games.chuanpai.pairs.game import Game

TWO = PairsRules(decks=2)
SIX = PairsRules(decks=2, players=6)


def kinds(g, *names):
    return [(e.kind, e.seat, e.text) for e in g.events if e.kind in names]


def test_two_decks_give_every_seat_a_full_hand():
    assert deal_sizes(6, rules=SIX) == (16, 15, 15, 15, 15, 15)
    assert deal_sizes(5, rules=PairsRules(decks=2, players=5)) == (16, 15, 15, 15, 15)
    assert deal_sizes(2, rules=PairsRules(decks=2, players=2)) == (16, 15)
    g = Game(seed=7, rules=SIX)
    s = g.state
    assert [int(s[E.NHAND + p]) + int(s[E.TABLE + p * 21:E.TABLE + (p + 1) * 21].sum()) -
            int(s[E.NTOU + p]) for p in range(6)] == [16, 15, 15, 15, 15, 15]
    assert not s[E.SHORT:E.SHORT + 6].any()  # nobody is a short hand
    assert g.card_total() == 168
    assert int(s[E.NCARDS]) == 168
    # the stock is the other 77 cards, less what the deal-time 偷 took
    assert g.observation(0).stock == 168 - 91 - int(s[E.NTOU:E.NTOU + 6].sum())


def test_more_than_four_identical_cards_group():
    assert is_complete("人 人 人 人 人", rules=TWO) is False  # 5 = 3 + 2 or 4 + 1: one left over
    assert is_complete("人 人 人 人 人 人", rules=TWO)  # 3 + 3
    assert is_complete("人 人 人 人 人 人 人", rules=TWO)  # 4 + 3
    assert is_complete("人 人 人 人 人 人 人 人", rules=TWO)  # 4 + 4
    assert is_complete("人 人 人 人 人 地", rules=TWO)  # 4 + (人 地: 8 + 2 = 10)
    assert is_complete("梅子 梅子 梅子 梅子 梅子", rules=TWO)  # 3 + a pair of 10s (20)
    with pytest.raises(NotationError, match="more than 4 of 人.*option decks"):
        is_complete("人 人 人 人 人")
    with pytest.raises(NotationError, match="more than 8 of 人"):
        is_complete("人 " * 9, rules=TWO)


def test_six_identical_are_laid_as_two_an_and_steal_two():
    g = Game.from_cards(hands=["人 人 人 人 人 人 天", "红九", "黑九", "长二"], stock="梅子 长三",
                        rules=TWO)
    assert kinds(g, "暗", "亮", "偷") == [("暗", 0, "人"), ("暗", 0, "人"), ("偷", 0, "梅子"),
                                        ("偷", 0, "长三")]
    assert g.observation(1).n_hidden[0] == 6 and g.hand(0) == "天 梅子 长三"


@pytest.mark.parametrize("count, laid, steals", [
    (5, ["亮"], 2),  # a 亮 and the fifth card stays in the hand
    (7, ["亮", "暗"], 3),
    (8, ["亮", "亮"], 4),
])
def test_five_seven_and_eight_identical_lay_a_liang_first(count, laid, steals):
    g = Game.from_cards(hands=[" ".join(["人"] * count) + " 天", "红九", "黑九", "长二"],
                        stock="梅子 长三 拐子 猫猫", rules=TWO)
    assert [e[0] for e in kinds(g, "暗", "亮")] == laid
    assert len(kinds(g, "偷")) == steals
    assert g.hand(0).count("人") == (1 if count == 5 else 0)


def test_gang_goes_onto_an_open_peng_before_a_face_down_an():
    # seat 1 holds 6 长三 (two 暗) and takes a fourth onto one of them: it opens
    g = Game.from_cards(hands=["长三 黑九", "长三 长三 长三 长三 长三 长三 红九", "天", "长二"],
                        stock="梅子 黑九 拐子 猫猫 地", rules=TWO)
    assert g.observation(0).n_hidden[1] == 6
    g.step("打 长三")
    assert [a.text for a in g.legal_actions()] == ["杠 长三", "过"]
    g.step("杠 长三")
    assert g.observation(0).n_hidden[1] == 3  # one 暗 opened, the other stays face down
    s = g.state
    assert (s[E.TRI + 21 + 5], s[E.QUAD + 21 + 5]) == (1, 1)
    # a 碰 next to a face-down 暗 of the same type: the 杠 takes the open 碰, the 暗 stays hidden
    g = Game.from_cards(hands=["长三 黑九", "长三 长三 长三 梅子 梅子 梅子 红九", "天", "长二"],
                        stock="长三 长三 地 长三", rules=TWO)
    assert g.hand(1) == "长三 长三 红九" and g.observation(0).n_hidden[1] == 6
    g.step("打 长三")
    assert [a.text for a in g.legal_actions()] == ["碰 长三", "杠 长三", "过"]
    g.step("碰 长三")
    g.step("打 红九")  # nobody takes it; seat 2 turns up the fourth 长三 of seat 1's two columns
    assert g.actor == 1 and [a.text for a in g.legal_actions()] == ["杠 长三", "过"]
    g.step("杠 长三")
    assert g.observation(0).n_hidden[1] == 6  # both 暗 (梅子, 长三) still face down
    assert g.observation(0).tables[1] == "长三 长三 长三 长三"


def test_two_decks_are_refused_for_the_doushisi_deal_and_from_cards_checks_copies():
    with pytest.raises(OptionError, match="deal='doushisi' needs decks=1"):
        PairsRules.from_options(preset="doushisi", overrides={"decks": 2})
    with pytest.raises(OptionError, match="decks=3 is not allowed"):
        PairsRules.from_options(overrides={"decks": 3})
    with pytest.raises(PaijuError, match="more than 8 of some card"):
        Game.from_cards(hands=["人 人 人 人 人 人", "人 人 人", "", ""], rules=TWO)
