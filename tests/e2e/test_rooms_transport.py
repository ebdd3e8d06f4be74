"""Friends online's rooms, the transport under the room protocol (issue 28), in a real Chromium against a real Nostr
relay on the loopback (``python build.py relay``: the ``relay`` fixture): pages of the site that know a room's id
and secret find each other through the relay and talk page to page over WebRTC (``kingPeer.join``, web/peer.js;
docs/NET.md, "The rooms' transport").

Each page is the site as a player has it (a returning player's browser: tabs of the worker's warm context, each
its own peer; test_rooms.py's friends are new browsers), with friends online's wire loaded the way a New game's
friend seat loads it; the room library (vendored trystero) comes only with the first join. Checked:
two and then four pages in a full mesh, every page reaching every other; a page with another secret left out; a
page leaving and joining again; each connection the room library makes told as begun and up (``connecting``,
``connected``); what
the relay was sent and sent on (no SDP, no address, no text of the game, no secret); a page closed → every other
page reports it lost by the heartbeat; a reloaded page joins again and is reached; the relay stopped → the open
channels carry on, and a page whose connections died meanwhile is reached again within seconds of the relay's
restart; no relay answering → said once, due 10 s after the join by the page's clock (``kingRelayRetryDue``: fired
at once, ``kingNoRelayNow``), and with no relay at all at once."""

from __future__ import annotations

import json
import re
import time
from typing import Any

import pytest

pytestmark = pytest.mark.browser

LOST_MS = 4000
"""web/peer.js's LOST_MS: a peer not heard for this long is lost."""
LOST_WITHIN_MS = 5000
"""The promise a lost page is reported within (issue 28): LOST_MS, a beat's interval at most and a tick."""
NO_RELAY_MS = 10_000
"""web/peer.js's NO_RELAY_MS: no relay answering this long after a join is said."""
LIB = ["trystero/core/index.mjs", "trystero/noble-secp256k1/index.js", "trystero/nostr/index.mjs"]
"""Files of the room library a join fetches (among others of trystero/core)."""

FETCHED_JS = """() => [...new Set(performance.getEntriesByType("resource").map(e => new URL(e.name).pathname)
  .filter(p => /\\/peer\\.js$|\\/trystero\\//.test(p))
  .map(p => p.replace(/^.*?\\/(peer\\.js|trystero\\/)/, "$1")))].sort()"""
LISTEN_JS = """() => { window.kingEvents = []; window.kingConnections = [];
  const Made = RTCPeerConnection;  // every connection the page makes, for a network that drops (closed by the test)
  window.RTCPeerConnection = class extends Made { constructor(...a) { super(...a); kingConnections.push(this); } };
  kingPeer.listen((kind, id, text) => kingEvents.push({kind, id, text, at: Date.now()})); }"""
JOIN_JS = """async ([room, secret, relays]) => {
  window.kingJoinedAt = Date.now();
  return kingPeer.join(room, secret, JSON.stringify(relays), "[]"); }"""
EVENTS_JS = "kind => kingEvents.filter(e => e.kind === kind)"
RESTART_JS = """async () => {  // an ICE restart as the room library makes it on a pooled offer older than 57 s
  const pc = new (kingPeer.roomPeerConnection())({iceServers: []});
  pc.createDataChannel("x");
  const gathered = () => Promise.race([new Promise(res => { const f = () => { if (pc.iceGatheringState === "complete") {
    pc.removeEventListener("icegatheringstatechange", f); res(); } };
    pc.addEventListener("icegatheringstatechange", f); f(); }),
    new Promise(res => setTimeout(res, 15000))]);  // as long as the library waits (its iceTimeout)
  const ufrag = sdp => (sdp.match(/a=ice-ufrag:(\\S+)/) || [])[1];
  await pc.setLocalDescription(); await gathered();
  const before = ufrag(pc.localDescription.sdp);
  // the library rolls a pending offer back first (core/peer.mjs createOffer(true))
  if (pc.signalingState !== "stable" && pc.localDescription?.type === "offer")
    await pc.setLocalDescription({type: "rollback"});
  pc.restartIce();
  await pc.setLocalDescription(await pc.createOffer({iceRestart: true}));
  await gathered();  // the library's wait, with trickleIce off
  const sdp = pc.localDescription.sdp;
  pc.close();
  return {restarted: ufrag(sdp) !== before, candidates: (sdp.match(/a=candidate:/g) || []).length,
          sections: (sdp.match(/^m=/mg) || []).length}; }"""
ROOM, SECRET = "table-0f3a9c", "k7Qp2xVb9LmN4rTz"
"""A room's id and secret as the room protocol would make them (their shape is not the transport's concern)."""
SDP_WORDS = ("v=0", "a=fingerprint", "ice-ufrag", "ice-pwd", "a=candidate", "candidate:", "typ host", "127.0.0.1")
"""What an offer, an answer or an ICE candidate holds in clear: none of it may reach a relay."""


class Member:
    """One page of the site in a room: its own peer id once joined, its ``kingPeer`` events recorded, and every
    WebSocket frame it exchanged (``frames``: with the relay)."""

    def __init__(self, ctx: Any, url: str, frames: list[str]) -> None:
        self.ctx, self.url, self.frames = ctx, url, frames
        self.page = self.open()
        self.me = ""

    def open(self) -> Any:
        page = self.ctx.new_page()
        page.on("websocket", lambda ws: (ws.on("framesent", self.frame), ws.on("framereceived", self.frame)))
        page.goto(self.url)
        page.wait_for_selector("body[data-ready=true]")
        assert page.evaluate(FETCHED_JS) == [], "a plain start fetched friends online's wire"
        page.click("#btn-new")
        page.select_option("#opt-level-1", "online")  # friends online loads while the dialog is open
        page.wait_for_function("() => !!window.kingPeer")
        assert page.evaluate(FETCHED_JS) == ["peer.js"], "the room library came before a room was joined"
        page.keyboard.press("Escape")
        page.evaluate(LISTEN_JS)
        return page

    def frame(self, payload: str | bytes) -> None:
        self.frames.append(payload if isinstance(payload, str) else payload.decode("utf-8", "replace"))

    def join(self, relays: list[str], secret: str = SECRET) -> str:
        self.me = str(self.page.evaluate(JOIN_JS, [ROOM, secret, relays]))
        assert re.fullmatch(r"[0-9A-Za-z]{20}", self.me), self.me
        return self.me

    def events(self, kind: str) -> list[dict[str, Any]]:
        return list(self.page.evaluate(EVENTS_JS, kind))

    def peers(self) -> set[str]:
        return set(self.page.evaluate("kingPeer.peers()"))

    def wait_peers(self, ids: set[str]) -> None:
        self.page.wait_for_function("ids => ids.every(id => kingPeer.state(id) === 'open')", arg=sorted(ids))

    def send(self, to: str, text: str) -> None:
        assert self.page.evaluate("([to, t]) => kingPeer.send(to, t)", [to, text]) is True, (self.me, to)

    def wait_texts(self, want: set[tuple[str, str]]) -> None:
        """Wait until every ``(from, text)`` of ``want`` has arrived."""
        self.page.wait_for_function("""want => want.every(([id, t]) =>
            kingEvents.some(e => e.kind === 'message' && e.id === id && e.text === t))""", arg=sorted(want))


def mesh(members: list[Member], tag: str) -> None:
    """Every member sends a text of its own to every other, and every text arrives from its sender."""
    for m in members:
        for other in members:
            if other is not m:
                m.send(other.me, f"{tag} {m.me}→{other.me} ♥K")
    for m in members:
        m.wait_texts({(o.me, f"{tag} {o.me}→{m.me} ♥K") for o in members if o is not m})


def forgive(warm_peers: Any, url: str) -> None:
    """Console errors expected here, and only these: Chromium's for each refused connection to a relay that is
    down (a peer's page that closed is no error: web/peer.js)."""
    for watch in warm_peers.watches:
        watch.forgive(f"console.error: WebSocket connection to '{url}/' failed")


def test_pages_meet_in_a_room_talk_page_to_page_and_outlive_the_relay(relay: Any, warm_peers: Any) -> None:
    frames: list[str] = []
    warm_peers.store({})
    a = Member(warm_peers.ctx, warm_peers.url, frames)
    b, c, d = (Member(warm_peers.ctx, warm_peers.url, frames) for _ in range(3))

    # another secret for the same room's id: d announces itself first, and is never connected
    d.join([relay.url], secret="not the room's secret")
    d.page.wait_for_function("() => kingEvents.some(e => e.kind === 'relays' && e.text === '1')")
    a.join([relay.url])
    b.join([relay.url])
    assert {"peer.js", *LIB} <= set(a.page.evaluate(FETCHED_JS))
    a.wait_peers({b.me})
    b.wait_peers({a.me})
    mesh([a, b], "two")
    assert a.peers() == {b.me} and b.peers() == {a.me} and d.peers() == set()
    # each connection the library made between them told as begun and up (a page says one that never comes up:
    # kingcore.online.attempts); the page with another secret began none — it reads no offer of the room's
    for m in (a, b):
        m.page.wait_for_function("() => kingEvents.some(e => e.kind === 'connected')")
        tried = {e["id"] for e in m.events("connecting")}
        assert tried and all(re.fullmatch(r"rtc\d+", k) for k in tried), tried
        assert {e["id"] for e in m.events("connected")} <= tried and not m.events("failed"), m.events("failed")
    assert d.events("connecting") == [] and d.events("connected") == []
    a.page.wait_for_function("() => kingEvents.filter(e => e.kind === 'relays').at(-1)?.text === '1'")

    # four: d opens the right link (a new page) and c joins; every page reaches every other
    d.page.close()
    d.page = d.open()
    d.join([relay.url])
    c.join([relay.url])
    four = [a, b, c, d]
    for m in four:
        m.wait_peers({o.me for o in four if o is not m})
    mesh(four, "four")
    for m in four:
        assert m.peers() == {o.me for o in four if o is not m}
        joined = m.page.evaluate("window.kingJoinedAt")
        assert all(e["at"] >= joined for e in m.events("open"))
    assert len({m.me for m in four}) == 4

    # what the relay saw: Nostr's REQ, EVENT, EOSE and OK messages; each event's content a page's id in clear or
    # a signal whose offer, answer or candidate is ciphertext — no SDP, no address, no text, no secret
    assert frames
    for frame in frames:
        assert not any(w in frame for w in SDP_WORDS), frame[:300]
        assert "♥K" not in frame and SECRET not in frame and ROOM not in frame, frame[:300]
        message = json.loads(frame)
        assert message[0] in ("REQ", "EVENT", "EOSE", "OK", "CLOSE", "NOTICE"), frame[:300]
        event = message[-1] if message[0] == "EVENT" else None
        if event is not None:
            content = json.loads(event["content"])
            assert set(content) in ({"peerId"}, {"peerId", "offerId", "offer"}, {"peerId", "offerId", "answer"},
                                    {"peerId", "offerId", "candidate"}), content
            for key in ("offer", "answer", "candidate"):
                if key in content:
                    assert re.fullmatch(r"\d{1,3}(,\d{1,3}){15}\$[A-Za-z0-9+/]+=*", content[key]), content[key][:80]

    # b leaves the room and joins it again from the same page (the same peer id): every other page sees it lost
    # once (its connection replaced, or silent) and open again, and reaches it — its text channel's close said
    # first where it came before the loss ("closed": the page shows the seat reconnecting at once)
    b.page.evaluate("kingPeer.leave()")
    b.join([relay.url])
    for m in four:
        m.wait_peers({o.me for o in four if o is not m})
    for m in (a, c, d):
        m.page.wait_for_function("id => /^open,(closed,)?lost,open$/.test(kingEvents.filter("
                                 "e => e.id === id && e.kind !== 'message').map(e => e.kind).join())", arg=b.me)
    mesh(four, "b again")

    # d's page closes: every other page reports it lost, by the heartbeat (no sooner than its last beat's LOST_MS)
    closed = a.page.evaluate("Date.now()")
    d.page.close()
    for m in (a, b, c):
        m.page.wait_for_function("id => kingEvents.some(e => e.kind === 'lost' && e.id === id)", arg=d.me)
        lost = next(e for e in m.events("lost") if e["id"] == d.me)
        assert LOST_MS - 1500 < lost["at"] - closed <= LOST_WITHIN_MS, lost["at"] - closed  # the heartbeat's rule
        assert [e["id"] for e in m.events("lost")] == ([b.me] if m is not b else []) + [d.me]  # d once
    mesh([a, b, c], "three")

    # c's page reloads: its old self is lost, the new page joins the room again and is reached
    old = c.me
    c.page.close()
    c.page = c.open()
    c.join([relay.url])
    assert c.me != old
    three = [a, b, c]
    for m in three:
        m.wait_peers({o.me for o in three if o is not m})
    for m in (a, b):
        m.page.wait_for_function("id => kingEvents.some(e => e.kind === 'lost' && e.id === id)", arg=old)
    mesh(three, "again")

    # the relay stops: every page sees no relay answering, and the open channels carry on
    relay.stop()
    for m in three:
        m.page.wait_for_function("() => kingEvents.filter(e => e.kind === 'relays').at(-1)?.text === '0'")
    mesh(three, "after the relay")
    for m in three:
        assert m.peers() == {o.me for o in three if o is not m}
        assert {e["id"] for e in m.events("lost")} <= {b.me, d.me, old}

    # meanwhile c's network drops (its connections die, and its announcements sent with no relay back off); the
    # relay restarts: c joins the room again at once and every page reaches every other within seconds, not after
    # the library's backoff (a minute and more)
    c.page.evaluate("kingConnections.forEach(pc => pc.close())")
    for m, gone in ((a, {c.me}), (b, {c.me}), (c, {a.me, b.me})):
        m.page.wait_for_function("ids => ids.every(id => kingPeer.state(id) === 'none')", arg=sorted(gone))
    relay.start()
    restarted = time.monotonic()
    for m in three:
        m.page.wait_for_function("ids => ids.every(id => kingPeer.state(id) === 'open')",
                                 arg=sorted(o.me for o in three if o is not m), timeout=30_000)
    print(f"relay restarted: a page whose connections died talks again in {time.monotonic() - restarted:.1f} s")
    mesh(three, "after the drop")
    forgive(warm_peers, relay.url)


def test_no_relay_answering_is_said_once_after_ten_seconds(relay: Any, warm_peers: Any) -> None:
    warm_peers.store({})
    a = Member(warm_peers.ctx, warm_peers.url + "?king-test", [])  # (the test hooks: kingNoRelayNow)
    closed = relay.url
    relay.stop()  # its port now refuses connections: a relay that is down
    a.join([closed])
    # due NO_RELAY_MS after the join by the page's own clock (kingRelayRetryDue), not said before: come now, said
    a.page.wait_for_function("() => kingRelayRetryDue()[2] > 0")
    assert a.page.evaluate("kingRelayRetryDue()[2] - window.kingJoinedAt") >= NO_RELAY_MS
    assert a.events("no-relay") == []
    a.page.evaluate("kingNoRelayNow()")
    a.page.wait_for_function("() => kingEvents.some(e => e.kind === 'no-relay')")
    said = a.events("no-relay")
    assert len(said) == 1 and said[0]["id"] == said[0]["text"] == ""
    assert a.page.evaluate("kingRelayRetryDue()[2]") == 0  # said: none due again
    assert [e["text"] for e in a.events("relays")] == ["0"]
    assert a.peers() == set()
    # the rooms' connections wait for an ICE restart's own candidates before its offer goes out: right after
    # the restart a plain RTCPeerConnection still reads "complete" (the old gathering) and the library sent
    # the offer with no candidate — the connection then failed "after exchanging SDP"; and the library's
    # rollback of the pooled first offer took the data channel's m-section with it (an offer with no m= line,
    # no gathering at all, sent after the library's 15-s wait)
    offer = a.page.evaluate(RESTART_JS)
    assert offer["restarted"] and offer["candidates"] >= 1 and offer["sections"] == 1, offer

    # no relay at all (the player chose none): said at once, and a new join starts its count anew
    a.page.evaluate("kingEvents.length = 0")
    a.join([])
    a.page.wait_for_function("() => kingEvents.some(e => e.kind === 'no-relay')")
    assert len(a.events("no-relay")) == 1
    a.page.evaluate("kingPeer.leave()")
    forgive(warm_peers, closed)
