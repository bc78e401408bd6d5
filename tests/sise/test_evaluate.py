"""The family evaluator against a brute-force enumeration of every partition."""

from __future__ import annotations

import numpy as np
import pytest

from sim.games.sise.cards import N_KINDS, parse_counts
from sim.games.sise.evaluate import best_partition, best_value, pareto
from sim.games.sise.groups import build_table, guangshui_table


def brute(counts, table, cap):
    """Every partition by plain recursion (groups in any order): best total per tag mask."""
    out: dict[int, int] = {}
    groups = [([int(x) for x in table.cards[g, : table.n[g]]], int(table.value[g]), int(table.tag[g]))
              for g in range(table.size)]

    def rec(c, val, free, mask):
        if not any(c):
            total = val + min(free, cap)
            if total >= 0:  # a forbidden group (FORBIDDEN) sinks the partition
                out[mask] = max(out.get(mask, -1), total)
            return
        k = next(i for i in range(N_KINDS) if c[i])
        for kinds, v, t in groups:
            if k in kinds and all(c[x] >= kinds.count(x) for x in kinds):
                for x in kinds:
                    c[x] -= 1
                rec(c, val + v, free, mask | ((1 << t) if t >= 0 else 0))
                for x in kinds:
                    c[x] += 1
        if table.free[k] >= 0:
            c[k] -= 1
            rec(c, val, free + int(table.free[k]), mask)
            c[k] += 1

    rec([int(x) for x in counts], 0, 0, 0)
    return out


def _random_hand(rng, table, kinds, size):
    """Random groups over ``kinds`` (so that many hands are complete), sometimes a stray card."""
    counts = np.zeros(N_KINDS, dtype=np.int64)
    usable = [g for g in range(table.size) if set(table.cards[g, : table.n[g]]) - {-1} <= set(kinds)]
    while counts.sum() < size:
        g = usable[int(rng.integers(len(usable)))]
        ks = table.cards[g, : table.n[g]]
        if all(counts[k] + list(ks).count(k) <= 4 for k in ks):
            for k in ks:
                counts[k] += 1
    if rng.random() < 0.3:
        k = kinds[int(rng.integers(len(kinds)))]
        counts[k] = min(4, counts[k] + 1)
    return counts


@pytest.mark.parametrize("zu_pairs", [True, False])
def test_pareto_matches_brute_force(zu_pairs):
    table = guangshui_table(zu_pairs=zu_pairs)
    rng = np.random.default_rng(5)
    # kinds of two colours plus all 卒: many groups overlap (圆, 对, 子, 闹, 三色卒, 四色卒)
    kinds = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 20, 27]
    complete = 0
    for trial in range(400):
        counts = _random_hand(rng, table, kinds, int(rng.integers(3, 14)))
        want = brute(counts, table, 3)
        got = pareto(counts, table)
        assert got == want, counts
        complete += bool(want)
    assert complete > 150  # the test saw many complete hands, not only 闲牌


def test_claimed_card_scores_at_its_rate():
    t = guangshui_table()
    # 3 红车 with one claimed: a 肥步 (2) — or 圆 + 对 when 马 炮 are there
    assert best_value(parse_counts("红车 红车 红车"), t, claimed=10) == 2
    assert best_value(parse_counts("红车 红车 红车 红车"), t, claimed=10) == 12  # 肥楼
    assert best_value(parse_counts("白马 白马 白马 白马"), t, claimed=18) == 6  # 素楼
    assert best_value(parse_counts("白马 白马 白马 白马"), t) == 9  # 素闹


def test_free_cap_and_brute_force_partition():
    t = guangshui_table()
    four = parse_counts("黄将 红将 白将 绿将")
    assert best_value(four, t) == 3  # three single 将 score, a fourth scores 0 but is no 闲牌
    total, groups, free = best_partition(parse_counts("黄将 黄士 黄相 红将"), t, 0)
    assert total == 2 and [t.name_of(g) for g in groups] == ["圆"] and free == [7]


def test_general_table_from_data():
    # a toy table: only pairs (2) and identical triples (5); nothing free
    rows = [([k, k], 2, 2, -1, 1) for k in range(3)] + [([k] * 3, 5, 1, k, 2) for k in range(3)]
    t = build_table(rows)
    c = np.zeros(N_KINDS, dtype=np.int64)
    c[0], c[1] = 4, 3
    assert best_value(c, t) == 2 + 2 + 5
    assert best_value(c, t, claimed=1) == 2 + 2 + 1
    c[2] = 1
    assert best_value(c, t) == -1
