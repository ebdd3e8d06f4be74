"""A whole rubber with friends online, measured (issue 19's "Done when"): a host and two friends on three
browser contexts of one headless Chromium (no ICE servers: host candidates on the loopback) play a four-player
rubber from *New game* to the settlement, a *Medium* bot in the fourth seat.

    python -m tools.friends_rubber [SITE_DIR]      (default dist/site; build it first: python build.py build)

The host (1280×800, English) makes seats 1 and 2 *a friend online*; a friend on a 360×740 phone in Russian and
one at 1024×700 in Ukrainian open their invite links, join and hand back their answers; every move is the
first legal one. At every friend's turn its hand is its seat's (read from the host's save) and its document
holds no unplayed card of another seat (``tests/e2e/test_hotseat.absent``); at the end of every deal both
friends' pages mark it checked as the agreed shuffle (``data-fair``) and none unfair. Printed: one line a deal
and a summary — deals, checks, seconds. Minutes on two cores; not part of the test suite (its browser tests
play two deals with friends: ``tests/e2e/test_friends.py``).
"""

from __future__ import annotations

import importlib
import json
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
FRIENDS = {1: (360, 740, "ru-RU", "Петя"), 2: (1024, 700, "uk-UA", "Остап")}
"""Seat → the friend's viewport width and height, browser language and name."""


def main(argv: list[str]) -> int:
    sys.path[:0] = [str(ROOT / "tests"), str(ROOT / "tests" / "e2e")]
    from playwright.sync_api import sync_playwright

    friends, hotseat, web, pointer = (importlib.import_module(m) for m in ("test_friends", "test_hotseat",
                                                                           "test_web", "pointer"))
    ACTOR_JS, MINE, connect, invite_link = friends.ACTOR_JS, pointer.MINE, friends.connect, friends.invite_link

    def play_one(page: Any) -> None:
        """The page's first legal move, clicked where it stands (``tests/e2e/pointer.py``)."""
        pointer.play(page, pointer.pick(page))
    absent, session, PREFS_KEY, seed_storage = hotseat.absent, hotseat.session, web.PREFS_KEY, web.seed_storage

    from sitebuild.browser import SiteServer, launch_args

    site = Path(argv[0]) if argv else ROOT / "dist" / "site"
    server = SiteServer(site).start()
    t0 = time.monotonic()
    checks = {seat: 0 for seat in FRIENDS}
    deals = 0
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(**launch_args())

            def page(width: int = 1280, height: int = 800, locale: str = "en-US") -> Any:
                ctx = browser.new_context(viewport={"width": width, "height": height}, locale=locale)
                seed_storage(ctx, {PREFS_KEY: json.dumps({"fast": True, "ice": {"mode": "none"}, "welcomed": True})})
                new = ctx.new_page()
                new.set_default_timeout(60_000)
                return new

            host = page()
            host.goto(server.url)
            host.wait_for_selector("body[data-ready=true]")
            host.click("#btn-new")
            for seat in FRIENDS:
                host.select_option(f"#opt-level-{seat}", "online")
            host.select_option("#opt-level-3", "medium")
            host.click("#new-game-start")
            guests = {}
            for seat, (width, height, locale, name) in FRIENDS.items():
                guest = page(width, height, locale)
                guest.goto(invite_link(host, seat))
                guest.fill("#join-name", name)
                guest.click("#join-accept")
                guest.wait_for_function("(document.querySelector('[data-answer-code]') || {}).value")
                connect(host, seat, guest.locator("[data-answer-code]").input_value())
                guests[seat] = guest
            host.wait_for_function("!document.getElementById('invite-dialog').open")
            while (what := host.wait_for_function(ACTOR_JS, timeout=120_000).json_value()) != "end":
                if what == "over":
                    deal = host.evaluate("document.body.dataset.deal")
                    fair(guests.values(), deal)
                    deals += 1
                    print(f"deal {deal}: checked as the agreed shuffle by both friends, {time.monotonic() - t0:.0f} s",
                          flush=True)
                    host.click("#btn-continue")
                    host.wait_for_function(f"document.body.dataset.deal !== '{deal}'"
                                           " || document.body.dataset.phase === 'rubber_over'")
                elif what == "host":
                    play_one(host)
                else:
                    seat = int(host.evaluate("document.body.dataset.toMove"))
                    guest = guests[seat]
                    guest.wait_for_selector(MINE)
                    s = session(host)
                    if s.game.phase.name == "PLAY":
                        shown = guest.evaluate("[...document.querySelectorAll('#hand button.card')]"
                                               ".map(b => b.dataset.card)")
                        assert set(shown) == {str(c) for c in s.game.visible_hand(seat)}, shown
                        absent(guest, {str(c) for other in range(s.game.rules.players) if other != seat
                                       for c in s.game.visible_hand(other)})
                        checks[seat] += 1
                    play_one(guest)
            for each in (host, *guests.values()):
                each.wait_for_selector("#center-panel ul.settlement li")
            fair(guests.values(), host.evaluate("document.body.dataset.deal"))
            deals += 1
            marks = [g.evaluate("document.body.dataset.fair") for g in guests.values()]
            browser.close()
    finally:
        server.stop()
    print(f"the rubber: {deals} deals to the settlement on 3 pages; deals checked by each friend: {marks}; "
          f"turns checked for others' cards: {checks}; {time.monotonic() - t0:.0f} s")
    return 0


def fair(guests: Any, deal: str) -> None:
    """Each friend's page has checked ``deal`` as the agreed shuffle, and no deal as unfair."""
    for guest in guests:
        guest.wait_for_function(f"(document.body.dataset.fair || '').split(',').includes('{deal}')")
        assert guest.evaluate("document.body.dataset.unfair") is None, deal


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
