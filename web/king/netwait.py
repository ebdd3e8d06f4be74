"""What a mental table's page says while it shows a deal's result and the table is busy with something else
(docs/NET.md "In the pages: an option"): the deal's verdict still to come (its audit waits for a page's keys), the
next deal annulled and waiting or dealt again, the table waiting for this page's person, who is still reading the
result, or for others still reading it. One note in the result panel (``#mental-wait``, ``data-wait``: what it
says), and while the page shows a result its person already left, the panel shows that note alone and the bar names
no contract: the deal the page waits for is not that one.
"""

from __future__ import annotations

from typing import Any

from pyscript import document
from pyscript.ffi import is_none

from kingcore.web import ViewModel

from .draw import el, set_deal
from .render.table import dealing
from .render.wait import doing, due_deal, line_words, page_words, read_words, wait_words
from .words import Catalog, fill_names

__all__ = ["redeal_bar", "waiting_status"]

def wait_note(cat: Catalog, vm: ViewModel | None, side: Any, stale: bool, waited: bool) -> tuple[str, str]:
    """The result panel's note of what the table waits for (``#mental-wait``), drawn, changed or taken away; the
    panel marked ``data-stale`` while it shows a result its person left (the style shows the note alone). Its
    code and words (``("", "")``: none)."""
    panel = el("center-panel")
    if is_none(panel):
        return "", ""
    said = wait_words(cat, vm, side, stale, waited) if vm is not None and vm["phase"] == "deal_over" else None
    note = document.getElementById("mental-wait")
    if said is None:
        if not is_none(note):
            note.remove()
        panel.removeAttribute("data-stale")
        return "", ""
    if is_none(note):
        note = document.createElement("p")
        note.id, note.className = "mental-wait", "panel-note"
        note.setAttribute("role", "status")
        panel_note(panel, note)
    words = fill_names(said[1], vm["names"] if vm is not None else None)
    if str(note.getAttribute("data-wait")) != said[0] or str(note.textContent) != words:
        note.dataset.wait = said[0]
        note.textContent = words
    if stale:
        panel.dataset.stale = "true"
    else:
        panel.removeAttribute("data-stale")
    return said[0], words


def redeal_bar(cat: Catalog, vm: ViewModel | None, left: int, side: Any, waited: bool = False) -> None:
    """While a deal is dealt again (its try annulled), or its cards are not open yet once the person left the
    last deal's result (``left``), the page shows that result: the bar names the deal being dealt, not the last
    one, and no contract (``side``: the page's ``MentalTable`` or ``MentalGuest``); the result panel says what the
    table waits for (:func:`wait_note`; ``waited``: the table waits for this page's person) — said once: the status
    line, never "The deal is over" for the deal under way, says only whom else the table waits for when the note
    does not, else what the table does in its own short words (:func:`king.render.wait.line_words`) —; a friend's
    page sitting that deal out says on it that a bot plays the deal for them to its end."""
    out = side.sits_out() if hasattr(side, "sits_out") else None
    deal = dealing(vm, left, out or due_deal(side.page))
    if vm is not None and deal is not None:
        set_deal(cat.t("bar.deal", deal=deal, deals=vm["deals"]))
        for ident in ("contract-name", "contract-rules"):
            el(ident).textContent = ""
    code, note = wait_note(cat, vm, side, deal is not None, waited)
    if vm is None or deal is None:
        return
    if out is not None and vm["phase"] == "deal_over":
        el("status").textContent = fill_names(cat.t("net.mental.sits_out_status", deal=out), vm["names"])
    else:  # (the note alone over the felt says the deal's state: not the status line again)
        el("status").textContent = line_words(cat, vm, side.readers(), note, doing(code, side.page, deal))


def waiting_status(cat: Catalog, vm: ViewModel | None, readers: list[int], unloading: list[int] | None = None) -> None:
    """The status line while the table waits for the people still reading the last deal's result before anyone
    moves in the next deal (``readers``: the host's page's ``MentalTable.readers()``, a friend's page's
    ``MentalGuest.readers()``): "Waiting for these players to read the results: Olga, Petya…" — not "Your turn"
    nor "Waiting for Olga…" (:func:`king.render.wait.read_words`); or for a page in the deal in play that is
    reconnecting (``unloading``: ``MentalTable.unloading()``, ``MentalGuest.unloading()``): "Ждём страницу:
    Петя — переподключается…" (:func:`king.render.wait.page_words`)."""
    if vm is None or vm["phase"] in ("deal_over", "rubber_over"):
        return
    words = read_words(cat, vm, readers) or page_words(cat, vm, unloading or [])
    if words:
        el("status").textContent = fill_names(words, vm["names"])


def panel_note(panel: Any, note: Any) -> None:
    """``note`` in the result panel ``panel``, above its buttons."""
    buttons = panel.querySelector(".panel-buttons")
    if is_none(buttons):
        panel.append(note)
    else:
        buttons.before(note)
