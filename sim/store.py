"""The on-disk form of a run: ``manifest.json`` plus one Parquet file per shard.

Shards are written to a temporary file in the same directory, flushed to disk and
renamed into place, so a shard either exists whole or not at all. Every shard carries
the run's id and its own index in the Parquet metadata and Parquet page checksums, so
:func:`check_shard` can tell a complete, intact shard of *this* run from a stale,
truncated or damaged one. :func:`load` checks the footers at once and the checksum of every
page a query reads as part of the read (:mod:`sim.pages.check`), so a run is read once.
"""

from __future__ import annotations

import dataclasses
import functools
import json
import os
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import numpy as np
import polars as pl
import pyarrow as pa
import pyarrow.parquet as pq
from polars.io.plugins import register_io_source

from sim.errors import OptionError, RunDirError
from sim.games.base import RunSpec
from sim.pages.check import page_problem
from sim.version import package_version

MANIFEST = "manifest.json"
_META_RUN = b"paiju.run_id"
_META_SHARD = b"paiju.shard"
CHECK_THREADS = min(4, os.cpu_count() or 1)  # threads checking page checksums (they release the GIL)


def shard_path(out: Path, index: int) -> Path:
    """The file of shard ``index``."""
    return out / f"part-{index:05d}.parquet"


def _atomic_write_bytes(path: Path, data: bytes) -> None:
    tmp = path.with_name(f".{path.name}.tmp-{os.getpid()}")
    try:
        with open(tmp, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    finally:
        tmp.unlink(missing_ok=True)


def manifest_dict(spec: RunSpec, schema: pa.Schema) -> dict[str, Any]:
    """The manifest of a run: the spec, the package version, the rules hash and schema."""
    from sim.games import get_game

    from sim.registry import strategy_source

    rules = get_game(spec.game).rules(**spec.rules)
    sources = [strategy_source(spec.game, n) for n in dict.fromkeys(spec.strategies)]
    return {
        "paiju_version": package_version(),
        "created": datetime.now(UTC).isoformat(timespec="seconds"),
        **dataclasses.asdict(spec),
        "strategies": list(spec.strategies),
        # strategies from outside the package: module, distribution, version, source hash
        "strategy_sources": [s for s in sources if s is not None],
        "rules_hash": rules.digest(),
        "run_id": spec.run_id(),
        "n_shards": spec.n_shards,
        "schema": [{"name": f.name, "type": str(f.type)} for f in schema],
    }


def read_manifest(out: Path) -> dict[str, Any] | None:
    """The manifest in ``out``, or ``None`` when there is none."""
    path = Path(out) / MANIFEST
    if not path.exists():
        return None
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise RunDirError(f"{path} cannot be read ({exc}); move it away or choose another --out") from None


def spec_from_manifest(manifest: dict[str, Any]) -> RunSpec:
    """Rebuild the :class:`RunSpec` recorded in a manifest."""
    names = {f.name for f in dataclasses.fields(RunSpec)}
    values = {k: v for k, v in manifest.items() if k in names}
    values["strategies"] = tuple(values.get("strategies", ()))
    return RunSpec(**values)


def write_manifest(out: Path, manifest: dict[str, Any]) -> None:
    """Write ``manifest.json`` atomically."""
    _atomic_write_bytes(out / MANIFEST, json.dumps(manifest, indent=2, ensure_ascii=False).encode())


def run_schema(workload, spec: RunSpec) -> pa.Schema:
    """The schema of ``spec``'s shards: the workload's rows, or its counts (``mode="counts"``)."""
    if spec.mode == "counts":
        from sim import counts

        return counts.schema(workload, spec)
    return workload.schema(spec)


def shard_metadata(spec: RunSpec, index: int) -> dict[bytes, bytes]:
    """The run's id and the shard's index, stamped into the shard (read by :func:`check_shard`)."""
    return {_META_RUN: spec.run_id().encode(), _META_SHARD: str(index).encode()}


def same_columns(a: pa.Schema, b: pa.Schema) -> bool:
    """Whether ``a`` and ``b`` have the same column names and types, in order.

    Whether a column may hold nulls is not compared: a deal scan's columns are declared
    non-null (see :func:`sim.games.base.required_schema`), and a shard written before they
    were holds the same values.
    """
    return [(f.name, f.type) for f in a] == [(f.name, f.type) for f in b]


def check_shard(out: Path, spec: RunSpec, index: int, schema: pa.Schema) -> str | None:
    """``None`` if shard ``index`` is complete and intact, else what is wrong with it."""
    path = shard_path(out, index)
    if not path.exists():
        return "missing"
    start, count = spec.shard_range(index)
    try:
        meta = pq.read_metadata(path)
        kv = meta.metadata or {}
        if kv.get(_META_RUN) != spec.run_id().encode() or kv.get(_META_SHARD) != str(index).encode():
            return "belongs to another run"
        unit = (schema.metadata or {}).get(b"paiju.unit", b"hand").decode()
        if unit == "hand" and meta.num_rows != count:
            return f"has {meta.num_rows} rows, expected {count}"
        table = pq.read_table(path, page_checksum_verification=True)
    except (OSError, pa.ArrowException) as exc:
        return f"unreadable ({str(exc).splitlines()[0][:120]})"
    if not same_columns(table.schema, schema):
        return "has a different schema"
    if spec.mode == "counts":
        from sim import counts

        return counts.check(table, start, count)
    # A workload whose unit is not the hand (e.g. whole matches, several rows each) names
    # its unit column in the schema metadata; every unit of the shard must be present.
    units = table.column(unit).to_numpy()
    if unit != "hand":
        units = np.unique(units)
    if not np.array_equal(units, np.arange(start, start + count, dtype=np.int64)):
        return "holds the wrong hands" if unit == "hand" else f"holds the wrong {unit} ids"
    return None


def _footer(out: Path, spec: RunSpec, index: int) -> tuple[str | None, pq.FileMetaData | None]:
    """What the footer of shard ``index`` says is wrong (``None``: nothing), and the footer
    (cheap: the data pages are not read)."""
    path = shard_path(out, index)
    try:
        meta = pq.read_metadata(path)
    except (OSError, pa.ArrowException) as exc:
        return f"is unreadable ({str(exc).splitlines()[0][:120]})", None
    kv = meta.metadata or {}
    if kv.get(_META_RUN) != spec.run_id().encode() or kv.get(_META_SHARD) != str(index).encode():
        return "belongs to another run", meta
    unit = kv.get(b"paiju.unit", b"hand").decode()
    count = spec.shard_range(index)[1]
    if unit == "hand" and meta.num_rows != count:
        return f"has {meta.num_rows} rows, expected {count}", meta
    return None, meta


def _checked_groups(path: Path) -> Iterator[pa.Table]:
    """The row groups of a shard, each read once with its page checksums verified (a flipped
    byte in an uncompressed page would otherwise be read as data)."""
    shard = pq.ParquetFile(path, page_checksum_verification=True)
    for group in range(shard.num_row_groups):
        yield shard.read_row_group(group)


def iter_problems(out: Path) -> Iterator[str]:
    """Everything wrong with the run directory ``out`` (nothing means it is complete)."""
    from sim.games import get_game

    if not out.is_dir():
        yield f"{out} is not a directory"
        return
    manifest = read_manifest(out)
    if manifest is None:
        yield f"{out} has no {MANIFEST}: not a paiju run directory"
        return
    spec = spec_from_manifest(manifest)
    schema = run_schema(get_game(spec.game).workload(spec.workload), spec)
    expected = {shard_path(out, k).name for k in range(spec.n_shards)}
    for k in range(spec.n_shards):
        problem = check_shard(out, spec, k, schema)
        if problem:
            yield f"{shard_path(out, k).name}: {problem}"
    for extra in sorted(p.name for p in out.glob("part-*.parquet")):
        if extra not in expected:
            yield (f"{extra}: not part of this run (it has {spec.n_shards} "
                   f"shard{'' if spec.n_shards == 1 else 's'})")


def _complete_run(out: str | os.PathLike) -> tuple[Path, RunSpec]:
    """The run in ``out`` and its spec, once its manifest and every shard file are there."""
    path = Path(out)
    manifest = read_manifest(path)
    if manifest is None:
        raise RunDirError(f"{path} holds no paiju run ({MANIFEST} missing); give a run directory")
    spec = spec_from_manifest(manifest)
    missing = [k for k in range(spec.n_shards) if not shard_path(path, k).exists()]
    if missing:
        raise RunDirError(
            f"{path} is incomplete ({len(missing)} of {spec.n_shards} shards missing); "
            "re-run the same command to finish it"
        )
    return path, spec


def _checked_shards(path: Path, spec: RunSpec) -> Iterator[pa.Table]:
    for k in range(spec.n_shards):
        problem, _ = _footer(path, spec, k)
        if problem is None:
            try:
                yield from _checked_groups(shard_path(path, k))
            except (OSError, pa.ArrowException) as exc:
                problem = f"is damaged ({str(exc).splitlines()[0][:120]})"
        if problem:
            raise _damaged(path, k, problem)


def checked_blocks(out: str | os.PathLike) -> Iterator[pa.Table]:
    """Every row group of every shard of a run, in order, each read once with its page
    checksums verified, after the shard's footer (its run, number and rows) is checked.

    A damaged or foreign shard raises :class:`~sim.errors.RunDirError` naming it, as does a
    directory that holds no run or misses shards.
    """
    yield from _checked_shards(*_complete_run(out))


def summary_frame(out: str | os.PathLike, workload, spec: RunSpec) -> pl.LazyFrame | pl.DataFrame:
    """What ``workload.summary`` reads for the run in ``out``: for rows of a workload with
    totals (:mod:`sim.counts`), the totals of every stored row, counted as each shard is
    read and checked — one pass, where :func:`load` checks and a scan reads again; else
    the checked rows or counts shards themselves."""
    from sim import counts

    exprs = workload.count_exprs(spec) if spec.mode == "rows" else None
    if not exprs:
        return load(out)
    sums, deals = np.zeros(len(exprs), dtype=np.int64), 0
    for block in checked_blocks(out):
        sums += counts.table_totals(workload, spec, block, exprs)
        deals += block.num_rows
    return counts.totals_frame(deals, dict(zip(exprs, (int(v) for v in sums))))


def load(out: str | os.PathLike, *, pandas: bool = False) -> pl.LazyFrame | Any:
    """A polars LazyFrame over all shards of a run; with ``pandas=True``, a pandas DataFrame
    of every row (the same as ``load(out).collect().to_pandas()``).

    Every shard's footer is checked here (its run, number and rows): a foreign or truncated
    shard raises :class:`~sim.errors.RunDirError` naming it, as does a directory that holds
    no run or misses shards. Every page a query reads is checked against its CRC-32 as it is
    read (:func:`_verified_read`), so a damaged page raises the same one-line error from
    ``collect()`` and is never returned as data; ``paiju verify`` checks whole files.
    """
    path, spec = _complete_run(out)
    metas = []
    for k in range(spec.n_shards):
        problem, meta = _footer(path, spec, k)
        if problem:
            raise _damaged(path, k, problem)
        metas.append(meta)
    schema = pl.scan_parquet(shard_path(path, 0)).collect_schema()  # what the reads give
    frame = register_io_source(functools.partial(_verified_read, path, metas), schema=schema)
    return frame.collect().to_pandas() if pandas else frame


def _damaged(path: Path, index: int, problem: str) -> RunDirError:
    return RunDirError(f"{path}: {shard_path(path, index).name} {problem}; `paiju verify {path}` "
                       "gives the command that repairs it")


def _verified_read(path: Path, metas: list[pq.FileMetaData], with_columns: list[str] | None,
                   predicate: pl.Expr | None, n_rows: int | None, batch_size: int | None
                   ) -> Iterator[pl.DataFrame]:
    """The rows a query of :func:`load` asks for. First the pages of the columns it needs
    are checked against their checksums, every shard at once on a few threads
    (:func:`sim.pages.check.page_problem`); then polars reads those columns of every shard
    at once. Nothing damaged reaches polars' decoders (a damaged page can make one panic)."""
    needed = None if with_columns is None else set(with_columns)
    if needed is not None and predicate is not None:
        needed |= set(predicate.meta.root_names())
    files = [shard_path(path, k) for k in range(len(metas))]
    with ThreadPoolExecutor(min(CHECK_THREADS, len(files)), thread_name_prefix="paiju-page-check") as pool:
        problems = list(pool.map(page_problem, files, metas, [needed] * len(files)))
    for k, problem in enumerate(problems):
        if problem:
            raise _damaged(path, k, f"is damaged ({problem})")
    query = pl.scan_parquet(files)
    if with_columns is not None:
        query = query.select(with_columns)
    if predicate is not None:
        query = query.filter(predicate)
    if n_rows is not None:
        query = query.head(n_rows)
    yield query.collect()  # its errors are the query's own: every page read has passed


def stored_row(out: Path, hand: int) -> tuple[RunSpec, dict[str, Any]]:
    """A run's spec and the row it stored for ``hand`` (a one-line error if it has none)."""
    frame = load(out)
    spec = spec_from_manifest(read_manifest(out) or {})
    rows = frame.filter(pl.col("hand") == hand).collect()
    if rows.height == 0:
        n = frame.select(pl.len()).collect().item()
        raise OptionError(f"{out} has no hand {hand}; its hands are 0 .. {n - 1}")
    return spec, rows.to_dicts()[0]
