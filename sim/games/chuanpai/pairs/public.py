"""Public helpers of the pairing game, taking cards in the 川牌 notation.

>>> is_complete("天 二六 地 三五")          # 12 + 8 = 20, 2 + 8 = 10
True
>>> is_complete("幺六 三四 二五")          # 燕, the three different sevens
True
>>> is_complete("天 地", rules=PairsRules.from_options(preset="doushisi"))   # 12 + 2 = 14
True
>>> deal_sizes(6)
(16, 15, 15, 15, 5, 3)
>>> tuo("天 地 红九 幺四", ["人 人 人"], seat="当家")
12
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from sim.errors import OptionError
from sim.games.chuanpai.cards import NAMES, N_TYPES, NotationError, parse_cards, parse_list
from sim.games.chuanpai.pairs.groups import complete, ident_tuo, red_count, xiaojia_tuo
from sim.games.chuanpai.pairs.rules import PairsRules, deal_sizes_of, rules_vector
from sim.games.validate import check_counts, counts_of

SEATS = ("ordinary", "当家", "小家")


def parse_counts(text: str, decks: int = 1) -> np.ndarray:
    """Count vector of ``text`` allowing up to 4 copies per deck (two decks: 8).

    >>> int(parse_counts("人 人 人 人 人 人", decks=2)[2])
    6
    """
    counts = np.zeros(N_TYPES, dtype=np.int16)
    for k in parse_list(text):
        counts[k] += 1
        if counts[k] > 4 * decks:
            raise NotationError(f"{text!r} has more than {4 * decks} of {NAMES[k]}; {decks} deck"
                                f"{'s hold' if decks > 1 else ' holds'} {4 * decks} (option decks)")
    return counts


def is_complete(cards: str, *, rules: PairsRules | None = None) -> bool:
    """Whether ``cards`` split exactly into the preset's groups (no card left over).

    With ``decks=2`` a type may appear up to 8 times (6 = two 暗, 7 = 亮 + 暗, 8 = two 亮):

    >>> is_complete("人 人 人 人 人 人 人", rules=PairsRules(decks=2))
    True

    >>> is_complete("梅子 梅子 梅子")   # three identical (暗)
    True
    >>> is_complete("幺四 拐子 幺四")   # 5 + 5 + 5: three-card sums are no group
    False
    >>> is_complete("")                # nothing left to group
    True
    """
    r = rules or PairsRules()
    counts = parse_counts(cards, r.decks)
    check_counts(4 * r.decks, counts, name=NAMES.__getitem__, what="the cards")
    return bool(complete(counts, rules_vector(r)))


def deal_sizes(players: int, *, rules: PairsRules | None = None) -> tuple[int, ...]:
    """Cards dealt per seat, from the 头家 on; the stock is the rest of the 84 (168 with two decks).

    >>> deal_sizes(4)
    (16, 15, 15, 15)
    >>> deal_sizes(5)
    (16, 15, 15, 15, 3)
    >>> deal_sizes(4, rules=PairsRules.from_options(preset="doushisi"))
    (18, 17, 17, 5)
    >>> deal_sizes(6, rules=PairsRules(decks=2))   # two decks: full hands, 91 of 168 dealt
    (16, 15, 15, 15, 15, 15)
    """
    r = rules or PairsRules()
    if not isinstance(players, int) or isinstance(players, bool) or not 2 <= players <= 6:
        raise OptionError(f"pairs players={players!r} is not allowed; give 2 to 6")
    if r.deal == "doushisi" and players != 4:
        raise OptionError(f"the doushisi deal is for 4 players, not {players}; use the seed deal")
    return deal_sizes_of(players, r.deal, r.decks)


def column_tuo(cards: str) -> int:
    """坨 of one open column: three identical red 8 / black 4, four red 10 / black 6, and a
    two-card 吃 pair one per red card.

    >>> column_tuo("天 天 天"), column_tuo("梅子 梅子 梅子 梅子"), column_tuo("天 地")
    (8, 6, 2)
    """
    types = parse_list(cards)
    check_counts(4, counts_of(types, N_TYPES), name=NAMES.__getitem__, what="the column")
    if len(types) == 2:
        return int(red_count(parse_cards(cards)))
    if len(types) in (3, 4) and len(set(types)) == 1:
        return int(ident_tuo(types[0], len(types)))
    raise NotationError(f"column {cards!r} is not a group of 2 (吃), 3 or 4 identical cards; "
                        f"write one group per string")


def tuo(hand: str, columns: Sequence[str] = (), *, seat: str = "ordinary",
        rules: PairsRules | None = None) -> int:
    """斗十四 坨 of a holding: one per red card in ``hand`` plus each open column's value.

    ``seat`` is ``"ordinary"``, ``"当家"`` or ``"小家"``; it matters for the threshold
    (:func:`tuo_threshold`) and, for the 小家 under ``rules`` (default: the doushisi preset),
    for an all-black holding (option ``xiaojia_black``) or five black and one red
    (``xiaojia_one_red``) without 扯/偷/龙 columns.

    >>> tuo("天 天 梅子 梅子")
    2
    >>> tuo("", ["梅子 梅子 梅子", "红九 红九 红九 红九"], seat="小家")
    14
    >>> tuo("梅子 长二 长三 二六", ["黑九 拐子"], seat="小家")   # all black, no 斧头: 6 坨
    6
    """
    if seat not in SEATS:
        raise OptionError(f"pairs seat={seat!r} is not allowed; choose one of {', '.join(SEATS)}")
    if isinstance(columns, str):
        raise NotationError("give columns as a list of strings, one group each, e.g. ['人 人 人']")
    held = parse_cards(hand)
    r = rules or PairsRules.from_options(preset="doushisi")
    check_counts(4 * r.decks, held, *(counts_of(parse_list(c), N_TYPES) for c in columns),
                 name=NAMES.__getitem__, what="the hand and its columns together")
    value = int(red_count(held)) + sum(column_tuo(c) for c in columns)
    if seat != "小家":
        return value
    cards = held.astype(np.int16)
    idents = 0
    for c in columns:
        types = parse_list(c)
        idents += len(types) >= 3
        for k in types:
            cards[k] += 1
    return int(xiaojia_tuo(cards, idents, value, rules_vector(r)))


def tuo_threshold(seat: str = "ordinary", *, rules: PairsRules | None = None) -> int:
    """The 坨 a seat needs to win under ``rules`` (defaults: the doushisi preset's 18/20/5).

    >>> tuo_threshold("当家"), tuo_threshold("小家")
    (20, 5)
    """
    r = rules or PairsRules.from_options(preset="doushisi")
    if seat not in SEATS:
        raise OptionError(f"pairs seat={seat!r} is not allowed; choose one of {', '.join(SEATS)}")
    return {"ordinary": r.tuo_ordinary, "当家": r.tuo_dealer, "小家": r.tuo_xiaojia}[seat]


def counts(cards: str) -> np.ndarray:
    """Count vector of a card string (re-exported for examples)."""
    return parse_cards(cards)
