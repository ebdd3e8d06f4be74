"""Warm starts of several built sites, interleaved: where a warm start's time goes, before vs after.

    python -m tools.bench_warm N [--cpu-quota C] [--offline] NAME=SITE_DIR NAME=SITE_DIR [...]

e.g. ``python -m tools.bench_warm 12 before=../before/dist/site after=dist/site``. Each site is served on a
port of its own (:class:`sitebuild.browser.SiteServer`) to one headless Chromium (in a
:class:`tools.cpu_quota.CpuQuota` group with ``--cpu-quota``: a slow phone), visited once cold (until its
precache and start-up snapshot are stored), then ``N`` rounds of one warm visit each (``--offline``: with the
browser offline, the page from its service worker alone), in turn (ABC, CBA, …: a shared machine's load falls on
every site alike). A warm visit restores the snapshot; its marks
(``window.kingStats``, ms from navigation start: ``pyodideMs`` Pyodide restored, ``pyReadyMs`` PyScript
ready, ``importedMs`` main.py's imports done, ``readyMs`` playable) give the stages. Printed: per site the
medians of the marks and stages, the page's king modules (how many, how many from a ``.pyc``), the files
fetched; against the first site, the median of the paired differences of each stage and how many rounds the
site was faster in. Numbers on a shared machine: read medians and paired differences, not single runs.
"""

from __future__ import annotations

import contextlib
import statistics
import sys
from pathlib import Path
from typing import Any

from sitebuild.browser import OFFLINE_READY, READY, SiteServer
from tools.cpu_quota import take_quota

SNAPSHOT_MADE = "['stored', 'failed'].includes(document.documentElement.dataset.snapshot)"
MARKS = ("pyodideMs", "pyReadyMs", "importedMs", "readyMs")
STAGES = (("PyScript's start", "pyodideMs", "pyReadyMs"), ("main.py's imports", "pyReadyMs", "importedMs"),
          ("first render", "importedMs", "readyMs"), ("playable", "", "readyMs"))
PAGE_PYTHON = """async () => {  // the page's king modules: how many, how many imported from a .pyc
  const py = await (await import(new URL("./boot.mjs", location.href).href)).start();
  return JSON.parse(py.runPython(`import json, sys
files = [str(getattr(m, "__file__", "")) for n, m in list(sys.modules.items()) if n.split(".")[0] == "king"]
json.dumps([len(files), sum(f.endswith(".pyc") for f in files)])`));
}"""
FETCHED = """() => { const r = performance.getEntriesByType("resource");
  return [r.length, r.reduce((a, e) => a + (e.decodedBodySize || 0), 0) / 1000]; }"""


def warm_visit(page: Any, url: str) -> dict[str, float]:
    """One warm visit of ``url`` in ``page``: its marks, king modules and fetches."""
    page.goto(url)
    page.wait_for_selector(READY)
    stats = dict(page.evaluate("window.kingStats"))
    if stats.get("snapshot") != "used":
        raise RuntimeError(f"{url}: a warm visit did not restore the start-up snapshot ({stats.get('snapshot')})")
    modules, compiled = page.evaluate(PAGE_PYTHON)
    fetched, kb = page.evaluate(FETCHED)
    return {**{m: float(stats[m]) for m in MARKS}, "modules": modules, "compiled": compiled,
            "fetched": fetched, "kB": kb}


def stage(visit: dict[str, float], start: str, end: str) -> float:
    """ms from mark ``start`` (navigation start if empty) to mark ``end`` in ``visit``."""
    return visit[end] - (visit[start] if start else 0.0)


def report(runs: dict[str, list[dict[str, float]]]) -> list[str]:
    """The lines printed: per site its medians, then each site against the first (paired differences)."""
    lines = []
    for name, visits in runs.items():
        med = {k: statistics.median(v[k] for v in visits) for k in visits[0]}
        lines.append(f"{name}: N {len(visits)}; " + ", ".join(
            f"{label} {statistics.median(stage(v, a, b) for v in visits):.0f}" for label, a, b in STAGES)
            + f"; king modules {med['modules']:.0f} ({med['compiled']:.0f} from .pyc);"
            f" fetched {med['fetched']:.0f} files, {med['kB']:.0f} kB")
    first, *others = runs
    for name in others:
        for label, a, b in STAGES:
            diffs = [stage(y, a, b) - stage(x, a, b) for x, y in zip(runs[first], runs[name], strict=True)]
            lines.append(f"{name} - {first}, {label}: median {statistics.median(diffs):+.0f} ms "
                         f"(faster in {sum(d < 0 for d in diffs)} of {len(diffs)})")
    return lines


def main(argv: list[str]) -> int:
    """``N [--cpu-quota C] [--offline] NAME=DIR ...``: the interleaved warm visits, printed; 2 on a usage error."""
    quota, argv = take_quota(list(argv)) or (0.0, [])
    offline = "--offline" in argv
    argv = [a for a in argv if a != "--offline"]
    if len(argv) < 2 or not argv[0].isdigit() or not all("=" in a for a in argv[1:]):
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    from playwright.sync_api import sync_playwright

    from tools.cpu_quota import quota_browser

    rounds, sites = int(argv[0]), [tuple(a.split("=", 1)) for a in argv[1:]]
    runs: dict[str, list[dict[str, float]]] = {name: [] for name, _ in sites}
    with contextlib.ExitStack() as stack, sync_playwright() as p:
        browser = quota_browser(p, stack, quota)
        pages = {}
        for name, root in sites:
            srv = SiteServer(Path(root)).start()
            ctx = browser.new_context()
            ctx.set_default_timeout(240_000)
            page = ctx.new_page()
            page.goto(srv.url)  # cold: the precache and the start-up snapshot are stored
            page.wait_for_selector(READY)
            page.wait_for_function(OFFLINE_READY)
            page.wait_for_function(SNAPSHOT_MADE)
            if offline:
                ctx.new_cdp_session(page).send("Network.clearBrowserCache")
                ctx.set_offline(True)
            pages[name] = (page, srv.url)
        for k in range(rounds):
            for name, _ in (sites if k % 2 == 0 else sites[::-1]):
                runs[name].append(warm_visit(*pages[name]))
        browser.close()
    print("\n".join(report(runs)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
