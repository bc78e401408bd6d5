"""跑胡子's compiled resample: a world that agrees with everything one seat has seen.

:func:`resample_world` copies a state and redraws what ``seat`` cannot see from the cards it
has not seen. Hidden from a seat are:

* the other seats' concealed cards and the order of the stock (redrawn, every size kept);
* the kind of another seat's face-down 偎 (redrawn: a kind with three unseen copies, chosen
  with the weight of the deals that put three of it there, ``n·(n−1)·(n−2)`` for ``n``
  unseen copies; never a kind that seat has discarded, which would have made it a 臭偎);
* the other seats' private marks: the kinds they passed on an offer (their 臭 keeps only
  the kinds they discarded, which everyone saw), the 胡 they declined (臭胡) and a passed
  碰 of the card in play.

Kept: the seat's own hand and marks, every meld in sight, the discard areas, 相公, the card
in play, and the hand of the seat deciding now when that is another seat (its decision was
offered on its cards). The dealer keeps the 亮张 while no copy of it has left his hand in
sight (then his face-down 偎 are not of that kind). A deal is refused and drawn again (up to
``TRIES`` times, the last one kept) when a redrawn hand holds four of a kind, or a card of a
kind its seat already shows as 碰, 偎, 提 or 跑 (the engine would have moved it to the table).

The pool of unseen cards is built as counts per kind and laid out in kind order before it
is shuffled, so the world depends only on what the seat has seen and on the generator: two
states that differ only in hidden cards give the same world for the same generator state.
``Game.resample`` calls this function too, so the Python driver and the compiled search
sample the same worlds.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.zipai import state as T
from sim.games.zipai.cards import COPIES, N_KINDS
from sim.games.zipai.deal import N_SEATS, STOCK_CARDS
from sim.games.zipai.melds import GROUPS, M_CHI, M_WEI, MELD_SIZE
from sim.rng import below, lay_out, shuffle_prefix

TRIES = 64


@njit(cache=True)
def card_in_play(s: np.ndarray) -> int:
    """The card on offer that lies in no hand, meld, area or stock, or -1."""
    st = s[T.STAGE]
    if st == T.ST_SHOWN_HU or (st == T.ST_CLAIM and s[T.ACTOR] >= 0):
        return s[T.CARD]
    if st == T.ST_DONE and s[T.HU_CARD] >= 0:
        return s[T.HU_CARD]
    return -1


@njit(cache=True)
def _falling3(n: int) -> int:
    """The ways to take three ordered cards of a kind with ``n`` unseen copies."""
    return n * (n - 1) * (n - 2) if n >= 3 else 0


@njit(cache=True)
def _dealer_keeps_liang(s: np.ndarray, keep: int) -> bool:
    """Whether the (redrawn) dealer must still hold the 亮张: no copy of it left his hand in sight."""
    dealer = s[T.DEALER]
    liang = s[T.LIANG]
    if (keep >> dealer) & 1:
        return False
    held = 0
    for k in range(N_KINDS):
        held += s[T.HAND + dealer * N_KINDS + k]
    if held == 0 or s[T.DISC + dealer * N_KINDS + liang] > 0:
        return False
    for j in range(s[T.NM + dealer]):
        kind = s[T.MK + dealer * T.MAXM + j]
        value = s[T.MV + dealer * T.MAXM + j]
        if kind == M_CHI:
            for u in range(3):
                if GROUPS[value, u] == liang:
                    return False
        elif kind != M_WEI and value == liang:
            return False
    return True


@njit(cache=True)
def _wei_may_be(s: np.ndarray, q: int, k: int, pinned_liang: bool) -> bool:
    """Whether seat ``q``'s face-down 偎 may be of kind ``k``: not a kind it discarded (that
    would be a 臭偎) nor the 亮张 the dealer is taken to hold."""
    return s[T.DISC + q * N_KINDS + k] == 0 and not pinned_liang


@njit(cache=True)
def _hand_fits(out: np.ndarray, q: int) -> bool:
    """Whether seat ``q``'s concealed cards could stand in the engine: no four of a kind and
    no card of a kind it shows as 碰, 偎, 提 or 跑."""
    for k in range(N_KINDS):
        if out[T.HAND + q * N_KINDS + k] >= COPIES:
            return False
    for j in range(out[T.NM + q]):
        if out[T.MK + q * T.MAXM + j] != M_CHI and out[T.HAND + q * N_KINDS + out[T.MV + q * T.MAXM + j]] > 0:
            return False
    return True


@njit(cache=True)
def _unseen_pool(s: np.ndarray, keep: int, out: np.ndarray, slot_seat: np.ndarray,
                 slot_meld: np.ndarray) -> tuple[np.ndarray, int]:
    """The count per kind of the cards the seats in ``keep`` have not seen, and how many
    face-down 偎 of the other seats are to get a kind (their seat and meld into ``slot_seat``,
    ``slot_meld``). Clears the other seats' private marks in ``out``."""
    pool = np.full(N_KINDS, COPIES, dtype=np.int64)
    m = 0
    for q in range(N_SEATS):
        kept = (keep >> q) & 1
        for j in range(s[T.NM + q]):
            kind = s[T.MK + q * T.MAXM + j]
            value = s[T.MV + q * T.MAXM + j]
            if kind == M_CHI:
                for u in range(3):
                    pool[GROUPS[value, u]] -= 1
            elif kind == M_WEI and not kept:
                slot_seat[m] = q
                slot_meld[m] = j
                m += 1
            else:
                pool[value] -= MELD_SIZE[kind]
        for k in range(N_KINDS):
            pool[k] -= s[T.PILE + q * N_KINDS + k]
            if kept:
                pool[k] -= s[T.HAND + q * N_KINDS + k]
        if not kept:  # private marks: only what everyone saw stays
            for k in range(N_KINDS):
                out[T.CHOU + q * N_KINDS + k] = 1 if s[T.DISC + q * N_KINDS + k] > 0 else 0
                out[T.CHOUHU + q * N_KINDS + k] = -1
            if s[T.PENG_PASSED] == q:
                out[T.PENG_PASSED] = -1
    card = card_in_play(s)
    if card >= 0:
        pool[card] -= 1
    return pool, m


@njit(cache=True)
def _draw_wei_kinds(s: np.ndarray, cnt: np.ndarray, m: int, slot_seat: np.ndarray, kinds: np.ndarray,
                    last: bool, use_extra: bool, rng: np.ndarray) -> bool:
    """A kind for each of the ``m`` face-down 偎, with the weight ``n·(n−1)·(n−2)`` of its
    ``n`` unseen copies (exact by acceptance per slot), taken out of ``cnt``; ``False`` when
    a try is refused (never on the ``last``)."""
    dealer = s[T.DEALER]
    liang = s[T.LIANG]
    bound = 0
    for k in range(N_KINDS):
        bound += _falling3(cnt[k])
    for i in range(m):
        q = slot_seat[i]
        z = 0
        for k in range(N_KINDS):
            if last or _wei_may_be(s, q, k, use_extra and q == dealer and k == liang):
                z += _falling3(cnt[k])
        if z == 0 or (not last and below(rng, bound) >= z):
            return False
        r = below(rng, z)
        for k in range(N_KINDS):
            if last or _wei_may_be(s, q, k, use_extra and q == dealer and k == liang):
                r -= _falling3(cnt[k])
                if r < 0:
                    kinds[i] = k
                    cnt[k] -= 3
                    break
    return True


@njit(cache=True)
def _deal_unseen(s: np.ndarray, out: np.ndarray, keep: int, cnt: np.ndarray, deck: np.ndarray,
                 sizes: np.ndarray, use_extra: bool, rng: np.ndarray) -> bool:
    """Shuffle the cards of ``cnt`` (laid out in kind order) into the other seats' hands,
    ``sizes`` each (the dealer's 亮张 first when ``use_extra``), and the rest of the stock;
    ``False`` when a redrawn hand does not fit (:func:`_hand_fits`, which reads the kinds of
    the face-down 偎, so they are written first)."""
    dealer = s[T.DEALER]
    liang = s[T.LIANG]
    sp = s[T.SP]
    at = lay_out(cnt, deck)
    shuffle_prefix(rng, deck[:at], at)
    at = 0
    for q in range(N_SEATS):
        if (keep >> q) & 1:
            continue
        for k in range(N_KINDS):
            out[T.HAND + q * N_KINDS + k] = 0
        n = sizes[q]
        if use_extra and q == dealer:
            out[T.HAND + q * N_KINDS + liang] = 1
            n -= 1
        for _ in range(n):
            out[T.HAND + q * N_KINDS + deck[at]] += 1
            at += 1
    for i in range(STOCK_CARDS - sp):
        out[T.STOCK + sp + i] = deck[at + i]
    ok = True
    for q in range(N_SEATS):
        if not (keep >> q) & 1 and not _hand_fits(out, q):
            ok = False
    return ok


@njit(cache=True)
def resample_world(s: np.ndarray, seat: int, out: np.ndarray, rng: np.ndarray) -> None:
    """Write into ``out`` a copy of ``s`` in which everything ``seat`` has not seen is
    redrawn from the cards it has not seen, with the generator ``rng`` (see the module)."""
    out[:] = s
    keep = 1 << seat
    if s[T.ACTOR] >= 0:
        keep |= 1 << s[T.ACTOR]
    slot_seat = np.empty(N_SEATS * T.MAXM, dtype=np.int64)
    slot_meld = np.empty(N_SEATS * T.MAXM, dtype=np.int64)
    pool, m = _unseen_pool(s, keep, out, slot_seat, slot_meld)
    liang = s[T.LIANG]
    extra = _dealer_keeps_liang(s, keep) and pool[liang] > 0
    sizes = np.zeros(N_SEATS, dtype=np.int64)
    for q in range(N_SEATS):
        if not (keep >> q) & 1:
            for k in range(N_KINDS):
                sizes[q] += s[T.HAND + q * N_KINDS + k]
    if sizes.sum() + 3 * m + STOCK_CARDS - s[T.SP] != pool.sum():
        raise ValueError("the unseen cards do not fill the hidden places")
    kinds = np.empty(max(m, 1), dtype=np.int64)
    cnt = np.empty(N_KINDS, dtype=np.int64)
    deck = np.empty(pool.sum(), dtype=np.int64)
    for t in range(TRIES):
        last = t == TRIES - 1  # the last try always fills every place (no refusals)
        use_extra = extra and not last
        cnt[:] = pool
        if use_extra:
            cnt[liang] -= 1
        if not _draw_wei_kinds(s, cnt, m, slot_seat, kinds, last, use_extra, rng):
            continue
        for i in range(m):
            out[T.MV + slot_seat[i] * T.MAXM + slot_meld[i]] = kinds[i]
        if _deal_unseen(s, out, keep, cnt, deck, sizes, use_extra, rng):
            return
