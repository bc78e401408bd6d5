"""numba caches of paiju's packages are dropped when a source changes, and only then."""

from __future__ import annotations

import sys

from sim.stale_cache import drop_stale_caches


def _package(tmp_path, monkeypatch):
    pkg = tmp_path / "toy_kernels"
    (pkg / "sub" / "__pycache__").mkdir(parents=True)
    (pkg / "__init__.py").write_text("X = 1\n")
    (pkg / "sub" / "__init__.py").write_text("")
    monkeypatch.syspath_prepend(str(tmp_path))
    sys.modules.pop("toy_kernels", None)
    return pkg


def _cache_file(pkg):
    path = pkg / "sub" / "__pycache__" / "k.f-1.py312.nbi"
    path.write_bytes(b"index")
    (pkg / "sub" / "__pycache__" / "k.f-1.py312.1.nbc").write_bytes(b"code")
    return path


def test_caches_are_kept_while_the_sources_stay_the_same(tmp_path, monkeypatch):
    pkg = _package(tmp_path, monkeypatch)
    drop_stale_caches(("toy_kernels",))  # the first look stamps the sources
    index = _cache_file(pkg)
    assert drop_stale_caches(("toy_kernels",)) == 0
    assert index.exists()


def test_a_changed_source_anywhere_drops_every_cache_file(tmp_path, monkeypatch):
    pkg = _package(tmp_path, monkeypatch)
    drop_stale_caches(("toy_kernels",))
    index = _cache_file(pkg)
    (pkg / "__init__.py").write_text("X = 2\n")  # a constant another file's kernel reads
    assert drop_stale_caches(("toy_kernels",)) == 2
    assert not index.exists()
    assert drop_stale_caches(("toy_kernels",)) == 0
