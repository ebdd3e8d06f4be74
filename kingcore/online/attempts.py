"""Connections to the pages of a room that never open (docs/NET.md, "The rooms' transport": "A connection that
never opens"): a page behind a network that lets no direct connection through, or whose offer got no answer, left
the other page with no word — the room's library tries again and again, and the page saw nothing of it. The page's
wire (``web/peer.js``) tells each connection the library begins with another page of the room — its offer
answered, or its answer sent: ``connecting`` —, and whether it came up (``connected``) or ended before it did
(``failed``); :class:`Attempts` keeps them by the page's own clock and says when a page of the room has been
tried for :data:`CONNECT_S` seconds with no connection coming up since: then, and once until one does, the page
says it cannot connect to that page.

>>> now = [0.0]
>>> a = Attempts(lambda: now[0])
>>> a.event("connecting", "pc1"); now[0] = 19.0; a.due()
False
>>> now[0] = 20.0; a.due(), a.due(), a.stuck()
(True, False, True)
>>> a.event("connected", "pc2"); a.stuck(), a.due()
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

    A connection tried and not up — still being made, or ended (``failed``) before it came up — for
    :data:`CONNECT_S` seconds, with no other connection of the room up since it began, makes the room *stuck*
    (:meth:`stuck`); :meth:`due` says so once, until a connection comes up. A connection that comes up ends it."""

    def __init__(self, clock: Callable[[], float]) -> None:
        self.clock = clock
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
            self._up, self._said = now, False
            self._failed = []
        elif kind == "failed":
            began = self._trying.pop(key, None)
            if began is not None:
                self._failed.append(began)

    def opened(self) -> None:
        """A page of the room is heard (the wire's ``open``): a connection is up."""
        self.event("connected", "")

    def stuck(self) -> bool:
        """Whether a page of the room has been tried for :data:`CONNECT_S` seconds with no connection up since."""
        now = self.clock()
        return any(now - began >= CONNECT_S and began >= self._up for began in [*self._trying.values(), *self._failed])

    def due(self) -> bool:
        """Whether the page should say now that it cannot connect: :meth:`stuck`, and not said since a connection
        last came up."""
        if self._said or not self.stuck():
            return False
        self._said = True
        return True

    def clear(self) -> None:
        """Forget every connection (the room left, or joined anew)."""
        self._trying, self._failed, self._up, self._said = {}, [], -math.inf, False
