"""The Python driver: one game of 打马 on :class:`~sim.games.driver.DriverGame`.

>>> g = Game(seed=3)
>>> g.done, g.actor in (0, 1)
(False, True)
>>> len(g.legal_actions()) > 1          # the game waits at the first real choice
True
>>> g.step(g.legal_actions()[0]); len(g.decisions)
1

The driver rolls the same dice stream and calls the same compiled rules as the batch
driver (:mod:`.batch`), so :meth:`Game.play` with compiled strategies ends in exactly the
batch driver's final state. Forced moves (a single legal move) are played by the engine; a
throw without a legal move passes. :meth:`Game.replay` rebuilds a game from its seed and
its decisions (the move codes chosen).

:meth:`Game.chance_deal` gives a game in chance mode instead: no dice stream, every throw
(the 本采 throws at the start, then each throw in play) a chance event that
:meth:`chance_outcomes` lists and :meth:`apply_chance` settles.
"""

from __future__ import annotations

import copy
import functools

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Self

import numpy as np

from sim.errors import IllegalActionError, OptionError, PaijuError
from sim.games.dama import codes as C
from sim.games.dama import engine as E
from sim.games.dama import state as S
from sim.games.dama.batch import context, new_state
from sim.games.dama.board import HORSES, N_STATIONS, station_name
from sim.games.dama.events import END_NAMES, event
from sim.games.dama.observe import OBS_SIZE, Observation, fill_obs
from sim.games.dama.rules import DEFAULT_STRATEGY, DamaRules, rules_vector
from sim.games.dama.throws import N_THROWS, WAYS, Throw, classify, throw_at
from sim.games.chance import CardDeal
from sim.games.driver import Action, DriverGame, Event
from sim.games.log import SharedLog
from sim.rng import hand_seed

THROW_ODDS = tuple((t, int(WAYS[t]) / 216.0) for t in range(N_THROWS))  # each throw's chance
_THROW_TEXTS = tuple(f"throw {throw_at(t)}" for t in range(N_THROWS))  # a chance outcome in words

@dataclasses.dataclass(frozen=True)
class Result:
    """How a game ended: the winner (-1 for a draw), 细满/麤满/draw, its throws, everyone's
    points (帖 with the pot flows) and who took the 函谷关 half pot (-1: nobody)."""

    winner: int
    ending: str
    throws: int
    points: tuple[int, ...]
    hangu: int


class Game(DriverGame):
    """One game (see the module docstring). ``rules`` default to preset ``seed``; ``dealer``
    is the seat that throws first (the batch driver's games: seat 0)."""

    _SEARCH, _ROLLOUT = "sim.games.dama.search", DEFAULT_STRATEGY

    def __init__(self, *, seed: int, rules: DamaRules | None = None, dealer: int = 0,
                 _setup: bool = True, _chance: bool = False) -> None:
        self.rules = rules or DamaRules()
        if not 0 <= int(dealer) < self.rules.players:
            raise OptionError(f"dama dealer {dealer} is not a seat of {self.rules.players} players")
        self.seed = int(seed)
        self.dealer = int(dealer)
        self._n_seats = self.rules.players
        self._layout = self.rules.jia
        self._names = _station_names(self._layout)  # stations, as texts say
        self._s, self._ev, self._buf = E.new_state()
        self._obs = np.zeros(OBS_SIZE, dtype=np.int64)
        self._dice = np.array([self.seed], dtype=np.uint64)  # the dice stream
        self.rng = np.array([hand_seed(np.uint64(self.seed), 1)], dtype=np.uint64)  # strategies'
        self._n = 0  # legal moves of the pending decision (0: none pending)
        self._manual = not _setup or _chance  # dice come from throw()/apply_chance, not the stream
        self._chance = _chance  # chance mode: every throw waits for apply_chance
        self._starting = _chance  # chance mode, before everyone has his 真本采
        self._raw = SharedLog()  # event rows; :attr:`events` puts them in words
        self.decisions = SharedLog()
        if _chance:
            self._dice[0] = 0  # no stream: the dice are chance events
            E.setup(self._s, rules_vector(self.rules))
        elif _setup:
            E.new_game(self._s, self._ev, self._dice, rules_vector(self.rules))
            self._s[S.TURN] = self.dealer
            self._collect()
            self._advance()

    @classmethod
    def replay(cls, *, seed: int, actions: Sequence[int], rules: DamaRules | None = None,
               dealer: int = 0) -> Self:
        """The game of ``seed`` with these moves chosen in turn (e.g. another game's
        ``decisions``)."""
        return cls(seed=seed, rules=rules, dealer=dealer)._replay(actions)

    # --- a custom position, for examples and tests -------------------------------------
    @classmethod
    def from_position(cls, *, horses: Mapping[int, Mapping[int, int]], bencai: Sequence[str],
                      rules: DamaRules | None = None, turn: int = 0, seed: int = 0) -> Self:
        """A game set up by hand: ``horses[seat][station] = count`` (the rest off the board),
        each seat's 真本采 as dice; then :meth:`throw` plays chosen dice."""
        g = cls(seed=seed, rules=rules, _setup=False)
        E.new_game(g._s, g._ev, g._dice, rules_vector(g.rules))
        n = g.rules.players
        if len(bencai) != n:
            raise IllegalActionError(f"give one 本采 per player ({n}), not {len(bencai)}")
        for p in range(n):
            g._s[S.BENCAI + p] = classify(bencai[p]).index
            g._set_horses(p, horses.get(p, {}))
        g._s[S.TURN] = turn
        g._s[S.EMAX_FOR] = -1  # the counts were set by hand
        g._raw = SharedLog()
        return g

    def _set_horses(self, p: int, where: Mapping[int, int]) -> None:
        """Place seat ``p``'s horses by hand: ``where[station] = count``, the rest off the board."""
        st = self._s
        st[S.CNT + p * N_STATIONS: S.CNT + (p + 1) * N_STATIONS] = 0
        h = 0
        for station, count in sorted(where.items()):
            for _ in range(count):
                if h < HORSES:
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

    def throw(self, dice: str | Sequence[int]) -> None:
        """Play the next throw with these dice instead of the dice stream (in chance mode:
        :meth:`apply_chance` of their throw, a 本采 throw at the start)."""
        if self._chance:
            self.apply_chance(classify(dice).index)
            return
        if self._n > 1:
            raise IllegalActionError("a move is pending; step() it before the next throw")
        self._one_throw(classify(dice).index)

    def __deepcopy__(self, memo: dict) -> Self:
        """A copy that continues as this game would, at a cost that does not grow with the
        game: the engine's arrays copied, the event rows and decisions shared
        (:mod:`sim.games.log`), and of the legal-move buffer (32,768 entries, for the split
        moves) only the pending decision's moves; it grows back before the next throw."""
        other = copy.copy(self)
        for name, value in vars(self).items():
            if isinstance(value, (np.ndarray, SharedLog)) and name != "_buf":
                setattr(other, name, value.copy())
        other._buf = self._buf[: max(self._n, 1)].copy()
        return other

    # --- chance mode: every throw explicit ------------------------------------------------
    @classmethod
    def chance_deal(cls, *, rules: DamaRules | None = None, dealer: int = 0) -> CardDeal:
        """An empty deal (打马 deals no cards) whose game is in chance mode: it waits for
        every throw, the 本采 throws at the start included (see :meth:`chance_outcomes`)."""
        return CardDeal([], lambda order, extras, redeals: cls(seed=0, rules=rules, dealer=dealer,
                                                      _chance=True))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The 56 throws and their chances (ways of three dice / 216) when a throw is due in
        chance mode; empty while a move is pending, once over, and outside chance mode."""
        if not self._chance or self._s[S.OVER] or self._n > 1:
            return []
        return list(THROW_ODDS)

    def chance_text(self, outcome: int) -> str:
        """Throw ``outcome`` in words (its name, dice and kind)."""
        return _THROW_TEXTS[int(outcome)]

    def apply_chance(self, outcome: int) -> None:
        """Make the throw due (chance mode): at the start a 本采 throw of the seat throwing for
        his 真本采 (kept if a 杂 throw nobody owns, else he throws again), then a throw in play."""
        t = int(outcome)
        if not self.chance_outcomes():
            raise PaijuError("this game waits for no throw" if not self._chance or self._s[S.OVER]
                             else "a move is pending; step() it before the next throw")
        if not 0 <= t < N_THROWS:
            raise PaijuError(f"throw {t} is outside 0–{N_THROWS - 1}")
        if not self._starting:
            self._one_throw(t)
            return
        if E.bencai_throw(self._s, self._ev, t) < 0:  # everyone has his 真本采: play starts
            self._starting = False
            self._s[S.TURN] = self.dealer
        self._collect()

    # --- the game loop ----------------------------------------------------------------
    def _collect(self) -> None:
        n = int(self._s[S.NEV])
        if n:
            self._raw.extend(map(tuple, self._ev[:n].tolist()))
        self._s[S.NEV] = 0

    def _one_throw(self, t: int) -> None:
        if len(self._buf) < E.MAX_LEGAL:  # a copy's buffer holds only its pending moves
            self._buf = np.empty(E.MAX_LEGAL, dtype=np.int64)
        n = E.begin_throw(self._s, self._ev, t, self._buf)
        self._collect()
        if n > 1:
            self._n = n
            return
        if n == 1:
            E.apply_move(self._s, self._ev, self._buf[0])
        E.end_throw(self._s, self._ev)
        self._collect()

    def _advance(self) -> None:
        while not self._manual and not self._s[S.OVER] and self._n == 0:
            self._one_throw(E.roll(self._dice))

    # --- the DriverGame hooks ------------------------------------------------------------
    def _legal(self) -> int:
        return self._n if self._n > 1 and not self._s[S.OVER] else 0

    def _apply(self, code: int) -> None:
        E.apply_move(self._s, self._ev, code)
        self._n = 0
        E.end_throw(self._s, self._ev)
        self._collect()
        self._advance()

    def _observe(self, seat: int, out: np.ndarray) -> None:
        fill_obs(self._s, seat, out)

    def _action_text(self, code: int) -> str:
        return self.describe(code)

    def legal_actions(self) -> list[Action]:
        """The moves of the seat to act, with their texts (empty when none is pending);
        the landings of a decision's single moves are found in one compiled call."""
        n = self._legal()
        if n == 0:
            return []
        codes = self._buf[:n].copy()
        if codes.max() >= C.SPLIT:
            return [Action(int(c), self.describe(int(c))) for c in codes]
        dests = np.empty(n, dtype=np.int64)
        E.targets(self._s, int(self._s[S.TURN]), int(self._s[S.CUR_THROW]), codes, dests)
        return [Action(c, self._part(c, d)) for c, d in zip(codes.tolist(), dests.tolist())]

    # --- what a player sees ---------------------------------------------------------
    @property
    def actor(self) -> int:
        """The seat to throw and move (at a chance-mode start: the seat throwing for his
        本采), or -1 once the game is over."""
        if self._s[S.OVER]:
            return -1
        return int(E.bencai_seat(self._s)) if self._starting else int(self._s[S.TURN])

    @property
    def state(self) -> np.ndarray:
        """A copy of the engine state vector followed by the dice generator's word (the
        future dice, which no seat sees)."""
        return np.concatenate([self._s, self._dice.view(np.int64)])

    @property
    def current_throw(self) -> Throw:
        """The throw the seat to act moves on."""
        return throw_at(int(self._s[S.CUR_THROW]))

    def describe(self, code: int) -> str:
        """A move code in words; a split move as its two parts joined by `` + ``."""
        p, t = int(self._s[S.TURN]), int(self._s[S.CUR_THROW])
        if C.is_split(code):
            first, second = C.split_first(code), C.split_second(code)
            d1, d2 = E.split_landings(self._s, p, t, code)
            return f"{self._part(first, d1)} + {self._part(second, d2)}"
        return self._part(code, E.target(self._s, p, t, code))

    def _part(self, code: int, dest: int) -> str:
        s, k, back = C.station(code), C.horses(code), C.backward(code)
        where = "?" if dest < 0 else ("尚乘局 (past it)" if dest > 91 else self._names[dest])
        horse = "horse" if k == 1 else "horses"
        return f"{k} {horse} {self._names[s]} → {where}" + (" (back)" if back else "")

    def observation(self, seat: int) -> Observation:
        """What ``seat`` sees, by name (the board and the throw; a Python strategy's view)."""
        return Observation.from_array(self._observed(seat))

    def count(self, seat: int, station: int) -> int:
        """Horses of ``seat`` on ``station`` (0: off the board, 90: 堑, 91: home)."""
        return int(self._s[S.CNT + seat * N_STATIONS + station])

    def tie(self, seat: int) -> int:
        """Net 帖 of ``seat`` from throws, hits and fly-outs so far."""
        return int(self._s[S.TIE + seat])

    def points(self, seat: int) -> int:
        """Net 帖 of ``seat`` with the pot flows (stake paid in, pots taken out)."""
        return int(self._s[S.TIE + seat] + self._s[S.POTNET + seat])

    def horses(self, seat: int) -> tuple[str, ...]:
        """Where ``seat``'s horses stand, one ``'station ×count'`` per occupied station."""
        return tuple(f"{self._station(s)} ×{self.count(seat, s)}"
                     for s in range(N_STATIONS) if self.count(seat, s))

    @property
    def events(self) -> list[Event]:
        """The event log so far, in words and data."""
        n, st = self.rules.players, self._s
        return [event(row, players=n, st=st, station=self._station) for row in self._raw]

    @property
    def result(self) -> Result | None:
        """How the game ended, with everyone's points (``None`` while it runs)."""
        st = self._s
        if not st[S.OVER]:
            return None
        return Result(winner=int(st[S.WINNER]), ending=END_NAMES[int(st[S.END_KIND])],
                      throws=int(st[S.NTHROWS]),
                      points=tuple(self.points(p) for p in range(self.rules.players)),
                      hangu=int(st[S.HANGU_TAKER]))

    def resample(self, seat: int, rng: np.random.Generator) -> Self:
        """A copy whose future dice are redrawn from ``rng``: the board is public, so the dice
        still to come are all that ``seat`` cannot see. The strategies' generator stays: a
        strategy is handed it, so it is not hidden from the seat. In chance mode the future
        dice are chance events still to come: the copy is the game itself."""
        other = self.clone()
        if self._chance:
            return other
        other._dice[0] = rng.integers(0, np.iinfo(np.uint64).max, dtype=np.uint64, endpoint=True)
        return other

    def _search_start(self, seat: int) -> tuple[np.ndarray, np.ndarray, int, np.ndarray]:
        n = self._legal()
        return self._loop_state(), self._buf, n, self.rng

    def _search_ctx(self) -> tuple[np.ndarray, np.ndarray]:
        return context(rules_vector(self.rules))

    def _loop_state(self) -> np.ndarray:
        """The game as the compiled hand loop holds it (:mod:`sim.games.dama.batch`): the
        engine state, the dice stream's word, the seat to act (-1 once the game is over)."""
        s = new_state()
        s[: S.DICE + 1] = self.state
        s[S.ACTOR] = self.actor
        return s

    def board(self) -> str:
        """The board as text: every occupied station, the waiting and the home horses."""
        n = self.rules.players
        lines = []
        for s in range(N_STATIONS):
            held = [f"seat{p}×{self.count(p, s)}" for p in range(n) if self.count(p, s)]
            if held:
                lines.append(f"{self._station(s):>14}: {' '.join(held)}")
        lines.append(f"pot {int(self._s[S.POT])}; 帖 " + ", ".join(
            f"seat{p} {self.tie(p):+d}" for p in range(n)))
        return "\n".join(lines)

    def __repr__(self) -> str:
        if self.done:
            state = "over"
        elif self.chance_outcomes():
            state = f"seat {self.actor} to throw" + (" for his 本采" if self._starting else "")
        else:
            state = f"seat {self.actor} to move on {self.current_throw}"
        return (f"<打马 Game seed={self.seed} players={self.rules.players} "
                f"throws={int(self._s[S.NTHROWS])} {state}>")

    def _station(self, s: int) -> str:
        return self._names[s]


@functools.lru_cache(maxsize=None)
def _station_names(layout: str) -> tuple[str, ...]:
    """Every station's name as texts say it, under a 夹 layout (made once per layout)."""
    names = (station_name(s, layout) for s in range(N_STATIONS))
    return tuple(n if s in (0, 91) or n.endswith("路") else f"{s} {n}" for s, n in enumerate(names))
