"""The words of a mental table's result panel while the table is busy with something else (docs/NET.md "In the
pages: an option"; drawn by :mod:`king.netwait`): what the page says of the table it waits for, from the page's
``MentalTable`` or ``MentalGuest`` and its view model alone — no page, so that CPython tests read the very words a
panel gets.
"""

from __future__ import annotations

from typing import Any

from kingcore.web import ViewModel

from ..words import Catalog, as_dealt, fill_names, name

__all__ = ["CHECK_WORDS", "LINE_WORDS", "annulled_words", "awaited_words", "away_banner", "begun", "check_words",
           "doing", "due_deal", "line_words", "named", "page_words", "read_words", "reload_words", "shuffle_words",
           "sitting_words", "try_words", "wait_words"]

TRY_WORDS = {"left": "net.mental.try_left", "stalled": "net.mental.try_stalled", "unseen": "net.mental.try_unseen",
             "seated": "net.mental.try_seated"}
"""Why a deal's earlier try was annulled (``Rounds.why_annulled``) → its words, naming whose page it was
(``{name}``; ``seated``: a person seated before anything of it was played, dealt in on the next try — "за стол садится
Марта"); any other code is a cheat's (``net.mental.try_broken``). A page that left and this page's own
reload or lost connection (``reloaded``) are one cause, said alike; the host's page's reload (``host``) is said
as the host's page; a page not named is "one of the pages" (the code's ``_any`` words)."""


LEFT_WORDS = {(False, True): "net.mental.wait_left", (True, True): "net.mental.wait_left_back",
              (False, False): "net.mental.wait_try_left", (True, False): "net.mental.wait_try_left_back"}
"""The next deal's try annulled because a named page left → its words, by whether that page is back in the new try
and whether the try had begun (a call or a card made: ``Rounds.begun_last``, alike on every page): a deal under way
is "annulled" («Раздача 3 отменена…»), a deal no one had played yet only its shuffle's try («Тасовка раздачи 3
отменена…»)."""


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


LINE_WORDS = {"annulled": "net.mental.line_annulled", "again": "net.mental.line_again",
              "dealing": "net.mental.line_dealing"}
"""What the table does while a page shows the result panel's note alone (:func:`doing`) → the status line's words
when it names no one (:func:`line_words`): «Карты будут сданы заново…», «Карты сдаются заново…», «Карты
сдаются…»."""


def doing(code: str, page: Any, deal: int) -> str:
    """What the table does while the page shows the result panel's note alone over the felt (``code``: the note's,
    :func:`wait_words`; ``page``: the page's ``MentalPage``; ``deal``: the deal due, :func:`due_deal`): ``annulled`` —
    its try annulled, the table waits before dealing it again —, ``again`` — it is dealt again (the note says so, or
    the round of that deal is a later try) —, else ``dealing``: a key of :data:`LINE_WORDS`."""
    if code in ("annulled", "again"):
        return code
    r = page.round if page is not None else None
    return "again" if r is not None and r.deal == deal and r.attempt > 0 else "dealing"


def line_words(cat: Catalog, vm: ViewModel, readers: list[int], note: str, what: str = "dealing") -> str:
    """What the status line says while the page shows the result panel's note alone over the felt (its person left
    that result; the next deal is being dealt, or dealt again after an annulment), ``note`` being the note's words
    as shown (names filled in): never the note's words again — the note, where the person looks, carries them —:
    whom else the table waits for when the note does not say it (the people still reading the result:
    :func:`read_words`), names filled in; else what the table does, in the line's own short words (``what``:
    :func:`doing`, :data:`LINE_WORDS`) — never nothing: a tester read an empty status line for 1–5 s while a deal
    was dealt again."""
    line = fill_names(read_words(cat, vm, readers), vm.get("names"))
    if line and line not in note:
        return line
    return cat.t(LINE_WORDS.get(what, LINE_WORDS["dealing"]))


def page_words(cat: Catalog, vm: ViewModel, seats: list[int]) -> str:
    """Whom the table waits for while a page in the deal in play is reconnecting — unloading: reloaded or closed —,
    whose loss annuls the deal (``seats``: the page's ``MentalTable.unloading()`` or ``MentalGuest.unloading()``),
    this page's own seat left out: "Ждём страницу: Петя — переподключается…" (:func:`~king.words.name_mark` for
    names); ``""`` when none."""
    others = [s for s in seats if s != vm["seat"]]
    if not others:
        return ""
    who = cat.t("list.sep").join(name(cat, s, vm) for s in others)
    return cat.n("net.mental.wait_page", len(others), names=who)


def awaited_words(cat: Catalog, vm: ViewModel, deal: int, seats: list[int], begun: bool,
                  annulled: bool = True) -> str:
    """What a page says while the table waits for the people of ``seats`` (the page's ``MentalTable.awaited()`` or
    ``MentalGuest.awaited()``; this page's own seat left out) before it deals the next try of ``deal``: that deal,
    or its shuffle's try (not ``begun``: no call or card made in it), annulled because their page is not on
    connection, and whom the table waits for — the words of a friend's page that left («Раздача 3 отменена:
    Петя — страница не на связи. Ждём, пока Петя вернётся…»), whoever's reload annulled it first: after the
    host's page's reload a tester's friend read for 40 s that the deal was dealt again for that reload, no one
    named, while the table waited for Petya, whose tab was closed. A deal no try of which was annulled here (not
    ``annulled``: the table waited before it began one) is only waited for («Ждём, пока Петя вернётся…»). ``""``
    when none."""
    who = cat.t("list.sep").join(name(cat, s, vm) for s in seats if s != vm["seat"])
    if not who:
        return ""
    back = cat.t("net.mental.wait_back", name=who)
    return f"{cat.t(LEFT_WORDS[False, begun], deal=deal, name=who)} {back}" if annulled else back


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
        left = LEFT_WORDS[back, bool(side.page.rounds.begun_last(w[1]))]  # (said as it is now, not as it was)
        if who and last is not None:  # (the person whose page it was, as named when it was annulled)
            kept = side.page.rounds.annulled_name.get(last[0], {}).get(last[1])
            who = cat.t("list.sep").join(named(cat, s, vm, kept) for s in w[2] if s != vm["seat"])
        first = cat.t(left, deal=w[1], name=who) if who and last is not None \
            and last[3] == "left" else annulled_words(cat, vm, side.page, w[1])
        then = cat.t("net.mental.wait_again") if w[0] == "again" else \
            cat.t("net.mental.wait_back", name=who) if who else ""
        said = w[0], f"{first} {then}".strip()
    due = due_deal(side.page)
    rounds, ended = side.page.rounds, bool(side.page.rounds.annulled.get(deal + 1))
    awaited = awaited_words(cat, vm, deal + 1, side.awaited(), bool(rounds.begun_last(deal + 1)), ended) \
        if due == deal + 1 and (said is None or not who) else ""
    if awaited:  # (no one named yet — a reload's annulment, or none —: the people the table waits for)
        said, first = ("annulled" if ended else "back", awaited), awaited
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


def annulled_words(cat: Catalog, vm: ViewModel, page: Any, deal: int) -> str:
    """What the result panel of ``vm`` says of the last try of ``deal`` (the next deal) annulled on ``page`` (its
    ``MentalPage``: ``last_annulled``) when no other page that left is named: that try of the deal's shuffle was
    annulled, and why, in the words of the result's list (:func:`try_words`: this page's own reload, the host's
    page, a page that did not answer…) — a deal not yet played is not said annulled ("Deal 3's shuffle was
    annulled: this page was reloaded or disconnected."), one under way is (a call or a card made in that try:
    ``Rounds.begun_last``, "Deal 3 is annulled: …"); "Deal 3 is annulled." when this page knows no reason."""
    last, rounds = page.last_annulled, page.rounds
    why = rounds.annulled.get(deal, {}).get(last[1]) if last is not None and last[0] == deal else None
    if why is None:
        return cat.t("net.mental.wait_annulled", deal=deal)
    seat, kept = rounds.annulled_seat.get(deal, {}).get(last[1]), rounds.annulled_name.get(deal, {}).get(last[1])
    code = "net.mental.wait_deal" if rounds.begun_last(deal) else "net.mental.wait_try"
    return cat.t(code, deal=deal, why=try_words(cat, why, seat, vm, kept))


CHECK_WORDS = {"audited": "net.mental.audited", "renege": "net.mental.check_renege", "before": "net.unchecked",
               "joined": "net.mental.joined", "back": "net.mental.came_back", "without": "net.mental.without",
               "resent": "net.mental.resent"}
"""A deal's check (``kingcore.online.deal.checks.Check.code``) → what its result panel says."""


def check_words(cat: Catalog, check: Any, vm: ViewModel) -> str:
    """What the result panel of ``vm`` says of the deal's ``check`` (``Check``, :data:`CHECK_WORDS`), before
    :func:`shuffle_words`: a deal audited while a stand-in bot played a friend's seat at the host's page (its keys
    there: ``Check.hosted``) says that page saw that seat's cards — a bot's, not a person's —, naming whose seat
    as the result's rows do (:func:`~king.words.name` of :func:`~king.words.as_dealt`: a name mark; a seat given
    away since, or while no one has taken it, by who the deal is recorded for — a tester's rows said «Оля» and the
    note «за место игрока Игрок 4») — «…и ни одно устройство не видело чужих карт игроков; на странице хозяина
    стола играл бот (место: Оксана), и она видела его карты.»."""
    deal, hosted = int(vm["deal"]), list(getattr(check, "hosted", ()))
    if check.code == "audited" and hosted:
        dealt = as_dealt(vm, deal)
        who = cat.t("list.sep").join(name(cat, s, dealt) for s in hosted)
        return cat.n("net.mental.audited_bot", len(hosted), deal=deal, names=who)
    return cat.t(CHECK_WORDS.get(check.code, "net.unchecked"), deal=deal)


def shuffle_words(cat: Catalog, check: Any, rounds: Any, vm: ViewModel, seated: int = 0) -> str:
    """What a deal's result panel (of ``vm``) adds to its audit when the deal was shuffled more than once: how
    often, and why each earlier try was annulled as this page saw it, and whose page it was (the seat's
    :func:`~king.words.name` — a name mark in a game with names) — every shuffle the audit counts is said
    ("Shuffled 3 times; the earlier tries were annulled: 1) Petya's page was reloaded or disconnected; 2) not
    seen by this page."); ``""`` otherwise. A newcomer's page (``seated``: ``Memory.taken_at``, the deal over or
    in play when its person took the seat — this deal or the one before) was at the table for none of the tries
    it did not see before its first: they are said as before its person sat down — all of them, "Shuffled 3 times;
    the earlier tries were before you sat down at the table.", or the first ones as one ("1–2) before you sat
    down…") — not "not seen by this page" (a tester's newcomer read it twice, of tries he was never at)."""
    n, deal = int(check.shuffled), int(vm["deal"])
    if n < 2 or rounds is None:
        return ""
    whys = rounds.why_annulled(deal, n)
    said = [try_words(cat, why, seat, vm, kept) for why, seat, kept in zip(
        whys, rounds.who_annulled(deal, n), rounds.names_annulled(deal, n), strict=True)]
    newcomer = bool(seated) and seated >= deal - 1
    before = next((i for i, why in enumerate(whys) if why != "unseen"), len(whys)) if newcomer else 0
    if before == len(said):
        return cat.n("net.mental.shuffled_before", n)
    items = [f"{i}) {w}" for i, w in enumerate(said, 1)][before:]
    if before:
        items.insert(0, f"{'1' if before == 1 else f'1–{before}'}) {cat.t('net.mental.try_before')}")
    return cat.n("net.mental.shuffled", n, tries="; ".join(items))


def named(cat: Catalog, seat: int, vm: ViewModel, kept: str | None) -> str:
    """The person at ``seat`` in what is said of an annulled try: as the table names the seat now
    (:func:`~king.words.name`: a name mark), unless the name they had when it was annulled (``kept``:
    ``Rounds.annulled_name``) is no longer the seat's — a seat given to someone else since is named by its former
    person, not "Player 3" nor the newcomer —: then that name, as plain text (the words go to ``textContent``
    only).

    >>> from kingcore.web import Catalog
    >>> from king.words import name_mark
    >>> cat, vm = Catalog(), {"players": 4, "names": ["Оля", "", "Петя", None]}
    >>> named(cat, 1, vm, "Петя"), named(cat, 2, vm, "Петя") == name_mark(2), named(cat, 1, 4, None)
    ('Петя', True, 'position.west')
    """
    names = None if isinstance(vm, int) else vm.get("names")
    now = names[seat] if names is not None and seat < len(names) else None
    return kept if kept and kept != now else name(cat, seat, vm)


def try_words(cat: Catalog, why: str, seat: int | None, vm: ViewModel, kept: str | None = None) -> str:
    """Why one earlier try of a deal was annulled (``why``: ``Rounds.why_annulled``'s code; ``seat``: the seat
    of the page it named, ``Rounds.who_annulled``; ``kept``: its person's name then, ``Rounds.annulled_name``), in
    the words of :data:`TRY_WORDS`: this page's own page when it was this page's reload or lost connection, the
    host's page when it was the host's page's reload."""
    if why == "reloaded" or (why == "left" and seat == vm["seat"]):
        return cat.t("net.mental.try_reloaded")
    if why == "host":
        return cat.t("net.mental.try_host")
    code = TRY_WORDS.get(why, "net.mental.try_broken")
    if why == "unseen":
        return cat.t(code)
    return cat.t(code, name=named(cat, seat, vm, kept)) if seat is not None else cat.t(code + "_any")


RELOAD_WORDS = {("host", False): "net.mental.host_reloaded", ("page", False): "net.mental.reloaded",
                ("host", True): "net.mental.host_reloaded_dealing", ("page", True): "net.mental.reloaded_dealing"}
"""Whose reload cut a deal off (``host``: the host's page's; ``page``: this page's own, or its lost connection)
and whether it was still being shuffled and dealt, no card or call made yet → the words (:func:`reload_words`)."""


def begun(vm: ViewModel | None, deal: int) -> bool:
    """Whether the page, showing ``vm``, had seen deal ``deal`` under way — a card or a call made in it — rather
    than the last deal's result, or that deal's cards while the table waited for its readers.

    >>> begun(None, 3), begun({"deal": 2, "phase": "deal_over"}, 3)
    (False, False)
    >>> begun({"deal": 3, "phase": "play", "trick": [], "tricks_done": 0, "calls": []}, 3)
    False
    >>> begun({"deal": 3, "phase": "play", "trick": [[1, "7S"]], "tricks_done": 0, "calls": []}, 3)
    True
    """
    if vm is None or int(vm["deal"]) < deal:
        return False
    return int(vm["deal"]) > deal or bool(vm.get("trick")) or bool(vm.get("tricks_done")) or bool(vm.get("calls"))


def reload_words(cat: Catalog, by: str, deal: int, dealing: bool, went_on: bool = False) -> str | None:
    """What a page says of deal ``deal`` cut off by a reload (``by``: :data:`RELOAD_WORDS`' whose): "during deal
    3" only when it was under way; "while deal 3 was being shuffled and dealt" when ``dealing`` — its person (or
    the host) still read the last deal's result, no card or call made yet. ``None`` when the deal went on
    without this page (``went_on``: its stand-in plays the seat): the seat's banner says that already
    (``net.sits_out_back``), and one line is said once."""
    return None if went_on and by == "page" else cat.t(RELOAD_WORDS[by, dealing], deal=deal)


def away_banner(cat: Catalog, mine: str | None, side: Any) -> tuple[str, int | None]:
    """The banner's words for a friend's page whose seat its person does not play (``mine``: the seat's presence,
    ``away``, ``bot``, or ``sitting`` — back, or seated, while a bot finishes the deal —; ``side``: the page's
    ``MentalGuest`` at a mental table, else ``None``), and the deal the seat sits out (``None``: away — a bot plays
    until they are back, or the table waits: *I'm back*). Sitting a deal out, seated during it
    (``MentalGuest.sits_out``): the deal began before they sat down when they took the seat anew during it — on any
    connection of the page (``MentalGuest.seated_during``) — (``net.sits_out``), else it went on without them
    (``net.sits_out_back``)."""
    bot = mine in ("bot", "sitting")
    deal = side.sits_out() if side is not None and bot else None
    if deal is None:
        return cat.t("net.away_bot" if bot else "net.away_wait"), None
    return cat.t("net.sits_out" if side.seated_during(deal) else "net.sits_out_back", deal=deal), deal


def sitting_words(cat: Catalog, seat: int, deal: int, vm: ViewModel) -> str:
    """What the host's page says when the friend at ``seat`` is at the table again (or newly) while a stand-in
    plays their seat to the end of deal ``deal``: the bot plays on, and they play from the next deal (names
    filled in)."""
    who = name(cat, seat, vm)
    return fill_names(cat.t("net.mental.sits_out_host", name=who, deal=deal), vm.get("names"))
