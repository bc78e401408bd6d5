"""Exact probabilities of the 跑胡子 deal events: 提, 坎, red cards and 三提五坎.

The counting is :mod:`sim.exact`'s (generating functions over the deck's kinds); this
module names the events of the deal (for the dealer's 21 cards and a player's 20) that
``paiju exact zipai`` prints and the ``deals`` and ``play`` summaries hold their Monte
Carlo rates against.

>>> f"{float(natural_win_probability(hand=21)):.6f}"
'0.000093'
"""

from __future__ import annotations

from fractions import Fraction

from sim.exact import (ExactEvent, at_least, hypergeometric, quad_distribution,
                       quad_triple_counts, three_plus_distribution)
from sim.games.zipai.cards import COPIES, DECK_SIZE, N_KINDS, RED_MASK
from sim.games.zipai.deal import DEALER_CARDS, PLAYER_CARDS

RED_CARDS = int(RED_MASK.sum()) * COPIES  # 24
DEAL_EVENTS = ("提 ≥ 1", "提 ≥ 2", "提 ≥ 3", "提+坎 ≥ 5", "三提五坎", "红 ≥ 10", "红 = 0")
ROLES = (("dealer", DEALER_CARDS), ("player", PLAYER_CARDS))


def natural_win_probability(
    *, kinds: int = N_KINDS, copies: int = COPIES, hand: int = DEALER_CARDS, quads: int = 3,
    three_plus: int = 5,
) -> Fraction:
    """P(三提五坎): at least ``quads`` 提, or at least ``three_plus`` 提 + 坎."""
    counts = quad_triple_counts(kinds=kinds, copies=copies, hand=hand)
    total = sum(counts.values())
    hits = sum(w for (q, t), w in counts.items() if q >= quads or q + t >= three_plus)
    return Fraction(hits, total)


def deal_events() -> list[ExactEvent]:
    """Exact probabilities of the deal events for the dealer (21 cards) and a player (20)."""
    out = []
    for role, hand in ROLES:
        quads = quad_distribution(hand=hand)
        three_plus = three_plus_distribution(hand=hand)
        red = hypergeometric(marked=RED_CARDS, total=DECK_SIZE, hand=hand)
        values = {
            "提 ≥ 1": at_least(quads, 1),
            "提 ≥ 2": at_least(quads, 2),
            "提 ≥ 3": at_least(quads, 3),
            "提+坎 ≥ 5": at_least(three_plus, 5),
            "三提五坎": natural_win_probability(hand=hand),
            "红 ≥ 10": at_least(red, 10),
            "红 = 0": red[0],
        }
        out += [ExactEvent(role, hand, name, values[name]) for name in DEAL_EVENTS]
    return out


def distributions(hand: int) -> dict[str, dict[int, Fraction]]:
    """The full distributions of 提, 提+坎 and red cards for a hand of ``hand`` cards."""
    return {
        "提": quad_distribution(hand=hand),
        "提+坎": three_plus_distribution(hand=hand),
        "红": hypergeometric(marked=RED_CARDS, total=DECK_SIZE, hand=hand),
    }
