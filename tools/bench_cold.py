"""First visits of several built sites, interleaved: playable, the bots' worker and the first bot card, before
vs after — optionally with the browser held to a share of one core (a slow phone).

    python -m tools.bench_cold N [--cpu-quota C] [--cores K] [--seed S] NAME=SITE_DIR NAME=SITE_DIR [...]

e.g. ``python -m tools.bench_cold 5 --cpu-quota 0.5 --cores 8 before=.cache/base-site after=dist/site``. Each
site is served on a port of its own (:class:`sitebuild.browser.SiteServer`) to one headless Chromium (in a
:class:`tools.cpu_quota.CpuQuota` group with ``--cpu-quota``); each round makes one first visit of each site
in a fresh context (:func:`tools.bench_first_bot.first_visit`: a new rubber of *hard* bots, the page seeing
``--cores`` cores, 2 unless told, its first deal dealt from ``--seed``: 1, West leads, unless told — 6: the viewer
leads, 0: chance) and one of the floor page (bare Pyodide in a module worker, the same in
every site), in turn (ABC, CBA, …: a shared machine's load falls on every site alike). Printed: per site the
medians of playable, its ratio to the same round's floor, the bots' worker started and ready, the first bot
card and how long after the welcome's *Play* (the target) and after playable it came (after the scripted player's
own card too, when it led), and the bytes the server
sent until the precache was complete; against the first site, the median of the paired differences and how many
rounds the site was better in.
"""

from __future__ import annotations

import contextlib
import statistics
import sys
from pathlib import Path
from typing import Any

from sitebuild.browser import OFFLINE_READY, READY, SiteServer
from tools.bench_first_bot import BOT_LEADS, first_visit

TIMEOUT_MS = 300_000
ROWS = (("playable", "playable"), ("ratio", "playable / floor"), ("started", "bots' worker started"),
        ("bots", "bots' worker ready"), ("card", "first bot card"),
        ("after_play", "first bot card after the welcome's Play (the target: ≤ 1 s)"),
        ("after", "first bot card after playable (the welcome up in between)"),
        ("after_mine", "first bot card after the scripted player's own (it led)"),
        ("person_first", "the scripted player moved first"),
        ("MB", "MB sent until offline ready"))


def one_visit(browser: Any, srv: SiteServer, cores: int, seed: int = BOT_LEADS) -> dict[str, float]:
    """A first visit of ``srv``'s site: the marks of :func:`first_visit`, then the bytes sent until the offline
    copy was complete (``MB``)."""
    ctx = browser.new_context()
    ctx.set_default_timeout(TIMEOUT_MS)
    srv.reset()
    got = dict(first_visit(ctx, srv.url, cores, keep_open=True, seed=seed))
    page = ctx.pages[0]
    page.wait_for_function(OFFLINE_READY)
    got["MB"] = srv.sent / 1e6
    ctx.close()
    if "card" in got and "playable" in got:
        got["after"] = got["card"] - got["playable"]
        if "play" in got:
            got["after_play"] = got["card"] - got["play"]
        if got.get("person_first") and "mine" in got:
            got["after_mine"] = got["card"] - got["mine"]
    return got


def floor_visit(browser: Any, srv: SiteServer) -> float:
    """ms to a ready bare Pyodide in a module worker (``bench-floor.html``), in a fresh context."""
    ctx = browser.new_context()
    ctx.set_default_timeout(TIMEOUT_MS)
    page = ctx.new_page()
    page.goto(srv.url + "bench-floor.html")
    page.wait_for_selector(READY)
    ms = float(page.evaluate("window.floorMs"))
    ctx.close()
    return ms


def report(runs: dict[str, list[dict[str, float]]], higher_is_better: tuple[str, ...] = ()) -> list[str]:
    """The lines printed: per site its medians, then each site against the first (paired differences)."""
    lines = []
    for name, visits in runs.items():
        parts = []
        for key, label in ROWS:
            vals = [v[key] for v in visits if key in v]
            if vals:
                parts.append(f"{label} {statistics.median(vals):.2f}" if key in ("ratio", "MB")
                             else f"{label} {statistics.median(vals):.0f}")
        lines.append(f"{name}: N {len(visits)}; " + ", ".join(parts))
        for key, label in ROWS:
            vals = [v[key] for v in visits if key in v]
            if vals and key in ("playable", "ratio", "after", "after_play", "after_mine", "person_first"):
                lines.append(f"  {label}: " + " ".join(f"{x:.2f}" if key == "ratio" else f"{x:.0f}" for x in vals))
    first, *others = runs
    for name in others:
        for key, label in ROWS:
            pairs = [(x[key], y[key]) for x, y in zip(runs[first], runs[name], strict=True) if key in x and key in y]
            if not pairs:
                continue
            diffs = [y - x for x, y in pairs]
            better = sum((d > 0) if key in higher_is_better else (d < 0) for d in diffs)
            lines.append(f"{name} - {first}, {label}: median {statistics.median(diffs):+.2f} "
                         f"(better in {better} of {len(diffs)})")
    return lines


def main(argv: list[str]) -> int:
    """``N [--cpu-quota C] [--cores K] [--seed S] NAME=DIR ...``: the interleaved first visits, printed; 2 on a
    usage error."""
    args = list(argv)
    quota = 0.0
    cores, seed = 2, BOT_LEADS
    for flag in ("--cpu-quota", "--cores", "--seed"):
        if flag in args:
            i = args.index(flag)
            value = args[i + 1] if i + 1 < len(args) else ""
            del args[i:i + 2]
            try:
                if flag == "--cpu-quota":
                    quota = float(value)
                elif flag == "--seed":
                    seed = int(value)
                else:
                    cores = int(value)
            except ValueError:
                args = []
    if len(args) < 2 or not args[0].isdigit() or not all("=" in a for a in args[1:]):
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    from playwright.sync_api import sync_playwright

    from tools.cpu_quota import quota_browser

    rounds, sites = int(args[0]), [tuple(a.split("=", 1)) for a in args[1:]]
    runs: dict[str, list[dict[str, float]]] = {name: [] for name, _ in sites}
    servers = {name: SiteServer(Path(root)).start() for name, root in sites}
    with contextlib.ExitStack() as stack, sync_playwright() as p:
        browser = quota_browser(p, stack, quota)
        for k in range(rounds):
            floor = floor_visit(browser, next(iter(servers.values())))
            for name, _ in (sites if k % 2 == 0 else sites[::-1]):
                got = one_visit(browser, servers[name], cores, seed)
                got["floor"] = floor
                got["ratio"] = got["playable"] / floor
                runs[name].append(got)
                print(f"round {k + 1} {name}: " + ", ".join(f"{key} {v:.0f}" if key not in ("ratio", "MB") else
                                                           f"{key} {v:.2f}" for key, v in got.items()), flush=True)
        browser.close()
    for srv in servers.values():
        srv.stop()
    print("\n".join(report(runs)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
