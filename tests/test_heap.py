"""A process that plays shards keeps its freed blocks for the next ones (sim.heap)."""

from __future__ import annotations

import subprocess
import sys

import pytest

# a fresh process deals two "blocks" of columns (ten arrays of 2 MiB, written through) and
# prints the page faults of each; with reuse the second block finds its pages in the heap
_BLOCKS = """
import resource, sys
import numpy as np
from sim import heap
if sys.argv[1] == "reuse":
    assert heap.reuse_freed_blocks() and heap.reuse_freed_blocks()
def block():
    before = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
    columns = [np.ones(2 << 20, dtype=np.uint8) for _ in range(10)]
    sum(int(c[::4096].sum()) for c in columns)
    return resource.getrusage(resource.RUSAGE_SELF).ru_minflt - before
print(block(), block())
"""


def _faults(mode: str) -> tuple[int, int]:
    out = subprocess.run([sys.executable, "-c", _BLOCKS, mode], capture_output=True, text=True, check=True)
    first, second = map(int, out.stdout.split())
    return first, second


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="glibc's malloc")
def test_a_blocks_freed_columns_are_reused_without_new_page_faults():
    first, second = _faults("reuse")
    assert first > 2000  # 20 MiB of fresh pages
    assert second < first // 10
