"""Following a lead: the seed's priority lists (section 3.4.5) as data, and a general ladder.

A follower who holds at least as many cards of the led effective suit as were led plays
only that suit, and must show the strongest shape his cards allow:

* for the six leads the seed lists (``44556677``, ``44445555``, ``667788``, ``JJJQQQ``,
  ``AAAA``, ``7788``) the *rank* of a set of cards is the first step of the seed's list
  (:data:`SEED_LADDERS`) it can make; a step may offer alternatives (``连四`` or two quads);
* for a single tractor longer than those (5+ pairs, 3+ triples or quads) the ladder is
  built like ``44556677``'s: the whole shape, else the widest and then longest tractor of
  that suit the follower can make, then the most tuples in the rest (:func:`long_rank`);
* for every other lead (pairs, triples, throws) the general ladder holds: first the lead's
  whole shape, else the most quads, then triples, then pairs, never more cards in tuples
  of a width than the lead has (wider before longer).

The play is legal when its rank equals the hand's (a play is a subset of the hand, so it
can never rank higher). A single combination wider than a same-size tractor lead
(``JJJQQQ`` on ``667788``, ``AAAA`` on ``7788``) is always a legal answer: it is the one
that can win. A follower short of the suit plays all of it and fills up with anything.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.shengji.combos import (
    FMT_SIZE,
    F_CARDS,
    F_FIRST,
    F_PARTS,
    F_SUIT,
    MAX_RUN,
    PART_SIZE,
    P_RUN,
    P_WIDTH,
    carve,
    carve_fmt,
    decompose,
    place_run,
    suit_count,
    tuple_key,
    tuples_fit,
)

# One step alternative: (tractor width, tractor length, quads, triples, pairs); the rest are
# singles. Names follow the seed: 连四 = four adjacent pairs, 连队 = two adjacent pairs.
_T4 = (2, 4, 0, 0, 0)
_Q2 = (0, 0, 2, 0, 0)
_COMMON_8 = [
    [(2, 3, 0, 0, 1)],  # 1连3 + 1对
    [(2, 3, 0, 0, 0)],  # 1连3 + 2单张
    [(2, 2, 0, 0, 2)],  # 1连队 + 两对
    [(2, 2, 0, 0, 1)],  # 1连队 + 1对 + 2单张
    [(2, 2, 0, 0, 0)],  # 1连队 + 4单张
    [(0, 0, 1, 0, 2)],  # 1个4张 + 2对
    [(0, 0, 1, 0, 1)],  # 1个4张 + 1对 + 2单张
    [(0, 0, 1, 0, 0)],  # 1个4张 + 4单张
    [(0, 0, 0, 2, 0)],  # 2个3张 + 2单张
    [(0, 0, 0, 1, 2)],  # 1个3张 + 2对 + 1单张
    [(0, 0, 0, 1, 1)],  # 1个3张 + 1对 + 3单张
    [(0, 0, 0, 1, 0)],  # 1个3张 + 5单张
    [(0, 0, 0, 0, 4)],  # 4个对
    [(0, 0, 0, 0, 3)],  # 3个对 + 2单张
    [(0, 0, 0, 0, 2)],  # 2个对 + 4单张
    [(0, 0, 0, 0, 1)],  # 1个对 + 6单张
    [(0, 0, 0, 0, 0)],  # 8单张
]
SEED_LADDERS: dict[tuple[int, int], list[list[tuple[int, int, int, int, int]]]] = {
    # 3.4.5 ① lead 44556677: 连四 or two quads (the second only with two_quads_answer)
    (2, 4): [[_T4, _Q2]] + _COMMON_8,
    # ② lead 44445555: two quads, then 连四, then as ①
    (4, 2): [[_Q2], [_T4]] + _COMMON_8,
    # ③ lead 667788 (JJJQQQ is a wider answer and always allowed)
    (2, 3): [
        [(2, 3, 0, 0, 0), (3, 2, 0, 0, 0)],
        [(0, 0, 1, 0, 1)],  # 4个 + 1对
        [(2, 2, 0, 0, 1)],  # 拖拉机 + 1对
        [(0, 0, 0, 0, 3)],  # 3个对
        [(0, 0, 0, 0, 2)],  # 2个对 + 2单
        [(0, 0, 0, 0, 1)],  # 1个对 + 4单
        [(0, 0, 0, 0, 0)],  # 6单
    ],
    # ④ lead JJJQQQ
    (3, 2): [
        [(3, 2, 0, 0, 0)],  # 555444
        [(2, 3, 0, 0, 0)],  # 667788
        [(0, 0, 1, 0, 1)],  # AAAA + 对
        [(2, 2, 0, 0, 1)],  # 拖拉机 + 对
        [(0, 0, 0, 2, 0)],  # 2个3张
        [(0, 0, 0, 1, 1)],  # 3张 + 对 + 单
        [(0, 0, 0, 0, 3)],  # 3个对
        [(0, 0, 0, 0, 2)],  # 2个对 + 2单
        [(0, 0, 0, 0, 1)],  # 1个对 + 4单
        [(0, 0, 0, 0, 0)],  # 6单
    ],
    # ⑤ lead AAAA
    (4, 1): [
        [(0, 0, 1, 0, 0)],  # 4个
        [(2, 2, 0, 0, 0)],  # 拖拉机
        [(0, 0, 0, 0, 2)],  # 2个对
        [(0, 0, 0, 1, 0)],  # 3个 + 1个
        [(0, 0, 0, 0, 1)],  # 1对 + 2单
        [(0, 0, 0, 0, 0)],  # 4单
    ],
    # ⑥ lead 7788: a tractor or a quad (choice)
    (2, 2): [
        [(2, 2, 0, 0, 0), (0, 0, 1, 0, 0)],
        [(0, 0, 0, 0, 2)],  # 2个对
        [(0, 0, 0, 0, 1)],  # 1对 + 2单
        [(0, 0, 0, 0, 0)],  # 4单
    ],
}
_SHAPES = list(SEED_LADDERS)
MAX_STEPS = max(len(v) for v in SEED_LADDERS.values())
LAD = np.zeros((len(_SHAPES), MAX_STEPS, 2, 5), dtype=np.int16)
LAD_STEPS = np.zeros(len(_SHAPES), dtype=np.int16)
LAD_ALTS = np.zeros((len(_SHAPES), MAX_STEPS), dtype=np.int16)
LAD_W = np.array([s[0] for s in _SHAPES], dtype=np.int16)
LAD_N = np.array([s[1] for s in _SHAPES], dtype=np.int16)
for _i, _shape in enumerate(_SHAPES):
    LAD_STEPS[_i] = len(SEED_LADDERS[_shape])
    for _j, _alts in enumerate(SEED_LADDERS[_shape]):
        LAD_ALTS[_i, _j] = len(_alts)
        for _a, _alt in enumerate(_alts):
            LAD[_i, _j, _a] = _alt

# legality codes
LEGAL = 0
BAD_SIZE = 1
NOT_HELD = 2
MUST_PLAY_SUIT = 3  # short of the led suit but did not play all of it
LEFT_SUIT = 4  # holds enough of the led suit but played other cards
WEAK_SHAPE = 5  # a stronger shape was required
EMPTY_LEAD = 6
MIXED_LEAD = 7
REASONS = (
    "legal", "plays the wrong number of cards", "plays cards it does not hold",
    "must play every card of the led suit", "must follow the led suit",
    "must show a stronger shape (pairs, tractors) in the led suit", "leads nothing",
    "leads cards of more than one suit",
)


@njit(cache=True)
def ladder_id(fmt: np.ndarray) -> int:
    """Which of the seed's lists applies to a lead format (-1: the general ladder)."""
    if fmt[F_PARTS] != 1:
        return -1
    w = fmt[F_FIRST + P_WIDTH]
    n = fmt[F_FIRST + P_RUN]
    for i in range(LAD_W.shape[0]):
        if LAD_W[i] == w and LAD_N[i] == n:
            return i
    return -1


@njit(cache=True)
def _alt_fits(cnt, kat, nat, npos, e, lid, j, a, two_quads, desc):
    tw = LAD[lid, j, a, 0]
    tn = LAD[lid, j, a, 1]
    q = LAD[lid, j, a, 2]
    t = LAD[lid, j, a, 3]
    pr = LAD[lid, j, a, 4]
    if lid == 0 and j == 0 and a == 1 and not two_quads:
        return False
    m = (1 if tw > 0 else 0) + q + t + pr
    cw = np.empty(max(m, 1), dtype=np.int16)
    cn = np.empty(max(m, 1), dtype=np.int16)
    x = 0
    if tw > 0:
        cw[0] = tw
        cn[0] = tn
        x = 1
    for _ in range(q):
        cw[x] = 4
        cn[x] = 1
        x += 1
    for _ in range(t):
        cw[x] = 3
        cn[x] = 1
        x += 1
    for _ in range(pr):
        cw[x] = 2
        cn[x] = 1
        x += 1
    return carve(cnt, kat, nat, npos, e, cw, cn, m, desc)


@njit(cache=True)
def _budgets(fmt):
    b4 = 0
    b3 = 0
    b2 = 0
    for i in range(fmt[F_PARTS]):
        w = fmt[F_FIRST + PART_SIZE * i + P_WIDTH]
        c = w * fmt[F_FIRST + PART_SIZE * i + P_RUN]
        if w >= 4:
            b4 += c
        if w >= 3:
            b3 += c
        if w >= 2:
            b2 += c
    return b4, b3, b2


@njit(cache=True)
def is_long(fmt: np.ndarray) -> bool:
    """Whether a lead is one tractor longer than the seed's lists (5+ pairs, 3+ triples or quads)."""
    if fmt[F_PARTS] != 1:
        return False
    w = fmt[F_FIRST + P_WIDTH]
    n = fmt[F_FIRST + P_RUN]
    return (w == 2 and n >= 5) or (w >= 3 and n >= 3)


TRACTOR_UNIT = 1000000  # long_rank: tractor code × this + the tuples' key


@njit(cache=True)
def long_rank(cnt: np.ndarray, fmt: np.ndarray, es: np.ndarray, kat: np.ndarray,
              nat: np.ndarray, npos: np.ndarray, desc: bool, take: np.ndarray) -> int:
    """The best answer short of the whole shape to a long tractor lead, as one int (higher = stronger).

    The widest, then longest tractor of the led suit ``cnt`` can make (at most the lead's
    width, fewer cards than the lead), then the most quads, triples and pairs in the rest
    (:func:`tuple_key`, within the cards left): ``(100·w + n)·TRACTOR_UNIT + key``. Every
    placement of the tractor is tried, shared positions included; ``take`` receives the
    tractor's cards of the best one (high placements first when ``desc``).
    """
    e = fmt[F_SUIT]
    w = fmt[F_FIRST + P_WIDTH]
    size = w * fmt[F_FIRST + P_RUN]
    used = np.zeros(MAX_RUN, dtype=np.int16)
    c = cnt.copy()
    take[:] = 0
    for w2 in range(w, 1, -1):
        n_max = fmt[F_FIRST + P_RUN] - 1 if w2 == w else size // w2
        for n2 in range(n_max, 1, -1):
            r = size - w2 * n2
            best = -1
            span = npos[e] - n2 + 1
            for x in range(span):
                p = span - 1 - x if desc else x
                a = 0
                while place_run(c, kat, nat, e, p, n2, w2, a, used):
                    key = tuple_key(c, es, e, r if w >= 4 else 0, r if w >= 3 else 0, r)
                    if key > best:
                        best = key
                        take[:] = 0
                        for j in range(n2):
                            take[used[j]] += w2
                    for j in range(n2):
                        c[used[j]] += w2
                    a += 1
            if best >= 0:
                return (100 * w2 + n2) * TRACTOR_UNIT + best
    return tuple_key(cnt, es, e, size if w >= 4 else 0, size if w >= 3 else 0, size)


@njit(cache=True)
def follow_rank(cnt: np.ndarray, fmt: np.ndarray, es: np.ndarray, kat: np.ndarray,
                nat: np.ndarray, npos: np.ndarray, two_quads: bool) -> int:
    """How strong a shape the cards of the led suit make (lower = stronger)."""
    e = fmt[F_SUIT]
    lid = ladder_id(fmt)
    if lid >= 0:
        for j in range(LAD_STEPS[lid]):
            for a in range(LAD_ALTS[lid, j]):
                if _alt_fits(cnt.copy(), kat, nat, npos, e, lid, j, a, two_quads, False):
                    return j
        return LAD_STEPS[lid]
    whole = 1 if carve_fmt(cnt.copy(), kat, nat, npos, e, fmt, False) else 0
    if is_long(fmt):
        if whole:
            return -1000 * TRACTOR_UNIT
        return -long_rank(cnt, fmt, es, kat, nat, npos, False, np.zeros(54, dtype=np.int8))
    b4, b3, b2 = _budgets(fmt)
    return -(whole * 1000000 + tuple_key(cnt, es, e, b4, b3, b2))


@njit(cache=True)
def wider_answer(play: np.ndarray, fmt: np.ndarray, kat: np.ndarray, nat: np.ndarray,
                 npos: np.ndarray, e: int) -> bool:
    """Whether ``play`` (all of suit ``e``) is one combination wider than a same-size tractor lead."""
    if fmt[F_PARTS] != 1 or fmt[F_FIRST + P_WIDTH] < 2:
        return False
    pf = np.zeros(FMT_SIZE, dtype=np.int16)
    if decompose(play, kat, nat, npos, e, pf) != 1:
        return False
    return pf[F_FIRST + P_WIDTH] > fmt[F_FIRST + P_WIDTH] and pf[F_FIRST + P_WIDTH] * pf[F_FIRST + P_RUN] == fmt[F_FIRST + P_WIDTH] * fmt[F_FIRST + P_RUN]


@njit(cache=True, inline="always")
def follow_check(hand: np.ndarray, play: np.ndarray, fmt: np.ndarray, es: np.ndarray,
                 kat: np.ndarray, nat: np.ndarray, npos: np.ndarray, two_quads: bool) -> int:
    """:data:`LEGAL` or the code of the first rule ``play`` breaks as an answer to ``fmt``."""
    e = fmt[F_SUIT]
    size = fmt[F_CARDS]
    total = 0
    for k in range(54):
        if play[k] < 0 or play[k] > hand[k]:
            return NOT_HELD
        total += play[k]
    if total != size:
        return BAD_SIZE
    held = suit_count(hand, es, e)
    shown = suit_count(play, es, e)
    if held < size:
        return LEGAL if shown == held else MUST_PLAY_SUIT
    if shown < size:
        return LEFT_SUIT
    if wider_answer(play, fmt, kat, nat, npos, e):
        return LEGAL
    if follow_rank(play, fmt, es, kat, nat, npos, two_quads) > follow_rank(
        hand, fmt, es, kat, nat, npos, two_quads
    ):
        return WEAK_SHAPE
    return LEGAL


@njit(cache=True)
def fill_by_pref(rest: np.ndarray, es: np.ndarray, e: int, pref: np.ndarray, need: int,
                 out: np.ndarray) -> None:
    """Move ``need`` cards (of suit ``e``, or any suit when ``e`` < 0) from ``rest`` to ``out``,
    highest ``pref`` first."""
    for _ in range(need):
        best = -1
        for k in range(54):
            if rest[k] > 0 and (e < 0 or es[k] == e):
                if best < 0 or pref[k] > pref[best]:
                    best = k
        if best < 0:
            return
        rest[best] -= 1
        out[best] += 1


@njit(cache=True)
def build_follow(hand: np.ndarray, fmt: np.ndarray, es: np.ndarray, kat: np.ndarray,
                 nat: np.ndarray, npos: np.ndarray, two_quads: bool, pref: np.ndarray,
                 desc: bool, out: np.ndarray) -> None:
    """Write into ``out`` a legal answer to ``fmt``: the required shape (high positions first
    when ``desc``), the free cards chosen by highest ``pref``."""
    e = fmt[F_SUIT]
    size = fmt[F_CARDS]
    out[:] = 0
    rest = hand.copy()
    held = suit_count(hand, es, e)
    if held <= size:
        for k in range(54):
            if es[k] == e:
                out[k] = hand[k]
                rest[k] = 0
        fill_by_pref(rest, es, -1, pref, size - held, out)
        return
    lid = ladder_id(fmt)
    c = hand.copy()
    done = False
    if lid >= 0:
        j = follow_rank(hand, fmt, es, kat, nat, npos, two_quads)
        for a in range(LAD_ALTS[lid, j]):
            c = hand.copy()
            if _alt_fits(c, kat, nat, npos, e, lid, j, a, two_quads, desc):
                done = True
                break
    else:
        c = hand.copy()
        if carve_fmt(c, kat, nat, npos, e, fmt, desc):
            done = True
        elif is_long(fmt):
            take = np.zeros(54, dtype=np.int8)
            key = long_rank(hand, fmt, es, kat, nat, npos, desc, take) % TRACTOR_UNIT
            c = hand - take
            done = tuples_fit(c, kat, nat, npos, e, key // 10000, (key // 100) % 100, key % 100, desc)
        else:
            b4, b3, b2 = _budgets(fmt)
            key = tuple_key(hand, es, e, b4, b3, b2)
            c = hand.copy()
            done = tuples_fit(c, kat, nat, npos, e, key // 10000, (key // 100) % 100, key % 100, desc)
    if not done:
        c = hand.copy()
    taken = 0
    for k in range(54):
        out[k] = hand[k] - c[k]
        taken += out[k]
    fill_by_pref(c, es, e, pref, size - taken, out)
