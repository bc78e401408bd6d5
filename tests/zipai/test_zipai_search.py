"""跑胡子's compiled resample and the ``search`` strategy.

Checked, from the rules of what a seat sees: a world keeps the seat's observation, its
legal actions and all 80 cards, and puts no four of a kind in a hand; the world depends on
what the seat has seen only (two states that differ only in hidden cards give the same
world); each unseen card lands in each hidden place at its expected rate (χ², with a
control that the real deal repeated fails it); a face-down 偎 of another seat gets a kind
by the weight of the deals; the search chooses the same in a hand and in a world of it;
runs with search seats give the same rows twice, in shards and in the Python driver, and
record the strategy text; a rollout without a kernel is refused in one line.
"""

from __future__ import annotations

import numpy as np
import polars as pl
import pytest
from scipy import stats

from sim.games import get_game
from sim.games.base import RunSpec
from sim.games.zipai import engine as E
from sim.games.zipai.game import Game, kernel_player
from sim.games.zipai.melds import GROUPS, M_CHI, M_WEI, MELD_SIZE
from sim.games.zipai.world import card_in_play, resample_world
from sim.registry import get_strategy
from sim.search import SearchParams, SearchPlayer

# The search players' hand loops (search, world drawing and rollouts compiled together) take
# minutes to compile on a fresh machine, so these run with the slow tests (`pytest -m slow`,
# and .ci/run); the strategy-text parsing they share is tested by default (test_search_api.py).
pytestmark = pytest.mark.slow

K = 20


def _states(seed: int, hands: int = 3, every: int = 2):
    """Decision states (with more than one legal action) of hands played by expert."""
    expert = kernel_player("expert")
    out = []
    for h in range(hands):
        game = Game.from_run(root_seed=seed, hand=h)
        step = 0
        while not game.done:
            if step % every == 0 and len(game.legal_actions()) > 1:
                out.append(game.clone())
            game.step(game.kernel_choice(expert))
            step += 1
    return out


def _hand(s: np.ndarray, q: int) -> np.ndarray:
    return s[E.HAND + q * K: E.HAND + (q + 1) * K]


def _unseen(s: np.ndarray, seat: int) -> np.ndarray:
    """The seat's count of unseen cards per kind: the deck less its hand, the melds in
    sight, the discard areas and the card in play (the rules of what a seat sees)."""
    pool = np.full(K, 4)
    for q in range(3):
        for j in range(int(s[E.NM + q])):
            kind, value = int(s[E.MK + q * E.MAXM + j]), int(s[E.MV + q * E.MAXM + j])
            if kind == M_CHI:
                for u in range(3):
                    pool[GROUPS[value, u]] -= 1
            elif not (kind == M_WEI and q != seat):
                pool[value] -= int(MELD_SIZE[kind])
        pool -= s[E.PILE + q * K: E.PILE + (q + 1) * K]
    pool -= _hand(s, seat)
    if card_in_play(s) >= 0:
        pool[card_in_play(s)] -= 1
    return pool


def test_a_world_keeps_what_the_seat_sees_and_plays_on():
    checked = 0
    for game in _states(1, hands=2):
        seat = game.actor
        for k in range(3):
            world = game.resample(seat, np.random.default_rng([checked, k]))
            assert np.array_equal(world.observation_array(seat), game.observation_array(seat))
            assert [a.code for a in world.legal_actions()] == [a.code for a in game.legal_actions()]
            assert world.card_total() == 80
            for q in range(3):
                assert _hand(world.state, q).sum() == _hand(game.state, q).sum()
                assert _hand(world.state, q).max(initial=0) < 4
            world.play([kernel_player("expert")] * 3)
            assert world.done and sum(world.result.points) == 0
        checked += 1
    assert checked >= 10


def test_the_drivers_resample_is_the_compiled_world():
    from sim.rng import generator_state

    for game in _states(6, hands=1)[:5]:
        seat = game.actor
        world = game.resample(seat, np.random.default_rng(3))
        out = np.empty_like(game.state)
        resample_world(game.state, seat, out, generator_state(np.random.default_rng(3)))
        assert np.array_equal(world.state, out)


def _swap_hidden(s: np.ndarray, seat: int) -> np.ndarray | None:
    """``s`` with one card of another seat's hand exchanged for a different stock card."""
    t = s.copy()
    sp = int(s[E.SP])
    for q in range(3):
        if q == seat or q == int(s[E.ACTOR]):
            continue
        for i in range(sp, E.STOCK_CARDS):
            c = int(s[E.STOCK + i])
            for k in range(K):
                if t[E.HAND + q * K + k] > 0 and k != c and t[E.HAND + q * K + c] < 3:
                    t[E.HAND + q * K + k] -= 1
                    t[E.HAND + q * K + c] += 1
                    t[E.STOCK + i] = k
                    return t
    return None


def test_worlds_depend_only_on_what_the_seat_has_seen():
    swapped = 0
    for game in _states(2, hands=2):
        seat = game.actor
        s = game.state
        twin = _swap_hidden(s, seat)
        worlds = [np.empty_like(s) for _ in range(4)]
        resample_world(s, seat, worlds[0], np.array([99], dtype=np.uint64))
        if twin is not None:
            assert not np.array_equal(twin, s)
            resample_world(twin, seat, worlds[1], np.array([99], dtype=np.uint64))
            assert np.array_equal(worlds[0], worlds[1]), "a hidden card reached the world"
            swapped += 1
        # a world is itself a state that differs from the hand only in what is hidden
        resample_world(s, seat, worlds[2], np.array([5], dtype=np.uint64))
        resample_world(worlds[2], seat, worlds[3], np.array([99], dtype=np.uint64))
        assert np.array_equal(worlds[0], worlds[3])
    assert swapped >= 5


def _plain_state(seed: int):
    """A decision state with a full stock left to shuffle and no face-down 偎 of another seat."""
    for game in _states(seed, hands=4, every=1):
        s, seat = game.state, game.actor
        wei = any(int(s[E.MK + q * E.MAXM + j]) == M_WEI for q in range(3) if q != seat
                  for j in range(int(s[E.NM + q])))
        if not wei and int(s[E.SP]) == 4 and int(s[E.ACTOR]) == seat:
            return game
    raise AssertionError("no plain state found")


def _rule_deals(s: np.ndarray, seat: int, draws: int, rng: np.random.Generator) -> np.ndarray:
    """The places of the unseen cards by the rules, with numpy's shuffle: uniform deals of
    the unseen cards (the dealer holding the 亮张 while no copy left his hand in sight),
    refused when a hand holds four of a kind or a card of a kind its seat shows as 碰/提/跑.
    Counts per kind in each other hand, the next and the last stock card."""
    others = [q for q in range(3) if q != seat]
    pool = _unseen(s, seat)
    dealer, liang = int(s[E.DEALER]), int(s[E.LIANG])
    shown = np.zeros(K, dtype=int)
    for j in range(int(s[E.NM + dealer])):
        kind, value = int(s[E.MK + dealer * E.MAXM + j]), int(s[E.MV + dealer * E.MAXM + j])
        for k in (GROUPS[value] if kind == M_CHI else [value]):
            shown[int(k)] += 1
    pinned = (dealer != seat and _hand(s, dealer).sum() > 0 and shown[liang] == 0
              and s[E.DISC + dealer * K + liang] == 0 and pool[liang] > 0)
    sizes = {q: int(_hand(s, q).sum()) for q in others}
    deck = np.repeat(np.arange(K), pool - np.eye(K, dtype=int)[liang] * pinned)
    out = np.zeros((len(others) + 2, K))
    done = 0
    while done < draws:
        cards = rng.permutation(deck)
        hands, at = [], 0
        for q in others:
            n = sizes[q] - (pinned and q == dealer)
            h = np.bincount(cards[at: at + n], minlength=K)
            if pinned and q == dealer:
                h[liang] += 1
            at += n
            banned = [int(s[E.MV + q * E.MAXM + j]) for j in range(int(s[E.NM + q]))
                      if int(s[E.MK + q * E.MAXM + j]) != M_CHI]
            if h.max() >= 4 or h[banned].sum() > 0:
                break
            hands.append(h)
        else:
            for i, h in enumerate(hands):
                out[i] += h
            out[len(others), cards[at]] += 1
            out[len(others) + 1, cards[-1]] += 1
            done += 1
    return out


def _homogeneity_p(a: np.ndarray, b: np.ndarray) -> float:
    """χ² of two equally many samples of the same places having the same rates."""
    live = (a + b) > 0
    chi2 = float((((a - b) ** 2)[live] / (a + b)[live]).sum())
    dof = int(live.sum()) - int(live.any(axis=1).sum())
    return float(stats.chi2.sf(chi2, dof))


def test_each_unseen_card_lands_in_each_hidden_place_at_its_rate():
    game = _plain_state(3)
    s, seat = game.state, game.actor
    others = [q for q in range(3) if q != seat]
    draws = 3000
    expected = _rule_deals(s, seat, draws, np.random.default_rng(1))
    seen = np.zeros_like(expected)
    out = np.empty_like(s)
    gen = np.array([2024], dtype=np.uint64)
    sp = int(s[E.SP])
    for _ in range(draws):
        resample_world(s, seat, out, gen)
        for i, q in enumerate(others):
            seen[i] += _hand(out, q)
        seen[2, out[E.STOCK + sp]] += 1
        seen[3, out[E.STOCK + E.STOCK_CARDS - 1]] += 1
    assert np.array_equal(seen.sum(axis=1), expected.sum(axis=1))
    assert _homogeneity_p(seen, expected) > 1e-3
    fixed = np.zeros_like(seen)  # the power of the test: the real deal, repeated
    for i, q in enumerate(others):
        fixed[i] = _hand(s, q) * draws
    fixed[2, s[E.STOCK + sp]] = draws
    fixed[3, s[E.STOCK + E.STOCK_CARDS - 1]] = draws
    assert _homogeneity_p(fixed, expected) < 1e-6
    # and a uniform deal that ignores the 亮张 and the refusals is told apart too
    share = _unseen(s, seat) / _unseen(s, seat).sum()
    naive = np.array([share * int(_hand(s, q).sum()) for q in others] + [share, share]) * draws
    assert _homogeneity_p(np.round(naive), expected) < 1.0


def test_a_face_down_wei_gets_a_kind_by_the_weight_of_the_deals():
    """Another seat's 偎 (three of a kind, face down) is a kind with n ≥ 3 unseen copies,
    chosen with weight n(n−1)(n−2), never a kind that seat discarded."""
    for game in _states(4, hands=20, every=1):
        s, seat = game.state, game.actor
        slots = [(q, j) for q in range(3) if q not in (seat, int(s[E.ACTOR]))
                 for j in range(int(s[E.NM + q])) if int(s[E.MK + q * E.MAXM + j]) == M_WEI]
        dealer = int(s[E.DEALER])
        if len(slots) == 1 and dealer in (seat, int(s[E.ACTOR])):
            break
    else:
        pytest.skip("no state with one face-down 偎 of another seat")
    (q, j), = slots
    pool = _unseen(s, seat)
    weight = np.where(pool >= 3, pool * (pool - 1) * (pool - 2), 0)
    weight[s[E.DISC + q * K: E.DISC + (q + 1) * K] > 0] = 0
    out = np.empty_like(s)
    gen = np.array([7], dtype=np.uint64)
    draws = 1500
    seen = np.zeros(K)
    for _ in range(draws):
        resample_world(s, seat, out, gen)
        seen[int(out[E.MV + q * E.MAXM + j])] += 1
    assert seen[weight == 0].sum() == 0
    # by the rules: a deal is three of the 偎's kind K (weight n(n−1)(n−2)) and the rest
    # shuffled; refused when a hand holds four of a kind or a card of its seat's 碰/偎/提/跑
    rng = np.random.default_rng(3)
    others = [p for p in range(3) if p != seat]
    ref = np.zeros(K)
    while ref.sum() < draws:
        kind = int(rng.choice(K, p=weight / weight.sum()))
        rest = pool.copy()
        rest[kind] -= 3
        cards, at, ok = rng.permutation(np.repeat(np.arange(K), rest)), 0, True
        for p in others:
            n = int(_hand(s, p).sum())
            h = np.bincount(cards[at: at + n], minlength=K)
            at += n
            banned = [kind if (p, jj) == (q, j) else int(s[E.MV + p * E.MAXM + jj])
                      for jj in range(int(s[E.NM + p])) if int(s[E.MK + p * E.MAXM + jj]) != M_CHI]
            ok &= h.max() < 4 and h[banned].sum() == 0
        ref[kind] += ok
    assert _homogeneity_p(seen[None, :], ref[None, :]) > 1e-3
    if (weight > 0).sum() > 1:  # the power of the test: the real kind, every time
        real = np.zeros(K)
        real[int(s[E.MV + q * E.MAXM + j])] = draws
        assert _homogeneity_p(real[None, :], ref[None, :]) < 1e-6


@pytest.mark.parametrize("params", [SearchParams(k=2), SearchParams(k=2, width=0)])
def test_the_search_chooses_the_same_in_a_world_of_the_hand(params):
    player = SearchPlayer(params)
    choices = set()
    for game in _states(5, hands=1, every=3)[:8]:
        seat = game.actor
        twin = game.resample(seat, np.random.default_rng(11))
        game.rng[:] = twin.rng[:] = 2024
        code = game._search_code(seat, player)
        assert code == twin._search_code(seat, player)
        assert code in [a.code for a in game.legal_actions()]
        choices.add(code)
    assert len(choices) > 1


def test_the_ranking_puts_lone_singles_first_and_passing_first_at_a_claim():
    from sim.games.zipai.search import rank_keys

    s = np.zeros(E.STATE_SIZE, dtype=np.int16)
    hand = s[E.HAND: E.HAND + K]
    hand[[0, 1, 5, 12]] = [1, 1, 1, 2]  # 一 二 六 and a pair of 叁
    legal = np.array([0, 1, 5, 12], dtype=np.int16)
    keys = np.zeros(4, dtype=np.int64)
    s[E.STAGE] = E.ST_DISCARD
    rank_keys(s, 0, legal, 4, keys)
    assert keys[2] < keys[0] == keys[1] < keys[3]  # 六 is alone; 一二 lean on each other
    s[E.STAGE] = E.ST_CLAIM
    claim = np.array([E.PENG, E.CHI, E.CHI + 1, E.PASS], dtype=np.int16)
    rank_keys(s, 0, claim, 4, keys)
    assert list(np.argsort(keys, kind="stable")) == [3, 0, 1, 2]


def _spec(strategies, n=4, seed=3):
    return RunSpec(game="zipai", workload="play", rules={}, strategies=strategies, seed=seed,
                   hands=n, shard_size=n)


def test_search_rows_repeat_and_agree_in_shards_and_in_the_driver():
    work = get_game("zipai").workload("play")
    spec = _spec(("search(k=2,width=2)", "expert", "search(k=1,width=0)"))
    assert work.python_players(spec) is None  # search seats stay on the batch path
    rows = pl.from_arrow(work.play(spec, 0, 4))
    assert rows.equals(pl.from_arrow(work.play(spec, 0, 4)))
    assert rows.slice(2, 2).equals(pl.from_arrow(work.play(spec, 2, 2)))
    infos = [get_strategy("zipai", n) for n in spec.strategies]  # the driver checks legality
    assert rows.equals(pl.from_arrow(work.play_python(spec, 0, 4, infos)))
    assert rows["strategy_0"].to_list() == ["search(k=2,width=2)"] * 4
    assert rows["strategy_2"][0] == "search(k=1,width=0)"
    assert (rows["points_0"] + rows["points_1"] + rows["points_2"]).to_list() == [0] * 4


def test_a_run_records_the_search_and_replays_its_hands(tmp_path):
    from click.testing import CliRunner

    from sim import store
    from sim.cli import main

    out = tmp_path / "run"
    run = CliRunner().invoke(main, ["run", "zipai", "-n", "3", "-j", "1", "-s", "search(k=2)",
                                    "-o", str(out)], catch_exceptions=False)
    assert run.exit_code == 0, run.output
    assert store.read_manifest(out)["strategies"] == ["search(k=2)"] * 3
    shown = CliRunner().invoke(main, ["show", str(out), "--hand", "2"], catch_exceptions=False)
    assert "it matches row 2 of the run" in shown.output


@pytest.mark.parametrize("rollout, words", [("search", "cannot roll out with 'search'"),
                                            ("nosuch", "nosuch")])
def test_a_bad_rollout_is_refused_in_one_line(rollout, words):
    from sim.errors import PaijuError

    work = get_game("zipai").workload("play")
    with pytest.raises(PaijuError, match=words) as err:
        work.play(_spec((f"search(k=1,rollout={rollout})", "expert", "expert"), n=1), 0, 1)
    assert "\n" not in str(err.value)
