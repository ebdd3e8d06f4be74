"""The King page (PyScript, main thread): wiring only — the catalog, the storage, the application
(``king.app``) and the page's events. The modules under ``king/`` reach the engine only through the session
package ``kingcore.web``; PyScript's ``files`` config puts them (and ``locale/en.mo``) in Python's file system.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from king.app import App
from king.draw import el, put, read_new_game_form, show_language
from king.render.dialog import new_game_form
from king.store import Store, pref_levels
from king.words import load_catalog
from king.worker import now_ms
from pyscript import document, when, window
from pyscript.ffi import create_proxy, is_none

from kingcore.web import BOT_LEVELS, new_game_options, pick_language, rules_options

Handler = Callable[[Any], None]


def on(event: str, selector: str) -> Callable[[Handler], Handler]:
    """PyScript's ``@when`` (typed): ``handler(event)`` runs on ``event`` at ``selector``."""
    return cast(Callable[[Handler], Handler], when(event, selector))


window.kingStats.importedMs = now_ms()
STORE = Store(str(window.location.pathname))
LANG = pick_language(STORE.load_prefs()[0].get("lang"), [str(t) for t in window.navigator.languages])
CAT = load_catalog(LANG)
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
    put(el("new-game-fields"), new_game_form(CAT, new_game_options(), saved, pref_levels(prefs), BOT_LEVELS,
                                             bool(prefs.get("fast"))))
    el("new-game-error").textContent = ""
    el("new-game-dialog").showModal()


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


boot()
