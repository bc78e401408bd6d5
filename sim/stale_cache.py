"""Drop numba's on-disk caches of paiju's own kernels when any of their sources changed.

numba keys the cache of a ``cache=True`` function on its own file only: when a constant it
reads from another module changes (a longer rules vector, a moved state slot), the cached
machine code of an unchanged caller is loaded as it was and silently uses the old layout.
A checkout that is edited or pulled in place (``pip install -e .``) meets exactly that.
So on import paiju hashes every source file of ``sim`` and ``strategies`` (a few
milliseconds) and, when the hash differs from the one stamped beside the caches, deletes
the ``.nbi``/``.nbc`` files of those packages before any kernel is loaded; they are
compiled again on first use. The generated hand loops of :mod:`sim.specialise` carry the
same kind of hash in their module names and need nothing here.

Folders that cannot be written are left alone (numba then keeps its caches elsewhere, and
an installed copy is replaced file by file, which numba notices itself).
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
from pathlib import Path

PACKAGES = ("sim", "strategies")
STAMP = "paiju-sources.sha256"


def package_dirs(packages: tuple[str, ...] = PACKAGES) -> list[Path]:
    """The folders of ``packages`` (found without importing them)."""
    out = []
    for name in packages:
        spec = importlib.util.find_spec(name)
        if spec is not None and spec.submodule_search_locations:
            out.extend(Path(p) for p in spec.submodule_search_locations)
    return out


def sources_hash(folders: list[Path]) -> str:
    """A hash of every ``.py`` file below ``folders`` (names and contents)."""
    blob = hashlib.sha256()
    for folder in folders:
        for path in sorted(folder.rglob("*.py")):
            blob.update(str(path.relative_to(folder.parent)).encode())
            blob.update(path.read_bytes())
    return blob.hexdigest()


def drop_stale_caches(packages: tuple[str, ...] = PACKAGES) -> int:
    """Delete the numba cache files of ``packages`` if their sources changed since the last
    check; returns how many files were deleted."""
    folders = package_dirs(packages)
    if not folders:
        return 0
    stamp = folders[0] / "__pycache__" / STAMP
    try:
        digest = sources_hash(folders)
        if stamp.exists() and stamp.read_text(encoding="ascii").strip() == digest:
            return 0
        dropped = 0
        for folder in folders:
            for pattern in ("*.nbi", "*.nbc"):
                for path in folder.rglob(f"__pycache__/{pattern}"):
                    path.unlink(missing_ok=True)
                    dropped += 1
        stamp.parent.mkdir(exist_ok=True)
        tmp = stamp.with_name(f".{STAMP}.{os.getpid()}.tmp")
        tmp.write_text(digest, encoding="ascii")
        tmp.replace(stamp)
        return dropped
    except OSError:  # a read-only install: numba uses its user-wide cache there
        return 0
