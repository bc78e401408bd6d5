"""DriverGame: the shared stepping, errors, replay and event log, over a tiny Python engine."""

from __future__ import annotations

import numpy as np
import pytest

from sim.errors import IllegalActionError, PaijuError
from sim.games.driver import Action, DriverGame, KernelPlayer

# A toy engine: two seats take turns taking 1 or 2 from a pile of 5; state is
# [actor, pile, n_events, events...]; whoever takes the last one ends the hand.
ACTOR, PILE, NEV, EV = 0, 1, 2, 3


class Toy(DriverGame):
    _ACTOR, _EVENTS, _n_seats = ACTOR, (NEV, EV), 2
    dealer = 0

    def __init__(self, *, seed: int = 0) -> None:
        self._prepare(seed=seed, salt=1, state_size=EV + 3 * 8, max_actions=2, obs_size=2)
        self._s[PILE] = 5

    def _legal(self) -> int:
        if self.done:
            return 0
        n = min(2, int(self._s[PILE]))
        self._buf[:n] = np.arange(1, n + 1)
        return n

    def _apply(self, code: int) -> None:
        s = self._s
        i = int(s[NEV])
        s[EV + 3 * i: EV + 3 * i + 3] = (0, s[ACTOR], code)
        s[NEV] += 1
        s[PILE] -= code
        s[ACTOR] = -1 if s[PILE] == 0 else 1 - s[ACTOR]

    def _observe(self, seat: int, out: np.ndarray) -> None:
        out[:] = (seat, self._s[PILE])

    def _action_text(self, code: int) -> str:
        return f"take {code}"

    def observation(self, seat: int) -> np.ndarray:
        return self._observed(seat)

    @property
    def result(self) -> int | None:
        return int(self._s[EV + 3 * (int(self._s[NEV]) - 1) + 1]) if self.done else None


class SeatedToy(Toy):
    _SEATED_DECISIONS, _ENDED_FIRST, _OPTION = True, False, "{code} ({text})"


def test_stepping_keeps_the_log_and_the_events():
    g = Toy(seed=4)
    assert g.rng[0] == np.uint64(4 ^ 1) and g.actor == 0 and not g.done
    assert g.legal_actions() == [Action(1, "take 1"), Action(2, "take 2")]
    g.step(Action(2, "take 2"))
    g.step(np.int64(2))
    g.step(1)
    assert g.done and g.actor == -1 and g.legal_actions() == []
    assert g.decisions == [2, 2, 1]
    assert list(g._raw_events()) == [(0, 0, 2), (0, 1, 2), (0, 0, 1)]
    assert g.state[PILE] == 0 and g.state is not g._s


def test_an_illegal_choice_is_one_line_and_changes_nothing():
    g = Toy(seed=4)
    before = g.state
    with pytest.raises(IllegalActionError, match=r"^player \(seat 0\) chose illegal action 3 in "
                       r"hand seed 4; legal: take 1, take 2$"):
        g.step(3)
    with pytest.raises(IllegalActionError, match=r"returned True, which is not an action"):
        g.step(True)
    assert (g.state == before).all() and g.decisions == []


def test_the_order_of_the_checks_after_the_end_follows_the_game():
    plain, seated = Toy(), SeatedToy()
    for g in (plain, seated):
        g._replay([2, 2, 1])
    with pytest.raises(IllegalActionError, match="after the hand ended"):
        plain.step("x")
    with pytest.raises(IllegalActionError, match="which is not an action"):
        seated.step("x")
    with pytest.raises(IllegalActionError, match="after the hand ended"):
        seated.step(1)


def test_seated_decisions_replay_from_pairs_and_list_codes_in_errors():
    g = SeatedToy()._replay([(0, 2), 2])
    assert g.decisions == [(0, 2), (1, 2)]
    with pytest.raises(IllegalActionError, match=r"legal: 1 \(take 1\)$"):
        g.step(2)


def test_play_asks_kernels_and_callables_and_counts_the_seats():
    seen = []

    def kernel(obs, buf, n, rng):
        seen.append(obs.tolist())
        return int(buf[n - 1])

    g = Toy()
    assert g.play([KernelPlayer(kernel), lambda obs, legal, rng: legal[0]]) == 0  # the last taker
    assert g.decisions == [2, 1, 2] and seen == [[0, 5], [0, 2]]
    with pytest.raises(PaijuError, match="give 2 players, not 1"):
        Toy().play([kernel])


class WideToy(Toy):
    """Event rows four wide: (kind, seat, value, pile left)."""

    _EVENT_WIDTH = 4

    def __init__(self, *, seed: int = 0) -> None:
        self._prepare(seed=seed, salt=1, state_size=EV + 4 * 8, max_actions=2, obs_size=2)
        self._s[PILE] = 5

    def _apply(self, code: int) -> None:
        s = self._s
        i = int(s[NEV])
        s[PILE] -= code
        s[EV + 4 * i: EV + 4 * i + 4] = (0, s[ACTOR], code, s[PILE])
        s[NEV] += 1
        s[ACTOR] = -1 if s[PILE] == 0 else 1 - s[ACTOR]


def test_raw_events_read_the_width_the_game_declares():
    g = WideToy()._replay([2, 2, 1])
    assert list(g._raw_events()) == [(0, 0, 2, 3), (0, 1, 2, 1), (0, 0, 1, 0)]


def test_a_game_is_named_by_the_registry_not_its_package(monkeypatch):
    import sim.games
    from sim.errors import OptionError
    from sim.games import game_name_of, get_game

    for name in ("fengshun", "guangshui", "pairs", "tiandi", "zipai"):  # sim.games.<family>.<game>
        assert game_name_of(get_game(name).driver) == name
    monkeypatch.setitem(sim.games._MODULES, "toy", "tests.toy_game:GAME")  # a plug-in game
    from tests.toy_game import GAME

    assert game_name_of(GAME.driver) == "toy"
    with pytest.raises(OptionError, match=r"^\S*test_driver_base has no compiled search"):
        Toy()._search_code(0, KernelPlayer(lambda *a: 0, name="x"))
