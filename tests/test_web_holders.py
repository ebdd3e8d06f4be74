"""A seat the host gives to someone else mid-rubber (*Give the seat to someone else*, docs/NET.md "A seat given to
someone else"): the score sheet's column is the seat's — its score carries on, as a substitute's at a club table —,
but each past deal keeps the name it was played under, and a row says where the seat changed hands. Read from
simulated tables in CPython (tests/mental_sim.py, tests/online_sim.py) on every page — the host's and each
friend's —, after the host's page and the friends' pages reload too: a tester saw «сдаёт: Ваня» for a deal Петя
dealt, and Петя's name gone from the sheet."""

from __future__ import annotations

import random
import re
import sys
from pathlib import Path
from typing import Any

import pytest
from mental_sim import Faults, MentalSim
from online_sim import Table
from web_catalog import compiled

from kingcore.errors import NotationError
from kingcore.notation import dumps, former_tag, loads, record_former, record_players
from kingcore.online import Host, Lobby
from kingcore.web import Catalog, Session, check_settings
from kingcore.web.holders import check_former, deal_holder, freed, taken
from kingcore.web.replay import Replay

sys.path.insert(0, str(Path(__file__).parent.parent / "web"))
from king.dom import h
from king.render.history import history_panel
from king.render.panels import result_panel
from king.render.sheet import sheet
from king.render.wait import check_words
from king.words import as_dealt, fill_names, name, page_names

CAT = Catalog.from_mo(compiled("ru"))


def drawn(vm: Any) -> dict[str, Any]:
    """The score sheet as the page shows ``vm``'s, names filled in: the seats' headers, each deal's dealer label,
    and the rows where a seat changed hands (``(seat, from deal, words, the deal of the row after it)``)."""
    table = h("table", None, sheet(vm, CAT))
    names = page_names(vm)
    heads = {int(str(th.attr("data-seat"))): fill_names(th.text(), names) for th in table.select(tag="th")
             if th.attr("data-seat") is not None}
    rows = table.select(tag="tr")
    dealers: dict[int, str] = {}
    changes = []
    for i, tr in enumerate(rows):
        if tr.attr("data-deal") is not None:
            label = next(s for s in tr.select(tag="small") if s.text().startswith("сдаёт: "))
            dealers[int(str(tr.attr("data-deal")))] = fill_names(label.text(), names).removeprefix("сдаёт: ")
        elif "seat-change" in str(tr.attr("class")):
            after = next((r.attr("data-deal") for r in rows[i + 1:] if r.attr("data-deal") is not None), None)
            changes.append((int(str(tr.attr("data-seat"))), tr.attr("data-from"), fill_names(tr.text(), names),
                            None if after is None else int(str(after))))
    return {"heads": heads, "dealers": dealers, "changes": changes}


def check_sheet(vm: Any, seat: int, first: int) -> None:
    """``vm``'s sheet names ``seat`` «P<seat>» in every deal before ``first`` and «Ваня» from it on, says where it
    changed hands, and heads its column «Ваня»."""
    got = drawn(vm)
    rows = vm["sheet"]["rows"]
    theirs = {r["deal"]: r["dealer"] for r in rows if r["dealer"] == seat}
    assert any(d < first for d in theirs) and any(d >= first for d in theirs), theirs  # (the test's own premise)
    for deal in theirs:
        assert got["dealers"][deal] == (f"P{seat}" if deal < first else "Ваня"), (deal, got["dealers"])
    assert got["heads"][seat] == "Ваня"
    assert got["changes"] == [(seat, first, f"Место отдано: P{seat} → Ваня с раздачи {first}", first)]
    others = {r["deal"]: r["dealer"] for r in rows if r["dealer"] not in (seat, 0) and vm["names"][r["dealer"]]}
    for deal, dealer in others.items():  # (the other friends' deals: as the table names them now)
        assert got["dealers"][deal] == vm["names"][dealer]


def check_history(session: Session, vm: Any, seat: int, first: int) -> None:
    """The trick history of each deal ``session`` played (a sheet row's button opens it) names ``seat`` by who
    played that deal: its dealer's line, and every trick ``seat`` led or took."""
    names = page_names(vm)
    taken = 0
    for r in vm["sheet"]["rows"]:
        who = f"P{seat}" if r["deal"] < first else "Ваня"
        panel = h("div", None, history_panel(CAT, session.history(r["deal"]), False, session.seating()))
        sub = fill_names(panel.select(cls="history-sub")[0].text(), names)
        assert (f"сдаёт: {who}" in sub) == (r["dealer"] == seat), (r["deal"], sub)
        for tr in panel.select(tag="tr"):
            if str(tr.attr("data-winner")) == str(seat):
                assert fill_names(tr.select(tag="td")[3].text(), names) == who, (r["deal"], who)
                taken += r["deal"] < first
    assert taken  # (the test's own premise: the seat took a trick before it changed hands)


def mid_deal(t: MentalSim, cards: int = 3) -> int:
    t.run(until=lambda: t.page.deal is not None and len(t.page.deal.plays) >= cards
          and t.page.round is not None and t.page.round.state == "deal")
    assert t.page.deal is not None
    return t.page.deal.number


def test_a_seat_given_away_at_a_mental_table_keeps_each_past_deals_name_on_every_page_after_a_reload_too() -> None:
    """Deal 3 under way, the host gives P<seat>'s seat to Ваня, who sits deal 3 out and plays from deal 4: on the
    host's page and every friend's, the deals before 4 say «сдаёт: P<seat>» where that seat dealt, the later ones
    «сдаёт: Ваня», a row before deal 4 says «Место отдано: P<seat> → Ваня с раздачи 4», and the column is headed
    «Ваня» — its Σ carried on. The same after the host's page reloads and every friend's page with it (their
    memory read back from storage): the names come in the host's save and its welcome, not from the lobby."""
    t = MentalSim(21, players=4, friends=2, faults=Faults(stand_in=0.0, away=(1000.0, 1000.0)))
    t.run(deals=2)
    deal = mid_deal(t)
    seat = min(t.friends)
    friend = t.friends[seat]
    t.give_seat(seat, "Ваня")
    t.settle()
    friend.back = t.clock.now
    t.run(until=lambda: friend.mg is not None and friend.mg.page is not None)
    t.run(until=lambda: len(t.page.game.deals) >= deal + 4 and t.page.game.phase.value == "deal_over")

    def pages() -> list[Any]:
        out = [t.table.view_model(t.table.session.viewer)]
        out += [f.mg.view_model() for f in t.friends.values() if f.mg is not None]
        assert len(out) == 3 and all(vm is not None for vm in out)
        return out

    for vm in pages():
        check_sheet(vm, seat, deal + 1)
    check_history(t.table.session, pages()[0], seat, deal + 1)
    t.reload = True
    t.reload_host()
    t.settle()
    for vm in pages():
        check_sheet(vm, seat, deal + 1)


def given_away_at_a_host_dealt_table() -> tuple[Table, int, int]:
    """A table whose host's page deals: three deals played, P<seat>'s page closed and the seat given to Ваня, who
    plays from deal 4 to deal 7's end: the table, the seat and Ваня's first deal."""
    t = Table(5, players=4, friends=2)
    t.run(deals=3)
    seat = min(t.pages)
    page = t.pages[seat]
    t.lose(seat, stand_in=False)  # (P<seat>'s page closed; the host gives the seat away)
    t.send_to(t.lobby.free(seat))
    page.ticket, page.name = None, "Ваня"
    t.rejoin(seat)
    t.settle()
    t.run(until=lambda: len(t.game.deals) >= 7 and t.game.phase.value == "deal_over")
    t.settle()
    first = t.session.settings["former"][0]["to"]
    assert first == 4  # (seated between deals: its first deal is the next)
    return t, seat, first


def test_a_seat_given_away_at_a_table_the_host_deals_names_each_deal_on_every_page_and_after_a_reload() -> None:
    """The same at a table whose host's page deals (no mental poker): the friends' pages draw the host's view
    models, which carry the earlier holders; the host's save keeps them."""
    t, seat, first = given_away_at_a_host_dealt_table()
    vms = [t.session.view_model(0), *(t.guest(s).vm for s in t.pages)]
    for vm in vms:
        check_sheet(vm, seat, first)
    again = Session.from_save(t.session.to_save())
    check_sheet(again.view_model(0), seat, first)
    check_history(again, again.view_model(0), seat, first)
    reopened, problem = Lobby.reopen(Host(again, clock=t.clock), t.lobby.saved(), t.clock, random.Random(1).randbytes)
    assert problem is None and reopened.host.session.settings["former"] == t.session.settings["former"]


def test_who_played_each_deal_is_kept_as_the_seat_changes_hands() -> None:
    """A holder who played no deal is not kept; one who takes the seat back under the same name changes nothing;
    a seat no one has taken since keeps its deals its former holder's; a bad entry is refused, said."""
    former: list[Any] = []
    freed(former, 2, "Петя")
    assert deal_holder(former, 2, 9) == 0  # (no one yet: every deal is Петя's)
    taken(former, 2, "Петя", 5)
    assert former == []  # (back under the same name: nothing changed hands)
    freed(former, 2, "Петя")
    taken(former, 2, "Ваня", 4)
    freed(former, 2, "Ваня")
    taken(former, 2, "Оля", 4)  # (Ваня played no deal)
    freed(former, 1, "")  # (a seat no one held: nothing to keep)
    assert former == [{"seat": 2, "name": "Петя", "to": 4}]
    assert [deal_holder(former, 2, d) for d in (3, 4)] == [0, None] and deal_holder(former, 1, 1) is None
    assert check_settings({"levels": ["human", "online", "online"], "former": former}, 3)["former"] == former
    for bad in ([{"seat": 3, "name": "Петя", "to": 4}], [{"seat": 1, "name": "", "to": None}],
                [{"seat": 1, "name": "Петя", "to": 0}], [{"seat": 1, "name": "Петя"}], "Петя"):
        with pytest.raises(Exception, match="former"):
            check_former(bad, 3)


def test_someone_dealt_into_a_deal_nothing_of_which_was_played_holds_the_seat_from_that_deal() -> None:
    """A seat given away while the next deal is shuffled (the host reading the last result, no card or call made),
    and Ваня seated before anything of it is played: the table deals that deal again with Ваня's page
    (``deals_in``), so the seat changes hands at that deal, not the next — every page's sheet says so."""
    t = MentalSim(21, players=4, friends=2, faults=Faults(stand_in=0.0, away=(1000.0, 1000.0)))
    seat = min(t.friends)
    friend = t.friends[seat]
    t.run(deals=3)  # (the seat dealt before the deal it changes hands at, and deals after it)
    t.lingering = {0}
    t.run(until=lambda: t.table.held())
    deal = t.table.audited + 1
    t.give_seat(seat, "Ваня")
    t.rejoin(seat)
    t.settle()
    mg = friend.mg
    assert mg is not None and mg.sits_out() is None  # (the test's own premise: dealt in)
    t.lingering = set()
    t.run(until=lambda: len(t.page.game.deals) >= deal + 4 and t.page.game.phase.value == "deal_over")
    assert t.table.session.settings["former"] == [{"seat": seat, "name": f"P{seat}", "to": deal}]
    vms = [t.table.view_model(t.table.session.viewer), *(f.mg.view_model() for f in t.friends.values() if f.mg)]
    assert len(vms) == 3
    for vm in vms:
        check_sheet(vm, seat, deal)


def result_names(vm: Any) -> dict[int, str]:
    """The result panel of ``vm``'s deal just over as the page shows it, names filled in: each seat's row's name
    and the name under each card of the trick that ended it (``{seat: name}``, asserted alike in both)."""
    panel = h("div", None, result_panel(vm, CAT, None)[1])
    names = page_names(vm)
    rows = {int(str(tr.attr("data-seat"))): fill_names(tr.select(tag="th")[0].text(), names)
            for tr in panel.select(tag="tr") if tr.attr("data-seat") is not None}
    trick = panel.select(cls="final-trick")
    for small in trick[0].select(tag="small") if trick else []:
        assert fill_names(small.text(), names) in rows.values(), (small.text(), rows)
    return rows


def test_the_result_of_a_deal_a_stand_in_played_for_the_seats_former_holder_names_them_on_every_page() -> None:
    """Deal 3 under way, the host gives P<seat>'s seat to Ваня, who sits deal 3 out (its stand-in plays it for
    P<seat>): the result panel of deal 3 names the seat P<seat> — who played it — on the host's page and every
    friend's, Ваня's own too; deal 4's names Ваня. A tester saw Марта named for the deal Остап's stand-in played."""
    t = MentalSim(21, players=4, friends=2, faults=Faults(stand_in=0.0, away=(1000.0, 1000.0)))
    t.run(deals=2)
    deal = mid_deal(t)
    seat = min(t.friends)
    friend = t.friends[seat]
    t.give_seat(seat, "Ваня")
    t.settle()
    friend.back = t.clock.now
    seen: dict[tuple[int, int], Any] = {}  # (deal, page: -1 the host's) → its view model when it drew the result

    def over(number: int) -> bool:
        vms = [(-1, t.table.view_model(t.table.session.viewer))]
        vms += [(f.seat, f.mg.view_model()) for f in t.friends.values() if f.mg is not None]
        for page, vm in vms:
            if vm is not None and vm["result"] is not None and vm["result"]["deal"] == number:
                seen.setdefault((number, page), vm)
        return sum(1 for d, _ in seen if d == number) == 3

    for number, who in ((deal, f"P{seat}"), (deal + 1, "Ваня")):
        t.run(until=lambda n=number: over(n), settle=False)
        for (d, page), vm in seen.items():
            assert d != number or result_names(vm)[seat] == who, (number, page, result_names(vm))


def test_the_game_record_says_who_played_a_seat_before_it_changed_hands_and_the_replay_names_each_deal_so() -> None:
    """The record the host's page offers (*Download the game record*) of a game where P<seat>'s seat went to Ваня
    from deal 4: its ``[Players]`` tag names the seat's holder now, Ваня, and its ``[Former]`` tag P<seat> up to
    deal 4 — read back alike (write → read), so the replay viewer names the seat P<seat> on deals 1–3 and Ваня
    from 4. A record without the tag reads as before; a bad one is refused, with its line."""
    t, seat, first = given_away_at_a_host_dealt_table()
    record = t.session.download()
    assert record_players(record) is not None and record_players(record)[seat] == ("human", "Ваня")
    assert record_former(record, 4) == [(seat, f"P{seat}", first)]
    assert dumps(loads(record), players=record_players(record), seat=0,
                 former=record_former(record, 4) or ()) == record
    replay = Replay.from_text(record)
    for deal in replay.deals:
        frame = replay.frame(deal.first)
        assert frame["names"] is not None and frame["names"][seat] == (f"P{seat}" if deal.number < first else "Ваня")
    assert seat in {replay.frame(d.first)["dealer"] for d in replay.deals if d.number < first}  # (said of a deal)
    old = "\n".join(line for line in record.splitlines() if not line.startswith("[Former ")) + "\n"
    assert record_former(old, 4) is None and len(loads(old).deals) == len(loads(record).deals)
    assert all(Replay.from_text(old).frame(d.first)["names"][seat] == "Ваня" for d in replay.deals)
    for bad in (f'[Former "{seat}:0:P1"]', '[Former "7:4:P1"]', '[Former "1:4:"]', '[Former "1:x:P1"]'):
        broken = record.replace(f'[Former "{former_tag([(seat, f"P{seat}", first)])}"]', bad)
        assert broken != record
        with pytest.raises(NotationError, match="Former") as e:
            loads(broken)
        assert e.value.line == broken.splitlines().index(bad) + 1


@pytest.mark.parametrize("lang", ["ru", "uk", "en"])
def test_the_audit_note_of_a_deal_a_bot_played_on_a_seat_given_away_names_it_as_the_results_rows_do(lang: str) -> None:
    """P<seat>'s page lost in deal 2 and the seat given away, no one taking it: a stand-in bot plays it at the host's
    page. A tester's result of such a deal named the seat «Оля» in its rows but «Игрок 4» in its audit note — «за
    место игрока Игрок 4 играл бот». The note names it as the rows do — who the deal is recorded for, P<seat> —,
    on the host's page and a friend's, with no gendered noun before the name and the bot said once."""
    cat = Catalog.from_mo(compiled(lang), strict=True)
    t = MentalSim(21, players=4, friends=2, faults=Faults(stand_in=0.0, away=(1000.0, 1000.0)))
    t.run(deals=1)
    t.run(until=lambda: t.page.deal is not None and t.page.deal.number == 2 and len(t.page.deal.plays) >= 4)
    seat, other = max(t.friends), min(t.friends)
    t.lose(seat)
    t.settle()
    t.send_to(t.table.free(seat))
    t.friends[seat].mg, t.friends[seat].back = None, None  # (no one takes it)
    mg = t.friends[other].mg
    t.run(until=lambda: 3 in t.table.checks.deals and mg is not None and 3 in mg.checks.deals)
    assert mg is not None
    cleared = cat.t("hotseat.player", n=seat + 1)
    for vm, checks in ((t.table.view_model(t.table.session.viewer), t.table.checks), (mg.view_model(), mg.checks)):
        assert vm is not None
        for deal in (2, 3):
            check = checks.deals[deal]
            assert check.code == "audited" and list(check.hosted) == [seat]  # (the premise: a bot there played it)
            shown = {**vm, "deal": deal}
            row = fill_names(name(cat, seat, as_dealt(shown, deal)), page_names(vm))  # (the rows': panels.py)
            note = fill_names(check_words(cat, check, shown), page_names(vm))
            assert row == f"P{seat}" and f"P{seat}" in note and cleared not in note, (row, note)
            assert "игрока" not in note and "гравця" not in note and len(re.findall("(?i)bot|бот", note)) == 1, note
