"""The names people at the device gave (hot seat, issue 13) go into the page with ``textContent`` (a text
node's ``data``) and ``setAttribute`` only, never through markup: the renderers put a mark in their place
(``king.words.name_mark``) and :func:`fill` swaps each mark for the name after the markup is in the
document."""

from __future__ import annotations

from typing import Any

from pyscript import document
from pyscript.ffi import is_none

from .words import MARKS, fill_names

current: list[str | None] | None = None
"""The names of the rubber on the table (the view model's ``names``), set by every render."""

SHOW_TEXT = 4  # NodeFilter.SHOW_TEXT


def use(names: list[str | None] | None) -> None:
    """The names to fill in from now on (the view model's ``names``)."""
    global current
    current = names


def text(words: str) -> str:
    """``words`` with the names in place of their marks: for ``textContent``."""
    return fill_names(words, current) if MARKS.search(words) else words


TABLE = "table"
"""For :func:`fill`: the names of the rubber on the table (:data:`current`)."""


def fill(root: Any, markup: str | None = None, given: list[str | None] | str | None = TABLE) -> None:
    """Swap every name mark under ``root`` (text and attributes) for the name, as text; ``markup``: what was
    just put in ``root``, if known (else its ``outerHTML`` is read to look for marks); ``given``: the names
    (:data:`TABLE`: those of the rubber on the table; the replay viewer gives its file's)."""
    names = current if isinstance(given, str) else given
    if is_none(root) or not MARKS.search(str(root.outerHTML) if markup is None else markup):
        return
    walker = document.createTreeWalker(root, SHOW_TEXT)
    node = walker.nextNode()
    while node:
        if MARKS.search(str(node.data)):
            node.data = fill_names(str(node.data), names)
        node = walker.nextNode()
    for element in [root, *root.querySelectorAll("*")]:
        for attr in list(element.attributes):
            if MARKS.search(str(attr.value)):
                element.setAttribute(str(attr.name), fill_names(str(attr.value), names))
