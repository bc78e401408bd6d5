"""The compiled evaluator against a slow, independent search on thousands of random hands.

The oracle is written from docs/rules/zipai.md alone: its groups (门子) and 胡息 are the rules
page's table, not the engine's. It enumerates every way to split the concealed cards into
groups (any group first, memoised), so it shares nothing with the compiled lowest-card search
or its quick rejections (loose-card test, 胡息 upper bound). The engine's meld codes and group
numbers are used only to hand a case to the compiled evaluator.
"""

from __future__ import annotations

import random
from functools import lru_cache

import numpy as np
import pytest

from sim.games.zipai import melds as engine_melds
from sim.games.zipai.melds import M_CHI, M_CHOUWEI, M_PAO, M_PENG, M_TI, M_WEI
from sim.games.zipai.scoring import WORK_SIZE, best_win_kernel

# Cards: 0-9 are the small 一…十, 10-19 the big 壹…拾 (rank = index % 10 + 1).
BIG = 10


def _rules_page_groups() -> list[tuple[tuple[int, ...], int]]:
    """The 吃-type groups of the rules page with their 胡息: 一句话 (three consecutive ranks of
    one size; 一二三 3, 壹贰叁 6, the others 0), 二七十 (3 / 6) and 绞 (0)."""
    out = []
    for size in (0, BIG):
        for low in range(1, 9):
            cards = tuple(size + r - 1 for r in (low, low + 1, low + 2))
            out.append((cards, (6 if size else 3) if low == 1 else 0))
        out.append((tuple(size + r - 1 for r in (2, 7, 10)), 6 if size else 3))
    for r in range(10):
        out.append(((r, r, r + BIG), 0))
        out.append(((r, r + BIG, r + BIG), 0))
    return out


RULE_GROUPS = _rules_page_groups()
_GROUP_LIST = [cards for cards, _ in RULE_GROUPS]
_GROUP_HUXI = [huxi for _, huxi in RULE_GROUPS]
# 胡息 of the same-card melds on the rules page: (small, big)
_SAME_HUXI = {M_TI: (9, 12), M_PAO: (6, 9), M_WEI: (3, 6), M_CHOUWEI: (3, 6), M_PENG: (1, 3)}
KAN_HUXI = (3, 6)
TI_HUXI = _SAME_HUXI[M_TI]


def meld_huxi(kind: int, value: int) -> int:
    """The 胡息 of a table meld; a 吃's value is its number in ``RULE_GROUPS``."""
    if kind == M_CHI:
        return _GROUP_HUXI[value]
    return _SAME_HUXI[kind][value >= BIG]


def _engine_group_numbers() -> dict[int, int]:
    """Our group number -> the engine's, matched by the cards (only to encode a 吃 meld)."""
    engine = {tuple(sorted(int(x) for x in engine_melds.GROUPS[g])): g
              for g in range(engine_melds.N_GROUPS)}
    return {i: engine[tuple(sorted(cards))] for i, cards in enumerate(_GROUP_LIST)}


def test_the_engine_knows_the_rules_page_groups_and_their_huxi() -> None:
    engine = {tuple(sorted(int(x) for x in engine_melds.GROUPS[g])): int(engine_melds.GROUP_HUXI[g])
              for g in range(engine_melds.N_GROUPS)}
    assert engine == {tuple(sorted(cards)): huxi for cards, huxi in RULE_GROUPS}
    for kind, (small, big) in _SAME_HUXI.items():
        assert (engine_melds.meld_huxi(kind, 0), engine_melds.meld_huxi(kind, BIG)) == (small, big)


@lru_cache(maxsize=None)
def _cover(counts: tuple[int, ...], need_pair: bool) -> int:
    if sum(counts) == 0:
        return -1 if need_pair else 0
    best = -1
    c = list(counts)
    for g, cards in enumerate(_GROUP_LIST):
        for k in cards:
            c[k] -= 1
        if min(c) >= 0:
            v = _cover(tuple(c), need_pair)
            if v >= 0:
                best = max(best, v + _GROUP_HUXI[g])
        for k in cards:
            c[k] += 1
    if need_pair:
        for k in range(20):
            if c[k] >= 2:
                c[k] -= 2
                v = _cover(tuple(c), False)
                c[k] += 2
                best = max(best, v)
    return best


def _concealed(hand: list[int], extra: int | None, quads: int, groups: int) -> int:
    huxi = 0
    free = [0] * 20
    for k in range(20):
        c = hand[k]
        if c >= 3:
            huxi += (TI_HUXI if c == 4 else KAN_HUXI)[k >= BIG]
            quads += c == 4
            groups += 1
        else:
            free[k] = c
    if extra is not None:
        free[extra] += 1
    n = sum(free)
    need_pair = quads > 0
    if n % 3 != (2 if need_pair else 0) or groups + (n + (1 if need_pair else 0)) // 3 != 7:
        return -1
    v = _cover(tuple(free), need_pair)
    return -1 if v < 0 else huxi + v


def oracle(hand: list[int], melds: list[tuple[int, int]], card: int, self_drawn: bool) -> int:
    t_huxi = sum(meld_huxi(k, v) for k, v in melds)
    quads = sum(k in (M_TI, M_PAO) for k, v in melds)
    n = len(melds)
    # the player's own draw onto his pair, 坎 or table 偎 is a forced 偎 / 提 first
    if self_drawn and (hand[card] >= 2 or (M_WEI, card) in melds or (M_CHOUWEI, card) in melds):
        return _after_forced_meld(hand, melds, card)
    results = [-1]
    for k, v in melds:
        if v == card and k in (M_WEI, M_CHOUWEI, M_PENG):
            new = M_PAO if (k == M_PENG or not self_drawn) else M_TI
            r = _concealed(hand, None, quads + 1, n)
            if r >= 0:
                results.append(r + t_huxi - meld_huxi(k, v) + meld_huxi(new, v))
    if hand[card] == 3:
        h = hand.copy()
        h[card] = 0
        r = _concealed(h, None, quads + 1, n + 1)
        if r >= 0:
            results.append(r + t_huxi + meld_huxi(M_TI if self_drawn else M_PAO, card))
    if hand[card] == 2:
        h = hand.copy()
        h[card] = 0
        r = _concealed(h, None, quads, n + 1)
        if r >= 0:
            results.append(r + t_huxi + meld_huxi(M_WEI if self_drawn else M_PENG, card))
    r = _concealed(hand, card, quads, n)
    if r >= 0:
        results.append(r + t_huxi)
    return max(results)


def _after_forced_meld(hand: list[int], melds: list[tuple[int, int]], card: int) -> int:
    """Lay the forced 偎 / 提 on the table, then read the hand as it stands (no win card)."""
    h = hand.copy()
    table = list(melds)
    if h[card] >= 2:
        table.append((M_TI if h[card] == 3 else M_WEI, card))
        h[card] = 0
    else:
        j = next(i for i, (k, v) in enumerate(table) if v == card and k in (M_WEI, M_CHOUWEI))
        table[j] = (M_TI, card)
    quads = sum(k in (M_TI, M_PAO) for k, v in table)
    r = _concealed(h, None, quads, len(table))
    return -1 if r < 0 else r + sum(meld_huxi(k, v) for k, v in table)


def _random_case(rng: random.Random) -> tuple[list[int], list[tuple[int, int]], int, bool]:
    """Seven 门子 (table and hand), one card taken out as the win card, sometimes spoiled."""
    while True:
        case = _try_case(rng)
        if case is not None:
            return case


def _try_case(rng: random.Random):
    used = [0] * 20
    hand = [0] * 20
    melds: list[tuple[int, int]] = []
    q = rng.choice([0, 0, 1, 1, 2])
    slots = 7 - (1 if q else 0)

    def take(cards: list[int]) -> bool:
        if any(used[k] + cards.count(k) > 4 for k in set(cards)):
            return False
        for k in cards:
            used[k] += 1
        return True

    made = 0
    while made < slots:
        kind = rng.random()
        if made < q:
            k = rng.randrange(20)
            if take([k] * 4):
                melds.append((rng.choice([M_TI, M_PAO]), k))
                made += 1
        elif kind < 0.25:
            k = rng.randrange(20)
            if take([k] * 3):
                melds.append((rng.choice([M_PENG, M_WEI, M_CHOUWEI]), k))
                made += 1
        elif kind < 0.45:
            g = rng.randrange(len(_GROUP_LIST))
            if take(list(_GROUP_LIST[g])):
                melds.append((M_CHI, g))
                made += 1
        elif kind < 0.55:
            k = rng.randrange(20)
            if take([k] * 3):
                hand[k] += 3
                made += 1
        else:
            g = rng.randrange(len(_GROUP_LIST))
            if take(list(_GROUP_LIST[g])):
                for k in _GROUP_LIST[g]:
                    hand[k] += 1
                made += 1
    if q:
        while True:
            k = rng.randrange(20)
            if take([k, k]):
                hand[k] += 2
                break
    # the win card: a card of the hand, or the 4th card of a table 碰/偎
    if sum(hand) == 0:
        return None
    upg = [v for k, v in melds if k in (M_PENG, M_WEI, M_CHOUWEI) and used[v] < 4]
    if upg and rng.random() < 0.2:
        card = rng.choice(upg)
    else:
        card = rng.choice([k for k in range(20) if hand[k] > 0])
        hand[card] -= 1
    if rng.random() < 0.3:  # spoil: swap one hand card for another kind
        src = rng.choice([k for k in range(20) if hand[k] > 0])
        dst = rng.randrange(20)
        if used[dst] < 4 and dst != card:
            hand[src] -= 1
            hand[dst] += 1
    assert all(hand[k] <= 4 for k in range(20))
    return hand, melds, card, rng.random() < 0.5


@pytest.mark.slow  # exhaustive: `pytest -m slow`
def test_evaluator_matches_an_exhaustive_search() -> None:
    rng = random.Random(20261130)
    work = np.zeros(WORK_SIZE, dtype=np.int16)
    to_engine = _engine_group_numbers()
    wins = 0
    for _ in range(3000):
        hand, melds, card, self_drawn = _random_case(rng)
        h = np.array(hand, dtype=np.int16)
        mk = np.array([k for k, v in melds] or [0], dtype=np.int16)
        mv = np.array([to_engine[v] if k == M_CHI else v for k, v in melds] or [0], dtype=np.int16)
        expect = oracle(hand, melds, card, self_drawn)
        for minimum in (0, 15):
            got = best_win_kernel(h, mk, mv, len(melds), card, self_drawn, minimum, work)
            want = expect if expect >= minimum else -1
            assert got == want, (hand, melds, card, self_drawn, minimum, got, want)
        wins += expect >= 15
    assert wins > 300  # the generator makes plenty of real wins
