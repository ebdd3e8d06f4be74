"""Friends online at start: all a page imports of it until it is used — the ``#join=`` code and the ``#room=``
table link of the address (:func:`join_code`, :func:`room_code`), whether a game has a friend online's seat
(:func:`has_online`) and :class:`LazyFriends`, which imports :mod:`king.friends` (and through it
:mod:`king.netload`, which fetches the rest) on first use: a page opened with ``#join=`` or ``#room=``, a game
with an online seat on the table (new or restored), the ``?king-test`` hooks. A plain start against bots
imports none of it (docs/WEB.md, "Friends online, loaded on first use"; ``tests/e2e/test_invite.py`` checks
``sys.modules``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pyscript import window
from pyscript.ffi import create_proxy

from kingcore.web import ONLINE

from .state import Change, spawn

if TYPE_CHECKING:
    from .app import App
    from .friends import Friends
    from .guest import GuestPage
    from .words import Catalog

__all__ = ["LazyFriends", "has_online", "join_code", "room_code"]


def join_code(fragment: str) -> str | None:
    """The code of a ``#join=<code>`` fragment (``location.hash``), or ``None`` for any other page.

    An empty code is ``""`` (a link cut short: its page says the link is damaged or incomplete).

    >>> join_code("#join=abc-_9"), join_code("#x"), join_code("#join=")
    ('abc-_9', None, '')
    """
    if not fragment.startswith("#join="):
        return None
    return fragment.removeprefix("#join=").strip()


def room_code(fragment: str) -> str | None:
    """The fragment of a table's link (``#room=<secret>``, perhaps with ``&seat=N&pass=P``: read in full by
    ``kingcore.online.room.read_fragment`` once friends online is in), or ``None`` for any other page. An
    empty ``#room=`` is ``"room="`` (a link cut short: its page says the link is damaged or incomplete).

    >>> room_code("#room=abc&seat=1&pass=00"), room_code("#join=abc"), room_code("#room=")
    ('room=abc&seat=1&pass=00', None, 'room=')
    """
    if not fragment.startswith("#room="):
        return None
    return fragment[1:].strip()


def has_online(session: Any) -> bool:
    """Whether ``session`` (a ``kingcore.web.Session`` or ``None``) has a seat a friend online plays."""
    return session is not None and ONLINE in session.settings.get("levels", ())


class LazyFriends:
    """:class:`king.friends.Friends` at ``app``'s table (words from ``cat``), made — and its modules imported —
    on first use (:meth:`loaded`). Until then the bots wait for online seats and the page has no guest."""

    def __init__(self, cat: Catalog, app: App) -> None:
        self.cat, self.app = cat, app
        self.friends: Friends | None = None

    def loaded(self) -> Friends:
        """Friends online's entry, imported and made on the first call."""
        if self.friends is None:
            from .friends import Friends

            self.friends = Friends(self.cat, self.app)
        return self.friends

    @property
    def guest(self) -> GuestPage | None:
        """The guest's page (a friend's invite opened here), or ``None``."""
        return None if self.friends is None else self.friends.guest

    async def start_guest(self, code: str, room: bool = False) -> None:
        """The page of a friend's invite (the code link's ``code``, or a table link's fragment: ``room``):
        :meth:`king.friends.Friends.start_guest`."""
        await self.loaded().start_guest(code, room)

    def bind(self) -> None:
        """Watch the table for a game with friends; hold the bots while friends online is loading for one."""
        self.app.state.subscribe(self.changed)
        self.app.loop.held = lambda: ((self.friends is None or self.friends.online is None)
                                      and has_online(self.app.state.session))
        self.app.screen.connecting = self.connecting
        if "king-test" in str(window.location.search):  # the browser tests' hooks, loading friends online first
            window.kingInviteBlock = create_proxy(
                lambda kind, text: spawn(self.loaded().test_block(str(kind), str(text))))
            window.kingCheatNextDeal = create_proxy(lambda: spawn(self.loaded().cheat()))

    def connecting(self) -> bool:
        """Whether the table on the page has a friend online's seat and friends online is still loading for it (not
        once it failed to load): the page draws no deal's end of it meanwhile (``king.screen``)."""
        session = self.app.state.session
        f = self.friends
        return has_online(session) and (f is None or (f.online is None and f.failed is not session))

    def changed(self, change: Change) -> None:
        """A subscriber of the state: a game with an online seat on the table brings friends online in
        (:meth:`king.friends.Friends.changed`)."""
        if has_online(self.app.state.session):
            self.loaded().changed(change)

    def deal(self) -> bool:
        """*Continue* after a deal at a table with friends: dealt through the fair round (``True``)."""
        return self.friends is not None and self.friends.deal()
