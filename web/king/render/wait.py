"""The words of a mental table's result panel while the table is busy with something else (docs/NET.md "In the
pages: an option"; drawn by :mod:`king.netwait`): what the page says of the table it waits for, from the page's
``MentalTable`` or ``MentalGuest`` and its view model alone — no page, so that CPython tests read the very words a
panel gets.
"""

from __future__ import annotations

from typing import Any

from kingcore.web import ViewModel

from ..words import Catalog, name

__all__ = ["due_deal", "read_words", "wait_words"]


def due_deal(page: Any) -> int | None:
    """The deal in play on this page's mental table, or the one due next (``page``: its ``MentalPage``)."""
    r = page.round if page is not None else None
    due = page.expected() if page is not None and (r is None or r.state in ("done", "annulled")) else None
    return r.deal if r is not None and due is None else due[0] if due else None


def read_words(cat: Catalog, vm: ViewModel, readers: list[int]) -> str:
    """Whom the table waits for before the next deal is played: the people still reading the last deal's result
    (``readers``: the page's ``MentalTable.readers()`` or ``MentalGuest.readers()``), this page's own person left
    out — "Waiting for these players to read the results: Olga, Petya…" (their :func:`~king.words.name_mark` for names);
    ``""`` when none."""
    others = [s for s in readers if s != vm["seat"]]
    if not others:
        return ""
    who = cat.t("list.sep").join(name(cat, s, vm) for s in others)
    return cat.n("net.mental.wait_read", len(others), names=who)


def wait_words(cat: Catalog, vm: ViewModel, side: Any, stale: bool, waited: bool) -> tuple[str, str] | None:
    """What the result panel of ``vm`` says of the table (``side``: the page's ``MentalTable`` or ``MentalGuest``):
    ``(code, words)``, or ``None``. ``stale``: its person left this result (the page waits for the next deal's
    cards); ``waited``: the next deal's cards are open and the table waits for this page's person, still reading
    it. ``read``: whom else it waits for (:func:`read_words`)."""
    w = side.waiting()
    deal = int(vm["deal"])
    who = cat.t("list.sep").join(name(cat, s, vm) for s in (w[2] if w else []) if s != vm["seat"])  # (not its own)
    if w is not None and w[0] == "audit" and w[1] == deal and deal not in side.checks.deals and w[2]:
        return "audit", cat.t("net.mental.wait_audit", deal=deal, names=who)
    said: tuple[str, str] | None = None
    first = ""
    if w is not None and w[0] in ("annulled", "again") and w[1] == deal + 1:
        last, r = side.page.last_annulled, side.page.round
        back = w[0] == "again" and last is not None and r is not None and last[2] in r.pages  # (in the new try)
        left = "net.mental.wait_left_back" if back else "net.mental.wait_left"  # (said as it is now, not as it was)
        first = cat.t(left, deal=w[1], name=who) if who and last is not None \
            and last[3] == "left" else cat.t("net.mental.wait_annulled", deal=w[1])
        then = cat.t("net.mental.wait_again") if w[0] == "again" else \
            cat.t("net.mental.wait_back", name=who) if who else ""
        said = w[0], f"{first} {then}".strip()
    readers = read_words(cat, vm, side.readers())
    if waited and not stale:  # (the next deal's cards open — its annulled try said too —, the table held for them)
        you = cat.t('net.mental.wait_you', button=cat.t('panel.continue'))
        return "you", " ".join(part for part in (first, you, readers) if part)
    if said is not None:
        return said
    if readers:
        return "read", readers
    if stale:
        return "dealing", cat.t("net.mental.wait_dealing", deal=deal + 1)
    return None
