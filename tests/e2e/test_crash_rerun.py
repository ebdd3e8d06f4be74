"""The suite's answer to Chromium's rare renderer crash (tests/e2e/conftest.py, ``RENDERER_CRASH``): the test runs
again in a browser launched anew — also when the crash left console errors the test would have forgiven later. A
fresh-clone run's friend's page crashed while joining, before the test forgave the refused connections to the relay
it had stopped; those errors failed the teardown, and pytest-rerunfailures reruns no test whose teardown failed with
anything else: the run failed."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.browser

RUNS: list[str] = []
"""This worker's runs of the test below (a rerun is in the same process)."""


def test_a_renderer_crash_mid_test_runs_the_test_again_though_its_pages_logged_errors(warm_game: Any) -> None:
    page = warm_game({})
    RUNS.append(page.url)
    if len(RUNS) == 1:  # the first run: an error the test would forgive at its end, then the renderer dies
        page.evaluate("console.error('king-test: an error this test forgives at its end')")
        with pytest.raises(Exception, match=r"crash|closed"):
            page.goto("chrome://crash")
        page.evaluate("1")  # Playwright: "Target crashed" (a RENDERER_CRASH): this run fails, the next one runs
    assert len(RUNS) == 2  # the rerun, in a browser launched anew: a page of it loads and plays
    assert page.evaluate("document.body.dataset.ready") == "true"
