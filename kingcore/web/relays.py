"""Friends online's rooms: the relays they are announced on — the preferences' ``relays`` choice (shaped as
``ice``, :mod:`kingcore.web.prefs`), the player's own list read from untrusted text, and the addresses the page
gives ``kingPeer.join`` (web/peer.js; docs/NET.md, "The rooms' transport").

>>> relay_urls({"relays": {"mode": "own", "text": "# our club\\nws://192.0.2.7:7447"}})
['ws://192.0.2.7:7447']
"""

from __future__ import annotations

import re
from typing import Any

DEFAULT_RELAYS = ("wss://nos.lol", "wss://relay.mostr.pub", "wss://purplerelay.com", "wss://nostr.data.haus",
                  "wss://relay.sigit.io")
"""The public Nostr relays a room is announced on by default (docs/NET.md, "The rooms' transport"): five of those
the room library (trystero) lists as answering its events, each run by someone else; one answering is enough.
They see a room's encrypted connection offers and their timing, never a card."""

RELAY_MODES = ("default", "none", "own")
"""The relays option (preferences' ``relays``: ``{"mode": …, "text": …}``, shaped as ``ice``): the public relays of
:data:`DEFAULT_RELAYS`; none (friends exchange codes by hand: no internet needed); or the player's own list,
one address a line (a club's relay: ``python build.py relay``)."""

MAX_RELAYS = 8
"""Lines (relays) in the player's own list: a room is announced on each, so each costs every page a socket."""
MAX_RELAY_LINE = 200
"""Characters in one line of the player's own list (an address with its port and path)."""

_RELAY_URL = re.compile(
    r"wss?://(?P<host>\[[0-9A-Fa-f:.]{2,45}\]|[A-Za-z0-9](?:[A-Za-z0-9.\-]{0,251}[A-Za-z0-9])?)"
    r"(?::(?P<port>\d{1,5}))?(?:/[A-Za-z0-9._~!$&()*+,;=:@%/?\-]*)?")
"""A relay's WebSocket address: ``ws://`` or ``wss://``, a host (a name, an IPv4 address, an ``[IPv6]`` address),
a port and a path; no user name, no fragment."""


class RelayError(ValueError):
    """A list of relays that cannot be used: ``.reason``, ``.code`` (the page's words for it) and ``.args_`` (the
    words' arguments: ``line``, the 1-based line; ``text``; ``first``, the line repeated; ``n``, a limit)."""

    def __init__(self, reason: str, message: str, **args: Any) -> None:
        super().__init__(message)
        self.reason, self.args_ = reason, args

    @property
    def code(self) -> str:
        """The catalog's code of the words that say it (``relays.<reason>``; ``n`` chooses the plural form)."""
        return f"relays.{self.reason}"


def parse_relay_list(text: str) -> list[str]:
    """The player's own relays (the relays option's list): their addresses, in order.

    One address a line, ``wss://host[:port][/path]`` (or ``ws://`` for a relay on this machine or on a network
    the page itself is served from without TLS). Blank lines and lines starting with ``#`` are skipped.

    Raises:
        RelayError: ``too_long`` (a line over :data:`MAX_RELAY_LINE`), ``bad_line`` (not an address),
            ``repeated`` (an address given twice), ``too_many`` (more than :data:`MAX_RELAYS`), ``empty`` (no
            address at all).

    >>> parse_relay_list("# our club\\nws://192.0.2.7:7447\\nwss://relay.example.org/nostr")
    ['ws://192.0.2.7:7447', 'wss://relay.example.org/nostr']
    >>> parse_relay_list("https://relay.example.org")
    Traceback (most recent call last):
    kingcore.web.relays.RelayError: line 1 is not a relay's address (ws:// or wss://)
    """
    if len(text) > MAX_RELAYS * (MAX_RELAY_LINE + 1) * 4:
        raise RelayError("too_many", "the list is too long", n=MAX_RELAYS)
    relays: list[str] = []
    lines: dict[str, int] = {}
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if len(line) > MAX_RELAY_LINE:
            raise RelayError("too_long", f"line {number} is longer than {MAX_RELAY_LINE}", line=number,
                             n=MAX_RELAY_LINE)
        m = _RELAY_URL.fullmatch(line) if line.isascii() and line.isprintable() else None
        if not m or (m["port"] and not 0 < int(m["port"]) < 65536):
            raise RelayError("bad_line", f"line {number} is not a relay's address (ws:// or wss://)", line=number,
                             text=line)
        if line.lower() in lines:
            raise RelayError("repeated", f"line {number} repeats line {lines[line.lower()]}", line=number,
                             first=lines[line.lower()])
        lines[line.lower()] = number
        relays.append(line)
        if len(relays) > MAX_RELAYS:
            raise RelayError("too_many", f"more than {MAX_RELAYS} relays", n=MAX_RELAYS)
    if not relays:
        raise RelayError("empty", "no relay in the list")
    return relays


def relay_urls(prefs: dict[str, Any]) -> list[str]:
    """The relays a room is announced on for the preferences ``prefs`` (their ``relays``, :data:`RELAY_MODES`;
    sorted by :func:`sort_prefs`): :data:`DEFAULT_RELAYS` by default, none for ``none`` (the page offers the codes
    by hand), the player's list for ``own`` (:func:`parse_relay_list`; the default should it not parse). What
    ``kingPeer.join`` takes as JSON (web/peer.js). Never raises.

    >>> relay_urls({"relays": {"mode": "none"}}), relay_urls({"relays": {"mode": "own", "text": "ws://127.0.0.1:7447"}})
    ([], ['ws://127.0.0.1:7447'])
    """
    relays = prefs.get("relays")
    mode = relays.get("mode") if isinstance(relays, dict) else "default"
    if mode == "none":
        return []
    if mode == "own" and isinstance(relays, dict) and isinstance(relays.get("text"), str):
        try:
            return parse_relay_list(relays["text"])
        except RelayError:
            pass
    return list(DEFAULT_RELAYS)


def stored_relays(relays: Any) -> dict[str, str] | None:
    """A stored ``relays`` preference (``kingcore.web.prefs.sort_prefs``) if it has its shape — ``{"mode"}`` one of
    :data:`RELAY_MODES` and, if any, ``"text"`` a list :func:`parse_relay_list` takes; ``own`` needs one — else
    ``None``.

    >>> stored_relays({"mode": "own", "text": "ws://127.0.0.1:7447"}), stored_relays({"mode": "own"})
    ({'mode': 'own', 'text': 'ws://127.0.0.1:7447'}, None)
    """
    if not isinstance(relays, dict) or relays.get("mode") not in RELAY_MODES \
            or not isinstance(relays.get("text", ""), str) or set(relays) - {"mode", "text"}:
        return None
    out = {"mode": str(relays["mode"])}
    if "text" in relays:
        try:
            parse_relay_list(relays["text"])
        except RelayError:
            return None
        out["text"] = relays["text"]
    return None if out["mode"] == "own" and "text" not in out else out
