"""The application, wired: the state (``king.state``: the one place that applies, saves and notifies), its
subscribers — the drawing (``king.screen``), the statistics (``king.stats``), undo, auto-play and sounds
(``king.assist``), the bots' loop (``king.botloop``) — hints and reviews (``king.hints``), the games and their
saves (``king.saves``), a first visit's welcome and tips (``king.welcome``); and the player's intents, which the
page's events (``web/main.py``) call.

The page holds no rules: the session says what is legal and why not; this module turns clicks into move
tokens. Chance (the shuffles) happens in the state, with an rng seeded from the platform's random source;
the save stores the dealt cards.
"""

from __future__ import annotations

import json
from typing import Any

from pyscript import document, window

from kingcore.web import LANGUAGES, Answer

from .assist import Assist
from .botloop import BotLoop
from .draw import el, show_language
from .hints import Hints
from .saves import Saves
from .screen import Screen
from .state import State
from .store import Store
from .welcome import Welcome
from .words import Catalog, load_catalog
from .worker import Bots


class App:
    """The page's parts around one :class:`~king.state.State`, and the intents of the person at the screen."""

    def __init__(self, cat: Catalog, store: Store) -> None:
        self.cat, self.store = cat, store
        self.state = st = State(store, cat.t)
        self.bots = Bots(self.bots_note)
        self.saves = Saves(st, cat)
        self.assist = Assist(st, cat, self.intent, self.saves.in_sync)  # issue 13: undo, auto-play, sounds
        self.screen = Screen(st, cat, self.bots.ready.is_set, self.uncover, self.assist.drawn)
        self.drawing = self.screen.drawing
        self.loop = BotLoop(st, self.bots, self.saves.in_sync)
        self.hints = Hints(st, self.bots, cat)
        for subscriber in (self.screen.changed, self.assist.changed, self.loop.changed):
            st.subscribe(subscriber)
        self.welcome = Welcome(self)  # issue 30: a first visit's welcome, and the tips of the first deal

    # ----- intents -------------------------------------------------------------------------------

    def intent(self, token: str) -> Answer | None:
        """The move of the person at the screen (the viewer); the session's answer, or ``None`` when refused
        before it (another tab ahead, or the pass screen is up)."""
        st = self.state
        s = st.session
        if s is None or s.covered or not self.saves.in_sync():
            return None
        result = st.play(token, s.viewer)
        if not result["ok"]:
            err = result["error"]
            st.show_toast(self.cat.t("toast.not_allowed", why=self.cat.why(err["reason"], err["args"])))
            document.body.dataset.lastError = err["reason"]
        return result

    def intent_json(self, token: Any) -> str:
        """Test hook (window.kingIntent): play a token through the same path as a click."""
        result = self.intent(str(token))
        if result is None:
            return json.dumps({"ok": False, "error": {"reason": "stale", "message": "no game"}})
        return json.dumps({"ok": result["ok"], "error": result.get("error")})

    def next_deal(self) -> None:
        s = self.state.session
        if s is not None and self.saves.in_sync() and s.deal(self.state.rng):
            self.state.commit("deal")

    def set_fast(self, fast: bool) -> None:
        st = self.state
        st.prefs["fast"] = fast
        st.store.save_prefs(st.prefs)
        if st.session is not None and st.vm is not None and self.saves.in_sync():
            st.session.settings["fast"] = fast
            st.vm["fast"] = fast
            st.commit("settings", st.vm)

    def uncover(self) -> None:
        """Hot seat: the person the pass screen names took the device — their cards are shown."""
        s = self.state.session
        if s is not None and s.covered and self.saves.in_sync():
            s.uncover()
            self.state.commit("uncover")

    def toggle_last(self, show: bool | None) -> None:
        """Open or close (``None``: switch) the Last-trick inset."""
        st = self.state
        st.show_last = not st.show_last if show is None else show
        st.refresh()

    def set_language(self, lang: str) -> None:
        """Show the page in ``lang`` (one of ``kingcore.web.LANGUAGES``) and remember the choice; the live
        region's log (``#say``) is emptied, so a screen reader is never read the last language's lines."""
        if lang not in LANGUAGES:
            return
        st = self.state
        self.cat.use(load_catalog(lang))
        st.prefs["lang"] = lang
        st.store.save_prefs(st.prefs)
        show_language(self.cat, lang)
        el("say").replaceChildren()  # the screen reader's log: one language, never the last one's lines kept
        st.hide_toast()
        self.drawing.forget()
        self.screen.draw_problem(words=True)  # its words only: a pending choice (a full storage) stays
        st.refresh()
        document.body.dataset.lang = lang

    def unreadable_stored(self, where: str, err: BaseException) -> None:
        """Something stored (``where``: the statistics, ...) could not be read or used at start-up or
        after: a note and the console, never an aborted start (issue 22 item 2)."""
        window.console.warn(f"king: {where} could not be read or used: {type(err).__name__}: {err}")
        document.body.dataset.storedProblem = where
        self.state.show_toast(self.cat.t("toast.stored_unreadable"))

    def bots_note(self, code: str) -> None:
        """The bots' worker restarted, or this thread played a move: a short note."""
        self.state.show_toast(self.cat.t("toast.bots_main" if code == "main" else "toast.bots_restarted"))
