"""Shared test set-up: the tests import the package from the checkout and the reference from tests/."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Hashable
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
    items[:] = spread(items, int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1")), group=same_page)


def same_page(item: pytest.Item) -> Hashable:
    """The page a test shares with others (``@pytest.mark.same_page("lang")``: the tests of one function with
    the same ``lang``), or ``None``."""
    mark = item.get_closest_marker("same_page")
    callspec = getattr(item, "callspec", None)
    if mark is None or callspec is None:
        return None
    return (str(item.path), getattr(item, "originalname", ""), callspec.params[mark.args[0]])


def spread(items: list[T], workers: int, browser: str = "/e2e/", tail: float = 0.2,
           group: Callable[[T], Hashable] = lambda x: None) -> list[T]:
    """The run's order for ``workers`` pytest-xdist workers (``--dist worksteal`` hands each a contiguous
    share of the list, as many tests each, then moves tests from the back of the longest queue to a worker that
    ran out): each share holds as many browser tests as the others — the tests of one ``group`` (one page) as
    one, together — spread among its CPU tests, and ends with only CPU tests (``tail`` of them); each share's
    CPU tests make up its count to the others'. A browser test keeps about half to one core busy while it waits
    on the page, so a worker mixing both kinds keeps the cores busy; short CPU tests at the end of every queue
    leave no worker idle while another finishes a 30-s browser test. One worker: the order is unchanged.

    >>> order = spread([f"tests/e2e/b{i}" for i in range(4)] + [f"tests/c{i}" for i in range(8)], 2)
    >>> [x.split("/")[-1] for x in order]
    ['b0', 'c0', 'c1', 'b2', 'c2', 'c3', 'b1', 'c4', 'c5', 'b3', 'c6', 'c7']
    >>> order = spread([f"tests/e2e/p{i}" for i in range(3)] + ["tests/e2e/b0"] + [f"tests/c{i}" for i in range(8)],
    ...                2, group=lambda x: "page" if "/p" in x else None)
    >>> [x.split("/")[-1] for x in order]
    ['p0', 'p1', 'p2', 'c0', 'c1', 'c2', 'b0', 'c3', 'c4', 'c5', 'c6', 'c7']
    """
    if workers < 2:
        return items
    units: list[list[T]] = []  # the browser tests, one group's together
    groups: dict[Hashable, list[T]] = {}
    for x in items:
        if browser not in str(getattr(x, "nodeid", x)):
            continue
        key = group(x)
        if key is None:
            units.append([x])
        elif key in groups:
            groups[key].append(x)
        else:
            units.append(groups.setdefault(key, [x]))
    fast = [x for x in items if browser not in str(getattr(x, "nodeid", x))]
    out: list[T] = []
    start = 0
    for w in range(workers):
        mine = units[w::workers]
        share = (w + 1) * len(items) // workers - w * len(items) // workers  # what worksteal hands worker w
        cpu = fast[start:start + max(0, share - sum(map(len, mine)))] if w < workers - 1 else fast[start:]
        start += len(cpu)
        body = cpu[:len(cpu) - int(len(cpu) * tail)]
        step = max(1, len(body) // max(1, len(mine)))
        for k, unit in enumerate(mine):
            out += [*unit, *body[k * step:(k + 1) * step]]
        out += body[len(mine) * step:] + cpu[len(body):]
    return out
