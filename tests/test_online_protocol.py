"""Friends online, the engine side (issue 19, kingcore.online: host, guest, messages): the protocol's every kind and
refusal, the host's flood limit and stand-in bots, a whole rubber of one host, two guests and a bot played
through the protocol with random intents (each guest's view always the session's view of its seat, no other
seat's unplayed card in any message before its deal is over), Hypothesis fuzz of every message kind and of
random input (the host's save never changes on a refusal), and hostile view models to a guest."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kingcore.errors import RulesError
from kingcore.game import Phase
from kingcore.online import (
    FLOOD_LIMIT,
    GUEST_KINDS,
    HOST_KINDS,
    MAX_MESSAGE,
    Guest,
    Host,
    NetError,
    answer_text,
    check_invite,
    check_view,
    decode,
    encode,
    new_secret,
    online_session,
    read_answer,
)
from kingcore.online import messages as messages_module
from kingcore.web import ONLINE, Session, check_settings, name_problem, stand_in_level
from kingcore.web.prefs import last_name, sort_prefs

LEVELS = ["human", ONLINE, ONLINE, "random"]
HEX = "ab" * 32
Outs = list[tuple[int, str | None]]


class Clock:
    """A clock the test moves."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def new_table(seed: int = 1, hints: bool = False) -> tuple[Host, dict[int, Guest], Clock]:
    session = online_session({}, {"levels": list(LEVELS)}, random.Random(seed))
    clock = Clock()
    host = Host(session, clock=clock, hints=hints)
    guests = {s: Guest(s, session.game_id, clock, random.Random(s).randbytes) for s in (1, 2)}
    for s, g in guests.items():
        deliver(host, guests, host.join(s, g.hello({1: "Петя", 2: "Olga"}[s])))
    return host, guests, clock


def deliver(host: Host, guests: dict[int, Guest], outs: Outs, log: list[tuple[int, str]] | None = None) -> list[
        dict[str, Any]]:
    """Every message to its guest, the fair round's answers back to the host, until quiet; the guests'
    answers. ``log`` collects (seat, text) with every text checked against the leak rule first."""
    answers = []
    queue = list(outs)
    while queue:
        seat, text = queue.pop(0)
        if text is None:
            continue
        if log is not None:
            assert_no_leak(host, seat, text)
            log.append((seat, text))
        got = guests[seat].receive(text)
        assert "error" not in got and "unfair" not in got, got
        answers.append(got)
        for key in ("commit", "reveal"):
            if key in got:
                queue += host.receive(seat, got[key])
    return answers


def hidden_cards(host: Host, seat: int) -> list[str]:
    """The cards of the deal in play that ``seat`` must not know: other seats' unplayed cards, the kitty."""
    game = host.session.game
    d = game.current
    if d is None or game.phase in (Phase.DEAL_OVER, Phase.RUBBER_OVER):
        return []
    played = {str(c) for _, c in d.plays}
    others = [str(c) for s, hand in enumerate(d.hands) if s != seat for c in hand]
    return [c for c in others + [str(c) for c in d.kitty] if c not in played]


def assert_no_leak(host: Host, seat: int, text: str) -> None:
    """No hidden card (:func:`hidden_cards`) in ``text`` but the public ones: the draw for dealer's cards
    (face up, then gathered and shuffled) and a trump caller's last card shown to the table."""
    doc = json.loads(text)
    if doc["kind"] == "view":
        shown = (doc["vm"]["contract"] or {}).get("shown")
        doc["vm"]["first_dealer"] = None
        text = json.dumps(doc).replace(f'"{shown}"', "") if shown else json.dumps(doc)
    hidden = hidden_cards(host, seat)
    leaked = [c for c in hidden if f'"{c}"' in text]
    assert leaked == [], f"seat {seat} was sent {leaked} before the deal was over: {text[:200]}"
    r = host._round
    game = host.session.game
    if game.phase not in (Phase.DEAL_OVER, Phase.RUBBER_OVER) and r is None and game.deals:
        fair = host._done_rounds.get(len(game.deals))
        if fair is not None:  # neither the seed nor another seat's secret before the deal is over
            assert fair["seed"] not in text
            assert not [x for s, x in enumerate(fair["secrets"]) if x and s != seat and x in text]


def view_of(host: Host, seat: int) -> Any:
    return json.loads(json.dumps(host.session.view_model(seat)))


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
    "hello": {"name": "Olga", "table": "abc", "seat": 1}, "intent": {"token": "QS", "at": 3}, "next": {},
    "hint": {"at": 0}, "commit": {"deal": 1, "hash": HEX}, "reveal": {"deal": 1, "secret": HEX}, "ping": {}}


def test_every_guest_kind_reads_and_every_bad_field_is_refused() -> None:
    assert set(GUEST_SAMPLES) == set(GUEST_KINDS)
    for kind, fields in GUEST_SAMPLES.items():
        doc = decode(encode(kind, 5, **fields), "guest")
        assert doc == {"v": 1, "kind": kind, "n": 5, **fields}
        for name in fields:
            missing = {k: v for k, v in fields.items() if k != name}
            with pytest.raises(NetError, match="is missing"):
                decode(encode(kind, 5, **missing), "guest")
            bads: tuple[Any, ...] = (None, [], {"x": 1}, True, -1, "x" * 5000, 10**30 if name != "at" else "7")
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
    ('{"v":1,"kind":"ping"}', "bad_message"), ('{"v":1,"kind":"ping","n":-1}', "bad_message"),
    ('{"v":1,"kind":"ping","n":true}', "bad_message"), ('{"v":1,"kind":"ping","n":1.0}', "bad_message"),
    ('{"v":true,"kind":"ping","n":1}', "version"), ('{"v":"1","kind":"ping","n":1}', "version"),
    ('{"kind":"ping","n":1}', "version"), ('{"v":2,"kind":"ping","n":1}', "version"),
    ('{"v":1,"kind":"pong","n":1}', "bad_message"), ('{"v":1,"kind":7,"n":1}', "bad_message"),
    ("[1]", "bad_message"), ("nope", "not_json"), ('{"v":1', "not_json"), ("[" * 100, "not_json"),
    ('{"v":1,"kind":"ping","n":' + "9" * 40 + "}", "not_json"),
    ('{"v":1,"kind":"hello","n":1,"name":"a\\u202eb","table":"t","seat":1}', "bad_name"),
    ('{"v":1,"kind":"hello","n":1,"name":"a\\u202eb","table":"t","seat":1}', "bad_name"),
    ('{"v":1,"kind":"hello","n":1,"name":"' + "x" * 21 + '","table":"t","seat":1}', "bad_name"),
    ('{"v":1,"kind":"commit","n":1,"deal":1,"hash":"' + "AB" * 32 + '"}', "bad_message"),
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
        decode('{"v":1,"kind":"ping","n":1,"pad":"' + "x" * MAX_MESSAGE + '"}', "guest")
    assert e.value.reason == "too_long"
    with pytest.raises(NetError, match="must be text"):
        decode(b'{"v":1}', "guest")


def test_every_host_kind_reaches_a_guest() -> None:
    host, guests, _ = new_table()
    g = guests[1]
    kinds: set[str] = set()
    for outs in (host.start_deal(new_secret(random.Random(0).randbytes)),):
        deliver(host, guests, outs)
    log: list[tuple[int, str]] = []
    deliver(host, guests, host.deal(), log)
    play_out_deal(host, guests, log)
    kinds |= {json.loads(t)["kind"] for _, t in log}
    assert g.receive(encode("pong", 10_000)) == {"pong": True}
    assert g.receive(encode("hint", 10_001, token="QS", at=1)) == {"hint": "QS"}
    assert g.receive(encode("refused", 10_002, reason="stale", of=3, args=None))["refused"]["reason"] == "stale"
    assert g.receive(encode("bye", 10_003, reason="flood")) == {"bye": "flood"}
    assert g.receive(encode("pong", 10_003)) == {"error": "replayed", "message": "n 10003 is not above 10003"}
    assert kinds | {"pong", "hint", "refused", "bye", "welcome", "commit?", "reveal?"} == set(HOST_KINDS)


def play_out_deal(host: Host, guests: dict[int, Guest], log: list[tuple[int, str]]) -> None:
    """The deal played to its end: the guests by the first legal move of their view, the others at the
    host's page."""
    game = host.session.game
    while game.phase not in (Phase.DEAL_OVER, Phase.RUBBER_OVER):
        seat = game.to_move
        assert seat is not None
        if seat in guests:
            outs = host.receive(seat, guests[seat].intent(legal_tokens(guests[seat].vm)[0]))
        else:
            host.session.apply(str(game.legal_moves()[0]), seat)
            outs = host.changed()
        deliver(host, guests, outs, log)


def legal_tokens(vm: Any) -> list[str]:
    return [c["card"] for c in vm["hand"] if c["legal"]] + [m["token"] for m in vm["moves"]]


# ----- the host ---------------------------------------------------------------------------------------------

def dealt_table() -> tuple[Host, dict[int, Guest], Clock]:
    host, guests, clock = new_table()
    deliver(host, guests, host.start_deal(new_secret(random.Random(0).randbytes)))
    deliver(host, guests, host.deal())
    return host, guests, clock


def test_joins_names_and_invites() -> None:
    host, guests, _ = new_table()
    assert host.session.settings["names"] == ["", "Петя", "Olga", ""]
    assert guests[2].welcome is not None and guests[2].welcome["names"] == ["", "Петя", "Olga", None]
    assert guests[2].vm == view_of(host, 2) and view_of(host, 2)["names"] == ["", "Петя", "Olga", None]
    invite = host.invite(1)
    assert invite == {"v": 1, "table": host.table, "seat": 1, "players": 4, "rules": "king()", "host": "",
                      "hints": False, "id": invite["id"], "name": "Петя"}  # Re-invite: the friend's name kept
    assert len(invite["id"]) == 16 and host.invite(1)["id"] != invite["id"]
    with pytest.raises(NetError):
        host.invite(3)
    g = Guest(1, host.table)
    for seat, hello, reason in [(3, g.hello("A"), "wrong_table"), (1, Guest(1, "other").hello("A"), "wrong_table"),
                                (2, g.hello("A"), "wrong_table"), (1, g.ping(), "bad_message"),
                                (1, "garbage", "not_json"), (1, g.hello("a\u202eb"), "bad_name")]:
        before = host.session.to_save()
        outs = host.join(seat, hello)
        assert refusal(outs) == reason and outs[-1] == (seat, None) and host.session.to_save() == before


def test_an_invite_takes_one_answer() -> None:
    """A reused invite (a tester's find): a second answer to one offer, or an answer for a seat whose friend is
    connected, is refused with its reason; a double click's second answer is ignored while the first is
    applied; a code that was no answer leaves the invite open; a new invite takes an answer again."""
    session = online_session({}, {"levels": list(LEVELS)}, random.Random(3))
    host = Host(session, clock=Clock())
    tag = read_answer(answer_text("sdp", host.invite(1)))[1]
    assert host.take_answer(1, tag) is None  # the first answer: applied
    assert host.take_answer(1, tag) == "applying"  # a double click meanwhile: ignored
    host.answer_done(1, ok=False)  # not an answer to this invite: the invite still takes one
    assert host.take_answer(1, tag) is None
    host.answer_done(1, ok=True)
    assert host.take_answer(1, tag) == "invite_used"  # a second person's answer to the same link
    tag = read_answer(answer_text("sdp", host.invite(1)))[1]  # Re-invite: a new offer
    assert host.take_answer(1, tag) is None
    host.answer_done(1, ok=True)
    g = Guest(1, host.table)
    host.join(1, g.hello("Петя"))
    assert host.take_answer(1, tag) == "seat_taken"
    tag = read_answer(answer_text("sdp", host.invite(1)))[1]
    assert host.take_answer(1, tag) == "seat_taken"  # a friend is at the seat: no answer for it, new link or not
    with pytest.raises(NetError):
        host.take_answer(0, tag)


def test_a_wrong_answer_leaves_the_invite_open() -> None:
    """A tester's find: West's answer pasted in North's box, or the answer to an older link, used the invite
    up in silence and the real friend's answer was then refused. Each answer names its invite; one for another
    seat, an older invite, another table or none is refused before the invite is used: the right answer still
    connects."""
    session = online_session({}, {"levels": ["human", "online", "online", "online"]}, random.Random(3))
    host = Host(session, clock=Clock())
    old = read_answer(answer_text("sdp", host.invite(1)))[1]
    north = host.invite(2)
    west = read_answer(answer_text("sdp", host.invite(1)))[1]
    other = Host(online_session({}, {"levels": list(LEVELS)}, random.Random(4)), clock=Clock())
    foreign = read_answer(answer_text("sdp", other.invite(1)))[1]
    for tag, why in [(west, "other_seat"), (north, "not_answer"),
                     ({"table": host.table, "seat": 2, "invite": old["invite"]}, "old_invite"),
                     (foreign, "other_table"), (None, "not_answer"), ({**west, "seat": "2"}, "not_answer")]:
        assert host.take_answer(2, tag) == why, tag
    assert host.take_answer(1, old) == "old_invite"
    assert host.take_answer(2, read_answer(answer_text("sdp", north))[1]) is None  # North's own answer
    assert host.take_answer(1, west) is None
    host.answer_done(1, ok=True)
    host.join(1, Guest(1, host.table).hello("Петя"))
    assert host.take_answer(2, west) == "seat_taken"  # a second person's answer to West's used link, in North's
    # box (a tester's find: it said "paste it in West's box", but West's friend is playing: no box is left)
    for text in ["sdp only", '{"sdp": "x"}', json.dumps({"sdp": 1, "answer": west}),
                 json.dumps({"sdp": "x", "answer": {**west, "invite": "XYZ"}}), "x" * 70_000]:
        with pytest.raises(NetError):
            read_answer(text)


def test_every_refusal_of_a_connected_guest_changes_nothing() -> None:
    host, guests, clock = dealt_table()
    game = host.session.game
    seat = game.to_move
    while seat not in guests:  # the host's page and the bot play until a guest is to move
        host.session.apply(str(game.legal_moves()[0]), seat or 0)
        deliver(host, guests, host.changed())
        seat = game.to_move
    assert seat is not None
    g, other = guests[seat], guests[3 - seat]
    assert g.vm is not None
    hand = {c["card"]: c["reason"] for c in g.vm["hand"]}
    wrong = next((card for card, why in hand.items() if why is not None), None)
    cases = [(g, g.intent("XYZ"), "bad_token"), (other, other.intent("QS"), "not_your_turn"),
             (g, stale(g, legal_tokens(g.vm)[0]), "stale"),
             (g, encode("ping", 1), "replayed"), (g, g.next(), "wrong_phase"), (g, g.hint(), "hints_off"),
             (g, g.hello("again"), "joined"), (g, g._msg("commit", deal=1, hash=HEX), "wrong_phase"),
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
    host, guests, clock = dealt_table()
    g = guests[1]
    clock.now += 2.0
    answers = [host.receive(1, g.ping()) for _ in range(2 * FLOOD_LIMIT + 1)]
    assert all(refusal(a) is None for a in answers[:FLOOD_LIMIT])
    assert all(refusal(a) == "flood" for a in answers[FLOOD_LIMIT:2 * FLOOD_LIMIT])
    assert '"reason":"flood"' in str(answers[-1][0][1]) and answers[-1][1] == (1, None)
    assert host.receive(1, g.ping()) == [(1, None)] and 1 not in host.guests
    clock.now += 1.5  # the other guest, at 20 a second, is never refused
    for _ in range(3 * FLOOD_LIMIT):
        clock.now += 1 / FLOOD_LIMIT + 0.001  # just under the limit
        assert refusal(host.receive(2, guests[2].ping())) is None


def test_hints_when_the_host_allows_them() -> None:
    host, guests, _ = new_table(hints=True)
    deliver(host, guests, host.start_deal(new_secret(random.Random(0).randbytes)))
    deliver(host, guests, host.deal())
    game = host.session.game
    while game.to_move not in guests:
        host.session.apply(str(game.legal_moves()[0]), game.to_move or 0)
        deliver(host, guests, host.changed())
    seat = game.to_move
    assert seat is not None
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
    assert all(guests[s].receive(str(t))["welcome"]["hints"] is True for s, t in host.allow_hints(True))
    assert host.session.to_save() == before


def test_leave_stand_in_and_rejoin() -> None:
    host, guests, _ = dealt_table()
    assert host.leave(1) == [(1, None)] and 1 not in host.guests
    assert host.bot_level(1) is None and host.bot_level(3) == "random" and host.bot_level(0) is None
    host.stand_in(1)
    assert host.bot_level(1) == host.session.settings["stand_in"]
    saved = Session.from_save(host.session.to_save())  # the host's reload keeps the stand-in
    assert stand_in_level(saved.settings, 1) == saved.settings["stand_in"]
    with pytest.raises(NetError):
        host.stand_in(2)  # connected
    again = Guest(1, host.table)
    deliver(host, {**guests, 1: again}, host.join(1, again.hello("Petya")))
    assert host.bot_level(1) is None and again.vm == view_of(host, 1)


def test_every_seat_connected_however_it_got_there() -> None:
    """The host's invite panel closes itself when every online seat is connected (``Host.all_connected``):
    after the first invites, and again after a lost friend's re-invite (a tester's find: it stayed open)."""
    host = Host(online_session({}, {"levels": list(LEVELS)}, random.Random(2)))
    guests = {s: Guest(s, host.table) for s in (1, 2)}
    assert not host.all_connected()
    deliver(host, guests, host.join(1, guests[1].hello("Петя")))
    assert not host.all_connected()
    deliver(host, guests, host.join(2, guests[2].hello("Olga")))
    assert host.all_connected()
    host.leave(1)
    host.stand_in(1)
    assert not host.all_connected()
    again = Guest(1, host.table)
    deliver(host, {**guests, 1: again}, host.join(1, again.hello("Petya")))
    assert host.all_connected()


def test_a_friends_page_learns_which_seat_a_stand_in_bot_plays() -> None:
    """A tester's find (f1): a friend's page labelled a stand-in bot's seat "Friend" — the view model
    carried no stand-in mark. Now every seat's view names the seats a stand-in plays, and only those."""
    host, guests, _ = dealt_table()
    assert guests[2].vm is not None and guests[2].vm["stand_ins"] == []
    deliver(host, guests, host.leave(1))
    host.stand_in(1)
    deliver(host, guests, host.changed())  # the host's page commits the change: every view that changed goes
    assert guests[2].vm["stand_ins"] == [1] and view_of(host, 0)["stand_ins"] == [1]
    again = Guest(1, host.table)
    deliver(host, {**guests, 1: again}, host.join(1, again.hello("Petya")))
    assert guests[2].vm["stand_ins"] == [] and again.vm is not None and again.vm["stand_ins"] == []


def test_a_guest_that_rejoins_mid_deal_has_that_deal_not_checked_without_an_error() -> None:
    """A friend's new page (a new ``Guest``) joins while deal 1 is in play: at the deal's end its ``dealt``
    is "not checked" (``Guest.unchecked``), never an error; the friend who was there all along checks it."""
    host, guests, _ = dealt_table()
    game = host.session.game
    host.session.apply(str(game.legal_moves()[0]), game.to_move or 0)  # mid-deal
    deliver(host, guests, host.changed())
    host.leave(1)
    again = Guest(1, host.table)
    guests = {**guests, 1: again}
    answers = deliver(host, guests, host.join(1, again.hello("Petya")))
    while game.phase is not Phase.DEAL_OVER:
        seat = game.to_move or 0
        if seat in guests:
            outs = host.receive(seat, guests[seat].intent(legal_tokens(guests[seat].vm)[0]))
        else:
            host.session.apply(str(game.legal_moves()[0]), seat)
            outs = host.changed()
        answers = deliver(host, guests, outs)  # no "error" and no "unfair" (deliver asserts it)
    assert {"dealt": 1, "checked": False} in answers
    assert again.unchecked == [1] and again.fair == []
    assert guests[2].fair == [1] and guests[2].unchecked == []


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
    host, guests, clock = new_table(seed=7)
    rng = random.Random(11)
    game = host.session.game
    log: list[tuple[int, str]] = []
    refused: set[str] = set()
    steps = 0
    while not host.session.over:
        steps += 1
        clock.now += 0.2
        if host.need_deal():
            if game.phase is Phase.DEAL_OVER:
                for s, g in guests.items():
                    assert host.receive(s, g.next()) == []
                assert sorted(host.ready()) == [1, 2]
            deliver(host, guests, host.start_deal(new_secret(rng.randbytes)), log)
            deliver(host, guests, host.deal(), log)
        seat = game.to_move
        assert seat is not None
        if seat in guests:
            g = guests[seat]
            assert g.vm is not None and g.vm["my_turn"]
            tokens = legal_tokens(g.vm)
            pick = rng.random()
            if pick < 0.7:
                text = g.intent(rng.choice(tokens))
            elif pick < 0.8:
                text = g.intent(rng.choice(["2C", "AS", "XX", "pass", "trump:Q", "bid:99", "", "QS QS"]))
            elif pick < 0.9:
                other = guests[3 - seat]
                text, seat = other.intent(rng.choice(tokens)), other.seat
            else:
                text = stale(g, rng.choice(tokens))
            before = host.session.to_save()
            outs = host.receive(seat, text)
            why = refusal(outs)
            if why is not None:
                refused.add(why)
                assert host.session.to_save() == before
            deliver(host, guests, outs, log)
        else:
            moves = game.legal_moves()
            host.session.apply(str(moves[int(rng.random() * len(moves))]), seat)
            deliver(host, guests, host.changed(), log)
        for s, g in guests.items():
            assert g.vm == view_of(host, s)
    assert {"not_your_turn", "stale"} <= refused and len(refused) >= 3
    assert all(g.fair == list(range(1, len(game.deals) + 1)) for g in guests.values())
    assert sum('"kind":"record"' in t for _, t in log) == 2 * len(game.deals)
    assert max(len(t) for _, t in log) < MAX_MESSAGE


# ----- fuzz -------------------------------------------------------------------------------------------------

JSON = st.recursive(st.none() | st.booleans() | st.integers(-(10**20), 10**20) | st.floats(allow_nan=False)
                    | st.text(max_size=12), lambda c: st.lists(c, max_size=3)
                    | st.dictionaries(st.text(max_size=6), c, max_size=3), max_leaves=8)

_PLAYING: dict[str, str] = {}


def playing_save() -> str:
    """The save of a rubber in play with a guest to move (made once)."""
    if not _PLAYING:
        host, guests, _ = dealt_table()
        game = host.session.game
        while game.to_move not in guests:
            host.session.apply(str(game.legal_moves()[0]), game.to_move or 0)
        _PLAYING["save"] = host.session.to_save()
    return _PLAYING["save"]


def fresh_host(in_round: bool = False) -> tuple[Host, dict[int, Guest]]:
    """A host with two guests joined: in play with a guest to move, or before the first deal with the fair
    round begun (``in_round``)."""
    session = Session.from_save(playing_save()) if not in_round else online_session(
        {}, {"levels": list(LEVELS)}, random.Random(3))
    host = Host(session, clock=Clock())
    guests = {s: Guest(s, session.game_id) for s in (1, 2)}
    for s, g in guests.items():
        host.join(s, g.hello(f"P{s}"))
        g.at = host.guests[s].at
    if in_round:
        assert host.start_deal(HEX) and host.start_deal(HEX) == []  # one round at a time
    return host, guests


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(kind=st.sampled_from(sorted(GUEST_SAMPLES)), how=st.sampled_from(["drop", "add", "set", "v", "n", "kind"]),
       key=st.text(max_size=6), value=JSON, seat=st.sampled_from([1, 2]), in_round=st.booleans())
def test_fuzz_every_kind_with_a_mutated_field(kind: str, how: str, key: str, value: Any, seat: int,
                                              in_round: bool) -> None:
    host, guests = fresh_host(in_round)
    doc: dict[str, Any] = {"v": 1, "kind": kind, "n": 50, **GUEST_SAMPLES[kind]}
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
    assert outs, "every message of a connected guest is answered or refused"
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

def a_view() -> Any:
    host, _ = fresh_host()
    return view_of(host, 1)


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
    g = Guest(1, "t")
    assert g.receive(encode("view", 1, vm=vm, at=1))["error"] == "bad_message" and g.vm is None


@pytest.mark.parametrize("name", ["<3 Оля >_<", "<b>Va</b>", "<img src=x>"])
def test_a_name_with_angle_brackets_joins_as_text(name: str) -> None:
    """A name is drawn as text (as at one device, where ``<b>Ann</b>`` is a name): a friend who calls
    themselves ``<b>Va</b>`` joins — the tester's find, where the host dropped the hello in silence."""
    host, guests, _ = new_table()
    g = Guest(1, host.table)
    deliver(host, {**guests, 1: g}, host.join(1, g.hello(name)))
    assert g.vm is not None and g.vm["names"] == ["", name, "Olga", None]


def test_a_view_with_a_missing_key_or_another_seat_is_refused() -> None:
    vm = a_view()
    del vm["hand"]
    with pytest.raises(NetError, match="missing key 'hand'"):
        check_view(vm)
    other = a_view()
    assert Guest(2, "t").receive(encode("view", 1, vm=other, at=1)) == {
        "error": "bad_message", "message": "view: another seat's view"}
    assert Guest(1, "t").receive(encode("view", 1, vm=other, at=1))["view"] == other


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
    g = Guest(1, "t")
    got = g.receive(encode("view", 1, vm=vm, at=1))
    assert ("view" in got and g.vm == vm) or ("error" in got and g.vm is None)
    if "view" in got:
        drawn = {k: v for k, v in vm.items() if k != "names"}  # names are drawn as text: "<b>Va</b>" is one
        assert not re.search("<[a-z/!?]", json.dumps(drawn), re.I) and check_view(vm) == vm


HOST_SAMPLES: dict[str, dict[str, Any]] = {
    "welcome": {"seat": 1, "table": "t", "rules": "king()", "names": ["", "A", None, None],
                "levels": ["human", "online", "easy", "easy"], "hints": False},
    "view": {"vm": None, "at": 1}, "refused": {"reason": "stale", "of": 1, "args": None},
    "hint": {"token": "QS", "at": 1}, "commit?": {"deal": 1, "host_hash": HEX},
    "reveal?": {"deal": 1, "hashes": [HEX, None, None, None]},
    "dealt": {"deal": 1, "secrets": [HEX, None, None, None], "seed": HEX}, "record": {"deal": 1, "text": "x"},
    "bye": {"reason": "flood"}, "pong": {}}


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(kind=st.sampled_from(sorted(HOST_SAMPLES)), how=st.sampled_from(["none", "drop", "add", "set"]),
       key=st.text(max_size=6), value=JSON)
def test_fuzz_every_host_kind_with_a_mutated_field_never_crashes_a_guest(kind: str, how: str, key: str,
                                                                          value: Any) -> None:
    assert set(HOST_SAMPLES) == set(HOST_KINDS)
    doc: dict[str, Any] = {"v": 1, "kind": kind, "n": 9, **HOST_SAMPLES[kind]}
    if kind == "view":
        doc["vm"] = a_view()
    names = sorted(doc)
    if how == "drop":
        doc.pop(names[len(key) % len(names)])
    elif how == "add":
        doc[key or "x"] = value
    elif how == "set":
        doc[names[len(key) % len(names)]] = value
    g = Guest(1, "t", randbytes=random.Random(0).randbytes)
    got = g.receive(json.dumps(doc))
    pairs = ({"error", "message"}, {"unfair", "why"}, {"record", "fair"}, {"dealt", "checked"})
    ones = ("welcome", "view", "refused", "commit", "hint", "bye", "pong")
    assert set(got) in pairs or (len(got) == 1 and next(iter(got)) in ones), got


def test_an_invite_is_checked_before_the_join_screen_shows_it() -> None:
    host, _, _ = new_table()
    invite = host.invite(2)
    assert check_invite(json.loads(json.dumps(invite))) == invite
    assert host.seat_state(1) == "connected" and host.seat_state(0) is None
    host.leave(1)
    assert host.seat_state(1) == "wait"
    host.stand_in(1)
    assert host.seat_state(1) == "bot"
    changes: list[tuple[dict[str, Any], str]] = [
        ({"v": 2}, "version"), ({"host": "a\u202eb"}, "bad_name"), ({"seat": 4}, "bad_message"),
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
    host, guests, _ = dealt_table()
    deliver(host, guests, host.leave(2))
    outs = host.close("new_game")
    assert [seat for seat, text in outs if text is not None] == [1] and outs[-1] == (1, None)
    assert [guests[1].receive(text) for _, text in outs if text is not None] == [{"bye": "new_game"}]
    assert host.guests == {} and not host.all_connected() and host.close() == []


def test_a_friends_last_table_once_the_host_is_gone_has_nothing_playable() -> None:
    """A tester's find (f01, h01, c08): after the host was lost, a friend's cards still looked playable and
    *Hint* was offered. ``Guest.closed_view``: no card legal, no call, not this seat's turn — the same cards."""
    host, guests, _ = dealt_table()
    game = host.session.game
    while game.phase is not Phase.PLAY or game.to_move not in guests:  # the calls, then a friend to play
        assert game.to_move is not None
        host.session.apply(str(game.legal_moves()[0]), game.to_move)
        deliver(host, guests, host.changed())
    seat = game.to_move
    vm = guests[seat].vm
    assert vm is not None and any(c["legal"] for c in vm["hand"])
    gone = Guest.closed_view(vm)
    assert not gone["my_turn"] and gone["moves"] == [] and not any(c["legal"] for c in gone["hand"])
    assert [c["card"] for c in gone["hand"]] == [c["card"] for c in vm["hand"]] and gone["trick"] == vm["trick"]
    assert guests[seat].check_view(json.loads(json.dumps(gone))) == gone  # still a view the page draws
