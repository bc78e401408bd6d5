"""The Python driver of 天地人和: step through a hand, observe it per seat, replay it.

>>> g = Game(seed=7, dealer=0)
>>> g.actor, g.legal_actions()[0].text
(0, '出 天')
>>> result = g.play([kernel_player("strong")] * 3)
>>> result.outcome in ("win", "draw", "脱手 draw") and sum(result.points) == 0
True
>>> Game.replay(seed=7, dealer=0, actions=g.decisions).result == result
True
>>> [e.cards for e in g.events if e.kind == "出"][0]
('斧头',)

The engine makes every play that is the only legal one itself (a follower with fewer cards
than the lead, a single beating play …); players are asked only real choices.

A player is any callable ``choose(observation, legal, rng) -> Action | int | str``; the
observation is what the deciding seat may know (:class:`Observation`, whose ``array`` is
exactly what compiled strategies get). Compiled strategies plug in through
:class:`KernelPlayer` and make the same choices as in the batch driver.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

import numpy as np

from sim.errors import PaijuError
from sim.games.chuanpai.cards import COPIES, N_TYPES, format_cards, format_type, parse_cards
from sim.games.chuanpai.tiandi import engine as E
from sim.games.chuanpai.tiandi import observe as O
from sim.games.chuanpai.tiandi.public import play_code
from sim.games.chuanpai.tiandi.rules import DEFAULT_STRATEGY, TiandiRules, rules_vector
from sim.games.chuanpai.tiandi.scoring import LEVEL_NAMES
from sim.games.chuanpai.tiandi.shapes import MAX_CODE, SET, SET_SIZE, TWO, code_types
from sim.games.chance import CardDeal
from sim.games.chuanpai.driver import ChuanpaiGame
from sim.games.driver import Action, Event, KernelPlayer

N_SEATS = E.N_SEATS
_VERB = {E.MODE_LEAD: "出", E.MODE_BEAT: "打", E.MODE_DOWN: "盖"}
_EVENT_KINDS = {E.EV_LEAD: "出", E.EV_BEAT: "打", E.EV_DOWN: "盖", E.EV_TRICK: "摆",
                E.EV_HARD: "硬张", E.EV_BAO: "包牌", E.EV_TUOSHOU: "脱手", E.EV_END: "end"}


def play_text(code: int) -> str:
    """The cards of a play code by name (the number itself if it is no play code)."""
    code = int(code)
    if not (0 <= code < N_TYPES or TWO <= code < TWO + N_TYPES * N_TYPES
            or (SET <= code < MAX_CODE and SET_SIZE[code - SET] > 0)):
        return str(code)
    cards = np.empty(4, dtype=np.int64)
    counts = np.zeros(N_TYPES, dtype=np.int8)
    for k in cards[:code_types(code, cards)]:
        counts[k] += 1
    return format_cards(counts)


@dataclasses.dataclass(frozen=True)
class Observation:
    """What one seat may know. Face-down cards of others are never shown, only counted."""

    seat: int
    hand: str
    laid: tuple[str, ...]
    n_laid: tuple[int, ...]
    n_hand: tuple[int, ...]
    trick: tuple[str, ...]
    mode: str
    array: np.ndarray = dataclasses.field(repr=False, compare=False)


@dataclasses.dataclass(frozen=True)
class Result:
    """The end of a hand."""

    outcome: str  # "win", "draw", "脱手 draw" or "脱手 win"
    winner: int
    level: str
    fan: int
    stake: int
    points: tuple[int, ...]
    laid: tuple[int, ...]
    bao: int  # seat that made a 包牌 lead, -1 none
    bao_paid: bool
    redeals: int
    tricks: int
    decisions: int


class Game(ChuanpaiGame):
    """One hand of 天地人和, stepped from Python over the compiled rules engine."""

    _ACTOR, _EVENTS, _E, _O = E.ACTOR, (E.NEV, E.EV), E, O
    _n_seats, _NOT_ACTION = N_SEATS, "a play"
    _SEARCH, _ROLLOUT = "sim.games.chuanpai.tiandi.search", DEFAULT_STRATEGY
    decisions: list[int]

    def __init__(self, *, seed: int, dealer: int = 0, rules: TiandiRules | None = None,
                 _deal: bool = True) -> None:
        if dealer not in range(N_SEATS):
            raise PaijuError(f"dealer must be a seat 0–2, not {dealer!r}")
        self.dealer = dealer
        self.rules = rules or TiandiRules()
        self._setup(seed, rules_vector(self.rules) if _deal else None)

    @classmethod
    def from_cards(cls, *, hands: Sequence[str], laid: Sequence[str] = ("", "", ""), dealer: int = 0,
                   rules: TiandiRules | None = None, seed: int = 0) -> Game:
        """A hand with chosen cards per seat, and cards already laid (for examples and tests)."""
        if len(hands) != N_SEATS or len(laid) != N_SEATS:
            raise PaijuError(f"give {N_SEATS} hands and {N_SEATS} laid strings, one per seat")
        g = cls(seed=seed, dealer=dealer, rules=rules, _deal=False)
        arr = np.array([parse_cards(h) for h in hands], dtype=np.int16)
        E.start_hand(g._s, arr, dealer, rules_vector(g.rules), 0)
        for p, text in enumerate(laid):
            extra = parse_cards(text).astype(np.int16)
            g._s[E.LAID + p * N_TYPES:E.LAID + (p + 1) * N_TYPES] += extra
            g._s[E.SEEN:E.SEEN + N_TYPES] += extra
            g._s[E.NLAID + p] += int(extra.sum())
        E.run_forced(g._s, g._buf)
        return g

    @classmethod
    def chance_deal(cls, *, rules: TiandiRules | None = None, dealer: int = 0) -> CardDeal:
        """The deal drawn card by card: the 84 cards (four of each of the 21), the dealer's
        28 first, then the next seat's and the last seat's; no extra draws. A misdeal
        (无天无九, under ``misdeal="redeal"``) is thrown in and drawn again, and the hand
        counts it in ``result.redeals`` as the engine does."""
        if dealer not in range(N_SEATS):
            raise PaijuError(f"dealer must be a seat 0–2, not {dealer!r}")
        rules = rules or TiandiRules()
        cfg = rules_vector(rules)

        def finish(order: np.ndarray, extras: tuple[int, ...], redeals: int) -> Game | None:
            g = cls(seed=0, dealer=dealer, rules=rules, _deal=False)
            if not E.deal_hand(g._s, order.astype(np.int8), dealer, cfg, redeals):
                return None
            E.run_forced(g._s, g._buf)
            return g

        return CardDeal([COPIES] * N_TYPES, finish, name=format_type)

    # ---------------------------------------------------------------- stepping
    def _search_ctx(self) -> np.ndarray:
        return rules_vector(self.rules)

    def _action_text(self, code: int) -> str:
        return f"{_VERB[int(E.decision_mode(self._s))]} {play_text(code)}"

    def _code_of(self, action: Any, who: str) -> int:
        if isinstance(action, str):
            text = action.split(maxsplit=1)[-1] if action[:1] and action[:1] in "出打盖" else action
            try:
                return play_code(text)
            except PaijuError:  # no play: refused below as an unknown action
                pass
        return super()._code_of(action, who)

    def _refusal(self, action: Any, code: int) -> str:
        return f"may not play {play_text(code)}"

    # ---------------------------------------------------------------- views
    def hand(self, seat: int) -> str:
        """The cards in ``seat``'s hand."""
        return format_cards(self._s[E.HAND + seat * N_TYPES:E.HAND + (seat + 1) * N_TYPES])

    def laid(self, seat: int) -> str:
        """The cards ``seat`` has laid (摆牌, hard cards included)."""
        return format_cards(self._s[E.LAID + seat * N_TYPES:E.LAID + (seat + 1) * N_TYPES])

    def observation(self, seat: int) -> Observation:
        """What ``seat`` may know now."""
        self._legal()  # records the decision mode
        obs = self._observed(seat)
        plays = []
        for p in range(N_SEATS):
            c = int(obs[O.O_PLAYS + p])
            size = int(self._s[E.SIZE]) if self._s[E.SIZE] >= 3 else E.code_size(self._s[E.PLAYS + p])
            plays.append("" if c == -1 else f"盖 {size}" if c == -2 else play_text(c))
        mode = int(obs[O.O_MODE])
        return Observation(
            seat=seat, hand=self.hand(seat), laid=tuple(self.laid(p) for p in range(N_SEATS)),
            n_laid=tuple(int(x) for x in obs[O.SPEC.slice("n_laid")]),
            n_hand=tuple(int(x) for x in obs[O.SPEC.slice("n_hand")]),
            trick=tuple(plays), mode={-1: "wait", 0: "lead", 1: "beat", 2: "face down"}[mode],
            array=obs,
        )

    def _event(self, kind: int, seat: int, value: int) -> Event:
        """An event: a play with its cards, a count of face-down cards, a 摆牌 total or, at
        the end, every seat's points."""
        name = _EVENT_KINDS[kind]
        if kind in (E.EV_LEAD, E.EV_BEAT, E.EV_BAO):
            text = play_text(value)
            return Event(name, seat, text, cards=tuple(text.split()))
        if kind == E.EV_DOWN:
            n = -value if value < 0 else int(E.code_size(value))
            return Event(name, seat, f"{n} card(s)", amounts=(n,))
        if kind in (E.EV_TRICK, E.EV_TUOSHOU):
            return Event(name, seat, f"{value} 摆牌", amounts=(value,))
        if kind == E.EV_HARD:
            return Event(name, seat, f"{value} hard card(s)", amounts=(value,))
        points = tuple(int(x) for x in self._s[E.PTS:E.PTS + N_SEATS])
        return Event(name, seat, E.OUTCOME_NAMES[value], amounts=points)

    def _result(self) -> Result:
        s = self._s
        w = int(s[E.WINNER])
        return Result(
            outcome=E.OUTCOME_NAMES[int(s[E.OUTCOME])], winner=w,
            level=LEVEL_NAMES[int(s[E.JIA])] if w >= 0 else "", fan=int(s[E.FAN]),
            stake=int(s[E.STAKE]), points=tuple(int(x) for x in s[E.PTS:E.PTS + N_SEATS]),
            laid=tuple(int(x) for x in s[E.NLAID:E.NLAID + N_SEATS]), bao=int(s[E.BAO]),
            bao_paid=bool(s[E.BAO_PAID]), redeals=int(s[E.REDEALS]), tricks=int(s[E.TRICK]),
            decisions=int(s[E.NDEC] - s[E.FORCED]),
        )

    def _repr_more(self) -> str:
        return f"trick={int(self._s[E.TRICK])}"

    def _seat_text(self, seat: int) -> str:
        laid = int(self._s[E.NLAID + seat])
        return f"hand {self.hand(seat) or '-'} | 摆牌 {laid}: {self.laid(seat) or '-'}"


kernel_player = Game.kernel_player


def next_dealer(dealer: int, result: Result, *, rules: TiandiRules | None = None) -> int:
    """Who deals the next hand: the next seat, or (占庄) a winning dealer again."""
    rules = rules or TiandiRules()
    if rules.dealer_rule == "winner_keeps" and result.winner == dealer:
        return dealer
    return (dealer + 1) % N_SEATS


__all__ = ["Action", "Event", "Game", "KernelPlayer", "Observation", "Result", "kernel_player",
           "next_dealer", "play_text"]
