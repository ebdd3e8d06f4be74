"""Self-checks of the naive reference rules (tests/reference_rules.py).

The reference must agree with every public deal vector, and with hand-worked rule cases below.
It shares no code with kingcore; these tests only exercise the reference itself.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from reference_rules import evaluate, legal_next

VECTOR_DIR = Path(__file__).parent / "data" / "vectors"
VECTOR_FILES = sorted(VECTOR_DIR.glob("*.json"))

# Each seat holds one whole suit; seat 0 leads (dealer 3).
BY_SUIT = [
    "AS KS QS JS TS 9S 8S 7S",
    "AH KH QH JH TH 9H 8H 7H",
    "AD KD QD JD TD 9D 8D 7D",
    "AC KC QC JC TC 9C 8C 7C",
]
# The mixed deal of the public vectors; seat 0 leads (dealer 3).
MIXED = [
    "AS KS 7S AH 8H AD 7D 7C",
    "QS JS 9H 7H KD QD AC KC",
    "TS 9S KH QH JH 9D 8D QC",
    "8S TH TD JD JC TC 9C 8C",
]


def vec(contract: str, hands: list[str], play: list[str], dealer: int = 3, **extra: Any) -> dict[str, Any]:
    """A vector; rules options go in ``rules=...``, trump-deal keys as keywords."""
    rules = extra.pop("rules", {})
    return {"rules": rules, "contract": contract, "dealer": dealer, "hands": hands, "play": play, **extra}


def result(points: list[int], tricks: list[int], over: bool) -> dict[str, Any]:
    return {"points": points, "tricks": tricks, "over": over}


def error(index: int, kind: str) -> dict[str, Any]:
    return {"error": {"index": index, "kind": kind}}


def load(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((VECTOR_DIR / name).read_text(encoding="utf-8"))
    return data


# ---------------------------------------------------------------------------
# The public vectors
# ---------------------------------------------------------------------------


def test_vectors_are_present() -> None:
    assert len(VECTOR_FILES) >= 19


@pytest.mark.parametrize("path", VECTOR_FILES, ids=[p.name for p in VECTOR_FILES])
def test_public_vector(path: Path) -> None:
    vector = json.loads(path.read_text(encoding="utf-8"))
    expect = dict(vector["expect"])
    if "error" in expect:
        expect = {"error": {"index": expect["error"]["index"], "kind": expect["error"]["kind"]}}
    expect.pop("message", None)
    assert evaluate(vector) == expect
    # legal_next agrees with evaluate: None exactly when there is an error or the deal is over
    nxt = legal_next(vector)
    if "error" in expect or expect["over"]:
        assert nxt is None
    else:
        assert nxt


# ---------------------------------------------------------------------------
# §4 play of a trick
# ---------------------------------------------------------------------------


def test_must_follow_suit() -> None:
    assert legal_next(vec("no_tricks", MIXED, ["AS"])) == ["QS", "JS"]
    assert evaluate(vec("no_tricks", MIXED, ["AS", "KD"])) == error(1, "must_follow_suit")
    # void in spades after trick 1: seat 3 may then discard anything
    after = ["AS", "QS", "TS", "8S", "KS", "JS", "9S"]
    assert legal_next(vec("no_tricks", MIXED, after)) == ["TH", "JD", "TD", "JC", "TC", "9C", "8C"]


def test_hearts_lead() -> None:
    # forbidden in no_hearts, no_king, eralash and their twins ...
    for contract in ["no_hearts", "no_king", "eralash_minus", "take_hearts", "take_king", "eralash_plus"]:
        assert evaluate(vec(contract, MIXED, ["AH"])) == error(0, "hearts_lead"), contract
        assert legal_next(vec(contract, MIXED, [])) == ["AS", "KS", "7S", "AD", "7D", "7C"], contract
    # ... but not elsewhere
    for contract in ["no_tricks", "no_boys", "no_girls", "no_last_two", "take_tricks", "take_boys"]:
        assert evaluate(vec(contract, MIXED, ["AH"])) == result([0] * 4, [0] * 4, False), contract
    trumps = vec("trumps", MIXED, ["AH"], trump="S", misere=False)
    assert evaluate(trumps) == result([0] * 4, [0] * 4, False)
    # a hand of only hearts may lead one
    only_hearts = [BY_SUIT[1], BY_SUIT[0], BY_SUIT[2], BY_SUIT[3]]
    assert legal_next(vec("no_hearts", only_hearts, [])) == BY_SUIT[1].split()


def test_king_must_go_default_negative() -> None:
    assert legal_next(vec("no_king", BY_SUIT, ["AS"])) == ["KH"]
    assert legal_next(vec("eralash_minus", BY_SUIT, ["AS"])) == ["KH"]
    # not in the positive twins by default
    assert legal_next(vec("take_king", BY_SUIT, ["AS"])) == BY_SUIT[1].split()
    assert evaluate(vec("take_king", BY_SUIT, ["AS", "AH"])) == result([0] * 4, [0] * 4, False)
    # never forces a lead: the KH holder (seat 2) on lead, holding other suits, may not even lead it
    assert legal_next(vec("no_king", MIXED, [], dealer=1)) == ["TS", "9S", "9D", "8D", "QC"]


def test_king_discard_always_and_never() -> None:
    always = {"king_discard": "always"}
    assert legal_next(vec("take_king", BY_SUIT, ["AS"], rules=always)) == ["KH"]
    assert legal_next(vec("eralash_plus", BY_SUIT, ["AS"], rules=always)) == ["KH"]
    assert evaluate(vec("take_king", BY_SUIT, ["AS", "AH"], rules=always)) == error(1, "king_must_go")
    # the King taken in take_king ends the deal at once, with +16
    assert evaluate(vec("take_king", BY_SUIT, ["AS", "KH", "7D", "7C"], rules=always)) == result(
        [16, 0, 0, 0], [1, 0, 0, 0], True
    )
    never = {"king_discard": "never"}
    assert legal_next(vec("no_king", BY_SUIT, ["AS"], rules=never)) == BY_SUIT[1].split()
    assert legal_next(vec("eralash_minus", BY_SUIT, ["AS"], rules=never)) == BY_SUIT[1].split()


def test_hearts_must_go() -> None:
    # trick 1: AS QS TS 8S, seat 0 wins; trick 2: seat 0 leads KS, seat 3 is void in spades
    start = ["AS", "QS", "TS", "8S", "KS", "JS", "9S"]
    on = {"hearts_must_go": True}
    assert legal_next(vec("take_hearts", MIXED, start, rules=on)) == ["TH"]
    assert evaluate(vec("take_hearts", MIXED, [*start, "TD"], rules=on)) == error(7, "must_play_heart")
    # off by default, and not in other contracts
    assert legal_next(vec("take_hearts", MIXED, start)) == ["TH", "JD", "TD", "JC", "TC", "9C", "8C"]
    assert len(legal_next(vec("no_hearts", MIXED, start, rules=on)) or []) == 7
    # take_king: void in clubs, seat 2 holds KH QH JH
    clubs = ["7C", "AC", "QC", "8C", "KC"]
    assert legal_next(vec("take_king", MIXED, clubs, rules=on)) == ["KH", "QH", "JH"]
    assert evaluate(vec("take_king", MIXED, [*clubs, "9D"], rules=on)) == error(5, "must_play_heart")
    # with king_discard=always as well, only the King
    both = {"hearts_must_go": True, "king_discard": "always"}
    assert legal_next(vec("take_king", MIXED, clubs, rules=both)) == ["KH"]
    assert evaluate(vec("take_king", MIXED, [*clubs, "JH"], rules=both)) == error(5, "king_must_go")
    assert evaluate(vec("take_king", MIXED, [*clubs, "9D"], rules=both)) == error(5, "king_must_go")


def test_must_trump_and_its_option() -> None:
    play = ["AH", "9H", "KH", "TH", "8H", "7H", "QH", "9C"]
    assert evaluate(vec("trumps", MIXED, play, trump="S", trick_value=6)) == error(7, "must_trump")
    assert legal_next(vec("trumps", MIXED, play[:-1], trump="S", trick_value=6)) == ["8S"]
    free = vec("trumps", MIXED, play, trump="S", trick_value=6, rules={"must_trump": False})
    # trick 2 goes to QH (seat 2): 9C is no trump
    assert evaluate(free) == result([6, 0, 6, 0], [1, 0, 1, 0], False)
    # no trump: nothing to trump with
    assert evaluate(vec("trumps", MIXED, play, trump=None, trick_value=6)) == result(
        [6, 0, 6, 0], [1, 0, 1, 0], False
    )


def test_trick_winner_trump_and_misere() -> None:
    # trumps D: trick 1 to AS (seat 0); trick 2 KS JS 9S, seat 3 must ruff: TD wins
    play = ["AS", "QS", "TS", "8S", "KS", "JS", "9S", "TD"]
    assert evaluate(vec("trumps", MIXED, play, trump="D", trick_value=3)) == result(
        [3, 0, 0, 3], [1, 0, 0, 1], False
    )
    # misere: the lowest card of the led suit wins
    assert evaluate(vec("trumps", MIXED, play[:4], trump=None, misere=True, trick_value=3)) == result(
        [0, 0, 0, 3], [0, 0, 0, 1], False
    )
    # misere cannot have a trump; misere_allowed=false forbids it
    assert evaluate(vec("trumps", MIXED, [], trump="S", misere=True)) == error(-1, "bad_deal")
    off = vec("trumps", MIXED, [], trump=None, misere=True, rules={"misere_allowed": False})
    assert evaluate(off) == error(-1, "bad_deal")


def test_error_priority() -> None:
    # deal_over beats not_in_hand: AS has been played and the deal is already over
    assert evaluate(vec("no_king", BY_SUIT, ["AS", "KH", "7D", "7C", "AS"])) == error(4, "deal_over")
    assert evaluate(vec("no_king", BY_SUIT, ["AS", "KH", "7D", "7C", "KS"])) == error(4, "deal_over")
    # not_in_hand beats must_follow_suit and hearts_lead
    assert evaluate(vec("no_tricks", MIXED, ["AS", "AD"])) == error(1, "not_in_hand")
    assert evaluate(vec("no_hearts", MIXED, ["KH"])) == error(0, "not_in_hand")
    # must_follow_suit beats king_must_go: seat 2 holds a spade and KH
    assert evaluate(vec("no_king", MIXED, ["AS", "QS", "KH"])) == error(2, "must_follow_suit")
    # the first illegal card is reported, not a later one
    assert evaluate(vec("no_tricks", MIXED, ["AS", "9H", "QS"])) == error(1, "must_follow_suit")


# ---------------------------------------------------------------------------
# §5 scoring
# ---------------------------------------------------------------------------


def test_presets() -> None:
    king_trick = ["AS", "KH", "7D", "7C"]
    king_values = [("classic", -16), ("club", -40), ("ukrainian", -16), ("three", -40), ("dos1993", -160)]
    for preset, value in king_values:
        got = evaluate(vec("no_king", BY_SUIT, king_trick, rules={"preset": preset}))
        assert got == result([value, 0, 0, 0], [1, 0, 0, 0], True), preset
    last_two = load("08.json")
    for preset, value in [("classic", -16), ("club", -40), ("ukrainian", -12), ("dos1993", -160)]:
        last_two["rules"] = {"preset": preset}
        assert evaluate(last_two)["points"] == [value, 0, 0, 0], preset
    # club with 3 players: 4 a trick (vector 14 is 10 tricks for -40); with 4 players: 5 a trick
    club = vec("no_tricks", BY_SUIT, king_trick, rules={"preset": "club"})
    assert evaluate(club)["points"] == [-5, 0, 0, 0]
    # kings and jacks: the boy value is halved (dos1993: 40 -> 20)
    boys = load("10.json")
    boys["rules"] = {"boys": "kings_and_jacks", "preset": "dos1993"}
    assert evaluate(boys)["points"] == [120, 40, 0, 0]


def test_boys_kings_and_the_king_of_hearts() -> None:
    king_trick = ["AS", "KH", "7D", "7C"]
    # with kings as boys KH is a boy; jacks are not
    assert evaluate(vec("no_boys", BY_SUIT, king_trick, rules={"boys": "kings"}))["points"] == [-4, 0, 0, 0]
    assert evaluate(vec("no_boys", BY_SUIT, king_trick))["points"] == [0, 0, 0, 0]
    jack_trick = ["JS", "JH", "JD", "JC"]
    assert evaluate(vec("no_boys", BY_SUIT, jack_trick))["points"] == [-16, 0, 0, 0]
    assert evaluate(vec("no_boys", BY_SUIT, jack_trick, rules={"boys": "kings"}))["points"] == [0, 0, 0, 0]
    kj = {"boys": "kings_and_jacks"}
    assert evaluate(vec("no_boys", BY_SUIT, jack_trick, rules=kj))["points"] == [-8, 0, 0, 0]
    # in Eralash the King is a heart, the King and (kings as boys) a boy: 2 + 16 + 2 trick + boy
    assert evaluate(vec("eralash_minus", BY_SUIT, king_trick))["points"] == [-20, 0, 0, 0]
    assert evaluate(vec("eralash_minus", BY_SUIT, king_trick, rules={"boys": "kings"}))["points"] == [
        -24,
        0,
        0,
        0,
    ]
    assert evaluate(vec("eralash_plus", BY_SUIT, king_trick, rules=kj))["points"] == [22, 0, 0, 0]


def test_no_last_two_with_ten_tricks() -> None:
    # vector 14 (3 players, 10 tricks, all to seat 0): only tricks 9 and 10 score
    three = load("14.json")
    three["contract"] = "no_last_two"
    three["rules"] = {"players": 3}
    play = list(three["play"])
    three["play"] = play[:24]  # 8 tricks
    assert evaluate(three) == result([0, 0, 0], [8, 0, 0], False)
    three["play"] = play[:27]  # 9 tricks
    assert evaluate(three) == result([-8, 0, 0], [9, 0, 0], False)
    three["play"] = play
    assert evaluate(three) == result([-16, 0, 0], [10, 0, 0], True)


def test_trumps_trick_value_and_bid() -> None:
    full = load("11.json")
    assert evaluate(full)["points"] == [24, 18, 6, 0]
    del full["trick_value"]
    assert evaluate(full)["points"] == [12, 9, 3, 0]  # automatic: (192 - 96) / 32 = 3
    full["rules"] = {"preset": "club"}
    assert evaluate(full)["points"] == [32, 24, 8, 0]  # club fixes 8
    full["rules"] = {"eralash_plus_after_trumps": False}
    assert evaluate(full)["points"] == [24, 18, 6, 0]  # 192 / 32 = 6
    full["rules"] = {"trump_trick_value": 5}
    assert evaluate(full)["points"] == [20, 15, 5, 0]
    # bid: the bidder scores only the tricks above the bid
    misere = load("13.json")  # tricks [3, 2, 3, 0] at 8
    misere.pop("expect")
    misere["bid"] = {"seat": 0, "tricks": 2}
    assert evaluate(misere) == result([8, 16, 24, 0], [3, 2, 3, 0], True)
    misere["bid"] = {"seat": 2, "tricks": 5}
    assert evaluate(misere) == result([24, 16, 0, 0], [3, 2, 3, 0], True)
    misere["bid"] = {"seat": 4, "tricks": 1}
    assert evaluate(misere) == error(-1, "bad_deal")


# ---------------------------------------------------------------------------
# Early end
# ---------------------------------------------------------------------------


def test_early_end() -> None:
    girls = load("07.json")
    assert evaluate(girls)["over"] is True
    girls["contract"] = "take_girls"
    assert evaluate(girls) == result([8, 8, 0, 0], [2, 3, 1, 0], True)
    girls["rules"] = {"early_end": False}
    assert evaluate(girls) == result([8, 8, 0, 0], [2, 3, 1, 0], False)
    assert legal_next(girls) is not None
    # no_tricks and last two never end early: vector 07's play under them is not over
    girls["rules"] = {}
    for contract in ["no_tricks", "no_last_two", "take_tricks", "take_last_two"]:
        girls["contract"] = contract
        assert evaluate(girls)["over"] is False, contract
    # nor Eralash, even with every jack, queen and heart but one gone (vector 09 without its last trick)
    eralash = load("09.json")
    eralash["play"] = eralash["play"][:28]
    assert evaluate(eralash) == result([-34, -40, 0, 0], [3, 4, 0, 0], False)


def _kitty_hands(kitty: list[str]) -> list[str]:
    deck = [r + s for s in "SHDC" for r in "AKQJT987"]
    rest = [c for c in deck if c not in kitty]
    return [" ".join(rest[0:10]), " ".join(rest[10:20]), " ".join(rest[20:30])]


def test_kitty_deck_and_early_end_before_the_first_card() -> None:
    rules = {"players": 3, "deck": "kitty"}
    hands = _kitty_hands(["KH", "7C"])
    # KH lies in the kitty: no King is over before a card is played
    assert evaluate(vec("no_king", hands, [], dealer=2, rules=rules)) == result([0, 0, 0], [0, 0, 0], True)
    assert evaluate(vec("no_king", hands, ["AS"], dealer=2, rules=rules)) == error(0, "deal_over")
    assert legal_next(vec("no_king", hands, [], dealer=2, rules=rules)) is None
    # ... but not with early_end off, nor in other contracts
    late = {"players": 3, "deck": "kitty", "early_end": False}
    assert evaluate(vec("no_king", hands, [], dealer=2, rules=late))["over"] is False
    assert evaluate(vec("no_hearts", hands, [], dealer=2, rules=rules))["over"] is False
    # hands of 10 from 32 cards; 9 cards, or a card held twice, are bad deals
    short = [hands[0], hands[1], " ".join(hands[2].split()[:9])]
    assert evaluate(vec("no_king", short, [], dealer=2, rules=rules)) == error(-1, "bad_deal")
    # the 30-card default deck has no 7C, so these kitty hands are not from it
    assert evaluate(vec("no_hearts", hands, [], dealer=2, rules={"players": 3})) == error(-1, "bad_deal")


def test_early_end_no_king_stops_on_the_king() -> None:
    assert evaluate(load("00.json"))["over"] is True
    # no_king with KH still out: not over after a trick without it
    assert evaluate(vec("no_king", MIXED, ["AS", "QS", "TS", "8S"]))["over"] is False


# ---------------------------------------------------------------------------
# Decks, parsing, malformed vectors
# ---------------------------------------------------------------------------


def _deal_round(ranks: str, players: int) -> list[str]:
    deck = [r + s for s in "SHDC" for r in ranks]
    return [" ".join(deck[seat::players]) for seat in range(players)]


def test_five_and_six_player_decks() -> None:
    five = _deal_round("AKQJT98765", 5)
    assert all(len(hand.split()) == 8 for hand in five)
    vector = vec("no_tricks", five, [], dealer=4, rules={"players": 5})
    assert evaluate(vector) == result([0] * 5, [0] * 5, False)
    assert legal_next(vector) == sorted(
        five[0].split(), key=lambda c: ("SHDC".index(c[1]), -"23456789TJQKA".index(c[0]))
    )
    # a 4 is not in the 5-player deck
    bad = [five[0].replace("9S", "4S"), *five[1:]]
    assert evaluate(vec("no_tricks", bad, [], dealer=4, rules={"players": 5})) == error(-1, "bad_deal")
    six = _deal_round("AKQJT98765432"[:12], 6)
    assert evaluate(vec("no_tricks", six, [], dealer=0, rules={"players": 6}))["tricks"] == [0] * 6
    # the leader is dealer + 1: seat 1 here, who holds no AS
    assert evaluate(vec("no_tricks", six, ["AS"], dealer=0, rules={"players": 6})) == error(0, "not_in_hand")
    assert evaluate(vec("no_tricks", six, ["AS"], dealer=5, rules={"players": 6}))["over"] is False


def test_card_parsing() -> None:
    hands = [
        "a♠ k♠ q♠ j♠ 10♠ 9♠ 8♠ 7♠",
        "AH KH QH JH TH 9H 8H 7H",
        "ad kd qd jd td 9d 8d 7d",
        "A♣ K♣ Q♣ J♣ 10C 9♣ 8♣ 7♣",
    ]
    parsed = evaluate(vec("no_king", hands, ["as", "k♥", "7D", "7♣"]))
    assert parsed == result([-16, 0, 0, 0], [1, 0, 0, 0], True)
    assert legal_next(vec("no_tricks", hands, [])) == BY_SUIT[0].split()
    for word in ["1S", "KX", "K", "11H", "QSS"]:
        bad = [BY_SUIT[0].replace("7S", word), *BY_SUIT[1:]]
        assert evaluate(vec("no_tricks", bad, [])) == error(-1, "bad_deal"), word
    assert evaluate(vec("no_tricks", BY_SUIT, ["ZZ"])) == error(-1, "bad_deal")


@pytest.mark.parametrize(
    "rules",
    [
        {"colour": "red"},
        {"players": 7},
        {"players": "4"},
        {"players": 4, "deck": "kitty"},
        {"preset": "modern"},
        {"boys": "queens"},
        {"king_discard": "sometimes"},
        {"hearts_must_go": "yes"},
        {"early_end": 1},
        {"must_trump": None},
        {"deal_order": "tricks,boys,girls,hearts,king"},
    ],
)
def test_bad_rules(rules: dict[str, Any]) -> None:
    assert evaluate(vec("no_tricks", BY_SUIT, [], rules=rules)) == error(-1, "bad_deal")
    assert legal_next(vec("no_tricks", BY_SUIT, [], rules=rules)) is None


def test_bad_deals() -> None:
    assert evaluate(vec("no_spades", BY_SUIT, [])) == error(-1, "bad_deal")
    assert evaluate(vec("no_tricks", BY_SUIT[:3], [])) == error(-1, "bad_deal")
    unequal = [BY_SUIT[0] + " AH", BY_SUIT[1].replace("AH ", ""), BY_SUIT[2], BY_SUIT[3]]
    assert evaluate(vec("no_tricks", unequal, [])) == error(-1, "bad_deal")
    not_in_deck = [BY_SUIT[0].replace("7S", "6S"), *BY_SUIT[1:]]
    assert evaluate(vec("no_tricks", not_in_deck, [])) == error(-1, "bad_deal")
    assert evaluate(vec("no_tricks", BY_SUIT, [], dealer=4)) == error(-1, "bad_deal")
    # the default 3-player deck has no black sevens; the no_black_aces deck has no AS, AC
    three = [
        "AS KS QS JS TS AH KH QH JH TH",
        "9S 8S 9H 8H 7H AD KD QD JD TD",
        "9D 8D 7D AC KC QC JC TC 9C 8C",
    ]
    assert evaluate(vec("no_tricks", three, [], dealer=0, rules={"players": 3}))["over"] is False
    aces = {"players": 3, "deck": "no_black_aces"}
    assert evaluate(vec("no_tricks", three, [], dealer=0, rules=aces)) == error(-1, "bad_deal")


# ---------------------------------------------------------------------------
# Random play-outs: legal_next and evaluate agree, and control totals hold
# ---------------------------------------------------------------------------

CONFIGS: list[tuple[dict[str, Any], str, int]] = [
    ({}, "AKQJT987", 4),
    ({"players": 2}, "AKQJ", 2),
    ({"players": 3, "deck": "short"}, "AKQJT9", 3),
    ({"players": 5}, "AKQJT98765", 5),
    ({"players": 6}, "AKQJT9876543", 6),
]
# classic control totals for 8 tricks: (tricks, boys(jacks), girls, hearts, King, last two)
CONTROL = {"tricks": 16, "boys": 16, "girls": 16, "king": 16, "last_two": 16}


def _control(contract: str, hearts_in_deck: int) -> int:
    six = {**CONTROL, "hearts": 2 * hearts_in_deck}
    if contract == "trumps":
        return 3 * 8
    sign = -1 if contract.startswith("no_") or contract == "eralash_minus" else 1
    if contract.startswith("eralash"):
        return sign * sum(six.values())
    return sign * six[contract.split("_", 1)[1]]


@pytest.mark.parametrize("config", CONFIGS, ids=[str(c[2]) for c in CONFIGS])
def test_random_playouts(config: tuple[dict[str, Any], str, int]) -> None:
    rules, ranks, players = config
    rng = random.Random(players)
    contracts = [
        "no_tricks",
        "no_boys",
        "no_girls",
        "no_hearts",
        "no_king",
        "no_last_two",
        "eralash_minus",
        "take_tricks",
        "take_boys",
        "take_girls",
        "take_hearts",
        "take_king",
        "take_last_two",
        "eralash_plus",
        "trumps",
    ]
    for _ in range(3):
        deck = [r + s for s in "SHDC" for r in ranks]
        rng.shuffle(deck)
        hands = [" ".join(deck[seat * 8 : (seat + 1) * 8]) for seat in range(players)]
        for contract in contracts:
            extra: dict[str, Any] = {}
            if contract == "trumps":
                extra = {"trump": rng.choice(["S", "H", "D", "C", None]), "trick_value": 3}
            vector = vec(
                contract,
                hands,
                [],
                dealer=rng.randrange(players),
                rules={**rules, "early_end": False},
                **extra,
            )
            while (legal := legal_next(vector)) is not None:
                held = [c for hand in hands for c in hand.split() if c not in vector["play"]]
                others = [c for c in held if c not in legal]
                # every legal card is accepted; a few other held cards are refused
                for card in legal + rng.sample(others, min(4, len(others))):
                    outcome = evaluate({**vector, "play": [*vector["play"], card]})
                    assert ("error" in outcome) == (card not in legal), (contract, vector["play"], card)
                vector["play"].append(rng.choice(legal))
            final = evaluate(vector)
            assert final["over"] is True and sum(final["tricks"]) == 8
            assert sum(final["points"]) == _control(contract, len(ranks)), contract
