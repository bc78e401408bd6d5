"""What every game's card-by-card tests share."""

from __future__ import annotations

from typing import Any

import numpy as np


def play_alike(a: Any, b: Any, rng: np.random.Generator) -> None:
    """Play both hands to the end with the same random legal actions, each asked for its
    legal actions at every step (some engines write scratch slots when asked)."""
    while not a.done:
        legal = a.legal_actions()
        assert [x.code for x in b.legal_actions()] == [x.code for x in legal]
        code = legal[int(rng.integers(len(legal)))].code
        a.step(code)
        b.step(code)
    assert b.done
