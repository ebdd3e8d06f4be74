"""After the host's reload, a seat left to a bot (*Start with bots in the empty seats*) plays on by itself once
every friend is back: it held the table at its turn until the host pressed *Go on with bots* (a new user's find;
``Host.none_awaited``). And after the host's reload with a friend not back, the seat given away (*Give the seat to
someone else*: a mental table's stand-in plays it) plays on at once: its stand-in never played, the table froze
until someone took the seat (a tester's find). In Chromium with the tests' relay; ``slow`` (≈ 50 s each: the
everyday run is over its 8 minutes): ``python build.py test -- -m slow tests/e2e/test_rooms_botseat.py``. Each
failed before its fix (the bot's turn never came to an end within 30 s)."""
from __future__ import annotations

import json
from typing import Any

import pytest
from pointer import pick, play
from test_friends import DEALT_JS, WHERE_JS, opened
from test_rooms import TIMERS, TURN_JS, found, hosted, presence
from test_web import PREFS_KEY, seed_storage

pytestmark = [pytest.mark.browser, pytest.mark.slow]
BOT_CARDS_JS = """seat => Number(document.querySelector(`section.seat[data-seat="${seat}"] .backs`).dataset.count)"""
"""The cards a bot's seat holds, as the host's page shows its backs."""


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
    held = host.evaluate(BOT_CARDS_JS, 3)
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
    assert who == "over" or host.evaluate(BOT_CARDS_JS, 3) < held, (who, held)  # (the deal over: every card played)


def stood_in(host: Any, friends: dict[int, Any]) -> None:
    """The deal in play goes on until seat 2's stand-in has played a card (or the deal is over): the host's and
    friend 1's moves made, the bots' (seat 2's stand-in, seat 3) waited for — each bot's turn must end within 30 s
    (its turn may pass unseen between two looks with fast bots: what seat 2 played is counted by its cards)."""
    held, who = host.evaluate(BOT_CARDS_JS, 2), ""
    while host.evaluate(BOT_CARDS_JS, 2) >= held:
        who = host.wait_for_function(TURN_JS, timeout=30_000).json_value()
        if who == "over":
            break
        if who in ("2", "3"):
            host.wait_for_function("w => document.body.dataset.toMove !== w", arg=who, timeout=30_000)
        else:
            page = host if who == "host" else friends[int(who)]
            play(page, pick(page))
    assert who == "over" or host.evaluate(BOT_CARDS_JS, 2) < held, (who, held)

def two_friends_seated(relay: Any, warm_peers: Any, mental: bool) -> tuple[Any, dict[int, Any]]:
    """The host's page (fast bots, the test's relay, a mental table or not) and friends F1 and F2 seated at seats 1
    and 2 by the table's link, each in a browser of its own (a mental table's friends keep only the relays in their
    own preferences), seat 3 a bot: ``(host, {seat: page})``, their pages playing."""
    prefs = {"fast": True, "relays": {"mode": "own", "text": relay.url}, "mental": mental}
    host, link = hosted(warm_peers, {PREFS_KEY: json.dumps({**prefs, "levels": ["human", "online", "online",
                                                                                 "random"]}), **TIMERS})
    friends: dict[int, Any] = {}
    for seat in (1, 2):
        ctx = warm_peers.new_context()
        seed_storage(ctx, {PREFS_KEY: json.dumps({"relays": prefs["relays"]} if mental else prefs), **TIMERS})
        friends[seat] = opened(ctx, link)
        found(friends[seat])
        friends[seat].check(f"#join-seat-{seat}")
        friends[seat].fill("#join-name", f"F{seat}")
        friends[seat].click("#join-accept")
        friends[seat].wait_for_selector("body[data-guest=playing][data-mental=guest]" if mental
                                        else "body[data-guest=playing]")
    return host, friends


def test_after_the_hosts_reload_a_seat_given_away_plays_on_at_once(relay: Any, warm_peers: Any) -> None:
    host, friends = two_friends_seated(relay, warm_peers, mental=True)
    host.wait_for_function(DEALT_JS, arg=1)
    friends.pop(2).close()  # friend 2 closes their tab, then the host's page reloads: friend 1 comes back by itself
    host.reload()
    host.wait_for_selector("body[data-ready=true]")
    presence(host, {1: "here"})
    host.click("#invite-dialog[open] #invite-2 button[data-free]")  # its stand-in plays it until someone takes it
    presence(host, {2: "bot"})
    host.evaluate("() => { const d = document.getElementById('invite-dialog'); if (d.open) d.close(); }")
    try:
        stood_in(host, friends)  # the deal dealt again goes on, the stand-in's moves too
    except Exception as e:
        raise AssertionError([host.evaluate(WHERE_JS), host.evaluate("window.kingMentalState")]) from e


def test_after_the_hosts_reload_a_stand_in_chosen_for_a_friend_not_back_plays_on(relay: Any,
                                                                                 warm_peers: Any) -> None:
    host, friends = two_friends_seated(relay, warm_peers, mental=False)
    host.wait_for_function(TURN_JS, timeout=30_000)  # (the first deal dealt: someone to move)
    friends.pop(2).close()  # friend 2 closes their tab, then the host's page reloads: friend 1 comes back by itself
    host.reload()
    host.wait_for_selector("body[data-ready=true]")
    presence(host, {1: "here"})
    host.click("#invite-dialog[open] #invite-2 button[data-standin]")  # a bot plays until they are back
    presence(host, {2: "bot"})
    host.evaluate("() => { const d = document.getElementById('invite-dialog'); if (d.open) d.close(); }")
    stood_in(host, friends)  # the deal goes on, the stand-in's moves too
