"""跑胡子 card notation: round trips, red cards, clear errors."""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from sim.games.zipai.cards import (
    DECK_SIZE, N_KINDS, NotationError, counts_of, deck, format_cards, format_hand, is_red,
    kind_name, parse_cards, parse_hand,
)


def test_every_kind_has_both_names():
    assert [kind_name(k) for k in range(N_KINDS)] == list("一二三四五六七八九十壹贰叁肆伍陆柒捌玖拾")
    assert kind_name(9, style="ascii") == "x10"
    assert kind_name(19, style="ascii") == "d10"


def test_chinese_and_ascii_read_the_same_cards():
    assert parse_cards("一二三壹贰叁") == parse_cards("x1 x2 x3 d1 d2 d3") == [0, 1, 2, 10, 11, 12]
    assert parse_cards("x10d10x1") == [9, 19, 0]
    assert parse_cards("一, 拾、 x5") == [0, 19, 4]
    assert parse_cards("貳參陸") == [11, 12, 15]  # traditional glyphs


def test_red_cards_are_two_seven_ten_of_both_sizes():
    red = [kind_name(k) for k in range(N_KINDS) if is_red(k)]
    assert red == list("二七十贰柒拾")


def test_deck_has_four_of_each_kind():
    d = deck()
    assert d.size == DECK_SIZE == 80
    assert np.array_equal(counts_of(d.tolist()), np.full(N_KINDS, 4))


@given(st.lists(st.integers(0, N_KINDS - 1), max_size=30), st.sampled_from(["chinese", "ascii"]))
def test_format_then_parse_round_trips(kinds, style):
    assert parse_cards(format_cards(kinds, style=style)) == kinds


def test_hand_counts_round_trip():
    hand = parse_hand("一一二三 拾拾拾")
    assert format_hand(hand) == "一一二三拾拾拾"
    assert format_hand(hand, style="ascii") == "x1 x1 x2 x3 d10 d10 d10"


@pytest.mark.parametrize("text, token", [("x1 y2", "y2"), ("一二Q", "Q"), ("x11", "x11"), ("d0", "d0")])
def test_bad_notation_names_the_bad_token(text, token):
    with pytest.raises(NotationError) as err:
        parse_cards(text)
    assert repr(token) in str(err.value)
    assert "\n" not in str(err.value)


def test_a_fifth_copy_is_refused():
    with pytest.raises(NotationError, match="more than 4 of 一"):
        parse_hand("一一一一一")


def test_non_strings_are_refused():
    with pytest.raises(NotationError, match="string"):
        parse_cards(123)  # type: ignore[arg-type]
