"""The Python driver: one game of 打马 with a step API, observations and an event log.

>>> g = Game(seed=3)
>>> g.over, g.to_play in (0, 1)
(False, True)
>>> len(g.legal_moves()) > 1          # the game waits at the first real choice
True
>>> g.step(g.legal_codes()[0]); len(g.actions)
1

The driver rolls the same dice stream and calls the same compiled rules as the batch
driver (:mod:`.batch`), so :meth:`Game.play_out` with compiled strategies ends in exactly
the batch driver's final state. Forced moves (a single legal move) are played by the
engine; a throw without a legal move passes. :func:`replay` rebuilds a game from its seed
and the list of chosen moves.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy as np

from sim.errors import IllegalActionError, StrategyError
from sim.games.dama import engine as E
from sim.games.dama import state as S
from sim.games.dama.board import HORSES, N_STATIONS, station_name
from sim.games.dama.rules import DamaRules, kernel_args
from sim.games.dama.throws import classify, throw_at
from sim.rng import hand_seed
from sim.games.driver import Event

END_NAMES = {0: "draw", 1: "细满", 2: "麤满"}
_TIE_REASONS = ("own 赏/本采", "another's 本采", "撞", "罚", "hit", "fly-out")
_POT_REASONS = ("函谷关 half pot", "half pot for hitting every horse", "细满", "麤满", "draw")


class Game:
    """One game (see the module docstring). ``rules`` default to preset ``seed``."""

    def __init__(self, *, seed: int, rules: DamaRules | None = None, _setup: bool = True) -> None:
        self.rules = rules or DamaRules()
        self.seed = int(seed)
        self._layout = self.rules.jia
        self._st, self._ev, self._legal = E.new_state()
        self._rng = np.array([self.seed], dtype=np.uint64)
        self._srng = np.array([hand_seed(np.uint64(self.seed), 1)], dtype=np.uint64)
        self._n = 0
        self._manual = not _setup  # a hand-set position: dice come from throw(), not the stream
        self._raw: list[tuple[int, ...]] = []  # event rows; :attr:`events` puts them in words
        self.actions: list[int] = []
        if _setup:
            E.new_game(self._st, self._ev, self._rng, *kernel_args(self.rules))
            self._collect()
            self._advance()

    # --- a custom position, for examples and tests -------------------------------------
    @classmethod
    def from_position(cls, *, horses: Mapping[int, Mapping[int, int]], bencai: Sequence[str],
                      rules: DamaRules | None = None, turn: int = 0, seed: int = 0) -> Game:
        """A game set up by hand: ``horses[seat][station] = count`` (the rest off the board),
        each seat's 真本采 as dice; then :meth:`throw` plays chosen dice."""
        g = cls(seed=seed, rules=rules, _setup=False)
        st = g._st
        E.new_game(st, g._ev, g._rng, *kernel_args(g.rules))
        n = g.rules.players
        if len(bencai) != n:
            raise IllegalActionError(f"give one 本采 per player ({n}), not {len(bencai)}")
        for p in range(n):
            st[S.BENCAI + p] = classify(bencai[p]).index
            st[S.CNT + p * N_STATIONS: S.CNT + (p + 1) * N_STATIONS] = 0
            h = 0
            for station, count in sorted(horses.get(p, {}).items()):
                for _ in range(count):
                    st[S.HPOS + p * HORSES + h] = station
                    st[S.HBATCH + p * HORSES + h] = 0 if station else -1
                    h += 1
                st[S.CNT + p * N_STATIONS + station] += count
            if h > HORSES:
                raise IllegalActionError(f"seat {p} has {h} horses; a player has {HORSES}")
            for rest in range(h, HORSES):
                st[S.HPOS + p * HORSES + rest] = 0
                st[S.HBATCH + p * HORSES + rest] = -1
            st[S.CNT + p * N_STATIONS] += HORSES - h
            st[S.NBATCH + p] = 1
        st[S.TURN] = turn
        st[S.EMAX_FOR] = -1  # the counts were set by hand
        g._raw = []
        return g

    def throw(self, dice: str | Sequence[int]) -> None:
        """Play the next throw with these dice instead of the dice stream."""
        if self._n > 1:
            raise IllegalActionError("a move is pending; step() it before the next throw")
        self._one_throw(classify(dice).index)

    # --- the game loop ----------------------------------------------------------------
    def _collect(self) -> None:
        n = int(self._st[S.NEV])
        if n:
            self._raw.extend(map(tuple, self._ev[:n].tolist()))
        self._st[S.NEV] = 0

    @property
    def events(self) -> list[Event]:
        """The event log so far, in words."""
        return [self._event(*row) for row in self._raw]

    def _one_throw(self, t: int) -> None:
        n = E.begin_throw(self._st, self._ev, t, self._legal)
        self._collect()
        if n > 1:
            self._n = n
            return
        if n == 1:
            E.apply_move(self._st, self._ev, self._legal[0])
        E.end_throw(self._st, self._ev)
        self._collect()

    def _advance(self) -> None:
        while not self._manual and not self.over and self._n == 0:
            self._one_throw(E.roll(self._rng))

    def step(self, move: int | str) -> None:
        """Play a legal move, given as its code or its text from :meth:`legal_moves`."""
        codes = self.legal_codes()
        if isinstance(move, str):
            texts = self.legal_moves()
            if move not in texts:
                raise IllegalActionError(f"{move!r} is not a legal move now; legal: {'; '.join(texts[:6])}"
                                         + (" …" if len(texts) > 6 else ""))
            move = codes[texts.index(move)]
        if isinstance(move, bool) or not isinstance(move, (int, np.integer)):
            raise IllegalActionError(f"a move is its code (a whole number) or its text from legal_moves(), "
                                     f"not {move!r}; legal: {'; '.join(self.legal_moves()[:6])}")
        if int(move) not in codes:
            raise IllegalActionError(f"move {move} ({self.describe(int(move))}) is not legal now; "
                                     f"legal: {'; '.join(self.legal_moves()[:6])}")
        E.apply_move(self._st, self._ev, int(move))
        self.actions.append(int(move))
        self._n = 0
        E.end_throw(self._st, self._ev)
        self._collect()
        self._advance()

    # --- what a player sees ---------------------------------------------------------
    @property
    def over(self) -> bool:
        return bool(self._st[S.OVER])

    @property
    def to_play(self) -> int:
        return int(self._st[S.TURN])

    @property
    def current_throw(self):
        return throw_at(int(self._st[S.CUR_THROW]))

    def legal_codes(self) -> list[int]:
        """The codes of the legal moves (empty when the game waits for nothing)."""
        return [int(c) for c in self._legal[: self._n]] if self._n > 1 and not self.over else []

    def legal_moves(self) -> list[str]:
        """The legal moves as text, in the order of :meth:`legal_codes`."""
        return [self.describe(c) for c in self.legal_codes()]

    def describe(self, code: int) -> str:
        """A move code in words; a split move as its two parts joined by `` + ``."""
        p, t = self.to_play, int(self._st[S.CUR_THROW])
        if code >= E.SPLIT:
            first, second = code % E.SPLIT_A, code // E.SPLIT
            d1, d2 = E.split_landings(self._st, p, t, code)
            return f"{self._part(first, d1)} + {self._part(second, d2)}"
        return self._part(code, E.target(self._st, p, t, code))

    def _part(self, code: int, dest: int) -> str:
        s, k, back = code // 64, (code % 64) // 2, code % 2
        where = "?" if dest < 0 else ("尚乘局 (past it)" if dest > 91 else self._station(dest))
        horse = "horse" if k == 1 else "horses"
        return f"{k} {horse} {self._station(s)} → {where}" + (" (back)" if back else "")

    def observation(self, seat: int | None = None) -> np.ndarray:
        """The observation array a strategy of ``seat`` (default: the player to move) gets."""
        obs = np.zeros(E.OBS_SIZE, dtype=np.int64)
        E.fill_obs(self._st, self.to_play if seat is None else seat, obs)
        return obs

    def count(self, seat: int, station: int) -> int:
        """Horses of ``seat`` on ``station`` (0: off the board, 90: 堑, 91: home)."""
        return int(self._st[S.CNT + seat * N_STATIONS + station])

    def tie(self, seat: int) -> int:
        """Net 帖 of ``seat`` from throws, hits and fly-outs so far."""
        return int(self._st[S.TIE + seat])

    def points(self, seat: int) -> int:
        """Net 帖 of ``seat`` with the pot flows (stake paid in, pots taken out)."""
        return int(self._st[S.TIE + seat] + self._st[S.POTNET + seat])

    def horses(self, seat: int) -> tuple[str, ...]:
        """Where ``seat``'s horses stand, one ``'station ×count'`` per occupied station."""
        return tuple(f"{self._station(s)} ×{self.count(seat, s)}"
                     for s in range(N_STATIONS) if self.count(seat, s))

    def result(self) -> dict[str, Any]:
        """How the game ended, with everyone's points."""
        n = self.rules.players
        st = self._st
        return {"winner": int(st[S.WINNER]), "ending": END_NAMES[int(st[S.END_KIND])],
                "throws": int(st[S.NTHROWS]), "points": [self.points(p) for p in range(n)],
                "hangu": int(st[S.HANGU_TAKER])}

    def final_state(self) -> np.ndarray:
        """A copy of the state vector (at the end: what the batch driver keeps per game)."""
        return self._st.copy()

    def board(self) -> str:
        """The board as text: every occupied station, the waiting and the home horses."""
        n = self.rules.players
        lines = []
        for s in range(N_STATIONS):
            held = [f"seat{p}×{self.count(p, s)}" for p in range(n) if self.count(p, s)]
            if held:
                lines.append(f"{self._station(s):>14}: {' '.join(held)}")
        lines.append(f"pot {int(self._st[S.POT])}; 帖 " + ", ".join(
            f"seat{p} {self.tie(p):+d}" for p in range(n)))
        return "\n".join(lines)

    def __repr__(self) -> str:
        state = "over" if self.over else f"seat {self.to_play} to move on {self.current_throw}"
        return (f"<打马 Game seed={self.seed} players={self.rules.players} "
                f"throws={int(self._st[S.NTHROWS])} {state}>")

    def _station(self, s: int) -> str:
        name = station_name(s, self._layout)
        return name if s in (0, 91) or name.endswith("路") else f"{s} {name}"

    def _event(self, kind, seat, a, b, c, d) -> Event:
        name = ("bencai", "throw", "enter", "move", "hit", "tie", "pot", "fly", "gate", "extra",
                "end")[kind]
        if kind in (S.EV_BENCAI, S.EV_THROW):
            text = str(throw_at(a))
        elif kind == S.EV_ENTER:
            text = f"enters {a} at 赤岸驿 (batch {b})"
        elif kind == S.EV_MOVE:
            text = f"moves {c} from {self._station(a)} to {self._station(b)}" + (" (past 尚乘局)" if d else "")
        elif kind == S.EV_HIT:
            text = f"hits {c} of seat {a} on {self._station(b)}"
        elif kind == S.EV_TIE:
            text = f"pays seat {a} {b} 帖 ({_TIE_REASONS[c]})"
        elif kind == S.EV_POT:
            text = f"takes {a} 帖 from the pot ({_POT_REASONS[b]})"
        elif kind == S.EV_FLY:
            text = f"{a} fly out of the 堑 (batch {b})"
        elif kind == S.EV_GATE:
            text = f"{self._station(a)} {'gathered' if b == 1 and a == 82 else 'open'}"
        elif kind == S.EV_EXTRA:
            text = "throws again"
        else:
            text = f"game over: {END_NAMES[a]}"
        return Event(name, seat, text)

    # --- playing with strategies --------------------------------------------------------
    def play_out(self, strategies: Sequence[Callable[..., Any]]) -> dict[str, Any]:
        """Play to the end with one strategy per seat: a compiled kernel (called exactly as
        the batch driver calls it) or a Python ``choose(observation, legal, rng)`` that gets
        the kernel's observation array, the legal move codes and the strategies' generator
        (a one-element ``uint64`` array, the batch's) and returns the index of its move."""
        while not self.over:
            seat = self.to_play
            f = strategies[seat]
            obs = self.observation(seat)
            if hasattr(f, "py_func"):
                i = int(f(obs, self._legal, np.int64(self._n), self._srng))
            else:
                try:
                    i = int(f(obs, self.legal_codes(), self._srng))
                except Exception as exc:  # a user's strategy: name the game so it can be replayed
                    raise StrategyError(f"strategy of seat {seat} raised {exc!r} in the game with "
                                        f"seed {self.seed}") from exc
            if not 0 <= i < self._n:
                raise IllegalActionError(f"strategy of seat {seat} chose move {i} of {self._n} "
                                         f"in the game with seed {self.seed}")
            self.step(int(self._legal[i]))
        return self.result()


def replay(seed: int, actions: Sequence[int], rules: DamaRules | None = None) -> Game:
    """The game of ``seed`` with these moves chosen in turn."""
    g = Game(seed=seed, rules=rules)
    for a in actions:
        g.step(a)
    return g

