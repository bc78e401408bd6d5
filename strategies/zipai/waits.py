"""Which cards would complete a 跑胡子 hand: one search for every wait (and every discard).

:func:`wait_masks` covers the free cards of a hand (those outside a 坎) by 吃-type groups,
the 将 when one is needed, and one *wild* card — the card still to come — placed in a group,
in the 将 or on a pair (a 碰 / 偎). Optionally one card is left over: the discard. The
search takes the lowest free card each time and tries every group that holds it (the wild
card may stand for any other member); the copies of one card take their options in order,
so it meets each reading once. It returns, per
discard (or for "no discard"), a bit mask of the wild cards that complete the hand.

With a 胡息 threshold (:func:`winning_masks`) a wild card is recorded only when some cover
reaches it, counting the 胡息 of the groups (一二三 / 二七十 3 or 6, the wild card on a pair
as a 碰 1 or 3); the caller adds the fixed 胡息 (table melds and 坎) and checks the number of
门子. Readings through a table 碰 / 偎 or a 坎 (the card makes a 跑) are not covered here:
the caller verifies those with the engine's own evaluator.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.zipai.cards import N_KINDS
from sim.games.zipai.melds import GROUPS
from sim.games.zipai.scoring import group_bound

T_GROUP, T_PAIR, T_TRIPLE = 0, 1, 2
MAX_DEPTH = 10
NO_DISCARD = N_KINDS  # index of the mask when nothing is discarded


def _completions() -> tuple[np.ndarray, np.ndarray]:
    """For each lowest card ``i``: (x, y, type) of every way to complete it."""
    table = []
    for i in range(N_KINDS):
        comps = []
        for g in GROUPS:
            cards = [int(c) for c in g]
            if i in cards:
                cards.remove(i)
                comp = (min(cards), max(cards), T_GROUP)
                if comp not in comps:
                    comps.append(comp)
        comps.append((i, -1, T_PAIR))
        comps.append((i, i, T_TRIPLE))
        table.append(comps)
    width = max(len(c) for c in table)
    out = np.full((N_KINDS, width, 3), -1, dtype=np.int8)
    n = np.zeros(N_KINDS, dtype=np.int8)
    for i, comps in enumerate(table):
        n[i] = len(comps)
        for j, c in enumerate(comps):
            out[i, j] = c
    return out, n


def _completion_huxi(comp: np.ndarray, n: np.ndarray) -> np.ndarray:
    """胡息 of each completion: 一二三 / 二七十 3 (small) or 6 (big), a 碰 1 or 3, else 0."""
    out = np.zeros(comp.shape[:2], dtype=np.int8)
    for i in range(N_KINDS):
        big = i >= 10
        for j in range(n[i]):
            x, y, typ = (int(v) for v in comp[i, j])
            if typ == T_TRIPLE:
                out[i, j] = 3 if big else 1
            elif typ == T_GROUP:
                ranks = sorted(c % 10 for c in (i, x, y))
                if ranks in ([0, 1, 2], [1, 6, 9]) and len({c >= 10 for c in (i, x, y)}) == 1:
                    out[i, j] = 6 if big else 3
    return out


def _options(comp: np.ndarray, n: np.ndarray, huxi: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """For each lowest card: (x, y, wild position, type, 胡息) of every option, the wild
    position being -1 (no wild card), 0 (x is the wild card) or 1 (y is). A pair takes the
    wild card only as its second card and a triple only as its third (a 碰)."""
    width = int(n.max()) * 3
    out = np.full((N_KINDS, width, 5), -1, dtype=np.int8)
    count = np.zeros(N_KINDS, dtype=np.int8)
    for i in range(N_KINDS):
        t = 0
        for j in range(n[i]):
            x, y, typ = (int(v) for v in comp[i, j])
            for w in (-1, 0, 1):
                if (typ == T_PAIR and w == 1) or (typ == T_TRIPLE and w != 0):
                    continue
                out[i, t] = (x, y, w, typ, huxi[i, j])
                t += 1
        count[i] = t
    return out, count


_COMP, _N_COMP = _completions()
_COMP_HUXI = _completion_huxi(_COMP, _N_COMP)
# the options at a depth, then one more: "discard the lowest card"
_OPTS, _N_OPTS = _options(_COMP, _N_COMP, _COMP_HUXI)


@njit(cache=True)
def _lowest(free: np.ndarray) -> int:
    i = 0
    while i < N_KINDS and free[i] == 0:
        i += 1
    return i


WILD_BOUND = 6  # the most 胡息 one more card adds to group_bound (one more big group)


@njit(cache=True)
def wait_masks(free: np.ndarray, need_pair: bool, allow_discard: bool, masks: np.ndarray,
               stack: np.ndarray) -> None:
    """OR into ``masks[d]`` (d = the discarded kind, or ``NO_DISCARD``) the bit of every wild
    card that completes ``free`` (see the module docstring). ``free`` is restored;
    ``stack`` is integer scratch of ``8 * MAX_DEPTH``."""
    winning_masks(free, need_pair, allow_discard, -(1 << 20), masks, stack, True)


# the search's frames in ``stack``: per depth, the lowest card, the option taken (or, on a
# fresh depth, -1 - the first option to try), the two other cards it took (-1 = none), and
# the wild card, pair flag, discard and 胡息 before that option
_LOW, _OPT, _R1, _R2, _WILD, _PAIR, _DISC, _ACC = (MAX_DEPTH * k for k in range(8))


@njit(cache=True)
def winning_masks(free: np.ndarray, need_pair: bool, allow_discard: bool, need_huxi: int,
                  masks: np.ndarray, stack: np.ndarray, use_wild: bool) -> None:
    """As :func:`wait_masks`, recording a wild card only for covers whose groups hold at
    least ``need_huxi`` 胡息. Without ``use_wild`` it looks for covers of ``free`` alone
    (less the discard) and sets bit 0 of ``masks[d]`` when there is one."""
    i0 = _lowest(free)
    if i0 == N_KINDS:
        return
    _push(stack, 0, i0, -1, -1, 0, -1, 0)
    d = 0
    while d >= 0:
        i = stack[_LOW + d]
        o = stack[_OPT + d]
        if o >= 0:
            _undo(free, stack, d)  # the option applied last time at this depth
            o += 1
        else:
            o = -1 - o  # a fresh depth: its first option (see below)
        o, ok, wild, pair, disc, acc = _next_option(free, masks, stack, d, i, o, need_pair,
                                                    allow_discard, use_wild)
        stack[_OPT + d] = o
        if not ok:
            d -= 1
            continue
        nxt = _lowest_from(free, i)  # the cards below ``i`` are all placed
        if nxt == N_KINDS:
            if (wild >= 0) == use_wild and pair == (1 if need_pair else 0) \
                    and (disc >= 0) == allow_discard and acc >= need_huxi:
                d = _record(free, masks, stack, d, wild, disc, use_wild)
            continue
        if d + 1 >= MAX_DEPTH or _hopeless(free, acc, wild, need_huxi, use_wild):
            continue
        d += 1
        # another copy of the same card takes an option no earlier than this one: each
        # set of options for the copies is met once, not once per order
        _push(stack, d, nxt, -1 - (o if nxt == i else 0), wild, pair, disc, acc)


@njit(cache=True)
def _push(stack: np.ndarray, d: int, low: int, opt: int, wild: int, pair: int, disc: int,
          acc: int) -> None:
    """Open the frame of depth ``d``."""
    stack[_LOW + d] = low
    stack[_OPT + d] = opt
    stack[_WILD + d] = wild
    stack[_PAIR + d] = pair
    stack[_DISC + d] = disc
    stack[_ACC + d] = acc


@njit(cache=True)
def _undo(free: np.ndarray, stack: np.ndarray, d: int) -> None:
    """Give back to ``free`` the cards the option of depth ``d`` took."""
    free[stack[_LOW + d]] += 1
    if stack[_R1 + d] >= 0:
        free[stack[_R1 + d]] += 1
    if stack[_R2 + d] >= 0:
        free[stack[_R2 + d]] += 1


@njit(cache=True)
def _lowest_from(free: np.ndarray, i: int) -> int:
    """The lowest kind from ``i`` on still in ``free``, or ``N_KINDS``."""
    while i < N_KINDS and free[i] == 0:
        i += 1
    return i


@njit(cache=True)
def _refused(i: int, o: int, masks: np.ndarray, wild: int, pair: int, disc: int,
             need_pair: bool, allow_discard: bool, use_wild: bool) -> bool:
    """Quick refusals of option ``o`` of card ``i``, before touching the counts."""
    w = _OPTS[i, o, 2]
    if w >= 0:
        if wild >= 0 or not use_wild:
            return True  # the wild card is placed already
        if disc >= 0 or not allow_discard:
            card = _OPTS[i, o, 0] if w == 0 else _OPTS[i, o, 1]
            if (masks[disc if disc >= 0 else NO_DISCARD] >> card) & 1:
                return True  # this wait is already known: skip its other readings
    return _OPTS[i, o, 3] == T_PAIR and (not need_pair or pair != 0)


@njit(cache=True)
def _take(free: np.ndarray, i: int, o: int) -> tuple[bool, int, int]:
    """Take card ``i`` and the other cards of option ``o`` from ``free``: (taken, the other
    two cards taken, -1 for none); ``free`` is unchanged when they are not all there."""
    x = _OPTS[i, o, 0]
    y = _OPTS[i, o, 1]
    w = _OPTS[i, o, 2]
    free[i] -= 1
    a = -1
    b = -1
    if w != 0:
        if free[x] > 0:
            free[x] -= 1
            a = x
        else:
            free[i] += 1
            return False, -1, -1
    if y >= 0 and w != 1:
        if free[y] > 0:
            free[y] -= 1
            b = y
        else:
            if a >= 0:
                free[a] += 1
            free[i] += 1
            return False, -1, -1
    return True, a, b


@njit(cache=True)
def _next_option(free: np.ndarray, masks: np.ndarray, stack: np.ndarray, d: int, i: int,
                 o: int, need_pair: bool, allow_discard: bool,
                 use_wild: bool) -> tuple[int, bool, int, int, int, int]:
    """Apply the first option of depth ``d`` from ``o`` on that fits: ``(o, found, wild,
    pair, discard, 胡息)`` after it. The last option discards the lowest card."""
    n_opts = _N_OPTS[i] + 1
    wild = np.int64(stack[_WILD + d])
    pair = np.int64(stack[_PAIR + d])
    disc = np.int64(stack[_DISC + d])
    acc = np.int64(stack[_ACC + d])
    while o < n_opts:
        if o == n_opts - 1:  # discard the lowest card
            if allow_discard and disc < 0 and not (wild >= 0 and (masks[i] >> wild) & 1):
                free[i] -= 1
                stack[_R1 + d] = -1
                stack[_R2 + d] = -1
                return o, True, wild, pair, np.int64(i), acc
            o += 1
            continue
        if not _refused(i, o, masks, wild, pair, disc, need_pair, allow_discard, use_wild):
            taken, a, b = _take(free, i, o)
            if taken:
                stack[_R1 + d] = a
                stack[_R2 + d] = b
                w = _OPTS[i, o, 2]
                if _OPTS[i, o, 3] == T_PAIR:
                    pair = np.int64(1)
                if w == 0:
                    wild = np.int64(_OPTS[i, o, 0])
                elif w == 1:
                    wild = np.int64(_OPTS[i, o, 1])
                return o, True, wild, pair, disc, acc + _OPTS[i, o, 4]
        o += 1
    return o, False, wild, pair, disc, acc


@njit(cache=True)
def _record(free: np.ndarray, masks: np.ndarray, stack: np.ndarray, d: int, wild: int,
            disc: int, use_wild: bool) -> int:
    """Record a complete cover; return the depth to go on from. Other covers of the rest
    give the same (discard, wild): go back to the depth that chose the later of the two,
    undoing the options below it."""
    masks[disc if disc >= 0 else NO_DISCARD] |= 1 << wild if use_wild else 1
    f = d
    while f > 0 and stack[_WILD + f] == wild and stack[_DISC + f] == disc:
        f -= 1
    while d > f:
        _undo(free, stack, d)
        d -= 1
    return d


@njit(cache=True)
def _hopeless(free: np.ndarray, acc: int, wild: int, need_huxi: int, use_wild: bool) -> bool:
    """Whether the rest cannot bring the 胡息 up to the threshold."""
    return acc < need_huxi and \
        acc + group_bound(free) + (WILD_BOUND if wild < 0 and use_wild else 0) < need_huxi
