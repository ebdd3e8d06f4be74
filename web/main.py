"""The King page (PyScript, main thread): wiring only — the catalog, the storage, the application (``king.app``)
and the page's events. The modules under ``king/`` reach the engine only through the session package
``kingcore.web``; PyScript's ``files`` config puts them (and ``locale/en.mo``) in Python's file system."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from king.app import App
from king.barmenu import BarMenu
from king.clicks import StrayClicks
from king.draw import el, show_language
from king.extras import closed, open_help, open_history
from king.friendslazy import LazyFriends, join_code, room_code
from king.keys import Keys
from king.newgame import NewGameDialog
from king.options import OptionsDialog
from king.replay import bind as bind_replay
from king.state import spawn
from king.stats import bind_stats
from king.store import Store
from king.words import load_catalog
from king.worker import now_ms
from pyscript import document, when, window
from pyscript.ffi import create_proxy, is_none

from kingcore.web import new_game_options, pick_language

Handler = Callable[[Any], None]


def on(event: str, selector: str) -> Callable[[Handler], Handler]:
    """PyScript's ``@when`` (typed): ``handler(event)`` runs on ``event`` at ``selector``."""
    return cast(Callable[[Handler], Handler], when(event, selector))


window.kingStats.importedMs = now_ms()
STORE = Store(str(window.location.pathname))
LANG = pick_language(STORE.load_prefs()[0].get("lang"), [str(t) for t in window.navigator.languages])
CAT = load_catalog(LANG)
app = App(CAT, STORE)
dialog = NewGameDialog(CAT, new_game_options(), app)  # the engine's options, every table size, read once
JOIN, ROOM = join_code(str(window.location.hash)), room_code(str(window.location.hash))
friends = LazyFriends(CAT, app)  # friends online, imported on first use (a game with friends, a link)
strays = StrayClicks()  # a double click's follow-up on my hand plays no card (one device, hot seat, a friend's)
strays.bind()


def play(move: str) -> None:
    """A move of mine: to the host from a guest's page (a friend's invite opened here), else to my table."""
    (friends.guest.intent if friends.guest is not None else app.intent)(move)


def next_deal() -> None:
    """*Continue* after a deal: a guest asks its host; a host with friends deals through the fair round."""
    if friends.guest is not None:
        friends.guest.next_deal()
    elif not friends.deal():
        app.next_deal()


def boot() -> None:
    """Draw the stored game and mark the page ready; nothing stored stops it (a failure restoring or drawing
    it becomes the unreadable-save banner, whose New game plays on). A friend's page from a link: its table."""
    show_language(CAT, LANG)
    document.body.dataset.lang = LANG
    window.addEventListener("hashchange", create_proxy(on_hash))
    BarMenu().bind()  # the bar at every width, its "⋯" menu, --bar-h: a friend's page too (it turns)
    if JOIN is not None or ROOM is not None:  # a guest's page: no save restored, no bots; the host's table then
        spawn(friends.start_guest(JOIN or ROOM or "", room=ROOM is not None))
        return
    friends.bind()
    try:
        app.saves.restore(app.welcome.behind)  # drawn as it is taken
    except Exception as e:
        app.saves.startup_failed(e)
    document.body.dataset.ready = "true"
    window.kingStats.readyMs = now_ms()
    el("loading").hidden = True
    window.dispatchEvent(window.Event.new("king-ready"))
    window.addEventListener("storage", create_proxy(app.saves.on_storage))
    window.kingIntent = create_proxy(app.intent_json)
    window.kingSaveKey = app.store.save_key
    spawn(app.bots.connect())
    app.welcome.start_loop()  # the bots play from now on — or, on a first visit, once the welcome's Play is pressed


def on_hash(event: Any) -> None:
    """An invite or table link opened in a tab already showing the game or another link (only its fragment
    changed): a fresh page for it; back from one to the game likewise."""
    fragment = str(window.location.hash)
    if join_code(fragment) != JOIN or room_code(fragment) != ROOM:
        window.location.reload()


# ----- the table -----------------------------------------------------------------------------------

@on("click", "#hand")
def on_hand(event: Any) -> None:
    """A card clicked, or Enter/Space on it: played; a greyed one (``aria-disabled``) says why not. A double
    click's follow-up (``king.clicks``) does nothing."""
    button = event.target.closest("button.card")
    if is_none(button) or strays.stray(event) or (friends.guest is not None and friends.guest.closed()):
        return  # (a friend's page whose host is gone: its status line says so, a tap adds nothing)
    if button.getAttribute("aria-disabled") == "true":
        app.state.show_toast(str(button.getAttribute("data-said")))  # (its reason, or whom the table waits for)
    else:
        play(str(button.dataset.card))


@on("keydown", "#hand")
def on_hand_key(event: Any) -> None:
    """Arrows, Home and End move through my cards."""
    if not (event.altKey or event.ctrlKey or event.metaKey) and app.drawing.hand_arrow(str(event.key)):
        event.preventDefault()


@on("click", "#table")
def on_moves(event: Any) -> None:  # the call screen's options and the fallback row of moves
    button = event.target.closest("button[data-move]")
    if not is_none(button):
        play(str(button.dataset.move))


PANEL_BUTTONS: dict[str, Callable[[], None]] = {
    "btn-continue": next_deal, "btn-review": app.hints.ask_review, "btn-final-new": dialog.open,
    "btn-final-sheet": lambda: app.screen.toggle_sheet(True),
}


@on("click", "#center-panel")
def on_panel(event: Any) -> None:
    target = event.target.closest("button")
    if not is_none(target) and str(target.id) in PANEL_BUTTONS:
        PANEL_BUTTONS[str(target.id)]()


@on("keydown", "body")
def on_key(event: Any) -> None:
    if str(event.key) == "Escape" and not el("sheet-panel").hidden and is_none(document.querySelector("dialog[open]")):
        app.screen.toggle_sheet(False)


@on("click", "#export-record, #storage-export")
def on_export_record(event: Any) -> None:
    """The game record (kingcore.notation) as a file: `python -m kingcore replay|analyse` read it."""
    url = friends.guest.record_link() if friends.guest is not None else app.saves.record_link()
    if url is None:
        event.preventDefault()
    else:
        event.currentTarget.href = url


@on("click", "#score-sheet")
def on_sheet_row(event: Any) -> None:
    """A row of the score sheet: every trick of that deal."""
    row = event.target.closest("tr[data-deal]")
    if not is_none(row):
        open_history(CAT, app.state.session, int(row.dataset.deal), False)


def history_now() -> None:
    """The trick history of the deal in play (or just played)."""
    vm = app.state.vm
    if vm is not None:
        open_history(CAT, app.state.session, vm["deal"], vm["phase"] not in ("deal_over", "rubber_over"))


# One action per (event, selector): the bars' buttons and switches, the dialog, the help and the history.
ACTIONS: dict[tuple[str, str], Handler] = {
    ("click", "#btn-hint"): lambda e: friends.guest.ask_hint() if friends.guest is not None else app.hints.ask_hint(),
    ("click", "#btn-last"): lambda e: app.toggle_last(None),
    ("click", "#last-inset"): lambda e: app.toggle_last(False),
    ("change", "#lang"): lambda e: app.set_language(str(el("lang").value)),
    ("change", "#fast"): lambda e: app.set_fast(bool(el("fast").checked)),
    ("click", "#btn-sheet"): lambda e: app.screen.toggle_sheet(),
    ("click", "#btn-sheet-close"): lambda e: app.screen.toggle_sheet(False),
    ("click", "#btn-new, #problem-new"): dialog.open,
    ("click", "#new-game-cancel"): lambda e: el("new-game-dialog").close(),
    ("change", "#new-game-fields"): lambda e: dialog.changed(e.target),
    ("input", "#new-game-fields"): dialog.typed,
    ("click", "#new-game-fields"): dialog.clicked,
    ("submit", "#new-game-form"): dialog.submit,
    ("click", "#problem-discard"): lambda e: app.saves.discard_problem(),
    ("click", "#btn-help"): lambda e: open_help(CAT, app.state.vm["rules"] if app.state.vm is not None else "king()"),
    ("click", "#btn-history"): lambda e: history_now(),
    ("click", "#help-close, #history-close"): lambda e: e.currentTarget.closest("dialog").close(),
    ("close", "#help-dialog, #history-dialog"): lambda e: closed(str(e.currentTarget.id)),
    ("click", "#join-body"): lambda e: friends.guest.clicked(e) if friends.guest is not None else None,
    ("cancel", "#join-dialog"): lambda e: friends.guest.cancelled(e) if friends.guest is not None else None,
    ("click", "#btn-here"): lambda e: friends.guest.back_here() if friends.guest is not None else None,
}
for (kind, selector), action in ACTIONS.items():
    on(kind, selector)(action)
Keys(CAT, app).bind()  # issue 13: the page's keys and the "?" panel
OptionsDialog(app).bind()  # issue 13: the options dialog (undo, auto-play, sounds; large cards, four colours)
bind_stats(app)  # issue 13: the statistics, export and import
bind_replay(app, dialog.ask)  # issue 13: the replay viewer
boot()
