"""The host's side of friends online: the table's room and its one link. After *Deal* of a game with online
seats the page joins the room (``kingPeer.join``: the relays of the Options, the room's id and secret from
``kingcore.online.Lobby``) and the invite panel shows **one link for the table** (``#room=<secret>``) with
Copy, Share and its QR code, who sits where and each seat's own link. Every page that opens the link meets
this one through the relays and connects page to page; the lobby (``kingcore.online.Lobby``) gives it a free
seat or takes its friend back with the seat's key. With no relay (none chosen, or none answering within 10 s)
the panel says so and shows each seat's code link instead (:mod:`king.netcodes`, the hand-made path).

Every message from a friend goes to the lobby; what it answers goes back over that connection. The friends'
moves, like the host's and the bots', change the game only through :meth:`king.state.State.commit`; after
each change the host's ``changed()`` sends the new views. A deal is dealt through the fair round (commit,
reveal, shuffle: ``kingcore.online.deal``) whenever a friend is connected. Who is there
(``Lobby.presence``) is drawn on the table's seats and the panel; the turn limit (Options) makes a friend
who does not play away until they act.

Nothing here touches the save's shape: the settings' ``online`` entries (``kingcore.web.settings``) say what
the host chose for an away friend; the room (its secret and seat keys) is kept beside the save
(``Lobby.saved``), so that the host's reload reopens it and every friend comes back by themselves.

Size: over 400 lines because the host page's side of one table online — the room and its relays, the lobby's
connections and what they make happen, the fair round's clock, the friends' hints and the panel drawn with
each link's block kept — is one flow, read best in one place; the hand-made codes are :mod:`king.netcodes`."""

from __future__ import annotations

import json
import os
import random
import time
from collections.abc import Callable
from typing import Any

from pyscript import document, window
from pyscript.ffi import create_proxy, is_none

from kingcore.online import Host, Lobby, POut, kept_secret
from kingcore.online.attempts import EVENTS, Attempts
from kingcore.online.lobby import AWAY_OPEN_S, LOST_S, RETURN_S, away_open_in
from kingcore.web import ONLINE
from kingcore.web.prefs import TURN_LIMITS, deals_by_mental, ice_servers
from kingcore.web.relays import relay_urls

from .app import App
from .draw import el, put
from .invite import invite_block, no_double_click_select
from .keys import focus_where_play_goes_on
from .netcodes import Codes, site_link
from .netmental import HostMental
from .netwait import panel_note
from .render.invite import answer_fields, awaiting, away_note, invite_panel
from .state import Change, spawn
from .words import Catalog, name

TICK_MS = 1000
"""How often the lobby's clock is looked at (the fair round's deadlines, the reconnecting grace, the turn
limit): ``Lobby.tick``."""
def online_seats(levels: list[str]) -> list[int]:
    """The seats friends play from other browsers.

    >>> online_seats(["human", "online", "hard", "online"])
    [1, 3]
    """
    return [seat for seat, level in enumerate(levels) if level == ONLINE]


def turn_limit(prefs: dict[str, Any]) -> int | None:
    """The table's turn limit from the preferences (``turn_limit``: one of ``kingcore.web.prefs.TURN_LIMITS``,
    seconds), else ``None`` (no limit).

    >>> turn_limit({"turn_limit": 60}), turn_limit({"turn_limit": 7}), turn_limit({})
    (60, None, None)
    """
    limit = prefs.get("turn_limit")
    return int(limit) if limit in TURN_LIMITS else None


class Online:
    """The friends of ``app``'s table (words from ``cat``)."""

    def __init__(self, cat: Catalog, app: App, clock: Callable[[], float] = time.monotonic) -> None:
        self.cat, self.app, self.clock = cat, app, clock
        self.host: Host | None = None
        self.lobby: Lobby | None = None  # the host's door: the connections to self.host's seats
        self.session: Any = None  # the session self.host serves
        self.codes = Codes(self)
        self.started = False  # the game went on (every friend connected, or the host chose bots)
        self.ticking: Any = None
        self.proxies = [create_proxy(self.on_peer), create_proxy(self.tick), create_proxy(lambda e: self.open())]
        self.hints = False  # whether friends may ask for hints (the panel's box; off by default)
        self.hinting: set[int] = set()  # seats whose hint the bots are thinking of
        self.cheat = False  # ?king-test only: the next deal made other than the agreed shuffle
        self.patient: dict[str, int] = {}  # peer → the silence (ms) web/peer.js was told loses it
        self.test_turn_limit: float | None = None  # ?king-test only: a turn limit shorter than the Options offer
        self.relays: int | None = None  # how many relays answer now (None: not known yet)
        self.no_relay = False  # relays off, or none answered in 10 s: the code links are shown
        self.own: set[int] = set()  # free seats whose own link the host opened
        self.away: dict[int, float] = {}  # seat -> when its friend went away
        self.silent = ""  # peer.js's "lost" text of the connection being let go: ms since it was last heard
        self.drawn: Any = None  # what the panel shows (drawn anew only when it changes)
        self.open_later = False  # the panel opens once the host leaves the deal's result (a friend away meanwhile)
        self.offered: set[int] = set()  # away seats whose choices the result panel offers (:meth:`offer`)
        self.drawn_table: Callable[[], None] = app.screen.drawn  # what runs after each draw of the table before
        self.mental: HostMental | None = None  # mental poker's table (Options: no device sees another's cards)
        self.attempts = Attempts(clock)  # the room's connections being made: one that never opens is said

    def bind(self) -> None:
        """Listen to the wire, to the state and to the panel's buttons."""
        window.kingPeer.listen(self.proxies[0])
        self.app.state.subscribe(self.changed)
        el("invite-body").addEventListener("click", create_proxy(self.clicked))
        el("invite-body").addEventListener("input", create_proxy(self.codes.edited))
        no_double_click_select(el("invite-dialog"))
        self.app.screen.drawn = self.redrawn
        el("btn-invite").addEventListener("click", create_proxy(lambda e: self.open()))
        self.app.loop.held = lambda: self.host is not None and not self.started
        if "king-test" in str(window.location.search):  # the browser tests: a cheating host, to be caught
            window.kingCheatNextDeal = create_proxy(lambda: setattr(self, "cheat", True))
            window.kingNoConnectionAfter = create_proxy(lambda s: setattr(self.codes, "no_connection_s", float(s)))
            window.kingNoConnectionNow = create_proxy(lambda seat: self.codes.deadline(int(seat)))
            window.kingConnectAfter = create_proxy(lambda s: setattr(self.attempts, "limit", float(s)))
            window.kingStillAwayNow = create_proxy(lambda seat: self.still_away(int(seat), self.away.get(int(seat), 0)))
            window.kingGoneNow = create_proxy(self.gone_now)
            window.kingReshuffle = create_proxy(lambda deal: self.reshuffle(int(deal)))
            window.kingHostile = create_proxy(lambda seat, counts, times: self.hostile(int(seat), int(counts),
                                                                                      int(times)))
            window.kingTurnLimit = create_proxy(lambda s: setattr(self, "test_turn_limit", float(s) or None))
            window.kingMentalReshuffle = create_proxy(lambda: self.mental is not None and self.mental.reshuffle())
            window.kingMentalLeaveOut = create_proxy(
                lambda seat: self.mental is not None and self.mental.leave_out(int(seat)))

    # ----- the table's changes ---------------------------------------------------------------------

    def changed(self, change: Change) -> None:
        """A subscriber of the state: a new game (or a reload's) with friends gets its room; any change of the
        game sends each connected friend their new view."""
        s = self.app.state.session
        if s is not self.session:
            self.table(s)
        if self.lobby is None or change.kind in ("page", "toast"):
            return
        self.send_peers(self.lobby.changed())
        self.after()

    def table(self, session: Any) -> None:
        """The game on the table changed: the old table's friends told (``bye``: the host started a new
        game) and its room left; the new game's room joined — the one kept for it after the host's reload
        (every friend who held a seat comes back by themselves), else a new one."""
        if self.lobby is not None:
            self.send_peers(self.lobby.close("new_game"))
            window.kingPeer.leave()  # (a promise: a new room's join waits for it itself)
        self.codes.reset()
        if self.mental is not None:
            self.mental.close()
        self.session, self.host, self.lobby, self.started, self.mental = session, None, None, False, None
        self.own, self.away, self.drawn, self.relays, self.no_relay = set(), {}, None, None, False
        self.offered.clear()
        self.app.drawing.presence = None
        seats = [] if session is None else online_seats(session.settings["levels"])
        el("btn-invite").hidden = not seats
        document.body.dataset.online = ",".join(map(str, seats))
        document.body.dataset.friends = ""  # none connected to the new game yet
        if not seats:
            self.stop_ticking()
            return
        prefs = self.app.state.prefs
        self.hints = prefs.get("friend_hints") is True  # the host's choice, kept over a reload
        self.host = Host(session, self.clock, hints=self.hints)
        store = self.app.state.store  # (a game opened again keeps its own way of dealing: read before its room)
        mental = deals_by_mental(prefs, store.get(store.room_key), store.get(f"{store.room_key}:mental"),
                                 self.host.table)
        self.lobby = self.open_room(self.host)
        if mental:
            try:
                self.mental = HostMental(self.cat, self.app, self.lobby, self.send_peers)
            except ValueError as e:  # a game saved mid-deal before mental poker was chosen: the fair round's table
                window.console.warn(f"king: this table deals by the fair round, not by mental poker: {e}")
        if self.ticking is None:
            self.ticking = window.setInterval(self.proxies[1], TICK_MS)
        self.attempts.clear()
        spawn(self.join_room(self.lobby))
        self.show_presence()
        if awaiting(self.rows()):  # (the host's reload: friends reconnecting within their grace open nothing)
            self.open()
        elif is_none(document.activeElement) or str(document.activeElement.tagName) == "BODY":  # (no panel to close:
            # the focus placed as its close would, once the table is drawn)
            window.setTimeout(create_proxy(lambda: focus_where_play_goes_on(self.app)), 0)

    def open_room(self, host: Host) -> Lobby:
        """The lobby of ``host``'s table in its room: the one kept for this table (the host's reload: friends
        who held a seat take it back with its key), else a new one (a damaged one said in the console)."""
        st = self.app.state
        lobby, problem = Lobby.reopen(host, st.store.get(st.store.room_key), self.clock, os.urandom,
                                      turn_limit=turn_limit(st.prefs))
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

    async def join_room(self, lobby: Lobby) -> None:
        """The room joined on the relays of the Options (``kingcore.web.relays.relay_urls``); with none, or
        when the room's library cannot be loaded, the code links are offered at once."""
        prefs = self.app.state.prefs
        urls = relay_urls(prefs)
        if not urls:  # relays off: the library is not even loaded
            self.no_relay = True
            self.draw()
            return
        try:
            await window.kingPeer.join(lobby.room_id, lobby.room["secret"], json.dumps(urls),
                                       json.dumps(ice_servers(prefs)))
        except Exception as e:
            if lobby is self.lobby:
                window.console.warn(f"king: the table's room could not be joined: {e}")
                self.no_relay = True
                self.draw()

    # ----- the wire --------------------------------------------------------------------------------

    def on_peer(self, kind: str, ident: str, text: str) -> None:
        """``kingPeer``'s events: how many relays answer, none answering; a connection open (the lobby's first
        message to it), a message (its friend takes a seat — or takes theirs back with its key — then plays),
        a connection lost. A code's connection is named by its seat; a room's by the page's peer id."""
        lobby = self.lobby
        if lobby is None:
            return
        if kind in EVENTS:  # (a connection with a page of the room being made: said if it never opens, tick)
            self.attempts.event(kind, ident)
            return
        if kind == "relays":
            self.relays = int(text) if text.isdigit() else 0
            if self.relays and self.no_relay:
                self.relays_back(lobby)
            self.draw()
            return
        if kind == "no-relay":
            self.no_relay = True
            document.body.dataset.noRelay = "true"
            self.draw()
            return
        code = ident.isdigit()
        if code and int(ident) not in self.codes.seats:
            return  # a code connection of an older table
        if kind == "open":
            self.attempts.opened()
            self.out(self.door().connect(ident))
        elif kind == "message":
            self.receive(ident, text)
        elif kind == "closed":  # (its page unloading: reloaded, or closed — its seat *reconnecting* meanwhile)
            self.out(self.door().closing(ident))
            self.save_room()  # (when it said goodbye: kept across this page's reload, ``Lobby.saved``)
        elif kind == "lost":
            self.silent = text  # (how long it was silent before: counted in its away panel's wait)
            if code and lobby.seat_of(ident) is None:
                lobby.lost(ident)  # a code's connection that never took its seat
                self.codes.never_joined(int(ident))
            else:
                self.out(self.door().lost(ident))
        self.after()

    def door(self) -> Any:
        """What the connections' events go to: the mental table (which relays, deals and plays through the lobby),
        else the lobby."""
        return self.mental.table if self.mental is not None else self.lobby

    def out(self, outs: list[POut]) -> None:
        """The door's answer sent — at a mental table, with what followed from it (said, drawn, saved)."""
        if self.mental is not None:
            self.mental.after(outs)
        else:
            self.send_peers(outs)

    def receive(self, peer: str, text: str) -> None:
        """A connection's message: the lobby's answer sent; a move it took committed like anyone's."""
        st, host, lobby = self.app.state, self.host, self.lobby
        s = st.session
        if s is None or host is None or lobby is None:
            return
        if self.mental is not None:  # moves are mp texts: the table relays and reads them
            self.mental.log(text)
            self.out(self.mental.table.receive(peer, text))
            return
        before = s.ply
        outs = lobby.receive(peer, text)  # a legal intent is applied to the session (kingcore.online.Host)
        if s.ply != before:
            seat = lobby.seat_of(peer)
            try:
                token = json.loads(text).get("token")
            except Exception:
                token = None
            st.commit("intent", seat=seat, token=token if isinstance(token, str) else None)
        self.send_peers(outs)
        self.round()
        for wanted in host.hint_wanted:
            if wanted not in self.hinting:
                self.hinting.add(wanted)
                spawn(self.answer_hint(wanted))

    def send_peers(self, outs: list[POut]) -> None:
        """The lobby's texts to their connections; ``(peer, None)`` closes that connection."""
        for peer, text in outs:
            if text is not None:
                window.kingPeer.send(peer, text)
            else:
                window.kingPeer.close(peer)

    def after(self) -> None:
        """After the lobby answered: what happened followed, who is there drawn, the panel brought up to date."""
        if self.lobby is not None:
            self.follow(self.lobby.events())
            self.show_presence()
            self.draw()
            self.patience()

    def patience(self) -> None:
        """Each connection's silence before ``web/peer.js`` takes it for lost, as the lobby says
        (``Lobby.patience``: longer for a page in a known-busy phase), passed on when it changed."""
        lobby = self.lobby
        if lobby is None:
            return
        want = {peer: round(lobby.patience(peer) * 1000) for peer in lobby.peers}
        for peer, ms in want.items():
            if self.patient.get(peer) != ms:
                window.kingPeer.patience(peer, ms if ms > LOST_S * 1000 else 0)
        self.patient = want

    def follow(self, events: list[tuple[str, int]]) -> None:
        """What the lobby said happened: a friend seated (their name and seat's key kept), away (lost, or idle
        past the turn limit), back, or a seat freed."""
        for what, seat in events:
            if what == "seated":
                self.seated(seat)
            elif what in ("lost", "idle"):
                self.went_away(seat, what)
            elif what == "gone":  # (said goodbye, not back within RETURN_S: silent longer than the panel waits)
                self.silent = str(round(RETURN_S * 1000))
                self.went_away(seat, "lost")
            elif what == "back":
                self.away.pop(seat, None)
                self.unoffer(seat)
                self.commit_settings()  # its stand-in gone: saved
                self.app.loop.kick()
            elif what == "freed":
                self.unoffer(seat)
                self.save_room()
                self.codes.seats.pop(seat, None)  # its pass is new: an old code link opens nothing

    def seated(self, seat: int) -> None:
        """A friend took the seat (or took it back): the seat is theirs again, its stand-in gone; once the table
        waits for no one — every online seat's friend here, or a bot in it — the game goes on (or, started, the
        panel closes by itself)."""
        self.save_room()
        self.away.pop(seat, None)
        self.unoffer(seat)
        self.codes.joined(seat)
        st = self.app.state
        if st.session is not None:
            self.commit_settings()  # the friend's name, the stand-in gone: saved (and drawn)
        if self.host is not None and self.host.none_awaited():
            if self.started:
                el("invite-dialog").close()
            else:
                self.start()

    def commit_settings(self) -> None:
        """The table's settings changed (a friend seated or back, the host's choice for a seat): saved and drawn —
        at a mental table as its page draws the table (``HostMental.commit_settings``: a deal's result its person
        still reads kept, with its *Continue*), never as the session's own view of its stand-in world, which showed
        the next deal's hand in place of that result while the table waited for the host to leave it."""
        if self.mental is not None:
            self.mental.commit_settings()
        else:
            self.app.state.commit("settings")

    def went_away(self, seat: int, why: str) -> None:
        """A friend's page closed or lost its network (``why``: ``lost``), or did not play for the turn limit
        (``idle``): the seat shows *away* on every page and the table waits, or its stand-in plays, as the host
        chose. Said in a toast; the panel, with the host's choices, opens if they are still away a little
        later (a reload is back sooner, by itself)."""
        since = self.away[seat] = self.clock()
        document.body.dataset.lost = str(seat)
        self.app.state.show_toast(self.cat.t("net.invite.lost", name=self.seat_name(seat)))
        if why == "lost":
            self.codes.lost(seat)
        wait = away_open_in(self.silent if why == "lost" else "")
        self.silent = ""
        now = round(float(window.Date.now()))  # when it was last heard, seen away, and the panel is due (ms)
        document.body.dataset.awayHeard = str(now - round((AWAY_OPEN_S - wait) * 1000))
        document.body.dataset.awayNoticed = str(now)
        document.body.dataset.awayDue = str(now + round(wait * 1000))
        window.setTimeout(create_proxy(lambda: self.still_away(seat, since)), wait * 1000)

    def still_away(self, seat: int, since: float) -> None:
        """The panel opened for a friend still away — while the host reads a deal's result, offered in the result
        panel instead (:meth:`offer`: the panel would cover its *Continue*), and opened when the host leaves the
        result (:meth:`deal`)."""
        if self.away.get(seat) == since and self.lobby is not None and self.seat_state(seat) in ("away",):
            button = el("btn-continue")
            self.open_later = not is_none(button) and not is_none(button.offsetParent)
            if self.open_later:
                self.offer(seat)
            else:
                self.open()

    def offer(self, seat: int) -> None:
        """The result panel says that the friend at ``seat`` is away and offers the host's choices for the seat
        there (``#away-choices``: its button opens the invite panel) — a friend cut off at a deal's end is not
        left waiting on a panel that opens only after *Continue*. Kept until the host leaves the result or the
        friend is back: drawn again after each draw of the table (:meth:`draw_offer`), with every seat offered."""
        self.offered.add(seat)
        self.draw_offer()

    def unoffer(self, seat: int) -> None:
        """The result panel's offer of the choices for ``seat`` (:meth:`offer`) taken back: its friend is back."""
        if seat in self.offered:
            self.offered.discard(seat)
            self.draw_offer()

    def redrawn(self) -> None:
        """After each draw of the table (which builds the result panel anew): the away seats' offer in it."""
        self.drawn_table()
        if self.offered:
            self.draw_offer()

    def draw_offer(self) -> None:
        """``#away-choices`` in the result panel, naming every seat offered (``data-seat``: them, spaced), its
        button opening the invite panel; taken away when none is."""
        panel = el("center-panel")
        note = document.getElementById("away-choices")
        seats = " ".join(str(seat) for seat in sorted(self.offered))
        if not is_none(note) and str(note.getAttribute("data-seat")) == seats:
            return
        if not is_none(note):
            note.remove()
        if not seats or is_none(panel) or panel.hidden:
            return
        note = document.createElement("p")
        note.id, note.className = "away-choices", "panel-note"
        note.setAttribute("data-seat", seats)
        note.textContent = away_note(self.cat, [self.seat_name(seat) for seat in sorted(self.offered)]) + " "
        button = document.createElement("button")
        button.type, button.className, button.id = "button", "btn", "btn-away-choices"
        button.textContent = self.cat.t("net.invite.choices")
        button.addEventListener("click", self.proxies[2])
        note.append(button)
        panel_note(panel, note)

    def show_presence(self) -> None:
        """Who is there (``Lobby.presence``) on the table's seats (``data-presence``) and as the page's mark."""
        lobby = self.lobby
        presence = None if lobby is None else lobby.presence()
        document.body.dataset.presence = ",".join(p or "" for p in presence or [])
        # the friends connected now, for the New game dialog's warning (``king.newgame``)
        seats = [] if lobby is None or self.host is None else self.host.online_seats
        document.body.dataset.friends = ",".join(str(s) for s in seats if lobby and lobby.peer_of(s) is not None)
        drawing = self.app.drawing
        if presence != drawing.presence:
            drawing.presence = presence
            if self.app.state.vm is not None:
                self.app.screen.render()

    def reshuffle(self, deal: int) -> None:
        """``?king-test`` only (``window.kingReshuffle(deal)``): a hostile host asks every connected friend's page
        for a new fair round of ``deal``, which each refuses once it took part in that deal's."""
        host, lobby = self.host, self.lobby
        if host is not None and lobby is not None:
            self.send_peers(lobby.send([(seat, host.message("commit?", deal=deal, host_hash="ab" * 32))
                                        for seat in sorted(host.guests)]))

    def hostile(self, seat: int, counts: int, times: int) -> None:
        """``?king-test`` only (``window.kingHostile(seat, counts, times)``): a hostile host — ``times`` copies of
        ``seat``'s view, each card count ``counts`` when not 0, sent to its friend's page as fast as this page
        makes them; the body's ``data-hostile`` is ``sending`` until the last is sent, then ``sent``."""
        host, lobby = self.host, self.lobby
        if host is None or lobby is None or seat not in host.guests:
            return
        vm: dict[str, Any] = dict(host.session.view_model(seat))
        if counts:
            vm["counts"] = [counts] * len(vm["counts"])
        at = host.guests[seat].at

        def burst(left: int) -> None:  # fifty a task: this page's own heartbeat goes on meanwhile
            sent = min(50, left)
            self.send_peers(lobby.send([(seat, host.message("view", vm=vm, at=at)) for _ in range(sent)]))
            if left > sent:
                window.setTimeout(create_proxy(lambda: burst(left - sent)), 0)
            else:
                document.body.dataset.hostile = "sent"  # the test waits for it: the burst is over

        document.body.dataset.hostile = "sending"
        burst(times)

    # ----- the friends' hints --------------------------------------------------------------------------

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
        if host is not self.host or s is not st.session or self.lobby is None:
            return  # another game meanwhile
        if token is None:  # the friend's page is told, not left "Thinking…"
            self.send_peers(self.lobby.send(host.no_hint(seat)))
            return
        if s.ply != ply:
            if seat in host.hint_wanted:
                host.hint_wanted.remove(seat)
            return
        self.send_peers(self.lobby.send(host.hint(seat, token)))

    def allow_hints(self, on: bool) -> None:
        """The panel's box: friends may (``on``) ask for hints; every connected friend's page learns it at
        once (``Host.allow_hints``), a friend who joins later in its welcome. Kept in the prefs
        (``friend_hints``): a reload, or the next game, keeps the host's choice."""
        self.hints = on
        st = self.app.state
        st.prefs["friend_hints"] = on
        st.store.save_prefs(st.prefs)
        if self.host is not None and self.lobby is not None:
            self.send_peers(self.lobby.send(self.host.allow_hints(on)))

    # ----- the game goes on --------------------------------------------------------------------------

    def start(self) -> None:
        """Every friend here, or the host chose bots for the seats still free or away: the game goes on (the
        first deal, or the next, through the fair round)."""
        st, host, lobby = self.app.state, self.host, self.lobby
        if st.session is None or host is None or lobby is None:
            return
        for seat in host.online_seats:
            if lobby.peer_of(seat) is None:
                self.out(self.door().stand_in(seat))
        self.started = True
        el("invite-dialog").close()
        if st.vm is not None and st.vm["phase"] != "draw_dealer":  # a reload's game: saved as it goes on
            self.commit_settings()
        self.round(begin=True)
        self.app.loop.kick()
        self.after()

    def stand_in(self, seat: int, on: bool = True) -> None:
        """*A bot plays until they are back* (``on``), or *Wait*: the host's choice for an away seat; *A bot
        plays until someone takes it* for a free seat the game under way waits for."""
        st, lobby = self.app.state, self.lobby
        state = self.seat_state(seat)
        if st.session is None or lobby is None or (
                state not in ("away", "reconnecting", "bot") and not (state == "free" and self.started and on)):
            return
        try:
            self.out(self.door().stand_in(seat, on))
        except Exception as e:  # its friend came back meanwhile
            window.console.warn(f"king: seat {seat} stays as it is: {e}")
            return
        self.commit_settings()
        self.app.loop.kick()
        if not on:
            el("invite-dialog").close()
        self.after()
        self.resume()

    def free(self, seat: int) -> None:
        """*Give the seat to someone else*: its key and pass renewed (its friend's way back and its old links
        open nothing), the seat free for whoever opens the table's link next; a stand-in bot, if chosen,
        plays it meanwhile."""
        lobby = self.lobby
        if lobby is None:
            return
        self.out(self.door().free(seat))
        self.own.discard(seat)
        self.after()
        self.resume()

    def resume(self) -> None:
        """The host's choice for a seat (a stand-in bot, or the seat given away, which a mental table's stand-in
        plays) left a game under way waiting for no one (``Host.none_awaited``) while it has not gone on since the
        host's reload (``started``: the bots' loop held): it goes on now, as when the last friend awaited is back
        (:meth:`seated`) — else the stand-in's turn never came to an end (``Host.goes_on``, which tests/mental_sim.py
        asks at the host's choices as this page does). A game not dealt yet waits for *Start*."""
        if self.host is not None and self.host.goes_on(self.started):
            self.start()

    def relays_back(self, lobby: Lobby) -> None:
        """A relay answers again after none did: the table's link takes the free seats again. Each code link no
        friend is answering (none made or on its way, none connecting, none taken) is withdrawn and its seat no
        longer kept for it — a visitor with the table's link saw that seat as kept; with a code in use the panel
        stays as it is."""
        entries = self.codes.seats
        if any(e.get("making") or e.get("busy") or e.get("used") for e in entries.values()):
            return
        self.no_relay = False
        document.body.dataset.noRelay = "false"
        for seat in list(entries):
            window.kingPeer.close(str(seat))
            del entries[seat]
            if seat not in self.own and self.seat_state(seat) == "free":
                self.send_peers(lobby.reserve(seat, False))
        self.save_room()

    def reserve(self, seat: int) -> None:
        """A seat's own link copied or shared: the free seat is kept for that link's holder."""
        lobby = self.lobby
        if lobby is not None and self.seat_state(seat) == "free":
            self.send_peers(lobby.reserve(seat))
            self.save_room()

    def deal(self) -> bool:
        """The next deal (the results panel's *Continue*): through the fair round with every connected friend;
        whether this module took it (``False``: no friends online — the page deals as before)."""
        if self.host is None:
            return False
        if self.open_later and any(self.seat_state(seat) == "away" for seat in self.away):
            self.open()  # (a friend away since the result was shown: the host's choices for the seat)
        self.open_later = False
        self.offered.clear()  # (the result left: its panel offers nothing)
        if self.mental is not None:  # its rounds start by themselves: the table as it is now
            self.mental.go_on()
        elif self.app.saves.in_sync():
            self.round(begin=True)
        return True

    def round(self, begin: bool = False) -> None:
        """Finish the fair round when it is complete (the deal made and committed), or (``begin``) start it
        when a deal is due: every connected friend commits to a secret, then reveals it."""
        host, lobby, st = self.host, self.lobby, self.app.state
        if host is None or lobby is None or st.session is None or not self.started or self.mental is not None:
            return
        if host.dealt is not None:
            if self.cheat:  # ?king-test only: a cheating host, dealing a shuffle of its own (the friends catch it)
                self.cheat = False
                st.session.deal(random.Random(host.dealt.getrandbits(64)))
                outs = host.changed()
            else:
                outs = host.deal()  # session.deal(agreed rng) and the views
            st.commit("deal")
            self.send_peers(lobby.send(outs))
        elif begin and host.need_deal():  # the secret kept: reloaded during the round, it asks for the same round
            store, deal = st.store, host.next_deal()
            secret, kept = kept_secret(store.get(store.round_key), host.table, deal, os.urandom)
            store.put(store.round_key, kept)
            self.send_peers(lobby.send(host.start_deal(secret)))
            if host.dealt is not None:  # no friend connected: the round is complete at once
                self.round()

    def tick(self, *_: Any) -> None:
        """Every second: the lobby's clock (a fair round's deadlines, the reconnecting grace, the turn limit of
        the Options, read afresh) and the round finished when it is complete."""
        lobby = self.lobby
        if lobby is None:
            return
        lobby.turn_limit = self.test_turn_limit or turn_limit(self.app.state.prefs)
        if self.attempts.due():  # a friend's page tried and never connected (its network, or its offer unanswered)
            document.body.dataset.unreachable = "true"
            self.app.state.show_toast(self.cat.t("net.unreachable_friend"), lasting=True, key="unreachable")
        self.out(self.door().tick())
        if not self.started and self.host is not None and self.host.none_awaited():
            self.start()  # (the host's reload: every seat's friend back or a bot in it — it goes on by itself)
        self.round()
        self.after()

    def gone_now(self) -> None:
        """``?king-test`` only (``window.kingGoneNow()``): the pages that said goodbye and are awaited back are
        taken as not coming back now (``Lobby.returns_over``: the closed pages of the browser tests)."""
        if self.lobby is not None:
            self.lobby.returns_over()
            self.out(self.door().tick())
            self.after()

    def stop_ticking(self) -> None:
        if self.ticking is not None:
            window.clearInterval(self.ticking)
            self.ticking = None

    # ----- the panel ---------------------------------------------------------------------------------

    def seat_place(self, seat: int) -> str:
        """The seat by where it sits ("North"), as the panel's "North — Player 3" names it."""
        s = self.app.state.session
        return name(self.cat, seat, len(s.settings["levels"]) if s is not None else 4)

    def seat_name(self, seat: int) -> str:
        s = self.app.state.session
        given = s.settings["names"][seat] if s is not None else ""
        return str(given) if given else self.cat.t("hotseat.player", n=seat + 1)

    def seat_state(self, seat: int) -> str:
        """What the panel says of an online seat: ``free`` (no friend holds it), or its presence."""
        lobby = self.lobby
        if lobby is None:
            return "free"
        if not lobby.taken()[seat]:  # (a bot may play it meanwhile: the row says so)
            return "free"
        presence = lobby.presence()[seat]
        return "here" if presence in (None, "sitting") else presence  # (sitting: connected, a bot ends the deal)

    def room_state(self) -> dict[str, Any]:
        """The table link's line: relays off, none answering, how many answer, or still finding them."""
        if not relay_urls(self.app.state.prefs):
            return {"state": "off"}
        if self.relays:
            return {"state": "relays", "relays": self.relays}
        return {"state": "no_relay" if self.no_relay else "finding"}

    def rows(self) -> list[dict[str, Any]]:
        """Each online seat as the panel shows it (the code links asked for where the panel shows them)."""
        host, lobby = self.host, self.lobby
        if host is None or lobby is None:
            return []
        base = str(window.location.href)
        rows = []
        for seat in host.online_seats:
            state = self.seat_state(seat)
            row: dict[str, Any] = {"seat": seat, "state": state, "codes": self.no_relay,
                                   "own": seat in self.own and state == "free",
                                   "bot": lobby.presence()[seat] in ("bot", "sitting")}
            if row["own"]:
                row["own_link"] = site_link(base, lobby.link(seat))
            if self.no_relay and state != "here":
                self.codes.wanted(seat)
                entry = self.codes.entry(seat)
                row.update(code_link=entry["link"], used=bool(entry.get("used")), busy=bool(entry.get("busy")),
                           said=str(entry.get("said") or ""))
            rows.append(row)
        return rows

    def draw(self) -> None:
        """The panel drawn anew when what it shows changed (while it is open): the table's link, each seat's
        block and its links — a link's block whose text is unchanged kept as it is (its QR code is drawn once
        per link), what the host typed in the answer fields kept, each seat's alert line and Connect (disabled
        while an answer is applied) brought up to date."""
        s, lobby = self.app.state.session, self.lobby
        if s is None or lobby is None or not el("invite-dialog").open:
            return
        rows, room = self.rows(), self.room_state()
        players = len(s.settings["levels"])
        names: list[str | None] = [str(s.settings["names"][i] or "") if i in lobby.host.online_seats else None
                                   for i in range(players)]
        vm = self.app.state.vm
        dealt = vm is not None and vm["phase"] != "draw_dealer"  # a rubber going on (the host's reload)
        lang = str(document.documentElement.lang)  # (a block kept by its link is drawn again in a new language)
        key = json.dumps([rows, room, self.started, self.hints, names, dealt, lang], sort_keys=True)
        if key == self.drawn:
            return
        self.drawn = key
        places = ["room-link", *(f"{kind}-link-{r['seat']}" for r in rows for kind in ("own", "invite"))]
        kept = {p: node for p in places if not is_none(node := el(p)) and node.dataset.link}
        boxes = {int(r["seat"]): el(f"answer-{r['seat']}") for r in rows}
        typed = {seat: str(box.value) for seat, box in boxes.items() if not is_none(box)}
        put(el("invite-body"), invite_panel(self.cat, players, rows, self.started, self.hints,
                                            s.seating()["names"], room, dealt), given=names)
        links: dict[str, tuple[str, str, int | None]] = {
            "room-link": ("room", site_link(str(window.location.href), lobby.link()), None)}
        for r in rows:
            if r.get("own_link"):
                links[f"own-link-{r['seat']}"] = ("seat", r["own_link"], int(r["seat"]))
            if r.get("code_link"):
                links[f"invite-link-{r['seat']}"] = ("invite", r["code_link"], int(r["seat"]))
        for place, (kind, link, seat) in links.items():
            node = el(place)
            if is_none(node):
                continue
            old = kept.get(place)
            if old is not None and str(old.dataset.link) == link and str(old.dataset.lang) == lang:
                node.replaceWith(old)
                continue
            self.draw_block(node, kind, link, seat, players)
        for r in rows:
            self.code_fields(r, typed)

    def draw_block(self, node: Any, kind: str, link: str, seat: int | None, players: int) -> None:
        """One link's block (:func:`king.invite.invite_block`) into its place, marked with its link."""
        t, toast = self.cat.t, self.app.state.show_toast
        if kind == "room":
            invite_block(node, self.cat, "room", link, title=t("net.room.link"), toast=toast)
        elif kind == "seat" and seat is not None:
            invite_block(node, self.cat, "seat", link, title=t("net.invite.own_title"),
                         status=t("net.invite.own_help", seat=name(self.cat, seat, players)), toast=toast,
                         used=lambda: self.reserve(seat))
        elif seat is not None:
            invite_block(node, self.cat, "invite", link, title=t("net.invite.link"),
                         status=t("net.invite.help", seat=name(self.cat, seat, players)), state="waiting",
                         toast=toast, after=answer_fields(self.cat, seat))
        node.dataset.link = link
        node.dataset.lang = str(document.documentElement.lang)

    def code_fields(self, row: dict[str, Any], typed: dict[int, str]) -> None:
        """A seat's answer field as the host typed it, its alert line and Connect as the codes say."""
        seat = int(row["seat"])
        box, said, button = el(f"answer-{seat}"), el(f"answer-said-{seat}"), el(f"connect-{seat}")
        if seat in typed and not is_none(box):
            box.value = typed[seat]
        if not is_none(said) and str(said.textContent) != str(row.get("said") or ""):
            said.textContent = str(row.get("said") or "")
        if not is_none(button):
            button.disabled = bool(row.get("busy"))

    def open(self) -> None:
        """The invite panel, drawn and shown."""
        dialog = el("invite-dialog")
        if not dialog.open:
            dialog.showModal()
        self.drawn = None
        self.draw()

    def clicked(self, event: Any) -> None:
        """The panel's buttons: a seat's own link, *Wait*, *A bot plays…*, *Give the seat to someone else*,
        *New code link*, *Connect*; *Start with bots*, *Close*; the hints box."""
        if str(event.target.id) == "invite-hints":
            self.allow_hints(bool(event.target.checked))
            return
        button = event.target.closest("button")
        if is_none(button):
            return
        actions: dict[str, Callable[[int], Any]] = {
            "data-connect": lambda seat: spawn(self.codes.connect(seat)),
            "data-wait": lambda seat: self.stand_in(seat, False), "data-standin": self.stand_in,
            "data-free": self.free, "data-reinvite": self.codes.renew, "data-own": self.toggle_own}
        for attr, action in actions.items():
            value = button.getAttribute(attr)
            if not is_none(value) and str(value).isdigit():
                action(int(str(value)))
                return
        ident = str(button.id)
        if ident == "invite-start":
            self.start()
        elif ident == "invite-close":
            el("invite-dialog").close()

    def toggle_own(self, seat: int) -> None:
        """A free seat's own link shown (or hidden again)."""
        if seat in self.own:
            self.own.discard(seat)
        else:
            self.own.add(seat)
        self.draw()
