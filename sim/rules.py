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

A game's option table is data: per option a name, a default, the allowed values or range
and a doc line; the presets; the game's name, title and aliases. So it lives in a TOML file
beside the game's ``rules.py`` (``rules.toml``, package data), and :func:`options_from` makes
the dataclass of it, with the same fields, checks and messages as a class written out with
:func:`option` (as above). Written as Python, every game's table would repeat one declaration
with other values. What is code stays in the class: its docstring and any check across
options (a ``__post_init__``). The kernels' half is :class:`VectorLayout`: a game names the
slots of its rules vector once and unpacks :meth:`VectorLayout.offsets` into the module
constants its kernels compile in.
"""

from __future__ import annotations

import dataclasses
import hashlib
import importlib.resources
import json
import os
import sys
import tomllib
from collections.abc import Callable, Mapping
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
    """Base class of every game's rules. Subclasses set ``GAME`` and ``PRESETS`` (and may set
    ``TITLE`` and ``ALIASES``, which the game's ``GameInfo`` takes when it names none)."""

    GAME: ClassVar[str] = "game"
    TITLE: ClassVar[str] = ""
    ALIASES: ClassVar[tuple[str, ...]] = ()
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


_OPTION_KEYS = {"default", "choices", "minimum", "maximum", "doc"}


def options_from(filename: str) -> Callable[[type[RuleSet]], type[RuleSet]]:
    """Make a :class:`RuleSet` subclass a frozen keyword-only dataclass whose options, presets
    and game name are the TOML table ``filename`` in the class's package.

    The table holds ``[game]`` (``name``, ``title``, ``aliases``), ``[presets]`` (at least
    ``seed``) and one ``[options.NAME]`` per option, in order: ``default``, ``doc`` and
    ``choices`` or ``minimum``/``maximum``, the arguments of :func:`option`. Every preset is
    built once here, so a bad table fails on import.
    """

    def make(cls: type[RuleSet]) -> type[RuleSet]:
        package = sys.modules[cls.__module__].__package__ or ""
        where = f"{package}/{filename}"
        table = tomllib.loads((importlib.resources.files(package) / filename).read_text("utf-8"))
        if set(table) != {"game", "presets", "options"} or "seed" not in table["presets"]:
            raise ValueError(f"{where} holds [game], [presets] (with seed) and [options]")
        cls.GAME = table["game"]["name"]
        cls.TITLE = table["game"].get("title", "")
        cls.ALIASES = tuple(table["game"].get("aliases", ()))
        cls.PRESETS = table["presets"]
        annotations = dict(cls.__dict__.get("__annotations__", {}))
        for name, spec in table["options"].items():
            if "default" not in spec or not set(spec) <= _OPTION_KEYS:
                raise ValueError(f"{where}: option {name} takes {', '.join(sorted(_OPTION_KEYS))} "
                                 f"(default at least), not {', '.join(sorted(spec))}")
            choices = spec.get("choices")
            annotations[name] = type(spec["default"]).__name__  # as a written-out class has it
            setattr(cls, name, option(spec["default"],
                                      choices=None if choices is None else tuple(choices),
                                      minimum=spec.get("minimum"), maximum=spec.get("maximum"),
                                      doc=spec.get("doc", "")))
        cls.__annotations__ = annotations
        made = dataclasses.dataclass(frozen=True, kw_only=True)(cls)
        for preset in made.PRESETS:
            made.from_options(preset=preset)
        return made

    return make


class VectorLayout:
    """The named slots of the integer vector a game's compiled kernels read their rules from.

    A game declares its slots once, unpacks :meth:`offsets` into the module constants its
    kernels compile in (one per slot, in the slots' order), and builds the vector (its ``rules_vector``) with
    :meth:`build`, which refuses a missing or unknown slot, so offsets and values cannot
    drift apart.

    >>> LAYOUT = VectorLayout("players", "stake")
    >>> V_PLAYERS, V_STAKE = LAYOUT.offsets()
    >>> v = LAYOUT.build(players=2, stake=50)
    >>> V_STAKE, LAYOUT.offset("stake"), v.tolist(), v.dtype.name, len(LAYOUT)
    (1, 1, [2, 50], 'int64', 2)
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

    def offsets(self) -> tuple[int, ...]:
        """The offsets of all slots in their order (plain ints, to unpack into module constants)."""
        return tuple(range(len(self.names)))

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
