"""Reading a run checks every page it decodes against the page's CRC-32 (sim.pages.check)."""

from __future__ import annotations

import shutil

import numpy as np
import polars as pl
import pyarrow.parquet as pq
import pytest

from sim import runner, store
from sim.errors import RunDirError
from sim.games.base import RunSpec
from sim.pages.check import _MAX_PAGES, page_problem, walk_pages
from tests.conftest import deal_spec


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    root = tmp_path_factory.mktemp("pages")
    runner.run(deal_spec(), root / "deals", jobs=1, progress=False)  # sim.pages' encoder
    play = RunSpec(game="tiandi", workload="play", rules={}, seed=5, hands=400, shard_size=200)
    runner.run(play, root / "play", jobs=1, progress=False)  # pyarrow's writer
    return root


def _pages(path, column):
    """(offset, size) of every page of ``column`` in the Parquet file ``path``."""
    meta, data = pq.read_metadata(path), np.fromfile(path, dtype=np.uint8)
    out, pages = [], np.zeros((_MAX_PAGES, 3), dtype=np.int64)
    for g in range(meta.num_row_groups):
        for c in range(meta.num_columns):
            chunk = meta.row_group(g).column(c)
            if chunk.path_in_schema != column:
                continue
            first = chunk.dictionary_page_offset if chunk.has_dictionary_page else chunk.data_page_offset
            n = walk_pages(data, first, first + chunk.total_compressed_size, chunk.num_values, pages)
            assert n > 0
            out += [(int(body), int(size)) for body, size, _ in pages[:n]]
    return out


@pytest.mark.parametrize("kind", ["deals", "play"])
def test_every_page_of_an_intact_run_passes(runs, kind):
    for path in sorted((runs / kind).glob("part-*.parquet")):
        assert page_problem(path, pq.read_metadata(path)) is None


@pytest.mark.parametrize("kind,column,other", [("deals", "kan_1", "hand"), ("play", "points_0", "hand")])
def test_a_flipped_byte_in_any_page_read_is_one_line_never_data(runs, tmp_path, kind, column, other):
    shard = store.shard_path(tmp_path / kind, 1)
    for body, size in _pages(store.shard_path(runs / kind, 1), column):
        for where in (body, body + size // 2, body + size - 1):  # first, middle and last byte
            shutil.rmtree(tmp_path / kind, ignore_errors=True)
            shutil.copytree(runs / kind, tmp_path / kind)
            data = bytearray(shard.read_bytes())
            data[where] ^= 0x10
            shard.write_bytes(bytes(data))
            with pytest.raises(RunDirError) as caught:
                store.load(tmp_path / kind).collect()
            message = str(caught.value)
            assert "\n" not in message and "part-00001.parquet is damaged" in message
            assert f"column {column}" in message and "paiju verify" in message
            # a query that does not read the damaged column reads its own pages only
            rows = store.load(tmp_path / kind).select(other).collect()
            assert rows.height == 400 if kind == "play" else rows.height == 3000


def test_a_checked_query_gives_what_polars_gives(runs):
    files = sorted((runs / "play").glob("part-*.parquet"))
    query = store.load(runs / "play").filter(pl.col("hand") % 7 == 3).select("hand", "points_0")
    expected = pl.scan_parquet(files).filter(pl.col("hand") % 7 == 3).select("hand", "points_0")
    assert query.collect().equals(expected.collect())
    assert store.load(runs / "play").head(5).collect().equals(pl.read_parquet(files).head(5))


def test_a_page_without_a_checksum_is_read_unchecked_as_pyarrow_reads_it(runs, tmp_path):
    table = pl.read_parquet(store.shard_path(runs / "deals", 0)).to_arrow()
    path = tmp_path / "plain.parquet"
    pq.write_table(table, path, write_page_checksum=False)  # not paiju's: every shard has them
    assert page_problem(path, pq.read_metadata(path)) is None
