"""A Parquet file writer for tables of non-null integer, boolean and dictionary columns.

``PagesWriter(path, schema)`` takes tables through :meth:`~PagesWriter.write_table` (each a
row group, one data page per column, every page with its CRC-32) and writes the footer on
:meth:`~PagesWriter.close`. The footer carries the same Arrow schema (``ARROW:schema``) and
key-value metadata pyarrow would store, so every reader sees the types it would see in a
file pyarrow wrote. Integers are delta-encoded and bit-packed (a chunk of small
non-negative counts as bit-packed indices of its own dictionary), but for those named
``plain`` (random words); flags are bit-packed; dictionary columns keep their dictionary;
nothing is compressed.
"""

from __future__ import annotations

import base64
import os
import zlib
from typing import BinaryIO

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq

from sim import columns
from sim.pages import thrift
from sim.pages.encode import bool_pack, delta_bound, delta_pack, index_pack, value_range

# Parquet's enums (parquet.thrift)
BOOLEAN, INT32, INT64, BYTE_ARRAY = 0, 1, 2, 6
PLAIN, RLE, DELTA_BINARY_PACKED, RLE_DICTIONARY = 0, 3, 5, 8
DATA_PAGE, DICTIONARY_PAGE = 0, 2
REQUIRED, UNCOMPRESSED = 0, 0
UTF8 = 0
_CONVERTED = {(8, True): 15, (16, True): 16, (8, False): 11, (16, False): 12,
              (32, False): 13, (64, False): 14}  # INT_8, INT_16, UINT_8 ... UINT_64
MAGIC = b"PAR1"
ROWS_PER_GROUP = 1 << 20  # a larger table is written as several row groups
SMALL = 255  # integer chunks spanning at most SMALL + 1 values from min(0, lowest) are dictionaries


def supports(schema: pa.Schema) -> bool:
    """Whether every column is non-null and an integer, a boolean, or a dictionary of
    strings with integer indices — what :class:`PagesWriter` writes."""
    for f in schema:
        t = f.type
        ok = pa.types.is_integer(t) or pa.types.is_boolean(t) or (
            pa.types.is_dictionary(t) and pa.types.is_string(t.value_type))
        if f.nullable or not ok:
            return False
    return True


def _physical(t: pa.DataType) -> int:
    if pa.types.is_boolean(t):
        return BOOLEAN
    if pa.types.is_dictionary(t):
        return BYTE_ARRAY
    return INT64 if t.bit_width == 64 else INT32


def _schema_element(f: pa.Field) -> list:
    t = f.type
    converted, logical = None, None
    if pa.types.is_dictionary(t):
        converted, logical = UTF8, [(1, "struct", [])]  # STRING
    elif pa.types.is_integer(t) and (t.bit_width, pa.types.is_signed_integer(t)) in _CONVERTED:
        converted = _CONVERTED[(t.bit_width, pa.types.is_signed_integer(t))]
        logical = [(10, "struct", [(1, "i8", t.bit_width), (2, "bool", pa.types.is_signed_integer(t))])]
    return [(1, "i32", _physical(t)), (3, "i32", REQUIRED), (4, "binary", f.name),
            (6, "i32", converted), (10, "struct", logical)]


def _encoding(f: pa.Field, plain: tuple[str, ...]) -> int:
    """Dictionaries keep theirs; integers are delta-encoded (small counts become their own
    dictionary's indices, chunk by chunk), except those named ``plain``; flags are plain."""
    if pa.types.is_dictionary(f.type):
        return RLE_DICTIONARY
    return DELTA_BINARY_PACKED if pa.types.is_integer(f.type) and f.name not in plain else PLAIN


def _arrow_metadata(schema: pa.Schema) -> dict[bytes, bytes]:
    """The key-value metadata pyarrow stores for ``schema``: the Arrow schema as an IPC
    message in base64 (``ARROW:schema``, from which readers restore the exact types), then
    the schema's own metadata."""
    return {b"ARROW:schema": base64.b64encode(schema.serialize().to_pybytes()), **(schema.metadata or {})}


class PagesWriter:
    """Write a Parquet file of ``schema``; see the module docstring and :func:`supports`."""

    def __init__(self, where: str | os.PathLike | BinaryIO, schema: pa.Schema, *, plain: tuple[str, ...] = (),
                 statistics: tuple[str, ...] = (), created_by: str = "paiju") -> None:
        if not supports(schema):
            raise ValueError("PagesWriter takes non-null integer, boolean and string-dictionary columns")
        self.schema, self.statistics, self.created_by = schema, statistics, created_by
        self.metadata = _arrow_metadata(schema)
        self._fh: BinaryIO = open(where, "wb") if isinstance(where, (str, os.PathLike)) else where
        self._owns = self._fh is not where
        self._fh.write(MAGIC)
        self._pos = len(MAGIC)
        self._groups: list[list] = []
        self._rows = 0
        self._scratch = np.empty(0, dtype=np.uint8)
        self._encodings = [_encoding(f, plain) for f in schema]

    def _buffer(self, size: int) -> np.ndarray:
        if self._scratch.shape[0] < size:
            self._scratch = np.empty(max(size, 2 * self._scratch.shape[0]), dtype=np.uint8)
        return self._scratch

    def _page(self, kind: int, data, num_values: int, encoding: int) -> None:
        """Write one page: its header (with the CRC-32 of ``data``), then ``data``."""
        crc = zlib.crc32(data)
        sub = [(1, "i32", num_values), (2, "i32", encoding)]
        if kind == DATA_PAGE:
            sub += [(3, "i32", RLE), (4, "i32", RLE)]
        size = memoryview(data).nbytes
        header = thrift.struct([
            (1, "i32", kind), (2, "i32", size), (3, "i32", size),
            (4, "i32", crc - (1 << 32) if crc >= 1 << 31 else crc),
            (5 if kind == DATA_PAGE else 7, "struct", sub),
        ])
        self._fh.write(header)
        self._fh.write(data)
        self._pos += len(header) + size

    def _encoded(self, f: pa.Field, encoding: int, array: pa.Array, values: np.ndarray | None,
                 dictionary_size: int, base: int):
        """The data page's bytes of one column chunk (bytes or a view of the scratch buffer);
        ``values`` are an integer chunk's values, ``base`` its dictionary's first value."""
        n, t = len(array), f.type
        if pa.types.is_boolean(t):
            data = array.buffers()[1]
            if array.offset == 0:
                return memoryview(data)[: (n + 7) // 8]
            out = self._buffer((n + 7) // 8)
            return out[: bool_pack(columns.values(array), out)]
        if encoding == RLE_DICTIONARY:
            return self._indices(columns.values(array) if values is None else values, base,
                                 dictionary_size)
        if encoding == PLAIN:
            return values.view(np.uint8)
        bits = 64 if t.bit_width == 64 else 32
        out = self._buffer(delta_bound(n, bits))
        return out[: delta_pack(values, bits, out)]

    def _indices(self, indices: np.ndarray, base: int, size: int):
        if base:  # a dictionary from a negative value: indices count from it
            indices = (indices.astype(np.int64) - base).astype(np.uint8)
        width = max(1, int(size - 1).bit_length())
        out = self._buffer(16 + (indices.shape[0] + 7) // 8 * width)
        return out[: index_pack(indices, width, out)]

    @staticmethod
    def _dictionary(f: pa.Field, encoding: int, array: pa.Array,
                    values: np.ndarray | None) -> tuple[bytes, int, int] | None:
        """The PLAIN dictionary page of a chunk, its number of entries and its first value,
        or ``None`` when it has none. A chunk of small counts, whose values from
        ``min(0, lowest)`` to the highest are at most ``SMALL + 1`` (such as 0 .. 12, or -1 .. 2
        for "a seat or none"), is the dictionary of those values, the values less the first
        its indices."""
        t = f.type
        if pa.types.is_dictionary(t):
            words = [w.encode() for w in array.dictionary.cast(pa.string()).to_pylist()]
            return b"".join(len(w).to_bytes(4, "little") + w for w in words), len(words), 0
        if encoding != DELTA_BINARY_PACKED or values is None or len(values) == 0:
            return None
        low, high = value_range(values)
        base = min(int(low), 0)
        if high - base > SMALL:
            return None
        entries = np.arange(base, high + 1, dtype="<i8" if t.bit_width == 64 else "<i4")
        return entries.tobytes(), int(high) - base + 1, base

    @staticmethod
    def _statistics(f: pa.Field, values: np.ndarray) -> list | None:
        """Min, max and no nulls of an integer chunk, as readers use to skip row groups."""
        if values.shape[0] == 0:
            return None
        width = 8 if f.type.bit_width == 64 else 4
        kind = np.dtype(("<i" if pa.types.is_signed_integer(f.type) else "<u") + str(width))
        low, high = (np.asarray(v, dtype=kind).tobytes() for v in (values.min(), values.max()))
        legacy = pa.types.is_signed_integer(f.type)  # the old min/max fields sort signed
        return [(1, "binary", high if legacy else None), (2, "binary", low if legacy else None),
                (3, "i64", 0), (5, "binary", high), (6, "binary", low),
                (7, "bool", True), (8, "bool", True)]

    def _chunk(self, f: pa.Field, encoding: int, array: pa.Array) -> list:
        start, n = self._pos, len(array)
        values = columns.values(array) if pa.types.is_integer(f.type) else None
        dict_offset, dictionary, entries, base = None, self._dictionary(f, encoding, array, values), 0, 0
        if dictionary is not None:
            dictionary, entries, base = dictionary
            dict_offset, encoding = self._pos, RLE_DICTIONARY
            self._page(DICTIONARY_PAGE, dictionary, entries, PLAIN)
            pages = [(DICTIONARY_PAGE, PLAIN), (DATA_PAGE, RLE_DICTIONARY)]
            encodings = [PLAIN, RLE, RLE_DICTIONARY]
        else:
            pages, encodings = [(DATA_PAGE, encoding)], [RLE, encoding]
        data_offset = self._pos
        self._page(DATA_PAGE, self._encoded(f, encoding, array, values, entries, base), n, encoding)
        size = self._pos - start
        stats = self._statistics(f, values) if values is not None and f.name in self.statistics else None
        meta = [
            (1, "i32", _physical(f.type)), (2, ("list", "i32"), encodings),
            (3, ("list", "binary"), [f.name]), (4, "i32", UNCOMPRESSED), (5, "i64", n),
            (6, "i64", size), (7, "i64", size), (9, "i64", data_offset),
            (11, "i64", dict_offset),
            (12, "struct", stats),
            (13, ("list", "struct"),
             [[(1, "i32", page), (2, "i32", enc), (3, "i32", 1)] for page, enc in pages]),
        ]
        return [(2, "i64", 0), (3, "struct", meta)]

    def write_table(self, table: pa.Table, row_group_size: int | None = None) -> None:
        """Write ``table`` (of this writer's columns) as row groups of at most
        ``row_group_size`` rows (and at most :data:`ROWS_PER_GROUP`)."""
        if [(f.name, f.type) for f in table.schema] != [(f.name, f.type) for f in self.schema]:
            raise ValueError("the table's columns differ from the file's schema")
        size = max(1, min(row_group_size or ROWS_PER_GROUP, ROWS_PER_GROUP))
        for first in range(0, table.num_rows, size) or [0]:  # an empty table: one empty group
            self._row_group(table.slice(first, size).combine_chunks())

    def _row_group(self, table: pa.Table) -> None:
        start = self._pos
        columns = []
        for f, encoding, column in zip(self.schema, self._encodings, table.columns):
            array = column.chunk(0) if column.num_chunks else pa.array([], type=f.type)
            columns.append(self._chunk(f, encoding, array))
        size = self._pos - start
        self._groups.append([
            (1, ("list", "struct"), columns), (2, "i64", size), (3, "i64", table.num_rows),
            (5, "i64", start), (6, "i64", size), (7, "i16", len(self._groups)),
        ])
        self._rows += table.num_rows
        self._start_writeback()

    def _start_writeback(self) -> None:
        """Hand the row group's pages to the disk now (asynchronously), so the shard's final
        fsync waits for its tail only and a long scan does not fill the page cache."""
        fileno = getattr(self._fh, "fileno", None)
        if self._owns and fileno is not None and hasattr(os, "posix_fadvise"):
            self._fh.flush()
            os.posix_fadvise(fileno(), 0, 0, os.POSIX_FADV_DONTNEED)

    def close(self) -> None:
        """Write the footer (and close the file if this writer opened it)."""
        if self._fh is None:
            return
        root = [(3, "i32", REQUIRED), (4, "binary", "schema"), (5, "i32", len(self.schema))]
        footer = thrift.struct([
            (1, "i32", 2),
            (2, ("list", "struct"), [root] + [_schema_element(f) for f in self.schema]),
            (3, "i64", self._rows),
            (4, ("list", "struct"), self._groups),
            (5, ("list", "struct"), [[(1, "binary", k), (2, "binary", v)] for k, v in self.metadata.items()]),
            (6, "binary", self.created_by),
            (7, ("list", "struct"), [[(1, "struct", [])] for _ in self.schema]),  # TYPE_ORDER
        ])
        self._fh.write(footer + len(footer).to_bytes(4, "little") + MAGIC)
        if self._owns:
            self._fh.close()
        else:
            self._fh.flush()
        self._fh = None

    def __enter__(self) -> PagesWriter:
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def _extremes(t: pa.DataType) -> pa.Array:
    """Two values of ``t`` that take every path of the writer: 0 (a dictionary of counts)
    and the type's most negative value or the middle of its range (delta packing, for all
    but 8-bit types, which are always a dictionary)."""
    if pa.types.is_boolean(t):
        return columns.array(np.array([False, True]), t)
    if pa.types.is_dictionary(t):
        return columns.dictionary(np.array([0, 1]), columns.strings(["", "x"]), t)
    kind = columns.numpy_dtype(t)
    info = np.iinfo(kind)
    return columns.array(np.array([0, info.min if info.min < 0 else info.max // 2 + 1], dtype=kind), t)


def warm_up(schema: pa.Schema) -> None:
    """Compile (or load from numba's cache) every encoder a file of ``schema`` needs, by
    writing two tiny row groups into memory: done once before a run's workers start."""
    if not supports(schema):
        return
    sample = columns.numpy_table({f.name: _extremes(f.type) for f in schema}, schema)
    with PagesWriter(pa.BufferOutputStream(), schema) as writer:
        writer.write_table(sample.slice(0, 1))
        writer.write_table(sample)
        writer.write_table(sample.slice(1))  # from an offset: flags packed bit by bit
