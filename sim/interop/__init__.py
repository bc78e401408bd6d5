"""Adapters that make paiju's games speak the field's toolkits (OpenSpiel, PettingZoo,
Gymnasium); they need the optional extra: ``pip install 'paiju[interop]'``."""

from __future__ import annotations

import importlib
from types import ModuleType


def require(module: str) -> ModuleType:
    """Import ``module`` or raise a one-line error that names the extra to install."""
    from sim.errors import OptionError

    try:
        return importlib.import_module(module)
    except ImportError:
        raise OptionError(f"{module} is not installed; install it with pip install 'paiju[interop]'") from None
