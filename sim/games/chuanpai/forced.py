"""Play what needs no choice: the one step both 川牌 engines take between decisions.

A seat with only one legal action is not asked; :func:`play_forced` makes such actions,
counting them, until a seat has a real choice or the hand is over. Each engine binds its own
``legal_actions`` and ``apply_action`` (numba compiles them in as direct calls).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
from numba import njit


@njit
def play_forced(legal_actions: Callable, apply_action: Callable, s: np.ndarray, out: np.ndarray,
                actor: int, forced: int) -> int:
    """Apply every action that is the only legal one (counted at ``s[forced]``) while a seat
    is to act (``s[actor]`` >= 0); return the number of legal actions of the next real
    decision (listed in ``out``), 0 once the hand is over."""
    while s[actor] >= 0:
        n = legal_actions(s, out)
        if n != 1:
            return n
        apply_action(s, out[0])
        s[forced] += 1
    return 0
