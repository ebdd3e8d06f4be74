"""The call screens over the felt, one for each decision that is not a card: the trump call (the suits
and what no trump, misère and "by the last card" mean), the auction (every seat's bid, the high bid) and
ordered King's contract to name (negative and positive, each with its scoring). Every option is a
``button[data-move]`` with the hint's marks when asked."""

from __future__ import annotations

from collections.abc import Callable

from kingcore.web import MoveView, ViewModel

from ..dom import Child, Node, h
from ..words import Catalog, name, pts
from .cards import VS15, spoken
from .table import dealer_chip

TRUMP_MORE = ("nt", "misere", "last-card")  # the calls other than a suit (each with what it means)


class MoveButtons:
    """The legal non-card moves as ``button[data-move]``s, with the hint's marks: the best one ringed
    (``is-hint``, ``data-hint="best"``) and every option its rating (``values``: texts to show)."""

    def __init__(self, cat: Catalog, moves: list[MoveView], values: dict[str, str], best: str | None) -> None:
        self.cat = cat
        self.moves = {m["token"]: m for m in moves}
        self.values = values
        self.best = best

    def button(self, token: str, inner: list[Child], cls: str, label: str, title: str = "") -> Node:
        best = token == self.best
        ev = None
        if token in self.values:
            value = self.values[token]
            label = self.cat.t("hint.aria_best" if best else "hint.aria", label=label, value=value)
            ev = h("small", {"class": "ev", "aria-hidden": "true"}, value)
        return h("button", {"type": "button", "class": f"{cls} is-hint" if best else cls, "data-move": token,
                            "data-hint": "best" if best else None, "title": title or None},
                 spoken([*inner, ev], label))


def per_trick(vm: ViewModel) -> str:
    """The trick value of a trump deal, signed ("+3"), or "" for other contracts."""
    c = vm["contract"]
    if c is None or c["id"] != "trumps":
        return ""
    return pts(c["scoring"]["parts"][0]["value"])


def trump_screen(vm: ViewModel, cat: Catalog, b: MoveButtons) -> tuple[str, list[Node]]:
    bid = vm["contract"]["bid"] if vm["contract"] is not None else None
    seen, size = len(vm["hand"]), vm["hand_size"]
    value = per_trick(vm)
    each = cat.t("call.each_trick", value=value) if value else ""
    if bid is not None:  # the auction's winner names the trump
        n = bid["tricks"]
        won = cat.t("call.trump.won" if any(x["kind"] == "bid" for x in vm["calls"]) else "call.trump.passed", n=n)
        lead = cat.t("call.trump.lead_bid", won=won, n=n, each=each)
    elif seen < size:
        lead = cat.t("call.trump.partial", seen=seen, size=size, each=each)
    else:
        lead = cat.t("call.trump.lead", each=each)
    suits = [b.button(f"trump:{s}", [h("span", {"class": "call-suit-sym", "aria-hidden": "true"}, cat.suit(s) + VS15),
                                     h("span", {"class": "call-suit-name"}, cat.t(f"suit.title.{s}"))],
                      "call-suit", cat.t("call.trump.suit_aria", suit=cat.t(f"suit.title.{s}")))
             for s in "SHDC" if f"trump:{s}" in b.moves]
    more = []
    for k in TRUMP_MORE:
        if f"trump:{k}" in b.moves:
            title, what = cat.t(f"call.trump.{k}"), cat.t(f"call.trump.{k}.what")
            more.append(b.button(f"trump:{k}", [h("b", None, title), h("small", None, what)], "call-alt",
                                 cat.t("call.option_aria", name=title, what=what)))
    return cat.t("call.trump.title"), [
        h("p", {"class": "call-lead"}, lead),
        *([h("div", {"class": "call-suits", "role": "group", "aria-label": cat.t("call.trump.suits")}, suits)]
          if suits else []),
        *([h("div", {"class": "call-more", "role": "group", "aria-label": cat.t("call.trump.others")}, more)]
          if more else [])]


def auction_screen(vm: ViewModel, cat: Catalog, b: MoveButtons) -> tuple[str, list[Node]]:
    dealer = vm["dealer"]
    last = {call["seat"]: call for call in vm["calls"]}
    high = vm["high_bid"]
    tiles = []
    for seat in vm["bid_order"]:
        call = last.get(seat)
        if seat == vm["seat"]:
            what, state = cat.t("call.auction.to_bid"), "turn"
        elif call is not None and call["kind"] == "pass":
            what, state = cat.t("call.auction.passed"), "out"
        elif call is not None:
            what, state = cat.move(call), "bid"
        else:
            what, state = cat.t("call.auction.waiting"), "wait"
        if high is not None and seat == high["seat"]:
            state = "high"
        tiles.append(h("li", {"data-seat": seat, "data-state": state},
                       h("span", {"class": "call-seat-name"}, name(cat, seat, vm), seat == dealer and dealer_chip(cat)),
                       h("span", {"class": "call-seat-bid"}, what)))
    top: list[Child]
    if high is None:
        top = [cat.t("call.auction.none")]
    else:
        mark = "\x00"
        who = cat.t("word.you") if high["seat"] == vm["seat"] else name(cat, high["seat"], vm)
        text = cat.n("call.auction.high", high["tricks"], name=who).replace(str(high["tricks"]), mark, 1)
        before, _, after = text.partition(mark)
        top = [before, h("b", None, high["tricks"]), after]
    value = per_trick(vm)
    lead = cat.t("call.auction.lead", each=cat.t("call.each", value=value) if value else "")
    bids = [b.button(m["token"], [str(m["bid"])], "call-num", cat.move(m))
            for m in b.moves.values() if m["kind"] == "bid"]
    pass_ = "pass" in b.moves and b.button(
        "pass", [h("b", None, cat.t("call.pass")), h("small", None, cat.t("call.auction.pass"))], "call-alt call-pass",
        cat.t("call.option_aria", name=cat.t("move.pass"), what=cat.t("call.auction.pass")))
    return cat.t("call.auction.title"), [
        h("ol", {"class": "call-seats", "aria-label": cat.t("call.auction.seats")}, tiles),
        h("p", {"class": "call-high", "data-high": high["tricks"] if high else 0}, top),
        h("p", {"class": "call-lead"}, lead),
        h("div", {"class": "call-bids"},
          h("div", {"class": "call-nums", "role": "group", "aria-label": cat.t("call.auction.yours")}, bids), pass_)]


def contract_screen(vm: ViewModel, cat: Catalog, b: MoveButtons) -> tuple[str, list[Node]]:
    groups = []
    for positive, sign in ((False, "negative"), (True, "positive")):
        items = []
        for m in b.moves.values():
            if m["kind"] != "contract" or m["positive"] is not positive:
                continue
            scoring, full = cat.scoring(m["scoring"]), ""
            if m["scoring"]["eralash"]:
                scoring, full = cat.t("call.contract.all_six"), scoring
            if m["contract"] == "trumps":
                scoring = cat.t("call.contract.you_call", scoring=scoring)
            text = cat.move(m)
            items.append(b.button(m["token"], [h("b", None, text), h("small", None, scoring)], "call-contract",
                                  cat.t("call.option_aria", name=text, what=full or scoring), full))
        if items:
            groups.append(h("section", {"class": "call-group", "data-sign": "plus" if positive else "minus"},
                            h("h3", None, cat.t(f"call.{sign}"), " ", h("small", None, cat.t(f"call.{sign}.sub"))),
                            h("div", {"class": "call-list"}, items)))
    passed = [name(cat, c["seat"], vm) for c in vm["calls"] if c["kind"] == "pass"]
    lead = cat.t("call.contract.lead")
    if passed:
        lead = cat.t("call.contract.passed", names=cat.t("list.and").join(passed), lead=lead)
    if "pass" not in b.moves:
        lead = cat.t("call.contract.must", lead=lead)
    pass_ = "pass" in b.moves and b.button(
        "pass", [h("b", None, cat.t("call.pass")), h("small", None, cat.t("call.contract.pass"))], "call-alt call-pass",
        cat.t("call.contract.pass_aria"))
    return cat.t("call.contract.title"), [
        h("p", {"class": "call-lead"}, lead), h("div", {"class": "call-groups"}, groups),
        *([h("div", {"class": "call-more"}, pass_)] if pass_ else [])]


SCREENS: dict[str, Callable[[ViewModel, Catalog, MoveButtons], tuple[str, list[Node]]]] = {
    "call_trump": trump_screen, "auction": auction_screen, "choose_contract": contract_screen}


def call_screen(vm: ViewModel, cat: Catalog, values: dict[str, str], best: str | None) -> list[Node] | None:
    """The call screen for my decision now (title ``h2#call-title`` and body), or ``None`` when I have no
    call to make (another's turn, or a card to play)."""
    moves = vm["moves"] if vm["my_turn"] else []
    draw = SCREENS.get(vm["phase"]) if moves else None
    if draw is None:
        return None
    title, body = draw(vm, cat, MoveButtons(cat, moves, values, best))
    return [h("h2", {"class": "call-title", "id": "call-title"}, title), *body]


def move_row(vm: ViewModel, cat: Catalog, values: dict[str, str], best: str | None) -> list[Node]:
    """My non-card moves as a plain row of buttons, for a decision no call screen is designed for."""
    moves = vm["moves"] if vm["my_turn"] else []
    return [h("button", {"type": "button", "class": "btn btn--call is-hint" if m["token"] == best else "btn btn--call",
                         "data-move": m["token"], "data-hint": "best" if m["token"] == best else None},
              cat.move(m), m["token"] in values and [" ", h("small", {"class": "ev"}, values[m["token"]])])
            for m in moves]
