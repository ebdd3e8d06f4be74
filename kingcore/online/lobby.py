"""The host's door (docs/NET.md, "Rooms"): :class:`Lobby` stands in front of :class:`.host.Host` and keeps
the table's connections — a *peer* is one connection, named by the page's transport (a relay room's peer
id, or the seat of a hand-made invite). Every new peer gets the ``lobby`` message: the rules, who sits where,
which seats are free, and a nonce. It then takes a free seat (``take``: a name, and a reserved seat's pass)
and receives the seat's key, or takes its own seat back (``back``: the proof that it holds the key,
:func:`.room.back_proof`) and receives the host's proof in return. From then on its messages go to the
:class:`~.host.Host` under its seat, and the host's messages for that seat come back to it.

The lobby also says who is there (:meth:`Lobby.presence`, :data:`.room.PRESENCE`), to every seated peer
whenever it changes, and enforces the table's turn limit: a friend connected but not playing for
``turn_limit`` seconds is away — the host's choice for an away seat applies (a stand-in bot plays it, if
chosen) until the friend acts again. A hand-made invite (no relay: the link carries a WebRTC offer and the
friend sends back an answer code) is one reserved seat's pass and one WebRTC offer: :meth:`Lobby.invite`,
:meth:`Lobby.take_answer`.

Sans-I/O, as the host: texts, connections and the time in (``clock``), what to send out — a ``POut`` is
``(peer, text)``, or ``(peer, None)`` to close that connection — and what happened in :meth:`Lobby.events`.
A peer's text never raises and a refused one changes nothing.

Size: over 400 lines because every way to a seat — a relay's connection, a hand-made invite's one answer, a
key's proof, a reserved seat's pass, a seat given to someone else — and who is there are one state machine over
the room's seats, read best in one place.

>>> import random
>>> from kingcore.online.host import online_session
>>> s = online_session({"players": 3}, {"levels": ["human", "online", "easy"]}, random.Random(1))
>>> lobby = Lobby(Host(s), new_room(3, random.Random(2).randbytes), randbytes=random.Random(3).randbytes)
>>> [json.loads(t)["kind"] for _, t in lobby.connect("p1")]
['lobby']
>>> take = json.dumps({"v": 2, "kind": "take", "n": 1, "table": s.game_id, "seat": 1, "name": "Anna", "pass": None})
>>> [json.loads(t)["kind"] for _, t in lobby.receive("p1", take)]
['welcome', 'view', 'presence']
>>> lobby.presence(), lobby.events()
([None, 'here', None], [('seated', 1)])
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..errors import KingError
from ..limits import json_loads
from ..web.holders import freed
from .host import Host, Out
from .messages import FLOOD_LIMIT, INVITE_ID_DIGITS, PROTOCOL, Inbox, NetError, decode, is_answer
from .room import (
    AWAY,
    BOT,
    FREE,
    HERE,
    RECONNECTING,
    SITTING,
    back_proof,
    check_room,
    host_proof,
    new_key,
    new_nonce,
    new_pass,
    new_room,
    proof_ok,
    room_fragment,
    room_id,
)

__all__ = ["AWAY_OPEN_S", "BUSY_LOST_S", "LOST_S", "MAX_PEERS", "RECONNECT_GRACE_S", "RETURN_S", "TURN_LIMITS", "Lobby",
           "POut", "away_open_in"]

POut = tuple[str, str | None]
"""What the host's page sends: ``(peer, text)``, or ``(peer, None)`` to close that connection."""

MAX_PEERS = 16
"""Connections the host keeps at once, in the lobby and seated (a 6-seat table's five friends, each with a
second tab, and some who are choosing a seat): more are told ``bye`` ``full``, so a link holder opening page
after page cannot use up the host's page."""

RECONNECT_GRACE_S = 30.0
"""After the host's page reloads, how long a friend's seat shows *reconnecting* before *away*: their pages
reconnect by themselves (docs/NET.md measures a few seconds on the loopback relay)."""

RETURN_S = 20.0
"""How long a friend's seat shows *reconnecting* from the moment its page said goodbye (its channel closed at
``pagehide``: reloaded or closed — a page cannot tell which), its connection lost meanwhile or not, before it is
*away*: a reload is back in 3–9 s on this machine, a tab closed and opened again from the link in 8–14 s
(docs/PERF.md); a page that stays away is *away* from then on, and the host's page offers its choices for the seat
at once (``("gone", seat)``)."""

LOST_S = 4.0
"""Seconds of silence after which the host's page takes a settled connection for lost (``web/peer.js``'s
``LOST_MS``: no beat and no text heard)."""

BUSY_LOST_S = 15.0
"""The same for a connection whose page is in a known-busy phase (:meth:`Lobby.patience`): joining — its page
loads and draws the table, imports the table's modules — and, at a mental table, until its page has done its part
of a first shuffle on this connection. A newcomer's page on a loaded machine was silent 4 s there (Pyodide busy:
loading, the first deal's ciphers), lost, and came back on a new connection; a page that truly closes says goodbye
(:meth:`Lobby.closing`), so waiting longer for a silent one costs only a page whose network died while joining."""

TURN_LIMITS = (None, 30, 60, 120, 300)
"""The turn limits the host may choose, in seconds (``None``: off, the default)."""

AWAY_OPEN_S = 10.0
"""Seconds a friend is away after their page was last heard (or went idle) before the host's page opens its
choices for the seat — a page is seen lost only after a few silent seconds (``peer.js``'s heartbeat), which count
(:func:`away_open_in`). A reload comes back sooner, by itself, and opens nothing."""


def away_open_in(silent: str) -> float:
    """Seconds from now until the panel opens for a friend seen lost now, ``silent`` (``peer.js``'s "lost" text:
    the milliseconds since the page was last heard; ``""``: now) after their page fell silent: :data:`AWAY_OPEN_S`
    from that silence, not from the moment it was noticed (docs/PLAYING.md's 10 seconds).

    >>> away_open_in("4000"), away_open_in(""), away_open_in("12000")
    (6.0, 10.0, 0.0)
    """
    try:
        ago = max(0.0, float(silent) / 1000) if silent else 0.0
    except ValueError:
        ago = 0.0
    return max(0.0, AWAY_OPEN_S - ago)


@dataclass
class _Peer:
    """One connection: its nonce (the challenge of a ``back``), its seat once taken, and its texts read in the
    lobby (``inbox``: the lobby's flood limit; the host's applies once seated)."""

    nonce: str
    seat: int | None = None
    inbox: Inbox = field(default_factory=lambda: Inbox("guest"))
    settled: bool = False  # past its known-busy phases (:meth:`Lobby.patience`)


class Lobby:
    """The connections of ``host``'s table in ``room`` (:func:`.room.new_room`'s shape, kept in the host's
    save: :meth:`to_save`).

    Args:
        host: the table.
        room: the room's secret, seat keys and passes (checked: :func:`.room.check_room`).
        clock: seconds, monotonic (the page passes ``performance.now() / 1000``).
        randbytes: the random source of keys, nonces and passes (``os.urandom``).
        restored: the room comes from the host's save (a reload): friends who held a seat show as
            *reconnecting* for :data:`RECONNECT_GRACE_S` seconds.
        turn_limit: seconds a connected friend may take for a move before counting as away (``None``: no limit).
        wall: seconds since the epoch (``time.time``; the page: ``Date.now() / 1000``): when a page said goodbye,
            kept with the room across the host's reload (:meth:`saved`, :meth:`reopen`), where ``clock`` starts
            again.

    Raises:
        KingError: a room of another shape or table size.
    """

    def __init__(self, host: Host, room: dict[str, Any], clock: Callable[[], float] = time.monotonic,
                 randbytes: Callable[[int], bytes] = os.urandom, restored: bool = False,
                 turn_limit: float | None = None, wall: Callable[[], float] = time.time) -> None:
        self.host = host
        self.wall = wall
        self.room = check_room(room, host.session.game.rules.players)
        self.clock = clock
        self.randbytes = randbytes
        self.turn_limit = turn_limit
        self.peers: dict[str, _Peer] = {}
        self.idle: set[int] = set()
        self.sitting: set[int] = set()
        """Seats whose friend is connected while a stand-in bot plays the deal in play to its end (a mental table's
        seats sat out: :meth:`.mentaltable.MentalTable.sitting_out`): *sitting*, not *bot*."""
        self._grace = clock() + RECONNECT_GRACE_S
        # after the host's reload: the seats whose friends' pages are expected back by themselves
        self._expected = {s for s, key in enumerate(self.room["keys"]) if key is not None} if restored else set()
        self._closing: dict[int, float] = {}  # seated seat → when its page closed its channel (said goodbye)
        self._returning: dict[int, float] = {}  # seat → until when its page, said goodbye and lost, is awaited back
        self._gone: dict[int, float] = {}  # seat → when its page said goodbye, not back within RETURN_S
        self._events: list[tuple[str, int]] = []
        self._shown: list[str | None] = self.presence()
        self._door: tuple[Any, ...] = self._door_view()  # what the lobby peers were last shown
        self._turn: tuple[int | None, tuple[int, int, int] | None, float] = (None, None, clock())
        self.settle_on_text = True
        """Whether a seated connection is settled by its first text (:meth:`patience`); a mental table settles its
        pages itself (:meth:`settle`), once each did its part of a shuffle."""
        self._answers: dict[int, str] = {}  # seat → "applying" | "answered": its current invite's answer
        self._invites: dict[int, list[str]] = {}  # seat → the ids of its invites, the current one last

    @classmethod
    def new(cls, host: Host, randbytes: Callable[[int], bytes] = os.urandom, **kwargs: Any) -> Lobby:
        """A lobby in a new room (the host's new table)."""
        return cls(host, new_room(host.session.game.rules.players, randbytes), randbytes=randbytes, **kwargs)

    @classmethod
    def reopen(cls, host: Host, kept: str | None, clock: Callable[[], float] = time.monotonic,
               randbytes: Callable[[int], bytes] = os.urandom, **kwargs: Any) -> tuple[Lobby, str | None]:
        """The lobby of ``host``'s table: in the room the host's page kept for it (``kept``: the text of
        :meth:`saved`, from its storage) — its friends take their seats back with their keys — or, when
        ``kept`` is of another table, missing or damaged, in a new room. Returns the lobby and why a kept room
        was not used (``None``: it was, or there was none for this table)."""
        problem = None
        try:
            doc = json_loads(kept, "room", 4096) if kept else None
            if isinstance(doc, dict) and doc.get("table") == host.table:
                room = check_room(doc.get("room"), host.session.game.rules.players)
                lobby = cls(host, room, clock, randbytes, restored=True, **kwargs)
                lobby._left_before(doc.get("left"))
                return lobby, None
        except KingError as e:
            problem = str(e)
        return cls.new(host, randbytes, clock=clock, **kwargs), problem

    def saved(self) -> str:
        """The text the host's page keeps beside its save (:meth:`reopen` reads it): the table, its room and, by
        seat, when each page awaited back — or not back within :data:`RETURN_S` — said goodbye (``left``: seconds
        since the epoch, :attr:`wall`): the host's reload does not start a closed tab's :data:`RETURN_S` again."""
        now, wall = self.clock(), self.wall()
        said = {**self._gone, **self._closing, **{s: until - RETURN_S for s, until in self._returning.items()}}
        left = {str(s): round(wall - (now - t), 3) for s, t in sorted(said.items())}
        return json.dumps({"table": self.host.table, "room": self.to_save(), "left": left}, separators=(",", ":"))

    def _left_before(self, left: Any) -> None:
        """The pages that said goodbye before the host's page was reloaded (:meth:`saved`'s ``left``): each seat
        still held is awaited back until :data:`RETURN_S` after its goodbye — never longer than that from now
        (a clock set back) — then *away* (``("gone", seat)`` from :meth:`tick`); anything else in ``left`` is
        ignored."""
        if not isinstance(left, dict):
            return
        now, wall = self.clock(), self.wall()
        for key, at in left.items():
            seat = int(key) if isinstance(key, str) and key.isdigit() else -1
            if seat in self._expected and isinstance(at, (int, float)) and not isinstance(at, bool):
                self._expected.discard(seat)
                self._returning[seat] = now + min(RETURN_S, max(0.0, RETURN_S - (wall - float(at))))

    def to_save(self) -> dict[str, Any]:
        """The room as the host's page keeps it (a copy)."""
        return {k: v if isinstance(v, str) else list(v) for k, v in self.room.items()}

    # ----- what the page asks --------------------------------------------------------------------------

    @property
    def room_id(self) -> str:
        """The room's name on the relays (:func:`.room.room_id`)."""
        return room_id(self.room["secret"])

    def link(self, seat: int | None = None) -> str:
        """The table link's fragment (without ``#``): the room, or ``seat``'s reserved link."""
        if seat is None:
            return room_fragment(self.room["secret"])
        return room_fragment(self.room["secret"], seat, self.room["passes"][seat])

    def seat_of(self, peer: str) -> int | None:
        """The seat ``peer`` holds, or ``None`` (in the lobby, or unknown)."""
        p = self.peers.get(peer)
        return None if p is None else p.seat

    def peer_of(self, seat: int) -> str | None:
        """The peer that holds ``seat`` now, or ``None``."""
        return next((name for name, p in self.peers.items() if p.seat == seat), None)

    def patience(self, peer: str) -> float:
        """Seconds of silence after which the host's page takes the connection ``peer`` for lost (the page passes
        it to ``web/peer.js``): :data:`BUSY_LOST_S` while its page is in a known-busy phase — in the lobby, or
        seated and not settled yet: until its first text after it was seated (a mental table: until its page did
        its part of a shuffle on this connection, :meth:`settle`) —, else :data:`LOST_S` (an unknown peer too)."""
        p = self.peers.get(peer)
        return BUSY_LOST_S if p is not None and not p.settled else LOST_S

    def settle(self, peer: str) -> None:
        """The connection ``peer``'s page is past its known-busy phases: lost after :data:`LOST_S` from now on."""
        p = self.peers.get(peer)
        if p is not None:
            p.settled = True

    def presence(self) -> list[str | None]:
        """Each seat's presence (:data:`.room.PRESENCE`; ``None`` for a seat at the host's device): *reconnecting*
        from its page's channel closed (:meth:`closing`) until its page is back or :data:`RETURN_S` have passed —
        its connection lost meanwhile or not."""
        settings = self.host.session.settings
        online = set(self.host.online_seats)
        seated = {p.seat for p in self.peers.values() if p.seat is not None}
        now = self.clock()
        back = set(self._closing) | {s for s, until in self._returning.items() if now < until} | (
            self._expected if now < self._grace else set())
        out: list[str | None] = []
        for seat in range(len(settings["levels"])):
            if seat not in online:
                out.append(None)
            elif settings["online"][seat] == "bot":
                out.append(SITTING if seat in self.sitting and seat in seated and seat not in self.idle else BOT)
            elif self.room["keys"][seat] is None:
                out.append(FREE)
            elif seat in seated and seat in self.idle:
                out.append(AWAY)
            elif seat in back:  # (expected back by itself: its page unloading, or the host's page just reloaded)
                out.append(RECONNECTING)
            elif seat in seated:
                out.append(HERE)
            else:
                out.append(AWAY)
        return out

    def returning(self) -> list[int]:
        """The seats whose page said goodbye (:meth:`closing`) and is awaited back — *reconnecting* until it is or
        :data:`RETURN_S` have passed —, before the host's reload too (:meth:`reopen`); not the seats merely
        expected back after that reload, whose pages come back by themselves. Sorted."""
        now = self.clock()
        return sorted(set(self._closing) | {s for s, until in self._returning.items() if now < until})

    def taken(self) -> list[bool]:
        """Per seat, whether a friend holds it (its key was given; at the host's device: ``True``)."""
        online = set(self.host.online_seats)
        return [seat not in online or key is not None for seat, key in enumerate(self.room["keys"])]

    def events(self) -> list[tuple[str, int]]:
        """What happened since the last call, for the page to say and draw: ``("seated", seat)`` (a friend
        took the seat or took it back), ``("lost", seat)`` (its connection was lost with no goodbye), ``("gone",
        seat)`` (its page said goodbye and was not back within :data:`RETURN_S`, or after the host's reload not back
        within :data:`RECONNECT_GRACE_S`), ``("idle", seat)`` (past the turn
        limit), ``("back", seat)`` (acting again after it), ``("freed", seat)``."""
        out, self._events = self._events, []
        return out

    # ----- connections ---------------------------------------------------------------------------------

    def connect(self, peer: str) -> list[POut]:
        """A new connection ``peer`` (its data channel open): the ``lobby`` message, or ``bye`` ``full``."""
        if peer in self.peers:
            return self.lost(peer) + self.connect(peer)
        if len(self.peers) >= MAX_PEERS:
            return [(peer, self.host.message("bye", reason="full")), (peer, None)]
        p = self.peers[peer] = _Peer(new_nonce(self.randbytes))
        self._door = self._door_view()
        return [(peer, self._lobby_text(p))]

    def _door_view(self) -> tuple[Any, ...]:
        """What a ``lobby`` shows of the table now: names, levels, taken and reserved seats, presence."""
        return (tuple(self.host.names()), tuple(self.host.session.settings["levels"]), tuple(self.taken()),
                tuple(self.room["reserved"]), tuple(self.presence()))

    def _door_changed(self) -> list[POut]:
        """A new ``lobby`` to every peer not seated yet when what it shows changed: a join screen follows the
        table (a seat taken, freed, kept, a friend away or back)."""
        now = self._door_view()
        if now == self._door:
            return []
        self._door = now
        return [(peer, self._lobby_text(p)) for peer, p in sorted(self.peers.items()) if p.seat is None]

    def _lobby_text(self, p: _Peer) -> str:
        h, settings = self.host, self.host.session.settings
        return h.message("lobby", table=h.table, rules=str(h.session.game.rules), host=h.names()[h.host_seat],
                         hints=h.hints, names=h.names(), levels=list(settings["levels"]), taken=self.taken(),
                         reserved=list(self.room["reserved"]), presence=self.presence(), nonce=p.nonce,
                         mental=h.mental)

    def closing(self, peer: str) -> list[POut]:
        """The connection ``peer``'s channel was closed by its page (the transport says so at once: the page is
        unloading — reloaded, or closed —; the heartbeat's loss comes seconds later): its seat shows *reconnecting*
        on every page from now until its page takes the seat back or :data:`RETURN_S` have passed (then *away*:
        ``("gone", seat)`` from :meth:`tick`) — its connection's loss meanwhile changes no one's presence; nothing
        else changes meanwhile."""
        seat = self.seat_of(peer)
        if seat is None:
            return []
        self._closing.setdefault(seat, self.clock())
        return self._presence_changed()

    def lost(self, peer: str) -> list[POut]:
        """The connection ``peer`` closed or was lost (the transport's heartbeat): its seat, if any, is away — or,
        when its page said goodbye first (:meth:`closing`), still *reconnecting* until :data:`RETURN_S` after that
        (the table as for an away seat meanwhile: the host's choice for it applies)."""
        p = self.peers.pop(peer, None)
        if p is None or p.seat is None:
            return []
        seat = p.seat
        self.idle.discard(seat)
        closed = self._closing.pop(seat, None)
        if closed is not None and self.clock() < closed + RETURN_S:
            self._returning[seat] = closed + RETURN_S  # ("gone" once that has passed: :meth:`tick`)
        else:
            self._events.append(("lost", seat))
        outs = [o for o in self.host.leave(seat) if o[1] is not None]  # the connection is gone already
        return self._route(outs) + self._presence_changed()

    def receive(self, peer: str, text: str) -> list[POut]:
        """A text from ``peer``: what to send (never raises; a refusal changes nothing)."""
        p = self.peers.get(peer)
        if p is None:
            return [(peer, None)]
        if p.seat is not None:
            seat = p.seat
            p.settled = p.settled or self.settle_on_text
            if seat in self.idle and self._acts(text):  # acting again after the turn limit
                self._back_from_idle(seat)
                return self._route(self.host.changed()) + self._route(self.host.receive(seat, text)) + \
                    self._presence_changed()
            return self._route(self.host.receive(seat, text)) + self._presence_changed()
        if p.inbox.rate(self.clock()) > FLOOD_LIMIT:
            self.peers.pop(peer, None)
            return [(peer, self.host.message("bye", reason="flood")), (peer, None)]
        try:
            return self._handshake(peer, p, p.inbox.read(text))
        except NetError as e:
            return [(peer, self.host.message("refused", reason=e.reason, of=e.n, args=None))]
        except Exception:  # a peer's text must never stop the host's page
            return [(peer, self.host.message("refused", reason="bad_message", of=None, args=None))]

    def _handshake(self, peer: str, p: _Peer, doc: dict[str, Any]) -> list[POut]:
        kind, n = doc["kind"], doc["n"]
        if kind == "ping":
            return [(peer, self.host.message("pong"))]
        if kind not in ("take", "back"):
            raise NetError("not_seated", f"{kind} before a seat is taken", n)
        h = self.host
        if doc["table"] != h.table:
            raise NetError("wrong_table", "a seat of another table", n)
        seat = doc["seat"]
        if seat not in h.online_seats:
            raise NetError("no_seat", f"seat {seat} is not played online", n)
        key = self.room["keys"][seat]
        if kind == "take":
            if key is not None:
                raise NetError("seat_taken", f"seat {seat} is a friend's", n)
            if doc["pass"] != self.room["passes"][seat] and self._reserved(seat):
                raise NetError("reserved", f"seat {seat} is kept for the holder of its link", n)
            key = self.room["keys"][seat] = new_key(self.randbytes)
            return self._seat(peer, p, seat, doc["name"], n, key=key)
        if key is None or not proof_ok(doc["proof"], back_proof(key, h.table, seat, p.nonce, doc["nonce"])):
            raise NetError("bad_key", f"no proof of seat {seat}'s key", n)
        name = h.session.settings["names"][seat]
        return self._seat(peer, p, seat, name, n, proof=host_proof(key, h.table, seat, p.nonce, doc["nonce"]))

    def _reserved(self, seat: int) -> bool:
        """Whether a free ``seat`` is kept for the holder of its pass: the host shared the seat's own link
        (:meth:`reserve`) or a hand-made invite to it (:meth:`invite`)."""
        return bool(self.room["reserved"][seat])

    def reserve(self, seat: int, on: bool = True) -> list[POut]:
        """Keep free ``seat`` for the holder of its own link (:meth:`link` with the seat: the host copied or
        shared it, ``on``), or open it to anyone with the room's link again; the peers in the lobby see it.

        Raises:
            NetError: ``no_seat`` when ``seat`` is not played online.
        """
        if seat not in self.host.online_seats:
            raise NetError("no_seat", f"seat {seat} is not played online")
        if self.room["reserved"][seat] == on:
            return []
        self.room["reserved"][seat] = on
        return self._door_changed()

    def _seat(self, peer: str, p: _Peer, seat: int, name: str, n: int, key: str | None = None,
              proof: str | None = None) -> list[POut]:
        out: list[POut] = []
        other = self.peer_of(seat)
        if other is not None:  # the seat's friend on a second connection (another tab, a reload seen late)
            self.peers.pop(other)
            out += [(other, self.host.message("bye", reason="elsewhere")), (other, None)]
            self.host.leave(seat)
        p.seat = seat
        self.idle.discard(seat)
        self._expected.discard(seat)
        self._closing.pop(seat, None)
        self._returning.pop(seat, None)
        self._gone.pop(seat, None)
        self._events.append(("seated", seat))
        if seat in self._invites:
            self._answers.pop(seat, None)
        return out + self._route(self.host.join(seat, name, n, key=key, proof=proof)) + self._presence_changed()

    # ----- the host's messages to peers --------------------------------------------------------------

    def _route(self, outs: list[Out]) -> list[POut]:
        """The host's ``(seat, text)`` to the peer holding each seat (a seat with none: dropped)."""
        out: list[POut] = []
        for seat, text in outs:
            peer = self.peer_of(seat)
            if peer is None:
                continue
            if text is None:
                self.peers.pop(peer, None)
                self._events.append(("lost", seat))
            out.append((peer, text))
        return out

    def send(self, outs: list[Out]) -> list[POut]:
        """What the host answered the page (:meth:`Host.changed`, :meth:`Host.deal`, :meth:`Host.start_deal`,
        :meth:`Host.tick`, a hint…) to the peers, and a ``presence`` when it changed."""
        return self._route(outs) + self._presence_changed()

    def changed(self) -> list[POut]:
        """After the page changed the session: :meth:`Host.changed` to the peers."""
        return self.send(self.host.changed())

    def _presence_changed(self) -> list[POut]:
        """``presence`` to every seated peer when it changed, and a new ``lobby`` to the others when what it
        shows changed."""
        now, out = self.presence(), self._door_changed()
        if now == self._shown:
            return out
        self._shown = now
        return [(peer, self.host.message("presence", seats=now)) for peer, p in sorted(self.peers.items())
                if p.seat is not None] + out

    def tick(self) -> list[POut]:
        """Call now and then (the page: every second): the fair round's deadlines (:meth:`Host.tick`), the end
        of the reconnecting grace and of a page's awaited return (``("gone", seat)``: a seat expected back after
        the host's reload and not back within :data:`RECONNECT_GRACE_S` too, but for one a stand-in bot plays), and
        the turn limit."""
        out = self._route(self.host.tick())
        game, session = self.host.session.game, self.host.session
        seat = game.to_move
        now = self.clock()
        for gone in sorted(s for s, until in self._returning.items() if now >= until):
            self._gone[gone] = self._returning.pop(gone) - RETURN_S
            self._events.append(("gone", gone))
        if self._expected and now >= self._grace:  # (the host's reload: those not back in its grace are away now)
            settings = self.host.session.settings
            self._events += [("gone", s) for s in sorted(self._expected)
                             if self.room["keys"][s] is not None and settings["online"][s] != "bot"]
            self._expected.clear()
        if (seat, session.ply) != self._turn[:2]:
            self._turn = (seat, session.ply, now)
        elif (self.turn_limit is not None and seat is not None and seat not in self.idle
              and self.peer_of(seat) is not None and now - self._turn[2] >= self.turn_limit):
            self.idle.add(seat)
            self._events.append(("idle", seat))
        return out + self._presence_changed()

    def returns_over(self) -> None:
        """Every seat whose page said goodbye and is awaited back is taken as not coming back, as :data:`RETURN_S`
        passed would — at the next :meth:`tick` (``("gone", seat)``, *away*): the browser tests' closed pages."""
        self._returning = dict.fromkeys(self._returning, self.clock())

    @staticmethod
    def _acts(text: str) -> bool:
        """Whether a seated friend's text is an act of theirs (not a ``ping``, which a page sends by itself)."""
        try:
            return decode(text, "guest")["kind"] in ("here", "intent", "hint", "next")
        except Exception:
            return False

    def restart_turn(self) -> None:
        """The turn limit of the seat to move starts again now: a mental table waiting for people still reading
        the last deal's result counts no time against the seat it does not let move."""
        self._turn = (self.host.session.game.to_move, self.host.session.ply, self.clock())

    def _back_from_idle(self, seat: int) -> None:
        self.idle.discard(seat)
        self.restart_turn()
        if self.host.session.settings["online"][seat] == "bot":
            self.host.stand_in(seat, on=False, idle=True)
        self._events.append(("back", seat))

    def away(self, seat: int) -> list[POut]:
        """A connected friend's ``seat`` counts as away, as past the turn limit (``("idle", seat)``): a mental
        table's page named for stalling. The host's choice for an away seat applies until the friend acts again."""
        if self.peer_of(seat) is not None and seat not in self.idle:
            self.idle.add(seat)
            self._events.append(("idle", seat))
        return self._presence_changed()

    def stand_in(self, seat: int, on: bool = True) -> list[POut]:
        """The host's choice for an away ``seat``: a stand-in bot plays it (``on``) until its friend is back, or
        the table waits. An idle seat's friend takes it back by acting (:meth:`receive`)."""
        self.host.stand_in(seat, on, idle=seat in self.idle)
        return self._presence_changed()

    def free(self, seat: int) -> list[POut]:
        """The host gives ``seat`` to someone else: its key and pass are new (the friend's ticket and the old
        seat link no longer open it), its friend — if connected — is told (``bye`` ``freed``), and the seat is
        free in the lobby, its name cleared on every connected page at once (the table shows it as "Player 3" until
        someone takes it; a stand-in bot plays it meanwhile if the host chose one). The seat's score carries on;
        its deals so far, and those until its next holder's first, keep its former name
        (``settings["former"]``, :func:`kingcore.web.holders.freed`).

        Raises:
            NetError: ``no_seat`` when ``seat`` is not played online.
        """
        if seat not in self.host.online_seats:
            raise NetError("no_seat", f"seat {seat} is not played online")
        out: list[POut] = []
        peer = self.peer_of(seat)
        if peer is not None:
            self.peers.pop(peer)
            out += [(peer, self.host.message("bye", reason="freed")), (peer, None)]
            self.host.leave(seat)
        self.room["keys"][seat] = None
        self.room["passes"][seat] = new_pass(self.randbytes)
        self.room["reserved"][seat] = False
        settings = self.host.session.settings
        freed(settings["former"], seat, settings["names"][seat])  # (the deals so far keep their name: holders)
        settings["names"][seat] = ""
        self.idle.discard(seat)
        self._expected.discard(seat)
        self._closing.pop(seat, None)
        self._returning.pop(seat, None)
        self._gone.pop(seat, None)
        self._invites.pop(seat, None)
        self._answers.pop(seat, None)
        self._events.append(("freed", seat))
        renamed = self.host.changed() + (self.host.welcomes() if self.host.mental else [])  # (a mental table's
        # pages make their own views: its names come in a welcome)
        return out + self._route(renamed) + self._presence_changed()

    def close(self, reason: str = "new_game") -> list[POut]:
        """The host's page leaves this table (``reason``: ``new_game``): every peer is told (``bye``) and closed."""
        out = self._route(self.host.close(reason))
        for peer in sorted(self.peers):
            out += [(peer, self.host.message("bye", reason=reason)), (peer, None)]
        self.peers.clear()
        return out

    # ----- hand-made invites (no relay) ----------------------------------------------------------------

    def invite(self, seat: int) -> dict[str, Any]:
        """What a hand-made invite link carries besides the WebRTC offer: ``{"v", "table", "seat", "players",
        "rules", "host", "hints", "id", "name", "room", "pass"}`` (``host``: the name of the host's seat;
        ``id``: this invite's own id, which the friend's answer names; ``name``: the seat's name, ``""`` for
        none; ``room`` and ``pass``: the room and the seat's pass — the connection takes that seat in the
        lobby as a reserved seat's link does). A new invite for the seat: its older ones take no answer
        any more, no answer taken to it yet (:meth:`take_answer`).

        Raises:
            NetError: ``no_seat`` when ``seat`` is not an online seat.
        """
        h = self.host
        if seat not in h.online_seats:
            raise NetError("no_seat", f"seat {seat} is not played online")
        names = h.session.settings["names"]
        self._answers.pop(seat, None)
        ident = self.randbytes(INVITE_ID_DIGITS // 2).hex()
        self._invites.setdefault(seat, []).append(ident)
        self.room["reserved"][seat] = True  # the invite's connection takes the seat with its pass
        return {"v": PROTOCOL, "table": h.table, "seat": seat, "players": h.session.game.rules.players,
                "rules": str(h.session.game.rules), "host": names[h.host_seat], "hints": h.hints,
                "id": ident, "name": names[seat], "room": self.room_id, "pass": self.room["passes"][seat]}

    def take_answer(self, seat: int, answer: Any) -> str | None:
        """Whether the host's page may apply a friend's answer code to the current hand-made invite of
        ``seat`` now (a WebRTC offer takes one answer); ``answer`` is the invite the code names
        (:func:`.messages.read_answer`'s second item: ``{"table", "seat", "invite"}``, untrusted). ``None`` —
        yes, and the invite counts as being answered until :meth:`answer_done`; else why not, every one
        checked before the invite is used up: ``"not_answer"`` (``answer`` ill-formed), ``"other_table"``,
        ``"seat_taken"`` (a friend is connected at the seat the answer names, this one or another: a second
        person's answer to a used link), ``"other_seat"`` (the answer to another seat's invite: pasted in the
        wrong box), ``"old_invite"`` (the answer to an older invite of this seat, or to one of before the
        host's reload), ``"applying"`` (an answer is being applied: ignore this one, e.g. a double click) or
        ``"invite_used"`` (the invite was answered already: only a new one, :meth:`invite`, takes another).

        Raises:
            NetError: ``no_seat`` when ``seat`` is not an online seat.
        """
        if seat not in self.host.online_seats:
            raise NetError("no_seat", f"seat {seat} is not played online")
        if not is_answer(answer):
            return "not_answer"
        if answer["table"] != self.host.table:
            return "other_table"
        if self.peer_of(answer["seat"]) is not None:
            return "seat_taken"
        if answer["seat"] != seat:
            return "other_seat"
        if answer["invite"] != (self._invites.get(seat) or [""])[-1]:
            return "old_invite"
        used = self._answers.get(seat)
        if used is not None:
            return "applying" if used == "applying" else "invite_used"
        self._answers[seat] = "applying"
        return None

    def answer_done(self, seat: int, ok: bool) -> None:
        """The answer :meth:`take_answer` allowed was applied (``ok``: the invite is used) or refused (not a
        code to this invite: the invite takes another answer)."""
        if ok:
            self._answers[seat] = "answered"
        else:
            self._answers.pop(seat, None)
