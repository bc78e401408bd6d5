"""The compiled world sampler of 升级: the cards a seat has not seen, dealt anew to the others.

What a seat has seen: its own hand, the cards on the table and in the finished tricks (who
played what), every hand's size and the voids shown by play (a seat that answered an
effective suit — trumps count as one — with fewer of it than were led holds none of it; the
observation's ``void`` flags). Four-deck 升级 deals all 216 cards and has no kitty (底牌), so
the unseen cards are exactly those in the other three hands. The observation carries neither
the level cards the declarations showed nor the part of a failed throw that went back to the
hand, so the world keeps neither (the strategies do not see them either).

:func:`resample_world` is the search's world of a hand in progress (a state of
:mod:`sim.games.shengji.state`) for a seat: the state with the hands :func:`deal_world` deals.
:func:`deal_world` counts the unseen cards as four copies of each kind less the seat's hand,
the table and the played cards — it never reads another seat's cards, only their sizes — so
the world depends only on what the seat has seen and on the generator: it is canonical.

The deal is rejection sampling in the constrained-cards-first order: the unseen cards in a
random order, then stably sorted by how many seats may hold them (fewest first), each given
to a seat that may hold it with chances in proportion to the room it has left; a card no seat
can take any more starts the deal again, up to :data:`TRIES` times. Without voids every deal
with the right sizes is equally likely. When every try fails, the deterministic fallback
splits each effective suit's count among the seats that may hold it by a maximum flow (suits
in order, seats in order), then deals each suit's cards at random within that split; such a
split always exists, since the real deal is one.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.shengji.cards import N_KINDS
from sim.games.shengji.order import N_ESUITS
from sim.games.shengji.state import CARDS, ES, VOIDS, copy_state
from sim.rng import below, lay_out, shuffle_prefix

TRIES = 64  # rejection attempts before the deterministic fallback
COPIES = 4


@njit(cache=True)
def unseen_cards(hands: np.ndarray, seat: int, table: np.ndarray, played: np.ndarray,
                 out: np.ndarray) -> int:
    """``out`` = counts of the cards ``seat`` has not seen (four decks less its hand, the
    table and the finished tricks); returns how many. Reads no other seat's hand."""
    n = 0
    for k in range(N_KINDS):
        c = COPIES - hands[seat, k]
        for s in range(4):
            c -= table[s, k] + played[s, k]
        out[k] = c
        n += c
    return n


@njit(cache=True)
def _try_deal(cards: np.ndarray, n: int, may: np.ndarray, sizes: np.ndarray, es: np.ndarray,
              out: np.ndarray, rng: np.ndarray) -> bool:
    """One attempt: shuffle ``cards[:n]``, order them fewest allowed seats first (stable) and
    deal each to an allowed seat with chances by room left; False at a dead end."""
    shuffle_prefix(rng, cards[:n], n)
    order = np.empty(n, dtype=np.int64)
    m = 0
    for ways in range(1, 4):  # a stable counting sort by the number of allowed seats
        for i in range(n):
            k = cards[i]
            w = 0
            for s in range(4):
                w += may[s, es[k]]
            if w == ways:
                order[m] = k
                m += 1
    if m < n:  # a card no seat may hold: only the fallback can place it
        return False
    room = sizes.copy()
    out[:] = 0
    for i in range(n):
        k = order[i]
        total = 0
        for s in range(4):
            if may[s, es[k]]:
                total += room[s]
        if total == 0:
            return False
        r = below(rng, total)
        for s in range(4):
            if may[s, es[k]]:
                if r < room[s]:
                    out[s, k] += 1
                    room[s] -= 1
                    break
                r -= room[s]
    return True


@njit(cache=True)
def _augment(flow: np.ndarray, need: np.ndarray, room: np.ndarray, may: np.ndarray) -> bool:
    """One augmenting path of the suit → seat flow (breadth first, lowest index first)."""
    # nodes: 0..4 suits, 5..8 seats; from an unsaturated suit to a seat with room
    prev = np.full(9, -1, dtype=np.int64)
    seen = np.zeros(9, dtype=np.bool_)
    queue = np.empty(9, dtype=np.int64)
    head, tail = 0, 0
    for e in range(N_ESUITS):
        if need[e] > 0:
            seen[e] = True
            queue[tail] = e
            tail += 1
    while head < tail:
        v = queue[head]
        head += 1
        if v < N_ESUITS:
            for s in range(4):
                if may[s, v] and not seen[5 + s]:
                    seen[5 + s] = True
                    prev[5 + s] = v
                    if room[s] > 0:
                        e, t = v, s
                        while True:  # push one card along the path back to its suit
                            flow[e, t] += 1
                            room[t] -= 1
                            if prev[e] < 0:
                                need[e] -= 1
                                return True
                            t = prev[e] - 5
                            flow[e, t] -= 1
                            room[t] += 1
                            e = prev[5 + t]
                    queue[tail] = 5 + s
                    tail += 1
        else:
            s = v - 5
            for e in range(N_ESUITS):
                if flow[e, s] > 0 and not seen[e]:
                    seen[e] = True
                    prev[e] = v
                    queue[tail] = e
                    tail += 1
    return False


@njit(cache=True)
def _fallback(pool: np.ndarray, may: np.ndarray, sizes: np.ndarray, es: np.ndarray,
              out: np.ndarray, rng: np.ndarray) -> bool:
    """The deterministic split of each effective suit by a maximum flow, then each suit's
    cards dealt at random within it; False only if no split exists (void flags that no deal
    can meet, which play never produces)."""
    need = np.zeros(N_ESUITS, dtype=np.int64)
    for k in range(N_KINDS):
        need[es[k]] += pool[k]
    room = sizes.copy()
    flow = np.zeros((N_ESUITS, 4), dtype=np.int64)
    for e in range(N_ESUITS):
        for s in range(4):  # the direct part first: suits in order, seats in order
            if may[s, e] and need[e] > 0 and room[s] > 0:
                t = min(need[e], room[s])
                flow[e, s] += t
                need[e] -= t
                room[s] -= t
    while need.sum() > 0:
        if not _augment(flow, need, room, may):
            return False
    out[:] = 0
    cards = np.empty(pool.sum(), dtype=np.int64)
    for e in range(N_ESUITS):
        n = 0
        for k in range(N_KINDS):
            if es[k] == e:
                for _ in range(pool[k]):
                    cards[n] = k
                    n += 1
        shuffle_prefix(rng, cards[:n], n)
        at = 0
        for s in range(4):
            for _ in range(flow[e, s]):
                out[s, cards[at]] += 1
                at += 1
    return True


@njit(cache=True)
def deal_world(hands: np.ndarray, seat: int, table: np.ndarray, played: np.ndarray,
               voids: np.ndarray, es: np.ndarray, rng: np.ndarray, out: np.ndarray) -> int:
    """Write into ``out`` (4 × 54) hands in which ``seat`` keeps its own and the cards it has
    not seen are dealt anew to the other seats, each keeping its size and holding nothing of
    an effective suit it has shown void in. Returns how the world was drawn: 1 by rejection
    sampling, 2 by the fallback, 0 when the voids admit no deal (the other hands then hold
    the unseen cards by size alone, voids ignored)."""
    pool = np.zeros(N_KINDS, dtype=np.int64)
    n = unseen_cards(hands, seat, table, played, pool)
    sizes = np.zeros(4, dtype=np.int64)
    may = np.zeros((4, N_ESUITS), dtype=np.int64)
    for s in range(4):
        if s != seat:
            for k in range(N_KINDS):
                sizes[s] += hands[s, k]
            for e in range(N_ESUITS):
                may[s, e] = 1 - voids[s, e]
    cards = np.empty(n, dtype=np.int64)
    lay_out(pool, cards)
    dealt = np.zeros((4, N_KINDS), dtype=np.int64)
    how = 0
    for _ in range(TRIES):
        if _try_deal(cards, n, may, sizes, es, dealt, rng):
            how = 1
            break
    if how == 0 and _fallback(pool, may, sizes, es, dealt, rng):
        how = 2
    if how == 0:
        may[:] = 1
        _try_deal(cards, n, may, sizes, es, dealt, rng)
    for s in range(4):
        for k in range(N_KINDS):
            out[s, k] = hands[s, k] if s == seat else dealt[s, k]
    return how


@njit(cache=True)
def resample_world(s: tuple, seat: int, out: tuple, rng: np.ndarray) -> None:
    """``out`` = the state ``s`` with the cards ``seat`` has not seen dealt anew
    (:func:`deal_world`)."""
    copy_state(out, s)
    cards = s[CARDS]
    deal_world(cards[0], seat, cards[1], cards[2], s[VOIDS], s[ES], rng, out[CARDS][0])
