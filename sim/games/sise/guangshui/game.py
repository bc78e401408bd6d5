"""The Python driver of 广水: step through a hand, observe it per seat, replay it.

>>> g = Game(seed=3, dealer=0)
>>> g.actor, g.legal_actions()[0].text
(0, '打 黄士')
>>> result = g.play([kernel_player("strong")] * 3)
>>> sum(result.points) == 0 and g.card_total() == 112
True
>>> Game.replay(seed=3, dealer=0, actions=g.decisions).result == result
True

A player is any callable ``choose(observation, legal, rng) -> Action | int``; compiled
strategies plug in through :class:`KernelPlayer` and make the same choices as in the
batch driver. The engine applies every forced step itself.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

import numpy as np

from sim.games.chance import CardDeal
from sim.games.driver import Action, Event, KernelPlayer
from sim.games.sise.cards import N_KINDS, deck, kind_name
from sim.games.sise.driver import Observation as SiseObservation
from sim.games.sise.driver import SiseGame
from sim.games.sise.guangshui import engine as E
from sim.games.sise.guangshui import observe as O
from sim.games.sise.guangshui import scoring as S
from sim.games.sise.guangshui import state as T
from sim.games.sise.guangshui.claims import group_cards
from sim.games.sise.guangshui.public import NAMES, level_name
from sim.games.sise.guangshui.rules import DEFAULT_STRATEGY, GuangshuiRules, rules_vector
from sim.rng import STRATEGY_SALT

DECISIONS = ("none", "dealer_hu", "discard", "offer")


@dataclasses.dataclass(frozen=True)
class Observation(SiseObservation):
    """What one seat may see; ``array`` is exactly what compiled strategies receive, ``drawn``
    whether the card in play was drawn."""

    drawn: bool


@dataclasses.dataclass(frozen=True)
class Result:
    """The end of a hand: winner (-1 for 穿牌), level in 牌, 付, 楼, points per seat."""

    winner: int
    level: int
    fu: int
    lou: int
    bonuses: tuple[str, ...]
    listed: bool
    how: str
    points: tuple[int, ...]
    decisions: int


def chi_cards(v: int) -> tuple[str, ...]:
    """The three cards of 吃 group ``v``."""
    return tuple(kind_name(int(k), NAMES) for k in group_cards(np.zeros(1, np.int64), v)[:3])


def meld_text(t: int, v: int) -> str:
    """A table group as text, e.g. ``'碰 红车'`` or ``'吃 黄将黄士黄相'``."""
    if t == S.M_CHI:
        return "吃 " + "".join(chi_cards(v))
    return f"{S.MELD_NAMES[t]} {kind_name(v, NAMES)}"


def next_dealer(winner: int, dealer: int, *, rules: GuangshuiRules | None = None) -> int:
    """Who deals the next hand: the winner; after 穿牌 (``winner == -1``) the same dealer, or
    his 下家 with ``chuan_dealer="next"``.

    >>> next_dealer(2, 0), next_dealer(-1, 0), next_dealer(-1, 2, rules=GuangshuiRules(chuan_dealer="next"))
    (2, 0, 0)
    """
    r = rules or GuangshuiRules()
    if winner >= 0:
        return winner
    return (dealer + 1) % T.N_SEATS if r.chuan_dealer == "next" else dealer


class Game(SiseGame):
    """One hand of 广水, stepped from Python over the compiled engine."""

    _ACTOR, _EVENTS, _n_seats = T.ACTOR, (T.N_EV, T.EVT), T.N_SEATS
    _T, _O, _NAMES, _DECISIONS, _OBSERVATION = T, O, NAMES, DECISIONS, Observation
    _QUIET = (T.EV_CHUAN, T.EV_XIANG)
    _SEARCH, _ROLLOUT = "sim.games.sise.guangshui.search", DEFAULT_STRATEGY
    decisions: list[tuple[int, int]]

    def __init__(self, *, seed: int, dealer: int = 0, rules: GuangshuiRules | None = None) -> None:
        if dealer not in range(T.N_SEATS):
            raise ValueError(f"dealer must be a seat 0–2, not {dealer!r}")
        self.dealer = dealer
        self.rules = rules or GuangshuiRules()
        self._prepare(seed=seed, salt=STRATEGY_SALT, state_size=T.STATE_SIZE, max_actions=T.MAX_ACTIONS,
                      obs_size=O.OBS_SIZE)
        E.new_hand(self._s, np.uint64(self.seed), dealer, rules_vector(self.rules))

    @classmethod
    def from_cards(cls, *, hands: Sequence[str], stock: str = "", dealer: int = 0,
                   melds: Sequence[Sequence[str]] = (), rules: GuangshuiRules | None = None
                   ) -> Game:
        """A hand with chosen cards (for examples and tests); the dealer acts first.

        ``stock`` lists the cards still to draw, in order (at most 21). Cards need not add
        up to a full deck, and hands may be shorter than 31 / 30. ``melds`` gives each seat's
        table groups already laid (``"碰 红车"``, ``"吃 黄将黄士黄相"``, ``"将 白将"``, …).
        """
        from sim.games.sise.cards import parse_cards, parse_counts
        from sim.games.sise.guangshui.public import parse_melds, table_for

        if len(hands) != T.N_SEATS:
            raise ValueError(f"give {T.N_SEATS} hands, not {len(hands)}")
        if len(melds) not in (0, T.N_SEATS):
            raise ValueError(f"give the table groups of all {T.N_SEATS} seats, not {len(melds)}")
        g = cls.__new__(cls)
        g.dealer, g.rules = dealer, rules or GuangshuiRules()
        g._prepare(seed=0, salt=STRATEGY_SALT, state_size=T.STATE_SIZE, max_actions=T.MAX_ACTIONS,
                   obs_size=O.OBS_SIZE)
        s = g._s
        E.init_state(s, dealer, rules_vector(g.rules))
        for seat, text in enumerate(hands):
            s[T.HAND + seat * N_KINDS: T.HAND + (seat + 1) * N_KINDS] = parse_counts(text, NAMES)
        for seat, groups in enumerate(melds):
            mt, mv, nm = parse_melds(groups, table_for(True))
            for j in range(nm):
                T.add_meld(s, seat, int(mt[j]), int(mv[j]))
        g._lay_stock(parse_cards(stock, NAMES), T.STOCK, T.SP, T.STOCK_CARDS)
        E.start(s)
        return g

    @classmethod
    def chance_deal(cls, *, rules: GuangshuiRules | None = None, dealer: int = 0) -> CardDeal:
        """The deal card by card: the 112 cards (4 of each kind) in drawing order, the first 31
        to ``dealer``, the next 30 to his 下家, 30 to the next seat, the last 21 the stock in
        drawing order; no other draw. The dealt hand (seed 0 for the strategies) is
        ``Game(seed=…)`` exactly when the order is that seed's shuffle."""
        if dealer not in range(T.N_SEATS):
            raise ValueError(f"dealer must be a seat 0–{T.N_SEATS - 1}, not {dealer!r}")
        r = rules or GuangshuiRules()

        def finish(order: np.ndarray, extras: tuple[int, ...], redeals: int) -> Game:
            return cls._dealt(order, dealer=dealer, rules=r)

        return CardDeal(np.bincount(deck(), minlength=N_KINDS), finish,
                        name=lambda k: kind_name(int(k), NAMES))

    @classmethod
    def _dealt(cls, order: np.ndarray, *, dealer: int, rules: GuangshuiRules, seed: int = 0) -> Game:
        """The hand dealt from the deck ``order`` (kind codes in drawing order), run to the
        first decision as a seeded hand is."""
        g = cls.__new__(cls)
        g.dealer, g.rules = dealer, rules
        g._prepare(seed=seed, salt=STRATEGY_SALT, state_size=T.STATE_SIZE, max_actions=T.MAX_ACTIONS,
                   obs_size=O.OBS_SIZE)
        E.deal_from(g._s, np.ascontiguousarray(order, dtype=np.int64), dealer, rules_vector(rules))
        E.start(g._s)
        return g

    # ---------------------------------------------------------------- engine hooks
    def _legal(self) -> int:
        return int(E.legal_actions(self._s, self._buf))

    def _apply(self, code: int) -> None:
        E.apply_action(self._s, code)

    def _search_ctx(self) -> np.ndarray:
        return rules_vector(self.rules)

    def _claim_text(self, code: int, card: str) -> str:
        if code == T.HU:
            return "胡 (31 dealt cards)" if int(self._s[T.STAGE]) == T.ST_DEALER_HU else f"胡 {card}"
        if code >= T.CHI:
            return meld_text(S.M_CHI, code - T.CHI)
        return {T.FAZI: "发子", T.PENG: "碰", T.ZHAN: "占"}.get(code, "?") + f" {card}"

    # ---------------------------------------------------------------- views
    def _group_cards(self, g: int) -> tuple[str, ...]:
        return chi_cards(g)

    def _meld_text(self, t: int, v: int) -> str:
        return meld_text(t, v)

    def _win_text(self, value: int) -> str:
        return level_name(value)  # the win's level in 牌

    def _observed_more(self, o: np.ndarray) -> dict[str, bool]:
        return {"drawn": bool(o[O.OB_DRAWN])}

    def stock(self) -> str:
        """The cards still to draw, in drawing order."""
        s = self._s
        return " ".join(kind_name(int(k), NAMES) for k in s[T.STOCK + int(s[T.SP]): T.STOCK + T.STOCK_CARDS])

    def _result(self) -> Result:
        s = self._s
        bits = int(s[T.WIN_ITEMS])
        names = ("车" if bits & 7 else "", "清" if bits & 8 else "", "天地" if bits & 16 else "",
                 "N步" if bits & 32 else "")
        return Result(
            winner=int(s[T.WINNER]), level=int(s[T.LEVEL]), fu=int(s[T.FU]) if s[T.WINNER] >= 0 else 0,
            lou=int(s[T.WIN_LOU]), bonuses=tuple(n for n in names if n), listed=bool(s[T.WIN_LISTED]),
            how=T.WIN_HOW_NAMES[int(s[T.WIN_HOW])] if s[T.WINNER] >= 0 else "穿牌",
            points=tuple(int(s[T.PTS + p]) for p in range(T.N_SEATS)), decisions=int(s[T.N_DEC]),
        )

    def card_total(self) -> int:
        """Cards accounted for (always 112)."""
        return int(E.card_total(self._s))

    def held(self, seat: int) -> int:
        """Concealed plus table cards of a seat (30 between turns; 31 for a winner)."""
        from sim.games.sise.guangshui.claims import cards_held

        return int(cards_held(self._s, seat))

    def is_xiang(self, seat: int) -> bool:
        """Whether the seat is 相公 (held only 将 when it had to discard; may not win)."""
        return bool(self._s[T.XIANG + seat])


kernel_player = Game.kernel_player
