"""Shared test set-up: the tests import the package from the checkout and the reference from tests/."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Hashable
from pathlib import Path
from typing import TypeVar

import pytest
from hypothesis import settings

T = TypeVar("T")

settings.register_profile("king", deadline=None)
settings.load_profile("king")
"""No Hypothesis deadline for any property test: a deadline is a wall time, and on a loaded machine an example of
``test_deal_line_round_trip`` took over its 200 ms and failed a whole run; a test that fails on a loaded machine is
a defect. (Tests that name their own ``deadline=None`` keep it.)"""

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))


def pytest_configure(config: pytest.Config) -> None:
    """Mental poker's products computed once a process (tests/lock_memo.py: the seeded tables repeat them)."""
    import lock_memo

    lock_memo.install()


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """``@pytest.mark.slow`` tests run only when asked for with ``-m slow`` (or any ``-m`` naming it): the
    everyday ``python build.py test`` skips them, ``python build.py test -- -m slow`` runs only them."""
    if "slow" in (config.getoption("-m") or ""):
        return
    skip = pytest.mark.skip(reason="slow: python build.py test -- -m slow")
    for item in items:
        if item.get_closest_marker("slow") is not None:  # not ``in item.keywords``: a checkout in a folder
            item.add_marker(skip)  # named "slow" has that word among every test's keywords
    items[:] = spread(items, int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1")), group=same_page, cost=cost)


COSTS = {
    "test_layout.py::test_layout[ru-": 44, "test_layout.py::test_layout[ru-widths-": 27,
    "test_layout.py::test_layout[en-": 31, "test_layout.py::test_layout[uk-": 38,
    "test_rooms.py::test_a_host_and_three_friends_join": 49,
    "test_friends.py::test_a_friend_plays_a_deal_leaves_and_comes_back": 55,
    "test_friends.py::test_a_host_and_two_friends": 62, "test_rooms_transport.py::test_pages_meet": 28,
    "test_hardening.py::test_nothing_stored_stops_the_start": 16, "test_invite.py::test_invite_and_answer_blocks": 14,
    "test_snapshot.py::": 15, "test_rooms_stall.py::": 15, "test_recovery.py::test_hostile": 14,
    "test_recovery.py::test_a_killed": 13,
}
"""Seconds the longest browser tests take in a whole run on the 2-core machine (a fresh clone at a106bc1: 2,176
passed in 8 min 29 s of pytest; set-up included), by how their ids start (the longest key that starts an id counts) — a
layout test's: its walk's, once a worker. Only the run's order reads them (:func:`spread`); a test not named here
counts :data:`BROWSER_COST`."""
BROWSER_COST = 8.0


def cost(item: pytest.Item) -> float:
    """About how long a browser test takes (:data:`COSTS`: the longest key its id starts with; nothing when it is
    skipped, as ``slow`` is), for the run's order."""
    if item.get_closest_marker("skip") is not None:
        return 0.0
    key = f"{item.path.name}::{item.name}"
    return max(((len(k), v) for k, v in COSTS.items() if key.startswith(k)), default=(0, BROWSER_COST))[1]


def same_page(item: pytest.Item) -> Hashable:
    """The page a test shares with others (``@pytest.mark.same_page("lang", "walk")``: the tests of one function
    with the same values of the parameters named), or ``None``."""
    mark = item.get_closest_marker("same_page")
    callspec = getattr(item, "callspec", None)
    if mark is None or callspec is None:
        return None
    return (str(item.path), getattr(item, "originalname", ""), *(callspec.params[name] for name in mark.args))


def spread(items: list[T], workers: int, browser: str = "/e2e/", tail: float = 0.2,
           group: Callable[[T], Hashable] = lambda x: None, cost: Callable[[T], float] = lambda x: 1.0) -> list[T]:
    """The run's order for ``workers`` pytest-xdist workers (``--dist worksteal`` hands each a contiguous
    share of the list, as many tests each, then moves tests from the back of the longest queue to a worker that
    ran out): the browser tests — the tests of one ``group`` (one page) as one unit, together, costing what its
    dearest test ``cost``s (the page's look is paid once) — go to the shares longest first, each to the share with
    the least browser time so far, and each share runs its units longest first, spread among its CPU tests, and
    ends with only CPU tests (``tail`` of them); each share's CPU tests make up its count to the others'. A
    browser test keeps about half to one core busy while it waits on the page, so a worker mixing both kinds
    keeps the cores busy; the long browser tests early and short CPU tests at the end of every queue leave no
    worker idle while another finishes a long browser test. One worker: the order is unchanged.

    >>> order = spread([f"tests/e2e/b{i}" for i in range(4)] + [f"tests/c{i}" for i in range(8)], 2)
    >>> [x.split("/")[-1] for x in order]
    ['b0', 'c0', 'c1', 'b2', 'c2', 'c3', 'b1', 'c4', 'c5', 'b3', 'c6', 'c7']
    >>> order = spread([f"tests/e2e/p{i}" for i in range(3)] + ["tests/e2e/b0"] + [f"tests/c{i}" for i in range(8)],
    ...                2, group=lambda x: "page" if "/p" in x else None)
    >>> [x.split("/")[-1] for x in order]
    ['p0', 'p1', 'p2', 'c0', 'c1', 'c2', 'b0', 'c3', 'c4', 'c5', 'c6', 'c7']
    >>> costs = {"b0": 10, "b1": 60, "b2": 30, "b3": 25}
    >>> order = spread([f"tests/e2e/b{i}" for i in range(4)] + [f"tests/c{i}" for i in range(8)], 2,
    ...                cost=lambda x: costs.get(x.split("/")[-1], 1))
    >>> [x.split("/")[-1] for x in order]
    ['b1', 'c0', 'c1', 'c2', 'c3', 'c4', 'b2', 'c5', 'b3', 'c6', 'b0', 'c7']
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
    price = {id(unit): max(map(cost, unit)) for unit in units}
    shares: list[list[list[T]]] = [[] for _ in range(workers)]
    load = [0.0] * workers
    for unit in sorted(units, key=lambda u: -price[id(u)]):  # stable: equal costs keep the collection's order
        w = load.index(min(load))
        shares[w].append(unit)
        load[w] += price[id(unit)]
    fast = [x for x in items if browser not in str(getattr(x, "nodeid", x))]
    out: list[T] = []
    start = 0
    for w, mine in enumerate(shares):
        share = (w + 1) * len(items) // workers - w * len(items) // workers  # what worksteal hands worker w
        cpu = fast[start:start + max(0, share - sum(map(len, mine)))] if w < workers - 1 else fast[start:]
        start += len(cpu)
        body = cpu[:len(cpu) - int(len(cpu) * tail)]
        step = max(1, len(body) // max(1, len(mine)))
        for k, unit in enumerate(mine):
            out += [*unit, *body[k * step:(k + 1) * step]]
        out += body[len(mine) * step:] + cpu[len(body):]
    return out
