"""Golden cases for the 56 throws, 本采 relations, 夹 moves, the entering table and options."""

from __future__ import annotations

from collections import Counter
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sim.errors import OptionError
from sim.games.dama import DamaRules, bencai_relation, classify, jia_move
from sim.games.dama.board import is_wo, jia_squares, station_name
from sim.games.dama.throws import DiceError
from sim.games.dama.public import entry_count

# every throw of the throw table: dice, name, class, total (written out, not derived)
GOLDEN = """
666 碧油 赏 18|665 黑十七 赏 17|555 桃花重五 赏 15|654 马军 赏 15|444 堂印 赏 12|632 靴楦 赏 11
541 银十 赏 10|631 撮十 赏 10|333 雁行儿 赏 9|222 拍板儿 赏 6|111 满盆星 赏 3
655 黑牛 杂 16|664 赤牛 杂 16|663 驴嘴 杂 15|554 正台 杂 14|644 大开门 杂 14|653 角搜 杂 14
662 筳策 杂 14|544 八五 杂 13|553 皂鹤 杂 13|643 野鸡顶 杂 13|652 暮宿 杂 13|661 大枪 杂 13
543 花盖 杂 12|552 丫角儿 杂 12|633 条巾 杂 12|642 赤十二 杂 12|651 腰曲缨 杂 12|443 红鹤 杂 11
533 饯(食+达)儿 杂 11|542 九二 杂 11|551 小枪 杂 11|641 急火钻 杂 11|433 蛾眉 杂 10|442 平头 杂 10
532 胡十 杂 10|622 夹十 杂 10|432 妹九 杂 9|441 丁九 杂 9|522 夹九 杂 9|531 撮九 杂 9|621 扔九 杂 9
332 雁八 杂 8|422 夹八 杂 8|431 撮八 杂 8|521 扔八 杂 8|611 大肚 杂 8|322 夹七 杂 7|331 川七 杂 7
421 扔七 杂 7|511 白七 杂 7|411 火筒儿 杂 6|221 小嘴 杂 5|311 葫芦头 杂 5|321 小浮图 罚 6|211 小娘子 罚 4
"""
ROWS = [r.split() for r in GOLDEN.replace("\n", "|").split("|") if r.strip()]


@pytest.mark.parametrize("dice,name,kind,total", ROWS)
def test_every_throw(dice, name, kind, total):
    t = classify(dice[::-1])  # any order
    assert (t.name, t.kind, t.total) == (name, kind, int(total))
    assert classify("-".join(dice)).index == t.index


def test_56_throws_with_11_bonus_and_2_penalty():
    assert len(ROWS) == 56 and len({r[1] for r in ROWS}) == 56
    kinds = Counter(classify(d).kind for d in product(range(1, 7), repeat=3))
    assert kinds == {"赏": 33, "罚": 9, "杂": 174}
    assert Counter(r[2] for r in ROWS) == {"赏": 11, "罚": 2, "杂": 43}


def test_bencai_relations():
    assert bencai_relation("2-2-3", "3-2-2") == "真"
    for other in ("3-3-1", "4-2-1", "5-1-1"):  # the other 7-pip throws
        assert bencai_relation(other, "2-2-3") == "傍"
    assert bencai_relation("2-2-4", "2-2-3") is None
    assert bencai_relation("4-4-4", "6-4-2") == "傍"  # 堂印 is a 傍 of a 12-pip 本采


def test_jia_moves():
    assert jia_move("6-1-6") == 1 and jia_move("1-6-1") == 6
    assert jia_move("2-2-3") == 3 and jia_move("4-4-4") == 4 and jia_move("1-1-1") == 1
    assert jia_move("3-2-1") is None and jia_move("6-5-4") is None
    exits = sum(jia_move(d) is not None for d in product(range(1, 7), repeat=3))
    assert exits == 96


def test_entering_table():
    tang, chuan, jia7, plain = (classify(d).index for d in ("444", "331", "322", "655"))
    fa = classify("321").index
    assert entry_count(tang, 0, 0) == 8 and entry_count(tang, 1, 0) == 10  # 堂印 on a 12 本采
    assert entry_count(plain, 0, 0) == 1
    assert entry_count(jia7, 1, 0) == 3 and entry_count(chuan, 2, 0) == 4  # seed: +2, +3
    assert entry_count(jia7, 1, 1) == 2 and entry_count(chuan, 2, 1) == 3  # prototype
    assert entry_count(fa, 0, 0) == 0 and entry_count(tang, 2, 2) == 1
    assert entry_count(classify("665").index, 0, 0) == 2  # another 赏


def test_board():
    assert [s for s in range(1, 92) if is_wo(s)] == [1, 10, 19, 28, 37, 46, 55, 64, 73, 82, 91]
    assert station_name(1) == "赤岸驿" and station_name(91) == "尚乘局" and station_name(90) == "堑"
    assert station_name(85) == "夹1" and station_name(83) == "房河"
    assert station_name(83, "tujing") == "夹1" and jia_squares("seed") == (85, 86, 87, 88, 89)


@pytest.mark.parametrize("bad", ["7-1-1", "6-6", "a-b-c", "6-6-6-6", ""])
def test_bad_dice_named(bad):
    with pytest.raises(DiceError, match="dice"):
        classify(bad)


@pytest.mark.parametrize("name,value,match", [
    ("players", "6", "players=6 is out of range"), ("move_rule", "thirds", "choose one of"),
    ("jia", "middle", "jia=middle"), ("entry_table", "x", "entry_table"),
    ("hit_needs_true_bencai", "maybe", "hit_needs_true_bencai"), ("nope", "1", "no option 'nope'"),
])
def test_bad_options_named(name, value, match):
    with pytest.raises(OptionError, match=match):
        DamaRules.from_options(overrides={name: value})


def test_presets():
    assert DamaRules.from_options().jia == "seed"
    assert DamaRules.from_options(preset="tujing").feilong_throws == "listed"
    with pytest.raises(OptionError, match="no preset"):
        DamaRules.from_options(preset="song")


DICE_TEXT = st.one_of(st.text(max_size=8), st.lists(st.integers(-2, 9), max_size=4),
                      st.lists(st.sampled_from(["1", "6", "-", " ", "x", "3"]), max_size=7).map("".join))


@settings(max_examples=100, deadline=None)
@given(a=DICE_TEXT, b=DICE_TEXT)
def test_public_functions_answer_or_refuse_in_one_line(a, b):
    for call in (lambda: classify(a), lambda: jia_move(a), lambda: bencai_relation(a, b)):
        try:
            out = call()
        except DiceError as exc:
            assert str(exc) and "\n" not in str(exc)
        else:
            assert out is None or out in ("真", "傍") or isinstance(out, int) or out.total >= 3
