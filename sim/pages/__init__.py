"""Parquet files of integer and boolean columns, encoded in compiled code.

A deal scan's rows are a few small integers and flags per deal, made at millions of deals a
second; pyarrow's encoders spend about 2–3 ns on each value, which is a quarter of a scan's
time. :class:`~sim.pages.file.PagesWriter` encodes those columns in numba instead (delta
bit-packing, bit-packed booleans, plain 64-bit words, dictionary indices) and frames them as
ordinary Parquet — data pages with CRC-32 checksums, a Thrift footer, and the Arrow schema
pyarrow itself would store — that pyarrow, polars, pandas and DuckDB read. Anything else
(floats, text, nullable columns) is written by pyarrow (:mod:`sim.shardio`).
:mod:`sim.pages.check` checks the pages of any Parquet file against their checksums as a
run is read (:func:`sim.store.load`).
"""

from sim.pages.file import PagesWriter, supports, warm_up

__all__ = ["PagesWriter", "supports", "warm_up"]
