"""Tests of the project's own answers where RULES.md is silent (docs/RULES.md §11)."""

from __future__ import annotations

import random

from kingcore import Card, CardSet, Contract, Deal, Game, Phase, Position, Rules


def test_11_2_kings_and_jacks_halve_the_boy_value_in_every_preset() -> None:
    for preset, boy in (("classic", 2), ("club", 5), ("ukrainian", 2), ("dos1993", 20)):
        assert Rules(preset=preset, boys="kings_and_jacks").values[2] == boy
    assert Rules(players=3, preset="three", boys="kings_and_jacks").values[2] == 5


def test_11_4_trump_call_with_two_at_a_time_stops_after_the_callers_third_card() -> None:
    rng = random.Random(12)
    g = Game(Rules(replay="trumps", deal_by=2))
    g.set_first_dealer(3)
    while g.phase is not Phase.CALL_TRUMP:
        g.step_random(rng)
    d = g.current
    assert d is not None and d.caller is not None
    assert len(g.visible_hand(d.caller)) == 3
    # the caller (left of the dealer) got 2, everybody else 2, then the caller's third card
    assert sorted(len(g.visible_hand(s)) for s in range(4)) == [2, 2, 2, 3]


def test_11_12_must_trump_does_not_oblige_to_overtrump() -> None:
    hands = ["AS KS QS JS TS 9S 8S 7S", "AD KD AH 8H 9H TH JH QH", "7D 8D 9D TD JD QD KH 7H",
             "AC KC QC JC TC 9C 8C 7C"]
    deal = Deal(Rules(), Contract.TRUMPS, 3, trump=1)  # hearts trump, seat 0 leads
    p = Position.start(deal, [CardSet.parse(h).mask for h in hands])
    p = p.play(Card.parse("AS")).play(Card.parse("QH"))  # seat 1 trumps with the queen
    # seat 2 (void in spades) must trump, but may under-trump with 7♥ instead of over-trumping with K♥
    assert [str(c) for c in p.legal_moves()] == ["KH", "7H"]
    p3 = Position.start(deal, [CardSet.parse(h).mask for h in hands]).play(Card.parse("AS"))
    assert len(p3.legal_moves()) == 6  # seat 1: every heart, not only the ones that would win


def test_11_14_trump_deals_have_no_hearts_lead_rule() -> None:
    hands = ["AH KS QS JS TS 9S 8S 7S", "AS AD KD 8H 9H TH JH QH", "7D 8D 9D TD JD QD 7H KH",
             "AC KC QC JC TC 9C 8C 7C"]
    p = Position.start(Deal(Rules(), Contract.TRUMPS, 3, trump=2), [CardSet.parse(h).mask for h in hands])
    assert Card.parse("AH") in p.legal_moves()
    q = Position.start(Deal(Rules(), Contract.TAKE_HEARTS, 3), [CardSet.parse(h).mask for h in hands])
    assert Card.parse("AH") not in q.legal_moves()


def test_11_8_automatic_trick_value_rounds_half_up_and_is_at_least_one() -> None:
    from kingcore.contracts import automatic_trick_value

    assert automatic_trick_value(Rules(replay="trumps", trump_rounds=2)) == 2   # 96 / 64 = 1.5 -> 2
    assert automatic_trick_value(Rules(replay="trumps", players=6)) >= 1
