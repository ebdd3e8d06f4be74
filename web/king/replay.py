"""The replay viewer (issue 13, item 5): the ``#replay`` dialog opened from the bar's ``#btn-replay``. A file
(``<input type=file>`` or dropped on the dialog) is read by ``kingcore.web.Replay``; the board is drawn at
a step (``king.render.replay``); ← → step a card, Shift+← → or PageUp/PageDown a trick, Home/End the ends;
the select jumps to a deal; the expert's review of a chosen seat's cards is asked of the bots' worker; and
"Continue from here" makes the record up to the step the game on the table (after New game's question when
it would replace a rubber in progress). A file that cannot be read changes nothing: the page says the reader's line and
column, and the game on the table and any replay already open stay as they were."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import Any

from pyscript import document, window
from pyscript.ffi import create_proxy, is_none

from kingcore.web import Replay, ReplayFileError
from kingcore.web.backup import MAX_BACKUP

from .app import App
from .draw import el, put
from .render import replay as view
from .state import spawn
from .stats import too_big

MAX_REPLAY_BYTES = MAX_BACKUP
"""Bytes in a file the viewer reads (``Replay.from_text`` takes at most a backup's characters; records and
saves are ASCII but for people's names): a larger file is refused by ``File.size``, unread."""

STEP_KEYS = {"ArrowLeft": -1, "ArrowRight": 1}
TRICK_KEYS = {"PageUp": -1, "PageDown": 1}


class ReplayView:
    """The dialog's state: the replay open (or none), the step shown, the seat reviewed and its review."""

    def __init__(self, app: App, ask: Callable[[Callable[[], None]], None]) -> None:
        self.app, self.ask = app, ask  # ask: New game's question before a rubber is replaced, then the new game
        self.replay: Replay | None = None
        self.step = 0
        self.review: dict[str, Any] | None = None  # {"key": (replay id, deal index, seat), "seat", ...}
        self.proxies: list[Any] = []

    def listen(self, ident: str, event: str, handler: Any) -> None:
        proxy = create_proxy(handler)
        self.proxies.append(proxy)
        (document if ident == "document" else el(ident)).addEventListener(event, proxy, ident == "document")

    # ----- opening ---------------------------------------------------------------------------------

    def open(self, *_: Any) -> None:
        dialog = el("replay")
        if not dialog.open:
            dialog.showModal()
        document.body.dataset.replay = "open" if self.replay is None else "loaded"
        el("replay-file" if self.replay is None else "replay-next").focus()

    def closed(self, *_: Any) -> None:
        document.body.removeAttribute("data-replay")

    def picked(self, event: Any) -> None:
        files = event.target.files
        if not is_none(files) and files.length:
            spawn(self.read(files.item(0)))
            event.target.value = ""  # the same file picked again (after fixing it) is read again

    def dropped(self, event: Any) -> None:
        event.preventDefault()
        files = event.dataTransfer.files
        if files.length:
            spawn(self.read(files.item(0)))

    async def read(self, file: Any) -> None:
        """Read a picked or dropped file (a long record takes seconds: "Reading the file…" shows meanwhile)."""
        refused = too_big(self.app.cat, int(file.size), MAX_REPLAY_BYTES)
        if refused is not None:  # by its size alone, at once: nothing of it is read (issue 22 item 6)
            self.failed({"part": "file", "line": None, "column": None, "message": refused, "size": int(file.size)})
            return
        status = el("replay-status")
        status.hidden = False
        await asyncio.sleep(0.03)  # let the page paint it before the replay takes the thread
        try:
            self.load(str(await file.text()))
        finally:
            status.hidden = True

    def load(self, text: str) -> None:
        """Open ``text`` (a record, a save, or a file holding a save); on a bad file, say where and keep the
        replay already open."""
        try:
            replay = Replay.from_text(text)
        except ReplayFileError as e:
            self.failed(e.to_dict())
            return
        except Exception as e:  # an engine bug on a hostile file must not stop the page either
            self.failed({"part": "file", "line": None, "column": None, "message": str(e)})
            return
        el("replay-error").hidden = True
        self.replay, self.step, self.review = replay, 0, None
        put(el("replay-deal"), view.deal_options(self.app.cat, replay.deal_list(), 0))
        put(el("replay-seat"), view.seat_options(self.app.cat, replay.seating(), 0), replay.seating()["names"])
        el("replay-view").hidden = False
        document.body.dataset.replay = "loaded"
        go_on = el("replay-continue")  # disabled, its title saying why, until a file is open
        go_on.disabled = False
        go_on.setAttribute("data-t-title", "replay.continue_title")
        go_on.title = self.app.cat.t("replay.continue_title")
        self.draw()
        el("replay-next").focus()  # the arrow keys step at once (the file input would keep them)

    def failed(self, error: dict[str, Any]) -> None:
        box = el("replay-error")
        put(box, view.file_error(self.app.cat, error))
        box.hidden = False
        document.body.dataset.replayError = f"{error.get('line')}:{error.get('column')}"

    # ----- stepping --------------------------------------------------------------------------------

    def go(self, step: int) -> None:
        if self.replay is not None:
            self.step = self.replay.clamp(step)
            self.draw()

    def card(self, delta: int) -> None:
        self.go(self.step + delta)

    def trick(self, delta: int) -> None:
        r = self.replay
        if r is not None:
            self.go(r.next_trick(self.step) if delta > 0 else r.prev_trick(self.step))

    def key(self, event: Any) -> None:
        """← → a card, Shift+← → or PageUp/PageDown a trick, Home/End the ends (not inside a select or the
        file input, which use these keys themselves). Heard on the whole document while the dialog is open (a
        button disabled at either end lets the focus fall to the body), before the table's own keys."""
        if self.replay is None or not el("replay").open or event.altKey or event.ctrlKey or event.metaKey \
                or str(event.target.tagName) in ("SELECT", "INPUT"):
            return
        k = str(event.key)
        if k in STEP_KEYS:
            (self.trick if event.shiftKey else self.card)(STEP_KEYS[k])
        elif k in TRICK_KEYS:
            self.trick(TRICK_KEYS[k])
        elif k in ("Home", "End"):
            self.go(0 if k == "Home" else self.replay.last)
        else:
            return
        event.preventDefault()
        event.stopPropagation()

    def pick_deal(self, *_: Any) -> None:
        if self.replay is not None:
            self.go(self.replay.deals[int(el("replay-deal").value)].first)

    def words(self, *_: Any) -> None:
        """The language changed: the lists and the board in the new words."""
        r = self.replay
        if r is not None:
            put(el("replay-deal"), view.deal_options(self.app.cat, r.deal_list(), r.deal_of(self.step)))
            put(el("replay-seat"), view.seat_options(self.app.cat, r.seating(), int(el("replay-seat").value)),
                r.seating()["names"])
            self.draw()

    def draw(self) -> None:
        r, cat = self.replay, self.app.cat
        if r is None:
            return
        frame = r.frame(self.step)
        put(el("replay-board"), view.board(cat, frame), frame["names"])
        el("replay-deal").value = str(frame["deal_index"])
        at_start, at_end = self.step == 0, self.step == r.last
        el("replay-prev").disabled = el("replay-prev-trick").disabled = at_start
        el("replay-next").disabled = el("replay-next-trick").disabled = at_end
        focused = document.activeElement
        goal = view.focus_after(str(getattr(focused, "id", "") or ""), at_start, at_end)
        if goal is not None:  # a step button just disabled would drop the focus to the body
            el(goal).focus()
        review = self.review if self.review is not None and self.review["key"][:2] == (id(r), frame["deal_index"]) \
            else None
        actual = None
        if review is not None:
            points = r.deal_points(frame["deal_index"])
            actual = None if points is None else points[review["seat"]]
        put(el("replay-review"), view.seat_review(cat, review, r.seating(), actual, frame["move"]), frame["names"])
        document.body.dataset.replayStep = str(self.step)

    # ----- the expert's review ------------------------------------------------------------------------

    def evaluate(self, *_: Any) -> None:
        """The expert's review of the chosen seat's cards in the deal on the board (the bots' worker)."""
        r = self.replay
        if r is None:
            return
        seat, k = int(el("replay-seat").value), r.deal_of(self.step)
        key = (id(r), k, seat)
        if self.review is not None and self.review["key"] == key:
            return
        if r.hidden(k, seat):  # a deal saved in progress: nobody knows these cards, the expert neither
            self.review = {"key": key, "seat": seat, "hidden": True}
            self.draw()
            return
        self.review = {"key": key, "seat": seat, "pending": True}
        self.draw()
        spawn(self.fetch(key, r.record(), seat, r.deals[k].number))

    async def fetch(self, key: tuple[int, int, int], record: str, seat: int, deal: int) -> None:
        try:
            data = json.loads(await self.app.bots.ask("analyse", record, seat, deal))
        except Exception as e:
            window.console.warn(f"king: no review of the replay: {e}")
            data = {"error": str(e)}
        if self.review is not None and self.review["key"] == key:
            self.review = {"key": key, "seat": seat, "data": data}
            document.body.dataset.replayReview = f"{deal}:{seat}"
            self.draw()

    # ----- continue from here -------------------------------------------------------------------------

    def continue_here(self, *_: Any) -> None:
        """The record up to the step on the board becomes the game on the table: seat 0 the person, the
        others bots at the default level — after New game's question (``#replace-dialog``, its words) when it
        would replace a rubber in progress."""
        if self.replay is None:
            return
        self.ask(self.continue_now)

    def continue_now(self) -> None:
        """*Continue from here*, asked and answered: the game on the table from the step on the board."""
        app, r, st = self.app, self.replay, self.app.state
        if r is None:
            return
        if st.problem is not None and not app.saves.keep_unreadable():  # never overwrite the only copy of a save
            box = el("replay-error")
            box.textContent = app.cat.t("problem.no_room")
            box.hidden = False
            return
        settings = {"fast": bool(st.prefs.get("fast", False)), "seed": int(st.rng.random() * 2**31)}
        session = r.session_at(self.step, settings, 0, f"{int(st.rng.random() * 2**48):012x}", st.rng)
        el("replay").close()
        st.commit("new", session=session)  # saved with the next counter


def bind(app: App, ask: Callable[[Callable[[], None]], None]) -> ReplayView:
    """The viewer's events: the bar's button, the file input and drops, the step buttons and keys, the
    deal and seat choice, the review and "Continue from here" (``ask``: New game's question, then the game)."""
    v = ReplayView(app, ask)
    v.listen("btn-replay", "click", v.open)
    v.listen("replay", "close", v.closed)
    v.listen("document", "keydown", v.key)
    v.listen("replay", "dragover", lambda e: e.preventDefault())
    v.listen("replay", "drop", v.dropped)
    v.listen("replay-file", "change", v.picked)
    v.listen("replay-prev", "click", lambda e: v.card(-1))
    v.listen("replay-next", "click", lambda e: v.card(1))
    v.listen("replay-prev-trick", "click", lambda e: v.trick(-1))
    v.listen("replay-next-trick", "click", lambda e: v.trick(1))
    v.listen("replay-deal", "change", v.pick_deal)
    v.listen("replay-evaluate", "click", v.evaluate)
    v.listen("replay-continue", "click", v.continue_here)
    v.listen("replay-close", "click", lambda e: el("replay").close())
    v.listen("lang", "change", v.words)  # after the page's own handler (registered first) switched the words
    return v
