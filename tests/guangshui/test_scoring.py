"""Golden cases for every 广水 group value, bonus, requirement row and listed hand (``docs/rules/guangshui.md``)."""

from __future__ import annotations

import pytest

from sim.errors import PaijuError
from sim.games.sise.guangshui import GuangshuiRules, can_win, group_fu, hand_fu, required_fu


def cards(*parts: str) -> str:
    """``"黄车*4"`` style shorthand joined into one hand string."""
    out = []
    for p in parts:
        name, _, times = p.partition("*")
        out += [name] * int(times or 1)
    return " ".join(out)


@pytest.mark.parametrize("group,formed,fu", [
    ("黄将 黄士 黄相", "hand", 1), ("红车 红马 红炮", "吃", 1), ("黄将 黄将", "hand", 0), ("黄卒 红卒 白卒", "hand", 1),
    ("黄卒 红卒 白卒 绿卒", "吃", 1), ("黄将", "hand", 1), ("白马 白马", "hand", 0),
    ("白马 白马", "占", 0), ("白马 白马 白马", "碰", 1), ("黄车 黄车 黄车", "碰", 2),
    ("黄卒 黄卒 黄卒", "碰", 2), ("白马 白马 白马", "hand", 3), ("黄将 黄将 黄将", "hand", 6),
    ("白马 白马 白马 白马", "发子", 6), ("红卒 红卒 红卒 红卒", "发子", 12),
    ("白马 白马 白马 白马", "hand", 9), ("绿车 绿车 绿车 绿车", "hand", 18),
])
def test_group_values(group, formed, fu):
    assert group_fu(group, formed=formed) == fu


def test_bad_groups_are_refused_in_one_line():
    for bad, formed in (("红车 红马", "hand"), ("红车 红车 红车", "吃"), ("黄将 黄士 黄相", "碰"),
                        ("黄将 黄将", "占"),
                        ("红马", "hand"), ("白马 白马", "碰")):
        with pytest.raises(PaijuError) as e:
            group_fu(bad, formed=formed)
        assert "\n" not in str(e.value)
    with pytest.raises(PaijuError):
        group_fu("红卒 红卒", rules=GuangshuiRules(zu_pairs=False))
    assert group_fu("红卒 红卒") == 0


@pytest.mark.parametrize("hand,total,bonus", [
    (cards("红车*3", "红马*2", "红炮*2"), 6 + 20, ("素车一出", 20)),
    (cards("红车*3", "红马*3", "红炮*2"), 6 + 3 + 30, ("素车两出", 30)),
    (cards("红车*3", "红马*3", "红炮*3"), 6 + 3 + 3 + 40, ("素车全踏", 40)),
    (cards("白将*2", "白士*2", "白相*2"), 2 + 10, ("素车不出", 10)),
    (cards("黄将*2", "红将*2", "白将*2"), 3 + 20, ("肥车不出", 20)),
    (cards("黄将*3", "红将*2", "白将*2"), 6 + 3 + 40, ("肥车一出", 40)),
    (cards("黄卒*3", "红卒*3", "白卒*3"), 18 + 100, ("肥车全踏", 100)),
    (cards("黄卒*2", "红卒*2", "白卒*2", "绿卒*2"), 2 + 40, ("长车不出", 40)),
    (cards("黄卒*3", "红卒*3", "白卒*3", "绿卒*3"), 24 + 200, ("长车全踏", 200)),
    (cards("黄士*3", "红士*3", "白士*3"), 9 + 20, ("三清", 20)),
    (cards("黄士*3", "红士*3", "白士*3", "绿士*3"), 12 + 40, ("四清", 40)),
    (cards("黄将*3", "黄卒*3"), 12 + 20, ("天地", 20)),
])
def test_bonuses_count_on_top(hand, total, bonus):
    r = hand_fu(hand)
    assert r.total == total and bonus in r.items
    assert sum(v for _, v in r.items) == total


def test_n_bu_on_the_table():
    five = ["碰 红马", "碰 白马", "碰 红炮", "碰 白炮", "碰 红士"]
    r = hand_fu("", five)
    assert r.total == 5 + 20 and ("五步", 20) in r.items
    r = hand_fu("", five + ["碰 白士"])
    assert r.total == 6 + 40 and ("六步", 40) in r.items


def test_single_jiang_cap_and_claimed_groups():
    assert hand_fu(cards("黄将", "红将", "白将", "绿将")).total == 3  # a fourth single scores 0
    assert hand_fu("黄将", ["将 红将", "将 白将", "将 绿将"]).total == 3
    assert hand_fu("", ["发子 黄车"]).total == 12 and hand_fu("", ["碰 白马"]).total == 1
    assert hand_fu("红马", ["吃 红车红马红炮"]) is None  # a loose 马 is 闲牌


def test_che_replaces_option():
    replaces = GuangshuiRules(che_mode="replaces")
    assert hand_fu(cards("白将*2", "白士*2", "白相*2"), rules=replaces).total == 10
    r = hand_fu(cards("红车*3", "红马*3", "红炮*3", "黄士*3"), rules=replaces)
    assert r.total == 40 + 3 and sum(v for _, v in r.items) == r.total


def test_requirement_rows():
    assert [required_fu("一牌", n) for n in range(4)] == [48, 23, None, None]
    assert [required_fu("小甲", n) for n in range(4)] == [250, 123, 61, 31]
    assert [required_fu("大甲", n) for n in range(4)] == [500, 248, 123, 61]
    assert [required_fu(n, 0) for n in (2, 3, 4)] == [100, 150, 200]
    assert required_fu("两牌", 1) == 50 and required_fu(3, 2) == 37
    listed_only = GuangshuiRules(lou_rule="listed_only")
    assert required_fu("两牌", 2, rules=listed_only) == 100
    assert required_fu("一牌", 0, rules=GuangshuiRules(min_fu=50)) == 50
    with pytest.raises(PaijuError):
        required_fu("中甲", 0)


# a 31-card hand worth 49 付 with no 楼: 2 肥闹, 3 素子, 3 圆, 2 对, a single 将
H49 = cards("黄车*4", "红车*4", "白马*3", "绿马*3", "黄将", "黄士", "黄相", "红将", "红士", "红相",
            "白将", "白士", "白相", "绿炮*2", "红炮*2", "白炮*3", "绿将")


def test_counted_win_and_the_minimum():
    r = hand_fu(H49)
    assert r.total == 49 and r.level == 1
    assert can_win(H49)
    assert not can_win(H49, rules=GuangshuiRules(min_fu=50))
    assert not can_win(H49.replace("绿将", "绿卒"))  # 闲牌
    assert not can_win(H49.replace(" 绿将", ""))  # 30 cards


def test_lou_lowers_the_requirement():
    # 1 楼 (肥楼 12) + 11 concealed 付 = 23: one 楼 needs 23
    hand = cards("白马*3", "绿马*3", "黄将", "黄士", "黄相", "红将", "红士", "红相", "白将", "白士",
                 "白相", "绿炮*2", "红炮*2", "白炮*3", "绿将", "红马*2", "黄马*2")
    melds = ["发子 黄车"]
    r = hand_fu(hand, melds)
    assert r.lou == 1 and r.total == 12 + 3 + 3 + 3 + 3 + 1 and r.level == 1
    assert can_win(hand, melds)
    short = hand_fu(hand.replace("白炮 白炮 白炮", ""), melds)
    assert short.total == 22 and short.level == 0
    # two 楼 win without counting
    two = hand_fu(cards("白马*3", "绿马*3", "黄将", "黄士", "黄相", "红将", "红士", "红相", "白将",
                        "白士", "白相", "绿炮*2", "红炮*2", "黄炮*2", "绿将"), ["发子 黄马", "发子 红马"])
    assert two.lou == 2 and two.level >= 1


@pytest.mark.parametrize("melds,hand_extra", [
    (["碰 红马", "碰 白马", "碰 红炮", "碰 白炮", "碰 红士", "碰 白士"], "六步"),
    (["碰 红士", "碰 白士", "碰 绿士", "碰 红炮", "碰 白炮"], "三清五步"),
])
def test_listed_hands_win_without_counting(melds, hand_extra):
    # 18 table cards; fill to 31 with low-value complete groups
    rest = cards("黄将", "黄士", "黄相", "红车", "红马", "红炮", "绿马*2", "绿炮*2", "黄炮*2")
    r = hand_fu(rest, melds, rules=GuangshuiRules(min_fu=50))
    assert r is not None and r.total < 50 and r.level == 1 and r.listed, (hand_extra, r)


def test_more_listed_hands():
    # 两楼: wins without counting
    r = hand_fu(cards("黄将", "黄士", "黄相"), ["发子 白马", "发子 红炮"])
    assert r.level == 1 and r.total == 1 + 6 + 6
    # 四清 (士 in four colours as 子/碰)
    r = hand_fu(cards("黄士*3", "红士*3"), ["碰 白士", "碰 绿士"])
    assert ("四清", 40) in r.items and r.listed is False and r.level == 1  # 54 付 counts anyway
    # 素车全踏 with two 楼 is 小甲
    r = hand_fu(cards("红车*3"), ["发子 红马", "发子 红炮"])
    assert ("素车全踏", 40) in r.items and r.total == 58 and r.level == 5 and r.listed
    # 长车出两出 上一楼 is 小甲 (its count, 138 with one 楼, reaches 小甲 too)
    r = hand_fu(cards("黄卒*3", "白卒*2", "绿卒*2"), ["碰 红卒", "发子 红马"])
    assert ("长车两出", 120) in r.items and r.lou == 1 and r.level == 5
    # 肥车上素楼 (三色将 twice each, a 素楼): 一牌 (its count, 29 with one 楼, gets there too)
    r = hand_fu(cards("黄将*2", "红将*2", "白将*2"), ["发子 红马"], rules=GuangshuiRules(min_fu=50))
    assert r.total == 3 + 20 + 6 and r.level == 1


def test_must_before_win_option():
    strict = GuangshuiRules(zi_fa="must_before_win")
    assert can_win(H49) and not can_win(H49, rules=strict)  # it holds 素子 in hand


def test_hostile_input_is_one_line():
    for call in (lambda: hand_fu("黄将 紫车"), lambda: hand_fu("黄将", ["杠 红车"]),
                 lambda: hand_fu("黄将", ["吃 红车红马"]), lambda: hand_fu("红车 " * 5),
                 lambda: group_fu("黄将", formed="偷"), lambda: required_fu("一牌", -1),
                 lambda: hand_fu(12)):
        with pytest.raises(PaijuError) as e:
            call()
        assert "\n" not in str(e.value)


def test_zu_pairs_option():
    off = GuangshuiRules(zu_pairs=False)
    assert hand_fu("黄卒 黄卒") is not None and hand_fu("黄卒 黄卒", rules=off) is None
    six = cards("黄卒*2", "红卒*2", "白卒*2")  # two 三色卒 圆 either way, and a 卒 肥车
    assert hand_fu(six, rules=off).total == hand_fu(six).total == 2 + 20


@pytest.mark.parametrize("hand,melds,total", [
    ("", ["碰 黄士", "碰 红士", "碰 白士", "碰 绿士"], 4 + 40),  # 四清
    ("", ["碰 红马", "碰 红炮", "碰 红车"], 4 + 40),  # 素车全踏
    (cards("红马*2", "红炮*2"), ["碰 红车", "碰 白马", "碰 白炮", "碰 绿马", "碰 绿炮"],
     2 + 4 + 20 + 20),  # 五碰 出车 (素车一出 + 五步)
])
def test_listed_hands_below_the_count(hand, melds, total):
    r = hand_fu(hand, melds)
    assert r.total == total and total < 48 and r.level == 1 and r.listed


EIGHT_PENG = ["碰 红马", "碰 白马", "碰 绿马", "碰 红炮", "碰 白炮", "碰 绿炮", "碰 红士", "碰 白士"]


def test_eight_to_ten_peng_are_named_and_counted():
    r = hand_fu("黄将 黄士 黄相 黄车 黄马 黄炮 红将", EIGHT_PENG)
    assert r.total == 131 and ("八步", 80) in r.items and sum(v for _, v in r.items) == 131
    nine = hand_fu("", EIGHT_PENG + ["碰 绿士"])
    assert ("九步", 100) in nine.items and sum(v for _, v in nine.items) == nine.total
    ten = hand_fu("", EIGHT_PENG + ["碰 绿士", "碰 黄士"])
    assert ("十步", 120) in ten.items and sum(v for _, v in ten.items) == ten.total


def test_eight_peng_set_the_n_bu_flag_of_the_win():
    import numpy as np

    from sim.games.sise.guangshui import scoring as S
    from sim.games.sise.guangshui.public import _score

    for extra in ([], ["碰 绿士"], ["碰 绿士", "碰 黄士"]):
        *_, out = _score("", EIGHT_PENG + extra, None)
        assert int(out[S.O_ITEMS]) == (1 << S.B_QING) | (1 << S.B_BU), extra
    assert np.int64(S.B_BU * S.ITEM_BASE + 10) // S.ITEM_BASE == S.B_BU


@pytest.mark.parametrize("che_mode", ["on_top", "replaces"])
def test_items_add_up_to_the_total_on_random_hands(che_mode):
    """Random table groups (0–10 碰, 发子, 吃, laid 将) and random complete concealed groups."""
    import numpy as np

    from sim.games.sise.cards import N_KINDS, N_RANKS, JIANG, format_counts
    from sim.games.sise.groups import C_YUAN
    from sim.games.sise.guangshui.game import meld_text
    from sim.games.sise.guangshui.public import NAMES, table_for
    from sim.games.sise.guangshui import scoring as S
    from tests.sise.test_evaluate import _random_hand

    rules = GuangshuiRules(che_mode=che_mode)
    table = table_for(True)
    chi = [g for g in range(table.size) if int(table.cls[g]) == C_YUAN and int(table.n[g]) == 3]
    rng = np.random.default_rng(8)
    checked = 0
    for _ in range(300):
        used = np.zeros(N_KINDS, dtype=np.int64)
        melds = []
        for k in rng.permutation(N_KINDS)[: int(rng.integers(0, 11))]:
            melds.append(meld_text(S.M_PENG, int(k)))
            used[k] += 3
        for _ in range(int(rng.integers(0, 3))):
            k = int(rng.integers(N_KINDS))
            if used[k] == 0:
                melds.append(meld_text(S.M_LOU, k))
                used[k] += 4
        for _ in range(int(rng.integers(0, 3))):
            g = chi[int(rng.integers(len(chi)))]
            ks = [int(x) for x in table.cards[g, :3]]
            if all(used[k] < 4 for k in ks):
                melds.append(meld_text(S.M_CHI, g))
                used[ks] += 1
        k = int(rng.integers(4)) * N_RANKS + JIANG
        if rng.random() < 0.3 and used[k] < 4:
            melds.append(meld_text(S.M_JIANG, k))
            used[k] += 1
        size = max(0, 31 - int(used.sum()))
        hand = _random_hand(rng, table, [k for k in range(N_KINDS) if used[k] == 0], size) \
            if size else np.zeros(N_KINDS, dtype=np.int64)
        r = hand_fu(format_counts(hand, NAMES), melds, rules=rules)
        if r is None:
            continue
        checked += 1
        assert sum(v for _, v in r.items) == r.total, (format_counts(hand, NAMES), melds)
    assert checked > 100
