"""Rooms (docs/NET.md, "Rooms"): the table link, seat keys and their proofs, the host's lobby (take a free seat,
take it back with its key, reserved seats, presence, the turn limit, a seat given to someone else) and a
friend's page's defences (a fake host, a flood, a view out of the table's bounds, a second shuffle)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kingcore.errors import KingError
from kingcore.online import Guest, Host, kept_secret, online_session
from kingcore.online.attempts import CONNECT_S, Attempts
from kingcore.online.deal.commit import MAX_SHUFFLE_DEALS, MAX_SHUFFLE_TABLES, Shuffles
from kingcore.online.deal.memory import Memory
from kingcore.online.guest import HOST_FLOOD_LIMIT
from kingcore.online.lobby import BUSY_LOST_S, LOST_S, MAX_PEERS, RECONNECT_GRACE_S, RETURN_S, Lobby
from kingcore.online.messages import check_view
from kingcore.online.room import (
    MAX_TICKETS,
    Ticket,
    check_room,
    new_room,
    own_seat,
    read_fragment,
    read_tickets,
    remember,
    room_fragment,
    room_id,
    ticket_for,
)
from kingcore.web import ONLINE


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def table(players: int = 4, online: tuple[int, ...] = (1, 2), seed: int = 1, **lobby: Any) -> tuple[Lobby, Clock]:
    levels = ["human"] + ["easy"] * (players - 1)
    for seat in online:
        levels[seat] = ONLINE
    session = online_session({"players": players}, {"levels": levels}, random.Random(seed))
    clock = Clock()
    rng = random.Random(seed + 1)
    return Lobby(Host(session, clock), new_room(players, rng.randbytes), clock, rng.randbytes, **lobby), clock


def kinds(outs: list[tuple[str, str | None]], peer: str | None = None) -> list[str | None]:
    return [None if t is None else json.loads(t)["kind"] for p, t in outs if peer is None or p == peer]


class Page:
    """A friend's page on one connection ``peer`` to ``lobby``: a Guest, and what it received."""

    def __init__(self, lobby: Lobby, peer: str, clock: Clock, seed: int = 7, shuffles: Shuffles | None = None) -> None:
        self.lobby, self.peer = lobby, peer
        self.guest = Guest(clock, random.Random(seed).randbytes, room=lobby.room_id, shuffles=shuffles)
        self.got: list[dict[str, Any]] = []
        self.closed = False
        self.deliver(lobby.connect(peer))

    def deliver(self, outs: list[tuple[str, str | None]]) -> None:
        for peer, text in outs:
            if peer != self.peer:
                continue
            if text is None:
                self.closed = True
            else:
                self.got.append(self.guest.receive(text))

    def send(self, text: str) -> list[tuple[str, str | None]]:
        outs = self.lobby.receive(self.peer, text)
        self.deliver(outs)
        return outs

    def last(self, key: str) -> Any:
        return next(out[key] for out in reversed(self.got) if key in out)


# ----- the link, the keys, the tickets -------------------------------------------------------------------

def test_a_room_link_names_the_room_and_a_reserved_seat_and_nothing_else() -> None:
    room = new_room(4, random.Random(3).randbytes)
    assert check_room(room, 4) is room
    link = read_fragment("#" + room_fragment(room["secret"]))
    assert link is not None and link.secret == room["secret"] and link.seat is None
    assert link.room == room_id(room["secret"]) and room["secret"] not in link.room
    seat = read_fragment(room_fragment(room["secret"], 2, room["passes"][2]))
    assert seat is not None and (seat.seat, seat.pass_) == (2, room["passes"][2])
    for bad in ("", "#", "room=", "room=abc", f"room={room['secret']}&seat=2", f"room={room['secret']}&x=1",
                f"room={room['secret']}&room={room['secret']}", f"room={room['secret']}&seat=7&pass={'0' * 16}",
                f"room={room['secret']}&seat=-1&pass={'0' * 16}", f"room={room['secret']}&seat=1&pass=XYZ",
                "join=abc", "room=" + "A" * 300):
        assert read_fragment(bad) is None, bad


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=120))
def test_any_fragment_reads_as_a_link_or_none_and_never_raises(text: str) -> None:
    link = read_fragment(text)
    assert link is None or len(link.secret) == 22


def test_a_saved_room_of_another_shape_is_refused_by_name() -> None:
    room = new_room(3, random.Random(3).randbytes)
    for change, word in (({"secret": "short"}, "secret"), ({"keys": [None, None]}, "keys"),
                         ({"passes": ["zz"] * 3}, "passes"), ({"reserved": [0, 0, 0]}, "reserved")):
        with pytest.raises(KingError, match=word):
            check_room({**room, **change}, 3)
    with pytest.raises(KingError, match="secret, keys"):
        check_room({**room, "extra": 1}, 3)
    with pytest.raises(KingError, match="4 seats"):
        check_room(room, 4)


def test_tickets_keep_the_latest_seat_of_each_room_and_a_damaged_store_costs_only_itself() -> None:
    text = None
    for i in range(MAX_TICKETS + 5):
        text = remember(text, Ticket(f"{i:032x}", f"t{i}", i % 4, "ab" * 32, f"Anna{i}"))
    tickets = read_tickets(text)
    assert len(tickets) == MAX_TICKETS and tickets[0].table == f"t{MAX_TICKETS + 4}"
    again = remember(text, Ticket(f"{MAX_TICKETS + 4:032x}", "new", 3, "cd" * 32, "Anna"))
    assert [t.table for t in read_tickets(again)].count("new") == 1 and len(read_tickets(again)) == MAX_TICKETS
    assert ticket_for(again, f"{MAX_TICKETS + 4:032x}") == Ticket(f"{MAX_TICKETS + 4:032x}", "new", 3, "cd" * 32,
                                                                  "Anna")
    for damaged in ("{", "[1,2]", '{"a":1}', "null", "[" * 5000):
        assert read_tickets(damaged) == []
    mixed = json.dumps([{"room": "0" * 32, "table": "t", "seat": 1, "key": "ab" * 32, "name": "A"}, {"room": 1}])
    assert [t.seat for t in read_tickets(mixed)] == [1]


def test_a_friends_kept_rounds_read_back_and_a_damaged_store_keeps_none() -> None:
    kept = Shuffles()
    for t in range(MAX_SHUFFLE_TABLES + 2):
        for deal in range(MAX_SHUFFLE_DEALS + 3):
            kept.put(f"t{t}", deal, "ab" * 32, "cd" * 32, "ef" * 32)
    back = Shuffles.from_text(kept.to_text())
    assert list(back.tables) == [f"t{t}" for t in range(MAX_SHUFFLE_TABLES + 1, 1, -1)]  # the latest first
    assert sorted(back.tables["t3"]) == list(range(3, MAX_SHUFFLE_DEALS + 3))  # a table's latest deals
    for damaged in ("{", "[1,2]", '{"t":[1]}', '{"t":{"x":[1,2,3]}}', '{"t":{"1":[1]}}', "null", "[" * 5000,
                    '{"a":' * 5000):
        assert not any(Shuffles.from_text(damaged).tables.values()), damaged  # no round kept


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=300) | st.recursive(st.none() | st.integers() | st.text(max_size=5),
                                            lambda c: st.lists(c, max_size=4) | st.dictionaries(st.text(max_size=3), c,
                                                                                                 max_size=4))
       .map(json.dumps))
def test_a_stored_memory_of_any_text_never_raises(text: str) -> None:
    assert isinstance(Shuffles.from_text(text), Shuffles)
    assert Memory.from_text(text, "t1").table == "t1"


# ----- taking a seat, taking it back -----------------------------------------------------------------------

def test_a_friend_takes_a_free_seat_and_gets_its_key_and_another_link_holder_cannot_take_it() -> None:
    lobby, clock = table()
    anna = Page(lobby, "a", clock)
    lobby_fields = anna.last("lobby")
    assert lobby_fields["taken"] == [True, False, False, True] and lobby_fields["presence"] == [None, "free", "free",
                                                                                                None]
    assert anna.guest.free_seats() == [1, 2]
    assert lobby_fields["mental"] is False  # a table dealt by mental poker says so before a friend sits down:
    lobby.host.mental = True
    assert Page(lobby, "m", clock).last("lobby")["mental"] is True
    lobby.host.mental = False
    outs = anna.send(anna.guest.take(1, " Anna "))
    assert kinds(outs, "a")[:2] == ["welcome", "view"]
    key = anna.last("key")
    assert key == lobby.room["keys"][1] and anna.guest.seat == 1 and anna.guest.table == lobby.host.table
    assert lobby.host.session.settings["names"][1] == "Anna" and lobby.presence() == [None, "here", "free", None]
    ticket = anna.guest.ticket("Anna")
    assert ticket is not None and (ticket.room, ticket.seat, ticket.key) == (lobby.room_id, 1, key)
    bob = Page(lobby, "b", clock, seed=8)
    assert bob.guest.free_seats() == [2]
    bob.send(bob.guest.take(1, "Bob"))
    assert bob.last("refused")["reason"] == "seat_taken" and bob.guest.seat is None
    assert lobby.seat_of("b") is None and lobby.host.session.settings["names"][1] == "Anna"
    assert lobby.events() == [("seated", 1)]


def seat_two_lost() -> tuple[Lobby, Clock, Ticket]:
    """A table whose seat 2 Anna took and whose connection was then lost: the lobby, its clock, her ticket."""
    lobby, clock = table()
    anna = Page(lobby, "a", clock)
    anna.send(anna.guest.take(2, "Anna"))
    ticket = anna.guest.ticket("Anna")
    assert ticket is not None
    lobby.lost("a")
    return lobby, clock, ticket


def test_a_friend_takes_the_seat_back_with_its_key_on_a_new_connection_and_knows_the_host_by_its_proof() -> None:
    lobby, clock, ticket = seat_two_lost()
    assert lobby.presence()[2] == "away"
    again = Page(lobby, "a2", clock, seed=9)
    outs = again.send(again.guest.back(ticket))
    assert kinds(outs, "a2")[:2] == ["welcome", "view"] and again.guest.seat == 2 and again.guest.key is None
    assert "error" not in again.got[-1] and lobby.presence()[2] == "here"
    assert lobby.events() == [("seated", 2), ("lost", 2), ("seated", 2)]


def test_a_page_that_asks_for_its_seat_back_again_before_the_welcome_still_knows_the_host() -> None:
    """A code link's page asks for its seat back at every ``lobby`` (a second one comes when the door changes,
    e.g. another friend goes away): the welcome to its first ask must still prove the host to it. Before, each ask
    drew a new nonce, so the first ask's proof failed the page's check against the second one's and the page said
    its host was not the host (``bad_key``) — seen in the mental table's simulation at seeds 9 and 14."""
    lobby, clock, ticket = seat_two_lost()
    again = Page(lobby, "a2", clock, seed=9)
    first, second = again.guest.back(ticket), again.guest.back(ticket)  # the second lobby came before the welcome
    outs = lobby.receive("a2", first)
    lobby.receive("a2", second)
    again.deliver(outs)
    assert again.guest.seat == 2 and not [out for out in again.got if "error" in out], again.got
    assert json.loads(first)["proof"] == json.loads(second)["proof"]  # one ask, said twice


def test_a_wrong_key_takes_no_seat_and_a_page_that_is_not_the_host_is_caught_by_its_proof() -> None:
    lobby, clock = table()
    anna = Page(lobby, "a", clock)
    anna.send(anna.guest.take(1, "Anna"))
    ticket = anna.guest.ticket("Anna")
    assert ticket is not None
    save = lobby.host.session.to_save()
    thief = Page(lobby, "t", clock, seed=10)
    thief.send(thief.guest.back(Ticket(ticket.room, ticket.table, 1, "cd" * 32, "Anna")))
    assert thief.last("refused")["reason"] == "bad_key" and lobby.seat_of("t") is None and lobby.peer_of(1) == "a"
    assert lobby.host.session.to_save() == save
    # a fake host (another lobby of the same table, without the seat's key) answers a back with a welcome of its own
    fake, _ = table()
    fake.host.session.game_id = lobby.host.table  # it copies the table's id from a lobby message
    fake.room["keys"][1] = "ef" * 32
    anna2 = Page(fake, "a", clock, seed=11)
    anna2.send(anna2.guest.back(ticket))  # the fake lobby refuses the proof: its key is not the seat's
    assert anna2.last("refused")["reason"] == "bad_key" and anna2.guest.seat is None
    # and a page that forwards nothing but makes up a welcome is caught by the missing proof of the key
    forged = fake.host.message("welcome", seat=1, table=fake.host.table, rules=str(fake.host.session.game.rules),
                               names=fake.host.names(), levels=fake.host.session.settings["levels"],
                               stand_in="hard", hints=False, key=None, proof="00" * 32, joined_at=0, begun=True,
                               former=[])
    assert anna2.guest.receive(forged)["error"] == "bad_key" and anna2.guest.welcome is None


def test_the_seat_taken_back_on_a_second_connection_sends_the_first_away() -> None:
    lobby, clock = table()
    anna = Page(lobby, "a", clock)
    anna.send(anna.guest.take(1, "Anna"))
    ticket = anna.guest.ticket("Anna")
    assert ticket is not None
    tab = Page(lobby, "a-tab", clock, seed=12)
    outs = tab.send(tab.guest.back(ticket))
    anna.deliver(outs)
    assert anna.last("bye") == "elsewhere" and anna.closed and lobby.peer_of(1) == "a-tab"


def test_a_reserved_seat_takes_only_its_links_holder() -> None:
    lobby, clock = table()
    outs = lobby.reserve(2)
    assert outs == []  # nobody in the lobby yet
    carol = Page(lobby, "c", clock)
    assert carol.last("lobby")["reserved"][2] is True and carol.guest.free_seats() == [1]
    assert carol.guest.free_seats(pass_seat=2) == [1, 2]
    carol.send(carol.guest.take(2, "Carol"))
    assert carol.last("refused")["reason"] == "reserved" and carol.guest.seat is None
    link = read_fragment(lobby.link(2))
    assert link is not None and link.seat == 2
    carol.send(carol.guest.take(2, "Carol", link.pass_))
    assert carol.guest.seat == 2


def test_a_join_screen_follows_the_table_a_seat_taken_a_friend_away_a_seat_freed() -> None:
    lobby, clock = table()
    carol = Page(lobby, "c", clock)  # on the join screen, not seated
    assert carol.last("lobby")["taken"][1:3] == [False, False] and carol.guest.free_seats() == [1, 2]
    anna = Page(lobby, "a", clock)
    carol.deliver(anna.send(anna.guest.take(1, "Anna")))
    shown = carol.last("lobby")
    assert shown["taken"][1] and shown["names"][1] == "Anna" and shown["presence"][1] == "here"
    assert carol.guest.free_seats() == [2] and kinds(lobby.changed(), "c") == []  # nothing new: nothing sent
    carol.deliver(lobby.lost("a"))
    assert carol.last("lobby")["presence"][1] == "away" and carol.guest.free_seats() == [2]
    carol.deliver(lobby.free(1))
    assert carol.last("lobby")["taken"][1] is False and carol.guest.free_seats() == [1, 2]
    assert not carol.last("lobby")["names"][1] and not lobby.host.session.settings["names"][1]  # not "Anna" now
    carol.send(carol.guest.take(1, "Carol"))  # the nonce of its first lobby still holds
    assert carol.guest.seat == 1 and kinds(lobby.changed(), "c") == []


def test_a_lobby_peer_may_only_take_a_seat_and_a_flood_or_too_many_pages_are_sent_away() -> None:
    lobby, clock = table()
    page = Page(lobby, "p", clock)
    take = {"v": 2, "kind": "take", "table": lobby.host.table, "name": "A", "pass": None}
    for text, reason in ((page.guest.next(), "not_seated"),
                         (json.dumps({**take, "n": 99, "table": "other", "seat": 1}), "wrong_table"),
                         (json.dumps({**take, "n": 100, "seat": 0}), "no_seat"), ("[", "not_json")):
        page.send(text)
        assert page.last("refused")["reason"] == reason
    assert lobby.room["keys"] == [None] * 4
    flood = Page(lobby, "f", clock, seed=5)
    outs: list[tuple[str, str | None]] = []
    for _ in range(30):
        outs += lobby.receive("f", flood.guest.ping())
    assert ("f", None) in outs and "f" not in lobby.peers
    pages = [Page(lobby, f"x{i}", clock, seed=i) for i in range(MAX_PEERS)]
    assert pages[-1].closed and pages[-1].last("bye") == "full"


def deal_fairly(lobby: Lobby, pages: dict[str, Page]) -> None:
    """The fair round with every seated page answering, then the deal made and sent."""
    host = lobby.host

    def deliver(outs: list[tuple[str, str | None]]) -> None:
        for page in pages.values():
            page.deliver(outs)

    deliver(lobby.send(host.start_deal("ab" * 32)))
    while True:
        answers = [(page, out.pop(key)) for page in pages.values() for out in page.got for key in ("commit", "reveal")
                   if isinstance(out.get(key), str)]
        if not answers:
            break
        for page, text in answers:
            deliver(lobby.receive(page.peer, text))
    assert host.dealt is not None
    deliver(lobby.send(host.deal()))


# ----- presence -----------------------------------------------------------------------------------------

def test_after_the_hosts_reload_seats_held_are_reconnecting_until_back_or_the_grace_ends() -> None:
    lobby, clock = table()
    anna = Page(lobby, "a", clock)
    anna.send(anna.guest.take(1, "Anna"))
    ticket = anna.guest.ticket("Anna")
    assert ticket is not None
    saved_room, saved_game = lobby.to_save(), lobby.host.session.to_save()
    from kingcore.web import Session
    reloaded = Lobby(Host(Session.from_save(saved_game), clock), saved_room, clock, random.Random(5).randbytes,
                     restored=True)
    assert reloaded.presence() == [None, "reconnecting", "free", None]
    back = Page(reloaded, "a", clock, seed=6)
    back.send(back.guest.back(ticket))
    assert back.guest.seat == 1 and reloaded.presence()[1] == "here"
    reloaded.lost("a")
    assert reloaded.presence()[1] == "away"  # a drop is away at once: never reconnecting after a loss
    other = Lobby(Host(Session.from_save(saved_game), clock), saved_room, clock, restored=True)
    other.tick()
    assert other.events() == []  # (reconnecting within the grace: nothing for the host's panel to open for)
    clock.now += RECONNECT_GRACE_S
    assert other.presence()[1] == "away"
    other.tick()  # the grace over: said once, as a page not back after its goodbye (the host's panel opens)
    assert other.events() == [("gone", 1)]
    other.tick()
    assert other.events() == [] and other.presence()[1] == "away"


def test_every_seated_page_hears_presence_change() -> None:
    lobby, clock = table()
    anna, bob = Page(lobby, "a", clock), Page(lobby, "b", clock, seed=8)
    anna.deliver(anna.send(anna.guest.take(1, "Anna")))
    bob.deliver(outs := bob.send(bob.guest.take(2, "Bob")))
    anna.deliver(outs)
    assert anna.last("presence") == [None, "here", "here", None]
    anna.deliver(lobby.lost("b"))
    assert anna.last("presence") == [None, "here", "away", None]
    anna.deliver(lobby.stand_in(2))
    assert anna.last("presence") == [None, "here", "bot", None]


def test_a_page_whose_channel_closed_shows_reconnecting_until_back_or_its_return_is_over() -> None:
    """A friend's page reloading (its channel closed, said at once: :meth:`Lobby.closing`) is *reconnecting* on
    every page from the close until its page takes the seat back — its old connection's loss, 4 s later, changes
    nothing (a tester saw *reconnecting* 4 s, then *away* 2.5 s, in a 6.5-s reload) — or until :data:`RETURN_S`
    after the close: then *away*, and the host's page told (``gone``), once. A connection lost with no close said is
    *away* at once, as before; a peer not seated changes nothing."""
    lobby, clock = table()
    anna, bob = Page(lobby, "a", clock), Page(lobby, "b", clock, seed=8)
    anna.deliver(anna.send(anna.guest.take(1, "Anna")))
    bob.deliver(outs := bob.send(bob.guest.take(2, "Bob")))
    anna.deliver(outs)
    ticket = bob.guest.ticket("Bob")
    assert ticket is not None and anna.last("presence") == [None, "here", "here", None]
    lobby.events()
    for n, close in enumerate((True, True, False)):
        if close:
            anna.deliver(lobby.closing(bob.peer))
            assert anna.last("presence") == [None, "here", "reconnecting", None]
            clock.now += 4.0
            anna.deliver(lobby.tick())
            assert anna.last("presence") == [None, "here", "reconnecting", None]
        if n != 1:  # (the second time its page is back before its old connection is seen lost)
            anna.deliver(lobby.lost(bob.peer))
            assert anna.last("presence") == [None, "here", "reconnecting" if close else "away", None]
            assert lobby.events() == ([] if close else [("lost", 2)])
        if close:
            clock.now += RETURN_S - 4.0 - 0.5  # (its page back just before its return is over)
            anna.deliver(lobby.tick())
            assert anna.last("presence") == [None, "here", "reconnecting", None] and lobby.events() == []
        bob = Page(lobby, f"b{n}", clock, seed=9 + n)
        anna.deliver(bob.send(bob.guest.back(ticket)))
        assert anna.last("presence") == [None, "here", "here", None]
        assert lobby.events() == [("seated", 2)]
        clock.now += RETURN_S
        anna.deliver(lobby.tick())
        assert lobby.events() == [] and anna.last("presence") == [None, "here", "here", None]
    # a page closed for good: *reconnecting* until RETURN_S after its goodbye, then *away*, said once
    anna.deliver(lobby.closing(bob.peer))
    anna.deliver(lobby.lost(bob.peer))
    clock.now += RETURN_S - 0.1
    anna.deliver(lobby.tick())
    assert anna.last("presence") == [None, "here", "reconnecting", None] and lobby.events() == []
    clock.now += 0.1
    anna.deliver(lobby.tick())
    assert anna.last("presence") == [None, "here", "away", None] and lobby.events() == [("gone", 2)]
    anna.deliver(lobby.tick())
    assert lobby.events() == []
    assert lobby.closing("nobody") == [] and lobby.presence() == [None, "here", "away", None]


def test_a_page_that_said_goodbye_before_the_hosts_reload_is_away_return_s_after_its_goodbye_not_later() -> None:
    """A friend closed their tab and the host's page reloaded 2 s later: every page read *reconnecting* 25–40 s (the
    reloaded host's grace for every seat held, :data:`RECONNECT_GRACE_S`, counted from its return). The host's page
    keeps each goodbye's time with its room (``left``, by its wall clock — its own clock starts again with the page):
    reloaded, it shows that seat *reconnecting* only until :data:`RETURN_S` after the goodbye, then *away* and told
    (``gone``, its choices for the seat offered at once) — never longer than :data:`RETURN_S` after its return (a
    clock set back); a seat gone before the reload is away again at once; a page that said nothing keeps the grace."""
    lobby, clock = table()
    wall = Clock()
    wall.now = 1_800_000_000.0
    lobby.wall = wall
    anna, bob = Page(lobby, "a", clock), Page(lobby, "b", clock, seed=8)
    anna.deliver(anna.send(anna.guest.take(1, "Anna")))
    bob.deliver(bob.send(bob.guest.take(2, "Bob")))
    saved_game = lobby.host.session.to_save()
    from kingcore.web import Session

    def reload(room: str, wall_then: float) -> Lobby:
        clock.now, wall.now = 3.0, wall_then  # (the reloaded page's own clock starts again)
        again, problem = Lobby.reopen(Host(Session.from_save(saved_game), clock), room, clock,
                                      random.Random(5).randbytes, wall=wall)
        assert problem is None
        return again

    lobby.closing(bob.peer)  # Bob's tab closed: goodbye at wall time T
    goodbye = wall.now
    clock.now += 2.0
    wall.now += 2.0
    kept = lobby.saved()
    for back_at, latest in ((goodbye + 4.0, RETURN_S), (goodbye - 3600.0, RETURN_S)):  # (reloaded in 2 s; a clock
        again = reload(kept, back_at)  # set back an hour: never beyond RETURN_S from the return)
        assert again.presence() == [None, "reconnecting", "reconnecting", None]
        assert again.returning() == [2]  # (Anna's page comes back by itself: not awaited as one that left)
        start, waited = clock.now, 0.0
        while again.presence()[2] == "reconnecting":
            clock.now += 0.5
            again.tick()
            waited = clock.now - start
            assert waited <= RETURN_S
        assert again.presence()[2] == "away" and again.events() == [("gone", 2)]
        assert waited <= (latest if back_at < goodbye else RETURN_S - (back_at - goodbye)) + 0.5, waited
        assert again.presence()[1] == "reconnecting"  # (the grace, for a page that said nothing)
        gone = again.saved()
    later = reload(gone, goodbye + 600.0)  # reloaded again ten minutes on: Bob's page is away at once, told again
    later.tick()
    assert later.presence()[2] == "away" and later.events() == [("gone", 2)] and later.returning() == []
    for bad in ({"2": "x"}, {"9": 1.0}, {"x": 1.0}, ["2"], {"2": True}):  # (anything else in ``left``: ignored)
        doc = json.loads(kept)
        doc["left"] = bad
        odd = reload(json.dumps(doc), goodbye + 4.0)
        assert odd.presence()[2] == "reconnecting" and odd.returning() == []


def test_a_joining_page_is_given_longer_to_answer_until_its_first_text_as_seated() -> None:
    """A newcomer's page busy for 4 s (Pyodide loading, the first deal's ciphers) was taken for lost by the host's
    heartbeat and came back on a new connection: a connection is lost after :data:`BUSY_LOST_S` of silence while
    its page joins — in the lobby, and seated until its first text —, after :data:`LOST_S` from then on; a new
    connection for the same seat (its page reloaded) joins again. Time alone changes nothing."""
    lobby, clock = table()
    assert lobby.patience("nobody") == LOST_S and LOST_S < BUSY_LOST_S
    anna = Page(lobby, "a", clock)
    assert lobby.patience("a") == BUSY_LOST_S
    anna.deliver(anna.send(anna.guest.take(1, "Anna")))
    clock.now += 60.0
    lobby.tick()
    assert lobby.patience("a") == BUSY_LOST_S  # (seated, its page still drawing the table: nothing heard yet)
    ticket = anna.guest.ticket("Anna")
    assert ticket is not None
    anna.deliver(anna.send(anna.guest.ping()))
    assert lobby.patience("a") == LOST_S
    lobby.lost("a")
    back = Page(lobby, "a2", clock, seed=9)
    back.deliver(back.send(back.guest.back(ticket)))
    assert lobby.patience("a2") == BUSY_LOST_S and lobby.patience("a") == LOST_S
    back.deliver(back.send(back.guest.ping()))
    assert lobby.patience("a2") == LOST_S


def test_the_tests_hook_takes_a_page_awaited_back_as_gone_at_the_next_tick() -> None:
    lobby, clock = table()
    anna = Page(lobby, "a", clock)
    anna.deliver(anna.send(anna.guest.take(1, "Anna")))
    lobby.closing("a")
    lobby.lost("a")
    lobby.events()
    lobby.returns_over()
    lobby.tick()
    assert lobby.presence()[1] == "away" and lobby.events() == [("gone", 1)]


def test_a_friend_past_the_turn_limit_is_away_and_acting_again_brings_them_back() -> None:
    lobby, clock = table(turn_limit=60)
    anna = Page(lobby, "a", clock)
    anna.send(anna.guest.take(1, "Anna"))
    bob = Page(lobby, "b", clock, seed=8)
    bob.send(bob.guest.take(2, "Bob"))
    host = lobby.host
    pages = {"a": anna, "b": bob}
    deal_fairly(lobby, pages)
    lobby.events()
    # play until a friend is to move
    session = host.session
    rng = random.Random(4)
    while session.game.to_move not in (1, 2):
        seat = session.game.to_move
        assert seat is not None
        vm = session.view_model(seat)
        moves = [m["token"] for m in vm["moves"]] + [c["card"] for c in vm["hand"] if c["legal"]]
        assert session.apply(rng.choice(moves), seat)["ok"]
        for page in pages.values():
            page.deliver(lobby.changed())
    seat = session.game.to_move
    assert seat is not None
    page = anna if seat == 1 else bob
    lobby.tick()
    clock.now += 59
    lobby.tick()
    assert lobby.presence()[seat] == "here"
    clock.now += 1
    lobby.tick()
    assert lobby.presence()[seat] == "away" and ("idle", seat) in lobby.events()
    lobby.stand_in(seat)
    assert lobby.presence()[seat] == "bot" and host.bot_level(seat) is not None
    page.send(page.guest.here())
    assert lobby.presence()[seat] == "here" and host.bot_level(seat) is None and ("back", seat) in lobby.events()


def test_a_seat_given_to_someone_else_sends_its_friend_away_and_its_old_key_and_link_open_nothing() -> None:
    lobby, clock = table()
    anna = Page(lobby, "a", clock)
    anna.send(anna.guest.take(1, "Anna"))
    ticket = anna.guest.ticket("Anna")
    old_link = lobby.link(1)
    anna.deliver(lobby.free(1))
    assert anna.last("bye") == "freed" and anna.closed and lobby.room["keys"][1] is None
    assert ticket is not None
    back = Page(lobby, "a2", clock, seed=3)
    back.send(back.guest.back(ticket))
    assert back.last("refused")["reason"] == "bad_key"
    old = read_fragment(old_link)
    lobby.reserve(1)
    dan = Page(lobby, "d", clock, seed=4)
    assert old is not None
    dan.send(dan.guest.take(1, "Dan", old.pass_))
    assert dan.last("refused")["reason"] == "reserved"
    assert lobby.presence()[1] == "free" and lobby.host.bot_level(1) is None  # the table waits for whoever takes it
    lobby.stand_in(1)  # the host's "a bot plays until someone takes it"
    assert lobby.presence()[1] == "bot" and lobby.host.bot_level(1) is not None and not lobby.taken()[1]
    dan.send(dan.guest.take(1, "Dan", read_fragment(lobby.link(1)).pass_))  # type: ignore[union-attr]
    assert dan.guest.seat == 1 and lobby.presence()[1] == "here" and lobby.host.bot_level(1) is None


def test_a_friend_back_by_the_general_link_to_a_seat_given_away_and_still_free_has_it_as_their_own() -> None:
    """A seat given away that nobody took: its friend, back by the table's general link (no seat in it) and
    refused their key, has it as their own seat — the join screen chooses it and says nothing of its having been
    given away (a tester's friend read «Ваше місце віддано іншому гравцеві» beside her own seat, chosen)."""
    lobby, clock = table()
    anna = Page(lobby, "a", clock)
    anna.send(anna.guest.take(2, "Anna"))
    ticket = anna.guest.ticket("Anna")
    assert ticket is not None
    anna.deliver(lobby.free(2))
    back = Page(lobby, "a2", clock, seed=3)
    back.send(back.guest.back(ticket))
    assert back.last("refused")["reason"] == "bad_key"
    general = read_fragment(lobby.link())
    assert general is not None and general.seat is None
    own = own_seat(general, ticket, back.last("lobby")["table"])
    assert own == 2 and own in back.guest.free_seats()
    reserved = read_fragment(lobby.link(1))
    assert own_seat(reserved, ticket, ticket.table) == 1  # a seat's own link says which
    assert own_seat(general, None, ticket.table) is None and own_seat(general, ticket, "another table") is None


def test_a_seat_given_to_someone_else_loses_its_name_on_every_connected_page_at_once() -> None:
    lobby, clock = table()
    anna, bob = Page(lobby, "a", clock), Page(lobby, "b", clock, seed=8)
    anna.send(anna.guest.take(1, "Anna"))
    bob.deliver(bob.send(bob.guest.take(2, "Bob")))
    deal_fairly(lobby, {"a": anna, "b": bob})
    assert bob.last("view")["names"][1] == "Anna"
    bob.deliver(lobby.free(1))
    assert bob.last("view")["names"][1] == "" == lobby.host.session.view_model(0)["names"][1]  # the default name
    lobby.host.mental = True  # a mental table's pages make their own views: the names come in a new welcome
    carol = Page(lobby, "c", clock, seed=9)
    carol.send(carol.guest.take(1, "Carol"))
    bob.deliver(lobby.free(1))
    assert bob.last("welcome")["names"][1] == ""


# ----- a friend's page defends itself --------------------------------------------------------------------

def test_a_view_out_of_the_tables_bounds_is_refused_quickly_and_changes_nothing() -> None:
    lobby, clock = table()
    anna = Page(lobby, "a", clock)
    anna.send(anna.guest.take(1, "Anna"))
    vm = anna.last("view")
    rules = anna.guest.rules
    assert rules is not None and check_view(vm, rules) is vm
    for change in ({"counts": [10**6] * 4}, {"counts": [9, 8, 8, 8]}, {"deal": 15}, {"players": 5},
                   {"hand_size": 10**9}, {"kitty": 3}):
        bad = {**vm, **change}
        text = lobby.host.message("view", vm=bad, at=99)
        out = anna.guest.receive(text)
        assert out.get("error") == "bad_message", change
    assert anna.guest.vm == vm and anna.guest.at != 99


def test_a_burst_of_host_messages_is_dropped_past_the_flood_limit() -> None:
    lobby, clock = table()
    anna = Page(lobby, "a", clock)
    anna.send(anna.guest.take(1, "Anna"))
    vm = anna.last("view")
    results = [anna.guest.receive(lobby.host.message("view", vm=vm, at=1000 + i)) for i in range(1000)]
    assert sum("view" in r for r in results) <= HOST_FLOOD_LIMIT
    assert results[-1] == {"error": "flood", "message": f"more than {HOST_FLOOD_LIMIT} messages in a second"}
    clock.now += 1.5
    assert "view" in anna.guest.receive(lobby.host.message("view", vm=vm, at=5000))


def test_a_view_older_than_the_one_drawn_is_refused_and_the_move_taken_stays_taken() -> None:
    """A hostile host's burst of copies of a friend's view, still going on after the friend played (a loaded
    machine): the copy, drawn, brought the card played back into the hand, and the friend's next click on it
    answered that older view, refused by the host as ``stale`` — the card stuck in the hand."""
    lobby, clock = table()
    anna = Page(lobby, "a", clock)
    anna.send(anna.guest.take(1, "Anna"))
    bob = Page(lobby, "b", clock, seed=8)
    bob.send(bob.guest.take(2, "Bob"))
    pages = {"a": anna, "b": bob}
    deal_fairly(lobby, pages)
    session, rng = lobby.host.session, random.Random(4)
    while session.game.to_move != 1:
        seat = session.game.to_move
        assert seat is not None
        vm = session.view_model(seat)
        assert session.apply(rng.choice([m["token"] for m in vm["moves"]] + [c["card"] for c in vm["hand"]
                                                                              if c["legal"]]), seat)["ok"]
        for page in pages.values():
            page.deliver(lobby.changed())
    before, at = anna.guest.vm, anna.guest.at
    assert before is not None and before["my_turn"]
    card = next(c["card"] for c in before["hand"] if c["legal"])
    anna.send(anna.guest.intent(card))
    copy = lobby.host.message("view", vm=before, at=at)  # the view before the move, sent after its answer
    after = anna.guest.vm
    assert after is not None and anna.guest.at == at + 1 and card not in [c["card"] for c in after["hand"]]
    assert anna.guest.receive(copy) == {"error": "stale",
                                        "message": f"view {at} is older than the view drawn, {at + 1}"}
    assert anna.guest.vm is after and anna.guest.at == at + 1
    assert anna.guest.receive(lobby.host.message("view", vm=after, at=at + 1))["view"] == after  # the same: drawn


def test_a_second_shuffle_of_a_deal_is_refused_and_said() -> None:
    lobby, clock = table()
    anna = Page(lobby, "a", clock)
    anna.send(anna.guest.take(1, "Anna"))
    deal_fairly(lobby, {"a": anna})
    again = lobby.host.message("commit?", deal=1, host_hash="cd" * 32)
    out = anna.guest.receive(again)
    assert out["unfair"] == 1 and out["code"] == "reshuffle" and "commit" not in out
    earlier = lobby.host.message("commit?", deal=0, host_hash="cd" * 32)
    assert anna.guest.receive(earlier)["code"] == "reshuffle"


@pytest.mark.parametrize("reload", [False, True])
def test_a_host_that_drops_a_friend_mid_round_cannot_have_it_shuffle_the_deal_again(reload: bool) -> None:
    """The host drops a friend's connection while its round takes commitments and asks the page back — kept open,
    or reloaded (its rounds read back from its storage) — for the deal's round again: the same round gets the
    same commitment, another round (the host's new secret) is refused and said."""
    lobby, clock = table()
    anna = Page(lobby, "a", clock)
    anna.send(anna.guest.take(1, "Anna"))
    ticket = anna.guest.ticket("Anna")
    assert ticket is not None
    asked = next(json.loads(t) for p, t in lobby.send(lobby.host.start_deal("ab" * 32)) if p == "a" and t)
    first = anna.guest.receive(lobby.host.message("commit?", deal=asked["deal"], host_hash=asked["host_hash"]))
    lobby.lost("a")
    kept = anna.guest.shuffles
    back = Page(lobby, "a2", clock, seed=9, shuffles=Shuffles.from_text(kept.to_text()) if reload else kept)
    back.send(back.guest.back(ticket))
    same = back.guest.receive(lobby.host.message("commit?", deal=asked["deal"], host_hash=asked["host_hash"]))
    assert json.loads(same["commit"])["hash"] == json.loads(first["commit"])["hash"]
    forgetful = Page(lobby, "a3", clock, seed=11)
    forgetful.send(forgetful.guest.back(ticket))
    other = lobby.host.message("commit?", deal=asked["deal"], host_hash="cd" * 32)  # a new round of the deal
    assert "commit" in forgetful.guest.receive(other)  # a page with no rounds kept would shuffle it again
    refused = Page(lobby, "a4", clock, seed=12, shuffles=Shuffles.from_text(kept.to_text()))
    refused.send(refused.guest.back(ticket))
    out = refused.guest.receive(lobby.host.message("commit?", deal=asked["deal"], host_hash="cd" * 32))
    assert (out["unfair"], out["code"]) == (asked["deal"], "reshuffle") and "commit" not in out
    assert out["why"] == f"the host asked to shuffle deal {asked['deal']} again"


def test_a_hosts_page_reloaded_during_a_round_asks_for_the_same_round_and_its_friend_answers_alike() -> None:
    """The host's page keeps its round's secret (``kept_secret``): reloaded before the round is over, it asks the
    friend's page back for the same round, which answers with the same commitment — no second round — and the
    deal is made."""
    lobby, clock = table()
    anna = Page(lobby, "a", clock)
    anna.send(anna.guest.take(1, "Anna"))
    ticket = anna.guest.ticket("Anna")
    assert ticket is not None
    secret, kept = kept_secret(None, lobby.host.table, 1, random.Random(4).randbytes)
    anna.deliver(lobby.send(lobby.host.start_deal(secret)))
    first = anna.last("commit")
    host = Host(lobby.host.session, clock)  # reloaded: a new host over its save, with its kept room and secret
    again, problem = Lobby.reopen(host, lobby.saved(), clock)
    assert problem is None
    back = Page(again, "a2", clock, seed=9, shuffles=Shuffles.from_text(anna.guest.shuffles.to_text()))
    back.send(back.guest.back(ticket))
    same, _ = kept_secret(kept, host.table, 1, random.Random(5).randbytes)
    assert same == secret
    back.deliver(again.send(host.start_deal(same)))
    assert json.loads(back.last("commit"))["hash"] == json.loads(first)["hash"]  # the same commitment
    while answers := [out.pop(k) for out in back.got for k in ("commit", "reveal") if isinstance(out.get(k), str)]:
        for text in answers:
            back.deliver(again.receive("a2", text))
    assert host.dealt is not None and host.left_out == []
    back.deliver(again.send(host.deal()))
    assert not [out for out in back.got if "unfair" in out or "error" in out]


def test_a_deal_dealt_without_a_connected_page_is_said_and_one_joined_during_a_deal_is_not_blamed() -> None:
    lobby, clock = table()
    anna = Page(lobby, "a", clock)
    anna.send(anna.guest.take(1, "Anna"))
    assert anna.guest.joined_during == 0
    host = lobby.host
    host.session.deal(random.Random(3))  # the host deals the first deal with no round: Anna had no part in it
    anna.deliver(lobby.changed())
    views = [out for out in anna.got if "view" in out]
    assert views[-1].get("unshuffled") == 1 and anna.guest.unshuffled == [1]
    bob = Page(lobby, "b", clock, seed=9)
    bob.send(bob.guest.take(2, "Bob"))  # Bob joins during deal 1: it was dealt before he came
    assert bob.guest.joined_during == 1 and all("unshuffled" not in out for out in bob.got)


def test_a_page_that_comes_while_the_round_takes_commitments_takes_part_in_it() -> None:
    lobby, clock = table()
    anna = Page(lobby, "a", clock)
    anna.send(anna.guest.take(1, "Anna"))
    anna.deliver(lobby.send(lobby.host.start_deal("ab" * 32)))
    bob = Page(lobby, "b", clock, seed=9)
    bob.send(bob.guest.take(2, "Bob"))
    assert any("commit" in out for out in bob.got) and bob.guest.joined_during == 0
    pages = {"a": anna, "b": bob}
    while answers := [(p, out.pop(k)) for p in pages.values() for out in p.got for k in ("commit", "reveal")
                      if isinstance(out.get(k), str)]:
        for page, text in answers:
            for other in pages.values():
                other.deliver(lobby.receive(page.peer, text))
    for page in pages.values():
        page.deliver(lobby.send(lobby.host.deal()))
    assert lobby.host.left_out == [] and all("unshuffled" not in o for p in pages.values() for o in p.got)


def test_the_hosts_reload_reopens_the_kept_room_and_a_damaged_or_foreign_one_gives_a_new_room() -> None:
    lobby, clock = table()
    lobby.room["keys"][1] = "ab" * 32
    kept = lobby.saved()
    again, problem = Lobby.reopen(lobby.host, kept, clock)
    assert problem is None and again.room == lobby.room and again.presence()[1] == "reconnecting"
    other, _ = table(seed=5)
    fresh, problem = Lobby.reopen(other.host, kept, clock)  # the kept room is another table's: not this one's
    assert problem is None and fresh.room["secret"] != lobby.room["secret"] and fresh.room["keys"] == [None] * 4
    for damaged in ("{", json.dumps({"table": lobby.host.table, "room": {"secret": "x"}}), "[" * 3000):
        new, problem = Lobby.reopen(lobby.host, damaged, clock)
        assert new.room["secret"] != lobby.room["secret"] and problem is not None, damaged


def test_a_connection_to_a_page_of_the_room_that_never_opens_is_said_once_by_the_pages_own_clock() -> None:
    """A page of the room tried — its offer answered, or an answer sent — whose connection never comes up (a network
    that lets no direct connection through) left the page with no word: by the page's clock, :data:`CONNECT_S` after
    the first try with nothing up since, the page says it cannot connect — once, until a connection comes up; tries
    that end and begin again (the library's) count from the first."""
    now = [100.0]
    a = Attempts(lambda: now[0])
    assert not a.due()
    a.event("connecting", "pc1")
    now[0] += CONNECT_S - 1
    assert not a.stuck() and not a.due()
    a.event("failed", "pc1")  # the library gives up on it, and tries again
    a.event("connecting", "pc2")
    now[0] += 1
    assert a.stuck() and a.due() and not a.due()  # (said once)
    now[0] += 60
    assert a.stuck() and not a.due()
    a.event("failed", "pc2")
    a.event("connecting", "pc3")
    a.event("connected", "pc3")  # up at last: nothing stuck, and said again if it comes back
    assert not a.stuck() and not a.due()
    a.event("connecting", "pc4")
    now[0] += CONNECT_S
    assert a.due()
    a.event("failed", "pc4")
    a.opened()  # (a page heard on its channels: up too)
    assert not a.stuck()
    a.event("connecting", "pc5")
    a.clear()
    now[0] += CONNECT_S
    assert not a.stuck() and not a.due()


def test_each_page_tried_has_its_own_deadline() -> None:
    """A page tried and never connected is said :data:`CONNECT_S` after its try began, whatever other pages'
    connections do meanwhile: a second friend's page connecting while the first's try hangs neither restarts nor
    cancels it (it did: the host's page said nothing of the stuck friend until the library's next try of it, a
    minute on), and said once, not again when yet another page connects; a shorter deadline (the browser tests'
    hook) counts from the same try."""
    now = [50.0]
    a = Attempts(lambda: now[0])
    a.event("connecting", "rtc1")  # the stuck friend's page: its try hangs
    for k, at in enumerate((1.0, 10.0, CONNECT_S - 0.5)):  # other friends' pages connect meanwhile
        now[0] = 50.0 + at
        a.event("connecting", f"rtc{k + 2}")
        now[0] += 0.3
        a.event("connected", f"rtc{k + 2}")
        assert not a.due()
    now[0] = 50.0 + CONNECT_S
    assert a.stuck() and a.due() and not a.due()
    a.event("connecting", "rtc9")
    a.event("connected", "rtc9")  # one more friend: still stuck, not said again
    assert a.stuck() and not a.due()
    a.event("connected", "rtc1")  # it came up after all
    assert not a.stuck() and not a.due()
    b = Attempts(lambda: now[0], limit=600.0)  # a long deadline, shortened once another page is up
    b.event("connecting", "rtc1")
    now[0] += 5
    b.event("connecting", "rtc2")
    b.event("connected", "rtc2")
    assert not b.due()
    b.limit = 2.0
    assert b.due()


def test_a_connection_that_comes_up_in_time_is_never_said() -> None:
    """Connections that come up within :data:`CONNECT_S` (every one on one network, in a fraction of a second) are
    never said, however many there are; one that fails after another came up counts from its own try."""
    now = [0.0]
    a = Attempts(lambda: now[0])
    for k in range(5):
        a.event("connecting", f"pc{k}")
        now[0] += 0.3
        a.event("connected", f"pc{k}")
        now[0] += CONNECT_S
        assert not a.due()
    a.event("failed", "pc9")  # (a connection never said connecting: nothing)
    a.event("update", "pc9")
    now[0] += CONNECT_S
    assert not a.stuck()
