"""Keep the memory of a shard's freed blocks for its next ones.

Every block of a shard allocates its columns afresh (a few MiB) and frees them once written.
glibc's malloc serves allocations that large with ``mmap`` and gives them back to the system
when freed, so each block pays again for the pages (a page fault and the zeroing of each
4 KiB, then the unmapping): about 0.3 s of a 10⁸-deal 跑胡子 run on two cores. A process
that plays shards raises malloc's thresholds once (``mallopt``), so freed blocks stay in its
heap and the next block reuses them; what it holds stays that of one block's columns, flat
in the run's size. Elsewhere than glibc this does nothing.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import sys

MMAP_THRESHOLD = 32 << 20  # allocations below this come from the heap (glibc's largest)
TRIM_THRESHOLD = 128 << 20  # free memory at the heap's top kept up to this
_M_TRIM_THRESHOLD, _M_MMAP_THRESHOLD = -1, -3  # mallopt's parameters (malloc.h)

_done = False


def reuse_freed_blocks() -> bool:
    """Raise glibc malloc's thresholds in this process, once; whether they are raised."""
    global _done
    if _done or not sys.platform.startswith("linux"):
        return _done
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        mallopt = libc.mallopt
    except (OSError, AttributeError):  # not glibc
        return False
    _done = bool(mallopt(_M_MMAP_THRESHOLD, MMAP_THRESHOLD)) and bool(mallopt(_M_TRIM_THRESHOLD, TRIM_THRESHOLD))
    return _done
