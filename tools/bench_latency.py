"""The *Expert* bots' move latency of several built sites, interleaved — optionally with the browser held to a
share of one core (a slow phone).

    python -m tools.bench_latency N SECONDS [--cpu-quota C] NAME=SITE_DIR NAME=SITE_DIR [...]

e.g. ``python -m tools.bench_latency 2 60 --cpu-quota 0.5 before=.cache/base-site after=dist/site``. Each site
is served on a port of its own (:class:`sitebuild.browser.SiteServer`) to one headless Chromium (in a
:class:`tools.cpu_quota.CpuQuota` group with ``--cpu-quota``); each round plays ``SECONDS`` of a rubber with
three *expert* bots and fast play on each site in turn (ABC, CBA, …: a shared machine's load falls on every
site alike; :meth:`tools.bench_web.Bench.play`). Printed: per site and round p50 / p95 / p99 / max of the moves'
latency (request to answer, the worker's round trip included) and the slowness its bots' worker measured
(``kingcore.bots.speed``; a page without it: none), then per site the same over all its moves, and where
its slow moves were (:func:`where`: the moves that fed the worker the rubber's earlier deals, the other first
moves of a deal, the calls and opening leads, the later cards; a page without the per-move log: none).
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from sitebuild.browser import SiteServer
from tools.bench_web import Bench, percentile
from tools.cpu_quota import take_quota


def line(moves: list[float]) -> str:
    """``moves`` (ms) as ``N moves: p50 … p95 … p99 … max …``."""
    if not moves:
        return "no moves"
    return (f"{len(moves)} moves: p50 {percentile(moves, 50):.1f}, p95 {percentile(moves, 95):.1f}, "
            f"p99 {percentile(moves, 99):.1f}, max {max(moves):.1f} ms")


KINDS = ("fed the rubber", "first of a deal", "calls and leads", "later cards")
"""What :func:`kind` calls a move, in its order."""


def kind(entry: str, first: bool) -> str:
    """Which of :data:`KINDS` a move of the page's log (``"deal:calls:plays:fed:ms[:asked:answered]"``) is;
    ``first``: the first bot move of its deal in the log."""
    _, _, plays, fed = entry.split(":")[:4]
    if int(fed):
        return KINDS[0]
    return KINDS[1] if first else KINDS[2] if plays == "0" else KINDS[3]


def where(log: list[str], worker: list[str] | None = None) -> list[str]:
    """Per kind of move (:func:`kind`) of a page's per-move log: how many, their latency (:func:`line`), how
    many of the moves at or over the p95 of all of them it holds; with ``worker`` (the bots' worker's
    ``choose`` calls in order, :func:`tools.bench_web.worker_took`: two for a move that fed it the rubber),
    the p50 / p95 of its own work, and — where both clocks were logged — of the way there (asked to begun) and
    back (ended to answered)."""
    seen: set[str] = set()
    kinds: dict[str, list[float]] = {k: [] for k in KINDS}
    parts: dict[str, dict[str, list[float]]] = {k: {"own": [], "there": [], "back": []} for k in KINDS}
    calls = iter(worker or [])
    for entry in log:
        deal, _, _, fed, ms, *clock = entry.split(":")
        k = kind(entry, deal not in seen)
        kinds[k].append(float(ms))
        seen.add(deal)
        mine = [next(calls, "0") for _ in range(1 + bool(int(fed)))] if worker else []
        spans = [[float(x) for x in c.split(":")] for c in mine]
        parts[k]["own"] += [sum(c[-1] - c[0] if len(c) == 2 else c[0] for c in spans)] if spans else []
        if clock and spans and all(len(c) == 2 for c in spans):
            parts[k]["there"].append(spans[0][0] - float(clock[0]))
            parts[k]["back"].append(float(clock[1]) - spans[-1][1])
    every = [ms for got in kinds.values() for ms in got]
    if not every:
        return []
    p95 = percentile(every, 95)
    tail = sum(ms >= p95 for ms in every)
    said = {"own": "the worker's own work", "there": "the way there", "back": "the way back"}
    return [f"  {k}: {line(got)}; {sum(ms >= p95 for ms in got)} of the {tail} at or over the p95"
            + "".join(f"; {said[part]} p50 {percentile(xs, 50):.1f}, p95 {percentile(xs, 95):.1f} ms"
                      for part, xs in parts[k].items() if xs)
            for k, got in kinds.items() if got]


def rounds_args(argv: list[str], usage: str) -> tuple[float, int, float, list[tuple[str, str]]] | None:
    """``N SECONDS [--cpu-quota C] NAME=DIR ...`` read: the quota (0: none), the rounds, the seconds of play and the
    sites by name; ``None`` on a usage error (``usage`` printed)."""
    quota, args = take_quota(list(argv)) or (0.0, [])
    if len(args) < 3 or not args[0].isdigit() or not args[1].isdigit() or not all("=" in a for a in args[2:]):
        print(usage, file=sys.stderr)
        return None
    return quota, int(args[0]), float(args[1]), [(a.split("=", 1)[0], a.split("=", 1)[1]) for a in args[2:]]


def interleaved(quota: float, rounds: int, sites: list[tuple[str, str]]) -> Iterator[tuple[int, str, Any, SiteServer]]:
    """Each round's turn of each site, ABC then CBA, …, in one headless Chromium (in a :class:`tools.cpu_quota.CpuQuota`
    group of ``quota`` of one core when above 0): ``(round from 0, site's name, the browser, its server)``; each
    site served on a port of its own while it lasts."""
    from playwright.sync_api import sync_playwright

    from tools.cpu_quota import quota_browser

    servers = {name: SiteServer(Path(root)).start() for name, root in sites}
    try:
        with contextlib.ExitStack() as stack, sync_playwright() as p:
            browser = quota_browser(p, stack, quota)
            for k in range(rounds):
                for name, _ in (sites if k % 2 == 0 else sites[::-1]):
                    yield k, name, browser, servers[name]
            browser.close()
    finally:
        for srv in servers.values():
            srv.stop()


def main(argv: list[str]) -> int:
    """``N SECONDS [--cpu-quota C] NAME=DIR ...``: the interleaved plays, printed; 2 on a usage error."""
    read = rounds_args(argv, __doc__.split("\n\n")[1])
    if read is None:
        return 2
    quota, rounds, seconds, sites = read
    moves: dict[str, list[float]] = {name: [] for name, _ in sites}
    logs: dict[str, list[str]] = {name: [] for name, _ in sites}
    own: dict[str, list[str] | None] = {name: [] for name, _ in sites}  # None: a round without the worker's log
    for k, name, browser, server in interleaved(quota, rounds, sites):
        bench = Bench(browser, server)
        got, secs = bench.play(1, seconds)
        moves[name] += got
        logs[name] += [f"{k}.{e}" for e in bench.moves]  # the round in the deal's name: deals apart
        calls = sum(1 + (e.split(":")[3] != "0") for e in bench.moves)  # a move that fed it: two calls
        had, mine = own[name], bench.worker_took
        own[name] = had + mine[:calls] if had is not None and len(mine) >= calls else None
        said = f", the worker's slowness {bench.slowness:.2f}" if bench.slowness else ""
        print(f"round {k + 1} {name} ({secs:.0f} s{said}): {line(got)}", flush=True)
    for name, got in moves.items():
        print(f"{name}: {line(got)}")
        print("\n".join(where(logs[name], own[name])))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
