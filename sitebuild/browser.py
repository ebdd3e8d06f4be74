"""Driving the built page in Chromium: what ``tools/bench_web.py`` and the browser tests
(``tests/e2e/conftest.py``) share — the launch arguments, the served site, waiting for the page.

Playwright is not imported here (the objects it hands out are typed ``Any``): this module stays importable
where it is not installed.
"""

from __future__ import annotations

import http.server
import os
import threading
from pathlib import Path
from typing import Any, BinaryIO

from .serve import Handler

CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
    "--disable-sync", "--no-first-run", "--disable-default-apps",
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",  # proves that no request leaves 127.0.0.1
    # WebRTC's host candidates as addresses, not mDNS names (".local"), which the rule above leaves
    # unresolvable: friends online (issue 19) join two contexts on the loopback with no ICE server.
    # Headless Chromium 156 loads its address bar's popups (chrome://omnibox-popup.top-chrome/, two WebUI pages in
    # a renderer of their own) into every browser context, which nothing here ever shows: ≈ 1.1 s of CPU a context
    # (0.8 of it that renderer's), dozens of contexts a test run (docs/PERF.md, "The test suite")
    "--disable-features=WebRtcHideLocalIpsWithMdns,WebUIOmniboxPopup,WebUIOmniboxAimPopup",
]
READY = "body[data-ready=true]"  # the page is playable: Python ready, save restored, table drawn
OFFLINE_READY = "document.documentElement.dataset.offline === 'ready'"  # the precache is complete
MY_TURN_OR_BREAK = """() => { const p = document.body.dataset.phase;
  return p === 'deal_over' || p === 'rubber_over'
      || !!document.querySelector('#hand.is-my-turn button.card:not([aria-disabled=true])'); }"""
TIMEOUT_MS = 120_000  # a cold boot takes 3–10 s on 2 shared cores; far more under CPU throttling
GITHUB_PAGES = "max-age=600"  # the Cache-Control header GitHub Pages sends with every file


def chromium_path() -> str | None:
    """Debian's Chromium (or ``$CHROMIUM``); ``None``: use Playwright's own browser."""
    path = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    return path if os.path.exists(path) else None


def launch_args() -> dict[str, Any]:
    """Keyword arguments for Playwright's ``chromium.launch`` (headless, the system Chromium if any)."""
    args: dict[str, Any] = {"headless": True, "args": CHROMIUM_ARGS}
    path = chromium_path()
    if path:
        args["executable_path"] = path
    return args


def play_on(page: Any) -> str:
    """One step of a player who always goes on: wait for my turn or a deal's end, then press *Continue*
    after a deal or play my first legal card; the phase seen (``rubber_over``: nothing was done)."""
    page.wait_for_function(MY_TURN_OR_BREAK)
    phase = str(page.evaluate("document.body.dataset.phase"))
    if phase == "deal_over":
        deal = page.evaluate("document.body.dataset.deal")
        page.click("#btn-continue")
        page.wait_for_function(f"document.body.dataset.deal !== '{deal}'")
    elif phase != "rubber_over":
        page.locator("#hand.is-my-turn button.card:not([aria-disabled=true])").first.click()
    return phase


def open_playable(ctx: Any, url: str) -> Any:
    """A new page of the browser context ``ctx`` at ``url``, returned once it is playable."""
    page = ctx.new_page()
    page.goto(url)
    page.wait_for_selector(READY)
    return page


class SiteServer:
    """A directory served over HTTP on 127.0.0.1 (like ``python build.py serve``) in a thread of this
    process, counting the response bodies it sends.

    ``path`` is the URL path the site is under (``/`` or e.g. ``/king/`` when ``root`` holds a ``king``
    folder); ``cache_control`` the header sent with every file (``serve`` sends ``no-cache``; GitHub Pages
    :data:`GITHUB_PAGES`). ``sent``/``requests``: body bytes and responses with a body since the last
    :meth:`reset`; ``bodies``: (path, bytes) of each of those responses; ``before_sw``: bytes sent before
    the first request for ``sw.js``; ``files``: extra URL paths (``/name``) answered with a file from
    elsewhere (the browser tests' start-up snapshot). :meth:`stop` closes
    the port (connections are refused, as from a host that is down).
    """

    def __init__(self, root: Path, path: str = "/", cache_control: str = "no-cache") -> None:
        self.root = root
        self.path = path
        self.sent = 0
        self.requests = 0
        self.bodies: list[tuple[str, int]] = []
        self.before_sw: int | None = None
        self.files: dict[str, Path] = {}
        self._lock = threading.Lock()
        outer = self

        class Counting(Handler):
            def __init__(self, *a: Any, **k: Any) -> None:
                super().__init__(*a, directory=str(root), **k)

            def translate_path(self, path: str) -> str:
                extra = outer.files.get(path.split("?")[0])
                return str(extra) if extra is not None else super().translate_path(path)

            def send_head(self) -> Any:
                if self.path.split("?")[0].endswith("/sw.js") and outer.before_sw is None:
                    outer.before_sw = outer.sent
                return super().send_head()

            def copyfile(self, source: BinaryIO, outputfile: BinaryIO) -> None:  # type: ignore[override]
                n = 0
                while chunk := source.read(1 << 16):
                    outputfile.write(chunk)
                    n += len(chunk)
                with outer._lock:
                    outer.sent += n
                    outer.requests += 1
                    outer.bodies.append((self.path, n))

            def log_message(self, format: str, *args: object) -> None:
                pass

        Counting.cache_control = cache_control
        self._httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Counting)
        self._httpd.daemon_threads = True
        self.port = int(self._httpd.server_address[1])
        self._thread: threading.Thread | None = None

    @property
    def url(self) -> str:
        """The site's URL, ending with ``/``."""
        return f"http://127.0.0.1:{self.port}{self.path}"

    def start(self) -> SiteServer:
        """Serve in a daemon thread; returns self."""
        self._thread = threading.Thread(target=self._httpd.serve_forever, daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        """Stop serving and close the port (idempotent)."""
        if self._thread is not None:
            self._httpd.shutdown()
            self._thread.join(timeout=10)
            self._thread = None
        self._httpd.server_close()

    def reset(self) -> None:
        """Start counting anew."""
        with self._lock:
            self.sent = self.requests = 0
            self.bodies = []
            self.before_sw = None


def refetched(bodies: list[tuple[str, int]]) -> dict[str, int]:
    """Paths sent with a body more than once (query strings ignored): path -> times."""
    counts: dict[str, int] = {}
    for path, _ in bodies:
        key = path.split("?")[0]
        counts[key] = counts.get(key, 0) + 1
    return {k: n for k, n in sorted(counts.items()) if n > 1}
