"""The Python driver of 跑胡子: step through a hand, observe it per seat, replay it.

>>> g = Game(seed=7, dealer=0)
>>> g.actor, [a.text for a in g.legal_actions()][:3]
(0, ['打 一', '打 二', '打 三'])
>>> result = g.play([greedy_player()] * 3)
>>> result.winner in (-1, 0, 1, 2) and sum(result.points) == 0
True
>>> Game.replay(seed=7, dealer=0, actions=g.decisions).result == result
True

A player is any callable ``choose(observation, legal, rng) -> Action | int``; compiled
strategies plug in through :class:`~sim.games.driver.KernelPlayer`. The engine applies every
forced move (提, 偎, 跑, 三提五坎, 荒庄) itself and asks players only for real choices.
:meth:`Game.resample` redraws what a seat cannot see (the other concealed hands and the
stock, :func:`sim.games.zipai.world.resample_world`) for search players.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

import numpy as np

from sim.errors import IllegalActionError
from sim.games.chance import CardDeal
from sim.games.driver import Action, DriverGame, Event, KernelPlayer
from sim.games.zipai import engine as E
from sim.games.zipai import observe as O
from sim.games.zipai.cards import COPIES, N_KINDS, format_cards, format_hand, kind_name
from sim.games.zipai.deal import N_SEATS, STOCK_CARDS
from sim.games.zipai.public import group_text
from sim.games.zipai.melds import M_CHI, M_WEI, MAX_PLAN_GROUPS, MELD_NAMES
from sim.games.zipai.rules import DEFAULT_STRATEGY, ZipaiRules, rules_vector
from sim.rng import STRATEGY_SALT

_CARD_EVENTS = frozenset({E.EV_DEAL_TI, E.EV_DRAW, E.EV_TI, E.EV_WEI, E.EV_CHOUWEI, E.EV_PAO,
                          E.EV_PENG, E.EV_DISCARD, E.EV_TO_PILE, E.EV_DECLINE_HU, E.EV_PASS})


@dataclasses.dataclass(frozen=True)
class Observation:
    """What one seat may see: its own hand, every table, the discard areas, the card on offer.

    Other players' 偎 are shown as ``'偎 ?'`` (laid face down); a 提 shows one card and a
    臭偎 one card, so both are known. ``array`` is the observation array compiled strategies
    receive (:mod:`sim.games.zipai.observe`); every other field is read from it.
    """

    seat: int
    dealer: int
    hand: str
    hand_counts: np.ndarray
    melds: tuple[tuple[str, ...], ...]
    piles: tuple[str, ...]
    stock_left: int
    card: str | None
    decision: str
    huxi: tuple[int, ...]  # table 胡息 per seat, as this seat can see it
    array: np.ndarray

    @classmethod
    def from_array(cls, o: np.ndarray) -> Observation:
        """The readable view of an observation array."""
        from sim.games.zipai.melds import meld_huxi

        melds, huxi = [], []
        for p in range(N_SEATS):
            texts, h = [], 0
            for j in range(int(o[O.O_NM + p])):
                kind = int(o[O.O_MK + p * E.MAXM + j])
                value = int(o[O.O_MV + p * E.MAXM + j])
                if value < 0:
                    texts.append(f"{MELD_NAMES[kind]} ?")
                    continue
                texts.append(f"吃 {group_text(value)}" if kind == M_CHI
                             else f"{MELD_NAMES[kind]} {kind_name(value)}")
                h += int(meld_huxi(kind, value))
            melds.append(tuple(texts))
            huxi.append(h)
        counts = o[O.O_HAND: O.O_HAND + N_KINDS].copy()
        card = int(o[O.O_CARD])
        return cls(
            seat=int(o[O.O_SEAT]), dealer=int(o[O.O_DEALER]), hand=format_hand(counts),
            hand_counts=counts, melds=tuple(melds),
            piles=tuple(format_hand(o[O.O_PILE + p * N_KINDS: O.O_PILE + (p + 1) * N_KINDS])
                        for p in range(N_SEATS)),
            stock_left=int(o[O.O_STOCK_LEFT]), card=kind_name(card) if card >= 0 else None,
            decision=("none", "hu", "claim", "discard")[int(o[O.O_DECISION])], huxi=tuple(huxi),
            array=o.copy(),
        )


@dataclasses.dataclass(frozen=True)
class Result:
    """The end of a hand."""

    winner: int
    win_kind: str
    huxi: int
    tun: int
    fan: int
    points: tuple[int, ...]
    draws_left: int
    decisions: int
    self_drawn: bool = False  # the win counts as self-drawn (自摸 囤)


class Game(DriverGame):
    """One hand of 跑胡子, stepped from Python over the compiled rules engine."""

    _ACTOR, _EVENTS, _n_seats = E.ACTOR, (E.N_EV, E.EVT), N_SEATS
    _SEATED_DECISIONS, _ENDED_FIRST, _OPTION = True, False, "{code} ({text})"
    _SEARCH, _ROLLOUT = "sim.games.zipai.search", DEFAULT_STRATEGY
    decisions: list[tuple[int, int]]

    def __init__(self, *, seed: int, dealer: int = 0, rules: ZipaiRules | None = None) -> None:
        if dealer not in range(N_SEATS):
            raise ValueError(f"dealer must be a seat 0–2, not {dealer!r}")
        self.dealer = dealer
        self.rules = rules or ZipaiRules()
        self._prepare(seed=seed, salt=int(STRATEGY_SALT), state_size=E.STATE_SIZE,
                      max_actions=E.MAX_ACTIONS, obs_size=(N_SEATS, O.OBS_SIZE), dtype=np.int16)
        E.new_hand(self._s, np.uint64(self.seed), dealer, rules_vector(self.rules))

    @classmethod
    def from_run(cls, run: Any = None, hand: int | None = None, *, root_seed: int | None = None,
                 rules: ZipaiRules | None = None, dealer: int | None = None) -> Game:
        """Hand ``hand`` of a run (:meth:`DriverGame.from_run`); with ``root_seed`` and no
        ``dealer``, the batch driver's dealer of that hand (``hand % 3``)."""
        if run is None and dealer is None and hand is not None:
            dealer = int(hand) % N_SEATS
        return super().from_run(run, hand, root_seed=root_seed, rules=rules, dealer=dealer)

    @classmethod
    def from_cards(
        cls, *, hands: Sequence[str], stock: str, dealer: int = 0, rules: ZipaiRules | None = None,
    ) -> Game:
        """A hand with chosen cards (for examples and tests).

        ``hands`` per seat; the dealer's hand has 21 cards and its *last* card is the 亮张.
        ``stock`` lists the cards still to draw, in order (at most 19; fewer = a later
        moment of the stock). Cards need not add up to a full deck.
        """
        from sim.games.zipai.cards import parse_cards

        if len(hands) != N_SEATS:
            raise ValueError(f"give {N_SEATS} hands, not {len(hands)}")
        g = cls._blank(dealer, rules)
        s = g._s
        for seat, text in enumerate(hands):
            kinds = parse_cards(text)
            for k in kinds:
                s[E.HAND + seat * N_KINDS + k] += 1
            if seat == dealer:
                s[E.LIANG] = kinds[-1]
        g._lay_stock(parse_cards(stock), E.STOCK, E.SP, STOCK_CARDS)
        E.start_hand(s)
        return g

    @classmethod
    def _blank(cls, dealer: int, rules: ZipaiRules | None) -> Game:
        """A hand with no cards yet (seed 0), its state cleared for ``dealer`` and ``rules``."""
        g = cls.__new__(cls)
        g.dealer, g.rules = dealer, rules or ZipaiRules()
        g._prepare(seed=0, salt=int(STRATEGY_SALT), state_size=E.STATE_SIZE,
                   max_actions=E.MAX_ACTIONS, obs_size=(N_SEATS, O.OBS_SIZE), dtype=np.int16)
        E.init_state(g._s, dealer, rules_vector(g.rules))
        return g

    @classmethod
    def chance_deal(cls, *, rules: ZipaiRules | None = None, dealer: int = 0) -> CardDeal:
        """The deal drawn card by card: 80 cards (four of each kind) in deck order, dealt
        as :func:`~sim.games.zipai.engine.deal_cards` deals a shuffle (positions 0–20 to
        the dealer, the last his 亮张, 21–40 to his 下家, 41–60 to the 上家, 61–79 the
        stock); no extra draws. Under ``multi_qishou_ti=redeal`` a deal the rules throw in
        starts the drawing again, and the hand dealt counts and logs those redeals as the
        engine does. The dealt hand has seed 0 (its strategies' generator)."""
        if dealer not in range(N_SEATS):
            raise ValueError(f"dealer must be a seat 0–2, not {dealer!r}")
        r = rules or ZipaiRules()

        def finish(order: np.ndarray, extras: tuple[int, ...], redeals: int) -> Game | None:
            g = cls._blank(dealer, r)
            for _ in range(redeals):  # the deals thrown in so far, as the engine logs them
                E.throw_in(g._s)
            return g if E.deal_cards(g._s, order.astype(np.int8)) else None

        return CardDeal(np.full(N_KINDS, COPIES), finish, name=kind_name)

    # ---------------------------------------------------------------- engine hooks
    @property
    def done(self) -> bool:
        """Whether the hand is over."""
        return int(self._s[E.STAGE]) == E.ST_DONE

    def _legal(self) -> int:
        return int(E.legal_actions(self._s, self._buf))

    def _apply(self, code: int) -> None:
        E.apply_action(self._s, code)

    def _observe(self, seat: int, out: np.ndarray) -> None:
        O.fill_observation(self._s, out, seat)

    def _search_ctx(self) -> np.ndarray:
        return rules_vector(self.rules)

    def _code_of(self, action: Any, who: str) -> int:
        try:
            return super()._code_of(action, who)
        except IllegalActionError as exc:  # this driver also says how to replay the hand
            raise IllegalActionError(f"{exc}; replay it with Game(seed={self.seed}, "
                                     f"dealer={self.dealer})") from None

    def describe(self, code: int | Action) -> str:
        """A readable text for an action (or its code) in the current decision."""
        code = int(code)
        s = self._s
        if code < N_KINDS:
            return f"打 {kind_name(code)}"
        card = kind_name(int(s[E.CARD]))
        if code == E.PASS:
            return "过"
        if code == E.HU:
            return f"胡 {card} ({int(s[E.OFFER_HUXI])} 胡息)"
        if code == E.PENG:
            return f"碰 {card}"
        if code >= E.CHI:
            i = code - E.CHI
            gs = [int(s[E.PLANS + i * MAX_PLAN_GROUPS + t]) for t in range(MAX_PLAN_GROUPS)]
            gs = [group_text(g) for g in gs if g >= 0]
            return f"吃 {card}: " + " + ".join(gs)
        return f"? {code}"

    _action_text = describe

    def kernel_choice(self, player: KernelPlayer) -> int:
        """The action a compiled strategy chooses now, from the actor's observation array
        (kept per seat for the whole hand, exactly as the batch driver keeps it)."""
        seat = self.actor
        n = self._legal()
        o = self._obs[seat]
        self._observe(seat, o)
        return int(player.kernel(o, self._buf, n, self.rng))

    def _kernel_code(self, seat: int, player: KernelPlayer) -> int:
        return self.kernel_choice(player)

    # ---------------------------------------------------------------- views
    def melds(self, seat: int, *, viewer: int | None = None) -> tuple[str, ...]:
        """A seat's table melds as text; a 偎 (laid face down) is masked for other viewers."""
        s = self._s
        out = []
        for j in range(int(s[E.NM + seat])):
            kind = int(s[E.MK + seat * E.MAXM + j])
            value = int(s[E.MV + seat * E.MAXM + j])
            if kind == M_CHI:
                out.append(f"吃 {group_text(value)}")
            elif viewer is not None and viewer != seat and kind == M_WEI and not self.done:
                out.append(f"{MELD_NAMES[kind]} ?")
            else:
                out.append(f"{MELD_NAMES[kind]} {kind_name(value)}")
        return tuple(out)

    def hand(self, seat: int) -> str:
        """A seat's concealed cards in Chinese notation."""
        return format_hand(self._s[E.HAND + seat * N_KINDS: E.HAND + (seat + 1) * N_KINDS])

    def stock(self) -> str:
        """The cards still to draw, in drawing order (Chinese notation)."""
        s = self._s
        return format_cards([int(k) for k in s[E.STOCK + int(s[E.SP]): E.STOCK + STOCK_CARDS]])

    def observation(self, seat: int) -> Observation:
        """What ``seat`` may see now (the same observation array compiled strategies get)."""
        return Observation.from_array(O.observation_array(self._s, seat))

    def _event(self, kind: int, seat: int, value: int) -> Event:
        """An event, forced moves included: ``cards`` holds the card it names (for 吃 the
        group laid down); ``amounts`` the 胡息 of a 胡 and then each seat's points, or the
        number of 提 of a 天胡."""
        name = E.EVENT_NAMES[kind]
        if kind == E.EV_CHI:
            return Event(name, seat, group_text(value), cards=(group_text(value),))
        if kind in _CARD_EVENTS:
            return Event(name, seat, kind_name(value), cards=(kind_name(value),))
        if kind == E.EV_HU:
            points = tuple(int(self._s[E.PTS + p]) for p in range(N_SEATS))
            return Event(name, seat, str(value), amounts=(int(value),) + points)
        if kind == E.EV_NATURAL:
            return Event(name, seat, str(value), amounts=(int(value),))
        if kind == E.EV_REDEAL:
            return Event(name, seat, str(value))
        return Event(name, seat, "")

    def _result(self) -> Result:
        s = self._s
        return Result(
            winner=int(s[E.WINNER]), win_kind=E.WIN_KIND_NAMES[int(s[E.WIN_KIND])],
            huxi=int(s[E.HUXI]), tun=int(s[E.TUN]), fan=int(s[E.FAN]),
            points=tuple(int(s[E.PTS + p]) for p in range(N_SEATS)),
            draws_left=STOCK_CARDS - int(s[E.SP]), decisions=int(s[E.N_DEC]),
            self_drawn=bool(s[E.SELF_DRAWN]),
        )

    def card_total(self) -> int:
        """Cards accounted for (always 80)."""
        return int(E.card_total(self._s))

    def held(self, seat: int) -> int:
        """Concealed plus table cards of a seat."""
        return int(E.cards_held(self._s, seat))

    def target(self, seat: int) -> int:
        """What the seat must hold after his turn: 20 + max(0, q − 1)."""
        return int(E.target_held(self._s, seat))

    def is_xiang(self, seat: int) -> bool:
        """Whether the seat is 相公 (could not discard; may not win)."""
        return bool(self._s[E.XIANG + seat])

    def _seat_text(self, seat: int) -> str:
        return f"{self.hand(seat)} | {' '.join(self.melds(seat))}"


kernel_player = Game.kernel_player


def greedy_player() -> KernelPlayer:
    """The ``greedy`` strategy as a player."""
    return kernel_player("greedy")


__all__ = ["Action", "Event", "Game", "KernelPlayer", "Observation", "Result", "format_cards",
           "greedy_player", "kernel_player", "rules_vector"]
