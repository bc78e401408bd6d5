"""Exact probabilities of the dice: throw classes, 夹 exits, per-round exits from the 堑
and from 飞龙院, and the expected number of throws to get through the 夹 (a Markov chain).

Every value is a :class:`fractions.Fraction` over the 216 equally likely ordered results
of three dice.

>>> from fractions import Fraction
>>> class_probabilities()["赏"], class_probabilities()["罚"], jia_exit_probability()
(Fraction(11, 72), Fraction(1, 24), Fraction(4, 9))
>>> expected_jia_throws(1)      # one 夹: a geometric wait, 216 / 96
Fraction(9, 4)
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from sim.games.dama.throws import JIA_MOVE, KIND, N_THROWS, TOTAL, WAYS

_P = [Fraction(int(w), 216) for w in WAYS]


def class_probabilities() -> dict[str, Fraction]:
    """The chance of a 赏, a 罚 and a 杂 throw (33, 9 and 174 of 216)."""
    out = {"赏": Fraction(0), "罚": Fraction(0), "杂": Fraction(0)}
    for t in range(N_THROWS):
        out[("杂", "赏", "罚")[int(KIND[t])]] += _P[t]
    return out


def jia_exit_probability() -> Fraction:
    """The chance that a throw moves a horse in a 夹 (a pair with an odd die, or a triple)."""
    return sum((_P[t] for t in range(N_THROWS) if JIA_MOVE[t] > 0), Fraction(0))


def expected_jia_throws(squares: int) -> Fraction:
    """Expected own throws for a horse on the first of ``squares`` 夹 to get past the last.

    From offset ``j`` a 夹 throw with move ``d`` (chance 16/216 for each d = 1..6) takes it
    to ``j + d``; any other throw leaves it in place. Solved backwards:
    ``E[j] = (1 + Σ_d P(d) E[j + d]) / P(move)``, with ``E = 0`` past the last 夹.
    """
    move = [Fraction(0)] * 7
    for t in range(N_THROWS):
        if JIA_MOVE[t] > 0:
            move[int(JIA_MOVE[t])] += _P[t]
    stay = 1 - sum(move)
    e = [Fraction(0)] * (squares + 7)
    for j in range(squares - 1, -1, -1):
        e[j] = (1 + sum(move[d] * e[j + d] for d in range(1, 7))) / (1 - stay)
    return e[0]


def _triple(t: int) -> bool:
    return int(TOTAL[t]) == 3 * int(JIA_MOVE[t])


@lru_cache(maxsize=None)
def round_exit_probability(bencai: int, players: int, gate: str) -> Fraction:
    """The chance that a player's horses leave the 堑 (``gate="qian"``) or 飞龙院
    (``"feilong"``, every 赏 freeing it) in one round: his own throw ``X`` and the next
    ``players - 1`` throws of the others, without extra throws.

    The 堑: ``X`` a triple or his 真/傍本采; another's throw of his 真/傍本采; the 下家's
    throw right after ``X`` a 撞 of it (same total); the 上家's throw a 罚. 飞龙院: ``X`` a
    赏 or his 真本采; another's throw of his 真本采; the 上家's 罚.
    """
    b_total = int(TOTAL[bencai])
    no_exit = Fraction(0)
    for x in range(N_THROWS):
        if gate == "qian":
            own = _triple(x) or int(TOTAL[x]) == b_total
        else:
            own = KIND[x] == 1 or x == bencai
        if own:
            continue
        stay = _P[x]
        for i in range(1, players):
            p_ok = Fraction(0)
            for y in range(N_THROWS):
                if gate == "qian":
                    bad = int(TOTAL[y]) == b_total or (i == 1 and TOTAL[y] == TOTAL[x])
                else:
                    bad = y == bencai
                bad = bad or (i == players - 1 and KIND[y] == 2)
                if not bad:
                    p_ok += _P[y]
            stay *= p_ok
        no_exit += stay
    return 1 - no_exit


def first_bencai_distribution() -> dict[int, Fraction]:
    """The first player's 真本采: his first 杂 throw (each 杂 in proportion to its ways)."""
    plain = sum(int(WAYS[t]) for t in range(N_THROWS) if KIND[t] == 0)
    return {t: Fraction(int(WAYS[t]), plain) for t in range(N_THROWS) if KIND[t] == 0}


@lru_cache(maxsize=None)
def first_seat_round_exit(players: int, gate: str) -> Fraction:
    """:func:`round_exit_probability` for the first player, averaged over his 本采."""
    return sum((p * round_exit_probability(b, players, gate)
                for b, p in first_bencai_distribution().items()), Fraction(0))
