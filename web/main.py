"""The King page (PyScript, main thread): wiring only — the catalog, the storage, the application
(``king.app``) and the page's events. The modules under ``king/`` reach the engine only through the session
package ``kingcore.web``; PyScript's ``files`` config puts them (and ``locale/en.mo``) in Python's file system.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from king.app import App
from king.draw import el, put, read_new_game_form, show_choice, show_language
from king.extras import closed, open_help, open_history
from king.render.dialog import bot_fields, new_game_form
from king.store import Store, pref_levels
from king.words import load_catalog
from king.worker import now_ms
from pyscript import document, when, window
from pyscript.ffi import create_proxy, is_none

from kingcore.web import BOT_LEVELS, RULE_SETS, new_game_options, pick_language, rules_options, table_choice

Handler = Callable[[Any], None]


def on(event: str, selector: str) -> Callable[[Handler], Handler]:
    """PyScript's ``@when`` (typed): ``handler(event)`` runs on ``event`` at ``selector``."""
    return cast(Callable[[Handler], Handler], when(event, selector))


window.kingStats.importedMs = now_ms()
STORE = Store(str(window.location.pathname))
LANG = pick_language(STORE.load_prefs()[0].get("lang"), [str(t) for t in window.navigator.languages])
CAT = load_catalog(LANG)
OPTIONS = new_game_options()  # the dialog's options, every table size (the engine's, read once)
app = App(CAT, STORE)


def boot() -> None:
    show_language(CAT, LANG)
    document.body.dataset.lang = LANG
    app.restore()
    app.render()
    document.body.dataset.ready = "true"
    window.kingStats.readyMs = now_ms()
    el("loading").hidden = True
    window.dispatchEvent(window.Event.new("king-ready"))
    window.addEventListener("storage", create_proxy(app.on_storage))
    window.addEventListener("resize", create_proxy(app.drawing.measure_bar))
    window.kingIntent = create_proxy(app.intent_json)
    window.kingSaveKey = app.store.save_key
    app.spawn(app.bots.connect())
    app.kick()


# ----- the table -----------------------------------------------------------------------------------

@on("click", "#hand")
def on_hand(event: Any) -> None:
    """A card clicked, or Enter/Space on it: played; a greyed one (``aria-disabled``) says why not."""
    button = event.target.closest("button.card")
    if is_none(button):
        return
    if button.getAttribute("aria-disabled") == "true":
        app.toast(CAT.t("toast.not_allowed", why=str(button.dataset.why)))
    else:
        app.intent(str(button.dataset.card))


@on("keydown", "#hand")
def on_hand_key(event: Any) -> None:
    """Arrows, Home and End move through my cards."""
    if not (event.altKey or event.ctrlKey or event.metaKey) and app.drawing.hand_arrow(str(event.key)):
        event.preventDefault()


@on("click", "#table")
def on_moves(event: Any) -> None:  # the call screen's options and the fallback row of moves
    button = event.target.closest("button[data-move]")
    if not is_none(button):
        app.intent(str(button.dataset.move))


@on("click", "#center-panel")
def on_panel(event: Any) -> None:
    target = event.target.closest("button")
    if is_none(target):
        return
    ident = str(target.id)
    if ident == "btn-continue":
        app.next_deal()
    elif ident == "btn-review":
        app.ask_review()
    elif ident == "btn-final-new":
        open_new_game()
    elif ident == "btn-final-sheet":
        app.toggle_sheet(True)


@on("click", "#btn-hint")
def on_hint(event: Any) -> None:
    app.ask_hint()


@on("click", "#btn-last")
def on_last(event: Any) -> None:
    app.drawing.show_last = not app.drawing.show_last
    app.render()


@on("click", "#last-inset")
def on_last_inset(event: Any) -> None:
    app.drawing.show_last = False
    app.render()


@on("change", "#lang")
def on_language(event: Any) -> None:
    app.set_language(str(el("lang").value))


@on("change", "#fast")
def on_fast(event: Any) -> None:
    app.set_fast(bool(el("fast").checked))


# ----- the score sheet -------------------------------------------------------------------------------

@on("click", "#btn-sheet")
def on_sheet(event: Any) -> None:
    app.toggle_sheet()


@on("click", "#btn-sheet-close")
def on_sheet_close(event: Any) -> None:
    app.toggle_sheet(False)


@on("keydown", "body")
def on_key(event: Any) -> None:
    if str(event.key) == "Escape" and not el("sheet-panel").hidden:
        app.toggle_sheet(False)


@on("click", "#export-record, #storage-export")
def on_export_record(event: Any) -> None:
    """The game record (kingcore.notation) as a file: `python -m kingcore replay|analyse` read it."""
    url = app.record_link()
    if url is None:
        event.preventDefault()
    else:
        event.currentTarget.href = url


# ----- the new-game dialog ---------------------------------------------------------------------------

def open_new_game(*_: Any) -> None:
    """The dialog, generated from the engine's options (one source of truth) and the last choices."""
    prefs = app.prefs
    saved: dict[str, Any] = prefs["options"] if isinstance(prefs.get("options"), dict) else {}
    draw_new_game(saved, pref_levels(prefs, 6), bool(prefs.get("fast")))
    el("new-game-dialog").showModal()


def draw_new_game(saved: dict[str, Any], levels: list[str], fast: bool) -> None:
    """The dialog's fields showing the options ``saved`` (the last chosen, or a rule set's)."""
    choice = table_choice(saved)
    put(el("new-game-fields"), new_game_form(CAT, OPTIONS, saved, levels, BOT_LEVELS, fast, choice))
    show_choice(CAT, OPTIONS, choice)


def new_game_changed(target: Any) -> None:
    """An option changed: a rule set picked fills every field; the bots' levels follow the players; the
    engine says what the choice makes (or why it refuses it)."""
    ident = "" if is_none(target) else str(target.id)
    options, settings = read_new_game_form()
    if ident == "opt-set" and str(target.value) in RULE_SETS:
        draw_new_game(RULE_SETS[str(target.value)].to_dict(), settings["levels"], settings["fast"])
        el("opt-set").focus()
        return
    if ident == "opt-players":
        put(el("new-game-bots"), bot_fields(CAT, settings["levels"], BOT_LEVELS))
    show_choice(CAT, OPTIONS, table_choice(options))


@on("change", "#new-game-fields")
def on_new_game_change(event: Any) -> None:
    new_game_changed(event.target)


@on("input", "#new-game-fields")
def on_new_game_input(event: Any) -> None:  # a number typed: checked as it is typed
    if str(event.target.type) == "number":
        new_game_changed(event.target)


@on("click", "#btn-new")
def on_new(event: Any) -> None:
    open_new_game()


@on("click", "#problem-new")
def on_problem_new(event: Any) -> None:
    open_new_game()


@on("click", "#new-game-cancel")
def on_new_cancel(event: Any) -> None:
    el("new-game-dialog").close()


@on("click", "#new-game-fields")
def on_order(event: Any) -> None:
    """↑ and ↓ in the deal order: move the contract one place."""
    button = event.target.closest("button[data-up], button[data-down]")
    if is_none(button):
        return
    li = button.closest("li")
    up = button.hasAttribute("data-up")
    other = li.previousElementSibling if up else li.nextElementSibling
    if not is_none(other):
        li.parentNode.insertBefore(*((li, other) if up else (other, li)))
    button.focus()
    new_game_changed(None)


@on("submit", "#new-game-form")
def on_new_submit(event: Any) -> None:
    event.preventDefault()
    options, settings = read_new_game_form()
    try:
        rules, changed = rules_options(options)  # the Rules, built once
    except ValueError as e:
        el("new-game-error").textContent = str(e)  # the engine's message
        return
    el("new-game-dialog").close()
    app.new_game(rules, changed, settings)


@on("click", "#problem-discard")
def on_problem_discard(event: Any) -> None:
    app.discard_problem()


# ----- the rules help and the trick history (issue 11) ---------------------------------------------

@on("click", "#btn-help")
def on_help(event: Any) -> None:
    open_help(CAT, app.vm["rules"] if app.vm is not None else "king()")


@on("click", "#new-game-fields")
def on_help_link(event: Any) -> None:
    """A "§" mark of the dialog: the help of the rules chosen so far, at the option's section."""
    link = event.target.closest("a[data-help]")
    if is_none(link):
        return
    event.preventDefault()
    try:
        rules, _ = rules_options(read_new_game_form()[0])
    except ValueError as e:
        el("new-game-error").textContent = str(e)  # the engine's message
        return
    open_help(CAT, rules, str(link.dataset.help))


@on("click", "#btn-history")
def on_history(event: Any) -> None:
    if app.vm is not None:
        open_history(CAT, app.session, app.vm["deal"], app.vm["phase"] not in ("deal_over", "rubber_over"))


@on("click", "#score-sheet")
def on_sheet_row(event: Any) -> None:
    """A row of the score sheet: every trick of that deal."""
    row = event.target.closest("tr[data-deal]")
    if not is_none(row):
        open_history(CAT, app.session, int(row.dataset.deal), False)


@on("click", "#help-close, #history-close")
def on_info_close(event: Any) -> None:
    event.currentTarget.closest("dialog").close()


@on("close", "#help-dialog, #history-dialog")
def on_info_closed(event: Any) -> None:
    closed(str(event.currentTarget.id))


boot()
