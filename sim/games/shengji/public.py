"""The documented public functions of 升级: is a follow legal, who wins a trick.

They take cards in the notation of :mod:`sim.games.shengji.cards`, the level as a rank
(``2``–``10``, ``J``, ``Q``, ``K``, ``A`` or 2–14) and the trump suit as a letter.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from sim.errors import PaijuError
from sim.games.shengji.cards import COPIES, card_name, parse_hand, parse_rank, parse_suit
from sim.games.shengji.rules import ShengjiRules
from sim.games.validate import check_counts

__all__ = ["legal_follow", "trick_winner"]


def _setup(level, trump, rules):
    from sim.games.shengji.order import build_order

    rules = rules or ShengjiRules()
    return build_order(level=parse_rank(level), trump=parse_suit(trump),
                       cross_tier=rules.cross_tier), rules


def _format(cards, o) -> np.ndarray:
    from sim.games.shengji.combos import FMT_SIZE, decompose, only_suit

    cnt = parse_hand(cards)
    e = only_suit(cnt, o.es)
    if e < 0:
        raise PaijuError(f"a lead must be cards of one suit (trumps count as one suit), not {cards!r}")
    fmt = np.zeros(FMT_SIZE, dtype=np.int16)
    decompose(cnt, o.kat, o.nat, o.npos, e, fmt)
    return fmt


def legal_follow(lead: str, hand: str, play: str, *, level: str | int, trump: str,
                 rules: ShengjiRules | None = None) -> bool:
    """Whether ``play`` (from ``hand``, the whole hand before the play) may answer ``lead``.

    >>> legal_follow("7H 7H 8H 8H", "3H 3H 4H 4H 9H KH", "3H 3H 4H 4H", level=2, trump="S")
    True
    >>> legal_follow("7H 7H 8H 8H", "3H 3H 4H 4H 9H KH", "3H 3H 9H KH", level=2, trump="S")
    False
    >>> legal_follow("7H 7H 8H 8H", "AH AH AH AH 3H 3H 4H 4H", "AH AH AH AH", level=2, trump="S")
    True
    >>> legal_follow("AH", "3H 5S", "5S", level=2, trump="S")
    False
    """
    from sim.games.shengji.follow import follow_check

    o, rules = _setup(level, trump, rules)
    fmt = _format(lead, o)
    # the lead stands for its shape only (the seed's follow lists reuse the follower's cards),
    # so only the hand itself must be possible
    check_counts(COPIES, parse_hand(hand), name=card_name, what="the hand")
    code = follow_check(parse_hand(hand), parse_hand(play), fmt, o.es, o.kat, o.nat, o.npos,
                        rules.two_quads_answer)
    return int(code) == 0


def trick_winner(plays: Sequence[str], *, level: str | int, trump: str,
                 rules: ShengjiRules | None = None) -> int:
    """The index of the winning play (plays in table order, the lead first).

    >>> trick_winner(["7H 7H 8H 8H", "JH JH QH QH", "AH AH AH AH"], level=2, trump="S")
    2
    >>> trick_winner(["7H 7H 8H 8H", "JH JH QH QH", "AH AH AH AH", "3S 3S 4S 4S"], level=2, trump="S")
    3
    >>> trick_winner(["AH", "2C", "2D"], level=5, trump="S")
    1
    """
    from sim.games.shengji.trick import play_key

    if isinstance(plays, str) or not 1 <= len(plays) <= 4:
        raise PaijuError("give the trick's plays as a list of 1 to 4 card strings, the lead first")
    o, rules = _setup(level, trump, rules)
    fmt = _format(plays[0], o)
    size = int(parse_hand(plays[0]).sum())
    for i, p in enumerate(plays[1:], start=1):
        if int(parse_hand(p).sum()) != size:
            raise PaijuError(f"play {i} ({p!r}) has not as many cards as the lead ({size})")
    check_counts(COPIES, *(parse_hand(p) for p in plays), name=card_name,
                 what="the plays of the trick together")
    best, win = -2, 0
    for i, p in enumerate(plays):
        k = int(play_key(parse_hand(p), fmt, i == 0, o.es, o.pos, o.kat, o.nat, o.npos,
                         rules.two_quads_answer))
        if k > best:
            best, win = k, i
    return win
