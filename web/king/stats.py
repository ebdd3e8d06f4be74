"""The statistics dialog (``#btn-stats`` → ``dialog#stats-dialog``), the recording of each finished rubber,
and the export and import of all saved data (the save, the preferences, the statistics) as one file (issue
13 item 4). The figures and the file's checks are ``kingcore.web.stats``'s; the words and charts
``king.render.stats``'s.

A finished rubber is recorded when its final screen is drawn (:meth:`StatsView.record`, a ``king.state`` subscriber),
from the statistics as stored *now* and keyed by the game (``rubber_key``): a reload of the final screen or a
second tab on the same game finds it there and records nothing. An import is checked wholly before anything
is written, and what was stored is put back if the browser refuses a write.
"""

from __future__ import annotations

import json
from typing import Any

from pyscript import document, when, window
from pyscript.ffi import create_proxy, is_none

from kingcore.web import ViewModel, read_prefs
from kingcore.web.backup import BackupError, make_backup, read_backup
from kingcore.web.stats import add_rubber, cleared, dump_stats, merge, read_stats, rubber_entry, rubber_key, summary

from .app import App
from .draw import blob_url, el, put
from .render import stats as view
from .state import Change, spawn
from .words import ME


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
        return self.store.put(self.store.stats_key, dump_stats(stats))

    def current_key(self) -> str | None:
        """The key of the rubber on the table if it is over."""
        s, vm = self.app.state.session, self.app.state.vm
        if s is None or vm is None or vm["phase"] != "rubber_over":
            return None
        return rubber_key(s.game_id, s.record())

    def changed(self, change: Change) -> None:
        """A subscriber of the state: a finished rubber on the table goes into the statistics, once."""
        if self.app.state.vm is not None:
            self.record(self.app.state.vm)

    def record(self, vm: ViewModel) -> None:
        """A finished rubber on the table (``vm``) goes into the statistics, once."""
        s = self.app.state.session
        if vm["phase"] != "rubber_over" or s is None or self.recorded == (s.game_id, s.seq):
            return
        self.recorded = (s.game_id, s.seq)
        entry = rubber_entry(s, now_utc())
        if entry is None:
            return
        stats, added = add_rubber(self.stored(), entry)
        if added and self.write(stats):
            document.body.dataset.statsRecorded = entry["key"]
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
        el("stats-close").focus()

    def draw(self) -> None:
        stats = self.stored()
        s = summary(stats, ME)
        put(el("stats-body"), view.stats_panel(self.app.cat, s, self.app.state.vm))
        el("stats-dialog").dataset.played = str(s["played"])

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
        """The link's file: the save, the preferences and the statistics (``make_backup``); none while it
        would show another person's hand (``State.hides_hands``: said here, in the open dialog)."""
        if self.app.state.hides_hands():
            event.preventDefault()
            self.say("error", self.app.cat.t("toast.backup_hidden"))
            return
        prefs_text = self.store.get(self.store.prefs_key)
        prefs = read_prefs(prefs_text)[0] if prefs_text else None
        text = make_backup(self.store.save(), prefs, self.stored(), now_utc())
        self.export_url = blob_url(text, self.export_url)
        event.currentTarget.href = self.export_url

    def pick_file(self) -> None:
        el("stats-import-file").click()

    def file_chosen(self, event: Any) -> None:
        files = event.target.files
        if files.length:
            spawn(self.import_file(files.item(0), event.target))

    async def import_file(self, file: Any, node: Any) -> None:
        text = str(await file.text())
        node.value = ""  # the same file can be picked again
        self.import_text(text)

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
        if backup["save"] is not None and state.playing() and not window.confirm(cat.t("stats.import_confirm")):
            return  # the game on the table stays (the file's game would replace it)
        if backup["save"] is not None and state.problem is not None and not self.app.saves.keep_unreadable():
            self.say("error", self.app.cat.t("stats.import_full"))  # the unreadable save could not be set aside
            return
        keys = (st.stats_key, st.prefs_key)
        before = {k: st.get(k) for k in keys}
        writes = {st.stats_key: dump_stats(merge(self.stored(), backup["stats"]))}
        if backup["prefs"] is not None:
            writes[st.prefs_key] = json.dumps(backup["prefs"])
        save = backup["save"]
        take = save is not None and save != st.save()
        done: list[str] = []
        for key, value in writes.items():
            if not st.put(key, value):
                self.undo_writes(done, before)
                return
            done.append(key)
        stored = state.take_save(save) if take and save is not None else None  # the save last, by the state
        if take and stored is None:
            self.undo_writes(done, before)
            return
        self.recorded = None
        self.apply_prefs(backup["prefs"])
        if stored is not None:
            state.adopt(stored, self.app.cat.t("stats.imported_game"))
        self.draw()
        self.say("ok", self.app.cat.n("stats.imported", len(backup["stats"]["rubbers"])))

    def undo_writes(self, done: list[str], before: dict[str, str | None]) -> None:
        """A write was refused: what was written before it is put back, and the dialog says so."""
        for k in done:
            old = before[k]
            if old is None:
                window.localStorage.removeItem(k)
            else:
                self.store.put(k, old)
        self.say("error", self.app.cat.t("stats.import_full"))

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
    return sv
