"""Every trick can be seen: the trick history of a deal (``kingcore.web`` ``deal_history`` data, or the view
model's ``history`` for the deal in play) as a table — who led, the cards in order, who took it, the points —
the trick that ended a deal in its result panel, and the card called "by the last card", face up."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kingcore.web import ViewModel

from ..dom import Node, h
from ..words import Catalog, Table, as_dealt, name, pts, you
from .cards import on_table, who


def trick_rows(cat: Catalog, tricks: list[Mapping[str, Any]], players: Table) -> list[Node]:
    """One ``tr[data-trick][data-winner]`` per trick: number, leader, the cards (the winner's marked), taker,
    points; ``players`` the table's size, or its seating (``king.words.Table``: a seat's name depends on it)."""
    rows = []
    for t in tricks:
        cards = [h("span", {"class": "history-card is-winner" if e["seat"] == t["winner"] else "history-card",
                            "data-played": e["card"], "data-suit": e["card"][-1],
                            "title": name(cat, e["seat"], players),
                            "aria-label": cat.t("last.card_aria", card=cat.card_name(e["card"]),
                                                name=name(cat, e["seat"], players))}, cat.card(e["card"]))
                 for e in t["cards"]]
        rows.append(h("tr", {"data-trick": t["number"], "data-winner": t["winner"], "data-points": t["points"]},
                      h("td", {"class": "num"}, t["number"]), h("td", None, name(cat, t["leader"], players)),
                      h("td", {"class": "history-cards"}, cards), h("td", None, name(cat, t["winner"], players)),
                      h("td", {"class": "num"}, pts(t["points"]))))
    return rows


def history_panel(cat: Catalog, data: Mapping[str, Any], current: bool, table: Table | None = None) -> list[Node]:
    """The history of one deal (``deal_history`` data): a title naming the deal, its contract and trump, the
    table of its tricks (``table.history-table``), and what the deal gave each seat once it is over.
    ``current``: the deal in play (its title says so); ``table``: how seats are named (default: by where they
    sit, seat 0 at the bottom; a seat given to someone else online since, by who played that deal: ``former``)."""
    players = as_dealt(table, data["deal"]) if table is not None else len(data["points"])  # (each seat by who
    # played that deal: a seat given to someone else since keeps its former holder's name)
    contract = cat.contract_name({"id": data["contract"], "trump": data["trump"]}) if data["contract"] else ""
    title = cat.t("history.title_now" if current else "history.title", deal=data["deal"], contract=contract)
    head = [h("th", {"scope": "col", "data-short": cat.t("history.trick_short") if c == "history.trick" else None},
              cat.t(c)) for c in ("history.trick", "history.led", "history.cards", "history.taken", "history.points")]
    out = [h("h2", {"id": "history-title"}, title),
           h("p", {"class": "history-sub"}, cat.t("sheet.dealer", name=name(cat, data["dealer"], players)),
             data["shown"] and [" · ", cat.t("history.shown", card=cat.card(data["shown"]))])]
    if not data["tricks"]:
        out.append(h("p", {"class": "history-none"}, cat.t("history.none")))
        return out
    out.append(h("div", {"class": "history-scroll"},
                 h("table", {"class": "history-table", "data-deal": data["deal"]},
                   h("thead", None, h("tr", None, head)), h("tbody", None, trick_rows(cat, data["tricks"], players)))))
    if data["over"]:
        totals = cat.t("list.sep").join(cat.t("history.seat_points", name=name(cat, s, players), points=pts(p))
                                        for s, p in enumerate(data["points"]))
        out.append(h("p", {"class": "history-total"}, totals, data["early"] and [" ", cat.t("panel.early")]))
    return out


def final_trick(vm: ViewModel, cat: Catalog, players: Table | None = None) -> Node | None:
    """In a deal's result panel: the trick that ended it, each card with who played it, the winner's marked
    (``None`` when no trick was played); ``players``: how the seats are named (``None``: as ``vm`` names them)."""
    lt = vm["last_trick"]
    players = vm if players is None else players
    if lt is None:
        return None
    minis = [h("span", {"class": "mini is-winner" if e["seat"] == lt["winner"] else "mini"},
               on_table(cat, e["card"], e["seat"], players), who(cat, e["seat"], players, "small"))
             for e in lt["cards"]]
    head = cat.t("history.final", n=lt["number"], name=name(cat, lt["winner"], players))
    return h("div", {"class": "final-trick", "data-winner": lt["winner"]},
             h("p", {"class": "final-trick-head", "title": head}, head),
             h("div", {"class": "last-inset-cards"}, minis))


def shown_card(vm: ViewModel, cat: Catalog) -> list[Node]:
    """The card called "by the last card", face up for everyone while its deal lasts: the card (with whose
    it is) and what it decided; ``[]`` when no card was shown."""
    c, players = vm["contract"], vm
    shown = c["shown"] if c is not None else None
    if c is None or not shown or vm["phase"] not in ("play", "deal_over", "rubber_over"):
        return []
    caller = c["caller"] if c["caller"] is not None else 0
    return [h("figure", {"class": "shown-figure", "data-shown": shown, "data-seat": caller},
              on_table(cat, shown, caller, players),
              h("figcaption", None, cat.t("history.shown_by_me" if caller == you(vm) else "history.shown_by",
                                          name=name(cat, caller, players), card=cat.card(shown),
                                          suit=cat.suit(shown[-1]))))]
