"""The host's side of friends online (issue 19): for each online seat of the game on the table an invite link
(the site's own address with ``#join=<code>``: the WebRTC offer with every ICE candidate and the protocol's
invite, compressed by ``web/peer.js``), the friend's answer taken (*Connect*), and the seat's state (waiting,
connected, disconnected, a stand-in bot) on the invite panel. Every message from a friend goes to
``kingcore.online.Host``; what it answers goes back over the seat's connection. The friends' moves, like the
host's and the bots', change the game only through :meth:`king.state.State.commit`; after each change the
host's ``changed()`` sends the new views. A deal is dealt through the fair round (commit, reveal, shuffle:
``kingcore.online.deal``) whenever a friend is connected.

Nothing here touches the save's shape: the settings' ``online`` entries (``kingcore.web.settings``) say what
the host chose for an away friend; whether a friend is connected now is never saved.

Size: over 400 lines because the host page's side of one ``Host`` — invites and the one answer each takes,
the wire, the fair round's clock, the friends' hints and the panel, drawn with each seat's block kept — is one
flow, read best in one place."""

from __future__ import annotations

import json
import os
import random
import time
from collections.abc import Callable
from typing import Any

from pyscript import document, window
from pyscript.ffi import create_proxy, is_none

from kingcore.online import Host, Lobby, Out, POut, new_secret, read_answer
from kingcore.web import ONLINE
from kingcore.web.prefs import ice_servers
from kingcore.web.rulestext import NO_CONNECTION_S

from .app import App
from .draw import el, put
from .invite import invite_block, no_double_click_select
from .render.invite import answer_fields, invite_panel
from .state import Change, spawn
from .words import Catalog, name

TICK_MS = 1000
"""How often the fair round's deadlines (``Host.tick``) are looked at while a round is on."""


def online_seats(levels: list[str]) -> list[int]:
    """The seats friends play from other browsers.

    >>> online_seats(["human", "online", "hard", "online"])
    [1, 3]
    """
    return [seat for seat, level in enumerate(levels) if level == ONLINE]


def site_link(href: str, code: str) -> str:
    """The invite link: the page's own address (its query kept, its fragment replaced) with ``#join=code``.

    >>> site_link("/king/?x#old", "Zm9v")
    '/king/?x#join=Zm9v'
    """
    return f"{href.split('#', 1)[0]}#join={code}"


class Online:
    """The friends of ``app``'s table (words from ``cat``)."""

    def __init__(self, cat: Catalog, app: App, clock: Callable[[], float] = time.monotonic) -> None:
        self.cat, self.app, self.clock = cat, app, clock
        self.host: Host | None = None
        self.lobby: Lobby | None = None  # the host's door: the connections to self.host's seats
        self.session: Any = None  # the session self.host serves
        self.seats: dict[int, dict[str, Any]] = {}  # seat -> {"state", "link", "friend", "joined"}
        self.started = False  # the game went on (every friend connected, or the host chose bots)
        self.ticking: Any = None
        self.proxies = [create_proxy(self.on_peer), create_proxy(self.tick)]
        self.hints = False  # whether friends may ask for hints (the panel's box; off by default)
        self.hinting: set[int] = set()  # seats whose hint the bots are thinking of
        self.cheat = False  # ?king-test only: the next deal made other than the agreed shuffle
        self.no_connection_s: float = NO_CONNECTION_S  # ?king-test: window.kingNoConnectionAfter(s) shortens it

    def bind(self) -> None:
        """Listen to the wire, to the state and to the panel's buttons."""
        window.kingPeer.listen(self.proxies[0])
        self.app.state.subscribe(self.changed)
        el("invite-body").addEventListener("click", create_proxy(self.clicked))
        el("invite-body").addEventListener("input", create_proxy(self.edited))
        no_double_click_select(el("invite-dialog"))
        el("btn-invite").addEventListener("click", create_proxy(lambda e: self.open()))
        self.app.loop.held = lambda: self.host is not None and not self.started
        if "king-test" in str(window.location.search):  # the browser tests: a cheating host, to be caught
            window.kingCheatNextDeal = create_proxy(lambda: setattr(self, "cheat", True))
            window.kingNoConnectionAfter = create_proxy(lambda s: setattr(self, "no_connection_s", float(s)))

    # ----- the table's changes ---------------------------------------------------------------------

    def changed(self, change: Change) -> None:
        """A subscriber of the state: a new game (or a reload's) with friends gets its invites; any change
        of the game sends each connected friend their new view."""
        s = self.app.state.session
        if s is not self.session:
            self.table(s)
        if self.host is None or change.kind in ("page", "toast"):
            return
        self.send(self.host.changed())
    def table(self, session: Any) -> None:
        """The game on the table changed: the old friends' connections closed, new invites for its seats (a
        reload's game too: its friends are away until re-invited). Each connected friend is told first that
        the host started a new game (``Host.close``: a ``bye``), not left to find the connection lost."""
        if self.lobby is not None:
            for peer, text in self.lobby.close("new_game"):
                if text is not None:
                    window.kingPeer.send(peer, text)
        for seat in self.seats:
            window.kingPeer.close(str(seat))
        self.session, self.seats, self.host, self.lobby, self.started = session, {}, None, None, False
        seats = [] if session is None else online_seats(session.settings["levels"])
        el("btn-invite").hidden = not seats
        document.body.dataset.online = ",".join(map(str, seats))
        document.body.dataset.friends = ""  # none connected to the new game yet
        if not seats:
            return
        self.hints = self.app.state.prefs.get("friend_hints") is True  # the host's choice, kept over a reload
        self.host = Host(session, self.clock, hints=self.hints)
        self.lobby = self.open_room(self.host)
        for seat in seats:
            away = session.settings["online"][seat]
            self.seats[seat] = {"state": "bot" if away == "bot" else "waiting", "link": None,
                                "friend": session.settings["names"][seat]}
            spawn(self.invite(seat))
        self.open()

    # ----- invites -------------------------------------------------------------------------------------

    async def invite(self, seat: int, said: str = "") -> None:
        """A new invite link for ``seat`` (its old connection, if any, closed); ``said`` on its alert line."""
        host = self.host
        if host is None:
            return
        entry = self.seats[seat]
        entry.update(link=None, used=False, said=said, said_of=seat, making=True)
        self.draw()
        try:
            sdp = await window.kingPeer.offer(str(seat), json.dumps(ice_servers(self.app.state.prefs)))
        finally:
            entry["making"] = False
        if host is not self.host:
            return  # another game meanwhile
        lobby = self.lobby
        if lobby is None:
            return
        code = str(await window.kingPeer.encode(json.dumps({"sdp": str(sdp), "invite": lobby.invite(seat)},
                                                           separators=(",", ":"))))
        self.seats[seat]["link"] = site_link(str(window.location.href), code)
        self.draw()

    async def connect(self, seat: int) -> None:
        """*Connect*: the friend's answer code taken — one answer per invite (``Host.take_answer``): a double
        click's second is ignored (the button disabled meanwhile); an answer for another seat, to an older
        invite, to a used invite or for a taken seat is refused on the seat's own alert line before the invite
        is used up, as is a text that is no answer code."""
        host, entry = self.host, self.seats.get(seat)
        box = el(f"answer-{seat}")
        code = "" if is_none(box) else str(box.value).strip()
        if host is None or entry is None:
            return
        if "#join=" in code:  # the host's own invite link pasted back (a tester's find): said what to do with it
            self.say(seat, self.cat.t("net.invite.own_link"))
            return
        try:
            sdp, tag = read_answer(str(await window.kingPeer.decode(code)))
        except Exception as e:  # not a code, or one that names no invite: the invite is left as it is
            window.console.warn(f"king: the answer for seat {seat} was refused: {e}")
            self.say(seat, self.cat.t("net.invite.bad_answer"))
            return
        if host is not self.host:
            return  # another game meanwhile
        lobby = self.lobby
        if lobby is None:
            return
        why = lobby.take_answer(seat, tag)
        if why == "applying":
            return
        if why is not None:  # West's answer in North's box, an old link's, a second person's: the invite kept
            document.body.dataset.ignoredAnswer = why
            other = int(tag["seat"]) if why in ("other_seat", "seat_taken") else seat  # read_answer checked it
            taken = other if why == "seat_taken" else seat  # the seat a friend plays: the one the answer names
            self.say(seat, self.cat.t("net.invite.bad_answer" if why == "not_answer" else f"net.invite.{why}",
                                      seat=self.seat_place(taken), other=self.seat_place(other)), about=other)
            return
        entry.update(busy=True, said="")
        self.draw()
        try:
            await window.kingPeer.accept(str(seat), sdp)
        except Exception as e:
            window.console.warn(f"king: the answer for seat {seat} was refused: {e}")
            lobby.answer_done(seat, ok=False)
            entry["busy"] = False
            self.say(seat, self.cat.t("net.invite.bad_answer"))
            return
        lobby.answer_done(seat, ok=True)
        entry.update(busy=False, used=True, asked=self.clock())
        asked = entry["asked"]
        self.draw()
        window.setTimeout(create_proxy(lambda: self.no_connection(seat, asked)), self.no_connection_s * 1000)

    def say(self, seat: int, words: str, about: int | None = None) -> None:
        """``words`` on the seat's own alert line (under its Connect): it covers nothing, a screen reader reads
        it at once. It goes when its answer box is edited or emptied (:meth:`edited`) or when the seat it
        speaks of (``about``: another seat's answer pasted here; else this seat) connects (:meth:`joined`)."""
        entry = self.seats.get(seat)
        if entry is not None:
            entry.update(said=words, said_of=seat if about is None else about)
            self.draw()

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

    def no_connection(self, seat: int, asked: float) -> None:
        """No connection :data:`NO_CONNECTION_S` seconds after *Connect*: said plainly, the invite left as it
        is — someone else may have opened the same link and answered it too (a second answerer of one offer can
        take the host's connection: docs/NET.md), so *Re-invite* (shown beside it) for a new link; else the same
        network, or one device."""
        entry = self.seats.get(seat)
        if entry is not None and entry.get("asked") == asked and not entry.get("joined"):
            document.body.dataset.noConnection = str(seat)
            self.say(seat, self.cat.n("net.no_connection", NO_CONNECTION_S))

    # ----- the wire --------------------------------------------------------------------------------

    def on_peer(self, kind: str, ident: str, text: str) -> None:
        """``kingPeer``'s events for a seat's connection: open (the lobby's first message to it), a message (its
        friend takes the seat — or takes it back with the seat's key — then plays), the connection lost."""
        seat = int(ident) if ident.isdigit() else -1
        lobby, entry = self.lobby, self.seats.get(seat)
        if lobby is None or entry is None:
            return
        if kind == "open":
            self.send_peers(lobby.connect(ident))
        elif kind == "message":
            if lobby.seat_of(ident) is None:
                self.send_peers(lobby.receive(ident, text))
                self.follow(lobby.events())
            else:
                self.receive(seat, text)
        elif kind == "lost":
            if lobby.seat_of(ident) is None:
                lobby.lost(ident)  # a connection that never took its seat
                self.never_joined(seat)
            else:
                self.send_peers(lobby.lost(ident))
                self.follow(lobby.events())

    def follow(self, events: list[tuple[str, int]]) -> None:
        """What the lobby said happened: a friend seated (their seat's key kept in the room), a friend lost."""
        for what, seat in events:
            if what == "seated":
                self.save_room()
                self.joined(seat)
            elif what == "lost" and seat in self.seats:
                self.lost(seat)

    def joined(self, seat: int) -> None:
        """A friend took the seat (or took it back): the seat is theirs again, its stand-in gone."""
        entry = self.seats[seat]
        entry.update(joined=True, state="connected", said="")
        for other in self.seats.values():  # "This answer is for West's invite" in North's box: West is here now
            if other.get("said_of") == seat:
                other["said"] = ""
        st = self.app.state
        if st.session is not None:
            entry["friend"] = st.session.settings["names"][seat]
            st.commit("settings")  # the friend's name, the stand-in gone: saved
            st.refresh()  # and drawn
        if self.host is not None and self.host.all_connected():  # the first time or after a re-invite: done here
            if self.started:
                el("invite-dialog").close()  # as start() closes it the first time; its button reopens it
            else:
                self.start()
        self.draw()

    def receive(self, seat: int, text: str) -> None:
        """A friend's message: the protocol's answer sent; a move it took committed like anyone's."""
        st, host = self.app.state, self.host
        s = st.session
        if s is None or host is None:
            return
        lobby = self.lobby
        if lobby is None:
            return
        before = s.ply
        outs = lobby.receive(str(seat), text)  # a legal intent is applied to the session (kingcore.online.Host)
        if s.ply != before:
            token = json.loads(text).get("token")
            st.commit("intent", seat=seat, token=token if isinstance(token, str) else None)
        self.send_peers(outs)
        self.follow(lobby.events())
        self.round()
        for wanted in host.hint_wanted:
            if wanted not in self.hinting:
                self.hinting.add(wanted)
                spawn(self.answer_hint(wanted))

    async def answer_hint(self, seat: int) -> None:
        """A friend asked for a hint (the host allows them): the host's bots' best move for that seat's view
        (what a hot-seat player there sees, as for the host's own hint), sent unless the game moved on."""
        st, host = self.app.state, self.host
        s = st.session
        if s is None or host is None:
            return
        ply = s.ply
        try:
            answer = json.loads(await self.app.bots.ask("hint", s.bot_request(seat), s.bot_seed(seat),
                                                        feed=s.bot_past))
            token: str | None = str(answer["moves"][0]["token"])
        except Exception as e:
            window.console.warn(f"king: no hint for seat {seat}: {e}")
            token = None
        finally:
            self.hinting.discard(seat)
        if host is not self.host or s is not st.session:
            return  # another game meanwhile
        if token is None:  # the friend's page is told, not left "Thinking…"
            self.send(host.no_hint(seat))
            return
        if s.ply != ply:
            if seat in host.hint_wanted:
                host.hint_wanted.remove(seat)
            return
        self.send(host.hint(seat, token))

    def allow_hints(self, on: bool) -> None:
        """The panel's box: friends may (``on``) ask for hints; every connected friend's page learns it at
        once (``Host.allow_hints``), a friend who joins later in its welcome. Kept in the prefs
        (``friend_hints``): a reload, or the next game, keeps the host's choice."""
        self.hints = on
        st = self.app.state
        st.prefs["friend_hints"] = on
        st.store.save_prefs(st.prefs)
        if self.host is not None:
            self.send(self.host.allow_hints(on))

    def never_joined(self, seat: int) -> None:
        """A connection that never took its seat (an answer that did not connect) changes nothing of the seat (a
        stand-in bot plays on, labelled so): its invite is used up by it, so a new link is made and the host told."""
        entry = self.seats[seat]
        document.body.dataset.failedAnswer = str(seat)
        entry.update(busy=False)
        if not entry.get("making"):  # (a link being made meanwhile is the new one already)
            spawn(self.invite(seat, said=self.cat.t("net.invite.failed", seat=self.seat_place(seat))))

    def lost(self, seat: int) -> None:
        """A friend's page closed or lost its network (or the host's page closed it): the seat shows
        *disconnected*; the host chooses."""
        entry = self.seats[seat]
        if not entry.get("joined"):
            return
        entry.update(state="disconnected", joined=False, reinvite=False, said="")
        window.kingPeer.close(str(seat))
        document.body.dataset.lost = str(seat)
        self.app.state.show_toast(self.cat.t("net.invite.lost", name=self.seat_name(seat)))
        spawn(self.invite(seat))  # a fresh link ready: Re-invite shows it
        self.open()

    def send(self, outs: list[Out]) -> None:
        """The table's texts to their seats, through the lobby (to the connection that holds each seat)."""
        if self.lobby is not None:
            self.send_peers(self.lobby.send(outs))
            self.follow(self.lobby.events())

    def send_peers(self, outs: list[POut]) -> None:
        """The lobby's texts to their connections; ``(peer, None)`` closes that connection."""
        for peer, text in outs:
            if text is not None:
                window.kingPeer.send(peer, text)
            else:
                window.kingPeer.close(peer)

    def open_room(self, host: Host) -> Lobby:
        """The lobby of ``host``'s table in its room: the one kept for this table (the host's reload: friends
        who held a seat take it back with its key), else a new one (a damaged one said in the console)."""
        st = self.app.state
        lobby, problem = Lobby.reopen(host, st.store.get(st.store.room_key), self.clock, os.urandom)
        if problem is not None:
            window.console.warn(f"king: the friends' room could not be read, a new one is made: {problem}")
        self.save_room(lobby)
        return lobby

    def save_room(self, lobby: Lobby | None = None) -> None:
        """The room (its seats' keys) kept beside the save, for the host's reload."""
        lobby = lobby or self.lobby
        if lobby is not None:
            st = self.app.state
            st.store.put(st.store.room_key, lobby.saved())

    # ----- the game goes on --------------------------------------------------------------------------

    def start(self) -> None:
        """Every friend connected, or the host chose bots for those not yet: the game goes on (the first
        deal, or the next, through the fair round)."""
        st, host = self.app.state, self.host
        if st.session is None or host is None:
            return
        for seat, entry in self.seats.items():
            if entry["state"] != "connected" and self.lobby is not None:
                self.send_peers(self.lobby.stand_in(seat))
                entry["state"] = "bot"
        self.started = True
        el("invite-dialog").close()
        if st.vm is not None and st.vm["phase"] != "draw_dealer":  # a reload's game: saved as it goes on
            st.commit("settings")
        self.round(begin=True)
        self.app.loop.kick()
        self.draw()

    def stand_in(self, seat: int) -> None:
        """*Give to a bot*: a stand-in bot plays the away friend's seat until they are back."""
        st = self.app.state
        if st.session is not None and self.lobby is not None and self.seats.get(seat, {}).get("state") == \
                "disconnected":
            self.send_peers(self.lobby.stand_in(seat))
            self.seats[seat]["state"] = "bot"
            st.commit("settings")
            self.app.loop.kick()
            self.draw()

    def wait(self, seat: int) -> None:
        """*Wait*: the table waits for the disconnected friend (the panel closes; its button reopens it)."""
        if seat in self.seats:
            el("invite-dialog").close()

    def reinvite(self, seat: int) -> None:
        """*Re-invite*: the seat's new link shown (made when the friend was lost), with its answer field."""
        entry = self.seats.get(seat)
        if entry is None:
            return
        entry["reinvite"] = True
        # a used invite takes no other answer: a new one — unless one is being made (a second offer would
        # close the first one's connection while its link is shown)
        if not entry.get("making") and (entry["link"] is None or entry.get("used")):
            spawn(self.invite(seat))
        self.open()

    def deal(self) -> bool:
        """The next deal (the results panel's *Continue*): through the fair round with every connected friend;
        whether this module took it (``False``: no friends online — the page deals as before)."""
        if self.host is None:
            return False
        if self.app.saves.in_sync():
            self.round(begin=True)
        return True

    def round(self, begin: bool = False) -> None:
        """Finish the fair round when it is complete (the deal made and committed), or (``begin``) start it
        when a deal is due: every connected friend commits to a secret, then reveals it."""
        host, st = self.host, self.app.state
        if host is None or st.session is None or not self.started:
            return
        if host.dealt is not None:
            if self.cheat:  # ?king-test only: a cheating host, dealing a shuffle of its own (the friends catch it)
                self.cheat = False
                st.session.deal(random.Random(host.dealt.getrandbits(64)))
                outs = host.changed()
            else:
                outs = host.deal()  # session.deal(agreed rng) and the views
            self.stop_ticking()
            st.commit("deal")
            self.send(outs)
        elif begin and host.need_deal():
            self.send(host.start_deal(new_secret(os.urandom)))
            if host.dealt is not None:  # no friend connected: the round is complete at once
                self.round()
            elif self.ticking is None:
                self.ticking = window.setInterval(self.proxies[1], TICK_MS)

    def tick(self, *_: Any) -> None:
        """Every second of a fair round: a friend that did not answer in time is left out of it."""
        if self.lobby is not None:
            self.send_peers(self.lobby.tick())
            self.round()

    def stop_ticking(self) -> None:
        if self.ticking is not None:
            window.clearInterval(self.ticking)
            self.ticking = None

    # ----- the panel ---------------------------------------------------------------------------------

    def seat_place(self, seat: int) -> str:
        """The seat by where it sits ("North"), as the invite panel's "Invite for North — Player 3" names it."""
        s = self.app.state.session
        return name(self.cat, seat, len(s.settings["levels"]) if s is not None else len(self.seats) + 1)

    def seat_name(self, seat: int) -> str:
        friend = self.seats.get(seat, {}).get("friend")
        return str(friend) if friend else self.cat.t("hotseat.player", n=seat + 1)

    def draw(self) -> None:
        """The panel drawn anew: each seat's block (its link with Copy, Share and QR code: ``king.invite``) —
        a block whose link is unchanged kept as it is (its QR code is drawn once per link), what the host
        typed in the answer fields kept, each seat's alert line and Connect (disabled while an answer is
        applied) brought up to date."""
        s = self.app.state.session
        self.badge()
        if s is None or not self.seats:
            return
        kept: dict[int, Any] = {}
        for seat, entry in self.seats.items():
            node = el(f"invite-link-{seat}")
            if not is_none(node) and entry["link"] is not None and str(node.dataset.link or "") == entry["link"]:
                kept[seat] = node
        typed = {seat: str(el(f"answer-{seat}").value) for seat in self.seats if not is_none(el(f"answer-{seat}"))}
        rows = [{"seat": seat, **entry} for seat, entry in sorted(self.seats.items())]
        players = len(s.settings["levels"])
        names: list[str | None] = [str(self.seats[i].get("friend") or "") if i in self.seats else None
                                   for i in range(players)]
        put(el("invite-body"), invite_panel(self.cat, players, rows, self.started, self.hints, s.seating()["names"]),
            given=names)
        for seat, entry in self.seats.items():
            node, link = el(f"invite-link-{seat}"), entry["link"]
            if is_none(node) or link is None:
                continue
            if seat in kept:
                node.replaceWith(kept[seat])
                line = kept[seat].querySelector(".invite-status")
                if not is_none(line):
                    line.dataset.state = entry["state"]
            else:
                invite_block(node, self.cat, "invite", link, title=self.cat.t("net.invite.link"),
                             status=self.cat.t("net.invite.help", seat=name(self.cat, seat, players)),
                             state=entry["state"], toast=self.app.state.show_toast,
                             after=answer_fields(self.cat, seat))
                node.dataset.link = link
            box, said, button = el(f"answer-{seat}"), el(f"answer-said-{seat}"), el(f"connect-{seat}")
            if seat in typed and not is_none(box):
                box.value = typed[seat]
            if not is_none(said) and str(said.textContent) != str(entry.get("said") or ""):
                said.textContent = str(entry.get("said") or "")
            if not is_none(button):
                button.disabled = bool(entry.get("busy"))

    def badge(self) -> None:
        """The table's seat boxes: a friend's seat that a stand-in bot plays is badged as that bot (a tester saw
        "Friend" on it), redrawn when that changes."""
        drawing = self.app.screen.drawing
        # the friends connected now, for the New game dialog's warning (``king.newgame``)
        document.body.dataset.friends = ",".join(str(seat) for seat, e in self.seats.items() if e.get("joined"))
        bots = frozenset(seat for seat, entry in self.seats.items() if entry["state"] == "bot")
        if bots != drawing.stand_ins:
            drawing.stand_ins = bots
            if self.app.state.vm is not None:
                self.app.screen.render()

    def open(self) -> None:
        """The invite panel, drawn and shown."""
        self.draw()
        dialog = el("invite-dialog")
        if not dialog.open:
            dialog.showModal()

    def clicked(self, event: Any) -> None:
        """The panel's buttons: *Connect*, *Start with bots*, *Give to a bot*, *Re-invite*, *Close*."""
        if str(event.target.id) == "invite-hints":
            self.allow_hints(bool(event.target.checked))
            return
        button = event.target.closest("button")
        if is_none(button):
            return
        ident = str(button.id)
        for attr, action in (("data-connect", lambda seat: spawn(self.connect(seat))), ("data-wait", self.wait),
                             ("data-standin", self.stand_in), ("data-reinvite", self.reinvite)):
            value = button.getAttribute(attr)
            if not is_none(value) and str(value).isdigit():
                action(int(str(value)))
                return
        if ident == "invite-start":
            self.start()
        elif ident == "invite-close":
            el("invite-dialog").close()
