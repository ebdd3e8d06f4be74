"""Connections that stall, through a real relay on the loopback:

* a friend's page that falls silent while its connection lives on (its main thread blocked longer than
  web/peer.js's heartbeat allows — a page busy booting or shuffling, a phone's tab held back): the host's page takes
  it for gone and both pages lose each other, yet the room library keeps the connection, which it takes for alive,
  and asks for no other. Both pages must find each other again by themselves, as a reload would (a new user's page
  said the host was *reconnecting* for over 110 s until its reload) — in two browsers;
* a friend's page whose connections never come up (a network that lets no direct connection through: the
  ``king-test-no-address`` hook, no ICE candidate of its own) while another friend's page joins meanwhile: the host's
  page says it cannot connect to a friend's page, and the stuck page that it cannot connect to its host — in three
  browsers (docs/NET.md, "A connection that never opens")."""

from __future__ import annotations

import json
from typing import Any

import pytest
from test_friends import LOST_S, opened
from test_web import PREFS_KEY, open_game, seed_storage
from web_catalog import compiled

from kingcore.web import Catalog

pytestmark = pytest.mark.browser

SILENT_MS = (LOST_S + 2) * 1000
"""How long the friend's page is kept busy at a time: past the heartbeat's loss (web/peer.js's LOST_MS, 4 s)."""
PRESENCE_JS = """([seat, want]) =>
  document.querySelector(`section.seat[data-seat="${seat}"]`)?.dataset.presence === want"""
SEEN_JS = """([seat, want]) => {  // whether this page has shown ``seat`` as ``want`` since the last call
  window.kingSeen = false;
  new MutationObserver((_, watch) => {
    if (document.querySelector(`section.seat[data-seat="${seat}"]`)?.dataset.presence === want) {
      window.kingSeen = true; watch.disconnect(); }
  }).observe(document.body, {attributes: true, childList: true, subtree: true}); }"""
BUSY_JS = "ms => { const end = Date.now() + ms; while (Date.now() < end) { /* the page's thread held */ } }"
TRIES_JS = """() => {  // when this page's connections got their other side's description (performance.now(), ms), and
  // when it first marked a page it cannot connect to
  window.kingTries = []; window.kingUnreachable = null;
  const set = RTCPeerConnection.prototype.setRemoteDescription;
  RTCPeerConnection.prototype.setRemoteDescription = function (...a) {
    if (a[0] && a[0].type !== "rollback") kingTries.push(performance.now());
    return set.apply(this, a); };
  new MutationObserver((_, watch) => {
    if (document.body.dataset.unreachable === "true") { kingUnreachable = performance.now(); watch.disconnect(); }
  }).observe(document.body, {attributes: true}); }"""
SHORT_S = 2
"""The deadline the test gives a connection being made (``kingConnectAfter``), once the stuck page's try is older:
CONNECT_S's 20 s is kingcore.online.attempts's to check (tests/test_online_rooms.py)."""


def seated(ctx: Any, link: str, host: Any) -> Any:
    """A friend's page of ``ctx`` that opens the table's ``link`` and takes seat 1 as «Оксана», once ``host``'s page
    shows them here."""
    friend = opened(ctx, link)
    friend.wait_for_selector("#join-dialog[open] #join-seats")
    friend.check("#join-seat-1")
    friend.fill("#join-name", "Оксана")
    friend.click("#join-accept")
    friend.wait_for_selector("body[data-guest=playing]")
    host.wait_for_function(PRESENCE_JS, arg=[1, "here"])
    return friend

def test_a_friend_page_silent_a_while_and_its_host_find_each_other_again(relay: Any, warm_peers: Any) -> None:
    relays = {"mode": "own", "text": relay.url}
    prefs = {"fast": True, "relays": relays, "mental": False, "ice": {"mode": "none"}}
    warm_peers.store({PREFS_KEY: json.dumps({**prefs, "levels": ["human", "online", "random", "random"]})})
    host = open_game(warm_peers.ctx, warm_peers.url + "?king-test")
    host.click("#btn-new")
    host.click("#new-game-start")
    host.wait_for_selector("#invite-dialog[open] #room-status[data-relays=relays]")
    link = host.input_value("#invite-dialog input[data-room-link]")
    ctx = warm_peers.new_context()
    seed_storage(ctx, {PREFS_KEY: json.dumps(prefs)})
    friend = seated(ctx, link, host)
    friend.wait_for_function(PRESENCE_JS, arg=[0, "here"])
    host.evaluate(SEEN_JS, [1, "away"])
    for _ in range(3):  # the friend's page busy until the host's page has taken it for gone (a loaded machine's
        friend.evaluate(BUSY_JS, SILENT_MS)  # late ticks count as news there too)
        if host.evaluate("window.kingSeen"):
            break
    assert host.evaluate("window.kingSeen"), "the host's page never lost the friend's"
    # … and both find each other again, with no reload: the friend back here at the host's, the host at the friend's
    host.wait_for_function(PRESENCE_JS, arg=[1, "here"])
    friend.wait_for_function(PRESENCE_JS, arg=[0, "here"])
    assert friend.evaluate("document.body.dataset.guest") == "playing"


def test_a_friends_page_never_connected_is_said_at_the_hosts_though_another_friend_joined_meanwhile(
        relay: Any, warm_peers: Any) -> None:
    """A friend's page whose connection never comes up (``king-test-no-address``: no address of its own to offer)
    while another friend's page joins and connects meanwhile: the host's page says it cannot reach the stuck page
    once that page's own deadline is past (``kingConnectAfter``, shortened; 20 s by default) — another connection
    coming up no longer puts it off —, never before, and still offers the seat; the stuck page says it cannot reach
    its host."""
    cat = Catalog.from_mo(compiled("ru"))
    prefs = {"fast": True, "relays": {"mode": "own", "text": relay.url}, "mental": False, "ice": {"mode": "none"},
             "lang": "ru"}
    warm_peers.store({PREFS_KEY: json.dumps({**prefs, "levels": ["human", "online", "online", "random"]})})
    host = open_game(warm_peers.ctx, warm_peers.url + "?king-test")
    host.evaluate(TRIES_JS)
    host.click("#btn-new")
    host.click("#new-game-start")
    host.wait_for_selector("#invite-dialog[open] #room-status[data-relays=relays]")
    host.evaluate("kingConnectAfter(600)")  # (nothing said before the other friend is up: shortened below)
    link = host.input_value("#invite-dialog input[data-room-link]")
    stuck_ctx = warm_peers.new_context()
    seed_storage(stuck_ctx, {PREFS_KEY: json.dumps(prefs), "king-test-no-address": "1"})
    stuck = opened(stuck_ctx, link)
    host.wait_for_function("kingTries.length >= 1", timeout=60_000)  # the stuck page's try begun at the host's
    ctx = warm_peers.new_context()
    seed_storage(ctx, {PREFS_KEY: json.dumps(prefs)})
    seated(ctx, link, host)  # another friend's page joins while that try hangs: its connection comes up
    assert host.get_attribute("body", "data-unreachable") is None
    age = host.evaluate("performance.now() - kingTries[0]")
    host.evaluate(f"kingConnectAfter({SHORT_S})")
    # said within the deadline, though a friend's connection came up after the stuck page's try began (the
    # host's page said nothing until the library's next try of that page, a minute on). (A try the library ended
    # before the friend came up — it gives one 23 s: a loaded machine — is followed by its next one, that far on.)
    host.wait_for_selector("body[data-unreachable=true]", state="attached", timeout=20_000 if age < 15_000 else 120_000)
    first, said = host.evaluate("[kingTries[0], kingUnreachable]")
    assert said - first >= SHORT_S * 1000  # (never before the deadline, by the page's own clock)
    assert cat.t("net.unreachable_friend") in str(host.text_content("#toast"))
    assert host.get_attribute("#invite-2", "data-state") == "free"  # its seat still offered to someone
    # … and the stuck page is not left silent either: it says it cannot connect to its host's page
    stuck.wait_for_function("() => typeof window.kingConnectAfter === 'function'")
    stuck.evaluate(f"kingConnectAfter({SHORT_S})")
    stuck.wait_for_selector("body[data-unreachable=true]", state="attached", timeout=60_000)
    assert stuck.text_content("#join-error") == cat.t("net.join.unreachable")
