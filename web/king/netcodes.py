"""The host's hand-made codes (friends online with no relay: Options → *Playing with friends* → relays *none*,
or none answered within 10 s): for an online seat, a link ``#join=<code>`` — a WebRTC offer with every ICE
candidate and the lobby's invite for the seat (``kingcore.online.Lobby.invite``), compressed by
``web/peer.js`` — and the friend's answer code pasted back (*Connect*), which one invite takes once
(``Lobby.take_answer``). The connection a code makes is named by its seat (``"1"``) in ``kingPeer``; from its
first message on it is a connection of the lobby like any relay's (:mod:`king.net`).

Words on each seat's own alert line (under its Connect): an answer for another seat, to an older invite, to a
used invite or for a taken seat is refused there before the invite is used up, as is a text that is no answer
code; an answer that never connects is said after :data:`NO_CONNECTION_S` seconds."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, Protocol

from pyscript import document, window
from pyscript.ffi import create_proxy, is_none

from kingcore.online import Lobby, read_answer
from kingcore.web.prefs import ice_servers
from kingcore.web.rulestext import NO_CONNECTION_S

from .app import App
from .draw import el
from .state import spawn
from .words import Catalog


class Table(Protocol):
    """What the codes need of the host's table online (:class:`king.net.Online`)."""

    cat: Catalog
    app: App
    clock: Callable[[], float]
    lobby: Lobby | None
    drawn: Any  # what the panel shows (None: drawn anew at the next draw)

    def draw(self) -> None: ...

    def seat_place(self, seat: int) -> str: ...


def site_link(href: str, fragment: str) -> str:
    """A link to this page (its query kept, its fragment replaced by ``fragment``, without ``#``).

    >>> site_link("/king/?x#old", "join=Zm9v")
    '/king/?x#join=Zm9v'
    """
    return f"{href.split('#', 1)[0]}#{fragment}"


class Codes:
    """The code links of ``online``'s table, per seat: ``{"link", "used", "said", "said_of", "making", "busy",
    "asked"}`` (its link once made; its one answer taken; the seat's alert line and the seat it speaks of)."""

    def __init__(self, online: Table) -> None:
        self.online = online
        self.seats: dict[int, dict[str, Any]] = {}
        self.no_connection_s: float = NO_CONNECTION_S  # ?king-test: window.kingNoConnectionAfter(s) shortens it

    def reset(self) -> None:
        """A new table: the old code connections closed, no link kept."""
        for seat in self.seats:
            window.kingPeer.close(str(seat))
        self.seats = {}

    def entry(self, seat: int) -> dict[str, Any]:
        return self.seats.setdefault(seat, {"link": None, "used": False, "said": "", "said_of": seat})

    def wanted(self, seat: int) -> None:
        """``seat`` needs a code link (its friend is not here): one is made unless one is ready or on its way."""
        entry = self.entry(seat)
        if not entry.get("making") and entry["link"] is None:
            spawn(self.invite(seat))

    async def invite(self, seat: int, said: str = "") -> None:
        """A new code link for ``seat`` (its old connection, if any, closed); ``said`` on its alert line."""
        online = self.online
        lobby = online.lobby
        if lobby is None:
            return
        entry = self.entry(seat)
        entry.update(link=None, used=False, said=said, said_of=seat, making=True, asked=None)
        online.draw()
        try:
            sdp = await window.kingPeer.offer(str(seat), json.dumps(ice_servers(online.app.state.prefs)))
        finally:
            entry["making"] = False
        if lobby is not online.lobby:
            return  # another game meanwhile
        code = str(await window.kingPeer.encode(json.dumps({"sdp": str(sdp), "invite": lobby.invite(seat)},
                                                           separators=(",", ":"))))
        entry["link"] = site_link(str(window.location.href), f"join={code}")
        online.draw()

    async def connect(self, seat: int) -> None:
        """*Connect*: the friend's answer code taken — one answer per invite (``Lobby.take_answer``): a double
        click's second is ignored (the button disabled meanwhile); an answer for another seat, to an older
        invite, to a used invite or for a taken seat is refused on the seat's own alert line before the invite
        is used up, as is a text that is no answer code."""
        online = self.online
        lobby, entry = online.lobby, self.seats.get(seat)
        box = el(f"answer-{seat}")
        code = "" if is_none(box) else str(box.value).strip()
        if lobby is None or entry is None:
            return
        if "#join=" in code:  # the host's own invite link pasted back (a tester's find): said what to do with it
            self.say(seat, online.cat.t("net.invite.own_link"))
            return
        try:
            sdp, tag = read_answer(str(await window.kingPeer.decode(code)))
        except Exception as e:  # not a code, or one that names no invite: the invite is left as it is
            window.console.warn(f"king: the answer for seat {seat} was refused: {e}")
            self.say(seat, online.cat.t("net.invite.bad_answer"))
            return
        if lobby is not online.lobby:
            return  # another game meanwhile
        why = lobby.take_answer(seat, tag)
        if why == "applying":
            return
        if why is not None:  # West's answer in North's box, an old link's, a second person's: the invite kept
            document.body.dataset.ignoredAnswer = why
            other = int(tag["seat"]) if why in ("other_seat", "seat_taken") else seat  # read_answer checked it
            taken = other if why == "seat_taken" else seat  # the seat a friend plays: the one the answer names
            self.say(seat, online.cat.t("net.invite.bad_answer" if why == "not_answer" else f"net.invite.{why}",
                                        seat=online.seat_place(taken), other=online.seat_place(other)), about=other)
            return
        entry.update(busy=True, said="")
        online.draw()
        try:
            await window.kingPeer.accept(str(seat), sdp)
        except Exception as e:
            window.console.warn(f"king: the answer for seat {seat} was refused: {e}")
            lobby.answer_done(seat, ok=False)
            entry["busy"] = False
            self.say(seat, online.cat.t("net.invite.bad_answer"))
            return
        lobby.answer_done(seat, ok=True)
        entry.update(busy=False, used=True, asked=online.clock())
        asked = entry["asked"]
        online.draw()
        window.setTimeout(create_proxy(lambda: self.no_connection(seat, asked)), self.no_connection_s * 1000)

    def say(self, seat: int, words: str, about: int | None = None) -> None:
        """``words`` on the seat's own alert line (under its Connect): it covers nothing, a screen reader reads
        it at once. It goes when its answer box is edited or emptied (:meth:`edited`) or when the seat it
        speaks of (``about``: another seat's answer pasted here; else this seat) connects (:meth:`joined`)."""
        entry = self.seats.get(seat)
        if entry is not None:
            entry.update(said=words, said_of=seat if about is None else about)
            self.online.draw()

    def edited(self, event: Any) -> None:
        """Typing in (or emptying) a seat's answer box: its alert line, about the answer that was there, goes."""
        ident = str(event.target.id)
        seat = int(ident[len("answer-"):]) if ident.startswith("answer-") and ident[7:].isdigit() else -1
        entry = self.seats.get(seat)
        if entry is not None and entry.get("said"):
            entry["said"] = ""
            line = el(f"answer-said-{seat}")
            if not is_none(line):
                line.textContent = ""
            self.online.drawn = None  # not redrawn now (the box keeps its focus), but the same words again are

    def no_connection(self, seat: int, asked: float) -> None:
        """No connection :data:`NO_CONNECTION_S` seconds after *Connect*: said plainly, the invite left as it
        is — someone else may have opened the same link and answered it too (a second answerer of one offer can
        take the host's connection: docs/NET.md), so *New code link* (shown beside it); else the same network,
        or one device."""
        entry = self.seats.get(seat)
        lobby = self.online.lobby
        if entry is not None and entry.get("asked") == asked and (lobby is None or lobby.peer_of(seat) is None):
            document.body.dataset.noConnection = str(seat)
            self.say(seat, self.online.cat.n("net.no_connection", NO_CONNECTION_S))

    def deadline(self, seat: int) -> None:
        """The no-connection deadline of ``seat``'s last *Connect*, now (``?king-test``: ``kingNoConnectionNow``)."""
        entry = self.seats.get(seat)
        if entry is not None and entry.get("asked") is not None:
            self.no_connection(seat, entry["asked"])

    def joined(self, seat: int) -> None:
        """A friend took ``seat``: the alert lines about it go, and so does its *Connect*'s deadline (the friend
        may leave or reload before it: the seat is away then, never "no connection" — a new user saw it)."""
        self.seats.get(seat, {}).pop("asked", None)
        for entry in self.seats.values():  # "This answer is for West's invite" in North's box: West is here now
            if entry.get("said_of") == seat:
                entry["said"] = ""

    def never_joined(self, seat: int) -> None:
        """A code's connection that never took its seat (an answer that did not connect) changes nothing of the
        seat: its invite is used up by it, so a new link is made and the host told."""
        entry = self.seats.get(seat)
        if entry is None:
            return
        document.body.dataset.failedAnswer = str(seat)
        entry.update(busy=False)
        if not entry.get("making"):  # (a link being made meanwhile is the new one already)
            spawn(self.invite(seat, said=self.online.cat.t("net.invite.failed", seat=self.online.seat_place(seat))))

    def lost(self, seat: int) -> None:
        """The friend at ``seat`` is gone: an answered invite takes no other answer, so a fresh link is made."""
        entry = self.seats.get(seat)
        if entry is not None and entry.get("used") and not entry.get("making"):
            spawn(self.invite(seat))

    def renew(self, seat: int) -> None:
        """*New code link*: the seat's invite made anew when it was answered (a used one takes no other answer)
        — unless one is being made (a second offer would close the first one's connection while its link is
        shown) or the link shown is still unanswered."""
        entry = self.entry(seat)
        if not entry.get("making") and (entry["link"] is None or entry.get("used")):
            spawn(self.invite(seat))
