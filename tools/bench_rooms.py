"""Friends online's rooms, the transport alone: how fast and how reliably pages of the built site find
each other through a Nostr relay on the loopback and open their channels, and how soon a closed page is lost.

    python -m tools.bench_rooms [RUNS]        (default 20; build the site first: python build.py build)

A relay is started as the browser tests start it (``python build.py relay`` on a free port). Each run opens
fresh pages (new browser contexts: a page's peer id and connections are its own) of a bare page of the site
that runs only ``peer.js`` — the game's Python would add seconds of start-up and nothing to the transport — and
has 2, then 4, of them join a new room at once; measured per run: from the last join to the moment every page
had every other page open (the full mesh), in ms; a run with no full mesh within RUN_S counts as failed. Then
one page of the 4 is closed: from its close to each other page's "lost". Printed: median, 90th percentile and
maximum of each, failures, and the bytes of the room library in the site. No ICE server: host candidates on
the loopback (the browser's launch arguments are the tests').
"""

from __future__ import annotations

import contextlib
import json
import math
import statistics
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from sitebuild.browser import SiteServer, launch_args
from sitebuild.common import SITE
from sitebuild.relay import RelayProcess

PAGE = "/__bench-rooms.html"
"""The bare page, served beside the site (same origin: its peer.js and trystero/)."""
PAGE_HTML = b'<!doctype html><meta charset=utf-8><link rel="icon" href="data:,"><script src="./peer.js"></script>'
RUN_S = 60.0
"""How long one run may take to make its full mesh before it counts as failed."""
LISTEN_JS = """() => { window.ev = []; kingPeer.listen((kind, id, text) => ev.push([kind, id, text, Date.now()])); }"""
JOIN_JS = """async ([room, relay]) => { window.joinedAt = Date.now();
  return kingPeer.join(room, "bench-secret-1234", JSON.stringify([relay]), "[]"); }"""


def percentile(xs: list[float], q: float) -> float:
    """The ``q``-th percentile of ``xs`` (nearest rank).

    >>> percentile([5.0, 1.0, 3.0, 2.0, 4.0], 90), percentile([7.0], 50)
    (5.0, 7.0)
    """
    s = sorted(xs)
    return s[max(0, min(len(s) - 1, math.ceil(q / 100 * len(s)) - 1))]


def summary(name: str, xs: list[float], failed: int, runs: int) -> str:
    """One printed line: median, p90 and max of ``xs`` (ms), and the failures.

    >>> summary("2 pages", [100.0, 300.0, 200.0], 1, 4)
    '2 pages: median 200 ms, p90 300, max 300 (3 of 4 runs; 1 failed)'
    """
    if not xs:
        return f"{name}: no run succeeded ({failed} of {runs} failed)"
    return (f"{name}: median {statistics.median(xs):.0f} ms, p90 {percentile(xs, 90):.0f}, max {max(xs):.0f} "
            f"({len(xs)} of {runs} runs; {failed} failed)")


def one_run(browser: Any, url: str, relay: str, n: int, room: str, lose: bool) -> tuple[float | None, list[float]]:
    """``n`` fresh pages join ``room``: ms from the last join to the full mesh (``None``: not within RUN_S), and
    with ``lose`` the ms from one page's close to each other page's "lost"."""
    ctxs = [browser.new_context() for _ in range(n)]
    try:
        pages = []
        for ctx in ctxs:
            page = ctx.new_page()
            page.goto(url)
            page.wait_for_function("() => !!window.kingPeer")
            page.evaluate(LISTEN_JS)
            pages.append(page)
        for page in pages:
            page.evaluate(JOIN_JS, [room, relay])
        joined = max(page.evaluate("window.joinedAt") for page in pages)
        try:
            for page in pages:
                page.wait_for_function(f"() => kingPeer.peers().length === {n - 1}", timeout=RUN_S * 1000)
        except Exception:
            return None, []
        opened = max(max(e[3] for e in page.evaluate("ev") if e[0] == "open") for page in pages)
        lost: list[float] = []
        if lose:
            victim = pages[-1]
            (victim_id,) = set(pages[0].evaluate("kingPeer.peers()")) - set(victim.evaluate("kingPeer.peers()"))
            closed_at = pages[0].evaluate("Date.now()")
            victim.close()
            for page in pages[:-1]:
                page.wait_for_function("id => ev.some(e => e[0] === 'lost' && e[1] === id)", arg=victim_id,
                                       timeout=RUN_S * 1000)
                lost.append(float(next(e[3] for e in page.evaluate("ev") if e[0] == "lost")) - closed_at)
        return float(opened - joined), lost
    finally:
        for ctx in ctxs:
            ctx.close()


@contextlib.contextmanager
def bench_pages(path: str, html: bytes) -> Iterator[tuple[Any, str, str]]:
    """The built site served with one more page, ``html`` at ``path`` (``/name.html``, a file beside the site
    while it runs), a loopback relay and a Chromium: yields ``(browser, the page's URL, the relay's URL)``;
    every one stopped (and the file removed) after."""
    from playwright.sync_api import sync_playwright

    srv = SiteServer(SITE)
    page_file = Path(SITE.parent / path.lstrip("/"))
    page_file.write_bytes(html)
    srv.files[path] = page_file
    srv.start()
    relay = RelayProcess().start()
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(**launch_args())
            yield browser, srv.url.rstrip("/") + path, relay.url
            browser.close()
    finally:
        relay.stop()
        srv.stop()
        page_file.unlink(missing_ok=True)


def main(argv: list[str]) -> int:
    runs = int(argv[0]) if argv else 20
    if not (SITE / "peer.js").is_file():
        print("bench_rooms: build the site first (python build.py build)", file=sys.stderr)
        return 1
    lib = [p for p in (SITE / "trystero").rglob("*") if p.is_file()]
    print(f"the room library in the site: {len(lib)} files, {sum(p.stat().st_size for p in lib) / 1000:.1f} kB "
          f"(peer.js {(SITE / 'peer.js').stat().st_size / 1000:.1f} kB)")
    results: dict[int, list[float]] = {2: [], 4: []}
    failed = {2: 0, 4: 0}
    lost: list[float] = []
    with bench_pages(PAGE, PAGE_HTML) as (browser, url, relay_url):
        for run in range(runs):
            for n in (2, 4):
                took, gone = one_run(browser, url, relay_url, n, f"bench-{run}-{n}", lose=n == 4)
                if took is None:
                    failed[n] += 1
                else:
                    results[n].append(took)
                    lost += gone
            print(f"  run {run + 1}: " + json.dumps({n: results[n][-1:] for n in results}), flush=True)
    for n in (2, 4):
        print(summary(f"{n} pages, last join to full mesh", results[n], failed[n], runs))
    print(summary("a page closed to 'lost' on each other page", lost, 0, len(lost)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
