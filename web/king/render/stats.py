"""The statistics dialog's words and charts (pure): the figures of ``kingcore.web.stats.summary`` (rubbers
played and won, the average final score, the best and the worst rubber, the average points per contract),
the running totals of the rubber on the table (the view model's score sheet, a line per seat, deal by deal)
and the player's final score rubber by rubber (:mod:`.chart`)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from kingcore.web import ViewModel

from ..dom import Node, h
from ..words import ME, Catalog, name, pts, signed
from .chart import Series, legend, line_chart


def day(date: str) -> str:
    """The date part of a stored ``YYYY-MM-DDTHH:MM:SSZ``, with non-breaking hyphens (kept on one line).

    >>> day("2026-12-01T14:05:09Z") == "2026\u201112\u201101"
    True
    """
    return date[:10].replace("-", "\u2011")


def figures(cat: Catalog, s: Mapping[str, Any]) -> Node:
    """``dl.stats-figures``: each figure a ``dd[data-stat]`` (``data-value`` the number, for tests)."""
    def rubber(r: Mapping[str, Any] | None) -> str:
        return cat.t("stats.none") if r is None else cat.t("stats.rubber_value", total=pts(r["total"]),
                                                            date=day(r["date"]))

    items = [
        ("played", cat.t("stats.played"), str(s["played"]), s["played"]),
        ("won", cat.t("stats.won"), cat.t("stats.won_value", won=s["won"], played=s["played"]), s["won"]),
        ("average", cat.t("stats.average"),
         cat.t("stats.none") if s["average"] is None else signed(s["average"], cat),
         "" if s["average"] is None else round(s["average"], 3)),
        ("best", cat.t("stats.best"), rubber(s["best"]), "" if s["best"] is None else s["best"]["total"]),
        ("worst", cat.t("stats.worst"), rubber(s["worst"]), "" if s["worst"] is None else s["worst"]["total"]),
    ]
    return h("dl", {"class": "stats-figures"},
             [[h("dt", None, label), h("dd", {"data-stat": key, "data-value": value}, text)]
              for key, label, text, value in items])


def running_chart(cat: Catalog, vm: ViewModel | None) -> list[Node]:
    """The rubber on the table: each seat's running total after each deal (0 before the first), or a note
    while no deal is over."""
    rows = vm["sheet"]["rows"] if vm is not None else []
    if vm is None or not rows:
        return [h("p", {"class": "stats-note", "id": "stats-running-none"}, cat.t("stats.current_none"))]
    players = vm["players"]
    xs = [0, *(r["deal"] for r in rows)]
    series: list[Series] = [(str(s), name(cat, s, vm), [0, *(r["running"][s] for r in rows)])  # hot seat: names
                            for s in range(players)]
    totals = cat.t("list.sep").join(cat.t("chart.seat_total", name=label, total=pts(int(vs[-1])))
                                    for _, label, vs in series)
    summary = cat.t("chart.running_summary", done=len(rows), deals=vm["deals"], totals=totals)
    return [*line_chart("stats-running", cat.t("stats.current"), cat.t("chart.deal"), cat.t("chart.points"),
                        xs, series, summary), legend(series)]


def results_chart(cat: Catalog, s: Mapping[str, Any]) -> list[Node]:
    """The player's final score in each finished rubber, oldest first, or a note with none yet."""
    results = s["results"]
    if not results:
        return [h("p", {"class": "stats-note", "id": "stats-results-none"}, cat.t("stats.past_none"))]
    totals = [r["total"] for r in results]
    series: list[Series] = [(str(ME), name(cat, ME, 4), totals)]
    summary = cat.n("chart.results_summary", len(totals), low=pts(min(totals)), high=pts(max(totals)),
                    last=pts(totals[-1]))
    return line_chart("stats-results", cat.t("stats.past"), cat.t("chart.rubber"), cat.t("chart.points"),
                      list(range(1, len(totals) + 1)), series, summary)


def contracts_table(cat: Catalog, s: Mapping[str, Any]) -> Node | None:
    """``table.stats-contracts``: a row per contract played (``tr[data-contract]``): its name, the deals,
    the average points of a deal; ``None`` with none."""
    if not s["contracts"]:
        return None
    head = h("tr", None, [h("th", {"scope": "col"}, cat.t(c)) for c in ("stats.contract", "stats.deals", "stats.avg")])
    rows = [h("tr", {"data-contract": c["contract"], "data-average": round(c["average"], 3)},
              h("th", {"scope": "row"}, cat.t(f"contract.{c['contract']}")), h("td", {"class": "num"}, c["deals"]),
              h("td", {"class": "num"}, signed(c["average"], cat))) for c in s["contracts"]]
    return h("table", {"class": "stats-contracts history-table"}, h("thead", None, head), h("tbody", None, rows))


def stats_panel(cat: Catalog, s: Mapping[str, Any], vm: ViewModel | None) -> list[Node]:
    """The dialog's body: the title, the figures, the two charts and the table per contract (``s``: a
    ``summary``; ``vm``: the view model of the rubber on the table, ``None`` with none). With no rubber
    finished, one note stands for the results' chart and the table (no heading over a note that says there
    is nothing yet)."""
    title = h("h2", {"id": "stats-title"}, cat.t("stats.title"))
    current = h("section", {"class": "stats-section", "aria-labelledby": "stats-h-current"},
                h("h3", {"id": "stats-h-current"}, cat.t("stats.current")), running_chart(cat, vm))
    table = contracts_table(cat, s)
    if table is None:
        return [title, figures(cat, s), current,
                h("p", {"class": "stats-note", "id": "stats-results-none"}, cat.t("stats.past_none"))]
    return [
        title,
        figures(cat, s),
        current,
        h("section", {"class": "stats-section", "aria-labelledby": "stats-h-past"},
          h("h3", {"id": "stats-h-past"}, cat.t("stats.past")), results_chart(cat, s)),
        h("section", {"class": "stats-section", "aria-labelledby": "stats-h-contracts"},
          h("h3", {"id": "stats-h-contracts"}, cat.t("stats.contracts")), table),
    ]


IMPORT_PROBLEMS = {"json": "stats.import_json", "format": "stats.import_format", "version": "stats.import_version",
                   "save": "stats.import_save", "prefs": "stats.import_prefs", "stats": "stats.import_stats"}
"""A ``BackupError`` kind -> the code of what the page says."""


def import_problem(cat: Catalog, kind: str, detail: str, line: int | None, column: int | None,
                   version: Any) -> list[Node | str]:
    """What the page says about a file it did not import (a ``BackupError``), the details underneath."""
    text = cat.t(IMPORT_PROBLEMS.get(kind, "stats.import_format"), line=line or 1, column=column or 1,
                 version=json.dumps(version)[:40])
    return [f"{text} {cat.t('stats.import_kept')}",
            h("details", {"class": "problem-detail"}, h("summary", None, cat.t("problem.details")), detail)]
