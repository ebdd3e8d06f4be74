"""The browser tests' waits for what a page shows (tests/e2e/conftest.py's ``prompt_waits`` makes every page's
``wait_for_selector`` :func:`prompt_wait`'s)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

FOUND_JS = """sel => { try { return document.querySelector(sel) !== null; } catch (e) { return true; } }"""
"""Whether a CSS selector matches in the page's document (one of Playwright's own syntax — ``text=``, ``>>``,
``:visible`` — is not CSS: true, Playwright's own wait decides)."""
GONE_JS = """sel => { try { return document.querySelector(sel) === null; } catch (e) { return true; } }"""
"""Whether a CSS selector matches nothing in the page's document (not CSS: true, as :data:`FOUND_JS`)."""


def prompt_wait(wait_for_selector: Callable[..., Any]) -> Callable[..., Any]:
    """Playwright's ``wait_for_selector`` (of a page or a frame), made to see what it waits for within a frame.
    Playwright's own asks the page again 20, 50, 100 and 100 ms after it starts, then every 500 ms: a page that
    shows what was waited for 300 ms into the wait was seen 770 ms into it (a friend's page that joins, a page
    that boots: most of the browser tests' waits are longer than 270 ms). This one first waits, by
    ``wait_for_function`` (checked at every animation frame), for what Playwright's needs — an element that
    matches (``visible``, ``attached``: :data:`FOUND_JS`) or none (``detached``: :data:`GONE_JS`) —, then calls
    Playwright's, which decides as before, at once if that was all (``hidden`` is left to it alone)."""

    def wait(self: Any, selector: str, *, state: str | None = None, strict: bool | None = None,
             timeout: float | None = None) -> Any:
        first = {None: FOUND_JS, "visible": FOUND_JS, "attached": FOUND_JS, "detached": GONE_JS}.get(state)
        if first is not None:
            self.wait_for_function(first, arg=selector, timeout=timeout)
        return wait_for_selector(self, selector, state=state, strict=strict, timeout=timeout)

    return wait
