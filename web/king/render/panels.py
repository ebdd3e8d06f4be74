"""The panels over the felt: a deal's result (with the review of my cards), the rubber's end (standings,
settlement), and the words of an unreadable save."""

from __future__ import annotations

from typing import Any

from kingcore.web import Payment, ViewModel

from ..dom import Child, Node, h
from ..words import Catalog, Table, as_dealt, name, pts, signed, you
from .cards import who
from .history import final_trick

COSTLY = 0.5
"""A reviewed card that gave away at least this many points is marked."""


def shown_cost(card: dict[str, Any]) -> float:
    """What a reviewed card cost, as the panel shows it: the difference of the two expected values *as
    rounded on screen* (−4.0 against −3.6 costs 0.4, never 0.5), so the row adds up for the reader."""
    return round(round(float(card["best_expected"]), 1) - round(float(card["expected"]), 1), 1)


def shown_total(cards: list[dict[str, Any]]) -> float:
    """What the reviewed cards cost together, as the summary says it: the sum of the rows' costs as they
    are shown (:func:`shown_cost`), so that "lowered by 2.3" is the −2.2 and −0.1 of the rows below it
    (the sum of the exact costs, 2.36, would say 2.4)."""
    return round(sum(shown_cost(c) for c in cards), 1)


PROBLEMS = {"garbage": "problem.garbage", "truncated": "problem.truncated", "invalid": "problem.invalid"}


def review(cat: Catalog, state: dict[str, Any] | None, actual: int | None = None) -> Node:
    """The review of my cards: the button (``state`` None), "replaying…", or the table of my choices.

    Every number of the table is the expert's *expected* points for the deal (an average over where
    the unseen cards could lie), so beside it stands what actually happened: ``actual``, my points of
    the reviewed deal (the view model's ``result``), against what the expert expected after my first
    choice — a deal scored 0 may still have "given away" expected points (issue 12)."""
    if state is None:
        return h("p", {"class": "panel-buttons"},
                 h("button", {"type": "button", "class": "btn", "id": "btn-review"}, cat.t("review.button")))
    if state["pending"]:
        return h("p", {"class": "review-note", "role": "status"}, cat.t("review.pending"))
    data = state["data"]
    if "error" in data:
        return h("p", {"class": "review-note", "role": "status"}, cat.t("review.unavailable"))
    cards = data["cards"]
    if not cards:
        return h("p", {"class": "review-note", "role": "status"}, cat.t("review.no_choice"))
    rows = []
    for c in cards:
        cost = shown_cost(c)
        better = c["card"] != c["best"] and cost != 0
        rows.append(h("tr", {"data-trick": c["trick"], "data-cost": c["cost"], "class": "is-costly" if cost >= COSTLY
                             else None},
                      h("td", {"class": "num"}, c["trick"]),
                      h("td", None, cat.card(c["card"]), " ", h("small", None, f"({signed(c['expected'], cat)})")),
                      h("td", None, [cat.card(c["best"]), " ", h("small", None, f"({signed(c['best_expected'], cat)})")]
                        if better else cat.t("review.best")),
                      h("td", {"class": "num"}, cat.num(-cost) if better else "")))
    total = shown_total(cards)
    lost = sum(1 for c in cards if shown_cost(c) >= COSTLY)
    if total < 0.05:
        summary = cat.t("review.all_best")
    elif lost:
        summary = cat.n("review.costly", lost, total=cat.num(total))
    else:
        summary = cat.t("review.cheap", total=cat.num(total))
    head = [h("th", None, cat.t(code)) for code in ("review.trick", "review.played", "review.better", "review.cost")]
    happened = actual is not None and h("p", {"class": "review-actual", "data-points": actual},
                                        cat.t("review.actual", points=pts(actual),
                                              expected=signed(cards[0]["expected"], cat)))
    return h("div", {"class": "review", "id": "review"}, h("p", {"class": "review-note", "role": "status"}, summary),
             *([happened] if happened else []),
             h("div", {"class": "review-scroll"}, h("table", {"class": "review-table"},
                                                    h("thead", None, h("tr", None, head)), h("tbody", None, rows))))


def _pay_line(cat: Catalog, x: Payment, players: Table, me: int | None) -> list[Child]:
    """"West pays you **12**": the words around the amount, the amount in bold."""
    mark = "\x00"
    if x["payer"] == me:
        text = cat.t("panel.pay_me", winner=name(cat, x["winner"], players), amount=mark)
    elif x["winner"] == me:
        text = cat.t("panel.pay_to_me", payer=name(cat, x["payer"], players), amount=mark)
    else:
        text = cat.t("panel.pay", payer=name(cat, x["payer"], players), winner=name(cat, x["winner"], players),
                     amount=mark)
    before, _, after = text.partition(mark)
    return [before, h("b", None, x["amount"]), after]


def result_panel(vm: ViewModel, cat: Catalog, review_state: dict[str, Any] | None,
                 tip: str | None = None) -> tuple[str, list[Node]]:
    """The panel after a deal (``kind`` ``deal``) or after the rubber (``final``): ``(kind, nodes)``. Both
    show the deal just played — its number and contract, each seat's tricks, points and running total —
    and the review of my cards in it; the final panel first the standings and the settlement
    (``div.final-places``) and then the last deal (``div.final-deal``): side by side on a landscape phone.
    ``tip``: a beginner's tip (``king.render.tips.panel_tip``), a line of its own over the review and the
    buttons (``p#panel-tip``). The deal's rows and its last trick name each seat by whoever played that deal (a
    seat given to someone else online since: its former holder, :func:`king.words.as_dealt`)."""
    result, final = vm["result"], vm["final"]
    assert result is not None  # drawn only once a deal is over
    dealt = as_dealt(vm, result["deal"])
    rows = []
    for seat in range(vm["players"]):
        p = result["points"][seat]
        rows.append(h("tr", {"data-seat": seat}, h("th", {"scope": "row"}, who(cat, seat, dealt)),
                      h("td", None, result["tricks"][seat]),
                      h("td", {"class": "num", "data-sign": "minus" if p < 0 else "plus"}, pts(p)),
                      h("td", {"class": "num"}, pts(result["running"][seat]))))
    early = result["early"] and h("p", {"class": "panel-note"}, cat.t("panel.early"))
    said = [h("p", {"class": "panel-tip", "id": "panel-tip", "role": "note"}, tip)] if tip else []
    table = h("table", {"class": "result"},
              h("thead", None, h("tr", None, h("th", None),
                                 [h("th", None, cat.t(c)) for c in ("panel.tricks", "panel.points", "panel.total")])),
              h("tbody", None, rows))
    if final is None:
        title = cat.t("panel.deal", deal=result["deal"], name=cat.t(f"contract.{result['contract']}"))
        last = final_trick(vm, cat, dealt)
        mine = review(cat, review_state, result["points"][vm["seat"]])
        return "deal", [h("h2", None, title), *([last] if last else []), table, *([early] if early else []),
                        *said, mine,
                        h("p", {"class": "panel-buttons"}, h("button", {"type": "button", "class": "btn btn--accent",
                                                                       "id": "btn-continue"}, cat.t("panel.continue")))]
    places = [h("li", {"data-seat": st["seat"], "data-place": st["place"]}, h("span", {"class": "place"},
                                                                            f"{st['place']}."),
                " ", name(cat, st["seat"], vm), " ", h("span", {"class": "num"}, pts(st["total"])))
              for st in final["standings"]]
    settle = [h("li", None, _pay_line(cat, x, vm, you(vm))) for x in final["settlement"] if x["amount"]]
    won = you(vm) in final["winners"]
    title = cat.t("panel.win") if won and len(final["winners"]) == 1 else (
        cat.t("panel.shared") if won else cat.t("panel.won", names=cat.t("list.and").join(
            name(cat, w, vm) for w in final["winners"])))
    return "final", [
        h("h2", None, title),
        h("div", {"class": "final-places"}, h("ol", {"class": "standings"}, places),
          h("h3", None, cat.t("panel.settlement")),
          h("ul", {"class": "settlement"}, settle or h("li", None, cat.t("panel.nothing")))),
        h("div", {"class": "final-deal"}, h("h3", None, cat.t("panel.last_deal_title", deal=result["deal"],
                                                              name=cat.t(f"contract.{result['contract']}"))),
          table, *([early] if early else [])),
        *said, review(cat, review_state, result["points"][vm["seat"]]),
        h("p", {"class": "panel-buttons"},
          h("button", {"type": "button", "class": "btn", "id": "btn-final-sheet"}, cat.t("panel.sheet")),
          h("button", {"type": "button", "class": "btn btn--accent", "id": "btn-final-new"}, cat.t("panel.new")))]


def problem(cat: Catalog, kind: str, version: Any, message: str, version_text: str) -> list[Node | str]:
    """What the page says about a save it cannot continue (``kind``: a ``SaveError`` kind), with the
    engine's message under *Details*."""
    code = PROBLEMS.get(kind, "problem.unknown")
    if kind == "version":
        code = "problem.version_none" if version is None else "problem.version"
    return [f"{cat.t(code, version=version_text)} {cat.t('problem.tail')}",
            h("details", {"class": "problem-detail"}, h("summary", None, cat.t("problem.details")), message)]
