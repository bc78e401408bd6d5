"""The layout of a game's observation array, declared once (``GameInfo.observation_spec``).

A compiled strategy gets one flat integer array per decision. Its fields — name, offset,
length, dtype and meaning — are declared in the game's ``observe.py`` as an
:class:`ObservationSpec`; the engine that fills the array and the strategies that read it
take their offsets from there, so no strategy holds a raw index.

>>> spec = ObservationSpec.build("int16", [
...     ("hand", 54, "the seat's own card counts"),
...     ("seat", 1, "the seat deciding"),
... ])
>>> spec.offset("seat"), spec.size, spec.slice("hand")
(54, 55, slice(0, 54, None))
>>> import numpy as np
>>> v = spec.view(np.arange(55, dtype=np.int16))
>>> int(v["seat"]), v["hand"][:3].tolist()
(54, [0, 1, 2])
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Sequence
from typing import Any

import numpy as np
from numba import njit


@dataclasses.dataclass(frozen=True)
class ObsField:
    """One field of an observation array: ``length`` values from ``offset`` on."""

    name: str
    offset: int
    length: int
    meaning: str
    dtype: str = "int16"

    @property
    def end(self) -> int:
        """The offset just past the field."""
        return self.offset + self.length


class ObservationSpec:
    """The fields of an observation array, in order, without overlaps."""

    def __init__(self, fields: Sequence[ObsField], *, size: int | None = None) -> None:
        self.fields: tuple[ObsField, ...] = tuple(sorted(fields, key=lambda f: f.offset))
        names = [f.name for f in self.fields]
        if len(set(names)) != len(names):
            raise ValueError(f"observation fields named twice: {names}")
        for a, b in zip(self.fields, self.fields[1:]):
            if a.end > b.offset:
                raise ValueError(f"observation fields {a.name!r} and {b.name!r} overlap")
        end = self.fields[-1].end if self.fields else 0
        self.size = int(size if size is not None else end)
        if self.size < end:
            raise ValueError(f"observation size {self.size} is smaller than its fields ({end})")
        self._by_name = {f.name: f for f in self.fields}

    @classmethod
    def build(cls, dtype: str, fields: Sequence[tuple[str, int, str]], *,
              size: int | None = None) -> ObservationSpec:
        """Fields laid out one after another: ``(name, length, meaning)`` each."""
        out, offset = [], 0
        for name, length, meaning in fields:
            out.append(ObsField(name, offset, int(length), meaning, dtype))
            offset += int(length)
        return cls(out, size=size)

    def field(self, name: str) -> ObsField:
        """The field called ``name``."""
        try:
            return self._by_name[name]
        except KeyError:
            raise KeyError(f"no observation field {name!r}; fields: {', '.join(self.names)}") from None

    def offset(self, name: str) -> int:
        """Where field ``name`` starts."""
        return self.field(name).offset

    def offsets(self) -> tuple[int, ...]:
        """Where each field starts, in array order (plain ints, to unpack into module
        constants: ``O_HAND, O_SEAT = SPEC.offsets()``)."""
        return tuple(f.offset for f in self.fields)

    def length(self, name: str) -> int:
        """How many values field ``name`` holds."""
        return self.field(name).length

    def slice(self, name: str) -> slice:
        """The slice of field ``name`` in an observation array."""
        f = self.field(name)
        return slice(f.offset, f.end)

    @property
    def names(self) -> tuple[str, ...]:
        """The field names in array order."""
        return tuple(f.name for f in self.fields)

    @property
    def dtype(self) -> np.dtype:
        """The array's dtype (that of its first field)."""
        return np.dtype(self.fields[0].dtype if self.fields else "int64")

    def view(self, array: np.ndarray) -> dict[str, Any]:
        """The fields of ``array`` by name: a scalar for one-value fields, else a view."""
        if len(array) != self.size:
            raise ValueError(f"an observation array has {self.size} values, not {len(array)}")
        return {f.name: (array[f.offset] if f.length == 1 else array[f.offset:f.end])
                for f in self.fields}

    def table(self) -> str:
        """The layout as a Markdown table (for rules pages and ``paiju rules``)."""
        rows = ["| field | offset | length | dtype | meaning |", "|---|---:|---:|---|---|"]
        rows += [f"| `{f.name}` | {f.offset} | {f.length} | {f.dtype} | {f.meaning} |"
                 for f in self.fields]
        return "\n".join(rows)

    def __iter__(self) -> Iterator[ObsField]:
        return iter(self.fields)

    def __len__(self) -> int:
        return len(self.fields)

    def __repr__(self) -> str:
        return f"ObservationSpec({len(self.fields)} fields, size {self.size})"


@njit(cache=True, inline="always")
def copy_words(s: np.ndarray, row: np.ndarray, words: np.ndarray) -> None:
    """``row[c] = s[w]`` for each ``(c, w)`` of ``words``: the result columns a game's
    ``record`` copies from the final state as they stand, or the fields of an observation
    that are words of the state (inlined: observations are filled at every decision)."""
    for i in range(words.shape[0]):
        row[words[i, 0]] = s[words[i, 1]]
