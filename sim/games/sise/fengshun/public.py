"""The public scoring functions of 丰顺: :func:`group_score` and :func:`hand_score`.

Cards are written in 丰顺 notation (colours 红 绿 黄 黑, e.g. ``红车 黑卒``, or ASCII ``RC BZ``).

>>> group_score("红将 红士 红相"), group_score("红卒 绿卒 黄卒 黑卒"), group_score("红车 红车 红车")
(1, 4, 3)
>>> group_score("红车 红车 红车", formed="碰"), group_score("红车 红车 红车 红车", formed="杠")
(1, 6)
>>> hand_score("红将 黄将 红车 红马 红炮 绿卒 绿卒")
3
>>> hand_score("红车 红车", claimed="红车"), hand_score("红车 红车 红车")
(1, 3)
>>> hand_score("红车 红马") is None
True
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from sim.errors import PaijuError
from sim.games.sise.cards import COLOURS, COPIES, N_KINDS, format_cards, kind_name, parse_cards
from sim.games.sise.fengshun.rules import FengshunRules
from sim.games.sise.fengshun.scoring import (C_GANG, C_SEQ, C_SET, C_ZI, best_score,
                                             fengshun_table, table_tuple)
from sim.games.validate import check_counts, counts_of

NAMES = COLOURS["fengshun"]
FORMS = ("hand", "吃", "碰", "杠")


class ScoreError(PaijuError, ValueError):
    """Cards that do not make the group or hand asked for (the message says why)."""


def cards_of(cards: str | Sequence[int]) -> list[int]:
    """Kinds from a 丰顺 card string (or a list of kinds, checked)."""
    if isinstance(cards, str):
        return parse_cards(cards, NAMES, game="fengshun")
    out = [int(k) for k in cards]
    if any(not 0 <= k < N_KINDS for k in out):
        raise ScoreError(f"card codes are 0–{N_KINDS - 1}, not {out}")
    return out


def _table(rules: FengshunRules | None):
    return fengshun_table(rules or FengshunRules())


def check_cards(rules: FengshunRules | None, *parts: Sequence[int], what: str) -> np.ndarray:
    """The counts of these lists of kinds together, refused if the deck(s) cannot hold them."""
    r = rules or FengshunRules()
    return check_counts(COPIES * r.decks, *(counts_of(p, N_KINDS) for p in parts),
                        name=lambda k: kind_name(k, NAMES), what=what)


def group_score(cards: str | Sequence[int], *, formed: str = "hand",
                rules: FengshunRules | None = None) -> int:
    """The value of one group: ``formed`` is ``"hand"`` (concealed), ``"吃"`` (a sequence or
    set completed with the 上家's discard), ``"碰"`` (a pair plus a claimed card) or
    ``"杠"`` (three in hand plus a claimed fourth). A single 将 is a group worth 1.

    >>> group_score("红车 红马")
    Traceback (most recent call last):
    ...
    sim.games.sise.fengshun.public.ScoreError: 红车 红马 is not a 丰顺 group; groups are sequences, sets of three or four colours, pairs, three or four identical cards, four 将 and a single 将
    """
    if formed not in FORMS:
        raise ScoreError(f"formed={formed!r} is not known; choose one of {', '.join(FORMS)}")
    ks = cards_of(cards)
    check_cards(rules, ks, what="the group's cards")
    text = format_cards(ks, NAMES)
    t = _table(rules)
    if len(ks) == 1 and t.free[ks[0]] >= 0:
        if formed != "hand":
            raise ScoreError(f"a single {text} is not claimed; 将 are never discarded")
        return int(t.free[ks[0]])
    g = t.find(ks)
    if g < 0:
        raise ScoreError(f"{text} is not a 丰顺 group; groups are sequences, sets of three or four "
                         "colours, pairs, three or four identical cards, four 将 and a single 将")
    cls = int(t.cls[g])
    need = {"吃": (C_SEQ, C_SET), "碰": (C_ZI,), "杠": (C_GANG,)}.get(formed)
    if need is None:
        return int(t.value[g])
    if cls not in need or (formed == "吃" and len(ks) != 3):
        what = {"吃": "three cards of a sequence or of three colours", "碰": "three identical cards",
                "杠": "four identical cards"}[formed]
        raise ScoreError(f"{text} cannot be formed by {formed}: it needs {what}")
    return int(t.claim[g])


def _meld(m) -> tuple[str, list[int]]:
    if isinstance(m, str):
        formed, _, rest = m.strip().partition(" ")
    else:
        formed, rest = m
    return formed, cards_of(rest)


def hand_score(hand: str | Sequence[int], melds: Sequence = (), *, claimed: str | int | None = None,
               rules: FengshunRules | None = None) -> int | None:
    """The best score of a complete hand, or ``None`` if some card cannot be grouped.

    ``hand`` holds the concealed cards; ``melds`` the table groups, each ``(formed, cards)``
    or a string like ``"碰 红车 红车 红车"``; ``claimed`` is the card just taken from another
    player (not in ``hand``): the group that holds it scores at the claimed rate.

    >>> hand_score("红卒 绿卒 黄卒", ["碰 黑车 黑车 黑车", ("吃", "红将 红士 红相")])
    3
    """
    r = rules or FengshunRules()
    if isinstance(melds, str):
        raise ScoreError("give melds as a list of table groups, e.g. ['碰 红车 红车 红车']")
    held = cards_of(hand)
    c = -1
    if claimed is not None:
        ks = cards_of(claimed) if isinstance(claimed, str) else cards_of([claimed])
        if len(ks) != 1:
            raise ScoreError(f"claimed is one card, not {len(ks)}")
        c = ks[0]
    table = [_meld(m) for m in melds]
    check_cards(r, held, [c] if c >= 0 else [], *(ks for _, ks in table),
                what="the hand, its table groups and the claimed card together")
    counts = counts_of(held + ([c] if c >= 0 else []), N_KINDS)
    total = 0
    for formed, ks in table:
        if formed == "hand":
            raise ScoreError("a table group is formed by 吃, 碰 or 杠, not 'hand'")
        total += group_score(ks, formed=formed, rules=r)
    if counts.sum() == 0:
        return total
    v = best_score(counts, c, table_tuple(_table(r)))
    return None if v < 0 else total + int(v)
