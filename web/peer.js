// Friends online (issue 19): the wire between two browsers — one RTCPeerConnection per link, carrying text
// only, introduced by codes the players pass each other (a link's #join=…, an answer code). No server: the
// offer and the answer carry every ICE candidate (gathering waited for in full before a code is made).
//
//   kingPeer.encode(text) / decode(code)    base64url(deflate-raw(UTF-8 text)) via CompressionStream, and back
//   kingPeer.offer(id, iceJson)             host: a new connection `id` (a seat); resolves to its offer SDP
//   kingPeer.accept(id, answerSdp)          host: the friend's answer taken
//   kingPeer.answer(id, offerSdp, iceJson)  guest: resolves to the answer SDP for the host's offer
//   kingPeer.send(id, text) -> bool         a text message on the open channel (false: not open)
//   kingPeer.close(id)                      the connection ended on purpose (no "lost" reported)
//   kingPeer.listen(fn)                     fn(kind, id, text): kind "open" | "message" | "lost"
//
// A lost peer is reported once, within LOST_MS: the channel closed, the connection failed, or nothing heard
// on the heartbeat channel (each side beats every BEAT_MS) for LOST_MS.
(function () {
  "use strict";
  var BEAT_MS = 2000, LOST_MS = 8000, GATHER_MS = 5000, CLOSE_MS = 1000, MAX_TEXT = 65536, MAX_CODE = 16384;
  var peers = {}, listener = null;

  function tell(kind, id, text) {
    if (listener) {
      try { listener(kind, String(id), text === undefined ? "" : String(text)); }
      catch (e) { console.error("king: peer listener failed", e); }
    }
  }

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

  function make(id, iceJson) {
    close(id);
    var pc = new RTCPeerConnection({ iceServers: iceServers(iceJson) });
    // Both channels negotiated (same ids on both sides): the game's text, and the heartbeat.
    var peer = { pc: pc, chan: pc.createDataChannel("king", { negotiated: true, id: 0 }),
                 beat: pc.createDataChannel("beat", { negotiated: true, id: 1 }),
                 heard: Date.now(), open: false, ended: false, timer: null };
    peers[id] = peer;
    peer.chan.onopen = function () {
      if (peers[id] !== peer) return;
      peer.open = true; peer.heard = Date.now();
      tell("open", id);
    };
    peer.chan.onmessage = function (e) {
      if (peers[id] !== peer) return;
      peer.heard = Date.now();
      // Text only; a binary frame or an oversized text reaches the protocol as text it refuses by length.
      var text = typeof e.data === "string" ? e.data : "\u0000binary";
      tell("message", id, text.length > MAX_TEXT ? text.slice(0, MAX_TEXT + 1) : text);
    };
    peer.beat.onmessage = function () { peer.heard = Date.now(); };
    peer.chan.onclose = function () { lost(id, peer); };
    pc.onconnectionstatechange = function () {
      if (pc.connectionState === "failed" || pc.connectionState === "closed") lost(id, peer);
    };
    peer.timer = setInterval(function () {
      if (!peer.open) return;
      if (Date.now() - peer.heard > LOST_MS) { lost(id, peer); return; }
      if (peer.beat.readyState === "open") { try { peer.beat.send("b"); } catch (e) { /* closing */ } }
    }, BEAT_MS / 2);
    return peer;
  }

  function lost(id, peer) {
    if (peer.ended || peers[id] !== peer) return;
    end(peer);
    delete peers[id];
    tell("lost", id);
  }

  function end(peer) {
    peer.ended = true;
    clearInterval(peer.timer);
    // The channel closed first, the connection a moment later: a last message sent just before (the host's
    // "bye" when it starts a new game) still reaches the friend, and before the channel's close.
    try { peer.chan.close(); } catch (e) { /* already closed */ }
    setTimeout(function () { try { peer.pc.close(); } catch (e) { /* already closed */ } }, CLOSE_MS);
  }

  function close(id) {
    var peer = peers[id];
    if (peer) { end(peer); delete peers[id]; }
  }

  async function offer(id, iceJson) {
    var pc = make(id, iceJson).pc;
    await pc.setLocalDescription(await pc.createOffer());
    await gathered(pc);
    return pc.localDescription.sdp;
  }

  async function accept(id, sdp) {
    var peer = peers[id];
    if (!peer) throw new Error("no such invite");
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

  function send(id, text) {
    var peer = peers[id];
    if (!peer || !peer.open || peer.chan.readyState !== "open") return false;
    try { peer.chan.send(String(text)); return true; } catch (e) { return false; }
  }

  window.kingPeer = {
    encode: encode, decode: decode, offer: offer, accept: accept, answer: answer, send: send, close: close,
    listen: function (fn) { listener = fn; },
    state: function (id) { var p = peers[id]; return p ? (p.open ? "open" : "connecting") : "none"; }
  };
})();
