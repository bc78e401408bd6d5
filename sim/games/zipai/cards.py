"""跑胡子 cards: encoding, the deck, and hand notation in Chinese and ASCII.

There are 20 kinds of card, four copies of each (80 cards):

* kinds 0–9 are the small cards 一 … 十, written ``x1`` … ``x10`` in ASCII;
* kinds 10–19 are the big cards 壹 … 拾, written ``d1`` … ``d10``.

The red cards are the ranks 2, 7 and 10 of both sizes (二七十 and 贰柒拾).

A hand is usually held as a vector of 20 counts (``numpy.int8``); card lists are lists
of kinds. Parsing accepts either notation, with or without spaces or commas:

>>> format_cards(parse_cards("一二三 壹贰叁"), style="ascii")
'x1 x2 x3 d1 d2 d3'
>>> format_cards(parse_cards("x10d10"))
'十拾'
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

import numpy as np

from sim.games import validate

N_KINDS = 20
COPIES = 4
DECK_SIZE = N_KINDS * COPIES
SMALL_CHARS = "一二三四五六七八九十"
BIG_CHARS = "壹贰叁肆伍陆柒捌玖拾"
RED_RANKS = (2, 7, 10)

# Traditional and variant glyphs that appear in printed decks and web copies.
_VARIANTS = {"貳": "贰", "參": "叁", "叄": "叁", "陸": "陆", "弍": "贰"}
_CHAR_TO_KIND = {c: i for i, c in enumerate(SMALL_CHARS)} | {
    c: 10 + i for i, c in enumerate(BIG_CHARS)
}
_ASCII_TOKEN = re.compile(r"([xXdD])(10|[1-9])")
_SEPARATORS = set(" \t\n,，、;；")


class NotationError(ValueError):
    """A hand or card string that cannot be read."""


def rank(kind: int) -> int:
    """The rank 1–10 of a card kind (牌点; 五 and 伍 both have rank 5)."""
    return kind % 10 + 1


def is_big(kind: int) -> bool:
    """Whether a kind is a big card (壹 … 拾)."""
    return kind >= 10


def is_red(kind: int) -> bool:
    """Whether a kind is red (二七十 / 贰柒拾)."""
    return rank(kind) in RED_RANKS


RED_MASK = np.array([is_red(k) for k in range(N_KINDS)], dtype=np.bool_)


def deck() -> np.ndarray:
    """The 80-card deck as an array of kinds, four copies of each, in kind order."""
    return np.repeat(np.arange(N_KINDS, dtype=np.int8), COPIES)


def kind_name(kind: int, *, style: str = "chinese") -> str:
    """The name of one kind: ``'五'`` / ``'x5'`` for kind 4."""
    if not 0 <= kind < N_KINDS:
        raise NotationError(f"card kind {kind} is out of range 0–19")
    if style == "chinese":
        return (BIG_CHARS if is_big(kind) else SMALL_CHARS)[kind % 10]
    if style == "ascii":
        return f"{'d' if is_big(kind) else 'x'}{rank(kind)}"
    raise NotationError(f"unknown style {style!r}; use 'chinese' or 'ascii'")


def parse_cards(text: str) -> list[int]:
    """Read a string of cards in Chinese or ASCII notation into a list of kinds.

    >>> parse_cards("x1 d10 拾")
    [0, 19, 19]
    >>> parse_cards("x1 y2")
    Traceback (most recent call last):
    ...
    sim.games.zipai.cards.NotationError: cannot read 'y2' in 'x1 y2': write cards as 一…十 / 壹…拾 or x1…x10 / d1…d10
    """
    if not isinstance(text, str):
        raise NotationError(f"cards must be given as a string, not {type(text).__name__}")
    kinds: list[int] = []
    i = 0
    while i < len(text):
        ch = text[i]
        if ch in _SEPARATORS:
            i += 1
            continue
        ch = _VARIANTS.get(ch, ch)
        if ch in _CHAR_TO_KIND:
            kinds.append(_CHAR_TO_KIND[ch])
            i += 1
            continue
        m = _ASCII_TOKEN.match(text, i)
        if m:
            base = 10 if m.group(1) in "dD" else 0
            kinds.append(base + int(m.group(2)) - 1)
            i = m.end()
            continue
        bad = re.match(r"[^\s,，、;；]+", text[i:])
        token = bad.group(0) if bad else ch
        raise NotationError(
            f"cannot read {token!r} in {text!r}: write cards as 一…十 / 壹…拾 or x1…x10 / d1…d10"
        )
    return kinds


def counts_of(kinds: Iterable[int]) -> np.ndarray:
    """The 20-entry count vector (``int8``) of a list of kinds."""
    return validate.counts_of(kinds, N_KINDS, np.int8)


def parse_hand(text: str, *, max_copies: int = COPIES) -> np.ndarray:
    """Read a hand into a count vector, refusing more than four copies of a card.

    >>> parse_hand("一一二").tolist()[:3]
    [2, 1, 0]
    """
    kinds = parse_cards(text)
    counts = counts_of(kinds)
    over = [kind_name(k) for k in range(N_KINDS) if counts[k] > max_copies]
    if over:
        raise NotationError(
            f"{text!r} holds more than {max_copies} of {', '.join(over)}: the deck has four of each card"
        )
    return counts


def format_cards(kinds: Sequence[int] | np.ndarray, *, style: str = "chinese") -> str:
    """Write a list of kinds in Chinese (no spaces) or ASCII (space-separated) notation."""
    names = [kind_name(int(k), style=style) for k in kinds]
    return "".join(names) if style == "chinese" else " ".join(names)


def format_hand(counts: np.ndarray, *, style: str = "chinese") -> str:
    """Write a count vector in kind order."""
    kinds = [k for k in range(N_KINDS) for _ in range(int(counts[k]))]
    return format_cards(kinds, style=style)
