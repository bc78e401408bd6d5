"""升级's compiled world sampler and search: worlds keep what the seat has seen and nothing else,
are canonical, unseen cards land at their expected rates, and search rows are legal, repeat and
are the same through the batch and the Python driver."""

import numpy as np
import polars as pl
import pytest

from sim.errors import PaijuError
from sim.games import get_game
from sim.games.base import RunSpec
from sim.games.driver import KernelPlayer
from sim.games.shengji.game import Game
from sim.games.shengji.legal import check_play
from sim.games.shengji.rules import rules_vector
from sim.games.shengji.search import list_candidates
from sim.games.shengji.state import state_of
from sim.games.shengji.world import _fallback, deal_world, unseen_cards
from sim.registry import get_strategy
from sim.search import SearchParams, SearchPlayer

# The search players' hand loops (search, world drawing and rollouts compiled together) take
# minutes to compile on a fresh machine, so these run with the slow tests (`pytest -m slow`,
# and .ci/run); the strategy-text parsing they share is tested by default (test_search_api.py).
pytestmark = pytest.mark.slow

GAME = get_game("shengji")
EXPERT = KernelPlayer(get_strategy("shengji", "expert").kernel, "expert")


def _states(seeds=(1, 2), every=29, most=4):
    """Games at decisions reached by expert play, forced answers skipped (a few per hand)."""
    out = []
    for seed in seeds:
        g = Game(seed=seed)
        i, got = 0, 0
        while not g.done and got < most:
            seat = g.actor
            forced = g.forced(seat)
            if forced is None and i % every == 7:
                out.append(g.clone())
                got += 1
            g.step(forced if forced is not None else g._choice(EXPERT, seat, "expert"))
            i += 1
    return out


def _gen(seed):
    return np.array([np.uint64(seed)], dtype=np.uint64)


def _world(g, seat, seed):
    out = np.zeros((4, 54), dtype=np.int8)
    deal_world(g.hands, seat, g.table, g.played, g.voids, g.order.es, _gen(seed), out)
    return out


def _swap_hidden(g, seat):
    """A copy of ``g`` in which two other seats trade one card of an effective suit both hold
    (sizes and shown voids stay true), or None."""
    other = g.clone()
    a, b = [s for s in range(4) if s != seat][:2]
    es = g.order.es
    for ka in range(54):
        for kb in range(54):
            if ka != kb and es[ka] == es[kb] and g.hands[a, ka] > 0 and g.hands[b, kb] > 0:
                other.hands[a, ka] -= 1
                other.hands[a, kb] += 1
                other.hands[b, kb] -= 1
                other.hands[b, ka] += 1
                return other
    return None


def test_a_world_keeps_what_the_seat_has_seen():
    for g in _states():
        seat = g.actor
        w = g.resample(seat, np.random.default_rng(3))
        assert np.array_equal(w.observation_array(seat), g.observation_array(seat))
        assert np.array_equal(w.hands.sum(axis=1), g.hands.sum(axis=1))
        assert np.array_equal(w.hands.sum(axis=0), g.hands.sum(axis=0))  # the same cards out
        for s in range(4):
            for e in range(5):
                if g.voids[s, e]:
                    assert not w.hands[s][g.order.es == e].any()
        assert [a.text for a in w.legal_actions()] == [a.text for a in g.legal_actions()]


def test_the_unseen_cards_are_counted_without_the_other_hands():
    g = _states(most=1)[0]
    seat = g.actor
    pool = np.zeros(54, dtype=np.int64)
    blind = g.hands.copy()
    blind[[s for s in range(4) if s != seat]] = 0
    unseen_cards(blind, seat, g.table, g.played, pool)
    assert np.array_equal(pool, g.hands.sum(axis=0) - g.hands[seat])


def test_worlds_are_canonical():
    checked = 0
    for g in _states(seeds=(1, 2, 3)):
        seat = g.actor
        other = _swap_hidden(g, seat)
        if other is None:
            continue
        assert not np.array_equal(other.hands, g.hands)  # a sampler that kept them would differ
        assert np.array_equal(other.observation_array(seat), g.observation_array(seat))
        assert np.array_equal(_world(g, seat, 11), _world(other, seat, 11))
        assert not np.array_equal(_world(g, seat, 11), _world(g, seat, 12))
        checked += 1
    assert checked >= 4


def test_every_void_a_seat_could_show_is_kept():
    """Each other seat void in every effective suit it does not hold: tight, yet dealt."""
    g = Game(seed=5)
    seat, es = 0, g.order.es
    voids = np.zeros((4, 5), dtype=np.int8)
    for s in (1, 2, 3):
        for e in range(5):
            voids[s, e] = int(not g.hands[s][es == e].any())
    out = np.zeros((4, 54), dtype=np.int8)
    how = deal_world(g.hands, seat, g.table, g.played, voids, es, _gen(1), out)
    assert how in (1, 2)
    assert np.array_equal(out[1:].sum(axis=0), g.hands[1:].sum(axis=0))
    assert np.array_equal(out.sum(axis=1), g.hands.sum(axis=1))
    for s in (1, 2, 3):
        assert not any(voids[s, es[k]] for k in np.flatnonzero(out[s]))
    # the deterministic fallback alone meets them too
    pool = g.hands[1:].sum(axis=0).astype(np.int64)
    sizes = np.array([0] + [int(g.hands[s].sum()) for s in (1, 2, 3)], dtype=np.int64)
    may = (1 - voids).astype(np.int64)
    may[0] = 0
    dealt = np.zeros((4, 54), dtype=np.int64)
    assert _fallback(pool, may, sizes, es, dealt, _gen(2))
    assert np.array_equal(dealt.sum(axis=0), pool) and np.array_equal(dealt.sum(axis=1), sizes)
    for s in (1, 2, 3):
        assert not any(voids[s, es[k]] for k in np.flatnonzero(dealt[s]))


def test_unseen_cards_land_in_each_seat_at_the_expected_rate():
    """No voids, hand sizes 14, 34 and 54 (cards moved to the played rows): each unseen kind's
    copies land in each seat in proportion to its size (a χ² test over 3,000 worlds)."""
    from scipy.stats import chi2

    g = Game(seed=9)
    seat, others = 0, [1, 2, 3]
    hands, played = g.hands.copy(), np.zeros((4, 54), dtype=np.int8)
    for s, gone in ((1, 40), (2, 20)):
        for k in np.repeat(np.arange(54), hands[s])[:gone]:
            hands[s, k] -= 1
            played[s, k] += 1
    table, voids = np.zeros((4, 54), dtype=np.int8), np.zeros((4, 5), dtype=np.int8)
    sizes = hands.sum(axis=1).astype(np.float64)
    assert sizes[others].tolist() == [14, 34, 54]
    pool = hands[others].sum(axis=0).astype(np.float64)
    total = pool.sum()
    draws = 3000
    counts = np.zeros((54, 4))
    rng = _gen(2024)
    out = np.zeros((4, 54), dtype=np.int8)
    for _ in range(draws):
        deal_world(hands, seat, table, played, voids, g.order.es, rng, out)
        counts += out.T
    stat, df = 0.0, 0
    for k in np.flatnonzero(pool):
        exp = draws * pool[k] * sizes[others] / total
        # copies of a kind are drawn without replacement: the multinomial variance shrinks
        shrink = (total - pool[k]) / (total - 1)
        stat += float(((counts[k, others] - exp) ** 2 / exp).sum()) / shrink
        df += len(others) - 1
    assert chi2.sf(stat, df) > 1e-3, (stat, df)


def test_candidates_are_legal_and_start_with_the_rollouts_play():
    for g in _states():
        o = g.order
        first = g.suggest(g.actor)
        plays = np.zeros((4097, 54), dtype=np.int8)
        keys = np.zeros(4097, dtype=np.int64)
        n = list_candidates(state_of(g), rules_vector(g.rules), first, plays, keys)
        assert n >= 1 and np.array_equal(plays[0], first)
        assert len({plays[i].tobytes() for i in range(n)}) == n
        for i in range(n):
            assert check_play(g.hands[g.actor], g.fmt, o, g.two_quads, plays[i]) == 0
        if g.phase == "lead":  # biggest combinations first
            sizes = plays[1:n].sum(axis=1)
            assert sizes[np.argmin(keys[1:n])] == sizes.max()


def test_the_choice_depends_only_on_what_the_seat_has_seen():
    player = SearchPlayer(SearchParams(k=2, width=3), "search(k=2,width=3)")
    checked = 0
    for g in _states(seeds=(4,), most=3):
        seat = g.actor
        other = _swap_hidden(g, seat)
        if other is None:
            continue
        before = g.hands.copy()
        g.seat_rng[seat][:] = other.seat_rng[seat][:] = 77
        assert g._search_code(seat, player) == other._search_code(seat, player)
        assert np.array_equal(g.hands, before)  # the search leaves the game as it was
        checked += 1
    assert checked >= 2


def _spec(strategies, n=2, seed=4):
    return RunSpec(game="shengji", workload="play", rules={}, strategies=strategies, seed=seed,
                   hands=n, shard_size=n)


def test_search_rows_repeat_and_agree_with_the_driver():
    wl = GAME.workload("play")
    spec = _spec(("search(k=1)", "expert", "expert", "expert"))
    batch = pl.from_arrow(wl.play(spec, 0, 2))
    assert batch.equals(pl.from_arrow(wl.play(spec, 0, 2)))
    assert batch.slice(1, 1).equals(pl.from_arrow(wl.play(spec, 1, 1)))
    infos = [get_strategy("shengji", n) for n in spec.strategies]
    assert batch.equals(pl.from_arrow(wl.play_python(spec, 0, 2, infos)))
    assert batch["strategy_0"].to_list() == ["search(k=1)"] * 2
    plain = pl.from_arrow(wl.play(_spec(("expert",) * 4), 0, 2))
    keep = [c for c in batch.columns if not c.startswith("strategy_")]
    assert not batch.select(keep).equals(plain.select(keep))
    assert (batch["tricks"] > 0).all()


def test_the_search_loop_plays_kernel_seats_as_the_engine_does():
    from sim.games.sampled import seat_kernels
    from sim.games.shengji.batch import specialised as plain_loop
    from sim.games.shengji.rules import ShengjiRules, rules_vector
    from sim.games.shengji.search import specialised as search_loop

    infos = [get_strategy("shengji", n) for n in ("search(k=1)", "expert", "expert", "expert")]
    kernels, ks, widths = seat_kernels("shengji", infos, "expert")
    ks[:] = 0
    args = (np.uint64(8), np.int64(0), np.int64(3), rules_vector(ShengjiRules(start_level=2)))
    res_a = np.zeros((3, 20), dtype=np.int32)
    res_b = np.zeros((3, 20), dtype=np.int32)
    seeds = np.zeros(3, dtype=np.uint64)
    err = np.zeros(54, dtype=np.int8)
    assert search_loop(kernels).play_search_hands(*args, ks, widths, seeds, (res_a, err)) == -1
    assert plain_loop(kernels[:4]).play_hands(*args, seeds, (res_b, err)) == -1
    assert np.array_equal(res_a, res_b)


def test_parameters_are_parsed_and_a_bad_rollout_is_refused_in_one_line():
    assert get_strategy("shengji", "search").params == SearchParams(k=4, width=3)
    assert get_strategy("shengji", "search(k=2,width=5)").params == SearchParams(k=2, width=5)
    wl = GAME.workload("play")
    with pytest.raises(PaijuError) as err:
        wl.play(_spec(("search(k=1,rollout=nosuch)", "expert", "expert", "expert")), 0, 1)
    assert "\n" not in str(err.value)


def test_paiju_run_plays_search(tmp_path):
    from click.testing import CliRunner

    from sim.cli import main

    out = tmp_path / "run"
    run = CliRunner().invoke(main, ["run", "shengji", "-n", "2", "-j", "1", "-s", "search(k=1)",
                                    "--seed", "3", "-o", str(out)], catch_exceptions=False)
    assert run.exit_code == 0, run.output
    rows = pl.read_parquet(list(out.glob("*.parquet")))
    assert rows.height == 2 and rows["strategy_1"].to_list() == ["search(k=1)"] * 2
    shown = CliRunner().invoke(main, ["show", str(out), "--hand", "1"], catch_exceptions=False)
    assert "it matches row 1 of the run" in shown.output, shown.output
