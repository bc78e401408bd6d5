"""Public hand functions: best 胡 of a hand, 三提五坎 at the deal, and the 吃 plans of a card.

Hands and cards use the notation of :mod:`sim.games.zipai.cards`; table melds are written
as a meld word and its cards: ``"提 d10"``, ``"偎 x2"``, ``"臭偎 x2"``, ``"碰 x8"``,
``"跑 x1"``, ``"吃 d1d2d3"``, ``"绞 d8x8x8"`` (``"比 …"`` is read like ``"吃 …"``).

>>> best_win("x1x1 x2x2x2 x3x4x5 d1d2d3 x7x8x9 d7d7", ["提 d10"], "x1", self_drawn=True)
24
>>> natural_win("x1x1x1x1 x2x2x2x2 x3x3x3x3 x4")
'三提'
>>> chi_options("x1x2x3x4x5", "x3")
[('一二三', '三四五')]
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from sim.games.validate import check_counts, counts_of
from sim.games.zipai.cards import (COPIES, N_KINDS, NotationError, format_cards, kind_name, parse_cards,
                                   parse_hand)
from sim.games.zipai.deal import NATURAL_FIVE_KAN, NATURAL_THREE_TI, natural_kind
from sim.games.zipai.melds import (
    GROUPS,
    MAX_PLAN_GROUPS,
    MAX_PLANS,
    M_CHI,
    M_CHOUWEI,
    M_PAO,
    M_PENG,
    M_TI,
    M_WEI,
    MELD_SIZE,
    N_GROUPS,
    chi_plans,
)
from sim.games.zipai.rules import ZipaiRules
from sim.games.zipai.scoring import WORK_SIZE, best_win_kernel

_MELD_WORDS = {"提": M_TI, "跑": M_PAO, "偎": M_WEI, "臭偎": M_CHOUWEI, "碰": M_PENG,
               "吃": M_CHI, "绞": M_CHI, "比": M_CHI}
_GROUP_OF = {tuple(sorted(int(x) for x in GROUPS[g])): g for g in range(N_GROUPS)}


def group_number(kinds: Sequence[int]) -> int:
    """The number of the 吃-type group made of ``kinds`` (three card kinds)."""
    key = tuple(sorted(int(k) for k in kinds))
    if key not in _GROUP_OF:
        raise NotationError(
            f"{format_cards(list(kinds))} is not a 一句话, 二七十 or 绞 (three cards of one group)"
        )
    return _GROUP_OF[key]


def group_text(g: int) -> str:
    """A 吃-type group in Chinese notation, e.g. ``'一二三'``."""
    return format_cards([int(x) for x in GROUPS[g]])


def parse_meld(text: str) -> tuple[int, int]:
    """Read a table meld such as ``"碰 x8"`` or ``"吃 d1d2d3"`` into (meld kind, value)."""
    for name in sorted(_MELD_WORDS, key=len, reverse=True):
        if text.strip().startswith(name):
            kind = _MELD_WORDS[name]
            cards = parse_cards(text.strip()[len(name):])
            break
    else:
        raise NotationError(
            f"cannot read meld {text!r}: start it with one of {', '.join(_MELD_WORDS)}, e.g. '碰 x8'"
        )
    if kind == M_CHI:
        if len(cards) != 3:
            raise NotationError(f"meld {text!r} must name three cards")
        return kind, group_number(cards)
    if not cards or any(c != cards[0] for c in cards) or len(cards) > MELD_SIZE[kind]:
        raise NotationError(f"meld {text!r} must name one card (or its copies), e.g. '碰 x8'")
    return kind, cards[0]


def _parse_card(card: str | int) -> int:
    if isinstance(card, (int, np.integer)):
        if not 0 <= int(card) < N_KINDS:
            raise NotationError(f"card kind {card} is out of range 0–19")
        return int(card)
    kinds = parse_cards(card)
    if len(kinds) != 1:
        raise NotationError(f"{card!r} must be exactly one card")
    return kinds[0]


def _meld_arrays(melds: Sequence[str]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    mk = np.zeros(max(1, len(melds)), dtype=np.int16)
    mv = np.zeros(max(1, len(melds)), dtype=np.int16)
    used = np.zeros(N_KINDS, dtype=np.int64)
    for j, text in enumerate(melds):
        kind, value = parse_meld(text)
        mk[j], mv[j] = kind, value
        if kind == M_CHI:
            for x in GROUPS[value]:
                used[int(x)] += 1
        else:
            used[value] += MELD_SIZE[kind]
    return mk, mv, used


def best_win(
    hand: str,
    melds: Sequence[str],
    card: str | int,
    *,
    self_drawn: bool,
    rules: ZipaiRules | None = None,
) -> int | None:
    """The maximum 胡息 with which ``hand`` (concealed) and ``melds`` (on the table) win on
    ``card``, a card drawn from the stock (by the player himself if ``self_drawn``), or
    ``None`` if they do not win (7 方门子, 将 iff a 提/跑 is owned, 胡息 ≥ the minimum).

    Here the x1 makes a 偎 (3 胡息) when self-drawn and a 碰 (1) otherwise; with the 提
    (12), the 坎 x2 (3) and 壹贰叁 (6):

    >>> best_win("x1x1 x2x2x2 x3x4x5 d1d2d3 x7x8x9 d7d7", ["提 d10"], "x1", self_drawn=True)
    24
    >>> best_win("x1x1 x2x2x2 x3x4x5 d1d2d3 x7x8x9 d7d7", ["提 d10"], "x1", self_drawn=False)
    22
    >>> best_win("x1x1 x2x2x2 x3x4x5 d1d2d3 x7x8x9 d7d7", ["提 d10"], "x6", self_drawn=True) is None
    True
    """
    rules = rules or ZipaiRules()
    counts = parse_hand(hand).astype(np.int16)
    c = _parse_card(card)
    mk, mv, used = _meld_arrays(list(melds))
    check_counts(COPIES, counts, used, counts_of([c], N_KINDS), name=kind_name, error=NotationError,
                 what="the hand, its melds and the card together")
    work = np.zeros(WORK_SIZE, dtype=np.int16)
    h = best_win_kernel(counts, mk, mv, len(melds), c, bool(self_drawn), rules.min_huxi, work)
    return None if h < 0 else int(h)


def natural_win(hand: str) -> str | None:
    """Which 三提五坎 condition a dealt hand meets: ``'三提'`` (three or more 提),
    ``'五坎'`` (five or more 提 + 坎, a 提 counting as a 坎), or ``None``.

    >>> natural_win("x1x1x1 x2x2x2 x3x3x3 d4d4d4 d5d5d5 d6")
    '五坎'
    >>> natural_win("x1x1x1 x2x2x2 x3x3x3 d4d4d4 d5d5 d6") is None
    True
    """
    counts = parse_hand(hand)
    check_counts(COPIES, counts, name=kind_name, error=NotationError, what="the hand")
    kind = natural_kind(counts)
    return {NATURAL_THREE_TI: "三提", NATURAL_FIVE_KAN: "五坎"}.get(int(kind))


def chi_options(hand: str, card: str | int) -> list[tuple[str, ...]]:
    """The legal 吃 plans of ``card`` for ``hand``: each the groups laid down (the 吃 group
    and its 比 groups, which place every copy of the card held outside a 坎), as a tuple
    of groups in Chinese notation. Plans that lay down the same groups appear once.

    >>> chi_options("x2x3 x1 d1d1", "x1")
    [('一二三', '一壹壹'), ('一一壹',)]
    >>> chi_options("x1x1x1 x2x3", "x1")
    []
    """
    counts = parse_hand(hand)
    c = _parse_card(card)
    check_counts(COPIES, counts, counts_of([c], N_KINDS), name=kind_name, error=NotationError,
                 what="the hand and the card together")
    plans = np.empty((MAX_PLANS, MAX_PLAN_GROUPS), dtype=np.int8)
    n = chi_plans(counts, c, plans)
    return [tuple(group_text(int(g)) for g in plans[i] if g >= 0) for i in range(n)]
