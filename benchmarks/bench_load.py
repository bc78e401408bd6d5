"""Reading a run: ``sim.load(DIR).collect()`` (every page checked) against polars reading the files.

A 跑胡子 deal scan is made once (``paiju deals zipai -n HANDS``, kept in ``--dir`` for the next
time), then both reads run alternately in this process, ``--repeat`` times each, and the best
wall time of each is compared (target: ``sim.load`` within 1.3× of ``polars.read_parquet``).
Also timed: a one-column query (only that column's pages are read and checked) and pyarrow's
own page-checked read (``page_checksum_verification=True``), the alternative way.

    python benchmarks/bench_load.py                       # 20,000,000 deals
    python benchmarks/bench_load.py --hands 2000000 --repeat 5
    python benchmarks/bench_load.py --smoke               # 200,000 deals (CI)
"""

from __future__ import annotations

import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import polars as pl
import pyarrow.dataset as ds
from harness import parser

import sim
from sim.store import shard_path, spec_from_manifest, read_manifest


def best(read: Callable[[], object], repeat: int) -> float:
    """The best wall time of ``repeat`` calls of ``read``."""
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        read()
        times.append(time.perf_counter() - t0)
    return min(times)


def main() -> None:
    p = parser(__doc__, smoke_help="200,000 deals, two repeats")
    p.add_argument("--hands", type=int, default=20_000_000)
    p.add_argument("--repeat", type=int, default=5)
    p.add_argument("--dir", type=Path, default=None, help="where the scan is kept (default: runs/bench-load-N)")
    args = p.parse_args()
    hands, repeat = (200_000, 2) if args.smoke else (args.hands, args.repeat)
    run = args.dir or Path("runs") / f"bench-load-{hands}"
    if read_manifest(run) is None or spec_from_manifest(read_manifest(run)).hands != hands:
        make = "from sim.cli import program; program()"
        subprocess.run([sys.executable, "-c", make, "deals", "zipai", "-n", str(hands), "--seed", "5",
                        "-o", str(run), "--no-progress"], check=True, stdout=subprocess.DEVNULL)
    spec = spec_from_manifest(read_manifest(run))
    files = [str(shard_path(run, k)) for k in range(spec.n_shards)]
    assert sim.load(run).collect().equals(pl.read_parquet(files))  # the same table
    checked = ds.dataset(files, format=ds.ParquetFileFormat(
        default_fragment_scan_options=ds.ParquetFragmentScanOptions(page_checksum_verification=True)))
    reads = {
        "polars.read_parquet": lambda: pl.read_parquet(files),
        "sim.load(...).collect()": lambda: sim.load(run).collect(),
        "pyarrow, pages checked": lambda: pl.from_arrow(checked.to_table(), rechunk=False),
        "polars, one column": lambda: pl.scan_parquet(files).select("ti_0").collect(),
        "sim.load, one column": lambda: sim.load(run).select("ti_0").collect(),
    }
    times = {name: float("inf") for name in reads}
    for _ in range(repeat):  # alternate, so that a busy moment hurts every read alike
        for name, read in reads.items():
            times[name] = min(times[name], best(read, 1))
    base = times["polars.read_parquet"]
    print(f"{hands:,} rows in {spec.n_shards} shards, best of {repeat}")
    for name, seconds in times.items():
        ref = times["polars, one column"] if "one column" in name else base
        print(f"{name:26s} {seconds:7.3f} s  {seconds / ref:5.2f}×")


if __name__ == "__main__":
    main()
