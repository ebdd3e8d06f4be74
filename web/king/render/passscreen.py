"""The "pass the device" screen (hot seat, issue 13): between two people's turns it covers the whole table
and names the person to take the device, with one button, "I am Olga — show my cards". Drawn from a covered
view model (``kingcore.web.cover``: no hand in it), so no card of anyone's hand is in the document."""

from __future__ import annotations

from kingcore.web import ViewModel

from ..dom import Node, h
from ..words import Catalog, name


def pass_screen(vm: ViewModel, cat: Catalog) -> list[Node] | None:
    """The screen's title (``h2#pass-title``), what to do, and the button ``#pass-show``; ``None`` when the
    table is not covered (``vm["pass_to"]`` is ``None``)."""
    seat = vm.get("pass_to")
    if seat is None:
        return None
    who = name(cat, seat, vm)
    what = cat.t("hotseat.call" if vm["phase"] in ("call_trump", "auction", "choose_contract") else "hotseat.card")
    return [h("p", {"class": "pass-icon", "aria-hidden": "true"}, "⇄"),
            h("h2", {"class": "pass-title", "id": "pass-title"}, cat.t("hotseat.title", name=who)),
            h("p", {"class": "pass-lead"}, cat.t("hotseat.lead", name=who, what=what)),
            *first_dealer(vm, cat),
            h("button", {"type": "button", "class": "btn btn--accent pass-show", "id": "pass-show",
                         "data-seat": seat}, cat.t("hotseat.show", name=who))]


def first_dealer(vm: ViewModel, cat: Catalog) -> list[Node]:
    """At a rubber's start (its first trick), who deals first and the card they drew
    (``p.pass-dealer``, RULES.md §3): the new-game toast says it too, but everyone at the device should
    see it on the screen they pass round (issue 20, fix 6); ``[]`` later in the rubber."""
    fd = vm["first_dealer"]
    if not fd or vm["deal"] != 1 or vm["tricks_done"]:
        return []
    code = "toast.rubber_other_drew" if fd["card"] else "toast.rubber_other"
    return [h("p", {"class": "pass-dealer"},
              cat.t(code, name=name(cat, fd["seat"], vm), card=cat.card(fd["card"]) if fd["card"] else ""))]
