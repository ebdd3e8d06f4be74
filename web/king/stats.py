"""The statistics dialog (``#btn-stats`` → ``dialog#stats-dialog``), the recording of each finished rubber,
and the export and import of all saved data (the save, the preferences, the statistics) as one file (issue
13 item 4). The figures and the file's checks are ``kingcore.web.stats``'s; the words and charts
``king.render.stats``'s.

A finished rubber is recorded when its final screen is drawn (:meth:`StatsView.record`, a ``king.state`` subscriber),
from the statistics as stored *now* and keyed by the game (``rubber_key``): a reload of the final screen or a
second tab on the same game finds it there and records nothing. An import is checked wholly before anything
is written (a file over :data:`MAX_IMPORT_BYTES` is refused by its size, unread), and what was stored is put
back if the browser refuses a write — then read back, and the message names whatever could not be restored
(issue 22 item 4). Statistics that could not be read stay under ``stats-unreadable``, offered for export in the
dialog; rubbers dropped to fit are said.
"""

from __future__ import annotations

from typing import Any

from pyscript import document, when, window
from pyscript.ffi import create_proxy, is_none

from kingcore.web import ViewModel, read_prefs
from kingcore.web.backup import MAX_BACKUP, BackupError, import_changes, import_plan, make_backup, read_backup
from kingcore.web.stats import cleared, dump_stats, read_stats, record_rubber, rubber_entry, rubber_key, summary

from .app import App
from .draw import blob_url, el, put
from .render import stats as view
from .state import Change, spawn
from .words import ME, Catalog

HEADING_KEEP_PX = 40
"""How much of what a heading of the statistics heads must show under it on the first screen (two lines of
a table, the top of a chart; all of a shorter note), else the section starts on the next screen."""

MAX_IMPORT_BYTES = MAX_BACKUP
"""Bytes in a file Import… reads: a backup's character limit (the page's backups are ASCII JSON, a byte a
character); a larger file is refused by ``File.size`` before any of it is read."""


def too_big(cat: Catalog, size: int, limit: int) -> str | None:
    """What the page says of a file of ``size`` bytes when over ``limit`` (both shown in MB), else ``None``.

    Issue 22 item 6: checked before the file is read, so a huge file neither freezes the page nor is called
    "not valid JSON"."""
    if size <= limit:
        return None
    return cat.t("file.too_big", size=cat.num(size / 1e6), limit=cat.num(limit / 1e6))


def now_utc() -> str:
    """The time now, ``YYYY-MM-DDTHH:MM:SSZ`` (UTC)."""
    return str(window.Date.new().toISOString())[:19] + "Z"


class StatsView:
    """The statistics of the page's storage, the dialog that shows them, export, import and clearing."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.store = app.store
        self.recorded: tuple[str, int] | None = None  # (game id, seq) last looked at: one look per state
        self.export_url: str | None = None
        self.unreadable_url: str | None = None  # the object URL of the unreadable statistics' text

    # ----- storage ------------------------------------------------------------------------------------

    def stored(self) -> dict[str, Any]:
        """The statistics as stored now; an unreadable text is first copied aside (``stats-unreadable``)."""
        text = self.store.get(self.store.stats_key)
        stats, ok = read_stats(text)
        if not ok and text and self.store.get(self.store.stats_broken_key) != text:
            self.store.put(self.store.stats_broken_key, text)
        document.body.dataset.statsRead = "ok" if ok else "partial"
        return stats

    def write(self, stats: dict[str, Any]) -> bool:
        """Store ``stats`` — only a text the reader takes back whole (what cannot be read back is not
        written: the stored statistics stay)."""
        text = dump_stats(stats)
        back, ok = read_stats(text)
        if not ok or len(back["rubbers"]) != len(stats["rubbers"]):
            window.console.warn("king: statistics not written: the text would not read back whole")
            return False
        return self.store.put(self.store.stats_key, text)

    def current_key(self) -> str | None:
        """The key of the rubber on the table if it is over (``None`` too when its id cannot be keyed)."""
        s, vm = self.app.state.session, self.app.state.vm
        if s is None or vm is None or vm["phase"] != "rubber_over":
            return None
        try:
            return rubber_key(s.game_id, s.record())
        except Exception as e:  # an id a hostile save brought: the statistics cannot key it
            window.console.warn(f"king: no key for this rubber: {e}")
            return None

    def changed(self, change: Change) -> None:
        """A subscriber of the state: a finished rubber on the table goes into the statistics, once; a
        failure (stored data it cannot use) is a note, never a stopped page."""
        vm = self.app.state.vm
        if vm is None:
            return
        try:
            self.record(vm)
        except Exception as e:
            self.app.unreadable_stored("statistics", e)

    def record(self, vm: ViewModel) -> None:
        """A finished rubber on the table (``vm``) goes into the statistics, once."""
        s = self.app.state.session
        if vm["phase"] != "rubber_over" or s is None or self.recorded == (s.game_id, s.seq):
            return
        self.recorded = (s.game_id, s.seq)
        try:
            entry = rubber_entry(s, now_utc())
        except Exception as e:  # a hostile save's game (an id no encoder takes): not recorded, said
            self.app.unreadable_stored("statistics", e)
            return
        if entry is None:
            return
        stats, added, dropped = record_rubber(self.stored(), entry)
        if added and self.write(stats):
            document.body.dataset.statsRecorded = entry["key"]
            if dropped:
                document.body.dataset.statsDropped = str(dropped)
                self.app.state.show_toast(self.app.cat.n("stats.dropped", dropped))
            if el("stats-dialog").open:
                self.draw()

    # ----- the dialog ---------------------------------------------------------------------------------

    def open(self) -> None:
        self.say("", "")
        el("stats-confirm").hidden = True
        self.draw()
        dialog = el("stats-dialog")
        if not dialog.open:
            dialog.showModal()
        self.keep_headings()
        el("stats-close").focus()

    def draw(self) -> None:
        stats = self.stored()
        s = summary(stats, ME)
        put(el("stats-body"), view.stats_panel(self.app.cat, s, self.app.state.vm))
        el("stats-dialog").dataset.played = str(s["played"])
        self.offer_unreadable()
        if el("stats-dialog").open:
            self.keep_headings()

    def keep_headings(self, *_: Any) -> None:
        """No heading at the foot of the dialog's first screen with what it heads out of sight below (a phone:
        «Среднее число очков за контракт» and nothing under it): that section starts on the next screen, as
        print keeps a heading with its text. Measured in the open dialog; again whenever its view changes size."""
        body = el("stats-body")
        if not el("stats-dialog").open:
            return
        sections = list(body.querySelectorAll("section"))
        for section in sections:
            section.style.removeProperty("margin-top")
        box, screen = body.getBoundingClientRect(), float(body.clientHeight)

        def y(rect: Any) -> tuple[float, float]:  # in the box's content, as at its first screen
            return rect.top - box.top + body.scrollTop, rect.bottom - box.top + body.scrollTop

        for section in sections:
            head = section.querySelector("h3")
            top, bottom = y(head.getBoundingClientRect())
            under_top, under_bottom = y(head.nextElementSibling.getBoundingClientRect())
            shown = min(under_bottom, screen) - max(under_top, 0)
            if top >= 0 and bottom <= screen and shown < min(HEADING_KEEP_PX, under_bottom - under_top):
                section.style.marginTop = f"{screen - top + 10:.0f}px"
                break

    def offer_unreadable(self) -> None:
        """Statistics set aside as unreadable (``stats-unreadable``) are offered as a file, as an unreadable
        save is (issue 22 item 3)."""
        text = self.store.get(self.store.stats_broken_key)
        el("stats-unreadable").hidden = not text
        if text:
            self.unreadable_url = blob_url(text, self.unreadable_url)
            el("stats-unreadable-export").href = self.unreadable_url

    def say(self, kind: str, message: str | list[Any]) -> None:
        """A line under the dialog's buttons: ``kind`` ``ok``, ``error`` or ``""`` (none)."""
        node = el("stats-message")
        if isinstance(message, list):
            put(node, message)
        else:
            node.textContent = message
        node.dataset.kind = kind
        node.setAttribute("role", "alert" if kind == "error" else "status")
        document.body.dataset.statsMessage = kind

    # ----- export, import, clear ----------------------------------------------------------------------

    def export(self, event: Any) -> None:
        """The link's file: the save, the preferences and the statistics (``make_backup``); the save's
        record as the person at the device sees it (``Session.to_save(shared=True)``: a deal in progress
        without the cards they have not seen); none while it would show another person's hand
        (``App.record_hides_hands``: said here, in the open dialog)."""
        if self.app.state.hides_hands():
            event.preventDefault()
            self.say("error", self.app.cat.t("toast.backup_hidden"))
            return
        prefs_text = self.store.get(self.store.prefs_key)
        prefs = read_prefs(prefs_text)[0] if prefs_text else None
        session = self.app.state.session
        save = session.to_save(shared=True) if session is not None else self.store.save()
        text = make_backup(save, prefs, self.stored(), now_utc())
        self.export_url = blob_url(text, self.export_url)
        event.currentTarget.href = self.export_url

    def pick_file(self) -> None:
        el("stats-import-file").click()

    def file_chosen(self, event: Any) -> None:
        files = event.target.files
        if files.length:
            spawn(self.import_file(files.item(0), event.target))

    async def import_file(self, file: Any, node: Any) -> None:
        node.value = ""  # the same file can be picked again
        refused = too_big(self.app.cat, int(file.size), MAX_IMPORT_BYTES)
        if refused is not None:  # by its size alone: nothing of it is read
            document.body.dataset.importRefused = str(int(file.size))
            self.say("error", f"{refused} {self.app.cat.t('stats.import_kept')}")
            return
        self.import_text(str(await file.text()))

    def import_text(self, text: str) -> None:
        """Check the whole file, then store its parts (the statistics merged with ours; an unreadable save on
        the table is first set aside, as a new game does); a refused write puts back what was stored, and a
        bad file changes nothing. A file with a game asks first when a game on the table is not over."""
        try:
            backup = read_backup(text)
        except BackupError as e:
            self.say("error", view.import_problem(self.app.cat, e.kind, e.detail, e.line, e.column, e.version))
            return
        st, state, cat = self.store, self.app.state, self.app.cat
        session = state.session
        if backup["save"] is not None and state.playing() and not window.confirm(cat.t("stats.import_confirm")):
            return  # the game on the table stays (the file's game would replace it)
        if backup["save"] is not None and state.problem is not None and not self.app.saves.keep_unreadable():
            self.say("error", self.app.cat.t("stats.import_full"))  # the unreadable save could not be set aside
            return
        keys = {"stats": st.stats_key, "prefs": st.prefs_key, "save": st.save_key}
        before = {part: st.get(key) for part, key in keys.items()}
        try:  # what will be stored, each text read back whole first (kingcore.web.backup.import_plan)
            plan = import_plan(backup, self.stored(), before, session.seq if session is not None else None)
        except BackupError as e:
            self.say("error", view.import_problem(self.app.cat, e.kind, e.detail, e.line, e.column, e.version))
            return
        writes = plan["writes"]
        if not self.write_all(writes, before):
            return
        self.recorded = None
        self.apply_prefs(backup["prefs"])
        if "save" in writes:
            state.adopt(writes["save"], self.app.cat.t("stats.imported_game"))
        self.draw()
        said = self.app.cat.n("stats.imported", plan["rubbers"])
        if plan["dropped"]:
            document.body.dataset.statsDropped = str(plan["dropped"])
            said += " " + self.app.cat.n("stats.dropped", plan["dropped"])
        self.say("ok", said)

    def write_all(self, writes: dict[str, str], before: dict[str, str | None]) -> bool:
        """All of ``writes`` (by part: ``stats``, ``prefs``, ``save``) stored, or none (issue 22 item 4): on a
        refused write, each part written is put back as ``before`` held it, every part is read back, and the
        message names what is not as it was (``kingcore.web.backup.import_changes``,
        ``stats.import_partial``) — or says nothing was changed only when that is so."""
        st, state = self.store, self.app.state
        keys = {"stats": st.stats_key, "prefs": st.prefs_key, "save": st.save_key}

        def put(part: str, text: str) -> bool:  # the save by the state, its one writer
            return state.store_save(text) if part == "save" else st.put(keys[part], text)

        done: list[str] = []
        for part, value in writes.items():
            if put(part, value):
                done.append(part)
                continue
            for p in reversed(done):
                old = before[p]
                if old is None:
                    try:
                        window.localStorage.removeItem(keys[p])
                    except Exception as e:  # storage disabled meanwhile: read back below
                        window.console.warn(f"king: could not remove {keys[p]}: {e}")
                else:
                    put(p, old)
            changed = import_changes(before, {p: st.get(k) for p, k in keys.items()})
            document.body.dataset.importChanged = " ".join(changed)
            if not changed:
                self.say("error", self.app.cat.t("stats.import_full"))
            else:
                names = {"stats": "stats.part_stats", "prefs": "stats.part_prefs", "save": "stats.part_save"}
                parts = self.app.cat.t("list.sep").join(self.app.cat.t(names[p]) for p in changed)
                self.say("error", self.app.cat.t("stats.import_partial", parts=parts))
            return False
        return True

    def apply_prefs(self, prefs: dict[str, Any] | None) -> None:
        """The imported preferences in force: the language at once, the rest for the next game."""
        app = self.app
        if prefs is None:
            return
        app.state.prefs, app.state.prefs_ok = app.store.load_prefs()
        lang = prefs.get("lang")
        if lang and lang != str(document.documentElement.lang):
            app.set_language(lang)

    def ask_clear(self) -> None:
        el("stats-confirm").hidden = False
        el("stats-clear-no").focus()

    def clear(self, yes: bool) -> None:
        el("stats-confirm").hidden = True
        if yes:
            if self.write(cleared(self.current_key())):
                self.draw()
                self.say("ok", self.app.cat.t("stats.cleared"))
            else:
                self.say("error", self.app.cat.t("stats.import_full"))
        el("stats-clear").focus()

    def on_storage(self, event: Any) -> None:
        """Another tab changed the statistics: an open dialog shows them."""
        if not is_none(event.key) and str(event.key) == self.store.stats_key and el("stats-dialog").open:
            self.draw()


def bind_stats(app: App) -> StatsView:
    """The statistics' events, and the recording of each finished rubber (a ``king.state`` subscriber)."""
    sv = StatsView(app)
    app.state.subscribe(sv.changed)
    clicks = {"#btn-stats": lambda e: sv.open(), "#stats-close": lambda e: el("stats-dialog").close(),
              "#stats-export": sv.export, "#stats-import": lambda e: sv.pick_file(),
              "#stats-clear": lambda e: sv.ask_clear(), "#stats-clear-yes": lambda e: sv.clear(True),
              "#stats-clear-no": lambda e: sv.clear(False)}
    for selector, action in clicks.items():
        when("click", selector)(action)
    when("change", "#stats-import-file")(sv.file_chosen)
    window.addEventListener("storage", create_proxy(sv.on_storage))
    # the dialog's view changed while it is open: a phone turned, or a note over it came or went (the dialog
    # lower and shorter the while) — a heading at the view's foot measured in the view as it is now
    window.ResizeObserver.new(create_proxy(sv.keep_headings)).observe(el("stats-body"))
    return sv
