"""The options dialog (issue 13): ``#options-dialog``, opened by the bar's *Options* (``#btn-options``), closed
by ``#options-close`` or Escape. Each option is a checkbox ``input[data-ui=NAME]``, kept in the preferences'
``ui`` dict (``kingcore.web.UI_OPTIONS``: booleans, each off by default) as soon as it changes; a box marked
``data-ui-not`` is checked while its option is off (*Ask before a new game…* is ``no_ask_new`` off).

* The play options (``fieldset#options-play``: undo, auto-play, sounds — :data:`PLAY_OPTIONS`) are handled by
  ``king.assist``, which also draws the bar's ``#btn-undo``.
* The display options (``fieldset#options-display``: large cards, a four-colour deck) are marks on ``<body>``
  (``king.render.display``) that the style sheet draws.
* The options of friends online (``fieldset#options-connection``): the ICE servers, radio buttons
  ``input[name=ice]`` (``default``, ``none``, ``own``) and the player's own list ``#ice-list``, kept in the
  preferences' ``ice`` (``kingcore.web.prefs.ICE_MODES``) once valid; a list that is not is said in
  ``#ice-error`` and not kept (``kingcore.web.prefs.ice_servers`` turns it into the connection's servers). The
  relays a table's room is found through, the same way: ``input[name=relays]``, ``#relays-list``,
  ``#relays-error``, kept in ``relays`` (``kingcore.web.relays``); on a page at a table (the host's or a seated
  friend's: ``body[data-presence]``) ``#relays-later`` says that a change is used the next time the page opens or
  looks for a table — its pages are connected already. The turn limit, ``select#turn-limit``, kept in
  ``turn_limit`` (``kingcore.web.prefs.TURN_LIMITS``; none: off); ``mental`` (a new game with friends deals by
  mental poker, ``king.netmental``; off by default).
"""

from __future__ import annotations

from typing import Any

from pyscript import document
from pyscript.ffi import create_proxy, is_none

from kingcore.web.prefs import TURN_LIMITS, IceError, parse_ice_list
from kingcore.web.relays import RelayError, parse_relay_list

from .app import App
from .draw import el
from .render.display import body_marks

PLAY_OPTIONS: tuple[str, ...] = ("undo", "autoplay", "sounds")
"""The options of ``#options-play``, each a checkbox ``#ui-<name>`` (``king.assist`` reads them)."""


def apply_display(ui: dict[str, bool]) -> None:
    """The display options on ``<body>`` (``data-cards``, ``data-deck``)."""
    body = document.body
    for mark, value in body_marks(ui).items():
        if value:
            body.setAttribute(f"data-{mark}", value)
        else:
            body.removeAttribute(f"data-{mark}")


class OptionsDialog:
    """``#options-dialog`` for ``app`` (its preferences and their store)."""

    def __init__(self, app: App) -> None:
        self.app = app

    def bind(self) -> None:
        """Apply the stored display options now (before the first draw) and listen to the dialog and the bar's
        Undo."""
        apply_display(self.app.state.ui())
        el("btn-options").addEventListener("click", create_proxy(self.open))
        el("options-close").addEventListener("click", create_proxy(lambda e: el("options-dialog").close()))
        el("options-dialog").addEventListener("change", create_proxy(self.changed))
        el("options-dialog").addEventListener(
            "close", create_proxy(lambda e: document.body.removeAttribute("data-options")))
        el("btn-undo").addEventListener("click", create_proxy(lambda e: self.app.assist.undo()))

    def open(self, *_: Any) -> None:
        """The dialog, its checkboxes showing the stored options; the focus on the first."""
        ui = self.app.state.ui()
        for box in document.querySelectorAll("#options-dialog input[data-ui]"):  # data-ui-not: checked when off
            box.checked = (ui.get(str(box.dataset.ui)) is True) != box.hasAttribute("data-ui-not")
        self.show_ice()
        presence = document.body.getAttribute("data-presence")  # (a table's seats: this page is at one)
        el("relays-later").hidden = is_none(presence) or not str(presence)  # a change of relays waits: said
        dialog = el("options-dialog")
        if not dialog.open:
            dialog.showModal()
        first = dialog.querySelector("input[data-ui]")
        (el("options-close") if is_none(first) else first).focus()
        document.body.dataset.options = "open"

    def changed(self, event: Any) -> None:
        """An option switched: remembered at once, and shown (a play option through ``king.assist``)."""
        box = event.target
        if not is_none(box) and (box.hasAttribute("data-ice") or box.id == "ice-list"):
            self.ice_changed()
            return
        if not is_none(box) and (box.hasAttribute("data-relays") or box.id == "relays-list"):
            self.relays_changed()
            return
        if not is_none(box) and box.id == "opt-mental":  # a new game with friends deals by mental poker
            self.app.state.prefs["mental"] = bool(box.checked)
            self.app.store.save_prefs(self.app.state.prefs)
            document.body.dataset.options = "saved"
            return
        if not is_none(box) and box.id == "turn-limit":
            chosen = str(box.value)
            if chosen.isdigit() and int(chosen) in TURN_LIMITS:
                self.app.state.prefs["turn_limit"] = int(chosen)
            else:
                self.app.state.prefs.pop("turn_limit", None)
            self.app.store.save_prefs(self.app.state.prefs)
            document.body.dataset.options = "saved"
            return
        if is_none(box) or not box.hasAttribute("data-ui"):
            return
        name, value = str(box.dataset.ui), bool(box.checked) != box.hasAttribute("data-ui-not")
        if name in PLAY_OPTIONS:
            self.app.assist.set_option(name, value)
        else:
            ui = self.app.state.ui()
            ui[name] = value
            self.app.store.save_prefs(self.app.state.prefs)
            apply_display(ui)
            if name == "tips":  # the tips shown again, for the deal on the table
                self.app.welcome.tips_turned_on()
        document.body.dataset.options = "saved"  # a mark for the tests: the change is stored

    def show_ice(self) -> None:
        """The options of friends online as stored (the defaults when none are): the ICE servers, the relays,
        the turn limit."""
        prefs = self.app.state.prefs
        for key in ("ice", "relays"):
            stored = prefs.get(key)
            stored = stored if isinstance(stored, dict) else {}
            mode = str(stored.get("mode", "default"))
            for radio in document.querySelectorAll(f"#options-dialog input[data-{key}]"):
                radio.checked = str(radio.value) == mode
            el(f"{key}-list").value = str(stored.get("text", ""))
            el(f"{key}-error").hidden = True
        limit = prefs.get("turn_limit")
        el("turn-limit").value = str(limit) if limit in TURN_LIMITS else ""
        el("opt-mental").checked = prefs.get("mental") is not False  # (on unless turned off)

    def ice_changed(self) -> None:
        """The connection option changed: kept when valid (an own list that parses), else said and not kept."""
        self.list_changed("ice", parse_ice_list, IceError)

    def relays_changed(self) -> None:
        """The relays option changed: kept when valid (an own list that parses), else said and not kept."""
        self.list_changed("relays", parse_relay_list, RelayError)

    def list_changed(self, key: str, parse: Any, error_type: Any) -> None:
        """An option of a mode and a list (``ice``, ``relays``) changed: kept when valid (an own list that
        ``parse`` takes), else said in ``#<key>-error`` (its ``error_type``'s code and values, in words) and
        not kept."""
        checked = document.querySelector(f"#options-dialog input[data-{key}]:checked")
        mode = "default" if is_none(checked) else str(checked.value)
        text = str(el(f"{key}-list").value)
        error = el(f"{key}-error")
        kept: dict[str, str] = {"mode": mode}
        try:
            parse(text)
            kept["text"] = text
        except error_type as e:
            if mode == "own":  # another mode is kept: its list only when it is valid
                args = {k: v for k, v in e.args_.items() if k != "n"}
                error.textContent = self.app.cat.n(e.code, int(e.args_["n"]), **args) if "n" in e.args_ \
                    else self.app.cat.t(e.code, **args)
                error.hidden = False
                document.body.dataset.options = "refused"  # a mark for the tests: nothing stored
                return
        error.hidden = True
        self.app.state.prefs[key] = kept
        self.app.store.save_prefs(self.app.state.prefs)
        document.body.dataset.options = "saved"
