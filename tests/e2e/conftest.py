"""Browser tests' set-up: the built site served on 127.0.0.1, Debian's Chromium (or Playwright's own where
there is none), and a guard that no request leaves 127.0.0.1. The launch arguments and the server are
:mod:`sitebuild.browser`'s, shared with ``python build.py bench-web``."""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from sitebuild.browser import TIMEOUT_MS, SiteServer, launch_args
from sitebuild.site import needs_build

RENDERER_CRASH = "Target crashed"
"""Playwright's error when Chromium's renderer process dies. Debian's Chromium 156 segfaulted (SIGSEGV
in the renderer's main thread, minidumps with wasm) while booting Pyodide in 3 of ~1,000 page loads
here, clustered in one minute, and never again in the same tests' reruns: a browser crash, not the
game's. A test that fails with it runs again (at most twice, pytest-rerunfailures); every rerun shows
in pytest's summary ("R", "rerun"), and any other failure is never rerun."""


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if importlib.util.find_spec("pytest_rerunfailures") is None:
        return
    for item in items:
        if item.get_closest_marker("browser") is not None:
            item.add_marker(pytest.mark.flaky(reruns=2, only_rerun=[RENDERER_CRASH]))


ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "dist" / "site"
ARTIFACTS = ROOT / "artifacts"


@pytest.fixture(scope="session")
def browser_type_launch_args() -> dict[str, Any]:
    return launch_args()


@pytest.fixture(scope="session")
def site() -> Path:
    """dist/site, built first if any source changed (``python build.py test`` has built it already)."""
    if needs_build():
        subprocess.run([sys.executable, str(ROOT / "build.py"), "build"], check=True, cwd=ROOT)
    assert (SITE / "index.html").is_file()
    return SITE


@pytest.fixture
def server(site: Path) -> Iterator[SiteServer]:
    srv = SiteServer(site).start()
    yield srv
    srv.stop()


@pytest.fixture
def make_server(site: Path) -> Iterator[Callable[..., SiteServer]]:
    """Servers over other roots: ``make_server(root, path)``, or a sub-path of a copy of the site."""
    made: list[SiteServer] = []
    temps: list[str] = []

    def make(root: Path | None = None, path: str = "/", copy: bool = False, mount: str = "",
             cache_control: str = "no-cache") -> SiteServer:
        if copy or mount:
            tmp = tempfile.mkdtemp(prefix="king-site-")
            temps.append(tmp)
            target = Path(tmp) / mount if mount else Path(tmp) / "site"
            if copy:
                shutil.copytree(site, target)
            else:
                target.symlink_to(site, target_is_directory=True)
            root = Path(tmp) if mount else target
        srv = SiteServer(root or site, path, cache_control).start()
        made.append(srv)
        return srv

    yield make
    for srv in made:
        srv.stop()
    for tmp in temps:
        shutil.rmtree(tmp, ignore_errors=True)


class Watch:
    """Page errors, console errors and every request URL of a browser context."""

    def __init__(self) -> None:
        self.errors: list[str] = []
        self.requests: list[str] = []

    def attach_page(self, page: Any) -> None:
        page.on("pageerror", lambda e: self.errors.append(f"pageerror: {e}"))
        page.on("console", lambda m: self.errors.append(f"console.error: {m.text}") if m.type == "error"
                else None)

    def foreign(self) -> list[str]:
        ok = ("http://127.0.0.1:", "blob:", "data:", "about:")
        return [u for u in self.requests if not u.startswith(ok)]


@pytest.fixture
def new_context(browser: Any) -> Iterator[Callable[..., tuple[Any, Watch]]]:
    """``new_context(width, height)`` -> (context, watch); closes them all and checks that no request left
    127.0.0.1 and no page error happened."""
    made: list[tuple[Any, Watch]] = []

    def make(width: int = 1280, height: int = 800, **kw: Any) -> tuple[Any, Watch]:
        kw.setdefault("locale", "en-US")  # the page picks its language from the browser's (issue 13)
        ctx = browser.new_context(viewport={"width": width, "height": height}, **kw)
        ctx.set_default_timeout(TIMEOUT_MS)
        watch = Watch()
        ctx.on("request", lambda r: watch.requests.append(r.url))
        ctx.on("page", watch.attach_page)
        made.append((ctx, watch))
        return ctx, watch

    yield make
    for ctx, watch in made:
        ctx.close()
        assert watch.foreign() == [], f"requests left 127.0.0.1: {watch.foreign()[:5]}"
        assert watch.errors == [], f"errors in the page: {watch.errors[:5]}"


WRITER_PATH = "__king-test-storage-tab"
"""A path of the site's origin that Playwright answers with an empty document (no page code, no favicon)."""


class StorageTab:
    """A tab at the origin of a served site that runs none of the page's code. :meth:`write` sets
    localStorage items as another tab of the site does (the game's open tabs get their "storage" events),
    or while no game tab is open, so that the next page load reads them: a new state without a page load
    of its own (Pyodide's boot) or a new browser context (a first visit's downloads and service worker).
    Open it before the context loads the site: once the site's service worker controls the origin, it
    answers the tab's path (a 404) instead of Playwright."""

    def __init__(self, ctx: Any, url: str) -> None:
        self.page = ctx.new_page()
        self.page.route(url + WRITER_PATH, lambda route: route.fulfill(
            status=200, content_type="text/html",
            body='<!doctype html><title>storage</title><link rel="icon" href="data:,">'))
        self.page.goto(url + WRITER_PATH)

    def write(self, items: dict[str, str]) -> None:
        self.page.evaluate("items => { for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v); }",
                           items)


@pytest.fixture
def storage_tab() -> Callable[[Any, str], StorageTab]:
    """``storage_tab(context, site_url)`` -> a :class:`StorageTab` of that context (closed with it)."""
    return StorageTab


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS
