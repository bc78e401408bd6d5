"""Card order and combinations, from the seed's own examples (3.4.3, 3.4.4, 3.4.5 ⑦ ⑧)."""

from __future__ import annotations

import numpy as np
import pytest

from sim.games.shengji import trick_winner
from sim.games.shengji.cards import NotationError, format_cards, parse_cards, parse_hand
from sim.games.shengji.combos import FMT_SIZE, decompose
from sim.games.shengji.order import TRUMP, build_order


def _strength(o, card: str) -> tuple[int, int]:
    k = parse_cards(card)[0]
    return int(o.es[k] == TRUMP), int(o.pos[k])


def test_notation_round_trip_and_errors():
    assert format_cards(parse_cards("10S AH 2C SJ BJ")) == "10S AH 2C SJ BJ"
    assert format_cards(parse_cards("黑桃10 红桃A 梅花2 小王 大王 方块K")) == "10S AH 2C SJ BJ KD"
    with pytest.raises(NotationError, match="'ZZ'"):
        parse_cards("AH ZZ")
    with pytest.raises(NotationError, match="more than 4"):
        parse_hand("AH AH AH AH AH")


def test_order_at_level_2():
    # seed 3.4.3: 大鬼 > 小鬼 > 主2 > 副2 > A K Q … 3 of the trump suit; side suits A … 3
    o = build_order(level=2, trump=0)
    ranked = "BJ SJ 2S 2H AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S".split()
    values = [_strength(o, c) for c in ranked]
    assert values == sorted(values, reverse=True) and len(set(values)) == len(values)
    assert _strength(o, "2H") == _strength(o, "2C") == _strength(o, "2D")  # 副2 are equal
    assert _strength(o, "3S") > _strength(o, "AH")  # any trump beats any side card
    side = [_strength(o, c) for c in "AH KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H".split()]
    assert side == sorted(side, reverse=True) and all(s[0] == 0 for s in side)


def test_order_at_level_3():
    # seed ⑧: 4大王 > 4小王 > 主3333 > 副3333 > 主2222 > 副2222 > 主AAAA … 主4444 > 副AAAA … 副4444
    o = build_order(level=3, trump=0)
    ranked = "BJ SJ 3S 3H 2S 2H AS KS 4S".split()
    values = [_strength(o, c) for c in ranked]
    assert values == sorted(values, reverse=True) and len(set(values)) == len(values)
    assert _strength(o, "4S") > _strength(o, "AH") > _strength(o, "4H")
    assert o.es[parse_cards("3H")[0]] == TRUMP  # level cards are trump
    quads = [" ".join([c] * 4) for c in "BJ SJ 3S 3H 2S 2H AS 4S".split()]
    for hi, lo in zip(quads, quads[1:]):  # each trump quad beats the next lower one led
        assert trick_winner([lo, hi], level=3, trump="S") == 1
        assert trick_winner([hi, lo], level=3, trump="S") == 0
    assert trick_winner(["AH AH AH AH", "4S 4S 4S 4S"], level=3, trump="S") == 1


def _one_unit(cards: str, *, level: int, trump: int, cross_tier: bool = True):
    o = build_order(level=level, trump=trump, cross_tier=cross_tier)
    cnt = parse_hand(cards)
    e = int(o.es[parse_cards(cards)[0]])
    fmt = np.zeros(FMT_SIZE, dtype=np.int16)
    m = decompose(cnt, o.kat, o.nat, o.npos, e, fmt)
    return (int(fmt[3]), int(fmt[4])) if m == 1 else None


@pytest.mark.parametrize(
    ("cards", "level", "shape"),
    [
        ("7H 7H 8H 8H", 2, (2, 2)),  # 连对
        ("4H 4H 5H 5H 6H 6H 7H 7H", 2, (2, 4)),  # 连四 (seed ①)
        ("4H 4H 4H 4H 5H 5H 5H 5H", 2, (4, 2)),  # 2个4张 adjacent: a quad tractor (seed ②)
        ("JH JH JH QH QH QH", 2, (3, 2)),  # 连三 of triples (seed ④)
        ("6H 6H 8H 8H", 7, (2, 2)),  # the level rank 7 is skipped in a side suit
        ("6H 6H 8H 8H", 2, None),  # … but not at level 2
        ("AS AS 2H 2H", 3, (2, 2)),  # A of trump → 副2 (seed ⑦: 主AA22)
        ("2H 2H 2S 2S", 3, (2, 2)),  # 副2 → 主2
        ("2S 2S 3H 3H", 3, (2, 2)),  # 主2 → 副3 (seed ⑦: 副主2233)
        ("3H 3H 3S 3S", 3, (2, 2)),  # 副3 → 主3
        ("3S 3S SJ SJ", 3, (2, 2)),  # 主3 → 小王
        ("SJ SJ BJ BJ", 3, (2, 2)),  # 小王 → 大王
        ("2H 2H 2C 2C", 3, None),  # two 副2 pairs are the same tier: no tractor
        ("AS AS KS KS QS QS", 3, (2, 3)),
        ("7H 7H 8H", 2, None),  # a pair and a single: a throw
        ("AH AH AH AH", 2, (4, 1)),
    ],
)
def test_what_is_a_tractor(cards, level, shape):
    assert _one_unit(cards, level=level, trump=0) == shape


def test_cross_tier_option():
    assert _one_unit("AS AS 2H 2H", level=3, trump=0, cross_tier=False) is None
    assert _one_unit("SJ SJ BJ BJ", level=3, trump=0, cross_tier=False) is None
    assert _one_unit("KS KS AS AS", level=3, trump=0, cross_tier=False) == (2, 2)
