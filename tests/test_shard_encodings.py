"""The Parquet of a deal scan's shards: per-column encodings, non-null columns, the same rows."""

from __future__ import annotations

import polars as pl
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from sim import runner, store
from sim.games import get_game
from sim.games.base import RunSpec, required_schema
from sim.shardio import ShardWriter, column_choice, write_options
from tests.conftest import deal_spec, read_rows

SCANS = ["zipai", "guangshui", "fengshun", "tiandi", "pairs", "dama", "shengji"]


def test_each_column_gets_the_cheapest_encoding_for_its_kind():
    text = pa.dictionary(pa.int8(), pa.string())
    assert column_choice(pa.field("hand", pa.int64())) == ("DELTA_BINARY_PACKED", "none")
    assert column_choice(pa.field("seed", pa.uint64())) == ("PLAIN", "none")
    for narrow in (pa.int8(), pa.uint8(), pa.int16()):
        assert column_choice(pa.field("ti_0", narrow)) == ("DELTA_BINARY_PACKED", "none")
    assert column_choice(pa.field("points_0", pa.int32())) == ("DELTA_BINARY_PACKED", "none")
    assert column_choice(pa.field("won_0", pa.bool_())) == ("PLAIN", "none")
    assert column_choice(pa.field("outcome", text)) == (None, "zstd")
    opts = write_options(pa.schema([pa.field("hand", pa.int64()), pa.field("outcome", text)]))
    assert opts["use_dictionary"] == ["outcome"] and opts["write_page_checksum"] is True
    assert opts["write_statistics"] == ["hand"] and "outcome" not in opts["column_encoding"]


@pytest.mark.parametrize("game", SCANS)
def test_a_scan_declares_every_column_non_null_and_fills_it(game):
    info = get_game(game)
    rules = info.rules.from_options(preset="seed", overrides={}).to_dict()
    spec = RunSpec(game=game, workload="deals", rules=rules, seed=3, hands=300, shard_size=300)
    table = info.workload("deals").play(spec, 0, 300)
    assert not any(f.nullable for f in table.schema)
    assert table.schema.equals(info.workload("deals").schema(spec))
    assert all(c.null_count == 0 for c in table.columns)


def test_zipai_rows_read_back_with_the_same_names_and_types(tmp_path):
    runner.run(deal_spec(hands=2000), tmp_path, backend="sequential", progress=False)
    rows = read_rows(tmp_path)
    expected = {"hand": pl.Int64, "seed": pl.UInt64}
    assert rows.schema == {n: expected.get(n, pl.Int8) for n in rows.columns}
    assert rows.columns[:4] == ["hand", "seed", "dealer", "liangzhang"] and rows.width == 17
    assert rows["hand"].to_list() == list(range(2000)) and rows.null_count().sum_horizontal()[0] == 0
    meta = pq.read_metadata(store.shard_path(tmp_path, 0))
    assert all(meta.schema.column(i).max_definition_level == 0 for i in range(meta.num_columns))


def test_a_shard_with_nullable_columns_of_the_same_types_still_verifies(tmp_path):
    spec = deal_spec(hands=1000)
    runner.run(spec, tmp_path, backend="sequential", progress=False)
    path = store.shard_path(tmp_path, 0)
    table = pq.read_table(path)
    loose = table.cast(pa.schema([f.with_nullable(True) for f in table.schema],
                                 metadata=table.schema.metadata))
    path.unlink()
    with ShardWriter(path, {}, background=False) as w:
        w.put(loose)
    assert pq.read_schema(path).field("ti_0").nullable
    schema = store.run_schema(get_game("zipai").workload("deals"), spec)
    assert store.check_shard(tmp_path, spec, 0, schema) is None
    wrong = loose.cast(pa.schema([f.with_type(pa.int16()) if f.name == "ti_0" else f
                                  for f in loose.schema], metadata=loose.schema.metadata))
    path.unlink()
    with ShardWriter(path, {}, background=False) as w:
        w.put(wrong)
    assert store.check_shard(tmp_path, spec, 0, schema) == "has a different schema"


def test_a_byte_flipped_in_a_counts_page_is_found_by_its_checksum(tmp_path):
    spec = deal_spec(hands=1000)
    runner.run(spec, tmp_path, backend="sequential", progress=False)
    path = store.shard_path(tmp_path, 0)
    column = pq.read_metadata(path).row_group(0).column(5)  # ti_1: small counts, their own dictionary
    assert column.compression == "UNCOMPRESSED" and "RLE_DICTIONARY" in column.encodings
    data = bytearray(path.read_bytes())
    data[column.dictionary_page_offset + column.total_compressed_size - 1] ^= 0x01  # in its data page
    path.write_bytes(bytes(data))
    schema = store.run_schema(get_game("zipai").workload("deals"), spec)
    assert store.check_shard(tmp_path, spec, 0, schema).startswith("unreadable")


def test_required_schema_keeps_names_and_types():
    fields = [pa.field("a", pa.int8()), pa.field("b", pa.bool_())]
    schema = required_schema(fields)
    assert schema.names == ["a", "b"] and schema.types == [pa.int8(), pa.bool_()]
    assert not any(f.nullable for f in schema)
