"""My hand: a ``button.card`` per card — playable ones ``.is-legal``, the others ``aria-disabled`` (still
focusable, so that a screen reader reads their reason) with the reason (title, ``data-why`` and a
described-by text) and what a click on one says (``data-said``), the hint's expected points on each when asked.
One card is the hand's tab stop (``tabindex=0``, the first playable one; the others ``-1``): the arrow keys, Home
and End move between them."""

from __future__ import annotations

from kingcore.web import ViewModel

from ..dom import Node, h
from ..words import Catalog, signed
from .cards import face, spoken
from .wait import page_words, read_words


def hand(vm: ViewModel, cat: Catalog, values: dict[str, float], best: str | None) -> tuple[list[Node], list[Node]]:
    """The hand's buttons and the reasons' texts (for ``aria-describedby``); ``values``: the hint's
    expected points by card, ``best`` its best card (or ``None``)."""
    cards = vm["hand"]
    buttons, whys = [], []
    mid = (len(cards) - 1) / 2
    stop = next((i for i, c in enumerate(cards) if c["legal"]), 0)
    for i, c in enumerate(cards):
        card = c["card"]
        attrs: dict[str, str | int | float | bool | None] = {}
        if not c["legal"]:
            why, said = refused(vm, cat, c["reason"], c["args"])
            whys.append(h("span", {"id": f"why-{card}"}, why))
            attrs = {"aria-disabled": "true", "title": why, "data-why": why, "data-said": said,
                     "data-tip": "start" if i < len(cards) / 2 else "end", "aria-describedby": f"why-{card}"}
        label, badge = cat.card_name(card), None
        if card in values:
            code = "hint.card_aria_best" if card == best else "hint.card_aria"
            label = cat.t(code, label=label, value=signed(values[card], cat))
            badge = h("span", {"class": "ev", "aria-hidden": "true"}, signed(values[card], cat))
            attrs["data-hint"] = "best" if card == best else None
        classes = " ".join(["card", *(["is-legal"] if c["legal"] else []), *(["is-hint"] if card == best else [])])
        buttons.append(h("button", {"type": "button", "class": classes, "data-card": card, "data-suit": c["suit"],
                                    "tabindex": 0 if i == stop else -1, "style": f"--o:{i - mid}", **attrs},
                         spoken([*face(cat, card), badge], label)))
    return buttons, whys


def refused(vm: ViewModel, cat: Catalog, reason: str | None, args: dict[str, str | None] | None) -> tuple[str, str]:
    """Why a card of my hand is not playable (its title) and what a click on it says (the toast): "Not allowed:
    wait for your turn." — or, while a mental table waits for the people still reading the last deal's result
    (reason ``wait_read``, their seats the view model's ``readers``), whom it waits for: "Waiting for this player to
    read the results: Petya…" (:func:`king.render.wait.read_words`; my own seat left out)."""
    if reason in ("wait_read", "wait_page"):  # (or the deal's pages reconnecting: ``wait_page``, seats ``readers``)
        seats = list(vm.get("readers") or [])
        words = read_words(cat, vm, seats) if reason == "wait_read" else page_words(cat, vm, seats)
        if words:
            return words, words
        reason = "not_your_turn"
    why = cat.why(reason, args)
    return why, cat.t("toast.not_allowed", why=why)


FOLLOW_UP_MS = 600
"""How long after a click elsewhere (a dialog's button, *Continue*) a click on my hand at about the same
place counts as that click's follow-up, not a choice of card (ms; a slow double click's interval)."""
FOLLOW_UP_PX = 16
"""How near (px, each way) a follow-up click lands to the click before it."""


def stray_click(detail: int, at: tuple[float, float, float], before: tuple[float, float, float] | None) -> bool:
    """A click on my hand that must not play a card: the second (or later) click of a double click
    (``detail`` > 1: its first already played, or closed what lay over the hand), or a pointer click soon
    after one elsewhere at about the same place (a dialog's button, closed by that click, lay over the
    card). ``at``/``before``: ``(time ms, x px, y px)`` of this click and of the last pointer click
    elsewhere (``None``: none). A keyboard's click (``detail`` 0) always counts.

    >>> stray_click(2, (1000, 5, 5), None), stray_click(0, (1000, 5, 5), (990, 5, 5))
    (True, False)
    >>> stray_click(1, (1300, 50, 50), (1000, 52, 48)), stray_click(1, (1300, 50, 50), (1000, 300, 48))
    (True, False)
    >>> stray_click(1, (2000, 50, 50), (1000, 50, 50))
    False
    """
    if detail > 1:
        return True
    if detail < 1 or before is None:
        return False
    return (at[0] - before[0] < FOLLOW_UP_MS and abs(at[1] - before[1]) <= FOLLOW_UP_PX
            and abs(at[2] - before[2]) <= FOLLOW_UP_PX)
