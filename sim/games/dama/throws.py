"""打马 dice: the 56 throws (色样) of three dice, their names, classes and totals.

This module plays the part a ``cards.py`` plays in the card games: the encoding and the
notation. A throw is the unordered result of three six-sided dice; the 56 of them are
numbered 0–55 in the order of the throw table of ``docs/rules/dama.md`` (the published
map of all 56 throw names, checked against the JS 打马 prototype's 采色图): 11 赏 (bonus), 43 杂 (plain) and 2 罚 (penalty) throws.

Dice are written as three digits in any order, separated by ``-``, spaces or nothing:

>>> classify("6-6-6").name, classify("6-6-6").kind, classify("6-6-6").total
('碧油', '赏', 18)
>>> classify((1, 2, 3)).name, classify("213").kind
('小浮图', '罚')
>>> classify("5-5-3").name
'皂鹤'
>>> classify("7-1-1")
Traceback (most recent call last):
...
sim.games.dama.throws.DiceError: cannot read dice '7-1-1': a die shows 1 to 6 (e.g. '6-6-5')
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence

import numpy as np
from numba import njit

from sim.errors import PaijuError
from sim.rng import below

KIND_PLAIN, KIND_BONUS, KIND_PENALTY = 0, 1, 2
KIND_NAMES = ("杂", "赏", "罚")

# (dice high→low, name, class) in the order of the throw table
TABLE: tuple[tuple[tuple[int, int, int], str, int], ...] = (
    ((6, 6, 6), "碧油", 1), ((6, 6, 5), "黑十七", 1), ((5, 5, 5), "桃花重五", 1),
    ((6, 5, 4), "马军", 1), ((4, 4, 4), "堂印", 1), ((6, 3, 2), "靴楦", 1),
    ((5, 4, 1), "银十", 1), ((6, 3, 1), "撮十", 1), ((3, 3, 3), "雁行儿", 1),
    ((2, 2, 2), "拍板儿", 1), ((1, 1, 1), "满盆星", 1),
    ((6, 5, 5), "黑牛", 0), ((6, 6, 4), "赤牛", 0), ((6, 6, 3), "驴嘴", 0),
    ((5, 5, 4), "正台", 0), ((6, 4, 4), "大开门", 0), ((6, 5, 3), "角搜", 0),
    ((6, 6, 2), "筳策", 0), ((5, 4, 4), "八五", 0), ((5, 5, 3), "皂鹤", 0),
    ((6, 4, 3), "野鸡顶", 0), ((6, 5, 2), "暮宿", 0), ((6, 6, 1), "大枪", 0),
    ((5, 4, 3), "花盖", 0), ((5, 5, 2), "丫角儿", 0), ((6, 3, 3), "条巾", 0),
    ((6, 4, 2), "赤十二", 0), ((6, 5, 1), "腰曲缨", 0), ((4, 4, 3), "红鹤", 0),
    ((5, 3, 3), "饯(食+达)儿", 0), ((5, 4, 2), "九二", 0), ((5, 5, 1), "小枪", 0),
    ((6, 4, 1), "急火钻", 0), ((4, 3, 3), "蛾眉", 0), ((4, 4, 2), "平头", 0),
    ((5, 3, 2), "胡十", 0), ((6, 2, 2), "夹十", 0), ((4, 3, 2), "妹九", 0),
    ((4, 4, 1), "丁九", 0), ((5, 2, 2), "夹九", 0), ((5, 3, 1), "撮九", 0),
    ((6, 2, 1), "扔九", 0), ((3, 3, 2), "雁八", 0), ((4, 2, 2), "夹八", 0),
    ((4, 3, 1), "撮八", 0), ((5, 2, 1), "扔八", 0), ((6, 1, 1), "大肚", 0),
    ((3, 2, 2), "夹七", 0), ((3, 3, 1), "川七", 0), ((4, 2, 1), "扔七", 0),
    ((5, 1, 1), "白七", 0), ((4, 1, 1), "火筒儿", 0), ((2, 2, 1), "小嘴", 0),
    ((3, 1, 1), "葫芦头", 0), ((3, 2, 1), "小浮图", 2), ((2, 1, 1), "小娘子", 2),
)
N_THROWS = len(TABLE)  # 56
NAMES = tuple(name for _, name, _ in TABLE)
DICE = np.array([d for d, _, _ in TABLE], dtype=np.int64)  # [56, 3], high → low
KIND = np.array([k for _, _, k in TABLE], dtype=np.int64)
TOTAL = DICE.sum(axis=1)
WAYS = np.array([6 if len(set(d)) == 3 else (1 if len(set(d)) == 1 else 3) for d, _, _ in TABLE],
                dtype=np.int64)  # ordered outcomes of 216 giving the throw

# 赏 throws enter (and earn) this many horses; the other 赏 throws 2 (entering table)
_BONUS_VALUE = {"堂印": 8, "碧油": 6, "桃花重五": 5, "雁行儿": 4, "拍板儿": 4, "满盆星": 4}
BONUS_VALUE = np.array([_BONUS_VALUE.get(n, 2) if k == KIND_BONUS else 0 for _, n, k in TABLE],
                       dtype=np.int64)
# the 赏 throws the 《图经》 names for leaving 飞龙院 (堂印 碧油 雁行儿 拍板儿 满盆星)
LISTED_FEILONG = np.array([n in ("堂印", "碧油", "雁行儿", "拍板儿", "满盆星") for n in NAMES])


def _lookup() -> np.ndarray:
    out = np.full((7, 7, 7), -1, dtype=np.int64)
    for i, (d, _, _) in enumerate(TABLE):
        for a, b, c in {(d[0], d[1], d[2]), (d[0], d[2], d[1]), (d[1], d[0], d[2]),
                        (d[1], d[2], d[0]), (d[2], d[0], d[1]), (d[2], d[1], d[0])}:
            out[a, b, c] = i
    return out


THROW_OF = _lookup()  # THROW_OF[a, b, c] = throw index of dice a, b, c (any order)


def _jia_table() -> np.ndarray:
    out = np.zeros(N_THROWS, dtype=np.int64)
    for i, (d, _, _) in enumerate(TABLE):
        if d[0] == d[1] == d[2]:
            out[i] = d[0]
        elif d[0] == d[1]:
            out[i] = d[2]
        elif d[1] == d[2]:
            out[i] = d[0]
    return out


JIA_MOVE = _jia_table()  # how far a horse in a 夹 moves on each throw (0: it stays)


class DiceError(PaijuError, ValueError):
    """Dice that cannot be read."""


@dataclasses.dataclass(frozen=True)
class Throw:
    """One of the 56 throws."""

    index: int
    dice: tuple[int, int, int]  # high → low
    name: str
    kind: str  # "赏", "罚" or "杂"
    total: int

    def __str__(self) -> str:
        return f"{self.name} {'-'.join(map(str, self.dice))} ({self.kind} {self.total})"


def parse_dice(dice: str | Sequence[int] | Throw) -> tuple[int, int, int]:
    """Three dice from a string like ``"6-6-5"`` / ``"665"`` or a sequence of three ints."""
    if isinstance(dice, Throw):
        return dice.dice
    if isinstance(dice, str):
        parts = [p for p in re.split(r"[-\s,，、]+", dice.strip()) if p]
        if len(parts) == 1 and len(parts[0]) == 3:
            parts = list(parts[0])
        try:
            values = [int(p) for p in parts]
        except ValueError:
            raise DiceError(f"cannot read dice {dice!r}: write three digits 1-6, e.g. '6-6-5'") from None
    else:
        try:
            values = [int(v) for v in dice]
        except (TypeError, ValueError):
            raise DiceError(f"cannot read dice {dice!r}: give three ints 1-6, e.g. (6, 6, 5)") from None
    if len(values) != 3:
        raise DiceError(f"cannot read dice {dice!r}: 打马 uses three dice (e.g. '6-6-5')")
    if not all(1 <= v <= 6 for v in values):
        raise DiceError(f"cannot read dice {dice!r}: a die shows 1 to 6 (e.g. '6-6-5')")
    a, b, c = sorted(values, reverse=True)
    return a, b, c


def throw_at(index: int) -> Throw:
    """The throw with table index ``index`` (0–55)."""
    d = tuple(int(x) for x in DICE[index])
    return Throw(int(index), d, NAMES[index], KIND_NAMES[int(KIND[index])], int(TOTAL[index]))


def classify(dice: str | Sequence[int] | Throw) -> Throw:
    """The throw of three dice: its ``.name``, ``.kind`` (赏/罚/杂) and ``.total``.

    >>> t = classify("4-4-4")
    >>> t.name, t.kind, t.total
    ('堂印', '赏', 12)
    >>> classify([3, 2, 2]).name
    '夹七'
    """
    a, b, c = parse_dice(dice)
    return throw_at(int(THROW_OF[a, b, c]))


def _entry_tables() -> np.ndarray:
    out = np.zeros((3, N_THROWS, 3), dtype=np.int64)
    for i in range(N_THROWS):
        base = int(BONUS_VALUE[i]) if KIND[i] == KIND_BONUS else (1 if KIND[i] == KIND_PLAIN else 0)
        out[0, i] = (base, base + 2, base + 3)
        if KIND[i] == KIND_BONUS:
            out[1, i] = (base, base + 2, base + 3)
        else:
            out[1, i] = (base, 2, 3)
        one = 0 if KIND[i] == KIND_PENALTY else 1
        out[2, i] = (one, one, one)
    return out


ENTRY = _entry_tables()  # ENTRY[table, throw, relation]


@njit(cache=True)
def relation(t: int, b: int) -> int:
    """0 none, 1 傍 (same total), 2 真 (the same throw) of throw ``t`` to 本采 ``b``."""
    if b < 0:
        return 0
    if t == b:
        return 2
    return 1 if TOTAL[t] == TOTAL[b] else 0


@njit(cache=True)
def roll(rng: np.ndarray) -> int:
    """Throw three dice from the game's dice stream; the throw's index."""
    a = below(rng, 6) + 1
    b = below(rng, 6) + 1
    c = below(rng, 6) + 1
    return THROW_OF[a, b, c]
