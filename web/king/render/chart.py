"""A line chart as inline SVG (pure: data in, nodes out): a line per series over whole-number steps, a grid
with the y axis's values, the x axis's steps, both axes labelled, and — for screen readers — ``role="img"``
with a ``<title>`` and a ``<desc>`` summarising it, plus the same numbers as a visually hidden table.

Colours and dashes come from the stylesheet (``.chart-series[data-series]``), so the chart follows the page's
theme; the dashes tell the lines apart without colour.

>>> svg = line_chart("c", "Totals", "Deal", "Points", [0, 1, 2], [("0", "You", [0, 5, -3])], "summary")[0]
>>> svg.attr("role"), svg.select("title")[0].text(), len(svg.select("polyline"))
('img', 'Totals', 1)
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from ..dom import Node, h
from ..words import pts

WIDTH, HEIGHT = 560, 250
"""The chart's own units (``viewBox``); the stylesheet scales it to the dialog's width."""
LEFT, RIGHT, TOP, BOTTOM = 58, 14, 12, 46
"""The margins around the plotting area: the y axis's values and label on the left, the x axis's below."""
MAX_MARKERS = 60
"""Points marked with a dot while a line has at most this many."""

Series = tuple[str, str, Sequence[int]]
"""``(key, label, values)``: ``key`` marks the line for the stylesheet (``data-series``), ``label`` names it,
``values`` one per x step (seat order of a table, rubber order of the results)."""


def nice_step(span: float, most: int = 6) -> int:
    """A step of 1, 2 or 5 × 10ᵏ that cuts ``span`` in at most ``most`` parts.

    >>> nice_step(10), nice_step(95), nice_step(0), nice_step(1234)
    (2, 20, 1, 500)
    """
    if span <= 0:
        return 1
    raw = span / most
    base = 10 ** max(0, math.floor(math.log10(raw))) if raw >= 1 else 1
    for m in (1, 2, 5, 10):
        if m * base >= raw:
            return int(m * base)
    return int(10 * base)  # pragma: no cover - the loop always returns


def ticks(low: float, high: float) -> list[int]:
    """Whole-number grid values covering ``low``..``high`` (0 always among them).

    >>> ticks(-7, 12)
    [-10, -5, 0, 5, 10, 15]
    """
    low, high = min(low, 0), max(high, 0)
    step = nice_step(high - low)
    start = math.floor(low / step) * step
    end = math.ceil(high / step) * step
    return list(range(int(start), int(end) + 1, step)) if end > start else [int(start), int(start) + step]


def line_chart(ident: str, title: str, x_label: str, y_label: str, xs: Sequence[int],
               series: Sequence[Series], summary: str) -> list[Node]:
    """The chart ``svg#<ident>`` and its table of numbers (``table.sr-only``, caption ``title``).

    Args:
        ident: the svg's id (its title and desc get ``-title``/``-desc``); xs: the x steps (whole numbers,
            increasing); series: each line (see :data:`Series`), as many values as ``xs``; summary: one
            sentence saying what the chart shows (the ``desc``).
    """
    values = [v for _, _, vs in series for v in vs] or [0]
    grid = ticks(min(values), max(values))
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    x0, x1 = (xs[0], xs[-1]) if xs else (0, 1)
    y0, y1 = grid[0], grid[-1]

    def px(x: float) -> float:
        return round(LEFT + (plot_w * (x - x0) / (x1 - x0) if x1 > x0 else plot_w / 2), 1)

    def py(y: float) -> float:
        return round(TOP + plot_h * (y1 - y) / (y1 - y0), 1)

    parts: list[Node] = [h("title", {"id": f"{ident}-title"}, title), h("desc", {"id": f"{ident}-desc"}, summary)]
    for g in grid:
        parts.append(h("line", {"class": "chart-zero" if g == 0 else "chart-grid", "x1": LEFT, "x2": WIDTH - RIGHT,
                                "y1": py(g), "y2": py(g)}))
        parts.append(h("text", {"class": "chart-tick", "x": LEFT - 6, "y": py(g) + 4, "text-anchor": "end"}, pts(g)))
    every = max(1, math.ceil(len(xs) / 14))
    for i, x in enumerate(xs):
        if i % every == 0 or i == len(xs) - 1:
            parts.append(h("text", {"class": "chart-tick", "x": px(x), "y": HEIGHT - BOTTOM + 16,
                                    "text-anchor": "middle"}, x))
    parts.append(h("text", {"class": "chart-label", "x": LEFT + plot_w / 2, "y": HEIGHT - 6,
                            "text-anchor": "middle"}, x_label))
    parts.append(h("text", {"class": "chart-label", "x": -(TOP + plot_h / 2), "y": 14, "text-anchor": "middle",
                            "transform": "rotate(-90)"}, y_label))
    for key, label, vs in series:
        points = [(px(x), py(v)) for x, v in zip(xs, vs, strict=True)]
        dots = [h("circle", {"cx": a, "cy": b, "r": 3}) for a, b in points] if len(points) <= MAX_MARKERS else []
        parts.append(h("g", {"class": "chart-series", "data-series": key, "data-label": label},
                       h("polyline", {"points": " ".join(f"{a},{b}" for a, b in points), "fill": "none"}), dots))
    svg = h("svg", {"id": ident, "class": "chart", "viewBox": f"0 0 {WIDTH} {HEIGHT}", "role": "img",
                    "aria-labelledby": f"{ident}-title {ident}-desc", "preserveAspectRatio": "xMidYMid meet"}, parts)
    head = h("tr", None, h("th", {"scope": "col"}, x_label),
             [h("th", {"scope": "col"}, label) for _, label, _ in series])
    rows = [h("tr", None, h("th", {"scope": "row"}, x), [h("td", None, pts(vs[i])) for _, _, vs in series])
            for i, x in enumerate(xs)]
    table = h("table", {"class": "sr-only chart-table", "data-chart": ident},
              h("caption", None, title), h("thead", None, head), h("tbody", None, rows))
    return [svg, table]


def legend(series: Sequence[Series]) -> Node:
    """The lines' names, each with a sample of its line (for sighted readers; the svg names them too)."""
    return h("ul", {"class": "chart-legend", "aria-hidden": "true"},
             [h("li", {"data-series": key},
                h("svg", {"class": "chart-swatch chart-series", "data-series": key, "viewBox": "0 0 24 8"},
                  h("line", {"x1": 0, "x2": 24, "y1": 4, "y2": 4})), label) for key, label, _ in series])
