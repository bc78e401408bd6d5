"""Strategies see an observation, never the engine state: hidden cards cannot leak into it."""

from __future__ import annotations

import random

import numpy as np

from sim.games.zipai import Game
from sim.games.zipai import engine as E
from sim.games.zipai.melds import M_WEI
from sim.games.zipai.observe import O_N_PLANS, O_PLANS, observation_array
from sim.games.zipai.game import kernel_player

K = 20  # card kinds


def hide_differently(s: np.ndarray, viewer: int, rng: random.Random) -> np.ndarray:
    """A copy of ``s`` that differs in everything ``viewer`` may not know: the other seats'
    concealed cards (exchanged among themselves and the stock, counts kept), the order of
    the stock, their face-down 偎, their 臭 records, and all scratch space; and when
    another seat decides, his offer."""
    t = s.copy()
    others = [q for q in range(3) if q != viewer]
    pool = [k for q in others for k in range(K) for _ in range(int(s[E.HAND + q * K + k]))]
    pool += [int(x) for x in s[E.STOCK + s[E.SP]: E.STOCK + E.STOCK_CARDS]]
    rng.shuffle(pool)
    for q in others:
        n = int(s[E.HAND + q * K: E.HAND + (q + 1) * K].sum())
        t[E.HAND + q * K: E.HAND + (q + 1) * K] = np.bincount(pool[:n], minlength=K)
        pool = pool[n:]
        for j in range(int(s[E.NM + q])):
            if s[E.MK + q * E.MAXM + j] == M_WEI:
                t[E.MV + q * E.MAXM + j] = rng.randrange(K)
        t[E.CHOU + q * K: E.CHOU + (q + 1) * K] = [rng.randrange(2) for _ in range(K)]
        t[E.CHOUHU + q * K: E.CHOUHU + (q + 1) * K] = [rng.randrange(-1, 30) for _ in range(K)]
    t[E.STOCK + s[E.SP]: E.STOCK + E.STOCK_CARDS] = pool
    for lo, hi in ((E.EVT, E.EVT + E.MAXEV * 3), (E.WORK, E.STATE_SIZE)):
        t[lo:hi] = np.array([rng.randrange(-5, 40) for _ in range(hi - lo)], dtype=np.int16)
    if int(s[E.ACTOR]) != viewer:
        t[E.OFFER_HUXI] = rng.randrange(40)
        t[E.CAN_PENG] = rng.randrange(2)
        t[E.N_PLANS] = rng.randrange(1, 5)
        t[E.PLANS: E.PLANS + 12] = [rng.randrange(38) for _ in range(12)]
    return t


def test_hidden_cards_and_stock_order_never_change_an_observation() -> None:
    rng = random.Random(14)
    players = [kernel_player(n) for n in ("shape", "greedy", "random")]
    decisions = changed = 0
    for i in range(40):
        g = Game.from_run(root_seed=21, hand=i)
        while not g.done:
            for viewer in range(3):
                o = observation_array(g._s, viewer)
                t = hide_differently(g._s, viewer, rng)
                changed += not np.array_equal(t, g._s)
                assert np.array_equal(observation_array(t, viewer), o), (i, viewer, g.events[-3:])
            decisions += 1
            seat = g.actor
            code = g.kernel_choice(players[seat])
            # the array the strategy got (kept per seat across the hand) equals a fresh one
            fresh = observation_array(g._s, seat)
            used = O_PLANS + 3 * int(fresh[O_N_PLANS])
            assert np.array_equal(g._obs[seat][:used], fresh[:used])
            g.step(code)
    assert decisions > 1000 and changed == 3 * decisions


def test_the_observation_shows_own_cards_public_counts_and_the_offer() -> None:
    from sim.games.zipai.observe import O_CONCEALED, O_DECISION

    g = Game.from_run(root_seed=21, hand=3)
    seat = g.actor
    obs = g.observation(seat)
    assert obs.decision != "none" and obs.hand == g.hand(seat) and obs.stock_left == 19
    assert [int(obs.array[O_CONCEALED + q]) for q in range(3)] == [
        len(g.hand(q)) for q in range(3)]
    other = g.observation((seat + 1) % 3)
    assert other.decision == "none" and int(other.array[O_DECISION]) == E.D_NONE
    assert other.hand == g.hand((seat + 1) % 3)


def test_the_rules_page_shows_the_observation_layout():
    from pathlib import Path

    from sim.games.zipai.observe import SPEC

    page = (Path(__file__).parents[2] / "docs" / "rules" / "zipai.md").read_text(encoding="utf-8")
    section = page.split("## What a strategy sees", 1)[1]
    table = "\n".join(line for line in section.splitlines() if line.startswith("|"))
    assert table == SPEC.table()


def test_resample_keeps_what_the_seat_knows_and_redraws_the_rest():
    """Sizes, melds in sight, discard areas and the deciding seat's hand and marks stay; the 亮张 stays in
    the dealer's hand while he has not shown a copy; the other hands and the stock move."""
    g = Game.from_run(root_seed=21, hand=4)
    moved = 0
    players = [kernel_player("greedy")] * 3
    for step in range(40):
        if g.done:
            break
        seat = g.actor
        for k in range(4):
            other = g.resample(seat, np.random.default_rng([step, k]))
            s, t = g.state, other.state
            assert np.array_equal(other.observation_array(seat), g.observation_array(seat))
            assert other.card_total() == 80
            for q in range(3):
                hand = t[E.HAND + q * K: E.HAND + (q + 1) * K]
                assert hand.sum() == s[E.HAND + q * K: E.HAND + (q + 1) * K].sum()
                assert hand.max() < 4 and hand.min() >= 0
            assert np.array_equal(t[E.MK: E.MV], s[E.MK: E.MV])  # meld kinds
            assert np.array_equal(t[E.NM: E.CHOU], s[E.NM: E.CHOU])
            assert np.array_equal(t[E.PILE: E.STOCK], s[E.PILE: E.STOCK])  # areas, discards, 相公
            for q in range(3):  # a meld value changes only for another seat's face-down 偎
                for j in range(int(s[E.NM + q])):
                    at = E.MV + q * E.MAXM + j
                    assert t[at] == s[at] or (q != seat and int(s[E.MK + q * E.MAXM + j]) == M_WEI)
            mine_marks = slice(E.CHOU + seat * K, E.CHOU + (seat + 1) * K)
            assert np.array_equal(t[mine_marks], s[mine_marks])
            mine = slice(E.HAND + seat * K, E.HAND + (seat + 1) * K)
            assert np.array_equal(t[mine], s[mine])
            dealer, liang = g.dealer, int(s[E.LIANG])
            if dealer != seat and not any(e.kind in ("打", "碰", "吃", "跑", "提", "起手提") and e.seat == dealer
                                          for e in g.events):
                assert t[E.HAND + dealer * K + liang] >= 1
            moved += not np.array_equal(t[E.HAND: E.MK], s[E.HAND: E.MK])
        g.step(g.kernel_choice(players[seat]))
    assert moved
