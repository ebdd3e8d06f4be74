"""The state drawn (``king.state``'s subscriber): the table from the view model (``king.draw``), the toast and
its timer, the storage banner, the unreadable save's banner, the live region's sentences, the score sheet
panel; and the marks on ``<body>`` the tests wait for (``data-phase``, ``data-to-move``, ``data-deal``,
``data-storage``)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from pyscript import document, window
from pyscript.ffi import create_proxy, is_none

from . import names
from .draw import Drawing, blob_url, el, put, set_text
from .extras import draw_table_extras, follow_history
from .passscreen import draw_pass_screen
from .render import panels
from .render.announce import announce
from .render.status import status
from .render.tips import panel_tip
from .state import Change, State
from .words import Catalog, page_names

QUIET = ("settings", "toast")
"""Changes that redraw no table (the fast switch is already shown; a toast is drawn on its own)."""


class Screen:
    """Draws ``state`` after each change (words from ``cat``); ``bots_ready`` says whether the bots' worker is
    up, ``uncover`` runs on the pass screen's button, ``drawn`` after each draw of the table."""

    def __init__(self, state: State, cat: Catalog, bots_ready: Callable[[], bool], uncover: Callable[[], None],
                 drawn: Callable[[], None]) -> None:
        self.state, self.cat = state, cat
        self.drawing = Drawing(cat)
        self.bots_ready, self.uncover, self.drawn = bots_ready, uncover, drawn
        self.toast_handle: Any = None
        self.expire_proxy = create_proxy(state.expire_toasts)
        self.toast_shown: str | None = None
        # a modal dialog closed: the toast back from the top layer to the felt (no change of the state says so)
        self.place_proxy = create_proxy(lambda _event: self.place_toast())
        document.addEventListener("close", self.place_proxy, True)
        # test hook (the layout walk: a screen's own toast alone, none left from the screen before): every note gone
        window.kingHideToast = create_proxy(state.hide_toast)
        # and (the layout walk: the longest note the page can say) a lasting note said
        window.kingSayToast = create_proxy(lambda text: state.show_toast(str(text), lasting=True))
        self.problem_shown: Any = None  # the unreadable save whose words and export link are drawn
        self.export_url: str | None = None
        self.connecting: Callable[[], bool] = lambda: False
        """Whether the table waits for friends online to load (``king.friendslazy``): a game with friends online
        restored — the host's page reloaded, perhaps mid-deal, its save holding the deals over only — says it
        connects and shows nothing over the felt until friends online draws what is true (not the restored deal's
        end: «Раздача окончена.» for a deal in play)."""

    def changed(self, change: Change) -> None:
        """A subscriber of the state: the banners, the toast, the table, the live region."""
        st = self.state
        if st.saved is not None:  # after the first save
            el("storage-banner").hidden = st.saved  # persistent while the game is not being saved
            document.body.dataset.storage = "ok" if st.saved else "full"
        if st.ties_lost:
            document.body.dataset.tabTies = str(st.ties_lost)
        if change.kind == "toast" or st.toast != self.toast_shown:
            self.draw_toast()  # a note said or gone (the timer set for the next to go)
        if change.kind in QUIET:
            return
        self.draw_problem()
        if change.kind == "new":
            el("say").innerHTML = ""  # the live region's sentences were of the game before
        self.render()
        if change.moved and change.before is not None and st.vm is not None and change.seat is not None:
            self.drawing.say(announce(change.before, st.vm, change.seat, change.token or "", self.cat))
        elif change.kind == "undo":
            self.drawing.say([self.cat.t("say.undone")])
        elif change.kind == "uncover":
            screen = el("call-screen")
            if is_none(screen) or screen.hidden:
                self.drawing.focus_hand()

    def render(self) -> None:
        """The table as the state has it (an empty one with no game)."""
        st, d = self.state, self.drawing
        vm, body = st.vm, document.body
        d.show_last = st.show_last
        if vm is None:  # no game (a guest's page draws the host's view models with no session: king.guest)
            body.dataset.phase = "save_error"
            el("fast").checked = bool(st.prefs.get("fast", False))  # the saved preference, with no game
            d.empty()
            return
        place = d.focus_place()
        names.use(page_names(vm))  # hot seat, friends: people's names (a seat's earlier ones too), filled in as text
        body.dataset.phase = vm["phase"]
        body.dataset.toMove = "" if vm["to_move"] is None else str(vm["to_move"])
        body.dataset.deal = str(vm["deal"])
        el("fast").checked = vm["fast"]
        hint = st.current_hint()
        d.bar(vm)
        d.seats(vm)
        d.trick(vm)
        d.hand(vm, hint)
        d.moves(vm, hint, st.position_key())
        waiting = bool(el("welcome").open)  # a first visit's table behind the welcome: nobody plays, nothing said
        connecting = self.connecting()
        said = self.cat.t("net.connecting") if connecting else names.text(status(vm, self.cat, self.bots_ready(), hint))
        set_text(el("status"), "" if waiting else said)
        shown = {**vm, "result": None} if connecting else vm  # (nothing over the felt while connecting)
        d.panel(shown, st.current_review(), panel_tip(vm, self.cat, st.tips_on()))
        d.sheet(vm)
        draw_table_extras(vm, self.cat)  # issue 11: the card shown by the last card, the Tricks button
        follow_history(self.cat, st.session, vm)  # an open Tricks dialog follows the bots' cards
        draw_pass_screen(vm, self.cat, self.uncover)  # issue 13: hot seat's "pass the device" screen
        d.keep_focus(place)
        self.place_toast()  # the pass screen gone (or come): the toast out of the top layer (or into it)
        self.drawn()

    # ----- the toast, the banners ------------------------------------------------------------------------

    def draw_toast(self) -> None:
        """The toast's notes, a line each (``span.toast-note``), and a timer for the next short one to go."""
        message = self.state.toast
        node = el("toast")
        if self.toast_handle is not None:
            window.clearTimeout(self.toast_handle)
            self.toast_handle = None
        self.toast_shown = message
        if message is None:
            node.hidden = True
            self.place_toast()
            return
        lines = []
        for words in message.split("\n"):  # a note a line (the newest last; a cramped table shows it alone)
            line = document.createElement("span")
            line.className = "toast-note"
            line.textContent = line.title = names.text(words)  # (its title: whole, where the toast cuts it)
            lines.append(line)
        node.replaceChildren(*lines)
        # only lasting notes up (they stay until the person moves): on an upright phone a strip of their own, the row
        # of top seats in view above the table (style.css), not over that row as a short note's three seconds
        node.toggleAttribute("data-lasting", all(n.lasting for n in self.state.toasts.shown))
        node.hidden = False
        self.place_toast()
        due = self.state.toasts.due()
        if due is not None:
            self.toast_handle = window.setTimeout(self.expire_proxy, max(0, due - self.state.clock()) + 1)

    def place_toast(self) -> None:
        """The toast shown in the top layer (a manual popover) while a modal dialog or the pass screen is up or
        coming, else in the felt, its place there (style.css): a toast put in the top layer over a dialog kept
        it after the dialog closed, each later note too, and there lay over the bar's buttons."""
        node = el("toast")
        session = self.state.session
        covered = session is not None and session.covered  # the pass screen is up, or is coming
        if not node.hidden and (covered or not is_none(document.querySelector("dialog:modal, "
                                                                               ".pass-screen:not([hidden])"))):
            node.setAttribute("popover", "manual")  # the top layer: above the modal dialog or the pass screen
            if not node.matches(":popover-open"):
                node.showPopover()
        elif node.hasAttribute("popover"):
            if node.matches(":popover-open"):
                node.hidePopover()
            node.removeAttribute("popover")

    def draw_problem(self, words: bool = False) -> None:
        """The unreadable save's banner (its words again after a language switch: ``words``), and the full
        storage's choice while a new game waits for it."""
        err, st = self.state.problem, self.state
        el("problem").hidden = err is None
        el("problem-full").hidden = st.pending is None
        if st.pending is not None:
            document.body.dataset.problem = "no_room"
        if err is None or (err is self.problem_shown and not words):
            return
        put(el("problem-text"), panels.problem(self.cat, err.kind, err.version, self.cat.detail(err.to_dict()),
                                               json.dumps(err.version)))
        if err is not self.problem_shown:
            self.problem_shown = err
            self.export_url = blob_url(err.raw, self.export_url)
            link = el("export")
            link.href = self.export_url
            link.download = "king-save.txt"

    def toggle_sheet(self, show: bool | None = None) -> None:
        """Open or close (``None``: switch) the score sheet's panel; the focus into it and back."""
        panel = el("sheet-panel")
        was_shown = not panel.hidden
        show = not was_shown if show is None else show
        panel.hidden = not show
        el("export-record").hidden = self.state.vm is None  # no game in progress: nothing to download
        el("btn-sheet").setAttribute("aria-expanded", "true" if show else "false")
        d = self.drawing
        if show:  # the focus into the sheet, and (closed) back where it was: my hand, or the bar's button
            d.opener = d.opener if was_shown else document.activeElement
            el("btn-sheet-close").focus()
        elif was_shown:
            d.focus_back(el("btn-sheet"))

