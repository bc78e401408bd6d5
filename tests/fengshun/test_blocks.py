"""The rank-lookup scores (blocks.py), the engine's partition search and the strong player's
waits agree with a search written from the rules page (tests/fengshun/oracle.py) on random
hands, concealed, claimed and with loose cards allowed."""

import numpy as np
import pytest

from sim.games.sise.cards import N_KINDS
from sim.games.sise.fengshun.blocks import fast_score, fast_tables
from sim.games.sise.fengshun.rules import FengshunRules
from sim.games.sise.fengshun.scoring import (fengshun_table, partial_score,
                                             search_score, table_tuple, _search)
from strategies.fengshun.strong import waits
from tests.fengshun.oracle import RulesPageScore


def _oracle(rules: FengshunRules) -> RulesPageScore:
    return RulesPageScore(sequences=rules.sequences, multicolour=rules.multicolour,
                          jss_value=rules.jss_value)


def _hands(rng, n, copies=4):
    deck = np.repeat(np.arange(N_KINDS), copies)
    for i in range(n):
        size = int(rng.integers(1, 24))
        if i % 2:  # few kinds, many copies: many ways to group
            kinds = rng.choice(N_KINDS, 8, replace=False).repeat(copies)
            cards = rng.choice(kinds, min(size, kinds.size), replace=False)
        else:
            cards = rng.choice(deck, size, replace=False)
        yield np.bincount(cards, minlength=N_KINDS).astype(np.int64)


@pytest.mark.slow  # exhaustive: `pytest -m slow`
@pytest.mark.parametrize("rules,copies", [(FengshunRules(), 4), (FengshunRules(jss_value=2, multicolour="zu"), 4),
                                          (FengshunRules(), 8)])
def test_lookup_scores_equal_the_search(rules, copies):
    tb = table_tuple(fengshun_table(rules))
    ft = fast_tables(fengshun_table(rules))
    assert ft[0] == 1
    oracle = _oracle(rules)
    rng = np.random.default_rng(3)
    complete = 0
    for i, h in enumerate(_hands(rng, 3000, copies)):
        claimed = int(rng.choice(np.flatnonzero(h))) if i % 3 == 0 else -1
        want = oracle(h, claimed)
        assert fast_score(h, claimed, ft) == want, (h.tolist(), claimed)
        assert search_score(h, claimed, tb) == want, (h.tolist(), claimed)
        loose = oracle(h, loose=True)
        assert fast_score(h, -1, ft, True) == loose == _search(h, tb, tb[9], 0), h.tolist()
        complete += want >= 0
    assert complete > 100  # the sample holds many complete hands, not only loose ones


@pytest.mark.slow  # exhaustive: `pytest -m slow`
@pytest.mark.parametrize("rules", [FengshunRules(sequences="consecutive"),
                                   FengshunRules(sequences="consecutive", multicolour="zu", jss_value=2)])
def test_the_search_scores_overlapping_sequences_as_the_rules_page(rules):
    tb = table_tuple(fengshun_table(rules))
    oracle = _oracle(rules)
    rng = np.random.default_rng(4)
    complete = 0
    for i, h in enumerate(_hands(rng, 1500)):
        claimed = int(rng.choice(np.flatnonzero(h))) if i % 3 == 0 else -1
        want = oracle(h, claimed)
        assert search_score(h, claimed, tb) == want, (h.tolist(), claimed)
        assert partial_score(h, tb) == oracle(h, loose=True), h.tolist()
        complete += want >= 0
    assert complete > 50


def test_overlapping_sequences_keep_the_search():
    t = fengshun_table(FengshunRules(sequences="consecutive"))
    assert fast_tables(t)[0] == 0
    tb = table_tuple(t)
    h = np.zeros(N_KINDS, dtype=np.int64)
    h[[1, 2, 3]] = 1  # 红士 红相 红车: a sequence only under `consecutive`
    assert partial_score(h, tb) == 1


@pytest.mark.slow  # exhaustive: `pytest -m slow`
def test_waits_equal_the_rules_page_search():
    oracle = _oracle(FengshunRules())
    rng = np.random.default_rng(8)
    found = 0
    for h in _hands(rng, 1500):
        if h.sum() > 20:
            continue
        seen = np.minimum(h + rng.integers(0, 2, N_KINDS), 4)
        want = 0
        for w in range(N_KINDS):
            if seen[w] < 4:
                h[w] += 1
                want += (4 - seen[w]) * (oracle(h) >= 0)
                h[w] -= 1
        assert waits(h, seen, 4) == want
        found += want > 0
    assert found > 20
