"""My hand: a ``button.card`` per card — playable ones ``.is-legal``, the others ``aria-disabled`` (still
focusable, so that a screen reader reads their reason) with the reason (title, ``data-why`` and a
described-by text), the hint's expected points on each when asked. One card is the hand's tab stop
(``tabindex=0``, the first playable one; the others ``-1``): the arrow keys, Home and End move between them."""

from __future__ import annotations

from kingcore.web import ViewModel

from ..dom import Node, h
from ..words import Catalog, signed
from .cards import face, spoken


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
            why = cat.why(c["reason"], c["args"])
            whys.append(h("span", {"id": f"why-{card}"}, why))
            attrs = {"aria-disabled": "true", "title": why, "data-why": why,
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
