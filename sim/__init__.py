"""paiju: simulate traditional Chinese card games by the million and analyse the results."""

from sim.store import load

__all__ = ["load"]
