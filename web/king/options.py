"""The options dialog (issue 13): ``<dialog id="options-dialog">`` opened by the bar's ``#btn-options`` and
closed by ``#options-close`` (or Escape). Each option is a checkbox with ``data-option="<name>"`` whose value is
a boolean in the preferences' ``ui`` (``kingcore.web.UI_OPTIONS``: only known booleans are read back), all
off unless the player turned them on. The play options (``<fieldset id="options-play">``: undo, auto-play,
sounds) are :data:`PLAY_OPTIONS`, handled by ``king.assist``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pyscript import document, when
from pyscript.ffi import is_none

if TYPE_CHECKING:
    from .app import App


# ----- the dialog ---------------------------------------------------------------------------------------

def open_options(app: App) -> None:
    """Show the dialog with each checkbox as the preferences have it; the focus on its first option."""
    dialog = document.getElementById("options-dialog")
    ui = app.prefs.get("ui") or {}
    for box in dialog.querySelectorAll("input[data-option]"):
        box.checked = bool(ui.get(str(box.dataset.option), False))
    if not dialog.open:
        dialog.showModal()
    first = dialog.querySelector("input[data-option]")
    (document.getElementById("options-close") if is_none(first) else first).focus()
    document.body.dataset.options = "open"


def close_options(*_: Any) -> None:
    document.getElementById("options-dialog").close()


def closed(*_: Any) -> None:
    document.body.removeAttribute("data-options")


# ----- the play options (issue 13 item 3: undo, auto-play, sounds) ------------------------------------------

PLAY_OPTIONS: tuple[str, ...] = ("undo", "autoplay", "sounds")
"""The options of ``#options-play``, each a checkbox ``#ui-<name>`` (``king.assist`` reads them)."""


def play_changed(app: App, event: Any) -> None:
    """A checkbox of ``#options-play`` changed: remembered at once, and the table follows."""
    name = str(event.target.dataset.option)
    if name in PLAY_OPTIONS:
        app.assist.set_option(name, bool(event.target.checked))


def bind(app: App) -> None:
    """The dialog's events, the play options and the bar's ``#btn-undo``."""
    when("click", "#btn-options")(lambda e: open_options(app))
    when("click", "#options-close")(close_options)
    when("close", "#options-dialog")(closed)
    when("change", "#options-play")(lambda e: play_changed(app, e))
    when("click", "#btn-undo")(lambda e: app.assist.undo())
