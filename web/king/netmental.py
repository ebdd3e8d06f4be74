"""Mental poker at the pages (docs/NET.md "The mental table"; Options → Playing with friends → *No device sees
another's cards*): the host's page runs ``kingcore.online.mentaltable.MentalTable`` (:class:`HostMental`), a
friend's page ``MentalGuest`` (:class:`GuestMental`). Every page shuffles and deals with the others, so no device
— the host's included — ever holds another person's unplayed card: the host's session (drawn, saved, played by
its bots) is a stand-in world of the deal in play, its save holds the audited deals only, and a friend's page
draws its own session's view models instead of the host's.

* A card or call of a seat the page holds goes out through the table (``move``): the person's through
  :meth:`king.state.State.play` (the state's ``mover``), the host's bots' through the bots' loop (its
  ``turn``), a stand-in of a friend's seat on the friend's own page.
* Rounds start by themselves right after a deal's audit; the deal's result panel stays up until its person goes
  on (*Continue*), however far the next deal has got meanwhile — unless the page did not watch that deal end
  (shown again while the next deal is dealt again, or on a new connection): the next deal replaces it.
* What happened that a person must know — a cheat, a refusal (a second shuffle of a deal, a deal dealt without
  this page), an annulment, a page reloaded mid-deal (its keys gone: the deal dealt again) — is said in the
  page's language (:func:`said`) on the page's banner and toast; each deal's check in its result panel.

Size: over 400 lines because the host's page's side and a friend's share what a person is told and when (the
events said, the result panel's check and the result kept until *Continue*, the bar while a deal is dealt again):
one design, read together.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from pyscript import document, window
from pyscript.ffi import is_none

from kingcore.online import Guest, Lobby, POut
from kingcore.web import Answer, ViewModel

from .draw import el
from .netwait import panel_note, redeal_bar, waiting_status
from .render.redeal import (
    annulled_words,
    cause,
    host_reload,
    redeal_key,
    redeal_status,
    redeal_view,
    redealing,
    redealt_notes,
    stale_notes,
    toasted,
)
from .render.redeal import (
    begun as deal_begun,
)
from .render.wait import check_words, reload_words, shuffle_words, sitting_words
from .words import Catalog, fill_names

if TYPE_CHECKING:  # (mental poker's modules, and python-ecdsa under them, are imported once a table is mental)
    from kingcore.online.deal.mental import Event

    from .app import App

__all__ = ["GuestMental", "HostMental", "redeal_line", "said"]

SAID = {("refused", "again"): "net.reshuffle", ("refused", "left_out"): "net.mental.left_out",
        ("refused", "seat_taken"): "net.mental.left_out", ("stood_in", None): "net.mental.sat_out",
        ("annulled", None): "net.mental.annulled", ("cheat", None): "net.mental.cheat",
        ("stalled", None): "net.mental.stalled", ("renege", None): "net.mental.renege",
        ("no_world", None): "net.mental.renege", ("refused", None): "net.mental.refused",
        ("awaiting", None): "net.mental.awaiting", ("annulled", "stalled"): "net.mental.stalled"}
"""Which events a person is told, by ``(kind, detail)`` (``None``: any other detail) → the words' code."""
WARN = ("cheat", "refused", "renege", "no_world")
"""Events said on the banner (a host or a page that broke the rules), not only in the toast."""


def said(cat: Catalog, event: Event) -> str | None:
    """``event`` in the page's language, or ``None`` when a person need not be told (a move, a deal dealt)."""
    detail = event.detail if isinstance(event.detail, str) else None
    code = SAID.get((event.kind, detail)) or SAID.get((event.kind, None))
    return None if code is None else cat.t(code, deal=event.deal)


def tell(cat: Catalog, events: list[Event], toast: Callable[..., None], vm: ViewModel | None = None,
         page: Any = None) -> None:
    """The events a person must know: said in the toast, the rule breakers on the banner (``data-mental-said``:
    the last twenty's kind, detail and deal, for the tests; their English words in the console). A deal's
    annulment with its why is said on the table, not in the toast (:func:`king.render.redeal.toasted`): in the
    console with whose page (``vm``: the table drawn, for the names; ``page``: this page's ``MentalPage``, whose
    rounds name the seat); once that deal is dealt again, :func:`tell_redealt` says the cards are new."""
    for e in events:
        words = said(cat, e)
        on_table = not toasted(e.kind, e.deal, e.detail)  # (said on the table, not in the toast)
        if on_table:
            own = page is not None and e.page is not None and e.page == page.page
            why = ("reloaded", None, None) if own else cause(page, e.deal) or (str(e.detail), e.seat, None)
            words = annulled_words(cat, e.deal, why, vm, deal_begun(page, e.deal))
        banner = el("guest-banner")
        if e.kind == "dealt" and not is_none(banner) and str(banner.getAttribute("data-left")) == str(e.deal):
            banner.hidden = True  # (dealt without this page, said on it: a later try deals this page in)
            banner.removeAttribute("data-left")
        if words is None:
            continue
        window.console.info(f"king: mental poker: {e.kind}: {e.words}")
        said_now = f"{e.kind}:{e.detail if isinstance(e.detail, str) else ''}:{e.deal}"
        kept = document.body.getAttribute("data-mental-said")
        before = [] if is_none(kept) else str(kept).split()
        document.body.dataset.mentalSaid = " ".join([*before, said_now][-20:])
        if not on_table:
            toast(words)
        if e.kind in WARN and not is_none(banner):
            banner.textContent = words
            banner.hidden = False
            banner.dataset.left = str(e.deal) if e.detail == "left_out" else ""


def tell_redealt(cat: Catalog, events: list[Event], page: Any, vm: ViewModel | None, state: Any, left: int,
                 host_reloaded: int = 0, seated: int = 0) -> None:
    """A deal this page saw annulled, dealt again now (its ``dealt`` event on a later try): its lasting notes as
    :func:`king.render.redeal.redealt_notes` makes them — "Deal 3 was annulled and dealt again: Masha's page was
    reloaded or disconnected. Your cards are new." in place of its annulment's note, the reload's note gone — or
    none, when its person never left the last deal's result for its cards (``left``: the last deal whose result
    they left) and no one had played it (``page``: the page's ``MentalPage``; ``state``: the page's ``State``;
    ``host_reloaded``: the deal a friend's page heard the host's page was reloaded in; ``seated``: a friend's page's
    ``Memory.taken_at`` — a newcomer dealt in is told so in their own words)."""
    r = page.round if page is not None else None
    for e in events:
        if e.kind != "dealt" or vm is None or r is None or r.deal != e.deal or r.attempt < 1 or e.deal < 1:
            continue
        notes = redealt_notes(cat, e.deal, page, vm, host_reloaded, left >= e.deal - 1, seated)
        for key, words in notes.items():
            if words is None:
                state.forget_toast(key)
            else:
                state.show_toast(words, lasting=True, key=key)
                document.body.dataset.mentalRedealt = str(e.deal)


def forget_stale(state: Any, page: Any) -> None:
    """The toast's lasting notes of a deal dealt again that are no longer true on this page taken away
    (:func:`king.render.redeal.stale_notes`; ``state``: the page's ``State``, ``page``: its ``MentalPage``): a
    reload's "will be dealt again" once it is, the new cards' once that deal is annulled again, any of a deal over or
    before the one in play — at once, not when the person next moves."""
    for key in stale_notes(state.toasts.keys(), page):
        state.forget_toast(key)


def redeal_line(cat: Catalog, vm: ViewModel | None, page: Any, host_reloaded: int = 0, behind: bool = False,
                awaited: list[int] | None = None) -> None:
    """While the deal in play is shuffled and dealt again, the status line says so, and why — or whom the table
    waits for first (``awaited``) — (:func:`king.render.redeal.redeal_status`; ``data-redealing``: the deal)."""
    words = redeal_status(cat, vm, page, host_reloaded, behind, awaited)
    if words is None:
        document.body.removeAttribute("data-redealing")
        return
    el("status").textContent = words
    document.body.dataset.redealing = str(redealing(page, vm, behind))


def check_note(cat: Catalog, checks: Any, vm: ViewModel | None, rounds: Any = None, seated: int = 0) -> None:
    """The deal's result panel says what this page checked of it (``#mental-check``, ``data-check``), and how often
    the deal was shuffled and why each earlier try was annulled (``rounds``: the page's ``Rounds``; ``seated``: a
    friend's page's ``Memory.taken_at``; :func:`king.render.wait.shuffle_words`): drawn with the panel, and changed
    when the check changes while the panel is up (the audits came after the last card)."""
    panel = el("center-panel")
    if vm is None or vm["phase"] not in ("deal_over", "rubber_over") or is_none(panel):
        return
    check = checks.deals.get(vm["deal"])
    if check is None:
        return
    words = " ".join(w for w in (check_words(cat, check, vm), shuffle_words(cat, check, rounds, vm, seated)) if w)
    words = fill_names(words, vm["names"])
    note = document.getElementById("mental-check")
    if is_none(note):
        note = document.createElement("p")
        note.id, note.className = "mental-check", "panel-note"
        panel_note(panel, note)
    if str(note.getAttribute("data-check")) != check.code or str(note.textContent) != words:
        note.dataset.check = check.code
        note.dataset.shuffled = str(check.shuffled)
        note.textContent = words


def refusal(e: ValueError) -> dict[str, Any]:
    """A move the table refused (the engine's ``IllegalMoveError``, the blind deal's ``BlindError``: both
    ``ValueError``), as a session's answer's ``error``."""
    reason = getattr(e, "reason", None) or getattr(e, "code", None) or "not_your_turn"
    return {"reason": str(getattr(reason, "value", reason)), "args": {}, "message": str(e)}


def held(shown: ViewModel | None, now: ViewModel, left: int) -> bool:
    """Whether the page keeps ``shown`` — a deal's result its person has not left yet (``left``: the last deal
    whose result they left) — though its table moved on to the next deal (``now``)."""
    return (shown is not None and shown["phase"] == "deal_over" and now["deal"] > shown["deal"] > left)


def left_by(shown: ViewModel | None, now: ViewModel, left: int, kept: int = 0) -> int:
    """The last deal whose result the person left (``left`` before), once the page draws ``now`` over ``shown``:
    a deal's result the page did not see the deal end to — the audited game it shows again when the next deal
    is annulled, or the game so far on a new connection or after a reload — is not kept for *Continue*: the next
    deal, dealt again, replaces it by itself; but the result of deal ``kept``, which this page saw end and its
    person had not left before the reload (``MentalGuest.kept_result``), is."""
    if now["phase"] == "deal_over" and now["deal"] != kept and (shown is None or shown["deal"] != now["deal"]):
        return max(left, int(now["deal"]))
    return left


class HostMental:
    """The host's page's mental table over ``lobby`` (its ``Online``'s), drawn and saved through ``app``'s state.
    With ``?king-test`` (the browser tests) the page shows every text it received (``window.kingHostReceived``)
    and its round (``window.kingMentalState``), and can be made hostile (:meth:`reshuffle`, :meth:`leave_out`).

    Raises:
        ValueError: the session's game is in the middle of a deal (a save from before mental poker was chosen):
            the table plays by the commit–reveal round instead.
    """

    def __init__(self, cat: Catalog, app: App, lobby: Lobby, send: Callable[[list[POut]], None]) -> None:
        self.cat, self.app, self.send = cat, app, send
        st = app.state
        store = st.store
        self.rounds_key = f"{store.room_key}:mental"
        from kingcore.online.deal.memory import Memory
        from kingcore.online.mentaltable import MentalTable

        kept = Memory.from_text(st.store.get(self.rounds_key), lobby.host.table)
        self.kept = ""
        self.table = MentalTable(lobby, os.urandom, rounds=kept.rounds, checks=kept.checks, reading=kept.reading,
                                 went_on=kept.went_on)  # (who had read on: not waited for again)
        over = self.table.audited  # a deal in play when the page was reloaded: its keys went with it, dealt again
        self.reloaded = self.table.reloaded > 0
        self.left = self.table.person_left  # the last deal whose result the person left (reloaded: one not left
        # is shown again, with its Continue, and the table waits for them)
        self.kept_result = over if self.left < over else 0  # (that result: kept for Continue, not left by itself)
        self.audited = over  # the deals audited when the page last saved
        self.reading: list[int] = []  # the seats of the people the table waits for, reading the last deal's result
        self.sitting: list[int] = []  # the friends' seats a stand-in plays to the deal's end (said when they come)
        self.sent: list[str] = []  # ?king-test: the mp_start texts this page sent (a hostile host resends one)
        self.received: list[str] = []  # ?king-test: every text this page received
        self.test = "king-test" in str(window.location.search)
        st.mover, st.saver = self.move, self.table.save
        app.loop.turn = self.turn
        self.drawn = app.screen.drawn
        app.screen.drawn = self.redrawn
        document.body.dataset.mental = "host"
        deal, words = host_reload(cat, self.table)
        if words is not None:
            st.show_toast(words, lasting=True, key=redeal_key(deal, reload=True))
            document.body.dataset.mentalReloaded = str(deal)
        self.store()  # (this game deals by mental poker: opened again, it goes on so)

    def close(self) -> None:
        """Another game on the table: the state and the bots' loop back to their own ways."""
        st = self.app.state
        st.mover = st.saver = None
        self.app.loop.turn = None
        self.app.screen.drawn = self.drawn
        document.body.removeAttribute("data-mental")

    def redrawn(self) -> None:
        """After each draw of the table: the deal's result panel says what this page checked of it."""
        self.drawn()
        check_note(self.cat, self.table.checks, self.app.state.vm, self.table.page.rounds)
        redeal_bar(self.cat, self.app.state.vm, self.left, self.table, self.waited())
        waiting_status(self.cat, self.app.state.vm, self.table.readers(), self.table.unloading())
        redeal_line(self.cat, self.app.state.vm, self.table.page, behind=self.table.standin.behind,
                    awaited=self.table.awaited())

    # ----- the page's calls ------------------------------------------------------------------------------

    def after(self, outs: list[POut]) -> None:
        """After every call of the table: its texts sent, what happened said, the table drawn and saved when it
        changed, the bots' loop kicked."""
        if self.test:
            self.sent += [doc["text"] for _, t in outs if t is not None and "mp_start" in t
                          and (doc := json.loads(t)).get("kind") == "mp"]
        self.send(outs)
        events = self.table.events()
        st = self.app.state
        tell(self.cat, events, st.show_toast, st.vm, self.table.page)
        tell_redealt(self.cat, events, self.table.page, st.vm, st, self.left)
        forget_stale(st, self.table.page)
        self.tell_sitting(st.vm)
        if self.test:
            r, page = self.table.page.round, self.table.page
            window.kingMentalState = json.dumps({
                "round": None if r is None else [list(r.key), r.state, list(r.pages), list(r.owners)],
                "expected": page.expected(), "deals": self.table.audited,
                "turn": self.table.session.view_model(0)["to_move"],
                "events": [[e.kind, e.words] for e in events]})
        self.store()
        s = st.session
        if s is None:
            return
        vm = self.view_model()
        left = left_by(st.vm, vm, self.left, self.kept_result)
        if left != self.left:  # (a result the person did not see end to: the table of the next deal, cleared)
            self.left = self.table.person_left = left
            vm = self.view_model()
        reading = self.table.readers()
        if reading != self.reading:  # (someone went on: the table, held for them, and whom it waits for drawn again)
            self.reading = reading
            self.app.screen.render()
        if st.vm is not None and (vm == st.vm or held(st.vm, vm, self.left)):
            if self.table.audited != self.audited:  # a deal audited: saved, its table unchanged
                self.audited = self.table.audited
                st.commit("settings", st.vm)
            self.app.loop.kick()
            check_note(self.cat, self.table.checks, st.vm, self.table.page.rounds)  # (an audit, the same view)
            redeal_bar(self.cat, st.vm, self.left, self.table, self.waited())  # (a round began: the same result)
            return
        self.audited = self.table.audited
        moved = [e for e in events if e.kind == "moved"]
        seat = moved[-1].seat if moved else None
        token = str(moved[-1].detail) if moved else None
        st.commit("bot" if moved else "deal", vm, seat=seat, token=token)
        self.app.loop.kick()

    def view_model(self) -> ViewModel:
        """The table as the host's page draws it (``MentalTable.view_model``), nobody to move while the deal in play
        is dealt again (:func:`king.render.redeal.redeal_view`)."""
        s = self.app.state.session
        assert s is not None
        return redeal_view(self.table.view_model(s.viewer), self.table.page, self.table.standin.behind)

    def commit_settings(self) -> None:
        """The table's settings changed on this page (a friend seated or back, the host's choice for a seat): saved,
        and the table drawn as this page draws it (:meth:`view_model`) — a deal's result its person still reads kept,
        with its *Continue*, however far the next deal has got."""
        st = self.app.state
        if st.session is None:
            return
        vm = self.view_model()
        st.commit("settings", st.vm if st.vm is not None and held(st.vm, vm, self.left) else vm)

    def tell_sitting(self, vm: ViewModel | None) -> None:
        """A friend here whose seat a stand-in plays to the end of the deal in play (back, or seated, during it:
        ``MentalTable.sitting_out``) is said once in the toast — the seat's badge says "Bot" until then."""
        sitting, r = self.table.sitting_out(), self.table.page.round
        if vm is not None and r is not None:
            for seat in sorted(set(sitting) - set(self.sitting)):
                self.app.state.show_toast(sitting_words(self.cat, seat, r.deal, vm))
        self.sitting = sitting

    def waited(self) -> bool:
        """Whether the next deal's cards are open and the table waits for the host's person, who may still be
        reading the last deal's result."""
        table = self.table
        return table.held() and any(table.player(seat) == "human" for seat in table.readers())

    def store(self) -> None:
        """The rounds this page started (reloaded, it starts the deal in play's next try), its checks (a deal it
        audited is still said audited) and the result its person has not left (shown again) kept with the room,
        when they changed (``MentalTable.memory``)."""
        kept = self.table.memory().to_text()
        if kept != self.kept:
            self.kept = kept
            self.app.state.store.put(self.rounds_key, kept)

    def move(self, token: str, seat: int, kind: str = "intent") -> Answer:
        """A move of a seat this page holds (the state's ``mover``): through the table, the texts sent. A bot's
        move of the next deal while the person reads the last deal's result leaves that result shown."""
        st = self.app.state
        s = st.session
        assert s is not None
        try:
            outs = self.table.move(seat, token)
        except ValueError as e:
            return {"ok": False, "error": refusal(e), "view": st.vm or s.table_view()}  # type: ignore[typeddict-item]
        self.send(outs)
        self.store()
        events = self.table.events()
        tell(self.cat, events, st.show_toast, st.vm, self.table.page)
        vm = self.view_model()
        if st.vm is not None and held(st.vm, vm, self.left):
            return {"ok": True, "view": st.vm}
        st.commit(kind, vm, seat=seat, token=token)
        return {"ok": True, "view": vm}

    def turn(self) -> tuple[int, str] | None:
        """The seat the host's bots move for now and its bot's level (the bots' loop's ``turn``), else ``None``:
        the person's turn, another page's, or the stand-in waiting for cards being opened."""
        seat = self.table.to_move()
        if seat is None or self.table.standin.behind or self.table.standin.broken:
            return None
        level = self.table.player(seat)
        return None if level == "human" else (seat, level)

    def go_on(self) -> None:
        """*Continue* after a deal's result: the table as it is now (the next deal, dealt meanwhile, or being
        dealt)."""
        st = self.app.state
        s = st.session
        if s is None or st.vm is None:
            return
        self.left = self.table.person_left = max(self.left, int(st.vm["deal"]))
        outs = self.table.tick()  # (the friends' pages told the table no longer waits for this person to go on)
        self.send(outs)
        self.store()  # (left: a reload now does not show that result again)
        st.commit("deal", self.view_model())
        self.app.loop.kick()

    # ----- ?king-test: a hostile host ----------------------------------------------------------------------

    def reshuffle(self) -> bool:
        """A hostile host (the browser tests): the last deal's start sent again to every friend's page, which
        refuses a second shuffle of a deal. Whether there was one to send."""
        if not self.sent:
            return False
        table = self.table
        self.send(table.lobby.send([(seat, table._text(0, self.sent[-1])) for seat in table.host.online_seats]))
        return True

    def leave_out(self, seat: int) -> bool:
        """A hostile host (the browser tests): its next round deals ``seat``'s cards to the host's page and sends
        that seat's page the round's start all the same — that page refuses to play a deal it does not help
        shuffle, and says so."""
        table = self.table
        real = table._start

        def hostile() -> list[Any]:
            key = table.page.expected()
            if key is None:
                return []
            levels = table.session.settings["levels"]
            owners = [table.page_of(s) if lv == "online" and s != seat and s in table.host.online_seats else 0
                      for s, lv in enumerate(levels)]
            outs = table.page.start(table.clock(), sorted({0, *owners}), owners)
            start = next(o for o in outs if hasattr(o, "text"))  # the round's start (a Send)
            vars(table)["_start"] = real  # once
            return [(seat, table._text(0, start.text)), *table._mp(outs)]

        vars(table)["_start"] = hostile
        return True

    def log(self, text: str) -> None:
        if self.test:
            self.received.append(text)
            window.kingHostReceived = json.dumps(self.received)


class GuestMental:
    """A friend's page's side of a mental table over its connection's ``guest``, whose host said ``mental``
    (:class:`king.guest.GuestPage` makes one then, per connection): its memory of the table kept in the storage
    (``king:<path>:mental``). ``earlier``: this page's side on its previous connection (``None``: the first since
    the page was loaded), whose person's place it goes on from."""

    def __init__(self, cat: Catalog, app: App, guest: Guest, earlier: GuestMental | None = None) -> None:
        self.cat, self.app = cat, app
        store = app.state.store
        self.key = f"{store.shuffles_key.rsplit(':', 1)[0]}:mental"
        text = store.get(self.key)
        try:  # (the table it is of: a memory of another table is replaced by a new one at the host's ``mental``)
            table = json.loads(text or "{}").get("table")
        except (ValueError, AttributeError):
            table = None
        from kingcore.online.deal.memory import Memory
        from kingcore.online.mentaltable import MentalGuest

        memory = Memory.from_text(text, table) if isinstance(table, str) else None
        left: list[int] = earlier.mg.leaving() if earlier is not None else []  # (the pages that had said goodbye:
        self.mg: MentalGuest = MentalGuest(guest, os.urandom, memory=memory, left=left)  # named while awaited)
        self.mg.begin()  # (the host's ``mental`` came: this object is made on it)
        self.reloaded_said = False
        self.reloaded_deal = 0  # the deal this page said it was reloaded in (its own "left" not said again)
        self.pending_deal = 0  # the deal of the round it kept: said as reloaded in if the host annulled it
        self.left_deal: int = earlier.left_deal if earlier is not None else self.mg.person_left  # the last deal
        self.mg.person_left = self.left_deal  # whose result was left (reloaded: one it had not left is kept)
        self.kept = ""
        self.store()
        document.body.dataset.mental = "guest"
        self.say_reload()

    @property
    def on(self) -> bool:
        """Whether the host's table is a mental one (its ``mental`` came)."""
        return self.mg.page is not None

    def receive(self, text: str) -> tuple[dict[str, Any], list[str]]:
        """A host's text: what the guest made of it and this page's texts to send; the memory stored."""
        got, out = self.mg.receive(text)
        self.store()
        return got, out

    def say_reload(self) -> None:
        """A deal this page helped shuffle, cut off by a reload — the host's page's (its ``mental`` says so), or
        this page's own or its lost connection —: the deal is dealt again (``data-mental-reloaded``: the deal;
        ``data-mental-reloaded-by``: ``host`` or ``page``). The round this page kept (its memory's ``held``) goes
        on if the host waited for it: said only when a later try of its deal starts (:meth:`after`)."""
        page = self.mg.page
        if self.reloaded_said or page is None:
            return
        self.reloaded_said = True
        mine = [k[0] for k in page.rounds.seen if k[0] > 0 and k[0] not in page.rounds.done
                and k not in page.rounds.audits]  # (an audit it kept is sent again: that deal counts)
        if not mine:
            return
        deal, host, held = max(mine), self.mg.guest.host_reloaded, page.rounds.held
        if host != deal and held is not None and held.key[0] == deal and self.mg.sits_out() != deal:  # (went on
            # without it — its seat's presence came before ``mental``: said now, not when the deal is over)
            self.pending_deal = deal
            return
        self.said_reload(deal, "host" if host == deal else "page")

    def said_reload(self, deal: int, by: str) -> None:
        """Said: ``deal`` cut off by ``by``'s reload — while it was still being shuffled and dealt (its person, or
        the host, still read the last deal's result: this page's kept result, or the table it showed, with no card
        or call of the deal made yet), or under way (:func:`king.render.wait.reload_words`)."""
        self.reloaded_deal = deal
        went_on = by == "page" and self.mg.sits_out() == deal  # (dealt again without this page: a stand-in plays)
        dealing = not deal_begun(self.mg.page, deal)  # (the fact every page of the round knows alike)
        words = reload_words(self.cat, by, deal, dealing, went_on)
        if words is not None:  # (went on without it: the seat's banner says so)
            self.app.state.show_toast(words, lasting=True, key=redeal_key(deal, reload=True))
        document.body.dataset.mentalReloaded = str(deal)
        document.body.dataset.mentalReloadedBy = by

    def store(self) -> None:
        text = self.mg.memory.to_text()
        if text != self.kept:
            self.kept = text
            self.app.state.store.put(self.key, text)

    def after(self) -> None:
        """What happened said; the page's table drawn from its own session (a deal's result kept until its
        person goes on)."""
        events = self.mg.events()
        for e in events:
            if e.kind == "annulled" and e.detail == "left" and e.deal == self.pending_deal:
                self.pending_deal = 0  # (the round it kept: the host annulled it meanwhile)
                self.said_reload(e.deal, "page")
        st, page = self.app.state, self.mg.page
        tell(self.cat, [e for e in events if not (e.kind == "annulled" and e.detail == "left"
                                                  and e.deal == self.reloaded_deal)],
             st.show_toast, st.vm, page)  # (a page reloaded mid-deal said so already)
        tell_redealt(self.cat, events, page, st.vm or self.mg.view_model(), st, self.left_deal,
                     self.mg.guest.host_reloaded, self.mg.memory.taken_at)
        forget_stale(st, page)
        vm = self.view_model()
        left = self.left_deal if vm is None else left_by(st.vm, vm, self.left_deal, self.mg.kept_result())
        if left != self.left_deal:  # (a result the person did not see end to: the table of the next deal, cleared)
            self.left_deal = self.mg.person_left = left
            vm = self.view_model()
        if vm is None or (st.vm is not None and held(st.vm, vm, self.left_deal)) or vm == st.vm:
            redeal_bar(self.cat, st.vm, self.left_deal, self.mg, self.waited())  # (a round began: the same table)
            return
        st.vm = vm

    def view_model(self) -> ViewModel | None:
        """The table as this page draws it (``MentalGuest.view_model``), nobody to move while the deal in play is
        dealt again (:func:`king.render.redeal.redeal_view`)."""
        vm, standin = self.mg.view_model(), self.mg.standin
        return None if vm is None else redeal_view(vm, self.mg.page, standin is not None and standin.behind)

    def waited(self) -> bool:
        """Whether the next deal's cards are open and the table waits for this page's person, who may still be
        reading the last deal's result."""
        return self.mg.held() and self.mg.seat in self.mg.readers()

    def reading(self) -> bool:
        """Whether the page shows a deal's result its person has not left yet (its *Continue* leaves it)."""
        vm = self.app.state.vm
        return vm is not None and vm["phase"] == "deal_over" and int(vm["deal"]) > self.left_deal

    def go_on(self) -> None:
        """*Continue* after a deal's result: the table as it is now."""
        vm = self.app.state.vm
        if vm is not None:
            self.left_deal = self.mg.person_left = max(self.left_deal, int(vm["deal"]))
        self.store()  # (left: a reload now does not show that result again)
        self.after()

    def move(self, token: str, bot: bool = False) -> list[str]:
        """The person's move, or (``bot``) its stand-in bot's: the texts to send (a refusal said in the toast)."""
        try:
            out = self.mg.move(token, bot=bot)
        except ValueError as e:
            err = refusal(e)
            self.app.state.show_toast(self.cat.t("toast.not_allowed", why=self.cat.why(err["reason"], {})))
            return []
        self.store()
        if not bot:
            self.app.state.moved()  # (the person moved: the notes read, a lasting one too)
        return out

