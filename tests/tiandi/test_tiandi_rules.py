"""Golden cases for the ranks, suits, combinations, pairs, thresholds and 翻 of 天地人和,
written from the seed's rule block (1.正门 … 8.) as ``docs/rules/tiandi.md`` reads it."""

import numpy as np
import pytest

from sim.errors import OptionError, PaijuError
from sim.games.chuanpai.tiandi import TiandiRules, beats, hand_level, is_misdeal
from sim.games.chuanpai.tiandi.rules import rules_vector
from sim.games.chuanpai.tiandi.scoring import stake_of

TG = TiandiRules(tier_ties="tiengow")
CIVIL = ["天", "地", "人", "和", "梅子", "斧头"]  # one card per tier, high to low


@pytest.mark.parametrize("i", range(len(CIVIL) - 1))
def test_civil_tiers_in_order(i):
    hi, lo = CIVIL[i], CIVIL[i + 1]
    assert beats(lo, hi) and not beats(hi, lo)


@pytest.mark.parametrize("a,b", [("梅子", "长三"), ("长三", "长二"), ("梅子", "长二"),
                                 ("斧头", "四六"), ("四六", "幺六"), ("幺六", "猫猫"), ("猫猫", "斧头")])
def test_cards_inside_zhongsan_and_yao_are_level(a, b):
    assert not beats(a, b) and not beats(b, a)


def test_tien_gow_order_inside_tiers_option():
    order = ["梅子", "长三", "长二", "斧头", "四六", "幺六", "猫猫"]
    for hi, lo in zip(order, order[1:]):
        assert beats(lo, hi, rules=TG) and not beats(hi, lo, rules=TG)
    assert beats("梅子", "和", rules=TG)


def test_red_dots_order():
    assert beats("红五", "三四") and beats("三四", "红九") and beats("幺四", "红九")
    assert not beats("红九", "三四") and not beats("三四", "幺四")


def test_black_dots_order_with_pingba_equal_sanwu():
    assert beats("拐子", "二五") and beats("二五", "三五") and beats("三五", "黑九")
    assert beats("二五", "平八") and beats("平八", "弯鞭")
    assert not beats("二六", "三五") and not beats("三五", "二六")


@pytest.mark.parametrize("red,black", [("红九", "拐子"), ("幺四", "黑九"), ("三四", "二六")])
def test_red_and_black_never_beat_each_other(red, black):
    assert not beats(red, black) and not beats(black, red)


@pytest.mark.parametrize("civ,mil", [("天", "幺四"), ("斧头", "黑九"), ("猫猫", "红九")])
def test_civil_and_military_never_beat_each_other(civ, mil):
    assert not beats(civ, mil) and not beats(mil, civ)


def test_combinations_and_their_order():
    order = ["天 红九", "地 平八", "人 三四", "和 红五"]
    for i, hi in enumerate(order):
        for lo in order[i + 1:]:
            assert beats(lo, hi) and not beats(hi, lo)
    for same in (("天 红九", "天 黑九"), ("地 二六", "地 三五"), ("人 三四", "人 二五"),
                 ("和 幺四", "和 拐子")):
        assert not beats(*same) and not beats(*reversed(same))


def test_red_nine_option():
    r = TiandiRules(nine_combos="red_high")
    assert beats("天 黑九", "天 红九", rules=r) and not beats("天 红九", "天 黑九", rules=r)


def test_not_combinations():
    for bad in ("天 黑七", "地 红九", "人 拐子", "和 二六", "梅子 红九", "天 地"):
        with pytest.raises(PaijuError, match="no legal play"):
            beats(bad, bad)


def test_pairs_beaten_by_higher_pair_of_the_same_suit():
    assert beats("红五 红五", "红七 红七") and beats("红五 红五", "红九 红九")
    assert not beats("红五 红五", "黑九 黑九") and not beats("拐子 拐子", "红九 红九")
    assert beats("拐子 拐子", "黑九 黑九") and not beats("二六 二六", "三五 三五")
    assert beats("地 地", "天 天") and not beats("梅子 梅子", "长三 长三")
    assert not beats("红九 红九", "天 天")  # civil pairs never beat military ones
    assert not beats("地 平八", "天 天")  # a pair is no combination


def test_civil_pairs_option():
    with pytest.raises(PaijuError, match="no legal play"):
        beats("地 地", "天 天", rules=TiandiRules(civil_pairs=False))
    assert beats("红五 红五", "红九 红九", rules=TiandiRules(civil_pairs=False))


def test_hard_cards_never_play_and_sizes_must_match():
    for hard in ("丁丁", "二红", "丁丁 丁丁"):
        with pytest.raises(PaijuError, match="no legal play"):
            beats(hard, hard)
    with pytest.raises(PaijuError, match="as many cards"):
        beats("天", "地 地")


def test_misdeal_needs_28_cards():
    with pytest.raises(PaijuError, match="28 cards"):
        is_misdeal("天 地")
    hand = " ".join(["地"] * 4 + ["人"] * 4 + ["和"] * 4 + ["梅子"] * 4 + ["长三"] * 4 + ["二六"] * 4
                    + ["三四"] * 3)
    assert is_misdeal(hand + " 拐子")
    for key in ("天", "红九", "黑九"):
        assert not is_misdeal(hand + " " + key)


def _laid(n_plain, extra=""):
    """``n_plain`` cards with no 三红四黑 unit (at most 2 red, 3 black of a type) plus ``extra``."""
    plain = ["天", "天", "地", "地", "人", "人", "和", "和", "和", "梅子", "梅子", "梅子", "长三",
             "长三", "长三", "长二", "长二", "长二", "斧头", "斧头", "斧头", "四六", "四六", "四六"]
    return " ".join(plain[:n_plain]) + " " + extra


@pytest.mark.parametrize("n,level", [(15, ""), (16, "小胡"), (20, "小胡"), (21, "一甲"), (22, "一甲"),
                                     (23, "两甲"), (24, "两甲")])
def test_thresholds(n, level):
    assert hand_level(_laid(n)) == (level, 0)


def test_fan_three_red_four_black():
    assert hand_level(_laid(12, "红九 红九 红九")) == ("", 0)  # 15 摆牌: no win at all
    assert hand_level(_laid(13, "红九 红九 红九")) == ("小胡", 0)  # 16: 17 are needed for 1 翻
    assert hand_level(_laid(12, "三四 三四 三四 幺四")) == ("小胡", 0)
    assert hand_level(_laid(14, "三四 三四 三四")) == ("小胡", 1)  # 17 with three of a red card
    assert hand_level(_laid(13, "拐子 拐子 拐子 拐子")) == ("小胡", 1)  # 17, four of a black card
    assert hand_level(_laid(14, "拐子 拐子 拐子")) == ("小胡", 0)  # three black is nothing
    assert hand_level(_laid(12, "幺四 幺四 幺四 幺四")) == ("小胡", 0)  # 16: no room for 翻
    assert hand_level(_laid(13, "幺四 幺四 幺四 幺四")) == ("小胡", 1)  # 17: four red, capped at 1
    assert hand_level(_laid(14, "幺四 幺四 幺四 幺四")) == ("小胡", 2)  # 18 and four of a red card
    assert hand_level(_laid(10, "二五 二五 二五 二五 拐子 拐子 拐子 拐子")) == ("小胡", 2)  # two black fours
    assert hand_level(_laid(15, "红九 红九 红九 三四 三四 三四")) == ("一甲", 2)


def test_fan_red_set_is_the_seeds():
    # 四六 and 猫猫 have red pips but are black for 三红四黑: three of them are no unit
    assert hand_level(_laid(14, "猫猫 猫猫 猫猫")) == ("小胡", 0)
    assert hand_level(_laid(13, "猫猫 猫猫 猫猫 猫猫")) == ("小胡", 1)
    assert hand_level(_laid(14, "红九 红九 红九"), rules=TiandiRules(fan=False)) == ("小胡", 0)


def test_stakes():
    cfg = rules_vector()
    assert [int(stake_of(j, f, cfg)) for j, f in ((0, 0), (1, 0), (2, 0), (1, 2))] == [1, 2, 4, 8]
    lin = rules_vector(TiandiRules(doubling="linear", base=5))
    assert [int(stake_of(j, f, lin)) for j, f in ((0, 0), (1, 0), (2, 1))] == [5, 10, 20]


@pytest.mark.parametrize("name,value,match", [
    ("tier_ties", "loose", "tier_ties=loose is not allowed"),
    ("tuoshou", "lose", "tuoshou=lose is not allowed"),
    ("win_at", "30", "win_at=30 is out of range"),
    ("bao", "always", "bao=always is not allowed"),
    ("civil_pairs", "maybe", "civil_pairs='maybe' is not true or false"),
])
def test_bad_option_values_name_the_option(name, value, match):
    with pytest.raises(OptionError, match=match):
        TiandiRules.from_options(overrides={name: value})


def test_threshold_order_checked():
    with pytest.raises(OptionError, match="win_at < yijia_at < liangjia_at"):
        TiandiRules(yijia_at=24)
    assert set(TiandiRules.PRESETS) >= {"seed"}
    for preset in TiandiRules.PRESETS:
        TiandiRules.from_options(preset=preset)
    assert np.all(rules_vector(TiandiRules()) == rules_vector(None))
