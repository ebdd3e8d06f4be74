"""The top bar (contract, its scoring and rules, the deal number) and each seat's box (name, dealer chip,
level, tricks, points, running total, card backs)."""

from __future__ import annotations

from typing import Any

from ..dom import Node, h
from ..words import ME, Catalog, name, pts


def bar(vm: dict[str, Any], cat: Catalog) -> dict[str, str]:
    """The bar's texts: ``name``, ``rules`` (scoring · notes), ``sign`` (``plus``/``minus``/""), ``deal``."""
    c = vm["contract"]
    return {"name": cat.contract_name(c) if c else "", "rules": cat.contract_line(c) if c else "",
            "sign": ("plus" if c["positive"] else "minus") if c else "",
            "deal": cat.t("bar.deal", deal=vm["deal"], deals=vm["deals"]) if vm["deal"] else ""}


def dealer_chip(cat: Catalog) -> Node:
    return h("span", {"class": "chip", "title": cat.t("seat.dealer"), "aria-label": cat.t("seat.dealer_aria")},
             cat.t("seat.dealer_chip"))


def seat_info(vm: dict[str, Any], cat: Catalog, seat: int) -> list[Node]:
    """What a seat's box says: name (dealer chip, bot level), tricks and points this deal, running total."""
    level = vm["levels"][seat]
    points, total = vm["points"][seat], vm["sheet"]["totals"][seat]
    return [
        h("span", {"class": "seat-name"}, name(cat, seat), vm["dealer"] == seat and dealer_chip(cat),
          level != "human" and h("span", {"class": "seat-level", "title": cat.t(f"level.long.{level}")},
                                 cat.t(f"level.{level}"))),
        h("span", {"class": "seat-stats"},
          h("span", {"title": cat.t("seat.tricks_title")}, cat.n("seat.tricks", vm["tricks"][seat])),
          h("span", {"class": "seat-points", "data-sign": "minus" if points < 0 else "plus",
                     "title": cat.t("seat.points_title")}, pts(points))),
        h("span", {"class": "seat-total", "title": cat.t("seat.total_title")}, cat.t("seat.total", total=pts(total))),
    ]


def backs(vm: dict[str, Any], seat: int) -> list[Node]:
    """The backs of the cards a bot seat holds (none for mine: my cards are the hand)."""
    if seat == ME:
        return []
    return [h("span", {"class": "back", "style": f"--i:{i}"}) for i in range(vm["counts"][seat])]
