"""The compiled Parquet writer (sim.pages): files that pyarrow, polars and DuckDB read back
exactly, with pyarrow's own footer metadata and a checksum on every page."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import duckdb
import numpy as np
import polars as pl
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from sim.games import get_game
from sim.games.base import RunSpec
from sim.pages import PagesWriter, supports
from sim.pages import thrift
from sim.pages.encode import delta_bound, delta_pack, index_pack
from sim.pages.file import _arrow_metadata, page_header
from sim.shardio import ShardWriter, open_writer, write_options

SIZES = [0, 1, 2, 7, 8, 9, 31, 32, 33, 127, 128, 129, 130, 1000, 20_011]


def _columns(n: int, rng: np.random.Generator) -> dict[str, pa.Array]:
    """Every kind the writer takes, from tiny counts to the full range of each type."""
    def ints(dtype, low, high):
        return pa.array(rng.integers(low, high, n, dtype=np.int64 if high <= 2**63 else np.uint64,
                                     endpoint=False).astype(dtype))
    return {
        "hand": pa.array(np.arange(n, dtype=np.int64) + 7),
        "seed": pa.array(rng.integers(0, 2**64 - 1, n, dtype=np.uint64)),
        "small": ints(np.int8, 0, 4),
        "zero": pa.array(np.zeros(n, dtype=np.int8)),
        "nobody": ints(np.int8, -1, 3),  # a seat, or -1 for none
        "i8": ints(np.int8, -128, 128),
        "u8": ints(np.uint8, 0, 256),
        "i16": ints(np.int16, -2**15, 2**15),
        "u16": ints(np.uint16, 0, 2**16),
        "i32": ints(np.int32, -2**31, 2**31),
        "u32": ints(np.uint32, 0, 2**32),
        "i64": pa.array(rng.integers(-2**63, 2**63 - 1, n, dtype=np.int64)),
        "count64": ints(np.int64, 0, 200),
        "u64": pa.array(rng.integers(0, 2**64 - 1, n, dtype=np.uint64)),
        "flag": pa.array(rng.random(n) < 0.3),
        "suit": pa.array(rng.choice(["红", "黑", "none"], n)).dictionary_encode().cast(
            pa.dictionary(pa.int8(), pa.string())),
    }


def _table(n: int, seed: int = 1) -> pa.Table:
    cols = _columns(n, np.random.default_rng(seed))
    schema = pa.schema([pa.field(k, v.type, nullable=False) for k, v in cols.items()],
                       metadata={b"paiju.unit": b"hand"})
    return pa.table(cols, schema=schema)


@pytest.mark.parametrize("n", SIZES)
def test_every_reader_reads_back_every_value(tmp_path, n):
    table = _table(n, seed=n)
    path = tmp_path / "t.parquet"
    with open_writer(path, table.schema) as w:  # as a shard is written
        assert isinstance(w, PagesWriter)
        w.write_table(table)
        w.write_table(table.slice(n // 3, n // 2 + 1))  # a second row group, from an offset
    expect = pa.concat_tables([table, table.slice(n // 3, n // 2 + 1)])
    back = pq.read_table(path, page_checksum_verification=True)
    assert back.schema.equals(table.schema, check_metadata=False)
    assert back.equals(expect)
    assert pl.read_parquet(path).equals(pl.from_arrow(expect))
    got = duckdb.sql(f"select * from '{path}'").fetchall()
    assert got == [tuple(r.values()) for r in expect.to_pylist()]


def test_the_footer_is_what_pyarrow_would_record(tmp_path):
    table = _table(5000)
    ours, theirs = tmp_path / "ours.parquet", tmp_path / "theirs.parquet"
    with open_writer(ours, table.schema) as w:
        w.write_table(table)
    with pq.ParquetWriter(theirs, table.schema, **write_options(table.schema)) as w:
        w.write_table(table)
    a, b = pq.read_metadata(ours), pq.read_metadata(theirs)
    assert a.metadata == b.metadata  # ARROW:schema and the schema's own keys
    assert a.schema.equals(b.schema) and a.num_rows == b.num_rows == 5000
    ga, gb = a.row_group(0), b.row_group(0)
    for i in range(a.num_columns):
        ca, cb = ga.column(i), gb.column(i)
        assert (ca.path_in_schema, ca.physical_type, ca.num_values) == (cb.path_in_schema, cb.physical_type, cb.num_values)
        assert ca.compression == "UNCOMPRESSED" and a.schema.column(i).max_definition_level == 0
        assert ca.is_stats_set == (ca.path_in_schema == "hand")
    hand = ga.column(0).statistics
    assert (hand.min, hand.max, hand.null_count) == (7, 5006, 0)
    enc = {ga.column(i).path_in_schema: ga.column(i).encodings for i in range(a.num_columns)}
    # a chunk within 256 values from min(0, lowest): its own dictionary
    for name in ("small", "zero", "nobody", "i8", "u8", "count64", "suit"):
        assert "RLE_DICTIONARY" in enc[name], name
    for name in ("hand", "i16", "u16", "i32", "u32", "i64", "u64"):
        assert "DELTA_BINARY_PACKED" in enc[name], name
    assert "PLAIN" in enc["seed"] and "PLAIN" in enc["flag"]


def test_a_flipped_byte_in_any_page_is_found_by_its_checksum(tmp_path):
    table = _table(3000)
    path = tmp_path / "t.parquet"
    with open_writer(path, table.schema) as w:
        w.write_table(table)
    good = path.read_bytes()
    group = pq.read_metadata(path).row_group(0)
    for i in range(group.num_columns):
        column = group.column(i)
        chunk_end = (column.dictionary_page_offset or column.data_page_offset) + column.total_compressed_size
        page_ends = [column.data_page_offset, chunk_end] if column.has_dictionary_page else [chunk_end]
        for end in page_ends:
            bad = bytearray(good)
            bad[end - 1] ^= 0x04  # the last byte of the page's data
            path.write_bytes(bytes(bad))
            with pytest.raises(OSError, match="CRC"):
                pq.read_table(path, page_checksum_verification=True)


def test_delta_packing_is_the_specifications_example():
    out = np.zeros(delta_bound(5, 64), dtype=np.uint8)
    n = delta_pack(np.array([1, 2, 3, 4, 5], dtype=np.int64), 64, out)
    # block 128, 4 miniblocks, 5 values, first 1 (zigzag 2); min delta 1 (zigzag 2), widths 0
    assert bytes(out[:n]) == bytes([0x80, 0x01, 0x04, 0x05, 0x02, 0x02, 0, 0, 0, 0])
    n = delta_pack(np.array([7, 5, 3, 1, 2, 3, 4, 5], dtype=np.int32), 32, out)
    # deltas -2 -2 -2 1 1 1 1: min -2 (zigzag 3), the rest 0 0 0 3 3 3 3 in 2 bits
    assert bytes(out[:n]) == bytes([0x80, 0x01, 0x04, 0x08, 0x0E, 0x03, 2, 0, 0, 0,
                                    0b11000000, 0b00111111] + [0] * 6)


def test_dictionary_indices_are_one_bit_packed_run():
    out = np.zeros(32, dtype=np.uint8)
    n = index_pack(np.array([0, 1, 2, 3, 3, 2, 1, 0, 1], dtype=np.int8), 0, 2, out)
    # width 2; header (2 groups << 1) | 1 = 5; 0,1,2,3 | 3,2,1,0 | 1 then padding
    assert bytes(out[:n]) == bytes([2, 5, 0b11100100, 0b00011011, 0b00000001, 0])


def test_thrift_compact_encoding():
    assert thrift.varint(300) == b"\xac\x02" and thrift.varint(0) == b"\x00"
    assert [thrift.zigzag(v) for v in (0, -1, 1, -2, 2)] == [0, 1, 2, 3, 4]
    # field 1 i32 = 3; field 20 (a jump) binary "ab"; field 21 bool true; stop
    assert thrift.struct([(1, "i32", 3), (20, "binary", "ab"), (21, "bool", True)]) == \
        bytes([0x15, 0x06, 0x08, 0x28, 0x02, ord("a"), ord("b"), 0x11, 0x00])


@pytest.mark.parametrize("kind", [0, 2])  # a data page, a dictionary page
def test_page_headers_are_the_thrift_structs_they_stand_for(kind):
    rng = np.random.default_rng(kind)
    for _ in range(200):
        size, crc = int(rng.integers(0, 2**31)), int(rng.integers(0, 2**32))
        values, encoding = int(rng.integers(0, 2**31)), int(rng.choice([0, 5, 8]))
        sub = [(1, "i32", values), (2, "i32", encoding)] + ([(3, "i32", 3), (4, "i32", 3)] if kind == 0 else [])
        signed = crc - 2**32 if crc >= 2**31 else crc
        expected = thrift.struct([(1, "i32", kind), (2, "i32", size), (3, "i32", size), (4, "i32", signed),
                                  (5 if kind == 0 else 7, "struct", sub)])
        assert page_header(kind, size, crc, values, encoding) == expected


def test_supports_only_what_it_writes():
    assert supports(_table(3).schema)
    for kind in (pa.float64(), pa.string(), pa.date32()):
        assert not supports(pa.schema([pa.field("x", kind, nullable=False)]))
    assert not supports(pa.schema([pa.field("x", pa.int8(), nullable=True)]))
    with pytest.raises(ValueError):
        PagesWriter(pa.BufferOutputStream(), pa.schema([pa.field("x", pa.float64(), nullable=False)]))


def test_arrow_metadata_is_pyarrows():
    schema = _table(1).schema
    sink = pa.BufferOutputStream()
    pq.ParquetWriter(sink, schema).close()
    assert dict(pq.read_metadata(pa.BufferReader(sink.getvalue())).metadata) == _arrow_metadata(schema)


@pytest.mark.parametrize("game", ["zipai", "guangshui", "fengshun", "tiandi", "pairs", "dama", "shengji"])
def test_a_scans_shard_holds_the_rows_pyarrow_would_write(tmp_path, game):
    info = get_game(game)
    rules = info.rules.from_options(preset="seed", overrides={}).to_dict()
    spec = RunSpec(game=game, workload="deals", rules=rules, seed=5, hands=600, shard_size=600)
    table = info.workload("deals").play(spec, 0, 600)
    assert supports(table.schema)
    ours, theirs = tmp_path / "ours.parquet", tmp_path / "theirs.parquet"
    with ShardWriter(ours, {b"k": b"v"}, background=True) as w:
        w.put(table.slice(0, 250))
        w.put(table.slice(250))
    with pq.ParquetWriter(theirs, table.schema, **write_options(table.schema)) as w:
        w.write_table(table)
    assert pq.read_metadata(ours).created_by.startswith("paiju version")
    assert pq.read_table(ours, page_checksum_verification=True).equals(pq.read_table(theirs))
    assert pl.read_parquet(ours).equals(pl.read_parquet(theirs))


_WARM_CHECK = """
import json
import pyarrow as pa
from sim.pages import PagesWriter, warm_up
from sim.pages.encode import bool_pack, delta_pack, index_pack, value_range
from tests.test_pages import _table
encoders = (delta_pack, index_pack, value_range, bool_pack)
warm_up(_table(1).schema)
before = [len(f.signatures) for f in encoders]
table = _table(3000, seed=9)
with PagesWriter(pa.BufferOutputStream(), table.schema) as w:
    w.write_table(table)
    w.write_table(table.slice(5, 100))
print(json.dumps([before, [len(f.signatures) for f in encoders]]))
"""


def test_warm_up_compiles_every_encoder_a_schema_needs():
    """In a fresh process (where nothing else compiled them): what a worker writes after the
    warm-up needs no new compilation."""
    root = Path(__file__).resolve().parents[1]
    out = subprocess.run([sys.executable, "-c", _WARM_CHECK], cwd=root, capture_output=True,
                         text=True, check=True).stdout.strip()
    before, after = json.loads(out)
    assert before == after and min(before) > 0
