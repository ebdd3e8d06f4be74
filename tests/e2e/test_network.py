"""Every file of the site the game runs crosses the network once on a first visit (issue 10, item 6): the page,
the bots' worker and the offline precache share one download of each file, whatever the host's HTTP cache
headers, in a fresh incognito-like browser context (whose in-memory HTTP cache cannot hold the 9.6 MB wasm).
Friends online's files are among them (precached), but the page itself neither fetches nor imports them. What
the game never runs (PyScript's editor and terminal, sources beside their ``.pyc``, the bench's pages) or runs
only online (the rooms' library) is not fetched at all (issue 31): the service worker stores it on use."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from test_invite import friends_online

from sitebuild.browser import GITHUB_PAGES, OFFLINE_READY, open_playable, refetched

pytestmark = [pytest.mark.browser, pytest.mark.first_visit]  # a first visit: no stored snapshot

STORED_JS = """async () => {  // the service worker's groups ("king:…"), not the start-up snapshot ("king-snapshot:…")
  let n = 0;
  for (const name of await caches.keys())
    if (name.startsWith("king:")) n += (await (await caches.open(name)).keys()).length;
  return n;
}"""


def precache(site: Path) -> list[str]:
    """The site's files the service worker precaches (``./`` and paths relative to ``site``)."""
    sw = (site / "sw.js").read_text(encoding="utf-8")
    groups = json.loads(sw.split("const GROUPS = ", 1)[1].split(";\n", 1)[0])
    return [url.removeprefix("./") or "./" for urls in groups.values() for url in urls]


def on_use(site: Path) -> list[str]:
    """The site's files the service worker stores when a page first fetches them (not precached)."""
    sw = (site / "sw.js").read_text(encoding="utf-8")
    groups = json.loads(sw.split("const ON_USE = ", 1)[1].split(";\n", 1)[0])
    return [url.removeprefix("./") for urls in groups.values() for url in urls]


@pytest.mark.parametrize("cache_control", ["no-cache", GITHUB_PAGES])
def test_first_visit_transfers_the_site_once(cache_control: str, site: Path, make_server: Any,
                                              new_context: Any) -> None:
    srv = make_server(site, cache_control=cache_control)
    ctx, _ = new_context()
    page = open_playable(ctx, srv.url)
    page.wait_for_function("document.body.dataset.bots === 'worker'")  # the worker has booted its Pyodide
    page.wait_for_function(OFFLINE_READY)
    assert friends_online(page) == ([], []), "a first visit's game against bots loaded friends online"
    precached = precache(site)
    size = sum((site / url).stat().st_size for url in precached if url != "./")
    assert srv.sent <= size * 1.05 + 20_000, (  # + sw.js
        f"{srv.sent / 1e6:.2f} MB sent for a {size / 1e6:.2f} MB precache; more than once: {refetched(srv.bodies)}")
    sent = {path.split("?")[0].lstrip("/") for path, _ in srv.bodies}
    assert not sent & set(on_use(site)), sorted(sent & set(on_use(site)))  # never run: never fetched
    # the precache is complete: every file of its groups is stored (with "./")
    assert page.evaluate(STORED_JS) == len(precached)
    # and a warm visit downloads nothing but the service worker's own script check
    srv.reset()
    page.reload()
    page.wait_for_selector("body[data-ready=true]")
    assert srv.sent < 20_000, srv.bodies


def test_a_first_visit_compiles_pyodide_from_the_stored_copy(server: Any, new_context: Any) -> None:
    """Chromium keeps a wasm module's compiled code beside the response it was compiled from (V8's code cache),
    beside a Cache Storage copy only when the page's response is that copy. On a first visit the service worker
    answers the page's ``pyodide.asm.wasm`` with the copy it has just stored, not the network's response, so
    that the second visit restores the code compiled in the first (docs/PERF.md, "The test suite",
    2026-12-07 perf35a). Checked through DevTools: the response's source as the browser reports it."""
    ctx, _ = new_context()
    page = ctx.new_page()
    sources: dict[str, str] = {}
    cdp = ctx.new_cdp_session(page)
    cdp.on("Network.responseReceived", lambda e: sources.setdefault(
        e["response"]["url"], e["response"].get("serviceWorkerResponseSource", "not the service worker")))
    cdp.send("Network.enable")
    page.goto(server.url)
    page.wait_for_selector("body[data-ready=true]")
    assert page.evaluate("document.documentElement.dataset.snapshotStart") == "none"  # a first visit indeed
    assert sources.get(server.url + "pyodide/pyodide.asm.wasm") == "cache-storage", sources
    cdp.detach()
