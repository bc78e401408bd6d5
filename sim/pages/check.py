"""Every page a read decodes, checked against the CRC-32 in its header.

Parquet stores a CRC-32 of each page's bytes in the page header; paiju's shards carry it on
every page (both writers, :mod:`sim.shardio`). :func:`page_problem` walks the pages of the
column chunks a read asks for — their headers from the offsets in the footer — and checks
each page's bytes against its checksum (zlib-ng's CRC-32, about 10 GB/s here, ten times
zlib's; it releases the GIL, so shards are checked on several threads), and the headers
against the footer: the pages must tile the column chunk exactly and their values add up to the chunk's. A flipped byte in a page's data
changes its checksum; one in a header that changes where pages end, or how many values they
hold, breaks the tiling or the count. The file is mapped, not read: the pages pass through
the page cache once for the checksum and once for the decoder, never copied.
"""

from __future__ import annotations

import mmap
from collections.abc import Collection
from pathlib import Path

import numpy as np
import pyarrow.parquet as pq
from numba import njit
from zlib_ng import zlib_ng

def page_problem(path: Path, meta: pq.FileMetaData, columns: Collection[str] | None = None) -> str | None:
    """``None`` if every page of ``columns`` (all when ``None``) in the Parquet file ``path``
    (footer ``meta``) matches its checksum and the footer, else what is wrong, in words."""
    try:
        with open(path, "rb") as fh, mmap.mmap(fh.fileno(), 0, access=mmap.ACCESS_READ) as mm:
            with memoryview(mm) as buf:
                return _file_problem(buf, meta, columns)
    except (OSError, ValueError) as exc:
        return f"unreadable ({exc})"


def _file_problem(buf: memoryview, meta: pq.FileMetaData, columns: Collection[str] | None) -> str | None:
    chunks, where = [], []
    for group in range(meta.num_row_groups):
        row_group = meta.row_group(group)
        for c in range(row_group.num_columns):
            chunk = row_group.column(c)
            name = chunk.path_in_schema.split(".")[0]
            if columns is None or name in columns:
                first = chunk.dictionary_page_offset if chunk.has_dictionary_page else chunk.data_page_offset
                chunks.append((first, first + chunk.total_compressed_size, chunk.num_values))
                where.append(f"column {name}, row group {group}")
    if not chunks:
        return None
    spans = np.array(chunks, dtype=np.int64)
    pages = np.zeros((_MAX_PAGES, 3), dtype=np.int64)
    data = np.frombuffer(buf, dtype=np.uint8)
    for i, (first, end, values) in enumerate(spans):
        if first < 0 or end > len(data):
            return f"a column chunk that runs past the end of the file ({where[i]})"
        n = walk_pages(data, first, end, values, pages)
        if n < 0:
            return f"{_WALK_PROBLEMS[-n]} ({where[i]})"
        for body, size, crc in pages[:n].tolist():
            if crc < 0:  # written without one (not by paiju): unchecked, as pyarrow does
                continue
            with buf[body: body + size] as page:
                if zlib_ng.crc32(page) != crc:
                    return f"a page whose checksum does not match its bytes ({where[i]})"
    return None


_MAX_PAGES = 1 << 16  # pages in one column chunk (a shard's have a few)
_DEPTH = 32  # containers open at once in a page header (it has two or three)
_WALK_PROBLEMS = ("", "a damaged page header", "page headers that do not add up to their column chunk",
                  "too many pages")


@njit(cache=True)
def _varint(buf, pos, end):
    """(the unsigned varint at ``pos``, the position after it); position -1 if it runs out."""
    value, shift = 0, 0
    while pos < end and shift <= 63:
        byte = np.int64(buf[pos])
        pos += 1
        value |= (byte & 0x7F) << shift
        if byte < 0x80:
            return value, pos
        shift += 7
    return 0, -1


@njit(cache=True)
def _skip(buf, pos, end, tid):
    """The position after a compact-protocol value of type ``tid`` at ``pos`` (-1: damaged).
    Nested values are walked with a stack of their containers (no recursion: numba's cache
    does not keep recursive functions)."""
    kind = np.empty(_DEPTH, dtype=np.int64)  # per open container: 12 a struct, else a list's element type
    left = np.empty(_DEPTH, dtype=np.int64)  # values still to come in a list or map
    depth = 0
    while True:
        if pos < 0 or pos > end:
            return -1
        if tid == 1 or tid == 2 or tid == 3:  # a byte, or a bool inside a list
            pos += 1
        elif tid == 4 or tid == 5 or tid == 6:
            pos = _varint(buf, pos, end)[1]
        elif tid == 7:
            pos += 8
        elif tid == 8:
            size, pos = _varint(buf, pos, end)
            pos = -1 if pos < 0 else pos + size
        elif tid == 9 or tid == 10 or tid == 11 or tid == 12:
            if depth == _DEPTH or pos >= end:
                return -1
            if tid == 12:
                kind[depth], left[depth] = 12, 0
            elif tid == 11:  # a map: 2·size values, keys and values of their own types
                size, pos = _varint(buf, pos, end)
                kinds = np.int64(buf[pos]) if size > 0 and 0 <= pos < end else 0
                pos += 1 if size > 0 else 0
                kind[depth], left[depth] = 0x100 | kinds, 2 * size
            else:
                head = np.int64(buf[pos])
                pos += 1
                size = head >> 4
                if size == 15:
                    size, pos = _varint(buf, pos, end)
                kind[depth], left[depth] = head & 0x0F, size
            depth += 1
        else:
            return -1
        # the next value to read: the innermost container's, closing finished ones
        while True:
            if pos < 0 or pos > end:
                return -1
            if depth == 0:
                return pos
            top = depth - 1
            if kind[top] == 12:
                if pos >= end:
                    return -1
                head = np.int64(buf[pos])
                pos += 1
                if head == 0:
                    depth -= 1
                    continue
                if head >> 4 == 0:
                    pos = _varint(buf, pos, end)[1]
                if (head & 0x0F) <= 2:  # a bool field's value is its type
                    continue
                tid = head & 0x0F
                break
            if left[top] == 0:
                depth -= 1
                continue
            left[top] -= 1
            if kind[top] & 0x100:  # a map: keys at even counts left, values at odd
                tid = (kind[top] >> 4) & 0x0F if left[top] % 2 else kind[top] & 0x0F
            else:
                tid = kind[top]
            break


@njit(cache=True)
def _header(buf, pos, end, out):
    """Read the PageHeader at ``pos``: ``out`` = (type, compressed size, crc or -1, values);
    returns the position of the page's bytes (-1: damaged)."""
    out[0], out[1], out[2], out[3] = -1, -1, -1, 0
    last = 0
    while 0 <= pos < end:
        head = np.int64(buf[pos])
        pos += 1
        if head == 0:
            return pos
        tid = head & 0x0F
        if head >> 4:
            fid = last + (head >> 4)
        else:
            raw, pos = _varint(buf, pos, end)
            fid = (raw >> 1) ^ -(raw & 1)
        last = fid
        if fid <= 4 and tid == 5:
            raw, pos = _varint(buf, pos, end)
            value = (raw >> 1) ^ -(raw & 1)
            if fid == 1:
                out[0] = value
            elif fid == 3:
                out[1] = value
            elif fid == 4:
                out[2] = value & 0xFFFFFFFF
        elif (fid == 5 or fid == 8) and tid == 12:  # data page headers: num_values is field 1
            if pos < end and buf[pos] == 0x15:
                raw, pos = _varint(buf, pos + 1, end)
                out[3] = (raw >> 1) ^ -(raw & 1)
                pos = _skip(buf, pos, end, 12)  # the rest of the struct
            else:
                pos = _skip(buf, pos, end, 12)
        elif tid > 2:
            pos = _skip(buf, pos, end, tid)
    return -1


@njit(cache=True, nogil=True)
def walk_pages(buf, pos, end, values, pages):
    """Walk the pages of the column chunk ``buf[pos:end]`` holding ``values`` values: each
    page's (offset of its bytes, size, crc or -1 if it has none) into ``pages``; returns how many, or minus the
    index of what is wrong (see ``_WALK_PROBLEMS``)."""
    header = np.zeros(4, dtype=np.int64)
    n, counted = 0, 0
    while pos < end:
        body = _header(buf, pos, end, header)
        kind, size, crc = header[0], header[1], header[2]
        if body < 0 or size < 0 or body + size > end:
            return -1
        if n == len(pages):
            return -3
        pages[n, 0], pages[n, 1], pages[n, 2] = body, size, crc
        n += 1
        if kind == 0 or kind == 3:  # data pages (a dictionary page holds no row values)
            counted += header[3]
        pos = body + size
    if pos != end or counted != values:
        return -2
    return n
