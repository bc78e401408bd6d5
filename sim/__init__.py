"""paiju: simulate traditional Chinese card games by the million and analyse the results."""

from sim.stale_cache import drop_stale_caches

drop_stale_caches()  # before any compiled kernel is loaded from numba's disk cache

from sim.replay import show  # noqa: E402
from sim.store import load  # noqa: E402

__all__ = ["load", "show"]
