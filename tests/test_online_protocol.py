"""Friends online, the engine side (issue 19, kingcore.online: host, guest, messages): the protocol's every
kind and refusal, the host's flood limit and stand-in bots, a whole rubber of one host, two guests and a bot
played through the protocol with random intents on the simulated table of ``online_sim`` (each guest's view
always the session's view of its seat, no other seat's unplayed card in any message before its deal is
over), Hypothesis fuzz of every message kind and of random input (the host's save never changes on a
refusal), and hostile view models to a guest."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from online_sim import Clock, Table, view_of

from kingcore.errors import RulesError
from kingcore.game import Phase
from kingcore.online import (
    FLOOD_LIMIT,
    GUEST_KINDS,
    HOST_KINDS,
    MAX_MESSAGE,
    Guest,
    Host,
    Lobby,
    NetError,
    answer_text,
    check_invite,
    check_view,
    decode,
    encode,
    online_session,
    read_answer,
)
from kingcore.online import messages as messages_module
from kingcore.online.deal.commit import Shuffles
from kingcore.online.messages import MAX_MP
from kingcore.web import ONLINE, Session, check_settings, name_problem, stand_in_level
from kingcore.web.prefs import last_name, sort_prefs

LEVELS = ["human", ONLINE, ONLINE, "random"]
NAMES = {1: "Петя", 2: "Olga"}
HEX = "ab" * 32
Outs = list[tuple[int, str | None]]


def new_table(seed: int = 1, hints: bool = False) -> Table:
    """The host's page at seat 0, friends Петя and Olga at seats 1 and 2 joined, a bot at seat 3."""
    return Table(seed, levels=list(LEVELS), names=dict(NAMES), hints=hints)


def dealt_table() -> Table:
    """:func:`new_table`, its first deal made through the fair round."""
    t = new_table()
    t.deal()
    return t


def to_a_friends_turn(t: Table, phase: Phase | None = None) -> int:
    """The host's page and the bot play on (the friends answer their own views) until a friend is to move
    (in ``phase``); that friend's seat."""
    game = t.game
    t.run(until=lambda: game.to_move in t.pages and phase in (None, game.phase))
    assert game.to_move is not None
    return game.to_move


def stale(g: Guest, token: str) -> str:
    """An intent of ``g`` answering the view before its last one."""
    g.at -= 1
    try:
        return g.intent(token)
    finally:
        g.at += 1


def refusal(outs: Outs) -> str | None:
    """The reason of the first ``refused`` among ``outs``."""
    for _, text in outs:
        if text is not None and '"kind":"refused"' in text:
            return str(json.loads(text)["reason"])
    return None


# ----- the messages ---------------------------------------------------------------------------------------

GUEST_SAMPLES: dict[str, dict[str, Any]] = {
    "take": {"table": "abc", "seat": 1, "name": "Olga", "pass": None},
    "back": {"table": "abc", "seat": 1, "nonce": "0f" * 16, "proof": HEX}, "here": {},
    "intent": {"token": "QS", "at": 3}, "next": {},
    "hint": {"at": 0}, "commit": {"deal": 1, "hash": HEX}, "reveal": {"deal": 1, "secret": HEX},
    "mp": {"to": None, "text": '{"kind":"mp_lock"}'}, "ping": {}}


def test_every_guest_kind_reads_and_every_bad_field_is_refused() -> None:
    assert set(GUEST_SAMPLES) == set(GUEST_KINDS)
    for kind, fields in GUEST_SAMPLES.items():
        doc = decode(encode(kind, 5, **fields), "guest")
        assert doc == {"v": 2, "kind": kind, "n": 5, **fields}
        for name in fields:
            missing = {k: v for k, v in fields.items() if k != name}
            with pytest.raises(NetError, match="is missing"):
                decode(encode(kind, 5, **missing), "guest")
            bads: tuple[Any, ...] = (None, [], {"x": 1}, True, -1, "x" * 5000, 10**30 if name != "at" else "7")
            if name in ("pass", "to"):  # a take without a reserved seat's pass says null; an mp for every page too
                bads = bads[1:]
            if name == "text":  # a mental-poker text may be long, not longer than MAX_MP
                bads = (None, [], {"x": 1}, True, -1, "x" * (MAX_MP + 1), "a\x00b")
            for bad in bads:
                with pytest.raises(NetError) as e:
                    decode(encode(kind, 5, **{**fields, name: bad}), "guest")
                assert e.value.reason in ("bad_message", "bad_name", "not_json") and e.value.n in (5, None)
        with pytest.raises(NetError, match="unknown field 'extra'"):
            decode(encode(kind, 5, **fields, extra=1), "guest")
        if kind not in HOST_KINDS:  # ``hint`` is both, with other fields
            with pytest.raises(NetError, match="unknown kind"):
                decode(encode(kind, 5, **fields), "host")  # a guest's kind is no host's kind


@pytest.mark.parametrize(("text", "reason"), [
    ('{"v":2,"kind":"ping"}', "bad_message"), ('{"v":2,"kind":"ping","n":-1}', "bad_message"),
    ('{"v":2,"kind":"ping","n":true}', "bad_message"), ('{"v":2,"kind":"ping","n":1.0}', "bad_message"),
    ('{"v":true,"kind":"ping","n":1}', "version"), ('{"v":"1","kind":"ping","n":1}', "version"),
    ('{"kind":"ping","n":1}', "version"), ('{"v":3,"kind":"ping","n":1}', "version"),
    ('{"v":2,"kind":"pong","n":1}', "bad_message"), ('{"v":2,"kind":7,"n":1}', "bad_message"),
    ("[1]", "bad_message"), ("nope", "not_json"), ('{"v":2', "not_json"), ("[" * 100, "not_json"),
    ('{"v":2,"kind":"ping","n":' + "9" * 40 + "}", "not_json"),
    ('{"v":2,"kind":"take","n":1,"name":"a\\u202eb","table":"t","seat":1,"pass":null}', "bad_name"),
    ('{"v":2,"kind":"take","n":1,"name":"a\\u202eb","table":"t","seat":1,"pass":null}', "bad_name"),
    ('{"v":2,"kind":"take","n":1,"name":"' + "x" * 21 + '","table":"t","seat":1,"pass":null}', "bad_name"),
    ('{"v":2,"kind":"commit","n":1,"deal":1,"hash":"' + "AB" * 32 + '"}', "bad_message"),
])
def test_a_bad_message_is_refused_with_its_reason(text: str, reason: str) -> None:
    with pytest.raises(NetError) as e:
        decode(text, "guest")
    assert e.value.reason == reason and str(e.value).startswith(reason + ": ")


def test_a_long_message_is_refused_before_it_is_parsed(monkeypatch: pytest.MonkeyPatch) -> None:
    def never(*_: Any) -> None:
        raise AssertionError("parsed")

    monkeypatch.setattr(messages_module, "json_loads", never)
    with pytest.raises(NetError) as e:
        decode('{"v":2,"kind":"ping","n":1,"pad":"' + "x" * MAX_MESSAGE + '"}', "guest")
    assert e.value.reason == "too_long"
    with pytest.raises(NetError, match="must be text"):
        decode(b'{"v":2}', "guest")


def test_every_host_kind_reaches_a_guest() -> None:
    t = new_table()
    t.deal()
    t.run(deals=1)
    kinds = {json.loads(text)["kind"] for _, text in t.log}
    g = t.guest(1)
    assert g.receive(encode("pong", 10_000)) == {"pong": True}
    assert g.receive(encode("hint", 10_001, token="QS", at=1)) == {"hint": "QS"}
    assert g.receive(encode("refused", 10_002, reason="stale", of=3, args=None))["refused"]["reason"] == "stale"
    assert g.receive(encode("bye", 10_003, reason="flood")) == {"bye": "flood"}
    assert g.receive(encode("pong", 10_003)) == {"error": "replayed", "message": "n 10003 is not above 10003"}
    vm = next(v for seat, text in t.log if seat == 1 and (v := json.loads(text).get("vm")) and v["hand"])
    got = g.receive(encode("watch", 10_004, vm=vm))  # a public table (``watch``) holds no hand: one that does is
    assert got["error"] == "bad_message" and "public table" in got["message"] and g.watch is None  # refused
    public = {**vm, "hand": [], "moves": [], "my_turn": False}
    deal, n = vm["deal"], 10_005
    for joined, bad in [(0, {}), (deal, {"deal": deal + 1}), (deal + 1, {}), (deal, {"pass_to": 1}),
                        (deal, {"final": {"totals": [0] * vm["players"]}}), (deal, {"phase": "draw_dealer"})]:
        g.joined_during = joined  # only the public table of the deal this page sits out (or of the one before it,
        got = g.receive(encode("watch", n, vm={**public, **bad}))  # over: that deal's try annulled) is taken
        assert got.get("error") == "bad_message" and g.watch is None, (joined, bad)
        n += 1
    g.joined_during = deal + 1
    before = {**public, "phase": "deal_over"}
    assert g.receive(encode("watch", n, vm=before)) == {"watch": before} and g.watch == before
    g.joined_during = deal
    assert g.receive(encode("watch", n + 1, vm=public)) == {"watch": public} and g.watch == public
    mental = {"mental", "mp", "reading", "watch"}  # a mental table's (tests/test_online_mentaltable.py)
    assert kinds | {"pong", "hint", "refused", "bye", "welcome", "commit?", "reveal?"} | mental == set(HOST_KINDS)


def legal_tokens(vm: Any) -> list[str]:
    return [c["card"] for c in vm["hand"] if c["legal"]] + [m["token"] for m in vm["moves"]]


# ----- the host ---------------------------------------------------------------------------------------------

def test_joins_names_and_invites() -> None:
    t = new_table()
    host, lobby = t.host, t.lobby
    assert host.session.settings["names"] == ["", "Петя", "Olga", ""]
    g2 = t.guest(2)
    assert g2.welcome is not None and g2.welcome["names"] == ["", "Петя", "Olga", None]
    assert g2.vm == view_of(t.session, 2) and view_of(t.session, 2)["names"] == ["", "Петя", "Olga", None]
    invite = lobby.invite(1)
    assert invite == {"v": 2, "table": host.table, "seat": 1, "players": 4, "rules": "king()", "host": "",
                      "hints": False, "id": invite["id"], "name": "Петя", "room": lobby.room_id,
                      "pass": lobby.room["passes"][1]}  # Re-invite: the friend's name kept
    assert len(invite["id"]) == 16 and lobby.invite(1)["id"] != invite["id"]
    with pytest.raises(NetError):
        lobby.invite(3)
    g = Guest()
    g.receive(lobby.connect("new")[0][1] or "")
    take = {"table": host.table, "name": "A", "pass": None}
    for text, reason in [(encode("take", 1, **take, seat=3), "no_seat"),
                         (encode("take", 2, **{**take, "table": "other"}, seat=1), "wrong_table"),
                         (encode("take", 3, **take, seat=2), "seat_taken"), (encode("next", 4), "not_seated"),
                         ("garbage", "not_json"), (encode("take", 9, **{**take, "name": "a\u202eb"}, seat=1),
                                                   "bad_name")]:
        before = host.session.to_save()
        outs = lobby.receive("new", text)
        assert refusal(outs) == reason and host.session.to_save() == before and lobby.seat_of("new") is None


def test_an_invite_takes_one_answer() -> None:
    """A reused invite (a tester's find): a second answer to one offer, or an answer for a seat whose friend is
    connected, is refused with its reason; a double click's second answer is ignored while the first is
    applied; a code that was no answer leaves the invite open; a new invite takes an answer again."""
    session = online_session({}, {"levels": list(LEVELS)}, random.Random(3))
    lobby = Lobby.new(Host(session, clock=Clock()), random.Random(4).randbytes)
    tag = read_answer(answer_text("sdp", lobby.invite(1)))[1]
    assert lobby.take_answer(1, tag) is None  # the first answer: applied
    assert lobby.take_answer(1, tag) == "applying"  # a double click meanwhile: ignored
    lobby.answer_done(1, ok=False)  # not an answer to this invite: the invite still takes one
    assert lobby.take_answer(1, tag) is None
    lobby.answer_done(1, ok=True)
    assert lobby.take_answer(1, tag) == "invite_used"  # a second person's answer to the same link
    invite = lobby.invite(1)  # Re-invite: a new offer
    tag = read_answer(answer_text("sdp", invite))[1]
    assert lobby.take_answer(1, tag) is None
    lobby.answer_done(1, ok=True)
    seat_friend(lobby, "p1", 1, "Петя", invite["pass"])
    assert lobby.take_answer(1, tag) == "seat_taken"
    tag = read_answer(answer_text("sdp", lobby.invite(1)))[1]
    assert lobby.take_answer(1, tag) == "seat_taken"  # a friend is at the seat: no answer for it, new link or not
    with pytest.raises(NetError):
        lobby.take_answer(0, tag)


def seat_friend(lobby: Lobby, peer: str, seat: int, name: str, pass_: str | None = None) -> Guest:
    """A friend's page on a new connection ``peer`` that takes ``seat`` (with the invite's ``pass_``)."""
    g = Guest()
    for _, text in lobby.connect(peer):
        assert text is not None
        g.receive(text)
    for _, text in lobby.receive(peer, g.take(seat, name, pass_)):
        assert text is not None
        g.receive(text)
    assert g.seat == seat
    return g


def test_a_wrong_answer_leaves_the_invite_open() -> None:
    """A tester's find: West's answer pasted in North's box, or the answer to an older link, used the invite
    up in silence and the real friend's answer was then refused. Each answer names its invite; one for another
    seat, an older invite, another table or none is refused before the invite is used: the right answer still
    connects."""
    session = online_session({}, {"levels": ["human", "online", "online", "online"]}, random.Random(3))
    lobby = Lobby.new(Host(session, clock=Clock()), random.Random(4).randbytes)
    old = read_answer(answer_text("sdp", lobby.invite(1)))[1]
    north = lobby.invite(2)
    west_invite = lobby.invite(1)
    west = read_answer(answer_text("sdp", west_invite))[1]
    other = Lobby.new(Host(online_session({}, {"levels": list(LEVELS)}, random.Random(4)), clock=Clock()))
    foreign = read_answer(answer_text("sdp", other.invite(1)))[1]
    for tag, why in [(west, "other_seat"), (north, "not_answer"),
                     ({"table": lobby.host.table, "seat": 2, "invite": old["invite"]}, "old_invite"),
                     (foreign, "other_table"), (None, "not_answer"), ({**west, "seat": "2"}, "not_answer")]:
        assert lobby.take_answer(2, tag) == why, tag
    assert lobby.take_answer(1, old) == "old_invite"
    assert lobby.take_answer(2, read_answer(answer_text("sdp", north))[1]) is None  # North's own answer
    assert lobby.take_answer(1, west) is None
    lobby.answer_done(1, ok=True)
    seat_friend(lobby, "p1", 1, "Петя", west_invite["pass"])
    assert lobby.take_answer(2, west) == "seat_taken"  # a second person's answer to West's used link, in North's
    # box (a tester's find: it said "paste it in West's box", but West's friend is playing: no box is left)
    for text in ["sdp only", '{"sdp": "x"}', json.dumps({"sdp": 1, "answer": west}),
                 json.dumps({"sdp": "x", "answer": {**west, "invite": "XYZ"}}), "x" * 70_000]:
        with pytest.raises(NetError):
            read_answer(text)


def test_every_refusal_of_a_connected_guest_changes_nothing() -> None:
    t = dealt_table()
    host, clock = t.host, t.clock
    seat = to_a_friends_turn(t)
    g, other = t.guest(seat), t.guest(3 - seat)
    assert g.vm is not None
    hand = {c["card"]: c["reason"] for c in g.vm["hand"]}
    wrong = next((card for card, why in hand.items() if why is not None), None)
    cases = [(g, g.intent("XYZ"), "bad_token"), (other, other.intent("QS"), "not_your_turn"),
             (g, stale(g, legal_tokens(g.vm)[0]), "stale"),
             (g, encode("ping", 1), "replayed"), (g, g.next(), "wrong_phase"), (g, g.hint(), "hints_off"),
             (g, g._msg("take", table=t.host.table, seat=seat, name="again", **{"pass": None}), "joined"),
             (g, g._msg("commit", deal=1, hash=HEX), "wrong_phase"),
             (g, g._msg("reveal", deal=9, secret=HEX), "wrong_phase"), (g, "{}", "version"), (g, "", "not_json"),
             (g, " " * (MAX_MESSAGE + 1), "too_long"), (g, g._msg("intent", token="QS"), "bad_message")]
    if wrong is not None:
        cases.append((g, g.intent(wrong), str(hand[wrong])))
    before = host.session.to_save()
    for guest, text, reason in cases:
        clock.now += 1.0
        outs = host.receive(guest.seat, text)
        assert refusal(outs) == reason, (text, outs)
        assert host.session.to_save() == before
    assert host.receive(seat, g.ping())[0][1] is not None and host.receive(0, g.ping()) == [(0, None)]
    answer = host.receive(seat, g.intent(legal_tokens(g.vm)[0]))
    assert refusal(answer) is None and host.session.to_save() != before


def test_a_flooding_guest_is_refused_then_dropped() -> None:
    t = dealt_table()
    host, clock, g = t.host, t.clock, t.guest(1)
    clock.now += 2.0
    answers = [host.receive(1, g.ping()) for _ in range(2 * FLOOD_LIMIT + 1)]
    assert all(refusal(a) is None for a in answers[:FLOOD_LIMIT])
    assert all(refusal(a) == "flood" for a in answers[FLOOD_LIMIT:2 * FLOOD_LIMIT])
    assert '"reason":"flood"' in str(answers[-1][0][1]) and answers[-1][1] == (1, None)
    assert host.receive(1, g.ping()) == [(1, None)] and 1 not in host.guests
    clock.now += 1.5  # the other guest, at 20 a second, is never refused
    for _ in range(3 * FLOOD_LIMIT):
        clock.now += 1 / FLOOD_LIMIT + 0.001  # just under the limit
        assert refusal(host.receive(2, t.guest(2).ping())) is None


def test_hints_when_the_host_allows_them() -> None:
    t = new_table(hints=True)
    t.deal()
    host = t.host
    seat = to_a_friends_turn(t)
    guests = {s: t.guest(s) for s in t.pages}
    assert refusal(host.receive(seat, guests[seat].hint())) is None and host.hint_wanted == [seat]
    assert refusal(host.receive(3 - seat, guests[3 - seat].hint())) == "not_your_turn"
    assert guests[seat].receive(str(host.hint(seat, "AS")[0][1])) == {"hint": "AS"} and host.hint_wanted == []
    # the host's bots found none: the friend is told, not left "Thinking…"
    assert refusal(host.receive(seat, guests[seat].hint())) is None
    told = host.no_hint(seat)
    assert [s for s, _ in told] == [seat] and host.hint_wanted == [] and host.no_hint(seat) == []
    assert guests[seat].receive(str(told[0][1]))["refused"]["reason"] == "no_hint"
    # the host's box changed mid-game: every connected friend learns it at once, not at its next join
    before = host.session.to_save()
    assert refusal(host.receive(seat, guests[seat].hint())) is None
    outs = host.allow_hints(False)
    assert sorted(s for s, _ in outs) == sorted(guests) and host.hint_wanted == []
    for s, text in outs:
        assert guests[s].receive(str(text))["welcome"]["hints"] is False
    assert refusal(host.receive(seat, guests[seat].hint())) == "hints_off"
    assert all(guests[s].receive(str(x))["welcome"]["hints"] is True for s, x in host.allow_hints(True))
    assert host.session.to_save() == before


def test_leave_stand_in_and_rejoin() -> None:
    t = dealt_table()
    host = t.host
    left = t.lose(1, stand_in=False)  # the others hear that seat 1 is away
    assert [json.loads(str(text))["seats"] for _, text in left] == [[None, "away", "here", None]]
    assert 1 not in host.guests
    assert host.bot_level(1) is None and host.bot_level(3) == "random" and host.bot_level(0) is None
    host.stand_in(1)
    assert host.bot_level(1) == host.session.settings["stand_in"]
    saved = Session.from_save(host.session.to_save())  # the host's reload keeps the stand-in
    assert stand_in_level(saved.settings, 1) == saved.settings["stand_in"]
    with pytest.raises(NetError):
        host.stand_in(2)  # connected
    t.changed()
    t.rejoin(1)
    t.settle()
    assert host.bot_level(1) is None and t.guest(1).vm == view_of(t.session, 1)


def test_every_seat_connected_however_it_got_there() -> None:
    """The host's invite panel closes itself when every online seat is connected (``Host.all_connected``):
    after the first invites, and again after a lost friend's re-invite (a tester's find: it stayed open)."""
    t = Table(2, levels=list(LEVELS), join=False)
    host = t.host
    assert not host.all_connected() and not host.none_awaited()  # the seats wait for their friends
    t.rejoin(1)
    t.settle()
    assert not host.all_connected() and not host.none_awaited()
    t.rejoin(2)
    t.settle()
    assert host.all_connected()
    t.lose(1, stand_in=True)
    assert not host.all_connected() and host.none_awaited()  # a bot plays the seat: the table waits for no one
    t.rejoin(1)
    t.settle()
    assert host.all_connected() and host.none_awaited()


def test_a_friends_page_learns_which_seat_a_stand_in_bot_plays() -> None:
    """A tester's find (f1): a friend's page labelled a stand-in bot's seat "Friend" — the view model
    carried no stand-in mark. Now every seat's view names the seats a stand-in plays, and only those."""
    t = dealt_table()
    assert t.guest(2).vm is not None and t.guest(2).vm["stand_ins"] == []
    t.lose(1, stand_in=True)  # the host's page commits the change: every view that changed goes
    t.settle()
    assert t.guest(2).vm["stand_ins"] == [1] and view_of(t.session, 0)["stand_ins"] == [1]
    t.rejoin(1)
    t.settle()
    again = t.guest(1)
    assert t.guest(2).vm["stand_ins"] == [] and again.vm is not None and again.vm["stand_ins"] == []


@pytest.mark.parametrize("kept", [True, False])
def test_a_guest_that_rejoins_mid_deal_checks_that_deal_by_the_part_it_kept(kept: bool) -> None:
    """A friend's page reloaded while deal 1 is in play (a new ``Guest``, its rounds read back from its storage):
    the round it revealed its secret in is kept, and at the deal's end it checks the deal as the friend who was
    there all along does. A page that kept nothing (another device, its storage cleared) has that deal "not
    checked" (``Guest.unchecked``), never an error."""
    t = dealt_table()
    game = t.game
    t.session.apply(str(game.legal_moves()[0]), game.to_move or 0)  # mid-deal
    t.changed()
    t.settle()
    t.lose(1, stand_in=False)
    t.pages[1].shuffles = Shuffles.from_text(t.pages[1].shuffles.to_text() if kept else None)  # the reload
    t.rejoin(1)
    first = len(t.answers)
    t.run(deals=1)  # no "error" and no "unfair" (the table checks it)
    assert game.phase is Phase.DEAL_OVER
    again = t.guest(1)
    assert again.joined_during == 1
    if kept:
        assert (1, {"dealt": 1}) in t.answers[first:] and again.fair == [1] and again.unchecked == []
    else:
        assert (1, {"dealt": 1, "checked": False}) in t.answers[first:]
        assert again.unchecked == [1] and again.fair == [] and again.forgotten == []  # it kept nothing
    assert t.guest(2).fair == [1] and t.guest(2).unchecked == []


def test_a_deal_whose_round_the_hosts_reload_forgot_is_not_checked_on_the_pages_that_came_back() -> None:
    """The host's page reloaded mid-deal (its fair round's secrets are not in its save: no ``dealt`` at the
    deal's end) and a friend's page came back during the deal: the record at the deal's end makes that deal
    "not checked" for it (``Guest.unchecked``), never checked and never unfair."""
    t = dealt_table()
    game = t.game
    t.session.apply(str(game.legal_moves()[0]), game.to_move or 0)  # mid-deal
    t.changed()
    t.settle()
    for seat in (1, 2):  # the host's reload: every friend's connection lost, and back on a new one
        t.lose(seat, stand_in=False)
    t.host._done_rounds.clear()  # what the host's reload forgets
    for seat in (1, 2):
        t.rejoin(seat)
    first = len(t.answers)
    t.run(deals=1)
    assert game.phase is Phase.DEAL_OVER
    assert any("record" in out for _, out in t.answers[first:])
    assert all("dealt" not in out and "unfair" not in out for _, out in t.answers[first:])
    for seat in (1, 2):
        again = t.guest(seat)
        assert again.joined_during == 1 and again.unchecked == [1] and again.fair == []
        assert again.forgotten == [1]  # it was in the round: said as the host's loss, not "not at the table"


def test_a_friend_joins_with_a_name_and_the_device_keeps_it() -> None:
    """A tester's find (h23): an empty name on the join screen silently became "Player 3". It is said now
    (``name_problem(required=True)``), and the name a device joined with last fills the next join screen."""
    assert name_problem(["  "], required=True) == (0, "empty", {})
    assert name_problem(["  "]) is None and name_problem(["Петро"], required=True) is None  # one device: the default
    prefs, dropped = sort_prefs(json.dumps({"net_name": " Петро ", "names": ["Ann", ""]}))
    assert dropped == [] and prefs["net_name"] == "Петро" and last_name(prefs) == "Петро"
    assert sort_prefs('{"net_name": 7}') == ({}, ["net_name"])
    assert sort_prefs('{"net_name": "a\u202eb"}') == ({}, ["net_name"])
    assert last_name({"names": ["Ann", ""]}) == "Ann" and last_name({}) == ""


def test_settings_with_online_seats() -> None:
    s = check_settings({"levels": ["human", "online", "online", "easy"], "stand_in": "hard",
                        "online": [None, "bot", None, "wait"]})
    assert s["online"] == [None, "bot", "wait", None] and s["stand_in"] == "hard"
    cases: list[tuple[dict[str, Any], str]] = [
        ({"levels": ["online"] * 4}, "at this device"), ({"stand_in": "online"}, "stand_in"),
        ({"levels": ["human", "online", "easy", "easy"], "online": [None, "yes", None, None]}, "online"),
        ({"online": [None]}, "one entry"), ({"levels": ["human", "robot", "easy", "easy"]}, "unknown")]
    for bad, match in cases:
        with pytest.raises(RulesError, match=match):
            check_settings(bad)
    session = online_session({"players": 3}, {"levels": ["human", "online", "easy"], "names": ["Оля", "", ""]},
                             random.Random(5))
    assert session.game.phase is Phase.DRAW_DEALER
    text = session.to_save()
    assert Session.from_save(text).to_save() == text
    assert '"online":[null,"wait",null]' in text
    session.deal(random.Random(1))
    assert '[Players "human:Оля human: bot:easy"]' in session.download()


# ----- a whole rubber through the protocol ------------------------------------------------------------------

def test_a_rubber_of_a_host_two_guests_and_a_bot_through_the_protocol() -> None:
    """A whole rubber on a perfect network; the friends send a bad intent (an illegal or unknown token, one
    answering an older view, the other friend's out of turn) three times in ten. The table checks every
    step: each friend's view the engine's, no hidden card sent, a refused text changing nothing. At each
    deal's end both friends said ``next`` before the next deal; each checked every deal as fair."""
    t = Table(7, levels=list(LEVELS), names=dict(NAMES), mischief=0.3)
    t.run()
    game = t.game
    assert t.session.over
    assert {"not_your_turn", "stale"} <= set(t.refused) and len(t.refused) >= 3
    nexts = [outs for _, text, outs in t.heard if json.loads(text)["kind"] == "next"]
    assert len(nexts) == 2 * (len(game.deals) - 1) and all(outs == [] for outs in nexts)  # each at a deal's end
    assert t.events["all_ready"] == len(game.deals) - 1 and t.events["not_all_ready"] == 0
    assert all(t.guest(s).fair == list(range(1, len(game.deals) + 1)) for s in t.pages)
    assert sum('"kind":"record"' in text for _, text in t.log) == 2 * len(game.deals)
    assert max(len(text) for _, text in t.log) < MAX_MESSAGE


# ----- fuzz -------------------------------------------------------------------------------------------------

JSON = st.recursive(st.none() | st.booleans() | st.integers(-(10**20), 10**20) | st.floats(allow_nan=False)
                    | st.text(max_size=12), lambda c: st.lists(c, max_size=3)
                    | st.dictionaries(st.text(max_size=6), c, max_size=3), max_leaves=8)

_PLAYING: dict[str, str] = {}


def playing_save() -> str:
    """The save of a rubber in play with a guest to move (made once)."""
    if not _PLAYING:
        t = dealt_table()
        to_a_friends_turn(t)
        _PLAYING["save"] = t.session.to_save()
    return _PLAYING["save"]


def fresh_host(in_round: bool = False) -> tuple[Host, dict[int, Guest]]:
    """A host with two guests joined: in play with a guest to move, or before the first deal with the fair
    round begun (``in_round``)."""
    session = Session.from_save(playing_save()) if not in_round else online_session(
        {}, {"levels": list(LEVELS)}, random.Random(3))
    host = Host(session, clock=Clock())
    lobby = Lobby.new(host, random.Random(5).randbytes)
    guests = {s: seat_friend(lobby, f"p{s}", s, f"P{s}") for s in (1, 2)}
    if in_round:
        assert host.start_deal(HEX) and host.start_deal(HEX) == []  # one round at a time
    return host, guests


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(kind=st.sampled_from(sorted(GUEST_SAMPLES)), how=st.sampled_from(["drop", "add", "set", "v", "n", "kind"]),
       key=st.text(max_size=6), value=JSON, seat=st.sampled_from([1, 2]), in_round=st.booleans())
def test_fuzz_every_kind_with_a_mutated_field(kind: str, how: str, key: str, value: Any, seat: int,
                                              in_round: bool) -> None:
    host, guests = fresh_host(in_round)
    doc: dict[str, Any] = {"v": 2, "kind": kind, "n": 50, **GUEST_SAMPLES[kind]}
    if kind in ("intent", "hint"):
        doc["at"] = guests[seat].at
    names = sorted(doc)
    if how == "drop":
        doc.pop(names[len(key) % len(names)])
    elif how == "add":
        doc[key or "x"] = value
    else:
        doc[{"set": names[len(key) % len(names)]}.get(how, how)] = value
    before = host.session.to_save()
    outs = host.receive(seat, json.dumps(doc))
    r = host._round  # a commitment the round took (its mutation left it valid) waits for the others' in silence
    taken = kind == "commit" and r is not None and seat in r.hashes and r.hashes[seat] == doc.get("hash")
    assert outs or taken or doc == {"v": 2, "kind": "here", "n": 50}, "every message is answered or refused"
    if refusal(outs) is not None:
        assert host.session.to_save() == before


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.one_of(st.text(max_size=300), st.binary(max_size=300), JSON.map(json.dumps)))
def test_fuzz_random_input_never_changes_the_host(data: Any) -> None:
    host, guests = fresh_host()
    before = host.session.to_save()
    outs = host.receive(1, data)
    assert refusal(outs) is not None and host.session.to_save() == before
    got = guests[1].receive(data)
    assert "error" in got
    with pytest.raises(NetError):
        decode(data, "host")


# ----- hostile view models ------------------------------------------------------------------------------

def seated_guest(seat: int = 1, table: str = "t") -> Guest:
    """A friend's page seated at ``seat`` of a 4-player table ``table`` (``king()``; seats 1 and 2 online), as
    the lobby's and the welcome's texts make it."""
    g = Guest(randbytes=random.Random(0).randbytes)
    common = {"table": table, "rules": "king()", "hints": False, "names": ["", "A", "B", None],
              "levels": list(LEVELS)}
    g.receive(encode("lobby", 1, **common, host="", taken=[True, False, False, True], reserved=[False] * 4,
                     presence=[None, "away", "away", None], nonce="0" * 32, mental=False))
    g.take(seat, "A")
    got = g.receive(encode("welcome", 2, **common, seat=seat, stand_in="hard", key="ab" * 32, proof=None, joined_at=0,
                           begun=False, former=[]))
    assert got.get("key") == "ab" * 32, got
    return g


def a_view() -> Any:
    host, _ = fresh_host()
    return view_of(host.session, 1)


def set_at(vm: Any, path: list[Any], value: Any) -> None:
    for p in path[:-1]:
        vm = vm[p]
    vm[path[-1]] = value


@pytest.mark.parametrize(("path", "value", "match"), [
    (["names", 1], "a\u202eb", "names"), (["names", 1], " padded ", "names"),
    (["contract", "notes"], ["<script>"], "markup"),
    (["names"], ["a", "b"], "names"),
    (["points", 0], 10**12, "whole number"), (["points"], "many", "list"), (["hand", 0, "card"], "ZZ", "not a card"),
    (["hand", 0, "card"], "<b>", "markup"), (["seat"], 7, "not a seat"), (["players"], 9, "table size"),
    (["levels", 0], "wizard", "levels"), (["counts"], [8], "one valid entry"), (["trick"], {"seat": 1}, "list"),
    (["contract"], [], "contract"), (["phase"], "x" * 5000, "text"), (["rules"], "a\nb", "control"),
    (["deal"], True, "whole number"), (["hand", 0, "extra"], 1, "unknown key"),
    (["history"], [{"x": [[[[[[[1]]]]]]]}], "nested"),
    (["seen"], ["AS"] * 2000, "at most"), (["dealer"], -1, "seat"),
    (["stand_ins"], [0], "stand_ins"), (["stand_ins"], [2, 2], "stand_ins"), (["stand_ins"], [9], "seat"),
    (["stand_ins"], None, "list"),
])
def test_a_hostile_view_model_is_a_clean_error(path: list[Any], value: Any, match: str) -> None:
    vm = a_view()
    assert check_view(json.loads(json.dumps(vm))) == vm
    set_at(vm, path, value)
    with pytest.raises(NetError, match=match) as e:
        check_view(vm)
    assert e.value.reason == "bad_message"
    g = seated_guest(1)
    assert g.receive(encode("view", 3, vm=vm, at=1))["error"] == "bad_message" and g.vm is None


@pytest.mark.parametrize("name", ["<3 Оля >_<", "<b>Va</b>", "<img src=x>"])
def test_a_name_with_angle_brackets_joins_as_text(name: str) -> None:
    """A name is drawn as text (as at one device, where ``<b>Ann</b>`` is a name): a friend who calls
    themselves ``<b>Va</b>`` joins — the tester's find, where the host dropped the hello in silence."""
    t = Table(1, levels=list(LEVELS), names={1: name, 2: "Olga"})
    vm = t.guest(1).vm
    assert vm is not None and vm["names"] == ["", name, "Olga", None]


def test_a_view_with_a_missing_key_or_another_seat_is_refused() -> None:
    vm = a_view()
    del vm["hand"]
    with pytest.raises(NetError, match="missing key 'hand'"):
        check_view(vm)
    other = a_view()
    assert seated_guest(2).receive(encode("view", 3, vm=other, at=1)) == {
        "error": "bad_message", "message": "view: another seat's view"}
    assert seated_guest(1).receive(encode("view", 3, vm=other, at=1))["view"] == other


def paths(vm: Any, prefix: list[Any]) -> list[list[Any]]:
    out = [prefix] if prefix else []
    items = vm.items() if isinstance(vm, dict) else enumerate(vm) if isinstance(vm, list) else []
    for k, v in items:
        out += paths(v, [*prefix, k])
    return out


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(pick=st.integers(0, 10**6), value=JSON | st.sampled_from(["<script>", "\u202e", 10**15, -(10**15)]))
def test_fuzz_a_view_model_never_crashes_the_guest(pick: int, value: Any) -> None:
    vm = a_view()
    every = paths(vm, [])
    set_at(vm, every[pick % len(every)], value)
    g = seated_guest(1)
    got = g.receive(encode("view", 3, vm=vm, at=1))
    assert ("view" in got and g.vm == vm) or ("error" in got and g.vm is None)
    if "view" in got:
        drawn = {k: v for k, v in vm.items() if k != "names"}  # names are drawn as text: "<b>Va</b>" is one
        assert not re.search("<[a-z/!?]", json.dumps(drawn), re.I) and check_view(vm) == vm


HOST_SAMPLES: dict[str, dict[str, Any]] = {
    "lobby": {"table": "t", "rules": "king()", "host": "", "hints": False, "names": ["", "A", None, None],
              "levels": ["human", "online", "easy", "easy"], "taken": [True, False, True, True],
              "reserved": [False] * 4, "presence": [None, "away", None, None], "nonce": "0" * 32, "mental": False},
    "welcome": {"seat": 1, "table": "t", "rules": "king()", "names": ["", "A", None, None],
                "levels": ["human", "online", "easy", "easy"], "stand_in": "hard", "hints": False, "key": None,
                "proof": None, "joined_at": 0, "begun": False},
    "presence": {"seats": [None, "here", None, None]},
    "view": {"vm": None, "at": 1}, "refused": {"reason": "stale", "of": 1, "args": None},
    "hint": {"token": "QS", "at": 1}, "commit?": {"deal": 1, "host_hash": HEX},
    "reveal?": {"deal": 1, "hashes": [HEX, None, None, None]},
    "dealt": {"deal": 1, "secrets": [HEX, None, None, None], "seed": HEX}, "record": {"deal": 1, "text": "x"},
    "bye": {"reason": "flood"}, "mental": {"page": 1, "reloaded": 0, "lost": []},
    "mp": {"from": 0, "text": '{"kind":"mp_lock"}'},
    "reading": {"seats": [False, True, False, False]}, "watch": {"vm": None}, "pong": {}}


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(kind=st.sampled_from(sorted(HOST_SAMPLES)), how=st.sampled_from(["none", "drop", "add", "set"]),
       key=st.text(max_size=6), value=JSON)
def test_fuzz_every_host_kind_with_a_mutated_field_never_crashes_a_guest(kind: str, how: str, key: str,
                                                                          value: Any) -> None:
    assert set(HOST_SAMPLES) == set(HOST_KINDS)
    doc: dict[str, Any] = {"v": 2, "kind": kind, "n": 9, **HOST_SAMPLES[kind]}  # (after seated_guest's 1, 2)
    if kind in ("view", "watch"):
        doc["vm"] = a_view() if kind == "view" else {**a_view(), "hand": [], "moves": [], "my_turn": False}
    names = sorted(doc)
    if how == "drop":
        doc.pop(names[len(key) % len(names)])
    elif how == "add":
        doc[key or "x"] = value
    elif how == "set":
        doc[names[len(key) % len(names)]] = value
    g = seated_guest(1)
    got = g.receive(json.dumps(doc))
    pairs = ({"error", "message"}, {"unfair", "code", "why"}, {"record", "fair"}, {"dealt", "checked"},
             {"view", "unshuffled"})
    ones = ("welcome", "view", "refused", "commit", "hint", "bye", "pong", "presence", "mental", "mp", "reading",
            "watch")
    assert set(got) in pairs or (len(got) == 1 and next(iter(got)) in ones), got


def test_an_invite_is_checked_before_the_join_screen_shows_it() -> None:
    t = new_table()
    host = t.host
    invite = t.lobby.invite(2)
    assert check_invite(json.loads(json.dumps(invite))) == invite
    assert host.seat_state(1) == "connected" and host.seat_state(0) is None
    host.leave(1)
    assert host.seat_state(1) == "wait"
    host.stand_in(1)
    assert host.seat_state(1) == "bot"
    changes: list[tuple[dict[str, Any], str]] = [
        ({"v": 1}, "version"), ({"host": "a\u202eb"}, "bad_name"), ({"seat": 4}, "bad_message"),
        ({"room": "x"}, "bad_message"), ({"pass": None}, "bad_message"),
        ({"players": 3}, "bad_message"), ({"rules": "king(players=9)"}, "bad_message"), ({"extra": 1}, "bad_message"),
        ({"hints": "yes"}, "bad_message"), ({"table": "x" * 100}, "bad_message"), ({"id": "AB" * 8}, "bad_message"),
        ({"name": "a\u202eb"}, "bad_name")]
    for change, reason in changes:
        with pytest.raises(NetError) as e:
            check_invite({**invite, **change})
        assert e.value.reason == reason, change
    with pytest.raises(NetError):
        check_invite([invite])


def test_a_new_game_of_the_host_says_goodbye_to_each_friend_first() -> None:
    """A tester's find (f06–f08): the host's New game left the friends' pages saying the host was lost and
    might have reloaded. ``Host.close`` tells each connected friend first (``bye``: ``new_game``), then
    closes its connection; no friend is connected after, and a seat that had left is told nothing."""
    t = dealt_table()
    host = t.host
    t.lose(2, stand_in=False)
    outs = host.close("new_game")
    assert [seat for seat, text in outs if text is not None] == [1] and outs[-1] == (1, None)
    assert [t.guest(1).receive(text) for _, text in outs if text is not None] == [{"bye": "new_game"}]
    assert host.guests == {} and not host.all_connected() and host.close() == []


def test_a_friends_last_table_once_the_host_is_gone_has_nothing_playable() -> None:
    """A tester's find (f01, h01, c08): after the host was lost, a friend's cards still looked playable and
    *Hint* was offered. ``Guest.closed_view``: no card legal, no call, not this seat's turn — the same cards."""
    t = dealt_table()
    seat = to_a_friends_turn(t, Phase.PLAY)  # the calls, then a friend to play
    guests = {s: t.guest(s) for s in t.pages}
    vm = guests[seat].vm
    assert vm is not None and any(c["legal"] for c in vm["hand"])
    gone = Guest.closed_view(vm)
    assert not gone["my_turn"] and gone["moves"] == [] and not any(c["legal"] for c in gone["hand"])
    assert [c["card"] for c in gone["hand"]] == [c["card"] for c in vm["hand"]] and gone["trick"] == vm["trick"]
    assert guests[seat].check_view(json.loads(json.dumps(gone))) == gone  # still a view the page draws
    assert {c["reason"] for c in gone["hand"]} == {"not_your_turn"}
    over = Guest.closed_view({**vm, "phase": "deal_over"})  # cards left by an early end: the deal is over, not
    assert {c["reason"] for c in over["hand"]} == {"deal_over"}  # "wait for your turn" (a new user's tooltip)
