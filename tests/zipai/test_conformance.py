"""Random and heuristic strategies play seeded hands; invariants are checked after every step,
and the Python driver must agree with the compiled batch driver on every hand."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from sim.games.zipai import Game, ZipaiRules
from sim.games.zipai import engine as E
from sim.games.zipai.cards import parse_cards, parse_hand
from sim.games.zipai.batch import N_RESULT, R_DEC, R_HUXI, R_KIND, R_WINNER, specialised
from sim.games.zipai.game import KernelPlayer, kernel_player
from sim.games.zipai.rules import rules_vector
from sim.registry import get_strategy


def _check_step(g: Game, deal_ti: list[int]) -> None:
    s = g._s
    assert E.card_total(s) == 80
    stage = int(s[E.STAGE])
    actor = g.actor
    for p in range(3):
        d = g.held(p) - g.target(p)
        if d == 0:
            continue
        if d == 1 and (g.is_xiang(p) or (p == actor and stage in (E.ST_DISCARD, E.ST_SELF_HU))
                       or (stage == E.ST_LIANG_HU and p == g.dealer)):
            continue
        if d == 1 and g.done and (p == int(s[E.WINNER]) or _before_first_discard(g, p)):
            continue  # the winner's last card, or a dealer whose hand ended before he discarded
        if d < 0 and deal_ti[p] >= 2 and d >= -(deal_ti[p] - 1):
            continue
        raise AssertionError(f"seat {p} holds {g.held(p)}, target {g.target(p)}; {g!r}\n{g.events}")
    if not g.done:
        codes = g._codes()
        assert len(codes) > 0
        if stage == E.ST_DISCARD:
            hand = s[E.HAND + actor * 20: E.HAND + actor * 20 + 20]
            assert all(1 <= hand[c] <= 2 for c in codes)


def _before_first_discard(g: Game, p: int) -> bool:
    return p == g.dealer and not any(e.kind in ("打", "免打", "摸") for e in g.events)


def _before_first_discard(g: Game, p: int) -> bool:
    return p == g.dealer and not any(e.kind in ("打", "免打", "摸") for e in g.events)


def _check_end(g: Game) -> None:
    r = g.result
    assert sum(r.points) == 0
    if r.winner >= 0:
        assert r.points[r.winner] > 0 and all(r.points[p] < 0 for p in range(3) if p != r.winner)
        if not r.win_kind.startswith("天胡三") and not r.win_kind.startswith("天胡五"):
            assert r.huxi >= g.rules.min_huxi
    else:
        assert r.win_kind == "荒庄" and r.points == (0, 0, 0) and r.draws_left == 0


@pytest.mark.parametrize(
    ("names", "hands", "rules"),
    [
        (("random", "random", "random"), 1500, ZipaiRules()),
        (("shape", "greedy", "random"), 1500, ZipaiRules()),
        (("random", "shape", "random"), 500, ZipaiRules(min_huxi=6, multi_qishou_ti="redeal")),
        (("expert", "random", "shape"), 300, ZipaiRules()),
    ],
)
def test_invariants_hold_after_every_step(names, hands, rules) -> None:
    players = [kernel_player(n) for n in names]
    kinds = set()
    for i in range(hands):
        g = Game.from_run(root_seed=99, hand=i, rules=rules)
        deal_ti = [sum(1 for e in g.events if e.kind == "起手提" and e.seat == p) for p in range(3)]
        _check_step(g, deal_ti)
        while not g.done:
            seat = g.actor
            code = g.kernel_choice(players[seat])
            g.step(code)
            _check_step(g, deal_ti)
        _check_end(g)
        kinds.add(g.result.win_kind)
    assert {"荒庄", "自摸", "他摸"} <= kinds


@pytest.mark.parametrize("names", [("shape", "greedy", "random"), ("random", "random", "greedy"),
                                   ("expert", "shape", "expert")])
def test_python_driver_matches_batch_driver(names) -> None:
    n = 400
    rules = ZipaiRules()
    kernels = [get_strategy("zipai", x).kernel for x in names]
    seeds = np.empty(n, dtype=np.uint64)
    res = np.zeros((n, N_RESULT), dtype=np.int16)
    pts = np.zeros((n, 3), dtype=np.int32)
    assert specialised(kernels).play_hands(np.uint64(5), np.int64(0), np.int64(n), rules_vector(rules),
                                           seeds, (res, pts)) == -1
    players = [KernelPlayer(k, x) for k, x in zip(kernels, names)]
    for i in range(n):
        g = Game.from_run(root_seed=5, hand=i, rules=rules)
        assert g.seed == int(seeds[i])
        r = g.play(players)
        assert (r.winner, E.WIN_KIND_NAMES.index(r.win_kind), r.huxi, r.decisions) == (
            res[i, R_WINNER], res[i, R_KIND], res[i, R_HUXI], res[i, R_DEC]), i
        assert r.points == tuple(int(x) for x in pts[i])
        if i < 50:  # the log replays to the same hand
            again = Game.replay(seed=g.seed, dealer=g.dealer, actions=g.decisions, rules=rules)
            assert again.result == r and [e for e in again.events] == g.events


def test_a_plain_python_strategy_plays_through_the_driver() -> None:
    seen = []

    def cautious(obs, legal, rng):
        seen.append(obs)
        _check_what_a_seat_sees(obs)
        for a in legal:  # win when possible, never claim, discard the last legal card
            if a.text.startswith("胡"):
                return a
        return legal[-1]

    for i in range(20):
        g = Game.from_run(root_seed=1, hand=i)
        r = g.play([cautious, kernel_player("greedy"), kernel_player("random")])
        assert sum(r.points) == 0
    assert seen and {o.decision for o in seen} >= {"discard", "claim"}


def test_batch_reports_an_illegal_strategy_action() -> None:
    from numba import njit

    from sim.errors import IllegalActionError
    from sim.games.base import RunSpec
    from sim.games.zipai.play import ZipaiPlay
    from sim.registry import StrategyInfo, register

    @njit
    def bad_kernel(obs, legal, n, rng):
        return 99

    register(StrategyInfo(game="zipai", name="test-bad", description="illegal", kernel=bad_kernel))
    spec = RunSpec(game="zipai", workload="play", rules=ZipaiRules().to_dict(),
                   strategies=("test-bad", "random", "random"), seed=3, hands=5, shard_size=5)
    with pytest.raises(IllegalActionError, match=r"strategy 'test-bad' \(seat 0\) chose illegal action 99 in hand 0 \(seed \d+\)"):
        ZipaiPlay().play(spec, 0, 5)
    g = Game(seed=1)
    with pytest.raises(IllegalActionError, match="strategy 'test-bad' .*illegal action 99 in hand seed 1"):
        g.play([KernelPlayer(bad_kernel, "test-bad")] * 3)


_MELD_CARDS = {"提": 4, "跑": 4, "偎": 3, "臭偎": 3, "碰": 3}


def _check_what_a_seat_sees(obs) -> None:
    """What one seat sees holds no more than the deck: at most four of a card among its hand,
    the face-up melds, the discard areas and the card on offer; 80 cards with the stock and
    the face-down 偎; its own melds all face up."""
    assert obs.hand_counts.sum() > 0 and parse_hand(obs.hand).tolist() == obs.hand_counts.tolist()
    seen = list(parse_cards(obs.hand))
    hidden = 0
    for seat, melds in enumerate(obs.melds):
        for meld in melds:
            kind, _, cards = meld.partition(" ")
            if cards == "?":
                assert seat != obs.seat, "a seat's own 偎 is hidden from it"
                hidden += 3
            elif kind == "吃":
                assert len(parse_cards(cards)) == 3, meld
                seen += parse_cards(cards)
            else:
                seen += parse_cards(cards) * _MELD_CARDS[kind]
    for pile in obs.piles:
        seen += parse_cards(pile)
    if obs.card is not None:
        seen += parse_cards(obs.card)
    assert max(Counter(seen).values()) <= 4, obs
    assert len(seen) + hidden + obs.stock_left <= 80, obs
