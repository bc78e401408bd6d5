"""The Python driver of the pairing game: step through a hand, observe it per seat, replay it.

>>> g = Game(seed=3, dealer=0)
>>> g.actor, g.legal_actions()[0].text.split()[0]
(0, '打')
>>> result = g.play([kernel_player("strong")] * 4)
>>> result.outcome in ("win", "natural", "draw") and sum(result.points) == 0
True
>>> Game.replay(seed=3, dealer=0, actions=g.decisions).result == result
True

The engine makes every action that is the only legal one itself; players are asked only
real choices. A player is any callable ``choose(observation, legal, rng) -> Action | int |
str``; the observation's ``array`` is exactly what compiled strategies get.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

import numpy as np

from sim.errors import PaijuError
from sim.games.chuanpai.cards import COPIES, DECK_SIZE, N_TYPES, NAMES, format_cards, parse_list
from sim.games.chuanpai.pairs import engine as E
from sim.games.chuanpai.pairs import observe as O
from sim.games.chuanpai.pairs.groups import SEVENS
from sim.games.chuanpai.pairs.public import parse_counts
from sim.games.chuanpai.pairs.rules import PairsRules, rules_vector
from sim.games.chance import CardDeal
from sim.games.chuanpai.driver import ChuanpaiGame
from sim.games.driver import Action, Event, KernelPlayer

_CLAIMS = {E.PASS: "过", E.PENG: "碰", E.GANG: "杠", E.YAN: "燕"}


def action_text(code: int, card: int = -1) -> str:
    """A readable action: ``打 天`` (discard), ``碰 天``, ``摆 地 天`` (hand card first), ``过``."""
    if 0 <= code < N_TYPES:
        return f"打 {NAMES[code]}"
    offered = f" {NAMES[card]}" if card >= 0 else ""
    if code in _CLAIMS:
        return _CLAIMS[code] + ("" if code == E.PASS else offered)
    if E.BAI <= code < E.BAI + N_TYPES:
        return f"摆 {NAMES[code - E.BAI]}{offered}"
    return str(code)


@dataclasses.dataclass(frozen=True)
class Observation:
    """What one seat may know; others' hands and face-down 暗 are only counted."""

    seat: int
    hand: str
    tables: tuple[str, ...]
    n_hand: tuple[int, ...]
    n_hidden: tuple[int, ...]
    dead: str
    stock: int
    offered: str
    array: np.ndarray = dataclasses.field(repr=False, compare=False)


@dataclasses.dataclass(frozen=True)
class Result:
    """The end of a hand."""

    outcome: str  # "win", "natural" (天胡) or "draw"
    winner: int
    fan: int
    tuo: int
    stake: int
    points: tuple[int, ...]
    tou: tuple[int, ...]
    turns: int
    decisions: int


class Game(ChuanpaiGame):
    """One hand of the pairing game, stepped from Python over the compiled rules engine."""

    _ACTOR, _EVENTS, _E, _O = E.ACTOR, (E.NEV, E.EV), E, O
    _SEARCH, _ROLLOUT = "sim.games.chuanpai.pairs.search", "strong"
    decisions: list[int]

    def __init__(self, *, seed: int, dealer: int = 0, rules: PairsRules | None = None,
                 _deal: bool = True) -> None:
        self.rules = rules or PairsRules()
        self.players = self.rules.players
        if dealer not in range(self.players):
            raise PaijuError(f"dealer must be a seat 0–{self.players - 1}, not {dealer!r}")
        self.dealer = dealer
        self._setup(seed, rules_vector(self.rules) if _deal else None)

    @classmethod
    def from_cards(cls, *, hands: Sequence[str], stock: str = "", dealer: int = 0,
                   rules: PairsRules | None = None) -> Game:
        """A hand with chosen cards per seat and the top of the stock in order (the rest of the
        deck follows in type order); the deal-time 偷 loop runs as after a real deal."""
        g = cls(seed=0, dealer=0, rules=rules, _deal=False)
        if len(hands) != g.players:
            raise PaijuError(f"give {g.players} hands, one per seat")
        if dealer not in range(g.players):
            raise PaijuError(f"dealer must be a seat 0–{g.players - 1}, not {dealer!r}")
        g.dealer = dealer
        arr = np.zeros((E.MAXP, N_TYPES), dtype=np.int16)
        for p, text in enumerate(hands):
            arr[p] = parse_counts(text, g.rules.decks)
        copies = 4 * g.rules.decks
        left = copies - arr.sum(axis=0)
        top = parse_list(stock)
        order = []
        for k in top:
            left[k] -= 1
            order.append(k)
        if (left < 0).any():
            raise PaijuError(f"the hands and stock hold more than {copies} of some card "
                             f"({g.rules.decks} deck{'s' if g.rules.decks > 1 else ''})")
        order += [k for k in range(N_TYPES) for _ in range(int(left[k]))]
        deck = np.zeros(E.MAX_CARDS, dtype=np.int16)
        sp = DECK_SIZE * g.rules.decks - len(order)
        deck[sp:sp + len(order)] = order
        E.start_hand(g._s, arr, deck, sp, dealer, rules_vector(g.rules))
        E.run_forced(g._s, g._buf)
        return g

    @classmethod
    def chance_deal(cls, *, rules: PairsRules | None = None, dealer: int = 0) -> CardDeal:
        """The deal drawn card by card: 84 cards per deck (``decks`` × 4 of each of the 21),
        each seat from the 头家 on its block of the deal sizes (``deal_sizes_of``), the rest
        the stock in draw order; no extra draws, no redeal. The deal-time 偷 loop and 天胡
        follow as after a shuffled deal."""
        rules = rules or PairsRules()
        if dealer not in range(rules.players):
            raise PaijuError(f"dealer must be a seat 0–{rules.players - 1}, not {dealer!r}")
        cfg = rules_vector(rules)

        def finish(order: np.ndarray, extras: tuple[int, ...], redeals: int) -> Game:
            g = cls(seed=0, dealer=dealer, rules=rules, _deal=False)
            E.deal_hand(g._s, order.astype(np.int16), dealer, cfg)
            E.run_forced(g._s, g._buf)
            return g

        return CardDeal([COPIES * rules.decks] * N_TYPES, finish, name=lambda k: NAMES[k])

    # ---------------------------------------------------------------- stepping
    def _search_ctx(self) -> np.ndarray:
        return rules_vector(self.rules)

    @property
    def _n_seats(self) -> int:
        return self.players

    def _action_text(self, code: int) -> str:
        return action_text(code, int(self._s[E.CARD]))

    def _code_of(self, action: Any, who: str) -> int:
        if isinstance(action, str):
            for a in self.legal_actions():
                if a.text == action.strip() or a.text.split()[:2] == action.split()[:2]:
                    return a.code
            return -1
        return super()._code_of(action, who)

    def _refusal(self, action: Any, code: int) -> str:
        return f"may not play {action!r}"

    # ---------------------------------------------------------------- views
    def _row(self, base: int, seat: int) -> np.ndarray:
        return self._s[base + seat * N_TYPES:base + (seat + 1) * N_TYPES]

    def hand(self, seat: int) -> str:
        """The cards in ``seat``'s hand."""
        return format_cards(self._row(E.HAND, seat))

    def table(self, seat: int) -> str:
        """The cards ``seat`` has in groups on the table (face-down 暗 included)."""
        return format_cards(self._row(E.TABLE, seat))

    def stock(self) -> str:
        """The cards still to draw, in drawing order."""
        s = self._s
        return " ".join(NAMES[int(k)] for k in s[E.STOCK + int(s[E.SP]): E.STOCK + int(s[E.NCARDS])])

    def observation(self, seat: int) -> Observation:
        """What ``seat`` may know now."""
        obs = self._observed(seat)
        n = self.players
        v = O.SPEC.view(obs)
        card = int(v["card"])
        return Observation(
            seat=seat, hand=format_cards(v["hand"]),
            tables=tuple(format_cards(v["open"][p * N_TYPES:(p + 1) * N_TYPES]) for p in range(n)),
            n_hand=tuple(int(x) for x in v["n_hand"][:n]),
            n_hidden=tuple(int(x) for x in v["n_hidden"][:n]),
            dead=format_cards(v["dead"]), stock=int(v["stock"]),
            offered=NAMES[card] if card >= 0 else "", array=obs,
        )

    def _event(self, kind: int, seat: int, value: int) -> Event:
        """An event with the cards it moves and, at the end, every seat's points."""
        name = E.EVENT_NAMES[kind]
        if kind == E.EV_DEAL:
            return Event(name, seat, f"{value} cards", amounts=(value,))
        if kind == E.EV_END:
            points = tuple(int(x) for x in self._s[E.PTS:E.PTS + self.players])
            return Event(name, seat, E.OUTCOME_NAMES[value], amounts=points)
        if kind in (E.EV_YAN, E.EV_CLAIM_YAN):
            cards = tuple(NAMES[int(k)] for k in SEVENS)
            return Event(name, seat, "幺六 三四 二五" if kind == E.EV_YAN else NAMES[value], cards=cards)
        if 0 <= value < N_TYPES:
            return Event(name, seat, NAMES[value], cards=(NAMES[value],))
        return Event(name, seat, str(value))

    def _result(self) -> Result:
        s, n = self._s, self.players
        return Result(
            outcome=E.OUTCOME_NAMES[int(s[E.OUTCOME])], winner=int(s[E.WINNER]), fan=int(s[E.FAN]),
            tuo=int(s[E.WTUO]), stake=int(s[E.STAKE]),
            points=tuple(int(x) for x in s[E.PTS:E.PTS + n]),
            tou=tuple(int(x) for x in s[E.NTOU:E.NTOU + n]), turns=int(s[E.TURNS]),
            decisions=int(s[E.NDEC] - s[E.FORCED]),
        )

    def _repr_more(self) -> str:
        return f"stock={int(self._s[E.NCARDS]) - int(self._s[E.SP])}"

    def _seat_text(self, seat: int) -> str:
        return f"hand {self.hand(seat) or '-'} | table {self.table(seat) or '-'}"


kernel_player = Game.kernel_player


__all__ = ["Action", "Event", "Game", "KernelPlayer", "Observation", "Result", "action_text",
           "kernel_player"]
