"""Mental poker's protocol (kingcore.online.deal.mental): pages shuffle, deal, play and audit rubbers together,
no page ever knowing another person's unplayed card; every page ends with the engine's own score sheet."""

from __future__ import annotations

import copy
import json
import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mental_net import Table

from kingcore.cards import Card
from kingcore.game import Game, Phase
from kingcore.online.deal import simulate
from kingcore.online.deal.checks import Checks
from kingcore.online.deal.group import card_element, scalar_text
from kingcore.online.deal.mental import STALL_GRACE_S, STALL_S, Event, MentalPage, Rounds, Send
from kingcore.online.deal.wire import KINDS, write

BAD = ("cheat", "refused", "stalled", "annulled", "renege", "stood_in")


def test_two_pages_play_a_whole_rubber() -> None:
    t = Table("king(players=2)", guests=[1], seed=1)
    t.play()
    host, guest = t.pages
    assert host.game.phase is Phase.RUBBER_OVER and guest.game.phase is Phase.RUBBER_OVER
    assert host.game.sheet.rows == guest.game.sheet.rows and len(host.game.sheet.rows) == 14
    assert t.kinds(*BAD) == [] and t.checks > 14 * 16


@pytest.mark.parametrize(("rules", "guests", "deals"), [
    ("king(players=3,deck=kitty,deal_order=king,tricks,boys,girls,hearts,last_two)", [1, 2], 2),
    ("king(players=3,deck=kitty,deal_by=2,order=chosen)", [2], 3),
    ("king(players=2,replay=auction,eralash=false,deal_by=2)", [1], 7),
    ("king()", [1, 2, 3], 1),
    ("king(players=5,first_dealer=first_ace)", [1, 3], 1),
    ("king(players=6)", [3], 1),
])
def test_tables_of_every_size_and_deck_deal_play_and_audit_unflagged(rules: str, guests: list[int],
                                                                     deals: int) -> None:
    t = Table(rules, guests, seed=len(rules))
    t.play(deals)
    assert len(t.pages[0].audits) == deals and t.kinds(*BAD) == []
    assert all(p.game.sheet.rows == t.pages[0].game.sheet.rows for p in t.pages)
    if "kitty" in rules and "deal_order=king" in rules:
        assert len(t.kinds("kitty")) == 3  # no King: the kitty is opened on every page before the first card


def test_the_khvalyonka_caller_calls_on_three_cards_and_shows_the_last() -> None:
    t = Table("king(players=2,replay=trumps,eralash=false,deal_by=2)", guests=[1], seed=3, prefer="trump:last-card")
    t.play()
    assert t.pages[0].game.phase is Phase.RUBBER_OVER and t.kinds(*BAD) == []
    assert len(t.kinds("shown")) == 2 * 2  # two trump deals, the last card shown on both pages
    assert all("last card" in r.note for r in t.pages[0].game.sheet.rows[6:])


@settings(max_examples=4, deadline=None)
@given(st.integers(0, 10**6))
def test_an_honest_table_is_never_flagged(seed: int) -> None:
    t = Table("king(players=2,preset=dos1993)", guests=[1], seed=seed)
    t.play(3)
    assert len(t.pages[0].audits) == 3 and t.kinds(*BAD) == []


@pytest.mark.slow
@pytest.mark.parametrize(("rules", "guests"), [
    ("king(players=3)", [1, 2]), ("king()", [1, 2, 3]), ("king(players=5)", [1, 2, 3, 4]),
    ("king(players=6)", [1, 2, 3, 4, 5]),
    ("king(players=3,deck=kitty)", [1, 2]), ("king(replay=trumps)", [1, 3]), ("king(replay=auction)", [2]),
])
def test_slow_whole_rubbers_of_three_to_six_pages(rules: str, guests: list[int]) -> None:
    t = Table(rules, guests, seed=4)
    t.play()
    assert all(p.game.phase is Phase.RUBBER_OVER and p.game.sheet.rows == t.pages[0].game.sheet.rows
               for p in t.pages)
    assert t.kinds(*BAD) == []


# ----- cheats ----------------------------------------------------------------------------------------------

def words(t: Table, kind: str) -> dict[int, list[str]]:
    out: dict[int, list[str]] = {}
    for p, e in t.kinds(kind):
        out.setdefault(p, []).append(e.words)
    return out


def test_a_wrong_key_is_named_by_its_receiver_shown_to_all_and_the_deal_annulled() -> None:
    def tamper(sender: int, to: int, text: str) -> str | None:
        msg = json.loads(text)
        if msg["kind"] == "mp_keys" and sender == 2 and msg["deal"] == 1 and msg["try"] == 0:
            msg["keys"][0][1] = scalar_text(12345)
            return json.dumps(msg)
        return text

    t = Table("king(players=3)", guests=[1, 2], seed=5, tamper=tamper)
    t.play(1)
    cheats = t.kinds("cheat")
    assert cheats and all(e.page == 2 for _, e in cheats)
    assert {p for p, _ in cheats} == {0, 1, 2} - {2} | {p for p, _ in cheats}
    first = cheats[0][1].words
    assert "seat 2's page sent a key that opens no card" in first
    assert {p for p, e in t.kinds("annulled")} == {0, 1, 2}
    assert len(t.pages[0].audits) == 1 and t.pages[0].audits[0].deal == 1  # the next try was dealt and played
    assert t.pages[1].round is not None and t.pages[1].round.key[1] == 1


def test_a_wrong_key_shown_with_a_card_is_caught_by_every_page() -> None:
    def tamper(sender: int, to: int, text: str) -> str | None:
        msg = json.loads(text)
        if msg["kind"] == "mp_play" and sender == 1 and msg["try"] == 0:
            msg["keys"][0] = scalar_text(777)
            return json.dumps(msg)
        return text

    t = Table("king(players=3)", guests=[1, 2], seed=6, tamper=tamper)
    t.play(1)
    said = words(t, "cheat")
    assert set(said) == {0, 2}
    assert all("seat 1's page showed a key of the host's page that opens no card" in w[0] for w in said.values())


def test_a_card_not_dealt_to_its_player_is_refused() -> None:
    """The host holds its bots' keys: it shows a bot's card as its own seat's, and every guest refuses it."""
    def cheat(t: simulate.Table, page: int, seat: int) -> bool:
        host = t.pages[0]
        r, d = host.round, host.deal
        if seat != 0 or r is None or d is None or r.deal != 1 or r.attempt:
            return False
        pos = next(p for p in d.cards if d.seat_of(p) == 2)
        keys = [scalar_text(r.keys[pos][p]) for p in r.pages]
        text = write("mp_play", deal=1, draw=-1, seat=0, pos=pos, card=str(Card.from_index(d.cards[pos])), keys=keys,
                     **{"try": 0})
        t.send(0, 1, text)
        return True

    t = Table("king(players=3)", guests=[1], seed=7)
    t.cheat_move = cheat
    t.play(1)
    said = words(t, "cheat")
    assert list(said) == [1] and re.fullmatch(r"seat 0 played [2-9TJQKA][♠♥♦♣], a card not dealt to it", said[1][0])


def test_a_card_played_twice_is_refused() -> None:
    last: dict[int, str] = {}

    def tamper(sender: int, to: int, text: str) -> str | None:
        msg = json.loads(text)
        if msg["kind"] == "mp_play" and sender == 1 and msg["try"] == 0:
            if 1 in last:
                return last[1]  # seat 1's page shows its first card again
            last[1] = text
        return text

    t = Table("king(players=3)", guests=[1, 2], seed=8, tamper=tamper)
    t.play(1)
    said = words(t, "cheat")
    assert set(said) == {0, 2} and all(re.fullmatch(r"seat 1 played ..? a second time", w[0]) for w in said.values())


def test_a_renege_is_named_on_every_page_at_the_audit_and_costs_the_whole_penalty() -> None:
    reneged: list[str] = []

    def cheat(t: simulate.Table, page: int, seat: int) -> bool:
        if page != 1 or reneged:
            return False
        p = t.pages[1]
        d = p.deal
        assert d is not None
        legal = d.legal(seat)
        bad = d.hand(seat) & ~legal
        if not bad:
            return False
        card = Card.from_index((bad & -bad).bit_length() - 1)
        d.check_own = lambda seat, card: None  # type: ignore[method-assign]  # the cheating page skips the rules
        t.out(1, p.move(seat, str(card), t.now))
        reneged.append(card.pretty)
        return True

    t = Table("king(players=3)", guests=[1, 2], seed=9)
    t.cheat_move = cheat
    t.play(3)
    assert reneged
    said = words(t, "renege")
    assert set(said) == {0, 1, 2}
    text = said[0][0]
    assert text.startswith(f"seat 1 played {reneged[0]} in trick ") and "while holding a " in text
    audit = next(a for a in t.pages[2].audits if a.renege is not None)
    assert audit.row.points[1] == audit.row.control < 0 and sum(audit.row.points) == audit.row.control
    assert all(a.row == audit.row for p in t.pages for a in p.audits if a.deal == audit.deal)
    assert len(t.pages[0].audits) == 3  # the rubber went on


def test_a_second_shuffle_of_a_deal_is_refused() -> None:
    starts: list[str] = []

    def tamper(sender: int, to: int, text: str) -> str | None:
        if '"mp_start"' in text and to == 1:
            starts.append(text)
        return text

    t = Table("king(players=3)", guests=[1, 2], seed=10, tamper=tamper)
    t.play(1)
    again = next(s for s in starts if '"deal":1' in s)
    t.send(0, 1, again)  # the same round again
    t.send(0, 1, again.replace('"try":0', '"try":1'))  # a new try that no annulment allowed
    said = words(t, "refused")
    assert said[1] == ["the host tried to shuffle deal 1 again"] * 2
    t.play(1)
    assert len(t.pages[1].audits) == 2 and t.kinds("cheat", "annulled") == []


def test_a_page_left_out_of_a_deal_refuses_it_and_its_seat_cannot_be_taken() -> None:
    played = Table("king(players=3)", guests=[1, 2], seed=11)
    played.play(1)
    # the host deals deal 2 without page 2, its seat to a bot, and page 2 hears of it
    t = copy.deepcopy(played)
    outs = t.pages[0].start(t.now, [0, 1], [0, 1, 0])
    t.out(0, outs)
    t.send(0, 2, next(o.text for o in outs if isinstance(o, Send)))
    assert words(t, "refused")[2] == ["the host dealt deal 2 without this page"]
    # a host that tells the left-out page nothing: the table's own state shows the deal under way
    quiet = copy.deepcopy(played)
    quiet.pages[0].start(quiet.now, [0, 1], [0, 1, 0])
    assert quiet.pages[2].table_at(1) == []
    said = quiet.pages[2].table_at(2)
    assert [e.words for e in said if isinstance(e, Event)] == ["the host dealt deal 2 without this page"]
    # a round that gives a connected friend's seat to another page
    other = copy.deepcopy(played)
    outs = other.pages[0].start(other.now, [0, 1, 2], [0, 1, 0])
    said2 = other.pages[2].receive(0, next(o.text for o in outs if isinstance(o, Send)), other.now)
    assert [e.words for e in said2 if isinstance(e, Event)] == [
        "the host gave this page's seat 2 to another page in deal 2"]


def test_a_page_left_out_of_a_try_and_dealt_in_the_next_gives_that_deal_its_audit_as_verdict() -> None:
    """Page 2, left out of deal 2's first try, says it was dealt without it; the host annuls that try and deals
    the next with page 2: while it is in play page 2 has no verdict of deal 2 (its result panel, drawn before
    the audit came, kept the left-out try's), and then the audit's."""
    t = Table("king(players=3)", guests=[1, 2], seed=11)
    t.play(1)
    outs = t.pages[0].start(t.now, [0, 1], [0, 1, 0])
    t.out(0, outs)
    t.send(0, 2, next(o.text for o in outs if isinstance(o, Send)))
    checks = Checks()
    checks.note(e for p, e in t.events if p == 2)
    assert checks.deals[2].code == "without"
    t.out(0, t.pages[0].annul(t.now, 1, "left", "seat 1's page left: deal 2 is annulled, to be dealt again"))
    t.deliver()
    seen = len(t.events)
    t.host_start()  # the next try, page 2 in it: its cards dealt
    dealt = [e for p, e in t.events[seen:] if p == 2]
    assert [e.kind for e in dealt if e.deal == 2][-1:] == ["dealt"]
    checks.note(dealt)
    assert 2 not in checks.deals  # in play again: no verdict until its audit
    seen = len(t.events)
    t.play(1)
    checks.note(e for p, e in t.events[seen:] if p == 2)
    assert checks.deals[2].code == "audited" and t.pages[2].round is not None and t.pages[2].round.key == (2, 1, -1)


def test_withheld_keys_name_the_stalling_seat_annul_the_deal_and_a_bot_takes_its_seat() -> None:
    def tamper(sender: int, to: int, text: str) -> str | None:
        return None if sender == 2 and '"mp_keys"' in text and '"try":0' in text else text

    t = Table("king(players=3)", guests=[1, 2], seed=13, tamper=tamper)
    t.play(1)  # deal 1 stalls: seat 2's page sends nobody its keys
    assert len(t.pages[0].audits) == 0 and t.kinds("stalled") == []
    t.tick(STALL_S / 2)
    assert t.kinds("stalled") == []
    t.tick(STALL_S)
    stalled = t.kinds("stalled")
    assert [(p, e.seat) for p, e in stalled] == [(0, 2)]
    assert "seat 2's page did not send its part of deal 1 in time" in stalled[0][1].words
    assert {p for p, _ in t.kinds("annulled")} == {0, 1, 2}
    t.tamper = lambda s, to, text: text
    t.owners = [0, 1, 0]  # the host gives seat 2 to a bot for the new try
    outs = t.pages[0].start(t.now, [0, 1], t.owners)
    t.out(0, outs)
    t.send(0, 2, next(o.text for o in outs if isinstance(o, Send)))
    assert [e.words for p, e in t.kinds("stood_in")] == [
        "deal 1 is dealt without this page, which did not answer in time"]
    t.play(1)
    assert len(t.pages[0].audits) == 1 and t.pages[0].audits[0].deal == 1


VALUES = st.one_of(st.none(), st.booleans(), st.integers(-2, 60), st.text(max_size=50),
                   st.sampled_from([scalar_text(1), scalar_text(12345), "KH", "pass", "trump:last-card", "bid:3"]),
                   st.lists(st.integers(-1, 60), max_size=6), st.lists(st.text(max_size=44), max_size=40),
                   st.lists(st.lists(st.integers(0, 60), max_size=3), max_size=3))


@settings(max_examples=100, deadline=None)
@given(st.data())
def test_a_peers_mutated_text_never_raises(data: st.DataObject) -> None:
    """A text of the game so far (every kind), one field changed — or a kind swapped — sent by any page."""
    t = _mid_deal()
    sender, _, text = data.draw(st.sampled_from(t.log))
    msg = json.loads(text)
    how = data.draw(st.sampled_from(["field", "kind", "extra"]))
    if how == "field":
        msg[data.draw(st.sampled_from(sorted(msg)))] = data.draw(VALUES)
    elif how == "kind":
        msg["kind"] = data.draw(st.sampled_from(sorted(KINDS)))
    else:
        msg[data.draw(st.text(max_size=6))] = data.draw(VALUES)
    to = data.draw(st.sampled_from([0, 1, 2]))
    out = t.pages[to].receive(data.draw(st.sampled_from([sender, 0, 1, 2, 7])), json.dumps(msg), t.now)
    assert all(isinstance(o, Event | Send) for o in out)


@settings(max_examples=40, deadline=None)
@given(st.text(max_size=200) | st.binary(max_size=200).map(lambda b: b.decode("latin-1")))
def test_random_text_is_refused_and_changes_nothing(text: str) -> None:
    t = _mid_deal()
    page = t.pages[1]
    before = page.known_cards(), page.view(1)
    out = page.receive(0, text, t.now)
    assert [o.kind for o in out if isinstance(o, Event)] == ["refused"]
    assert (page.known_cards(), page.view(1)) == before


_TABLE: list[Table] = []


def _mid_deal() -> Table:
    """A fresh copy of one table in the middle of deal 1 (made once: a shuffle costs a second)."""
    if not _TABLE:
        t = Table("king(players=3,deck=short)", guests=[1, 2], seed=14)
        for _ in range(8):
            t.step()
        _TABLE.append(t)
    return copy.deepcopy(_TABLE[0])


def test_a_false_shuffle_step_is_found_by_every_page_checking_every_step() -> None:
    """Seat 2's page puts a point that is no card into its relocked deck: a position then opens no card though
    every key matches its commitment; every page reveals how it shuffled, and the others name seat 2's page."""
    def tamper(sender: int, to: int, text: str) -> str | None:
        msg = json.loads(text)
        if msg["kind"] == "mp_relock" and sender == 2 and msg["deal"] == 1 and msg["try"] == 0:
            msg["deck"][3] = (card_element(0) * 7).text()
            return json.dumps(msg)
        return text

    t = Table("king(players=3)", guests=[1, 2], seed=15, tamper=tamper)
    t.play(1)
    named = {p: e.words for p, e in t.kinds("cheat") if e.detail == "false_step"}
    assert set(named) == {0, 1}
    assert all(w == "seat 2's page relocked the deck of deal 1 falsely: its step does not match its secrets"
               for w in named.values())
    assert len(t.pages[0].audits) == 1  # the next try was dealt and played


def test_a_page_that_joins_between_deals_plays_the_next_one_from_the_game_so_far() -> None:
    t = Table("king(players=3)", guests=[1, 2], seed=16)
    t.play(1)
    old = t.pages[2]
    so_far = copy.deepcopy(t.pages[1].game)  # what the host's record gives a page that comes back
    t.pages[2] = MentalPage(t.rules, 2, "t1", random.Random(99).randbytes, seat=2, game=so_far)
    t.play(1)
    assert [a.deal for a in t.pages[2].audits] == [2] and t.kinds(*BAD) == []
    assert t.pages[2].game.sheet.rows == t.pages[0].game.sheet.rows != old.game.sheet.rows


def test_a_page_back_with_its_rounds_refuses_the_tries_it_joined_and_takes_a_later_one() -> None:
    """A friend's page on a new connection (or reloaded) keeps the rounds it took part in (``Rounds``): the host
    cannot have it shuffle again a try it joined before its connection was lost — even of a deal it audited,
    whose record the host's game so far leaves out; a later try it takes (the host's page annulled the deal when
    the page's connection was lost before its audit reached the host: the audit says how often it was
    shuffled)."""
    t = Table("king(players=3)", guests=[1, 2], seed=17)
    t.play(1)
    first = t.pages[1]
    before_deal_1 = Game(t.rules)
    before_deal_1.apply_draw(first.draw)
    t.host_start()  # deal 2 is shuffled and dealt; then page 1's connection is lost
    assert first.round is not None and first.round.key == (2, 0, -1) and first.round.state == "deal"

    def start(deal: int, attempt: int) -> str:
        return write("mp_start", deal=deal, **{"try": attempt}, draw=-1, pages=[0, 1, 2], owners=[0, 1, 2])

    back = MentalPage(t.rules, 1, "t1", random.Random(5).randbytes, seat=1, game=copy.deepcopy(first.game),
                      rounds=first.rounds)
    assert back.round is not None and back.round.key == (2, 0, -1) and back.round.resumed  # (its round kept)
    said = back.receive(0, start(2, 0), t.now)  # the same try once more
    assert [(e.kind, e.words) for e in said if isinstance(e, Event)] == [
        ("refused", "the host tried to shuffle deal 2 again")]
    fresh = MentalPage(t.rules, 1, "t1", random.Random(5).randbytes, seat=1, game=copy.deepcopy(first.game))
    assert [e.kind for e in fresh.receive(0, start(2, 0), t.now) if isinstance(e, Event)] == []  # what it forgot
    behind = MentalPage(t.rules, 1, "t1", random.Random(6).randbytes, seat=1, game=before_deal_1,
                        rounds=first.rounds)
    said = behind.receive(0, start(1, 0), t.now)  # deal 1's try again, the host's record without it
    assert [(e.kind, e.words) for e in said if isinstance(e, Event)] == [
        ("refused", "the host tried to shuffle deal 1 again")]
    assert behind.receive(0, start(1, 1), t.now) == [] and behind.round is not None  # its next try: taken
    outs = back.receive(0, start(2, 1), t.now)  # the next try, after the host annulled the lost page's
    assert [(e.kind, e.detail) for e in outs if isinstance(e, Event)] == [("annulled", "left")]  # its kept one over
    assert back.round is not None and back.round.key == (2, 1, -1)  # (the host's page locks first: nothing sent)
    assert not [o for o in outs if not isinstance(o, Event)]


def test_every_page_reloaded_mid_deal_with_its_rounds_deals_it_again_on_the_next_try() -> None:
    """The host's page reloaded mid-deal (its keys lost; its rounds kept with the room), its friends' pages back
    on new connections with theirs: the deal in play is dealt again on its next try, which every page takes."""
    t = Table("king(players=3)", guests=[1, 2], seed=18)
    t.play(1)
    t.host_start()  # deal 2, dealt; then every page is reloaded
    assert t.pages[0].round is not None and t.pages[0].round.key == (2, 0, -1)
    so_far = copy.deepcopy(t.pages[0].game)
    for p in t.pages:
        kept = Rounds(set(p.rounds.seen), dict(p.rounds.tries), dict(p.rounds.named_in), set(p.rounds.done))
        t.pages[p.page] = MentalPage(t.rules, p.page, "t1", random.Random(40 + p.page).randbytes, seat=p.seat,
                                     game=copy.deepcopy(so_far), rounds=kept)
    assert [p.expected() for p in t.pages] == [(2, 1, -1)] * 3
    t.play(1)
    assert [a.deal for a in t.pages[0].audits] == [2] and t.kinds(*BAD) == []


def test_deals_played_while_a_page_was_away_are_said_dealt_without_it_not_before_it_came() -> None:
    """A page at the table since deal 1, lost in deal 6 and back during deal 7 (seated while deal 7 is in play):
    deal 6, played on with a stand-in at its seat, was dealt without it — not before it came, nor while it
    joined — and deal 7 while it came back (not "you joined": a new user's find)."""
    checks = Checks()
    checks.missed(6, 7, came=5, joined=7, back=True)
    assert [checks.deals[d].code for d in (6, 7)] == ["without", "back"]
    fresh = Checks()  # a new page seated during deal 7: the deals before it came, and the one it joined in
    fresh.missed(1, 7, came=6, joined=7)
    assert [fresh.deals[d].code for d in (1, 6, 7)] == ["before", "before", "joined"]


def test_a_stall_of_the_hosts_page_names_the_hosts_own_seat_not_a_bots_it_also_holds() -> None:
    """The host's page holds its own person's seat and its bots': a friend's page that names it for stalling records
    the host person's seat (``host_seat``) in its rounds — whose page the result's list names —, not the first seat
    the host's page holds, here a bot's (seat 0; the host sits at seat 1)."""
    def tamper(sender: int, to: int, text: str) -> str | None:
        return None if sender == 0 and '"mp_keys"' in text and '"try":0' in text else text

    t = Table("king()", guests=[2, 3], seed=13, tamper=tamper)
    for p in t.pages:
        p.host_seat = 1
    t.play(1)  # deal 1 stalls: the host's page sends nobody its keys
    assert len(t.pages[0].audits) == 0 and t.kinds("stalled") == []
    t.tick(STALL_S + STALL_GRACE_S + 1)
    stalled = t.kinds("stalled")
    assert {p for p, _ in stalled} == {1, 2} and all(e.page == 0 and e.seat == 1 for _, e in stalled), stalled
    for p in t.pages[1:]:
        deal = next(iter(p.rounds.annulled))
        assert p.rounds.annulled[deal] == {0: "stalled"} and p.rounds.who_annulled(deal, 2) == [1]
