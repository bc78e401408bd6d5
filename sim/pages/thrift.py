"""The Thrift compact protocol, as far as a Parquet footer and page headers need it.

A struct is a list of ``(field_id, kind, value)`` with ``kind`` one of ``bool``, ``i8``,
``i16``, ``i32``, ``i64``, ``binary`` (bytes or str), ``struct`` (a nested list) or
``("list", kind)`` (a Python list of values of that kind). Fields whose value is ``None``
are left out. Only writing is needed: readers of the files are Parquet libraries.
"""

from __future__ import annotations

from typing import Any

Field = tuple[int, Any, Any]

_TYPE = {"bool": 1, "i8": 3, "i16": 4, "i32": 5, "i64": 6, "binary": 8, "list": 9, "struct": 12}
_TRUE, _FALSE = 1, 2  # a boolean field carries its value in its type nibble


def varint(n: int) -> bytes:
    """Unsigned LEB128 of ``n`` (≥ 0)."""
    if n < 0x80:
        return _SMALL[n]
    out = bytearray()
    while True:
        low = n & 0x7F
        n >>= 7
        if n:
            out.append(low | 0x80)
        else:
            out.append(low)
            return bytes(out)


_SMALL = [bytes([n]) for n in range(0x80)]  # one-byte varints, made once


def zigzag(n: int, bits: int = 64) -> int:
    """ZigZag of the signed ``n``: small magnitudes become small unsigned numbers."""
    return ((n << 1) ^ (n >> (bits - 1))) & ((1 << bits) - 1)


def _type_id(kind: Any) -> int:
    return _TYPE["list"] if isinstance(kind, tuple) else _TYPE[kind]


def _value(kind: Any, value: Any, out: bytearray) -> None:
    if kind == "i32" or kind == "i64" or kind == "i16":  # the most frequent, first
        out += varint((value << 1) ^ (value >> 63) if value < 0 else value << 1)
    elif kind == "struct":
        _struct(value, out)
    elif isinstance(kind, tuple):  # ("list", element kind)
        elem = kind[1]
        size, elem_id = len(value), (_TRUE if elem == "bool" else _type_id(elem))
        out += bytes([(size << 4) | elem_id]) if size < 15 else bytes([0xF0 | elem_id]) + varint(size)
        for item in value:
            if elem == "bool":
                out.append(_TRUE if item else _FALSE)
            else:
                _value(elem, item, out)
    elif kind == "i8":
        out.append(value & 0xFF)
    elif kind == "binary":
        data = value.encode() if isinstance(value, str) else bytes(value)
        out += varint(len(data)) + data
    else:
        raise ValueError(f"unknown Thrift kind {kind!r}")


def _struct(fields: list[Field], out: bytearray) -> None:
    last = 0
    for fid, kind, value in fields:
        if value is None:
            continue
        if kind == "bool":
            tid = _TRUE if value else _FALSE
        else:
            tid = _type_id(kind)
        delta = fid - last
        if 0 < delta <= 15:
            out.append((delta << 4) | tid)
        else:
            out.append(tid)
            out += varint(zigzag(fid, 16))
        if kind != "bool":
            _value(kind, value, out)
        last = fid
    out.append(0)  # stop


def struct(fields: list[Field]) -> bytes:
    """The compact encoding of one struct (fields in increasing id order)."""
    out = bytearray()
    _struct(fields, out)
    return bytes(out)
