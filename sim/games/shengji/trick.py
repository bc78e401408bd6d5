"""Who wins a trick, and whether a throw (甩牌) stands.

Only a play of one effective suit — the led suit, or trump when the lead is a side suit —
with the lead's shape can win. Against a single combination the follower needs the same
shape, or (the seed's rule) a *wider* combination of the same size: a triple or quad
tractor beats a pair tractor of as many cards, a quad beats a two-pair tractor, and with
``two_quads_answer`` two quads beat a four-pair tractor. Trump beats the led suit; then
the wider class; then the higher top position. Against a throw only a trump ruff that
holds the throw's whole shape (all of its components, on disjoint cards) can win; two
ruffs compare by the top of their largest component (most cards, then widest), not by
their highest card. Equal plays: the first played wins.

A throw stands only when no other player holds, in that suit, a combination that beats
one of its components by the same rule (:func:`beats_part`: a higher one of its shape,
or a wider one of as many cards); otherwise the thrower plays the smallest such
component, exactly its own cards, and takes the rest back.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.shengji.combos import (
    FMT_SIZE,
    F_FIRST,
    F_PARTS,
    F_SUIT,
    PART_SIZE,
    P_RUN,
    P_TOP,
    P_WIDTH,
    carve_fmt,
    decompose,
    largest_part,
    only_suit,
    part_top,
    run_kind,
    split_play,
)
from sim.games.shengji.order import TRUMP


@njit(cache=True)
def play_key(play: np.ndarray, fmt: np.ndarray, is_lead: bool, es: np.ndarray, pos: np.ndarray,
             kat: np.ndarray, nat: np.ndarray, npos: np.ndarray, two_quads: bool) -> int:
    """A number that orders the plays of a trick (higher wins; -1 cannot win)."""
    le = fmt[F_SUIT]
    if is_lead:
        if fmt[F_PARTS] == 1:
            return (1000 if le == TRUMP else 0) + 50 * (2 * fmt[F_FIRST + P_WIDTH] + 1) + fmt[F_FIRST + P_TOP]
        return (1000 if le == TRUMP else 0) + 50
    e = only_suit(play, es)
    if e < 0 or (e != le and e != TRUMP):
        return -1
    trump = 1000 if e == TRUMP else 0
    if fmt[F_PARTS] == 1:
        w = fmt[F_FIRST + P_WIDTH]
        n = fmt[F_FIRST + P_RUN]
        pf = np.zeros(FMT_SIZE, dtype=np.int16)
        pm = decompose(play, kat, nat, npos, e, pf)
        if pm == 1:
            w2 = pf[F_FIRST + P_WIDTH]
            n2 = pf[F_FIRST + P_RUN]
            if (w2 == w and n2 == n) or (w2 > w >= 2 and w2 * n2 == w * n):
                return trump + 50 * (2 * w2 + 1) + pf[F_FIRST + P_TOP]
        second = F_FIRST + PART_SIZE
        if (two_quads and w == 2 and n == 4 and pm == 2 and pf[F_FIRST + P_WIDTH] == 4
                and pf[F_FIRST + P_RUN] == 1 and pf[second + P_WIDTH] == 4
                and pf[second + P_RUN] == 1):
            return trump + 50 * 8 + max(pf[F_FIRST + P_TOP], pf[second + P_TOP])
        return -1
    if e != TRUMP or le == TRUMP:
        return -1
    if not carve_fmt(play.copy(), kat, nat, npos, e, fmt, False):
        return -1  # no whole shape (the common case, settled by one search)
    top = part_top(play, kat, nat, npos, e, fmt, largest_part(fmt))
    return trump + 50 + 1 + top


@njit(cache=True, inline="always")
def trick_winner_seat(table: np.ndarray, leader: int, fmt: np.ndarray, es: np.ndarray,
                      pos: np.ndarray, kat: np.ndarray, nat: np.ndarray, npos: np.ndarray,
                      two_quads: bool, n_played: int) -> int:
    """The seat winning so far among the first ``n_played`` plays (table rows by seat)."""
    best = play_key(table[leader], fmt, True, es, pos, kat, nat, npos, two_quads)
    win = leader
    for i in range(1, n_played):
        s = (leader + i) % 4
        k = play_key(table[s], fmt, False, es, pos, kat, nat, npos, two_quads)
        if k > best:
            best = k
            win = s
    return win


@njit(cache=True)
def holds_run(hand: np.ndarray, e: int, w: int, n: int, lo: int, kat: np.ndarray,
              nat: np.ndarray, npos: np.ndarray) -> bool:
    """Whether ``hand`` holds, in suit ``e``, ``n`` adjacent tuples of ``w`` starting at ``lo`` or higher."""
    for start in range(max(lo, 0), npos[e] - n + 1):
        ok = True
        for p in range(start, start + n):
            if run_kind(hand, kat, nat, e, p, w) < 0:
                ok = False
                break
        if ok:
            return True
    return False


@njit(cache=True)
def beats_part(hand: np.ndarray, e: int, w: int, n: int, top: int, kat: np.ndarray,
               nat: np.ndarray, npos: np.ndarray, two_quads: bool) -> bool:
    """Whether ``hand`` holds, in suit ``e``, a combination beating a ``(w, n)`` one ending at ``top``.

    The same "beats" as :func:`play_key`: the same shape starting higher (cards held more
    often can give it), or — against a tractor — a wider combination of as many cards at
    any rank (a quad against a two-pair tractor, a triple tractor against a three-pair one;
    two quads against a four-pair tractor with ``two_quads``).
    """
    if holds_run(hand, e, w, n, top - n + 2, kat, nat, npos):
        return True
    if w < 2 or n < 2:
        return False
    size = w * n
    for w2 in range(w + 1, 5):
        if size % w2 == 0 and holds_run(hand, e, w2, size // w2, 0, kat, nat, npos):
            return True
    if two_quads and w == 2 and n == 4:
        quads = 0
        for p in range(npos[e]):
            for a in range(nat[e, p]):
                if hand[kat[e, p, a]] >= 4:
                    quads += 1
        if quads >= 2:
            return True
    return False


@njit(cache=True)
def throw_blocked(fmt: np.ndarray, hands: np.ndarray, leader: int, kat: np.ndarray,
                  nat: np.ndarray, npos: np.ndarray, two_quads: bool) -> int:
    """The component a throw must fall back to (its smallest beatable one), or -1 if it stands."""
    e = fmt[F_SUIT]
    pick = -1
    for i in range(fmt[F_PARTS]):
        w = fmt[F_FIRST + PART_SIZE * i + P_WIDTH]
        n = fmt[F_FIRST + PART_SIZE * i + P_RUN]
        top = fmt[F_FIRST + PART_SIZE * i + P_TOP]
        beaten = False
        for d in range(1, 4):
            if beats_part(hands[(leader + d) % 4], e, w, n, top, kat, nat, npos, two_quads):
                beaten = True
                break
        if beaten:
            if pick < 0:
                pick = i
            else:
                size = w * n
                psize = fmt[F_FIRST + PART_SIZE * pick + P_WIDTH] * fmt[F_FIRST + PART_SIZE * pick + P_RUN]
                if size < psize or (size == psize and top < fmt[F_FIRST + PART_SIZE * pick + P_TOP]):
                    pick = i
    return pick


@njit(cache=True)
def reduce_throw(lead: np.ndarray, fmt: np.ndarray, i: int, kat: np.ndarray, nat: np.ndarray,
                 out: np.ndarray) -> None:
    """``out`` = exactly the cards of component ``i`` of the throw ``lead`` (its canonical split)."""
    e = fmt[F_SUIT]
    npos = np.zeros(nat.shape[0], dtype=np.int8)
    for p in range(nat.shape[1]):
        if nat[e, p] > 0:
            npos[e] = p + 1
    out[:] = 0
    tmp = np.zeros(FMT_SIZE, dtype=np.int16)
    split_play(lead, kat, nat, npos, e, tmp, i, out)
