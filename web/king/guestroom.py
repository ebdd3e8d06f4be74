"""A friend's page opened from a table's one link (``#room=<secret>``, or a seat's own
``#room=<secret>&seat=N&pass=P``: ``kingcore.online.room.read_fragment``). It joins the table's room on the
relays of the Options (``kingPeer.join``), and every page of the room connects to it; the host's page is the
one whose first message is a ``lobby`` (a friend's page never sends one).

* **Coming back.** With a seat's key for this room and table (a ``Ticket`` in ``king:<path>:seats``) the page
  takes the seat back at once (``back``), with no screen, and draws the table from the position the host
  sends. A welcome whose proof does not show the key (``kingcore.online.Guest`` answers ``bad_key``) is not
  the host: the next page's lobby is tried. A reload, a lost network, the page closed and opened again: the
  same.
* **A new friend.** Else the join screen: the host's name, the rules, who sits where and the free seats (the
  link's own seat chosen), a name → ``take``; the welcome's key is kept as a ticket.
* **The host's page lost** (its reload, its network): this page keeps the room, shows its table as a picture
  with the host's seat *reconnecting*, and takes its seat back by itself when the host's page is back.
* **No relay answering** within 10 s (or none in the Options): said plainly — ask the host for a code link;
  nothing hangs.
* **A page of the room tried and never connected** (``kingcore.online.attempts``: its network lets no direct
  connection through, or its offer got no answer) while this page has no host: said after 20 s by the page's
  clock — on the finding screen instead of "no host", else in a note.

Everything once seated is :class:`king.guest.GuestPage`'s.

Size: over 400 lines because finding the table — the relays, the pages that answer and the one that is the host,
the join screen, a connection that never opens, the host's page lost and found again — is one flow of the page
before and around its seat."""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable
from typing import Any

from pyscript import document, window
from pyscript.ffi import create_proxy, is_none, to_js

from kingcore.online import Guest
from kingcore.online.attempts import EVENTS, Attempts
from kingcore.online.room import RoomLink, close_room, closed_rooms, own_seat, read_fragment, remember, ticket_for
from kingcore.web import RULE_SET_TEXTS
from kingcore.web.prefs import ice_servers, last_name
from kingcore.web.relays import relay_urls

from .app import App
from .draw import el, put
from .guest import GuestPage
from .render.invite import finding_screen, room_join_screen
from .state import spawn
from .words import Catalog

NO_HOST_S = 20.0
"""Relays answer but no host's page has said anything this long after the search began (each search its own
deadline): the page says the table may be gone or its host away — and that it goes on looking (a reloading host's
page can take longer; the link still works then)."""
TAKEN = {"seat_taken": "net.join.seat_gone", "reserved": "net.join.seat_kept_error"}
"""A ``take`` the host refused because the seat is no longer free to this page → the join screen's words."""


class RoomPage(GuestPage):
    """A friend's page at ``app`` for the table link's URL fragment ``fragment`` (words from ``cat``)."""

    def __init__(self, cat: Catalog, app: App, fragment: str, clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__(cat, app, "", clock)
        self.link: RoomLink | None = read_fragment(fragment)
        self.peer = ""  # the host's connection once known
        self.pages: dict[str, Guest] = {}  # each connection whose first message came, and its Guest
        self.lobbies: list[str] = []  # connections whose lobby came and which are not tried yet, in order
        self.tried: set[str] = set()  # connections whose welcome's proof failed: not the host
        self.trying: str | None = None  # the connection asked for a seat (take or back), its welcome awaited
        self.asking: str | None = None  # the connection whose lobby the join screen shows
        self.chosen: int | None = None  # the seat chosen on the join screen
        self.seat_gone = False  # this page's seat was given to someone else (its ``back`` refused): said so, until
        # the page is seated again or leaves the join screen (``data-seat-gone``)
        self.no_host_timer: Any = None  # the :data:`NO_HOST_S` deadline of the search under way (one at a time)
        self.attempts = Attempts(clock)  # the room's connections being made while no host is connected
        self.attempts_timer: Any = None  # its clock, looked at every second
        self.heard = False  # the host's page, lost, heard from again: its welcome awaited (:meth:`host_heard`)

    # ----- finding the table ---------------------------------------------------------------------------

    async def read(self) -> None:
        """The link read and the room joined (its library loaded on this first join); a link that cannot be
        read says so, with a way on."""
        link = self.link
        if link is None:
            self.bad_link()
            return
        prefs = self.app.state.prefs
        urls = relay_urls(prefs)
        document.body.removeAttribute("data-no-host")  # (looked for anew: not found yet)
        document.body.removeAttribute("data-unreachable")
        self.attempts.clear()
        self.finding("finding")
        window.kingPeer.listen(self.listener)
        if not urls:
            window.kingPeer.leave("[]")  # (a room joined before, and its relays: none is asked any more)
            self.finding("no_relay", off=True)
            return
        try:
            await window.kingPeer.join(link.room, link.secret, json.dumps(urls), json.dumps(ice_servers(prefs)))
        except Exception as e:
            window.console.warn(f"king: the table's room could not be joined: {e}")
            self.finding("no_relay")
            return
        window.clearTimeout(self.no_host_timer)  # (an earlier search's deadline would come too soon into this one)
        self.no_host_timer = window.setTimeout(create_proxy(self.no_host), NO_HOST_S * 1000)
        if self.attempts_timer is None:
            self.attempts_timer = window.setInterval(create_proxy(self.unreachable), 1000)

    def finding(self, state: str, off: bool = False) -> None:
        """The screen before the table is found: ``finding``, ``no_relay`` (``off``: relays off in the Options) or
        ``back`` (:func:`finding_screen`). The join screen left: a seat given away is said again only if the host
        refuses this page's key again."""
        self.gone_said(False)
        lang = str(document.documentElement.lang)
        put(el("join-body"), finding_screen(self.cat, state, off, self.was_closed(), lang))
        self.show_join(state, "join-options" if state == "no_relay" else "join-leave")
        self.say_no_host()  # (drawn anew: in another language)

    def was_closed(self) -> bool:
        """Whether this page was told the link's table is closed (its host started a new game)."""
        store = self.app.state.store
        return self.link is not None and self.link.room in closed_rooms(store.get(store.closed_key))

    def start(self) -> None:
        """As a code link's page (:meth:`GuestPage.start`), and the join screen's language picker listened to. With
        ``?king-test`` (the browser tests only), ``window.kingNoHostNow()`` is :data:`NO_HOST_S`'s deadline come and
        ``window.kingConnectAfter(s)`` gives a connection being made ``s`` seconds, not ``CONNECT_S``."""
        super().start()
        el("join-body").addEventListener("change", create_proxy(self.language_chosen))
        if "king-test" in str(window.location.search):  # the browser tests: no host's deadline come now
            window.kingNoHostNow = create_proxy(self.no_host)
            window.kingConnectAfter = create_proxy(lambda s: setattr(self.attempts, "limit", float(s)))

    def language_chosen(self, event: Any) -> None:
        """The finding or join screen's language (``#join-lang``): the page in it, as from the bar's picker (which
        the screen covers), and the screen drawn again in it (the seat chosen and the name typed kept)."""
        if str(event.target.id) != "join-lang":
            return
        self.app.set_language(str(event.target.value))
        state = str(document.body.dataset.guest)
        if state in ("finding", "no_relay", "back"):
            self.finding(state, off=not relay_urls(self.app.state.prefs))
        elif state == "asking":
            self.draw_room_join()
        el("join-lang").focus()

    def clicked(self, event: Any) -> None:
        """A button of the join screen: *Options* (finding, or no relay answering) opens them over it; the
        others as a code link's (:meth:`GuestPage.clicked`)."""
        button = event.target.closest("button")
        if not is_none(button) and str(button.id) == "join-options":
            self.options()
        else:
            super().clicked(event)

    def options(self) -> None:
        """*Options* from the join screen (which covers the page, its bar's Options out of reach): the same
        dialog over it; once closed, the table looked for again with the relays chosen there."""
        dialog = el("options-dialog")
        dialog.addEventListener("close", create_proxy(self.options_closed), to_js({"once": True}))
        el("btn-options").click()  # (king.options: the stored choices shown)
        chosen = document.querySelector("#options-dialog input[data-relays]:checked")
        chosen = el("relays-default") if is_none(chosen) else chosen
        chosen.focus()  # the relays, in view: what this screen sends the player there for
        chosen.scrollIntoView(to_js({"block": "center"}))

    def options_closed(self, *_: Any) -> None:
        if str(document.body.dataset.guest) in ("no_relay", "finding") and not self.peer and self.trying is None:
            spawn(self.read())

    def no_host(self, *_: Any) -> None:
        """No host's page :data:`NO_HOST_S` seconds after the room was joined (an old link, its host on a new game,
        or its page closed): said plainly, as an error, beside *Play against bots*; the page goes on looking."""
        if str(document.body.dataset.guest) == "finding" and not self.pages and not self.was_closed():
            document.body.dataset.noHost = "true"
            self.say_no_host()

    def say_no_host(self) -> None:
        """The finding screen's words once no host was found (:meth:`no_host`) — or a page of the room was tried
        and never connected (:meth:`unreachable`) —, drawn again in another language."""
        line = el("join-error")
        if is_none(line) or str(document.body.getAttribute("data-no-host")) != "true" or self.pages \
                or str(document.body.dataset.guest) != "finding" or self.was_closed():
            return
        cant = str(document.body.getAttribute("data-unreachable")) == "true"
        line.textContent = self.cat.t("net.join.unreachable" if cant else "net.join.no_host")
        line.className = "form-error"
        line.setAttribute("role", "alert")

    def unreachable(self, *_: Any) -> None:
        """Every second: a page of the room tried for ``CONNECT_S`` with no connection up while this page has no
        host (looking for it, or its page lost) is said once — on the finding screen in place of "no host", else in
        a lasting note (``data-unreachable``). With the host connected — or a page of the room talking to this one —,
        connections being made (to other friends' pages, which it does not need) do not count."""
        if self.connected or self.pages:
            self.attempts.clear()
            return
        if not self.attempts.due():
            return
        document.body.dataset.unreachable = "true"
        if str(document.body.dataset.guest) == "finding":
            document.body.dataset.noHost = "true"
            self.say_no_host()
        else:
            self.app.state.show_toast(self.cat.t("net.unreachable_host"), lasting=True, key="unreachable")

    # ----- the wire ------------------------------------------------------------------------------------

    def on_peer(self, kind: str, ident: str, text: str) -> None:
        """``kingPeer``'s events: the relays (none answering: said, unless the table is found; one answering again:
        looking again); a connection's message (the host's, once known; before, each page's first, a lobby or a
        welcome); a connection lost."""
        if kind in EVENTS or kind == "open":
            self.attempts.event(kind if kind in EVENTS else "connected", ident)
        if kind == "relays":
            document.body.dataset.relays = text
            if text.isdigit() and int(text) > 0 and str(document.body.dataset.guest) == "no_relay" \
                    and not self.peer and self.trying is None:
                self.finding("finding")  # a relay answers again (restarted): looking for the table once more
        elif kind == "no-relay":
            if not self.peer and self.trying is None and str(document.body.dataset.guest) in ("finding", "back"):
                self.finding("no_relay")
        elif kind == "message":
            if ident == self.peer and self.guest is not None:
                self.take(text)
            else:
                self.candidate(ident, text)
        elif kind == "closed" and ident == self.peer and self.guest is not None:  # the host's page unloading
            self.host_lost()  # (reloaded or closed: its channels closed at pagehide) — its seat *reconnecting* at once,
            # as a friend's page's is on every other page, not only once its heartbeat's seconds are silent
        elif kind == "lost":
            self.pages.pop(ident, None)
            if ident in self.lobbies:
                self.lobbies.remove(ident)
            if ident == self.peer:
                self.host_lost()
            elif ident == self.trying:
                self.trying = None
                self.host_heard(False)
                self.next_lobby()

    def candidate(self, peer: str, text: str) -> None:
        """A message from a connection that is not (yet) the host's: a lobby (the host's page, or one that
        pretends to be), the welcome this page asked it for, or its refusal."""
        guest = self.pages.get(peer)
        if guest is None:
            if len(self.pages) >= 16 or peer in self.tried:
                return
            guest = self.pages[peer] = Guest(self.clock, os.urandom, self.link.room if self.link else "",
                                             shuffles=self.shuffles)
        out = guest.receive(text)
        if "lobby" in out:
            if peer not in self.lobbies:
                self.lobbies.append(peer)
            if peer == self.asking:  # the lobby shown changed (a seat reserved or freed): drawn anew
                self.draw_room_join()
            self.next_lobby()
        elif "welcome" in out and peer == self.trying:
            self.seated(peer, guest, out)
        elif "error" in out and out["error"] == "bad_key" and peer == self.trying:
            window.console.warn("king: a page of the room answered as the host but could not prove the seat's key")
            self.tried.add(peer)
            self.pages.pop(peer, None)
            self.trying = None
            self.host_heard(False)
            self.next_lobby()
        elif "refused" in out and peer == self.trying:
            self.trying = None
            self.host_heard(False)
            self.take_refused(peer, str(out["refused"].get("reason", "")))
        elif "bye" in out:
            self.pages.pop(peer, None)

    def next_lobby(self) -> None:
        """The first lobby not tried yet, acted on — unless this page has its host, or awaits a welcome: with
        this device's ticket for the room and its table, the seat taken back at once; else the join screen."""
        if self.peer or self.trying is not None:
            return
        while self.lobbies:
            peer = self.lobbies[0]
            guest = self.pages.get(peer)
            if guest is None or guest.lobby is None or peer in self.tried:
                self.lobbies.pop(0)
                continue
            store = self.app.state.store
            ticket = ticket_for(store.get(store.seats_key), guest.room)
            if ticket is not None and ticket.table == guest.lobby["table"]:
                self.name = ticket.name
                self.trying = peer
                self.lobbies.pop(0)
                window.kingPeer.send(peer, guest.back(ticket))
                if str(document.body.dataset.guest) in ("finding", "no_relay"):
                    self.finding("back")
                elif str(document.body.dataset.guest) == "reconnecting":
                    self.host_heard(True)
                return
            if self.asking is None or self.asking not in self.pages:
                self.asking = peer
                self.draw_room_join()
            return

    # ----- the join screen -----------------------------------------------------------------------------

    def draw_room_join(self) -> None:
        """The join screen of :attr:`asking`'s lobby: the table, who sits where, the free seats (the link's own
        seat, or the only one, chosen), the name (what was typed kept)."""
        guest = self.pages.get(self.asking or "")
        if guest is None or guest.lobby is None:
            return
        lobby, link = guest.lobby, self.link
        free = guest.free_seats(link.seat if link is not None else None)
        store = self.app.state.store  # (own: the link's seat, or the ticket's — back by the general link)
        own = own_seat(link, ticket_for(store.get(store.seats_key), guest.room), str(lobby["table"]))
        picked = document.querySelector("#join-seats input[name=join-seat]:checked")
        chosen = int(str(picked.value)) if not is_none(picked) else self.chosen
        if chosen not in free:
            chosen = own if own in free else (free[0] if len(free) == 1 else None)
        self.chosen = chosen
        typed = el("join-name")
        name = str(typed.value) if not is_none(typed) and str(document.body.dataset.guest) == "asking" \
            else last_name(self.app.state.prefs)
        put(el("join-body"), room_join_screen(self.cat, lobby, self.rules_words(lobby["rules"]), free, chosen,
                                              self.seat_gone, str(document.documentElement.lang), own),
            given=[str(n or "") for n in lobby["names"]])
        el("join-name").value = name
        self.show_join("asking", "join-name")

    def rules_words(self, text: str) -> str:
        key = next((k for k, t in RULE_SET_TEXTS.items() if t == text), None)
        return self.cat.t(f"set.{key}" if key else "set.custom")  # the set's name; its help has the rest

    def rules(self) -> None:
        """The rules help of the host's table."""
        from .extras import open_help

        guest = self.guest or self.pages.get(self.asking or "")
        if guest is not None and guest.lobby is not None:
            open_help(self.cat, str(guest.lobby["rules"]))

    def accept(self) -> None:
        """*Join*: the seat chosen and the name checked (said beside the field; the others must know who joins),
        the name kept for the next join on this device, the seat asked for (its pass with the link's own)."""
        peer = self.asking
        guest = self.pages.get(peer or "")
        if peer is None or guest is None or self.trying is not None or self.peer:
            return
        picked = document.querySelector("#join-seats input[name=join-seat]:checked")
        if is_none(picked):
            el("join-error").textContent = self.cat.t("net.join.choose")
            return
        seat = int(str(picked.value))
        if not self.take_name():
            return
        link = self.link
        pass_ = link.pass_ if link is not None and link.seat == seat else None
        self.chosen, self.trying = seat, peer
        el("join-accept").disabled = True
        window.kingPeer.send(peer, guest.take(seat, self.name, pass_))

    def take_refused(self, peer: str, reason: str) -> None:
        """The host refused this page's ``take`` or ``back``: a seat no longer free is said on the join screen (and
        left out of its choices); a key the host no longer knows (the host gave the seat to someone else) leads
        to the join screen, which says so once (``seat_gone``)."""
        guest = self.pages.get(peer)
        if guest is not None and guest.lobby is not None and reason in TAKEN and self.chosen is not None:
            guest.lobby["taken" if reason == "seat_taken" else "reserved"][self.chosen] = True
        self.asking = peer
        said = TAKEN.get(reason)
        self.gone_said(self.seat_gone or said is None)  # (said in the screen's one line, with the way on)
        self.draw_room_join()
        el("join-error").textContent = self.cat.t(said) if said else ""

    def gone_said(self, gone: bool) -> None:
        """Whether the join screen says this page's seat was given to someone else (:attr:`seat_gone`, the body's
        ``data-seat-gone``)."""
        self.seat_gone = gone
        if gone:
            document.body.dataset.seatGone = "true"
        else:
            document.body.removeAttribute("data-seat-gone")

    # ----- seated --------------------------------------------------------------------------------------

    def seated(self, peer: str, guest: Guest, out: dict[str, Any]) -> None:
        """The host's welcome: this connection is the host's; a new seat's key kept as this device's ticket;
        the table follows."""
        self.peer, self.guest, self.trying, self.asking = peer, guest, None, None
        self.host_heard(False)  # (connected: its presence from now on)
        self.gone_said(False)  # (seated again: a later refusal says only what is true then)
        self.mental = None  # (a mental table's side is made on this connection's ``mental``)
        self.lobbies = [p for p in self.lobbies if p != peer]
        self.connected = True
        if out.get("key") and self.link is not None:
            ticket = guest.ticket(self.name)
            if ticket is not None:
                store = self.app.state.store
                store.put(store.seats_key, remember(store.get(store.seats_key), ticket))
        el("join-dialog").close()
        self.say_state("connected")
        self.on_welcome(out)

    def host_lost(self) -> None:
        """The host's page lost (its reload, its network): this page keeps the room and its table as a picture,
        the host's seat *reconnecting*, until the host's page is back and the seat is taken back."""
        self.peer, self.connected = "", False
        self.host_heard(False)
        if str(document.body.dataset.guest) in ("freed", "elsewhere", "new_game", "full", "bye"):
            return
        self.show_presence(render=False)  # the host's seat reconnecting, drawn with the table's picture
        self.gone("reconnecting")
        self.next_lobby()

    def host_presence(self) -> str | None:
        return "here" if self.connected or self.heard else "reconnecting"

    def host_heard(self, heard: bool) -> None:
        """The host's page lost, then heard from again (``heard``: its lobby came, this page's ``back`` sent to it):
        said at once — the status line ("The host's page is back: taking your seat back…") and the host's seat *here*
        (``data-host-heard``) —, not only at its welcome, which a host's page busy with another friend's page sent 2 s
        later (a tester's friend read "The host's page is not connected" 3 s after the others showed it back);
        ``False``: not heard (lost again, or its answer refused)."""
        if heard == self.heard:
            return
        self.heard = heard
        if heard:
            document.body.dataset.hostHeard = "true"
            self.show_presence()  # (its seat *here*: drawn, and the status line after the draw)
            el("status").textContent = self.cat.t("net.host_back")
        else:
            document.body.removeAttribute("data-host-heard")

    def on_bye(self, reason: str) -> None:
        """The host closed this connection: a new game (the room is over), the seat given to someone else, taken
        back on another page, or this page sent away."""
        state = {"new_game": "new_game", "freed": "freed", "elsewhere": "elsewhere", "full": "full"}.get(reason, "bye")
        if state == "new_game" and self.link is not None:  # remembered: this link's page, reloaded, says so
            store = self.app.state.store
            store.put(store.closed_key, close_room(store.get(store.closed_key), self.link.room))
        self.connected = False
        self.gone(state)
        window.kingPeer.leave()  # (a promise, not awaited: nothing waits for the room to be left)

    def host_name(self) -> str:
        """The host's name as its lobby gives it (text, never markup), or as the table names an unnamed seat."""
        guest = self.guest or self.pages.get(self.asking or "")
        given = guest.lobby.get("host") if guest is not None and guest.lobby is not None else None
        return given if isinstance(given, str) and given else self.cat.t("hotseat.player", n=1)
