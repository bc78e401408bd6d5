"""The Python driver: one hand with a step API, observations and an event log.

>>> g = ShengjiGame(seed=7)
>>> g.phase, g.to_play == g.zhuang
('lead', True)
>>> g.step(g.suggest(g.to_play))
>>> g.phase
'follow'
>>> all(g.check(p) == 0 for p in g.legal_plays())
True

Hands, plays and the table read in card notation (``3S 4S 4S … SJ BJ``):

>>> g = ShengjiGame(seed=7)
>>> g.legal_actions()[0]
Play('3H')
>>> g.hand(0).split()[:4]
['3S', '4S', '4S', '5S']

Strategies are either compiled kernels (``strategies.shengji``), called exactly as the
batch engine calls them (with the observation array of :mod:`sim.games.shengji.observe`
and the seat's own generator), or any Python function ``choose(observation, legal, rng)`` that
returns a play (a :class:`Play`, a card string or a count vector); :meth:`ShengjiGame.play_out`
runs a hand with them. ``legal`` is a :class:`~sim.games.shengji.legal.LegalPlays`: a
sequence of the legal plays, enumerated on first use, with ``legal.check(play)`` and
``legal.suggest(pref)`` that need no enumeration (a follow can have thousands). It holds
copies of the seat's own hand, the trick's format and the order, nothing that leads back to
the game. With the same compiled strategies and seed, :meth:`play_out` gives the batch
driver's results exactly.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from sim.errors import IllegalActionError, StrategyError
from sim.games.shengji import engine as E
from sim.games.shengji.cards import (
    DECK_SIZE,
    N_KINDS,
    RANK_NAMES,
    SUIT_NAMES,
    SUITS,
    format_hand,
    parse_hand,
)
from sim.games.shengji.combos import FMT_SIZE, decompose, only_suit
from sim.games.shengji.follow import REASONS
from sim.games.shengji.legal import LegalPlays, check_play, legal_leads, legal_plays, suggest_play
from sim.games.shengji import observe as OB
from sim.games.shengji.order import Order, new_order
from sim.games.shengji.rules import ShengjiRules
from sim.games.shengji.scoring import card_points, kou_di_factor, level_delta
from sim.games.shengji.trick import reduce_throw, throw_blocked, trick_winner_seat
from sim.rng import new_state


@dataclasses.dataclass(frozen=True)
class Event:
    """One entry of the event log."""

    kind: str  # deal, lead, throw_failed, follow, trick, kou_di, end
    seat: int
    cards: str = ""
    detail: str = ""


@dataclasses.dataclass(frozen=True, eq=False)
class Play:
    """A play: its cards as a 54-entry count vector and in card notation."""

    cards: np.ndarray
    text: str

    @classmethod
    def of(cls, cards: np.ndarray) -> Play:
        """The play of a count vector."""
        return cls(cards.copy(), format_hand(cards))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Play) and bool(np.array_equal(self.cards, other.cards))

    def __hash__(self) -> int:
        return hash(self.cards.tobytes())

    def __len__(self) -> int:
        return int(self.cards.sum())

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Play({self.text!r})"


@dataclasses.dataclass(frozen=True)
class Observation:
    """What one seat may see, readable: its hand, the table, the lead and the public state.

    ``hand`` and ``table`` are in card notation; ``hand_counts``, ``table_counts``,
    ``seen``, ``fmt``, ``info`` and ``order`` are the engine's arrays; ``array`` is the
    observation array a compiled strategy reads (:mod:`sim.games.shengji.observe`).
    ``obs["hand"]`` and the other keys of the former dict still give those arrays.
    """

    seat: int
    phase: str
    level: int
    trump: str
    zhuang: int
    leader: int
    hand: str
    table: tuple[str, ...]
    hand_counts: np.ndarray
    table_counts: np.ndarray
    seen: np.ndarray
    fmt: np.ndarray
    info: np.ndarray
    order: Order
    array: np.ndarray

    _ARRAYS = {"hand": "hand_counts", "table": "table_counts", "obs": "array"}

    def __getitem__(self, key: str) -> Any:
        if key == "trump":
            return SUITS.index(self.trump)
        return getattr(self, self._ARRAYS.get(key, key))


def _counts(play: Play | np.ndarray | str) -> np.ndarray:
    return parse_hand(play.cards if isinstance(play, Play) else play)


_DECL = {"overturn": E.DECL_OVERTURN, "first": E.DECL_FIRST, "none": E.DECL_NONE}
_KOU = {"both": E.KOU_BOTH, "attackers": E.KOU_ATTACKERS, "off": E.KOU_OFF}
_MULT = {"cards": 0, "double": 1, "power": 2}


class ShengjiGame:
    """One hand of 四副牌升级, dealt from ``seed`` (the same seed as the batch driver's)."""

    def __init__(self, *, seed: int, rules: ShengjiRules | None = None, level: int | None = None,
                 zhuang: int | None = None) -> None:
        self.rules = rules or ShengjiRules()
        self.seed = int(seed)
        self.level = int(level if level is not None else self.rules.start_level)
        self.state = new_state(self.seed)
        # one array per seat: a seat's generator leads to no other seat's
        self.seat_rng = tuple(row.copy() for row in E.seat_streams(np.uint64(self.seed)))
        self.hands = np.zeros((4, N_KINDS), dtype=np.int8)
        trump, who, shown, start = E.deal(self.state, self.level, _DECL[self.rules.declaration],
                                          self.hands)
        self.trump = int(trump) if trump >= 0 else 0
        self.declarer = int(who)
        self.deal_start = int(start)
        self.zhuang = int(zhuang) if zhuang is not None else (who if who >= 0 else int(start))
        self.order = Order(*new_order(self.level, self.trump, self.rules.cross_tier))
        self.two_quads = bool(self.rules.two_quads_answer)
        self.table = np.zeros((4, N_KINDS), dtype=np.int8)
        self.seen = np.zeros(N_KINDS, dtype=np.int8)
        self.played = np.zeros((4, N_KINDS), dtype=np.int8)
        self.voids = np.zeros((4, 5), dtype=np.int8)
        self.fmt = np.zeros(FMT_SIZE, dtype=np.int16)
        self.info = np.zeros(E.INFO_SIZE, dtype=np.int32)
        self.leader = self.zhuang
        self.n_played = 0
        self.trick = 0
        self.left = DECK_SIZE // 4
        self.raw = 0
        self.def_raw = 0
        self.penalty = 0
        self.kou_di = 0
        self.throws = 0
        self.failed = 0
        self.last_winner = -1
        self.events: list[Event] = [
            Event("deal", s, format_hand(self.hands[s])) for s in range(4)
        ]
        self._set_info()

    # ------------------------------------------------------------------ state
    @property
    def phase(self) -> str:
        """``lead``, ``follow`` or ``over``."""
        if self.left == 0:
            return "over"
        return "lead" if self.n_played == 0 else "follow"

    @property
    def to_play(self) -> int:
        """The seat whose play is next."""
        return (self.leader + self.n_played) % 4

    def _set_info(self) -> None:
        o = self.order
        info = self.info
        info[OB.I_LEVEL], info[OB.I_TRUMP], info[OB.I_ZHUANG] = self.level, self.trump, self.zhuang
        info[OB.I_TRICK], info[OB.I_LEADER] = self.trick, self.leader
        info[OB.I_ATTACKER_POINTS], info[OB.I_DEFENDER_POINTS] = self.raw, self.def_raw
        info[OB.I_TWO_QUADS], info[OB.I_N_PLAYED] = int(self.two_quads), self.n_played
        if self.n_played == 0:
            info[OB.I_WINNER], info[OB.I_TABLE_POINTS] = self.leader, 0
        else:
            info[OB.I_WINNER] = trick_winner_seat(self.table, self.leader, self.fmt, o.es, o.pos,
                                                  o.kat, o.nat, o.npos, self.two_quads,
                                                  self.n_played)
            info[OB.I_TABLE_POINTS] = sum(int(card_points(self.table[s])) for s in range(4))

    def obs_array(self, seat: int) -> np.ndarray:
        """The observation array a compiled strategy of ``seat`` receives now."""
        obs = np.zeros(OB.OBS_SIZE, dtype=np.int16)
        OB.fill_obs(obs, E.LEAD if self.n_played == 0 else E.FOLLOW, seat, self.hands,
                    self.table, self.played, self.fmt, self.voids, self.info)
        return obs

    def observation(self, seat: int) -> Observation:
        """What ``seat`` may see: its hand, the table, the lead's format and public state."""
        return Observation(
            seat=seat, phase=self.phase, level=self.level, trump=SUITS[self.trump],
            zhuang=self.zhuang, leader=self.leader, hand=self.hand(seat),
            table=tuple(format_hand(self.table[s]) for s in range(4)),
            hand_counts=self.hands[seat].copy(), table_counts=self.table.copy(),
            seen=self.seen.copy(), fmt=self.fmt.copy(), info=self.info.copy(),
            order=Order(*(a.copy() for a in self.order)),
            array=self.obs_array(seat),
        )

    def hand(self, seat: int) -> str:
        """A seat's cards in card notation."""
        return format_hand(self.hands[seat])

    def legal_actions(self, *, limit: int = 20_000) -> list[Play]:
        """:meth:`legal_plays` as readable :class:`Play` objects (``step`` takes them)."""
        return [Play.of(p) for p in self.legal_plays(limit=limit)]

    def __repr__(self) -> str:
        lines = [f"ShengjiGame(seed={self.seed}, level={RANK_NAMES[self.level]}, "
                 f"trump={SUIT_NAMES[SUITS[self.trump]]}, 庄家={self.zhuang}, trick={self.trick}, "
                 f"{self.phase}, to_play={self.to_play if self.phase != 'over' else None})"]
        for p in range(4):
            side = "庄家 side" if (p - self.zhuang) % 2 == 0 else "attackers"
            played = f" | played {format_hand(self.table[p])}" if self.table[p].any() else ""
            lines.append(f"  seat {p} ({side}, {int(self.hands[p].sum())} cards): {self.hand(p)}{played}")
        lines.append(f"  attacker points so far: {self.raw}")
        return "\n".join(lines)

    # ------------------------------------------------------------------ rules
    def check(self, play: Play | np.ndarray | str) -> int:
        """0 if ``play`` is legal for the seat to play, else a reason code (``REASONS``)."""
        return check_play(self.hands[self.to_play], self.fmt, self.order, self.two_quads,
                          _counts(play))

    def legal_leads(self) -> list[np.ndarray]:
        """Every single combination the leader may lead (throws are legal too, see :meth:`check`)."""
        return legal_leads(self.hands[self.to_play], self.order)

    def legal_plays(self, *, limit: int = 20_000) -> list[np.ndarray]:
        """The legal plays now: every single combination to lead (throws are legal as well,
        see :meth:`check`), or every distinct legal answer when following.

        Raises :class:`PaijuError` when a follow has more than ``limit`` candidate card sets;
        use :meth:`check` and :meth:`suggest` then.
        """
        if self.phase == "over":
            return []
        return legal_plays(self.hands[self.to_play], self.fmt, self.order, self.two_quads,
                           limit=limit)

    def legal(self, seat: int) -> LegalPlays:
        """What a Python strategy of ``seat`` gets as ``legal``: its legal plays, built from
        copies of its own hand, the trick's format and the order (no way back to the game)."""
        return LegalPlays.of_seat(self.hands[seat], self.fmt, self.order,
                                  two_quads=self.two_quads)

    def suggest(self, seat: int, *, pref: np.ndarray | None = None) -> np.ndarray:
        """A legal play for ``seat`` now (a lowest single to lead; the rules builder to follow)."""
        return suggest_play(self.hands[seat], self.fmt, self.order, self.two_quads, pref)

    # ------------------------------------------------------------------ moves
    def step(self, play: Play | np.ndarray | str, *, who: str = "player") -> None:
        """Apply the next seat's play; illegal plays raise :class:`IllegalActionError`."""
        if self.phase == "over":
            raise IllegalActionError("the hand is over; no more plays")
        seat = self.to_play
        try:
            cnt = _counts(play)
        except (TypeError, ValueError, IndexError, OverflowError) as exc:
            raise IllegalActionError(
                f"{who} (seat {seat}) in the hand with seed {self.seed}, trick {self.trick}: "
                f"{play!r} is not a play ({str(exc).splitlines()[0] if str(exc) else type(exc).__name__})"
            ) from None
        code = self.check(cnt)
        if code:
            raise IllegalActionError(
                f"{who} (seat {seat}) in the hand with seed {self.seed}, trick {self.trick}: "
                f"[{format_hand(cnt)}] {REASONS[code]}"
            )
        o = self.order
        if self.n_played == 0:
            self.table[:] = 0
            e = only_suit(cnt, o.es)
            decompose(cnt, o.kat, o.nat, o.npos, e, self.fmt)
            if self.fmt[2] > 1:
                self.throws += 1
                blocked = throw_blocked(self.fmt, self.hands, seat, o.kat, o.nat, o.npos,
                                        self.two_quads)
                if blocked >= 0:
                    self.failed += 1
                    lead = cnt.copy()
                    reduce_throw(lead, self.fmt, blocked, o.kat, o.nat, cnt)
                    decompose(cnt, o.kat, o.nat, o.npos, e, self.fmt)
                    attacker = (seat - self.zhuang) % 2 == 1
                    pen = self.rules.throw_penalty
                    self.penalty += -pen if attacker else pen
                    self.events.append(Event("throw_failed", seat, format_hand(lead),
                                             f"plays {format_hand(cnt)}"))
            self.events.append(Event("lead", seat, format_hand(cnt)))
        else:
            self.events.append(Event("follow", seat, format_hand(cnt)))
            E.note_void(self.voids, seat, cnt, self.fmt, o.es)
        self.table[seat] = cnt
        self.hands[seat] -= cnt
        self.n_played += 1
        if self.n_played == 4:
            self._finish_trick()
        self._set_info()

    def _finish_trick(self) -> None:
        o = self.order
        win = int(trick_winner_seat(self.table, self.leader, self.fmt, o.es, o.pos, o.kat, o.nat,
                                    o.npos, self.two_quads, 4))
        pts = sum(int(card_points(self.table[s])) for s in range(4))
        self.seen += self.table.sum(axis=0).astype(np.int8)
        self.played += self.table
        attackers_win = (win - self.zhuang) % 2 == 1
        if attackers_win:
            self.raw += pts
        else:
            self.def_raw += pts
        size = int(self.fmt[1])
        self.left -= size
        self.events.append(Event("trick", win, "", f"trick {self.trick}: {pts} points"))
        self.trick += 1
        if self.left == 0:
            self.last_winner = win
            side = self.rules.kou_di_sides
            factor = int(kou_di_factor(size, _MULT[self.rules.kou_di_multiplier]))
            if side != "off":
                if attackers_win:
                    self.kou_di = pts * factor
                elif side == "both":
                    self.kou_di = -pts * factor
            if self.kou_di:
                self.events.append(Event("kou_di", win, "", f"{self.kou_di:+d} attacker points"))
            self.events.append(Event("end", self.zhuang, "", str(self.result())))
        self.leader = win
        self.n_played = 0
        self.fmt[:] = 0
        self.table[:] = 0

    def result(self) -> dict[str, int]:
        """The hand's outcome (attacker points before and after 扣底, level change …)."""
        points = self.raw + self.kou_di + self.penalty
        side, levels = level_delta(points)
        return {
            "zhuang": self.zhuang, "trump": self.trump, "declarer": self.declarer,
            "attacker_points_raw": self.raw, "kou_di": self.kou_di, "throw_penalty": self.penalty,
            "attacker_points": points, "side": int(side), "levels": int(levels),
            "tricks": self.trick, "throws": self.throws, "failed_throws": self.failed,
            "last_trick_winner": self.last_winner, "defender_points_raw": self.def_raw,
            "level": self.level,
        }

    def play_out(self, strategies: Sequence[Callable[..., Any]], *,
                 names: Sequence[str] | None = None) -> dict[str, int]:
        """Play the hand to the end with one strategy per seat (kernels or Python ``choose``)."""
        names = list(names or [getattr(s, "__name__", "strategy") for s in strategies])
        o = self.order
        while self.phase != "over":
            seat = self.to_play
            s = strategies[seat]
            out = np.zeros(N_KINDS, dtype=np.int8)
            mode = E.LEAD if self.n_played == 0 else E.FOLLOW
            if mode == E.FOLLOW and E.forced_follow(self.hands[seat], self.fmt, o.es, out):
                self.step(out, who="the engine (forced follow)")
                continue
            if hasattr(s, "py_func"):  # a compiled kernel
                s(self.obs_array(seat), o.es, o.pos, o.kat, o.nat, o.npos, self.seat_rng[seat], out)
            else:
                try:
                    out = s(self.observation(seat), self.legal(seat), self.seat_rng[seat])
                except Exception as exc:
                    raise StrategyError(
                        f"strategy {names[seat]!r} (seat {seat}) raised {type(exc).__name__}: {exc} "
                        f"in the hand with seed {self.seed}, trick {self.trick}; replay it with "
                        f"ShengjiGame(seed={self.seed})"
                    ) from exc
            self.step(out, who=f"strategy {names[seat]!r}")
        return self.result()
