"""The page's keys in the browser (issue 13): one ``keydown`` listener on the document that turns a page key
(``king.render.keys``: H hint, L last trick, T trick history, S score sheet, U undo, N new game, R rules, O
options, ? this list) into a click on its button; the "?" panel (``#keys-dialog``); and the focus after any
dialog closes — back where it was, or, when that is gone or was nothing (the page just loaded), to my hand's
first playable card, else the hand, else the results panel or the call screen, else *New game*."""

from __future__ import annotations

from typing import Any

from pyscript import document, window
from pyscript.ffi import create_proxy, is_none

from .app import App
from .draw import el, put
from .render.keys import KEYS, KEYS_DIALOG, key_action, key_name, keys_panel
from .words import Catalog


def usable(button: Any) -> bool:
    """A button a key may click: in the page, shown (no hidden box) and enabled. A button folded into the top
    bar's closed "⋯" menu (``king.barmenu``) counts as shown unless it is hidden itself."""
    if is_none(button) or bool(button.disabled) or button.getAttribute("aria-disabled") == "true":
        return False
    if not is_none(button.closest("#bar-menu")):
        return not bool(button.hidden) and str(window.getComputedStyle(button).display) != "none"
    return int(button.getClientRects().length) > 0


def open_modal() -> str:
    """The id of the modal dialog open (``""``: none)."""
    node = document.querySelector("dialog[open]:modal")
    return "" if is_none(node) else str(node.id or "dialog")


class Keys:
    """The keys of ``app``'s page (words from ``cat``)."""

    def __init__(self, cat: Catalog, app: App) -> None:
        self.cat, self.app = cat, app
        self.proxies = [create_proxy(self.on_key), create_proxy(self.on_close)]

    def bind(self) -> None:
        """Listen: keys on the whole document, the dialogs' ``close`` (which does not bubble: captured)."""
        for k in KEYS:  # a screen reader says each button's key
            node = el(k.button)
            if not is_none(node):
                node.setAttribute("aria-keyshortcuts", key_name(k))
        document.addEventListener("keydown", self.proxies[0])
        # the keyboard in use (a key pressed since the last pointer press): a card's reason label shows on a focus
        # the keyboard moved, not on one the page placed — after a reload a phone showed «дождитесь своего хода»
        # over the first card, the focus placed there untouched (style.css: ``:root[data-keys]``)
        self.proxies.append(create_proxy(lambda _event: document.documentElement.removeAttribute("data-keys")))
        document.addEventListener("pointerdown", self.proxies[-1], True)
        document.addEventListener("close", self.proxies[1], True)
        el("btn-keys").addEventListener("click", create_proxy(lambda e: self.open()))
        el("keys-close").addEventListener("click", create_proxy(lambda e: el(KEYS_DIALOG).close()))

    def on_key(self, event: Any) -> None:
        document.documentElement.setAttribute("data-keys", "")
        if bool(event.defaultPrevented) or bool(event.repeat):
            return
        target = event.target
        tag = "BODY" if is_none(target) or is_none(target.tagName) else str(target.tagName)
        button = key_action(str(event.key), str(event.code), shift=bool(event.shiftKey), ctrl=bool(event.ctrlKey),
                            alt=bool(event.altKey), meta=bool(event.metaKey), target=tag,
                            input_type=str(target.type or "") if tag == "INPUT" else "",
                            editable=tag != "BODY" and bool(target.isContentEditable), modal=open_modal())
        if button is None:
            return
        event.preventDefault()
        panel = el(KEYS_DIALOG)
        if panel.open:  # a key pressed over the keys panel: the panel closes first ("?" only closes it)
            panel.close()
            if button == "btn-keys":
                return
        node = el(button)
        if usable(node):
            node.click()

    def open(self) -> None:
        """The "?" panel: every page key whose button this page has, and the hand's keys."""
        present = {k.button for k in KEYS if not is_none(el(k.button))}
        put(el("keys-body"), keys_panel(self.cat, present))
        dialog = el(KEYS_DIALOG)
        if not dialog.open:
            dialog.showModal()
        el("keys-close").focus()

    def on_close(self, event: Any) -> None:
        """A dialog closed: the browser has given the focus back to where it was before the dialog opened.
        When that was nothing (the body: the page just loaded) or is gone (the hand was redrawn, a new game
        started), the browser leaves the focus on the closed dialog's button, or on the body; then it goes
        to :func:`focus_target` (unless another dialog is still open)."""
        dialog = event.target
        if str(dialog.tagName) != "DIALOG" or open_modal():
            return
        active = document.activeElement
        if not (is_none(active) or str(active.tagName) == "BODY" or not bool(active.isConnected)
                or bool(dialog.contains(active))):
            return
        focus_where_play_goes_on(self.app)


def focus_where_play_goes_on(app: App) -> None:
    """The focus to :func:`focus_target` — or, a game at the table with nothing of it to focus yet, to its hand
    once drawn (``drawing.owed``)."""
    target = focus_target()
    if target is None:
        app.drawing.owed = game_shown()
    elif not is_none(target.closest("#hand")):
        app.drawing.focus_card(target)
    else:
        app.drawing.place(target)


def focus_target() -> Any:
    """Where a lost focus goes — where play goes on, as on a page just loaded: my hand's first playable card (my
    turn), else its tab stop, else the results panel's main button (*Continue*) or its first, or the call screen's
    first, else *New game* when no game is at the table (``None``: none of them shown — nor, a game at the table,
    *New game*: the host's page reloaded at a table of friends, whose invite panel closed while the deal was being
    dealt again, put the focus on *New game*, where Enter leaves the game; the hand takes it once drawn)."""
    hand = el("hand")
    for node in (hand.querySelector("button.card.is-legal"), hand.querySelector('button.card[tabindex="0"]'),
                 hand.querySelector("button.card")):
        if not is_none(node) and int(node.getClientRects().length) > 0:
            return node
    for ident in ("center-panel", "call-screen"):
        box = el(ident)
        if not is_none(box) and not box.hidden:
            for node in [box.querySelector("button.btn--accent"), *box.querySelectorAll("button")]:
                if usable(node):
                    return node
    node = el("btn-new")
    return node if usable(node) and not game_shown() else None


def game_shown() -> bool:
    """Whether the table shows a game (the body's ``data-phase``: none, or ``save_error``, with no game)."""
    phase = document.body.getAttribute("data-phase")
    return not is_none(phase) and str(phase) != "save_error"
