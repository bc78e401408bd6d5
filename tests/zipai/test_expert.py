"""The ``expert`` strategy: its wait search against the evaluator, and its discards in play."""

from __future__ import annotations

import random

import numpy as np
import pytest

from sim.games.zipai import Game
from sim.games.zipai.game import kernel_player
from sim.games.zipai.observe import O_CFG, O_HAND, O_MK, O_MV, O_NM, O_SEAT
from sim.games.zipai.engine import CFG_MIN, MAXM
from sim.games.zipai.melds import M_CHI
from sim.games.zipai.scoring import WORK_SIZE, best_win_kernel
from strategies.zipai.expert import SCRATCH, discard_waits, live_waits
from strategies.zipai.shape import seen_counts

from test_evaluator_oracle import _engine_group_numbers, _random_case


def _brute(hand, mk, mv, nm, seen, minimum, work) -> int:
    return sum(4 - int(seen[w]) for w in range(20)
               if seen[w] < 4 and best_win_kernel(hand, mk, mv, nm, w, False, minimum, work) >= 0)


@pytest.mark.slow  # exhaustive: `pytest -m slow`
def test_wait_search_finds_exactly_the_winning_cards() -> None:
    rng = random.Random(7)
    work = np.zeros(WORK_SIZE, np.int16)
    scratch = np.zeros(SCRATCH, np.int32)
    waiting = 0
    discard_waiting = 0
    to_engine = _engine_group_numbers()
    for _ in range(600):
        hand, melds, _, _ = _random_case(rng)
        h = np.array(hand, np.int16)
        if h.max() >= 4:  # four in hand is a 提 on the table in play
            continue
        mk = np.array([k for k, v in melds] + [0] * 4, np.int16)
        mv = np.array([to_engine[v] if k == M_CHI else v for k, v in melds] + [0] * 4, np.int16)
        seen = np.array([rng.randrange(0, 5 - max(1, int(h[k]))) + h[k] for k in range(20)], np.int16)
        for minimum in (0, 15):
            want = _brute(h, mk, mv, len(melds), seen, minimum, work)
            assert live_waits(h, mk, mv, len(melds), seen, minimum, work, scratch) == want
            waiting += want > 0
        k = rng.randrange(20)  # one more card: which discard keeps the most live wins?
        if h[k] < 2:
            h[k] += 1
            seen[k] = min(4, seen[k] + 1)
            for minimum in (0, 15):
                per = {}
                for d in range(20):
                    if 0 < h[d] < 3:
                        h[d] -= 1
                        per[d] = _brute(h, mk, mv, len(melds), seen, minimum, work)
                        h[d] += 1
                out = np.zeros(20, np.int32)
                best = discard_waits(h, mk, mv, len(melds), seen, minimum, work, scratch, out)
                assert best == max(per.values(), default=0)
                assert all(out[d] == v for d, v in per.items() if v == best and best > 0)
                discard_waiting += best > 0
    assert waiting > 300
    assert discard_waiting > 100


def test_expert_discards_keep_the_most_live_winning_cards() -> None:
    work = np.zeros(WORK_SIZE, np.int16)
    expert = kernel_player("expert")
    others = kernel_player("shape")
    checked = 0
    for i in range(60):
        g = Game.from_run(root_seed=8, hand=i)
        while not g.done:
            seat = g.actor
            legal = g.legal_actions()
            player = expert if seat == 0 else others
            code = g.kernel_choice(player)
            if seat == 0 and legal[0].code < 20:
                o = g._obs[seat]
                hand = o[O_HAND: O_HAND + 20].copy()
                n = int(o[O_NM + int(o[O_SEAT])])
                mk = np.append(o[O_MK + seat * MAXM: O_MK + seat * MAXM + n], [0]).astype(np.int16)
                mv = np.append(o[O_MV + seat * MAXM: O_MV + seat * MAXM + n], [0]).astype(np.int16)
                seen = np.zeros(20, np.int16)
                seen_counts(o, seen)
                per = {}
                for a in legal:
                    hand[a.code] -= 1
                    per[a.code] = _brute(hand, mk, mv, n, seen, int(o[O_CFG + CFG_MIN]), work)
                    hand[a.code] += 1
                assert per[code] == max(per.values()), (i, per, code)
                checked += max(per.values()) > 0
            g.step(code)
    assert checked > 20  # decisions where some discard keeps the hand waiting
