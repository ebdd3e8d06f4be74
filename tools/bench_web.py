"""``python build.py bench-web``: the built site timed in headless Chromium.

Time to playable cold (a fresh browser context), warm (service worker) and offline against a floor page
(bare Pyodide in a module worker), where the time goes (the page's ``window.kingStats`` marks), bot move
latency over a rubber, the first bot card of a first visit with the core count the page sees emulated
(:mod:`tools.bench_first_bot`; issue 20), the site's size and the bytes a first visit transfers.
``--throttle R`` repeats the visits, a stretch of play and Python's start in steps (main thread vs a worker) under CDP
``Emulation.setCPUThrottlingRate`` R (4: a phone-class CPU; Chromium applies it to the page's main thread
far more than to its workers, see docs/PERF.md).

The page driving (launch arguments, the counting server, waiting for the page) is
:mod:`sitebuild.browser`, shared with the browser tests.

Size: over 400 lines because one command measures every figure of the site the issues set targets for —
cold, warm and offline against their floors, the stages, the bots' latency, the bytes — each again under a CPU
quota or throttling, and writes them into docs/PERF.md; the visits it shares with other tools live in them.
"""

from __future__ import annotations

import contextlib
import functools
import gzip
import json
import os
import re
import shutil
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from sitebuild.browser import (
    GITHUB_PAGES,
    OFFLINE_READY,
    READY,
    SiteServer,
    launch_args,
    play_on,
)
from sitebuild.common import CACHE, ROOT, SITE, BuildError, files_under, log
from sitebuild.site import build_if_needed
from tools.bench_first_bot import CORES, answer_welcome, first_bot_line, first_visit, seeded

T = TypeVar("T")
SNAPSHOT_MADE = "['stored', 'failed'].includes(document.documentElement.dataset.snapshot)"
DROP_SNAPSHOT = """async () => { for (const name of await caches.keys())
  if (name.startsWith('king-snapshot:')) await caches.delete(name); }"""
PERF_DOC = ROOT / "docs" / "PERF.md"  # where --docs writes the table (every measurement lives there)
BENCH_MARKERS = ("<!-- bench:web -->", "<!-- /bench:web -->")
TIMEOUT_MS = 240_000
STAGES = {  # marks of a page load (resource timing, then window.kingStats), in order, and what they mean
    "wasmMs": "wasm downloaded",
    "pyodideMs": "Pyodide booted with the wheel",
    "pyscriptAskedMs": "PyScript asked for it",
    "pyReadyMs": "PyScript ready",
    "importedMs": "main.py imported",
}
FLOORS = (("bench-floor.html", "floor_"), ("bench-boot.html", "boot_"), ("bench-floor.html?stdlib=compiled", "cfloor_"))
# What the floor pages load that the service worker does not precache (the game never runs it): fetched once
# through it before the warm visits, so that the floors' warm and offline visits read them from its cache as
# the game's pages read theirs.
FLOOR_FILES = ("bench-floor.html", "bench-floor-worker.js", "bench-boot.html", "pyodide/python_stdlib.zip")
STORE_FLOOR = """async (files) => { for (const f of files) await (await fetch(f)).arrayBuffer(); }"""
# bench-stages.html's steps of Python's start, in order: (key, label of the step that ends there).
STEPS = (
    ("loader", "Pyodide's loader imported"),
    ("python", "wasm compiled + instantiated, Python initialised"),
    ("wheel", "kingcore wheel installed"),
    ("kingcore", "kingcore imported"),
)
# The wasm's arrival (resource timing) as a stage mark. (Pyodide asks for the wheel at once, not after
# Python's start, so nothing the page can see marks the end of wasm instantiation + Python's start:
# bench-stages.html measures those steps apart.)
RESOURCE_MARKS = """(() => { const e = performance.getEntriesByType("resource")
  .find((r) => /\\/pyodide\\.asm\\.wasm$/.test(r.name.split("?")[0]));
  return { wasmMs: e ? e.responseEnd : null }; })()"""
# Stage durations (ms) from consecutive marks: (label, from mark, to mark).
DURATIONS = (
    ("waiting for the wasm", "", "wasmMs"),
    ("wasm instantiated, Python started, wheel installed", "wasmMs", "pyodideMs"),
    ("PyScript's start after that", "pyodideMs", "pyReadyMs"),
    ("main.py + kingcore imported", "pyReadyMs", "importedMs"),
    ("first render", "importedMs", ""),
)


def again_if_crashed(what: str, step: Callable[[], T]) -> T:
    """``step()``, run once more if Chromium's renderer crashed in it (Chromium 156 sometimes segfaults while
    booting Pyodide: see tests/e2e/conftest.py); a second crash, or any other error, propagates."""
    try:
        return step()
    except Exception as e:
        if "crashed" not in str(e):
            raise
        log(f"bench-web: the renderer crashed during {what}; once more ...")
        return step()


def percentile(values: list[float], q: float) -> float:
    """Nearest-rank percentile (q in 0..100) of a non-empty list."""
    xs = sorted(values)
    return xs[max(0, min(len(xs) - 1, -int(-q * len(xs) // 100) - 1))]


def site_size() -> tuple[int, int, int]:
    """(files, bytes, gzipped bytes) of dist/site (gzip -6 per file, as a static host would serve it)."""
    files = files_under(SITE, compiled=True)
    raw = sum(p.stat().st_size for p in files)
    gz = sum(len(gzip.compress(p.read_bytes(), 6, mtime=0)) for p in files)
    return len(files), raw, gz


def worker_took(page: Any) -> list[str]:
    """Each ``choose`` call of the page's bots' worker, in order, as its global ``kingTook`` (web/bots.py) has
    it: ``"began:ended"`` (ms since the epoch), or an older page's ms it took; none when no worker of the page
    has it."""
    for w in page.workers:
        with contextlib.suppress(Exception):  # a worker gone, or not the bots'
            got = w.evaluate("self.kingTook ? Array.from(self.kingTook) : null")
            if got:
                return [str(x) for x in got]
    return []


class Bench:
    """One bench-web session: a browser, the counting server and the samples gathered so far."""

    def __init__(self, browser: Any, srv: SiteServer) -> None:
        self.browser = browser
        self.srv = srv
        self.res: dict[str, list[float]] = {}
        self.transfer: dict[str, float] = {}
        self.ready_bytes = 0  # bytes sent until the last app_visit's page was playable
        self.slowness = 0.0  # the last play's bots' worker measured its device this many times slower (0: not said)
        self.moves: list[str] = []  # the last play's per-move log (kingStats.botMoves; an older page: none)
        self.worker_took: list[str] = []  # the last play's bots' worker's choose calls (:func:`worker_took`)

    def add(self, key: str, value: float) -> None:
        self.res.setdefault(key, []).append(value)

    def context(self) -> Any:
        ctx = self.browser.new_context()
        ctx.set_default_timeout(TIMEOUT_MS)
        return ctx

    @staticmethod
    def page(ctx: Any, rate: float) -> Any:
        """A new page of ``ctx``, its CPU throttled ``rate``× (1: not throttled)."""
        page = ctx.new_page()
        if rate > 1:
            ctx.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": rate})
        return page

    def app_visit(self, page: Any, kind: str, pre: str) -> None:
        page.goto(self.srv.url)
        page.wait_for_selector(READY)
        self.ready_bytes = self.srv.sent
        self.add(pre + kind, float(page.evaluate("window.kingStats.readyMs")))
        if kind in ("cold", "warm"):
            for mark, value in dict(page.evaluate(RESOURCE_MARKS)).items():
                if isinstance(value, (int, float)) and value > 0:
                    self.add(f"{pre}{kind}:{mark}", float(value))
            for mark in STAGES:
                if mark != "wasmMs" and page.evaluate(
                        f"typeof window.kingStats.{mark} === 'number'"):
                    self.add(f"{pre}{kind}:{mark}", float(page.evaluate(f"window.kingStats.{mark}")))
        if kind not in ("offline", "warm_plain"):
            answer_welcome(page)  # a first visit's bots (and their worker) wait for its Play
            page.wait_for_function("window.kingStats.botsReadyMs !== null")
            self.add(f"{pre}{kind}_bots", float(page.evaluate("window.kingStats.botsReadyMs")))

    def floor_visit(self, page: Any, kind: str, pre: str, only: str = "") -> None:
        for name, key in FLOORS:
            if not only or name == only:
                page.goto(self.srv.url + name)
                page.wait_for_selector(READY)
                self.add(pre + key + kind, float(page.evaluate("window.floorMs")))

    def visits(self, rate: float, first: bool, pre: str = "") -> None:
        """Cold (fresh context), warm and offline visits of the game and the floors, at CPU ``rate``×; the
        samples' keys begin with ``pre`` (``t_`` throttled, ``q_`` in the CPU quota's browser)."""
        ctx = self.context()
        seeded(ctx)  # the first deal West's to lead (tools.bench_first_bot): the worker's start the same each run
        page = self.page(ctx, rate)
        self.srv.reset()
        self.app_visit(page, "cold", pre)
        page.wait_for_function(OFFLINE_READY)
        page.wait_for_function(SNAPSHOT_MADE)  # the warm and offline visits restore it (web/boot.mjs)
        if page.evaluate("document.documentElement.dataset.snapshot") != "stored":
            raise BuildError("bench-web: the first visit made no start-up snapshot (see the console)")
        if first and not pre:  # before the floor's files below: the bench's, not the game's
            self.transfer.update(ctx_boot=self.ready_bytes, ctx_first=self.srv.sent)
        page.evaluate(STORE_FLOOR, list(FLOOR_FILES))
        self.srv.reset()
        self.app_visit(page, "warm", pre)
        if not pre:
            self.transfer["warm"] = self.srv.sent
        self.floor_visit(page, "warm", pre)
        if pre != QUOTA:  # Python's start in steps: the throttled table's comparison
            self.stage_visit(page, pre)
        ctx.new_cdp_session(page).send("Network.clearBrowserCache")
        ctx.set_offline(True)
        self.app_visit(page, "offline", pre)
        self.floor_visit(page, "offline", pre)
        ctx.set_offline(False)
        page.evaluate(DROP_SNAPSHOT)  # the same warm visit without the snapshot: what it saves
        self.app_visit(page, "warm_plain", pre)
        ctx.close()
        for name, _ in FLOORS:  # each cold floor in a context of its own
            ctx = self.context()
            self.floor_visit(self.page(ctx, rate), "cold", pre, only=name)
            ctx.close()

    def first_visit_pages_headers(self, site_root: Any) -> None:
        """First-visit transfer in a fresh context from a host sending GitHub Pages' Cache-Control."""
        srv = SiteServer(site_root, cache_control=GITHUB_PAGES).start()
        try:
            ctx = self.context()
            page = ctx.new_page()
            page.goto(srv.url)
            page.wait_for_selector(READY)
            page.wait_for_function(OFFLINE_READY)
            self.transfer["pages_first"] = srv.sent
            ctx.close()
        finally:
            srv.stop()

    def play(self, rate: float, max_s: float) -> tuple[list[float], float]:
        """Bot latencies (ms, request to answer) over a rubber with three *expert* bots and fast play, cut
        after ``max_s`` seconds; and the seconds it took. A returning player's preferences: no welcome."""
        ctx = self.context()
        prefs = json.dumps({"fast": True, "levels": ["human", "expert", "expert", "expert"], "welcomed": True})
        ctx.add_init_script(script='if (location.protocol === "http:" && !localStorage.getItem("king:/:prefs"))'
                                   f' localStorage.setItem("king:/:prefs", {json.dumps(prefs)});')
        page = self.page(ctx, rate)
        page.goto(self.srv.url)
        page.wait_for_selector(READY)
        page.wait_for_function("document.body.dataset.bots === 'worker'")
        t0 = time.perf_counter()
        while time.perf_counter() - t0 < max_s and play_on(page) != "rubber_over":
            pass
        took = time.perf_counter() - t0
        bot = [float(x) for x in page.evaluate("window.kingStats.bot")]
        self.moves = [str(x) for x in page.evaluate("window.kingStats.botMoves || []")]
        self.worker_took = worker_took(page)
        speed = page.evaluate("window.kingStats.botsSpeed")  # the worker's measured slowness (an older page: none)
        self.slowness = float(json.loads(speed)["slowness"]) if isinstance(speed, str) else 0.0
        ctx.close()
        return bot, took

    def first_bot_card(self, cores: int, pre: str = "") -> None:
        """A first visit seeing ``cores`` cores (:func:`tools.bench_first_bot.first_visit`)."""
        for key, value in first_visit(self.context(), self.srv.url, cores).items():
            self.add(f"{pre}first_bot:{cores}:{key}", value)

    def stage_visit(self, page: Any, pre: str) -> None:
        """bench-stages.html on the main thread and in a worker: ms of each step of Python's start."""
        for where in ("main", "worker"):
            page.goto(self.srv.url + "bench-stages.html" + ("?worker" if where == "worker" else ""))
            page.wait_for_selector(READY)
            at = dict(page.evaluate("window.stages"))
            prev = float(at["start"])
            for key, _ in STEPS:
                self.add(f"{pre}steps:{where}:{key}", float(at[key]) - prev)
                prev = float(at[key])
            self.add(f"{pre}steps:{where}:total", prev - float(at["start"]))


def stage_line(med: dict[str, float], pre: str) -> str:
    """The marks of cold and warm visits (ms from navigation start), then how long each stage took."""
    parts = []
    for kind in ("cold", "warm"):
        marks = [f"{STAGES[m]} {med[f'{pre}{kind}:{m}']:.0f}" for m in STAGES if f"{pre}{kind}:{m}" in med]
        at = {m: med[f"{pre}{kind}:{m}"] for m in STAGES if f"{pre}{kind}:{m}" in med}
        at[""] = med[pre + kind]
        spans = [f"{label} {at[b] - (at[a] if a else 0):.0f}" for label, a, b in DURATIONS
                 if (not a or a in at) and b in at and (a or b == "wasmMs")]
        parts.append(f"{kind}: " + ", ".join([*marks, f"playable {med[pre + kind]:.0f}"])
                     + " (stages: " + ", ".join(spans) + ")")
    return "; ".join(parts)


def visits_table(med: dict[str, float], pre: str) -> list[str]:
    """The Markdown rows of time to playable, bots ready and the floors, from the medians ``med`` (ms)."""
    def row(label: str, key: str, kinds: tuple[str, ...] = ("cold", "warm", "offline")) -> str:
        cells = [f"{med[key.format(k)]:.0f}" if key.format(k) in med else "—" for k in kinds]
        return f"| {label} | " + " | ".join(cells) + " |"

    ratio = [f"{med[pre + k] / med[pre + 'floor_' + k]:.2f}" for k in ("cold", "warm", "offline")]
    return [
        "| | cold (first visit) | warm (service worker) | offline |",
        "|---|---|---|---|",
        row("**time to playable** (Python ready, save restored, table drawn)", pre + "{}"),
        row("the same without the start-up snapshot (deleted before the visit)", pre + "{}_plain"),
        row("bots' worker ready (started after the bots' first move, or 1.5 s into my turn if mine comes first: "
            "the bench does not play; a first visit's welcome answered at once)",
            pre + "{}_bots", ("cold", "warm")) + " — |",
        row("floor: bare Pyodide in a module worker (`bench-floor.html`)", pre + "floor_{}"),
        "| ratio playable / floor | " + " | ".join(ratio) + " |",
        row("diagnostic: the page's own Pyodide + wheel (`web/boot.mjs`) without PyScript (`bench-boot.html`)",
            pre + "boot_{}"),
        row("diagnostic: the floor with the site's standard library (its start modules compiled)", pre + "cfloor_{}"),
    ]


QUOTA = "q_"
"""The prefix of the samples taken in the CPU quota's browser (``--cpu-quota``)."""
QUOTA_PLAY_S = 300
"""The stretch of play (s) whose *Expert* latencies are measured in the CPU quota's browser."""


def quota_pass(p: Any, b: Bench, runs: int, fraction: float) -> dict[str, Any]:
    """Every visit, the first bot cards and a stretch of play again, in a browser whose processes share
    ``fraction`` of one core (:class:`tools.cpu_quota.CpuQuota`); what the report says of it."""
    from tools.cpu_quota import CpuQuota

    launch = launch_args()
    with CpuQuota(fraction, str(launch.get("executable_path") or p.chromium.executable_path)) as quota:
        browser = p.chromium.launch(**{**launch, "executable_path": quota.launcher})
        processes = len(quota.processes())
        if not processes:
            browser.close()
            raise BuildError("bench-web: the browser did not start in the CPU quota's group")
        plain, b.browser = b.browser, browser
        try:
            for i in range(runs):
                log(f"bench-web: run {i + 1}/{runs} with {fraction:g} of a core for the browser ...")
                again_if_crashed("the visits in the quota", functools.partial(b.visits, 1, False, QUOTA))
                for cores in CORES:
                    log(f"bench-web: run {i + 1}/{runs} in the quota, a first visit seeing {cores} cores ...")
                    again_if_crashed("the first bot card in the quota",
                                     functools.partial(b.first_bot_card, cores, QUOTA))
            log(f"bench-web: {QUOTA_PLAY_S} s of play in the quota ...")
            bot, took = again_if_crashed("the play in the quota", lambda: b.play(1, QUOTA_PLAY_S))
            throttled = quota.throttled_ms()
            slowness = b.slowness
        finally:
            b.browser = plain
            browser.close()
    return {"bot": bot, "took": took, "processes": processes, "throttled_s": throttled / 1000, "slowness": slowness}


def bench_web(runs: int, write_docs: bool, throttle: float = 0.0, cpu_quota: float = 0.0) -> int:
    """Measure the site in headless Chromium and print the tables; with ``throttle``, again under CDP CPU
    throttling; with ``cpu_quota`` (a fraction of one core), again in a browser held to that share of the
    CPU (:mod:`tools.cpu_quota`; a :class:`BuildError` saying why, before anything is measured, where the
    machine cannot). With ``write_docs``, also write them into docs/PERF.md between the bench:web markers
    (:func:`write_table`)."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        raise BuildError("bench-web needs playwright (python build.py test installs it)") from None
    if cpu_quota:
        from tools.cpu_quota import unavailable

        if why := unavailable():
            raise BuildError(f"bench-web --cpu-quota: not measured: {why}")
    build_if_needed()
    srv = SiteServer(SITE).start()
    t_start = time.perf_counter()
    launch = launch_args()
    profile = ""
    bot_t: list[float] = []
    rubber_t = 0.0
    quota: dict[str, Any] = {}
    load = {"start": os.getloadavg()}
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(**launch)
            b = Bench(browser, srv)
            for i in range(runs):
                log(f"bench-web: run {i + 1}/{runs} (fresh contexts) ...")
                again_if_crashed("the visits", functools.partial(b.visits, 1, first=i == 0))
                for cores in CORES:
                    log(f"bench-web: run {i + 1}/{runs}, a first visit seeing {cores} cores ...")
                    again_if_crashed("the first bot card", functools.partial(b.first_bot_card, cores))
                if throttle > 1:
                    log(f"bench-web: run {i + 1}/{runs} at {throttle:g}× CPU throttling ...")
                    again_if_crashed("the throttled visits", lambda: b.visits(throttle, first=False, pre="t_"))
            log("bench-web: a first visit from a host sending GitHub Pages' Cache-Control ...")
            again_if_crashed("a first visit", lambda: b.first_visit_pages_headers(SITE))
            # First-visit transfer as a real browser sees it: a new on-disk profile.
            log("bench-web: a first visit with a new on-disk profile ...")
            (CACHE / "tmp").mkdir(parents=True, exist_ok=True)
            profile = tempfile.mkdtemp(prefix="king-bench-", dir=CACHE / "tmp")
            ctx = p.chromium.launch_persistent_context(profile, **launch)
            ctx.set_default_timeout(TIMEOUT_MS)
            page = ctx.pages[0] if ctx.pages else ctx.new_page()
            srv.reset()
            b.app_visit(page, "disk", "")
            page.wait_for_function(OFFLINE_READY)
            b.transfer.update(boot=b.ready_bytes, first=srv.sent, first_requests=srv.requests)
            ctx.close()
            log("bench-web: a whole rubber with fast bots ...")
            bot, rubber_s = again_if_crashed("the rubber", lambda: b.play(1, 600))
            plain_slowness = b.slowness
            if throttle > 1:
                log(f"bench-web: 60 s of play at {throttle:g}× ...")
                bot_t, rubber_t = again_if_crashed("the throttled play", lambda: b.play(throttle, 60))
            browser_version = browser.version
            browser.close()
            load["quiet"] = os.getloadavg()
            if cpu_quota:
                quota = quota_pass(p, b, runs, cpu_quota)
                load["quota"] = os.getloadavg()
    finally:
        srv.stop()
        if profile:
            shutil.rmtree(profile, ignore_errors=True)
    med = {k: statistics.median(v) for k, v in b.res.items() if v}
    transfer = b.transfer
    files, raw, gz = site_size()
    mb = 1e6
    lines = [
        f"Headless Chromium {browser_version}, {os.cpu_count()} cores ({load_text(load['start'], load['quiet'])});"
        f" ms from navigation start; median of {runs} runs, each in a fresh browser context:",
        "",
        *visits_table(med, ""),
        "",
        "Where the time goes (medians, ms from navigation start; `web/boot.mjs` and `web/main.py` set the marks): "
        + stage_line(med, "") + ".",
        "",
        first_bot_line(med),
        "",
        latency_line(bot, "Bot move latency over a rubber with three *expert* bots")
        + f" (the whole rubber took {rubber_s:.0f} s with fast bots and a scripted player"
        f"{slowness_text(plain_slowness)}).",
        "",
        f"Site: {files} files, {raw / mb:.1f} MB ({gz / mb:.1f} MB gzipped). First visit, bytes over the network "
        f"until the offline precache is complete (uncompressed, as `http.server` sends them): a fresh "
        f"incognito-like context {transfer['ctx_first'] / mb:.1f} MB ({transfer['ctx_boot'] / mb:.1f} MB "
        f"until playable), the same from a host sending GitHub Pages' "
        f"`Cache-Control: {GITHUB_PAGES}` {transfer['pages_first'] / mb:.1f} MB, a new on-disk profile "
        f"{transfer['first'] / mb:.1f} MB ({transfer['boot'] / mb:.1f} MB until playable, "
        f"{transfer['first_requests']:.0f} responses with a body; playable at "
        f"{med['disk']:.0f} ms). A warm visit: {transfer['warm'] / 1e3:.0f} kB.",
    ]
    if quota:
        lines += [
            "",
            f"The same with the whole browser held to **{cpu_quota:g} of one core** (a cgroup v1 `cpu` quota: "
            f"every thread of its {quota['processes']} processes at launch slowed alike, as on a slow phone; "
            f"the server outside it; held back {quota['throttled_s']:.0f} s in all; "
            f"{load_text(load['quiet'], load['quota'])}), median of {runs} runs:",
            "",
            *visits_table(med, QUOTA),
            "",
            "Where the time goes in the quota: " + stage_line(med, QUOTA) + ".",
            "",
            first_bot_line(med, QUOTA),
            "",
            latency_line(quota["bot"], "Bot move latency in the quota, three *expert* bots")
            + f" ({quota['took']:.0f} s of fast play{slowness_text(quota['slowness'])}).",
        ]
    if throttle > 1:
        lines += [
            "",
            f"The same under Chrome DevTools' {throttle:g}× CPU throttling (CDP `Emulation.setCPUThrottlingRate` "
            f"on the page; a phone-class CPU), median of {runs} runs:",
            "",
            *visits_table(med, "t_"),
            "",
            f"Where the time goes at {throttle:g}×: " + stage_line(med, "t_") + ".",
            "",
            latency_line(bot_t, f"Bot move latency at {throttle:g}×, three *expert* bots")
            + f" ({rubber_t:.0f} s of fast play).",
            "",
            "Python's start in steps (`bench-stages.html`, warm: files from the service worker; ms per step, "
            "medians), on the page's main thread and in a module worker:",
            "",
            f"| step | main thread | worker | main thread at {throttle:g}× | worker at {throttle:g}× |",
            "|---|---|---|---|---|",
            *[f"| {label} | " + " | ".join(f"{med[f'{pre}steps:{w}:{key}']:.0f}" for pre in ("", "t_")
                                           for w in ("main", "worker")) + " |"
              for key, label in (*STEPS, ("total", "**total**"))],
        ]
    table = "\n".join(lines)
    print()
    print(table)
    print(f"\n(bench-web took {time.perf_counter() - t_start:.0f} s)")
    if write_docs:
        write_table(table)
    return 0


def load_text(start: tuple[float, float, float], end: tuple[float, float, float]) -> str:
    """The machine's load averages (``os.getloadavg()``: 1, 5 and 15 minutes) at a pass's ``start`` and
    ``end``, as the report says them: the machine may be shared, and a loaded one slows every figure."""
    def three(load: tuple[float, float, float]) -> str:
        return " / ".join(f"{x:.1f}" for x in load)

    return f"load average (1 / 5 / 15 min) {three(start)} at the start, {three(end)} at the end"


def slowness_text(slowness: float) -> str:
    """What the bots' worker measured of its device (``kingcore.bots.speed``), for a latency line: empty when
    it said nothing (an older page)."""
    if not slowness:
        return ""
    return f"; the worker measured its device {slowness:.2f}× slower than the reference, its caps ÷ that"


def latency_line(bot: list[float], what: str) -> str:
    """``what`` with the count, p50, p95, p99 and max of the bot latencies ``bot`` (ms, request to answer,
    the worker's round trip included)."""
    if not bot:
        return f"{what}: no move was asked of the worker"
    return (f"{what} ({len(bot)} moves, request to answer, worker round trip included): "
            f"p50 {percentile(bot, 50):.1f} ms, **p95 {percentile(bot, 95):.1f} ms**, "
            f"p99 {percentile(bot, 99):.1f} ms, max {max(bot):.1f} ms")


def write_table(table: str, doc: Path = PERF_DOC, markers: tuple[str, str] = BENCH_MARKERS) -> None:
    """Put ``table`` into ``doc`` (docs/PERF.md) between ``markers`` (the bench:web ones unless given), each a
    line of its own — the prose may name them — keeping the rest of the file; :class:`BuildError` when the
    markers are missing (nothing is written then)."""
    text = doc.read_text(encoding="utf-8")
    start, end = markers
    found = re.search(f"^{re.escape(start)}$.*?^{re.escape(end)}$", text, re.MULTILINE | re.DOTALL)
    if found is None:
        raise BuildError(f"{doc.name} lacks the markers {start} ... {end}, each a line of its own")
    doc.write_text(f"{text[:found.start()]}{start}\n{table}\n{end}{text[found.end():]}", encoding="utf-8")
    log(f"{start}: {doc.relative_to(ROOT) if doc.is_relative_to(ROOT) else doc} updated")
