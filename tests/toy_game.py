"""A tiny card game from outside paiju, built the way docs/adding-a-game.md says.

Swap: ten cards 0–9, two seats, two hidden cards each, the other six face down as the
stock. Seats alternate, two decisions each: stand, or swap one of their cards for the top
of the stock (the card given up is shown, face up). Then the higher total wins one point
from the other; equal totals are a draw. Everything a game needs is here — rules, an engine
over a state vector shared by the batch loop and the driver, an observation spec, a
``DriverGame`` with ``resample``, a compiled strategy, a play workload — so the conformance
suite and ``paiju run`` can take it through an entry point like any plug-in
(``tests/test_plugin_game.py``). Its compiled half is :mod:`sim.loops`' hand loop and search
over the primitives of ``tests/toy_batch.py`` and ``tests/toy_search.py``; its compiled
resample, :func:`resample_world`, is the one the driver's ``resample`` calls.
"""

from __future__ import annotations

import dataclasses
from types import ModuleType
from typing import Any, ClassVar

import numpy as np
import polars as pl
import pyarrow as pa
from numba import njit

from sim.games.base import GameInfo, RunSpec, play_columns, play_fields
from sim.games.chance import CardDeal
from sim.games.compiled_play import CompiledPlay
from sim.games.driver import DriverGame, Event
from sim.games.spec import ObservationSpec
from sim.registry import StrategyInfo
from sim.rng import below, strategy_seed
from sim.rules import RuleSet, VectorLayout, option
from sim.search import SearchParams
from sim.stats import play_summary

SEATS, CARDS, HELD, TURNS = 2, 10, 2, 4
# state: hands (2 × 2), stock (6), top of the stock, turn, shown cards (10 flags), event log,
# the seat to act (-1 once the hand is over), the seats' points (set when it ends)
HANDS, STOCK, TOP, TURN, SHOWN, N_EVENTS, EVENTS = 0, 4, 10, 11, 12, 22, 23
ACTOR = EVENTS + 3 * TURNS
PTS = ACTOR + 1
STATE_SIZE = PTS + SEATS
STAND = 0  # action codes: 0 stand, 1 + i swap card i

SPEC = ObservationSpec.build("int64", [
    ("seat", 1, "the seat deciding"),
    ("turn", 1, "decisions made so far in the hand (0–3)"),
    ("hand", HELD, "the seat's own two cards"),
    ("shown", CARDS, "1 where a card has been swapped out, face up"),
])
O_SEAT, O_TURN, O_HAND, O_SHOWN = (SPEC.offset(n) for n in ("seat", "turn", "hand", "shown"))


@dataclasses.dataclass(frozen=True, kw_only=True)
class SwapRules(RuleSet):
    """The toy's options."""

    GAME: ClassVar[str] = "toy"
    PRESETS: ClassVar[dict[str, dict]] = {"seed": {}}

    swaps: bool = option(True, doc="whether a seat may swap at all (else every decision is to stand)")


# the vector the compiled kernels read the rules from (the hand loop's ``ctx``)
LAYOUT = VectorLayout("swaps")
V_SWAPS = LAYOUT.offset("swaps")


def rules_vector(rules: SwapRules | None = None) -> np.ndarray:
    """The options as the ``int64`` vector the compiled kernels read (offsets ``V_*``)."""
    return LAYOUT.build(swaps=(rules or SwapRules()).swaps)


# ------------------------------------------------------------------ engine (both drivers)
@njit(cache=True)
def deal(s: np.ndarray, seed: np.uint64) -> None:
    """Shuffle the ten cards from the hand's seed: two per seat, the rest as the stock."""
    rng = np.array([seed], dtype=np.uint64)
    cards = np.arange(CARDS)
    for i in range(CARDS - 1, 0, -1):
        j = below(rng, i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    s[:] = 0
    s[HANDS:HANDS + CARDS] = cards  # hands then stock, in one run (seat 0 to act)


@njit(cache=True)
def legal(s: np.ndarray, swaps: bool, out: np.ndarray) -> int:
    """The legal codes of the seat to act (none when the hand is over)."""
    if s[TURN] >= TURNS:
        return 0
    out[0] = STAND
    if not swaps:
        return 1
    out[1], out[2] = 1, 2
    return 3


@njit(cache=True)
def apply(s: np.ndarray, code: int) -> None:
    """One decision of the seat to act, logged as an event (kind, seat, card given up)."""
    seat = s[TURN] % SEATS
    given = -1
    if code != STAND:
        slot = HANDS + HELD * seat + code - 1
        given = s[slot]
        s[slot] = s[STOCK + s[TOP]]
        s[TOP] += 1
        s[SHOWN + given] = 1
    e = EVENTS + 3 * s[N_EVENTS]
    s[e], s[e + 1], s[e + 2] = code, seat, given
    s[N_EVENTS] += 1
    s[TURN] += 1
    s[ACTOR] = s[TURN] % SEATS if s[TURN] < TURNS else -1
    if s[ACTOR] < 0:
        a, b = s[HANDS] + s[HANDS + 1], s[HANDS + 2] + s[HANDS + 3]
        s[PTS] = 0 if a == b else (1 if a > b else -1)
        s[PTS + 1] = -s[PTS]


@njit(cache=True)
def resample_world(s: np.ndarray, seat: int, out: np.ndarray, rng: np.ndarray) -> None:
    """Write into ``out`` a copy of ``s`` in which the other seat's hand and the stock not
    yet drawn are redrawn from the cards ``seat`` has not seen, with the generator ``rng``."""
    out[:] = s
    places = np.empty(HELD + CARDS - SEATS * HELD, dtype=np.int64)
    m = 0
    for i in range(HELD):
        places[m] = HANDS + HELD * (1 - seat) + i
        m += 1
    for k in range(s[TOP], CARDS - SEATS * HELD):
        places[m] = STOCK + k
        m += 1
    cards = np.empty(m, dtype=np.int64)
    for i in range(m):
        cards[i] = s[places[i]]
    cards.sort()  # from the unseen cards, not their places
    for i in range(m - 1, 0, -1):
        j = below(rng, i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    for i in range(m):
        out[places[i]] = cards[i]


@njit(cache=True)
def observe(s: np.ndarray, seat: int, o: np.ndarray) -> None:
    """What ``seat`` sees: its own cards and the cards shown."""
    o[O_SEAT], o[O_TURN] = seat, s[TURN]
    for i in range(HELD):
        o[O_HAND + i] = s[HANDS + HELD * seat + i]
    for c in range(CARDS):
        o[O_SHOWN + c] = s[SHOWN + c]


@njit(cache=True)
def moves(s: np.ndarray) -> int:
    """The hand's decisions as one number: their codes in base 3, the first the lowest digit."""
    out, place = 0, 1
    for t in range(s[N_EVENTS]):
        out += s[EVENTS + 3 * t] * place
        place *= 3
    return out


def totals(s: np.ndarray) -> tuple[int, int]:
    return int(s[HANDS] + s[HANDS + 1]), int(s[HANDS + 2] + s[HANDS + 3])


def points(s: np.ndarray) -> tuple[int, int]:
    a, b = totals(s)
    return (0, 0) if a == b else ((1, -1) if a > b else (-1, 1))


# ------------------------------------------------------------------ the strategy
@njit(cache=True)
def swap_low(obs: np.ndarray, legal_codes: np.ndarray, n: int, rng: np.ndarray) -> int:
    """Swap a card below 4 (the lower one), else stand; a coin decides between two such."""
    low = -1
    for i in range(HELD):
        if obs[O_HAND + i] < 4 and (low < 0 or obs[O_HAND + i] < obs[O_HAND + low]):
            low = i
    if low < 0 or n == 1:
        return STAND
    return 1 + low if below(rng, 8) else STAND


# ------------------------------------------------------------------ the driver
class Game(DriverGame):
    """One hand of Swap."""

    _ACTOR = ACTOR
    _EVENTS = (N_EVENTS, EVENTS)
    _n_seats = SEATS
    _SEARCH, _ROLLOUT = "tests.toy_search", "swap_low"

    def __init__(self, *, seed: int, rules: SwapRules | None = None, dealer: int = 0) -> None:
        self.rules = rules or SwapRules()
        self.dealer = int(dealer)
        self._prepare(seed=seed, salt=int(strategy_seed(np.uint64(0))), state_size=STATE_SIZE,
                      max_actions=3, obs_size=SPEC.size)
        deal(self._s, np.uint64(self.seed))

    @classmethod
    def chance_deal(cls, *, rules: SwapRules | None = None, dealer: int = 0) -> CardDeal:
        """The ten cards drawn one by one: two per seat, then the stock (as ``deal`` lays a
        shuffle out)."""

        def finish(order: np.ndarray, extras: tuple[int, ...], redeals: int) -> Game:
            g = cls(seed=0, rules=rules, dealer=dealer)
            g._s[:] = 0
            g._s[HANDS:HANDS + CARDS] = order
            return g

        return CardDeal([1] * CARDS, finish)

    def _legal(self) -> int:
        return int(legal(self._s, self.rules.swaps, self._buf))

    def _apply(self, code: int) -> None:
        apply(self._s, code)

    def _observe(self, seat: int, out: np.ndarray) -> None:
        observe(self._s, seat, out)

    def _action_text(self, code: int) -> str:
        return "stand" if code == STAND else f"swap card {self._s[HANDS + HELD * self.actor + code - 1]}"

    def observation(self, seat: int) -> dict[str, Any]:
        return {k: (v.copy() if isinstance(v, np.ndarray) else int(v))
                for k, v in SPEC.view(self.observation_array(seat)).items()}

    @property
    def events(self) -> list[Event]:
        out = []
        for kind, seat, given in self._raw_events():
            if kind == STAND:
                out.append(Event("stand", seat, f"seat {seat} stands"))
            else:
                out.append(Event("swap", seat, f"seat {seat} gives up {given}", cards=(str(given),)))
        if self.done:
            out.append(Event("end", -1, f"totals {totals(self._s)}", amounts=points(self._s)))
        return out

    @property
    def result(self) -> tuple[int, int] | None:
        return points(self._s) if self.done else None

    def _search_ctx(self) -> np.ndarray:
        return rules_vector(self.rules)


# ------------------------------------------------------------------ the play workload
class SwapPlay(CompiledPlay):
    """Play hands of Swap; one row per hand."""

    driver = Game
    description = "hands of Swap"
    default_shard_size = 500
    n_seats = SEATS
    default_strategies = ("swap_low",) * SEATS
    outcome_names = {"draw": "平", "win": "胜"}

    @property
    def batch(self) -> ModuleType:  # the game's modules are named toy_batch, toy_search
        from tests import toy_batch

        return toy_batch

    @property
    def search(self) -> ModuleType:
        from tests import toy_search

        return toy_search

    def context(self, rules: SwapRules) -> np.ndarray:
        return rules_vector(rules)

    def hand_dealer(self, spec: RunSpec, rules: SwapRules, ctx: np.ndarray) -> Any:
        return lambda i, prev: 0  # seat 0 decides first in every hand

    def schema(self, spec: RunSpec) -> pa.Schema:
        return pa.schema(play_fields(SEATS) + [pa.field("moves", pa.int16())])

    def columns(self, spec: RunSpec, names: tuple[str, ...], start: int, seeds: np.ndarray,
                res: np.ndarray) -> dict[str, Any]:
        from tests.toy_batch import R_MOVES, R_PTS

        count = len(seeds)
        pts = res[:, R_PTS:R_PTS + SEATS]
        winner = np.where(pts[:, 0] > 0, 0, np.where(pts[:, 1] > 0, 1, -1))
        cols = play_columns(names, np.arange(start, start + count, dtype=np.int64), seeds,
                            np.zeros(count, np.int8), np.where(winner >= 0, "win", "draw").tolist(),
                            winner, pts, np.full(count, TURNS))
        cols["moves"] = res[:, R_MOVES].astype(np.int16)
        return cols

    def summary(self, spec: RunSpec, frame: pl.LazyFrame) -> pl.DataFrame:
        return play_summary(frame, outcome_names=self.outcome_names)


GAME = GameInfo(name="toy", title="Swap (a toy card game)", rules=SwapRules,
                workloads={"play": SwapPlay()}, driver=Game, observation_spec=SPEC)
SWAP_LOW = StrategyInfo(game="toy", name="swap_low", description="swap a low card, else stand",
                        kernel=swap_low)
SEARCH = StrategyInfo(game="toy", name="search", params=SearchParams(),
                      description="samples k worlds of the unseen cards, plays every legal action (or "
                                  "width of them) to the end with swap_low, takes the best mean points")
