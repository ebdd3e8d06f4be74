"""The replay viewer's words and nodes (issue 13, item 5): the list of deals, the board at a step (every
seat's cards face up, the backs of those a record saved mid-deal hides; the trick on the table, tricks, points
and the score so far, what just happened), the expert's review of a chosen seat's cards beside what actually
happened, and where a file could not be read.
Pure: frames come from ``kingcore.web.replay`` (``Replay.frame``), reviews from the bots' ``analyse``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from kingcore.web import Frame, describe_move

from ..dom import Node, h
from ..words import Catalog, Table, name, pts, signed
from .panels import COSTLY, shown_cost, shown_total
from .table import dealer_chip
from .trick import shown, trick_label


def deal_options(cat: Catalog, deals: Sequence[Mapping[str, Any]], selected: int) -> list[Node]:
    """One ``option`` per deal of the record (value: its index from 0), "3. No boys"; ``selected`` chosen."""
    return [h("option", {"value": d["index"], "selected": d["index"] == selected},
              cat.t("replay.deal_option", deal=d["number"],
                    contract=cat.t(f"contract.{d['contract']}") if d["contract"] else cat.t("replay.not_named")))
            for d in deals]


def seat_options(cat: Catalog, table: Table, selected: int) -> list[Node]:
    """One ``option`` per seat (value: the seat), named as at the table: ``table`` the number of seats or
    the replay's seating (``Replay.seating``: people by the names the file gives)."""
    players = table if isinstance(table, int) else int(table["players"])
    return [h("option", {"value": s, "selected": s == selected}, name(cat, s, table)) for s in range(players)]


def happened(cat: Catalog, frame: Frame) -> str:
    """What the last step did: the cards dealt (and by whom), or a seat's card or call in words."""
    move = frame["move"]
    if move is None:
        dealer = frame["dealer"]
        assert dealer is not None  # a step is a deal dealt or a move
        return cat.t("replay.dealt", deal=frame["deal"], name=name(cat, dealer, frame))
    who = name(cat, move["seat"], frame)
    m = describe_move(move["token"])
    if m["kind"] == "card":
        return cat.t("say.card", name=who, card=cat.card_name(str(m["card"])))
    return cat.t("say.move", name=who, move=cat.move(m))


def _cards(cat: Catalog, cards: list[str], cls: str, winner: bool = False) -> list[Node]:
    return [h("span", {"class": f"history-card {cls}" + (" is-winner" if winner else ""), "data-played": c,
                       "data-suit": c[-1], "aria-label": cat.card_name(c)}, cat.card(c)) for c in cards]


def backs(cat: Catalog, count: int) -> list[Node]:
    """The backs of a seat's cards the record hides (``count``; none: nothing), named by their number."""
    if not count:
        return []
    words = cat.n("replay.backs", count)
    return [h("span", {"class": "replay-backs", "role": "img", "aria-label": words, "title": words,
                       "data-count": count}, [h("span", {"class": "replay-back"}) for _ in range(count)])]


def board(cat: Catalog, frame: Frame) -> list[Node]:
    """The board at a frame: a line saying the step and what happened, the trick on the table (a finished
    one with its taker), and one row per seat — name, dealer chip, tricks and points this deal, running
    total, and every card the seat still holds, face up, or the backs of those the record hides
    (``.replay-seat[data-seat]``)."""
    players = frame["players"]
    contract = cat.contract_name(frame["contract"]) if frame["contract"] else cat.t("replay.not_named")
    cards, finished = shown(frame)
    lt = frame["last_trick"]
    winner = lt["winner"] if finished and lt is not None else None
    on_table = [h("span", {"class": "replay-played", "data-seat": e["seat"]},
                  h("small", None, name(cat, e["seat"], frame)), _cards(cat, [e["card"]], "replay-trick-card",
                                                                         e["seat"] == winner)) for e in cards]
    seats = []
    for s in range(players):
        seats.append(h("div", {"class": "replay-seat", "data-seat": s, "data-to-move": frame["to_move"] == s},
                       h("p", {"class": "replay-seat-info"},
                         h("b", None, name(cat, s, frame)), frame["dealer"] == s and [" ", dealer_chip(cat)], " ",
                         cat.n("seat.tricks", frame["tricks"][s]), " · ", pts(frame["points"][s]), " · ",
                         cat.t("seat.total", total=pts(frame["totals"][s]))),
                       h("p", {"class": "replay-hand"}, _cards(cat, frame["hands"][s], "replay-card"),
                         backs(cat, frame["backs"][s]))))
    return [h("p", {"class": "replay-where", "data-step": frame["step"], "data-last": frame["last"]},
              cat.t("replay.step", step=frame["step"] + 1, steps=frame["last"] + 1), " · ",
              cat.t("bar.deal", deal=frame["deal"], deals=frame["deals"]), " · ", contract),
            h("p", {"class": "replay-happened", "role": "status"}, happened(cat, frame)),
            h("div", {"class": "replay-trick", "data-t-aria-label": "table.trick", "aria-label": cat.t("table.trick")},
              on_table or h("small", None, cat.t("replay.no_trick")), trick_label(frame, cat)),
            h("div", {"class": "replay-seats"}, seats)]


def seat_review(cat: Catalog, state: Mapping[str, Any] | None, table: Table, actual: int | None,
                current: Mapping[str, Any] | None = None) -> list[Node]:
    """The expert's review of one seat's cards in one deal (``state``: ``None`` before asking, ``{"seat",
    "pending": True}`` while the bots' worker replays it, ``{"seat", "hidden": True}`` when the record hides
    that seat's cards in the deal, or ``{"seat", "data"}`` with ``analyse``'s answer): each card the seat
    chose, the points expected by the expert after it and after the best card, and — beside it — what
    actually happened, the seat's points of the deal (``actual``; ``None`` while the
    deal is not over). ``current``: the move on the board (its row is marked). ``table``: as for
    :func:`seat_options`."""
    if state is None:
        return []
    who = name(cat, state["seat"], table)
    if state.get("pending"):
        return [h("p", {"class": "review-note", "role": "status"}, cat.t("replay.review_pending", name=who))]
    if state.get("hidden"):
        return [h("p", {"class": "review-note", "role": "status"}, cat.t("replay.review_hidden", name=who))]
    data = state["data"]
    if "error" in data:
        return [h("p", {"class": "review-note", "role": "status"}, cat.t("review.unavailable"))]
    cards = data["cards"]
    if not cards:
        return [h("p", {"class": "review-note", "role": "status"}, cat.t("replay.review_no_choice", name=who))]
    costs = [shown_cost(c) for c in cards]
    total, costly = shown_total(cards), sum(1 for x in costs if x >= COSTLY)
    if total < 0.05:
        summary = cat.t("replay.review_all_best", name=who)
    elif costly:
        summary = cat.n("replay.review_costly", costly, name=who, total=cat.num(total))
    else:
        summary = cat.t("replay.review_cheap", name=who, total=cat.num(total))
    if actual is None:
        real = cat.t("replay.review_not_over")
    else:
        real = cat.t("replay.review_actual", name=who, points=pts(actual), expected=signed(cards[0]["expected"], cat))
    now = current and current["kind"] == "card" and current["seat"] == state["seat"] and current["token"]
    body = []
    for c, cost in zip(cards, costs, strict=True):
        other = c["best"] != c["card"] and cost != 0
        mark = " ".join(x for x in ("is-costly" if cost >= COSTLY else "", "is-current" if c["card"] == now else "")
                        if x)
        body.append(h("tr", {"data-trick": c["trick"], "data-card": c["card"], "data-cost": c["cost"],
                             "class": mark or None},
                      h("td", {"class": "num"}, c["trick"]),
                      h("td", None, cat.card(c["card"]), " ", h("small", None, f"({signed(c['expected'], cat)})")),
                      h("td", None, *([cat.card(c["best"]), " ",
                                       h("small", None, f"({signed(c['best_expected'], cat)})")]
                                      if other else [cat.t("review.best")])),
                      h("td", {"class": "num"}, cat.num(-cost) if other else "")))
    heads = ("review.trick", "replay.review_played", "replay.review_better", "review.cost")
    return [h("div", {"class": "review replay-review", "data-seat": state["seat"], "data-deal": data["deal"]},
              h("p", {"class": "review-note", "role": "status"}, summary),
              h("p", {"class": "review-actual", "data-points": "" if actual is None else actual}, real),
              h("div", {"class": "review-scroll"},
                h("table", {"class": "review-table"}, h("thead", None, h("tr", None, [h("th", None, cat.t(x))
                                                                                      for x in heads])),
                  h("tbody", None, body))))]


def file_error(cat: Catalog, error: Mapping[str, Any]) -> list[Node | str]:
    """Where a file could not be read (``ReplayFileError.to_dict()``): the line and column of the file, or
    of the game record inside a save, and under *Details* what is wrong in the page's words (the reader's own
    English message only for a rare kind of error without a ``code``: ``Catalog.detail``); a file refused by its
size (``"size"`` in ``error``) says the sizes instead."""
    if "size" in error:  # refused by its size, unread: the message (in the page's words) says the sizes
        text = str(error["message"])
    elif error.get("line") is None:
        text = cat.t("replay.error")
    else:
        code = "replay.error_record" if error.get("part") == "record" else "replay.error_file"
        text = cat.t(code, line=error["line"], column=error.get("column") or 1)
    return [h("p", {"class": "replay-error-where", "data-line": error.get("line"), "data-column": error.get("column")},
              text, " ", cat.t("replay.error_tail")),
            h("details", {"class": "problem-detail"}, h("summary", None, cat.t("problem.details")),
              refused(cat, error) or cat.detail(error))]


def refused(cat: Catalog, error: Mapping[str, Any]) -> str:
    """Why the rules refuse a file's card or call, in the page's words (the reasons the table gives for a
    greyed card), from ``ReplayFileError.to_dict()``'s ``reason``, ``args``, ``seat``, ``move``; ``""``
    for any other error (the reader's own message is shown then)."""
    return cat.refused(error)


STEP_PAIRS = {"replay-prev": "replay-next", "replay-next": "replay-prev",
              "replay-prev-trick": "replay-next-trick", "replay-next-trick": "replay-prev-trick"}
"""Each step button of the viewer and the one stepping the other way."""


def focus_after(focused: str, at_start: bool, at_end: bool) -> str | None:
    """Where the keyboard focus goes after a step (``focused``: the id of the element holding it): when a
    step button it is on is disabled at either end (Home/End, or the last card), to the button stepping the
    other way, or to the viewer's frame (``replay-view``, focusable) when that one is disabled too (a file
    of one step); ``None``: the focus stays where it is.

    >>> focus_after("replay-next", False, True), focus_after("replay-prev-trick", True, False)
    ('replay-prev', 'replay-next-trick')
    >>> focus_after("replay-next", False, False), focus_after("replay-prev", True, True), focus_after("x", True, True)
    (None, 'replay-view', None)
    """
    if focused not in STEP_PAIRS:
        return None
    disabled = at_start if "prev" in focused else at_end
    if not disabled:
        return None
    other = STEP_PAIRS[focused]
    return "replay-view" if (at_end if "prev" in focused else at_start) else other

