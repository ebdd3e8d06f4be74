"""A bot request's size and its decoding in the bots' worker, at both ends of a rubber of ordered King.

``python tools/bench_request.py [--repeat 200] [--rng-seed 1]``; in Pyodide under Node:
``node tools/pyodide_run.mjs --code "$(cat tools/bench_request.py)" -- --repeat 200``.

Plays one rubber of ordered King (``king(order=chosen)``, 56 deals) with the medium bot at every seat
through the page's :class:`~kingcore.web.session.Session` and, at the opening lead of deal 1 and of the
last deal, takes the request the page sends the worker for a bot's move (:meth:`Session.bot_request`):
its JSON size, and the median time the worker takes to turn it into what the bot gets — the text parsed,
the :class:`~kingcore.view.SeatView` rebuilt and the rubber's earlier deals found
(:func:`kingcore.web.botcalls.decode`; in a checkout from before it, ``SeatView.from_dict``, the earlier
deals inside the view). Also the largest request of each of those deals, and what feeding the worker the
last deal's earlier deals once costs (:func:`kingcore.web.botcalls.learn`). Prints one line per figure.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path.cwd()))

import kingcore.web.botcalls
from kingcore.game import Phase
from kingcore.limits import MAX_COUNT, MAX_SEED, cli_count
from kingcore.view import SeatView
from kingcore.web import Session, bot_move

# a checkout from before has neither: the earlier deals travel inside every view
learn: Any = getattr(kingcore.web.botcalls, "learn", None)
decode: Callable[[str], object] = getattr(kingcore.web.botcalls, "decode",
                                          lambda request: SeatView.from_dict(json.loads(request)))


def median_us(fn: Callable[[], object], repeat: int) -> float:
    """The median wall time of ``repeat`` calls of ``fn``, in µs (each call timed alone)."""
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times) * 1e6


def play(rng_seed: int, deals: int = 0) -> tuple[Session, dict[int, list[str]]]:
    """The session at the end of the rubber (or of its deal ``deals``), and the bot requests of deal 1 and
    of the rubber's last deal (or deal ``deals``), in order (the first one: the opening lead)."""
    rng = random.Random(rng_seed)
    s = Session.new_game({"order": "chosen"}, rng, {"levels": ["medium"] * 4})
    last = min(deals, s.game.total_deals) if deals > 1 else s.game.total_deals
    out: dict[int, list[str]] = {1: [], last: []}
    while s.game.phase is not Phase.RUBBER_OVER:
        if len(s.game.deals) == last and s.game.phase is Phase.DEAL_OVER:
            break
        if s.deal(rng):
            continue
        seat = s.game.to_move
        assert seat is not None
        request = s.bot_request(seat)
        d = s.game.current
        if d is not None and d.number in out and s.game.phase is Phase.PLAY:
            out[d.number].append(request)
        assert s.apply(bot_move(request, "medium", s.bot_seed(seat)), seat)["ok"]
    return s, out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--repeat", type=cli_count("repeat", 1, MAX_COUNT), default=200,
                   help="timings per figure (the median is shown)")
    p.add_argument("--rng-seed", type=cli_count("rng-seed", 0, MAX_SEED), default=1)
    p.add_argument("--deals", type=cli_count("deals", 0, MAX_COUNT), default=0,
                   help="stop after this deal (0: the whole rubber, 56 deals)")
    a = p.parse_args(argv)
    t0 = time.perf_counter()
    s, requests = play(a.rng_seed, a.deals)
    print(f"bench_request: Python {platform.python_version()} ({platform.python_implementation()}, "
          f"{sys.platform}); {len(s.game.deals)} deals of ordered King played in {time.perf_counter() - t0:.1f} s; "
          f"median of {a.repeat}")
    first, last = sorted(requests)
    base = 0.0
    for deal in (first, last):
        reqs = requests[deal]
        us = median_us(lambda req=reqs[0]: decode(req), a.repeat)  # type: ignore[misc]
        base = base or us
        print(f"deal {deal:2}: opening lead request {len(reqs[0].encode()):6,} B, decoded in {us:7.1f} µs "
              f"({us / base:.2f} × deal {first}); the deal's largest request "
              f"{max(len(r.encode()) for r in reqs):6,} B")
    if learn is not None:
        feed = s.bot_past("0:")  # all of them: what a worker started afresh at the last deal is sent once
        us = median_us(lambda: learn(feed), max(1, a.repeat // 10))
        n = len(s.past.deals)
        one = s.bot_past(f"{n - 1}:{s.past.digests[n - 2]}")  # what a worker that followed the rubber lacks
        print(f"once per deal: the feed of one deal {len(one.encode()):,} B; of all {n} earlier deals (a worker "
              f"started afresh at the last deal) {len(feed.encode()):,} B, learned in {us:,.0f} µs")
    return 0


if __name__ == "__main__":
    sys.exit(main())
