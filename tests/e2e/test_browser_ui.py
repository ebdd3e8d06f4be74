"""The tests' Chromium (:data:`sitebuild.browser.CHROMIUM_ARGS`) spends nothing on browser UI that no test sees: a
new browser context opens only its own pages — no WebUI of the address bar (``chrome://…top-chrome``), which
headless Chromium 156 otherwise loads into a renderer of its own for every context (≈ 1.1 s of CPU each;
docs/PERF.md, "The test suite")."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.browser


def test_a_new_context_loads_no_browser_ui(browser: Any) -> None:
    cdp = browser.new_browser_cdp_session()
    ctx = browser.new_context()
    try:
        page = ctx.new_page()
        page.goto("about:blank")
        mine = ctx.new_cdp_session(page).send("Target.getTargetInfo")["targetInfo"]["browserContextId"]
        targets = cdp.send("Target.getTargets")["targetInfos"]
    finally:
        ctx.close()
        cdp.detach()
    # (other contexts of this worker's browser — the warm site's service worker — are not this context's)
    ui = [(t["type"], t["url"]) for t in targets if t["url"].startswith("chrome://")
          or (t.get("browserContextId") == mine and t["type"] != "page")]
    assert ui == [], ui
