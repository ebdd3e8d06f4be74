"""Connections to the pages of a room that never open (docs/NET.md, "The rooms' transport": "A connection that
never opens"): a page behind a network that lets no direct connection through, or whose offer got no answer, left
the other page with no word — the room's library tries again and again, and the page saw nothing of it. The page's
wire (``web/peer.js``) tells each connection the library begins with another page of the room — its offer
answered, or its answer sent: ``connecting`` —, and whether it came up (``connected``) or ended before it did
(``failed``); :class:`Attempts` keeps them by the page's own clock and says when a page of the room has been
tried for :data:`CONNECT_S` seconds with no connection coming up: then, and once while it stays so, the page
says it cannot connect to that page.

Each connection being made has its own deadline: another page's connection coming up meanwhile (a second friend
who joins) neither restarts nor cancels it. A connection that ended before it came up still counts from when it
began — the library's next try of that page counts from the first — until a connection comes up (the wire names a
connection's page only once it is up, so which page a later connection is for is not known).

>>> now = [0.0]
>>> a = Attempts(lambda: now[0])
>>> a.event("connecting", "pc1"); now[0] = 19.0; a.due()
False
>>> now[0] = 20.0; a.due(), a.due(), a.stuck()
(True, False, True)
>>> a.event("connecting", "pc2"); a.event("connected", "pc2"); a.stuck(), a.due()
(True, False)
>>> a.event("connected", "pc1"); a.stuck(), a.due()
(False, False)
"""

from __future__ import annotations

import math
from collections.abc import Callable

__all__ = ["CONNECT_S", "EVENTS", "Attempts"]

CONNECT_S = 20.0
"""Seconds a page of the room may be tried with no connection coming up before the page says it cannot connect to
it: as long as a code's answer is given (``NO_CONNECTION_S``), well past a connection made on one network (a
fraction of a second) or through a connection helper (a few seconds), within the library's own gathering (at most
15 s, then its answer)."""
EVENTS = ("connecting", "connected", "failed")
"""The wire's kinds about a connection being made (``kingPeer.listen``), each with the connection's own key."""


class Attempts:
    """The connections being made to pages of one room, by ``clock`` (seconds, the page's own: ``time.monotonic``).

    A connection still being made for ``limit`` seconds (:data:`CONNECT_S`; the browser tests' hook shortens it)
    makes the room *stuck* (:meth:`stuck`), whatever other connections do meanwhile; so does one that ended
    (``failed``) before it came up, ``limit`` after it began, unless a connection came up since it began.
    :meth:`due` says so once, until the room is no longer stuck. A connection that comes up ends its own deadline,
    and forgives the ended ones."""

    def __init__(self, clock: Callable[[], float], limit: float = CONNECT_S) -> None:
        self.clock = clock
        self.limit = limit
        self._trying: dict[str, float] = {}  # key → when it began
        self._failed: list[float] = []  # when each connection that ended before it came up began
        self._up = -math.inf  # when a connection last came up
        self._said = False

    def event(self, kind: str, key: str) -> None:
        """The wire's ``kind`` (:data:`EVENTS`) about the connection ``key``; any other kind changes nothing."""
        now = self.clock()
        if kind == "connecting":
            self._trying.setdefault(key, now)
        elif kind == "connected":
            self._trying.pop(key, None)
            self._up = now
            self._failed = []
        elif kind == "failed":
            began = self._trying.pop(key, None)
            if began is not None and began >= self._up:
                self._failed.append(began)

    def opened(self) -> None:
        """A page of the room is heard (the wire's ``open``): a connection is up (its own try ended by the wire's
        ``connected``)."""
        self.event("connected", "")

    def stuck(self) -> bool:
        """Whether a page of the room has been tried for :attr:`limit` seconds: a connection being made that long,
        or one that ended before it came up, began that long ago, with no connection up since it began."""
        now = self.clock()
        return any(now - began >= self.limit for began in [*self._trying.values(), *self._failed])

    def due(self) -> bool:
        """Whether the page should say now that it cannot connect: :meth:`stuck`, and not said since it last was
        not."""
        if not self.stuck():
            self._said = False
            return False
        if self._said:
            return False
        self._said = True
        return True

    def clear(self) -> None:
        """Forget every connection (the room left, or joined anew)."""
        self._trying, self._failed, self._up, self._said = {}, [], -math.inf, False
