"""The *Expert* bots' move latency of several built sites, interleaved — optionally with the browser held to a
share of one core (a slow phone).

    python -m tools.bench_latency N SECONDS [--cpu-quota C] NAME=SITE_DIR NAME=SITE_DIR [...]

e.g. ``python -m tools.bench_latency 2 60 --cpu-quota 0.5 before=.cache/base-site after=dist/site``. Each site
is served on a port of its own (:class:`sitebuild.browser.SiteServer`) to one headless Chromium (in a
:class:`tools.cpu_quota.CpuQuota` group with ``--cpu-quota``); each round plays ``SECONDS`` of a rubber with
three *expert* bots and fast play on each site in turn (ABC, CBA, …: a shared machine's load falls on every
site alike; :meth:`tools.bench_web.Bench.play`). Printed: per site and round p50 / p95 / p99 / max of the moves'
latency (request to answer, the worker's round trip included) and the slowness its bots' worker measured
(``kingcore.bots.speed``; a page without it: none), then per site the same over all its moves.
"""

from __future__ import annotations

import contextlib
import sys
from pathlib import Path

from sitebuild.browser import SiteServer
from tools.bench_web import Bench, percentile
from tools.cpu_quota import take_quota


def line(moves: list[float]) -> str:
    """``moves`` (ms) as ``N moves: p50 … p95 … p99 … max …``."""
    if not moves:
        return "no moves"
    return (f"{len(moves)} moves: p50 {percentile(moves, 50):.1f}, p95 {percentile(moves, 95):.1f}, "
            f"p99 {percentile(moves, 99):.1f}, max {max(moves):.1f} ms")


def main(argv: list[str]) -> int:
    """``N SECONDS [--cpu-quota C] NAME=DIR ...``: the interleaved plays, printed; 2 on a usage error."""
    quota, args = take_quota(list(argv)) or (0.0, [])
    if len(args) < 3 or not args[0].isdigit() or not args[1].isdigit() or not all("=" in a for a in args[2:]):
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    from playwright.sync_api import sync_playwright

    from tools.cpu_quota import quota_browser

    rounds, seconds, sites = int(args[0]), float(args[1]), [tuple(a.split("=", 1)) for a in args[2:]]
    moves: dict[str, list[float]] = {name: [] for name, _ in sites}
    servers = {name: SiteServer(Path(root)).start() for name, root in sites}
    with contextlib.ExitStack() as stack, sync_playwright() as p:
        browser = quota_browser(p, stack, quota)
        for k in range(rounds):
            for name, _ in (sites if k % 2 == 0 else sites[::-1]):
                bench = Bench(browser, servers[name])
                got, took = bench.play(1, seconds)
                moves[name] += got
                said = f", the worker's slowness {bench.slowness:.2f}" if bench.slowness else ""
                print(f"round {k + 1} {name} ({took:.0f} s{said}): {line(got)}", flush=True)
        browser.close()
    for srv in servers.values():
        srv.stop()
    for name, got in moves.items():
        print(f"{name}: {line(got)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
