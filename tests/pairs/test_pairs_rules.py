"""Golden cases for the groups, deal sizes, 坨 and options of the pairing game."""

import pytest

from sim.errors import OptionError
from sim.games.chuanpai.cards import NotationError
from sim.games.chuanpai.pairs import PairsRules, column_tuo, deal_sizes, is_complete, tuo, tuo_threshold

DOU = PairsRules.from_options(preset="doushisi")
EYE = PairsRules(eye_required=True)


@pytest.mark.parametrize("cards", [
    "天 二六",        # 12 + 8 = 20
    "地 三五",        # 2 + 8 = 10
    "人 地",          # 8 + 2 = 10
    "人 天",          # 8 + 12 = 20
    "梅子 四六",      # 10 + 10 = 20
    "梅子 梅子",      # two identical that sum to 20 are a pair
    "斧头 红九",      # 11 + 9 = 20
    "长三 和",        # 6 + 4 = 10
    "幺四 拐子",      # 5 + 5 = 10
    "丁丁 幺六",      # 3 + 7 = 10: the sevens' only partner
    "幺六 三四 二五",  # 燕
    "人 人 人",       # 暗 / 碰
    "长二 长二 长二 长二",  # 亮
    "天 二六 地 三五 幺六 三四 二五 丁丁 丁丁 丁丁",
])
def test_seed_groups(cards):
    assert is_complete(cards)


@pytest.mark.parametrize("cards", [
    "天 地",                  # 14: not a seed sum
    "幺四 拐子 幺四",          # a three-card sum of 15 (and no pair of 5s + 5) is no group
    "拐子 幺四 猫猫 二红",     # 5+5 pairs, 6+6=12 no: two cards left
    "天 天",                  # no eye rule: 24 is no sum
    "幺六 三四",              # two different sevens are no group
    "幺六 幺六 幺六 三四",     # 暗 plus a single seven
    "红九",
])
def test_seed_non_groups(cards):
    assert not is_complete(cards)


def test_the_choice_of_groups_is_searched():
    # 二六 pairs with 天 (20) or 地 (10); taking the three 二六 out as a 暗 would fail
    assert is_complete("二六 二六 二六 天 地 地")
    assert not is_complete("二六 二六 二六 天 地 人 地")  # four 8s, three partners
    # four 梅子: two 20-pairs, or a 暗 and one left — the pairs work
    assert is_complete("梅子 梅子 梅子 梅子")
    # three sevens of a kind and a 燕 share cards: 幺六×2 三四 二五 丁丁
    assert is_complete("幺六 幺六 三四 二五 丁丁")


def test_doushisi_groups():
    assert is_complete("天 地", rules=DOU)
    assert is_complete("三四 二五", rules=DOU)  # 7 + 7
    assert is_complete("斧头 丁丁 人 长三", rules=DOU)  # 11 + 3, 8 + 6
    assert not is_complete("幺六 三四 二五", rules=DOU)  # no 燕 in 斗十四
    assert not is_complete("天 二六", rules=DOU)
    assert is_complete("梅子 梅子 梅子", rules=DOU)  # 偷 / 扯


def test_eye_required():
    assert not is_complete("天 天 天 二六")
    assert is_complete("天 天 天 二六", rules=EYE)  # eye 天天 + 天 二六
    assert not is_complete("天 二六", rules=EYE)  # no eye
    assert not is_complete("", rules=EYE)


def test_pair_sums_option():
    ten = PairsRules(pair_sums="10")
    assert is_complete("地 人", rules=ten) and not is_complete("天 二六", rules=ten)


def test_deal_sizes_for_every_table():
    assert deal_sizes(2) == (16, 15)
    assert deal_sizes(3) == (16, 15, 15)
    assert deal_sizes(4) == (16, 15, 15, 15)
    assert deal_sizes(5) == (16, 15, 15, 15, 3)
    assert deal_sizes(6) == (16, 15, 15, 15, 5, 3)
    assert sum(deal_sizes(6)) == 69 <= 84
    assert deal_sizes(4, rules=DOU) == (18, 17, 17, 5)
    with pytest.raises(OptionError, match="give 2 to 6"):
        deal_sizes(7)
    with pytest.raises(OptionError, match="doushisi deal is for 4 players"):
        deal_sizes(3, rules=DOU)


def test_tuo_counts_and_thresholds():
    assert tuo("天 地 人 和 四六 幺六 猫猫 红九 三四 二红 幺四 丁丁") == 12  # the 12 red types
    assert tuo("梅子 长三 长二 斧头 黑九 二六 三五 二五 拐子") == 0  # the 9 black types
    assert column_tuo("人 人 人") == 8 and column_tuo("长三 长三 长三") == 4
    assert column_tuo("人 人 人 人") == 10 and column_tuo("长三 长三 长三 长三") == 6
    assert column_tuo("天 地") == 2 and column_tuo("斧头 丁丁") == 1 and column_tuo("梅子 和") == 1
    assert tuo("天 地", ["人 人 人", "斧头 丁丁"], seat="小家") == 2 + 8 + 1
    assert (tuo_threshold(), tuo_threshold("当家"), tuo_threshold("小家")) == (18, 20, 5)
    with pytest.raises(OptionError, match="seat='庄'"):
        tuo("天", seat="庄")
    with pytest.raises(NotationError, match="not a group"):
        column_tuo("天 地 人")


@pytest.mark.parametrize("overrides, message", [
    ({"players": 7}, "players=7 is out of range"),
    ({"pair_sums": "12"}, "pair_sums=12 is not allowed"),
    ({"gang_tou": 3}, "gang_tou=3 is not allowed"),
    ({"payment": "double"}, "payment=double is not allowed"),
    ({"deal": "doushisi", "players": 3}, "deal='doushisi' needs players=4"),
])
def test_bad_option_values_name_the_option(overrides, message):
    with pytest.raises(OptionError, match=message):
        PairsRules.from_options(overrides=overrides)


def test_bad_cards_name_the_token():
    with pytest.raises(NotationError, match="cannot read card '王'"):
        is_complete("天 王")
