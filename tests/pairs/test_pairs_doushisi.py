"""斗十四 refinements: forced 扯 of sevens, unsplit seven pairs, 扣, 三黑坎, the 小家's self-turned win
and all-black 坨, the 番 cap.

Cards by pip total: 天 12, 地 2, 人 8, 和 4, 梅子 10, 长三 6, 长二 4, 斧头 11, 四六 10, 幺六 7,
猫猫 6, 红九 9, 黑九 9, 二六 8, 三五 8, 三四 7, 二五 7, 二红 6, 幺四 5, 拐子 5, 丁丁 3; pairs make 14.
Seat 0 is the 当家 (头家) and seat 3 the 小家 in every hand here.
"""

import pytest

from sim.games.chuanpai.pairs import PairsRules
from sim.games.chuanpai.pairs.game import Game


def dou(**overrides):
    return PairsRules.from_options(preset="doushisi", overrides=overrides)


DOU = dou()


def texts(g):
    return [a.text for a in g.legal_actions()]


def kinds(g, *names):
    return [(e.kind, e.seat, e.text) for e in g.events if e.kind in names]


def test_the_preset_turns_on_the_standard_refinements():
    assert (DOU.seven_che, DOU.seven_pair, DOU.sanheikan, DOU.xiaojia_zimo) == (True,) * 4
    assert (DOU.kou, DOU.fan_cap) == (False, 0)  # regional; no cap value in the sources
    assert (DOU.xiaojia_black, DOU.xiaojia_one_red) == (6, 0)
    seed = PairsRules()
    assert not (seed.seven_che or seed.seven_pair or seed.kou or seed.sanheikan or seed.xiaojia_zimo)


def test_a_seat_that_can_che_a_seven_must():
    hands = ["幺六 梅子", "幺六 幺六 黑九 长二", "长三", "二红"]
    g = Game.from_cards(hands=hands, stock="二六 拐子 长二", rules=DOU)
    g.step("打 幺六")  # seat 1's 扯 is its only legal action: the engine makes it
    assert kinds(g, "碰") == [("碰", 1, "幺六")] and g.table(1) == "幺六 幺六 幺六"
    assert g.actor == 1 and texts(g) == ["打 长二", "打 黑九"]
    assert g.decisions == [9]  # only seat 0's discard was a choice
    g = Game.from_cards(hands=hands, stock="二六 拐子 长二", rules=dou(seven_che=False))
    g.step("打 幺六")
    assert g.actor == 1 and texts(g) == ["碰 幺六", "过"]


def test_the_xiaojia_is_not_forced_to_che_a_seven():
    g = Game.from_cards(hands=["幺六 梅子", "黑九", "长三", "幺六 幺六 二红"], stock="二六 拐子", rules=DOU)
    g.step("打 幺六")
    assert g.actor == 3 and texts(g) == ["碰 幺六", "过"]


@pytest.mark.parametrize("sevens, allowed", [("三四 二五", False), ("三四 二五 二五", True),
                                             ("三四", True)])
def test_a_pair_of_sevens_is_not_split_to_chi(sevens, allowed):
    g = Game.from_cards(hands=["幺六 梅子", f"{sevens} 黑九", "长三", "二红"], stock="二六 拐子",
                        rules=DOU)
    g.step("打 幺六")
    if allowed:
        assert g.actor == 1 and texts(g)[-1] == "过" and texts(g)[0].startswith("摆")
    else:
        assert kinds(g, "no taker")[0] == ("no taker", 0, "幺六")  # seat 1 is not even asked
    g = Game.from_cards(hands=["幺六 梅子", f"{sevens} 黑九", "长三", "二红"], stock="二六 拐子",
                        rules=dou(seven_pair=False))
    g.step("打 幺六")
    assert g.actor == 1 and texts(g)[0].startswith("摆")


def test_seven_pair_only_binds_where_sevens_pair_with_each_other():
    # pairs to 10: a seven goes with 丁丁 (3), never with another seven; seat 1 holds no seven
    rules = PairsRules(seven_pair=True)
    g = Game.from_cards(hands=["幺六 梅子", "丁丁 黑九", "长三", "二红"], stock="红九 黑九", rules=rules)
    g.step("打 幺六")
    assert g.actor == 1 and texts(g) == ["摆 丁丁 幺六", "过"]


def test_kou_bars_a_type_declined_or_discarded():
    hands = ["天 梅子", "地 黑九", "长三", "二红"]
    g = Game.from_cards(hands=hands, stock="天 拐子 长二", rules=dou(kou=True))
    g.step("打 天")
    assert g.actor == 1 and texts(g) == ["摆 地 天", "过"]
    g.step("过")  # declined; seat 1 turns up the next 天 and may not 吃 it now
    assert kinds(g, "翻", "no taker")[:3] == [("no taker", 0, "天"), ("翻", 1, "天"),
                                            ("no taker", 1, "天")]
    g = Game.from_cards(hands=hands, stock="天 拐子 长二", rules=DOU)
    g.step("打 天")
    g.step("过")
    assert g.actor == 1 and texts(g) == ["摆 地 天", "过"]  # without 扣 it may

    # a discarded type is barred too: seat 1 throws 黑九, and the next 黑九 it turns up it may
    # not 吃 with 幺四 (9 + 5)
    def discard_then_turn(rules):
        g = Game.from_cards(hands=["天 梅子", "地 黑九 幺四 长二", "长三", "二红"],
                            stock="斧头 丁丁 天 黑九", rules=rules)
        g.step("打 天")
        g.step("摆 地 天")
        assert texts(g) == ["打 长二", "打 黑九", "打 幺四"]
        g.step("打 黑九")  # nobody takes it; seats 2, 3, 0 turn up 斧头 丁丁 天, seat 1 黑九
        assert kinds(g, "翻")[:4] == [("翻", 2, "斧头"), ("翻", 3, "丁丁"), ("翻", 0, "天"),
                                      ("翻", 1, "黑九")]
        return g

    g = discard_then_turn(dou(kou=True))
    assert ("no taker", 1, "黑九") in kinds(g, "no taker")
    g = discard_then_turn(DOU)
    assert g.actor == 1 and texts(g) == ["摆 幺四 黑九", "过"]


def test_sanheikan_is_one_fan():
    # seat 1 lays three black 偷 (梅子 长三 长二) at the deal and steals 天 地 四六: 6 red pairs in
    # hand + 3 × 4 坨 = 18, the ordinary seat's threshold: 天胡
    hands = ["红九 黑九", "梅子 梅子 梅子 长三 长三 长三 长二 长二 长二 人 猫猫 和", "斧头", "拐子"]
    r = Game.from_cards(hands=hands, stock="天 地 四六", rules=DOU).result
    assert (r.outcome, r.winner, r.tuo, r.fan, r.stake) == ("natural", 1, 18, 1, 2)
    r = Game.from_cards(hands=hands, stock="天 地 四六", rules=dou(sanheikan=False)).result
    assert (r.outcome, r.fan, r.stake) == ("natural", 0, 1)


XIAO_WIN = dict(hands=["梅子 长三", "二六", "黑九", "天 地 人 猫猫 红九"], stock="斧头 二五 幺四")


def _xiao_self_turned(rules):
    g = Game.from_cards(**XIAO_WIN, rules=rules)
    g.step("打 梅子")  # nobody takes 梅子, 斧头 or 二五; the 小家 turns up 幺四 and 吃s it
    assert kinds(g, "翻") == [("翻", 1, "斧头"), ("翻", 2, "二五"), ("翻", 3, "幺四")]
    assert g.actor == 3 and texts(g) == ["摆 红九 幺四", "过"]
    g.step("摆 红九 幺四")
    return g.result


def test_the_xiaojia_self_turned_win_is_one_fan():
    r = _xiao_self_turned(DOU)  # all red (one 番) and self-turned (one 番)
    assert (r.outcome, r.winner, r.tuo, r.fan, r.stake, r.points) == ("win", 3, 6, 2, 4,
                                                                     (-4, -4, -4, 12))
    r = _xiao_self_turned(dou(xiaojia_zimo=False))
    assert (r.fan, r.stake) == (1, 2)


def test_the_fan_cap():
    r = _xiao_self_turned(dou(fan_cap=1))
    assert (r.fan, r.stake) == (1, 2)
    r = _xiao_self_turned(dou(fan_cap=1, payment="linear"))
    assert (r.fan, r.stake) == (1, 2)
    r = _xiao_self_turned(dou(fan_cap=5))
    assert r.fan == 2


def test_an_all_black_xiaojia_counts_six_tuo():
    from sim.games.chuanpai.pairs import tuo

    assert tuo("梅子 长二 长三 二六", ["黑九 拐子"], seat="小家") == 6  # all black, no 斧头
    assert tuo("梅子 长二 长三 二六", ["黑九 拐子"]) == 0  # only the 小家
    assert tuo("斧头 长二 长三 二六", ["黑九 拐子"], seat="小家") == 0  # a 斧头 spoils it
    assert tuo("梅子 长二", ["长三 长三 长三"], seat="小家") == 4  # a 扯 column: counted as usual
    assert tuo("梅子 长二 长三 二六", ["黑九 拐子"], seat="小家", rules=dou(xiaojia_black=0)) == 0
    # 五黑一红: five black cards and one red
    assert tuo("梅子 长二 长三 猫猫", ["黑九 拐子"], seat="小家") == 1
    assert tuo("梅子 长二 长三 猫猫", ["黑九 拐子"], seat="小家", rules=dou(xiaojia_one_red=5)) == 5


def test_the_xiaojia_dingfu_pair_swings_for_tuo():
    from sim.games.chuanpai.pairs import tuo

    assert DOU.dingfu_swing and not PairsRules().dingfu_swing
    black = "丁丁 斧头 长二 梅子 拐子 黑九"  # the pair as black: all black
    red = "丁丁 斧头 天 地 和 四六"  # the pair as red: all red
    assert (tuo(black, seat="小家"), tuo(red, seat="小家")) == (6, 6)
    off = dou(dingfu_swing=False)
    assert (tuo(black, seat="小家", rules=off), tuo(red, seat="小家", rules=off)) == (1, 5)
    assert tuo(red) == 5  # only the 小家
    assert tuo("丁丁 斧头 天 地", ["和 和 和"], seat="小家") == 11  # a 扯 column: counted as usual


def test_the_dingfu_swing_turns_106_xiaojia_holdings_into_wins():
    import dataclasses
    import itertools

    import numpy as np

    from sim.games.chuanpai.pairs.groups import DINGDING, FUTOU, complete, red_count, xiaojia_tuo
    from sim.games.chuanpai.pairs.rules import rules_vector

    on, off = rules_vector(DOU), rules_vector(dataclasses.replace(DOU, dingfu_swing=False))
    changed = 0
    for rest in itertools.combinations_with_replacement(range(21), 4):  # beside one 丁斧 pair
        h = np.zeros(21, dtype=np.int64)
        h[[DINGDING, FUTOU]] = 1
        for k in rest:
            h[k] += 1
        if h.max() <= 4 and complete(h, on):
            before, after = (xiaojia_tuo(h, 0, red_count(h), c) for c in (off, on))
            assert after >= before
            changed += before < DOU.tuo_xiaojia <= after
    assert changed == 106  # of the 3,115 complete six-card holdings


def test_an_all_black_xiaojia_can_win():
    hands = ["红九 黑九", "梅子", "长二", "梅子 长二 长三 二六 黑九 拐子"]  # the 小家: three black pairs
    r = Game.from_cards(hands=hands, stock="二六 拐子", rules=DOU).result
    assert (r.outcome, r.winner, r.tuo, r.fan, r.stake) == ("natural", 3, 6, 1, 2)  # one colour
    assert Game.from_cards(hands=hands, stock="二六 拐子", rules=dou(xiaojia_black=0)).result is None
    # in play: it turns up 拐子 and 吃s it with 黑九 (self-turned: a second 番)
    g = Game.from_cards(hands=["梅子 长三", "二六", "黑九", "梅子 长二 长三 二六 黑九"],
                        stock="斧头 二五 拐子", rules=DOU)
    g.step("打 梅子")
    assert g.actor == 3 and texts(g) == ["摆 黑九 拐子", "过"]
    g.step("摆 黑九 拐子")
    r = g.result
    assert (r.outcome, r.winner, r.tuo, r.fan, r.stake) == ("win", 3, 6, 2, 4)
