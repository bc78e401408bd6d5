"""Writing one shard: per-column Parquet encodings and a background writer thread.

A shard is written block by block as row groups of one Parquet file. The blocks go to a
writer thread through a bounded queue, so the kernel deals block ``b + 1`` while block
``b`` is encoded (pyarrow and the ``nogil`` deal kernels release the GIL), and at most a
few blocks are in memory whatever the shard size; when every core of the machine deals
already, the runner has each block written in turn instead (``background=False``), which
is quicker than a thread that must share a core. The file is a temporary one until every
block is written and flushed; then it is renamed into place, so a shard exists whole or
not at all. A failed write fails the shard with one line and leaves no partial file.

The encodings are ordinary Parquet that polars, pandas, pyarrow, DuckDB and Spark read,
chosen per column for little CPU per row within what every reader reads
(``benchmarks/bench_deals.py``). A deal scan's table (non-null integers, flags and
dictionaries) is encoded in compiled code by :mod:`sim.pages`: small non-negative counts as
bit-packed indices of their own dictionary, ``hand`` and other integers delta-encoded and
bit-packed, the per-hand ``seed`` (random 64-bit words) plain, flags bit-packed, no codec;
pyarrow's encoders cost 2–3 ns a value, a quarter of a 跑胡子 scan. Other tables are written
by pyarrow with :func:`write_options`: integers delta-encoded and bit-packed without a codec,
``seed`` plain, booleans bit-packed, text columns keep their dictionary. Only ``hand`` has
statistics. Page checksums are on. (Byte-stream split with LZ4 encodes 跑胡子's small
counts about a third faster in pyarrow, but DuckDB before 2.0 and Java readers before
parquet-java 1.14 cannot read split integers, so it is not used.)
"""

from __future__ import annotations

import os
import queue
import threading
import time
from pathlib import Path
from types import TracebackType

import pyarrow as pa
import pyarrow.parquet as pq

from sim.errors import RunDirError
from sim.pages import PagesWriter, supports
from sim.version import package_version

_DONE = object()
QUEUE_BLOCKS = 1  # blocks waiting for the writer (one more is being written, one dealt)


PAGE_BYTES = 8 << 20  # data page size limit (pages also end every 20,000 rows)
BATCH_ROWS = 64 * 1024  # rows handed to a column's encoder at a time


def column_choice(field: pa.Field) -> tuple[str | None, str]:
    """The (encoding, codec) of one column; encoding ``None`` keeps its dictionary."""
    kind = field.type
    if pa.types.is_dictionary(kind):
        return None, "zstd"
    if field.name == "hand" and pa.types.is_integer(kind):
        return "DELTA_BINARY_PACKED", "none"
    if field.name == "seed" or not pa.types.is_integer(kind):
        return "PLAIN", "none"  # random words; floats; booleans (bit-packed)
    return "DELTA_BINARY_PACKED", "none"


def write_options(schema: pa.Schema) -> dict:
    """Keyword arguments of :class:`pyarrow.parquet.ParquetWriter` for ``schema``."""
    encoding, compression = {}, {}
    for f in schema:
        enc, compression[f.name] = column_choice(f)
        if enc is not None:
            encoding[f.name] = enc
    return {
        "compression": compression, "column_encoding": encoding,
        "use_dictionary": [f.name for f in schema if pa.types.is_dictionary(f.type)],
        "write_page_checksum": True, "data_page_size": PAGE_BYTES, "write_batch_size": BATCH_ROWS,
        # min/max of the hand index lets readers skip row groups; the others are not worth it
        "write_statistics": ["hand"] if "hand" in schema.names else False,
    }


def open_writer(path: Path, schema: pa.Schema) -> PagesWriter | pq.ParquetWriter:
    """A Parquet writer for ``schema``: the compiled one of :mod:`sim.pages` when it takes every
    column (a deal scan's integers and flags), else pyarrow's with :func:`write_options`."""
    options = write_options(schema)
    if supports(schema):  # the same choices: plain columns, statistics
        plain = tuple(f.name for f in schema if column_choice(f)[0] == "PLAIN")
        return PagesWriter(path, schema, plain=plain, statistics=tuple(options["write_statistics"] or ()),
                           created_by=f"paiju version {package_version()}")
    return pq.ParquetWriter(path, schema, **options)


def _one_line(path: Path, out: Path, exc: BaseException) -> RunDirError:
    text = getattr(exc, "strerror", None) or (str(exc).splitlines() or [type(exc).__name__])[0]
    return RunDirError(
        f"cannot write {path.name} in {out} ({text}); free some space or choose another --out, "
        "then re-run the same command to resume"
    )


class ShardWriter:
    """Write the blocks of one shard in a background thread; see the module docstring.

    ``with ShardWriter(path, metadata) as w: w.put(table) ...`` — leaving the block without
    an exception flushes the file and renames it into place; an exception removes it.
    ``metadata`` is added to the schema's (the first block's schema is the file's).
    """

    def __init__(self, path: Path, metadata: dict[bytes, bytes], *, background: bool = True) -> None:
        self.path, self.metadata, self.background = Path(path), metadata, background
        self.tmp = self.path.with_name(f".{self.path.name}.tmp-{os.getpid()}")
        self.write_seconds = 0.0  # time spent encoding and writing (in the writer thread)
        self.write_cpu_seconds = 0.0  # CPU time of that thread doing it (load disturbs it less)
        self._queue: queue.Queue = queue.Queue(maxsize=QUEUE_BLOCKS)
        self._error: BaseException | None = None
        self._writer: pq.ParquetWriter | None = None
        self._thread: threading.Thread | None = None

    def __enter__(self) -> ShardWriter:
        if self.background:
            self._thread = threading.Thread(target=self._drain, name="paiju-shard-writer", daemon=True)
            self._thread.start()
        return self

    def _write(self, table: pa.Table) -> None:
        t0, c0 = time.perf_counter(), time.thread_time()
        table = table.replace_schema_metadata({**(table.schema.metadata or {}), **self.metadata})
        if self._writer is None:
            self._writer = open_writer(self.tmp, table.schema)
        self._writer.write_table(table, row_group_size=max(table.num_rows, 1))
        self.write_seconds += time.perf_counter() - t0
        self.write_cpu_seconds += time.thread_time() - c0

    def _drain(self) -> None:
        while True:
            table = self._queue.get()
            if table is _DONE:
                return
            if self._error is None:
                try:
                    self._write(table)
                except BaseException as exc:  # reported by put() or close in the dealing thread
                    self._error = exc

    def put(self, table: pa.Table) -> None:
        """Queue one block (blocks while the queue is full, so memory stays flat)."""
        if self._error is not None:
            raise _one_line(self.path, self.path.parent, self._error)
        if self._thread is None:
            try:
                self._write(table)
            except (OSError, pa.ArrowException) as exc:
                raise _one_line(self.path, self.path.parent, exc) from None
        else:
            self._queue.put(table)

    def _finish(self) -> None:
        if self._thread is not None:
            self._queue.put(_DONE)
            self._thread.join()
        if self._error is not None:
            raise _one_line(self.path, self.path.parent, self._error)
        try:
            if self._writer is None:
                raise OSError("no rows were given")
            self._writer.close()
            self._writer = None
            with open(self.tmp, "rb+") as fh:
                os.fsync(fh.fileno())
            os.replace(self.tmp, self.path)
        except (OSError, pa.ArrowException) as exc:
            raise _one_line(self.path, self.path.parent, exc) from None

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        try:
            if kind is None:
                self._finish()
        finally:
            if self._thread is not None and self._thread.is_alive():
                self._error = self._error or RuntimeError("abandoned")
                self._queue.put(_DONE)
                self._thread.join()
            if self._writer is not None:
                try:
                    self._writer.close()
                except (OSError, pa.ArrowException):
                    pass
            self.tmp.unlink(missing_ok=True)
