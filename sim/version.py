"""The installed version of paiju (stamped into manifests and shard footers)."""

from __future__ import annotations

import functools


@functools.cache
def package_version() -> str:
    """The installed version of paiju."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("paiju")
    except PackageNotFoundError:
        return "0+unknown"
