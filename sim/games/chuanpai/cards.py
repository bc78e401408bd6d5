"""川牌 cards: the 84-card deck (21 types × 4 copies), names, pips, colours and notation.

Type ``k`` (0–20) is, in this order: 天 地 人 和 梅子 长三 长二 斧头 四六 幺六 猫猫 红九 黑九
二六 三五 三四 二五 二红 幺四 拐子 丁丁. A hand is a vector of 21 counts (``numpy.int8``).

Cards are written by name (the regional aliases of the seed are accepted, and ``天牌``,
``地牌`` … too) or by pip code, the two halves in any order (``66`` = 天, ``65`` = 斧头).
Names may be run together; separators are spaces or commas:

>>> format_cards(parse_cards("天 地 牦牛 红拾 弯鞭"))
'天 地 斧头 四六 黑九'
>>> format_cards(parse_cards("天地人和"))
'天 地 人 和'
>>> format_cards(parse_cards("66 11 45 63"), ascii=True)
'66 11 45 36'
>>> parse_cards("天 王")
Traceback (most recent call last):
...
sim.games.chuanpai.cards.NotationError: cannot read card '王' in '天 王'; write names such as 天 地 人 和 梅子 or pip codes such as 66 11 45
"""

from __future__ import annotations

import re
from collections.abc import Iterable

import numpy as np

from sim.errors import PaijuError

N_TYPES = 21
COPIES = 4
DECK_SIZE = N_TYPES * COPIES  # 84

NAMES = ("天", "地", "人", "和", "梅子", "长三", "长二", "斧头", "四六", "幺六", "猫猫",
         "红九", "黑九", "二六", "三五", "三四", "二五", "二红", "幺四", "拐子", "丁丁")
PIPS = ((6, 6), (1, 1), (4, 4), (1, 3), (5, 5), (3, 3), (2, 2), (5, 6), (4, 6), (1, 6), (1, 5),
        (4, 5), (3, 6), (2, 6), (3, 5), (3, 4), (2, 5), (2, 4), (1, 4), (2, 3), (1, 2))
TIAN, DI, REN, HE, MEIZI, CHANGSAN, CHANGER, FUTOU, SILIU, YAOLIU, MAOMAO = range(11)
HONGJIU, HEIJIU, ERLIU, SANWU, SANSI, ERWU, ERHONG, YAOSI, GUAIZI, DINGDING = range(11, 21)

# Pip colours: the 1 and 4 pips are red, the others black; 天 counts as red.
RED_TYPES = frozenset(k for k, (a, b) in enumerate(PIPS) if {a, b} & {1, 4}) | {TIAN}

ALIASES = {
    "牦牛": FUTOU, "红拾": SILIU, "红十": SILIU, "弯鞭": HEIJIU, "三六": HEIJIU, "高高": YAOLIU,
    "高脚": YAOLIU, "幺七": YAOLIU, "平八": ERLIU, "红五": YAOSI, "合牌": HE, "和牌": HE,
    "珠珠": MAOMAO, "花七": SANSI, "红七": SANSI, "黑七": ERWU, "二四": ERHONG,
    "天牌": TIAN, "地牌": DI, "人牌": REN,
}
_BY_NAME = {name: k for k, name in enumerate(NAMES)} | ALIASES
_BY_PIPS = {}
for _k, (_a, _b) in enumerate(PIPS):
    _BY_PIPS[f"{_a}{_b}"] = _k
    _BY_PIPS[f"{_b}{_a}"] = _k
_TOKEN = re.compile("|".join(sorted(map(re.escape, [*_BY_NAME, *_BY_PIPS]), key=len, reverse=True)))
_SEP = re.compile(r"[\s,，、;；]+")


class NotationError(PaijuError, ValueError):
    """A card or hand string that cannot be read."""


def _fail(token: str, text: str) -> NotationError:
    return NotationError(
        f"cannot read card {token!r} in {text!r}; write names such as 天 地 人 和 梅子 "
        f"or pip codes such as 66 11 45"
    )


def parse_list(text: str) -> list[int]:
    """The card types of ``text`` in the order written."""
    if not isinstance(text, str):
        raise NotationError(f"give cards as a string such as '天 地 红九', not {type(text).__name__}")
    out: list[int] = []
    for chunk in _SEP.split(text.strip()):
        pos = 0
        while pos < len(chunk):
            m = _TOKEN.match(chunk, pos)
            if m is None:
                rest = chunk[pos:]
                bad = re.match(r"\d{1,2}|.", rest).group(0)
                raise _fail(bad if not rest[:1].isdigit() else rest, text)
            key = m.group(0)
            out.append(_BY_NAME[key] if key in _BY_NAME else _BY_PIPS[key])
            pos = m.end()
    return out


def parse_cards(text: str) -> np.ndarray:
    """Count vector (``int8[21]``) of the cards in ``text``; more than 4 of a type is refused.

    >>> parse_cards("天 天 红九")[[TIAN, HONGJIU]].tolist()
    [2, 1]
    """
    counts = np.zeros(N_TYPES, dtype=np.int8)
    for k in parse_list(text):
        counts[k] += 1
        if counts[k] > COPIES:
            raise NotationError(f"{text!r} has more than {COPIES} of {NAMES[k]}; the deck has {COPIES}")
    return counts


def cards_of(counts: Iterable[int]) -> list[int]:
    """The types of a count vector, one entry per card, in type order."""
    return [k for k, c in enumerate(counts) for _ in range(int(c))]


def format_cards(counts: Iterable[int], *, ascii: bool = False) -> str:
    """The cards of a count vector by name (or pip code with ``ascii``), in type order."""
    return " ".join(format_type(k, ascii=ascii) for k in cards_of(counts))


def format_type(k: int, *, ascii: bool = False) -> str:
    """The name (or pip code) of type ``k``."""
    a, b = PIPS[k]
    return f"{a}{b}" if ascii else NAMES[k]


def full_deck() -> np.ndarray:
    """The 84 cards as type numbers, four of each, in type order."""
    return np.repeat(np.arange(N_TYPES, dtype=np.int8), COPIES)
