"""The mental table (kingcore.online.mentaltable) over the lobby, simulated (tests/mental_sim.py): deals and whole
rubbers with 1–3 friends and bots, no page knowing another person's unplayed card at any step, every page's views
a real game's, every deal audited on every page, a friend lost and back, cheats caught."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

import mental_sim
import pytest
from mental_sim import DATA_CHANNEL, Faults, Friend, MentalSim

from kingcore.game import Phase
from kingcore.notation import dumps
from kingcore.online import Guest, Host, Lobby, NetError, encode, online_session
from kingcore.online.deal.group import scalar_text
from kingcore.online.deal.memory import Memory
from kingcore.online.lobby import BUSY_LOST_S, LOST_S
from kingcore.online.mentaltable import WAIT_READ, MentalGuest, MentalTable, held_view, host_away_view, seats_of
from kingcore.online.messages import check_view
from kingcore.view import SeatView
from kingcore.web import BOT_LEVELS, ONLINE, Catalog, Session
from kingcore.web.botcalls import hint_json

sys.path.insert(0, str(Path(__file__).parent.parent / "web"))
from king.dom import markup
from king.render.hand import hand, refused
from king.render.status import status
from king.render.table import seat_info
from king.render.wait import (  # (the result panel's words, as the pages draw them)
    page_words,
    read_words,
    try_words,
    wait_words,
)
from king.words import fill_names, name, name_mark
from web_catalog import compiled


def test_a_host_and_a_friend_play_a_whole_rubber_over_a_data_channel() -> None:
    t = MentalSim(1, players=3, friends=1, faults=DATA_CHANNEL)
    t.run()
    t.finish()
    assert t.page.game.phase is Phase.RUBBER_OVER and len(t.page.audits) == 14
    assert t.table.session.game.sheet.rows == t.page.game.sheet.rows  # the host's save: the engine's real game
    assert t.counts["views"] > 14 * 8 and t.counts["texts"] > 14 and t.counts["bot_views"] > 14 * 4, t.counts
    checks = t.table.checks.deals  # what each result panel says of each deal
    assert sorted(checks) == list(range(1, 15)) and {c.code for c in checks.values()} == {"audited"}
    assert checks[14].words.startswith("deal 14 audited: every card was dealt once and played by the rules")
    f = next(iter(t.friends.values()))
    said = f.all[-1].checks.deals  # the friend's page, over its connections (a data channel loses some)
    assert {d for got in f.audited.values() for d in got} == {d for d, c in said.items() if c.checked}
    assert {c.code for c in said.values()} <= {"audited", "back", "without"}  # (without: played on, a stand-in
    # at its seat, while its page was away — never "before": the page was at the table from the first deal)


def test_the_check_of_a_pages_views_goes_on_from_the_real_game_of_its_last_look(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """tests/mental_sim.py checks each view of a page against a game holding the real hands; for a page's next
    look it plays only the moves shown since on the game it made for the last one — the same game, record and
    views as one made afresh from the page's game, the real hands and every move shown."""
    real, went_on = mental_sim.reference, []

    def both(p: Any, standin: Any, truth: dict[int, int], kept: dict[int, Any] | None = None) -> Session:
        before = kept.get(id(p)) if kept is not None else None
        fresh, ref = real(p, standin, truth), real(p, standin, truth, kept)
        went_on.append(before is not None and ref.game is before[1])
        assert dumps(ref.game) == dumps(fresh.game)
        assert all(ref.view_model(seat) == fresh.view_model(seat) for seat in p.mine())
        return ref

    monkeypatch.setattr(mental_sim, "reference", both)
    t = MentalSim(41, players=3, friends=1)
    t.run(deals=1)
    t.finish()
    assert went_on.count(True) > 20 and went_on.count(False) >= 2, went_on


@pytest.mark.parametrize(("seed", "players", "friends", "options", "warmup", "prefer"), [
    (2, 2, 1, {"replay": "auction", "eralash": False, "deal_by": 2}, 6, ""),
    (3, 3, 2, {"deck": "kitty", "order": "chosen"}, 0, ""),
    (4, 3, 1, {"deck": "kitty", "deal_order": "king,tricks,boys,girls,hearts,last_two"}, 0, ""),
    (5, 4, 3, {"replay": "trumps", "eralash": False, "deal_by": 2}, 6, "trump:last-card"),
    (6, 4, 2, {"replay": "auction", "eralash": False}, 6, ""),
    (7, 5, 2, {"first_dealer": "first_ace"}, 0, ""),
    (8, 6, 3, {}, 0, ""),
])
def test_tables_of_every_size_and_rule_set(seed: int, players: int, friends: int, options: dict[str, Any],
                                           warmup: int, prefer: str) -> None:
    """Two deals (one with six players) at each table; with ``warmup`` the friends join a rubber under way and
    play its trump deals."""
    t = MentalSim(seed, players=players, friends=friends, options=options, prefer=prefer, warmup=warmup)
    deals = 2 if players < 6 else 1
    t.run(deals=deals)
    t.finish()
    assert [a.deal for a in t.page.audits] == list(range(warmup + 1, warmup + deals + 1))
    for checks in [t.table.checks, *(f.mg.checks for f in t.friends.values() if f.mg is not None)]:
        assert [checks.deals[d].code for d in range(1, warmup + deals + 1)] == ["before"] * warmup + ["audited"] * deals
    assert t.counts["views"] > 10
    if prefer:
        assert t.counts["shown"] == deals * (friends + 1)  # the caller's last card shown on every page


@pytest.mark.slow
@pytest.mark.parametrize(("seed", "players", "friends", "options"), [
    (11, 4, 1, {}), (12, 4, 2, {"replay": "trumps"}), (13, 4, 3, {"replay": "auction"}),
    (14, 3, 2, {"deck": "kitty"}), (15, 5, 3, {}), (16, 6, 2, {"deal_by": 2}),
])
def test_slow_whole_rubbers_with_one_to_three_friends(seed: int, players: int, friends: int,
                                                      options: dict[str, Any]) -> None:
    t = MentalSim(seed, players=players, friends=friends, options=options, faults=DATA_CHANNEL)
    t.run()
    t.finish()
    assert t.page.game.phase is Phase.RUBBER_OVER


# ----- a friend lost and back ---------------------------------------------------------------------------------

def mid_deal(t: MentalSim, cards: int = 3) -> int:
    """Play on until ``cards`` cards of a deal are down; that deal's number."""
    t.run(until=lambda: t.page.deal is not None and len(t.page.deal.plays) >= cards
          and t.page.round is not None and t.page.round.state == "deal")
    assert t.page.deal is not None
    return t.page.deal.number


def seated_mid_deal(t: Any, chosen: list[Any], who: str) -> tuple[int, int, Any]:
    """A deal played, then mid-way through the next the first friend's seat freed and taken from the link by a new
    page (``who`` "new") or the friend's page lost and its seat given to a stand-in (``back``): the deal, the seat
    (also ``chosen[0]``) and the friend."""
    t.run(deals=1)
    deal = mid_deal(t)
    seat = chosen[0] = min(t.friends)
    friend = t.friends[seat]
    if who == "new":
        t.send_to(t.table.free(seat))
        friend.ticket = None
    else:
        t.lose(seat)
        t.send_to(t.table.stand_in(seat))
    t.settle()
    return deal, seat, friend


@pytest.mark.parametrize("stand_in", [True, False])
def test_a_friend_lost_mid_deal_annuls_it_and_the_deal_is_dealt_again(stand_in: bool) -> None:
    """The deal in play needs the lost page's keys: annulled on every page still here and dealt again — at once
    with a stand-in bot at the host's page, or once the friend is back; the friend's new page takes the game so far
    and plays the next deals."""
    t = MentalSim(21, players=4, friends=2, faults=Faults(stand_in=1.0 if stand_in else 0.0, away=(1.0, 1.0)))
    deal = mid_deal(t)
    seat = next(iter(t.friends))
    t.lose(seat)
    t.settle()
    annulled = [(s, e) for s, e in t.events if e.kind == "annulled" and e.deal == deal]
    assert {s for s, _ in annulled} == {-1, *(s for s in t.friends if s != seat)}
    assert "left" in annulled[0][1].words
    r = t.page.round
    assert r is not None
    other = next(f for f in t.friends.values() if f.seat != seat).mg
    assert other is not None
    if stand_in:  # dealt again at once, the seat at the host's page
        assert r.key == (deal, 1, -1) and r.owners[seat] == 0
        assert t.lobby.presence()[seat] == "bot"
    else:  # the table waits for the friend
        assert r.state == "annulled" and t.page.expected() == (deal, 1, -1)
    said = ("again" if stand_in else "annulled", deal, [seat])  # every page here says why, and what comes next
    assert t.table.waiting() == said and other.waiting() == said
    t.run(deals=2)
    t.finish()
    assert t.friends[seat].lost == 1 and len(t.friends[seat].all) == 2
    assert {a.deal for a in t.page.audits} >= {deal, deal + 1}
    back = t.friends[seat].all[-1]
    assert back.page is not None and back.page.page == t.table.page_of(seat)
    assert back.checks is t.friends[seat].all[0].checks  # one page: its checks go on across its connections
    assert back.checks.deals[deal].code == ("back" if stand_in else "audited")  # dealt again without it, or with
    again = f"deal {deal} audited: every card was dealt once and played by the rules; shuffled 2 times, the first " \
            "annulled"
    assert t.table.checks.deals[deal].words == again  # the try annulled is said in the result panel
    assert stand_in or back.checks.deals[deal].words == again
    assert t.table.checks.deals[deal].shuffled == 2 and t.page.rounds.why_annulled(deal, 2) == ["left"]  # and why
    assert stand_in or back.memory.rounds.why_annulled(deal, 2) == ["reloaded"]  # (its own page: it went away)
    assert t.page.rounds.who_annulled(deal, 2) == [seat]  # whose page it was, said in the result panel
    assert other.page is not None and other.page.rounds.who_annulled(deal, 2) == [seat]  # on every other page
    assert stand_in or back.memory.rounds.who_annulled(deal, 2) == [None]  # (its own: "this page")
    assert back.checks.deals[deal + 1].code == "audited"
    assert any(t.table.page_of(seat) in pages for d, pages in t.rounds.items() if d > deal)  # it plays again
    hosted = (seat,) if stand_in else ()  # its seat's stand-in at the host's page, its keys there: every page says so
    assert t.table.checks.deals[deal].hosted == other.checks.deals[deal].hosted == hosted
    assert t.table.checks.deals[deal + 1].hosted == other.checks.deals[deal + 1].hosted == ()  # (its own page again)
    assert Memory.from_text(other.memory.to_text(), other.memory.table).checks.deals[deal].hosted == hosted


def test_a_friends_page_back_is_given_longer_to_answer_until_it_did_its_part_of_a_shuffle() -> None:
    """A page joining a mental table is busy until it has done its part of its first shuffle on the connection
    (Pyodide: the table's modules, the first deal's ciphers): the host's page loses it after ``BUSY_LOST_S`` of
    silence meanwhile (a newcomer silent 4 s was dropped and came back on a new connection), after ``LOST_S`` once
    the try it took part in is dealt — its texts alone (its part of the shuffle) settle nothing."""
    t = MentalSim(21, players=4, friends=2, faults=Faults(stand_in=0.0, away=(1.0, 1.0)))
    assert [t.lobby.patience(t.lobby.peer_of(s) or "") for s in sorted(t.friends)] == [LOST_S, LOST_S]
    deal = mid_deal(t)
    seat = next(iter(t.friends))
    t.lose(seat)
    t.settle()
    t.rejoin(seat)
    seen = []
    while True:
        peer, r = t.lobby.peer_of(seat), t.page.round
        assert r is not None
        step = (t.lobby.patience(peer) if peer is not None else None, r.key, r.state)
        if not seen or seen[-1] != step:
            seen.append(step)
        if not t.deliver():
            break
        t.check()
    assert seen[-2:] == [(BUSY_LOST_S, (deal, 1, -1), "shuffle"), (LOST_S, (deal, 1, -1), "deal")], seen


def test_while_the_hosts_page_reconnects_a_friends_table_names_it_and_no_one_is_shown_to_move() -> None:
    """The host's page reloading: a friend's page kept its table as a picture at the seat to move, its cards saying
    "wait for your turn". It shows the table as it was, no card playable nor call, no one to move, and a card
    clicked names the host's page the table waits for; a deal's result keeps its own reason."""
    t = MentalSim(29, players=4, friends=2)
    mid_deal(t)
    mg = t.friends[min(t.friends)].mg
    assert mg is not None
    vm = mg.view_model()
    assert vm is not None and vm["to_move"] is not None and vm["hand"]
    host = seats_of(list(t.host.session.settings["levels"]), [0])[0]
    shown = host_away_view(vm, host)
    assert shown["to_move"] is None and shown["moves"] == [] and not shown["my_turn"]
    assert [c["card"] for c in shown["hand"]] == [c["card"] for c in vm["hand"]] and shown["trick"] == vm["trick"]
    assert {c["reason"] for c in shown["hand"]} == {"wait_page"} and not any(c["legal"] for c in shown["hand"])
    for lang, said in {"ru": "Ждём страницу: {} — переподключается…",
                       "en": "Waiting for the page of {}: reconnecting…"}.items():
        cat = Catalog.from_mo(compiled(lang))
        card = shown["hand"][0]
        assert refused(shown, cat, card["reason"], card["args"])[1] == said.format(name(cat, host, shown))
    over = host_away_view({**vm, "phase": "deal_over"}, host)
    assert {c["reason"] for c in over["hand"]} == {"deal_over"}
    assert host_away_view(vm, None)["hand"] == Guest.closed_view(vm)["hand"]


def test_a_friend_back_on_a_new_connection_before_the_old_is_lost_plays_the_deal_dealt_again() -> None:
    """A reloaded page that takes its seat back (its key) before its old connection is seen lost: the deal it was
    in is annulled, and dealt again with it — not without it, as for a friend seated during a deal."""
    t = MentalSim(21, players=4, friends=2, faults=Faults(away=(1.0, 1.0)))
    deal = mid_deal(t)
    seat = next(iter(t.friends))
    gone = str(t.friends[seat].conn)
    t.net.close(t.friends[seat].conn)  # the old page is gone; its connection not yet lost for the host's page
    send_to = t.send_to
    t.send_to = lambda outs: send_to([o for o in outs if o[0] != gone])  # type: ignore[method-assign]
    t.reload = True
    t.rejoin(seat)
    t.settle()
    assert any(e.kind == "annulled" and e.deal == deal for s, e in t.events if s == -1)
    r = t.page.round
    assert r is not None and r.key == (deal, 1, -1) and r.owners[seat] == t.table.page_of(seat)
    t.run(deals=1)
    assert t.friends[seat].mg is not None and t.friends[seat].mg.checks.deals[deal].code == "audited"


@pytest.mark.parametrize("reload", [False, True])
def test_a_host_that_drops_a_friend_cannot_have_it_shuffle_its_try_again(reload: bool) -> None:
    """A hostile host drops a friend's connection mid-deal and, once it is back — its page kept open, or reloaded
    (what it remembers of the table read back from its storage) — runs the try that page joined once more: the
    page refuses it with the words and joins no shuffle of it; the table deals on without it, and its page plays
    the next deal."""
    target: list[tuple[int, int]] = []  # (seat, deal) the host replays to

    def relay(seat: int, text: str) -> str:
        doc = json.loads(text)
        inner = json.loads(doc["text"]) if doc["kind"] == "mp" else {}
        if target and inner.get("kind") == "mp_start" and (seat, inner["deal"]) == target[0] and inner["try"] == 1:
            inner["try"] = 0  # the try this friend's page joined before its connection was lost
            doc["text"] = json.dumps(inner, separators=(",", ":"))
            return json.dumps(doc)
        return text

    t = MentalSim(25, players=4, friends=2, faults=Faults(stand_in=0.0, away=(1.0, 1.0)), relay=relay)
    t.reload = reload
    deal = mid_deal(t)
    seat = next(iter(t.friends))
    target.append((seat, deal))
    t.lose(seat)
    t.run(deals=2)
    said = [e for s, e in t.events if s == seat and e.kind == "refused"]
    assert (said[0].words, said[0].detail) == (f"the host tried to shuffle deal {deal} again", "again")
    assert all(f"deal {deal} " in e.words + " " for e in said)  # (then the try's texts it is not in, its deal)
    back = t.friends[seat].all[-1]
    assert back.page is not None and (deal, 0, -1) in back.page.seen and back.page.rounds is back.memory.rounds
    assert (back.memory is t.friends[seat].all[0].memory) is not reload
    page = t.table.page_of(seat)
    assert page not in t.rounds[deal] and page in t.rounds[deal + 1]  # the try it refused went on without it
    assert back.checks.deals[deal].code == "without" and back.checks.deals[deal + 1].code == "audited"


def test_a_friend_joining_mid_deal_sits_it_out_and_plays_the_next() -> None:
    t = MentalSim(22, players=4, friends=2, faults=Faults(stand_in=1.0, away=(0.5, 0.5)))
    deal = mid_deal(t, cards=1)
    seat = max(t.friends)
    t.lose(seat)  # annuls deal, dealt again with a stand-in; the friend is back in half a second
    t.run(until=lambda: t.friends[seat].mg is not None and t.page.deal is not None and len(t.page.deal.plays) > 2)
    mg = t.friends[seat].mg
    assert mg is not None and mg.page is not None
    assert mg.guest.joined_during == deal  # it came during the deal's second try
    t.run(deals=2)
    t.finish()
    page = t.table.page_of(seat)
    assert page not in t.rounds[deal] and page in t.rounds[deal + 1]
    said = {d: (c.code, c.words) for d, c in mg.checks.deals.items()}  # its result panels, never silent
    assert said[deal] == ("back", "not checked: you came back during this deal")  # (not "joined": it came back)
    assert said[deal + 1][0] == "audited"
    assert not [e for s, e in t.events if s == seat and e.kind in ("refused", "stood_in")]


def test_a_friend_lost_after_its_audit_lets_the_deal_end_without_it() -> None:
    t = MentalSim(23, players=3, friends=2)
    t.run(until=lambda: t.page.round is not None and t.page.round.state == "audit"
          and any(q in t.page.round.audit for q in t.page.round.pages if q), settle=False)
    r = t.page.round
    assert r is not None
    q = next(q for q in r.pages if q and q in r.audit)
    t.lose(t.table.seat_of(q))
    t.settle()
    assert r.state in ("audit", "done") and not [e for _, e in t.events if e.kind == "annulled"]
    t.run(deals=1)
    t.finish()


def lost_at_the_deals_end(t: MentalSim, sent: bool) -> tuple[int, int]:
    """Play on until a deal is over on the host's page and a friend's page has (``sent``) or has not yet seen its end
    and sent its audit, which has not reached the host; lose that friend: its seat and the deal."""
    def due() -> int | None:
        r = t.page.round
        if r is None or r.state != "audit" or r.deal < 1:
            return None
        for f in t.friends.values():
            q = t.table.page_of(f.seat)
            mine = f.mg.page.round if f.mg is not None and f.mg.page is not None else None
            if mine is not None and mine.key == r.key and q not in r.audit and (mine.state == "audit") is sent:
                return f.seat
        return None

    t.run(until=lambda: due() is not None, settle=False)
    seat, r = due(), t.page.round
    assert seat is not None and r is not None
    t.lose(seat)
    return seat, r.deal


@pytest.mark.parametrize("reload", [False, True])
def test_11_22_a_friend_lost_before_its_audit_reached_the_host_sends_it_again_and_the_deal_counts(reload: bool) -> None:
    """The deal was played to its end: the host's page waits for the lost page's audit instead of annulling it (a
    host cannot throw a deal away by cutting a friend off); back — its page kept open, or reloaded (the audit read
    back from its storage) — the page sends its audit again and every page audits the deal, its own too (the
    round's texts sent again)."""
    t = MentalSim(26, players=4, friends=2, faults=Faults(stand_in=0.0, away=(60.0, 60.0)))
    t.reload = reload
    seat, deal = lost_at_the_deals_end(t, sent=True)
    t.settle()
    assert [e.kind for s, e in t.events if s == -1 and e.deal == deal][-1] == "awaiting"
    other = next(f for f in t.friends.values() if f.seat != seat).mg
    assert other is not None and other.checks.deals.get(deal) is None  # no verdict yet: said why, on every page
    assert t.table.waiting() == ("audit", deal, [seat]) and other.waiting() == ("audit", deal, [seat])
    if not reload:  # the words the result panel gets (#mental-wait[data-wait=audit]) on the host's page and the other's
        checking = {"en": f"Checking deal {deal}: waiting for the keys of {name_mark(seat)}…",
                    "ru": f"Проверяем раздачу {deal}: ждём ключи — {name_mark(seat)}…",
                    "uk": f"Перевіряємо роздачу {deal}: чекаємо ключі — {name_mark(seat)}…"}
        for side, vm in ((t.table, t.table.view_model(0)), (other, other.view_model())):
            assert vm is not None and (vm["deal"], vm["phase"]) == (deal, "deal_over")
            for lang, words in checking.items():
                assert wait_words(Catalog.from_mo(compiled(lang)), vm, side, False, False) == ("audit", words)
    t.run(until=lambda: t.clock.now > 50 and t.friends[seat].back is not None, settle=False)
    r = t.page.round  # 50 s on, longer than a stall's deadline: it is away, not stalling
    assert r is not None and r.deal == deal and r.state == "audit"
    t.run(deals=2)
    t.finish()
    assert t.table.waiting() is None or t.table.waiting()[1] > deal  # type: ignore[index]
    assert not [e for _, e in t.events if e.kind in ("annulled", "stalled") and e.deal == deal]
    assert [a.deal for a in t.page.audits][:2] == [deal, deal + 1] and t.page.game.sheet.rows
    other = next(f for f in t.friends.values() if f.seat != seat)
    assert any(deal in got for got in other.audited.values())  # the other friend's page audited it with the keys
    back = t.friends[seat].all[-1]
    assert back.checks.deals[deal].code == "audited" and back.checks.deals[deal + 1].code == "audited"  # (its round
    # kept: the other pages' audits sent again, it audited the deal itself)
    assert t.table.page_of(seat) in t.rounds[deal + 1] and not back.memory.rounds.audits


@pytest.mark.parametrize("reload", [False, True])
def test_11_22_a_friend_cut_off_before_it_saw_the_deals_end_plays_it_on_when_back_and_the_deal_counts(
        reload: bool) -> None:
    """A host that cuts a friend off just before its page gets the deal's last card cannot throw the deal away: the
    page kept its keys and the round's texts (in its memory: kept open, or read back from its storage after a
    reload); back, the host's page sends it the round's texts again, it checks the cards it missed, sees the deal
    end, sends its audit and audits the deal itself — no annulment on any page."""
    t = MentalSim(27, players=4, friends=2, faults=Faults(stand_in=0.0, away=(5.0, 5.0)))
    t.reload = reload
    seat, deal = lost_at_the_deals_end(t, sent=False)
    t.run(deals=2)
    t.finish()
    assert not [e for _, e in t.events if e.kind in ("annulled", "stalled") and e.deal == deal]
    assert [a.deal for a in t.page.audits][:2] == [deal, deal + 1]
    back = t.friends[seat].all[-1]
    assert back.checks.deals[deal].code == "audited" and deal in t.friends[seat].audited[id(back)]
    assert t.table.checks.deals[deal].words.endswith("by the rules")  # (dealt once: no try annulled)
    held = back.memory.rounds.held  # (the round it kept is over: only the next deal's, in play now)
    assert (held is None or held.key[0] > deal + 1) and not [k for k in back.memory.rounds.audits if k[0] <= deal]


def test_11_22_a_seat_given_to_someone_else_while_the_table_waits_for_its_audit_annuls_the_deal() -> None:
    """The page never comes back: the host gives its seat to someone else, and only then is the deal played to its
    end annulled — said on every page still here — and dealt again with a stand-in bot."""
    t = MentalSim(26, players=4, friends=2, faults=Faults(stand_in=0.0, away=(10**6, 10**6)))
    seat, deal = lost_at_the_deals_end(t, sent=True)
    t.settle()
    assert not [e for _, e in t.events if e.kind == "annulled"]
    t.send_to(t.table.stand_in(seat))
    t.send_to(t.table.free(seat))
    t.settle()
    said = [(s, e) for s, e in t.events if e.kind == "annulled" and e.deal == deal]
    assert {s for s, _ in said} == {-1, *(s for s in t.friends if s != seat)}
    assert "did not come back with its keys" in said[0][1].words
    r = t.page.round
    assert r is not None and r.key == (deal, 1, -1) and r.owners[seat] == 0


def test_a_friend_away_past_the_turn_limit_is_played_by_its_own_pages_stand_in() -> None:
    """The friend does not move for the turn limit; the host gives the seat a stand-in bot, which the friend's own
    page plays — only it holds the seat's cards — until the friend acts again."""
    t = MentalSim(24, players=3, friends=1, turn_limit=30)
    seat = next(iter(t.friends))
    t.asleep.add(seat)
    t.run(until=lambda: seat in t.lobby.idle, settle=False)
    assert t.lobby.presence()[seat] == "away"
    f = t.friends[seat]
    assert f.mg is not None and f.mg.my_turn() and f.mg.stand_in_turn() is None  # (no stand-in: the table waits)
    t.send_to(t.table.stand_in(seat))
    t.run(until=lambda: f.mg is not None and f.mg.stand_in_turn() is not None, settle=False)
    assert f.mg is not None and f.mg.stand_in_turn() in BOT_LEVELS  # the level its page's bots' worker plays at
    t.run(deals=1)
    assert t.counts["stand_in_moves"] > 8 and t.lobby.presence()[seat] == "bot"
    assert t.table.page_of(seat) in t.rounds[max(t.rounds)]  # its page still deals and plays
    t.asleep.clear()
    t.run(until=lambda: t.counts["friend_moves"] > 0)
    assert t.lobby.presence()[seat] == "here" and seat not in t.lobby.idle
    t.run(deals=1)
    t.finish()


def test_11_22_a_page_that_stalls_is_away_and_a_stand_in_the_host_chooses_plays_its_seat_at_the_hosts_page() -> None:
    """A friend's page that stops answering (a hung device) is named for stalling — the deal annulled, said as a
    stall on every page — and its seat is away, as past the turn limit: the host gives it a stand-in bot, which
    the host's page plays from the next deal on (the page cannot), deal after deal with no more stalls, until
    the friend acts again and its page plays its seat."""
    t = MentalSim(28, players=4, friends=2)
    seat = min(t.friends)
    t.run(deals=1, settle=False)  # (the next deal's shuffle has begun)
    hung: set[int] = {seat}
    send = t._send
    t._send = lambda f, texts: send(f, [] if f.seat in hung else texts)  # type: ignore[method-assign]
    t.run(until=lambda: any(e.kind == "stalled" for _, e in t.events))
    stalled = [(s, e) for s, e in t.events if e.kind == "stalled"]
    deal = stalled[0][1].deal
    assert [(s, e.page) for s, e in stalled] == [(-1, t.table.page_of(seat))] and seat in t.lobby.idle
    other = next(s for s in t.friends if s != seat)
    said = [e for s, e in t.events if s == other and e.kind == "annulled" and e.deal == deal]
    assert said and said[0].detail == "stalled"  # a stall, on the other friend's page too
    t.send_to(t.table.stand_in(seat))
    t.run(deals=3)
    assert len([e for _, e in t.events if e.kind == "stalled"]) == 1 and len(t.page.audits) >= 3
    assert all(t.table.page_of(seat) not in t.rounds[d] for d in range(deal, deal + 3))
    assert t.lobby.presence()[seat] == "bot"
    hung.clear()
    f = t.friends[seat]
    assert f.mg is not None
    t.net.send(f.conn, True, f.mg.guest.here())  # the friend is back at the device
    t.run(deals=2)
    assert t.lobby.presence()[seat] == "here" and t.table.page_of(seat) in t.rounds[max(t.rounds)]


# ----- cheats still caught ------------------------------------------------------------------------------------

def test_a_friends_wrong_key_is_caught_and_its_page_sits_the_deal_out() -> None:
    friends = sorted(random.Random(31).sample(range(1, 4), 2))  # the seats MentalSim(31, 4, 2) gives friends

    def tamper(seat: int, text: str) -> str:
        doc = json.loads(text)
        inner = json.loads(doc["text"]) if doc["kind"] == "mp" else {}
        if inner.get("kind") == "mp_keys" and inner["deal"] == 1 and inner["try"] == 0 and seat == friends[0]:
            inner["keys"][0][1] = scalar_text(12345)
            doc["text"] = json.dumps(inner, separators=(",", ":"))
            return json.dumps(doc)
        return text

    t = MentalSim(31, players=4, friends=2, tamper=tamper)
    assert sorted(t.friends) == friends
    t.run(deals=2)
    cheats = [(s, e) for s, e in t.events if e.kind == "cheat"]
    cheater = t.table.page_of(friends[0])
    assert cheats and all(e.page == cheater for _, e in cheats)
    assert "sent a key that opens no card" in cheats[0][1].words
    assert {s for s, e in t.events if e.kind == "annulled" and e.deal == 1} >= {-1}
    assert t.rounds[1][0] == 0 and cheater not in t.rounds[1]  # deal 1 dealt again without the cheater's page
    assert cheater in t.rounds[2]  # back from the next deal
    assert [e.kind for s, e in t.events if s == friends[0] and e.kind == "stood_in"] == ["stood_in"]
    mg = t.friends[friends[0]].mg
    assert mg is not None and mg.checks.deals[1].code == "without" and mg.checks.deals[2].code == "audited"
    assert mg.checks.deals[1].words == "deal 1 is dealt without this page, which was named for a key that opens no card"


def test_a_host_that_forges_a_relayed_card_is_caught() -> None:
    def relay(seat: int, text: str) -> str:
        doc = json.loads(text)
        inner = json.loads(doc["text"]) if doc["kind"] == "mp" else {}
        if inner.get("kind") == "mp_play" and inner["deal"] == 1 and inner["try"] == 0 and doc["from"] != 0:
            inner["keys"][0] = scalar_text(777)  # the host's page changes another page's card on its way
            doc["text"] = json.dumps(inner, separators=(",", ":"))
            return json.dumps(doc)
        return text

    t = MentalSim(32, players=3, friends=2, relay=relay)
    t.run(deals=1)
    cheats = [e for s, e in t.events if e.kind == "cheat" and s != -1]
    assert cheats and all(e.deal == 1 for e in cheats)
    assert any(e.kind == "annulled" and e.deal == 1 for s, e in t.events if s != -1)
    assert len(t.page.audits) == 1  # a later try of deal 1 is played and audited


# ----- the host's side of the protocol ------------------------------------------------------------------------

def test_a_mental_tables_host_takes_no_intent_hint_or_fair_round_and_sends_no_view() -> None:
    t = MentalSim(41, players=3, friends=1)
    t.run(deals=1)
    seat = next(iter(t.friends))
    f = t.friends[seat]
    assert f.mg is not None
    g = f.mg.guest
    for text in (g.intent("QS"), g.hint(), g._msg("commit", deal=2, hash="ab" * 32)):
        got = t.table.receive(str(f.conn), text)
        reasons = [json.loads(x)["reason"] for _, x in got if x and '"refused"' in x]
        assert reasons and reasons[0] in ("wrong_phase", "hints_off")
    assert t.host.changed() == []


def test_a_friends_hint_comes_from_its_own_page_which_knows_its_hand_and_the_public_play_only() -> None:
    """The host refuses a friend's hint at a mental table (it does not know the hand); the friend's page asks its own
    bots from its own session: the request is the seat's real view — its own cards, the public play — and the
    strongest bot's rating names a legal move of it."""
    t = MentalSim(42, players=4, friends=2)
    seat = min(t.friends)
    f = t.friends[seat]
    asked = 0
    while asked < 3:
        t.run(until=lambda: f.mg is not None and f.mg.hint_request() is not None, settle=False)
        assert f.mg is not None and f.mg.page is not None
        got = f.mg.hint_request()
        assert got is not None
        request, seed = got
        view = f.mg.page.view(seat)  # the blind deal's view: this page's own cards and what was shown
        assert SeatView.from_dict({k: v for k, v in json.loads(request).items() if k != "past"}) == view
        answer = json.loads(hint_json(request, seed))
        assert answer["best"] in view.legal and {m["token"] for m in answer["moves"]} == set(view.legal)
        asked += 1
        t.friend_move(f)
    assert not [e for _, e in t.events if e.kind in ("refused", "cheat")]


def test_an_mp_text_outside_a_mental_table_is_refused() -> None:
    from online_sim import Table

    t = Table(1, players=3, friends=1)
    seat = next(iter(t.pages))
    got = t.lobby.receive(str(t.pages[seat].conn), t.guest(seat).mp(None, '{"kind":"mp_lock"}'))
    assert [json.loads(x)["reason"] for _, x in got if x] == ["wrong_phase"]
    assert Guest().receive(encode("mp", 1, **{"from": 0, "text": "x"})) == {
        "error": "wrong_phase", "message": "mp before this page took a seat"}
    assert ONLINE in t.session.settings["levels"]


@pytest.mark.parametrize("connected", [False, True])
def test_a_seat_given_to_someone_else_mid_deal_is_dealt_again_with_a_stand_in_until_someone_takes_it(
        connected: bool) -> None:
    """The host gives a friend's seat to someone else mid-deal — its friend gone and the table waiting, or its
    page still here: the deal is annulled on every page and dealt again at once with a stand-in bot at the host's
    page; no page shows the annulled deal's turn meanwhile; the new person who takes the seat plays from the next
    deal."""
    t = MentalSim(21, players=4, friends=2, faults=Faults(stand_in=0.0, away=(1000.0, 1000.0)))
    t.run(deals=1)
    deal = mid_deal(t)
    seat, other = sorted(t.friends, key=lambda s: s != next(iter(t.friends)))
    mg = t.friends[other].mg
    assert mg is not None
    if not connected:  # its page left: the deal is annulled, the table waits for it — showing no one's turn
        t.lose(seat)
        t.settle()
        for vm in (mg.view_model(), t.table.view_model(0)):
            assert vm is not None and (vm["deal"], vm["phase"], vm["my_turn"]) == (deal - 1, "deal_over", False)
    t.send_to(t.table.free(seat))
    t.settle()
    r = t.page.round
    assert r is not None and r.key == (deal, 1, -1) and r.owners[seat] == 0  # dealt again, the seat at the host's
    assert t.lobby.presence()[seat] == "bot"
    assert {s for s, e in t.events if e.kind == "annulled" and e.deal == deal} == {-1, other}
    t.run(deals=1)
    assert t.page.audits[-1].deal == deal and t.table.page_of(seat) not in t.rounds[deal]
    friend = t.friends[seat]
    friend.ticket, friend.back = None, t.clock.now  # someone new opens the table's link and takes the seat
    t.run(deals=2)
    t.finish()
    assert t.lobby.presence()[seat] == "here" and t.table.page_of(seat) in t.rounds[max(t.rounds)]


def test_a_table_waiting_for_a_friend_lost_shows_no_trick_or_points_of_the_deal_before() -> None:
    """A friend's page leaves mid-deal and the table waits for it, the deal annulled: once a page's person left the
    last deal's result, that page draws no trick, last trick, cards, tricks or points of it — the table is on the
    next deal —, only its score sheet and result; a person still reading that result keeps it whole."""
    t = MentalSim(21, players=4, friends=2, faults=Faults(stand_in=0.0, away=(1000.0, 1000.0)))
    t.run(deals=1)
    deal = mid_deal(t, cards=9)
    seat, other = sorted(t.friends, key=lambda s: s != next(iter(t.friends)))
    mg = t.friends[other].mg
    assert mg is not None
    t.lose(seat)
    t.settle()
    assert t.table.waiting() == ("annulled", deal, [seat])
    t.table.person_left = deal - 2  # (as a person still reading the last result would: the deal's try annulled
    whole = t.table.view_model(0)  # before its first card — no one plays while anyone reads)
    assert whole["deal"] == deal - 1 and whole["last_trick"] is not None and any(whole["tricks"])  # (still read)
    t.table.person_left = mg.person_left = deal - 1  # (*Continue*, or the page saw the deal's end no more)
    for vm in (t.table.view_model(0), mg.view_model()):
        assert vm is not None and (vm["deal"], vm["phase"], vm["my_turn"], vm["to_move"]) == (deal - 1, "deal_over",
                                                                                              False, None)
        assert (vm["trick"], vm["last_trick"], vm["trick_complete"], vm["hand"], vm["contract"]) == ([], None, False,
                                                                                                    [], None)
        assert not any(vm["tricks"]) and not any(vm["points"]) and not any(vm["counts"])
        assert vm["sheet"] == whole["sheet"] and vm["result"] == whole["result"]


@pytest.mark.parametrize("who", ["new", "back"])
def test_a_person_seated_mid_deal_sits_it_out_with_nothing_to_press_and_plays_the_next(who: str) -> None:
    """Someone new takes a seat freed mid-deal, or its friend comes back after the host gave it a stand-in bot:
    the deal went on without their page (dealt again, the host's page holding the seat), so their page sits it
    out — told so before its ``mental`` (its seat ``sitting`` already: here, a bot finishing the deal), never as
    *away* waiting for an *I'm back* — and plays from the next deal with no action."""
    kinds: list[tuple[str, str | None]] = []  # (kind, the seat's presence then) of the texts to the chosen seat
    chosen: list[Any] = [-1, None]  # the seat, the table
    away: list[int] = []  # the deals its page held as over while its seat was still a stand-in's, not sat out

    def seen(seat: int, text: str) -> str:
        mg = chosen[1].friends[seat].mg if chosen[1] is not None else None
        if seat == chosen[0] and mg is not None and mg.guest.welcome is not None:
            kinds.append((json.loads(text)["kind"], mg.guest.presence[seat]))
            if mg.page is not None and mg.guest.joined_during and mg.stand_in() and mg.sits_out() is None:
                away.append(len(mg.page.game.deals))  # (its banner: *away*, an *I'm back* the host ignores)
        return text

    t = chosen[1] = MentalSim(21, players=4, friends=2, faults=Faults(stand_in=0.0, away=(1000.0, 1000.0)),
                              relay=seen)
    deal, seat, friend = seated_mid_deal(t, chosen, who)
    friend.back = t.clock.now
    t.run(until=lambda: friend.mg is not None and friend.mg.page is not None and t.page.deal is not None
          and len(t.page.deal.plays) > 2)
    mg = friend.mg
    assert mg is not None and t.page.deal is not None and t.page.deal.number == deal
    assert t.lobby.presence()[seat] == "sitting" and mg.sits_out() == deal  # (here: a bot finishes the deal)
    t.settle()
    vm, public = mg.view_model(), t.table.session.view_model(seat)  # (their page sees the deal go on, no hand)
    assert vm is not None and vm["deal"] == deal and (vm["trick"] or vm["seen"]) and public["hand"]
    assert vm == {**public, "hand": [], "moves": [], "my_turn": False}
    assert ("watch", "sitting") in kinds
    mental = [k for k in kinds if k[0] == "mental"]
    assert mental and mental[0][1] == "sitting"  # (its page knew the seat's stand-in when ``mental`` came)
    t.run(until=lambda: len(t.page.game.deals) == deal and t.page.round is not None and t.page.round.deal > deal)
    assert mg.sits_out() is None
    t.run(deals=1)
    t.finish()
    assert t.lobby.presence()[seat] == "here" and t.table.page_of(seat) in t.rounds[deal + 1]
    assert not [e for s, e in t.events if s == seat and e.kind in ("refused", "stood_in")]
    assert not away  # (its seat's presence came before the game so far that ends the deal it sat out)


@pytest.mark.parametrize(("seed", "who", "kept"), [(21, "new", True), (21, "new", False), (21, "back", True),
                                                   (28, "new", True)])
def test_a_page_sitting_a_deal_out_shows_its_public_table_and_plays_no_round_until_the_deal_is_recorded(
        seed: int, who: str, kept: bool) -> None:
    """A page seated mid-deal sits it out to its record: after every text the host sends it, until the game so far
    ends that deal, it draws the host's public table of the deal (``watch``: no hand) — the seat's presence given
    back before the record too, never its own session's table (of a try it kept, on a device that took part in
    it, or the last deal as left on a fresh one) — and its page offers no move, its own or a stand-in's, in a round
    of an earlier try it kept."""
    chosen: list[Any] = [-1, None]  # the seat, the table
    drawn: list[tuple[str, int, str, int]] = []  # (kind, deal, phase, cards in hand) of a table not the watch's
    moves: list[tuple[str, int]] = []  # (kind, deal) of a move offered while the page sits the deal out

    def seen(seat: int, text: str) -> str:  # (before each text: what the page shows after the one before it)
        mg = chosen[1].friends[seat].mg if chosen[1] is not None else None
        deal = mg.guest.joined_during if mg is not None else 0
        if seat != chosen[0] or mg is None or mg.page is None or not deal or len(mg.page.game.deals) >= deal:
            return text
        kind = json.loads(text)["kind"]
        vm = mg.view_model()
        if mg.guest.watch is not None and vm is not None and (vm["deal"] != deal or vm["hand"]):
            drawn.append((kind, vm["deal"], vm["phase"], len(vm["hand"])))
        if mg.my_turn() or mg.stand_in_turn() is not None:
            moves.append((kind, deal))
        return text

    t = chosen[1] = MentalSim(seed, players=4, friends=2, faults=Faults(stand_in=0.0, away=(1000.0, 1000.0)),
                              relay=seen)
    deal, _, friend = seated_mid_deal(t, chosen, who)
    if not kept:
        friend.all.clear()  # (a fresh device: no round of an earlier try, no memory of the table)
    friend.back = t.clock.now
    t.run(until=lambda: len(t.page.game.deals) == deal + 1)
    mg = friend.mg
    assert mg is not None and mg.guest.joined_during == deal and mg.guest.watch is not None
    assert not drawn, drawn
    assert not moves, moves


@pytest.mark.parametrize("who", ["new", "back"])
def test_a_page_that_sat_a_deal_out_reads_its_result_like_everyone_and_the_next_deal_waits_for_it(who: str) -> None:
    """A page seated mid-deal watches it to its end (``watch``): then it shows that deal's result like every page
    (``kept_result``) and is a reader — no card or call of the next deal, its own seat's neither, is made before
    its person pressed *Continue* (a new user's next deal began with a card already played from his seat)."""
    chosen: list[Any] = [-1, None]
    t = chosen[1] = MentalSim(21, players=4, friends=2, faults=Faults(stand_in=0.0, away=(1000.0, 1000.0)))
    deal, seat, friend = seated_mid_deal(t, chosen, who)
    friend.back = t.clock.now
    t.lingering = {seat}
    t.run(until=lambda: friend.mg is not None and friend.mg.sits_out() == deal)
    mg = friend.mg
    assert mg is not None and mg.page is not None
    t.run(until=lambda: mg.page is not None and len(mg.page.game.deals) == deal and t.table.held())
    assert mg.kept_result() == deal and seat in mg.readers() and seat in t.table.readers()
    held_steps(t)
    d = t.page.deal
    assert d is not None and d.number == deal + 1 and not d.plays and not d.calls
    assert t.table.readers() == [seat] and not mg.my_turn()
    t.lingering = set()  # their Continue: the table plays on
    t.run(deals=1)
    assert t.table.audited == deal + 1
    t.finish()


@pytest.mark.parametrize("reload", [False, True])
def test_a_friend_back_after_a_stand_in_took_its_seat_knows_at_once_the_deal_went_on(reload: bool) -> None:
    """A friend lost mid-deal whose seat the host gave a stand-in (*A bot plays until they are back*), back on a new
    connection (or its page reloaded): its page still holds its round of the deal, but as soon as its mental page
    opens it knows the deal went on without it (``sits_out``: its seat's presence came before ``mental``) — what
    its page says then (web/king/netmental.py ``say_reload``), not once the annulment of its round comes, after
    the deal is over."""
    t = MentalSim(21, players=4, friends=2, faults=Faults(stand_in=0.0, away=(1000.0, 1000.0)))
    t.reload = reload
    t.run(deals=1)
    deal = mid_deal(t)
    seat = min(t.friends)
    friend = back_after_a_stand_in(t, seat)
    t.run(until=lambda: friend.mg is not None and friend.mg.page is not None, settle=False)
    mg = friend.mg
    assert mg is not None and mg.page is not None and t.page.deal is not None and t.page.deal.number == deal
    held = mg.page.rounds.held
    assert held is not None and held.key[0] == deal and mg.guest.host_reloaded != deal and mg.sits_out() == deal
    assert t.table.sitting_out() == [seat]  # the host's page says it: the friend is here, a stand-in ends the deal


def back_after_a_stand_in(t: MentalSim, seat: int) -> Friend:
    """``seat``'s connection lost, the host gives the seat a stand-in bot, and its friend comes back at once: the
    friend."""
    friend = t.friends[seat]
    t.lose(seat)
    t.send_to(t.table.stand_in(seat))
    t.settle()
    friend.back = t.clock.now
    return friend


def newcomer(t: MentalSim, seat: int) -> MentalGuest:
    """``seat`` freed mid-deal by the host and taken by someone new (its friend's page as a new one): their page,
    its mental page open and the table's texts settled."""
    friend = t.friends[seat]
    t.send_to(t.table.free(seat))
    friend.ticket = None
    t.settle()
    friend.back = t.clock.now
    t.run(until=lambda: friend.mg is not None and friend.mg.page is not None)
    t.settle()
    assert friend.mg is not None
    return friend.mg


def test_a_person_seated_during_the_rubbers_last_deal_is_not_left_away_when_it_ends() -> None:
    """Someone new takes a seat freed during the rubber's last deal: their page sits it out, and once it is over
    the seat is theirs again (``here``) — no next deal hands it back, and no *away* banner whose *I'm back* the
    host would ignore is left on their page."""
    t = MentalSim(21, players=4, friends=2, faults=Faults(stand_in=0.0, away=(1000.0, 1000.0)), warmup=13)
    deal = mid_deal(t)
    seat = min(t.friends)
    mg = newcomer(t, seat)
    assert mg.sits_out() == deal and t.lobby.presence()[seat] == "sitting"
    t.run()
    t.settle()
    assert t.page.game.phase is Phase.RUBBER_OVER and len(mg.page.game.deals) == deal  # type: ignore[union-attr]
    assert t.lobby.presence()[seat] == "here" and not mg.stand_in() and mg.sits_out() is None


def test_a_page_sitting_a_deal_out_takes_the_play_from_the_watch_and_the_score_and_names_from_its_own_game() -> None:
    """The host's public table of a deal sat out (``watch``) shows the play; the score sheet, the seats' names and
    levels the page draws with it are its own session's — a host's watch that says otherwise changes none of
    them."""
    t = MentalSim(21, players=4, friends=2, faults=Faults(stand_in=0.0, away=(1000.0, 1000.0)))
    t.run(deals=1)
    deal = mid_deal(t)
    mg = newcomer(t, min(t.friends))
    assert mg.sits_out() == deal and mg.guest.watch is not None and mg.standin is not None
    own = mg.standin.session.view_model(mg.guest.seat)
    players = own["players"]
    mg.guest.watch = {**mg.guest.watch, "names": ["Mallory"] * players, "levels": ["expert"] * players,
                      "sheet": {"rows": [], "totals": [999] * players}}
    vm = mg.view_model()
    assert vm is not None and vm["deal"] == deal and vm["trick"] == mg.guest.watch["trick"]
    assert (vm["sheet"], vm["names"], vm["levels"]) == (own["sheet"], own["names"], own["levels"])


def test_a_seat_freed_twice_during_a_deal_keeps_its_stand_in_and_the_table_deals_on() -> None:
    """A seat freed mid-deal, taken by someone new (who sits the deal out, watching its public table, which the
    deal's annulment takes away) and freed again before it ends: the host's page still holds it with a stand-in
    bot, and the next deals are dealt (the newcomer's leaving did not take the stand-in the host's freeing gave
    it)."""
    t = MentalSim(21, players=4, friends=2, faults=Faults(stand_in=0.0, away=(1000.0, 1000.0)))
    t.run(deals=1)
    deal = mid_deal(t)
    seat = min(t.friends)
    friend = t.friends[seat]
    mg = newcomer(t, seat)
    vm = mg.view_model()
    assert mg.sits_out() == deal and vm is not None and vm["deal"] == deal  # (the deal's public table: ``watch``)
    t.lose(next(s for s in t.friends if s != seat))  # the deal annulled, the table waits: the newcomer's page
    t.settle()  # shows the table before it, cleared — not the annulled try's cards
    vm = mg.view_model()
    assert vm is not None and vm["deal"] == deal - 1 and not vm["trick"] and not any(vm["counts"])
    t.send_to(t.table.free(seat))
    friend.back, friend.mg = None, None  # (no one takes it again)
    t.settle()
    assert t.lobby.presence()[seat] == "bot"
    t.run(deals=2)
    assert len(t.page.game.deals) >= deal + 1


def test_a_seat_away_with_a_stand_in_is_not_sitting_a_deal_out() -> None:
    """A page seated mid-game (it sat that deal out), named for stalling in a later deal and its seat given a
    stand-in by the host, is away until its friend acts again (its *I'm back*): it sits no deal out by having
    been seated during one."""
    t = MentalSim(28, players=4, friends=2, faults=Faults(stand_in=0.0, away=(1000.0, 1000.0)))
    t.run(deals=1)
    deal = mid_deal(t)
    seat = min(t.friends)
    friend = t.friends[seat]
    t.lose(seat)
    t.send_to(t.table.stand_in(seat))
    t.settle()  # (back once a card of the deal dealt again is down: seated during it, not dealt into it)
    t.run(until=lambda: (r := t.page.round) is not None and (r.deal, r.state) == (deal, "deal") and r.attempt >= 1
          and t.page.deal is not None and t.page.deal.number == deal and len(t.page.deal.plays) >= 1)
    friend.back = t.clock.now
    t.run(until=lambda: friend.mg is not None and friend.mg.page is not None and len(t.page.game.deals) > deal)
    mg = friend.mg
    assert mg is not None and mg.guest.joined_during == deal
    t.run(deals=1, settle=False)  # (the deal after it played by its page, to its audit: the next one's shuffle)
    hung: set[int] = {seat}
    send = t._send
    t._send = lambda f, texts: send(f, [] if f.seat in hung else texts)  # type: ignore[method-assign]
    t.run(until=lambda: any(e.kind == "stalled" and e.deal > deal + 1 for _, e in t.events))
    t.send_to(t.table.stand_in(seat))
    t.run(deals=1)
    assert friend.mg is mg and t.lobby.presence()[seat] == "bot" and mg.stand_in() and mg.sits_out() is None


def test_a_welcome_says_whether_the_game_has_begun() -> None:
    """A friend's page seated before the game waits for the host to start; one back after a drop in deal 1 (whose
    ``joined_at`` is 0: the table waited for it) is told the game has begun."""
    t = MentalSim(21, players=4, friends=2, faults=Faults(stand_in=0.0, away=(1.0, 1.0)))
    seat = min(t.friends)
    friend = t.friends[seat]
    t.run(until=lambda: friend.mg is not None and friend.mg.guest.welcome is not None, settle=False)
    assert friend.mg is not None and not friend.mg.guest.begun
    assert mid_deal(t) == 1
    t.lose(seat)
    t.run(until=lambda: friend.mg is not None and friend.mg.guest.welcome is not None)
    assert friend.mg.guest.joined_during == 0 and friend.mg.guest.begun


def test_a_host_page_reloaded_mid_deal_tells_its_friends_pages_it_was_the_host() -> None:
    """The host's page reloaded during a deal (its save: the audited game; its rounds and checks read back from its
    storage): it says the deals it audited before are audited, knows the deal it was reloaded in and says so in
    each friend's ``mental`` until that deal is audited — a friend's page says the host's page reloaded, not its
    own."""
    t = MentalSim(26, players=4, friends=2)
    t.run(deals=1)
    deal = mid_deal(t)
    host = Host(Session.from_save(t.table.save()), clock=t.clock)
    lobby, problem = Lobby.reopen(host, t.lobby.saved(), t.clock, t.rng.randbytes)
    kept = Memory.from_text(Memory(host.table, rounds=t.page.rounds, checks=t.table.checks).to_text(), host.table)
    table = MentalTable(lobby, t.rng.randbytes, rounds=kept.rounds, checks=kept.checks)
    assert problem is None and (table.audited, table.reloaded) == (deal - 1, deal)
    assert table.page.rounds.why_annulled(deal, 2) == ["reloaded"]  # the try its reload cost: said when audited
    assert table.checks.deals[deal - 1].code == "audited"  # it audited the deal before, and still says so
    seat = next(iter(t.friends))
    ticket = t.friends[seat].ticket
    assert ticket is not None
    g = Guest(t.clock, t.rng.randbytes, room=lobby.room_id)
    said: list[dict[str, Any]] = [g.receive(text) for _, text in table.connect("again") if text]
    said += [g.receive(text) for _, text in table.receive("again", g.back(ticket)) if text]
    assert {"mental": table.page_of(seat)} in said and g.host_reloaded == deal
    assert MentalTable(Lobby.new(Host(Session.from_save(t.table.save()))), t.rng.randbytes).reloaded == 0
    # every friend back: the deal's next try starts with their pages; a friend's page that then loses its own
    # connection is not told, back again, that the host's page was reloaded (an older event: its own cut that try)
    for other in sorted(t.friends):
        if other != seat:
            h = Guest(t.clock, t.rng.randbytes, room=lobby.room_id)
            kept_ticket = t.friends[other].ticket
            assert kept_ticket is not None
            for _, text in table.connect(f"other{other}"):
                h.receive(text or "")
            for _, text in table.receive(f"other{other}", h.back(kept_ticket)):
                h.receive(text or "")
    r = table.page.round
    assert r is not None and r.deal == deal and table.page_of(seat) in r.pages  # (the try after the reload)
    table.lost("again")
    g = Guest(t.clock, t.rng.randbytes, room=lobby.room_id)
    said = [g.receive(text) for _, text in table.connect("third") if text]
    said += [g.receive(text) for _, text in table.receive("third", g.back(ticket)) if text]
    assert {"mental": table.page_of(seat)} in said and g.host_reloaded == 0


def test_the_host_knows_a_friend_is_still_reading_the_last_result_until_they_go_on() -> None:
    """The next deal is dealt while each page shows the last one's result: the host's page knows which friends saw
    that deal end and have not pressed *Continue* (``next``) since — when the table waits for such a friend's move,
    it says it waits for them to go on; a deal's result left before its verdict came counts as left."""
    t = MentalSim(21, players=4, friends=2)
    t.run(deals=1)
    seat, other = sorted(t.friends)
    assert t.table.reading(seat) and t.table.reading(other) and t.table.reading(0)  # (the host's person too)
    t.table.person_left = t.table.audited  # its Continue
    assert not t.table.reading(0)
    f = t.friends[seat]
    assert f.mg is not None
    t.net.send(f.conn, True, f.mg.guest.next())
    t.settle()
    assert not t.table.reading(seat) and t.table.reading(other)
    mg = t.friends[other].mg
    assert mg is not None and mg.guest.reading == [s == other for s in range(4)]  # every friend's page is told
    t.run(deals=1)
    assert t.table.reading(seat)  # the next deal's result: reading again
    t.lose(other)
    t.settle()
    assert not t.table.reading(other)  # (gone: not waited for while its page is away)


# ----- the table waits for everyone's Continue ----------------------------------------------------------------

def held_steps(t: MentalSim, steps: int = 400) -> None:
    """``steps`` steps of the table (texts, ticks, every move a page offers), the clock going on."""
    for _ in range(steps):
        t.step()
    t.settle()


def test_no_card_or_call_of_the_next_deal_is_made_until_every_person_present_has_left_the_last_result() -> None:
    """The next deal is shuffled and dealt while the last one's result is read, but no one moves in it — the host's
    bots, its person, a friend — until every person at the table pressed *Continue*: each page names them
    (``readers``), offers no move, and refuses one."""
    t = MentalSim(27, players=4, friends=2)
    seat, other = sorted(t.friends)
    t.lingering = {0, seat, other}
    t.run(deals=1, settle=False)
    deal = t.table.audited
    host_vm = t.table.view_model(0)  # the result the host's page shows (kept until its Continue)
    t.run(until=lambda: t.table.held() and all(f.mg is not None and f.mg.held() for f in t.friends.values()))
    moved = t.counts["moved"]
    held_steps(t)
    d = t.page.deal
    assert d is not None and d.number == deal + 1 and not d.plays and not d.calls and t.counts["moved"] == moved
    assert t.table.readers() == [0, seat, other] and t.table.to_move() is None
    both = {"ru": "Ждём, пока прочтут итоги: {}…", "uk": "Чекаємо, поки прочитають підсумки: {}…",
            "en": "Waiting for these players to read the results: {}…"}
    page = t.friends[seat].mg
    assert page is not None and page.readers() == [0, seat, other]
    vm = page.view_model()  # (its status line's table: the next deal, its cards open)
    assert vm is not None and host_vm["phase"] == "deal_over" and vm["deal"] == deal + 1 and not vm["moves"]
    for lang, words in both.items():  # every page names the others still reading: the status line, the panel
        cat = Catalog.from_mo(compiled(lang))
        assert read_words(cat, vm, page.readers()) == words.format(f"{name(cat, 0, vm)}, {name(cat, other, vm)}")
        said = wait_words(cat, host_vm, t.table, False, True)
        assert said is not None and said[0] == "you" and said[1].endswith(
            words.format(f"{name(cat, seat, host_vm)}, {name(cat, other, host_vm)}"))
    mover = d.to_move
    assert mover is not None
    f = t.friends.get(mover)
    mg = f.mg if f is not None else None
    if mg is not None:  # a friend's turn: not offered, and refused
        shown = mg.view_model()
        assert mg.page is not None and not mg.my_turn() and shown is not None and shown["moves"] == []
        with pytest.raises(ValueError):
            mg.move(next(iter(mg.page.view(mover).legal)))
    else:  # the host's person's or a bot's
        assert not t.table.view_model(0)["moves"]
        with pytest.raises(ValueError):
            t.table.move(mover, next(iter(t.page.view(mover).legal)))
    t.lingering = {other}  # the host's person and one friend go on: the table still waits for the other
    t.run(until=lambda: t.table.readers() == [other])
    held_steps(t)
    assert not t.page.deal.plays and not t.page.deal.calls and t.counts["moved"] == moved  # type: ignore[union-attr]
    for f in t.friends.values():
        assert f.mg is not None and f.mg.readers() == [other] and not f.mg.my_turn()
    one = {"ru": "Ждём, пока прочтёт итоги: {}…", "uk": "Чекаємо, поки прочитає підсумки: {}…",
           "en": "Waiting for this player to read the results: {}…"}
    vm = page.view_model()
    assert vm is not None
    for lang, words in one.items():
        cat = Catalog.from_mo(compiled(lang))
        assert read_words(cat, vm, page.readers()) == words.format(name(cat, other, vm))
    t.lingering = set()
    t.run(deals=1)
    assert t.table.audited == deal + 1
    t.finish()


def test_a_friend_reading_whose_page_is_away_is_not_waited_for() -> None:
    """A friend who stays on the last deal's result past the turn limit, the next deal's cards open, counts as away
    (the away rules apply, the seat to move is not charged for it) — no longer waited for: the table plays on. So
    is a friend whose page left."""
    t = MentalSim(28, players=4, friends=2, turn_limit=30)
    seat, other = sorted(t.friends)
    t.lingering = {seat}
    t.run(deals=1)
    deal = t.table.audited
    t.run(until=lambda: t.table.held() and t.table.readers() == [seat])
    assert t.lobby.presence()[seat] == "here"
    t.run(until=lambda: not t.table.held(), settle=False)
    assert t.lobby.presence()[seat] == "away" and t.table.readers() == [] and seat in t.lobby.idle
    assert t.clock.now > 30
    t.run(deals=1)
    assert t.table.audited == deal + 1
    t.lingering = {other}
    t.run(until=lambda: t.table.held() and t.table.readers() == [other])
    t.lose(other)
    t.settle()
    assert t.table.readers() == []


def test_a_reader_away_who_presses_im_back_mid_deal_does_not_hold_the_deal_again() -> None:
    """A friend past the turn limit on the last result is away, the host gives the seat a stand-in and the next
    deal is played on; their *I'm back* (``here``, not *Continue*) makes them present again and counts as leaving
    the result — the table is not held again part-way through the deal."""
    t = MentalSim(28, players=4, friends=2, turn_limit=30)
    seat = min(t.friends)
    t.lingering = {seat}
    t.run(deals=1)
    t.asleep, deal = {seat}, t.table.audited
    t.run(until=lambda: t.table.held() and t.table.readers() == [seat])
    t.run(until=lambda: seat in t.lobby.idle, settle=False)
    t.send_to(t.table.stand_in(seat))  # *A bot plays until they are back*

    def played() -> bool:
        d = t.page.deal
        return d is not None and d.number == deal + 1 and len(d.plays) >= 2
    t.run(until=played, settle=False, steps=20000)
    f = t.friends[seat]
    assert f.mg is not None
    t.net.send(f.conn, True, f.mg.guest.here())
    t.settle()
    assert t.lobby.presence()[seat] == "here" and t.table.readers() == [] and not t.table.held()
    t.asleep = t.lingering = set()
    t.run(deals=1)
    assert t.table.audited == deal + 1


def lost_while_reading(reload: bool) -> tuple[MentalSim, int, int]:
    """A table whose friend at its lowest seat reads deal 1's result (the page keeps it: ``kept_result``, its
    memory's ``reading``) when its page is lost (reloaded, or not): the table, the seat, the deal."""
    t = MentalSim(31, players=4, friends=2, faults=Faults(stand_in=0.0))
    seat = min(t.friends)
    t.lingering, t.reload = {seat}, reload
    t.run(deals=1)
    deal = t.table.audited
    mg = t.friends[seat].mg
    assert mg is not None and mg.kept_result() == deal == mg.memory.reading and t.table.reading(seat)
    t.lose(seat)
    t.settle()
    return t, seat, deal


@pytest.mark.parametrize("reload", [True, False])
def test_a_friend_back_while_reading_a_result_finds_it_again_and_the_table_waits_for_them(reload: bool) -> None:
    """A friend whose page reloads (or comes back on a new connection) while a deal's result is shown, before
    their *Continue*: the page shows that result again (its memory keeps it, ``kept_result``) and the host's page
    still waits for them — no card of the next deal is played until they go on."""
    t, seat, deal = lost_while_reading(reload)
    f = t.friends[seat]
    t.rejoin(seat)
    t.settle()
    mg = f.mg
    assert mg is not None and mg.kept_result() == deal and seat in mg.readers()
    assert mg.page is not None and len(mg.page.game.deals) == deal and t.table.reading(seat)
    moved = t.counts["moved"]
    t.run(until=lambda: t.table.held() and t.table.readers() == [seat])
    held_steps(t)
    d = t.page.deal
    assert d is not None and d.number == deal + 1 and not d.plays and not d.calls and t.counts["moved"] == moved
    t.lingering = set()  # their Continue: the table plays on, and the page keeps the result no more
    t.run(deals=1)
    assert t.table.audited == deal + 1 and mg.kept_result() in (0, deal + 1)
    t.finish()


@pytest.mark.parametrize("reload", [True, False])
def test_someone_new_at_a_freed_seat_is_not_held_at_the_result_its_device_last_showed(reload: bool) -> None:
    """A friend's page is lost while its person reads a deal's result; the host gives the seat to someone else,
    who takes it on that same device (a new key: ``Guest.taken``): the result its last person had not left is not
    theirs to read — their page keeps none (``kept_result``), names no reader, and the table does not wait for
    them (a newcomer's page stayed at the last person's result, «the deal is over», while the table played on)."""
    t, seat, deal = lost_while_reading(reload)
    mg = newcomer(t, seat)
    assert mg.guest.taken and mg.memory is not None and mg.memory.reading == 0 and mg.kept_result() == 0
    assert seat not in mg.readers() and not t.table.reading(seat)
    t.lingering = set()
    t.run(deals=1)
    assert t.table.audited == deal + 1
    t.finish()


def test_a_host_page_restored_from_its_save_waits_for_a_friend_still_reading_the_last_result() -> None:
    """The host's page reloaded (its table restored from its save) while a friend's page still shows the last
    deal's result: that friend, back, is waited for as before the reload — until their page says they left it
    (``next``; a page that left it already says so at once: :meth:`MentalGuest.next_owed`)."""
    t = MentalSim(29, players=4, friends=2)
    seat = min(t.friends)
    t.lingering = {seat}
    t.run(deals=1)
    lobby, problem = Lobby.reopen(Host(Session.from_save(t.table.save()), clock=t.clock), t.lobby.saved(), t.clock,
                                  t.rng.randbytes)
    table, ticket = MentalTable(lobby, t.rng.randbytes), t.friends[seat].ticket
    assert problem is None and ticket is not None and table.audited == 1
    g = Guest(t.clock, t.rng.randbytes, room=lobby.room_id)
    for _, text in table.connect("again"):
        g.receive(text or "")
    for _, text in table.receive("again", g.back(ticket)):
        g.receive(text or "")
    assert g.seat == seat and table.reading(seat) and seat in table.readers() and g.reading[seat]
    for _, text in table.receive("again", g.next()):
        g.receive(text or "")
    assert not table.reading(seat) and table.readers() == [] and not g.reading[seat]


def test_a_deal_dealt_again_with_the_friend_whose_page_left_says_that_page_is_back() -> None:
    """The next deal's try is annulled when a friend's page leaves, while the others still read the last result;
    the friend comes back and the deal is dealt again with them: the result panel says their page is back — not,
    as a new user read it, still that it is away. No one had played that deal yet (the table waited for its
    readers): it is said as its shuffle's try, «Тасовка раздачи 3 отменена…», not «Раздача 3 отменена…»."""
    t = MentalSim(29, players=4, friends=2, faults=Faults(stand_in=0.0, away=(1.0, 1.0)))
    seat, other = sorted(t.friends)
    t.lingering = {0, other}
    t.run(deals=1)
    deal = t.table.audited + 1
    t.run(until=lambda: t.table.held())
    t.lose(seat)
    t.settle()
    assert t.table.waiting() == ("annulled", deal, [seat])
    vm = t.table.view_model(0)
    cat = Catalog.from_mo(compiled("ru"))
    gone = {"ru": f"Тасовка раздачи {deal} отменена: {name_mark(seat)} — страница не на связи.",
            "uk": f"Тасування роздачі {deal} скасовано: {name_mark(seat)} — сторінка не на зв’язку.",
            "en": f"Deal {deal}'s shuffle was annulled: {name_mark(seat)}'s page left."}
    for lang, words in gone.items():  # (away now: said so)
        said = wait_words(Catalog.from_mo(compiled(lang)), vm, t.table, False, False)
        assert said is not None and said[1].startswith(words), (lang, said)
    t.run(until=lambda: (t.table.waiting() or ("",))[0] == "again")
    assert t.table.waiting() == ("again", deal, [seat]) and vm["deal"] == deal - 1  # (the result the host reads)
    back = {"ru": f"Тасовка раздачи {deal} отменена: {name_mark(seat)} — потеря связи со страницей; "
                  "связь восстановлена.",
            "uk": f"Тасування роздачі {deal} скасовано: {name_mark(seat)} — втрата зв’язку зі сторінкою; "
                  "зв’язок відновлено.",
            "en": f"Deal {deal}'s shuffle was annulled: {name_mark(seat)}'s page left and is back."}
    for lang, words in back.items():
        cat = Catalog.from_mo(compiled(lang))
        said = wait_words(cat, vm, t.table, False, False)
        assert said is not None and said[0] == "again" and said[1] == f"{words} {cat.t('net.mental.wait_again')}"


def test_a_page_that_left_the_result_by_itself_tells_the_host_so_the_table_does_not_wait_for_it() -> None:
    """A friend's page that leaves the last deal's result without its *Continue* (a result it did not see the deal
    end to is not kept) still tells the host's page (``next``, once): the table never waits for a person who
    has nothing left to press."""
    t = MentalSim(30, players=4, friends=2)
    seat = min(t.friends)
    t.lingering = {seat}
    t.run(deals=1)
    t.run(until=lambda: t.table.held() and t.table.readers() == [seat])
    f = t.friends[seat]
    assert f.mg is not None and f.mg.page is not None and f.mg.next_owed() is None  # (still reading: nothing owed)
    f.mg.person_left = len(f.mg.page.game.deals)  # left by itself
    owed = f.mg.next_owed()
    assert owed is not None and f.mg.next_owed() is None  # once
    t.net.send(f.conn, True, owed)
    t.settle()
    assert t.table.readers() == [] and not t.table.held()


def test_a_host_page_reloaded_at_a_result_hears_at_once_from_friends_who_left_it() -> None:
    """The host's page reloads at a deal's result that both friends left (*Continue*) — its storage missing that they
    did (their ``next`` in flight as it reloaded; else its memory's ``went_on`` says so, and it waits for no one:
    tests/test_web_redeal.py) —: its restored table counts
    each friend's page back as still reading until the page says otherwise, which a page kept open does at once — its
    ``next``, in answer to the ``reading`` that comes with the game so far on its greeting (``MentalGuest.next_owed``):
    one round trip, long before the deal dealt again has its cards open, so no one waits for it. (Simulated at a
    one-way latency of 0.4 s, seeds 3, 5, 7: the ``next`` in 0.9–1.3 s from the page's greeting — the round trip and
    the simulated pages' own steps —, the cards open 2.2–2.6 s after it.)"""
    latency = 0.4
    t = MentalSim(3, players=4, friends=2, faults=Faults(latency=(latency, latency), stand_in=0.0))
    seats = sorted(t.friends)
    t.lingering = {0}  # (the host's person reads on: the table waits, the friends leave the result)
    t.run(deals=1)
    t.run(until=lambda: not any(t.table.reading(s) for s in seats))
    t.kept_went_on = False  # (its storage kept no friend's *Continue*)
    t.reload_host()
    t.run(until=lambda: all(t.lobby.peer_of(s) is not None for s in seats), settle=False)
    assert all(t.table.reading(s) for s in seats) and t.table.readers() == seats  # (until their pages say so)
    t.run(until=lambda: not any(t.table.reading(s) for s in seats), settle=False)
    r = t.page.round
    assert r is None or r.state != "deal"  # (their word came before the deal dealt again has its cards open)
    t.run(until=lambda: t.page.round is not None and t.page.round.state == "deal", settle=False)
    assert t.table.readers() == [] and not t.table.held()
    t.run(deals=1)
    assert t.table.audited == 2
    t.finish()


def test_a_friend_reading_a_result_keeps_it_when_another_friend_is_seated_again() -> None:
    """A friend who took their seat on this connection (a new key) reads a deal's result; another friend's page comes
    back on a new connection, so the host's page sends everyone a ``welcome`` with the names: the reader's page still
    keeps the result it has not left (``kept_result``, its memory's ``reading``) — only the welcome that seats a
    page anew drops it. (The friends' browser test: friend 1 reloaded at deal 1's result, and friend 2, still reading
    it, lost it at the host's reload — their page had forgotten it was reading.)"""
    t = MentalSim(31, players=4, friends=2, faults=Faults(stand_in=0.0))
    seat, other = sorted(t.friends)
    t.lingering = {seat}
    t.run(deals=1)
    deal = t.table.audited
    mg = t.friends[seat].mg
    assert mg is not None and mg.guest.taken and mg.kept_result() == deal and mg.memory.reading == deal
    t.lose(other)
    t.settle()
    t.rejoin(other)
    t.settle()
    assert t.friends[seat].mg is mg and mg.memory.reading == deal and mg.kept_result() == deal
    assert t.table.reading(seat)


def test_while_the_table_waits_for_a_reader_no_page_shows_a_seat_to_move_and_a_card_says_whom_it_waits_for() -> None:
    """The next deal's cards open, the table waiting for a friend still reading the last result: no page — the
    host's own, another friend's — shows a seat to move (a new user's host page showed her own seat highlighted)
    or a card to play, and a click on a card says whom the table waits for, not "wait for your turn"."""
    t = MentalSim(27, players=4, friends=2)
    seat, other = sorted(t.friends)
    t.lingering = {other}
    t.run(deals=1, settle=False)
    mg = t.friends[seat].mg
    t.run(until=lambda: t.table.held() and t.table.readers() == [other] and mg is not None and mg.held()
          and mg.readers() == [other])
    assert mg is not None and t.page.deal is not None and t.page.deal.to_move is not None  # (someone's turn, held)
    one = {"ru": "Ждём, пока прочтёт итоги: {}…", "uk": "Чекаємо, поки прочитає підсумки: {}…",
           "en": "Waiting for this player to read the results: {}…"}
    for vm in (t.table.view_model(0), mg.view_model()):
        assert vm is not None and vm["phase"] != "deal_over" and vm["hand"]
        assert vm["to_move"] is None and not vm["my_turn"] and not vm["moves"]
        assert not [c for c in vm["hand"] if c["legal"]]
        for lang, words in one.items():
            cat = Catalog.from_mo(compiled(lang))
            buttons, _ = hand(vm, cat, {}, None)
            said = words.format(name(cat, other, vm))
            assert {(b.attr("data-said"), b.attr("data-why")) for b in buttons} == {(said, said)}
            assert status(vm, cat, True, None) == ""  # (the page's status line says whom it waits for instead)
    t.lingering = set()
    t.run(until=lambda: not t.table.held())
    vm = t.table.view_model(0)
    assert vm["to_move"] == t.page.deal.to_move  # type: ignore[union-attr]


def test_a_host_page_reloaded_at_a_result_its_person_had_not_left_shows_it_again_and_the_table_waits() -> None:
    """The host's page reloaded while its person reads the last deal's result (its memory kept with the room says
    so: ``reading``): as a friend's page, it shows that result again with its *Continue*, and the next deal waits
    for them — every friend's page is told so — until they go on; one reloaded after its person went on does not."""
    t = MentalSim(29, players=4, friends=2)
    seat = min(t.friends)
    t.lingering = {0}
    t.run(deals=1)
    t.run(until=lambda: t.table.held() and t.table.readers() == [0])
    deal = t.table.audited
    kept = Memory.from_text(t.table.memory().to_text(), t.host.table)
    assert kept.reading == deal

    def reopened(reading: int) -> MentalTable:
        lobby, problem = Lobby.reopen(Host(Session.from_save(t.table.save()), clock=t.clock), t.lobby.saved(),
                                      t.clock, t.rng.randbytes)
        assert problem is None
        return MentalTable(lobby, t.rng.randbytes, rounds=kept.rounds, checks=kept.checks, reading=reading)

    table = reopened(kept.reading)
    assert table.audited == deal and table.person_left == deal - 1 and table.reading(0) and table.readers() == [0]
    assert table.memory().reading == deal  # (reloaded again: still shown)
    ticket = t.friends[seat].ticket
    assert ticket is not None
    g = Guest(t.clock, t.rng.randbytes, room=table.lobby.room_id)
    for _, text in table.connect("again"):
        g.receive(text or "")
    for _, text in table.receive("again", g.back(ticket)):
        g.receive(text or "")
    assert g.seat == seat and g.reading[0]  # the friend's page names the host's person among those reading
    table.person_left = deal  # their Continue
    for _, text in table.tick():
        g.receive(text or "")
    assert 0 not in table.readers() and not g.reading[0] and table.memory().reading == 0
    assert reopened(0).person_left == deal and not reopened(0).reading(0)


def test_a_friend_reloaded_at_a_result_annuls_the_next_deal_on_every_page_that_drew_its_hand_and_each_says_so() -> None:
    """The next deal's cards open and drawn on the host's page and on another friend's (both left the last result),
    the table held for a friend still reading it, whose page reloads (its part of the shuffle gone with it): the
    deal's try is annulled on both pages that drew its hands — each has the event its page says ("Deal 2 is
    annulled and will be dealt again.") — and dealt again; no hand changes unsaid."""
    t = MentalSim(27, players=4, friends=2)
    seat, other = sorted(t.friends)
    t.lingering = {seat}
    t.run(deals=1, settle=False)
    deal = t.table.audited + 1
    mg = t.friends[other].mg
    t.run(until=lambda: t.table.held() and t.table.readers() == [seat] and mg is not None and mg.held())
    assert mg is not None
    drawn = {-1: t.table.view_model(0)["hand"], other: (mg.view_model() or {"hand": []})["hand"]}
    assert all(drawn.values())  # (both pages show their hand of the next deal)
    before = len(t.events)
    t.reload = True
    t.lose(seat)
    t.settle()
    t.rejoin(seat)
    t.run(until=lambda: t.page.round is not None and t.page.round.key[1] > 0 and t.page.round.state == "deal")
    said = {(page, e.kind, e.deal) for page, e in t.events[before:] if e.kind == "annulled"}
    assert said >= {(-1, "annulled", deal), (other, "annulled", deal)}, said
    cat = Catalog.from_mo(compiled("ru"))
    assert cat.t("net.mental.annulled", deal=deal) == f"Раздача {deal} отменена и будет сдана заново."


@pytest.mark.parametrize("cuts", [("host", "friend", "friend"), ("friend", "host", "host")])
def test_each_page_says_whose_page_cut_each_try_of_a_deal(cuts: tuple[str, ...]) -> None:
    """Tries of a deal cut off — by the host's page's reload or a friend's page's (``cuts``, in turn: each page
    twice, after the other or before it), the deal then played to its audit: each page says of each try whose page
    it was — the host's, its own, or the friend's by name — the same cause on every page («1) эта страница…» on a
    friend's page that never reloaded blamed it for the host's reload)."""
    t = MentalSim(26, players=3, friends=2, faults=Faults(stand_in=0.0))
    t.reload = True  # (a friend's page read back from its storage; it says it left a result it kept, as pages do)
    seat, other = sorted(t.friends)
    deal = mid_deal(t, 1)
    for cut in cuts:
        if cut == "host":
            t.reload_host()
        else:
            t.lose(seat)
            t.settle()
            t.rejoin(seat)
        mid_deal(t, 1)
    t.run(until=lambda: t.table.audited == deal)
    host_said = {"host": "reloaded", "friend": "left"}
    friend_said = {"host": "host", "friend": "reloaded"}
    other_said = {"host": "host", "friend": "left"}
    named = {"host": None, "friend": seat}
    n = len(cuts) + 1  # (shuffled: each try cut off, then the one played)
    assert t.page.rounds.why_annulled(deal, n) == [host_said[c] for c in cuts]
    cat = Catalog.from_mo(compiled("ru"))
    for s, said in ((seat, friend_said), (other, other_said)):
        mg = t.friends[s].mg
        assert mg is not None and mg.page is not None
        rounds = mg.page.rounds
        assert rounds.why_annulled(deal, n) == [said[c] for c in cuts], (s, rounds.annulled)
        vm = mg.view_model()
        assert vm is not None
        words = [try_words(cat, why, who, vm) for why, who in zip(rounds.why_annulled(deal, n),
                                                                   rounds.who_annulled(deal, n), strict=True)]
        for cut, w in zip(cuts, words, strict=True):
            if cut == "host":
                assert w == "страница хозяина стола перезагружена или отключена", words
            elif s == seat:
                assert w == "эта страница перезагружена или отключена", words
            else:
                assert name(cat, seat, vm) in w and named[cut] == seat, words
    t.finish()


def test_a_reader_whose_page_is_unloading_is_waited_for_until_its_connection_is_lost() -> None:
    """A friend still reading the last result whose page closes its channel (reloading: *reconnecting* on every page
    at once) holds the next deal as before, while its connection is not lost: no card of it is made meanwhile. Lost,
    it is no longer waited for — still *reconnecting*, its page awaited back (``RETURN_S``)."""
    t = MentalSim(27, players=3, friends=2)
    seat = min(t.friends)
    t.lingering = {seat}
    t.run(deals=1, settle=False)
    t.run(until=lambda: t.table.held() and t.table.readers() == [seat])
    peer = t.lobby.peer_of(seat)
    assert peer is not None
    t.send_to(t.table.closing(peer))
    assert t.lobby.presence()[seat] == "reconnecting" and t.table.readers() == [seat] and t.table.held()
    t.send_to(t.table.lost(peer))
    assert t.lobby.presence()[seat] == "reconnecting" and t.table.readers() == []


def test_a_page_reloaded_at_a_result_says_why_the_next_deals_shuffle_was_annulled_not_that_the_deal_was() -> None:
    """A friend's page reloaded at deal 1's result, while deal 2 was shuffled and dealt (no card or call of it made):
    its result panel said «Раздача 2 отменена.» — no reason, and deal 2 had not begun. It says the try of deal 2's
    shuffle was annulled, and why, in the words of the result panel's list (this page was reloaded)."""
    t = MentalSim(31, players=4, friends=2, faults=Faults(stand_in=0.0))
    seat = min(t.friends)
    t.lingering, t.reload = {seat}, True
    t.run(deals=1)
    deal = t.table.audited + 1
    assert t.page.round is not None and t.page.round.key[:2] == (deal, 0)  # (its try the page was in: annulled)
    t.lose(seat)
    t.settle()
    t.rejoin(seat)
    t.run(until=lambda: t.page.round is not None and t.page.round.key[1] > 0 and t.page.round.state == "deal")
    mg = t.friends[seat].mg
    assert mg is not None and mg.kept_result() == deal - 1
    held = mg.view_model()  # (the next deal's table, held: the page draws the result it kept over it — its words)
    assert held is not None and held["deal"] == deal
    vm = {**held, "deal": deal - 1, "phase": "deal_over"}
    cat = Catalog.from_mo(compiled("ru"))
    said = wait_words(cat, vm, mg, False, mg.held() and seat in mg.readers())
    assert said is not None, mg.waiting()
    assert f"Тасовка раздачи {deal} отменена: эта страница перезагружена или отключена." in said[1], said
    assert f"Раздача {deal} отменена" not in said[1], said


def test_a_deal_under_way_annulled_when_a_friends_page_left_is_said_annulled_not_its_shuffle() -> None:
    """A friend's page lost in the middle of a deal (cards played): the page that already left the last result says
    that deal is annulled — «Раздача 3 отменена: X — страница не на связи.» —, not only its shuffle's try, as a
    deal no one had played yet is said."""
    t = MentalSim(21, players=4, friends=2, faults=Faults(stand_in=0.0, away=(1.0, 1.0)))
    t.run(deals=1)
    deal = mid_deal(t)
    seat, other = sorted(t.friends)
    t.lose(seat)
    t.settle()
    mg = t.friends[other].mg
    assert mg is not None and mg.waiting() == ("annulled", deal, [seat]) and mg.page is not None
    assert mg.page.last_begun and t.page.last_begun
    vm = mg.view_model()  # (the audited game's last result, cleared: the table waits for the friend)
    assert vm is not None and vm["phase"] == "deal_over" and vm["deal"] == deal - 1
    words = {"ru": f"Раздача {deal} отменена: {name_mark(seat)} — страница не на связи.",
             "uk": f"Роздачу {deal} скасовано: {name_mark(seat)} — сторінка не на зв’язку.",
             "en": f"Deal {deal} is annulled: {name_mark(seat)}'s page left."}
    for lang, said in words.items():
        got = wait_words(Catalog.from_mo(compiled(lang)), vm, mg, True, False)
        assert got is not None and got[0] == "annulled" and got[1].startswith(said), (lang, got)



@pytest.mark.parametrize("lang", ["ru", "uk", "en"])
def test_a_stand_in_bot_is_badged_with_its_level_on_a_friends_page_as_on_the_hosts(lang: str) -> None:
    """A friend's seat given to a stand-in bot while the friend is away: every page badges that seat alike — the
    bot's level, which the host's ``welcome`` carries (``stand_in``), after the sign ◆ —; a friend's page said only
    «Бот», not the level the host's page plays it at. A friend's page's own stand-in (away past the turn limit)
    plays at that level too."""
    t = MentalSim(21, players=4, friends=2, faults=Faults(stand_in=1.0, away=(1000.0, 1000.0)), stand_in="medium")
    t.run(deals=1)
    mid_deal(t)
    seat, other = sorted(t.friends)
    t.lose(seat)
    t.send_to(t.table.stand_in(seat))
    t.settle()
    mg = t.friends[other].mg
    assert mg is not None and mg.standin is not None and mg.standin.session.settings["stand_in"] == "medium"
    cat = Catalog.from_mo(compiled(lang))
    host_vm, friend_vm = t.table.view_model(0), mg.view_model()
    assert friend_vm is not None and seat in host_vm["stand_ins"] and seat in friend_vm["stand_ins"]
    badges = [markup(seat_info(vm, cat, seat, frozenset(), "bot")[:1]) for vm in (host_vm, friend_vm)]
    level = cat.t("level.medium")
    assert badges[0] == badges[1] and f"◆ {level}</span>" in badges[1], badges
    assert cat.t("level.long.stand_in_as", level=level) in badges[1] and 'data-bot="medium"' in badges[1]


def test_a_held_view_names_its_readers_in_the_view_model_not_in_each_cards_args() -> None:
    """While the table waits for its readers, each card's reason is ``wait_read`` with no args, and the view model
    says whom it waits for (``readers``, seats: a host's view checked like any, a seat out of the table refused) —
    not a text of seats in every card's args ("1 2")."""
    vm = online_session({}, {"levels": ["human", "online", "online", "hard"]}, random.Random(3)).view_model(0)
    vm = {**vm, "hand": [{"card": "AS", "rank": "A", "suit": "S", "legal": True, "reason": None, "args": None}]}
    held = held_view(vm, [1, 2])
    assert held["readers"] == [1, 2] and held["to_move"] is None and held["moves"] == []
    assert [(c["reason"], c["args"], c["legal"]) for c in held["hand"]] == [(WAIT_READ, None, False)]
    assert check_view(held)["readers"] == [1, 2]
    with pytest.raises(NetError, match="not a seat"):
        check_view({**held, "readers": [4]})
    cat = Catalog.from_mo(compiled("en"))
    buttons, _ = hand(held, cat, {}, None)
    said = read_words(cat, held, [1, 2])
    assert said and {b.attr("data-said") for b in buttons} == {said}


def test_a_friend_back_at_a_result_from_a_stand_in_is_dealt_the_next_deal() -> None:
    """A friend lost mid-deal whose seat the host gave a stand-in (*A bot plays until they are back*), back while the
    table is at that deal's result: the next deal's shuffle waited for the people still reading it — while a
    stand-in holds the seat of a friend away — so it deals them in: their page holds their seat (no stand-in, not
    sitting the deal out) and plays it. A new user watched the bot play the whole next deal."""
    t = MentalSim(21, players=4, friends=2, faults=Faults(stand_in=0.0, away=(1000.0, 1000.0)))
    t.run(deals=1)
    deal = mid_deal(t)
    seat, other = sorted(t.friends)
    friend = back_after_a_stand_in(t, seat)
    friend.back = None  # (not yet: at the deal's result)
    t.lingering = {0, other}
    t.run(until=lambda: t.table.audited == deal)
    assert t.page.round is not None and t.page.round.state == "done"  # no shuffle while a stand-in holds an away
    assert t.table.readers() == [0, other]  # friend's seat and people still read: nothing dealt without them
    t.rejoin(seat)
    t.settle()
    r = t.page.round
    assert r is not None and r.deal == deal + 1 and r.owners[seat] == t.table.page_of(seat)
    assert t.table.sitting_out() == [] and t.lobby.presence()[seat] == "here"
    mg = friend.mg
    assert mg is not None and mg.sits_out() is None
    t.lingering = set()
    t.run(until=lambda: mg.page is not None and mg.page.deal is not None and mg.page.deal.number == deal + 1
          and any(s == seat for s, _ in mg.page.deal.plays))
    t.run(deals=1)
    assert t.table.audited == deal + 1
    t.finish()


@pytest.mark.parametrize("at_once", [True, False])
def test_a_person_seated_before_anything_of_the_deal_in_play_was_played_is_dealt_in(at_once: bool) -> None:
    """A seat freed while the next deal is shuffled and dealt — the host still reading the last result, no card or
    call made —: the deal is dealt again with a stand-in at the host's page; someone new takes the seat while that
    try is being shuffled (``at_once``) or its cards are open, nothing of it played. Nothing was played, so they are
    dealt in: the host's page annuls that try (``seated``, said on every page of it with the newcomer's name) and
    starts the next with their page among the shufflers — no stand-in, not sitting the deal out (a new user's page
    said a bot played the deal for her though no card of it was down) —, and every page audits the deal."""
    t = MentalSim(21, players=4, friends=2, faults=Faults(stand_in=0.0, away=(1000.0, 1000.0)))
    seat, other = sorted(t.friends)
    t.lingering = {0}
    t.run(deals=1)
    t.run(until=lambda: t.table.held())
    deal = t.table.audited + 1
    friend = t.friends[seat]
    t.send_to(t.table.free(seat))
    friend.ticket = None
    if at_once:
        t.rejoin(seat)
    t.settle()
    if not at_once:
        r = t.page.round
        assert r is not None and (r.deal, r.attempt, r.state) == (deal, 1, "deal") and r.owners[seat] == 0
        assert t.table.held()
        t.rejoin(seat)
        t.settle()
    r, mg = t.page.round, friend.mg
    assert r is not None and (r.deal, r.attempt) == (deal, 2) and r.owners[seat] == t.table.page_of(seat)
    assert mg is not None and mg.sits_out() is None and mg.guest.joined_during == deal - 1
    assert t.lobby.presence()[seat] == "here" and t.table.sitting_out() == []
    assert not [e for s, e in t.events if s == seat and e.kind in ("refused", "stood_in")]
    cat = Catalog.from_mo(compiled("ru"), strict=True)
    for side in (t.table, t.friends[other].mg):
        assert side is not None and side.page is not None
        rounds = side.page.rounds
        assert (rounds.annulled[deal][1], rounds.annulled_seat[deal][1], rounds.annulled_name[deal][1]) == (
            "seated", seat, f"P{seat}")
        vm = {**t.table.session.view_model(0), "seat": other}
        said = fill_names(try_words(cat, "seated", seat, vm, f"P{seat}"), vm["names"])
        assert said == f"за стол садится P{seat}"
    t.lingering = set()
    t.run(deals=1)
    assert t.table.page_of(seat) in t.rounds[deal]
    assert mg.checks.deals[deal].code == "audited"
    t.finish()


def test_with_no_friend_away_the_next_deal_is_shuffled_while_its_result_is_read() -> None:
    """The next deal's shuffle runs while the last deal's result is read — no one waits for the deck — when no
    stand-in holds the seat of a friend away."""
    t = MentalSim(21, players=4, friends=2)
    t.lingering = {0, *t.friends}
    t.run(deals=1)
    t.run(until=lambda: t.table.held())
    r = t.page.round
    assert r is not None and r.deal == t.table.audited + 1 and r.state == "deal"


def test_while_a_page_in_the_deal_is_reconnecting_no_one_moves_and_every_page_says_whom_it_waits_for() -> None:
    """Mid-deal, a friend's page closes its channel (reloading or closed: *reconnecting* on every page at once). Its
    keys of the deal go with it — its loss annuls the deal whatever is played meanwhile —, so the table pauses: no
    page offers a move (the host's bots neither) and each refuses one; the other pages name it on the status line
    and a card clicked says it ("Ждём страницу: Петя — переподключается…"). A new user was made to play a card
    for a deal cancelled 2–3 s later. Once its connection is lost the deal is annulled and dealt again, as before."""
    t = MentalSim(27, players=4, friends=2, faults=Faults(stand_in=1.0))
    t.run(deals=1)
    deal = mid_deal(t)
    seat, other = sorted(t.friends)
    peer = t.lobby.peer_of(seat)
    d = t.page.deal
    assert peer is not None and d is not None
    plays, calls = len(d.plays), len(d.calls)
    t.asleep = {seat}  # (its page is unloading: it moves no more)
    t.send_to(t.table.closing(peer))
    t.settle()
    mg = t.friends[other].mg
    assert mg is not None and mg.page is not None
    assert t.table.unloading() == [seat] and mg.unloading() == [seat] and t.table.to_move() is None
    assert not mg.my_turn() and mg.stand_in_turn() is None and mg.hint_request() is None
    words = {"ru": "Ждём страницу: {} — переподключается…", "uk": "Чекаємо на сторінку: {} — "
             "перепідключається…", "en": "Waiting for the page of {}: reconnecting…"}
    for vm in (t.table.view_model(0), mg.view_model()):
        assert vm is not None and vm["moves"] == [] and vm["to_move"] is None and vm["hand"]
        assert all(not c["legal"] and c["reason"] == "wait_page" for c in vm["hand"])
        for lang, said in words.items():
            cat = Catalog.from_mo(compiled(lang))
            assert page_words(cat, vm, t.table.unloading()) == said.format(name(cat, seat, vm))
            card = vm["hand"][0]
            assert refused(vm, cat, card["reason"], card["args"])[1] == said.format(name(cat, seat, vm))
    mover = d.to_move
    assert mover is not None
    legal = next(iter(t.page.view(mover).legal)) if mover in t.page.mine() else None
    if legal is not None:
        with pytest.raises(ValueError):
            t.table.move(mover, legal)
    elif mover == other:
        with pytest.raises(ValueError):
            mg.move(next(iter(mg.page.view(other).legal)))
    at = t.clock.now
    t.run(until=lambda: t.clock.now >= at + 3, settle=False)  # (three seconds of the table's time: nothing moves)
    assert (len(d.plays), len(d.calls)) == (plays, calls) and t.page.deal is d
    t.lose(seat)  # its connection lost: the deal is annulled and dealt again
    t.settle()
    assert t.table.unloading() == [] and t.page.rounds.annulled.get(deal)
    t.asleep = set()
    t.run(deals=1)
    assert t.table.audited == deal
    t.finish()


@pytest.mark.parametrize("lang", ["ru", "uk", "en"])
def test_a_friend_back_while_a_stand_in_finishes_the_deal_is_said_here_on_every_page_and_you_on_their_own(
        lang: str) -> None:
    """A friend back mid-deal after the host gave their seat a stand-in bot: the bot finishes the deal, they play the
    next. A new user's table kept them as «◆ Сильный», «Бот «Сильный» играет за друга, пока он не вернётся» (and
    assumed a gender), and their own seat lost its «Вы»: their presence is ``sitting`` on every page — here, a bot
    finishing the deal —, their seat's badge says both, and their own page's seat says "You" with why in its title."""
    t = MentalSim(21, players=4, friends=2, faults=Faults(stand_in=0.0, away=(1000.0, 1000.0)), stand_in="hard")
    t.run(deals=1)
    deal = mid_deal(t)
    seat, other = sorted(t.friends)
    assert t.lobby.presence()[seat] == "here"
    friend = back_after_a_stand_in(t, seat)
    t.run(until=lambda: friend.mg is not None and friend.mg.page is not None, settle=False)
    t.settle()
    mg, seen = friend.mg, t.friends[other].mg
    assert mg is not None and seen is not None and t.page.deal is not None and t.page.deal.number == deal
    assert t.table.sitting_out() == [seat] and mg.sits_out() == deal and mg.stand_in()
    assert t.lobby.presence()[seat] == seen.guest.presence[seat] == mg.guest.presence[seat] == "sitting"
    cat = Catalog.from_mo(compiled(lang))
    host_vm, seen_vm, own_vm = t.table.view_model(0), seen.view_model(), mg.view_model()
    assert seen_vm is not None and own_vm is not None and seat in host_vm["stand_ins"] and seat in seen_vm["stand_ins"]
    level = cat.t("level.hard")
    badges = [markup(seat_info(vm, cat, seat, frozenset(), "sitting")[:1]) for vm in (host_vm, seen_vm)]
    back = cat.t("level.long.stand_in_back", level=level).replace("«", "&laquo;").replace("»", "&raquo;")
    assert badges[0] == badges[1] and f"● {cat.t('presence.short.here')} ◆ {level}</span>" in badges[1], badges
    assert cat.t("level.long.stand_in_back", level=level) in badges[1] or back in badges[1], badges
    own = markup(seat_info(own_vm, cat, seat, frozenset(), "sitting")[:1])
    assert 'data-level="you"' in own and f">{cat.t('position.south')}</span>" in own, own
    assert cat.t("level.long.stand_in_you_back", level=level) in own, own
    t.run(until=lambda: len(t.page.game.deals) == deal and t.page.round is not None and t.page.round.deal > deal)
    t.settle()
    assert t.lobby.presence()[seat] == "here" and t.table.sitting_out() == []
    for key in ("level.long.stand_in", "level.long.stand_in_as", "level.long.stand_in_back", "presence.long.sitting"):
        words = f" {cat.t(key, level=level)} ".replace(",", " ").replace(":", " ")
        assert not any(f" {he} " in words for he in ("он", "він", "he", "him", "his", "она", "вона", "she")), words


def test_a_friends_page_back_after_its_hosts_reload_offers_no_move_in_the_try_that_reload_cut_off() -> None:
    """The host's page reloads with deal 2 dealt and a friend to move, no card played yet: the friend's page, back on
    a new connection, plays its kept round again — a try its host's page says it lost (``mental``'s ``lost``) — and
    offered its person a move in it before the host's texts ending it came (seed 3): the card went nowhere, and the
    page then said the deal annulled as one under way (``last_begun``) while every other page said its shuffle's try.
    Now the page drops that try as soon as it has its host's game so far — it is over: the host's page lost its
    keys —, no move is offered in it, and every page says the same."""
    t = MentalSim(3, players=4, friends=2, faults=Faults(stand_in=0.0))
    t.run(deals=1, settle=False)

    def to_move() -> list[int]:
        return [f.seat for f in t.friends.values() if f.mg is not None and f.mg.page is not None
                and f.mg.page.deal is not None and f.mg.page.deal.number == 2 and f.mg.my_turn()]

    t.run(until=lambda: bool(to_move()), settle=False)
    assert to_move() and t.page.deal is not None and not t.page.deal.plays
    t.reload_host(reading=True)
    moved: list[tuple[int, tuple[int, int, int]]] = []
    move = t.friend_move

    def friend_move(f: Friend) -> None:
        assert f.mg is not None and f.mg.page is not None and f.mg.page.round is not None
        moved.append((f.seat, f.mg.page.round.key))
        move(f)

    t.friend_move = friend_move  # type: ignore[method-assign]
    kept = {f.seat for f in t.friends.values() if f.all[-1].memory.rounds.held is not None
            and f.all[-1].memory.rounds.held.key[:2] == (2, 0)}
    while not all(f.mg is not None and f.mg.page is not None and f.mg.page.last_annulled is not None
                  for f in t.friends.values()):
        for f in t.friends.values():  # the try it kept is over as soon as the page has its game so far: never
            if f.mg is not None and f.mg.page is not None:  # played on, no move offered in it
                assert not f.mg.page.cut_off() and not f.mg.my_turn()
                r = f.mg.page.round
                if r is not None and r.key[:2] == (2, 0):
                    assert r.state == "annulled"
                    vm = f.mg.view_model()
                    assert vm is not None and not vm["my_turn"] and not any(c["legal"] for c in vm["hand"])
        t.step()
    assert kept == set(t.friends) and [m for m in moved if m[1][:2] == (2, 0)] == []
    for f in t.friends.values():
        assert f.mg is not None and f.mg.page is not None
        assert f.mg.page.last_annulled is not None and f.mg.page.last_annulled[:2] == (2, 0)
        assert not f.mg.page.last_begun, f.seat
    t.run(deals=1)  # (and the deal's next try is played to its end)


@pytest.mark.parametrize("later", [0, 1])
def test_a_friend_back_by_the_link_after_the_table_went_on_without_them_is_shown_the_table_as_it_is(later: int) -> None:
    """A friend's tab closed at a deal's result they had not left; the next deal was dealt with a stand-in in their
    seat (and, ``later``, the one after it too); back by the link (a new page: its memory from its storage), their
    page keeps no older result for *Continue* (``kept_result``): it shows the deal under way — sat out, the host's
    public table of it (``watch``) — and once that deal is over its result, which they read like everyone, the table
    waiting for them. A tester's friend back during deal 5 was shown deal 4's result with «Дальше»; its ``next`` then
    left deal 5's result, which he never saw."""
    t = MentalSim(21, players=4, friends=2, faults=Faults(stand_in=0.0, away=(1000.0, 1000.0)))
    t.reload = True
    seat = min(t.friends)
    f = t.friends[seat]
    t.run(deals=1)
    t.run(until=lambda: f.mg is not None and f.mg.person_left >= 1 and not t.table.reading(seat))
    t.lingering = {seat}
    t.run(deals=1)
    deal = t.table.audited
    assert f.mg is not None and f.mg.kept_result() == deal
    t.close_tab(seat)
    t.send_to(t.table.lost(str(f.conn)))
    t.send_to(t.table.stand_in(seat))
    t.settle()
    assert not t.table.reading(seat)  # (away: not waited for — the table plays on)
    going = deal + 1 + later
    t.run(until=lambda: t.page.deal is not None and t.page.deal.number == going and len(t.page.deal.plays) >= 4)
    t.rejoin(seat)
    t.settle()
    mg = f.mg
    assert mg is not None and mg.page is not None and mg.memory.reading == deal  # (kept from before: stale)
    assert mg.sits_out() == going and mg.kept_result() == 0
    vm = mg.view_model()
    assert vm is not None and vm["deal"] == going and vm["phase"] != "deal_over" and not vm["my_turn"]
    assert seat not in mg.readers() and seat not in t.table.readers()
    t.run(until=lambda: mg.page is not None and len(mg.page.game.deals) == going and t.table.held())
    assert mg.kept_result() == going and seat in mg.readers() and t.table.readers() == [seat]  # (its result: read)
    t.lingering = set()
    t.run(deals=1)
    t.finish()


@pytest.mark.parametrize("resumes", [True, False])
def test_a_seat_given_away_after_the_hosts_reload_is_played_by_its_stand_in(resumes: bool) -> None:
    """A friend's tab closed mid-deal, the host's page reloaded a moment later (its bots' loop held until the table
    waits for no one: ``MentalSim.started``, web/king/net.py ``Online.started``), and the host gives the seat away:
    the deal is dealt again with a stand-in bot in that seat at the host's page, which plays it — the host's choice
    lets the held game go on (``Host.goes_on``, ``Online.resume``). Without that (``resumes`` off) the table froze,
    its stand-in never moving, as a tester's did for three minutes: the simulated table catches it too."""
    t = MentalSim(21, players=4, friends=2, faults=Faults(stand_in=0.0, away=(1000.0, 1000.0)))
    t.run(deals=1)
    deal = mid_deal(t)
    seat = min(t.friends)
    t.close_tab(seat)
    t.reload_host()
    t.settle()
    assert not t.started and not t.host.none_awaited()  # (its bots wait: a friend not back)
    t.resumes = resumes
    t.give_seat(seat, "Ваня")
    t.friends[seat].back = None  # (no one takes it)
    t.settle()
    assert t.host.none_awaited() and t.started == resumes
    if not resumes:
        with pytest.raises(AssertionError, match="steps and the deals are not over"):
            t.run(deals=1, steps=3000)
        assert t.table.audited == deal - 1
        return
    moves = t.counts["bot_views"]
    t.run(deals=1)
    assert t.table.audited == deal and t.counts["bot_views"] > moves  # (its stand-in played the deal dealt again)
    t.finish()


def test_a_friend_reloaded_at_a_result_whose_audit_was_lost_with_its_connection_annuls_no_deal() -> None:
    """A friend's page has every key of deal 2 and audited it (its round done), but its own audit text is lost with
    its connection as it reloads at the deal's result, the host's page and the other friend's still waiting for
    it: back, it sends its audit again (its memory keeps it until its host's game so far records the deal) and the
    deal counts — no page annuls a deal played to its end, and no result panel says it is dealt again. (It said
    it had left the deal before its end: every page annulled the deal played and dealt it again, their panels
    «…раздачи 4 отменена… Раздаём её заново…» under deal 4's result, as a tester's friend's reload at that result
    showed.)"""
    cat = Catalog.from_mo(compiled("ru"))
    t = MentalSim(49, players=4, friends=2, faults=Faults(stand_in=0.0, latency=(0.05, 0.3)))
    t.reload = True
    seat = min(t.friends)
    f = t.friends[seat]
    t.run(deals=1)
    t.run(until=lambda: t.page.deal is not None and t.page.deal.number == 2 and len(t.page.deal.plays) >= 4)
    t.lingering = set(t.friends) | {0}  # (everyone reads deal 2's result: nothing of deal 3 played)

    def done_here() -> bool:
        r = f.mg.page.round if f.mg is not None and f.mg.page is not None else None
        return r is not None and r.key == (2, 0, -1) and r.state == "done"

    t.run(until=done_here, settle=False)
    h = t.page.round
    assert h is not None and h.key == (2, 0, -1) and h.state == "audit"  # (the host's page still waits for it)
    assert f.mg is not None and f.mg.memory.rounds.audits.get((2, 0, -1))  # (kept: the host has not recorded it)
    n = len(t.events)
    t.lose(seat)  # (its audit text in flight lost with it)
    f.back = t.clock.now + 0.3
    said: set[str] = set()
    t.run(until=lambda: t.table.audited == 2 and t.page.round is not None and t.page.round.deal == 3, settle=False)
    for _ in range(200):
        t.step()
        for side, vm in [(t.table, t.table.view_model(0)), *((x.mg, x.mg.view_model()) for x in t.friends.values()
                                                              if x.mg is not None and x.mg.page is not None)]:
            if vm is not None and vm["phase"] == "deal_over":
                w = wait_words(cat, vm, side, False, False)
                said |= {w[1]} if w else set()
    annulled = [(s, e.deal) for s, e in t.events[n:] if e.kind == "annulled"]
    assert annulled == [] and t.page.audits[1].row.deal == 2, annulled
    assert t.table.checks.deals[2].code == "audited" and not t.page.rounds.annulled.get(2)
    assert not [w for w in said if "раздачи 2" in w or "Раздача 2" in w or "заново" in w], said
    t.lingering = set()
    t.run(deals=1)
    t.finish()
