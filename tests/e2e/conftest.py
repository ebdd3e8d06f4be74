"""Browser tests' set-up: the built site served on 127.0.0.1, Debian's Chromium (or Playwright's own where
there is none), and a guard that no request leaves 127.0.0.1. The launch arguments and the server are
:mod:`sitebuild.browser`'s, shared with ``python build.py bench-web``."""

from __future__ import annotations

import base64
import contextlib
import importlib.util
import re
import shutil
import subprocess
import sys
import tempfile
import urllib.parse
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from waits import prompt_wait

from sitebuild.browser import OFFLINE_READY, READY, TIMEOUT_MS, SiteServer, launch_args
from sitebuild.relay import RelayProcess
from sitebuild.site import needs_build

RENDERER_CRASH = ["Target crashed", "Page crashed"]
"""Playwright's errors when Chromium's renderer process dies (the first from a call into the page, the second
from a wait on it, e.g. for the page to be playable). Debian's Chromium 156 segfaulted (SIGSEGV
in the renderer's main thread, minidumps with wasm) while booting Pyodide in 3 of ~1,000 page loads
here, clustered in one minute, and never again in the same tests' reruns: a browser crash, not the
game's. A test that fails with it runs again (at most twice, pytest-rerunfailures); every rerun shows
in pytest's summary ("R", "rerun"), and any other failure is never rerun."""


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if importlib.util.find_spec("pytest_rerunfailures") is None:
        return
    for item in items:
        if item.get_closest_marker("browser") is not None:
            item.add_marker(pytest.mark.flaky(reruns=2, only_rerun=RENDERER_CRASH))


ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "dist" / "site"
ARTIFACTS = ROOT / "artifacts"


@pytest.fixture(scope="session")
def browser_type_launch_args() -> dict[str, Any]:
    return launch_args()


CRASHED: list[str] = []
"""The addresses of the pages whose renderer died since the worker's browser was last launched (each
:class:`Watch`'s pages report it)."""


def crashed_in_test() -> bool:
    """Whether a renderer crashed during the test now ending: the test failed with :data:`RENDERER_CRASH` and runs
    again (the browser launched anew, :class:`BrowserBox`) — its pages' console errors are not checked then, so that
    the rerun happens (pytest-rerunfailures reruns no test whose teardown failed otherwise: a CI run's friend's page
    crashed mid-test, and the relay errors the test forgives only at its end failed its teardown). Every run that
    ends is checked as always (:data:`CRASHED` is emptied when the browser is launched anew, before a test's pages)."""
    return bool(CRASHED)


class BrowserBox:
    """The worker's Chromium (pytest-playwright's ``browser``, every call passed on), launched anew before its
    next use once a renderer of it crashed (:data:`CRASHED`): in two fresh-clone runs, once one page had crashed,
    every later page load of that worker's browser crashed too — in new contexts as in the warm one — while the
    other worker's browser went on, so a rerun (:data:`RENDERER_CRASH`) needs a new browser to mean anything.
    :attr:`launches` counts them (:class:`WarmSite` makes its context again after one)."""

    def __init__(self, launch: Callable[[], Any]) -> None:
        self._launch = launch
        self.real = launch()
        self.launches = 1

    def fresh(self) -> None:
        """Launch the browser anew if a renderer of it crashed (its contexts closed with it)."""
        if not CRASHED:
            return
        print(f"\nChromium launched again: a renderer crashed at {CRASHED[:3]}", file=sys.stderr)
        CRASHED.clear()
        with contextlib.suppress(Exception):  # (a browser in that state may not close cleanly: it is left)
            self.real.close()
        self.real = self._launch()
        self.launches += 1

    def __getattr__(self, name: str) -> Any:
        self.fresh()
        return getattr(self.real, name)


@pytest.fixture(scope="session")
def browser(launch_browser: Callable[[], Any]) -> Iterator[BrowserBox]:
    box = BrowserBox(launch_browser)
    yield box
    box.real.close()


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
        self.forgiven: tuple[str, ...] = ()

    def attach_page(self, page: Any) -> None:
        page.on("crash", lambda p: CRASHED.append(p.url))
        page.on("pageerror", lambda e: self.errors.append(f"pageerror: {e}"))
        page.on("console", lambda m: self.error(f"console.error: {m.text}") if m.type == "error" else None)

    def error(self, text: str) -> None:
        if not text.startswith(self.forgiven):
            self.errors.append(text)

    def forgive(self, *prefixes: str) -> None:
        """Errors expected from now on to the test's end, by how they start (e.g. Chromium's refused connection to
        a relay the test stopped — a page asks it again until it closes, after the test's last step too): the
        ones already seen dropped, the later ones never kept."""
        self.forgiven += prefixes
        self.errors[:] = [e for e in self.errors if not e.startswith(prefixes)]

    def foreign(self) -> list[str]:
        ok = ("http://127.0.0.1:", "blob:", "data:", "about:")
        return [u for u in self.requests if not u.startswith(ok)]


NO_WELCOME = "window.kingNoWelcome = true;"
"""An init script for the tests' browser contexts: the page skips a first visit's welcome (web/start.js), which
would otherwise stand over every test that opens a fresh page (nothing stored). The welcome's own tests ask
for a context without it (``new_context(welcome=True)``)."""

MOTION = "reduce"
"""The tests' browsers ask for reduced motion (``prefers-reduced-motion``, a player's own setting the page follows):
no card flies, so Chromium draws no frames of it in software — about a fifth of the CPU of a deal played against
fast bots (docs/PERF.md, "The test suite"). Nothing in the page waits for an animation; a test that checks motion
asks for it (``page.emulate_media(reduced_motion="no-preference")``: test_keys_options.py's double click)."""

@pytest.fixture(scope="session", autouse=True)
def prompt_waits() -> Iterator[None]:
    """Every page's and frame's ``wait_for_selector``, for the session: :func:`prompt_wait`."""
    from playwright.sync_api import Frame, Page
    with pytest.MonkeyPatch.context() as patch:
        for cls in (Page, Frame):
            patch.setattr(cls, "wait_for_selector", prompt_wait(cls.wait_for_selector))
        yield


SNAPSHOT_PATH = "/__king-test-snapshot.bin"
"""Where a test's server answers with the session's start-up snapshot (:func:`start_snapshot`)."""
SNAPSHOT_MADE = "['stored', 'failed'].includes(document.documentElement.dataset.snapshot)"
READ_SNAPSHOT_JS = """async ([at, size]) => {  // base64 of bytes [at, at + size) of the stored snapshot
  if (!globalThis.__kingSnap) {
    for (const name of await caches.keys()) {
      if (!name.startsWith('king-snapshot:')) continue;
      const cache = await caches.open(name);
      const [req] = await cache.keys();
      globalThis.__kingSnap = new Uint8Array(await (await cache.match(req)).arrayBuffer());
    }
  }
  const part = globalThis.__kingSnap.subarray(at, at + size);
  let text = '';
  for (let i = 0; i < part.length; i += 0x8000) text += String.fromCharCode(...part.subarray(i, i + 0x8000));
  return [btoa(text), globalThis.__kingSnap.length];
}"""
SEED_SNAPSHOT_JS = """async ([cacheName, key, source]) => {  // what boot.mjs's keepSnapshot() would have stored
  const bytes = await (await fetch(source)).arrayBuffer();
  const cache = await caches.open(cacheName);
  await cache.put(new URL(key, location.href).href,
                  new Response(bytes, { headers: { 'Content-Type': 'application/octet-stream' } }));
  return bytes.byteLength;
}"""


@pytest.fixture(scope="session")
def start_snapshot(site: Path, browser: Any, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The start-up snapshot that a first visit of this build stores (web/boot.mjs), made once in a real
    page and kept in a file shared by the pytest-xdist workers (under a lock: one makes it, the other
    waits). Every browser test but those marked ``first_visit`` starts as a returning player's browser
    does — Python restored from it — instead of each paying a cold start and a third Python in the
    background making the same snapshot again (≈ 15–20 s of CPU a test on two cores)."""
    key = re.search(r'SNAPSHOT_KEY = "([0-9a-f]+)"', (site / "boot.mjs").read_text(encoding="utf-8"))
    assert key, "no snapshot key in the built boot.mjs"
    shared = tmp_path_factory.getbasetemp().parent  # the same for every xdist worker of a run
    path = shared / f"king-snapshot-{key.group(1)}.bin"
    with open(shared / "king-snapshot.lock", "w") as lock:
        try:
            import fcntl
            fcntl.flock(lock, fcntl.LOCK_EX)
        except ImportError:  # not POSIX: each worker makes its own
            pass
        if not path.exists():
            srv = SiteServer(site).start()
            ctx = browser.new_context()
            ctx.set_default_timeout(TIMEOUT_MS)
            try:
                page = ctx.new_page()
                page.goto(srv.url)
                page.wait_for_selector(READY)
                page.wait_for_function(SNAPSHOT_MADE, timeout=4 * TIMEOUT_MS)
                assert page.evaluate("document.documentElement.dataset.snapshot") == "stored"
                parts: list[bytes] = []
                at, total = 0, 1
                while at < total:
                    text, total = page.evaluate(READ_SNAPSHOT_JS, [at, 1 << 22])
                    parts.append(base64.b64decode(text))
                    at += 1 << 22
                data = b"".join(parts)
                assert len(data) == total
                tmp = path.with_suffix(".part")
                tmp.write_bytes(data)
                tmp.replace(path)
            finally:
                ctx.close()
                srv.stop()
    return path


def seed_snapshot(ctx: Any, srv: SiteServer, snapshot: Path) -> None:
    """Store ``snapshot`` in ``ctx``'s Cache Storage for the site ``srv`` serves, as its first visit
    would have (before the site is loaded: a tab that runs none of the page's code), then forget the
    bytes that took."""
    name = snapshot.name.removeprefix("king-snapshot-").removesuffix(".bin")
    srv.files[SNAPSHOT_PATH] = snapshot
    tab = StorageTab(ctx, srv.url)
    size = tab.page.evaluate(SEED_SNAPSHOT_JS, ["king-snapshot:" + srv.path, f"snapshot-{name}.bin",
                                                SNAPSHOT_PATH])
    assert size == snapshot.stat().st_size
    tab.page.close()
    srv.reset()


@pytest.fixture
def new_context(browser: Any, request: pytest.FixtureRequest) -> Iterator[Callable[..., tuple[Any, Watch]]]:
    """``new_context(width, height)`` -> (context, watch); closes them all and checks that no request left
    127.0.0.1 and no page error happened. When the test uses the ``server`` fixture and is not marked
    ``first_visit``, the context starts with the start-up snapshot stored (:func:`start_snapshot`);
    ``warm=False`` makes one context a first visit; ``welcome=True`` one that shows a first visit's welcome
    (:data:`NO_WELCOME`)."""
    made: list[tuple[Any, Watch]] = []
    warm_default = "server" in request.fixturenames and request.node.get_closest_marker("first_visit") is None

    def make(width: int = 1280, height: int = 800, warm: bool | None = None, welcome: bool = False,
             **kw: Any) -> tuple[Any, Watch]:
        kw.setdefault("locale", "en-US")  # the page picks its language from the browser's (issue 13)
        kw.setdefault("reduced_motion", MOTION)
        ctx = browser.new_context(viewport={"width": width, "height": height}, **kw)
        ctx.set_default_timeout(TIMEOUT_MS)
        if not welcome:
            ctx.add_init_script(script=NO_WELCOME)
        watch = Watch()
        ctx.on("request", lambda r: watch.requests.append(r.url))
        ctx.on("page", watch.attach_page)
        made.append((ctx, watch))
        if warm_default if warm is None else warm:
            seed_snapshot(ctx, request.getfixturevalue("server"), request.getfixturevalue("start_snapshot"))
        return ctx, watch

    yield make
    crashed = crashed_in_test()  # (read before the contexts close)
    for ctx, watch in made:
        ctx.close()
        assert watch.foreign() == [], f"requests left 127.0.0.1: {watch.foreign()[:5]}"
        assert crashed or watch.errors == [], f"errors in the page: {watch.errors[:5]}"


WRITER_PATH = "__king-test-storage-tab"
"""A path of the site's origin that Playwright answers with an empty document (no page code, no favicon)."""


class StorageTab:
    """A tab at the origin of a served site that runs none of the page's code. :meth:`write` sets
    localStorage items as another tab of the site does (the game's open tabs get their "storage" events),
    or while no game tab is open, so that the next page load reads them: a new state without a page load
    of its own (Pyodide's boot) or a new browser context (a first visit's downloads and service worker).
    Open it before the context loads the site: once the site's service worker controls the origin, it
    answers the tab's path (a 404) instead of Playwright.

    The items are written and cleared through the DevTools protocol's ``DOMStorage`` domain, which answers
    once the browser's own copy of the origin's storage holds them: a page's ``localStorage.setItem`` only
    queues the change for the browser, and a page loaded just after in another renderer once read the
    storage without it (a host's page found no save and opened a new game)."""

    def __init__(self, ctx: Any, url: str) -> None:
        self.page = ctx.new_page()
        self.page.route(url + WRITER_PATH, lambda route: route.fulfill(
            status=200, content_type="text/html",
            body='<!doctype html><title>storage</title><link rel="icon" href="data:,">'))
        self.page.goto(url + WRITER_PATH)
        self.cdp = ctx.new_cdp_session(self.page)
        origin = urllib.parse.urlsplit(url)
        self.storage_id = {"securityOrigin": f"{origin.scheme}://{origin.netloc}", "isLocalStorage": True}

    def write(self, items: dict[str, str]) -> None:
        """Set ``items``; returns once the browser holds them (a page loaded after reads them)."""
        for key, value in items.items():
            self.cdp.send("DOMStorage.setDOMStorageItem", {"storageId": self.storage_id, "key": key, "value": value})

    def clear(self) -> None:
        """Remove every item of the origin's localStorage; returns once the browser has."""
        self.cdp.send("DOMStorage.clear", {"storageId": self.storage_id})


@pytest.fixture
def storage_tab() -> Callable[[Any, str], StorageTab]:
    """``storage_tab(context, site_url)`` -> a :class:`StorageTab` of that context (closed with it)."""
    return StorageTab


class WarmSite:
    """One served site and one browser context per pytest-xdist worker in which the site has been played
    once (its service worker in control, its files in the Cache Storage, the start-up snapshot stored):
    what a returning player's browser holds. A new context costs about 7 s of Chromium's CPU before the
    first check (the snapshot stored 2 s, the first load 4–5 s, the bots' worker 1 s), a page in this one
    2.5–3.5 s (docs/PERF.md, "Where the time goes"). With the context's :class:`StorageTab`, kept open.
    Read as the tuple ``(server, context, watch, storage tab)`` — made again first when the worker's browser was
    launched anew since (:class:`BrowserBox`)."""

    def __init__(self, site: Path, browser: BrowserBox, snapshot: Path) -> None:
        self.site, self.browser, self.snapshot = site, browser, snapshot
        self.made: tuple[SiteServer, Any, Watch, StorageTab] | None = None
        self.launch = 0

    def _make(self) -> tuple[SiteServer, Any, Watch, StorageTab]:
        srv = SiteServer(self.site).start()
        ctx = self.browser.new_context(viewport={"width": 1280, "height": 800}, locale="en-US",
                                       reduced_motion=MOTION)
        ctx.set_default_timeout(TIMEOUT_MS)
        ctx.add_init_script(script=NO_WELCOME)
        watch = Watch()
        ctx.on("request", lambda r: watch.requests.append(r.url))
        ctx.on("page", watch.attach_page)
        seed_snapshot(ctx, srv, self.snapshot)
        writer = StorageTab(ctx, srv.url)  # before the site's service worker controls the origin
        page = ctx.new_page()
        page.goto(srv.url)
        page.wait_for_selector(READY)
        page.wait_for_function(OFFLINE_READY)
        page.close()
        return srv, ctx, watch, writer

    def now(self) -> tuple[SiteServer, Any, Watch, StorageTab]:
        self.browser.fresh()
        if self.made is None or self.launch != self.browser.launches:
            self.close()
            self.launch = self.browser.launches
            self.made = self._make()
        return self.made

    def close(self) -> None:
        if self.made is not None:
            srv, ctx = self.made[0], self.made[1]
            self.made = None
            with contextlib.suppress(Exception):  # (closed with a browser launched anew)
                ctx.close()
            srv.stop()

    def __iter__(self) -> Iterator[Any]:
        return iter(self.now())

    def __getitem__(self, i: int) -> Any:
        return self.now()[i]


@pytest.fixture(scope="session")
def warm_site(site: Path, browser: BrowserBox, start_snapshot: Path) -> Iterator[WarmSite]:
    """The worker's :class:`WarmSite`."""
    warm = WarmSite(site, browser, start_snapshot)
    try:
        yield warm
    finally:
        warm.close()


@pytest.fixture
def warm_game(warm_site: WarmSite) -> Iterator[Callable[..., Any]]:
    """``warm_game(items, query="", size=None)`` -> a page of the game in :func:`warm_site`'s context, its
    localStorage holding only ``items`` (the pages of the test before are closed first); the site's URL plus
    ``query`` (e.g. ``"?king-test"``), loaded at ``size`` (width, height) when given, else 1280×800. At the
    end: the test's pages closed, no request left 127.0.0.1 and no page error happened, as with
    :func:`new_context`. For tests that need no first visit and no context options of their own (their
    clipboard permission or offline state, where they need one, granted and taken back by the test)."""
    srv, ctx, watch, writer = warm_site
    watch.errors.clear()
    watch.requests.clear()
    watch.forgiven = ()  # (the test before's expected errors are not this one's)

    def open_page(items: dict[str, str], query: str = "", size: tuple[int, int] | None = None) -> Any:
        for page in ctx.pages:
            if page is not writer.page:
                page.close()
        writer.clear()
        writer.write(items)
        page = ctx.new_page()
        if size is not None:
            page.set_viewport_size({"width": size[0], "height": size[1]})
        page.goto(srv.url + query)
        page.wait_for_selector(READY)
        return page

    yield open_page
    for page in ctx.pages:
        if page is not writer.page:
            page.close()
    assert watch.foreign() == [], f"requests left 127.0.0.1: {watch.foreign()[:5]}"
    assert crashed_in_test() or watch.errors == [], f"errors in the page: {watch.errors[:5]}"


@pytest.fixture
def warm_tab(warm_game: Callable[..., Any], warm_site: WarmSite) -> StorageTab:
    """The :class:`StorageTab` of :func:`warm_game`'s context: ``warm_tab.write(items)`` is another tab of the
    site writing (the test's open pages get their "storage" events and follow a newer save) — a new state
    without a reload where the reload is not what the test checks."""
    return warm_site.now()[3]


class WarmPeers:
    """Several browsers at one site for one test (friends online): :func:`warm_site`'s context (a returning
    player's browser, no first visit to pay: about 3 s of a page load less than a new context's) and new
    contexts of the same site with its start-up snapshot stored. ``url``: the site's address."""

    def __init__(self, warm_site: WarmSite, snapshot: Path,
                 new_context: Callable[..., tuple[Any, Watch]]) -> None:
        self.srv, self.ctx, _, self.writer = warm_site
        self.url = self.srv.url
        self.snapshot = snapshot
        self.made = new_context
        self.watches: list[Watch] = [warm_site[2]]

    def store(self, items: dict[str, str]) -> None:
        """The warm context's localStorage holds only ``items`` (before its pages of this test load)."""
        self.writer.clear()
        self.writer.write(items)

    def new_context(self, width: int = 1280, height: int = 800, **kw: Any) -> Any:
        """Another browser of this site (:func:`new_context`'s checks at the end): the start-up snapshot
        stored, not yet visited. Its :class:`Watch` is added to :attr:`watches` (the warm context's first)."""
        ctx, watch = self.made(width, height, warm=False, **kw)
        self.watches.append(watch)
        seed_snapshot(ctx, self.srv, self.snapshot)
        return ctx


@pytest.fixture
def warm_peers(warm_game: Callable[..., Any], warm_site: WarmSite,
               start_snapshot: Path, new_context: Callable[..., tuple[Any, Watch]]) -> WarmPeers:
    """A :class:`WarmPeers` (the warm context's pages closed and checked at the end as with :func:`warm_game`,
    the new contexts as with :func:`new_context`)."""
    return WarmPeers(warm_site, start_snapshot, new_context)


@pytest.fixture
def relay(tmp_path: Path) -> Iterator[RelayProcess]:
    """``python build.py relay`` (a real Nostr relay, PyPI ``nostr-relay``) on a free port of 127.0.0.1 for the
    test — what friends online's rooms find each other through (docs/NET.md) — stopped after it
    (:class:`sitebuild.relay.RelayProcess`: ``stop()`` mid-test is a relay that dies). A test names it before
    ``warm_peers``: set up first, it is stopped after the pages are closed (else a page still open asks the
    stopped relay again, and its console's refused connection fails the test's teardown)."""
    r = RelayProcess(log=tmp_path / "relay.log").start()
    try:
        yield r
    finally:
        r.stop()


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS
