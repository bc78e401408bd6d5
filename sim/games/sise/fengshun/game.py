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
from collections.abc import Sequence

import numpy as np

from sim.games.chance import CardDeal
from sim.games.driver import Action, Event, KernelPlayer
from sim.games.sise.cards import N_KINDS, kind_name, parse_cards, parse_counts
from sim.games.sise.driver import Observation as SiseObservation
from sim.games.sise.driver import SiseGame
from sim.games.sise.fengshun import engine as E
from sim.games.sise.fengshun import observe as O
from sim.games.sise.fengshun import state as T
from sim.games.sise.fengshun.batch import tables
from sim.games.sise.fengshun.public import NAMES
from sim.games.sise.fengshun.rules import DEFAULT_STRATEGY, FengshunRules, rules_vector
from sim.rng import STRATEGY_SALT, below

DECISIONS = ("none", "discard", "offer")


@dataclasses.dataclass(frozen=True)
class Observation(SiseObservation):
    """What one seat may see; ``array`` is exactly what compiled strategies receive."""

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


class Game(SiseGame):
    """One hand of 丰顺, stepped from Python over the compiled engine."""

    _ACTOR, _EVENTS = T.ACTOR, (T.N_EV, T.EVT)
    _T, _O, _NAMES, _DECISIONS, _OBSERVATION = T, O, NAMES, DECISIONS, Observation
    _QUIET = (T.EV_STOCK, T.EV_SKIP)
    _SEARCH, _ROLLOUT = "sim.games.sise.fengshun.search", DEFAULT_STRATEGY
    decisions: list[tuple[int, int]]

    def __init__(self, *, seed: int, rules: FengshunRules | None = None, dealer: int = -1) -> None:
        self.rules = rules or FengshunRules()
        if not -1 <= dealer < self.rules.players:
            raise ValueError(f"dealer must be a seat 0–{self.rules.players - 1} or -1 (the dice), "
                             f"not {dealer!r}")
        self._setup(seed)
        deal_rng = np.array([np.uint64(self.seed)], dtype=np.uint64)
        E.deal(self._s, deal_rng, rules_vector(self.rules), int(dealer))
        E.start(self._s, self._tb)

    def _setup(self, seed: int) -> None:
        self._tb = tables(self.rules)
        self._prepare(seed=seed, salt=STRATEGY_SALT, state_size=T.STATE_SIZE, max_actions=T.MAX_ACTIONS,
                      obs_size=O.OBS_SIZE)

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
        g.rules = r
        g._setup(0)
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
    def chance_deal(cls, *, rules: FengshunRules | None = None, dealer: int = 0) -> CardDeal:
        """The deal card by card: the deck(s) (``4 * decks`` of each kind) in drawing order, the
        first 21 to the dealer, 20 to each next seat, the rest the stock in drawing order.
        ``dealer=-1``: the dealer is the dice's, two draws of 6 after the cards (seat
        ``(d1 + d2 - 1) % players``). With ``redeal`` a deal the rules throw in is drawn again
        (the hand's ``DEALS`` counts them, the 100th is kept). The dealt hand (seed 0 for the
        strategies) is ``Game(seed=…)`` exactly when the draws are that seed's."""
        r = rules or FengshunRules()
        if not -1 <= dealer < r.players:
            raise ValueError(f"dealer must be a seat 0–{r.players - 1} or -1 (the dice), "
                             f"not {dealer!r}")

        def finish(order: np.ndarray, extras: tuple[int, ...], redeals: int) -> Game | None:
            d = dealer if dealer >= 0 else (extras[0] + extras[1] + 1) % r.players
            return cls._dealt(order, rules=r, dealer=d, deals=redeals + 1)

        return CardDeal(np.full(N_KINDS, 4 * r.decks), finish, extras=(6, 6) if dealer < 0 else (),
                        name=lambda k: kind_name(int(k), NAMES))

    @classmethod
    def _dealt(cls, order: np.ndarray, *, rules: FengshunRules, dealer: int, deals: int = 1,
               seed: int = 0) -> Game | None:
        """The hand dealt from the deck ``order`` (kind codes in drawing order) as the
        ``deals``-th deal, run to the first decision as a seeded hand is; None when the rules
        throw it in."""
        s = np.zeros(T.STATE_SIZE, dtype=np.int64)
        if not E.deal_from(s, np.ascontiguousarray(order, dtype=np.int64), rules_vector(rules),
                           int(dealer), int(deals)):
            return None
        g = cls.__new__(cls)
        g.rules = rules
        g._setup(seed)
        g._s[:] = s
        E.start(g._s, g._tb)
        return g

    # ---------------------------------------------------------------- state
    @property
    def seats(self) -> int:
        """Players at the table."""
        return self.rules.players

    @property
    def dealer(self) -> int:
        """The dealer's seat (chosen by the dice of the hand's seed unless given)."""
        return int(self._s[T.DEALER])

    _n_seats = seats

    # ---------------------------------------------------------------- engine hooks
    def _legal(self) -> int:
        return int(E.legal_actions(self._s, self._buf, self._tb))

    def _apply(self, code: int) -> None:
        E.apply_action(self._s, code, self._tb)

    def _search_ctx(self) -> tuple:
        return rules_vector(self.rules), self._tb

    def _claim_text(self, code: int, card: str) -> str:
        s = self._s
        if code >= T.CHI and int(s[T.STAGE]) in (T.ST_OFFER, T.ST_SHOWN):
            return "吃 " + "".join(self._group_cards(int(E.chi_group(code, int(s[T.CARD]), self._tb))))
        return {T.PENG: "碰", T.GANG: "杠"}.get(code, "?") + f" {card}"

    # ---------------------------------------------------------------- views
    def _group_cards(self, g: int) -> tuple[str, ...]:
        cards = self._tb[0]
        return tuple(kind_name(int(k), NAMES) for k in cards[g, : self._tb[1][g]])

    def _meld_text(self, t: int, v: int) -> str:
        if t == T.M_CHI:
            return "吃 " + "".join(self._group_cards(v))
        return f"{T.MELD_NAMES[t]} {kind_name(v, NAMES)}"

    def _win_text(self, value: int) -> str:
        return f"{value} points"  # the winner's score

    def _observed_more(self, o: np.ndarray) -> dict[str, bool | int]:
        return {"shown": bool(o[O.OB_SHOWN]), "seats": int(o[O.OB_SEATS])}

    def stock(self) -> str:
        """The cards still to draw, in drawing order."""
        s = self._s
        return " ".join(kind_name(int(k), NAMES) for k in s[T.STOCK + int(s[T.SP]): T.STOCK + int(s[T.SE])])

    def _result(self) -> Result:
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


kernel_player = Game.kernel_player
