"""The Python driver of 丰顺: step through a hand, observe it per seat, replay it.

>>> g = Game(seed=3)
>>> g.actor == g.dealer, g.legal_actions()[0].text
(True, '打 红士')
>>> result = g.play([kernel_player("strong")] * 3)
>>> sum(result.points) == 0 and g.card_total() == 112
True
>>> Game.replay(seed=3, actions=g.decisions).result == result
True

A player is any callable ``choose(observation, legal, rng) -> Action | int``; compiled
strategies plug in through :class:`KernelPlayer` and make the same choices as in the
batch driver. The engine applies every forced step itself (draws, 和, the stock running out).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from sim.errors import IllegalActionError
from sim.games.sise.cards import N_KINDS, format_counts, kind_name, parse_cards, parse_counts
from sim.games.sise.fengshun import engine as E
from sim.games.sise.fengshun import observe as O
from sim.games.sise.fengshun import state as T
from sim.games.sise.fengshun.batch import RNG_SALT, rules_vector, tables
from sim.games.sise.fengshun.hands import NAMES
from sim.games.sise.fengshun.rules import FengshunRules
from sim.rng import below, hand_seed
from sim.games.driver import Action, Event, KernelPlayer, play_to_end
from sim.games.driver import kernel_player as driver_kernel_player

DECISIONS = ("none", "discard", "offer")


@dataclasses.dataclass(frozen=True)
class Observation:
    """What one seat may see; ``array`` is exactly what compiled strategies receive."""

    seat: int
    dealer: int
    decision: str
    hand: str
    melds: tuple[tuple[str, ...], ...]
    piles: tuple[str, ...]
    held: tuple[int, ...]
    stock_left: int
    card: str | None
    source: int
    array: np.ndarray
    shown: bool = False  # the card on offer was turned up from the wall by ``source``
    seats: int = T.N_SEATS


@dataclasses.dataclass(frozen=True)
class Result:
    """The end of a hand: winners (empty: nobody won), each seat's score (0 unless it won),
    the 点炮 seat (-1 unless won on a discard), how it ended, points per seat."""

    winners: tuple[int, ...]
    scores: tuple[int, ...]
    pao: int
    how: str
    points: tuple[int, ...]
    decisions: int


def kernel_player(name: str) -> KernelPlayer:
    """The registered compiled strategy ``name`` as a player for :meth:`Game.play`."""
    return driver_kernel_player("fengshun", name)


def next_dealer(winners: Sequence[int], pao: int, rng: np.ndarray | None = None, *,
                seats: int = T.N_SEATS) -> int:
    """Who deals next: a single winner; with several winners on one discard the 点炮 seat;
    otherwise (nobody won) the dice choose again among ``seats`` (``rng``, or -1 without one).

    >>> next_dealer([2], 0), next_dealer([1, 2], 0), next_dealer([], -1)
    (2, 0, -1)
    """
    if len(winners) == 1:
        return int(winners[0])
    if len(winners) > 1 and pao >= 0:
        return int(pao)
    if rng is None:
        return -1
    return int((below(rng, 6) + below(rng, 6) + 1) % seats)


class Game:
    """One hand of 丰顺, stepped from Python over the compiled engine."""

    def __init__(self, *, seed: int, rules: FengshunRules | None = None, dealer: int = -1) -> None:
        self.seed = int(seed)
        self.rules = rules or FengshunRules()
        if not -1 <= dealer < self.rules.players:
            raise ValueError(f"dealer must be a seat 0–{self.rules.players - 1} or -1 (the dice), "
                             f"not {dealer!r}")
        self._setup()
        deal_rng = np.array([np.uint64(self.seed)], dtype=np.uint64)
        E.deal(self._s, deal_rng, rules_vector(self.rules), int(dealer))
        E.start(self._s, self._tb)

    def _setup(self) -> None:
        self._tb = tables(self.rules)
        self.rng = np.array([np.uint64(self.seed) ^ RNG_SALT], dtype=np.uint64)
        self.decisions: list[tuple[int, int]] = []
        self._s = np.zeros(T.STATE_SIZE, dtype=np.int64)
        self._buf = np.empty(T.MAX_ACTIONS, dtype=np.int64)
        self._obs = np.zeros(O.OBS_SIZE, dtype=np.int64)

    @classmethod
    def from_run(cls, *, root_seed: int, hand: int, rules: FengshunRules | None = None,
                 dealer: int = -1) -> Game:
        """Hand ``hand`` of a run with ``root_seed``, dealt exactly as the batch driver deals it
        by ``dealer`` (-1: the hand's dice; the ``dealer`` column of the run's row)."""
        return cls(seed=int(hand_seed(np.uint64(root_seed), np.int64(hand))), rules=rules,
                   dealer=dealer)

    @classmethod
    def from_cards(cls, *, hands: Sequence[str], stock: str = "", dealer: int = 0,
                   rules: FengshunRules | None = None) -> Game:
        """A hand with chosen cards (for examples and tests); the dealer acts first (and wins
        at once if his cards are complete). ``stock`` lists the cards to draw, in order."""
        r = rules or FengshunRules()
        if len(hands) != r.players:
            raise ValueError(f"give {r.players} hands (players={r.players}), not {len(hands)}")
        if dealer not in range(r.players):
            raise ValueError(f"dealer must be a seat 0–{r.players - 1}, not {dealer!r}")
        g = cls.__new__(cls)
        g.seed, g.rules = 0, r
        g._setup()
        s = g._s
        E.init_state(s, dealer, rules_vector(g.rules))
        for seat, text in enumerate(hands):
            s[T.HAND + seat * N_KINDS: T.HAND + (seat + 1) * N_KINDS] = parse_counts(
                text, NAMES, game="fengshun", limit=4 * r.decks)
        cards = parse_cards(stock, NAMES, game="fengshun")
        for i, k in enumerate(cards):
            s[T.STOCK + i] = k
        s[T.SP], s[T.SE] = 0, len(cards)
        E.start(s, g._tb)
        return g

    @classmethod
    def replay(cls, *, seed: int, actions: Sequence[tuple[int, int]] | Sequence[int],
               rules: FengshunRules | None = None, dealer: int = -1) -> Game:
        """Rebuild a hand from its decisions (``(seat, code)`` pairs or bare codes)."""
        g = cls(seed=seed, rules=rules, dealer=dealer)
        for a in actions:
            g.step(int(a[1] if isinstance(a, tuple) else a))
        return g

    # ---------------------------------------------------------------- state
    @property
    def state(self) -> np.ndarray:
        """A copy of the engine state vector."""
        return self._s.copy()

    @property
    def seats(self) -> int:
        """Players at the table."""
        return self.rules.players

    @property
    def dealer(self) -> int:
        """The dealer's seat (chosen by the dice of the hand's seed unless given)."""
        return int(self._s[T.DEALER])

    @property
    def actor(self) -> int:
        """The seat to decide, or -1 when the hand is over."""
        return int(self._s[T.ACTOR])

    @property
    def done(self) -> bool:
        """Whether the hand is over."""
        return int(self._s[T.STAGE]) == T.ST_DONE

    def _codes(self) -> list[int]:
        n = E.legal_actions(self._s, self._buf, self._tb)
        return [int(c) for c in self._buf[:n]]

    def legal_actions(self) -> list[Action]:
        """The choices of the seat to act (empty when the hand is over)."""
        return [Action(c, self.describe(c)) for c in self._codes()]

    def describe(self, code: int) -> str:
        """A readable text for an action code in the current decision."""
        s = self._s
        if int(s[T.STAGE]) == T.ST_DISCARD and code < N_KINDS:
            return f"打 {kind_name(code, NAMES)}"
        card = kind_name(int(s[T.CARD]), NAMES)
        if code == T.PASS:
            return "过"
        if code >= T.CHI and int(s[T.STAGE]) in (T.ST_OFFER, T.ST_SHOWN):
            return "吃 " + self._group_text(int(E.chi_group(code, int(s[T.CARD]), self._tb)))
        return {T.PENG: "碰", T.GANG: "杠"}.get(code, "?") + f" {card}"

    def _group_text(self, g: int) -> str:
        cards = self._tb[0]
        return "".join(kind_name(int(k), NAMES) for k in cards[g, : self._tb[1][g]])

    def step(self, action: Action | int, *, who: str = "player") -> None:
        """Apply a legal action of the seat to act; an illegal one raises a one-line error."""
        seat = self.actor
        if isinstance(action, Action):
            code = action.code
        elif isinstance(action, (int, np.integer)) and not isinstance(action, bool):
            code = int(action)
        else:
            raise IllegalActionError(f"{who} (seat {seat}) returned {action!r}, which is not an "
                                     f"action, in hand seed {self.seed}")
        if self.done:
            raise IllegalActionError(f"{who} acted in hand seed {self.seed} after the hand ended")
        legal = self._codes()
        if code not in legal:
            options = ", ".join(f"{c} ({self.describe(c)})" for c in legal)
            raise IllegalActionError(f"{who} (seat {seat}) chose illegal action {code} in hand "
                                     f"seed {self.seed}; legal: {options}")
        self.decisions.append((seat, code))
        E.apply_action(self._s, code, self._tb)

    def play(self, players: Sequence[Callable[..., Any]]) -> Result:
        """Play the hand to its end with one player per seat; returns the result."""
        return play_to_end(self, players, seats=self.seats, kernel_code=self._kernel_code)

    def _kernel_code(self, seat: int, player: KernelPlayer) -> int:
        n = E.legal_actions(self._s, self._buf, self._tb)
        O.observe(self._s, seat, self._obs)
        return int(player.kernel(self._obs, self._buf, n, self.rng))

    # ---------------------------------------------------------------- views
    def melds(self, seat: int) -> tuple[str, ...]:
        """A seat's table groups as text (all public), e.g. ``'碰 红车'``."""
        s, out = self._s, []
        for j in range(int(s[T.NM + seat])):
            t, v = int(s[T.MT + seat * T.MAXM + j]), int(s[T.MV + seat * T.MAXM + j])
            out.append(f"吃 {self._group_text(v)}" if t == T.M_CHI
                       else f"{T.MELD_NAMES[t]} {kind_name(v, NAMES)}")
        return tuple(out)

    def hand(self, seat: int) -> str:
        """A seat's concealed cards in Chinese notation."""
        return format_counts(self._s[T.HAND + seat * N_KINDS: T.HAND + (seat + 1) * N_KINDS], NAMES)

    def observation(self, seat: int) -> Observation:
        """What ``seat`` may see now (built from the same array the kernels get)."""
        o = np.zeros(O.OBS_SIZE, dtype=np.int64)
        O.observe(self._s, seat, o)
        piles = tuple(format_counts(o[O.OB_PILE + p * N_KINDS: O.OB_PILE + (p + 1) * N_KINDS], NAMES)
                      for p in range(self.seats))
        card = int(o[O.OB_CARD])
        return Observation(
            seat=seat, dealer=int(o[O.OB_DEALER]), decision=DECISIONS[int(o[O.OB_DECISION])],
            hand=format_counts(o[O.OB_HAND: O.OB_HAND + N_KINDS], NAMES),
            melds=tuple(self.melds(p) for p in range(self.seats)), piles=piles,
            held=tuple(int(o[O.OB_HELD + p]) for p in range(self.seats)),
            stock_left=int(o[O.OB_STOCK]), card=kind_name(card, NAMES) if card >= 0 else None,
            source=int(o[O.OB_SRC]), array=o, shown=bool(o[O.OB_SHOWN]), seats=int(o[O.OB_SEATS]),
        )

    @property
    def events(self) -> list[Event]:
        """Everything that happened so far, forced steps included."""
        s, out = self._s, []
        for i in range(int(s[T.N_EV])):
            kind, seat, value = (int(x) for x in s[T.EVT + 3 * i: T.EVT + 3 * i + 3])
            if kind == T.EV_CHI:
                text = self._group_text(value)
            elif kind == T.EV_HU:
                text = f"{value} points"
            elif kind in (T.EV_STOCK, T.EV_SKIP):
                text = ""
            else:
                text = kind_name(value, NAMES)
            out.append(Event(T.EVENT_NAMES[kind], seat, text))
        return out

    @property
    def result(self) -> Result | None:
        """The result once the hand is over, else ``None``."""
        if not self.done:
            return None
        s = self._s
        mask = int(s[T.WINMASK])
        winners = tuple(p for p in range(self.seats) if (mask >> p) & 1)
        return Result(
            winners=winners, scores=tuple(int(s[T.SCORE + p]) for p in range(self.seats)),
            pao=int(s[T.PAO]), how=T.HOW_NAMES[int(s[T.HOW])],
            points=tuple(int(s[T.PTS + p]) for p in range(self.seats)), decisions=int(s[T.N_DEC]),
        )

    def card_total(self) -> int:
        """Cards accounted for (112 per deck in a dealt hand)."""
        return int(E.card_total(self._s))

    def __repr__(self) -> str:
        lines = [f"Game(seed={self.seed}, dealer={self.dealer}, actor={self.actor})"]
        for p in range(self.seats):
            lines.append(f"  seat {p}: {self.hand(p)} | {' '.join(self.melds(p))}")
        return "\n".join(lines)
