"""Compiled encoders of Parquet page data: delta bit-packing, booleans, dictionary indices.

Each encoder writes into a byte buffer that :func:`delta_bound` (or the caller) sized and
returns the number of bytes written. The formats are those of the Parquet specification
(``Encodings.md``): ``DELTA_BINARY_PACKED`` with blocks of 128 values in 4 miniblocks of 32,
``PLAIN`` booleans (one bit each, least significant first) and the RLE/bit-packing hybrid
of ``RLE_DICTIONARY`` indices (bit-packed runs only).
"""

from __future__ import annotations

import numpy as np
from numba import njit

BLOCK = 128  # values a delta block holds
MINIBLOCKS = 4  # miniblocks in a block
MINI = BLOCK // MINIBLOCKS  # values a miniblock holds


def delta_bound(n: int, bits: int) -> int:
    """Bytes that :func:`delta_pack` may need for ``n`` values of ``bits`` (32 or 64) bits."""
    return 64 + (n // BLOCK + 1) * (10 + MINIBLOCKS + BLOCK * bits // 8)


@njit(cache=True, nogil=True)
def _varint(x, out, pos):
    """Unsigned LEB128 of the uint64 ``x`` at ``out[pos:]``; returns the new position."""
    x = np.uint64(x)
    while x >= np.uint64(0x80):
        out[pos] = np.uint8((x & np.uint64(0x7F)) | np.uint64(0x80))
        x >>= np.uint64(7)
        pos += 1
    out[pos] = np.uint8(x)
    return pos + 1


@njit(cache=True, nogil=True)
def _zigzag(v):
    """ZigZag of the int64 ``v`` as a uint64."""
    return np.uint64((v << np.int64(1)) ^ (v >> np.int64(63)))


@njit(cache=True, nogil=True)
def _signed(x, bits):
    """The uint64 ``x`` read as a signed integer of ``bits`` (32 or 64) bits."""
    if bits == 64:
        return np.int64(x)
    y = np.int64(x & np.uint64(0xFFFFFFFF))
    if y >= np.int64(1) << np.int64(31):
        y -= np.int64(1) << np.int64(32)
    return y


@njit(cache=True, nogil=True)
def _bit_length(x):
    n = 0
    while x:
        x >>= np.uint64(1)
        n += 1
    return n


@njit(cache=True, nogil=True)
def _pack(vals, count, width, out, pos):
    """Bit-pack ``vals[:count]`` (uint64, each below 2**width) least significant bit first;
    ``count * width`` must be a multiple of 8. Returns the new position."""
    if width == 0:
        return pos
    acc = np.uint64(0)
    nbits = 0
    for i in range(count):
        v = vals[i]
        acc |= v << np.uint64(nbits)
        if nbits + width >= 64:
            for k in range(8):
                out[pos + k] = np.uint8((acc >> np.uint64(8 * k)) & np.uint64(0xFF))
            pos += 8
            used = 64 - nbits  # bits of v already in the word written
            acc = (v >> np.uint64(used)) if used < 64 else np.uint64(0)
            nbits = nbits + width - 64
        else:
            nbits += width
    for k in range(nbits // 8):
        out[pos + k] = np.uint8((acc >> np.uint64(8 * k)) & np.uint64(0xFF))
    return pos + nbits // 8


@njit(cache=True, nogil=True)
def delta_pack(values, bits, out):
    """``DELTA_BINARY_PACKED`` of ``values`` (any integer dtype) as a column of ``bits`` (32
    or 64) bits into ``out``; returns the bytes written. Deltas wrap at ``bits`` bits, as
    readers undo them, so every value of the physical type round-trips."""
    n = values.shape[0]
    mask = np.uint64(0xFFFFFFFFFFFFFFFF) if bits == 64 else np.uint64(0xFFFFFFFF)
    pos = _varint(BLOCK, out, 0)
    pos = _varint(MINIBLOCKS, out, pos)
    pos = _varint(n, out, pos)
    first = np.uint64(np.int64(values[0])) if n > 0 else np.uint64(0)
    pos = _varint(_zigzag(_signed(first & mask, bits)), out, pos)
    deltas = np.empty(BLOCK, dtype=np.int64)
    packed = np.empty(MINI, dtype=np.uint64)
    prev = first
    start = 1
    while start < n:
        m = min(BLOCK, n - start)
        low = np.int64(0x7FFFFFFFFFFFFFFF)
        high = -low - 1
        for i in range(m):
            x = np.uint64(np.int64(values[start + i]))
            d = _signed((x - prev) & mask, bits)
            prev = x
            deltas[i] = d
            low = min(low, d)
            high = max(high, d)
        pos = _varint(_zigzag(low), out, pos)
        widths_at = pos
        pos += MINIBLOCKS
        start += m
        if high == low:  # equal deltas (consecutive hand numbers): every width 0, no bits
            for b in range(MINIBLOCKS):
                out[widths_at + b] = 0
            continue
        for b in range(MINIBLOCKS):
            lo = b * MINI
            if lo >= m:
                out[widths_at + b] = 0  # unneeded miniblocks: width 0, no bytes
                continue
            top = np.uint64(0)
            for i in range(MINI):
                v = ((np.uint64(deltas[lo + i]) - np.uint64(low)) & mask) if lo + i < m else np.uint64(0)
                packed[i] = v
                top |= v
            width = _bit_length(top)
            out[widths_at + b] = np.uint8(width)
            pos = _pack(packed, MINI, width, out, pos)
    return pos


@njit(cache=True, nogil=True)
def bool_pack(values, out):
    """``PLAIN`` booleans: one bit each, least significant first; returns the bytes written."""
    n = values.shape[0]
    nbytes = (n + 7) // 8
    for j in range(nbytes):
        byte = 0
        for k in range(min(8, n - 8 * j)):
            if values[8 * j + k]:
                byte |= 1 << k
        out[j] = np.uint8(byte)
    return nbytes


@njit(cache=True, nogil=True)
def index_pack(values, base, width, out):
    """Dictionary indices ``values - base`` (each below 2**width) as the RLE/bit-packing
    hybrid, preceded by their bit width (one byte), in one bit-packed run of groups of 8;
    returns the bytes written."""
    n = values.shape[0]
    groups = (n + 7) // 8
    out[0] = np.uint8(width)
    pos = _varint((groups << 1) | 1, out, 1)
    if width > 8:  # wide indices: the general packer
        packed = np.zeros(8, dtype=np.uint64)
        for g in range(groups):
            for k in range(8):
                i = 8 * g + k
                packed[k] = np.uint64(np.int64(values[i]) - base) if i < n else np.uint64(0)
            pos = _pack(packed, 8, width, out, pos)
        return pos
    w = np.uint64(width)
    for g in range(groups):  # 8 values fill exactly `width` bytes
        acc = np.uint64(0)
        if 8 * g + 8 > n:  # the last, part-filled group
            for k in range(n - 8 * g):
                acc |= np.uint64(np.int64(values[8 * g + k]) - base) << (w * np.uint64(k))
        elif base == 0:  # (the most frequent: counts from 0, indices of a dictionary)
            for k in range(8):
                acc |= np.uint64(values[8 * g + k]) << (w * np.uint64(k))
        else:
            for k in range(8):
                acc |= np.uint64(np.int64(values[8 * g + k]) - base) << (w * np.uint64(k))
        for k in range(width):
            out[pos + k] = np.uint8((acc >> np.uint64(8 * k)) & np.uint64(0xFF))
        pos += width
    return pos


@njit(cache=True, nogil=True)
def value_range(values):
    """The smallest and largest of ``values`` (non-empty) as int64."""
    low = np.int64(values[0])
    high = low
    for i in range(values.shape[0]):
        x = np.int64(values[i])
        low = min(low, x)
        high = max(high, x)
    return low, high
