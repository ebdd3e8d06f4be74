"""A friend's page: :class:`GuestPage` draws the seat's table from the view models the host sends
(``kingcore.online.Guest`` checks each one first) with the page's own renderers, and sends the player's
intents; it says who is there (the host's ``presence``), the fair round's checks, the host's hints, and its
last table once the host is gone. It holds no ``Session``, never stores another seat's cards, and never writes
the visitor's own saved game (it commits nothing to ``king.state``). The wire is ``web/peer.js``
(``window.kingPeer``); the protocol is ``kingcore.online``.

Two ways in: a table's one link (``#room=…``: :class:`king.guestroom.RoomPage`, which finds the host through the
relays) and, here, a seat's code link (``#join=<code>``): "Join Olga's table as North?" with the rules in
force and a name, the answer code for the host, and once connected the host's lobby comes first on the
connection: the page takes the invite's seat with its pass (or takes it back with the seat's key it keeps:
``kingcore.online.room.Ticket``).

Size: over 400 lines because the friend's page — the code link's join screen, its one connection's lobby and
welcome, the views drawn, the fair round's checks said, who is there, its hints and its last table once the
host is gone — is one flow over one connection, read best in one place."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable
from typing import Any

from pyscript import document, window
from pyscript.ffi import create_proxy, is_none

from kingcore.online import Guest, NetError, Shuffles, answer_text, check_invite
from kingcore.online.mentaltable import host_away_view, seats_of
from kingcore.online.room import remember, ticket_for, use_invite, used_invites
from kingcore.web import RULE_SET_TEXTS, check_names, name_problem
from kingcore.web.prefs import ice_servers, last_name
from kingcore.web.rulestext import NO_CONNECTION_S

from .app import App
from .botloop import BOT_PACE_MS
from .draw import blob_url, el, put
from .extras import open_help
from .invite import invite_block, no_double_click_select
from .netmental import GuestMental, check_note, redeal_line
from .netwait import panel_note, redeal_bar, waiting_status
from .render.invite import bad_link_screen, join_screen, used_link_screen
from .render.status import move_hint
from .render.wait import away_banner
from .state import spawn
from .words import Catalog
from .worker import at_once

PEER = "host"
"""The code link's one connection's name in ``kingPeer``."""
FLOOD_WINDOW_S = 1.0
"""The second over which ``kingcore.online.Guest`` counts the host's texts (``HOST_FLOOD_LIMIT`` in it)."""
BAD_HOST_QUIET_S = 5.0
"""After saying that the host sent something this page cannot show, the same is not said again for this long (a
hostile host's burst of a thousand refused texts is one toast)."""
MAX_LINK = 16_384
"""The longest decoded invite link read (the offer and the invite), in characters."""
STATE_WORDS = {"reading": "net.connecting", "bad_link": "net.join.bad_link", "used_link": "net.join.used_link",
               "asking": "net.join.title",
               "answered": "net.join.answer_title", "connected": "net.join.connected", "lost": "net.host_lost",
               "bye": "net.closed", "new_game": "net.closed_new_game", "failed": "net.host_lost",
               "finding": "net.join.finding", "no_relay": "net.join.not_connected", "back": "net.join.back",
               "reconnecting": "net.host_reconnecting", "freed": "net.bye.freed", "elsewhere": "net.bye.elsewhere",
               "full": "net.bye.full"}
"""The status line's words for each state of the guest's page (``data-guest``; ``playing``: the table's own) — short
where the join screen over it says why (``no_relay``: once, there)."""
GONE = ("lost", "bye", "new_game", "failed", "freed", "elsewhere", "full")
"""The host gone for good: the table a picture (:meth:`GuestPage.gone`)."""
PICTURE = (*GONE, "reconnecting")
"""States in which the table is only a picture: the host gone, or (a table link's page) coming back."""


def read_link(text: str) -> tuple[str, dict[str, Any]]:
    """The offer SDP and the invite (``kingcore.online.Host.invite``) a link's decoded code holds.

    Raises:
        KeyError: no offer (``"sdp"``), or too long a text.
        NetError: the invite refused by ``kingcore.online.check_invite`` (its fields, sizes, rules).
    """
    doc = json.loads(text)
    if not isinstance(doc, dict) or not isinstance(doc.get("sdp"), str) or len(text) > MAX_LINK:
        raise KeyError("sdp")
    return doc["sdp"], check_invite(doc.get("invite"))


class GuestPage:
    """The guest's page over ``app`` (its drawing, its state's toast; never its save) for the link ``code``."""

    def __init__(self, cat: Catalog, app: App, code: str, clock: Callable[[], float] = time.monotonic) -> None:
        self.cat, self.app, self.code, self.clock = cat, app, code, clock
        self.sdp: str | None = None
        self.invite: dict[str, Any] = {}
        self.guest: Guest | None = None
        store = app.state.store  # the fair-deal rounds this device committed to: a host that drops the connection,
        self.shuffles = Shuffles.from_text(store.get(store.shuffles_key))  # or a reload, cannot shuffle one again
        self.peer = PEER  # the host's connection in kingPeer
        self.name = ""
        self.connected = False
        self.listener = create_proxy(self.on_peer)
        self.render_proxy = create_proxy(self.render_now)
        self.rendering = False  # a render is on its way (views that come in a burst are drawn once)
        self.bad_said = -BAD_HOST_QUIET_S  # when this page last said the host sent something it cannot show
        self.flood_timer: Any = None
        self.flood_over = create_proxy(lambda: document.body.removeAttribute("data-host-flood"))
        self.record: str | None = None  # the game record the host shared once a deal was over
        self.record_url: str | None = None
        self.asked_deal: int | None = None  # the deal after whose result Continue asked the host to deal
        self.no_connection_s: float = NO_CONNECTION_S  # ?king-test: window.kingNoConnectionAfter(s) shortens it
        self.mental: GuestMental | None = None  # this connection's side of a mental-poker table (king.netmental)
        self.last_mental: GuestMental | None = None  # the last connection's
        self.ticking: Any = None
        self.standing = False  # a mental table's stand-in bot is choosing this seat's move
        drawn = app.screen.drawn

        def redrawn() -> None:  # after each draw: a closed table's result panel offers nothing to go on with, and
            drawn()  # a table not back yet says so
            self.closed_panel()
            self.restoring()

        app.screen.drawn = redrawn

    # ----- the join screen -------------------------------------------------------------------------

    def start(self) -> None:
        """The page is up: read the link, then ask. With ``?king-test`` in the address (the browser tests
        only), ``window.kingNetTest(text)`` sends raw text to the host: a hostile guest's messages."""
        if "king-test" in str(window.location.search):
            window.kingNetTest = create_proxy(lambda text: bool(window.kingPeer.send(self.peer, str(text))))
            window.kingNoConnectionAfter = create_proxy(lambda s: setattr(self, "no_connection_s", float(s)))
            window.kingGuestView = create_proxy(lambda text, hints=False, asked=False, presence=None: self.test_view(
                str(text), hints is True, asked is True, None if is_none(presence) else str(presence)))
        document.body.dataset.guest = "reading"
        no_double_click_select(el("join-dialog"))
        el("join-body").addEventListener("input", create_proxy(self.name_typed))
        el("loading").hidden = True
        el("btn-new").hidden = True  # this tab is a seat at the host's table: its own games wait in the visitor's tab
        self.app.screen.drawing.hints = False  # until the host's welcome says it allows hints
        fast = el("fast")  # how fast the bots play is the host's setting: its page runs them, so the box is not
        fast.disabled = True  # offered here (disabled, its reason only in a tooltip, it looked broken on a phone)
        fast.closest("label").hidden = True
        spawn(self.read())

    async def read(self) -> None:
        try:
            text = str(await window.kingPeer.decode(self.code))
            self.sdp, self.invite = read_link(text)
        except Exception as e:  # a broken or foreign link (KeyError, ValueError…): said, nothing else happens
            window.console.warn(f"king: the invite link could not be read: {e}")
            self.bad_link()
            return
        store = self.app.state.store
        if str(self.invite["id"]) in used_invites(store.get(store.used_key)):  # answered and connected already
            put(el("join-body"), used_link_screen(self.cat))
            self.show_join("used_link", "join-leave")
            return
        self.draw_join()

    def bad_link(self) -> None:
        """A link that cannot be read: the join screen says so, with a way on — a game against bots."""
        put(el("join-body"), bad_link_screen(self.cat))
        self.show_join("bad_link", "join-leave")

    def show_join(self, state: str, focus: str) -> None:
        """The join screen drawn for ``state`` (the page's mark and status line): shown, ``focus`` focused."""
        self.say_state(state)
        dialog = el("join-dialog")
        if not dialog.open:
            dialog.showModal()
        el(focus).focus()

    def cancelled(self, event: Any) -> None:
        """Escape on the join screen: the screen is this page's only way on (a friend's page has no New game),
        so it stays open; a broken link's, an unreachable table's (no relay answering) or a full table's
        (``#join-full``: nothing to join) or no host's (``data-no-host``) Escape is its *Play against bots*."""
        event.preventDefault()
        state = str(document.body.dataset.guest)
        gone = state == "finding" and str(document.body.getAttribute("data-no-host")) == "true"
        full = state == "asking" and not is_none(el("join-full"))
        if state in ("bad_link", "used_link", "no_relay") or gone or full:
            self.leave()

    def leave(self) -> None:
        """*Play against bots*: this page's address without the link, opened anew — the visitor's own game."""
        window.location.replace(str(window.location.href).split("#", 1)[0])

    def draw_join(self) -> None:
        """ "Join Olga's table as North?" with the rules and the name field."""
        text = str(self.invite["rules"])
        key = next((k for k, t in RULE_SET_TEXTS.items() if t == text), None)
        rules = self.cat.t(f"set.{key}" if key else "set.custom")  # the set's name; its help has the rest
        put(el("join-body"), join_screen(self.cat, self.invite, rules), given=[str(self.invite.get("host") or "")])
        # the name the seat had (a Re-invite's), else the one this device last joined with (or its own)
        el("join-name").value = str(self.invite.get("name") or last_name(self.app.state.prefs))
        self.show_join("asking", "join-name")

    def clicked(self, event: Any) -> None:
        """A button of the join screen: *Join*, the rules, *Play against bots* (a broken link's)."""
        button = event.target.closest("button")
        ident = "" if is_none(button) else str(button.id)
        if ident == "join-accept":
            self.accept()
        elif ident == "join-rules":
            self.rules()
        elif ident == "join-leave":
            self.leave()

    def rules(self) -> None:
        """The rules help of the host's table."""
        open_help(self.cat, str(self.invite["rules"]))

    def accept(self) -> None:
        """*Join*: the name checked (an empty one is said beside the field — the others must know who joins —
        and Join does nothing else), kept for the next join on this device, the answer code made and shown."""
        if self.sdp is None or self.guest is not None or not self.take_name():
            return
        self.guest = Guest(self.clock, room=str(self.invite["room"]), shuffles=self.shuffles)
        el("join-accept").disabled = True
        spawn(self.answer())

    def name_typed(self, event: Any) -> None:
        """A name too long is said as it is typed, not only at *Join* (``#join-error``); said so, it goes once the
        name is short enough (another problem is said at *Join*)."""
        if str(event.target.id) != "join-name":
            return
        problem = name_problem([str(event.target.value)])
        long = problem is not None and problem[1] == "long"
        said = el("join-error")
        if long and problem is not None:
            said.textContent = self.cat.t("net.join.name_too_long", **problem[2])
        elif str(said.getAttribute("data-long")) == "true":
            said.textContent = ""
        said.setAttribute("data-long", "true" if long else "false")

    def take_name(self) -> bool:
        """The join screen's name (``#join-name``) checked — an empty one is said beside the field (the others
        must know who joins), in the page's language and naming no seat (it is the visitor's own name) — and,
        when good, kept as :attr:`name` and for this device's next join screen. Whether it was good."""
        typed = str(el("join-name").value)
        problem = name_problem([typed], required=True)
        if problem is not None:
            code = {"long": "net.join.name_too_long", "empty": "net.join.name_empty"}.get(problem[1],
                                                                                         "net.join.name_char")
            el("join-error").textContent = self.cat.t(code, **problem[2])
            el("join-name").focus()
            return False
        try:
            self.name = check_names([typed], 1)[0]
        except ValueError as e:
            el("join-error").textContent = str(e)
            return False
        el("join-error").textContent = ""  # a corrected name: the old error goes
        st = self.app.state
        st.prefs["net_name"] = self.name  # filled in on this device's next join screen
        st.store.save_prefs(st.prefs)
        return True

    async def answer(self) -> None:
        window.kingPeer.listen(self.listener)
        try:
            ice = json.dumps(ice_servers(self.app.state.prefs))
            sdp = await window.kingPeer.answer(PEER, self.sdp, ice)
            code = str(await window.kingPeer.encode(answer_text(str(sdp), self.invite)))  # names its invite
        except Exception as e:
            window.console.warn(f"king: no answer could be made: {e}")
            self.gone("failed")
            return
        block = invite_block(el("join-answer"), self.cat, "answer", code, title=self.cat.t("net.join.answer_title"),
                             status=self.cat.t("net.join.answer_help", host=self.host_name()),
                             toast=self.app.state.show_toast)
        el("join-answer").hidden = False
        self.say_state("answered")
        window.setTimeout(create_proxy(lambda: self.no_connection(block)), self.no_connection_s * 1000)

    def no_connection(self, block: Any) -> None:
        """No connection :data:`NO_CONNECTION_S` seconds after the answer was shown: said plainly under it (the
        invite may have been used by someone else — ask for a new link —, or the devices cannot reach each
        other: the same network, or one device), as the host's page says it."""
        if self.connected or document.body.dataset.guest != "answered":
            return
        document.body.dataset.noConnection = "true"
        block.status(self.cat.n("net.join.no_connection", NO_CONNECTION_S), "no_connection")

    # ----- connected -------------------------------------------------------------------------------

    def on_peer(self, kind: str, _id: str, text: str) -> None:
        """``kingPeer``'s events: the channel open (hello), a message, the host lost."""
        if self.guest is None:
            return
        if kind == "open":  # the host's lobby comes first; this page then takes its seat (received)
            self.connected = True
            el("join-dialog").close()
            self.say_state("connected")
            self.show_presence()
        elif kind == "message":
            self.take(text)
        elif kind == "lost":
            self.connected = False
            self.show_presence()
            if str(document.body.dataset.guest) in GONE:  # the host said goodbye first: said already
                return
            self.app.state.show_toast(self.cat.t("net.host_lost"))
            self.gone("lost")

    def received(self, out: dict[str, Any]) -> None:
        """What the protocol made of a host's message: the lobby answered (:meth:`on_lobby`), the welcome
        (:meth:`on_welcome`), a view drawn, a refusal said, the fair round answered, who is there, a goodbye
        (:meth:`on_bye`), a message refused (:meth:`bad_host`)."""
        if "lobby" in out:
            self.on_lobby(out["lobby"])
        elif "view" in out:
            self.draw(out["view"])
            if "unshuffled" in out:
                self.unfair(int(out["unshuffled"]))
        elif "welcome" in out:  # on joining, and again whenever the host changes whether it allows hints
            self.on_welcome(out)
        elif "hint" in out:
            self.hinted(str(out["hint"]))
        elif "refused" in out:
            self.on_refused(out["refused"])
        elif "unfair" in out:
            self.unfair(int(out["unfair"]), str(out.get("code") or ""))
        elif "presence" in out:
            self.show_presence()
        elif out.get("checked") is False:  # a deal whose fair round this page was not in: quietly not checked
            document.body.dataset.unchecked = ",".join(map(str, self.guest.unchecked if self.guest else []))
        elif "record" in out:  # a deal is over: its record (every hand of it) may be downloaded now
            self.record = str(out["record"])
            document.body.dataset.fair = ",".join(map(str, self.guest.fair if self.guest is not None else []))
            document.body.dataset.unchecked = ",".join(map(str, self.guest.unchecked if self.guest else []))
            self.mark_fair()
        elif "bye" in out:
            self.on_bye(str(out["bye"]))
        elif "error" in out:
            self.bad_host(str(out["error"]), str(out.get("message") or ""))
        if isinstance(out.get("commit") or out.get("reveal"), str):  # kept before it is sent: a reload answers the
            # same round alike, and checks the deal it revealed its secret for
            store = self.app.state.store
            store.put(store.shuffles_key, self.shuffles.to_text())
        for key in ("commit", "reveal", "send"):
            if isinstance(out.get(key), str):
                self.send(out[key])

    def take(self, text: str) -> None:
        """A text of the host's connection: through this connection's mental table side, which answers it (a
        mental-poker table: its texts sent, its table drawn from this page's own session), then as any."""
        mental = self.mental
        if self.guest is None:
            return
        if mental is None:
            got = self.guest.receive(text)
            if "mental" in got:  # the host's table is a mental one: this connection plays it from now on
                self.mental_for(self.guest)
            self.received(got)
            self.mental_drawn()
            return
        got, out = mental.receive(text)
        self.received(got)
        if "reading" in got:  # (the status line says whom the table waits for to go on)
            self.render_soon()
        for answer in out:
            self.send(answer)
        self.mental_drawn()

    def mental_for(self, guest: Guest) -> None:
        """This connection's side of a mental table (the host said ``mental``), and the clock of its deadlines."""
        self.mental = self.last_mental = GuestMental(self.cat, self.app, guest, self.last_mental)
        if self.ticking is None:
            self.ticking = window.setInterval(create_proxy(self.mental_tick), 1000)
            screen = self.app.screen
            drawn = screen.drawn

            def redrawn() -> None:  # after each draw: a deal's result panel says what this page checked of it
                drawn()
                if self.mental is not None and self.mental.on and not self.closed():
                    check_note(self.cat, self.mental.mg.checks, self.app.state.vm,
                               self.mental.mg.memory.rounds, self.mental.mg.memory.taken_at)
                    redeal_bar(self.cat, self.app.state.vm, self.mental.left_deal, self.mental.mg,
                               self.mental.waited())
                    waiting_status(self.cat, self.app.state.vm, self.mental.mg.readers(), self.mental.mg.unloading())
                    mg = self.mental.mg
                    redeal_line(self.cat, self.app.state.vm, mg.page, mg.guest.host_reloaded,
                                mg.standin is not None and mg.standin.behind, mg.awaited())

            screen.drawn = redrawn

    def mental_tick(self, *_: Any) -> None:
        """Every second at a mental table: a page that owes this one its part too long is named."""
        mental = self.mental
        if mental is not None and mental.on and self.connected and not self.closed():
            for text in mental.mg.tick():
                self.send(text)
            self.mental_drawn()

    def mental_drawn(self) -> None:
        """At a mental table: what happened said, and the table drawn from this page's own session when it
        changed."""
        mental = self.mental
        if mental is None or not mental.on or self.closed():
            return
        before = self.app.state.vm
        self.show_presence()  # (whether this seat sits the deal out changes with the table's texts too)
        if not self.standing and mental.mg.stand_in_turn() is not None:
            spawn(self.stand_in_move())
        mental.after()
        owed = mental.mg.next_owed() if self.connected and self.guest is not None else None
        if owed is not None:  # (the host's page still waits for this person, who left the result: told)
            self.send(owed)
        memory = mental.mg.memory  # (an audit, the same view)
        check_note(self.cat, mental.mg.checks, before, memory.rounds, memory.taken_at)
        if self.app.state.vm is not before:
            if before is None or self.app.state.vm != before:
                self.app.state.hint = None
            self.render_soon()

    async def own_bots(self) -> None:
        """The page's bots' worker, up: a friend's page starts it only when a mental table needs it — for its hint
        or its stand-in, which are its own (the host does not know its hand) — not on every friend's device."""
        bots = self.app.bots
        if bots.starts == 0:
            bots.first_move = at_once
            spawn(bots.connect())
        await bots.ready.wait()

    async def stand_in_move(self) -> None:
        """The host gave this seat, away past the turn limit, a stand-in bot: this page — the only one that holds
        its cards — plays it with the bots' worker from its own session's view of the seat, at the bots' pace,
        until its person acts again (their move, or *Continue*, says ``here``)."""
        mental = self.mental
        level = mental.mg.stand_in_turn() if mental is not None else None
        if mental is None or level is None or mental.mg.standin is None or mental.mg.seat is None:
            return
        self.standing = True
        try:
            standin, seat = mental.mg.standin, mental.mg.seat
            s = standin.session
            ply = s.ply
            await self.own_bots()
            token = await self.app.bots.choose(s.bot_request(seat), level, s.bot_seed(seat), s.bot_past)
            await asyncio.sleep(BOT_PACE_MS / 1000)
            if self.mental is not mental or mental.mg.stand_in_turn() is None or standin.session.ply != ply \
                    or self.closed():
                return  # its person acted meanwhile, or the table moved on
            for text in mental.move(token, bot=True):
                self.send(text)
        finally:
            self.standing = False
        self.mental_drawn()

    def on_lobby(self, lobby: dict[str, Any]) -> None:
        """The host's lobby on the code's connection: the invite's seat taken with its pass, or taken back with
        this device's key for it."""
        if self.guest is None:
            return
        ticket = ticket_for(self.app.state.store.get(self.app.state.store.seats_key), self.guest.room)
        if ticket is not None and ticket.table == lobby["table"] and ticket.seat == self.invite["seat"]:
            self.send(self.guest.back(ticket))
        else:
            self.send(self.guest.take(int(self.invite["seat"]), self.name, str(self.invite["pass"])))

    def on_welcome(self, out: dict[str, Any]) -> None:
        """The host's welcome: a seat's new key kept as this device's way back to it; hints as the host allows."""
        ticket = self.guest.ticket(self.name) if self.guest is not None and out.get("key") else None
        if ticket is not None:  # this device's way back to the seat
            store = self.app.state.store
            store.put(store.seats_key, remember(store.get(store.seats_key), ticket))
            if self.invite.get("id"):  # a code link's: its offer is used up
                store.put(store.used_key, use_invite(store.get(store.used_key), str(self.invite["id"])))
        self.app.screen.drawing.hints = out["welcome"].get("hints") is True
        if not self.app.screen.drawing.hints:
            self.app.state.hint = None
        self.show_presence()
        if str(document.body.dataset.guest) == "connected":  # (said when the channel opened: the game begun?)
            self.say_state("connected")
        if self.app.state.vm is not None:
            self.app.screen.render()
            self.mark_asked()

    def on_refused(self, refused: Any) -> None:
        """The host refused a message of this page: said in the page's own words for its reason code."""
        reason = str(refused.get("reason", "")) if isinstance(refused, dict) else str(refused)
        document.body.dataset.lastError = reason
        st = self.app.state
        if st.hint is not None and st.hint.get("pending"):  # the hint asked will not come: "Thinking…" goes
            st.hint = None
            self.app.screen.render()
            self.mark_asked()
            st.show_toast(self.cat.t("toast.no_hint"))
        else:
            st.show_toast(self.cat.t("toast.not_allowed", why=self.cat.why(reason, {})))

    def on_bye(self, reason: str) -> None:
        """The host closed this connection: a new game, or this page sent away."""
        self.gone("new_game" if reason == "new_game" else "bye")

    def bad_host(self, reason: str, detail: str) -> None:
        """A host's message this page refused (``kingcore.online.Guest``: too many, too big, not the protocol's):
        nothing of it is drawn; the page says so in its own words — never the host's text — once in a while."""
        document.body.dataset.hostRefused = reason
        if reason == "flood":  # a mark while the host's texts are dropped unread (a second after the last)
            document.body.dataset.hostFlood = "true"
            window.clearTimeout(self.flood_timer)
            self.flood_timer = window.setTimeout(self.flood_over, (FLOOD_WINDOW_S + 0.1) * 1000)
        now = self.clock()
        if now - self.bad_said >= BAD_HOST_QUIET_S:
            self.bad_said = now
            window.console.warn(f"king: the host sent a message refused: {reason}: {detail[:200]}")
            self.app.state.show_toast(self.cat.t("net.bad_host"))

    def host_presence(self) -> str | None:
        """Who is there at the host's seat, as this page knows it: ``here`` while connected, else ``away``."""
        return "here" if self.connected else "away"

    def show_presence(self, render: bool = True) -> None:
        """Who is there on the table's seats (``data-presence``): each friend's as the host said it, the host's
        as this page knows it (:meth:`host_presence`); this page's own seat away — idle past the turn limit, or a
        bot playing for it — shows the *I'm back* banner. The table is drawn again at once (``render``) when
        that changed."""
        guest = self.guest
        if guest is None or guest.welcome is None:
            return
        levels = guest.welcome["levels"]
        said = list(guest.presence) + [None] * len(levels)
        host = next((s for s, lv in enumerate(levels) if lv != "online"), None)
        presence: list[str | None] = [said[s] if lv == "online" else None for s, lv in enumerate(levels)]
        if host is not None:
            presence[host] = self.host_presence()
        if str(document.body.dataset.guest) in GONE:  # a closed table's picture: nobody is *here* at it any more
            presence = [None] * len(levels)
        document.body.dataset.presence = ",".join(p or "" for p in presence)
        mine = presence[guest.seat] if guest.seat is not None and guest.seat < len(presence) else None
        away = self.connected and mine in ("away", "bot", "sitting") and not self.closed()
        banner = el("guest-away")
        if not is_none(banner):  # its words follow the host's choice (a bot plays the seat, or the table waits)
            if away:
                self.away_words(mine)
            else:
                document.body.dataset.sitsOut = ""
            banner.hidden = not away
        drawing = self.app.screen.drawing
        if presence != drawing.presence:
            drawing.presence = presence
            if render and self.app.state.vm is not None:
                self.app.screen.render()

    def away_words(self, mine: str | None) -> None:
        """The banner of this page's seat not played by its person: away (a bot plays until they are back, or the
        table waits: *I'm back*), or — a mental table's seat taken or taken back during a deal dealt without this
        page — sitting that deal out, its stand-in playing to its end: nothing to press (``data-sits-out``); a seat
        its person held when the deal began says the deal went on without them (:func:`.render.wait.away_banner`)."""
        mental = self.mental
        words, deal = away_banner(self.cat, mine, mental.mg if mental is not None and mental.on else None)
        el("guest-away-text").textContent = words
        el("btn-here").hidden = deal is not None
        document.body.dataset.sitsOut = str(deal or "")

    def back_here(self) -> None:
        """*I'm back*: the friend acts again after the turn limit made the seat away — on a mental table's page still
        showing a deal's result its person has not left (:meth:`GuestMental.reading`), as *Continue* does
        (:meth:`next_deal`): the host's page counts it as leaving the result (``Host.back_here``), and so does
        this page."""
        if self.guest is None or not self.connected:
            return
        el("guest-away").hidden = True
        if self.mental is not None and self.mental.on and self.mental.reading():
            self.next_deal()  # (its ``here`` too when a stand-in plays the seat; its ``next`` brings it back else)
        else:
            self.send(self.guest.here())

    def draw(self, received: Any) -> None:
        """A view model from the host (``received``, untrusted), checked, drawn by the page's renderers (never
        stored). Views that come in a burst are drawn once, the last."""
        assert self.guest is not None
        if self.closed():
            return  # the host said goodbye: nothing of that table is drawn any more
        try:
            vm = self.guest.check_view(received)
        except NetError as e:
            self.bad_host(e.reason, str(e))
            return
        st = self.app.state
        if st.vm != vm:
            st.hint = None  # a hint is for the position it was asked in
        st.vm = vm
        self.render_soon()

    def render_soon(self) -> None:
        """The table drawn once the messages already come in are read (one draw for a burst of views)."""
        if not self.rendering:
            self.rendering = True
            window.setTimeout(self.render_proxy, 0)

    def render_now(self, *_: Any) -> None:
        self.rendering = False
        if self.app.state.vm is None:
            return
        if not self.closed():
            document.body.dataset.guest = "playing"
        self.app.screen.render()
        self.mark_asked()
        self.mark_fair()

    def send(self, text: str) -> None:
        window.kingPeer.send(self.peer, text)

    def unfair(self, deal: int, code: str = "") -> None:
        """The banner: deal ``deal`` was not the agreed shuffle (or dealt without this page's part), or (``code``
        ``reshuffle``) the host asked for a second round of it, which this page refused."""
        document.body.dataset.unfair = str(deal)
        document.body.dataset.unfairCode = code or "mismatch"
        key = "net.reshuffle" if code == "reshuffle" else "net.unfair_deal"
        el("guest-banner").textContent = self.cat.t(key, deal=deal)
        el("guest-banner").hidden = False

    def intent(self, token: str) -> None:
        """A card or a call of mine: sent to the host, who answers with the next view (or a refusal)."""
        vm = self.app.state.vm
        if self.guest is None or not self.connected or vm is None or not vm["my_turn"]:
            return
        if self.mental is not None and self.mental.on:  # shown with its keys to every page, through the host's
            for text in self.mental.move(token):
                self.send(text)
            self.mental_drawn()
            return
        self.send(self.guest.intent(token))

    def ask_hint(self) -> None:
        """*Hint*: asked of the host's bots (only when the host allows hints: the button shows then) — at a mental
        table of this page's own bots, from its own session (the host does not know this hand)."""
        st = self.app.state
        vm = st.vm
        if self.guest is None or not self.connected or vm is None or not vm["my_turn"] or st.hint is not None:
            return
        mental = self.mental
        if mental is not None and mental.on:
            asked = mental.mg.hint_request()
            if asked is not None and mental.mg.standin is not None:
                st.hint = {"key": None, "pending": True}  # dropped when the table moves on (mental_drawn)
                self.app.screen.render()
                spawn(self.mental_hint(*asked, mental.mg.standin.session.bot_past))
            return
        st.hint = {"key": None, "pending": True}  # the guest's page has no session: the hint lasts until a new view
        self.app.screen.render()
        self.send(self.guest.hint())

    async def mental_hint(self, request: str, seed: int, feed: Callable[[str], str]) -> None:
        """A hint at a mental table: this page's own bots rate its seat's moves (:meth:`own_bots`)."""
        await self.own_bots()
        await self.app.hints.fetch_hint(None, request, seed, feed)

    def hinted(self, token: str) -> None:
        """The host's hint: its best move marked (as on the host's own page) and said on the status line."""
        st = self.app.state
        vm = st.vm
        if vm is None or st.hint is None:
            return  # the position moved on meanwhile
        move = next((dict(m) for m in vm["moves"] if m["token"] == token), {"kind": "card", "card": token})
        st.hint = {"key": None, "pending": False, "best": token, "values": {}, "shown": {},
                   "text": self.cat.t("hint.from_host", move=move_hint(self.cat, move))}
        self.app.screen.render()

    def next_deal(self) -> None:
        """*Continue* after a deal's result: the host asked to deal (the host's page deals); the button says so
        and stays disabled until the next deal's view comes."""
        vm = self.app.state.vm
        if self.closed():
            return  # the host is gone: nothing on this page moves its table on (its picture stays as it was)
        if self.mental is not None and self.mental.on:  # the next deal is dealt by itself: the table as it is now
            if self.mental.mg.stand_in() and self.guest is not None and self.connected:
                self.send(self.guest.here())  # back at the device: the seat is its own again
            if self.guest is not None and self.connected:
                self.send(self.guest.next())  # (the host's page says whom the table waits for)
            self.mental.go_on()
            self.render_soon()
            return
        if self.guest is None or not self.connected or vm is None or self.asked_deal == vm["deal"]:
            return
        self.send(self.guest.next())
        self.asked_deal = vm["deal"]
        self.mark_asked()

    def test_view(self, text: str, hints: bool = False, asked: bool = False, presence: str | None = None) -> None:
        """``?king-test`` only (the layout test): ``window.kingGuestView(json, hints, asked, presence)`` draws a view
        model as a connected friend's page does — a deal's result with its fairness note — with no host; ``hints``:
        as when the host allows them (the *Hint* button shows on the friend's turn); ``asked``: as after the
        friend's *Continue* (it waits for the host to deal); ``presence``: who is there on each seat, as JSON (a
        list of ``here``, ``reconnecting``, ``away``, ``free`` or ``null``)."""
        el("join-dialog").close()
        self.app.screen.drawing.hints = hints
        if presence is not None:
            self.app.screen.drawing.presence = json.loads(presence)
        self.app.state.vm = vm = json.loads(text)
        self.asked_deal = vm["deal"] if asked else None
        self.app.screen.render()
        document.body.dataset.guest = "playing"
        self.mark_asked()
        self.mark_fair(checked=True)

    def mark_fair(self, checked: bool = False) -> None:
        """A deal's result panel says the deal was checked as the agreed shuffle (``#guest-fair``,
        ``data-fair=checked``), once this page checked it (``Guest.fair``, or ``checked``; an unfair deal is said
        by the banner instead) — or that it could not be (``data-fair=unchecked``: its shuffle was agreed before
        this page was at the table, ``Guest.unchecked``; or the host's page lost its part, ``Guest.forgotten``).
        Not at a mental table: its own check says it, one
        verdict per deal (``#mental-check``)."""
        vm, guest = self.app.state.vm, self.guest
        panel = el("center-panel")
        if self.last_mental is not None and self.last_mental.on:
            return
        fair = checked or (guest is not None and vm is not None and vm["deal"] in guest.fair)
        unchecked = not fair and guest is not None and vm is not None and vm["deal"] in guest.unchecked
        if (vm is None or not (fair or unchecked) or is_none(panel) or vm["phase"] not in ("deal_over", "rubber_over")
                or not is_none(document.getElementById("guest-fair"))):
            return
        note = document.createElement("p")
        note.id, note.className = "guest-fair", "panel-note"
        note.dataset.fair = "checked" if fair else "unchecked"
        forgot = unchecked and guest is not None and vm is not None and vm["deal"] in guest.forgotten
        note.textContent = self.cat.t("net.fair" if fair else "net.unchecked_forgot" if forgot else "net.unchecked")
        panel_note(panel, note)

    def mark_asked(self) -> None:
        """While the host was asked for the next deal and it has not come: *Continue* disabled, saying whom
        it waits for (drawn again after each view: the result panel is redrawn with it)."""
        vm = self.app.state.vm
        waiting = vm is not None and self.asked_deal == vm["deal"] and vm["phase"] == "deal_over"
        document.body.dataset.askedDeal = "true" if waiting else "false"
        button = el("btn-continue")
        if waiting and not is_none(button):
            button.disabled = True
            button.textContent = self.cat.t("net.wait_deal", host=self.host_name())

    def closed_panel(self) -> None:
        """A table closed for good (:data:`GONE`: a new game, this page sent away, the host lost): its deal's result
        panel has no *Continue* — there is no next deal to go on to; the status line says what happened."""
        button = el("btn-continue")
        if not is_none(button) and str(document.body.dataset.guest) in GONE:
            button.closest("p").hidden = True

    def record_link(self) -> str | None:
        """An object URL of the game record the host shared at the last deal's end (``None``: none yet)."""
        if self.record is None:
            return None
        self.record_url = blob_url(self.record, self.record_url)
        return self.record_url

    def host_name(self) -> str:
        """The host's name as the invite gives it (text, never markup), or as the table names the unnamed seat
        of the host (the first seat): "Player 1"."""
        given = self.invite.get("host")
        return given if isinstance(given, str) and given else self.cat.t("hotseat.player", n=1)

    def restoring(self) -> None:
        """Back on a new connection in a game under way (``data-guest=connected``) before the host's table is: the
        status line says so ("Connected to the table."), not whose turn it was on the last table drawn — a picture
        of it (a new user read "Waiting for Olga…" for two seconds after the host's page reloaded)."""
        g = self.guest
        if str(document.body.dataset.guest) == "connected" and g is not None and g.begun:
            el("status").textContent = self.cat.t("net.join.seated")

    def closed(self) -> bool:
        """Whether the host is gone (lost, or closed the table) or being reconnected to: the page's table is only
        a picture now."""
        return str(document.body.dataset.guest) in PICTURE

    def gone(self, state: str) -> None:
        """The host is gone (``state``: one of :data:`PICTURE`): the last table drawn with no card playable, no
        call, no *Hint* (``Guest.closed_view``), and the status line saying what happened (a tap on a card
        says nothing more: ``main.on_hand`` asks :meth:`closed`)."""
        document.body.dataset.guest = state
        st = self.app.state
        st.hint = None
        self.app.screen.drawing.hints = False
        if st.vm is not None:
            welcome = self.guest.welcome if self.guest is not None else None
            host = seats_of(list(welcome["levels"]), [0])[0] if welcome is not None else None
            st.vm = host_away_view(st.vm, host) if state == "reconnecting" else Guest.closed_view(st.vm)
            self.show_presence(render=False)  # (:data:`GONE`: no one's presence said at a closed table)
            self.app.screen.render()
        self.say_state(state)

    def say_state(self, state: str) -> None:
        """The page's mark (``data-guest``) and the status line."""
        document.body.dataset.guest = state
        g = self.guest
        under_way = state == "connected" and g is not None and (g.begun or g.welcome is None)
        if under_way:  # seated in a game under way (back after a reload or a drop, a seat taken mid-game), or not
            # welcomed yet (a code link's channel open: said again at the welcome): not "waiting for the host to start"
            el("status").textContent = self.cat.t("net.join.seated")
        elif state != "playing":
            el("status").textContent = self.cat.t(STATE_WORDS[state], host=self.host_name())
