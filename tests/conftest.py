"""Shared test set-up: the tests import the package from the checkout and the reference from tests/."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TypeVar

import pytest

T = TypeVar("T")

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """``@pytest.mark.slow`` tests run only when asked for with ``-m slow`` (or any ``-m`` naming it): the
    everyday ``python build.py test`` skips them, ``python build.py test -- -m slow`` runs only them."""
    if "slow" in (config.getoption("-m") or ""):
        return
    skip = pytest.mark.skip(reason="slow: python build.py test -- -m slow")
    for item in items:
        if item.get_closest_marker("slow") is not None:  # not ``in item.keywords``: a checkout in a folder
            item.add_marker(skip)  # named "slow" has that word among every test's keywords
    items[:] = spread(items, int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1")))


def spread(items: list[T], workers: int, browser: str = "/e2e/", tail: float = 0.2) -> list[T]:
    """The run's order for ``workers`` pytest-xdist workers (``--dist worksteal`` hands each a contiguous
    share of the list, then moves tests from the back of the longest queue to a worker that ran out): each
    share holds as many browser tests as the others, spread among its CPU tests, and ends with only CPU
    tests (``tail`` of them). A browser test keeps about half to one core busy while it waits on the page,
    so a worker mixing both kinds keeps the cores busy; short CPU tests at the end of every queue leave no
    worker idle while another finishes a 30-s browser test. One worker: the order is unchanged.

    >>> order = spread([f"tests/e2e/b{i}" for i in range(4)] + [f"tests/c{i}" for i in range(8)], 2)
    >>> [x.split("/")[-1] for x in order]
    ['b0', 'c0', 'c1', 'b2', 'c2', 'c3', 'b1', 'c4', 'c5', 'b3', 'c6', 'c7']
    """
    if workers < 2:
        return items
    slow = [x for x in items if browser in str(getattr(x, "nodeid", x))]
    fast = [x for x in items if browser not in str(getattr(x, "nodeid", x))]
    out: list[T] = []
    for w in range(workers):
        mine, cpu = slow[w::workers], fast[w * len(fast) // workers:(w + 1) * len(fast) // workers]
        body = cpu[:len(cpu) - int(len(cpu) * tail)]
        step = max(1, len(body) // max(1, len(mine)))
        for k, test in enumerate(mine):
            out += [test, *body[k * step:(k + 1) * step]]
        out += body[len(mine) * step:] + cpu[len(body):]
    return out
