"""Every file of the site crosses the network once on a first visit (issue 10, item 6): the page, the
bots' worker and the offline precache share one download of each file, whatever the host's HTTP cache
headers, in a fresh incognito-like browser context (whose in-memory HTTP cache cannot hold the 9.6 MB wasm).
Friends online's files are among them (precached), but the page itself neither fetches nor imports them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from test_invite import friends_online

from sitebuild.browser import GITHUB_PAGES, OFFLINE_READY, open_playable, refetched, site_bytes

pytestmark = [pytest.mark.browser, pytest.mark.first_visit]  # a first visit: no stored snapshot

STORED_JS = """async () => {  // the service worker's groups ("king:…"), not the start-up snapshot ("king-snapshot:…")
  let n = 0;
  for (const name of await caches.keys())
    if (name.startsWith("king:")) n += (await (await caches.open(name)).keys()).length;
  return n;
}"""


@pytest.mark.parametrize("cache_control", ["no-cache", GITHUB_PAGES])
def test_first_visit_transfers_the_site_once(cache_control: str, site: Path, make_server: Any,
                                              new_context: Any) -> None:
    srv = make_server(site, cache_control=cache_control)
    ctx, _ = new_context()
    page = open_playable(ctx, srv.url)
    page.wait_for_function("document.body.dataset.bots === 'worker'")  # the worker has booted its Pyodide
    page.wait_for_function(OFFLINE_READY)
    assert friends_online(page) == ([], []), "a first visit's game against bots loaded friends online"
    size = site_bytes(site)
    assert srv.sent <= size * 1.05, (
        f"{srv.sent / 1e6:.2f} MB sent for a {size / 1e6:.2f} MB site; more than once: {refetched(srv.bodies)}")
    # the precache is complete: every file of the site is stored (all but sw.js and .nojekyll, plus "./")
    files = [p for p in site.rglob("*") if p.is_file() and p.name not in ("sw.js", ".nojekyll")]
    assert page.evaluate(STORED_JS) == len(files) + 1
    # and a warm visit downloads nothing but the service worker's own script check
    srv.reset()
    page.reload()
    page.wait_for_selector("body[data-ready=true]")
    assert srv.sent < 20_000, srv.bodies
