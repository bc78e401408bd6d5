"""What one seat of 跑胡子 cannot see, and redrawing it (``Game.resample``).

A seat sees its own concealed cards, every table meld (another seat's face-down 偎 only as
a meld), the discard areas, the card in play when it is shown, the 亮张 and how many
concealed cards each seat holds. Hidden are the other seats' concealed cards and the order
of the stock: :func:`redraw_hidden` deals them again from the cards the seat has not seen,
keeping every size. A seat deciding now keeps its hand (its decision was offered on it),
and the dealer keeps the 亮张 everyone saw while no copy of it has left his hand in sight.
"""

from __future__ import annotations

import numpy as np

from sim.games.zipai import engine as E
from sim.games.zipai.cards import COPIES, N_KINDS
from sim.games.zipai.deal import N_SEATS, STOCK_CARDS
from sim.games.zipai.melds import GROUPS, M_CHI, M_WEI, MELD_SIZE


def _meld_cards(s: np.ndarray, seat: int, out: np.ndarray, *, face_down: bool = True) -> None:
    """Add the cards of ``seat``'s table melds to the count vector ``out`` (without
    ``face_down``, only the melds other seats can read: no 偎)."""
    for j in range(int(s[E.NM + seat])):
        kind = int(s[E.MK + seat * E.MAXM + j])
        value = int(s[E.MV + seat * E.MAXM + j])
        if kind == M_WEI and not face_down:
            continue
        if kind == M_CHI:
            for k in GROUPS[value]:
                out[int(k)] += 1
        else:
            out[value] += int(MELD_SIZE[kind])


def _card_in_play(s: np.ndarray) -> int:
    """The card on offer that lies in no hand, meld, area or stock, or -1."""
    stage = int(s[E.STAGE])
    if stage == E.ST_SHOWN_HU or (stage == E.ST_CLAIM and int(s[E.ACTOR]) >= 0):
        return int(s[E.CARD])
    if stage == E.ST_DONE and int(s[E.HU_CARD]) >= 0:
        return int(s[E.HU_CARD])
    return -1


def _kept_seats(s: np.ndarray, seat: int) -> set[int]:
    """The seats whose concealed cards stay: ``seat`` and the seat deciding now."""
    actor = int(s[E.ACTOR])
    return {seat} | ({actor} if actor >= 0 else set())


def _dealer_keeps_liang(s: np.ndarray, kept: set[int]) -> bool:
    """Whether the dealer must still hold the 亮张: no copy of it left his hand in sight."""
    dealer, liang = int(s[E.DEALER]), int(s[E.LIANG])
    held = int(s[E.HAND + dealer * N_KINDS: E.HAND + (dealer + 1) * N_KINDS].sum())
    if dealer in kept or held == 0 or s[E.DISC + dealer * N_KINDS + liang] > 0:
        return False
    shown = np.zeros(N_KINDS, dtype=np.int64)
    _meld_cards(s, dealer, shown, face_down=False)
    return shown[liang] == 0


def unseen_pool(s: np.ndarray, kept: set[int]) -> np.ndarray:
    """Counts per kind of the cards in the concealed hands of the seats not in ``kept`` and
    in the stock: the deck less every kept hand, table meld, discard area and card in play."""
    pool = np.full(N_KINDS, COPIES, dtype=np.int64)
    for q in range(N_SEATS):
        meld = np.zeros(N_KINDS, dtype=np.int64)
        _meld_cards(s, q, meld)
        pool -= meld + s[E.PILE + q * N_KINDS: E.PILE + (q + 1) * N_KINDS]
        if q in kept:
            pool -= s[E.HAND + q * N_KINDS: E.HAND + (q + 1) * N_KINDS]
    card = _card_in_play(s)
    if card >= 0:
        pool[card] -= 1
    return pool


def _deal(cards: np.ndarray, sizes: dict[int, int], extra: dict[int, int]) -> dict[int, np.ndarray]:
    """Count vectors of consecutive runs of ``cards``, ``sizes[q]`` cards for seat ``q``,
    plus one card of kind ``extra[q]`` where given."""
    hands, at = {}, 0
    for q, size in sizes.items():
        hands[q] = np.bincount(cards[at: at + size], minlength=N_KINDS)
        if q in extra:
            hands[q][extra[q]] += 1
        at += size
    return hands


def redraw_hidden(s: np.ndarray, seat: int, rng: np.random.Generator, *, tries: int = 64) -> None:
    """Deal the concealed hands of the other seats (but the one deciding now) and the rest
    of the stock again, in place, from the cards ``seat`` has not seen. A deal that puts
    four of a kind in a concealed hand (the engine would have laid it as a 提) is drawn
    again, up to ``tries`` times."""
    kept = _kept_seats(s, seat)
    pool = unseen_pool(s, kept)
    dealer, liang = int(s[E.DEALER]), int(s[E.LIANG])
    extra = {dealer: liang} if _dealer_keeps_liang(s, kept) and pool[liang] > 0 else {}
    pool[list(extra.values())] -= 1
    sizes = {q: int(s[E.HAND + q * N_KINDS: E.HAND + (q + 1) * N_KINDS].sum()) - (q in extra)
             for q in range(N_SEATS) if q not in kept}
    sp = int(s[E.SP])
    if sum(sizes.values()) + STOCK_CARDS - sp != int(pool.sum()):
        raise RuntimeError("the unseen cards do not fill the hidden places")
    deck = np.repeat(np.arange(N_KINDS), pool)
    for _ in range(tries):
        cards = rng.permutation(deck)
        hands = _deal(cards, sizes, extra)
        if all(h.max(initial=0) < COPIES for h in hands.values()):
            break
    for q, hand in hands.items():
        s[E.HAND + q * N_KINDS: E.HAND + (q + 1) * N_KINDS] = hand
    s[E.STOCK + sp: E.STOCK + STOCK_CARDS] = cards[sum(sizes.values()):]
