"""The page's one element builder: a tree of nodes that renders to markup, escaping every text and
attribute value by default (no string of HTML is ever concatenated by hand).

>>> str(h("button", {"class": "card", "data-card": "QS", "disabled": True}, "Q", "<♠>"))
'<button class="card" data-card="QS" disabled>Q&lt;♠&gt;</button>'
>>> str(h("p", None, None, False, ["a", h("b", None, 1)]))
'<p>a<b>1</b></p>'
"""

from __future__ import annotations

import html
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Union

Child = Union["Node", str, int, float, None, bool, Iterable["Child"]]
"""What a node may hold: nodes, text (escaped), numbers, nothing (``None``/``False``), or lists of them."""

Attr = str | int | float | bool | None
"""An attribute value: text or a number (escaped), ``True`` (present, no value), ``False``/``None`` (absent)."""

VOID = frozenset({"input", "br", "img", "hr", "meta", "link"})


@dataclass(frozen=True)
class Node:
    """One element: a tag, its attributes (in order) and its children (nodes and text)."""

    tag: str
    attrs: tuple[tuple[str, Attr], ...] = ()
    children: tuple[Node | str, ...] = field(default=())

    def __str__(self) -> str:
        parts = [f"<{self.tag}"]
        for name, value in self.attrs:
            if value is None or value is False:
                continue
            parts.append(f" {name}" if value is True else f' {name}="{html.escape(str(value), quote=True)}"')
        parts.append(">")
        if self.tag in VOID:
            return "".join(parts)
        for child in self.children:
            parts.append(str(child) if isinstance(child, Node) else html.escape(child, quote=False))
        parts.append(f"</{self.tag}>")
        return "".join(parts)

    def attr(self, name: str) -> Attr:
        """The value of attribute ``name`` (``None`` when absent)."""
        return next((v for k, v in self.attrs if k == name), None)

    @property
    def classes(self) -> list[str]:
        """The ``class`` attribute's names."""
        value = self.attr("class")
        return str(value).split() if isinstance(value, str) else []

    def text(self) -> str:
        """All the text inside, in order (as ``textContent``)."""
        return "".join(c.text() if isinstance(c, Node) else c for c in self.children)

    def walk(self) -> Iterator[Node]:
        """This node and every node inside it, depth first."""
        yield self
        for c in self.children:
            if isinstance(c, Node):
                yield from c.walk()

    def find_all(self, test: Callable[[Node], bool]) -> list[Node]:
        """Every node inside (and including) this one for which ``test`` holds."""
        return [n for n in self.walk() if test(n)]

    def select(self, tag: str = "", cls: str = "", **attrs: Attr) -> list[Node]:
        """Nodes by tag, class and attribute values (``data_card="QS"`` for ``data-card``)."""
        want = {k.replace("_", "-"): v for k, v in attrs.items()}
        return self.find_all(lambda n: (not tag or n.tag == tag) and (not cls or cls in n.classes)
                             and all(n.attr(k) == v for k, v in want.items()))


def _flatten(children: Iterable[Child]) -> Iterator[Node | str]:
    for c in children:
        if c is None or c is False or c is True:
            continue
        if isinstance(c, Node | str):
            yield c
        elif isinstance(c, int | float):
            yield str(c)
        else:
            yield from _flatten(c)


def h(tag: str, attrs: dict[str, Attr] | None = None, *children: Child) -> Node:
    """An element ``tag`` with ``attrs`` and ``children`` (text is escaped when rendered)."""
    return Node(tag, tuple((attrs or {}).items()), tuple(_flatten(children)))


def markup(nodes: Iterable[Child]) -> str:
    """The markup of several nodes (for a container's ``innerHTML``)."""
    return "".join(str(n) if isinstance(n, Node) else html.escape(n, quote=False) for n in _flatten(nodes))
