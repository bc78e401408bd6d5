"""``resample`` of the 四色 drivers: only the unseen cards move, and every count stays."""

from __future__ import annotations

import numpy as np
import pytest

from sim.games import get_game
from sim.games.sise.cards import N_KINDS
from sim.games.sise.fengshun import state as fengshun_state
from sim.games.sise.guangshui import state as guangshui_state

STATES = {"guangshui": guangshui_state, "fengshun": fengshun_state}


def _unseen(game, seat: int, T) -> np.ndarray:
    """Per kind, the cards ``seat`` cannot see: the other hands and the stock."""
    s = game.state
    out = np.zeros(N_KINDS, dtype=np.int64)
    for p in range(T.N_SEATS):
        if p != seat:
            out += s[T.HAND + p * N_KINDS: T.HAND + (p + 1) * N_KINDS]
    end = int(s[T.SE]) if hasattr(T, "SE") else T.STOCK_CARDS
    return out + np.bincount(s[T.STOCK + int(s[T.SP]): T.STOCK + end], minlength=N_KINDS)


def _sizes(game, T) -> list[int]:
    s = game.state
    return [int(s[T.HAND + p * N_KINDS: T.HAND + (p + 1) * N_KINDS].sum()) for p in range(T.N_SEATS)]


@pytest.mark.parametrize("name", sorted(STATES))
def test_resample_redraws_only_the_unseen_cards(name):
    T = STATES[name]
    game = get_game(name).new_game(seed=8)
    rng = np.random.default_rng(8)
    for _ in range(12):
        if game.done:
            break
        seat = game.actor
        other = game.resample(seat, np.random.default_rng(int(rng.integers(1 << 30))))
        assert np.array_equal(_unseen(other, seat, T), _unseen(game, seat, T))
        assert _sizes(other, T) == _sizes(game, T)
        assert other.hand(seat) == game.hand(seat) and other.melds(seat) == game.melds(seat)
        assert other.card_total() == game.card_total()
        legal = game.legal_actions()
        game.step(legal[int(rng.integers(len(legal)))])
