"""Deal scans: counts mode, the block-wise background shard writer and its Parquet encodings."""

from __future__ import annotations

import errno
import json
from pathlib import Path

import pandas as pd
import polars as pl
import pyarrow.parquet as pq
import pytest
from click.testing import CliRunner

from sim import counts, runner, store
from sim.cli import main
from sim.errors import OptionError, RunDirError
from sim.games import get_game
from sim.games.base import RunSpec
from sim.pages import PagesWriter
from sim.report import command_for
from tests.conftest import deal_spec, read_rows

SCANS = [("zipai", "seed"), ("guangshui", "seed"), ("fengshun", "seed"), ("tiandi", "seed"),
         ("pairs", "seed"), ("pairs", "doushisi"), ("dama", "seed")]


def _spec(game: str, preset: str, mode: str, *, hands: int = 2500) -> RunSpec:
    rules = get_game(game).rules.from_options(preset=preset, overrides={}).to_dict()
    return RunSpec(game=game, workload="deals", rules=rules, seed=5, hands=hands, shard_size=1000,
                   mode=mode)


@pytest.mark.parametrize(("game", "preset"), SCANS)
def test_counts_mode_gives_the_rows_modes_summary(tmp_path, game, preset):
    workload = get_game(game).workload("deals")
    tables = {}
    for mode in ("rows", "counts"):
        spec = _spec(game, preset, mode)
        runner.run(spec, tmp_path / mode, backend="sequential", progress=False)
        tables[mode] = workload.summary(spec, store.load(tmp_path / mode))
    assert tables["counts"].equals(tables["rows"])
    assert tables["rows"].height > 0
    shards = pl.read_parquet(tmp_path / "counts" / "*.parquet").sort(counts.FIRST)
    assert shards[counts.COUNTED].to_list() == [1000, 1000, 500]  # one row per shard


def test_zipai_counts_its_events_in_compiled_code_exactly_as_the_expressions_do():
    workload = get_game("zipai").workload("deals")
    spec = _spec("zipai", "seed", "counts", hands=300_000)
    exprs = counts.exprs_of(workload, spec)
    fast = workload.count_block(spec, 1000, 299_000)
    assert fast.tolist() == counts.block_totals(workload.play(spec, 1000, 299_000), exprs).tolist()
    assert fast[list(exprs).index("0|三提五坎")] > 0  # rare events are in the sample


def test_a_counts_run_verifies_records_its_mode_and_resumes_exactly(tmp_path):
    spec = RunSpec(**{**deal_spec(hands=5000).__dict__, "mode": "counts"})
    runner.run(spec, tmp_path, backend="sequential", progress=False)
    manifest = json.loads((tmp_path / "manifest.json").read_text())
    assert manifest["mode"] == "counts"
    assert store.spec_from_manifest(manifest) == spec
    assert list(store.iter_problems(tmp_path)) == []
    original = read_rows_of_counts(tmp_path)
    store.shard_path(tmp_path, 1).unlink()
    p3 = store.shard_path(tmp_path, 3)
    p3.write_bytes(p3.read_bytes()[: p3.stat().st_size // 2])
    assert [p.split(":")[0] for p in store.iter_problems(tmp_path)] == [
        "part-00001.parquet", "part-00003.parquet"]
    again = runner.run(spec, tmp_path, jobs=2, progress=False)
    assert (again.shards_played, again.shards_kept) == (2, 3)
    assert read_rows_of_counts(tmp_path).equals(original)


def read_rows_of_counts(out: Path) -> pl.DataFrame:
    return pl.read_parquet(sorted(out.glob("part-*.parquet"))).sort(counts.FIRST)


def test_a_counts_shard_of_the_wrong_hands_is_found(tmp_path):
    spec = RunSpec(**{**deal_spec().__dict__, "mode": "counts"})
    runner.run(spec, tmp_path, backend="sequential", progress=False)
    path = store.shard_path(tmp_path, 1)
    table = pq.read_table(path)
    pq.write_table(table.set_column(1, counts.COUNTED, [[999]]), path)  # metadata kept
    assert list(store.iter_problems(tmp_path)) == ["part-00001.parquet: holds the wrong hands"]


def test_rows_and_counts_runs_are_different_runs_and_rows_ids_are_unchanged(tmp_path):
    rows = deal_spec()
    assert "mode" not in rows.identity()  # the shards of existing rows runs keep their id
    assert RunSpec(**{**rows.__dict__, "mode": "counts"}).run_id() != rows.run_id()
    runner.run(rows, tmp_path, backend="sequential", progress=False)
    with pytest.raises(RunDirError, match="its mode differs"):
        runner.run(RunSpec(**{**rows.__dict__, "mode": "counts"}), tmp_path, progress=False)


def test_counts_mode_is_refused_for_a_workload_without_totals(tmp_path):
    spec = RunSpec(game="zipai", workload="play", rules={}, seed=1, hands=10, shard_size=10,
                   mode="counts")
    with pytest.raises(OptionError, match="zipai play has no counts mode; run it without --counts"):
        runner.run(spec, tmp_path, progress=False)
    with pytest.raises(OptionError, match="unknown mode 'tally'"):
        runner.run(RunSpec(**{**deal_spec().__dict__, "mode": "tally"}), tmp_path, progress=False)


def test_a_shard_is_dealt_in_blocks_with_the_same_rows(tmp_path, monkeypatch):
    whole = runner.run(deal_spec(), tmp_path / "whole", backend="sequential", progress=False)
    assert whole.shards_played == 3
    calls = []
    workload = get_game("zipai").workload("deals")
    real = type(workload).play
    monkeypatch.setattr(type(workload), "play",
                        lambda self, spec, start, n: calls.append(n) or real(self, spec, start, n))
    monkeypatch.setattr(runner, "BLOCK", 300)
    runner.run(deal_spec(), tmp_path / "blocks", backend="sequential", progress=False)
    assert calls[1:] == [300, 300, 300, 100] * 3  # after the warm-up call
    assert pq.read_metadata(store.shard_path(tmp_path / "blocks", 0)).num_row_groups == 4
    assert read_rows(tmp_path / "blocks").equals(read_rows(tmp_path / "whole"))


@pytest.mark.parametrize("failing_block", [0, 2])
def test_a_failed_background_write_fails_the_run_in_one_line_without_a_partial_shard(
        tmp_path, monkeypatch, failing_block):
    written = []
    real = PagesWriter.write_table  # the writer of a scan's integer columns

    def full_disk(self, table, *args, **kwargs):
        if self._owns:  # a shard's file (the warm-up writes into memory)
            if len(written) == failing_block:
                raise OSError(errno.ENOSPC, "No space left on device")
            written.append(table.num_rows)
        return real(self, table, *args, **kwargs)

    monkeypatch.setattr(PagesWriter, "write_table", full_disk)
    monkeypatch.setattr(runner, "BLOCK", 250)
    with pytest.raises(RunDirError) as err:
        runner.run(deal_spec(), tmp_path, backend="sequential", progress=False)
    assert str(err.value).startswith("cannot write part-00000.parquet")
    assert "No space left on device" in str(err.value) and "\n" not in str(err.value)
    assert sorted(p.name for p in tmp_path.iterdir()) == [".lock", "manifest.json"]


def test_shards_are_ordinary_parquet_with_checksums_and_per_column_encodings(tmp_path):
    runner.run(deal_spec(), tmp_path, backend="sequential", progress=False)
    path = store.shard_path(tmp_path, 0)
    meta = pq.read_metadata(path).row_group(0)
    columns = {meta.column(i).path_in_schema: meta.column(i) for i in range(meta.num_columns)}
    assert "DELTA_BINARY_PACKED" in columns["hand"].encodings
    assert columns["seed"].compression == "UNCOMPRESSED"
    assert "PLAIN" in columns["seed"].encodings and "PLAIN_DICTIONARY" not in columns["seed"].encodings
    # small counts are their own dictionary's indices, bit-packed
    assert "RLE_DICTIONARY" in columns["ti_0"].encodings and columns["ti_0"].compression == "UNCOMPRESSED"
    rows = read_rows(tmp_path)
    assert pd.read_parquet(path)["hand"].tolist() == list(range(1000))
    assert pq.read_table(path, page_checksum_verification=True).num_rows == 1000
    assert rows["hand"].to_list() == list(range(3000))
    duckdb = pytest.importorskip("duckdb")
    assert duckdb.sql(f"select count(*), sum(ti_0) from '{path}'").fetchall()[0] == (
        1000, rows.filter(pl.col("hand") < 1000)["ti_0"].cast(pl.Int64).sum())


def test_the_deals_command_takes_counts_and_reports_the_same_numbers(tmp_path):
    outs = {}
    for flag in ((), ("--counts",)):
        out = tmp_path / ("counts" if flag else "rows")
        result = CliRunner().invoke(main, ["deals", "zipai", "-n", "4000", "--shard-size", "1000",
                                           "-j", "1", "-o", str(out), "--no-progress", *flag],
                                    catch_exceptions=False)
        assert result.exit_code == 0, result.output
        outs[out.name] = result.output.split("\n\n", 2)[2]  # the table and what follows it
    assert outs["counts"] == outs["rows"]
    spec = store.spec_from_manifest(store.read_manifest(tmp_path / "counts"))
    assert "--counts" in command_for(spec)
    assert CliRunner().invoke(main, ["verify", str(tmp_path / "counts")]).exit_code == 0


SCAN_GAMES = ["zipai", "guangshui", "fengshun", "tiandi", "pairs", "shengji", "dama"]


@pytest.mark.parametrize("game", SCAN_GAMES)
def test_a_blocks_totals_are_the_expressions_totals_however_they_are_counted(game):
    workload = get_game(game).workload("deals")
    spec = _spec(game, "seed", "rows", hands=30_000)
    exprs = counts.exprs_of(workload, spec)
    table = workload.play(spec, 17, 20_000)
    for block in (table, table.slice(0, 0), table.slice(3, 1)):  # whole, empty, one deal
        assert counts.table_totals(workload, spec, block, exprs).tolist() == \
            counts.block_totals(block, exprs).tolist()
    if game in ("zipai", "tiandi", "guangshui"):  # the scans quick enough to need it
        assert workload.count_table(spec, table) is not None


@pytest.mark.parametrize(("game", "preset"), SCANS)
def test_a_rows_run_counts_its_totals_as_it_writes_them(tmp_path, game, preset):
    workload = get_game(game).workload("deals")
    spec = _spec(game, preset, "rows")
    result = runner.run(spec, tmp_path, jobs=2, progress=False)
    stored = workload.summary(spec, store.load(tmp_path))
    assert result.totals is not None and set(result.totals) == set(counts.exprs_of(workload, spec))
    assert workload.summary(spec, counts.totals_frame(spec.hands, result.totals)).equals(stored)
    # a run that found shards on disk has not counted them: its caller reads the rows
    store.shard_path(tmp_path, 1).unlink()
    assert runner.run(spec, tmp_path, backend="sequential", progress=False).totals is None


def test_a_play_run_has_no_totals(tmp_path):
    spec = RunSpec(game="zipai", workload="play", rules={}, seed=1, hands=20, shard_size=10)
    assert runner.run(spec, tmp_path, backend="sequential", progress=False).totals is None


def test_the_deals_command_after_a_resumed_run_reads_the_stored_rows(tmp_path):
    args = ["deals", "zipai", "-n", "3000", "--shard-size", "1000", "-j", "1", "-o", str(tmp_path),
            "--no-progress"]
    first = CliRunner().invoke(main, args, catch_exceptions=False)
    store.shard_path(tmp_path, 2).unlink()
    again = CliRunner().invoke(main, args, catch_exceptions=False)
    assert "were already on disk (resumed)" in again.output
    assert first.output.split("\n\n", 2)[2] == again.output.split("\n\n", 2)[2]


@pytest.mark.parametrize(("game", "preset"), [("zipai", "seed"), ("dama", "seed")])
def test_the_summary_of_a_stored_rows_run_reads_each_row_group_once(tmp_path, monkeypatch, game, preset):
    workload = get_game(game).workload("deals")
    spec = _spec(game, preset, "rows")
    runner.run(spec, tmp_path, backend="sequential", progress=False)
    expected = workload.summary(spec, store.load(tmp_path))
    reads, real = [], pq.ParquetFile.read_row_group
    monkeypatch.setattr(pq.ParquetFile, "read_row_group",
                        lambda self, i, *a, **k: reads.append(i) or real(self, i, *a, **k))
    monkeypatch.setattr(pl, "scan_parquet", None)  # the rows are not scanned a second time
    assert workload.summary(spec, store.summary_frame(tmp_path, workload, spec)).equals(expected)
    assert len(reads) == sum(pq.read_metadata(store.shard_path(tmp_path, k)).num_row_groups
                             for k in range(spec.n_shards))


def test_the_summary_of_a_damaged_rows_run_names_the_shard(tmp_path):
    spec = _spec("zipai", "seed", "rows")
    runner.run(spec, tmp_path, backend="sequential", progress=False)
    path = store.shard_path(tmp_path, 1)
    data = bytearray(path.read_bytes())
    data[200] ^= 0x10  # inside the first column's pages
    path.write_bytes(bytes(data))
    with pytest.raises(RunDirError, match=r"part-00001\.parquet is damaged .*paiju verify"):
        store.summary_frame(tmp_path, get_game("zipai").workload("deals"), spec)
    result = CliRunner().invoke(main, ["summary", str(tmp_path)])
    assert result.exit_code == 2 and "part-00001.parquet" in result.output
