"""Drawing the "pass the device" screen (hot seat, issue 13) over the table: made on first need in
``#table`` (``section#pass-screen``), its button bound once; it takes the focus when it appears. The nodes
come from the pure renderer ``king.render.passscreen``; the names are filled in as text (``king.names``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyscript import document
from pyscript.ffi import create_proxy, is_none

from kingcore.web import ViewModel

from .draw import el, put
from .render.passscreen import pass_screen
from .words import Catalog

_proxies: list[Any] = []  # the bound click handler, kept alive
_shown: list[int | None] = [None]  # the seat the screen names now (None: not shown)


def draw_pass_screen(vm: ViewModel, cat: Catalog, show: Callable[[], None]) -> None:
    """Show the screen when ``vm`` is covered (``pass_to``), hide it otherwise; ``show`` runs on its button
    (the person took the device)."""
    nodes = pass_screen(vm, cat)
    screen = el("pass-screen")
    if nodes is None:
        if not is_none(screen) and not screen.hidden:
            screen.hidden = True
            screen.innerHTML = ""
        document.body.dataset.passTo = ""
        _shown[0] = None
        return
    if is_none(screen):
        screen = document.createElement("section")
        screen.id = "pass-screen"
        screen.className = "pass-screen"
        screen.setAttribute("role", "dialog")
        screen.setAttribute("aria-modal", "true")
        screen.setAttribute("aria-labelledby", "pass-title")
        proxy = create_proxy(lambda event: show() if not is_none(event.target.closest("#pass-show")) else None)
        _proxies.append(proxy)
        screen.addEventListener("click", proxy)
        el("table").appendChild(screen)
    was_shown = _shown[0] == vm["pass_to"]
    put(screen, nodes)
    screen.hidden = False
    document.body.dataset.passTo = str(vm["pass_to"])
    _shown[0] = vm["pass_to"]
    if not was_shown and not el("new-game-dialog").open and el("sheet-panel").hidden:
        el("pass-show").focus()
