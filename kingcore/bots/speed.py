"""How fast this device thinks, measured: a fixed piece of the Monte Carlo bots' own work, timed on the wall
clock, against what it took on the reference device — the thinking caps of the page's levels scale with it.

The levels' wall-clock caps (:attr:`~kingcore.bots.levels.Level.budget_ms`, ``play_ms``) were set on the
project's development machine, where *Expert*'s moves answer at p95 ≈ 150 ms. On a slower device the caps
alone hold the search's time but not the rest of a move (reading the view, the models' priors, the choice,
the worker's round trip), which grows with the device's slowness: on a device ``s`` times slower the caps are
``s`` times shorter (:meth:`Level.spec_at <kingcore.bots.levels.Level.spec_at>`) — it thinks less, so that
its player waits no longer. docs/PERF.md has what that costs in strength.

:func:`measure` runs :func:`workload` (a card decision of ``pimc(samples=24)`` in a fixed position, no cap:
the same play-outs and sampling as the bots' search, deterministic) for :data:`SPAN_MS` of wall time and
returns the mean of a run; :func:`slowness` divides it by :data:`REFERENCE_MS` (never below 1: a faster device
keeps the caps). Wall time on purpose: a device whose CPU is shared (or throttled) is as slow as it is.

>>> slowness(REFERENCE_MS * 3)
3.0
>>> slowness(REFERENCE_MS / 2)
1.0
"""

from __future__ import annotations

import random
import time

from ..contracts import Contract
from ..game import Game
from ..rules import Rules
from ..view import seat_view
from .base import make_bot

REFERENCE_MS = 10.0
""":func:`workload`'s wall time in the bots' worker (Pyodide in headless Chromium) on the development
machine, the device the levels' caps were set on (docs/PERF.md, "Expert's thinking scales with the
device")."""
MOST = 8.0
"""The largest slowness applied: even the slowest device keeps an eighth of each cap."""
SPEC = "pimc(samples=24)"
"""The bot whose card decision is the workload."""
SPAN_MS = 200.0
"""How long :func:`measure` measures (ms of wall time): two periods of a Linux CPU quota (100 ms each)."""


def workload() -> str:
    """One card decision of :data:`SPEC` in a fixed position (the first deal of a fixed seed, no tricks,
    the fifth card of the deal), uncapped; the card chosen (a move token)."""
    g = Game(Rules(order="fixed"))
    g.order = [Contract.NO_TRICKS]
    g.total_deals = 1
    g.set_first_dealer(0)
    g.deal(random.Random(2026))
    fast = make_bot("heuristic")
    rng = random.Random(1)
    for _ in range(4):
        who = g.to_move
        assert who is not None
        v = seat_view(g, who)
        g.play(fast.choose(v, rng))
    who = g.to_move
    assert who is not None
    return str(make_bot(SPEC).choose(seat_view(g, who), random.Random(7)))


def measure(span_ms: float = SPAN_MS) -> float:
    """:func:`workload`'s wall time in ms on this device now: the mean over as many runs as fill ``span_ms``
    of wall time (at least one) — long enough that a device whose CPU comes in slices (a share of a core)
    is measured at its share, not at one slice's speed."""
    t0 = time.perf_counter()
    runs = 0
    while True:
        workload()
        runs += 1
        ms = (time.perf_counter() - t0) * 1000
        if ms >= span_ms:
            return ms / runs


def slowness(ms: float) -> float:
    """How many times slower than the reference device a device is whose :func:`workload` took ``ms``:
    between 1 and :data:`MOST`."""
    return max(1.0, min(MOST, ms / REFERENCE_MS))
