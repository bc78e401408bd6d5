"""What every game's Python driver shares: actions, events, kernel players, the play loop and
the base class of the ``Game`` classes (:class:`DriverGame`)."""

from __future__ import annotations

import copy
import dataclasses
import importlib
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any, ClassVar, Self

import numpy as np

from sim.errors import IllegalActionError, OptionError, PaijuError, StrategyError
from sim.games.log import SharedLog


@dataclasses.dataclass(frozen=True)
class Action:
    """A legal choice: its engine code and a readable text (what ``legal_actions`` lists)."""

    code: int
    text: str

    def __int__(self) -> int:
        return self.code


@dataclasses.dataclass(frozen=True)
class Event:
    """One entry of the event log: ``kind`` (e.g. ``'摸'``, ``'碰'``), the seat, a text, and
    the same as data: the ``cards`` it moves (card notation, one string a card or a group)
    and the ``amounts`` it scores or pays (e.g. 胡息, points per seat)."""

    kind: str
    seat: int
    text: str
    cards: tuple[str, ...] = ()
    amounts: tuple[int, ...] = ()


@dataclasses.dataclass(frozen=True)
class KernelPlayer:
    """A compiled strategy played through a Python driver (the same choices as in the batch)."""

    kernel: Callable[..., int]
    name: str = "kernel"


def kernel_player(game: str, name: str) -> KernelPlayer:
    """The registered compiled strategy ``name`` of ``game`` as a player for ``Game.play``."""
    from sim.registry import get_strategy

    return KernelPlayer(get_strategy(game, name).kernel, name)


def play_to_end(game: Any, players: Sequence[Callable[..., Any]], *, seats: int,
                kernel_code: Callable[[int, KernelPlayer], int]) -> Any:
    """Play ``game`` to its end with one player per seat and return its ``result``.

    A :class:`KernelPlayer` is asked through ``kernel_code(seat, player)`` (the game fills
    the seat's observation and calls the kernel), a :class:`~sim.search.SearchPlayer`
    through the game's ``_search_code(seat, player)`` (its compiled search), a
    :class:`~sim.search.Searcher` as ``search(SeatView(game, seat), rng)``; any other
    player is called as ``player(observation, legal_actions, rng)``. A player that raises
    is reported in one line with the hand's seed and how to replay it.
    """
    from sim.search import Searcher, SearchPlayer, SeatView

    if len(players) != seats:
        raise PaijuError(f"give {seats} players, not {len(players)}")
    while not game.done:
        seat = game.actor
        player = players[seat]
        if isinstance(player, KernelPlayer):
            game.step(kernel_code(seat, player), who=f"strategy {player.name!r}")
            continue
        if isinstance(player, SearchPlayer):
            game.step(game._search_code(seat, player), who=f"strategy {player.name!r}")
            continue
        name = f"strategy {getattr(player, '__name__', getattr(player, 'name', type(player).__name__))!r}"
        try:
            if isinstance(player, Searcher):
                choice = player.search(SeatView(game, seat), game.rng)
            else:
                choice = player(game.observation(seat), game.legal_actions(), game.rng)
        except OptionError:
            raise  # a strategy that refuses its options or a missing extra says so itself
        except Exception as exc:
            raise StrategyError(
                f"{name} (seat {seat}) raised {type(exc).__name__}: {exc} in hand seed "
                f"{game.seed}; replay it with Game(seed={game.seed}, dealer={game.dealer})"
            ) from exc
        game.step(choice, who=name)
    return game.result


class DriverGame:
    """What the ``Game`` classes of the Python drivers share, over an engine's state vector.

    A game sets ``seed``, ``rng``, ``decisions``, ``_s``, ``_buf`` and ``_obs`` (see
    :meth:`_prepare`) and fills the hooks: ``_ACTOR`` (the state slot of the seat to act),
    ``_EVENTS`` (the slots of the event count and of the first event), ``_n_seats``,
    ``_legal`` (its engine's legal actions into ``_buf``), ``_apply`` (one action and what
    the engine then does by itself), ``_observe`` (a seat's observation array) and
    ``_action_text``. ``done`` reads ``actor < 0`` unless the game says otherwise; the
    class constants below and ``_refusal`` word its errors, and say whether its decision
    log holds ``(seat, code)`` pairs or bare codes.

    A game with a compiled search names its module in ``_SEARCH`` and the rollout strategy
    of a search that names none in ``_ROLLOUT``, and gives the kernels' ``ctx`` in
    ``_search_ctx``: :meth:`_search_code` and :meth:`resample` then run that module's
    functions on the game's state.
    """

    seed: int
    rng: np.ndarray
    decisions: SharedLog
    _s: np.ndarray
    _buf: np.ndarray
    _obs: np.ndarray
    _ACTOR: ClassVar[int]
    _EVENTS: ClassVar[tuple[int, int]]
    _n_seats: int
    _SEATED_DECISIONS: ClassVar[bool] = False  # decisions are (seat, code) pairs, else codes
    _ENDED_FIRST: ClassVar[bool] = True  # an ended hand is reported before a non-action
    _NOT_ACTION: ClassVar[str] = "an action"  # what a returned non-action is not
    _OPTION: ClassVar[str] = "{text}"  # a legal action in an illegal choice's message
    _EVENT_WIDTH: ClassVar[int] = 3  # slots per event row in the state (kind, seat, value, ...)
    _SEARCH: ClassVar[str] = ""  # the module of the game's compiled search ("": none)
    _ROLLOUT: ClassVar[str] = ""  # the strategy its rollouts play when a search names none

    def _prepare(self, *, seed: int, salt: int, state_size: int, max_actions: int,
                 obs_size: int | tuple[int, ...], dtype: type = np.int64) -> None:
        """Set the seed, the strategies' generator (``seed ^ salt``), an empty decision log
        (shared by the hand's copies, :mod:`sim.games.log`) and the engine's arrays."""
        self.seed = int(seed)
        self.rng = np.array([np.uint64(self.seed) ^ np.uint64(salt)], dtype=np.uint64)
        self.decisions = SharedLog()
        self._s = np.zeros(state_size, dtype=dtype)
        self._buf = np.empty(max_actions, dtype=dtype)
        self._obs = np.zeros(obs_size, dtype=dtype)

    @staticmethod
    def _run_seed(root_seed: int, hand: int) -> int:
        """The seed of hand ``hand`` of a run with ``root_seed`` (as the batch drivers derive it)."""
        from sim.rng import hand_seed

        return int(hand_seed(np.uint64(root_seed), np.int64(hand)))

    # ------------------------------------------------------------------ the contract
    @classmethod
    def new_game(cls, *, seed: int, rules: Any = None, dealer: int | None = None) -> Self:
        """A new hand dealt from ``seed`` (``dealer=None``: the game's own choice of dealer).

        ``GameInfo.new_game`` calls this with the game's rules object; a game whose
        constructor takes other words overrides it."""
        extra = {} if dealer is None else {"dealer": int(dealer)}
        return cls(seed=seed, rules=rules, **extra)

    @classmethod
    def from_row(cls, row: dict[str, Any], *, rules: Any = None, dealer: int | None = None) -> Self:
        """The hand a run stored as ``row`` (its ``seed`` and ``dealer``), under the run's
        ``rules``; :func:`sim.replay.game_from_run` reads the row from a run directory."""
        return cls.new_game(seed=int(row["seed"]), rules=rules,
                            dealer=int(row["dealer"]) if dealer is None else dealer)

    @classmethod
    def from_run(cls, run: str | Path | None = None, hand: int | None = None, *,
                 root_seed: int | None = None, rules: Any = None,
                 dealer: int | None = None) -> Self:
        """Hand ``hand`` of any run with root seed ``root_seed``:
        ``from_run(root_seed=, hand=, rules=)``. A hand of a run directory, dealt as the
        run's manifest and row say, is :func:`sim.replay.game_from_run` (the games read
        no runs: the run layer reads them and calls :meth:`from_row`)."""
        if run is not None:
            raise PaijuError("the games read no run directories: deal a run's hand with "
                             "sim.replay.game_from_run(run_dir, hand)")
        if hand is None:
            raise PaijuError("give the hand: from_run(root_seed=, hand=)")
        if root_seed is None:
            raise PaijuError("give root_seed= to from_run (a run directory's hand: "
                             "sim.replay.game_from_run(run_dir, hand))")
        return cls.new_game(seed=cls._run_seed(root_seed, int(hand)), rules=rules, dealer=dealer)

    @classmethod
    def replay(cls, *, seed: int, actions: Sequence[Any], rules: Any = None,
               dealer: int | None = None) -> Self:
        """The hand of ``seed`` (:meth:`new_game`) replayed through ``actions``: its
        :attr:`decisions`, ``(seat, code)`` pairs or bare codes."""
        return cls.new_game(seed=seed, rules=rules, dealer=dealer)._replay(actions, who="replay")

    @classmethod
    def kernel_player(cls, name: str) -> KernelPlayer:
        """The game's registered compiled strategy ``name`` as a player for :meth:`play`."""
        from sim.games import game_name_of

        return kernel_player(game_name_of(cls), name)

    @classmethod
    def chance_deal(cls, *, rules: Any = None, dealer: int = 0) -> Any:
        """The hand's deal drawn card by card (:class:`sim.games.chance.CardDeal`): every
        chance event explicit, as OpenSpiel's chance nodes need; its ``game`` is the hand
        once the last card is drawn, dealt exactly as the engine deals a shuffled deck."""
        raise NotImplementedError(f"{cls.__module__} does not deal card by card")

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The outcomes of a chance event the hand waits for in play, with their
        probabilities (empty: none; only games with dice in play wait for one)."""
        return []

    def apply_chance(self, outcome: int) -> None:
        """Settle the chance event the hand waits for (see :meth:`chance_outcomes`)."""
        raise PaijuError("this hand waits for no chance event")

    def observation_array(self, seat: int) -> np.ndarray:
        """The array a compiled strategy of ``seat`` gets now (laid out by the game's
        ``GameInfo.observation_spec``)."""
        return self._observed(seat)

    def clone(self) -> Self:
        """An independent copy that continues exactly as this hand would."""
        return copy.deepcopy(self)

    def resample(self, seat: int, rng: np.random.Generator) -> Self:
        """A copy in which everything ``seat`` cannot see (other hands, the stock, future
        draws) is redrawn from ``rng``, consistently with what ``seat`` has seen; the
        observation of ``seat`` is unchanged.

        A game with a compiled search redraws with the ``resample_world`` its search
        samples worlds with (its ``world.py`` says what is redrawn), seeded by one draw of
        ``rng``, so the driver's worlds are the search's."""
        if not self._SEARCH:
            raise NotImplementedError(f"{type(self).__module__} does not resample hidden information")
        from sim.rng import generator_state

        other = self.clone()
        world = importlib.import_module(self._SEARCH).resample_world
        world(self._s, seat, other._s, generator_state(rng))
        return other

    @property
    def result(self) -> Any:
        """The result once the hand is over (the game's ``Result``), else ``None``."""
        return self._result() if self.done else None

    @property
    def events(self) -> list[Event]:
        """Everything that happened so far, forced steps included, in words and as data
        (each event's ``cards`` and ``amounts`` as the game's ``_event`` says)."""
        return [self._event(*row) for row in self._raw_events()]

    # ------------------------------------------------------------------ hooks
    def _result(self) -> Any:
        """The result of the finished hand."""
        raise NotImplementedError

    def _event(self, kind: int, seat: int, value: int) -> Event:
        """One row of the state's event log as an :class:`Event`."""
        raise NotImplementedError

    def _legal(self) -> int:
        """Write the legal codes of the seat to act into ``_buf``; return how many."""
        raise NotImplementedError

    def _apply(self, code: int) -> None:
        """Apply a legal code, and whatever the engine then does by itself."""
        raise NotImplementedError

    def _observe(self, seat: int, out: np.ndarray) -> None:
        """Fill ``out`` with what ``seat`` may see (the array the kernels get)."""
        raise NotImplementedError

    def _action_text(self, code: int) -> str:
        """The readable text of a legal code in the current decision."""
        raise NotImplementedError

    def _refusal(self, action: Any, code: int) -> str:
        """How an illegal choice is named in its error (after ``who (seat n)``)."""
        return f"chose illegal action {code}"

    # ------------------------------------------------------------------ state
    @property
    def state(self) -> np.ndarray:
        """A copy of the engine state vector."""
        return self._s.copy()

    @property
    def actor(self) -> int:
        """The seat to decide, or -1 when the hand is over."""
        return int(self._s[self._ACTOR])

    @property
    def done(self) -> bool:
        """Whether the hand is over."""
        return self.actor < 0

    def _codes(self) -> list[int]:
        n = self._legal()
        return [int(c) for c in self._buf[:n]]

    def legal_actions(self) -> list[Action]:
        """The choices of the seat to act, with readable texts (empty when the hand is over)."""
        return [Action(c, self._action_text(c)) for c in self._codes()]

    def legal_codes(self) -> list[int]:
        """The codes of :meth:`legal_actions`, in its order, without their texts (what an
        adapter's action mask needs, at a fraction of the cost)."""
        return self._codes()

    def _code_of(self, action: Any, who: str) -> int:
        if isinstance(action, Action):
            return action.code
        if isinstance(action, (int, np.integer)) and not isinstance(action, bool):
            return int(action)
        if isinstance(action, str) and not self.done:  # an action by its text
            for a in self.legal_actions():
                if a.text == action:
                    return a.code
            options = ", ".join(a.text for a in self.legal_actions())
            raise IllegalActionError(f"{who} (seat {self.actor}) chose {action!r}, which is not a "
                                     f"legal action in hand seed {self.seed}; legal: {options}")
        raise IllegalActionError(f"{who} (seat {self.actor}) returned {action!r}, which is not "
                                 f"{self._NOT_ACTION}, in hand seed {self.seed}")

    def _check_running(self, who: str) -> None:
        if self.done:
            raise IllegalActionError(f"{who} acted in hand seed {self.seed} after the hand ended")

    def step(self, action: Any, *, who: str = "player") -> None:
        """Apply a legal action of the seat to act; an illegal one raises a one-line error and
        leaves the hand as it was."""
        seat = self.actor
        if self._ENDED_FIRST:
            self._check_running(who)
        code = self._code_of(action, who)
        if not self._ENDED_FIRST:
            self._check_running(who)
        if code not in self._codes():
            options = ", ".join(self._OPTION.format(code=a.code, text=a.text)
                                for a in self.legal_actions())
            raise IllegalActionError(f"{who} (seat {seat}) {self._refusal(action, code)} in hand "
                                     f"seed {self.seed}; legal: {options}")
        self.decisions.append((seat, code) if self._SEATED_DECISIONS else code)
        self._apply(code)

    def _lay_stock(self, cards: Sequence[int], at: int, sp: int, size: int) -> None:
        """Put ``cards`` (in drawing order) last in the stock of ``size`` slots from state slot
        ``at``, and point slot ``sp`` at the first of them (the earlier cards drawn already)."""
        if len(cards) > size:
            raise ValueError(f"the stock holds at most {size} cards, not {len(cards)}")
        first = size - len(cards)
        self._s[at + first: at + size] = cards
        self._s[sp] = first

    def _replay(self, actions: Sequence[Any], *, who: str = "player") -> Any:
        """Step through ``actions`` (codes, or ``(seat, code)`` pairs if decisions are seated)."""
        for a in actions:
            self.step(int(a[1] if self._SEATED_DECISIONS and isinstance(a, tuple) else a), who=who)
        return self

    def play(self, players: Sequence[Callable[..., Any]]) -> Any:
        """Play the hand to its end with one player per seat; returns the result."""
        return play_to_end(self, players, seats=self._n_seats, kernel_code=self._kernel_code)

    def _search_code(self, seat: int, player: Any) -> int:
        """The action the game's compiled search (``player.params``, a
        :class:`~sim.search.SearchParams`) chooses for ``seat`` now: ``search_choice`` of
        the module ``_SEARCH``, its rollouts played by ``params.rollout`` (else
        ``_ROLLOUT``) in every seat, from :meth:`_search_start`, as the batch chooses."""
        from sim.games import game_name_of
        from sim.games.sampled import driver_loop, rollout_kernel

        game = game_name_of(type(self))
        if not self._SEARCH:
            raise OptionError(f"{game} has no compiled search strategy (asked for {player.name!r})")
        params = player.params
        loop = driver_loop(self._SEARCH, rollout_kernel(game, params, self._ROLLOUT))
        state, legal, n, rng = self._search_start(seat)
        return int(loop.search_choice(state, self._search_ctx(), seat, params.k, params.width,
                                      legal, n, rng))

    def _search_start(self, seat: int) -> tuple[Any, np.ndarray, int, np.ndarray]:
        """What the compiled search of ``seat`` starts from: the hand loop's state, the legal
        actions and how many, and the generator it draws from (the hand's strategy
        generator, as in the batch)."""
        n = self._legal()
        return self._s, self._buf, n, self.rng

    def _search_ctx(self) -> Any:
        """The ``ctx`` of the game's compiled kernels (its rules vector, or a tuple of it and
        its tables)."""
        raise NotImplementedError

    def _kernel_code(self, seat: int, player: KernelPlayer) -> int:
        n = self._legal()
        self._observe(seat, self._obs)
        return int(player.kernel(self._obs, self._buf, n, self.rng))

    # ------------------------------------------------------------------ views
    def __repr__(self) -> str:
        more = self._repr_more()
        lines = [f"Game(seed={self.seed}, dealer={self.dealer}, actor={self.actor}"
                 f"{', ' + more if more else ''})"]
        for p in range(self._n_seats):
            text = self._seat_text(p)
            if text is not None:
                lines.append(f"  seat {p}: {text}")
        return "\n".join(lines)

    def _repr_more(self) -> str:
        """What the first line of the ``repr`` adds after the seat to act (e.g. ``stock=12``)."""
        return ""

    def _seat_text(self, seat: int) -> str | None:
        """A seat's line in the ``repr`` (its cards), or ``None`` for none."""
        return None

    def _observed(self, seat: int) -> np.ndarray:
        """A fresh observation array of ``seat`` (the one the kernels would get now)."""
        o = np.zeros(self._obs.shape[-1], dtype=self._obs.dtype)  # (a game may keep one per seat)
        self._observe(seat, o)
        return o

    def _raw_events(self) -> Iterator[tuple[int, ...]]:
        """The event log as tuples of ``_EVENT_WIDTH`` ints, ``(kind, seat, value, ...)``."""
        count, first = self._EVENTS
        w = self._EVENT_WIDTH
        for i in range(int(self._s[count])):
            yield tuple(int(x) for x in self._s[first + w * i: first + w * i + w])
