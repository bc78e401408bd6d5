"""The public 广水 helpers: the 付 of one group, of a whole hand, the requirement, the win test.

Cards use the notation of :mod:`sim.games.sise.cards` (``黄将 红车 白卒 绿炮`` or ASCII).

>>> group_fu("红车 红车 红车", formed="碰")
2
>>> group_fu("白马 白马 白马")
3
>>> r = hand_fu("黄将 黄士 黄相 红车 红车 红车")
>>> r.total, r.items
(7, [('圆', 1), ('肥子', 6)])
>>> required_fu("一牌", 0), required_fu("一牌", 1), required_fu("一牌", 2), required_fu("小甲", 3)
(48, 23, None, 31)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from functools import lru_cache

import numpy as np

from sim.errors import PaijuError
from sim.games.sise.cards import (CHE, COLOURS, COPIES, JIANG, N_KINDS, N_RANKS, ZU, NotationError,
                                  kind_name, parse_cards, parse_counts)
from sim.games.sise.evaluate import best_partition, pareto
from sim.games.sise.groups import (C_DUI, C_NAO, C_YUAN, C_ZI, FORBIDDEN, GroupTable,
                                   guangshui_table)
from sim.games.sise.guangshui import scoring as S
from sim.games.sise.guangshui.rules import GuangshuiRules, rules_vector
from sim.games.validate import check_counts, counts_of

NAMES = COLOURS["guangshui"]
FORMED = ("hand", "吃", "碰", "发子", "占")
LEVEL_NAMES = {1: "一牌", 2: "两牌", 3: "三牌", 4: "四牌", S.XIAOJIA: "小甲", S.DAJIA: "大甲"}
_DIGITS = "一两三四五六七八九十"
_MELD_TYPES = {"碰": S.M_PENG, "发子": S.M_LOU, "楼": S.M_LOU, "吃": S.M_CHI, "占": S.M_ZHAN,
               "嗲": S.M_ZHAN, "将": S.M_JIANG}


@lru_cache(maxsize=4)
def table_for(zu_pairs: bool) -> GroupTable:
    """The group table of the rules (cached)."""
    return guangshui_table(zu_pairs=zu_pairs)


def level_name(level: int) -> str:
    """一牌, 两牌, …, 小甲 (5), …, 大甲 (10), …"""
    if level in LEVEL_NAMES:
        return LEVEL_NAMES[level]
    if level <= 10:
        return _DIGITS[level - 1] + "牌"
    return f"{level}牌"


def _name(kind: int) -> str:
    return kind_name(kind, NAMES)


def _fat(kind: int) -> bool:
    return kind % N_RANKS in (JIANG, CHE, ZU)


def group_fu(cards: str, *, formed: str = "hand", rules: GuangshuiRules | None = None) -> int:
    """The 付 of one group; ``formed`` is how it came together (hand, 吃, 碰, 发子, 占).

    >>> group_fu("黄将"), group_fu("绿卒 白卒 红卒", formed="吃"), group_fu("黄将 黄将 黄将 黄将")
    (1, 1, 18)
    >>> group_fu("黄将 黄将")  # a 对
    0
    >>> group_fu("红车 红马")
    Traceback (most recent call last):
    ...
    sim.errors.PaijuError: 红车 红马 is no 广水 group (a group is a 圆, a 对, three or four identical cards, or a single 将)
    """
    if formed not in FORMED:
        raise PaijuError(f"formed={formed!r} is not known; give one of {', '.join(FORMED)}")
    kinds = sorted(parse_cards(cards, NAMES))
    check_counts(COPIES, counts_of(kinds, N_KINDS), name=_name, what="the group's cards")
    r = rules or GuangshuiRules()
    table = table_for(r.zu_pairs)
    text = " ".join(kind_name(k, NAMES) for k in kinds)
    if len(kinds) == 1 and kinds[0] % N_RANKS == JIANG and formed == "hand":
        return 1
    if len(kinds) == 2 and kinds[0] == kinds[1] and kinds[0] % N_RANKS == JIANG:
        if formed != "hand":  # a 将 is never discarded, so never 占'd
            raise PaijuError(f"{text} cannot be formed by {formed}; a 对 of 将 is only held in hand")
        return 0  # a 对: two identical cards, 0 付 (paiju's reading); in a whole hand two 将 count better as singles
    g = table.find(kinds)
    if g < 0:
        raise PaijuError(f"{text} is no 广水 group (a group is a 圆, a 对, three or four identical "
                         "cards, or a single 将)")
    if int(table.value[g]) == FORBIDDEN:
        raise PaijuError(f"{text} is no group under these rules (zu_pairs=false: no 卒 pairs)")
    cls = int(table.cls[g])
    allowed = {C_YUAN: ("hand", "吃"), C_DUI: ("hand", "占"), C_ZI: ("hand", "碰"),
               C_NAO: ("hand", "发子")}[cls]
    if formed not in allowed:
        raise PaijuError(f"{text} cannot be formed by {formed}; a {table.name_of(g)} comes "
                         f"together by {' or '.join(allowed)}")
    return int(table.claim[g] if formed != "hand" else table.value[g])


def parse_melds(melds: Sequence[str], table: GroupTable) -> tuple[np.ndarray, np.ndarray, int]:
    """Table groups like ``"碰 红车"`` or ``"吃 黄将黄士黄相"`` as meld arrays (type, value)."""
    if isinstance(melds, str):
        melds = [melds]
    if len(melds) > 31:
        raise NotationError(f"{len(melds)} table groups are more than a hand of 31 cards can lay")
    mt = np.zeros(32, dtype=np.int64)
    mv = np.zeros(32, dtype=np.int64)
    for j, text in enumerate(melds):
        word, _, rest = str(text).strip().partition(" ")
        if word not in _MELD_TYPES:
            raise NotationError(f"cannot read table group {text!r}; start it with 碰, 发子, 吃, 占 "
                                "or 将, e.g. '碰 红车'")
        t = _MELD_TYPES[word]
        kinds = parse_cards(rest, NAMES)
        if t == S.M_CHI:
            g = table.find(kinds)
            if g < 0 or int(table.cls[g]) != C_YUAN:
                raise NotationError(f"table group {text!r}: a 吃 makes a 圆 (same-colour 将士相 or "
                                    "车马炮, or 卒 of three or four colours)")
            mv[j] = g
        else:
            full = {S.M_PENG: 3, S.M_LOU: 4, S.M_ZHAN: 2, S.M_JIANG: 1}[t]
            if len(set(kinds)) != 1 or len(kinds) not in (1, full):
                raise NotationError(f"table group {text!r}: name one card (or all of them), "
                                    f"e.g. '{word} 红车'")
            if t == S.M_JIANG and kinds[0] % N_RANKS != JIANG:
                raise NotationError(f"table group {text!r}: only a 将 is laid out alone")
            mv[j] = kinds[0]
        mt[j] = t
    return mt, mv, len(melds)


@dataclasses.dataclass(frozen=True)
class HandFu:
    """A complete hand's count: the most 付 of any partition, its items, and its best level."""

    total: int
    items: list[tuple[str, int]]
    level: int  # 牌 (0: no win)
    lou: int
    listed: bool  # the level comes from a hand that wins without counting

    @property
    def level_name(self) -> str:
        """The level in words (一牌, 小甲, …), or '' when the hand does not win."""
        return level_name(self.level) if self.level else ""


def _score(hand: str, melds: Sequence[str], rules: GuangshuiRules | None):
    r = rules or GuangshuiRules()
    table = table_for(r.zu_pairs)
    counts = parse_counts(hand, NAMES).astype(np.int64)
    mt, mv, nm = parse_melds(melds, table)
    allc = np.zeros(N_KINDS, dtype=np.int64)
    S.table_cards(np.zeros(N_KINDS, dtype=np.int64), mt, mv, nm, table.cards, table.n, allc)
    check_counts(COPIES, counts, allc, name=_name, what="the hand and its table groups together")
    out = np.zeros(S.N_OUT, dtype=np.int64)
    items = np.full(S.MAX_ITEMS + 1, -1, dtype=np.int64)
    S.score(counts, mt, mv, nm, rules_vector(r), table.cards, table.n, table.value, table.tag,
            table.off, table.free, table.kmask, out, items)
    return r, table, counts, mt, mv, nm, out


def bonus_name(code: int) -> tuple[str, int]:
    """The seed's name and value of a bonus item code."""
    kind, d = divmod(int(code), S.ITEM_BASE)
    chu = ("不出", "一出", "两出", "三出", "四出")
    if kind == S.B_SU_CHE:
        return "素车" + ("全踏" if d == 3 else chu[d]), S.SU_CHE[d]
    if kind == S.B_FEI_CHE:
        return "肥车" + ("全踏" if d == 3 else chu[d]), S.FEI_CHE[d]
    if kind == S.B_CHANG_CHE:
        return "长车" + ("全踏" if d == 4 else chu[d]), S.CHANG_CHE[d]
    if kind == S.B_QING:
        return ("三清" if d == 3 else "四清"), 20 if d == 3 else 40
    if kind == S.B_TIANDI:
        return "天地", 20
    return _DIGITS[d - 1] + "步", S.BU_VALUES[d]


def hand_fu(hand: str, melds: Sequence[str] = (), *, rules: GuangshuiRules | None = None
            ) -> HandFu | None:
    """The count of a hand (concealed ``hand`` plus table ``melds``), or ``None`` with 闲牌.

    >>> r = hand_fu("黄将 黄将 黄士 黄士 黄相 黄相")
    >>> r.total, r.items
    (12, [('圆', 1), ('圆', 1), ('素车不出', 10)])
    >>> hand_fu("红马 白马") is None
    True
    """
    r, table, counts, mt, mv, nm, out = _score(hand, melds, rules)
    if out[S.O_FU] < 0:
        return None
    return HandFu(total=int(out[S.O_FU]), items=_items(r, table, counts, mt, mv, nm),
                  level=int(out[S.O_LEVEL]), lou=int(out[S.O_LOU]), listed=bool(out[S.O_LISTED]))


def _items(r, table, counts, mt, mv, nm) -> list[tuple[str, int]]:
    """The groups and bonuses of the partition with the most 付, in the seed's words."""
    allc = np.zeros(N_KINDS, dtype=np.int64)
    S.table_cards(counts, mt, mv, nm, table.cards, table.n, allc)
    t_mask, n_peng, laid = 0, 0, 0
    for j in range(nm):
        if mt[j] in (S.M_PENG, S.M_LOU):
            t_mask |= 1 << int(mv[j])
            n_peng += int(mt[j] == S.M_PENG)
        laid += int(mt[j] == S.M_JIANG)
    items = np.zeros(S.MAX_ITEMS, dtype=np.int64)
    feat = np.zeros(S.N_FEAT, dtype=np.int64)
    chek = np.zeros(16, dtype=np.int64)
    S.bonus(np.int64(0), allc, 0, items, feat, chek)
    che = [int(chek[j]) for j in range(1, int(chek[0]) + 1)] if r.che_mode == "replaces" else []

    def inside(km: int) -> bool:
        return any(km & ~c == 0 for c in che)

    cap = max(0, 3 - laid)
    best = None
    for mask, val in pareto(counts, table, cap_left=cap).items():
        b, ni = S.bonus(np.int64(mask | t_mask), allc, n_peng, items, feat, chek)
        if best is None or val + b > best[0]:
            best = (val + b, mask, [int(x) for x in items[:ni]])
    _, mask, bonus_codes = best
    _, groups, free = best_partition(counts, table, mask, cap_left=cap)
    out = []
    for g in groups:
        cls, k = int(table.cls[g]), int(table.cards[g, 0])
        name = {C_YUAN: "圆", C_DUI: "对", C_ZI: "子", C_NAO: "闹"}[cls]
        if cls in (C_ZI, C_NAO):
            name = ("肥" if _fat(k) else "素") + name
        out.append((name, 0 if inside(int(table.kmask[g])) else int(table.value[g])))
    singles = 0
    for j in range(nm):
        t, v = int(mt[j]), int(mv[j])
        if t == S.M_JIANG:
            free.append(v)
            continue
        if t == S.M_CHI:
            km, name, fu = int(table.kmask[v]), "圆", 1
        else:
            km = 1 << v
            name = {S.M_PENG: "步", S.M_LOU: "楼", S.M_ZHAN: "对"}[t]
            fu = {S.M_PENG: 2 if _fat(v) else 1, S.M_LOU: 12 if _fat(v) else 6, S.M_ZHAN: 0}[t]
            if t != S.M_ZHAN:
                name = ("肥" if _fat(v) else "素") + name
        out.append((name, 0 if inside(km) else fu))
    for k in sorted(free):
        worth = 0 if inside(1 << k) or singles >= 3 else 1
        singles += worth
        out.append(("将", worth))
    out += [bonus_name(c) for c in bonus_codes]
    return out


def _level(level: str | int) -> int:
    if isinstance(level, (int, np.integer)) and not isinstance(level, bool):
        if level < 1:
            raise PaijuError(f"level {level} is not a level; give 1 or more 牌, 一牌, 小甲 or 大甲")
        return int(level)
    for lv in range(1, S.MAX_LEVEL + 1):
        if level == level_name(lv):
            return lv
    raise PaijuError(f"level {level!r} is not known; give 一牌, 两牌, …, 小甲, 大甲 or a number of 牌")


def required_fu(level: str | int, lou: int, *, rules: GuangshuiRules | None = None) -> int | None:
    """The 付 a hand with ``lou`` 楼 needs for ``level``; ``None`` when it wins without counting.

    >>> required_fu("大甲", 1), required_fu(2, 1), required_fu("一牌", 0, rules=GuangshuiRules(min_fu=50))
    (248, 50, 50)
    """
    r = rules or GuangshuiRules()
    if not isinstance(lou, (int, np.integer)) or lou < 0:
        raise PaijuError(f"lou={lou!r}: give the number of 楼 as 0 or more")
    need = int(S.requirement(_level(level), int(lou), rules_vector(r)))
    return None if need == 0 else need


def can_win(hand: str, melds: Sequence[str] = (), *, rules: GuangshuiRules | None = None) -> bool:
    """Whether these 31 cards win: no 闲牌 and the requirement met (or a hand listed as a win).

    >>> can_win("黄将 黄士 黄相")
    False
    """
    r, table, counts, mt, mv, nm, out = _score(hand, melds, rules)
    allc = np.zeros(N_KINDS, dtype=np.int64)
    S.table_cards(counts, mt, mv, nm, table.cards, table.n, allc)
    return int(allc.sum()) == 31 and int(out[S.O_LEVEL]) > 0

