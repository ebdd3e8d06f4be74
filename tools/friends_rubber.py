"""A whole rubber with friends online by the table's one link, measured (issue 28's "Done when"): a host and
three friends on four browser contexts of one headless Chromium, meeting through a real relay on the loopback
(``python build.py relay``, started here) with no ICE server, play a four-player rubber from *New game* to the
settlement; each page, the host's too, reloads once in the middle of a deal and continues with no action.

    python -m tools.friends_rubber [--mental] [SITE_DIR]    (default dist/site; build it first: python build.py build)

The host (1280×800, English) makes seats 1–3 *a friend online* and deals; the three friends — a 360×740 phone in
Russian, 1024×700 in Ukrainian, 1280×800 in English — open the table's link, each takes its seat by name. Every
move is the first legal one. At every friend's turn of play its hand is its seat's (read from the host's save)
and its document holds no unplayed card of another seat (``tests/e2e/test_hotseat.absent``). In deals 2, 3 and 4
(friend 1, 2, 3) the friend's page reloads after the deal's fourth move and is back at the table with no
action; in deal 5 (or the first later one with four moves) the host's page does, and every friend's page
reconnects by itself. At the end of every deal each friend's page shows it checked as the agreed shuffle
(``data-fair``) unless its page (or the host's) came back during it (``data-unchecked``), and none unfair —
recorded as each deal ends (a page's own lists restart with its reload, or with the host's: they cannot tell
the earlier deals at the end). Printed: one line a deal and a summary — deals, each friend's deals checked and
not checked, reload times, seconds. Minutes on two cores; not part
of the test suite (its browser tests play a few moves with four pages: ``tests/e2e/test_rooms.py``).

``--mental``: the host deals by mental poker (docs/NET.md, "Mental poker"; the host's page opened with
``?king-test`` so that it keeps what it received). At every friend's turn of play, besides the checks above read
from that friend's own page (the host's save holds no deal in play), neither the host's storage nor any text its
page received nor another friend's document holds one of that friend's unplayed cards; a reload mid-deal annuls
the try and the deal is dealt again; every deal's result panel says *audited* on all four pages.
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
FRIENDS = {1: (360, 740, "ru-RU", "Петя"), 2: (1024, 700, "uk-UA", "Остап"), 3: (1280, 800, "en-US", "Bob")}
"""Seat → the friend's viewport width and height, browser language and name."""
RELOAD_IN = {2: 1, 3: 2, 4: 3}
"""Deal → the friend whose page reloads after that deal's fourth move."""
SAID: dict[int, list[str]] = {}
"""Each page's console lines (by ``id(page)``), for a failure's message."""
HOST_RELOAD_FROM = 5
"""The host's page reloads after the fourth move of the first deal from this one that has four moves (a King
deal may end sooner)."""
TURN_JS = """() => {
  const b = document.body.dataset;
  if (b.phase === 'rubber_over') return 'end';
  if (b.phase === 'deal_over') return 'over';
  if (document.querySelector('#hand.is-my-turn button.card.is-legal, #call-screen:not([hidden]) button[data-move]'))
    return 'host';
  return ['1', '2', '3'].includes(b.toMove) ? b.toMove : null; }"""

OVER_JS = """d => {  // a mental table's host page at a deal's result: its verdict, or the table moved on meanwhile
  const b = document.body.dataset;
  if (b.phase !== 'deal_over' || b.deal !== d) return 'moved';
  return document.querySelector('#center-panel #mental-check') ? 'over' : false; }"""


def main(argv: list[str]) -> int:
    sys.path[:0] = [str(ROOT / "tests"), str(ROOT / "tests" / "e2e")]
    from playwright.sync_api import sync_playwright

    hotseat, web, pointer, friends = (importlib.import_module(m) for m in ("test_hotseat", "test_web", "pointer",
                                                                          "test_friends"))
    absent, session, PREFS_KEY, seed_storage = hotseat.absent, hotseat.session, web.PREFS_KEY, web.seed_storage
    mental = "--mental" in argv
    argv = [a for a in argv if a != "--mental"]

    def play_one(page: Any) -> None:
        """The page's first legal move, clicked where it stands (``tests/e2e/pointer.py``)."""
        pointer.play(page, pointer.pick(page))

    from sitebuild.browser import SiteServer, launch_args
    from sitebuild.relay import RelayProcess

    site = Path(argv[0]) if argv else ROOT / "dist" / "site"
    relay = RelayProcess().start()
    server = SiteServer(site).start()
    prefs = {"fast": True, "welcomed": True, "ice": {"mode": "none"}, "relays": {"mode": "own", "text": relay.url},
             "mental": mental}
    t0 = time.monotonic()
    checks = {seat: 0 for seat in FRIENDS}
    reloads: list[float] = []
    host_back = float('nan')
    deals = 0
    panels: dict[int, dict[int, str]] = {}
    marks = ""
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(**launch_args())

            def page(width: int = 1280, height: int = 800, locale: str = "en-US", **more: Any) -> Any:
                ctx = browser.new_context(viewport={"width": width, "height": height}, locale=locale)
                seed_storage(ctx, {PREFS_KEY: json.dumps({**prefs, **more})})
                new = ctx.new_page()
                new.set_default_timeout(120_000)
                said = SAID[id(new)] = []
                new.on("console", lambda m: said.append(f"{m.type}: {m.text[:200]}"))
                return new

            host = page(levels=["human", "online", "online", "online"])
            host.goto(server.url + ("?king-test" if mental else ""))
            host.wait_for_selector("body[data-ready=true]")
            host.click("#btn-new")
            host.click("#new-game-start")
            host.wait_for_selector("#invite-dialog[open] #room-status[data-relays=relays]")
            link = host.input_value("#invite-dialog input[data-room-link]")
            guests = {seat: page(width, height, locale) for seat, (width, height, locale, _) in FRIENDS.items()}
            for guest in guests.values():
                guest.goto(link)
            for seat, guest in guests.items():
                guest.wait_for_selector(f"#join-dialog[open] #join-seat-{seat}")
                guest.check(f"#join-seat-{seat}")
                guest.fill("#join-name", FRIENDS[seat][3])
                guest.click("#join-accept")
                guest.wait_for_selector("body[data-guest=playing]")
            host.wait_for_function("!document.getElementById('invite-dialog').open")
            print(f"link {len(link)} characters; three friends seated {time.monotonic() - t0:.0f} s", flush=True)
            moves, back, since = 0, set[int](), 0
            try:
                while (what := host.wait_for_function(TURN_JS).json_value()) != "end":
                    deal = int(host.evaluate("document.body.dataset.deal"))
                    if what == "over" and deal in panels:  # a mental deal annulled: its page shows the deal
                        host.wait_for_function(  # before until the new try is dealt (it is audited already)
                            "d => document.body.dataset.deal !== d || document.body.dataset.phase !== 'deal_over'",
                            arg=str(deal))
                        continue
                    if what == "over" and mental and host.wait_for_function(OVER_JS, arg=str(deal)).json_value() \
                            == "moved":  # a try's end shown for a moment while it is annulled and dealt again
                        continue
                    if what == "over":
                        panels[deal] = audited(host, guests, deal) if mental else fair(guests, deal, back)
                        deals += 1
                        print(f"deal {deal}: {'audited on every page' if mental else 'checked by the friends'}, "
                              f"{time.monotonic() - t0:.0f} s", flush=True)
                        moves, back = 0, set[int]()
                        host.click("#btn-continue")
                        for each in guests.values() if mental else ():  # a mental table's pages each go on from
                            each.evaluate(friends.GO_ON_JS)  # the result by themselves (or the deal comes to them)
                        since = len(received(host)) if mental else 0  # (the deal's audit came before its verdict)
                        host.wait_for_function(f"document.body.dataset.deal !== '{deal}'"
                                               " || document.body.dataset.phase === 'rubber_over'")
                        continue
                    if moves == 4 and deal >= HOST_RELOAD_FROM and host_back != host_back:  # (nan: not yet)
                        at = time.monotonic()
                        host.reload()  # every friend's page reconnects by itself; the panel closes when all are back
                        host.wait_for_selector("body[data-ready=true]")
                        host.wait_for_function("!document.getElementById('invite-dialog').open")
                        for guest in guests.values():
                            guest.wait_for_selector("body[data-guest=playing]")
                        host_back = time.monotonic() - at
                        since = 0  # (what it received starts again with the page)
                        back.add(0)
                        print(f"deal {deal}: the host's page reloaded, every friend playing again in {host_back:.1f} s",
                              flush=True)
                        continue
                    if moves == 4 and deal in RELOAD_IN and RELOAD_IN[deal] not in back:
                        seat = RELOAD_IN[deal]
                        at = time.monotonic()
                        guests[seat].reload()
                        back_again(guests[seat])
                        reloads.append(time.monotonic() - at)
                        back.add(seat)
                        print(f"deal {deal}: friend {seat}'s page reloaded, playing again in {reloads[-1]:.1f} s",
                              flush=True)
                        if mental:  # the try annulled (its keys went with the page) and dealt again: who moves?
                            continue
                    if what == "host":
                        play_one(host)
                    elif mental:  # the host's save holds no deal in play: each friend's hand from its own page
                        seat = int(what)
                        got = friends.actor_pick(host, guests, what)
                        if got is None:  # (its card was on its way: the host's page moved on meanwhile)
                            continue
                        if got[0].evaluate("document.body.dataset.phase") == "play":
                            hidden(host, guests, seat, deal, since, friends.HAND_JS, absent)
                            checks[seat] += 1
                        pointer.play(*got)
                    else:
                        seat = int(what)
                        guest = guests[seat]
                        guest.wait_for_selector(pointer.MINE)
                        s = session(host)
                        if s.game.phase.name == "PLAY":
                            shown = guest.evaluate("[...document.querySelectorAll('#hand button.card')]"
                                                   ".map(b => b.dataset.card)")
                            assert set(shown) == {str(c) for c in s.game.visible_hand(seat)}, shown
                            absent(guest, {str(c) for other in range(s.game.rules.players) if other != seat
                                           for c in s.game.visible_hand(other)})
                            checks[seat] += 1
                        play_one(guest)
                    moves += 1
            except Exception:  # where each page was, for the failure's reader
                for who, each in (("host", host), *((f"friend {s}", g) for s, g in guests.items())):
                    print(f"{who}: {where(each)}", file=sys.stderr)
                raise
            for each in (host, *guests.values()):
                each.wait_for_selector("#center-panel ul.settlement li")
            last = int(host.evaluate("document.body.dataset.deal"))
            panels[last] = audited(host, guests, last) if mental else fair(guests, last, back)
            deals += 1
            marks = summary(panels, list(FRIENDS))
            browser.close()
    finally:
        server.stop()
        relay.stop()
    print(f"the rubber: {deals} deals to the settlement on 4 pages; {marks}; "
          f"turns checked for others' cards: {checks}; reloads back to playing: median "
          f"{statistics.median(reloads):.1f} s ({', '.join(f'{r:.1f}' for r in reloads)}); the host's reload to "
          f"every friend playing: {host_back:.1f} s; "
          f"{time.monotonic() - t0:.0f} s")
    return 0


def where(page: Any) -> str:
    """Where ``page`` is, for a failure's message: its data attributes, its open dialogs, its last console lines."""
    try:
        at = page.evaluate("[JSON.stringify(document.body.dataset), [...document.querySelectorAll('dialog[open]')]"
                           ".map(d => d.id + ': ' + d.textContent.slice(0, 300))]")
    except Exception as e:  # a closed page
        at = repr(e)
    return f"{at}; console: {SAID.get(id(page), [])[-25:]}"


def back_again(page: Any) -> None:
    """Wait for ``page`` playing again; on a timeout, say where it was (its data attributes, dialogs open)."""
    try:
        page.wait_for_selector("body[data-guest=playing]")
    except Exception as e:
        where = page.evaluate("[JSON.stringify(document.body.dataset), [...document.querySelectorAll('dialog[open]')]"
                              ".map(d => d.id + ': ' + d.textContent.slice(0, 300))]")
        raise AssertionError(f"not playing again: {where}; console: {SAID.get(id(page), [])[-30:]}") from e


def fair(guests: dict[int, Any], deal: int, back: set[int]) -> dict[int, str]:
    """Each friend's page has checked ``deal`` as the agreed shuffle — or, the friends whose page came back
    during it (``back``; all of them when the host's did, 0), marked it not checked — said on its result
    panel, and no deal as unfair. Returns seat → ``"fair"`` or ``"unchecked"``, as shown."""
    shown = {}
    for seat, guest in guests.items():
        mark = "unchecked" if seat in back or 0 in back else "fair"
        guest.wait_for_function(f"(document.body.dataset.{mark} || '').split(',').includes('{deal}')")
        guest.wait_for_selector(f"#guest-fair[data-fair={'checked' if mark == 'fair' else 'unchecked'}]")
        assert guest.evaluate("document.body.dataset.unfair") is None, deal
        shown[seat] = mark
    return shown


def received(host: Any) -> list[str]:
    """Every text the host's page received since it opened (``?king-test``: ``kingHostReceived``)."""
    return list(json.loads(host.evaluate("window.kingHostReceived || '[]'")))


def cards_named(text: str, cards: set[str]) -> list[str]:
    """Which of ``cards`` (``"QS"``…) ``text`` names as the texts and the saves write a card: ``"QS"``,
    ``\\"QS\\"`` (inside a JSON string) or `` QS `` (in a game record's line). Sorted."""
    return sorted(c for c in cards if f'"{c}"' in text or f'\\"{c}\\"' in text or f" {c} " in text)


def hidden(host: Any, guests: dict[int, Any], seat: int, deal: int, since: int, hand_js: str, absent: Any) -> None:
    """At a mental table, friend ``seat``'s unplayed cards of ``deal`` (read from its own page) are nowhere else:
    the host's save holds the deals before it only (the same deck's cards are in those, of course), no text the
    host's page received since the deal began (from the ``since``-th on) names one, nor does another friend's
    document. The draw for the first dealer's cards (shown face up, then gathered) aside."""
    from kingcore.web import Session

    cards = set(guests[seat].evaluate(hand_js))
    stored = json.loads(host.evaluate("JSON.stringify(Object.fromEntries(Object.entries(localStorage)))"))
    saves = [Session.from_save(v) for k, v in stored.items() if k.endswith(":save")]
    assert saves and all(len(s.game.deals) == deal - 1 for s in saves), [len(s.game.deals) for s in saves]
    cards -= {str(c) for s in saves for c in s.game.draw}
    everything = json.dumps(received(host)[since:]) + (json.dumps(stored) if deal == 1 else "")
    assert not cards_named(everything, cards), (seat, cards_named(everything, cards))
    for other, page in guests.items():
        if other != seat:
            absent(page, cards)


def audited(host: Any, guests: dict[int, Any], deal: int) -> dict[int, str]:
    """Every page's result panel of ``deal`` says it audited it (``#mental-check[data-check=audited]``), none
    other verdict. Returns seat → ``"fair"`` for the summary (audited is this table's "checked")."""
    for page in (host, *guests.values()):
        page.wait_for_selector("#center-panel #mental-check[data-check=audited]")
        assert page.evaluate("document.body.dataset.unfair") is None, deal
    return {seat: "fair" for seat in guests}


def summary(shown: dict[int, dict[int, str]], seats: list[int]) -> str:
    """``shown`` (deal → seat → ``"fair"`` | ``"unchecked"``, as each deal's result panel showed it) as the
    summary's words: each friend's seat with its deals checked and not checked. Raises ``ValueError`` naming
    the first deal a friend's page showed neither for (deals 1 to the last, none skipped)."""
    parts = []
    for seat in seats:
        marks: dict[str, list[int]] = {"fair": [], "unchecked": []}
        for deal in range(1, max(shown, default=0) + 1):
            mark = shown.get(deal, {}).get(seat)
            if mark not in marks:
                raise ValueError(f"deal {deal}: friend {seat}'s page showed neither checked nor not checked")
            marks[str(mark)].append(deal)
        parts.append(f"friend {seat}: checked {spans(marks['fair'])}, not checked {spans(marks['unchecked'])}")
    return "; ".join(parts)


def spans(deals: list[int]) -> str:
    """Sorted deal numbers as runs: ``[1, 2, 3, 5]`` → ``"1–3, 5"``; none → ``"none"``."""
    runs: list[list[int]] = []
    for d in deals:
        if runs and d == runs[-1][1] + 1:
            runs[-1][1] = d
        else:
            runs.append([d, d])
    return ", ".join(f"{a}–{b}" if b > a else str(a) for a, b in runs) or "none"


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
