"""When the bots' worker starts (issue 20, item 7): with the page where the browser reports 4 cores or more
(``navigator.hardwareConcurrency``, emulated here), after the first render below — the page's marks
``data-bots-start`` and ``kingStats.botsStartedMs`` against ``kingStats.readyMs`` (the table playable)."""

from __future__ import annotations

from typing import Any

import pytest

from sitebuild.browser import READY

pytestmark = pytest.mark.browser

CORES = """Object.defineProperty(Navigator.prototype, "hardwareConcurrency",
  { get: () => Number(new URLSearchParams(location.search).get("cores")), configurable: true });"""
"""The core count a page reports: its address's ``?cores=N``."""


def test_the_worker_starts_with_the_page_from_four_cores(warm_game: Any) -> None:
    page = warm_game({})  # the warm context; the core count is this page's own (not the shared context's)
    page.add_init_script(script=CORES)
    url = page.url.split("?")[0]
    for cores, start in ((8, "page"), (4, "page"), (2, "render")):
        page.goto(f"{url}?cores={cores}")
        page.wait_for_selector(READY)
        page.wait_for_function("document.body.dataset.bots === 'worker'")
        marks = page.evaluate("({start: document.body.dataset.botsStart, cores: navigator.hardwareConcurrency,"
                              " started: window.kingStats.botsStartedMs, ready: window.kingStats.readyMs,"
                              " scripts: document.querySelectorAll('script[type=py][worker]').length})")
        assert marks["cores"] == cores and marks["start"] == start, marks
        assert (marks["started"] < marks["ready"]) == (start == "page"), marks  # before or after the first render
        assert marks["scripts"] == 1, marks  # one worker, taken over by the page's Python when started early
