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
import dataclasses
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
_IOV_MAX = 1024  # pieces one writev takes (Linux)
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


@dataclasses.dataclass(frozen=True)
class _Column:
    """How one column is written, worked out once per file."""

    field: pa.Field
    physical: int
    encoding: int  # the data page's encoding, before a chunk of small counts becomes a dictionary
    kind: str  # "flag", "dictionary" or "integer"
    dtype: np.dtype | None  # an integer column's values (or a dictionary's indices)
    bits: int  # an integer column's physical width: 32 or 64
    statistics: bool


def _plan(f: pa.Field, plain: tuple[str, ...], statistics: tuple[str, ...]) -> _Column:
    t = f.type
    if pa.types.is_boolean(t):
        kind, dtype = "flag", None
    elif pa.types.is_dictionary(t):
        kind, dtype = "dictionary", columns.numpy_dtype(t.index_type)
    else:
        kind, dtype = "integer", columns.numpy_dtype(t)
    return _Column(field=f, physical=_physical(t), encoding=_encoding(f, plain), kind=kind, dtype=dtype,
                   bits=64 if kind == "integer" and t.bit_width == 64 else 32,
                   statistics=kind == "integer" and f.name in statistics)


def _bound(column: _Column, n: int) -> int:
    """Bytes the data page of ``n`` values of ``column`` may need in the scratch buffer."""
    if column.kind == "flag":
        return (n + 7) // 8
    indices = 16 + (n + 7) // 8 * 8 * column.dtype.itemsize  # at most a byte a value for 8 bits
    if column.kind == "dictionary" or column.dtype.itemsize == 1:  # 8-bit integers: always indices
        return indices
    return 0 if column.encoding == PLAIN else max(indices, delta_bound(n, column.bits))


def _i32(value: int) -> bytes:
    """A Thrift i32 field's value: the varint of its zigzag."""
    return thrift.varint((value << 1) ^ (value >> 63) if value < 0 else value << 1)


def page_header(kind: int, size: int, crc: int, num_values: int, encoding: int) -> bytes:
    """The Thrift compact encoding of a data or dictionary page's ``PageHeader`` (what
    :func:`thrift.struct` gives for it, made directly: there are two per column a block)."""
    crc = crc - (1 << 32) if crc >= 1 << 31 else crc
    if kind == DATA_PAGE:  # field 5, DataPageHeader: values, encoding, RLE levels (i32 3 = 0x06)
        sub = b"\x1c\x15" + _i32(num_values) + b"\x15" + _i32(encoding) + b"\x15\x06\x15\x06\x00"
    else:  # field 7, DictionaryPageHeader: values, encoding
        sub = b"\x3c\x15" + _i32(num_values) + b"\x15" + _i32(encoding) + b"\x00"
    return b"\x15" + _i32(kind) + b"\x15" + _i32(size) + b"\x15" + _i32(size) + b"\x15" + _i32(crc) + sub + b"\x00"


class PagesWriter:
    """Write a Parquet file of ``schema``; see the module docstring and :func:`supports`."""

    def __init__(self, where: str | os.PathLike | BinaryIO, schema: pa.Schema, *, plain: tuple[str, ...] = (),
                 statistics: tuple[str, ...] = (), created_by: str = "paiju") -> None:
        if not supports(schema):
            raise ValueError("PagesWriter takes non-null integer, boolean and string-dictionary columns")
        self.schema, self.statistics, self.created_by = schema, statistics, created_by
        self.metadata = _arrow_metadata(schema)
        # a file of its own is written unbuffered, a row group's pages with one writev
        self._fh: BinaryIO = open(where, "wb", buffering=0) if isinstance(where, (str, os.PathLike)) else where
        self._owns = self._fh is not where
        self._fh.write(MAGIC)
        self._pos = len(MAGIC)
        self._groups: list[list] = []
        self._rows = 0
        self._scratch = np.empty(0, dtype=np.uint8)
        self._columns = [_plan(f, plain, statistics) for f in schema]
        self._pieces: list = []  # the row group's bytes, in order, until they are written

    def _buffer(self, size: int) -> np.ndarray:
        if self._scratch.shape[0] < size:
            self._scratch = np.empty(max(size, 2 * self._scratch.shape[0]), dtype=np.uint8)
        return self._scratch

    def _page(self, kind: int, data, num_values: int, encoding: int) -> None:
        """Add one page: its header (with the CRC-32 of ``data``), then ``data``."""
        size = memoryview(data).nbytes
        header = page_header(kind, size, zlib.crc32(data), num_values, encoding)
        self._pieces += (header, data)
        self._pos += len(header) + size

    def _encoded(self, column: _Column, array: pa.Array, values: np.ndarray | None, out: np.ndarray,
                 dictionary_size: int, base: int):
        """The data page's bytes of one column chunk (bytes, or a view of ``out``);
        ``values`` are an integer chunk's values, ``base`` its dictionary's first value."""
        n = len(array)
        if column.kind == "flag":
            data = array.buffers()[1]
            if array.offset == 0:
                return memoryview(data)[: (n + 7) // 8]
            return out[: bool_pack(columns.values(array), out)]
        if column.kind == "dictionary":
            return self._indices(columns.values(array), 0, len(array.dictionary), out)
        if dictionary_size:
            return self._indices(values, base, dictionary_size, out)
        if column.encoding == PLAIN:
            return values.view(np.uint8)
        return out[: delta_pack(values, column.bits, out)]

    @staticmethod
    def _indices(indices: np.ndarray, base: int, size: int, out: np.ndarray):
        width = max(1, int(size - 1).bit_length())
        return out[: index_pack(indices, np.int64(base), width, out)]

    @staticmethod
    def _dictionary(column: _Column, array: pa.Array, values: np.ndarray | None,
                    low: int, high: int) -> tuple[bytes, int, int] | None:
        """The PLAIN dictionary page of a chunk, its number of entries and its first value,
        or ``None`` when it has none. A chunk of small counts, whose values from
        ``min(0, lowest)`` to the highest (``low``, ``high``) are at most ``SMALL + 1`` (such
        as 0 .. 12, or -1 .. 2 for "a seat or none"), is the dictionary of those values, the
        values less the first its indices."""
        if column.kind == "dictionary":
            words = [w.encode() for w in array.dictionary.cast(pa.string()).to_pylist()]
            return b"".join(len(w).to_bytes(4, "little") + w for w in words), len(words), 0
        if column.encoding != DELTA_BINARY_PACKED or values is None or len(values) == 0:
            return None
        base = min(low, 0)
        if high - base > SMALL:
            return None
        entries = np.arange(base, high + 1, dtype="<i8" if column.bits == 64 else "<i4")
        return entries.tobytes(), high - base + 1, base

    @staticmethod
    def _statistics(column: _Column, values: np.ndarray, low: int, high: int) -> list:
        """Min, max and no nulls of an integer chunk (``low`` and ``high`` as
        :func:`value_range` gives them), as readers use to skip row groups."""
        if column.dtype == np.uint64:  # value_range reads them as signed
            low, high = int(values.min()), int(values.max())
        width = 8 if column.bits == 64 else 4
        kind = np.dtype(("<i" if pa.types.is_signed_integer(column.field.type) else "<u") + str(width))
        low_b, high_b = (np.asarray(v, dtype=kind).tobytes() for v in (low, high))
        legacy = pa.types.is_signed_integer(column.field.type)  # the old min/max fields sort signed
        return [(1, "binary", high_b if legacy else None), (2, "binary", low_b if legacy else None),
                (3, "i64", 0), (5, "binary", high_b), (6, "binary", low_b),
                (7, "bool", True), (8, "bool", True)]

    def _chunk(self, column: _Column, array: pa.Array, out: np.ndarray) -> list:
        start, n = self._pos, len(array)
        values = columns.values(array) if column.kind == "integer" else None
        low = high = 0
        if values is not None and n and (column.encoding == DELTA_BINARY_PACKED or column.statistics):
            low, high = (int(v) for v in value_range(values))
        encoding, dict_offset, entries, base = column.encoding, None, 0, 0
        dictionary = self._dictionary(column, array, values, low, high)
        if dictionary is not None:
            dictionary, entries, base = dictionary
            dict_offset, encoding = self._pos, RLE_DICTIONARY
            self._page(DICTIONARY_PAGE, dictionary, entries, PLAIN)
            pages = [(DICTIONARY_PAGE, PLAIN), (DATA_PAGE, RLE_DICTIONARY)]
            encodings = [PLAIN, RLE, RLE_DICTIONARY]
        else:
            pages, encodings = [(DATA_PAGE, encoding)], [RLE, encoding]
        data_offset = self._pos
        self._page(DATA_PAGE, self._encoded(column, array, values, out, entries, base), n, encoding)
        size = self._pos - start
        stats = self._statistics(column, values, low, high) if column.statistics and n else None
        meta = [
            (1, "i32", column.physical), (2, ("list", "i32"), encodings),
            (3, ("list", "binary"), [column.field.name]), (4, "i32", UNCOMPRESSED), (5, "i64", n),
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
        start, n = self._pos, table.num_rows
        bounds = [_bound(c, n) for c in self._columns]
        scratch = self._buffer(sum(bounds))  # every column's page at its own place
        chunks, at = [], 0
        for column, bound, values in zip(self._columns, bounds, table.columns):
            array = values.chunk(0) if values.num_chunks else pa.array([], type=column.field.type)
            chunks.append(self._chunk(column, array, scratch[at: at + bound]))
            at += bound
        self._flush()
        size = self._pos - start
        self._groups.append([
            (1, ("list", "struct"), chunks), (2, "i64", size), (3, "i64", n),
            (5, "i64", start), (6, "i64", size), (7, "i16", len(self._groups)),
        ])
        self._rows += n
        self._start_writeback()

    def _flush(self) -> None:
        """Write the pieces gathered: with one ``writev`` into a file of its own."""
        pieces, self._pieces = self._pieces, []
        if not self._owns or not hasattr(os, "writev"):  # (a stream; or not POSIX)
            for piece in pieces:
                self._fh.write(piece)
            return
        fd, views = self._fh.fileno(), [memoryview(p).cast("B") for p in pieces]
        while views:  # a writev may write less than asked (rarely, for a regular file)
            done = os.writev(fd, views[:_IOV_MAX])
            while views and done >= len(views[0]):
                done -= len(views.pop(0))
            if views and done:
                views[0] = views[0][done:]

    def _start_writeback(self) -> None:
        """Hand the row group's pages to the disk now (asynchronously), so the shard's final
        fsync waits for its tail only and a long scan does not fill the page cache."""
        if self._owns and hasattr(os, "posix_fadvise"):
            os.posix_fadvise(self._fh.fileno(), 0, 0, os.POSIX_FADV_DONTNEED)

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
        self._pieces.append(footer + len(footer).to_bytes(4, "little") + MAGIC)
        self._flush()
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
