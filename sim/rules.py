"""House rules as frozen, validated dataclasses with named presets.

Each game declares one subclass of :class:`RuleSet`. Every field is an *option*: it has
a default (the game's ``seed`` preset) and either a closed set of allowed values or a
numeric range. Presets are named bundles of overrides. Anything not allowed is refused
with a message that names the option and the allowed values.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True, kw_only=True)
... class Demo(RuleSet):
...     GAME = "demo"
...     min_score: int = option(15, choices=(15, 10), doc="points needed to win")
>>> Demo.from_options(overrides={"min_score": "10"}).min_score
10
>>> Demo.from_options(overrides={"min_score": 12})
Traceback (most recent call last):
...
sim.errors.OptionError: demo option min_score=12 is not allowed; choose one of 15, 10
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any, ClassVar, Self

import numpy as np

from sim.errors import OptionError

_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}


def option(
    default: Any,
    *,
    choices: tuple[Any, ...] | None = None,
    minimum: float | None = None,
    maximum: float | None = None,
    doc: str = "",
) -> Any:
    """Declare a rule option: a dataclass field with its allowed values and a description."""
    meta = {"choices": choices, "minimum": minimum, "maximum": maximum, "doc": doc}
    return dataclasses.field(default=default, metadata=meta)


_KIND_WORDS = {"int": "a whole number", "float": "a number", "bool": "true or false",
               "str": "a word"}


def _a(noun: str) -> str:
    """A type's name in words: ``int`` → "a whole number"."""
    return _KIND_WORDS.get(noun) or ("an " if noun[:1] in "aeiou" else "a ") + noun


def _describe(value: Any) -> str:
    if isinstance(value, bool):
        return str(value).lower()
    text = str(value)
    return text if text.isprintable() else repr(text)  # keep error messages on one line


@dataclasses.dataclass(frozen=True, kw_only=True)
class RuleSet:
    """Base class of every game's rules. Subclasses set ``GAME`` and ``PRESETS``."""

    GAME: ClassVar[str] = "game"
    PRESETS: ClassVar[Mapping[str, Mapping[str, Any]]] = {"seed": {}}

    def __post_init__(self) -> None:
        for f in dataclasses.fields(self):
            self._check(f, getattr(self, f.name))

    @classmethod
    def _check(cls, f: dataclasses.Field, value: Any) -> None:
        meta = f.metadata
        kind = type(f.default)
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise OptionError(
                f"{cls.GAME} option {f.name}={value!r} has the wrong type; "
                f"give {_a(kind.__name__)}{cls._allowed_suffix(f)}"
            )
        choices = meta.get("choices")
        if choices is not None and value not in choices:
            raise OptionError(
                f"{cls.GAME} option {f.name}={_describe(value)} is not allowed; "
                f"choose one of {', '.join(_describe(c) for c in choices)}"
            )
        lo, hi = meta.get("minimum"), meta.get("maximum")
        if (lo is not None and value < lo) or (hi is not None and value > hi):
            raise OptionError(
                f"{cls.GAME} option {f.name}={value} is out of range; "
                f"give a value from {lo} to {hi}"
            )

    @classmethod
    def _allowed_suffix(cls, f: dataclasses.Field) -> str:
        choices = f.metadata.get("choices")
        if choices:
            return " (one of " + ", ".join(_describe(c) for c in choices) + ")"
        return ""

    @classmethod
    def option_fields(cls) -> dict[str, dataclasses.Field]:
        """The options of this game by name."""
        return {f.name: f for f in dataclasses.fields(cls)}

    @classmethod
    def parse_value(cls, name: str, text: Any) -> Any:
        """Convert a command-line string to the option's type (other values pass through)."""
        fields = cls.option_fields()
        if name not in fields:
            raise OptionError(
                f"{cls.GAME} has no option {name!r}; options are: {', '.join(sorted(fields))}"
            )
        if not isinstance(text, str):
            return text
        f = fields[name]
        kind = type(f.default)
        try:
            if kind is bool:
                low = text.strip().lower()
                if low in _TRUE:
                    return True
                if low in _FALSE:
                    return False
                raise ValueError(text)
            return kind(text.strip())
        except ValueError:
            raise OptionError(
                f"{cls.GAME} option {name}={text!r} is not {_a(kind.__name__)}{cls._allowed_suffix(f)}"
            ) from None

    @classmethod
    def from_options(
        cls, *, preset: str = "seed", overrides: Mapping[str, Any] | None = None
    ) -> Self:
        """Build rules from a named preset plus overrides (strings are converted)."""
        if preset not in cls.PRESETS:
            raise OptionError(
                f"{cls.GAME} has no preset {preset!r}; presets are: {', '.join(cls.PRESETS)}"
            )
        values = dict(cls.PRESETS[preset])
        for name, raw in (overrides or {}).items():
            values[name] = cls.parse_value(name, raw)
        return cls(**values)

    def to_dict(self) -> dict[str, Any]:
        """The options as a plain JSON-ready dictionary."""
        return dataclasses.asdict(self)

    def digest(self) -> str:
        """A short stable hash of the options (recorded in manifests)."""
        blob = json.dumps({"game": self.GAME, **self.to_dict()}, sort_keys=True)
        return hashlib.sha256(blob.encode()).hexdigest()[:16]


class VectorLayout:
    """The named slots of the integer vector a game's compiled kernels read their rules from.

    A game declares its slots once, takes each slot's offset by name for the module
    constants its kernels compile in, and builds the vector (its ``rules_vector``) with
    :meth:`build`, which refuses a missing or unknown slot, so offsets and values cannot
    drift apart.

    >>> LAYOUT = VectorLayout("players", "stake")
    >>> V_STAKE = LAYOUT.offset("stake")
    >>> v = LAYOUT.build(players=2, stake=50)
    >>> V_STAKE, v.tolist(), v.dtype.name, len(LAYOUT)
    (1, [2, 50], 'int64', 2)
    >>> LAYOUT.build(players=2)
    Traceback (most recent call last):
    ...
    ValueError: rules vector: no value for stake
    """

    def __init__(self, *names: str, size: int | None = None, dtype: Any = np.int64) -> None:
        if len(set(names)) != len(names):
            raise ValueError(f"rules vector: a slot is named twice in {names}")
        if size is not None and size < len(names):
            raise ValueError(f"rules vector: {len(names)} slots do not fit in {size}")
        self.names = names
        self.size = len(names) if size is None else size  # room beyond the slots stays 0
        self.dtype = np.dtype(dtype)
        self._at = {name: i for i, name in enumerate(names)}

    def __len__(self) -> int:
        return self.size

    def offset(self, name: str) -> int:
        """The offset of slot ``name`` (a plain int, for a module constant)."""
        return self._at[name]

    def build(self, **values: Any) -> np.ndarray:
        """The vector with every slot set (a bool as 0 or 1)."""
        unknown = sorted(set(values) - set(self._at))
        if unknown:
            raise ValueError(f"rules vector: no slot named {unknown[0]}")
        v = np.zeros(self.size, dtype=self.dtype)
        for name, i in self._at.items():
            if name not in values:
                raise ValueError(f"rules vector: no value for {name}")
            v[i] = int(values[name])
        return v


def read_rules_file(path: str | os.PathLike) -> dict[str, Any]:
    """Read rule options from a TOML or JSON file (a flat table of ``name = value``)."""
    p = Path(path)
    try:
        text = p.read_bytes()
    except OSError as exc:
        raise OptionError(f"cannot read the rules file {p} ({exc.strerror or exc})") from None
    try:
        data = json.loads(text) if p.suffix.lower() == ".json" else tomllib.loads(text.decode())
    except (ValueError, UnicodeDecodeError) as exc:
        raise OptionError(f"the rules file {p} is not valid {'JSON' if p.suffix.lower() == '.json' else 'TOML'}: {exc}") from None
    if not isinstance(data, dict):
        raise OptionError(f"the rules file {p} must hold a table of name = value")
    nested = [k for k, v in data.items() if isinstance(v, (dict, list))]
    if nested:
        raise OptionError(f"the rules file {p}: {nested[0]!r} must be a single value, not a table or list")
    return data


def parse_assignments(items: list[str] | tuple[str, ...]) -> dict[str, str]:
    """Read ``NAME=VALUE`` strings (from ``--rule``) into a dictionary."""
    out: dict[str, str] = {}
    for item in items:
        name, sep, value = item.partition("=")
        if not sep or not name.strip():
            raise OptionError(f"cannot read rule {item!r}; write it as NAME=VALUE, e.g. min_huxi=10")
        out[name.strip()] = value.strip()
    return out
