"""The table's one link, measured in the game's own pages: how long the link is, how long a friend takes from
opening it to being seated, and how long a page takes from a reload to playing again — on a relay on the
loopback (``python build.py relay``, started here), no ICE server, one headless Chromium.

    python -m tools.bench_one_link [RUNS] [SITE_DIR]     (default 5 runs, dist/site; build it first)

The host (a context of its own, the site stored as a returning player's: its second visit) makes seat 1 *a
friend online* and deals, anew for each run (a new table, a new room, a new link). Each run opens the link in a
new context of its own — a friend's first visit, the site downloaded (from the loopback) and Python started — and
measures, in seconds by the test's clock:

* **link → join screen**: from the navigation to the join screen with the table and its free seats;
* **Join → seated**: from the click on *Join* to the table drawn (``data-guest=playing``);
* **friend's reload → playing**: the friend's page reloaded (its second visit: the site in its cache) until its
  table is drawn again, its seat taken back with its key;
* **host's reload → friend playing**: the host's page reloaded until the friend's page plays again (the host's
  page starts, reopens the room; the friend's page notices the host lost — the heartbeat's 4 s — and takes its
  seat back).

Printed: each run, then the median, minimum and maximum of each, and the link's length in characters.
"""

from __future__ import annotations

import importlib
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
STEPS = ("link → join screen", "Join → seated", "friend's reload → playing", "host's reload → friend playing")
STATES_JS = """() => { window.kingStates = [document.body.dataset.guest];
  new MutationObserver(() => { if (kingStates.at(-1) !== document.body.dataset.guest)
    kingStates.push(document.body.dataset.guest); }).observe(document.body, {attributes: true}); }"""


def spread(xs: list[float]) -> str:
    """Median, minimum and maximum of ``xs`` in seconds.

    >>> spread([2.0, 1.0, 4.0])
    'median 2.00 s (1.00–4.00)'
    """
    return f"median {statistics.median(xs):.2f} s ({min(xs):.2f}–{max(xs):.2f})"


def main(argv: list[str]) -> int:
    sys.path[:0] = [str(ROOT / "tests"), str(ROOT / "tests" / "e2e")]
    from playwright.sync_api import sync_playwright

    web = importlib.import_module("test_web")  # the browser tests' storage helpers
    PREFS_KEY, seed_storage = web.PREFS_KEY, web.seed_storage

    from sitebuild.browser import SiteServer, launch_args
    from sitebuild.relay import RelayProcess

    runs = int(argv[0]) if argv else 5
    site = Path(argv[1]) if len(argv) > 1 else ROOT / "dist" / "site"
    relay = RelayProcess().start()
    server = SiteServer(site).start()
    prefs = {"fast": True, "welcomed": True, "ice": {"mode": "none"}, "relays": {"mode": "own", "text": relay.url}}
    times: dict[str, list[float]] = {step: [] for step in STEPS}
    lengths: list[int] = []
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(**launch_args())

            def context(**more: Any) -> Any:
                ctx = browser.new_context(viewport={"width": 1280, "height": 800}, locale="en-US")
                ctx.set_default_timeout(120_000)
                seed_storage(ctx, {PREFS_KEY: json.dumps({**prefs, **more})})
                return ctx

            hctx = context(levels=["human", "online", "random", "random"])
            host = hctx.new_page()
            host.goto(server.url)  # the first visit: the site stored for the host's next page loads
            host.wait_for_selector("body[data-ready=true]")
            host.wait_for_function("document.documentElement.dataset.offline === 'ready'")
            host.reload()
            host.wait_for_selector("body[data-ready=true]")
            for run in range(runs):
                host.click("#btn-new")
                host.click("#new-game-start")
                host.wait_for_selector("#invite-dialog[open] #room-status[data-relays=relays]")
                link = host.input_value("#invite-dialog input[data-room-link]")
                lengths.append(len(link))
                friend = context().new_page()
                at = time.monotonic()
                friend.goto(link)
                friend.wait_for_selector("#join-dialog[open] #join-seat-1")
                times[STEPS[0]].append(time.monotonic() - at)
                friend.fill("#join-name", f"Friend {run}")
                at = time.monotonic()
                friend.click("#join-accept")
                friend.wait_for_selector("body[data-guest=playing]")
                times[STEPS[1]].append(time.monotonic() - at)
                host.wait_for_function("!document.getElementById('invite-dialog').open")
                at = time.monotonic()
                friend.reload()
                friend.wait_for_selector("body[data-guest=playing]")
                times[STEPS[2]].append(time.monotonic() - at)
                friend.evaluate(STATES_JS)
                at = time.monotonic()
                host.reload()
                friend.wait_for_function("kingStates.includes('reconnecting') && "
                                         "document.body.dataset.guest === 'playing'")
                times[STEPS[3]].append(time.monotonic() - at)
                host.wait_for_selector("body[data-ready=true]")
                print(f"run {run + 1}: " + ", ".join(f"{step} {times[step][-1]:.2f} s" for step in STEPS), flush=True)
                friend.context.close()
            browser.close()
    finally:
        server.stop()
        relay.stop()
    print(f"the table's link: {min(lengths)}–{max(lengths)} characters")
    for step in STEPS:
        print(f"{step}: {spread(times[step])} over {len(times[step])} runs")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
