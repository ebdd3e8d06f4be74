"""Friends online's entry (issue 19), imported on first use by :class:`king.friendslazy.LazyFriends` (a plain
start imports only that). Friends online itself — the host's :mod:`king.net` (and :mod:`king.netcodes`), a
friend's :mod:`king.guest` (and :mod:`king.guestroom`), the link blocks (:mod:`king.invite`), the protocol (the
package ``kingcore.online``) and the WebRTC wire (``web/peer.js``) — is brought in on first use by
:func:`king.netload.net_loaded`: a page opened with ``#join=`` or ``#room=`` (:meth:`Friends.start_guest`), a
game with an online seat on the table, new or restored (:meth:`Friends.changed`), the New game dialog's
"online" choice (``king.newgame``), the ``?king-test`` hooks. A game against bots never fetches or imports
any of it (docs/WEB.md, "Friends online, loaded on first use").
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pyscript import document

from .netload import loaded_or_said
from .state import Change, spawn

if TYPE_CHECKING:
    from .app import App
    from .guest import GuestPage
    from .net import Online
    from .words import Catalog

__all__ = ["Friends"]


class Friends:
    """Friends online at ``app``'s table (words from ``cat``). The host's :class:`king.net.Online` is made
    when the first game with an online seat is on the table (until it is in, the bots wait for those seats);
    a guest's page (:class:`king.guest.GuestPage`) by :meth:`start_guest`."""

    def __init__(self, cat: Catalog, app: App) -> None:
        self.cat, self.app = cat, app
        self.online: Online | None = None
        self.guest: GuestPage | None = None
        self.starting = False
        self.failed: Any = None  # the session friends online could not be loaded for (not tried again)

    async def start_guest(self, code: str, room: bool = False) -> None:
        """The page of a friend's invite — a code link's ``code``, or (``room``) a table link's fragment:
        drawn, and the page marked ready, once friends online is in."""
        if not await loaded_or_said(self.unavailable):
            document.body.dataset.ready = "true"  # the toast said why; the join screen cannot be drawn
            return
        from .guest import GuestPage
        from .guestroom import RoomPage

        self.guest = RoomPage(self.cat, self.app, code) if room else GuestPage(self.cat, self.app, code)
        document.body.dataset.ready = "true"
        self.guest.start()

    def unavailable(self) -> None:
        """Friends online could not be loaded: said in the toast."""
        self.app.state.show_toast(self.cat.t("toast.net_unavailable"))

    def changed(self, change: Change) -> None:
        """A change of the state at a table with an online seat (told by
        :meth:`king.friendslazy.LazyFriends.changed`, which watches the table): the first brings friends online
        in."""
        s = self.app.state.session
        if self.online is None and not self.starting and s is not self.failed:
            self.starting = True
            spawn(self.start())

    async def start(self) -> Online | None:
        """:class:`king.net.Online` (made once, after :func:`net_loaded`), serving the game on the table;
        ``None`` if friends online could not be loaded (said once; the next game with friends tries again)."""
        ready = await loaded_or_said(self.unavailable)
        self.starting = False
        if not ready:
            self.failed = self.app.state.session
            self.app.screen.render()  # (the table as it is: no longer said to be connecting)
            return None
        if self.online is None:
            from .net import Online

            self.online = Online(self.cat, self.app)
            self.online.bind()
            self.online.table(self.app.state.session)
            self.app.screen.render()  # (its table, drawn by friends online now: no longer said to be connecting)
        return self.online

    def deal(self) -> bool:
        """*Continue* after a deal at a table with friends: dealt through the fair round (``True``)."""
        return self.online is not None and self.online.deal()

    async def test_block(self, kind: str, text: str) -> None:
        """``?king-test`` only: ``window.kingInviteBlock(kind, text)`` (:func:`king.invite.test_hook`)."""
        if not await loaded_or_said(self.unavailable):
            return
        from .invite import test_hook

        test_hook(self.app.cat, self.app.state.show_toast)(kind, text)

    async def cheat(self) -> None:
        """``?king-test`` only: ``window.kingCheatNextDeal()`` — the host's next deal not the agreed shuffle."""
        online = await self.start()
        if online is not None:
            online.cheat = True
