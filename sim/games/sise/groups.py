"""A game's group table as data: which card sets form a group and what each is worth.

A :class:`GroupTable` lists every group a concealed hand may be split into (up to four
cards each), with its value in hand, its value when it holds a claimed card, a *tag* (a
bit number, or -1) that the exact evaluator ORs into a mask so that a game can add
partition-dependent bonuses, and a class code for naming. Kinds listed in ``free`` may
stay outside every group (广水's single 将), worth ``free_value`` each, ``free_cap`` in all.

>>> t = guangshui_table()
>>> t.size, t.name_of(t.find([0, 1, 2]))
(93, '圆')
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

import numpy as np

from sim.games.sise.cards import (CHE, JIANG, MA, N_COLOURS, N_KINDS, N_RANKS, PAO, SHI, XIANG, ZU,
                                  is_fat, kind_of)

MAX_GROUP = 4
FORBIDDEN = -10_000  # the value of a group a rule switches off: any partition using it is refused
# class codes used by the 四色 games (a game may add its own)
C_YUAN, C_DUI, C_ZI, C_NAO = 0, 1, 2, 3
CLASS_NAMES = ("圆", "对", "子", "闹")


@dataclasses.dataclass(frozen=True)
class GroupTable:
    """Groups sorted by their lowest kind, as the arrays the compiled evaluator reads."""

    cards: np.ndarray  # [G, 4] kinds, -1 padded, ascending
    n: np.ndarray  # [G] cards per group
    value: np.ndarray  # [G] 付 in hand
    claim: np.ndarray  # [G] 付 when the group holds a claimed card
    tag: np.ndarray  # [G] bit number or -1
    cls: np.ndarray  # [G] class code
    off: np.ndarray  # [N_KINDS + 1] groups whose lowest kind is k are off[k] .. off[k+1]-1
    free: np.ndarray  # [N_KINDS] value of an ungrouped copy, -1 if the kind may not stay ungrouped
    kmask: np.ndarray  # [G] OR of 1 << kind over the group's cards
    free_cap: int  # total value of ungrouped cards at most
    class_names: tuple[str, ...] = CLASS_NAMES

    @property
    def size(self) -> int:
        """The number of groups."""
        return int(self.n.shape[0])

    def find(self, kinds: Sequence[int]) -> int:
        """The index of the group made of exactly these kinds, or -1."""
        key = sorted(int(k) for k in kinds)
        for g in range(self.size):
            if [int(x) for x in self.cards[g, : self.n[g]]] == key:
                return g
        return -1

    def name_of(self, g: int) -> str:
        """The class name of group ``g``."""
        return self.class_names[int(self.cls[g])]


def build_table(groups: Sequence[tuple[Sequence[int], int, int, int, int]], *,
                free: Sequence[int] = (), free_value: int = 0, free_cap: int = 0,
                class_names: tuple[str, ...] = CLASS_NAMES) -> GroupTable:
    """A table from ``(kinds, value, claimed value, tag, class)`` rows (any order)."""
    rows = sorted(((sorted(k), v, c, t, cl) for k, v, c, t, cl in groups),
                  key=lambda r: (r[0][0], r[0]))
    g = len(rows)
    cards = np.full((g, MAX_GROUP), -1, dtype=np.int64)
    n = np.zeros(g, dtype=np.int64)
    arrs = [np.zeros(g, dtype=np.int64) for _ in range(4)]
    for i, (kinds, v, c, t, cl) in enumerate(rows):
        if not 1 <= len(kinds) <= MAX_GROUP:
            raise ValueError(f"a group has 1 to {MAX_GROUP} cards, not {len(kinds)}")
        cards[i, : len(kinds)] = kinds
        n[i] = len(kinds)
        for a, x in zip(arrs, (v, c, t, cl)):
            a[i] = x
    off = np.zeros(N_KINDS + 1, dtype=np.int64)
    for k in range(N_KINDS + 1):
        off[k] = sum(1 for r in rows if r[0][0] < k)
    fr = np.full(N_KINDS, -1, dtype=np.int64)
    fr[list(free)] = free_value
    kmask = np.zeros(g, dtype=np.int64)
    for i, (kinds, *_r) in enumerate(rows):
        for k in kinds:
            kmask[i] |= np.int64(1) << np.int64(k)
    return GroupTable(cards, n, arrs[0], arrs[1], arrs[2], arrs[3], off, fr, kmask, free_cap,
                      class_names)


def guangshui_table(*, zu_pairs: bool = True) -> GroupTable:
    """广水's concealed groups: 圆 (1), 对 (0), 子 (素 3 / 肥 6), 闹 (9 / 18); single 将 free.

    A claimed card turns a 子 into a 步 (碰: 1 / 2) and a 闹 into a 楼 (发子: 6 / 12). The
    tag of a 子 or 闹 is its kind, so the evaluator reports which kinds are held as three
    or more identical cards (what 车, 清 and 天地 need).
    """
    rows = []
    for c in range(N_COLOURS):
        rows.append(([kind_of(c, JIANG), kind_of(c, SHI), kind_of(c, XIANG)], 1, 1, -1, C_YUAN))
        rows.append(([kind_of(c, CHE), kind_of(c, MA), kind_of(c, PAO)], 1, 1, -1, C_YUAN))
    zus = [kind_of(c, ZU) for c in range(N_COLOURS)]
    for skip in range(N_COLOURS):
        rows.append(([z for i, z in enumerate(zus) if i != skip], 1, 1, -1, C_YUAN))
    rows.append((zus, 1, 1, -1, C_YUAN))
    for k in range(N_KINDS):
        fat = is_fat(k)
        r = k % N_RANKS
        if r != JIANG:  # a forbidden 卒 pair keeps its row (same group numbers) but cannot score
            pair = 0 if r != ZU or zu_pairs else FORBIDDEN
            rows.append(([k, k], pair, pair, -1, C_DUI))
        rows.append(([k] * 3, 6 if fat else 3, 2 if fat else 1, k, C_ZI))
        rows.append(([k] * 4, 18 if fat else 9, 12 if fat else 6, k, C_NAO))
    return build_table(rows, free=[kind_of(c, JIANG) for c in range(N_COLOURS)], free_value=1,
                       free_cap=3)

