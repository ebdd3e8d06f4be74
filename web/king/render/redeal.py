"""What a mental table's page says when the deal in play is dealt again — its try annulled (a page reloaded or
lost, a page that did not answer in time, a rule broken) — and why (docs/PLAYING.md "No device sees another's
cards"): while it is shuffled and dealt again the status line says so and no seat is shown to move
(:func:`redealing`, :func:`redeal_view`); the annulment and, once dealt, the new cards are said in a lasting note
of the toast, naming whose page it was (:func:`annulled_words`, :func:`redealt_words`). From the page's
``MentalPage`` and its view model alone — no page —, so that CPython tests read the very words a page gets.
"""

from __future__ import annotations

from typing import Any

from kingcore.web import ViewModel

from ..words import Catalog, fill_names
from .wait import awaited_words, due_deal, reload_words, try_words

__all__ = ["Why", "annulled_words", "begun", "cause", "cut_off", "host_reload", "redeal_key", "redeal_status",
           "redeal_view", "redealing", "redealt_notes", "redealt_words", "stale_notes", "toasted", "why_words"]

OVER = ("deal_over", "rubber_over")

Why = tuple[str, int | None, str | None]
"""Why a try was annulled, as :func:`cause` says it: the code, the seat of the page it named and that seat's
person's name then (``Rounds.annulled_name``; ``None``: not known)."""


def redeal_key(deal: int, reload: bool = False) -> str:
    """The toast's key of what is said of deal ``deal`` dealt again: its annulment's note, then its new cards' in
    its place; (``reload``) a page's reload that cut it off, said apart."""
    return f"{'reload' if reload else 'redeal'}:{deal}"


def cause(page: Any, deal: int, host_reloaded: int = 0) -> Why | None:
    """Why this page's last try of ``deal`` was annulled and whose page it named: ``(code, seat, name)`` — the code
    of ``Rounds.why_annulled`` (``"host"``: the host's page was reloaded, ``host_reloaded`` being that deal, as a
    friend's page hears it), the seat of ``Rounds.who_annulled`` (``None``: this page, or no page named) and its
    person's name then (``Rounds.annulled_name``) — or ``None`` when this page saw no try of it annulled (``page``:
    its ``MentalPage``). Always the last try's: a later try annulled for another reason (a friend's page that left
    after the host's page was reloaded) is said by that reason, never by the earlier one (a new user's note still
    blamed the host's reload)."""
    tries = page.rounds.annulled.get(deal, {}) if page is not None else {}
    last = max(tries) if tries else None
    why = str(tries[last]) if last is not None else None
    if host_reloaded and host_reloaded == deal and why in (None, "reloaded", "host"):
        return "host", None, None  # (this page's connection was cut by the host's page's reload)
    if last is None or why is None:
        return None
    return why, page.rounds.annulled_seat.get(deal, {}).get(last), page.rounds.annulled_name.get(deal, {}).get(last)


def why_words(cat: Catalog, why: Why, vm: ViewModel) -> str:
    """``why`` (:func:`cause`) in words: whose page (a name mark filled in by :func:`annulled_words`, or the name
    kept of the annulment)."""
    return cat.t("net.mental.try_host") if why[0] == "host" else try_words(cat, why[0], why[1], vm, why[2])


def begun(page: Any, deal: int) -> bool:
    """Whether a call or a card was made in the last try of ``deal`` this page saw annulled (``page``: its
    ``MentalPage``; ``Rounds.begun_last``): a deal under way, said "Deal 3 is annulled", else only its shuffle's
    try, "Deal 3's shuffle was annulled" — one public fact, the same on every page of the round, so that every page
    calls one annulment alike. The round in play when it is that try — annulled, or cut off by the host's page's
    reload (:func:`cut_off`) — is that try; so is the try a friend's page kept (``Rounds.held``) before it plays it
    again, its host's game so far on its way — at the host's ``mental`` a tester's friend read «…пока раздачу 7
    ещё тасовали…» of a deal three tricks into it."""
    if page is None:
        return False
    r, held = page.round, page.rounds.held
    if r is not None and r.deal == deal and r.draw < 0 and (r.state == "annulled" or cut_off(page)):
        return (deal, r.attempt) in page.rounds.begun
    if r is None and held is not None and held.key[0] == deal and held.key[2] < 0:  # (the try it kept, not played
        return (deal, held.key[1]) in page.rounds.begun  # again yet: its host's game so far on its way)
    return bool(page.rounds.begun_last(deal))


def cut_off(page: Any) -> bool:
    """Whether the round in play on a friend's page is a try the host's page's reload cut off (``host_lost``, its
    ``mental`` said so): played on from its memory until the host's page annuls it, but over — its keys went with
    the host's page —, so the page says it is dealt again and shows no one to move (``MentalPage.cut_off``, a deal's
    round: not the draw for dealer's)."""
    r = page.round if page is not None else None
    return r is not None and r.draw < 0 and bool(page.cut_off())


def annulled_words(cat: Catalog, deal: int, why: Why | None, vm: ViewModel | None,
                   under_way: bool = True) -> str:
    """"Deal 3 is annulled and will be dealt again: Masha's page was reloaded or disconnected." (names filled in;
    with no cause known, the plain words); a deal no one had played yet (not ``under_way``: :func:`begun`), "Deal
    3's shuffle was annulled and it will be dealt again: …"."""
    if why is None or vm is None:
        return cat.t("net.mental.annulled", deal=deal)
    code = "net.mental.annulled_why" if under_way else "net.mental.annulled_try_why"
    return fill_names(cat.t(code, deal=deal, why=why_words(cat, why, vm)), vm.get("names"))


def redealt_words(cat: Catalog, deal: int, why: Why, vm: ViewModel, under_way: bool = True) -> str:
    """"Deal 3 was annulled and dealt again: Masha's page was reloaded or disconnected. Your cards are new."
    (names filled in); a deal no one had played yet (not ``under_way``), "Deal 3's shuffle was annulled…"."""
    code = "net.mental.redealt" if under_way else "net.mental.redealt_try"
    return fill_names(cat.t(code, deal=deal, why=why_words(cat, why, vm)), vm.get("names"))


def host_reload(cat: Catalog, table: Any) -> tuple[int, str | None]:
    """What the host's page, reloaded, says of the deal its reload cut off (``table``: its ``MentalTable``,
    restored): ``(deal, words)`` — "This page was reloaded or disconnected while deal 5 was still being shuffled
    and dealt…" when its person had not left the last deal's result (the table waited for them: no card or call of
    the deal made — :func:`king.render.wait.reload_words`), "during deal 5" otherwise; ``(0, None)`` when the
    reload cut no deal off."""
    if not table.reloaded:
        return 0, None
    deal = int(table.audited) + 1
    return deal, reload_words(cat, "page", deal, not begun(table.page, deal))


def toasted(kind: str, deal: int, detail: object) -> bool:
    """Whether an event (``Event.kind``, ``deal``, ``detail``) is said in the toast: not a deal's annulment with
    its why — the page says that on its table, where the person looks (the status line while the deal is dealt
    again, and the note over the felt; the result panel while a result is shown): said once, not thrice. Once it
    is dealt again, the toast says what the table does not: that the cards are new (:func:`redealt_notes`).

    >>> toasted("annulled", 3, "left"), toasted("annulled", 3, None), toasted("cheat", 3, None)
    (False, True, True)
    """
    return not (kind == "annulled" and deal > 0 and isinstance(detail, str))


def redealt_notes(cat: Catalog, deal: int, page: Any, vm: ViewModel, host_reloaded: int = 0,
                  shown: bool = True, seated: int = 0) -> dict[str, str | None]:
    """What the toast's lasting notes of ``deal`` become once this page has it dealt again (a later try's
    ``dealt``), by key (:func:`redeal_key`; ``None``: the note goes): the note of the reload that cut it off goes —
    "will be dealt again" is no longer true —, and the annulment's note becomes "Deal 3 was annulled and dealt
    again: … Your cards are new." (:func:`redealt_words`) only if its person may have seen the annulled try's
    cards — they had left the last deal's result (``shown``), or a call or card was made in it
    (:func:`begun`) —, its words by that fact (:func:`redealt_words`); else it goes too: a deal whose person still
    read the last result (the host's page reloaded there) was said as its shuffle's try annulled in the result
    panel, where they look, and no card they were shown is new. ``page``: the page's ``MentalPage``;
    ``host_reloaded``: the deal a friend's page heard the host's page was reloaded in. A newcomer dealt in
    (``seated``: the deal over or in play when this page's person took the seat anew, ``Memory.taken_at``; the deal
    before ``deal``, whose try here is not its first) is told in their own words, "You sat down at the table: deal 5
    is being dealt again with you.": a try annulled for them was not theirs to see (docs/NET.md "The mental
    table"), nor the host's page's reload before they sat down (a tester's newcomer read that the host's page had
    been reloaded and that his cards were new) — unless this page was in a try of it annulled for another reason,
    said as any page says it."""
    notes: dict[str, str | None] = {redeal_key(deal, reload=True): None, redeal_key(deal): None}
    r = page.round if page is not None else None
    why = cause(page, deal, host_reloaded)
    mine = page.rounds.annulled.get(deal) if page is not None else None  # (the tries of it this page saw annulled)
    if seated and seated == deal - 1 and r is not None and r.deal == deal and r.draw < 0 and r.attempt > 0 \
            and (why is None or why[0] in ("seated", "reloaded") or not mine):  # (else a try it saw end: said so)
        notes[redeal_key(deal)] = cat.t("net.mental.dealt_in", deal=deal)
        return notes
    under_way = begun(page, deal)
    if why is not None and (shown or under_way):
        notes[redeal_key(deal)] = redealt_words(cat, deal, why, vm, under_way)
    return notes


def stale_notes(keys: list[str], page: Any) -> list[str]:
    """The keys among ``keys`` (the toast's, ``king.toasts.Toasts.keys``) of the lasting notes of a deal dealt again
    (:func:`redeal_key`) that are no longer true on this page (``page``: its ``MentalPage``), for the page to take
    away at once rather than when its person next moves: any note of a deal over or of a deal before the one in
    play (the deal in play or due next on the page's table, :func:`king.render.wait.due_deal`, is a later one); a
    page's reload's, "deal 5 will be dealt again", once a later try of that deal is dealt on this page (its round
    in play, its cards open — not a try the host's page's reload cut off, :func:`cut_off`); the new cards', "Deal 7
    was annulled and dealt again… Your cards are new.", once that deal's try in play is no longer the one dealt —
    annulled again, or its next try being shuffled. Testers read a host's reload note for 45 s into the deal dealt
    again, a friend's note of deal 5 during deal 6 and «Раздача 7 отменена и сдана заново…» while it had been
    annulled again. Keys of another kind are never listed.

    >>> from types import SimpleNamespace as O
    >>> r = O(deal=5, draw=-1, state="deal", dealt_said=13)  # (deal 5 dealt again)
    >>> page = O(round=r, expected=lambda: (5, 2, -1), cut_off=lambda: False)
    >>> stale_notes(["reload:5", "redeal:5", "redeal:4", "unreachable"], page)
    ['reload:5', 'redeal:4']
    >>> r.state = "annulled"; stale_notes(["reload:5", "redeal:5"], page)
    ['redeal:5']
    """
    if page is None:
        return []
    r, due = page.round, due_deal(page)
    out = []
    for key in keys:
        kind, _, part = key.partition(":")
        if kind not in ("reload", "redeal") or not part.isdigit():
            continue
        deal = int(part)
        if due is not None and due > deal:  # (that deal over, or a later one in play)
            out.append(key)
            continue
        if r is None or r.draw >= 0 or r.deal != deal:
            continue
        dealt = r.state == "deal" and not cut_off(page)
        if (kind == "reload" and dealt and r.dealt_said > 0) or (kind == "redeal" and not dealt):
            out.append(key)
    return out


def redealing(page: Any, vm: ViewModel | None, behind: bool = False) -> int | None:
    """The deal in play, drawn by ``vm`` (or about to be: ``vm`` between deals, before it), when its try was
    annulled on this page (``page``: its ``MentalPage``) and it is not dealt again yet — waiting for its next try,
    being shuffled on it, or (``behind``: the page's stand-in waits for cards being opened) its cards not all open
    yet —; else ``None``. Not while the page shows the last deal's result (its panel says what the table waits
    for: ``king.netwait``)."""
    r = page.round if page is not None else None
    if vm is None or r is None or r.draw >= 0 or r.deal < 1 or vm["phase"] in OVER:
        return None
    if int(vm["deal"]) + (1 if vm["phase"] == "deal" else 0) != r.deal:
        return None
    again = r.attempt > 0 and (r.state == "shuffle" or (r.state == "deal" and behind))
    return r.deal if r.state == "annulled" or again or cut_off(page) else None


def redeal_view(vm: ViewModel, page: Any, behind: bool = False) -> ViewModel:
    """``vm`` while its deal is dealt again (:func:`redealing`): no seat shown to move, no card playable, no call
    offered — the table is shuffling, nobody's turn —; any other ``vm`` as it is."""
    if redealing(page, vm, behind) is None:
        return vm
    hand = [{**c, "legal": False, "reason": "not_your_turn", "args": {}} for c in vm["hand"]]
    return {**vm, "to_move": None, "my_turn": False, "moves": [], "hand": hand}  # type: ignore[typeddict-item]


def redeal_status(cat: Catalog, vm: ViewModel | None, page: Any, host_reloaded: int = 0,
                  behind: bool = False, awaited: list[int] | None = None) -> str | None:
    """The status line while the deal in play is dealt again (:func:`redealing`): its annulment and why
    (:func:`annulled_words`) — or, when that names no one (a reload's annulment — the host's page's or this
    page's own —, or none known) and the table waits for people not here before it deals it again (``awaited``:
    the page's ``MentalTable.awaited()`` or ``MentalGuest.awaited()``), whom it waits for
    (:func:`king.render.wait.awaited_words`), not a reload that is over; else ``None``."""
    deal = redealing(page, vm, behind)
    if deal is None or vm is None:
        return None
    why = cause(page, deal, host_reloaded)
    if awaited and (why is None or why[0] in ("host", "reloaded")):
        words = awaited_words(cat, vm, deal, awaited, begun(page, deal))
        if words:
            return fill_names(words, vm.get("names"))
    return annulled_words(cat, deal, why, vm, begun(page, deal))
