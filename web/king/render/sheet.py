"""The score sheet: a row per deal (each seat's points and running total, the control column, the deal's
note, "with undo" when a person undid a move in it), the deals still to come in a fixed order, and the
totals (with the rubber's "played with undo" mark)."""

from __future__ import annotations

from kingcore.web import ViewModel, replay_of

from ..dom import Child, Node, h
from ..words import Catalog, name, pts
from .rules import rules_words


def sheet(vm: ViewModel, cat: Catalog) -> list[Node]:
    """``thead``, ``tbody`` and ``tfoot`` of ``#score-sheet``."""
    players, table = vm["players"], vm
    seats = range(players)
    done = {r["deal"] for r in vm["sheet"]["rows"]}
    body = []
    for r in vm["sheet"]["rows"]:
        cells = [h("td", {"class": "num", "data-seat": s, "data-points": r["points"][s],
                          "data-running": r["running"][s]},
                   h("span", {"class": "pts", "data-sign": "minus" if r["points"][s] < 0 else "plus"},
                     pts(r["points"][s])), h("span", {"class": "run"}, pts(r["running"][s]))) for s in seats]
        sn = r["note"]
        note: Child = sn is not None and [" ", h("small", None, cat.sheet_note(sn, lambda s: name(cat, s, table)))]
        undone = r.get("undo") and h("small", {"class": "undo-mark"}, cat.t("sheet.with_undo"))
        body.append(h("tr", {"data-deal": r["deal"], "data-control": r["control"], "data-undo": bool(r.get("undo"))},
                      h("td", {"class": "num"}, h("button", {"type": "button", "class": "btn-row",
                                                             "data-history": r["deal"],
                                                             "aria-label": cat.t("history.row_aria", deal=r["deal"])},
                                                   r["deal"])),
                      h("th", {"scope": "row"}, cat.t(f"contract.{r['contract']}"),
                        h("small", None, cat.t("sheet.dealer", name=name(cat, r["dealer"], table))), note, undone),
                      cells, h("td", {"class": "num control"}, pts(r["control"]))))
    for i, item in enumerate(vm["schedule"], 1):
        if i in done:
            continue
        now = i == vm["deal"] and vm["phase"] != "deal_over"
        body.append(h("tr", {"class": "is-future is-now" if now else "is-future"}, h("td", {"class": "num"}, i),
                      h("th", {"scope": "row"}, cat.t(f"contract.{item['contract']}")),
                      h("td", {"colspan": players + 1})))
    totals = vm["sheet"]["totals"]
    used = "undo" in vm and vm["undo"]["used"] and h("small", {"class": "undo-mark", "data-undo-rubber": True},
                                                    cat.t("sheet.rubber_undo"))
    return [
        h("thead", None, h("tr", None, h("th", {"scope": "col"}, "#"),
                           h("th", {"scope": "col"}, cat.t("sheet.contract")),
                           [h("th", {"scope": "col", "data-seat": s}, name(cat, s, table)) for s in seats],
                           h("th", {"scope": "col", "title": cat.t("sheet.ctrl_title")}, cat.t("sheet.ctrl")))),
        h("tbody", None, body),
        h("tfoot", None, h("tr", None, h("td"), h("th", {"scope": "row"}, cat.t("sheet.total"), used),
                           [h("td", {"class": "num", "data-seat": s, "data-total": totals[s]}, pts(totals[s]))
                            for s in seats],
                           h("td", {"class": "num control"}, pts(sum(totals))))),
    ]


def rules_line(vm: ViewModel, cat: Catalog) -> str:
    """The rules in force, under the sheet, in words (:func:`.rules.rules_words`: the rule set, or custom
    rules as the nearest set and what differs)."""
    return cat.t("sheet.rules", rules=rules_words(cat, vm["rules"]))


def sum_line(vm: ViewModel, cat: Catalog) -> str:
    """The line on the sheet's sums, true of the rules in force: every deal sums to its control total; only a
    mirror replay (RULES.md §5, §7) also makes the whole rubber sum to 0."""
    return cat.t("sheet.note" if replay_of(vm["rules"]) == "mirror" else "sheet.note_control")
