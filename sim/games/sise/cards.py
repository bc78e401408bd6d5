"""四色牌 cards: the 112-card deck, kind codes and notation with per-game colour names.

There are 28 kinds: ``kind = colour * 7 + rank`` with ranks 将 士 相 车 马 炮 卒 (0–6),
four identical copies of each. The colour names depend on the game: 广水 says 黄 红 白 绿,
丰顺 红 绿 黄 黑 (colour codes 0–3 in that order). ASCII notation writes a colour letter
and a rank letter: ``Y R W G`` (广水) or ``R G Y B`` (丰顺), then ``J S X C M P Z``
(将 士 相 车 马 炮 卒). Parsing accepts either notation, spaces optional:

>>> names = COLOURS["guangshui"]
>>> format_cards(parse_cards("黄将 红车 白卒", names), names)
'黄将 红车 白卒'
>>> format_cards(parse_cards("YJ RC WZ"), names, style="ascii")
'YJ RC WZ'
>>> parse_cards("黄王", names)
Traceback (most recent call last):
...
sim.games.sise.cards.NotationError: cannot read card '黄王' (position 1); write a colour (黄 红 白 绿) and a rank (将 士 相 车 马 炮 卒), e.g. 黄将, or ASCII like YJ
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import numpy as np

from sim.errors import PaijuError

N_COLOURS = 4
N_RANKS = 7
N_KINDS = N_COLOURS * N_RANKS
COPIES = 4
DECK_SIZE = N_KINDS * COPIES  # 112

JIANG, SHI, XIANG, CHE, MA, PAO, ZU = range(N_RANKS)
RANK_CHARS = "将士相车马炮卒"
RANK_ASCII = "JSXCMPZ"
FAT_RANKS = (JIANG, CHE, ZU)  # 肥 in 广水; the others are 素

COLOURS = {"guangshui": ("黄", "红", "白", "绿"), "fengshun": ("红", "绿", "黄", "黑")}
COLOUR_ASCII = {"guangshui": "YRWG", "fengshun": "RGYB"}
_RANK_VARIANTS = {"帅": "将", "帥": "将", "將": "将", "仕": "士", "象": "相", "車": "车",
                  "馬": "马", "砲": "炮", "兵": "卒"}
_SEP = set(" \t\n,，、;；")


class NotationError(PaijuError, ValueError):
    """A card or hand string that cannot be read (the message names the bad token)."""


def kind_of(colour: int, rank: int) -> int:
    """The kind code of a colour (0–3) and rank (0–6)."""
    return colour * N_RANKS + rank


def colour_of(kind: int) -> int:
    """The colour code (0–3) of a kind."""
    return kind // N_RANKS


def rank_of(kind: int) -> int:
    """The rank code (0 将 … 6 卒) of a kind."""
    return kind % N_RANKS


def is_fat(kind: int) -> bool:
    """Whether a kind is 肥 (将, 车, 卒) in the 广水 sense."""
    return rank_of(kind) in FAT_RANKS


def kind_name(kind: int, colours: Sequence[str] = COLOURS["guangshui"], *, style: str = "chinese",
              game: str = "guangshui") -> str:
    """One card in Chinese (``黄将``) or ASCII (``YJ``) notation."""
    if style == "ascii":
        return COLOUR_ASCII[game][colour_of(kind)] + RANK_ASCII[rank_of(kind)]
    return colours[colour_of(kind)] + RANK_CHARS[rank_of(kind)]


def _tokens(text: str) -> list[tuple[str, int]]:
    out, i = [], 0
    while i < len(text):
        if text[i] in _SEP:
            i += 1
            continue
        out.append((text[i:i + 2], len(out) + 1))
        i += 2
    return out


def parse_cards(text: str, colours: Sequence[str] = COLOURS["guangshui"], *,
                game: str = "guangshui") -> list[int]:
    """The kinds of a card string, in order; a bad token raises :class:`NotationError`."""
    if not isinstance(text, str):
        raise NotationError(f"give cards as a string like '黄将 红车', not {type(text).__name__}")
    ascii_colours = COLOUR_ASCII[game]
    kinds = []
    for tok, pos in _tokens(text):
        c = r = -1
        if len(tok) == 2:
            a, b = tok[0], tok[1]
            if a in colours:
                c = colours.index(a)
                r = RANK_CHARS.find(_RANK_VARIANTS.get(b, b))
            elif a.upper() in ascii_colours and b.upper() in RANK_ASCII:
                c, r = ascii_colours.index(a.upper()), RANK_ASCII.index(b.upper())
        if c < 0 or r < 0:
            raise NotationError(
                f"cannot read card {tok!r} (position {pos}); write a colour ({' '.join(colours)}) "
                f"and a rank ({' '.join(RANK_CHARS)}), e.g. {colours[0]}将, or ASCII like "
                f"{ascii_colours[0]}J"
            )
        kinds.append(kind_of(c, r))
    return kinds


def parse_counts(text: str, colours: Sequence[str] = COLOURS["guangshui"], *,
                 game: str = "guangshui", limit: int = COPIES) -> np.ndarray:
    """A card string as a vector of 28 counts; more than ``limit`` copies of a card (four: one
    deck) is refused."""
    counts = np.zeros(N_KINDS, dtype=np.int8)
    for k in parse_cards(text, colours, game=game):
        counts[k] += 1
        if counts[k] > limit:
            raise NotationError(
                f"{kind_name(k, colours)} appears {counts[k]} times in {text!r}; the deck has "
                f"only {limit} of each card"
            )
    return counts


def format_cards(kinds: Iterable[int], colours: Sequence[str] = COLOURS["guangshui"], *,
                 style: str = "chinese", game: str = "guangshui") -> str:
    """Cards (a list of kinds) as text, space separated."""
    return " ".join(kind_name(int(k), colours, style=style, game=game) for k in kinds)


def format_counts(counts: np.ndarray, colours: Sequence[str] = COLOURS["guangshui"], *,
                  style: str = "chinese", game: str = "guangshui") -> str:
    """A count vector as text, in kind order."""
    kinds = [k for k in range(N_KINDS) for _ in range(int(counts[k]))]
    return format_cards(kinds, colours, style=style, game=game)


def deck() -> np.ndarray:
    """The 112 cards as kinds, in kind order."""
    return np.repeat(np.arange(N_KINDS, dtype=np.int8), COPIES)

