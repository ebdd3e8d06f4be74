"""A card's face and its name, as the hand, the trick and the last-trick inset draw it."""

from __future__ import annotations

from ..dom import Child, Node, h
from ..words import Catalog, Table, name

VS15 = "\ufe0e"  # text presentation: the suit glyph is drawn as text, never as an emoji


def face(cat: Catalog, card: str) -> list[Node]:
    """The corner indices and the centre (a pip, or the letter of a face card) of ``card`` (``"QS"``)."""
    rank = card[:-1]
    r, s = cat.t(f"rank.{rank}"), cat.suit(card[-1]) + VS15
    centre = h("span", {"class": "face"}, r) if rank in "JQK" else h("span", {"class": "pip"}, s)
    return [h("span", {"class": "idx"}, h("b", None, r), h("i", None, s)), centre,
            h("span", {"class": "idx idx--end", "aria-hidden": "true"}, h("b", None, r), h("i", None, s))]


def on_table(cat: Catalog, card: str, seat: int, players: Table, pos: str | None = None) -> Node:
    """A card as played (a ``span`` with ``role=img``): its name and who played it for screen readers.
    On the table (``pos`` given) it is keyed by ``data-card`` and placed by ``data-pos``; elsewhere (the
    last-trick inset) it carries neither."""
    return h("span", {"class": "card", "data-card": pos and card, "data-suit": card[-1], "data-pos": pos,
                      "role": "img", "aria-label": cat.t("last.card_aria", card=cat.card_name(card),
                                                         name=name(cat, seat, players))}, face(cat, card))


def spoken(nodes: list[Child], label: str) -> list[Child]:
    """A button's content that says ``label`` to a screen reader (its name: a hidden text, never an
    ``aria-label`` that would differ from the text on screen) and shows ``nodes`` (hidden from it)."""
    shown = [Node(n.tag, (*n.attrs, ("aria-hidden", "true")), n.children)
             if isinstance(n, Node) and n.attr("aria-hidden") is None else n for n in nodes]
    return [*shown, h("span", {"class": "sr-only"}, label)]


def who(cat: Catalog, seat: int, players: Table, tag: str = "span") -> Node:
    """A seat's name as a ``.who`` element: one line, cut with "…" where its box is too narrow for it (a
    20-character name), the whole name in its ``title``."""
    text = name(cat, seat, players)
    return h(tag, {"class": "who", "title": text}, text)
