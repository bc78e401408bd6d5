"""paiju: simulate traditional Chinese card games by the million and analyse the results."""

from sim.stale_cache import drop_stale_caches

drop_stale_caches()  # before any compiled kernel is loaded from numba's disk cache

__all__ = ["load", "show"]


def __getattr__(name: str):
    """``sim.load`` and ``sim.show``, imported on first use: ``import sim`` stays light (no
    numpy yet), so a program can set up its process before the numeric libraries load."""
    if name == "load":
        from sim.store import load

        return load
    if name == "show":
        from sim.replay import show

        return show
    raise AttributeError(f"module 'sim' has no attribute {name!r}")
