"""What one seat of 跑胡子 cannot see, and redrawing it (``Game.resample``).

A seat sees its own concealed cards, every table meld (another seat's face-down 偎 only as
a meld), the discard areas, the card in play when it is shown, the 亮张 and how many
concealed cards each seat holds. Hidden are the other seats' concealed cards, the order of
the stock, the kinds of their face-down 偎 and their private marks (what they passed or
declined): :func:`redraw_hidden` draws them again from the cards the seat has not seen,
keeping every size. There is one implementation, compiled, shared with the search:
:func:`sim.games.zipai.world.resample_world` (its docstring lists what stays).
"""

from __future__ import annotations

import numpy as np

from sim.games.zipai.world import resample_world
from sim.rng import generator_state


def redraw_hidden(s: np.ndarray, seat: int, rng: np.random.Generator) -> None:
    """Redraw, in place, everything ``seat`` has not seen in state ``s`` (one draw of
    ``rng`` seeds the compiled resample)."""
    resample_world(s.copy(), seat, s, generator_state(rng))
