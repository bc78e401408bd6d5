"""升级 legality from one seat's own information: its hand, the trick's format and the order.

What a seat may play depends only on the cards it holds, the format of the lead it answers
(empty when it leads), the hand's card order and the ``two_quads_answer`` option — never on
another seat's cards. So the checks live here as functions of exactly that, the driver
(:class:`~sim.games.shengji.game.Game`) calls them with the seat to play, and a
Python strategy gets a :class:`LegalPlays` built from copies of the same four things.

>>> from sim.games.shengji.game import Game
>>> g = Game(seed=7)
>>> legal = LegalPlays.of_seat(g.hands[g.actor], g.fmt, g.order, two_quads=g.two_quads)
>>> legal.check(legal[0]) and legal.check(legal.suggest())
True
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from sim.errors import PaijuError
from sim.games.shengji.cards import N_KINDS, POINTS, parse_hand
from sim.games.shengji.combos import (
    F_CARDS,
    F_SUIT,
    only_suit,
)
from sim.games.shengji.follow import EMPTY_LEAD, MIXED_LEAD, NOT_HELD, build_follow, follow_check
from sim.games.shengji.order import Order

LIMIT = 20_000  # candidate card sets a follow may enumerate before it gives up
LISTED = 2_000  # candidates the driver's legal_actions enumerates before it lists builder answers


class TooManyPlays(PaijuError):
    """A follow has more candidate card sets than the enumeration allows."""


def counts_of(play: object) -> np.ndarray:
    """The count vector of a play: a :class:`~sim.games.shengji.codes.Play`, text or counts."""
    return parse_hand(getattr(play, "cards", play))  # type: ignore[arg-type]


def check_play(hand: np.ndarray, fmt: np.ndarray, order: Order, two_quads: bool,
               play: object) -> int:
    """0 if ``play`` is legal for a seat holding ``hand`` (``fmt[1] == 0``: it leads), else a
    reason code (``sim.games.shengji.follow.REASONS``)."""
    cnt = counts_of(play)
    o = order
    if fmt[F_CARDS] > 0:
        return int(follow_check(hand, cnt, fmt, o.es, o.kat, o.nat, o.npos, two_quads))
    if (cnt > hand).any():
        return NOT_HELD
    if cnt.sum() == 0:
        return EMPTY_LEAD
    if only_suit(cnt, o.es) < 0:
        return MIXED_LEAD
    return 0


def legal_leads(hand: np.ndarray, order: Order) -> list[np.ndarray]:
    """Every single combination a leader holding ``hand`` may lead (throws are legal too)."""
    from sim.games.shengji.leads import MAX_UNITS, list_units, unit_cards

    units = np.zeros((MAX_UNITS, 4), dtype=np.int16)
    o = order
    u = list_units(hand, o.kat, o.nat, o.npos, units)
    out = []
    for i in range(u):
        c = np.zeros(N_KINDS, dtype=np.int8)
        unit_cards(hand, o.kat, o.nat, units[i], c)
        out.append(c)
    return out


def legal_plays(hand: np.ndarray, fmt: np.ndarray, order: Order, two_quads: bool, *,
                limit: int = LIMIT) -> list[np.ndarray]:
    """Every single combination to lead, or every distinct legal answer to ``fmt``.

    Raises :class:`PaijuError` when a follow has more than ``limit`` candidate card sets;
    use :func:`check_play` and :func:`suggest_play` then.
    """
    if fmt[F_CARDS] == 0:
        return legal_leads(hand, order)
    e, size, o = int(fmt[F_SUIT]), int(fmt[F_CARDS]), order
    held = int(sum(int(hand[k]) for k in range(N_KINDS) if o.es[k] == e))
    fixed = np.zeros(N_KINDS, dtype=np.int8)
    pool = hand.copy()
    if held <= size:  # every card of the suit, the rest from the other suits
        for k in range(N_KINDS):
            if o.es[k] == e:
                fixed[k] = hand[k]
                pool[k] = 0
    else:
        for k in range(N_KINDS):
            if o.es[k] != e:
                pool[k] = 0
    kinds = [k for k in range(N_KINDS) if pool[k] > 0]
    out: list[np.ndarray] = []
    count = [0]

    def walk(i: int, left: int, cur: np.ndarray) -> None:
        if left == 0:
            count[0] += 1
            if count[0] > limit:
                raise TooManyPlays(f"more than {limit} candidate plays; use check() and suggest()")
            if check_play(hand, fmt, order, two_quads, cur) == 0:
                out.append(cur.copy())
            return
        if i == len(kinds):
            return
        k = kinds[i]
        for c in range(min(int(pool[k]), left), -1, -1):
            cur[k] = fixed[k] + c
            walk(i + 1, left - c, cur)
        cur[k] = fixed[k]

    walk(0, size - int(fixed.sum()), fixed.copy())
    return out


def listed_plays(hand: np.ndarray, fmt: np.ndarray, order: Order, two_quads: bool, *,
                 limit: int = LISTED) -> list[np.ndarray]:
    """The plays a driver lists: :func:`legal_plays` when a follow has at most ``limit``
    candidate card sets, else the distinct answers of the rules' builder under a few fixed
    preferences (lowest and highest cards, points kept or given, each other suit discarded
    first). Every listed play is legal; a legal play not listed may still be played."""
    try:
        return legal_plays(hand, fmt, order, two_quads, limit=limit)
    except TooManyPlays:
        return builder_plays(hand, fmt, order, two_quads)


def builder_plays(hand: np.ndarray, fmt: np.ndarray, order: Order,
                  two_quads: bool) -> list[np.ndarray]:
    """Distinct legal answers to ``fmt`` built under fixed preferences (see :func:`listed_plays`)."""
    o = order
    low = -o.pos.astype(np.float64)
    points = POINTS.astype(np.float64) * 100.0
    prefs = [low, -low, low + points, low - points]
    prefs += [low + 1000.0 * (o.es == e) for e in range(5) if e != int(fmt[F_SUIT])]
    out: list[np.ndarray] = []
    seen: set[bytes] = set()
    for desc in (False, True):
        for p in prefs:
            play = np.zeros(N_KINDS, dtype=np.int8)
            build_follow(hand, fmt, o.es, o.kat, o.nat, o.npos, two_quads, p, desc, play)
            if play.tobytes() not in seen and check_play(hand, fmt, order, two_quads, play) == 0:
                seen.add(play.tobytes())
                out.append(play)
    return out


def suggest_play(hand: np.ndarray, fmt: np.ndarray, order: Order, two_quads: bool,
                 pref: np.ndarray | None = None) -> np.ndarray:
    """A legal play: the lowest single to lead; to follow, the rules' builder with ``pref``
    (higher = keep the card back less), by default the lowest cards."""
    o = order
    out = np.zeros(N_KINDS, dtype=np.int8)
    if fmt[F_CARDS] == 0:
        k = min((k for k in range(N_KINDS) if hand[k] > 0), key=lambda k: (o.es[k], o.pos[k]))
        out[k] = 1
        return out
    p = -o.pos.astype(np.float64) if pref is None else np.asarray(pref, dtype=np.float64)
    build_follow(hand, fmt, o.es, o.kat, o.nat, o.npos, two_quads, p, False, out)
    return out


class LegalPlays(Sequence):
    """The legal plays of one seat, enumerated on first use (count vectors).

    It holds copies of the seat's hand, the trick's format and the order, nothing else. To
    lead: every single combination (a throw is legal too — :meth:`check` it). To follow:
    every distinct legal answer — but a seat short of the led suit may fill from its whole
    hand, far too many sets to list, so enumerating a follow stops with an error past
    :data:`LIMIT` candidates. :meth:`check` and :meth:`suggest` never enumerate.
    """

    def __init__(self, hand: np.ndarray, fmt: np.ndarray, order: Order, two_quads: bool) -> None:
        self._hand, self._fmt, self._order, self._two_quads = hand, fmt, order, bool(two_quads)
        self._plays: list[np.ndarray] | None = None

    @classmethod
    def of_seat(cls, hand: np.ndarray, fmt: np.ndarray, order: Order, *,
                two_quads: bool) -> LegalPlays:
        """The legal plays of a seat holding ``hand`` now, from copies of the arguments."""
        return cls(hand.copy(), fmt.copy(), Order(*(a.copy() for a in order)), two_quads)

    def _all(self) -> list[np.ndarray]:
        if self._plays is None:
            self._plays = legal_plays(self._hand, self._fmt, self._order, self._two_quads)
        return self._plays

    def __len__(self) -> int:
        return len(self._all())

    def __getitem__(self, i):  # type: ignore[override]
        return self._all()[i]

    def check(self, play: np.ndarray | str) -> bool:
        """Whether ``play`` (count vector or card text) is legal now."""
        return check_play(self._hand, self._fmt, self._order, self._two_quads, play) == 0

    def suggest(self, pref: np.ndarray | None = None) -> np.ndarray:
        """A legal play: the lowest single to lead; to follow, the rules' builder with
        ``pref`` (higher = keep the card back less), by default the lowest cards."""
        return suggest_play(self._hand, self._fmt, self._order, self._two_quads, pref)
