"""丰顺 hand scores searched from the rules page (docs/rules/fengshun.md), for the tests.

Written from the page's score table alone, not from the engine's group table or search: a
card is ``colour * 7 + rank`` (ranks 将 士 相 车 马 炮 卒 = 0 … 6), and the best split is found
by a memoised walk that gives the lowest card left a group (or leaves it single) each step.

Where the table gives no claimed rate ("—": four colours of a rank, four 将) the group
scores as in hand; a claimed single 将 scores 1, as every single 将 does.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations

N_COLOURS, N_RANKS = 4, 7
N_KINDS = N_COLOURS * N_RANKS
JIANG, ZU = 0, 6


def kind(colour: int, rank: int) -> int:
    """The card of a colour and rank."""
    return colour * N_RANKS + rank


def rules_page_groups(*, sequences: str = "fixed", multicolour: str = "any",
                      jss_value: int = 1) -> list[tuple[tuple[int, ...], int, int]]:
    """Every group of the score table as (cards, value in hand, value holding a claimed card)."""
    out = []
    starts = (0, 3) if sequences == "fixed" else range(N_RANKS - 2)  # 将士相 车马炮, or any run
    for c in range(N_COLOURS):
        for low in starts:
            v = jss_value if low == JIANG else 1
            out.append((tuple(kind(c, low + i) for i in range(3)), v, v))
    for rank in range(1, N_RANKS) if multicolour == "any" else (ZU,):
        for colours in combinations(range(N_COLOURS), 3):
            out.append((tuple(kind(c, rank) for c in colours), 1, 1))
        out.append((tuple(kind(c, rank) for c in range(N_COLOURS)), 4, 4))
    for c in range(N_COLOURS):
        for rank in range(1, N_RANKS):
            k = kind(c, rank)
            out += [((k, k), 0, 0), ((k,) * 3, 3, 1), ((k,) * 4, 8, 6)]
        out.append(((kind(c, JIANG),) * 4, 32, 32))
    out.append((tuple(kind(c, JIANG) for c in range(N_COLOURS)), 16, 16))
    return out


class RulesPageScore:
    """The best score of a hand under one rule set; ``-1`` when some card cannot be placed."""

    def __init__(self, **rules) -> None:
        self.groups = [(sorted(cards), v, cv) for cards, v, cv in rules_page_groups(**rules)]
        self._best = lru_cache(maxsize=None)(self._walk)

    def __call__(self, counts, claimed: int = -1, *, loose: bool = False) -> int:
        """``counts`` per card (the claimed card included); ``loose``: cards may stay ungrouped
        (a single 将 1, any other card 0), as at a stock-out count."""
        counts = tuple(int(x) for x in counts)
        if claimed < 0:
            return self._best(counts, loose)
        best = -1
        options = [(cards, cv) for cards, _, cv in self.groups if claimed in cards]
        if claimed % N_RANKS == JIANG:
            options.append(([claimed], 1))
        for cards, cv in options:
            rest = self._without(counts, cards)
            if rest is not None:
                v = self._best(rest, loose)
                if v >= 0:
                    best = max(best, v + cv)
        return best

    @staticmethod
    def _without(counts: tuple[int, ...], cards) -> tuple[int, ...] | None:
        c = list(counts)
        for k in cards:
            c[k] -= 1
            if c[k] < 0:
                return None
        return tuple(c)

    def _walk(self, counts: tuple[int, ...], loose: bool) -> int:
        low = next((k for k in range(N_KINDS) if counts[k]), None)
        if low is None:
            return 0
        best = -1
        singles = [(1 if low % N_RANKS == JIANG else 0)] if (loose or low % N_RANKS == JIANG) else []
        options = [(cards, v) for cards, v, _ in self.groups if cards[0] == low]
        options += [([low], v) for v in singles]
        for cards, v in options:
            rest = self._without(counts, cards)
            if rest is not None:
                r = self._best(rest, loose)
                if r >= 0:
                    best = max(best, r + v)
        return best
