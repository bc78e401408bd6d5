"""Arrow columns from numpy buffers (sim.columns) equal pyarrow's own, without pandas."""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pyarrow as pa
import pytest

from sim import columns

INTEGERS = [pa.int8(), pa.int16(), pa.int32(), pa.int64(), pa.uint8(), pa.uint16(), pa.uint32(), pa.uint64()]


@pytest.mark.parametrize("kind", INTEGERS, ids=str)
def test_integers_are_the_arrays_pyarrow_makes_and_share_the_buffer(kind):
    values = np.arange(-3 if pa.types.is_signed_integer(kind) else 0, 120, 7).astype(columns.numpy_dtype(kind))
    made = columns.array(values, kind)
    assert made.equals(pa.array(values, type=kind))
    assert made.buffers()[1].address == values.ctypes.data  # no copy
    assert np.array_equal(columns.values(made), values)


def test_integers_of_another_dtype_are_converted_and_must_fit():
    assert columns.array(np.array([1, 2, 300]), pa.int16()).equals(pa.array([1, 2, 300], pa.int16()))
    with pytest.raises(ValueError, match="outside the range of int8"):
        columns.array(np.array([1, 300]), pa.int8())
    with pytest.raises(TypeError, match="integer or boolean"):
        columns.array(np.array([1.5]), pa.float64())


@pytest.mark.parametrize("n", [0, 1, 7, 8, 9, 1000])
def test_flags_are_bit_packed_as_pyarrow_packs_them(n):
    flags = np.random.default_rng(n).random(n) < 0.3
    made = columns.array(flags, pa.bool_())
    assert made.equals(pa.array(flags))
    assert np.array_equal(columns.values(made), flags)
    assert np.array_equal(columns.values(made.slice(3)), flags[3:])  # from an offset


def test_values_of_a_sliced_chunked_or_dictionary_column():
    ints = pa.chunked_array([pa.array([1, 2, 3], pa.int32()), pa.array([4, 5], pa.int32())])
    assert columns.values(ints).tolist() == [1, 2, 3, 4, 5]
    assert columns.values(pa.array(np.arange(10), pa.int64()).slice(4, 3)).tolist() == [4, 5, 6]
    words = pa.array(["a", "b", "a"]).dictionary_encode()
    assert columns.values(words).tolist() == [0, 1, 0]
    with pytest.raises(ValueError, match="nulls"):
        columns.values(pa.array([1, None], pa.int8()))


def test_strings_and_dictionaries_equal_pyarrows():
    words = ["", "庄", "one", "三提五坎"]
    assert columns.strings(words).equals(pa.array(words, pa.string()))
    kind = pa.dictionary(pa.int8(), pa.string())
    made = columns.dictionary(np.array([3, 0, 1, 1]), columns.strings(words), kind)
    assert made.type == kind
    assert made.to_pylist() == ["三提五坎", "", "庄", "庄"]


def test_a_table_of_numpy_columns_equals_pyarrows_and_names_what_differs():
    schema = pa.schema([pa.field("hand", pa.int64(), nullable=False), pa.field("won", pa.bool_(), nullable=False)])
    cols = {"hand": np.arange(5, dtype=np.int64), "won": np.array([True, False, True, True, False])}
    assert columns.numpy_table(cols, schema).equals(pa.Table.from_pydict(cols, schema=schema))
    with pytest.raises(ValueError, match=r"extra: \['x'\], missing: \['won'\]"):
        columns.numpy_table({"hand": cols["hand"], "x": cols["won"]}, schema)


def test_a_deal_scans_worker_never_imports_pandas():
    code = """
import os, sys, tempfile
from sim import runner
from sim.games import get_game
from sim.games.base import RunSpec
info = get_game(sys.argv[1])
out = tempfile.mkdtemp()
for mode in ("rows", "counts"):
    spec = RunSpec(game=sys.argv[1], workload="deals", rules=info.rules().to_dict(), seed=1,
                   hands=300, shard_size=300, mode=mode)
    os.makedirs(os.path.join(out, mode))
    runner._play_shard(spec, 0, os.path.join(out, mode), (), False)
print("pandas" in sys.modules)
"""
    for game in ("zipai", "dama", "shengji"):  # integers, flags and dictionaries
        done = subprocess.run([sys.executable, "-c", code, game], capture_output=True, text=True, check=True)
        assert done.stdout.split()[-1] == "False", game
