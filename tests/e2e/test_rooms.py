"""The table's one link in a real Chromium, through a real Nostr relay on the loopback (the ``relay`` fixture:
``python build.py relay``), with the ICE servers a new player has (a public STUN server, unreachable here): a host
and three friends in four browser contexts.

The host makes seats 1–3 *a friend online* and deals; its invite panel shows one link for the table
(``input[data-room-link]``) and, asked, a seat's own link, which copying keeps the seat for its holder (the other
pages' join screens show it kept at once). Two friends open the table's link, one the seat's own; each sees who
sits where, types a name and takes a free seat (its own link's seat chosen for it; the third first sees the seat
it had in view taken meanwhile — its join screen follows the table — and takes the last one; at 360×400 its Join
and its way off, Play against bots, stay in view). The four pages play; mid-deal each friend's page reloads and
plays on with no action (its seat's key kept in its storage); the host's page reloads and every friend's page
reconnects by itself (its host's seat *reconnecting* meanwhile, its word whole in a phone's side column); the
relay is stopped and the game goes on over the pages' own channels; a friend's page closes and every other page
shows that seat *away* within 5 s, and the host gives it to someone else; the host's panel says no relay answers
and offers that seat's code link (its Close in view at 360×740 and 1280×800); each page, no relay answering,
asks again every 2 s at most (by its own clock: its next retry's due time, :func:`kingRelayRetryDue`), and, the
relay restarted and that retry fired at once, the host's page uses it again and a friend's reloaded page finds the
host; the host starts a new game, and a friend
of the old table opens its new link and takes a seat.
Every page marks each person's seat online with ``data-presence``."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
from bar import choose_language
from pointer import MINE, pick, play
from test_friends import LOST_S, TIMERS_KEY, forgive, open_panel, opened
from test_web import PREFS_KEY, open_game, seed_storage
from web_catalog import compiled

from kingcore.web import Catalog

pytestmark = pytest.mark.browser

RELAY_RETRY_S = 2
"""A relay that does not answer is asked again at least this often: web/peer.js's RETRY_MAX_MS (8 s) as this
test shortens it (:data:`TIMERS`)."""
TIMERS = {TIMERS_KEY: json.dumps({"NO_RELAY_MS": 2000, "RETRY_MAX_MS": RELAY_RETRY_S * 1000})}
"""The pages' relay timers, shortened (``?king-test`` only): their length is test_rooms_transport.py's to check
(no relay said after 10 s); here, that the pages say it and keep asking."""
NAMES = {1: "Аня", 2: "Bob", 3: "Ксения"}
"""The friends' names, by the seat each takes."""
TURN_JS = f"""() => {{
  const b = document.body.dataset;
  if (['deal_over', 'rubber_over'].includes(b.phase)) return 'over';
  if (document.querySelector({json.dumps(MINE)})) return 'host';
  return ['1', '2', '3'].includes(b.toMove) ? b.toMove : null; }}"""
"""Who is to move at the host's table: 'host', a friend's seat, or the deal over."""
PRESENCE_JS = """seats => Object.entries(seats).every(([seat, want]) =>
  document.querySelector(`section.seat[data-seat="${seat}"]`)?.dataset.presence === want)"""
WATCH_JS = """([seat, want]) => {  // when this page first shows ``seat`` as ``want`` (Date.now()), by how many px
  // that seat's presence badge was then cut (its content past its box), and the page's states
  window.kingSeen = null; window.kingCut = null; window.kingStates = [document.body.dataset.guest];
  new MutationObserver(() => {
    const at = document.querySelector(`section.seat[data-seat="${seat}"]`);
    if (kingSeen === null && at && at.dataset.presence === want) {
      kingSeen = Date.now();
      const badge = at.querySelector('.seat-presence');
      kingCut = badge ? badge.scrollWidth - badge.clientWidth : null;
    }
    if (kingStates.at(-1) !== document.body.dataset.guest) kingStates.push(document.body.dataset.guest);
  }).observe(document.body, {attributes: true, childList: true, subtree: true});
}"""
"""A page's record, from now on, of when it first shows a seat's presence as wanted, and of its ``data-guest``."""
EVER_JS = """want => {  // the seats this page ever shows as ``want`` from now on (``data-presence``), in order
  window.kingEver = [];
  new MutationObserver(() => {
    for (const at of document.querySelectorAll(`section.seat[data-presence="${want}"]`))
      if (!kingEver.includes(at.dataset.seat)) kingEver.push(at.dataset.seat);
  }).observe(document.body, {attributes: true, childList: true, subtree: true});
}"""
SAID_JS = """window.kingSaid = [];  // every text of the page's status line, from its start (an init script)
new MutationObserver(() => {
  const now = document.getElementById('status')?.textContent;
  if (now && kingSaid.at(-1) !== now) kingSaid.push(now);
}).observe(document, {childList: true, subtree: true, characterData: true});"""
"""Installed before a page's own scripts: ``kingSaid``, what its status line said, in order."""
IN_VIEW_JS = """async sels => {  // whether each control is whole in the window and takes the pointer at its centre
  await new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)));  // (a resize settled)
  return sels.filter(sel => {
    const e = document.querySelector(sel), r = e.getBoundingClientRect();
    return !(r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth
             && e.contains(document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2)));
  }); }"""
"""Of the controls named, those not whole in the window or covered at their centre."""
PHONE, LOW, DESK = {"width": 360, "height": 740}, {"width": 360, "height": 400}, {"width": 1280, "height": 800}


def presence(page: Any, want: dict[int, str], timeout_s: float | None = None) -> None:
    """Wait until ``page`` shows each seat's presence as ``want`` says (``data-presence`` of its seat box)."""
    kw = {} if timeout_s is None else {"timeout": timeout_s * 1000}
    page.wait_for_function(PRESENCE_JS, arg={str(k): v for k, v in want.items()}, **kw)


def found(page: Any) -> None:
    """Wait for ``page``'s join screen (the table found); on a timeout, say where the page was."""
    try:
        page.wait_for_selector("#join-dialog[open] #join-seats")
    except Exception as e:
        where = page.evaluate("[document.body.dataset.guest, document.body.dataset.relays, "
                              "document.getElementById('join-body').textContent]")
        raise AssertionError(f"no join screen: {where}") from e


def play_moves(host: Any, friends: dict[int, Any], moves: int) -> int:
    """``moves`` moves at the table, each by the page whose turn it is (one pick and one click each); how many
    were the friends'. Stops early at the deal's end."""
    by_friends = 0
    for _ in range(moves):
        who = host.wait_for_function(TURN_JS).json_value()
        if who == "over":
            break
        page = host if who == "host" else friends[int(who)]
        play(page, pick(page))
        by_friends += who != "host"
    return by_friends


def hosted(warm_peers: Any, storage: dict[str, str]) -> tuple[Any, str]:
    """The host's page in the warm context (``storage`` stored first: the preferences' table), a new game started
    and its invite panel open on the room: ``(page, the room's link)``."""
    warm_peers.store(storage)
    host = open_game(warm_peers.ctx, warm_peers.url + "?king-test")
    host.click("#btn-new")
    host.click("#new-game-start")
    host.wait_for_selector("#invite-dialog[open] #room-status[data-relays=relays]")
    return host, host.input_value("#invite-dialog input[data-room-link]")


def test_a_host_and_three_friends_join_by_one_link_and_come_back_by_themselves(relay: Any, warm_peers: Any) -> None:
    t0 = time.monotonic()
    relays = {"mode": "own", "text": relay.url}
    prefs = {"fast": True, "relays": relays, "mental": False}  # the ICE servers a new player has (unreachable here)
    warm_peers.store({PREFS_KEY: json.dumps({**prefs, "levels": ["human", "online", "online", "online"]}), **TIMERS})
    host = open_game(warm_peers.ctx, warm_peers.url + "?king-test")
    host.click("#btn-new")
    host.click("#new-game-start")  # the dialog keeps the last table: three friends online
    host.wait_for_selector("#invite-dialog[open] #room-status[data-relays=relays]")
    link = host.input_value("#invite-dialog input[data-room-link]")
    assert "#room=" in link and len(link.split("#", 1)[1]) == len("room=") + 22, link
    assert [host.get_attribute(f"#invite-{s}", "data-state") for s in (1, 2, 3)] == ["free"] * 3
    host.click("#own-2")  # seat 2's own link, for the friend who should sit there
    own = host.input_value("#own-link-2 input[data-seat-link]")
    assert own.startswith(link + "&seat=2&pass=") and len(own) == len(link) + len("&seat=2&pass=") + 16, own
    friends: dict[int, Any] = {}
    for seat in NAMES:  # the three pages start side by side
        ctx = warm_peers.new_context()
        seed_storage(ctx, {PREFS_KEY: json.dumps(prefs), **TIMERS})
        friends[seat] = opened(ctx, own if seat == 2 else link)
    joined = time.monotonic()
    # meanwhile at the host's: no one took a seat yet — each is free, not away; the page turned Russian draws
    # the table link's block in Russian too (kept by its link, it stayed in English), and back
    presence(host, {1: "free", 2: "free", 3: "free"})
    for lang in ("ru", "en"):
        host.click("#invite-close")
        choose_language(host, lang)
        open_panel(host)
        host.wait_for_selector(f"#room-link >> text={Catalog.from_mo(compiled(lang)).t('net.room.link')}")
    for page in friends.values():  # each page's join screen: the table found, every friend's seat free
        found(page)
        assert page.get_attribute("#join-seats li[data-seat='0']", "data-state") == "host"
    assert friends[2].is_checked("#join-seat-2")  # its own link's seat, chosen for it
    # a phone held sideways: Join and a way off (Play against bots) in view, the table's seats scrolling under them
    friends[3].set_viewport_size(LOW)
    assert friends[3].evaluate(IN_VIEW_JS, ["#join-accept", "#join-leave"]) == []
    friends[3].set_viewport_size(DESK)
    host.click("#own-link-2 button[data-copy]")  # copied: the seat is kept for its link's holder
    for seat, page in friends.items():  # the others' join screens follow at once
        page.wait_for_function("want => [...document.querySelectorAll('#join-seats input[name=join-seat]')]"
                               ".map(e => +e.value).join() === want", arg="1,2,3" if seat == 2 else "1,3")
        if seat != 2:
            assert page.get_attribute("#join-seats li[data-seat='2']", "data-state") == "kept"
    for seat, page in friends.items():
        if seat == 3:  # seat 1 was free when this page's table came, and is taken now: its screen follows
            page.wait_for_selector("#join-seats li[data-seat='1'][data-state=taken]")
            assert page.locator("#join-seat-1").count() == 0 and NAMES[1] in page.text_content("#join-seats")
        if seat != 2:
            page.check(f"#join-seat-{seat}")
        page.fill("#join-name", NAMES[seat])
        page.click("#join-accept")
        if seat == 1:
            page.wait_for_selector("body[data-guest=playing]")
    for page in friends.values():
        page.wait_for_selector("body[data-guest=playing]")
    seated = time.monotonic() - joined
    host.wait_for_function("!document.getElementById('invite-dialog').open")  # every seat taken: the game goes on
    everyone = {1: "here", 2: "here", 3: "here"}
    for seat, page in friends.items():
        presence(page, {0: "here", **{s: "here" for s in NAMES if s != seat}})
        assert page.text_content("#seat-me .seat-level") == "You" and page.get_attribute("#seat-me", "data-seat") == \
            str(seat)
    presence(host, everyone)
    assert host.get_attribute("#seat-me .seat-level", "data-level") == "you"  # the host's own seat too (a tester's)
    # a fourth visitor with the link: the full table says so, with Join off and a way off in view on a low phone;
    # its Escape is that way off (the visitor's own game), as on the other screens with nothing to join
    visit = warm_peers.new_context(**LOW)
    seed_storage(visit, {PREFS_KEY: json.dumps(prefs)})
    visitor = opened(visit, link)
    found(visitor)
    assert visitor.is_visible("#join-full") and visitor.is_disabled("#join-accept")
    assert visitor.evaluate(IN_VIEW_JS, ["#join-leave"]) == []
    visitor.keyboard.press("Escape")
    visitor.wait_for_function("!location.hash && !document.getElementById('join-dialog').open")
    visit.close()
    assert play_moves(host, friends, 3) <= 3

    # each friend's page reloads mid-deal: back at its seat with no action, and the game goes on; its status line
    # says it is back at a game under way, never that it waits for the host to start (a new user read that). The
    # host's page shows each reloading seat *reconnecting* until it is back — its old connection's loss (the
    # heartbeat's 4 s, come now) never turns it *away* (a tester saw reconnecting 4 s, then away 2.5 s)
    host.evaluate(EVER_JS, "away")
    for page in friends.values():
        page.add_init_script(SAID_JS)
        page.reload()
    host.wait_for_selector("section.seat[data-presence=reconnecting]", state="attached")
    host.evaluate("kingLostNow()")
    for page in friends.values():
        page.wait_for_selector("body[data-guest=playing]")
    presence(host, everyone)
    assert host.evaluate("kingEver") == [], host.evaluate("kingEver")
    seated_words = Catalog.from_mo(compiled("en")).t("net.join.seated")
    for page in friends.values():
        said = page.evaluate("kingSaid")
        assert seated_words in said and not [s for s in said if "to start" in s], said
    assert all(page.evaluate("document.getElementById('join-dialog').open") is False for page in friends.values())
    presence(host, everyone)
    play_moves(host, friends, 4)

    # the host's page reloads mid-deal: every friend's page shows it reconnecting, then is back by itself (on a
    # phone's, in the side column, with its whole word: "◌ связь…" was cut at 360 px; now "◌ вернётся")
    friends[1].set_viewport_size(PHONE)
    for page in friends.values():
        page.evaluate(WATCH_JS, [0, "reconnecting"])
    host.reload()
    host.wait_for_selector("body[data-ready=true]")
    for page in friends.values():
        page.wait_for_function("kingStates.includes('reconnecting') && kingSeen !== null && "
                               "document.body.dataset.guest === 'playing'")
        presence(page, {0: "here"})
        assert page.evaluate("kingStates") == ["playing", "reconnecting", "connected", "playing"]
        assert page.evaluate("kingCut") == 0
    assert friends[1].get_attribute('section.seat[data-seat="0"]', "data-pos") == "east"
    friends[1].set_viewport_size(DESK)
    host.wait_for_function("!document.getElementById('invite-dialog').open")  # every friend back: it closes
    presence(host, everyone)
    play_moves(host, friends, 3)

    # the relay stops: the pages' own channels carry the game on
    relay.stop()
    stopped = time.monotonic()
    play_moves(host, friends, 4)

    # a friend's page closes: every other page shows that seat *reconnecting* within 5 s (by each page's own clock:
    # at once, its goodbye), and *away* once it is not back within RETURN_S (come now: ``kingGoneNow``)
    others = (host, friends[1], friends[2])
    for page in others:
        page.evaluate(WATCH_JS, [3, "reconnecting"])
    closed = host.evaluate("Date.now()")
    friends[3].close()
    for page in others:
        page.wait_for_function("kingSeen !== null")
        assert page.evaluate("kingSeen") - closed <= LOST_S * 1000
    host.evaluate("kingLostNow()")
    host.evaluate("kingGoneNow()")
    for page in others:
        presence(page, {3: "away"})
    # no relay answering: the panel says so (its NO_RELAY_MS after the stop: 2 s here); the host gives that seat
    # to someone else: it is free again, with its code link to offer (its own link once a relay answers, below)
    open_panel(host)
    host.wait_for_selector("#room-status[data-relays=no_relay]")
    said_no_relay = time.monotonic() - stopped
    host.click("#free-3")
    host.wait_for_selector("#invite-3[data-state=free] #invite-link-3")
    presence(host, {3: "free"})
    # the panel's Close in view at every size, the seats scrolling under it (at 1280×800 it was below the foot)
    for size in (PHONE, DESK):
        host.set_viewport_size(size)
        assert host.evaluate(IN_VIEW_JS, ["#invite-close"]) == [], size
    forgive(warm_peers.watches, relay.url)

    # a friend's page reloaded meanwhile says no relay answers; the relay is back: the pages use it again by
    # themselves, and that friend's page, no longer saying it, finds the host with no action
    friends[1].reload()
    friends[1].wait_for_selector("body[data-guest=no_relay]")
    # not given up: each page asks again, then again at most RELAY_RETRY_S later, by its own clock (its next
    # retry's due time, and the wait till then); the library's own retry comes at random up to a minute after the
    # last, and none after about a minute and a half
    for page in (host, friends[1]):
        due = page.evaluate("kingRelayRetryDue()")[0]
        page.wait_for_function("due => kingRelayRetryDue()[0] > due", arg=due)
        assert 0 < page.evaluate("kingRelayRetryDue()")[1] <= RELAY_RETRY_S * 1000
    # the relay back, each page's retry come now: the host's first (a friend's page that reaches the relay more
    # than two seconds before the host's announces its seat only after a minute: the library's own schedule)
    relay.start()
    restarted = time.monotonic()
    host.evaluate("kingRelayRetryNow()")
    host.wait_for_selector("#room-status[data-relays=relays]")
    relay_back = time.monotonic() - restarted
    friends[1].evaluate("kingRelayRetryNow()")
    friends[1].wait_for_selector("body[data-guest=playing]")
    friend_back = time.monotonic() - restarted
    presence(host, {1: "here", 2: "here"})
    # the table's link takes the free seat again: its code link, answered by no one, is withdrawn (it kept the
    # seat for the code's holder: a visitor with the table's link saw it kept)
    host.wait_for_selector("#invite-3[data-state=free] #own-3")
    assert host.locator("#invite-link-3").count() == 0

    # the host starts a new game: a friend of the old table opens its new link and takes a seat again
    host.evaluate("() => { if (document.getElementById('invite-dialog').open) "
                  "document.getElementById('invite-close').click(); }")
    host.click("#btn-new")
    host.click("#new-game-start")
    host.click("#replace-start")  # the rubber under way: the page asks first
    open_panel(host)  # (the new game's panel: its new link, once the new room is made)
    host.wait_for_function("""link => {
      const now = document.querySelector('#invite-dialog[open] input[data-room-link]');
      return !!now && now.value !== link; }""", arg=link)
    host.wait_for_selector("#invite-dialog[open] #room-status[data-relays=relays]")
    new_link = host.input_value("#invite-dialog input[data-room-link]")
    friends[2].wait_for_selector("body[data-guest=new_game]")
    # another old friend's page: no seat of the closed table is said *here* (all were, as the last picture);
    # its old link, reloaded, says the table was closed, as the page was told (it looked for ever, silent)
    friends[1].wait_for_selector("body[data-guest=new_game]")
    assert friends[1].evaluate("[...document.querySelectorAll('section.seat[data-presence]')].length") == 0
    friends[1].reload()
    friends[1].wait_for_selector("body[data-guest=finding] #join-error")
    assert friends[1].text_content("#join-error") == Catalog.from_mo(compiled("en")).t("net.join.closed")
    # a device never told (the mark gone): once no host answered in time (its deadline, come now), said plainly
    # as an error beside the way off, not "looking" for ever
    friends[1].evaluate("k => localStorage.removeItem(k)", "king:/:closed")
    friends[1].evaluate("kingNoHostNow()")
    assert friends[1].text_content("#join-error") == Catalog.from_mo(compiled("en")).t("net.join.no_host")
    assert friends[1].get_attribute("#join-error", "role") == "alert" and friends[1].is_visible("#join-leave")
    opened_at = time.monotonic()
    friends[2].goto(new_link)
    found(friends[2])
    rejoined = time.monotonic() - opened_at
    friends[2].check("#join-seat-2")
    friends[2].fill("#join-name", NAMES[2])
    friends[2].click("#join-accept")
    friends[2].wait_for_selector("body[data-guest=playing]")
    presence(host, {2: "here"})
    for page in (host, friends[1], friends[2]):
        page.close()
    print(f"one link: {len(link)} characters; three friends seated {seated:.1f} s after opening it; relay "
          f"stopped: said {said_no_relay:.1f} s after; restarted: used again in {relay_back:.1f} s, a reloaded "
          f"friend playing {friend_back:.1f} s after; after a new game an old friend found it in {rejoined:.1f} s; "
          f"the test {time.monotonic() - t0:.1f} s")
