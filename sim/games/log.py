"""An append-only log whose copies share their entries: a hand's decisions and event rows.

A copy of a hand (``clone``, a search's world, every state OpenSpiel keeps of a walk) must
continue exactly as the hand would, so it needs the log so far; copying the log would make
every copy cost as much as the hand is long, and a walk that keeps a copy of each of its
states cost the square of its length. A :class:`SharedLog` copy instead shares the entries
and remembers how many of them are its own. Entries are never changed or removed, so the
first ``n`` entries are the same for every copy that has ``n`` or more: a copy appends in
place while it is the longest, and takes its own list (its entries only) the first time it
appends behind a longer one. Entries should be immutable (ints, tuples).

>>> a = SharedLog([1, 2]); b = a.copy(); a.append(3); b.append(4)
>>> list(a), list(b), a == [1, 2, 3]
([1, 2, 3], [1, 2, 4], True)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from itertools import islice
from typing import Any, overload


class SharedLog(Sequence):
    """An append-only sequence; its copies share the entries they have in common."""

    __slots__ = ("_items", "_n")

    def __init__(self, items: Iterable[Any] = ()) -> None:
        self._items: list[Any] = list(items)
        self._n = len(self._items)

    def _own(self) -> list[Any]:
        """The shared list, made this log's own if a longer copy has appended past its end."""
        if self._n != len(self._items):
            self._items = self._items[: self._n]
        return self._items

    def append(self, item: Any) -> None:
        """Add one entry at the end."""
        self._own().append(item)
        self._n += 1

    def extend(self, items: Iterable[Any]) -> None:
        """Add entries at the end."""
        own = self._own()
        own.extend(items)
        self._n = len(own)

    def copy(self) -> SharedLog:
        """A copy that shares this log's entries (O(1))."""
        other = SharedLog.__new__(SharedLog)
        other._items, other._n = self._items, self._n
        return other

    __copy__ = copy

    def __deepcopy__(self, memo: dict) -> SharedLog:
        return self.copy()  # entries are immutable: sharing them is a deep copy

    def __reduce__(self) -> tuple[Any, ...]:
        return SharedLog, (list(self),)

    def __len__(self) -> int:
        return self._n

    @overload
    def __getitem__(self, index: int) -> Any: ...
    @overload
    def __getitem__(self, index: slice) -> list[Any]: ...

    def __getitem__(self, index: int | slice) -> Any:
        if isinstance(index, slice):
            return self._items[: self._n][index]
        i = index + self._n if index < 0 else index
        if not 0 <= i < self._n:
            raise IndexError("log index out of range")
        return self._items[i]

    def __iter__(self) -> Iterator[Any]:
        return islice(self._items, self._n)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (SharedLog, list)):
            return len(other) == self._n and all(x == y for x, y in zip(self, other))
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  (mutable, as a list)

    def __repr__(self) -> str:
        return repr(list(self))
