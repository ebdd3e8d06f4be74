"""The style sheet's breakpoints leave no size between them (issue 30): a pair like ``(max-width: 640px)`` and
``(min-width: 641px)`` matches neither at 640.5 px — a window whose CSS width is fractional, as a zoomed page's
or a phone's with a fractional device pixel ratio is — where neither the phone's layout nor the tablet's applies.
The side above a bound is written ``(width > 640px)`` (Media Queries level 4), the exact complement."""

from __future__ import annotations

import re
from pathlib import Path

WEB = Path(__file__).resolve().parent.parent / "web"
BOUND = re.compile(r"\((min|max)-(width|height):\s*(\d+(?:\.\d+)?)px\)")


def gaps(css: str) -> list[str]:
    """Each ``min-`` bound one pixel above a ``max-`` bound of the same dimension in ``css``'s media queries.

    >>> gaps("@media (max-width: 640px) { a {} } @media (min-width: 641px) { b {} }")
    ['640px < width < 641px']
    >>> gaps("@media (max-width: 640px) { a {} } @media (width > 640px) { b {} }")
    []
    """
    found: dict[tuple[str, str], set[float]] = {}
    for prelude in re.findall(r"@media([^{]*)\{", css):
        for kind, dim, value in BOUND.findall(prelude):
            found.setdefault((kind, dim), set()).add(float(value))
    return [f"{n:g}px < {dim} < {n + 1:g}px" for dim in ("width", "height")
            for n in sorted(found.get(("max", dim), set())) if n + 1 in found.get(("min", dim), set())]


def test_no_size_falls_between_two_breakpoints() -> None:
    sheets = sorted(WEB.glob("*.css"))
    assert sheets
    found = {sheet.name: gaps(sheet.read_text(encoding="utf-8")) for sheet in sheets}
    assert not any(found.values()), found


def media_of(css: str, selector: str) -> list[str]:
    """The ``@media`` prelude around each rule of ``css`` whose selector contains ``selector`` (``""`` for a rule
    at the top level; nested ``@media`` blocks: the innermost).

    >>> media_of("a::before {} @media (max-width: 640px) { b a::before {} }", "a::before")
    ['', '(max-width: 640px)']
    """
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    found, stack, start = [], [], 0
    for m in re.finditer(r"[{}]", css):
        if m.group() == "{":
            head = css[start:m.start()].strip()
            stack.append(head)
            if not head.startswith("@") and selector in head:
                found.append(next((h[len("@media"):].strip() for h in reversed(stack[:-1]) if h.startswith("@media")),
                                  ""))
        else:
            stack.pop()
        start = m.end()
    return found


def test_a_seats_presence_says_its_short_word_only_on_a_phone_or_small_tablet() -> None:
    """Who is there says the short word docs/PLAYING.md gives for a phone («○ не здесь») only in a window up to
    900 px wide or 500 px high: at 1280 a side seat's badge said «○ не здесь» while the invite panel said
    «нет на месте» of the same state."""
    css = (WEB / "style.css").read_text(encoding="utf-8")
    preludes = media_of(css, ".seat-presence[data-short]::before") + media_of(css, ".seat-level[data-short]::before")
    assert preludes, "no rule draws a badge's short word"
    for prelude in preludes:
        bounds = BOUND.findall(prelude)
        assert bounds and all(kind == "max" and float(v) <= (900 if dim == "width" else 500)
                              for kind, dim, v in bounds), prelude or "(every size)"
