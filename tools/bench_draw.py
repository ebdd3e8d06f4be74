"""What the page's main thread spends per card played, of several built sites, interleaved — optionally with the
browser held to a share of one core (a slow phone).

    python -m tools.bench_draw N SECONDS [--cpu-quota C] NAME=SITE_DIR NAME=SITE_DIR [...]

e.g. ``python -m tools.bench_draw 3 20 --cpu-quota 0.5 before=.cache/base-site after=dist/site``. Each round
plays ``SECONDS`` of a rubber with three *expert* bots and fast play on each site in turn (ABC, CBA, …;
:meth:`tools.bench_web.Bench.play`'s player) under a Chromium trace, and reads from the trace the CPU time
(thread time) of the renderer's main thread and of the bots' worker, and the wall time of the main thread's
layouts (``Layout``; ``layouts``: how many), style recalculations, ``innerHTML`` parsing (``ParseHTML``) and
major GCs. Printed: per site and round, and per site over its rounds, those per card played (the bots' and mine) and the
*Expert* bots' move latency (p50 / p95, request to answer). Tracing costs time itself: compare sites within
one run, not with other tools' figures.
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from collections import defaultdict
from typing import Any

from sitebuild.browser import READY, play_on
from tools.bench_latency import interleaved, rounds_args
from tools.bench_web import percentile

CATEGORIES = "toplevel,devtools.timeline,disabled-by-default-devtools.timeline,v8"
PARTS = {"Layout": "layout", "UpdateLayoutTree": "style", "ParseHTML": "parse",
         "MajorGC": "major GC", "V8.GC_MARK_COMPACTOR": "major GC"}
"""Main-thread trace events summed (wall ms), by what they are called here."""
PREFS = {"fast": True, "levels": ["human", "expert", "expert", "expert"], "welcomed": True}


def top_level(events: list[dict[str, Any]]) -> tuple[float, float]:
    """The thread time and wall time (ms) of a thread's outermost ``toplevel`` tasks (nested ones not again)."""
    cpu = wall = 0.0
    end = -1.0
    for e in sorted(events, key=lambda e: float(e["ts"])):
        if float(e["ts"]) >= end:
            end = float(e["ts"]) + float(e.get("dur", 0))
            cpu += float(e.get("tdur", e.get("dur", 0))) / 1000
            wall += float(e.get("dur", 0)) / 1000
    return cpu, wall


def read_trace(raw: bytes) -> dict[str, float]:
    """A trace's figures (ms): ``main`` and ``worker`` CPU, ``main wall``, and :data:`PARTS` on the main thread."""
    events = json.loads(raw)
    events = events["traceEvents"] if isinstance(events, dict) else events
    names = {(e["pid"], e["tid"]): e["args"]["name"] for e in events
             if e.get("ph") == "M" and e.get("name") == "thread_name"}
    tasks: dict[tuple[int, int], list[dict[str, Any]]] = defaultdict(list)
    parts: dict[str, float] = defaultdict(float)
    for e in events:
        thread = names.get((e.get("pid"), e.get("tid")), "")
        if e.get("ph") != "X" or thread not in ("CrRendererMain", "DedicatedWorker thread"):
            continue
        if "toplevel" in str(e.get("cat", "")).split(","):
            tasks[(e["pid"], e["tid"])].append(e)
        if thread == "CrRendererMain" and e.get("name") in PARTS:
            parts[PARTS[e["name"]]] += float(e.get("dur", 0)) / 1000
            parts["layouts"] += e["name"] == "Layout"
    out: dict[str, float] = {"main": 0.0, "main wall": 0.0, "worker": 0.0, **parts}
    for key, got in tasks.items():
        cpu, wall = top_level(got)
        if names[key] == "CrRendererMain":
            out["main"] += cpu
            out["main wall"] += wall
        else:
            out["worker"] += cpu
    return out


def play(browser: Any, url: str, seconds: float) -> tuple[dict[str, float], list[float]]:
    """``seconds`` of fast play with three *expert* bots under a trace: :func:`read_trace`'s figures per card
    (and ``cards``, how many), and the bots' move latencies (ms)."""
    ctx = browser.new_context()
    ctx.set_default_timeout(240_000)
    ctx.add_init_script(script='if (!localStorage.getItem("king:/:prefs"))'
                               f' localStorage.setItem("king:/:prefs", {json.dumps(json.dumps(PREFS))});')
    page = ctx.new_page()
    page.goto(url)
    page.wait_for_selector(READY)
    page.wait_for_function("document.body.dataset.bots === 'worker'")
    before, mine = int(page.evaluate("window.kingStats.bot.length")), 0
    browser.start_tracing(page=page, categories=CATEGORIES.split(","))
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        phase = play_on(page)
        if phase == "rubber_over":
            break
        mine += phase == "play"
    raw = browser.stop_tracing()
    bots = [float(x) for x in page.evaluate("window.kingStats.bot")][before:]
    ctx.close()
    cards = len(bots) + mine
    got = {k: v / max(cards, 1) for k, v in read_trace(raw).items()}
    return {**got, "cards": float(cards)}, bots


def line(figures: dict[str, float]) -> str:
    keys = ["main", "main wall", "worker", *dict.fromkeys(PARTS.values()), "layouts"]
    return (f"{figures.get('cards', 0):.0f} cards; per card: "
            + ", ".join(f"{k} {figures.get(k, 0.0):.1f}" for k in keys) + " ms")


def main(argv: list[str]) -> int:
    """``N SECONDS [--cpu-quota C] NAME=DIR ...``: the interleaved traced plays, printed; 2 on a usage error."""
    read = rounds_args(argv, __doc__.split("\n\n")[1])
    if read is None:
        return 2
    quota, rounds, seconds, sites = read
    runs: dict[str, list[dict[str, float]]] = {name: [] for name, _ in sites}
    lat: dict[str, list[float]] = {name: [] for name, _ in sites}
    for k, name, browser, server in interleaved(quota, rounds, sites):
        got, bots = play(browser, server.url, seconds)
        runs[name].append(got)
        lat[name] += bots
        print(f"round {k + 1} {name}: {line(got)}; bots p95 {percentile(bots, 95):.1f} ms", flush=True)
    for name, plays in runs.items():
        med = {k: statistics.median(r.get(k, 0.0) for r in plays) for k in plays[0]}
        med["cards"] = sum(r["cards"] for r in plays)
        print(f"{name}, medians of {len(plays)} rounds: {line(med)}; bots p50 {percentile(lat[name], 50):.1f}, "
              f"p95 {percentile(lat[name], 95):.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
