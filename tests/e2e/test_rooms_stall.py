"""A friend's page that falls silent while its connection lives on (its main thread blocked longer than web/peer.js's
heartbeat allows — a page busy booting or shuffling, a phone's tab held back): the host's page takes it for gone
and both pages lose each other, yet the room library keeps the connection, which it takes for alive, and asks for no
other. Both pages must find each other again by themselves, as a reload would (a new user's page said the host was
*reconnecting* for over 110 s until its reload) — through a real relay on the loopback, in two browsers."""

from __future__ import annotations

import json
from typing import Any

import pytest
from test_friends import LOST_S, opened
from test_web import PREFS_KEY, open_game, seed_storage

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
    friend = opened(ctx, link)
    friend.wait_for_selector("#join-dialog[open] #join-seats")
    friend.check("#join-seat-1")
    friend.fill("#join-name", "Оксана")
    friend.click("#join-accept")
    friend.wait_for_selector("body[data-guest=playing]")
    host.wait_for_function(PRESENCE_JS, arg=[1, "here"])
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

