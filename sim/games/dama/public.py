"""Documented functions of 打马 for users: a throw's relation to a 本采, the 夹 move, the
horses a throw enters (the dice notation itself is :func:`sim.games.dama.throws.classify`).

>>> bencai_relation("4-4-4", "6-4-2"), jia_move("6-1-6"), entry_count(classify("4-4-4").index, 1, 0)
('傍', 1, 10)
"""

from __future__ import annotations

from collections.abc import Sequence

from sim.games.dama.throws import ENTRY, JIA_MOVE, Throw, classify


def bencai_relation(throw: str | Sequence[int] | Throw, bencai: str | Sequence[int] | Throw) -> str | None:
    """``"真"`` when ``throw`` is the 本采 itself, ``"傍"`` for another throw of the same total.

    >>> bencai_relation("3-3-1", "3-3-1"), bencai_relation("3-2-2", "3-3-1"), bencai_relation("6-6-6", "3-3-1")
    ('真', '傍', None)
    """
    t, b = classify(throw), classify(bencai)
    if t.index == b.index:
        return "真"
    return "傍" if t.total == b.total else None


def jia_move(dice: str | Sequence[int] | Throw) -> int | None:
    """How far a horse in a 夹 moves on this throw: the odd die of a pair, the face of a
    triple, ``None`` (it stays) for three different dice.

    >>> jia_move("6-1-6"), jia_move("1-6-1"), jia_move("5-5-5"), jia_move("6-5-4")
    (1, 6, 5, None)
    """
    move = int(JIA_MOVE[classify(dice).index])
    return move or None


def entry_count(index: int, relation: int, table: int) -> int:
    """Horses entered (and 帖 earned) by throw ``index`` for a player with this 本采 relation.

    ``relation``: 0 none, 1 傍, 2 真; ``table``: 0 ``seed`` (base + 2 for 傍, + 3 for 真),
    1 ``prototype`` (plain 1, 傍 2, 真 3), 2 ``one`` (one horse for any throw but a 罚).
    """
    return int(ENTRY[table, index, relation])
