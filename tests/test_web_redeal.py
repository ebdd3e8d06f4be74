"""A deal dealt again on a mental table's page (web/king/render/redeal.py), read from a simulated table
(tests/mental_sim.py) in CPython: while the deal in play is shuffled again nobody is shown to move and the status
line says the deal is annulled, and why — not "Waiting for Player 1 to start the game…" —; once it is dealt again,
every page's note says so and whose page it was (a new user's friend saw her cards replaced with no word)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest
from mental_sim import Faults, MentalSim
from web_catalog import compiled

from kingcore.online.deal.memory import Memory
from kingcore.web import Catalog

sys.path.insert(0, str(Path(__file__).parent.parent / "web"))
from king.render.redeal import (
    annulled_words,
    begun,
    cause,
    host_reload,
    redeal_key,
    redeal_status,
    redeal_view,
    redealing,
    redealt_notes,
    redealt_words,
    stale_notes,
)
from king.render.status import status
from king.render.wait import (
    awaited_words,
    doing,
    due_deal,
    line_words,
    read_words,
    reload_words,
    shuffle_words,
    wait_words,
)
from king.toasts import Toasts
from king.words import fill_names, name


def who(cat: Catalog, seat: int, vm: dict[str, Any]) -> str:
    """The seat's name as the page shows it (its mark filled in)."""
    return fill_names(name(cat, seat, vm), vm.get("names"))


def catalog(lang: str) -> Catalog:
    return Catalog.from_mo(compiled(lang), strict=True)


def lost_mid_deal(deals: int, stand_in: float) -> tuple[MentalSim, int, int]:
    """``deals`` deals played, three cards of the next down, then the first friend's page lost: the table, the
    deal annulled and the friend's seat."""
    t = MentalSim(21, players=4, friends=2, faults=Faults(stand_in=stand_in, away=(1.0, 1.0)))
    if deals:
        t.run(deals=deals)
    t.run(until=lambda: t.page.deal is not None and len(t.page.deal.plays) >= 3 and t.page.round is not None
          and t.page.round.state == "deal")
    assert t.page.deal is not None
    deal, seat = t.page.deal.number, min(t.friends)
    t.lose(seat)
    t.settle()
    return t, deal, seat


@pytest.mark.parametrize("lang", ["ru", "en", "uk"])
def test_the_first_deal_shuffled_again_says_so_and_why_with_no_one_to_move(lang: str) -> None:
    cat = catalog(lang)
    t, deal, seat = lost_mid_deal(0, 0.0)
    raw = t.table.view_model(t.table.session.viewer)
    assert t.page.round is not None and t.page.round.state == "annulled"
    assert raw["phase"] == "deal"  # (the table before deal 1: its status line waited for the host to start)
    assert redealing(t.page, raw) == deal == 1
    said = redeal_status(cat, raw, t.page)
    why = cat.t("net.mental.try_left", name=who(cat, seat, raw))
    assert said == cat.t("net.mental.annulled_why", deal=deal, why=why), said
    assert status(raw, cat, True, None) != said  # (what the page said before)
    assert redeal_view(raw, t.page)["to_move"] is None
    other = next(f.mg for f in t.friends.values() if f.seat != seat)
    assert other is not None
    seen = other.view_model()
    assert seen is not None and redeal_status(cat, seen, other.page) == said  # every page here says the same
    t.rejoin(seat)
    t.run(until=lambda: t.page.round is not None and t.page.round.key[:2] == (deal, 1)
          and t.page.round.state == "deal" and not t.table.standin.behind)
    dealt = t.table.view_model(t.table.session.viewer)
    assert redealing(t.page, dealt) is None and redeal_status(cat, dealt, t.page) is None  # dealt: play goes on


@pytest.mark.parametrize("stand_in", [0.0, 1.0])
def test_a_deal_dealt_again_says_whose_page_it_was_on_every_page(stand_in: float) -> None:
    cat = catalog("ru")
    t, deal, seat = lost_mid_deal(1, stand_in)
    host_vm = t.table.view_model(t.table.session.viewer)
    assert annulled_words(cat, deal, ("left", seat, None), host_vm) == (
        f"Раздача {deal} отменена и будет сдана заново: {who(cat, seat, host_vm)} — страница перезагружена "
        "или отключена.")
    if not stand_in:
        t.rejoin(seat)
    t.run(until=lambda: t.page.round is not None and t.page.round.key[:2] == (deal, 1)
          and t.page.round.state == "deal")
    assert cause(t.page, deal) == ("left", seat, f"P{seat}")
    assert redealt_words(cat, deal, ("left", seat, None), host_vm) == (
        f"Раздача {deal} отменена и сдана заново: {who(cat, seat, host_vm)} — страница перезагружена или "
        "отключена. У вас новые карты.")
    other = next(f.mg for f in t.friends.values() if f.seat != seat)
    assert other is not None and cause(other.page, deal) == ("left", seat, f"P{seat}")
    if not stand_in:  # the friend's own page, back: "this page"
        back = t.friends[seat].all[-1]
        assert cause(back.page, deal) == ("reloaded", None, None)
        assert redealt_words(cat, deal, ("reloaded", None, None), host_vm) == (
            f"Раздача {deal} отменена и сдана заново: эта страница перезагружена или отключена. У вас новые карты.")
    assert cause(t.page, deal + 1) is None  # a deal dealt once: nothing said
    assert cause(other.page, deal, host_reloaded=deal) == ("left", seat, f"P{seat}")  # (the last try's reason, not an
    # earlier one)
    assert redealt_words(cat, deal, ("host", None, None), host_vm).startswith(
        f"Раздача {deal} отменена и сдана заново: страница хозяина стола перезагружена или отключена.")


def test_a_deal_dealt_again_keeps_its_dealer_while_it_is_shuffled_again() -> None:
    t, deal, seat = lost_mid_deal(2, 0.0)
    shuffled = t.table.view_model(t.table.session.viewer)
    other = next(f.mg for f in t.friends.values() if f.seat != seat)
    assert other is not None
    seen = other.view_model()
    assert t.page.round is not None and t.page.round.state == "annulled" and seen is not None
    assert shuffled["sheet"]["rows"][-1]["deal"] == deal - 1  # (the table before the deal: the last one's over)
    t.rejoin(seat)
    t.run(until=lambda: t.page.round is not None and t.page.round.key[:2] == (deal, 1)
          and t.page.round.state == "deal" and not t.table.standin.behind)
    dealt = t.table.view_model(t.table.session.viewer)
    assert dealt["deal"] == deal and dealt["phase"] != "deal_over"
    assert shuffled["dealer"] == seen["dealer"] == dealt["dealer"] != shuffled["sheet"]["rows"][-1]["dealer"]


def test_a_deal_not_begun_dealt_again_says_no_new_cards_and_leaves_no_note() -> None:
    """A friend's page lost while the table waited for the host's person to leave a result: the next deal's try
    was a shuffle's — its annulment said in the result panel —, so once dealt again no note says "Your cards are
    new" to a person still reading it, and the deal's notes go; to one who left it (its cards drawn), or of a deal
    under way, it says so."""
    cat = catalog("ru")
    t = MentalSim(21, players=4, friends=2, faults=Faults(stand_in=0.0, away=(1.0, 1.0)))
    t.lingering = {0}
    t.run(deals=1)
    t.run(until=lambda: t.page.round is not None and t.page.round.key[:2] == (2, 0) and t.page.round.state == "deal")
    seat = min(t.friends)
    t.lose(seat)
    t.settle()
    t.rejoin(seat)
    t.run(until=lambda: t.page.round is not None and t.page.round.key[:2] == (2, 1) and t.page.round.state == "deal")
    vm = t.table.view_model(t.table.session.viewer)
    assert cause(t.page, 2) == ("left", seat, f"P{seat}")
    assert redealt_notes(cat, 2, t.page, vm, shown=False) == {"reload:2": None, "redeal:2": None}
    assert str(redealt_notes(cat, 2, t.page, vm)["redeal:2"]).endswith("У вас новые карты.")
    t2, deal, seat2 = lost_mid_deal(1, 0.0)
    t2.rejoin(seat2)
    t2.run(until=lambda: t2.page.round is not None and t2.page.round.key[:2] == (deal, 1)
           and t2.page.round.state == "deal")
    vm2 = t2.table.view_model(t2.table.session.viewer)
    notes = redealt_notes(cat, deal, t2.page, vm2, shown=False)
    assert notes[f"reload:{deal}"] is None and str(notes[f"redeal:{deal}"]).endswith("У вас новые карты.")


@pytest.mark.parametrize("reading", [True, False])
def test_the_host_reloaded_at_a_result_says_the_next_deal_was_still_being_shuffled(reading: bool) -> None:
    cat = catalog("ru")
    t = MentalSim(3, players=4, friends=2, faults=Faults(stand_in=0.0))
    t.lingering = {0} if reading else set()
    t.run(deals=1)
    if reading:  # (the table waits for the host's person: the next deal's try begun, no card or call made)
        t.run(until=lambda: t.page.round is not None and t.page.round.deal == 2 and t.page.round.state == "deal",
              settle=False)
    else:
        t.run(until=lambda: t.page.deal is not None and t.page.deal.number == 2 and len(t.page.deal.plays) >= 3)
    t.reload_host(reading=True)
    deal, words = host_reload(cat, t.table)
    assert deal == 2
    assert words == cat.t("net.mental.reloaded_dealing" if reading else "net.mental.reloaded", deal=2)


@pytest.mark.parametrize("how", ["lost", "away", "reading"])
def test_a_seat_given_to_someone_else_names_its_former_person_in_the_annulment_on_every_page(how: str) -> None:
    """The host gives an away friend's seat to someone else (*Give the seat to someone else*): the seat's name is
    cleared in that very step — the table shows "Player 2" until someone takes it —, but every page's words of the
    deal annulled name the person whose page it was ("…P1 — страница…", never «Игрок 2»), and a friend's
    page keeps that name across a reload: the connection lost before (the deal annulled then), the friend connected
    but away past the turn limit (annulled by the freeing), or lost while the table waited for the host to leave a
    result (its panel's note «Тасовка раздачи 2 отменена: P1 — страница не на связи…»)."""
    cat = catalog("ru")
    if how == "lost":
        t, deal, seat = lost_mid_deal(1, 0.0)
    elif how == "away":
        t = MentalSim(21, players=4, friends=2, turn_limit=30)
        t.run(deals=1)
        seat = min(t.friends)
        t.asleep.add(seat)
        t.run(until=lambda: seat in t.lobby.idle, settle=False)
        assert t.page.deal is not None
        deal = t.page.deal.number
    else:
        t = MentalSim(21, players=4, friends=2, faults=Faults(stand_in=0.0, away=(1000.0, 1000.0)))
        t.lingering = {0}
        t.run(deals=1)
        t.run(until=lambda: t.page.round is not None and t.page.round.key[:2] == (2, 0)
              and t.page.round.state == "deal")
        deal, seat = 2, min(t.friends)
        t.lose(seat)
        t.settle()
    t.send_to(t.table.free(seat))
    t.friends[seat].back, t.friends[seat].mg = None, None  # (no one takes it yet)
    t.settle()
    former, cleared = f"P{seat}", cat.t("hotseat.player", n=seat + 1)
    others = [f.mg for f in t.friends.values() if f.seat != seat and f.mg is not None]
    assert others and t.table.session.settings["names"][seat] == ""
    for side, page in [(t.table, t.page), *((mg, mg.page) for mg in others)]:
        vm = side.view_model(t.table.session.viewer) if side is t.table else side.view_model()
        assert vm is not None and who(cat, seat, vm) == cleared  # (the seat itself: no one's yet)
        assert cause(page, deal) == ("left", seat, former)
        said = [redeal_status(cat, vm, page), annulled_words(cat, deal, cause(page, deal), vm)]
        if how == "reading" and side is t.table:  # (its person still reads deal 1's result)
            shown: Any = {**vm, "deal": deal - 1, "phase": "deal_over"}  # (the result its page keeps up for it)
            w = wait_words(cat, shown, side, False, True)
            said.append(fill_names(w[1], vm["names"]) if w else None)
        said = [s for s in said if s]
        assert said and all(former in s and cleared not in s for s in said), said
    kept = Memory.from_text(others[0].memory.to_text(), others[0].memory.table).rounds
    assert kept.annulled_name == others[0].memory.rounds.annulled_name != {}  # (across a reload too)


def test_while_a_deal_is_dealt_again_the_status_line_does_not_repeat_the_tables_note() -> None:
    """A friend left deal 1's result and the next deal's try is annulled (another friend's page lost): their page
    shows the result panel's note alone over the felt («Тасовка раздачи 2 отменена: …»), and the status line said
    the very same words under it. The note carries them; the status line says only whom else the table waits for
    (the host, still reading the result), or once no one reads what the table does, in its own words."""
    cat = catalog("ru")
    t = MentalSim(21, players=4, friends=2, faults=Faults(stand_in=0.0, away=(1000.0, 1000.0)))
    t.lingering = {0}
    t.run(deals=1)
    t.run(until=lambda: t.page.round is not None and t.page.round.key[:2] == (2, 0) and t.page.round.state == "deal")
    lost, stays = min(t.friends), max(t.friends)
    if t.friends[stays].mg.person_left < 1:  # type: ignore[union-attr]
        t.friend_continue(t.friends[stays])
    t.lose(lost)
    t.settle()
    mg = t.friends[stays].mg
    assert mg is not None and mg.person_left == 1  # (it left deal 1's result: its page shows the note alone)
    vm = mg.view_model()
    assert vm is not None
    shown: Any = {**vm, "deal": 1, "phase": "deal_over"}  # (the result its page shows again, its note over it)

    def note_and_line() -> tuple[str, str]:
        said = wait_words(cat, shown, mg, True, False)
        assert said is not None and said[0] == "annulled"
        note = fill_names(said[1], vm["names"])
        return note, line_words(cat, shown, mg.readers(), note, doing(said[0], mg.page, 2))

    note, line = note_and_line()
    assert note.startswith("Тасовка раздачи 2 отменена: P") and "Ждём, пока P" in note, note
    assert line == fill_names(read_words(cat, shown, [0]), vm["names"]) and line not in note, (line, note)
    t.lingering = set()
    t.host_continue()
    t.settle()
    assert not mg.readers()
    note, line = note_and_line()
    assert note.startswith("Тасовка раздачи 2 отменена") and line == "Карты будут сданы заново…", (line, note)  # said
    # once, on the table; the status line says what the table does in its own words — never empty


def says(cat: Catalog, side: Any, host_reloaded: int = 0) -> str:
    """What the page of ``side`` (a ``MentalTable`` or ``MentalGuest``) says of the deal being dealt again where its
    person looks: the status line over the table (:func:`redeal_status`), or its result panel's note while it shows
    the last deal's result (:func:`king.render.wait.wait_words`, as ``king.netwait.redeal_bar`` draws it)."""
    vm = side.view_model(side.session.viewer) if hasattr(side, "session") else side.view_model()
    if vm is None:
        return ""
    if vm["phase"] == "deal_over":
        said = wait_words(cat, vm, side, True, False)
        return "" if said is None else said[1]
    return redeal_status(cat, vm, side.page, host_reloaded, awaited=side.awaited()) or ""


def form(words: str, deal: int) -> str | None:
    """Whether ``words`` call deal ``deal``'s annulment a deal's (``deal``) or its shuffle's try (``try``); ``None``:
    words of something else (whom the table waits for)."""
    if words.startswith((f"Раздача {deal} отменена", f"Раздачу {deal} отменена")):
        return "deal"
    if words.startswith(f"Тасовка раздачи {deal} отменена"):
        return "try"
    return None


@pytest.mark.parametrize("when", ["mid_deal", "at_result", "host_mid_deal"])
def test_every_page_calls_one_annulment_alike_by_whether_a_card_or_call_was_made(when: str) -> None:
    """A new user's table called one annulment «Тасовка раздачи 3 отменена» on the page reloaded with 8 cards
    played and «Раздача 3 отменена» on the others (and the reverse of a deal not begun): every page — the one
    reloaded, the host's, the other friend's, the host's page reloaded itself — decides by one public fact, whether
    a call or a card was made in the try annulled (``Rounds.begun_last``), kept across a reload."""
    cat = catalog("ru")
    t = MentalSim(21, players=4, friends=2, faults=Faults(stand_in=0.0, away=(1.0, 1.0)))
    t.reload = True
    if when == "at_result":
        t.lingering = {0}  # (the host's person reads deal 1's result: deal 2 is dealt, no card played)
    t.run(deals=1)
    if when == "at_result":
        t.run(until=lambda: t.page.round is not None and t.page.round.key[:2] == (2, 0)
              and t.page.round.state == "deal", settle=False)
    else:
        t.run(until=lambda: t.page.deal is not None and t.page.deal.number == 2 and len(t.page.deal.plays) >= 8
              and t.page.round is not None and t.page.round.state == "deal")
    expected = "try" if when == "at_result" else "deal"
    seat = min(t.friends)
    if when == "host_mid_deal":
        t.reload_host()
        deal, words = host_reload(cat, t.table)
        assert deal == 2 and words == cat.t("net.mental.reloaded", deal=2)  # ("during deal 2": it was under way)
    else:
        t.lose(seat)
        t.settle()
        t.rejoin(seat)
    seen: set[str | None] = set()

    def sides() -> list[tuple[Any, int]]:
        return [(t.table, 0)] + [(f.mg, f.mg.guest.host_reloaded) for f in t.friends.values() if f.mg is not None]

    def dealt_again() -> bool:  # (what every page says at every step until then)
        seen.update(form(says(cat, side, host), 2) for side, host in sides())
        return (t.page.round is not None and t.page.round.key[:2] == (2, 1) and t.page.round.state == "deal"
                and not t.table.standin.behind)

    t.run(until=dealt_again, settle=False)
    assert seen - {None} == {expected}, seen
    notes = [redealt_notes(cat, 2, side.page, side.view_model(side.session.viewer) if hasattr(side, "session")
                           else side.view_model(), host)["redeal:2"] for side, host in sides()]
    assert {form(str(n), 2) for n in notes if n} == {expected}, notes


def test_a_later_annulment_is_said_by_its_own_reason_not_by_the_hosts_earlier_reload() -> None:
    """The host's page reloaded in deal 2 (dealt again), then a friend's page left in that deal and it was dealt
    once more: the other friend's note said «Роздачу 2 скасовано й роздано знову: сторінку господаря столу
    перезавантажено…» — a reason no longer true. Every note and status line says the newest try's reason."""
    cat = catalog("ru")
    t = MentalSim(21, players=4, friends=2, faults=Faults(stand_in=0.0, away=(1.0, 1.0)))
    t.run(deals=1)
    t.run(until=lambda: t.page.deal is not None and t.page.deal.number == 2 and len(t.page.deal.plays) >= 3)
    t.reload_host()
    t.run(until=lambda: t.page.deal is not None and t.page.deal.number == 2 and len(t.page.deal.plays) >= 3
          and t.page.round is not None and t.page.round.attempt >= 1)
    seat, other = sorted(t.friends)
    mg = t.friends[other].mg
    assert mg is not None and mg.guest.host_reloaded == 2
    vm = mg.view_model()
    assert vm is not None
    assert cause(mg.page, 2, mg.guest.host_reloaded) == ("host", None, None)  # (the host's reload: said so first)
    t.lose(seat)
    t.settle()
    t.rejoin(seat)
    t.run(until=lambda: t.page.round is not None and t.page.round.deal == 2 and t.page.round.attempt >= 2
          and t.page.round.state == "deal")
    assert mg is t.friends[other].mg
    assert cause(mg.page, 2, mg.guest.host_reloaded) == ("left", seat, f"P{seat}")
    note = str(redealt_notes(cat, 2, mg.page, vm, mg.guest.host_reloaded)["redeal:2"])
    assert f"{who(cat, seat, vm)} — страница" in note and "хозяина" not in note, note


def test_a_friends_page_back_first_after_the_hosts_reload_mid_deal_names_no_friend_it_waits_for() -> None:
    """The host's page reloaded mid-deal; one friend's page is back on the reloaded page first, the other's still
    reconnecting. A new user's friend read «Чекаємо на сторінку гравця Петя: перепідключається…» for seconds — as
    if the deal waited for Petya, whose page had not been reloaded at all: the try it plays on from its memory is
    over (the host's page lost its keys), so it names no one and says the deal is dealt again, the host's page's
    reload the reason, as a deal under way — over the table before the deal (that try's tricks gone)."""
    cat = catalog("ru")
    t = MentalSim(21, players=4, friends=2, faults=Faults(stand_in=0.0, away=(1.0, 1.0)))
    t.run(deals=1)
    t.run(until=lambda: t.page.deal is not None and t.page.deal.number == 2 and len(t.page.deal.plays) >= 5)
    slow, first = sorted(t.friends)
    lost = t.friends[slow]
    t.reload_host()
    t.net.close(lost.conn)  # (its page is still reconnecting: the reloaded host's page counts it *reconnecting*)
    lost.mg = None
    mg = t.friends[first].mg
    assert mg is not None

    def back_with_its_round() -> bool:
        return mg.page is not None and mg.page.round is not None and mg.page.round.key[:2] == (2, 0)

    t.run(until=back_with_its_round, settle=False)
    assert mg.guest.presence[slow] == "reconnecting" and mg.guest.host_reloaded == 2
    assert mg.unloading() == []
    vm = mg.view_model()
    assert vm is not None
    said = says(cat, mg, mg.guest.host_reloaded)  # (the try over: the table before deal 2, its note over the felt)
    assert said == cat.t("net.mental.wait_deal", deal=2, why=cat.t("net.mental.try_host")), said
    assert redeal_view(vm, mg.page)["to_move"] is None and not vm["trick"] and not vm["tricks_done"]


@pytest.mark.parametrize("lang", ["ru", "uk", "en"])
def test_a_newcomer_dealt_in_is_told_in_their_own_words_that_the_deal_is_dealt_again_with_them(lang: str) -> None:
    """A seat given away while the next deal is shuffled, and Ваня seated before anything of it was played: the
    host's page annuls the try (``seated``) and deals it again with Ваня's page. Ваня's page was in no try
    annulled (what the device's earlier person saw of the deal is not Ваня's to be told), yet once dealt its
    lasting note says, in its words, «Вы сели за стол: раздача 4 сдаётся заново с вами.» (a new user dealt in saw
    her cards with no word, where the host's page said «…за стол садится Ваня.»); the other friend's page
    keeps its own words of the annulment."""
    cat = catalog(lang)
    t = MentalSim(21, players=4, friends=2, faults=Faults(stand_in=0.0, away=(1000.0, 1000.0)))
    seat = min(t.friends)
    friend = t.friends[seat]
    t.run(deals=3)
    t.lingering = {0}
    t.run(until=lambda: t.table.held())
    deal = t.table.audited + 1
    t.give_seat(seat, "Ваня")
    t.rejoin(seat)
    t.settle()
    mg = friend.mg
    assert mg is not None and mg.sits_out() is None  # (the test's own premise: dealt in)
    t.run(until=lambda: mg.page is not None and mg.page.round is not None and mg.page.round.deal == deal
          and mg.page.round.state == "deal")
    r = mg.page.round
    assert r is not None and r.attempt >= 1  # (its try is not the deal's first)
    vm = mg.view_model()
    assert vm is not None
    mine = redealt_notes(cat, deal, mg.page, vm, seated=mg.memory.taken_at)[f"redeal:{deal}"]
    assert mine == cat.t("net.mental.dealt_in", deal=deal) and str(deal) in mine
    other = next(f.mg for f in t.friends.values() if f.seat != seat and f.mg is not None)
    assert other.page is not None
    said = redealt_notes(cat, deal, other.page, other.view_model(), shown=False, seated=other.memory.taken_at)
    assert said[f"redeal:{deal}"] != mine  # (a page of the annulled try: its own words, or none)


def petya_gone_in_deal_2(friends: int) -> tuple[MentalSim, int]:
    """A simulated table of four (``friends`` of them friends online, the rest bots; seed 21) three tricks into deal
    2, the first friend's tab (Petya's, his seat returned) just closed and the table settled."""
    t = MentalSim(21, players=4, friends=friends, faults=Faults(stand_in=0.0, away=(1000.0, 1000.0)))
    t.run(deals=1)
    t.run(until=lambda: t.page.deal is not None and t.page.deal.number == 2 and len(t.page.deal.plays) >= 12
          and t.page.round is not None and t.page.round.state == "deal")
    petya = min(t.friends)
    t.close_tab(petya)
    t.settle()
    return t, petya


@pytest.mark.parametrize("lang", ["ru", "uk", "en"])
def test_a_newcomer_seated_after_the_hosts_reload_is_told_only_that_the_deal_is_dealt_again_with_them(
        lang: str) -> None:
    """Petya's tab closed three tricks into deal 2, the host's page reloaded 2 s later, and the host gave Petya's
    seat away: Ваня, on a device of his own, takes it before anything of the next try is played and is dealt in.
    A tester's Ваня read «Тасовка раздачи 6 отменена… страница хозяина стола перезагружена… У вас новые карты»
    (he never had cards) and, in the deal's result, «прежние попытки отменены: 1) без этой страницы; 2) без этой
    страницы.» Now his note says only that he sat down and the deal is dealt again with him, and the result says
    that the earlier tries were before he sat down — nothing of the host's reload nor of "this page"."""
    cat = catalog(lang)
    t, petya = petya_gone_in_deal_2(friends=2)
    t.clock.now += 2.0
    t.tick()
    t.reload_host()
    t.settle()
    while t.lobby.presence()[petya] != "away":
        t.clock.now += 0.25
        t.tick()
        t.settle()
    t.give_seat(petya, "Ваня")
    t.friends[petya].all = []  # (Ваня's own device: no memory of the table)
    t.rejoin(petya)
    mg = t.friends[petya].mg
    assert mg is not None
    t.run(until=lambda: mg.page is not None and mg.page.round is not None and mg.page.round.deal == 2
          and mg.page.round.state == "deal")
    assert mg.sits_out() is None and mg.guest.host_reloaded == 2  # (the test's premise: dealt in, told of the reload)
    vm = mg.view_model()
    assert vm is not None
    notes = redealt_notes(cat, 2, mg.page, vm, mg.guest.host_reloaded, True, mg.memory.taken_at)
    assert notes == {"reload:2": None, "redeal:2": cat.t("net.mental.dealt_in", deal=2)}, notes
    t.run(until=lambda: 2 in mg.checks.deals)
    check = mg.checks.deals[2]
    shuffled = int(check.shuffled)
    assert check.code == "audited" and shuffled >= 2
    words = shuffle_words(cat, check, mg.memory.rounds, {**vm, "deal": 2}, mg.memory.taken_at)
    assert words == cat.n("net.mental.shuffled_before", shuffled), words
    assert cat.t("net.mental.try_unseen") not in words and cat.t("net.mental.try_host") not in words


def test_a_closed_tab_and_the_hosts_reload_2_s_later_every_page_names_whom_the_table_waits_for() -> None:
    """Petya closed his tab three tricks into deal 2 and the host's page reloaded 2 s later. A tester's friend read
    for 40 s that the deal was dealt again because the host's page had reloaded «…пока раздачу 2 ещё тасовали…»,
    the old tricks still on the table and no page naming Petya, for whom the table waited; Petya read
    *reconnecting* 25–40 s after his goodbye. Now, once the host's page is back, every page — the host's and each
    friend's — shows the table as it is (deal 2's try is over: no trick of it) and says, where its person looks
    (the note over the felt), that the deal is annulled and whom the table waits for — Petya, named —; the reload's
    note says "during deal 2"; Petya is *reconnecting* no longer than :data:`RETURN_S` after his goodbye, then
    *away* on every page and the host's page told (``gone``: its choices for the seat offered at once); the host's
    stand-in for the seat deals deal 2 again and it is played to its end."""
    cat = catalog("ru")
    t, petya = petya_gone_in_deal_2(friends=3)
    goodbye = t.clock.now
    t.clock.now += 2.0
    t.tick()
    t.reload_host()
    greeted: set[int] = set()
    while t.deliver():  # at the host's ``mental``: the reload's note (its page's game so far not here yet)
        for f in t.friends.values():
            mg = f.mg
            if mg is not None and mg.page is not None and id(mg) not in greeted:
                greeted.add(id(mg))
                assert mg.guest.host_reloaded == 2 and begun(mg.page, 2)
                assert reload_words(cat, "host", 2, not begun(mg.page, 2)) == cat.t("net.mental.host_reloaded", deal=2)
    assert len(greeted) == 2
    sides: list[Any] = [t.table, *(f.mg for f in t.friends.values() if f.mg is not None)]
    waiting = f"Раздача 2 отменена: P{petya} — страница не на связи. Ждём, пока P{petya} вернётся…"
    presences: list[str | None] = []
    while True:
        for side in sides:
            vm = side.view_model(0) if side is t.table else side.view_model()
            assert vm is not None and not vm["trick"] and not vm["tricks_done"] and vm["to_move"] is None
            assert fill_names(says(cat, side), vm["names"]) == waiting, (side, says(cat, side))
        presences = [t.lobby.presence()[petya], *(mg.guest.presence[petya] for mg in sides[1:])]
        if set(presences) != {"reconnecting"}:
            break
        assert t.clock.now - goodbye <= 20.0  # (RETURN_S)
        t.clock.now += 0.25
        t.tick()
        t.settle()
    assert set(presences) == {"away"} and t.clock.now - goodbye <= 20.0 + 0.25, t.clock.now - goodbye
    assert ("gone", petya) in t.lobby_events
    t.stand_in(petya)  # (the host's choice: a bot plays until Petya is back — its page, held since its reload, goes on)
    t.run(until=lambda: t.page.round is not None and t.page.round.key[:2] == (2, 1) and t.page.round.state == "deal"
          and not t.table.standin.behind)
    for side in sides:
        assert says(cat, side) == "", (side, says(cat, side))  # (dealt again: nothing more said of it)
    t.run(deals=1)
    assert t.table.audited == 2
    t.finish()


@pytest.mark.parametrize("lang", ["ru", "uk", "en"])
def test_whom_the_table_waits_for_is_said_of_a_try_annulled_or_only_waited_for(lang: str) -> None:
    """The words of :func:`awaited_words`: a deal (or its shuffle's try) annulled, with the page not on connection,
    and whom the table waits for; a deal no try of which was annulled only waited for — never "annulled" of a
    shuffle that never began —; this page's own seat never named; no one: nothing."""
    cat = catalog(lang)
    vm: Any = {"seat": 0, "players": 4, "names": ["Оля", "Петя", "", "Ваня"]}
    petya = who(cat, 1, vm)
    back = cat.t("net.mental.wait_back", name=petya)
    said = fill_names(awaited_words(cat, vm, 3, [0, 1], True), vm["names"])
    assert said == f"{cat.t('net.mental.wait_left', deal=3, name=petya)} {back}" and petya == "Петя"
    assert fill_names(awaited_words(cat, vm, 3, [1], False), vm["names"]).startswith(
        cat.t("net.mental.wait_try_left", deal=3, name=petya))
    assert fill_names(awaited_words(cat, vm, 3, [1], True, annulled=False), vm["names"]) == back
    assert awaited_words(cat, vm, 3, [0], True) == awaited_words(cat, vm, 3, [], True) == ""


@pytest.mark.parametrize("at_result", [False, True])
def test_the_hosts_page_reloaded_names_no_friend_who_had_read_on_as_still_reading(at_result: bool) -> None:
    """The host's page reloaded mid-deal, or (``at_result``) while its own person read a result both friends had
    left: the friends' pages said «Ждём, пока прочтёт итоги: Ваня…» for half a second with no result shown, and
    «…прочтут итоги: Оля, Тарас» though Тарас had pressed «Далі» — the returning host counted every friend as
    reading until their page said otherwise. Its memory keeps who had read on (``Memory.went_on``): at no step
    does any page name a friend who left the result (the host's own person, still reading, is named)."""
    t = MentalSim(1, players=4, friends=2, faults=Faults(stand_in=0.0, away=(1.0, 1.0), latency=(0.05, 0.3)))
    t.lingering = {0} if at_result else set()
    t.run(deals=1)
    if at_result:
        t.run(until=lambda: t.page.round is not None and t.page.round.key[:2] == (2, 0) and t.page.round.state == "deal"
              and all(f.mg is not None and f.mg.person_left >= 1 for f in t.friends.values()))
        assert t.table.readers() == [0]
    else:
        t.run(until=lambda: t.page.deal is not None and t.page.deal.number == 2 and len(t.page.deal.plays) >= 5)
    t.reload_host(reading=at_result)
    named: list[tuple[float, int, list[int]]] = []

    def dealt_again() -> bool:  # (what every page names at every step until then)
        pages = [(-1, t.table.readers())] + [(f.seat, f.mg.readers()) for f in t.friends.values() if f.mg is not None]
        named.extend((t.clock.now, seat, readers) for seat, readers in pages if set(readers) - {0})
        return (t.page.round is not None and t.page.round.key[:2] == (2, 1) and t.page.round.state == "deal"
                and not t.table.standin.behind)

    t.run(until=dealt_again, settle=False)
    assert not named, named
    assert t.table.readers() == ([0] if at_result else [])


def stale_line(cat: Catalog, side: Any, left: int) -> tuple[str, str] | None:
    """The result panel's note and the status line of the page of ``side`` (a ``MentalTable`` or ``MentalGuest``)
    while it shows the note alone over the felt — its person left the last result (``left``), the next deal not open
    on it —, as ``king.netwait.redeal_bar`` draws them; ``None`` when it shows something else."""
    vm = side.view_model(side.session.viewer) if hasattr(side, "session") else side.view_model()
    deal = due_deal(side.page)
    if vm is None or vm["phase"] != "deal_over" or deal != vm["deal"] + 1 or vm["deal"] > left:
        return None
    said = wait_words(cat, vm, side, True, False)
    note = fill_names(said[1], vm["names"]) if said else ""
    return note, line_words(cat, vm, side.readers(), note, doing(said[0] if said else "", side.page, deal))


@pytest.mark.parametrize("whose", ["friend", "host"])
def test_while_a_deal_is_dealt_again_the_status_line_always_says_what_the_table_does(whose: str) -> None:
    """A friend's page (or the host's) reloaded mid-deal: every page shows the last result's note alone over the felt
    («Раздача 2 отменена: … Раздаём её заново…») while the deal is dealt again, and a tester read an empty status line
    under it for 1–5 s. At every step the line says something — whom else the table waits for, or what it does
    («Карты сдаются заново…») —, never the note's words again."""
    cat = catalog("ru")
    t = MentalSim(21, players=4, friends=2, faults=Faults(stand_in=0.0, away=(1.0, 1.0), latency=(0.05, 0.3)))
    t.reload = True
    t.run(deals=1)
    t.run(until=lambda: t.page.deal is not None and t.page.deal.number == 2 and len(t.page.deal.plays) >= 5
          and t.page.round is not None and t.page.round.state == "deal")
    if whose == "host":
        t.reload_host()
    else:
        t.lose(min(t.friends))
        t.settle()
        t.rejoin(min(t.friends))
    lines: list[tuple[str, str]] = []

    def dealt_again() -> bool:
        sides = [(t.table, 1)] + [(f.mg, f.mg.person_left) for f in t.friends.values() if f.mg is not None]
        lines.extend(shown for side, left in sides if (shown := stale_line(cat, side, left)) is not None)
        return (t.page.round is not None and t.page.round.key[:2] == (2, 1) and t.page.round.state == "deal"
                and not t.table.standin.behind)

    t.run(until=dealt_again, settle=False)
    assert lines, "no page showed the note alone"
    assert all(line and line not in note for note, line in lines), lines
    assert {line for _, line in lines} & {"Карты сдаются заново…", "Карты будут сданы заново…"}, lines


def said_notes(toasts: Toasts, page: Any) -> list[str]:
    """The keys of ``toasts``' notes still up once the page took away those no longer true (web/king/netmental.py
    ``forget_stale``, after every text): what the person reads."""
    for key in stale_notes(toasts.keys(), page):
        toasts.forget(key)
    return toasts.keys()


def test_the_host_pages_reload_note_goes_once_the_deal_is_dealt_again_not_when_its_person_moves() -> None:
    """The host's page reloaded mid-deal says «Эта страница была перезагружена… раздача 2 будет сдана заново» in a
    lasting note: it stays while the deal is shuffled again and goes as soon as its new try is dealt on that page —
    a tester read it for over 45 s into the deal dealt again, play going on."""
    cat = catalog("ru")
    t = MentalSim(3, players=4, friends=2, faults=Faults(stand_in=0.0))
    t.run(deals=1)
    t.run(until=lambda: t.page.deal is not None and t.page.deal.number == 2 and len(t.page.deal.plays) >= 3)
    t.reload_host(reading=True)
    deal, words = host_reload(cat, t.table)
    assert deal == 2 and words is not None
    toasts = Toasts()
    toasts.add(words, 0, lasting=True, key=redeal_key(deal, reload=True))
    seen: list[tuple[str, bool]] = []
    for _ in range(5000):
        r = t.page.round
        dealt = r is not None and r.deal == deal and r.state == "deal" and r.dealt_said > 0
        up = said_notes(toasts, t.page) == [f"reload:{deal}"]
        seen.append((r.state if r is not None else "none", up))
        assert up != dealt, seen[-5:]  # (up while it "will be dealt again", gone once it is)
        if t.page.deal is not None and t.page.deal.number == deal and len(t.page.deal.plays) >= 4:
            break
        t.step()
    assert ("deal", False) in seen and any(up for _, up in seen)


def test_a_note_of_a_deal_dealt_again_goes_when_it_is_annulled_again_or_a_later_deal_is_in_play() -> None:
    """«Раздача 2 отменена и сдана заново… У вас новые карты.» (``redeal:2``) is true while that try is in play: it
    goes when the deal is annulled again (a tester read it while deal 7 had been annulled once more), and any note of
    a deal goes once a later deal is in play, though the page still shows an older result (a friend's note of deal 5
    during deal 6)."""
    cat = catalog("ru")
    t, deal, seat = lost_mid_deal(1, 0.0)
    t.rejoin(seat)
    t.run(until=lambda: t.page.round is not None and t.page.round.key[:2] == (deal, 1)
          and t.page.round.state == "deal" and t.page.round.dealt_said > 0)
    other = next(f for f in t.friends.values() if f.seat != seat)
    mg = other.mg
    assert mg is not None and mg.page is not None
    t.settle()
    vm = mg.view_model()
    assert vm is not None
    toasts = Toasts()
    for key, words in redealt_notes(cat, deal, mg.page, vm).items():
        if words is not None:
            toasts.add(words, 0, lasting=True, key=key)
    assert said_notes(toasts, mg.page) == [f"redeal:{deal}"]  # (its new try in play: true)
    t.lose(seat)  # (annulled again)
    t.settle()
    assert mg.page.round is not None and mg.page.round.deal == deal and mg.page.round.state == "annulled"
    assert said_notes(toasts, mg.page) == []
    toasts.add("…", 0, lasting=True, key=f"redeal:{deal}")
    t.rejoin(seat)
    t.run(until=lambda: mg.page is not None and mg.page.round is not None and mg.page.round.deal == deal + 1)
    assert said_notes(toasts, mg.page) == []  # (a later deal in play)
    t.run(deals=1)
    t.finish()
