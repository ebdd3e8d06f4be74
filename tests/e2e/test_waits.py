"""The tests' own waits (tests/e2e/waits.py, made every page's by tests/e2e/conftest.py): a page's
``wait_for_selector`` first waits, at every animation frame, for what Playwright's own needs, then lets Playwright's
decide — never for more than Playwright's needs (else a wait that Playwright would end would hang), and in
Playwright's words at the end."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Frame, Page
from waits import FOUND_JS, GONE_JS, prompt_wait

pytestmark = pytest.mark.browser

HTML = """<!doctype html><title>waits</title>
<main><p id="shown" class="note">Shown</p><p id="folded" hidden>Folded</p>
<section data-seat="1" data-presence="here"><span class="seat-name">Оля</span></section>
<button id="go" disabled>Go</button></main>"""
SELECTORS = ["#shown", "#folded", "#absent", "main #shown.note", "section.seat", "section[data-seat='1']",
             "section[data-seat='1'][data-presence=here] .seat-name", "main:has(#go:disabled)", "#go:not([disabled])",
             "text=Shown", "text=Nowhere", "#shown:visible", "#folded:visible", "main >> #shown", "main >> #absent",
             "p:has-text('Shown')", "p:has-text('Nowhere')", "#shown >> nth=0", "[data-seat=\"1\"] >> text=Оля"]
"""CSS selectors, selectors with CSS Playwright reads its own way, and Playwright's own syntax, found and not."""


def test_the_first_wait_never_needs_more_than_playwrights(new_context: Any) -> None:
    ctx, _ = new_context()
    page = ctx.new_page()
    page.set_content(HTML)
    for sel in SELECTORS:
        found = page.query_selector(sel) is not None  # Playwright's own engine
        assert page.evaluate(FOUND_JS, sel) or not found, sel  # an element Playwright finds: found here too
        assert page.evaluate(GONE_JS, sel) or found, sel  # none found by Playwright: none here either
    # and in the page's waits, whatever state is asked for: each ends as Playwright's would, at once here
    for sel, state in [("#shown", None), ("#shown", "visible"), ("#folded", "attached"), ("#folded", "hidden"),
                       ("#absent", "detached"), ("#absent", "hidden"), ("text=Shown", None), ("main >> #go", None)]:
        page.wait_for_selector(sel, state=state, timeout=60_000)
    with pytest.raises(Exception, match="Timeout 300ms"):  # a wait that does not end says so in Playwright's words
        page.wait_for_selector("#shown:not(.note)", timeout=300)


class Recording:
    """A page's part: what :func:`prompt_wait` asked of it."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, Any]] = []

    def wait_for_function(self, expression: str, *, arg: Any = None, timeout: float | None = None) -> None:
        self.calls.append(("function", (expression, arg, timeout)))


def test_each_state_waits_for_what_it_needs_first_and_every_page_waits_so() -> None:
    def playwrights(page: Recording, selector: str, **kw: Any) -> str:
        page.calls.append(("selector", (selector, kw)))
        return "handle"

    wait = prompt_wait(playwrights)
    for state, first in [(None, FOUND_JS), ("visible", FOUND_JS), ("attached", FOUND_JS), ("detached", GONE_JS),
                         ("hidden", None)]:
        page = Recording()
        assert wait(page, "#x", state=state, timeout=5) == "handle"
        kw = {"state": state, "strict": None, "timeout": 5}
        assert page.calls == ([("function", (first, "#x", 5))] if first else []) + [("selector", ("#x", kw))]
    # the session's pages and frames wait so (the conftest's fixture, used by every browser test)
    assert Page.wait_for_selector.__qualname__ == Frame.wait_for_selector.__qualname__ == "prompt_wait.<locals>.wait"
