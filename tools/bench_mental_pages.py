"""Mental poker in Chromium: how long one shuffle-and-deal round takes pages of the built site that carry its
texts over their rooms' data channels, and how many characters a round sends (docs/PERF.md, "Mental poker").

    python -m tools.bench_mental_pages [RUNS]      (default 5; build the site first: python build.py build)

A relay is started on the loopback as the browser tests start it. Each table opens fresh pages (their own
browser contexts) of a bare page of the site that runs ``peer.js`` and the site's vendored Pyodide with the
site's own wheels (kingcore, the friends-online wheel, python-ecdsa, six) — the game's page would add its start
and nothing to the round — and has 2, then 4, of them join a room; each page plays one page of a four-player table
(``MentalPage``; page 0, the host's, holds the seats no other page holds: its bots'), every text sent straight to
the pages it is for over the mesh. Once every page has every other page open, page 0 starts deal 1's round; a
run is measured from that start to the moment the last page has opened its own cards (its ``dealt`` event). Then
page 0 annuls the try and starts the next one: ``RUNS`` rounds per table. Printed per table: median, 90th
percentile and maximum of the round's wall time, and the characters all pages sent per round.
"""

from __future__ import annotations

import json
import statistics
import sys
from typing import Any

from sitebuild.common import SITE
from tools.bench_rooms import bench_pages, percentile

PAGE = "/__bench-mental.html"
"""The bare page, served beside the site (same origin: its peer.js, pyodide/ and wheels/)."""
PAGE_HTML = b"""<!doctype html><meta charset=utf-8><link rel="icon" href="data:,"><script src="./peer.js"></script>
<script type="module">
import { loadPyodide } from "./pyodide/pyodide.mjs";
const py = await loadPyodide({ indexURL: "./pyodide/" });
await py.loadPackage(WHEELS.map(w => new URL("./wheels/" + w, location.href).href));
window.py = py;
</script>"""
PLAYERS = 4
ROUND_S = 120.0
"""How long one round may take before the run fails."""

PY = """
import json, random, secrets, time
from kingcore.game import Game
from kingcore.rules import Rules
from kingcore.online.deal.mental import Event, MentalPage, Send

rules = Rules.parse("king(players=PLAYERS)")
game = Game(rules)
game.draw_dealer(random.Random(7))  # every page the same game, after the draw
owners = [s if s < PAGES else 0 for s in range(rules.players)]
page = MentalPage(rules, N, "bench", secrets.token_bytes, seat=None if N == 0 else N, game=game)

def out(outs):
    return json.dumps({"send": [[o.to, o.text] for o in outs if isinstance(o, Send)],
                       "events": [[o.kind, o.deal] for o in outs if isinstance(o, Event)]})

def handle(sender, text):
    return out(page.receive(sender, text, time.monotonic()))

def start():
    r = page.round
    outs = page.annul(time.monotonic(), 0, "bench", "the next try") if r is not None else []
    return out(outs + page.start(time.monotonic(), list(range(PAGES)), owners))
""".replace("PLAYERS", str(PLAYERS))

GLUE_JS = """([n, pages, code]) => {
  window.N = n; window.ev = []; window.sent = 0; window.peerOf = {}; window.pageOf = {};
  py.globals.set("N", n); py.globals.set("PAGES", pages); py.runPython(code);
  window.route = (json) => {
    const r = JSON.parse(json);
    for (const [to, t] of r.send) {
      const targets = to === null ? Object.keys(peerOf).map(Number) : [to];
      for (const q of targets) { const s = JSON.stringify({t}); sent += t.length; kingPeer.send(peerOf[q], s); }
    }
    for (const [kind, deal] of r.events) ev.push([kind, deal, Date.now()]);
  };
  kingPeer.listen((kind, id, text) => {
    if (kind === "open") kingPeer.send(id, JSON.stringify({hello: n}));
    else if (kind === "message") {
      const m = JSON.parse(text);
      if (m.hello !== undefined) { peerOf[m.hello] = id; pageOf[id] = m.hello; }
      else route(py.globals.get("handle")(pageOf[id], m.t));
    }
  });
}"""
JOIN_JS = """async ([room, relay]) => kingPeer.join(room, "bench-secret-1234", JSON.stringify([relay]), "[]")"""
START_JS = """() => { window.startedAt = Date.now(); route(py.globals.get("start")()); return startedAt; }"""


def one_table(browser: Any, url: str, relay: str, n: int, runs: int) -> tuple[list[float], list[int]]:
    """``n`` pages at one table: each round's ms from its start to the last page's cards open, and the characters
    all pages sent in it."""
    ctxs = [browser.new_context() for _ in range(n)]
    times: list[float] = []
    chars: list[int] = []
    try:
        pages = []
        for i, ctx in enumerate(ctxs):
            page = ctx.new_page()
            page.goto(url)
            page.wait_for_function("() => !!window.py && !!window.kingPeer", timeout=ROUND_S * 1000)
            page.evaluate(GLUE_JS, [i, n, PY])
            pages.append(page)
        for page in pages:
            page.evaluate(JOIN_JS, [f"bench-mental-{n}", relay])
        for page in pages:
            page.wait_for_function(f"() => Object.keys(peerOf).length === {n - 1}", timeout=ROUND_S * 1000)
        for run in range(runs):
            before = sum(page.evaluate("sent") for page in pages)
            counts = [page.evaluate("ev.filter(e => e[0] === 'dealt').length") for page in pages]
            started = pages[0].evaluate(START_JS)
            for page, count in zip(pages, counts, strict=True):
                page.wait_for_function(f"() => ev.filter(e => e[0] === 'dealt').length > {count}",
                                       timeout=ROUND_S * 1000)
            done = max(page.evaluate(f"ev.filter(e => e[0] === 'dealt')[{count}][2]")
                       for page, count in zip(pages, counts, strict=True))
            times.append(float(done - started))
            chars.append(sum(page.evaluate("sent") for page in pages) - before)
            print(f"  {n} pages, round {run + 1}: {times[-1]:.0f} ms, {chars[-1] / 1000:.0f} k characters",
                  flush=True)
        return times, chars
    finally:
        for ctx in ctxs:
            ctx.close()


def main(argv: list[str]) -> int:
    runs = int(argv[0]) if argv else 5
    wheels = sorted(p.name for p in (SITE / "wheels").glob("*.whl") if not p.name.startswith("segno"))
    if not (SITE / "peer.js").is_file() or len(wheels) != 4:
        print("bench_mental_pages: build the site first (python build.py build)", file=sys.stderr)
        return 1
    with bench_pages(PAGE, PAGE_HTML.replace(b"WHEELS", json.dumps(wheels).encode())) as (browser, url, relay_url):
        results = {n: one_table(browser, url, relay_url, n, runs) for n in (2, 4)}
    for n, (times, chars) in results.items():
        print(f"{n} pages, a four-player deal's shuffle and deal: median {statistics.median(times):.0f} ms, "
              f"p90 {percentile(times, 90):.0f}, max {max(times):.0f}; {statistics.median(chars) / 1000:.0f} k "
              f"characters sent by all pages per round ({len(times)} rounds)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
