"""A friend whose seat a stand-in bot played while they were away (the host's *A bot plays until they are back*),
back while the table is at a deal's result: the host's page keeps its result and *Continue* (a new user's lost
both when the friend was seated — the table then waited for the host's *Continue*, which no page offered:
locked until the host reloaded), and the friend takes their seat for the next deal, dealt with their page (a new
user watched the bot play it). Then, mid-deal, the friend's page reloads: no one plays in the deal meanwhile (its
loss annuls it anyway) and the host's page says whose page it waits for; and the host's page reloads: the other
friend's page shows the host's seat reconnecting at once, not after its heartbeat's seconds. In Chromium with the
tests' relay, by mental poker; ``slow`` (a whole deal: the everyday run is over its 8 minutes):
``python build.py test -- -m slow tests/e2e/test_rooms_backfrombot.py``."""
from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from pointer import MINE, pick, play
from test_friends import DEALT_JS, GO_ON_JS, WHERE_JS, opened
from test_rooms import TIMERS, found, hosted, presence
from test_web import PREFS_KEY, seed_storage

pytestmark = [pytest.mark.browser, pytest.mark.slow]

ACTOR_JS = f"""() => {{
  const b = document.body.dataset;
  if (['deal_over', 'rubber_over'].includes(b.phase)) return 'over';
  if (document.querySelector({json.dumps(MINE)})) return 'host';
  return ['1', '2', '3'].includes(b.toMove) ? b.toMove : null; }}"""
"""Who is to move at the host's table: 'host', a seat ('2' and '3': the host's page's bots), or the deal over."""
STOOD_IN_JS = """deal => {  // the host's page (?king-test): a later try of the deal dealt, seat 2 at the host's page
  const s = JSON.parse(window.kingMentalState || 'null');
  return !!s && !!s.round && s.round[0][0] === deal && s.round[0][1] > 0 && s.round[1] === 'deal'
    && s.round[3][2] === 0; }"""
OWNERS_JS = "() => JSON.parse(window.kingMentalState || 'null')?.round?.[3]"
LOG_JS = f"""() => {{ window.kingLog = []; const s = document.getElementById('status');
  new MutationObserver(() => window.kingLog.push([s.textContent, !!document.querySelector({json.dumps(MINE)})]))
    .observe(document.body, {{childList: true, characterData: true, subtree: true, attributes: true}}); }}"""
"""A page's status line logged as the page changes (``window.kingLog``: the words, and whether a move is offered)."""
SLOW_LOSS = {**TIMERS, "king-test-timers": json.dumps({**json.loads(TIMERS["king-test-timers"]), "LOST_MS": 600_000})}
"""The pages' timers with a heartbeat that finds no page lost within the test: only a page's own close says it."""


def play_out(host: Any, pages: dict[int, Any]) -> None:
    """The deal in play to its end: the host's and friend 1's moves made, the bots' (seat 2's stand-in, seat 3)
    waited for."""
    while (who := host.wait_for_function(ACTOR_JS).json_value()) != "over":
        if who in ("2", "3"):
            host.wait_for_function("w => document.body.dataset.toMove !== w", arg=who)
            continue
        page = host if who == "host" else pages[int(who)]
        try:
            page.wait_for_function("sel => !!document.querySelector(sel)", arg=MINE, timeout=10_000)
        except PlaywrightTimeout:
            continue  # (the host's page showed a move on its way)
        play(page, pick(page))


def test_a_friend_back_at_a_result_from_a_stand_in_takes_the_next_deal(relay: Any, warm_peers: Any) -> None:
    prefs = {"fast": True, "relays": {"mode": "own", "text": relay.url}, "mental": True, "lang": "ru"}
    host, link = hosted(warm_peers, {PREFS_KEY: json.dumps({**prefs, "levels": ["human", "online", "online", "random"],
                                                            "names": ["Оля", "", "", ""]}), **SLOW_LOSS})
    friends: dict[int, Any] = {}
    for seat in (1, 2):
        ctx = warm_peers.new_context()
        seed_storage(ctx, {PREFS_KEY: json.dumps({"relays": prefs["relays"]}), **(SLOW_LOSS if seat == 1 else TIMERS)})
        friends[seat] = opened(ctx, link)
    for seat, name in ((1, "Петя"), (2, "Марко")):
        page = friends[seat]
        found(page)
        page.check(f"#join-seat-{seat}")
        page.fill("#join-name", name)
        page.click("#join-accept")
        page.wait_for_selector("body[data-guest=playing][data-mental=guest]")
    try:
        host.wait_for_function(DEALT_JS, arg=1)
    except PlaywrightTimeout as e:
        raise AssertionError([host.evaluate("window.kingMentalState"), host.evaluate(WHERE_JS),
                              host.evaluate("document.getElementById('invite-dialog').open")]) from e
    # Marko closes his tab in deal 1; the host gives his seat a bot until he is back
    gone = friends.pop(2)
    ctx = gone.context
    gone.close()
    host.evaluate("kingLostNow()")  # (the heartbeat's seconds now)
    host.evaluate("kingGoneNow()")  # (its RETURN_S now: not back, it is away)
    host.wait_for_selector('section.seat[data-seat="2"][data-presence=away]', state="attached")
    host.evaluate("window.kingStillAwayNow(2)")  # (its 10 s now)
    host.click("#invite-dialog[open] #invite-2 button[data-standin]")
    host.click("#invite-close")
    host.wait_for_function(STOOD_IN_JS, arg=1)
    play_out(host, friends)
    host.wait_for_selector("body[data-phase=deal_over][data-deal='1'] #center-panel #btn-continue:visible")
    # Marko opens the link again while everyone reads deal 1's result: his seat taken back by itself
    back = opened(ctx, link)
    back.wait_for_selector("body[data-guest=playing][data-mental=guest]")
    try:
        host.wait_for_function(DEALT_JS, arg=2)  # deal 2's cards open on the host's page …
    except PlaywrightTimeout as e:
        raise AssertionError([p.evaluate(WHERE_JS) for p in (host, friends[1], back)]) from e
    # … which still shows deal 1's result and its Continue (a new user's vanished, the table then locked)
    assert host.locator("body[data-phase=deal_over][data-deal='1'] #center-panel #btn-continue:visible").count() == 1
    assert host.evaluate(OWNERS_JS)[2] == 2, host.evaluate(WHERE_JS)  # dealt with Marko's page, not a bot's
    presence(host, {1: "here", 2: "here"})
    for page in (host, friends[1]):
        page.evaluate(GO_ON_JS)
    friends[2] = back
    back.wait_for_function("() => document.querySelectorAll('#hand button.card[data-card]').length > 0")
    assert not back.evaluate("document.body.dataset.sitsOut")  # (its hand its own: no bot plays it)
    # the table goes on: every move of the first trick made, by whoever holds it — Marko's too
    played = 0
    while played < 4:
        who = host.wait_for_function(ACTOR_JS).json_value()
        if who in ("2", "3") and host.evaluate(OWNERS_JS)[int(who)] == 0:
            host.wait_for_function("w => document.body.dataset.toMove !== w", arg=who)
        else:
            page = host if who == "host" else friends[int(who)]
            page.wait_for_function("sel => !!document.querySelector(sel)", arg=MINE)
            play(page, pick(page))
        played += 1
    # Marko's page reloads mid-deal: its keys go with it, the deal is dealt again — meanwhile no one plays in it,
    # and the host's page says whose page it waits for (a new user was made to play a card for a deal then annulled)
    host.evaluate(LOG_JS)
    back.reload()
    back.wait_for_selector("body[data-guest=playing][data-mental=guest]")
    host.wait_for_function(STOOD_IN_JS.replace("s.round[3][2] === 0", "s.round[3][2] === 2"), arg=2)
    log = host.evaluate("window.kingLog")
    paused = [offered for words, offered in log if words == "Ждём страницу: Марко — переподключается…"]
    assert paused and not any(paused), log
    # the host's page reloads: Petya's page shows her seat reconnecting at once — its heartbeat would not say it
    # within this test (``SLOW_LOSS``): the host's page closed its connections as it unloaded —, and is back
    host.reload()
    friends[1].wait_for_selector('body[data-guest=reconnecting] section.seat[data-seat="0"]'
                                 '[data-presence=reconnecting]')
    host.wait_for_selector("body[data-ready=true]")
    friends[1].wait_for_selector("body[data-guest=playing]")
