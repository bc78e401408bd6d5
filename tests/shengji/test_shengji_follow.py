"""Following: every priority list of the seed's section 3.4.5, and the general ladder.

Each case is (hand, a legal answer, an illegal answer): the hand's best step of the list
is the one the case is named after; the legal play shows it, the illegal one shows the
next weaker step. Hearts are a side suit (level 2, spades trump).
"""

from __future__ import annotations

import pytest

from sim.games.shengji import ShengjiRules, legal_follow

Q4 = "QH QH QH QH"
Q3 = "QH QH QH"

LIST_1 = [  # lead 44556677
    ("连4", "8H 8H 9H 9H 10H 10H JH JH 3H", "8H 8H 9H 9H 10H 10H JH JH", "8H 8H 9H 9H 10H 10H JH 3H"),
    ("2个4张", f"AH AH AH AH {Q4} 3H", f"AH AH AH AH {Q4}", f"AH AH AH AH {Q3} 3H"),
    ("连3+1对", "8H 8H 9H 9H 10H 10H QH QH 3H 5H", "8H 8H 9H 9H 10H 10H QH QH",
     "8H 8H 9H 9H 10H 10H 3H 5H"),
    ("连3+2单", "8H 8H 9H 9H 10H 10H 3H 5H QH", "8H 8H 9H 9H 10H 10H 3H QH",
     "8H 8H 9H 9H 10H 3H 5H QH"),
    ("连队+2对", "8H 8H 9H 9H QH QH AH AH 3H", "8H 8H 9H 9H QH QH AH AH",
     "8H 8H 9H 9H QH QH AH 3H"),
    ("连队+1对+2单", "8H 8H 9H 9H QH QH AH 3H 5H", "8H 8H 9H 9H QH QH AH 3H",
     "8H 8H 9H 9H QH AH 3H 5H"),
    ("连队+4单", "8H 8H 9H 9H QH AH 3H 5H 6H", "8H 8H 9H 9H QH AH 3H 5H", "8H 8H 9H QH AH 3H 5H 6H"),
    ("4张+2对", f"{Q4} 8H 8H 5H 5H 3H", f"{Q4} 8H 8H 5H 5H", f"{Q4} 8H 8H 5H 3H"),
    ("4张+1对+2单", f"{Q4} 8H 8H 5H 3H 6H", f"{Q4} 8H 8H 5H 3H", f"{Q4} 8H 5H 3H 6H"),
    ("4张+4单", f"{Q4} 8H 5H 3H 6H 10H", f"{Q4} 8H 5H 3H 6H", f"{Q3} 8H 5H 3H 6H 10H"),
    ("2个3张+2单", f"{Q3} 8H 8H 8H 3H 5H 6H", f"{Q3} 8H 8H 8H 3H 5H", f"{Q3} 8H 8H 3H 5H 6H"),
    ("3张+2对+1单", f"{Q3} 8H 8H 5H 5H 3H 6H", f"{Q3} 8H 8H 5H 5H 3H", f"{Q3} 8H 8H 5H 3H 6H"),
    ("3张+1对+3单", f"{Q3} 8H 8H 3H 5H 6H 10H", f"{Q3} 8H 8H 3H 5H 6H", f"{Q3} 8H 3H 5H 6H 10H"),
    ("3张+5单", f"{Q3} 8H 3H 5H 6H 10H AH", f"{Q3} 8H 3H 5H 6H 10H", "QH QH 8H 3H 5H 6H 10H AH"),
    ("4对", "QH QH 8H 8H 5H 5H 3H 3H 10H", "QH QH 8H 8H 5H 5H 3H 3H", "QH QH 8H 8H 5H 5H 3H 10H"),
    ("3对+2单", "QH QH 8H 8H 5H 5H 3H 10H AH", "QH QH 8H 8H 5H 5H 3H 10H",
     "QH QH 8H 8H 5H 3H 10H AH"),
    ("2对+4单", "QH QH 8H 8H 5H 3H 10H AH 6H", "QH QH 8H 8H 5H 3H 10H AH", "QH QH 8H 5H 3H 10H AH 6H"),
    ("1对+6单", "QH QH 8H 5H 3H 10H AH 6H JH", "QH QH 8H 5H 3H 10H AH 6H", "QH 8H 5H 3H 10H AH 6H JH"),
]

LIST_2 = [  # lead 44445555: two quads first, then 连4, then as list ①
    ("2个4张", f"AH AH AH AH {Q4} 3H", f"AH AH AH AH {Q4}", f"AH AH AH AH {Q3} 3H"),
    ("连4", "8H 8H 9H 9H 10H 10H JH JH 3H", "8H 8H 9H 9H 10H 10H JH JH", "8H 8H 9H 9H 10H 10H JH 3H"),
    ("连3+1对", "8H 8H 9H 9H 10H 10H QH QH 3H 5H", "8H 8H 9H 9H 10H 10H QH QH",
     "8H 8H 9H 9H 10H 10H 3H 5H"),
    ("4张+2对", f"{Q4} 8H 8H 5H 5H 3H", f"{Q4} 8H 8H 5H 5H", f"{Q4} 8H 8H 5H 3H"),
    ("2个3张+2单", f"{Q3} 8H 8H 8H 3H 5H 6H", f"{Q3} 8H 8H 8H 3H 5H", f"{Q3} 8H 8H 3H 5H 6H"),
    ("4对", "QH QH 8H 8H 5H 5H 3H 3H 10H", "QH QH 8H 8H 5H 5H 3H 3H", "QH QH 8H 8H 5H 5H 3H 10H"),
]

LIST_3 = [  # lead 667788
    ("连3 (pairs)", "9H 9H 10H 10H JH JH AH AH AH", "9H 9H 10H 10H JH JH", "9H 9H 10H 10H AH AH"),
    ("4个+1对", f"{Q4} 8H 8H 3H", f"{Q4} 8H 8H", f"{Q4} 8H 3H"),
    ("拖拉机+1对", "9H 9H 10H 10H AH AH 3H", "9H 9H 10H 10H AH AH", "9H 9H 10H 10H AH 3H"),
    ("3个对", "9H 9H JH JH AH AH 3H", "9H 9H JH JH AH AH", "9H 9H JH JH AH 3H"),
    ("2对+2单", "9H 9H JH JH AH 3H 5H", "9H 9H JH JH AH 3H", "9H 9H JH AH 3H 5H"),
    ("1对+4单", "9H 9H JH AH 3H 5H 7H", "9H 9H JH AH 3H 5H", "9H JH AH 3H 5H 7H"),
]

LIST_4 = [  # lead JJJQQQ
    ("555444", "4H 4H 4H 5H 5H 5H 8H 8H 9H 9H 10H 10H", "4H 4H 4H 5H 5H 5H",
     "8H 8H 9H 9H 10H 10H"),
    ("667788", "8H 8H 9H 9H 10H 10H AH AH AH 3H", "8H 8H 9H 9H 10H 10H", "AH AH AH 8H 8H 9H"),
    ("4个+1对", "AH AH AH AH 8H 8H 3H", "AH AH AH AH 8H 8H", "AH AH AH AH 8H 3H"),
    ("拖拉机+1对", "8H 8H 9H 9H AH AH 3H", "8H 8H 9H 9H AH AH", "8H 8H 9H 9H AH 3H"),
    ("2个3张", "AH AH AH 8H 8H 8H 3H", "AH AH AH 8H 8H 8H", "AH AH AH 8H 8H 3H"),
    ("3张+1对+1单", "AH AH AH 8H 8H 3H 5H", "AH AH AH 8H 8H 3H", "AH AH AH 8H 3H 5H"),
    ("3个对", "AH AH 8H 8H 5H 5H 3H", "AH AH 8H 8H 5H 5H", "AH AH 8H 8H 5H 3H"),
    ("2对+2单", "AH AH 8H 8H 5H 3H 6H", "AH AH 8H 8H 5H 3H", "AH AH 8H 5H 3H 6H"),
]

LIST_5 = [  # lead AAAA (here QQQQ, so that higher cards exist)
    ("4个", "8H 8H 8H 8H 10H 10H JH JH", "8H 8H 8H 8H", "10H 10H JH JH"),
    ("拖拉机", "8H 8H 9H 9H 3H", "8H 8H 9H 9H", "8H 8H 9H 3H"),
    ("2对", "8H 8H JH JH 3H", "8H 8H JH JH", "8H 8H JH 3H"),
    ("3个+1个", "8H 8H 8H 3H 5H", "8H 8H 8H 3H", "8H 8H 3H 5H"),
    ("1对+2单", "8H 8H 3H 5H 6H", "8H 8H 3H 5H", "8H 3H 5H 6H"),
]

LIST_6 = [  # lead 7788
    ("拖拉机 or 4个", "AH AH AH AH 3H 3H 4H 4H", "3H 3H 4H 4H", "AH AH 3H 3H"),
    ("4个 (the choice)", "AH AH AH AH 3H 3H 4H 4H", "AH AH AH AH", "AH AH AH 3H"),
    ("2对", "3H 3H 5H 5H 9H", "3H 3H 5H 5H", "3H 3H 5H 9H"),
    ("1对+2单", "3H 3H 5H 9H JH", "3H 3H 5H 9H", "3H 5H 9H JH"),
]

CASES = (
    [("4H 4H 5H 5H 6H 6H 7H 7H", *c) for c in LIST_1]
    + [("4H 4H 4H 4H 5H 5H 5H 5H", *c) for c in LIST_2]
    + [("6H 6H 7H 7H 8H 8H", *c) for c in LIST_3]
    + [("JH JH JH QH QH QH", *c) for c in LIST_4]
    + [("QH QH QH QH", *c) for c in LIST_5]
    + [("7H 7H 8H 8H", *c) for c in LIST_6]
)


@pytest.mark.parametrize(("lead", "step", "hand", "good", "bad"), CASES,
                         ids=[f"{c[0].split()[0]}…:{c[1]}" for c in CASES])
def test_seed_follow_lists(lead, step, hand, good, bad):
    assert legal_follow(lead, hand, good, level=2, trump="S"), f"{step}: {good} should be legal"
    assert not legal_follow(lead, hand, bad, level=2, trump="S"), f"{step}: {bad} should be illegal"


def test_wider_answers_are_a_choice():
    # seed ③: holding both 667788-type and JJJQQQ-type, either may be played
    hand = "9H 9H 10H 10H JH JH KH KH KH AH AH AH"
    assert legal_follow("6H 6H 7H 7H 8H 8H", hand, "9H 9H 10H 10H JH JH", level=2, trump="S")
    assert legal_follow("6H 6H 7H 7H 8H 8H", hand, "KH KH KH AH AH AH", level=2, trump="S")
    assert not legal_follow("6H 6H 7H 7H 8H 8H", hand, "9H 9H 10H 10H AH AH", level=2, trump="S")


def test_two_quads_option():
    lead, hand = "4H 4H 5H 5H 6H 6H 7H 7H", f"AH AH AH AH {Q4} 3H"
    off = ShengjiRules(two_quads_answer=False)
    # without the option two quads rank as "1个4张 + 2对", so quad + pair + 2 singles is still weaker
    assert legal_follow(lead, hand, f"AH AH AH AH {Q4}", level=2, trump="S", rules=off)
    assert not legal_follow(lead, hand, f"AH AH AH AH {Q3} 3H", level=2, trump="S", rules=off)


def test_suit_first_and_short_suits():
    # enough of the led suit: only that suit
    assert not legal_follow("AH", "3H 5S", "5S", level=2, trump="S")
    assert legal_follow("AH", "3H 5S", "3H", level=2, trump="S")
    # short: every card of the suit, then anything (a ruff or a discard)
    assert legal_follow("7H 7H 8H 8H", "3H 5H 4S 4S 9D", "3H 5H 4S 4S", level=2, trump="S")
    assert legal_follow("7H 7H 8H 8H", "3H 5H 4S 4S 9D", "3H 5H 4S 9D", level=2, trump="S")
    assert not legal_follow("7H 7H 8H 8H", "3H 5H 4S 4S 9D", "3H 4S 4S 9D", level=2, trump="S")
    # void: anything of the right size
    assert legal_follow("7H 7H", "4S 9D 10C", "9D 10C", level=2, trump="S")
    # wrong size or cards not held
    assert not legal_follow("7H 7H", "3H 3H 5H", "3H", level=2, trump="S")
    assert not legal_follow("7H 7H", "3H 3H 5H", "5H 5H", level=2, trump="S")
    # a trump lead is followed with trumps: 2s, the level cards and jokers included
    assert not legal_follow("AS", "2H 3H", "3H", level=2, trump="S")
    assert legal_follow("AS", "2H 3H", "2H", level=2, trump="S")


def test_general_ladder():
    # pair: a pair when held
    assert not legal_follow("9H 9H", "3H 3H 5H 6H", "5H 6H", level=2, trump="S")
    # triple: the triple, else as many pairs as fit, widest first
    assert legal_follow("9H 9H 9H", "3H 3H 3H 5H", "3H 3H 3H", level=2, trump="S")
    assert not legal_follow("9H 9H 9H", "3H 3H 3H 5H", "3H 3H 5H", level=2, trump="S")
    assert legal_follow("9H 9H 9H", "3H 3H 5H 6H", "3H 3H 6H", level=2, trump="S")
    assert not legal_follow("9H 9H 9H", "3H 3H 5H 6H", "3H 5H 6H", level=2, trump="S")
    # a 5-pair tractor: the tractor when held, else the most pairs
    lead = "3H 3H 4H 4H 5H 5H 6H 6H 7H 7H"
    hand = "8H 8H 9H 9H JH JH KH KH 2S 3D"
    assert not legal_follow(lead, "8H 8H 9H 9H 10H 10H JH JH QH QH AH", "8H 8H 9H 9H 10H 10H JH JH QH AH",
                            level=2, trump="S")
    assert legal_follow(lead, hand + " AH AH", "8H 8H 9H 9H JH JH KH KH AH AH", level=2, trump="S")
    assert not legal_follow(lead, hand + " AH QH", "8H 8H 9H 9H JH JH KH AH QH 2S", level=2, trump="S")
    # a throw (pair + single): its pair must be matched
    assert legal_follow("AH AH KH", "3H 3H 5H 6H", "3H 3H 6H", level=2, trump="S")
    assert not legal_follow("AH AH KH", "3H 3H 5H 6H", "3H 5H 6H", level=2, trump="S")
