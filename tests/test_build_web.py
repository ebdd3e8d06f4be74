"""build.py's test and bench helpers: the test requirements come from pyproject.toml, percentiles are
nearest-rank, and the generated service worker revalidates instead of downloading the site twice."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).parent.parent


def build_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("king_build_under_test", ROOT / "build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_test_requirements_come_from_pyproject() -> None:
    b = build_module()
    reqs = b.optional_dependencies()
    names = [r.split(">")[0].split("=")[0].split("<")[0] for r in reqs]
    for name in ("pytest", "hypothesis", "mypy", "ruff", "playwright", "pytest-playwright"):
        assert name in names


def test_percentile_is_nearest_rank() -> None:
    b = build_module()
    xs = [float(x) for x in range(1, 101)]
    assert (b.percentile(xs, 50), b.percentile(xs, 95), b.percentile(xs, 100)) == (50.0, 95.0, 100.0)
    assert b.percentile([3.0, 1.0, 2.0], 50) == 2.0 and b.percentile([7.0], 95) == 7.0


def test_service_worker_precaches_with_revalidation() -> None:
    b = build_module()
    files = {"index.html": b"<html></html>", "main.py": b"", "pyodide/pyodide.mjs": b"x", "bench-floor.html": b""}
    sw = b.service_worker(files).decode()
    assert 'cache: "no-cache"' in sw and 'cache: "reload"' not in sw
    groups = json.loads(sw.split("const GROUPS = ", 1)[1].split(";\n", 1)[0])
    urls = sorted(u for g in groups.values() for u in g)
    assert urls == ["./", "./bench-floor.html", "./index.html", "./main.py", "./pyodide/pyodide.mjs"]


def test_catalogs_are_compiled_into_the_site() -> None:
    """web/locale/<lang>.po becomes locale/<lang>.mo (Babel), the .po stays out of the site, and the page's
    Catalog reads the .mo with its plural forms."""
    from kingcore.web import Catalog

    b = build_module()
    po = (ROOT / "web" / "locale" / "en.po").read_bytes()
    out = b.compile_catalogs({"locale/en.po": po, "index.html": b"x"})
    assert sorted(out) == ["index.html", "locale/en.mo"] and out["index.html"] == b"x"
    cat = Catalog.from_mo(out["locale/en.mo"], strict=True)
    assert cat.t("contract.no_king") == "No King" and cat.n("seat.tricks", 2) == "2 tricks"
    site = {"pyscript.json": b'{"interpreter": "./boot.mjs"}', "locale/en.mo": b"", "king/__init__.py": b"",
            "king/render/hand.py": b"", "main.py": b"", "bots.py": b""}
    b.page_files_config(site)  # PyScript puts them in Python's file system before main.py runs
    config = json.loads(site["pyscript.json"])
    assert config == {"interpreter": "./boot.mjs", "files": {
        "./king/__init__.py": "./king/__init__.py", "./king/render/hand.py": "./king/render/hand.py",
        "./locale/en.mo": "./locale/en.mo"}}
