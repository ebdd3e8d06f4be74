"""The cards on the table: the trick in progress, or between tricks the one just finished (its winner
marked and named); and the "Last trick" inset beside a trick in progress."""

from __future__ import annotations

from kingcore.web import SeatCard, ViewModel

from ..dom import Node, h
from ..words import Catalog, name, position
from .cards import on_table, who


def shown(vm: ViewModel) -> tuple[list[SeatCard], bool]:
    """The cards to show (``{"seat", "card"}`` from the leader on) and whether they are the finished trick."""
    lt = vm["last_trick"]
    if vm["trick_complete"] and lt is not None:
        return lt["cards"], True
    return vm["trick"], False


def trick_card(vm: ViewModel, cat: Catalog, entry: SeatCard) -> Node:
    """One card on the table, keyed by ``data-card`` and placed by ``data-pos``."""
    return on_table(cat, entry["card"], entry["seat"], vm, position(entry["seat"], vm))


def trick_label(vm: ViewModel, cat: Catalog) -> Node | None:
    """"Trick 3 → West" under a finished trick, else ``None``."""
    lt = vm["last_trick"]
    if not shown(vm)[1] or lt is None:
        return None
    text = cat.t("trick.label", n=lt["number"], name=name(cat, lt["winner"], vm))
    return h("span", {"class": "trick-label", "title": text}, text)


def can_show_last(vm: ViewModel) -> bool:
    """Whether "Last trick" applies: a trick is in progress and one was finished before it."""
    return vm["last_trick"] is not None and bool(vm["trick"])


def has_last(vm: ViewModel | None) -> bool:
    """Whether "Last trick" is offered at all (else not shown, not only off): a deal is in play and one of its
    tricks is finished — not before a table is drawn, nor with no deal under way (a friend's page behind its join
    screen showed it, greyed, over an empty felt).

    >>> has_last(None), has_last({"phase": "deal", "last_trick": None})
    (False, False)
    >>> has_last({"phase": "play", "last_trick": {"number": 1}}), has_last({"phase": "deal", "last_trick": {}})
    (True, False)
    """
    return vm is not None and vm["phase"] == "play" and vm["last_trick"] is not None


def last_inset(vm: ViewModel, cat: Catalog) -> list[Node]:
    """The inset's head and the last trick's cards, each with who played it (the winner marked)."""
    lt, n = vm["last_trick"], vm
    assert lt is not None  # drawn only while can_show_last
    minis = [h("span", {"class": "mini is-winner" if e["seat"] == lt["winner"] else "mini"},
               on_table(cat, e["card"], e["seat"], n), who(cat, e["seat"], n, "small")) for e in lt["cards"]]
    detail = cat.t("last.detail", n=lt["number"], name=name(cat, lt["winner"], n))
    return [h("p", {"class": "last-inset-head"}, cat.t("last.head"), " ",
              h("small", {"title": detail}, detail)),
            h("div", {"class": "last-inset-cards"}, minis)]
