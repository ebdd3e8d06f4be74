// Friends online's wire: text between browsers over WebRTC data channels, with no server of ours. Two ways for
// pages to find each other, one API for what follows (docs/NET.md, "The wire" and "The rooms' transport"):
//   * codes the players pass each other (a link's #join=…, an answer code): offer / accept / answer. Each code
//     carries every ICE candidate (gathering waited for in full before it is made);
//   * a room found through public relays: join / leave. The vendored trystero library (Nostr strategy, loaded
//     on the first join only) publishes connection offers encrypted with the room's secret; the relays see no
//     SDP and no game data.
// Either way a connection carries two negotiated data channels, "king" (id 2: the texts) and "beat" (id 3: a
// heartbeat), and a peer is reported open and lost by the same rule.
//
//   kingPeer.encode(text) / decode(code)    base64url(deflate-raw(UTF-8 text)) via CompressionStream, and back
//   kingPeer.offer(id, iceJson)             codes, host: a new connection `id` (a seat); resolves to its offer SDP
//   kingPeer.accept(id, answerSdp)          codes, host: the friend's answer taken
//   kingPeer.answer(id, offerSdp, iceJson)  codes, guest: resolves to the answer SDP for the host's offer
//   kingPeer.join(room, secret, relaysJson, iceJson)
//                                           rooms: leave any room, then join this one (with the ICE servers
//                                           only if one answers within PROBE_MS); resolves to this page's
//                                           own peer id (20 characters [0-9A-Za-z], new at each page load) once
//                                           the library is loaded; every page of the room becomes a peer; the
//                                           relays given before and not now are left at once
//   kingPeer.leave(relaysJson?)             rooms: the room's connections closed (no "lost"), the room left
//                                           (with relaysJson: the relays not in it left too; "[]": all)
//   kingPeer.send(id, text) -> bool         a text message to an open peer (false: not open)
//   kingPeer.close(id)                      the connection ended on purpose (no "lost" reported)
//   kingPeer.listen(fn)                     fn(kind, id, text), kind:
//       "open"      a peer heard for the first time: `send` reaches it from now on
//       "message"   a text from an open peer (at most MAX_TEXT characters + 1: longer ones are cut)
//       "lost"      an open peer not heard for LOST_MS, or whose connection the room library replaced by a new
//                   one (once; never decided by a connection state; `text`: the milliseconds since it was last
//                   heard, "" when replaced). A page that comes back is "open" anew
//       "closed"    an open peer's text channel closed by the other page (its page unloading: reloaded or
//                   closed), said at once; the peer stays open until the heartbeat says "lost"
//       "relays"    rooms: how many relays answer now (`text`, a count), each time it changes
//       "no-relay"  rooms: no relay answered for NO_RELAY_MS — since the join, or since the last one stopped
//                   answering (once each time; ids and text "")
//       "connecting", "connected", "failed"
//                   rooms: a connection the room library makes with another page of the room (its own key, "rtc1",
//                   "rtc2"…: the page is not known yet) — begun (an offer answered, or an answer sent), up, or ended
//                   before it came up. The page says one that never comes up (kingcore.online.attempts)
//   kingPeer.patience(id, ms)               peer `id` (now or later) is lost after `ms` of silence, not LOST_MS, if
//                                           longer (0: LOST_MS again) — the host's page, for a page in a known-busy
//                                           phase (kingcore.online.lobby.BUSY_LOST_S)
//   kingPeer.state(id)                      "open" | "connecting" | "none"
//   kingPeer.peers()                        the ids of the peers open now
//
// Heartbeat: each side sends "b" on "beat" every BEAT_MS to every peer; anything heard from a peer (a beat or a
// text) is a sign of life. A peer not heard for LOST_MS is lost. A page whose own timers ran late (its main
// thread blocked, its tab asleep) does not blame its peers for its own silence: a late tick counts as news.
// A room's peer lost has the room library's connection to it closed: the library then connects the two pages
// anew, as after a reload (it kept one it took for alive).
//
// Relays that stop answering are asked again for as long as the room is joined: first after RETRY_MIN_MS, then
// at twice the last wait, at most RETRY_MAX_MS. (Left to itself the room library gives a relay up after about
// a minute and a half of retries: a relay restarted later was never used again by that page.) Reconnected, the
// library subscribes again, and a page that joins (a friend's reload) is heard and answered.
//
// Size: over 400 lines because both ways of finding a peer (codes and rooms) share one wire and one API here.
(function () {
  "use strict";
  var TESTED = testTimers(), NO_ADDRESS = testNoAddress();
  var BEAT_MS = 1000, LOST_MS = TESTED.LOST_MS || 4000, TICK_MS = 250, STALL_MS = 1500, GATHER_MS = 5000;
  var CLOSE_MS = 1000;
  var MAX_TEXT = 65536, MAX_CODE = 16384, NO_RELAY_MS = TESTED.NO_RELAY_MS || 10000, RELAY_POLL_MS = 250;
  var CHANNEL_TRIES = 40, RETRY_MIN_MS = 1000, RETRY_MAX_MS = TESTED.RETRY_MAX_MS || 8000, PROBE_MS = 3000;
  var KING_ID = 2, BEAT_ID = 3;  // negotiated on both sides; trystero's own channel takes 0 or 1 (DTLS role)
  var APP_ID = "king-card-game";  // trystero's application id: part of every topic and of the offers' key
  var ROOMS_JS = "./trystero/nostr/index.mjs";  // relative to this script (the site's root)
  var peers = {}, patience = {}, listener = null, ticker = null, lastTick = 0, room = null, joins = 0;
  var used = {}, left = {}, asleep = {};  // relays' addresses: given to the room library, left, how to wake
  var loaded = null;  // the room library, once loaded
  var NativeSocket = window.WebSocket;

  /** The browser tests' shorter timers, where a test does not check their length: with ``?king-test`` in the
   * address only, localStorage "king-test-timers" = {"NO_RELAY_MS": ms, "RETRY_MAX_MS": ms, "LOST_MS": ms} (each
   * optional, a positive number); otherwise, and for anything else there, {} (the timers above as they are). */
  function testTimers() {
    var out = {};
    try {
      if (location.search.indexOf("king-test") < 0) return out;
      var asked = JSON.parse(localStorage.getItem("king-test-timers") || "{}");
      ["NO_RELAY_MS", "RETRY_MAX_MS", "LOST_MS"].forEach(function (k) {
        if (asked && typeof asked[k] === "number" && asked[k] > 0) out[k] = asked[k];
      });
    } catch (e) { /* no storage, or not JSON: the timers as they are */ }
    return out;
  }

  /** The browser tests' page whose room connections never come up (``?king-test`` only, localStorage
   * "king-test-no-address" = "1"): they offer and answer with no address of this page's own (no ICE candidate), as
   * from a network that lets no direct connection through — the other page tries, and says it cannot connect. */
  function testNoAddress() {
    try { return location.search.indexOf("king-test") >= 0 && localStorage.getItem("king-test-no-address") === "1"; }
    catch (e) { return false; }
  }

  function tell(kind, id, text) {
    if (listener) {
      try { listener(kind, String(id), text === undefined ? "" : String(text)); }
      catch (e) { console.error("king: peer listener failed", e); }
    }
  }

  // ----- codes ------------------------------------------------------------------------------------------------

  function b64url(bytes) {
    var s = "";
    for (var i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
    return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }

  function unb64url(code) {
    var s = atob(code.replace(/-/g, "+").replace(/_/g, "/"));
    var out = new Uint8Array(s.length);
    for (var i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
    return out;
  }

  async function pipe(bytes, stream, limit) {
    var reader = new Blob([bytes]).stream().pipeThrough(stream).getReader(), parts = [], size = 0;
    for (;;) {
      var step = await reader.read();
      if (step.done) break;
      size += step.value.length;
      if (size > limit) { reader.cancel(); throw new Error("code too large"); }
      parts.push(step.value);
    }
    var out = new Uint8Array(size), at = 0;
    parts.forEach(function (p) { out.set(p, at); at += p.length; });
    return out;
  }

  async function encode(text) {
    return b64url(await pipe(new TextEncoder().encode(String(text)), new CompressionStream("deflate-raw"), Infinity));
  }

  /** The text of a code (refused: not base64url, too long, not deflate-raw, not UTF-8 — an Error). */
  async function decode(code) {
    code = String(code).trim();
    if (!code || code.length > MAX_CODE || !/^[A-Za-z0-9_-]+$/.test(code)) throw new Error("not a code");
    var bytes = await pipe(unb64url(code), new DecompressionStream("deflate-raw"), MAX_TEXT);
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  }

  /** The rooms' RTCPeerConnection class (the room library's `rtcPolyfill`): after `restartIce()` it says its ICE
   * gathering is still under way until the new gathering has completed. The library restarts ICE on a pooled
   * offer older than its offer TTL (57 s) and, with trickleIce off, sends the offer as soon as the gathering
   * state reads "complete" — which, right after the restart, is still the old gathering's: the offer went out
   * with no candidate and the connection failed "after exchanging SDP" (a tester: pages open a minute or more,
   * one reload in three never connected). And it keeps a pooled first offer when the library rolls it back
   * before that restart (see setLocalDescription). */
  var realGathering = Object.getOwnPropertyDescriptor(RTCPeerConnection.prototype, "iceGatheringState").get;
  var made = 0;  // the room library's connections made on this page (each one's key: "rtc<n>")
  function roomPeerConnection() {  // made at each join, on the page's RTCPeerConnection of the moment
    return class RoomPeerConnection extends window.RTCPeerConnection {
      constructor(config) {
        super(NO_ADDRESS ? Object.assign({}, config, { iceServers: [], iceTransportPolicy: "relay" }) : config);
        this.kingKey = "rtc" + (++made);
        this.kingTried = "";  // "" not begun (a pooled offer), "connecting", then "connected" or "failed"
        this.addEventListener("connectionstatechange", () => {
          var s = this.connectionState;
          if (this.kingTried === "connecting" && s === "connected") this.kingTry("connected");
          else if (this.kingTried === "connecting" && (s === "failed" || s === "closed")) this.kingTry("failed");
        });
        this.kingRestart = "";  // "" none, "asked" (restartIce called), "gathering" (the new gathering began)
        this.addEventListener("icegatheringstatechange", () => {  // before the library's own listener
          var real = realGathering.call(this);
          if (this.kingRestart && real !== "complete") this.kingRestart = "gathering";
          else if (this.kingRestart === "gathering") this.kingRestart = "";
        });
      }
      restartIce() {
        this.kingRestart = "asked";
        return super.restartIce();
      }
      kingTry(state) { this.kingTried = state; tell(state, this.kingKey); }
      // A connection with another page begins when the other side's description comes: the offer this page
      // answers, or the answer to its own offer (a pooled offer no page took is not tried).
      setRemoteDescription(description) {
        if (!this.kingTried && description && description.type !== "rollback") this.kingTry("connecting");
        return super.setRemoteDescription.apply(this, arguments);
      }
      close() {  // (closed by the page or the library: no state change event follows)
        if (this.kingTried === "connecting" && this.connectionState !== "connected") this.kingTry("failed");
        return super.close();
      }
      createDataChannel(label, options) { return peerClosedIsNoError(super.createDataChannel(label, options)); }
      set ondatachannel(fn) {
        super.ondatachannel = typeof fn !== "function" ? fn
          : function (e) { peerClosedIsNoError(e.channel); return fn.call(this, e); };
      }
      get ondatachannel() { return super.ondatachannel; }
      get iceGatheringState() {
        var real = realGathering.call(this);
        return this.kingRestart && real === "complete" ? "gathering" : real;
      }
      // The library rolls a pooled offer older than 57 s back before restarting its ICE; rolling back a first
      // offer takes its data channel's m-section with it (Chromium): the restarted offer has no m= line, gathers
      // nothing and can never connect. An ICE restart straight from have-local-offer is allowed and keeps it.
      setLocalDescription(description) {
        if (description && description.type === "rollback" && this.signalingState === "have-local-offer" &&
            !this.currentLocalDescription && !this.currentRemoteDescription) return Promise.resolve();
        return super.setLocalDescription.apply(this, arguments);
      }
    };
  }

  /** The room library's data channel `channel`, whose "error" event reaches the library's `onerror` unless it only
   * says that the other page closed its connection (an SCTP abort, cause 12 "User-Initiated Abort", e.g. a
   * friend's page reloaded): that is the channel's close, which follows at once, and the library logged it as an
   * error ("peer error: OperationError: User-Initiated Abort, reason=Close called") on every reload. */
  function peerClosedIsNoError(channel) {
    var handler = null;
    Object.defineProperty(channel, "onerror", { configurable: true, get: function () { return handler; },
                                                set: function (fn) { handler = fn; } });
    channel.addEventListener("error", function (e) {
      var err = e.error;
      if (err && err.errorDetail === "sctp-failure" && err.sctpCauseCode === 12) return;
      if (typeof handler === "function") handler.call(channel, e);
    });
    return channel;
  }

  /** RTCPeerConnection's iceServers from JSON (kingcore.web.prefs.ice_servers): entries with a string
   * ``urls`` and, for a TURN server, ``username`` and ``credential``; anything else left out. */
  function iceServers(iceJson) {
    var list;
    try { list = JSON.parse(iceJson || "[]"); } catch (e) { return []; }
    if (!Array.isArray(list)) return [];
    return list.filter(function (s) { return s && typeof s.urls === "string"; }).map(function (s) {
      var out = { urls: s.urls };
      if (typeof s.username === "string" && typeof s.credential === "string") {
        out.username = s.username; out.credential = s.credential;
      }
      return out;
    });
  }

  function gathered(pc) {
    return new Promise(function (resolve) {
      if (pc.iceGatheringState === "complete") { resolve(); return; }
      var timer = setTimeout(resolve, GATHER_MS); // some candidates (a slow STUN server) may never come
      pc.addEventListener("icegatheringstatechange", function () {
        if (pc.iceGatheringState === "complete") { clearTimeout(timer); resolve(); }
      });
    });
  }

  // ----- one connection: its channels and heartbeat -----------------------------------------------------------

  /** A peer `id` on the connection `pc`: its two channels made (both sides make the same, negotiated). `owned`:
   * this page made `pc` (codes) and closes it at the end; a room's connections belong to the library. */
  function attach(id, pc, owned, inRoom) {
    var peer = { id: id, pc: pc, owned: owned, room: inRoom, chan: null, beat: null, heard: Date.now(), sent: 0,
                 open: false, ended: false };
    peers[id] = peer;
    channels(peer);
    if (!ticker) { lastTick = Date.now(); ticker = setInterval(tick, TICK_MS); }
    return peer;
  }

  function channels(peer, tries) {
    var chan, beat;
    try {
      chan = peer.pc.createDataChannel("king", { negotiated: true, id: KING_ID });
      beat = peer.pc.createDataChannel("beat", { negotiated: true, id: BEAT_ID });
    } catch (e) {
      if (chan) { try { chan.close(); } catch (e2) { /* closed */ } }
      // A connection the room library keeps across a leave and a join: the channels closed on it may still be
      // closing (their ids not yet free). Asked again a moment later; the peer is not open meanwhile.
      tries = (tries || 0) + 1;
      if (tries < CHANNEL_TRIES && !peer.ended && peers[peer.id] === peer) {
        setTimeout(function () { if (!peer.ended && peers[peer.id] === peer) channels(peer, tries); }, TICK_MS);
      } else {
        console.warn("king: no channels on the connection to " + peer.id, e);
      }
      return;
    }
    peer.chan = chan; peer.beat = beat;
    function current() { return peers[peer.id] === peer && peer.chan === chan && !peer.ended; }
    beat.onopen = function () { if (current()) pulse(peer); };
    beat.onmessage = function () { if (current()) heard(peer); };
    chan.onclose = function () { if (current() && peer.open) tell("closed", peer.id); };
    chan.onmessage = function (e) {
      if (!current()) return;
      heard(peer);
      // Text only; a binary frame or an oversized text reaches the protocol as text it refuses by length.
      var text = typeof e.data === "string" ? e.data : "\u0000binary";
      tell("message", peer.id, text.length > MAX_TEXT ? text.slice(0, MAX_TEXT + 1) : text);
    };
  }

  /** Something came from `peer`: alive; the first time, it is open (its channels exist: ours reach it). */
  function heard(peer) {
    peer.heard = Date.now();
    if (!peer.open) {
      peer.open = true;
      tell("open", peer.id);
      pulse(peer); // at once: its first beats may have come before our channels existed, ours likewise
    }
  }

  function pulse(peer) {
    peer.sent = Date.now();
    if (peer.beat && peer.beat.readyState === "open") { try { peer.beat.send("b"); } catch (e) { /* closing */ } }
  }

  function tick() {
    var now = Date.now(), stalled = now - lastTick > STALL_MS;
    lastTick = now;
    Object.keys(peers).forEach(function (id) {
      var peer = peers[id];
      if (stalled) peer.heard = Math.max(peer.heard, now - TICK_MS); // our own silence, not the peer's
      if (peer.open && now - peer.heard > Math.max(LOST_MS, patience[id] || 0)) { lost(peer); return; }
      if (now - peer.sent >= BEAT_MS) pulse(peer);
    });
    if (!Object.keys(peers).length) { clearInterval(ticker); ticker = null; }
  }

  function lost(peer) {
    if (peer.ended || peers[peer.id] !== peer) return;
    if (peer.room && room) room.missed[peer.id] = true;
    forget(peer);
    if (peer.room) drop(peer);
    tell("lost", peer.id, String(Math.max(0, Date.now() - peer.heard))); // (how long it has been silent, ms)
  }

  /** The room library's connection to a peer this page gave up, closed: the library takes a connection whose own
   * channel is open for alive, and answers none of that page's offers while it has one — a page silent a while
   * (its thread busy) but still there was lost for good on both sides, each waiting for the other (a new user's
   * page said the host was reconnecting for 110 s until its reload). Closed, the library forgets it and announces
   * the page again: both pages connect again as new. A connection closed by its own page says nothing to that
   * page (no state change event): the library is told as the browser tells it of a connection that closed —
   * else it learnt it only at the other page's next announcement, a minute apart once steady. */
  function drop(peer) {
    try { peer.pc.close(); } catch (e) { /* closed */ }
    try { peer.pc.dispatchEvent(new Event("connectionstatechange")); } catch (e) { /* not the library's */ }
  }

  function forget(peer) {
    peer.ended = true;
    if (peers[peer.id] === peer) delete peers[peer.id];
    // The text channel closed first, the connection a moment later: a last message sent just before (the host's
    // "bye" when it starts a new game) still reaches the friend.
    [peer.chan, peer.beat].forEach(function (c) { if (c) { try { c.close(); } catch (e) { /* closed */ } } });
    if (peer.owned) setTimeout(function () { try { peer.pc.close(); } catch (e) { /* closed */ } }, CLOSE_MS);
  }

  function close(id) {
    var peer = peers[id];
    if (peer) forget(peer);
  }

  function send(id, text) {
    var peer = peers[id];
    if (!peer || !peer.open || !peer.chan || peer.chan.readyState !== "open") return false;
    try { peer.chan.send(String(text)); return true; } catch (e) { return false; }
  }

  // ----- codes: one RTCPeerConnection a link ------------------------------------------------------------------

  function make(id, iceJson) {
    close(id);
    return attach(id, new RTCPeerConnection({ iceServers: iceServers(iceJson) }), true, false);
  }

  async function offer(id, iceJson) {
    var pc = make(id, iceJson).pc;
    await pc.setLocalDescription(await pc.createOffer());
    await gathered(pc);
    return pc.localDescription.sdp;
  }

  async function accept(id, sdp) {
    var peer = peers[id];
    if (!peer || !peer.owned) throw new Error("no such invite");
    await peer.pc.setRemoteDescription({ type: "answer", sdp: String(sdp) });
  }

  async function answer(id, sdp, iceJson) {
    var pc = make(id, iceJson).pc;
    await pc.setRemoteDescription({ type: "offer", sdp: String(sdp) });
    // The guest is the DTLS server (a=setup:passive; the host's offer says actpass): a second person who opened
    // the same link answers the same offer, and their ICE checks reach the host with the offer's credentials —
    // as DTLS client their ClientHello reached the host's one DTLS transport before the real friend's and the
    // handshake hung (measured with getStats: ICE connected with the friend, DTLS "connecting" for good). As
    // server the guest sends nothing until the host's ClientHello, which goes only over the pair the host
    // nominated: the answer the host pasted.
    var made = await pc.createAnswer();
    await pc.setLocalDescription({ type: "answer", sdp: made.sdp.replace(/a=setup:active/g, "a=setup:passive") });
    await gathered(pc);
    return pc.localDescription.sdp;
  }

  // ----- rooms: pages found through relays --------------------------------------------------------------------

  /** The relays' addresses from JSON (kingcore.web.relays.relay_urls): ws:// and wss:// strings, once each. */
  function relayList(relaysJson) {
    var list;
    try { list = JSON.parse(relaysJson || "[]"); } catch (e) { return []; }
    if (!Array.isArray(list)) return [];
    return list.filter(function (u, i) {
      return typeof u === "string" && /^wss?:\/\/[^\s]+$/.test(u) && list.indexOf(u) === i;
    });
  }

  async function join(roomId, secret, relaysJson, iceJson) {
    roomId = String(roomId); secret = String(secret);
    if (!roomId || !secret) throw new Error("a room needs an id and a secret");
    await leave();
    var ticket = joins, urls = relayList(relaysJson);
    var found = await Promise.all([import(ROOMS_JS), answering(iceServers(iceJson))]), lib = found[0];
    if (ticket !== joins || room) throw new Error("another join or a leave came while this one was loading");
    loaded = lib;
    leaveRelays(lib, urls);
    enter({ lib: lib, roomId: roomId, secret: secret, given: urls, ice: found[1], spelling: 0 });
    return lib.selfId;
  }

  /** A relay's address as this room's join spells it: spelling 1 adds or drops the "/" of an address whose path
   * is the root alone — the same request on the wire, but another client of the room library (its clients are
   * kept per address string, each with its own backoff of announcements). */
  function spell(url, spelling) {
    if (!(spelling % 2) || !/^wss?:\/\/[^/?#]+\/?$/.test(url)) return url;
    return url.charAt(url.length - 1) === "/" ? url.slice(0, -1) : url + "/";
  }

  /** The relays no longer chosen (`urls`: the new choice) left at once: the room library keeps each relay's
   * socket across rooms and asks a lost one again for a minute and a half — a friend who chose their own relays
   * on the join screen saw the public ones asked that long, even once seated. Each is closed with the library's
   * reconnection unhooked (kept: a relay chosen again is woken with it), and a socket the library opens to it
   * meanwhile (a retry already waiting) is born closed and silent (:func:`gate`). (The library has no call that
   * closes a relay: its clients are its own.) */
  function leaveRelays(lib, urls) {
    var chosen = {}, sockets = lib.getRelaySockets();
    urls.forEach(function (u) { chosen[u] = chosen[spell(u, 1)] = true; });
    Object.keys(used).forEach(function (u) {
      if (chosen[u] && left[u]) {
        delete left[u];
        var wake = asleep[u];
        delete asleep[u];
        if (typeof wake === "function") wake();  // (its own retry: a new socket, which the gate lets through now)
      } else if (!chosen[u] && !left[u]) {
        left[u] = true;
        var s = sockets[u];
        if (s && s instanceof NativeSocket) {
          asleep[u] = s.onclose;
          s.onclose = null;
          try { s.close(); } catch (e) { /* closed */ }
        }
      }
    });
  }

  /** The WebSocket the room library makes: none to a relay left (:func:`leaveRelays`) — a socket already
   * closed, whose events never come (its close handler kept to wake the relay if it is chosen again). */
  function gate(url, protocols) {
    url = String(url);
    if (!left[url]) return protocols === undefined ? new NativeSocket(url) : new NativeSocket(url, protocols);
    var quiet = { url: url, readyState: 3, bufferedAmount: 0, send: function () {}, close: function () {} };
    ["onopen", "onmessage", "onerror"].forEach(function (k) {
      Object.defineProperty(quiet, k, { get: function () { return null; }, set: function () {} });
    });
    Object.defineProperty(quiet, "onclose", { get: function () { return null; },
                                              set: function (f) { asleep[url] = f; } });
    return quiet;
  }
  if (NativeSocket) {
    ["CONNECTING", "OPEN", "CLOSING", "CLOSED"].forEach(function (k) { gate[k] = NativeSocket[k]; });
    gate.prototype = NativeSocket.prototype;
    window.WebSocket = gate;
  }

  /** Join the room of `base` (the library loaded, the ICE servers probed) with its relays spelled `spelling`. */
  function enter(base) {
    var lib = base.lib, urls = base.given.map(function (u) { return spell(u, base.spelling); });
    urls.forEach(function (u) { used[u] = true; });
    var me = { lib: lib, base: base, urls: urls, answering: -1, quiet: Date.now(), said: false,
               retryMs: RETRY_MIN_MS, retryAt: 0, timers: [], down: false, missed: {} };
    room = me;
    // trickleIce off: each offer and answer carries its ICE candidates, as the codes do. Trickled, a pooled
    // offer older than the library's offer TTL (57 s) restarts ICE and trickles its new candidates before the
    // room listens for them: they are lost and the connection fails "after exchanging SDP" (seen with a
    // friend's page reloaded a minute or more after the host's page joined; it never connected again).
    me.room = lib.joinRoom({ appId: APP_ID, password: base.secret, relayConfig: { urls: urls }, trickleIce: false,
                             rtcConfig: { iceServers: base.ice }, rtcPolyfill: roomPeerConnection() }, base.roomId,
                           { onJoinError: function (e) { console.warn("king: room: " + (e && e.error)); } });
    me.room.onPeerJoin = function (pid) {
      if (room !== me) return;
      var pc = me.room.getPeers()[pid], peer = peers[pid];
      if (!pc || (peer && !peer.room)) return; // (a code's connection under the same name: not the room's)
      if (peer) { // that page left and joined again (on a new connection, or on the library's same one): the
        forget(peer); // old channels are over
        if (peer.open) tell("lost", pid);
      }
      attach(pid, pc, false, true);
    };
    me.room.onPeerLeave = function (pid) {
      var peer = peers[pid];
      if (room === me && peer && peer.room && !peer.open) forget(peer); // an open one: the heartbeat decides
    };
    me.timers.push(setInterval(function () { relays(me); }, RELAY_POLL_MS));
    if (!urls.length) { me.said = true; me.timers.push(setTimeout(function () { tell("no-relay", "", ""); }, 0)); }
  }

  /** A relay of the room answers again after one stopped: when this page has lost a peer of the room and has
   * none open (its own network dropped, or every connection with the relay's), it joins the room again at once
   * under the relays' other spelling, whose fresh clients announce it within a second. (The library's own
   * announcements sent while the relay was down back off — a minute, doubling up to 15 min — and resubscribing
   * does not announce: two pages that both stayed could wait that long to meet.) */
  function back(me) {
    var stranded = Object.keys(me.missed).length > 0 && !Object.keys(peers).some(function (id) {
      return peers[id].room && peers[id].open;
    });
    if (!stranded || me.base.given.every(function (u) { return spell(u, 1) === u; })) return;
    console.info("king: a relay answers again and no peer of the room is open: joining the room again");
    var base = me.base, left = leave(), ticket = joins;
    left.then(function () {
      if (room || ticket !== joins) return; // the player's own join or leave came meanwhile
      enter({ lib: base.lib, roomId: base.roomId, secret: base.secret, given: base.given, ice: base.ice,
              spelling: base.spelling + 1 });
    });
  }

  /** The room's ICE servers, or none when none of them gives this browser an address (a server's candidate)
   * within PROBE_MS: an unreachable STUN server adds no candidate, and the room library would wait 15 s for it
   * at every offer and every answer — long enough for a connection to time out (the pages then offer their own
   * addresses only, as with no server). */
  async function answering(servers) {
    if (!servers.length) return servers;
    var pc;
    try { pc = new RTCPeerConnection({ iceServers: servers }); } catch (e) { return []; }
    var heard = await new Promise(function (resolve) {
      var timer = setTimeout(function () { resolve(false); }, PROBE_MS);
      function done(yes) { clearTimeout(timer); resolve(yes); }
      pc.onicecandidate = function (e) {
        if (!e.candidate) done(false); // gathering complete, no server's candidate
        else if (/ typ (srflx|relay)/.test(e.candidate.candidate)) done(true);
      };
      pc.createDataChannel("probe");
      pc.createOffer().then(function (o) { return pc.setLocalDescription(o); }).catch(function () { done(false); });
    });
    try { pc.close(); } catch (e) { /* closed */ }
    if (!heard) console.info("king: no ICE server answered within " + PROBE_MS + " ms: the room uses none");
    return heard ? servers : [];
  }

  /** Count the room's relays whose socket is open; say it when it changed, and "no-relay" once none has answered
   * for NO_RELAY_MS; ask again the relays that do not answer. */
  function relays(me) {
    if (room !== me) return;
    var sockets = me.lib.getRelaySockets(), n = 0, now = Date.now();
    me.urls.forEach(function (u) { var s = sockets[u]; if (s && s.readyState === 1) n++; });
    if (n !== me.answering) {
      if (n < me.answering) me.down = true;
      else if (me.down && me.answering >= 0) { me.down = false; back(me); if (room !== me) return; }
      me.answering = n;
      tell("relays", "", String(n));
    }
    if (n) { me.quiet = 0; me.said = false; }
    else if (!me.quiet) me.quiet = now;
    if (!n && !me.said && now - me.quiet >= NO_RELAY_MS) { me.said = true; tell("no-relay", "", ""); }
    retry(me, n < me.urls.length, now);
  }

  /** While a relay of the room does not answer, the library's own retries wait (its reconnection paused: it would
   * give the relay up) and this page lets them run on its own schedule, RETRY_MIN_MS doubling to RETRY_MAX_MS. */
  function retry(me, missing, now) {
    var lib = me.lib;
    if (!lib.pauseRelayReconnection || !lib.resumeRelayReconnection) return;
    if (!missing) {
      if (me.retryAt) { me.retryAt = 0; me.retryMs = RETRY_MIN_MS; lib.resumeRelayReconnection(); }
      return;
    }
    if (!me.retryAt) { lib.pauseRelayReconnection(); me.retryAt = now + me.retryMs; return; }
    if (now < me.retryAt) return;
    lib.resumeRelayReconnection(); // the sockets waiting for it connect again now
    me.retryMs = Math.min(2 * me.retryMs, RETRY_MAX_MS);
    me.retryAt = now + me.retryMs;
    // paused again once the library has cleared its pause (its handler, the first microtask) and before the resumed
    // sockets' attempts can close: a task later (setTimeout), a refused attempt could close first on a busy page,
    // and its socket then waited for the library's own timer (doubling to a minute, then given up), not this one
    Promise.resolve().then(function () { if (room === me && me.retryAt) lib.pauseRelayReconnection(); });
  }

  /** Leave the room; with `relaysJson`, the relays not in it too (:func:`leaveRelays`: "[]", every one). */
  async function leave(relaysJson) {
    var me = room;
    joins++; // a join still loading the library will not join
    if (relaysJson !== undefined && loaded) leaveRelays(loaded, relayList(relaysJson));
    if (!me) return;
    room = null;
    me.timers.forEach(function (t) { clearInterval(t); clearTimeout(t); });
    if (me.retryAt && me.lib.resumeRelayReconnection) me.lib.resumeRelayReconnection();
    Object.keys(peers).forEach(function (id) { if (peers[id].room) forget(peers[id]); });
    try { await me.room.leave(); } catch (e) { console.warn("king: room: leaving", e); }
  }

  /* A page unloading (reloaded, closed, left) closes its connections itself, as the room library does its own at
   * "beforeunload" (which a closed tab may skip): the other page's text channel closes at once ("closed"), not
   * only its heartbeat's silence seconds later. */
  window.addEventListener("pagehide", function () {
    Object.keys(peers).forEach(function (id) { try { peers[id].pc.close(); } catch (e) { /* closed */ } });
  });

  window.kingPeer = {
    encode: encode, decode: decode, offer: offer, accept: accept, answer: answer, send: send, close: close,
    join: join, leave: leave, roomPeerConnection: roomPeerConnection,
    listen: function (fn) { listener = fn; },
    patience: function (id, ms) { if (ms > 0) patience[id] = ms; else delete patience[id]; },
    state: function (id) { var p = peers[id]; return p ? (p.open ? "open" : "connecting") : "none"; },
    peers: function () { return Object.keys(peers).filter(function (id) { return peers[id].open; }); }
  };
  if (location.search.indexOf("king-test") >= 0) {
    /** The browser tests' look at the relays' timers (``?king-test`` only): when the room's relays that do not
     * answer are next asked again (Date.now() ms; 0: all answer, or no room), how long after it was set (ms, the
     * wait) and when "no-relay" is due (Date.now() ms; 0: a relay answers, or said already); each come now. */
    window.kingRelayRetryDue = function () {
      return room ? [room.retryAt, room.retryMs, room.quiet && !room.said ? room.quiet + NO_RELAY_MS : 0] : [0, 0, 0];
    };
    window.kingRelayRetryNow = function () { if (room && room.retryAt) { room.retryAt = Date.now(); relays(room); } };
    window.kingNoRelayNow = function () {
      if (room && room.quiet && !room.said) { room.quiet = Date.now() - NO_RELAY_MS; relays(room); }
    };
    /** The open peers whose text channel closed (their page unloading: "closed" said) lost now, by the
     * heartbeat's own `lost` as LOST_MS of silence would (the silence reported is the true one); their ids. */
    window.kingLostNow = function () {
      return Object.keys(peers).filter(function (id) {
        var p = peers[id];
        return p.open && !p.ended && p.chan && p.chan.readyState !== "open";
      }).map(function (id) { lost(peers[id]); return id; });
    };
  }
})();
