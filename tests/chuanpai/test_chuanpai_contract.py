"""天地人和 and the pairing game under the game contract: the observation layout on the rules
pages, typed events with their cards and points, and resampling that keeps sizes."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from sim.games import get_game
from sim.games.chuanpai.cards import N_TYPES

DOCS = Path(__file__).resolve().parents[2] / "docs" / "rules"


def _section(text: str, title: str) -> str:
    body = text.split(f"## {title}\n", 1)[1].split("\n## ", 1)[0]
    return "\n".join(line for line in body.splitlines() if line.startswith("|"))


@pytest.mark.parametrize("name", ["tiandi", "pairs"])
def test_the_rules_page_shows_the_observation_spec(name):
    page = (DOCS / f"{name}.md").read_text(encoding="utf-8")
    assert _section(page, "What a strategy sees") == get_game(name).observation_spec.table()


@pytest.mark.parametrize("name", ["tiandi", "pairs"])
def test_the_end_event_carries_every_seats_points(name):
    game = get_game(name).new_game(seed=5)
    rng = np.random.default_rng(5)
    while not game.done:
        legal = game.legal_actions()
        game.step(legal[int(rng.integers(len(legal)))])
    end = game.events[-1]
    assert end.kind == "end" and end.amounts == tuple(game.result.points)


def test_tiandi_plays_name_their_cards():
    game = get_game("tiandi").new_game(seed=7, dealer=0)
    game.step(game.legal_actions()[0])
    lead = next(e for e in game.events if e.kind == "出")
    assert lead.cards and "".join(lead.cards) == lead.text.replace(" ", "")


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_tiandi_resample_keeps_every_pile_size(seed):
    from sim.games.chuanpai.tiandi import engine as E

    game = get_game("tiandi").new_game(seed=seed)
    rng = np.random.default_rng(seed)
    for _ in range(12):
        if game.done:
            break
        legal = game.legal_actions()
        game.step(legal[int(rng.integers(len(legal)))])
    if game.done:
        pytest.skip("the hand ended early")
    seat = game.actor
    other = game.resample(seat, np.random.default_rng(seed))
    s, t = game.state, other.state
    for base in (E.HAND, E.DOWN):
        for p in range(3):
            a, b = s[base + p * N_TYPES:base + (p + 1) * N_TYPES], t[base + p * N_TYPES:base + (p + 1) * N_TYPES]
            assert a.sum() == b.sum()
            if p == seat:
                assert np.array_equal(a, b)
    hidden = sum(s[base + p * N_TYPES:base + (p + 1) * N_TYPES] for base in (E.HAND, E.DOWN)
                 for p in range(3) if p != seat)
    again = sum(t[base + p * N_TYPES:base + (p + 1) * N_TYPES] for base in (E.HAND, E.DOWN)
                for p in range(3) if p != seat)
    assert np.array_equal(hidden, again) and other.card_total() == 84


@pytest.mark.parametrize("rules", [None, "doushisi"])
def test_pairs_resample_deals_hands_the_steal_loop_would_keep(rules):
    from sim.games.chuanpai.pairs import engine as E

    info = get_game("pairs")
    game = info.new_game(seed=4, rules=rules)
    seat = game.actor
    n = game.players
    for k in range(5):
        other = game.resample(seat, np.random.default_rng(k))
        s, t = game.state, other.state
        assert other.card_total() == game.card_total()
        # open tables and dead cards stay (the others' face-down 暗 are redrawn): the seat sees the same
        assert np.array_equal(game.observation_array(seat), other.observation_array(seat))
        for p in range(n):
            hand = t[E.HAND + p * N_TYPES:E.HAND + (p + 1) * N_TYPES]
            assert hand.sum() == s[E.NHAND + p] and hand.max() <= 2
        mine = slice(E.HAND + seat * N_TYPES, E.HAND + (seat + 1) * N_TYPES)
        assert np.array_equal(s[mine], t[mine])
