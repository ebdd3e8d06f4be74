"""The room of a table online (docs/NET.md, "Rooms"): the one link its friends open, the secret it carries,
each seat's key, and the proofs by which a friend's page takes its seat back and knows the host's page.

* **The link.** ``<site>#room=<secret>``: :data:`SECRET_CHARS` characters of base64url (128 random bits).
  The secret stays in the link's fragment — a browser never sends a fragment to a server — and names the room
  on the relays only through :func:`room_id`, a hash; the relays' connection offers are encrypted with it.
  A seat reserved for one friend: ``#room=<secret>&seat=<n>&pass=<pass>`` (:func:`room_fragment`); only the
  holder of that seat's pass may take it while it is free. :func:`read_fragment` reads either (untrusted).
* **Seat keys.** When a friend takes a free seat, the host's page makes the seat's key (:func:`new_key`, 256
  random bits), keeps it in its save (``settings["room"]``, :func:`new_room`) and sends it once, over the
  encrypted data channel. The friend's page keeps it (:func:`remember`) and, on any later connection, proves
  it holds it without sending it (:func:`back_proof`); the host answers with its own proof
  (:func:`host_proof`), which only a page holding the key can make — so a returning friend never takes a
  seat from a page that only pretends to be the host (anyone with the link can connect).
* **Presence.** What every page shows of each person's seat online: :data:`PRESENCE`.

Pure values and functions, no clock and no connection: :mod:`kingcore.online.lobby` (the host's side) and
:mod:`kingcore.online.guest` use them. Randomness is passed in (``randbytes``: ``os.urandom``, the page's
``crypto.getRandomValues``).

>>> room = new_room(4, lambda k: bytes(range(k)))
>>> room["secret"], room["keys"], len(room["passes"][1])
('AAECAwQFBgcICQoLDA0ODw', [None, None, None, None], 16)
>>> read_fragment(room_fragment(room["secret"], 1, room["passes"][1])).seat
1
>>> read_fragment("room=too-short") is None
True
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..errors import KingError
from ..limits import json_loads

__all__ = [
    "AWAY",
    "BOT",
    "FREE",
    "HERE",
    "KEY_HEX",
    "MAX_TICKETS",
    "NONCE_HEX",
    "PASS_HEX",
    "PRESENCE",
    "RECONNECTING",
    "SECRET_CHARS",
    "SITTING",
    "RoomLink",
    "Ticket",
    "back_proof",
    "check_room",
    "host_proof",
    "is_key",
    "is_nonce",
    "is_pass",
    "is_secret",
    "new_key",
    "new_nonce",
    "new_pass",
    "new_room",
    "proof_ok",
    "read_fragment",
    "read_tickets",
    "remember",
    "room_fragment",
    "room_id",
    "ticket_for",
]

SECRET_BYTES = 16
"""Random bytes of a room's secret: 128 bits, as a WebRTC connection's own ICE credentials."""
SECRET_CHARS = 22
"""Characters of a secret in base64url without padding (``ceil(16 * 4 / 3)``)."""
KEY_HEX = 64
"""Hexadecimal digits of a seat's key (256 bits)."""
PASS_HEX = 16
"""Hexadecimal digits of a reserved seat's pass (64 bits: it opens one free seat, and only while free)."""
NONCE_HEX = 32
"""Hexadecimal digits of a connection's nonce (128 bits), the challenge of a key's proof."""
MAX_TICKETS = 20
"""Seats a friend's page remembers (the most recent rooms): enough for a club evening's tables, small in storage."""

HERE, RECONNECTING, AWAY, BOT, FREE, SITTING = "here", "reconnecting", "away", "bot", "free", "sitting"
PRESENCE = (HERE, RECONNECTING, AWAY, BOT, FREE, SITTING)
"""A person's seat online as every page shows it: ``here`` (their page is connected), ``reconnecting`` (expected
back: the host's page reloaded a moment ago, or their page is taking its seat back), ``away`` (gone, or idle past
the table's turn limit), ``bot`` (a stand-in bot plays it until they are back — or, free, until someone takes it)
``free`` (no one holds it: never taken, or given to someone else; the table waits for whoever takes it), or
``sitting`` (their page is connected — back, or newly seated — while a stand-in bot finishes the deal in play for
them at a mental table: they play from the next deal)."""

_B64 = re.compile(r"[A-Za-z0-9_-]+")
_HEX_CACHE: dict[int, re.Pattern[str]] = {}


def _hex(digits: int) -> re.Pattern[str]:
    if digits not in _HEX_CACHE:
        _HEX_CACHE[digits] = re.compile(f"[0-9a-f]{{{digits}}}")
    return _HEX_CACHE[digits]


def is_secret(x: Any) -> bool:
    """Whether ``x`` has a room secret's form: :data:`SECRET_CHARS` base64url characters."""
    return isinstance(x, str) and len(x) == SECRET_CHARS and _B64.fullmatch(x) is not None


def is_key(x: Any) -> bool:
    """Whether ``x`` has a seat key's form: :data:`KEY_HEX` lowercase hexadecimal digits."""
    return isinstance(x, str) and _hex(KEY_HEX).fullmatch(x) is not None


def is_pass(x: Any) -> bool:
    """Whether ``x`` has a reserved seat's pass's form: :data:`PASS_HEX` lowercase hexadecimal digits."""
    return isinstance(x, str) and _hex(PASS_HEX).fullmatch(x) is not None


def is_nonce(x: Any) -> bool:
    """Whether ``x`` has a nonce's form: :data:`NONCE_HEX` lowercase hexadecimal digits."""
    return isinstance(x, str) and _hex(NONCE_HEX).fullmatch(x) is not None


def new_room(players: int, randbytes: Callable[[int], bytes]) -> dict[str, Any]:
    """A new room for a table of ``players`` seats, as the host's page keeps it beside its save:
    ``{"secret": str, "keys": [None] * players, "passes": [str] * players, "reserved": [False] * players}`` —
    no seat taken yet; a pass for every seat (the per-seat links; only online seats' are ever shown); no seat
    kept for its link's holder yet."""
    secret = base64.urlsafe_b64encode(randbytes(SECRET_BYTES)).decode("ascii").rstrip("=")
    return {"secret": secret, "keys": [None] * players, "passes": [new_pass(randbytes) for _ in range(players)],
            "reserved": [False] * players}


def check_room(value: Any, players: int) -> dict[str, Any]:
    """A saved room (untrusted: storage can be edited) checked: the shape :func:`new_room` makes, one key,
    one pass and one reservation per seat. Returns ``value``.

    Raises:
        KingError: the field that is wrong.
    """
    if not isinstance(value, dict) or set(value) != {"secret", "keys", "passes", "reserved"}:
        raise KingError("a room must have secret, keys, passes and reserved")
    if not is_secret(value["secret"]):
        raise KingError("a room's secret must be 22 base64url characters")
    checks: tuple[tuple[str, Callable[[Any], bool]], ...] = (
        ("keys", lambda x: x is None or is_key(x)), ("passes", is_pass), ("reserved", lambda x: isinstance(x, bool)))
    for name, ok in checks:
        items = value[name]
        if not isinstance(items, list) or len(items) != players or not all(ok(x) for x in items):
            raise KingError(f"a room's {name} must give one entry for each of the {players} seats")
    return value


def new_key(randbytes: Callable[[int], bytes]) -> str:
    """A new seat key (:data:`KEY_HEX` hexadecimal digits)."""
    return randbytes(KEY_HEX // 2).hex()


def new_pass(randbytes: Callable[[int], bytes]) -> str:
    """A new pass of a reserved seat (:data:`PASS_HEX` hexadecimal digits)."""
    return randbytes(PASS_HEX // 2).hex()


def new_nonce(randbytes: Callable[[int], bytes]) -> str:
    """A new nonce (:data:`NONCE_HEX` hexadecimal digits)."""
    return randbytes(NONCE_HEX // 2).hex()


def room_id(secret: str) -> str:
    """The name of the room on the relays: a hash of its ``secret`` (32 hexadecimal digits), which tells
    nothing of the secret.

    >>> room_id("AAECAwQFBgcICQoLDA0ODw")
    '151102e555f1646aca257380a1944052'
    """
    return hashlib.sha256(f"king-room|{secret}".encode()).hexdigest()[:32]


@dataclass(frozen=True)
class RoomLink:
    """What a table link's fragment says: the room's ``secret``, and for a reserved seat its ``seat`` and
    ``pass_`` (else ``None``)."""

    secret: str
    seat: int | None = None
    pass_: str | None = None

    @property
    def room(self) -> str:
        """:func:`room_id` of the secret."""
        return room_id(self.secret)


def room_fragment(secret: str, seat: int | None = None, pass_: str | None = None) -> str:
    """A table link's fragment (without ``#``): ``room=<secret>``, or for a reserved seat
    ``room=<secret>&seat=<n>&pass=<pass>``."""
    if seat is None:
        return f"room={secret}"
    return f"room={secret}&seat={seat}&pass={pass_}"


def read_fragment(fragment: str) -> RoomLink | None:
    """The table link a URL fragment (``#`` and all, or without it) names, or ``None`` when it names none or
    names it badly (untrusted: anyone can make a link). ``seat`` is checked as a seat number here and against
    the table by the host, which alone knows it.

    >>> read_fragment("#room=AAECAwQFBgcICQoLDA0ODw")
    RoomLink(secret='AAECAwQFBgcICQoLDA0ODw', seat=None, pass_=None)
    >>> read_fragment("#room=AAECAwQFBgcICQoLDA0ODw&seat=9&pass=0011223344556677") is None
    True
    """
    text = fragment[1:] if fragment.startswith("#") else fragment
    if len(text) > 200:
        return None
    fields: dict[str, str] = {}
    for part in text.split("&"):
        key, eq, value = part.partition("=")
        if not eq or key in fields:
            return None
        fields[key] = value
    if set(fields) not in ({"room"}, {"room", "seat", "pass"}) or not is_secret(fields["room"]):
        return None
    if "seat" not in fields:
        return RoomLink(fields["room"])
    seat = fields["seat"]
    if not (seat.isdigit() and len(seat) == 1 and int(seat) < 6) or not is_pass(fields["pass"]):
        return None
    return RoomLink(fields["room"], int(seat), fields["pass"])


def _mac(key: str, *parts: object) -> str:
    return hmac.new(bytes.fromhex(key), "|".join(map(str, parts)).encode(), hashlib.sha256).hexdigest()


def back_proof(key: str, table: str, seat: int, host_nonce: str, guest_nonce: str) -> str:
    """A friend's proof that it holds ``seat``'s ``key`` (HMAC-SHA256 over the table, the seat and both nonces
    of this connection: it cannot be replayed on another connection, and tells nothing of the key).

    >>> k = "ab" * 32
    >>> back_proof(k, "t", 1, "0" * 32, "1" * 32) == back_proof(k, "t", 1, "0" * 32, "1" * 32) != \\
    ...     host_proof(k, "t", 1, "0" * 32, "1" * 32)
    True
    """
    return _mac(key, "back", table, seat, host_nonce, guest_nonce)


def host_proof(key: str, table: str, seat: int, host_nonce: str, guest_nonce: str) -> str:
    """The host page's answer to a :func:`back_proof`: the same key over other words, so a page that only
    forwards the friend's proof to the real host and back cannot make it."""
    return _mac(key, "host", table, seat, host_nonce, guest_nonce)


def proof_ok(proof: str, expected: str) -> bool:
    """Whether ``proof`` is ``expected``, compared in constant time."""
    return hmac.compare_digest(proof.encode(), expected.encode())


@dataclass(frozen=True)
class Ticket:
    """A friend's page's way back to its seat: the ``room`` (:func:`room_id`), the ``table`` it played, its
    ``seat``, the seat's ``key`` and the ``name`` it joined with."""

    room: str
    table: str
    seat: int
    key: str
    name: str

    def to_json(self) -> dict[str, Any]:
        return {"room": self.room, "table": self.table, "seat": self.seat, "key": self.key, "name": self.name}


def _ticket(doc: Any) -> Ticket | None:
    if not isinstance(doc, dict) or set(doc) != {"room", "table", "seat", "key", "name"}:
        return None
    room, table, seat, key, name = (doc[k] for k in ("room", "table", "seat", "key", "name"))
    if not (isinstance(room, str) and _hex(32).fullmatch(room) and isinstance(table, str) and 0 < len(table) <= 64
            and isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < 6 and is_key(key)
            and isinstance(name, str) and len(name) <= 64):
        return None
    return Ticket(room, table, seat, key, name)


def read_tickets(text: str | None) -> list[Ticket]:
    """The tickets a friend's page keeps (its storage's text, most recent first); a text that is not a list of
    tickets reads as none, and a bad entry is left out (a damaged store costs a seat's way back, never the
    page: the friend can take a free seat again or ask the host to give theirs)."""
    return [t for t in map(_ticket, _stored_list(text, "tickets", 64_000)) if t is not None]


def _stored_list(text: str | None, what: str, limit: int) -> list[Any]:
    """The first :data:`MAX_TICKETS` items of the JSON list a page stored (``what``, at most ``limit``
    characters); ``[]`` for no text, a text that is not JSON or not a list."""
    if not text:
        return []
    try:
        doc = json_loads(text, what, limit)
    except KingError:
        return []
    return doc[:MAX_TICKETS] if isinstance(doc, list) else []


def remember(text: str | None, ticket: Ticket) -> str:
    """The store's new text with ``ticket`` first: any older ticket of the same room dropped, at most
    :data:`MAX_TICKETS` kept."""
    kept = [t for t in read_tickets(text) if t.room != ticket.room]
    return json.dumps([t.to_json() for t in [ticket, *kept][:MAX_TICKETS]], separators=(",", ":"))


def ticket_for(text: str | None, room: str) -> Ticket | None:
    """This page's ticket to ``room`` (:func:`room_id`), if it has one."""
    return next((t for t in read_tickets(text) if t.room == room), None)


def own_seat(link: RoomLink | None, ticket: Ticket | None, table: str) -> int | None:
    """The seat that is this page's own at ``table``: its link's reserved seat, else the seat of its ticket to the
    same room and table (the general table link: a friend back by it whose key the host no longer knows) — the
    seat a join screen chooses for them when free, saying nothing of its having been given away; ``None``
    without either."""
    if link is not None and link.seat is not None:
        return link.seat
    if ticket is None or ticket.table != table or (link is not None and ticket.room != link.room):
        return None
    return ticket.seat


def closed_rooms(text: str | None) -> list[str]:
    """The rooms (:func:`room_id`) a friend's page was told are closed — the host started a new game — most
    recent first, from its storage's text; anything else in it reads as none.

    >>> closed_rooms(close_room(close_room(None, "a" * 32), "b" * 32)) == ["b" * 32, "a" * 32]
    True
    >>> closed_rooms('[1, "zz"]'), closed_rooms("{")
    ([], [])
    """
    return _stored_ids(text, "closed rooms", 32)


def close_room(text: str | None, room: str) -> str:
    """The store's new text with ``room`` first among the closed rooms, at most :data:`MAX_TICKETS` kept."""
    return _first(closed_rooms(text), room)


def used_invites(text: str | None) -> list[str]:
    """The code links (their invites' ``id``, 16 hex digits) a friend's page joined a table by, most recent
    first, from its storage's text: such a link's offer has been answered and connected, and can connect no
    one again — the host's *New code link* makes the way back. Anything else in the text reads as none.

    >>> once = use_invite(None, "a" * 16)
    >>> used_invites(use_invite(once, "a" * 16)) == ["a" * 16], used_invites('["zz", 3, "' + "b" * 32 + '"]')
    (True, [])
    """
    return _stored_ids(text, "used invites", 16)


def use_invite(text: str | None, ident: str) -> str:
    """The store's new text with the invite ``ident`` first among the used ones, at most :data:`MAX_TICKETS`."""
    return _first(used_invites(text), ident)


def _stored_ids(text: str | None, what: str, digits: int) -> list[str]:
    """The ids (``digits`` hex digits each) of a list a page stored (``what``); anything else reads as none."""
    return [r for r in _stored_list(text, what, 8_000) if isinstance(r, str) and _hex(digits).fullmatch(r)]


def _first(ids: list[str], ident: str) -> str:
    """The store's new text of ``ids`` with ``ident`` first (once), at most :data:`MAX_TICKETS` kept."""
    return json.dumps([ident, *(r for r in ids if r != ident)][:MAX_TICKETS])
