"""Errors that reach users as one-line messages.

Everything a user can get wrong — an unknown game or option, a malformed hand, a bad
output directory, an illegal strategy action — raises a subclass of :class:`PaijuError`
whose message says what is wrong and what to do. The command line prints that message
alone, without a traceback.
"""

from __future__ import annotations


class PaijuError(Exception):
    """Base class of every error meant for the user."""


class OptionError(PaijuError, ValueError):
    """An unknown game, preset, rule option or option value."""


class RunDirError(PaijuError):
    """An output directory that cannot be used for the requested run."""


class IllegalActionError(PaijuError):
    """A strategy chose an action that the rules do not allow."""


class StrategyError(PaijuError):
    """A strategy that raised an exception; the message names the hand so it can be replayed."""
