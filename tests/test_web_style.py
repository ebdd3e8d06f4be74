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
