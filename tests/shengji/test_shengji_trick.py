"""Trick winners, throws (甩牌), 扣底 and the level table, from the seed's rules."""

from __future__ import annotations

import numpy as np
import pytest

from sim.games.shengji import ShengjiRules, level_change, trick_winner
from sim.games.shengji.cards import format_hand, parse_hand
from sim.games.shengji.combos import FMT_SIZE, decompose
from sim.games.shengji.order import build_order
from sim.games.shengji.scoring import card_points, kou_di_factor
from sim.games.shengji.trick import reduce_throw, throw_blocked


@pytest.mark.parametrize(
    ("plays", "winner"),
    [
        (["9H", "AH", "KH", "3H"], 1),  # highest of the led suit
        (["AH", "AH"], 0),  # identical cards: the first played wins
        (["AH", "5C", "5D"], 0, ),  # other side suits never win
        (["AH", "3S", "4S", "2D"], 3),  # trump (毙), then the higher trump (副2 > 4S)
        (["9H", "2C", "2D"], 1),  # equal 副2: the first wins
        (["7H 7H", "3S 4S"], 0),  # a ruff must have the lead's shape
        (["7H 7H", "3S 3S", "9H 9H"], 1),
        (["7H 7H 8H 8H", "9H 9H JH JH"], 0),  # two pairs are not a tractor
        (["7H 7H 8H 8H", "JH JH QH QH", "3H 3H 3H 3H"], 2),  # 4张 eats a 2-pair tractor
        (["9H 9H 10H 10H JH JH", "3H 3H 3H 4H 4H 4H"], 1),  # wider tractor beats narrower
        (["3H 3H 3H 4H 4H 4H", "9H 9H 10H 10H JH JH"], 0),
        (["4H 4H 5H 5H 6H 6H 7H 7H", "3H 3H 3H 3H 9H 9H 9H 9H"], 1),  # two quads (option)
        (["4H 4H 5H 5H 6H 6H 7H 7H", "3H 3H 3H 3H 9H 9H 9H 9H", "JH JH JH JH QH QH QH QH"], 2),
        (["4H 4H 4H 4H 5H 5H 5H 5H", "9H 9H 9H 9H JH JH JH JH"], 0),  # two quads don't beat a quad tractor
        (["7H 7H 8H 8H", "AH AH AH AH", "3S 3S 4S 4S"], 2),  # a trump ruff beats a wider side play
        (["AH AH KH", "3S 3S 5S", "4S 4S 6S"], 2),  # throws: ruffs compare by their largest part (the pair)
        (["AH AH KH", "3S 5S 6S"], 0),  # a ruff without the pair does not win
        (["AS", "BJ", "SJ"], 1),
    ],
)
def test_trick_winner(plays, winner):
    assert trick_winner(plays, level=2, trump="S") == winner


def test_two_quads_need_the_option():
    plays = ["4H 4H 5H 5H 6H 6H 7H 7H", "3H 3H 3H 3H 9H 9H 9H 9H"]
    assert trick_winner(plays, level=2, trump="S", rules=ShengjiRules(two_quads_answer=False)) == 0


def _throw(lead: str, others: list[str], *, level: int = 2, trump: int = 0,
           two_quads: bool = True) -> str | None:
    """The cards a throw really plays (None: it stands) when seats 1–3 hold ``others``."""
    o = build_order(level=level, trump=trump)
    hands = np.zeros((4, 54), dtype=np.int8)
    cnt = parse_hand(lead)
    hands[0] = cnt
    for i, h in enumerate(others, start=1):
        hands[i] = parse_hand(h)
    fmt = np.zeros(FMT_SIZE, dtype=np.int16)
    decompose(cnt, o.kat, o.nat, o.npos, int(o.es[int(np.argmax(cnt > 0))]), fmt)
    i = throw_blocked(fmt, hands, 0, o.kat, o.nat, o.npos, two_quads)
    if i < 0:
        return None
    out = np.zeros(54, dtype=np.int8)
    reduce_throw(cnt, fmt, i, o.kat, o.nat, out)
    return format_hand(out)


def test_throws_that_stand():
    assert _throw("AH AH KH", ["QH QH", "3S", "5D AS"]) is None  # nobody else holds an AH
    assert _throw("AH KH KH", ["QH QH QH", "3H", "JH"]) is None  # no A, no pair above KK
    assert _throw("2H 2H SJ", ["AS AS", "2C", "5D"]) is None  # trump: 副2 are equal, none beat


def test_throws_that_fail():
    # an opponent's AH beats the single K: the thrower plays the K alone
    assert _throw("AH AH KH", ["QH QH", "AH 3C", "5D"]) == "KH"
    # AA beats the pair QQ and the single: the smallest beatable part is the single
    assert _throw("QH QH JH", ["AH AH", "3C", "5D"]) == "JH"
    # only the pair is beatable (KK over QQ): the pair is played
    assert _throw("QH QH AH", ["KH KH", "3C", "5D"]) == "QH QH"
    # the partner can block too (seat 2)
    assert _throw("AH AH KH", ["3C", "AH", "5D"]) == "KH"
    # trump throws: 4S 4S beats 3S 3S; with a BJ out too, the single 2H is the smaller part
    assert _throw("3S 3S 2H", ["AS", "4S 4S", "5D"]) == "3S 3S"
    assert _throw("3S 3S 2H", ["AS", "4S 4S", "BJ"]) == "2H"
    # a tractor in a throw is beaten only by a higher tractor of its width
    assert _throw("9H 9H 10H 10H AH", ["JH JH QH QH", "3C", "5D"]) == "9H 9H 10H 10H"
    assert _throw("9H 9H 10H 10H AH", ["JH JH KH KH", "3C", "5D"]) is None


def test_points_and_kou_di():
    assert card_points(parse_hand("5H 10S KD AH 2C")) == 25
    deck = np.full(54, 4, dtype=np.int8)
    assert card_points(deck) == 400
    assert [kou_di_factor(k, 0) for k in (1, 2, 3, 4)] == [1, 2, 3, 4]  # seed: single ×1, pair ×2 …
    assert [kou_di_factor(k, 1) for k in (1, 2, 3)] == [2, 4, 6]
    assert [kou_di_factor(k, 2) for k in (1, 2, 3)] == [2, 4, 8]


@pytest.mark.parametrize(
    ("points", "side", "levels"),
    [(-60, "defenders", 3), (0, "defenders", 3), (5, "defenders", 2), (75, "defenders", 2),
     (80, "defenders", 1), (155, "defenders", 1), (160, "attackers", 1), (235, "attackers", 1),
     (240, "attackers", 2), (315, "attackers", 2), (320, "attackers", 3), (480, "attackers", 5)],
)
def test_level_table(points, side, levels):
    change = level_change(points)
    assert (change.side, change.levels) == (side, levels)
