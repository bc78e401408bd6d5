"""Golden hands for the evaluator: every meld kind and its 胡息, the 将 rule, 破跑胡, 比牌."""

from __future__ import annotations

import pytest

from sim.games.zipai import ZipaiRules, best_win, chi_options, natural_win
from sim.games.zipai.cards import NotationError
from sim.games.zipai.public import parse_meld
from sim.games.zipai.melds import M_CHI, kan_huxi, meld_huxi

# 6 groups that carry no 胡息 and share no card with the examples below
PLAIN = "x3x4x5 x6x7x8 d3d4d5 d6d7d8"


@pytest.mark.parametrize(
    ("meld", "small", "big"),
    [("碰", 1, 3), ("偎", 3, 6), ("臭偎", 3, 6), ("跑", 6, 9), ("提", 9, 12)],
)
def test_same_card_meld_huxi(meld: str, small: int, big: int) -> None:
    k1, v1 = parse_meld(f"{meld} x9")
    k2, v2 = parse_meld(f"{meld} d9")
    assert (meld_huxi(k1, v1), meld_huxi(k2, v2)) == (small, big)


@pytest.mark.parametrize(
    ("group", "huxi"),
    [("x1x2x3", 3), ("d1d2d3", 6), ("x2x7x10", 3), ("d2d7d10", 6), ("x4x5x6", 0), ("d8d9d10", 0),
     ("x5x5d5", 0), ("x5d5d5", 0)],
)
def test_chi_group_huxi(group: str, huxi: int) -> None:
    kind, value = parse_meld(f"吃 {group}")
    assert kind == M_CHI and meld_huxi(kind, value) == huxi


def test_kan_huxi() -> None:
    assert (kan_huxi(0), kan_huxi(10)) == (3, 6)


def test_mixed_sizes_are_not_a_sequence() -> None:
    with pytest.raises(NotationError):
        parse_meld("吃 x1x2d3")
    with pytest.raises(NotationError):
        parse_meld("吃 x2x7d10")
    with pytest.raises(NotationError):
        parse_meld("杠 x1")


def test_seven_groups_without_pair_when_no_quad() -> None:
    # 吃 壹贰叁 6 + 贰柒拾 6 on the table; 一二三 3 in hand; the x8 completes x8x9x10
    melds = ["吃 d1d2d3", "吃 d2d7d10"]
    hand = "x1x2x3 x3x4x5 x6x7x8 d4d5d6 x9x10"
    assert best_win(hand, melds, "x8", self_drawn=False) == 15
    assert best_win(hand, melds, "d5", self_drawn=False) is None  # a loose card is left


def test_pair_required_with_a_quad() -> None:
    melds = ["跑 d9"]  # 9
    assert best_win("x1x2x3 x4x5x6 x7x8x9 d1d2d3 x10x10 d4d5", melds, "d6", self_drawn=False) == 18
    # no pair: the 跑 owner's cards cannot make 7 门子
    assert best_win("x1x2x3 x4x5x6 x7x8x9 d1d2d3 d4d5 x2x7", melds, "x10", self_drawn=False) is None


def test_minimum_huxi() -> None:
    melds = ["碰 x9"]  # 1
    hand = "x1x2x3 x4x5x6 d3d4d5 d6d7d8 x2x7x10 x6x7"  # 3 + 3
    assert best_win(hand, melds, "x8", self_drawn=False) is None  # 7 < 15
    assert best_win(hand, melds, "x8", self_drawn=False, rules=ZipaiRules(min_huxi=6)) == 7


def test_peng_hu_scores_as_peng_and_wei_when_self_drawn() -> None:
    # 提 d10 12 + 一二三 3; the win card meets the pair x9x9 in hand
    melds = ["提 d10"]
    hand = "x1x2x3 x9x9 x3x4x5 x6x7x8 d3d4d5 d1d1"
    assert best_win(hand, melds, "x9", self_drawn=False) == 12 + 3 + 1  # 碰胡 scores as 碰
    assert best_win(hand, melds, "x9", self_drawn=True) == 12 + 3 + 3  # 偎


LOW = ZipaiRules(min_huxi=6)


def test_pao_hu_from_table_peng_and_wei() -> None:
    hand = "x1x2x3 x3x4x5 x6x7x8 d3d4d5 d6d7d8 d1d1"  # 一二三 3, 将 d1
    assert best_win(hand, ["碰 d9"], "d9", self_drawn=False, rules=LOW) == 9 + 3  # 碰 → 跑
    assert best_win(hand, ["碰 d9"], "d9", self_drawn=True, rules=LOW) == 9 + 3  # 碰 → 跑 also
    assert best_win(hand, ["偎 d9"], "d9", self_drawn=True, rules=LOW) == 12 + 3  # 偎 → 提
    assert best_win(hand, ["偎 d9"], "d9", self_drawn=False, rules=LOW) == 9 + 3  # 偎 → 跑
    assert best_win(hand, ["碰 d9"], "d9", self_drawn=False) is None  # 12 < 15
    # without the 将 the upgrade cannot win
    no_pair = "x1x2x3 x3x4x5 x6x7x8 d3d4d5 d6d7d8 x1x9"
    assert best_win(no_pair, ["碰 d9"], "d9", self_drawn=False, rules=LOW) is None


def test_kan_completed_into_ti_or_pao() -> None:
    hand = "d9d9d9 x1x2x3 x3x4x5 x6x7x8 d3d4d5 d1d1"
    assert best_win(hand, ["吃 x8x9x10"], "d9", self_drawn=True) == 12 + 3  # 提
    assert best_win(hand, ["吃 x8x9x10"], "d9", self_drawn=False, rules=LOW) == 9 + 3  # 跑


def test_po_pao_hu_keeps_the_kan() -> None:
    # the d9 could complete the 坎 into a 跑, but then a 将 is needed and there is none;
    # it joins d7d8 instead and the 坎 stays (坎 6 + 壹贰叁 6 + 一二三 3 + 二七十 3)
    hand = "d9d9d9 d1d2d3 x1x2x3 x2x7x10 d7d8 x4x5x6"
    assert best_win(hand, ["吃 x7x8x9"], "d9", self_drawn=False) == 6 + 6 + 3 + 3


def test_kan_is_never_split() -> None:
    # as 坎, x2x2x2 leaves x1 x3 loose; split into x1x2x3 + x2x2d2 it would cover
    hand = "x1 x2x2x2 x3 d2 x3x4x5 x6x7x8 d3d4d5 d6d7d8"
    assert best_win(hand, [], "d2", self_drawn=False, rules=LOW) is None


def test_win_card_breaks_a_pair_into_groups() -> None:
    # x2 x2 + the x2: 二七十 + 绞 (x2 x2 贰), not a 碰
    hand = "x2x2 x7 x10 d2 d1d2d3 x4x5x6 d4d5d6 d7d8d9 x8x9x10"
    assert best_win(hand, [], "x2", self_drawn=False, rules=LOW) == 3 + 6


def test_ordinary_card_joins_a_group() -> None:
    # 壹贰叁 on the table (6); d10 completes 贰柒拾 (6); 一二三 ×2 in hand (6)
    hand = "x1x1 x2x2 x3x3 x4x5x6 d4d5d6 d7d8d9 d2d7"
    assert best_win(hand, ["吃 d1d2d3"], "d10", self_drawn=False) == 6 + 6 + 6
    assert best_win(hand, ["吃 d1d2d3"], "d9", self_drawn=False) is None


def test_too_many_copies_rejected() -> None:
    with pytest.raises(NotationError):
        best_win("x1x1x1", ["碰 x1"], "x2", self_drawn=True)


def test_natural_win() -> None:
    assert natural_win("x1x1x1x1 x2x2x2x2 x3x3x3x3 x4x5x6 x7x8x9 d1d2d3 d4d5") == "三提"
    assert natural_win("x1x1x1x1 x2x2x2x2 x3x3x3 d4d4d4 d5d5d5 d6d7d8 d9") == "五坎"
    assert natural_win("x1x1x1x1 x2x2x2x2 x3x3x3 d4d4d4 d5d5 d6d7d8 d9d10") is None
    assert natural_win("x1x1x1 x2x2x2 x3x3x3 d4d4d4 x5x6 d6d7d8 d9d10") is None


def test_chi_plans_of_the_rules_example() -> None:
    # one x1, two x2, two x3, one x4, two d2; take an x2 (the seed's second 比 example)
    plans = chi_options("x1 x2x2 x3x3 x4 d2d2", "x2")
    assert sorted(map(sorted, plans)) == sorted(map(sorted, [
        ("一二三", "二三四", "二贰贰"),  # 吃 with 贰贰, 比 一二三 and 二三四
        ("一二三", "二二贰"),  # 吃 with 一三, 比 二二贰 (both x2 at once)
        ("二三四", "二二贰"),
    ]))


def test_bi_is_forced_and_can_make_chi_illegal() -> None:
    # the held x1 must also go out: 一二三 takes x2x3, and the second x1 has no partner
    assert chi_options("x1 x2x3 d5", "x1") == []
    # with 壹壹 the second x1 goes out as 一壹壹, or both x1 leave as 一一壹 at once
    assert sorted(chi_options("x1 x2x3 d1d1", "x1")) == [("一一壹",), ("一二三", "一壹壹")]
    # no 吃 at all when nothing pairs with the card
    assert chi_options("x5x9 d3", "x1") == []


def test_kan_cards_cannot_be_used_to_chi_or_bi() -> None:
    assert chi_options("x1x1x1 x2x3", "x1") == []  # a 坎 of the card: that is a 跑
    assert chi_options("x2x2x2 x3", "x1") == []  # x2 sits in a 坎
    assert chi_options("x1 x2x3 d1d1d1", "x1") == []  # the 比 would need the 坎 壹


def test_plans_are_distinct_sets() -> None:
    plans = chi_options("x1x2 x2x3 x3 x4x5", "x3")
    assert len(plans) == len({tuple(sorted(p)) for p in plans})


def test_self_drawn_card_on_a_pair_or_kan_is_a_forced_wei_or_ti_first() -> None:
    # drawn by the player himself, 二 onto 二二 is a forced 偎: it cannot go into 二七十
    hand = "x2x2 x7 x10 d2 d1d2d3 x4x5x6 d4d5d6 d7d8d9 x8x9x10"
    assert best_win(hand, [], "x2", self_drawn=True, rules=ZipaiRules(min_huxi=6)) is None
    assert best_win(hand, [], "x2", self_drawn=False, rules=ZipaiRules(min_huxi=6)) == 9
    # 玖 onto 玖玖玖 is a forced 提; then a 将 is needed and 柒捌 is no pair
    hand = "d9d9d9 d1d2d3 x1x2x3 x2x7x10 d7d8 x4x5x6"
    assert best_win(hand, ["吃 x7x8x9"], "d9", self_drawn=True) is None
    assert best_win(hand, ["吃 x7x8x9"], "d9", self_drawn=False) == 18
    # onto a table 偎 the 提 is forced too
    assert best_win("x1x2x3 d1d2d3 x2x7x10 d2d7d10 d4d5d6 d7d8", ["偎 d9"], "d9", self_drawn=True) is None


def test_best_win_on_own_draw_agrees_with_play() -> None:
    from sim.games.zipai import Game

    low = ZipaiRules(min_huxi=6)
    s0 = "x9 x9 d6 d6 x6 x8 d8 x10 x10 d10 x1 x4 d3 d3 x8 x4 d5 d5 d4 d8 d9"
    s2 = "x6 x6 x8 x8 x9 d7 d1 d1 x3 x3 d3 x4 x4 d4 d4 d5 d5 d6 d8 d8"
    for hand, wins in (("x2x2 x7 x10 d2 d1d2d3 x4x5x6 d4d5d6 d7d8d9 x8x9x10", None),
                       ("x2x2 d1d2d3 d2d7d10 x4x5x6 d4d5d6 x8x9x10 d7d8d9", 3 + 6 + 6)):
        g = Game.from_cards(hands=[s0, hand, s2], stock="x2", rules=low)
        g.step(next(a for a in g.legal_actions() if a.text == "打 九"))
        while not g.done and not any(e.kind == "偎" for e in g.events):
            g.step(g.legal_actions()[-1])
        offered = [a for a in g.legal_actions() if a.text.startswith("胡")] if g.actor == 1 else []
        assert best_win(hand, [], "x2", self_drawn=True, rules=low) == wins
        assert (int(offered[0].text.split("(")[1].split()[0]) if offered else None) == wins
