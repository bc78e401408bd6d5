"""Arrow tables of numpy columns, built straight from their buffers.

pyarrow's own constructors (``pa.array``, ``pa.table``, ``Table.from_pydict``) import pandas
the first time they run, to see whether they were given pandas objects: 0.2 s of every
worker's start, for a package a deal scan never uses. These build the same arrays from the
numpy buffers instead: integers without a copy (when their dtype is the column's), flags
bit-packed, dictionaries from their indices and words.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np
import pyarrow as pa


def numpy_dtype(kind: pa.DataType) -> np.dtype:
    """The numpy dtype of an Arrow integer type."""
    if not pa.types.is_integer(kind):
        raise TypeError(f"a numpy column makes an integer or boolean Arrow column, not {kind}")
    return np.dtype(("i" if pa.types.is_signed_integer(kind) else "u") + str(kind.bit_width // 8))


def array(values: np.ndarray | pa.Array, kind: pa.DataType) -> pa.Array:
    """An Arrow array of type ``kind`` holding ``values`` (an Arrow array of that type is
    returned as it is). Integers of another dtype are converted, and must fit."""
    if isinstance(values, pa.Array):
        if values.type != kind:
            raise TypeError(f"an Arrow column of {values.type} where {kind} was expected")
        return values
    values = np.asarray(values)
    if pa.types.is_boolean(kind):
        bits = np.packbits(values.astype(np.bool_, copy=False), bitorder="little")
        return pa.Array.from_buffers(kind, len(values), [None, pa.py_buffer(bits)])
    dtype = numpy_dtype(kind)
    if values.dtype != dtype:
        converted = values.astype(dtype)
        if not np.array_equal(converted, values):
            raise ValueError(f"values outside the range of {kind}")
        values = converted
    values = np.ascontiguousarray(values)
    return pa.Array.from_buffers(kind, len(values), [None, pa.py_buffer(values)])


def values(column: pa.Array | pa.ChunkedArray) -> np.ndarray:
    """The values of a non-null integer or boolean Arrow column as numpy (integers without a
    copy, from one chunk), or a dictionary column's indices."""
    if isinstance(column, pa.ChunkedArray):
        column = column.combine_chunks() if column.num_chunks != 1 else column.chunk(0)
    if pa.types.is_dictionary(column.type):
        column = column.indices
    if column.null_count:
        raise ValueError("a column with nulls has no plain numpy values")
    n, data = len(column), column.buffers()[1]
    if pa.types.is_boolean(column.type):
        bits = np.frombuffer(data, dtype=np.uint8) if data is not None else np.zeros(0, np.uint8)
        return np.unpackbits(bits, count=column.offset + n, bitorder="little")[column.offset:].astype(np.bool_)
    dtype = numpy_dtype(column.type)
    if n == 0:
        return np.zeros(0, dtype=dtype)
    return np.frombuffer(data, dtype=dtype, count=n, offset=column.offset * dtype.itemsize)


def strings(words: Sequence[str]) -> pa.Array:
    """An Arrow string array of ``words``."""
    data = [w.encode() for w in words]
    offsets = np.zeros(len(data) + 1, dtype=np.int32)
    np.cumsum([len(d) for d in data], out=offsets[1:])
    return pa.Array.from_buffers(pa.string(), len(data),
                                 [None, pa.py_buffer(offsets), pa.py_buffer(b"".join(data))])


def dictionary(indices: np.ndarray, words: pa.Array, kind: pa.DictionaryType) -> pa.DictionaryArray:
    """The dictionary array of type ``kind`` whose values are ``words[indices]``."""
    return pa.DictionaryArray.from_arrays(array(indices, kind.index_type), words)


def numpy_table(columns: Mapping[str, np.ndarray | pa.Array], schema: pa.Schema) -> pa.Table:
    """The table of ``schema`` whose columns are ``columns`` (by name, exactly the schema's)."""
    if set(columns) != set(schema.names):
        extra, missing = set(columns) - set(schema.names), set(schema.names) - set(columns)
        raise ValueError(f"columns differ from the schema (extra: {sorted(extra)}, missing: {sorted(missing)})")
    return pa.Table.from_arrays([array(columns[f.name], f.type) for f in schema], schema=schema)
