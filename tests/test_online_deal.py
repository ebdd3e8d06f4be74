"""The fair deal's commit–reveal–shuffle (issue 19, kingcore.online.deal.commit): an honest host is never flagged, a
host that deals other cards (two cards swapped, another seed, a seed used again, another draw) is caught,
and a secret that does not match its hash is caught — by the pure functions and through Host and Guest on
the simulated table of ``online_sim``."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from online_sim import Table

from kingcore.cards import Card
from kingcore.game import Game, Phase
from kingcore.notation import dumps
from kingcore.online import check_deal, commitment, deal_seed, new_secret
from kingcore.online.deal.commit import seed_hex
from kingcore.online.messages import is_hex
from kingcore.rules import Rules
from kingcore.web import RULE_SETS, Session

TABLES = sorted({str(r): r for r in RULE_SETS.values()}.values(), key=str) + [
    Rules.from_dict({"players": 3, "deck": d}) for d in ("standard", "no_black_aces", "short")] + [
    Rules.from_dict({"first_dealer": "first_ace"}), Rules.from_dict({"deal_by": 2})]
"""Every table size the page offers (2–6 players, the 3-player decks, the named rule sets) and both ways to
choose the first dealer."""


def finish_deal(game: Game, rng: random.Random) -> None:
    """Play the current deal to its end with random legal moves."""
    while game.phase not in (Phase.DEAL_OVER, Phase.RUBBER_OVER):
        moves = game.legal_moves()
        game.play(moves[int(rng.random() * len(moves))])


def honest(rules: Rules, seeds: list[int], rng: random.Random) -> Game:
    """A rubber's first ``len(seeds)`` deals, each dealt by the agreed shuffle of its seed (the first with
    the draw for dealer, as ``Session.deal`` does), every deal but the last played out."""
    game = Game(rules)
    for i, seed in enumerate(seeds):
        chance = random.Random(seed)
        if i == 0:
            game.draw_dealer(chance)
        game.deal(chance)
        if i < len(seeds) - 1:
            finish_deal(game, rng)
    return game


@pytest.mark.parametrize("rules", TABLES, ids=str)
def test_an_honest_host_is_never_flagged(rules: Rules) -> None:
    rng = random.Random(str(rules))
    for _ in range(6):
        seeds = [rng.getrandbits(256) for _ in range(3)]
        text = dumps(honest(rules, seeds, rng))
        assert [check_deal(text, k + 1, s) for k, s in enumerate(seeds)] == [None, None, None]


def cheat(rules: Rules, first: int, hands_of: Any) -> str:
    """The record of a game whose first deal is the shuffle of ``first`` but whose second deal's hands
    are ``hands_of(agreed hands)`` (what a cheating host deals instead)."""
    rng = random.Random(1)
    game = honest(rules, [first], rng)
    finish_deal(game, rng)
    probe = Game(rules)
    probe.set_first_dealer(game.dealer or 0)
    probe.deal(random.Random(2))
    hands, kitty = hands_of([list(h) for h in probe.deals[0].hands]), probe.deals[0].kitty
    game.deal_cards(hands, kitty)
    return dumps(game)


@pytest.mark.parametrize("rules", [Rules(), RULE_SETS["three_kitty"], RULE_SETS["six"]], ids=str)
def test_a_host_that_deals_other_cards_is_caught(rules: Rules) -> None:
    def swap(hands: list[list[Card]]) -> list[list[Card]]:
        hands[0][0], hands[1][-1] = hands[1][-1], hands[0][0]
        return hands

    assert check_deal(cheat(rules, 1, lambda h: h), 2, 2) is None  # the agreed cards pass…
    assert "seat 0 was dealt other cards" in str(check_deal(cheat(rules, 1, swap), 2, 2))  # …two swapped do not
    reordered = check_deal(cheat(rules, 1, lambda h: [h[0][::-1], *h[1:]]), 2, 2)
    assert reordered is not None  # the order the cards were received in is part of the shuffle
    assert check_deal(cheat(rules, 1, lambda h: h), 2, 3) is not None  # another seed
    reused = dumps(honest(rules, [5, 5], random.Random(3)))  # the first deal's seed used again
    assert check_deal(reused, 1, 5) is None
    assert check_deal(reused, 2, 6) is not None
    assert check_deal(reused, 1, 6) == "deal 1: the draw for dealer is not the agreed shuffle"


def test_check_deal_says_what_is_wrong_with_the_record() -> None:
    text = dumps(honest(Rules(), [7], random.Random(0)))
    assert check_deal(text, 2, 7) == "the record has no deal 2"
    assert check_deal(text, 0, 7) == "the record has no deal 0"
    assert str(check_deal("garbage", 1, 7)).startswith("the record does not replay")
    game = Game(Rules())
    game.draw_dealer(random.Random(7))
    game.deal(random.Random(99))  # the draw agreed, the deal not
    assert "other cards" in str(check_deal(dumps(game), 1, 7))


def test_secrets_commitments_and_seeds() -> None:
    a, b = new_secret(random.Random(1).randbytes), new_secret(random.Random(2).randbytes)
    assert is_hex(a) and is_hex(b) and a != b
    with pytest.raises(ValueError, match="32 bytes"):
        new_secret(lambda n: b"short")
    h = commitment("t", 1, 0, a)
    assert is_hex(h) and h not in (commitment("t", 2, 0, a), commitment("t", 1, 1, a), commitment("u", 1, 0, a))
    seed = deal_seed("t", 1, {0: a, 2: b})
    assert seed == deal_seed("t", 1, {2: b, 0: a}) != deal_seed("t", 1, {0: b, 2: a})
    assert 0 <= seed < 2**256 and int(seed_hex(seed), 16) == seed


# ----- through Host and Guest, on the simulated table of online_sim ------------------------------------------

def table(players: int = 4, **kw: Any) -> Table:
    """The host's page at seat 0, friends at seats 1 and 2 joined, bots at the others."""
    return Table(players, levels=["human", "online", "online", "easy", "easy", "easy"][:players], **kw)


def deal_fairly(t: Table, chance: random.Random | None = None) -> list[dict[str, Any]]:
    """A fair-deal round, the deal made (with ``chance`` instead of the agreed seed when given), the deal
    played to its end at random (the friends answering their own views): every friend's answer."""
    first = len(t.answers)
    t.post(t.host.start_deal(new_secret(random.Random(9).randbytes)))
    assert t.host.dealt is not None
    if chance is None:
        t.post(t.host.deal())
    else:
        t.session.deal(chance)
        t.changed()
        t.settle()
    t.run(deals=1)
    return [got for _, got in t.answers[first:]]


@pytest.mark.parametrize("players", [3, 4, 6])
def test_guests_check_every_honest_deal(players: int) -> None:
    t = table(players)
    for deal in (1, 2, 3):
        seen = deal_fairly(t)  # no unfair deal and no error: the table checks every answer
        assert {"dealt": deal} in seen
        assert all(t.guest(s).fair == list(range(1, deal + 1)) for s in t.pages)


def test_a_host_that_deals_other_cards_is_caught_by_its_guests() -> None:
    t = table(strict=False)
    deal_fairly(t)
    seen = deal_fairly(t, chance=random.Random(12345))  # the host deals with a seed of its own
    unfair = [x for x in seen if "unfair" in x]
    assert len(unfair) == 2 and unfair[0]["unfair"] == 2 and "other cards" in unfair[0]["why"]


def test_a_host_that_changes_a_secret_is_caught() -> None:
    def forge(seat: int, text: str) -> str:  # the host's page sends another secret for seat 2
        if '"kind":"dealt"' in text:
            secret = text.split('"secrets":[')[1].split("]")[0].split(",")[2].strip('"')
            return text.replace(secret, new_secret(random.Random(7).randbytes))
        return text

    t = table(tamper=forge)
    seen = deal_fairly(t)
    whys = [x["why"] for x in seen if "unfair" in x]
    assert sorted(whys) == ["the deal's secrets were not shared"] * 2 + [
        "the secret of seat 2 does not match its hash"] * 2
    assert all(t.guest(s).fair == [] for s in t.pages)


def test_a_guest_secret_that_does_not_match_its_hash_is_refused() -> None:
    t = table()
    host, guests = t.host, {s: t.guest(s) for s in t.pages}
    before = host.session.to_save()
    outs = host.start_deal(new_secret(random.Random(9).randbytes))
    asks = []
    for seat, text in outs:
        assert text is not None
        asks += host.receive(seat, guests[seat].receive(text)["commit"])
    assert [s for s, text in asks if '"kind":"reveal?"' in str(text)] == [1, 2]
    assert host.dealt is None  # the round waits for the secrets
    g = guests[1]
    forged = g._msg("reveal", deal=1, secret=new_secret(random.Random(3).randbytes))
    answer = host.receive(1, forged)
    assert '"reason":"bad_secret"' in str(answer[0][1]) and host.left_out == [1]
    assert host.session.to_save() == before


def test_a_late_guest_is_left_out_and_the_deal_goes_on() -> None:
    t = table()
    host, clock = t.host, t.clock
    outs = host.start_deal(new_secret(random.Random(9).randbytes))
    got = t.guest(1).receive(str(dict(outs)[1]))
    t.guest(2).receive(str(dict(outs)[2]))  # seat 2's page hears the round but never answers
    t.post(host.receive(1, got["commit"]))
    assert host.tick() == [] and host.dealt is None
    clock.now += 11.0
    t.post(host.tick())
    assert host.left_out == [2] and host.dealt is not None
    seen = t.post(host.deal())
    assert host.session.game.phase is not Phase.DEAL
    assert not [x for x in seen if "unfair" in x]


def test_a_session_dealt_by_the_round_is_session_deal_of_the_seed() -> None:
    t = table()
    t.post(t.host.start_deal(new_secret(random.Random(9).randbytes)))
    rng = t.host.dealt
    assert rng is not None
    twin = Session.from_save(t.session.to_save())
    twin.deal(rng)
    t.post(t.host.deal())
    assert twin.record() == t.session.record()


def test_a_host_that_makes_up_a_commitment_is_caught() -> None:
    t = table()
    host = t.host
    outs = host.start_deal(new_secret(random.Random(9).randbytes))
    asks: list[tuple[int, str | None]] = []
    for seat, text in outs:
        assert text is not None
        asks += host.receive(seat, t.guest(seat).receive(text)["commit"])
    seat, text = asks[0]
    assert text is not None
    forged = text.replace('null]', f'"{"cd" * 32}"]')  # a hash for the bot's seat 3, to drop later or not
    assert forged != text
    assert t.guest(seat).receive(forged) == {"unfair": 1, "code": "mismatch", "why": "a seat not online committed"}


def swap_field(text: str, kind: str, field: str, new: Any) -> str:
    """``text`` with ``field`` set to ``new`` when it is a ``kind`` message (what a cheating host sends)."""
    doc = json.loads(text)
    if doc["kind"] == kind:
        doc[field] = new(doc[field])
    return json.dumps(doc)


@pytest.mark.parametrize(("kind", "field", "new", "why"), [
    ("reveal?", "hashes", lambda h: [*h[:1], "ee" * 32, *h[2:]], "the host changed the commitments"),
    ("dealt", "seed", lambda s: "0" * 64, "the seed is not the hash of the secrets"),
    ("dealt", "secrets", lambda s: [*s[:1], None, *s[2:]], "this page's secret was left out"),
    ("dealt", "secrets", lambda s: [None, *s[1:]], "the host's secret is not its commitment"),
])
def test_a_host_that_bends_the_round_is_caught(kind: str, field: str, new: Any, why: str) -> None:
    t = table(tamper=lambda seat, text: swap_field(text, kind, field, new) if seat == 1 else text)
    seen = deal_fairly(t) if kind == "dealt" else t.post(t.host.start_deal(new_secret(random.Random(9).randbytes)))
    assert {"unfair": 1, "code": "mismatch", "why": why} in seen
    assert t.guest(1).fair == [] and (kind != "dealt" or t.guest(2).fair == [1])
