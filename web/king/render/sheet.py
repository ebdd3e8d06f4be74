"""The score sheet: a row per deal (each seat's points and running total, the control column, the deal's
note, "with undo" when a person undid a move in it), the deals still to come in a fixed order, and the
totals (with the rubber's "played with undo" mark). A seat given to someone else online keeps its column (its
score carries on): each deal names whoever played it then, and a row says where the seat changed hands
(:mod:`kingcore.web.holders`)."""

from __future__ import annotations

from collections.abc import Callable

from kingcore.web import ViewModel, next_holder, replay_of

from ..dom import Child, Node, h
from ..words import Catalog, as_dealt, former_mark, name, pts
from .rules import rules_words


def sheet(vm: ViewModel, cat: Catalog) -> list[Node]:
    """``thead``, ``tbody`` and ``tfoot`` of ``#score-sheet``."""
    players, table = vm["players"], vm
    seats = range(players)
    done = {r["deal"] for r in vm["sheet"]["rows"]}
    changes = changed_hands(vm, cat)
    body = []
    for r in vm["sheet"]["rows"]:
        body += changes.pop(r["deal"], [])
        seat_name = held_by(vm, cat, r["deal"])
        cells = [h("td", {"class": "num", "data-seat": s, "data-points": r["points"][s],
                          "data-running": r["running"][s]},
                   h("span", {"class": "pts", "data-sign": "minus" if r["points"][s] < 0 else "plus"},
                     pts(r["points"][s])), h("span", {"class": "run"}, pts(r["running"][s]))) for s in seats]
        sn = r["note"]
        note: Child = sn is not None and [" ", h("small", None, cat.sheet_note(sn, seat_name))]
        undone = r.get("undo") and h("small", {"class": "undo-mark"}, cat.t("sheet.with_undo"))
        body.append(h("tr", {"data-deal": r["deal"], "data-control": r["control"], "data-undo": bool(r.get("undo"))},
                      h("td", {"class": "num"}, h("button", {"type": "button", "class": "btn-row",
                                                             "data-history": r["deal"],
                                                             "aria-label": cat.t("history.row_aria", deal=r["deal"])},
                                                   r["deal"])),
                      h("th", {"scope": "row"}, cat.t(f"contract.{r['contract']}"),
                        h("small", None, cat.t("sheet.dealer", name=seat_name(r["dealer"]))), note, undone),
                      cells, h("td", {"class": "num control"}, pts(r["control"]))))
    body += changes.pop(max(done, default=0) + 1, [])  # (a seat given away now: its deals so far are the former's)
    for i, item in enumerate(vm["schedule"], 1):
        if i in done:
            continue
        body += changes.pop(i, [])
        now = i == vm["deal"] and vm["phase"] != "deal_over"
        body.append(h("tr", {"class": "is-future is-now" if now else "is-future"}, h("td", {"class": "num"}, i),
                      h("th", {"scope": "row"}, cat.t(f"contract.{item['contract']}")),
                      h("td", {"colspan": players + 1})))
    body += [row for _, rows in sorted(changes.items()) for row in rows]
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


def held_by(vm: ViewModel, cat: Catalog, deal: int) -> Callable[[int], str]:
    """How deal ``deal``'s row names a seat: by whoever played it then (:func:`king.words.as_dealt`)."""
    table = as_dealt(vm, deal)
    return lambda seat: name(cat, seat, table)


def changed_hands(vm: ViewModel, cat: Catalog) -> dict[int, list[Node]]:
    """The rows saying where a seat changed hands, by the deal they go before: "Seat given away: Petya → Vanya
    from deal 4" before deal 4's row (the next holder's first deal); a seat no one has taken since, "Seat given
    away: Petya → (free)" after the last deal played (0: none yet)."""
    former = vm.get("former") or []
    cols = vm["players"] + 2
    out: dict[int, list[Node]] = {}
    for i, f in enumerate(former):
        nxt = next_holder(former, i)
        if f["to"] is None:
            words = cat.t("sheet.given_free", former=former_mark(i))
            at = max((r["deal"] for r in vm["sheet"]["rows"]), default=0) + 1
        else:
            now = name(cat, f["seat"], vm) if nxt is None else former_mark(nxt)
            words, at = cat.t("sheet.given", former=former_mark(i), name=now, deal=f["to"]), f["to"]
        out.setdefault(at, []).append(h("tr", {"class": "seat-change", "data-seat": f["seat"], "data-from": f["to"]},
                                        h("td"), h("td", {"colspan": cols}, h("small", None, words))))
    return out


def rules_line(vm: ViewModel, cat: Catalog) -> str:
    """The rules in force, under the sheet, in words (:func:`.rules.rules_words`: the rule set, or custom
    rules as the nearest set and what differs)."""
    return cat.t("sheet.rules", rules=rules_words(cat, vm["rules"]))


def sum_line(vm: ViewModel, cat: Catalog) -> str:
    """The line on the sheet's sums, true of the rules in force: every deal sums to its control total; only a
    mirror replay (RULES.md §5, §7) also makes the whole rubber sum to 0."""
    return cat.t("sheet.note" if replay_of(vm["rules"]) == "mirror" else "sheet.note_control")
