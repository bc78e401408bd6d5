"""The 川牌 deck and its notation."""

import pytest

from sim.games.chuanpai.cards import (
    ALIASES, DECK_SIZE, NAMES, PIPS, RED_TYPES, NotationError, format_cards, full_deck,
    parse_cards, parse_list,
)


def test_deck_is_21_types_of_4():
    deck = full_deck()
    assert DECK_SIZE == 84 == len(deck)
    assert len(set(NAMES)) == 21 and len(set(PIPS)) == 21  # 21 distinct dominoes
    assert all((deck == k).sum() == 4 for k in range(21))


def test_pips_and_names_from_the_table():
    by_name = dict(zip(NAMES, PIPS))
    assert by_name["天"] == (6, 6) and by_name["地"] == (1, 1) and by_name["人"] == (4, 4)
    assert by_name["和"] == (1, 3) and by_name["斧头"] == (5, 6) and by_name["丁丁"] == (1, 2)
    assert sum(a + b for a, b in PIPS) * 4 == 4 * 147


def test_red_types_are_those_with_a_one_or_four_pip_and_tian():
    names = {NAMES[k] for k in RED_TYPES}
    assert names == {"地", "丁丁", "和", "幺四", "猫猫", "二红", "幺六", "三四", "人", "红九", "四六", "天"}


@pytest.mark.parametrize("alias,name", [
    ("牦牛", "斧头"), ("红拾", "四六"), ("弯鞭", "黑九"), ("三六", "黑九"), ("高高", "幺六"),
    ("高脚", "幺六"), ("幺七", "幺六"), ("平八", "二六"), ("红五", "幺四"), ("合牌", "和"),
    ("珠珠", "猫猫"), ("花七", "三四"), ("红七", "三四"), ("黑七", "二五"), ("二四", "二红"),
])
def test_seed_aliases(alias, name):
    assert ALIASES[alias] == NAMES.index(name)
    assert format_cards(parse_cards(alias)) == name


def test_pip_codes_both_orders_and_round_trip():
    assert format_cards(parse_cards("66 11 45 54 63")) == "天 地 红九 红九 黑九"
    every = " ".join(NAMES)
    assert format_cards(parse_cards(format_cards(parse_cards(every), ascii=True))) == every


def test_names_run_together_and_separators():
    assert parse_list("天地人和") == [0, 1, 2, 3]
    assert parse_list("天，地、红九") == [0, 1, 11]


@pytest.mark.parametrize("text,bad", [("天 王", "王"), ("天 77", "77"), ("梅", "梅")])
def test_bad_token_is_named(text, bad):
    with pytest.raises(NotationError, match=f"cannot read card '{bad}'"):
        parse_cards(text)


def test_more_than_four_refused():
    with pytest.raises(NotationError, match="more than 4 of 天"):
        parse_cards("天 天 天 天 天")
