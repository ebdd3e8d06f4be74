"""The application: the session on the table (``kingcore.web.Session``) and its view model, the player's
intents, the bots' loop, hints and the review, saves across tabs, and drawing it all (``king.draw``).

The page holds no rules: the session says what is legal and why not; this module turns clicks into move
tokens and view models into the document. Chance (the shuffles) happens here, with an rng seeded from the
platform's random source; the save stores the dealt cards.

Size: over 400 lines because it is the page's one controller (the session, the bots' loop, hints, the
review, saves and their recovery: unreadable saves, a full storage) and each part changes the same state;
the recovery flows are the next to move out (to ``king/recovery.py``) when the page grows (issues 11, 13).
"""

from __future__ import annotations

import asyncio
import json
import os
import random
from collections.abc import Callable, Coroutine
from typing import Any

from pyscript import document, window
from pyscript.ffi import create_proxy, is_none, to_js

from kingcore.web import (
    LANGUAGES,
    SaveError,
    Session,
    bot_move,
    is_person,
    record_hidden,
    save_newer,
    save_seq,
    seq_after,
    seq_newer,
)

from . import names
from .assist import Assist
from .draw import Drawing, el, put, show_language
from .extras import draw_table_extras
from .passscreen import draw_pass_screen
from .render import panels
from .render.announce import announce
from .render.status import MAIN_THREAD_LEVELS, hint_words, status
from .store import Store, pref_levels, pref_names
from .words import Catalog, load_catalog, name, you
from .worker import Bots, now_ms

BOT_PACE_MS = 600  # a bot's card, at a watchable pace
TRICK_HOLD_MS = 700  # extra pause after a trick is complete, before the next lead
TOAST_MS = 3000


class App:
    """The page's state: one session (or an unreadable save), the bots, the hint and the review."""

    def __init__(self, cat: Catalog, store: Store) -> None:
        self.cat = cat
        self.store = store
        self.rng = random.Random(int.from_bytes(os.urandom(16), "big"))
        self.session: Session | None = None
        self.vm: dict[str, Any] | None = None  # the table's view model (Session.table_view), as last drawn
        self.problem: SaveError | None = None  # while the stored save cannot be continued
        self.prefs, self.prefs_ok = store.load_prefs()
        self.bots = Bots(self.bots_note)
        self.drawing = Drawing(cat)
        self.running = False
        self.tasks: set[asyncio.Future[Any]] = set()
        self.toast_handle: Any = None
        self.hide_toast_proxy = create_proxy(self.hide_toast)
        self.export_url: str | None = None
        self.record_url: str | None = None  # the object URL of the last "Download the game record"
        self.pending: tuple[Any, dict[str, Any], dict[str, Any]] | None = None  # refused until the player chooses
        self.hint: dict[str, Any] | None = None  # {"key", "pending"} or {"key", "best", "values", "shown", "text"}
        self.review: dict[str, Any] | None = None  # {"key", "pending"} or {"key", "data"}: the viewer's cards reviewed
        self.watchers: list[Callable[[dict[str, Any]], None]] = []  # told each view model drawn (statistics)
        self.assist = Assist(self)  # issue 13: undo, auto-play, sounds
        self.saved_text: str | None = None  # the save text this tab last wrote or adopted (two tabs' ties)
        self.ties_lost = 0  # simultaneous moves in another tab that won (``data-tab-ties``)

    def spawn(self, coro: Coroutine[Any, Any, Any]) -> asyncio.Future[Any]:
        task = asyncio.ensure_future(coro)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
        return task

    # ----- games and saves -----------------------------------------------------------------------

    def use(self, session: Session | None, text: str | None = None) -> None:
        """Make ``session`` the game on the table (``None``: none); ``text`` the save it was read from."""
        self.session = session
        self.saved_text = text
        self.vm = None if session is None else session.table_view()

    def unreadable_stored(self, where: str, err: BaseException) -> None:
        """Something stored (``where``: the statistics, ...) could not be read or used at start-up or
        after: a note and the console, never an aborted start (issue 22 item 2)."""
        window.console.warn(f"king: {where} could not be read or used: {type(err).__name__}: {err}")
        document.body.dataset.storedProblem = where
        self.toast(self.cat.t("toast.stored_unreadable"))

    def startup_failed(self, err: BaseException) -> None:
        """Start-up met stored data it could not use (an engine bug on a strange save): the save is offered
        as unreadable — the banner, its export, a new game — instead of a page stuck behind its overlay."""
        window.console.error(f"king: start-up failed on the stored data: {type(err).__name__}: {err}")
        raw = self.store.save() or ""
        self.show_problem(err if isinstance(err, SaveError) else SaveError(str(err), "invalid", raw))

    def restore(self) -> None:
        """The stored game, a new one when there is none, or the problem with an unreadable one."""
        text = self.store.save()
        if text is None:
            self.start_game(self.prefs.get("options", {}), stored="")
        else:
            try:
                self.use(Session.from_save(text), text)
            except SaveError as e:
                self.show_problem(e)
            except Exception as e:  # an engine bug on a save must not stop the page either
                self.show_problem(SaveError(str(e), "invalid", text))
        if not self.prefs_ok:  # a short note, not an error: the defaults are used
            document.body.dataset.prefs = "defaults"
            self.toast(self.cat.t("toast.prefs_reset"))

    def new_game(self, rules: Any, changed: dict[str, Any], settings: dict[str, Any], discard: bool = False) -> None:
        """The dialog's new game — unless an unreadable save could not be copied aside (a full storage):
        then nothing is overwritten and the problem banner offers the export first, or (``discard``,
        the player's choice) starting anyway."""
        self.prefs.update({"options": changed, **settings})
        self.store.save_prefs(self.prefs)
        if self.problem is not None and not discard and not self.keep_unreadable():
            self.pending = (rules, changed, settings)
            el("problem-full").hidden = False
            document.body.dataset.problem = "no_room"
            return
        self.pending = None
        el("problem-full").hidden = True
        self.start_game(rules, settings)
        self.render()
        self.kick()

    def keep_unreadable(self) -> bool:
        """The unreadable save's copy under the save-unreadable key: there already, or written now."""
        assert self.problem is not None
        raw = self.problem.raw
        return self.store.get(self.store.broken_key) == raw or self.store.put(self.store.broken_key, raw)

    def discard_problem(self) -> None:
        """The player chose to start anyway (having exported the unreadable save, or not)."""
        if self.pending is not None:
            self.new_game(*self.pending, discard=True)

    def start_game(self, options: Any, settings: dict[str, Any] | None = None, stored: str | None = None) -> None:
        """A new rubber with rules ``options`` (a ``Rules`` from the dialog, or remembered options)."""
        settings = dict(settings or {})
        settings.setdefault("fast", bool(self.prefs.get("fast", False)))
        players = options.get("players", 4) if isinstance(options, dict) else options.players
        settings.setdefault("levels", pref_levels(self.prefs, players if players in (2, 3, 4, 5, 6) else 4))
        settings.setdefault("names", pref_names(self.prefs, len(settings["levels"])))
        base = seq_after(save_seq(self.store.save() if stored is None else stored),
                         self.session.seq if self.session else None)
        try:
            session = Session.new_game(options, self.rng, settings, seq=base)
        except Exception as e:  # options a later version wrote: fall back to the defaults
            window.console.warn(f"king: options refused ({e}); starting with the defaults")
            settings["levels"], settings["names"] = pref_levels(self.prefs, 4), pref_names(self.prefs, 4)
            session = Session.new_game({}, self.rng, settings, seq=base)
        self.problem = None
        el("problem").hidden = True
        self.use(session)
        self.drawing.show_last = False
        el("say").innerHTML = ""  # the live region's sentences were of the game before
        self.write()
        assert self.vm is not None
        fd = self.vm["first_dealer"]
        if fd:  # hot seat: everyone by name, this rubber's (the toast comes before the first render)
            names.use(self.vm["names"])
            mine = fd["seat"] == you(self.vm)
            code = ("toast.rubber_me" if mine else "toast.rubber_other") + ("_drew" if fd["card"] else "")
            self.toast(self.cat.t(code, name=name(self.cat, fd["seat"], self.vm),
                                  card=self.cat.card(fd["card"]) if fd["card"] else ""))

    def write(self) -> None:
        """Save after a change (the caller has checked with :meth:`in_sync` that no other tab is ahead)."""
        s = self.session
        assert s is not None
        s.seq += 1
        self.saved_text = s.to_save()
        saved = self.store.put(self.store.save_key, self.saved_text)
        el("storage-banner").hidden = saved  # persistent while the game is not being saved
        document.body.dataset.storage = "ok" if saved else "full"

    def in_sync(self) -> bool:
        """Before a change: if another tab saved a newer state, take it and refuse the change (one read of
        the stored save's counter, from its first characters)."""
        if self.session is None:
            return False
        text = self.store.save()
        stored = save_seq(text)
        if stored is not None and seq_newer(stored, self.session.seq):
            self.adopt(text, self.cat.t("toast.other_tab"))
            return False
        return not self.tie(text, stored)

    def tie(self, text: str | None, seq: int | None) -> bool:
        """Two tabs saved the same counter at the same moment with different games (each played its own
        card): the greater save text wins in every tab (``kingcore.web.save_newer``: a rule both tabs apply
        alike, so they converge).
        The losing tab adopts the winner's game and says so (True); the winning tab keeps its game and
        writes it again should the storage hold the loser's (False)."""
        s = self.session
        if s is None or text is None or seq != s.seq or self.saved_text is None or text == self.saved_text:
            return False
        if save_newer(text, self.saved_text):
            self.ties_lost += 1
            document.body.dataset.tabTies = str(self.ties_lost)
            self.adopt(text, self.cat.t("toast.tab_tie"))
            return True
        now = self.store.save()
        if now != self.saved_text and save_seq(now) == s.seq:  # never over a newer save
            self.store.put(self.store.save_key, self.saved_text)
        return False

    def adopt(self, text: str | None, message: str) -> None:
        """Continue from a save text another tab wrote."""
        if text is None:
            return
        try:
            session = Session.from_save(text)
        except SaveError:
            return  # another tab wrote something unreadable: keep ours, it is saved on our next move
        self.use(session, text)
        self.problem = None
        el("problem").hidden = True
        self.render()
        self.toast(message)
        self.kick()

    def on_storage(self, event: Any) -> None:
        if is_none(event.key) or str(event.key) != self.store.save_key or is_none(event.newValue):
            return
        text = str(event.newValue)
        seq = save_seq(text)
        if seq is not None and (self.session is None or seq_newer(seq, self.session.seq)):
            self.adopt(text, self.cat.t("toast.continued"))
        else:
            self.tie(text, seq)

    def show_problem(self, err: SaveError) -> None:
        self.problem = err
        self.use(None)
        self.pending = None
        el("problem-full").hidden = True
        self.problem_words()
        self.export_url = self.blob_url(err.raw, self.export_url)
        link = el("export")
        link.href = self.export_url
        link.download = "king-save.txt"
        el("problem").hidden = False

    def problem_words(self) -> None:
        """What the banner says about the unreadable save (in the page's language)."""
        err = self.problem
        if err is not None:
            put(el("problem-text"), panels.problem(self.cat, err.kind, err.version, self.cat.detail(err.to_dict()),
                                                   json.dumps(err.version)))

    def blob_url(self, text: str, old: str | None) -> str:
        """An object URL of ``text`` as a file (``old`` revoked)."""
        if old:
            window.URL.revokeObjectURL(old)
        return str(window.URL.createObjectURL(window.Blob.new(to_js([text]), to_js({"type": "text/plain"}))))

    def record_hides_hands(self) -> bool:
        """Whether a file with the dealt cards (a record, a backup) would show another person's hand now
        (``kingcore.web.record_hidden``)."""
        return self.session is not None and record_hidden(self.session.settings["levels"],
                                                          self.session.game.phase.value)

    def record_refused(self) -> bool:
        """True (and a toast says why) while a file with the dealt cards would show another person's hand."""
        if not self.record_hides_hands():
            return False
        self.toast(self.cat.t("toast.record_hidden"))
        return True

    def record_link(self) -> str | None:
        """An object URL of the game record (``None`` with no game, or while it would show hands the table
        hides: ``kingcore.web.record_hidden``, said in a toast)."""
        if self.session is None or self.record_refused():
            return None
        self.record_url = self.blob_url(self.session.download(), self.record_url)
        return self.record_url

    # ----- intents -------------------------------------------------------------------------------

    def intent(self, token: str) -> dict[str, Any] | None:
        """The move of the person at the screen (the viewer); the session's answer, or ``None`` when refused
        before it (another tab ahead, or the pass screen is up)."""
        if self.session is None or self.session.covered or not self.in_sync():
            return None
        result = self.session.apply(token, self.session.viewer, viewer="table")
        if not result["ok"]:
            err = result["error"]
            self.toast(self.cat.t("toast.not_allowed", why=self.cat.why(err["reason"], err["args"])))
            document.body.dataset.lastError = err["reason"]
            return result
        before, self.vm = self.vm, result["view"]
        self.hide_toast()
        self.write()
        self.render()
        if before is not None:
            self.drawing.say(announce(before, result["view"], before["seat"], token, self.cat))
            self.assist.moved(before, result["view"])
        self.kick()
        return result

    def intent_json(self, token: Any) -> str:
        """Test hook (window.kingIntent): play a token through the same path as a click."""
        result = self.intent(str(token))
        if result is None:
            return json.dumps({"ok": False, "error": {"reason": "stale", "message": "no game"}})
        return json.dumps({"ok": result["ok"], "error": result.get("error")})

    def next_deal(self) -> None:
        s = self.session
        if s is None or not self.in_sync():
            return
        if s.deal(self.rng):
            self.vm = s.table_view()
            self.drawing.show_last = False
            self.write()
            self.render()
            self.kick()

    def set_fast(self, fast: bool) -> None:
        self.prefs["fast"] = fast
        self.store.save_prefs(self.prefs)
        if self.session is not None and self.vm is not None and self.in_sync():
            self.session.settings["fast"] = fast
            self.vm["fast"] = fast
            self.write()

    def uncover(self) -> None:
        """Hot seat: the person the pass screen names took the device — their cards are shown."""
        s = self.session
        if s is None or not s.covered or not self.in_sync():
            return
        s.uncover()
        self.vm = s.table_view()
        self.write()
        self.render()
        screen = el("call-screen")
        if is_none(screen) or screen.hidden:
            self.drawing.focus_hand()
        self.kick()

    # ----- the bots --------------------------------------------------------------------------------

    def kick(self) -> None:
        if not self.running:
            self.spawn(self.run_bots())

    async def run_bots(self) -> None:
        """Play the bots' moves until it is a person's turn, a deal ends, or the rubber is over."""
        if self.running:
            return
        self.running = True
        try:
            while True:
                s, vm = self.session, self.vm
                if s is None or vm is None or vm["to_move"] is None or is_person(vm["levels"], vm["to_move"]):
                    return
                seat = vm["to_move"]
                before = (s, s.seq)
                level = vm["levels"][seat]
                request, seed = s.bot_request(seat), s.bot_seed(seat)
                start = now_ms()
                known = s.known_reply(seat)  # the same reply as before an undo, in the same position
                if known is not None:
                    token = known
                elif not self.bots.ready.is_set() and level in MAIN_THREAD_LEVELS:
                    token = bot_move(request, level, seed)  # the worker is still starting; this one is cheap
                    window.kingStats.botMain.push(now_ms() - start)
                else:
                    if not self.bots.ready.is_set():
                        self.render()
                        await self.bots.ready.wait()
                    asked = now_ms()  # the latency of the move itself, not of the worker's start
                    token = await self.bots.choose(request, level, seed, s.bot_past)
                    window.kingStats.bot.push(now_ms() - asked)
                took = now_ms() - start
                if not vm["fast"]:
                    wait = BOT_PACE_MS + (TRICK_HOLD_MS if vm["trick_complete"] else 0) - took
                    if wait > 0:
                        await asyncio.sleep(wait / 1000)
                else:
                    await asyncio.sleep(0)
                if self.session is not before[0] or s.seq != before[1] or not self.in_sync():
                    window.kingStats.staleBots += 1  # the answer is for an old position: ignored
                    continue  # a new game, another tab, an undo or a reload of the state came in meanwhile
                result = s.apply(token, seat, viewer="table")
                if not result["ok"]:  # a bot bug must not stop the game: fall back to a random legal move
                    window.console.error(f"king: bot move {token} refused: {result['error']['message']}")
                    token = await self.bots.choose(request, "random", seed, s.bot_past)
                    result = s.apply(token, seat, viewer="table")
                self.vm = result["view"]  # "Last trick" stays open until the player closes it (issue 20)
                self.write()
                self.render()
                self.drawing.say(announce(vm, result["view"], seat, token, self.cat))
                self.assist.moved(vm, result["view"])
        finally:
            self.running = False

    # ----- hints and the review ---------------------------------------------------------------------

    def position_key(self) -> tuple[Any, ...] | None:
        s = self.session
        return None if s is None else (s.game_id, *s.ply)

    def current_hint(self) -> dict[str, Any] | None:
        h = self.hint
        return h if h is not None and h["key"] == self.position_key() else None

    def ask_hint(self) -> None:
        s = self.session
        vm = self.vm
        if s is None or vm is None or vm["to_move"] != vm["seat"] or s.covered or self.current_hint() is not None:
            return
        key = self.position_key()
        self.hint = {"key": key, "pending": True}
        self.render()
        self.spawn(self.fetch_hint(key, s.bot_request(vm["seat"]), s.bot_seed(vm["seat"]), s.bot_past))

    async def fetch_hint(self, key: Any, request: str, seed: int, feed: Callable[[str], str]) -> None:
        try:
            answer = json.loads(await self.bots.ask("hint", request, seed, feed=feed))
        except Exception as e:
            window.console.warn(f"king: no hint: {e}")
            self.hint = None
            self.toast(self.cat.t("toast.no_hint"))
            self.render()
            return
        if self.hint is None or self.hint["key"] != key:
            return  # the position moved on while the bots thought
        self.hint = {"key": key, "pending": False, **hint_words(self.cat, answer)}
        self.render()

    def ask_review(self) -> None:
        s, vm = self.session, self.vm
        if s is None or vm is None or not vm["deal"]:
            return
        key = (s.game_id, vm["deal"], vm["seat"])  # hot seat: the review of the person at the screen
        if self.review is not None and self.review["key"] == key:
            return
        self.review = {"key": key, "pending": True}
        self.render()
        self.spawn(self.fetch_review(key, s.record(), vm["deal"], vm["seat"]))

    async def fetch_review(self, key: Any, record: str, deal: int, seat: int) -> None:
        try:
            data = json.loads(await self.bots.ask("analyse", record, seat, deal))
        except Exception as e:
            window.console.warn(f"king: no review: {e}")
            data = {"error": str(e)}
        if self.review is not None and self.review["key"] == key:
            self.review = {"key": key, "pending": False, "data": data}
            document.body.dataset.review = str(deal)
            self.render()

    # ----- drawing -------------------------------------------------------------------------------

    def render(self) -> None:
        vm, d = self.vm, self.drawing
        body = document.body
        if self.session is None or vm is None:
            body.dataset.phase = "save_error"
            el("fast").checked = bool(self.prefs.get("fast", False))  # the saved preference, with no game
            d.empty()
            return
        place = d.focus_place()
        names.use(vm["names"])  # hot seat: people's names, filled in as text
        d.measure_bar()
        body.dataset.phase = vm["phase"]
        body.dataset.toMove = "" if vm["to_move"] is None else str(vm["to_move"])
        body.dataset.deal = str(vm["deal"])
        el("fast").checked = vm["fast"]
        hint = self.current_hint()
        d.bar(vm)
        d.seats(vm)
        d.trick(vm)
        d.hand(vm, hint)
        d.moves(vm, hint, self.position_key())
        el("status").textContent = names.text(status(vm, self.cat, self.bots.ready.is_set(), hint))
        review = self.review if self.review is not None and self.review["key"] == (
            self.session.game_id, (vm["result"] or {}).get("deal"), vm["seat"]) else None
        d.panel(vm, review)
        d.sheet(vm)
        draw_table_extras(vm, self.cat)  # issue 11: the card shown by the last card, the Tricks button
        draw_pass_screen(vm, self.cat, self.uncover)  # issue 13: hot seat's "pass the device" screen
        d.keep_focus(place)
        for watch in self.watchers:
            try:
                watch(vm)
            except Exception as e:  # a watcher reading stored data (the statistics) must not stop the page
                self.unreadable_stored(getattr(watch, "__qualname__", "a watcher"), e)
        self.assist.drawn()  # issue 13: the undo button, auto-play

    def toast(self, message: str) -> None:
        node = el("toast")
        node.textContent = names.text(message)
        node.hidden = False
        covered = self.session is not None and self.session.covered  # the pass screen is up, or is coming
        if covered or not is_none(document.querySelector("dialog:modal, .pass-screen:not([hidden])")):
            node.setAttribute("popover", "manual")  # the top layer: above the modal dialog or the pass screen
            if not node.matches(":popover-open"):
                node.showPopover()
        if self.toast_handle is not None:
            window.clearTimeout(self.toast_handle)
        self.toast_handle = window.setTimeout(self.hide_toast_proxy, TOAST_MS)

    def bots_note(self, code: str) -> None:
        """The bots' worker restarted, or this thread played a move: a short note."""
        self.toast(self.cat.t("toast.bots_main" if code == "main" else "toast.bots_restarted"))

    def hide_toast(self, *_: Any) -> None:
        node = el("toast")
        node.hidden = True
        if node.hasAttribute("popover"):
            if node.matches(":popover-open"):
                node.hidePopover()
            node.removeAttribute("popover")
        if self.toast_handle is not None:
            window.clearTimeout(self.toast_handle)
        self.toast_handle = None

    # ----- the language (issue 13) ----------------------------------------------------------------

    def set_language(self, lang: str) -> None:
        """Show the page in ``lang`` (one of ``kingcore.web.LANGUAGES``) and remember the choice."""
        if lang not in LANGUAGES:
            return
        self.cat.use(load_catalog(lang))
        self.prefs["lang"] = lang
        self.store.save_prefs(self.prefs)
        show_language(self.cat, lang)
        self.hide_toast()
        self.drawing.forget()
        if self.problem is not None:  # its words only: a pending choice (a full storage) stays
            self.problem_words()
        self.render()
        document.body.dataset.lang = lang

    def toggle_sheet(self, show: bool | None = None) -> None:
        panel = el("sheet-panel")
        was_shown = not panel.hidden
        show = not was_shown if show is None else show
        panel.hidden = not show
        el("export-record").hidden = self.session is None  # no game in progress: nothing to download
        el("btn-sheet").setAttribute("aria-expanded", "true" if show else "false")
        if show:  # the focus into the sheet, and (closed) back where it was: my hand, or the bar's button
            self.drawing.opener = self.drawing.opener if was_shown else document.activeElement
            el("btn-sheet-close").focus()
        elif was_shown:
            self.drawing.focus_back(el("btn-sheet"))

