"""Drawing the rules help and the trick history (two modal dialogs), the "Tricks" button, and the card
called "by the last card" on the felt (issue 11 items 4 and 5). The words and nodes come from the pure
renderers ``king.render.help`` and ``king.render.history``; the data from ``kingcore.web``
(``rules_help``, ``Session.history``, the view model)."""

from __future__ import annotations

from typing import Any

from pyscript import document
from pyscript.ffi import is_none

from kingcore.web import Session, ViewModel, rules_help

from .draw import el, put
from .render import help as helpview
from .render import history
from .words import Catalog


def draw_table_extras(vm: ViewModel, cat: Catalog) -> None:
    """The card shown "by the last card" (face up for everyone while its deal lasts) and the "Tricks" button
    (enabled once a deal is dealt)."""
    node = el("shown-card")
    if not is_none(node):
        nodes = history.shown_card(vm, cat)
        put(node, nodes)
        node.hidden = not nodes
        node.dataset.shown = (vm["contract"]["shown"] or "") if nodes and vm["contract"] is not None else ""
    button = el("btn-history")
    if not is_none(button):
        button.disabled = vm["deal"] < 1


def open_help(cat: Catalog, rules: Any, topic: str | None = None) -> None:
    """The rules help of ``rules`` (a ``Rules`` or its text), scrolled to ``topic`` (a section id) if given.

    Raises:
        RulesError: a rules text that does not parse.
    """
    data = rules_help(rules)
    put(el("help-body"), helpview.help_panel(data, cat))
    dialog = el("help-dialog")
    dialog.dataset.rules = data["rules"]
    if not dialog.open:
        dialog.showModal()
    target = el(f"help-{topic}") if topic else None
    if target is not None and not is_none(target):
        target.scrollIntoView()
        target.classList.add("is-target")
    else:
        el("help-body").scrollTop = 0
    el("help-close").focus()
    document.body.dataset.help = topic or "rules"


def open_history(cat: Catalog, session: Session | None, deal: int, current: bool) -> None:
    """The trick history of deal ``deal`` of the rubber (``current``: the deal in play)."""
    if session is None or deal < 1:
        return
    put(el("history-body"), history.history_panel(cat, session.history(deal), current, session.seating()))
    dialog = el("history-dialog")
    dialog.dataset.deal = str(deal)
    dialog.dataset.current = "true" if current else "false"
    if not dialog.open:
        dialog.showModal()
    el("history-close").focus()
    document.body.dataset.history = str(deal)


def follow_history(cat: Catalog, session: Session | None, vm: ViewModel) -> None:
    """The Tricks dialog, open on the deal in play, follows the cards played since it opened (the bots finish
    the trick while it is open): its tricks drawn again, where it is scrolled and the focus kept."""
    dialog = el("history-dialog")
    if (session is None or is_none(dialog) or not dialog.open or dialog.dataset.current != "true"
            or dialog.dataset.deal != str(vm["deal"])):
        return
    body = el("history-body")
    top = body.scrollTop
    put(body, history.history_panel(cat, session.history(vm["deal"]),
                                    vm["phase"] not in ("deal_over", "rubber_over"), session.seating()))
    body.scrollTop = top


def closed(ident: str) -> None:
    """The dialog ``ident`` was closed (its button, or Escape): the page's mark for it goes."""
    document.body.removeAttribute("data-help" if ident == "help-dialog" else "data-history")
