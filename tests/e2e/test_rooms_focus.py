"""The host's page reloaded at a table of friends (by mental poker): its keyboard focus lands where play goes on,
as on a page of a game alone just loaded — the hand once its cards are dealt again, the result's *Continue* at a
result —, never on *New game* in the top bar (a tester's did: the invite panel, open while the friend's page came
back, closed before the deal was dealt again, and its focus went to the one button then shown; Enter there leaves
the game). In Chromium with the tests' relay; both ``slow`` (``python build.py test -- -m slow
tests/e2e/test_rooms_focus.py``): the everyday run checks the mid-deal case within test_friends.py's host reload
(:func:`test_friends.host_reloads_mid_deal`), which this file's 35 s would only repeat; the result's case plays a
whole deal."""
from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from pointer import MINE, pick, play
from test_friends import DEALT_JS, WHERE_JS, opened
from test_panel_foot import CENTRE_JS
from test_rooms import TIMERS, found, hosted
from test_web import PREFS_KEY, seed_storage

pytestmark = [pytest.mark.browser]

FOCUS_JS = """() => { const a = document.activeElement;
  return a === document.body ? 'body' : a.closest('#hand') ? 'hand' : a.id || a.tagName; }"""
"""Where a page's keyboard focus is: ``hand`` (a card of it), ``body`` (nothing), else the element's id."""
ACTOR_JS = f"""() => {{
  const b = document.body.dataset;
  if (['deal_over', 'rubber_over'].includes(b.phase)) return 'over';
  if (document.querySelector({json.dumps(MINE)})) return 'host';
  return b.toMove === '1' ? '1' : null; }}"""
"""Who is to move at the host's table: 'host', the friend ('1'), or the deal over (the bots move by themselves)."""


def seated(relay: Any, warm_peers: Any) -> tuple[Any, Any]:
    """A mental table of the host, a friend (Петя, seat 1) and two bots, deal 1 dealt: ``(host's page, friend's)``."""
    prefs = {"fast": True, "relays": {"mode": "own", "text": relay.url}, "mental": True, "lang": "ru"}
    host, link = hosted(warm_peers, {PREFS_KEY: json.dumps({**prefs, "levels": ["human", "online", "random", "random"],
                                                            "names": ["Оля", "", "", ""]}), **TIMERS})
    ctx = warm_peers.new_context()
    seed_storage(ctx, {PREFS_KEY: json.dumps({"relays": prefs["relays"]}), **TIMERS})
    friend = opened(ctx, link)
    found(friend)
    friend.check("#join-seat-1")
    friend.fill("#join-name", "Петя")
    friend.click("#join-accept")
    friend.wait_for_selector("body[data-guest=playing][data-mental=guest]")
    host.wait_for_function(DEALT_JS, arg=1)
    return host, friend


def focused(host: Any, want: str) -> None:
    """Wait until the focus of ``host``'s page is at ``want`` (:data:`FOCUS_JS`); on a timeout, say where it is."""
    try:
        host.wait_for_function(f"want => ({FOCUS_JS})() === want", arg=want, timeout=10_000)
    except PlaywrightTimeout as e:
        raise AssertionError([host.evaluate(FOCUS_JS), host.evaluate(WHERE_JS)]) from e


@pytest.mark.slow
def test_the_hosts_page_reloaded_mid_deal_puts_the_focus_in_the_hand(relay: Any, warm_peers: Any) -> None:
    """Its keys gone, the deal is dealt again: once the cards are open the focus is in the hand, as after a fresh
    deal (it was on «Новая игра»)."""
    host, _ = seated(relay, warm_peers)
    host.reload()
    host.wait_for_selector("body[data-ready=true]")
    host.wait_for_function("() => document.querySelectorAll('#hand button.card').length > 0 "
                           "&& !document.getElementById('invite-dialog').open")
    focused(host, "hand")


@pytest.mark.slow
def test_the_hosts_page_reloaded_at_a_result_puts_the_focus_on_continue(relay: Any, warm_peers: Any) -> None:
    """Deal 1 played to its end; at its result the host's page reloads: the focus on the result's «Дальше» (``slow``:
    a whole deal). The friend's page, a phone (360×740), says the table waits for them, «Дальше» right under it, in
    the middle of the panel (it stood right of the middle, in the column pair of a review a friend's page lacks)."""
    host, friend = seated(relay, warm_peers)
    friend.set_viewport_size({"width": 360, "height": 740})
    while (who := host.wait_for_function(ACTOR_JS).json_value()) != "over":
        page = host if who == "host" else friend
        try:
            page.wait_for_function("sel => !!document.querySelector(sel)", arg=MINE, timeout=10_000)
        except PlaywrightTimeout:
            continue  # (the host's page showed a move on its way)
        play(page, pick(page))
    host.wait_for_selector("body[data-phase=deal_over] #center-panel #btn-continue:visible")
    host.reload()
    host.wait_for_selector("body[data-ready=true][data-phase=deal_over] #center-panel #btn-continue:visible")
    host.wait_for_function("() => !document.getElementById('invite-dialog').open")
    focused(host, "btn-continue")
    friend.wait_for_selector("#center-panel #mental-wait[data-wait=you]")
    seen = friend.evaluate(CENTRE_JS)
    assert seen["review"] == "none" and seen["off"] <= 1 and seen["noteShown"], seen
