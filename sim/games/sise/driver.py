"""What the Python drivers of the 四色 games share: a seat's observation, the texts of cards,
table groups and the actions every game of the family has (discard, pass), the event log in
words and the ``repr``, read through the game's own state and observation layouts.

A driver (:class:`SiseGame`) names its state module ``_T``, its observation module ``_O``,
its card names, its decisions in words and its ``Observation``; it writes what is its own:
the cards of a 吃 group, its table groups and claims in words, a win's text, its ``Result``.
"""

from __future__ import annotations

import dataclasses
from types import ModuleType
from typing import Any, ClassVar

import numpy as np

from sim.games.driver import DriverGame, Event
from sim.games.sise.cards import N_KINDS, format_counts, kind_name


@dataclasses.dataclass(frozen=True)
class Observation:
    """What one seat may see; ``array`` is exactly what compiled strategies receive."""

    seat: int
    dealer: int
    decision: str
    hand: str
    melds: tuple[tuple[str, ...], ...]
    piles: tuple[str, ...]
    held: tuple[int, ...]  # concealed cards per seat (counts only)
    stock_left: int
    card: str | None
    source: int
    array: np.ndarray


class SiseGame(DriverGame):
    """One hand of a 四色 game, stepped from Python over its compiled engine."""

    _T: ClassVar[ModuleType]  # the state layout (``STAGE``, ``HAND``, ``MT`` …, ``EVENT_NAMES``)
    _O: ClassVar[ModuleType]  # the observation layout (``OB_*``) and ``observe``
    _NAMES: ClassVar[Any]  # the cards' names
    _DECISIONS: ClassVar[tuple[str, ...]]  # the observation's decision codes in words
    _OBSERVATION: ClassVar[type[Observation]]
    _QUIET: ClassVar[tuple[int, ...]]  # the events that name no card
    _SEATED_DECISIONS, _ENDED_FIRST, _OPTION = True, False, "{code} ({text})"

    # ---------------------------------------------------------------- hooks of the game
    def _group_cards(self, g: int) -> tuple[str, ...]:
        """The cards of 吃 group ``g``."""
        raise NotImplementedError

    def _meld_text(self, t: int, v: int) -> str:
        """A table group of type ``t`` and value ``v`` as text, e.g. ``'碰 红车'``."""
        raise NotImplementedError

    def _claim_text(self, code: int, card: str) -> str:
        """A readable text for a code that neither discards nor passes; ``card`` is in play."""
        raise NotImplementedError

    def _win_text(self, value: int) -> str:
        """The text of a win's event, from its value."""
        raise NotImplementedError

    def _observed_more(self, o: np.ndarray) -> dict[str, Any]:
        """The fields of the game's ``Observation`` beyond the family's, from its array."""
        return {}

    # ---------------------------------------------------------------- engine hooks
    @property
    def done(self) -> bool:
        """Whether the hand is over."""
        return int(self._s[self._T.STAGE]) == self._T.ST_DONE

    def _observe(self, seat: int, out: np.ndarray) -> None:
        self._O.observe(self._s, seat, out)

    def describe(self, code: int) -> str:
        """A readable text for an action code in the current decision."""
        s, T = self._s, self._T
        if int(s[T.STAGE]) == T.ST_DISCARD and code < N_KINDS:
            return f"打 {kind_name(code, self._NAMES)}"
        if code == T.PASS:
            return "过"
        return self._claim_text(code, kind_name(int(s[T.CARD]), self._NAMES))

    def _action_text(self, code: int) -> str:
        return self.describe(code)

    # ---------------------------------------------------------------- views
    def melds(self, seat: int) -> tuple[str, ...]:
        """A seat's table groups as text (all public)."""
        s, T = self._s, self._T
        return tuple(self._meld_text(int(s[T.MT + seat * T.MAXM + j]), int(s[T.MV + seat * T.MAXM + j]))
                     for j in range(int(s[T.NM + seat])))

    def hand(self, seat: int) -> str:
        """A seat's concealed cards in Chinese notation."""
        h = self._T.HAND + seat * N_KINDS
        return format_counts(self._s[h: h + N_KINDS], self._NAMES)

    def observation(self, seat: int) -> Observation:
        """What ``seat`` may see now (built from the same array the kernels get)."""
        o, O, names = self._observed(seat), self._O, self._NAMES
        seats = range(self._n_seats)
        card = int(o[O.OB_CARD])
        return self._OBSERVATION(
            seat=seat, dealer=int(o[O.OB_DEALER]), decision=self._DECISIONS[int(o[O.OB_DECISION])],
            hand=format_counts(o[O.OB_HAND: O.OB_HAND + N_KINDS], names),
            melds=tuple(self.melds(p) for p in seats),
            piles=tuple(format_counts(o[O.OB_PILE + p * N_KINDS: O.OB_PILE + (p + 1) * N_KINDS], names)
                        for p in seats),
            held=tuple(int(o[O.OB_HELD + p]) for p in seats), stock_left=int(o[O.OB_STOCK]),
            card=kind_name(card, names) if card >= 0 else None, source=int(o[O.OB_SRC]), array=o,
            **self._observed_more(o),
        )

    def _event(self, kind: int, seat: int, value: int) -> Event:
        """An event, forced steps included: the cards it moves, and a win's value."""
        T = self._T
        name = T.EVENT_NAMES[kind]
        if kind == T.EV_CHI:
            cards = self._group_cards(value)
            return Event(name, seat, "".join(cards), cards=cards)
        if kind == T.EV_HU:
            return Event(name, seat, self._win_text(value), amounts=(value,))
        if kind in self._QUIET:
            return Event(name, seat, "")
        card = kind_name(value, self._NAMES)
        return Event(name, seat, card, cards=(card,))

    def _seat_text(self, seat: int) -> str:
        return f"{self.hand(seat)} | {' '.join(self.melds(seat))}"
