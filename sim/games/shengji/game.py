"""The Python driver: one hand with the game contract's step API (:class:`Game`).

>>> g = Game(seed=7)
>>> g.phase, g.actor == g.zhuang
('lead', True)
>>> g.step(g.suggest(g.actor))
>>> g.phase
'follow'
>>> all(g.check(a.text) == 0 for a in g.legal_actions())
True

Hands, plays and the table read in card notation (``3S 4S 4S … SJ BJ``); a legal action's
text is its play in that notation and its code the play's number in the radix of the hand
(:mod:`sim.games.shengji.codes`):

>>> g = Game(seed=7)
>>> g.legal_actions()[0].text
'3H'
>>> g.hand(0).split()[:4]
['3S', '4S', '4S', '5S']

``step`` takes an :class:`~sim.games.driver.Action`, a code, a play in card notation, a
:class:`Play` or a 54-entry count vector. To lead, ``legal_actions`` lists every single
combination (a throw, 甩牌, is legal too); to follow, every distinct legal answer, or — when
a seat short of the led suit could fill from thousands of card sets — the distinct answers
of the rules' builder (:func:`~sim.games.shengji.legal.listed_plays`); any legal play may
be stepped. Strategies are compiled kernels (``strategies.shengji``, called exactly as the
batch engine calls them, with the seat's own generator) or any Python function
``choose(observation, legal, rng)`` returning a play, where ``legal`` is a
:class:`~sim.games.shengji.legal.LegalPlays` (``check``/``suggest`` need no enumeration).
:meth:`Game.play` runs a hand with them; with the batch's compiled strategies and seed it
gives the batch driver's results exactly.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from sim.errors import IllegalActionError, PaijuError, StrategyError
from sim.games.chance import CardDeal
from sim.games.driver import Action, DriverGame, Event, KernelPlayer
from sim.games.log import SharedLog
from sim.games.shengji import engine as E
from sim.games.shengji import observe as OB
from sim.games.shengji.cards import (COPIES, DECK_SIZE, N_KINDS, RANK_NAMES, SUIT_NAMES, SUITS,
                                     chinese_name, format_hand)
from sim.games.shengji.codes import Play, code_play, play_code
from sim.games.shengji.combos import F_CARDS, F_PARTS, FMT_SIZE, decompose, only_suit
from sim.games.shengji.follow import REASONS
from sim.games.shengji.legal import (
    LegalPlays,
    check_play,
    counts_of,
    legal_leads,
    legal_plays,
    listed_plays,
    suggest_play,
)
from sim.games.shengji.order import Order, new_order
from sim.games.shengji.observe import Observation
from sim.games.shengji.rules import DEFAULT_STRATEGY, V_DECL, V_KOU_MULT, ShengjiRules, rules_vector
from sim.games.shengji.scoring import card_points, kou_di_factor, level_delta
from sim.games.shengji.trick import reduce_throw, throw_blocked, trick_winner_seat
from sim.rng import new_state

__all__ = ["Game", "Observation", "Play"]


class Game(DriverGame):
    """One hand of 四副牌升级, dealt from ``seed`` (the same seed as the batch driver's);
    ``dealer`` is the 庄家 seat (``None``: the final declarer, as in the batch's first hands)."""

    _n_seats = 4
    _SEARCH, _ROLLOUT = "sim.games.shengji.search", DEFAULT_STRATEGY

    def __init__(self, *, seed: int, rules: ShengjiRules | None = None, level: int | None = None,
                 dealer: int | None = None) -> None:
        self._setup(seed, rules, level)
        self._seat(E.deal(self._s, self.level, rules_vector(self.rules)[V_DECL], self.hands),
                   dealer)

    @classmethod
    def from_arrangement(cls, cards: Sequence[int] | np.ndarray, start: int, *,
                         rules: ShengjiRules | None = None, level: int | None = None,
                         dealer: int | None = None) -> Game:
        """The hand dealt from ``cards`` (the 216 kinds in the order they are dealt) with
        seat ``start`` dealt first, exactly as a seeded deal whose shuffle gave them. The
        hand has no seed: it reads ``seed=0``, and its strategies' generators are seed 0's."""
        order = np.asarray(cards, dtype=np.int64)
        if order.shape != (DECK_SIZE,) or (np.bincount(order, minlength=N_KINDS) != COPIES).any():
            raise PaijuError(f"an arrangement is the {DECK_SIZE} cards, four of each kind")
        if not 0 <= int(start) < 4:
            raise PaijuError(f"the seat dealt first is 0–3, not {start}")
        self = cls.__new__(cls)
        self._setup(0, rules, level)
        self._seat(E.deal_order(order.astype(np.int8), np.int64(start), np.int64(self.level),
                                np.int64(rules_vector(self.rules)[V_DECL]), self.hands),
                   dealer)
        return self

    @classmethod
    def chance_deal(cls, *, rules: ShengjiRules | None = None, dealer: int | None = None,
                    level: int | None = None) -> CardDeal:
        """The deal card by card: the 216 cards in the order they are dealt, then the seat
        dealt first (uniform over 4); the last draw deals it as :meth:`from_arrangement`
        (strategies' generators of seed 0). ``dealer=None``: the final declarer is 庄家."""
        rules = rules or ShengjiRules()

        def finish(order: np.ndarray, extras: tuple[int, ...], redeals: int) -> Game:
            return cls.from_arrangement(order, extras[0], rules=rules, level=level, dealer=dealer)

        return CardDeal(np.full(N_KINDS, COPIES, dtype=np.int64), finish, extras=(4,),
                        name=chinese_name)

    def _setup(self, seed: int, rules: ShengjiRules | None, level: int | None) -> None:
        """What every hand starts with before its cards are dealt."""
        self.rules = rules or ShengjiRules()
        self.seed = int(seed)
        self.decisions = SharedLog()  # shared by the game's copies (sim.games.log)
        self.level = int(level if level is not None else self.rules.start_level)
        self._s = new_state(self.seed)  # the deal's generator
        # one array per seat: a seat's generator leads to no other seat's
        self.seat_rng = tuple(row.copy() for row in E.seat_streams(np.uint64(self.seed)))
        self.hands = np.zeros((4, N_KINDS), dtype=np.int8)

    def _seat(self, dealt: tuple, dealer: int | None) -> None:
        """Trump, declarer and 庄家 from the deal's ``(trump, declarer, shown, start)``."""
        trump, who, _, start = dealt
        self.trump = int(trump) if trump >= 0 else 0
        self.declarer = int(who)
        self.deal_start = int(start)
        self.zhuang = int(dealer) if dealer is not None else (int(who) if who >= 0 else int(start))
        self.order = Order(*new_order(self.level, self.trump, self.rules.cross_tier))
        self.two_quads = bool(self.rules.two_quads_answer)
        self._new_tables()
        self._log: list[Event] = [self._deal_event(s) for s in range(4)]
        self._set_info()

    def _new_tables(self) -> None:
        self.table = np.zeros((4, N_KINDS), dtype=np.int8)
        self.seen = np.zeros(N_KINDS, dtype=np.int8)
        self.played = np.zeros((4, N_KINDS), dtype=np.int8)
        self.voids = np.zeros((4, 5), dtype=np.int8)
        self.fmt = np.zeros(FMT_SIZE, dtype=np.int16)
        self.info = np.zeros(E.INFO_SIZE, dtype=np.int32)
        self.leader, self.n_played, self.trick, self.left = self.zhuang, 0, 0, DECK_SIZE // 4
        self.raw = self.def_raw = self.penalty = self.kou_di = 0
        self.throws = self.failed = 0
        self.last_winner = -1

    def _deal_event(self, seat: int) -> Event:
        cards = self.hands[seat] + self.played[seat] + self.table[seat]
        text = format_hand(cards)
        return Event("deal", seat, text, cards=tuple(text.split()))

    @classmethod
    def from_row(cls, row: dict[str, Any], *, rules: ShengjiRules | None = None,
                 dealer: int | None = None) -> Game:
        """The hand a run stored as ``row`` (:meth:`DriverGame.from_row`), also dealt at the
        level its row was played at (a match's later hands are played above ``start_level``)."""
        return cls(seed=int(row["seed"]), rules=rules, level=row.get("level") or None,
                   dealer=int(row["dealer"]) if dealer is None else dealer)

    @property
    def dealer(self) -> int:
        """The 庄家 seat (the contract's name for it)."""
        return self.zhuang

    # ------------------------------------------------------------------ state
    @property
    def phase(self) -> str:
        """``lead``, ``follow`` or ``over``."""
        if self.left == 0:
            return "over"
        return "lead" if self.n_played == 0 else "follow"

    @property
    def actor(self) -> int:
        """The seat whose play is next, or -1 when the hand is over."""
        return -1 if self.left == 0 else (self.leader + self.n_played) % 4

    @property
    def done(self) -> bool:
        """Whether the hand is over."""
        return self.left == 0

    @property
    def events(self) -> list[Event]:
        """The event log: ``deal``, ``lead``, ``throw_failed``, ``follow``, ``trick``,
        ``kou_di``, ``end`` (cards in card notation, points as amounts)."""
        return list(self._log)

    def _set_info(self) -> None:
        o, info = self.order, self.info
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

    def observation_array(self, seat: int) -> np.ndarray:
        """The observation array a compiled strategy of ``seat`` receives now (``observe.SPEC``)."""
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
            array=self.observation_array(seat),
        )

    def hand(self, seat: int) -> str:
        """A seat's cards in card notation."""
        return format_hand(self.hands[seat])

    def __repr__(self) -> str:
        lines = [f"Game(seed={self.seed}, level={RANK_NAMES[self.level]}, "
                 f"trump={SUIT_NAMES[SUITS[self.trump]]}, 庄家={self.zhuang}, trick={self.trick}, "
                 f"{self.phase}, actor={self.actor if not self.done else None})"]
        for p in range(4):
            side = "庄家 side" if (p - self.zhuang) % 2 == 0 else "attackers"
            played = f" | played {format_hand(self.table[p])}" if self.table[p].any() else ""
            lines.append(f"  seat {p} ({side}, {int(self.hands[p].sum())} cards): {self.hand(p)}{played}")
        lines.append(f"  attacker points so far: {self.raw}")
        return "\n".join(lines)

    # ------------------------------------------------------------------ rules
    def check(self, play: Play | np.ndarray | str) -> int:
        """0 if ``play`` is legal for the seat to play, else a reason code (``REASONS``)."""
        return check_play(self.hands[self.actor], self.fmt, self.order, self.two_quads,
                          counts_of(play))

    def legal_actions(self) -> list[Action]:
        """The listed legal plays as :class:`~sim.games.driver.Action` (code, card text);
        empty when the hand is over."""
        if self.done:
            return []
        hand = self.hands[self.actor]
        return [Action(play_code(hand, p), format_hand(p))
                for p in listed_plays(hand, self.fmt, self.order, self.two_quads)]

    def legal_codes(self) -> list[int]:
        """The codes of :meth:`legal_actions`, in its order, without their card texts."""
        if self.done:
            return []
        hand = self.hands[self.actor]
        return [play_code(hand, p) for p in listed_plays(hand, self.fmt, self.order, self.two_quads)]

    def legal_leads(self) -> list[np.ndarray]:
        """Every single combination the leader may lead (throws are legal too, see :meth:`check`)."""
        return legal_leads(self.hands[self.actor], self.order)

    def legal_plays(self, *, limit: int = 20_000) -> list[np.ndarray]:
        """Every single combination to lead, or every distinct legal answer when following
        (a :class:`PaijuError` past ``limit`` candidate card sets: use :meth:`check` then)."""
        if self.done:
            return []
        return legal_plays(self.hands[self.actor], self.fmt, self.order, self.two_quads,
                           limit=limit)

    def legal(self, seat: int) -> LegalPlays:
        """What a Python strategy of ``seat`` gets as ``legal``: built from copies of its own
        hand, the trick's format and the order (no way back to the game)."""
        return LegalPlays.of_seat(self.hands[seat], self.fmt, self.order,
                                  two_quads=self.two_quads)

    def suggest(self, seat: int, *, pref: np.ndarray | None = None) -> np.ndarray:
        """A legal play for ``seat`` now (a lowest single to lead; the rules builder to follow)."""
        return suggest_play(self.hands[seat], self.fmt, self.order, self.two_quads, pref)

    def forced(self, seat: int) -> np.ndarray | None:
        """The one legal answer of a follower who has no choice (the engine plays it), else None."""
        out = np.zeros(N_KINDS, dtype=np.int8)
        if self.n_played and E.forced_follow(self.hands[seat], self.fmt, self.order.es, out):
            return out
        return None

    # ------------------------------------------------------------------ moves
    def _where(self, who: str, seat: int) -> str:
        return f"{who} (seat {seat}) in the hand with seed {self.seed}, trick {self.trick}"

    def _counts_of(self, action: Any, seat: int, who: str) -> np.ndarray:
        """The count vector an action names, or a one-line :class:`IllegalActionError`."""
        if isinstance(action, Action):
            action = action.code
        if isinstance(action, (int, np.integer)) and not isinstance(action, bool):
            cnt = code_play(self.hands[seat], int(action))
            if cnt is None:
                raise IllegalActionError(f"{self._where(who, seat)}: action {int(action)} names "
                                         f"no set of cards of the hand")
            return cnt
        if isinstance(action, (str, Play, np.ndarray)):
            try:
                return counts_of(action)
            except (PaijuError, TypeError, ValueError, IndexError, OverflowError) as exc:
                reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
                raise IllegalActionError(f"{self._where(who, seat)}: {action!r} is not a play "
                                         f"({reason})") from None
        raise IllegalActionError(f"{self._where(who, seat)}: {action!r} is not a play")

    def step(self, action: Any, *, who: str = "player") -> None:
        """Apply the next seat's play; an illegal one raises a one-line
        :class:`IllegalActionError` and leaves the hand as it was."""
        if self.done:
            raise IllegalActionError(f"{who} acted in hand seed {self.seed} after the hand ended")
        seat = self.actor
        cnt = self._counts_of(action, seat, who)
        code = check_play(self.hands[seat], self.fmt, self.order, self.two_quads, cnt)
        if code:
            raise IllegalActionError(f"{self._where(who, seat)}: [{format_hand(cnt)}] "
                                     f"{REASONS[code]}")
        self.decisions.append(play_code(self.hands[seat], cnt))
        if self.n_played == 0:
            cnt = self._lead(seat, cnt)
        else:
            self._log.append(Event("follow", seat, format_hand(cnt), cards=_cards(cnt)))
            E.note_void(self.voids, seat, cnt, self.fmt, self.order.es)
        self.table[seat] = cnt
        self.hands[seat] -= cnt
        self.n_played += 1
        if self.n_played == 4:
            self._finish_trick()
        self._set_info()

    def _lead(self, seat: int, cnt: np.ndarray) -> np.ndarray:
        """Set the trick's format from a lead; a blocked throw plays its blocked part only."""
        o = self.order
        self.table[:] = 0
        e = only_suit(cnt, o.es)
        decompose(cnt, o.kat, o.nat, o.npos, e, self.fmt)
        if self.fmt[F_PARTS] > 1:
            self.throws += 1
            blocked = throw_blocked(self.fmt, self.hands, seat, o.kat, o.nat, o.npos,
                                    self.two_quads)
            if blocked >= 0:
                self.failed += 1
                lead, cnt = cnt, np.zeros(N_KINDS, dtype=np.int8)
                reduce_throw(lead, self.fmt, blocked, o.kat, o.nat, cnt)
                decompose(cnt, o.kat, o.nat, o.npos, e, self.fmt)
                pen = self.rules.throw_penalty
                pen = -pen if (seat - self.zhuang) % 2 == 1 else pen
                self.penalty += pen
                self._log.append(Event("throw_failed", seat,
                                       f"{format_hand(lead)} fails; plays {format_hand(cnt)}",
                                       cards=_cards(lead), amounts=(pen,)))
        self._log.append(Event("lead", seat, format_hand(cnt), cards=_cards(cnt)))
        return cnt

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
        size = int(self.fmt[F_CARDS])
        self.left -= size
        self._log.append(Event("trick", win, f"trick {self.trick}: {pts} points", amounts=(pts,)))
        self.trick += 1
        if self.left == 0:
            self._finish_hand(win, pts, size, attackers_win)
        self.leader = win
        self.n_played = 0
        self.fmt[:] = 0
        self.table[:] = 0

    def _finish_hand(self, win: int, pts: int, size: int, attackers_win: bool) -> None:
        """扣底 after the last trick, then the end of the hand."""
        self.last_winner = win
        side = self.rules.kou_di_sides
        factor = int(kou_di_factor(size, rules_vector(self.rules)[V_KOU_MULT]))
        if side != "off":
            if attackers_win:
                self.kou_di = pts * factor
            elif side == "both":
                self.kou_di = -pts * factor
        if self.kou_di:
            self._log.append(Event("kou_di", win, f"{self.kou_di:+d} attacker points",
                                   amounts=(self.kou_di,)))
        r = self.result
        self._log.append(Event("end", self.zhuang, str(r),
                               amounts=(r["attacker_points"], r["side"], r["levels"])))

    @property
    def result(self) -> dict[str, Any] | None:
        """The hand's outcome (attacker points before and after 扣底, level change …, and
        ``points``: each seat's levels won or lost, as in the rows), or ``None`` while it is
        being played."""
        if not self.done:
            return None
        points = self.raw + self.kou_di + self.penalty
        side, levels = level_delta(points)
        hold = int(side) == 0  # the defenders keep the deal: they gain the levels
        seat_points = tuple(int(levels) if ((s - self.zhuang) % 2 == 0) == hold else -int(levels)
                            for s in range(4))
        return {
            "zhuang": self.zhuang, "trump": self.trump, "declarer": self.declarer,
            "attacker_points_raw": self.raw, "kou_di": self.kou_di, "throw_penalty": self.penalty,
            "attacker_points": points, "side": int(side), "levels": int(levels),
            "tricks": self.trick, "throws": self.throws, "failed_throws": self.failed,
            "last_trick_winner": self.last_winner, "defender_points_raw": self.def_raw,
            "level": self.level, "points": seat_points,
        }

    # ------------------------------------------------------------------ play and search
    def play(self, players: Sequence[Callable[..., Any]], *,
             names: Sequence[str] | None = None) -> dict[str, int]:
        """Play the hand to the end with one player per seat: compiled kernels (bare or as a
        :class:`~sim.games.driver.KernelPlayer`) or Python ``choose(observation, legal, rng)``.
        Forced follows are played by the engine, as in the batch."""
        if len(players) != 4:
            raise PaijuError(f"give 4 players, not {len(players)}")
        names = list(names or [getattr(p, "name", None) or getattr(p, "__name__", "strategy")
                               for p in players])
        while not self.done:
            seat = self.actor
            forced = self.forced(seat)
            if forced is not None:
                self.step(forced, who="the engine (forced follow)")
            else:
                self.step(self._choice(players[seat], seat, names[seat]),
                          who=f"strategy {names[seat]!r}")
        return self.result

    def _choice(self, player: Any, seat: int, name: str) -> Any:
        """What ``player`` plays for ``seat`` now."""
        from sim.search import SearchPlayer

        if isinstance(player, SearchPlayer):
            return self._search_code(seat, player)
        kernel = player.kernel if isinstance(player, KernelPlayer) else player
        if hasattr(kernel, "py_func"):  # a compiled kernel returns its play's action code
            o = self.order
            out = np.zeros(N_KINDS, dtype=np.int8)
            code = int(kernel(self.observation_array(seat), o.es, o.pos, o.kat, o.nat, o.npos,
                              self.seat_rng[seat], out))
            return out if code == -1 else code  # -1: a card it lacks, refused with its cards
        try:
            return player(self.observation(seat), self.legal(seat), self.seat_rng[seat])
        except Exception as exc:
            raise StrategyError(
                f"strategy {name!r} (seat {seat}) raised {type(exc).__name__}: {exc} in the hand "
                f"with seed {self.seed}, trick {self.trick}; replay it with "
                f"Game(seed={self.seed}, dealer={self.zhuang})"
            ) from exc

    def resample(self, seat: int, rng: np.random.Generator) -> Game:
        """A copy in which the cards ``seat`` has not seen are dealt anew among the other
        seats, each keeping its hand size and holding nothing of a suit it has shown void:
        the compiled world sampler (:func:`sim.games.shengji.world.deal_world`), seeded by
        one draw of ``rng``, so the driver's worlds are the search's."""
        from sim.games.shengji.world import deal_world
        from sim.rng import generator_state

        other = self.clone()
        dealt = np.zeros((4, N_KINDS), dtype=np.int8)
        deal_world(self.hands, seat, self.table, self.played, self.voids, self.order.es,
                   generator_state(rng), dealt)
        other.hands[:] = dealt
        other._log[:4] = [other._deal_event(s) for s in range(4)]
        return other

    def _search_start(self, seat: int) -> tuple[tuple, np.ndarray, int, np.ndarray]:
        """The loop's state of the hand (:func:`sim.games.shengji.state.state_of`), no list of
        plays (the search builds its own candidates) and the seat's own generator, as the
        batch has them."""
        from sim.games.shengji.batch import CHOICE, new_actions
        from sim.games.shengji.state import state_of

        return state_of(self), new_actions(), CHOICE, self.seat_rng[seat]

    def _search_ctx(self) -> np.ndarray:
        return rules_vector(self.rules)


def _cards(cnt: np.ndarray) -> tuple[str, ...]:
    return tuple(format_hand(cnt).split())
