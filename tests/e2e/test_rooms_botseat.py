"""After the host's reload, a seat left to a bot (*Start with bots in the empty seats*) plays on by itself once
every friend is back: it held the table at its turn until the host pressed *Go on with bots* (a new user's find;
``Host.none_awaited``). In Chromium with the tests' relay; ``slow`` (≈ 50 s: the everyday run is over its
8 minutes): ``python build.py test -- -m slow tests/e2e/test_rooms_botseat.py``. It failed before the fix (the
bot's turn never came to an end within 30 s)."""
from __future__ import annotations

import json
from typing import Any

import pytest
from pointer import pick, play
from test_friends import opened
from test_rooms import TIMERS, TURN_JS, found, hosted, presence
from test_web import PREFS_KEY, seed_storage

pytestmark = [pytest.mark.browser, pytest.mark.slow]
BOT_CARDS_JS = """() => Number(document.querySelector('section.seat[data-seat="3"] .backs').dataset.count)"""
"""The cards seat 3 (the bot's) holds, as the host's page shows its backs."""


def test_after_the_hosts_reload_a_seat_left_to_a_bot_plays_on_by_itself(relay: Any, warm_peers: Any) -> None:
    prefs = {"fast": True, "relays": {"mode": "own", "text": relay.url}, "mental": False}
    levels = ["human", "online", "online", "online"]
    host, link = hosted(warm_peers, {PREFS_KEY: json.dumps({**prefs, "levels": levels}), **TIMERS})
    friends: dict[int, Any] = {}
    for seat in (1, 2):
        ctx = warm_peers.new_context()
        seed_storage(ctx, {PREFS_KEY: json.dumps(prefs), **TIMERS})
        friends[seat] = opened(ctx, link)
    for seat, page in friends.items():
        found(page)
        page.check(f"#join-seat-{seat}")
        page.fill("#join-name", f"F{seat}")
        page.click("#join-accept")
        page.wait_for_selector("body[data-guest=playing]")
    host.click("#invite-start")  # Start with bots in the empty seats: seat 3 a bot
    presence(host, {1: "here", 2: "here", 3: "bot"})
    for _ in range(3):
        who = host.wait_for_function(TURN_JS, timeout=30_000).json_value()
        if who == "3":
            host.wait_for_function("document.body.dataset.toMove !== '3'", timeout=30_000)
        elif who != "over":
            page = host if who == "host" else friends[int(who)]
            play(page, pick(page))
    host.reload()
    host.wait_for_selector("body[data-ready=true]")
    presence(host, {1: "here", 2: "here"})
    held = host.evaluate(BOT_CARDS_JS)
    # no one acts: the game goes on; the bot's seat plays when its turn comes (its turn may pass unseen between two
    # looks with fast bots: what it played is counted by the cards it holds)
    for _ in range(16):
        who = host.wait_for_function(TURN_JS, timeout=30_000).json_value()
        if who == "over":
            break
        if who == "3":
            host.wait_for_function("document.body.dataset.toMove !== '3'", timeout=30_000)
            continue
        page = host if who == "host" else friends[int(who)]
        if who == "host":
            host.evaluate("() => { const d = document.getElementById('invite-dialog'); if (d.open) d.close(); }")
        play(page, pick(page))
    assert who == "over" or host.evaluate(BOT_CARDS_JS) < held, (who, held)  # (the deal over: every card played)
