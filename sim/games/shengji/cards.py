"""四副牌升级 cards: encoding of the 216-card deck and hand notation.

There are 54 kinds of card and four copies of each. Kind ``13·s + (r − 2)`` is rank
``r`` (2–14, where 11–14 are J Q K A) of suit ``s`` (0 ♠ S, 1 ♥ H, 2 ♣ C, 3 ♦ D);
kind 52 is the small joker (小王, ``SJ``) and kind 53 the big joker (大王, ``BJ``).
A hand is a vector of 54 counts (``numpy.int8``).

A card is written rank then suit letter (``10S AH 2C``), ``SJ`` / ``BJ`` for the jokers;
Chinese suit names (黑桃 红桃 梅花 方块, or 黑红梅方) and 大王 / 小王 are accepted too:

>>> format_cards(parse_cards("10S AH 2C SJ BJ"))
'10S AH 2C SJ BJ'
>>> format_cards(parse_cards("红桃A 大王 黑3"))
'AH BJ 3S'
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

import numpy as np

from sim.games import validate

N_KINDS = 54
COPIES = 4
DECK_SIZE = N_KINDS * COPIES  # 216
SMALL_JOKER = 52
BIG_JOKER = 53
SUITS = "SHCD"
SUIT_NAMES = {"S": "♠ spades", "H": "♥ hearts", "C": "♣ clubs", "D": "♦ diamonds"}
RANK_NAMES = {2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9", 10: "10",
              11: "J", 12: "Q", 13: "K", 14: "A"}
_RANK_OF = {v: k for k, v in RANK_NAMES.items()}
_CN_SUIT = {"黑桃": "S", "红桃": "H", "紅桃": "H", "梅花": "C", "草花": "C", "方块": "D",
            "方塊": "D", "方片": "D", "黑": "S", "红": "H", "紅": "H", "梅": "C", "方": "D",
            "♠": "S", "♥": "H", "♣": "C", "♦": "D"}
_CN_JOKER = {"大王": BIG_JOKER, "大鬼": BIG_JOKER, "小王": SMALL_JOKER, "小鬼": SMALL_JOKER}
_SEP = re.compile(r"[\s,，、;；]+")
_ASCII = re.compile(r"(10|[2-9JQKAjqka])([SHCDshcd])$")
_CN_TOKEN = re.compile(
    r"(大王|大鬼|小王|小鬼|黑桃|红桃|紅桃|梅花|草花|方块|方塊|方片|[黑红紅梅方♠♥♣♦])"
)


class NotationError(ValueError):
    """A card or hand string that cannot be read."""


def kind_of(rank: int, suit: int) -> int:
    """The kind of rank ``rank`` (2–14) in suit ``suit`` (0–3)."""
    return 13 * suit + rank - 2


def rank_of(kind: int) -> int:
    """The rank 2–14 of a suited kind (0 for a joker)."""
    return 0 if kind >= SMALL_JOKER else kind % 13 + 2


def suit_of(kind: int) -> int:
    """The suit 0–3 of a suited kind (-1 for a joker)."""
    return -1 if kind >= SMALL_JOKER else kind // 13


def points_of(kind: int) -> int:
    """Card points: 5 for a five, 10 for a ten or a king, 0 otherwise."""
    r = rank_of(kind)
    return 5 if r == 5 else 10 if r in (10, 13) else 0


POINTS = np.array([points_of(k) for k in range(N_KINDS)], dtype=np.int16)


def card_name(kind: int) -> str:
    """The ASCII name of one kind: ``'10S'``, ``'AH'``, ``'SJ'``."""
    if not 0 <= kind < N_KINDS:
        raise NotationError(f"card kind {kind} is out of range 0–53")
    if kind == SMALL_JOKER:
        return "SJ"
    if kind == BIG_JOKER:
        return "BJ"
    return RANK_NAMES[rank_of(kind)] + SUITS[suit_of(kind)]


_CN_SUIT_NAME = ("黑桃", "红桃", "梅花", "方块")


def chinese_name(kind: int) -> str:
    """The Chinese name of one kind, as :func:`parse_cards` reads it: ``'红桃A'``, ``'大王'``."""
    if not 0 <= kind < N_KINDS:
        raise NotationError(f"card kind {kind} is out of range 0–53")
    if kind >= SMALL_JOKER:
        return "小王" if kind == SMALL_JOKER else "大王"
    return _CN_SUIT_NAME[suit_of(kind)] + RANK_NAMES[rank_of(kind)]


def parse_rank(text: str | int) -> int:
    """A level given as ``'2'``–``'10'``, ``'J'``, ``'Q'``, ``'K'``, ``'A'`` or the int 2–14."""
    if isinstance(text, (int, np.integer)) and not isinstance(text, bool):
        if 2 <= int(text) <= 14:
            return int(text)
    elif isinstance(text, str) and text.strip().upper() in _RANK_OF:
        return _RANK_OF[text.strip().upper()]
    elif isinstance(text, str) and text.strip().isdigit() and 2 <= int(text) <= 14:
        return int(text)
    raise NotationError(f"cannot read level {text!r}: give 2–10, J, Q, K, A or an int 2–14")


def parse_suit(text: str | int) -> int:
    """A suit given as a letter ``S H C D``, a Chinese name or the int 0–3."""
    if isinstance(text, (int, np.integer)) and not isinstance(text, bool) and 0 <= int(text) < 4:
        return int(text)
    if isinstance(text, str):
        t = text.strip()
        if t.upper() in ("S", "H", "C", "D"):
            return SUITS.index(t.upper())
        if t in _CN_SUIT:
            return SUITS.index(_CN_SUIT[t])
    raise NotationError(f"cannot read trump suit {text!r}: give S, H, C or D (or 黑桃 红桃 梅花 方块)")


def _parse_token(token: str, whole: str) -> list[int]:
    out: list[int] = []
    rest = token
    while rest:
        up = rest.upper()
        if up.startswith(("SJ", "BJ")):
            out.append(SMALL_JOKER if up[0] == "S" else BIG_JOKER)
            rest = rest[2:]
            continue
        m = re.match(r"(10|[2-9JQKAjqka])([SHCDshcd])", rest)
        if m:
            out.append(kind_of(_RANK_OF[m.group(1).upper()], SUITS.index(m.group(2).upper())))
            rest = rest[m.end():]
            continue
        m = _CN_TOKEN.match(rest)
        if m:
            word = m.group(1)
            if word in _CN_JOKER:
                out.append(_CN_JOKER[word])
                rest = rest[m.end():]
                continue
            r = re.match(r"(10|[2-9JQKAjqka])", rest[m.end():])
            if r:
                out.append(kind_of(_RANK_OF[r.group(1).upper()], SUITS.index(_CN_SUIT[word])))
                rest = rest[m.end() + r.end():]
                continue
        raise NotationError(
            f"cannot read {token!r} in {whole!r}: write cards as rank + suit letter "
            "(10S AH 2C), SJ / BJ for the jokers, or 红桃A / 大王"
        )
    return out


def parse_cards(text: str) -> list[int]:
    """Read a string of cards into a list of kinds (order kept).

    >>> parse_cards("2S AS SJ")
    [0, 12, 52]
    >>> parse_cards("2S 1X")
    Traceback (most recent call last):
    ...
    sim.games.shengji.cards.NotationError: cannot read '1X' in '2S 1X': write cards as rank + suit letter (10S AH 2C), SJ / BJ for the jokers, or 红桃A / 大王
    """
    if not isinstance(text, str):
        raise NotationError(f"cards must be given as a string, not {type(text).__name__}")
    kinds: list[int] = []
    for token in _SEP.split(text.strip()):
        if token:
            kinds.extend(_parse_token(token, text))
    return kinds


def counts_of(kinds: Iterable[int]) -> np.ndarray:
    """The 54-entry count vector (``int8``) of a list of kinds."""
    return validate.counts_of(kinds, N_KINDS, np.int8)


def parse_hand(text: str | np.ndarray | Sequence[int]) -> np.ndarray:
    """Read a hand (string, list of kinds or count vector) into counts, at most 4 of a card.

    >>> int(parse_hand("AS AS 5D")[12])
    2
    """
    if isinstance(text, np.ndarray) and text.shape == (N_KINDS,):
        counts = text.astype(np.int8)
    elif isinstance(text, str):
        counts = counts_of(parse_cards(text))
    else:
        counts = counts_of(int(k) for k in text)
    over = [card_name(k) for k in range(N_KINDS) if counts[k] > COPIES]
    if over or (counts < 0).any():
        raise NotationError(
            f"{text!r} holds more than {COPIES} of {', '.join(over)}: the four decks have four of each card"
        )
    return counts


def format_cards(kinds: Sequence[int] | np.ndarray) -> str:
    """Write a list of kinds, space-separated."""
    return " ".join(card_name(int(k)) for k in kinds)


def format_hand(counts: np.ndarray) -> str:
    """Write a count vector in kind order."""
    return format_cards([k for k in range(N_KINDS) for _ in range(int(counts[k]))])


def deck() -> np.ndarray:
    """The 216-card deck as kinds, four copies of each, in kind order."""
    return np.repeat(np.arange(N_KINDS, dtype=np.int8), COPIES)
