"""The one trick-settlement kernel (:class:`kingcore.position.Settlement`, RULES.md §4, §5, §7): the same
winner, points and end of deal whether a deal is played with :meth:`Position.play`, on the bots' mirrored
misère masks, or by the exact search."""

from __future__ import annotations

import random

import pytest

from kingcore import Bid, Contract, Deal, Position, Rules
from kingcore.bots.policy import mirror_card
from kingcore.cards import iter_bits, shuffle
from kingcore.position import Settlement, legal_mask


def random_deal_positions(deal: Deal, rng: random.Random) -> list[tuple[Position, tuple[int, ...]]]:
    """Every complete trick of one random deal: (the position before its last card, the full trick)."""
    deck = list(iter_bits(deal.rules.deck_mask))
    shuffle(deck, rng)
    n, size = deal.players, deal.rules.hand_size
    hands = [0] * n
    for i in range(n * size):
        hands[i % n] |= 1 << deck[i]
    p = Position(deal, hands)
    out = []
    while not p.over:
        lm = legal_mask(deal, p.hands[p.to_move], p.led_suit)
        picks = list(iter_bits(lm))
        c = picks[int(rng.random() * len(picks))]
        if len(p.trick) == n - 1:
            out.append((p, (*p.trick, c)))
        p = p.push_index(c)
    return out


DEALS = [
    (Rules(), Contract.ERALASH_MINUS, {}),
    (Rules(), Contract.TAKE_KING, {}),
    (Rules(early_end=False), Contract.NO_BOYS, {}),
    (Rules(replay="trumps"), Contract.TRUMPS, {"trump": 2}),
    (Rules(replay="trumps"), Contract.TRUMPS, {"misere": True}),
    (Rules(replay="auction"), Contract.TRUMPS, {"trump": 0, "bid": Bid(1, 3)}),
    (Rules(players=3), Contract.NO_GIRLS, {}),
]


@pytest.mark.parametrize(("rules", "contract", "extra"), DEALS)
def test_settle_gives_the_next_position_of_play(rules: Rules, contract: Contract, extra: dict[str, object]) -> None:
    deal = Deal(rules, contract, 0, **extra)  # type: ignore[arg-type]
    rng = random.Random(5)
    seen = 0
    for _ in range(40):
        for p, trick in random_deal_positions(deal, rng):
            after = p.push_index(trick[-1])
            hands = list(after.hands)
            points, tricks = list(p.points), list(p.tricks)
            w = deal.settlement.settle(trick, p.leader, p.trick_no, hands, points, tricks)
            assert (w < 0) == after.over
            assert (~w if w < 0 else w) == after.leader
            assert (tuple(points), tuple(tricks)) == (after.points, after.tricks)
            assert deal.settlement.over(hands, p.trick_no + 1) == after.over
            seen += 1
    assert seen > 40


def test_mirrored_settlement_in_misere_matches_the_true_ranks() -> None:
    deal = Deal(Rules(replay="trumps"), Contract.TRUMPS, 1, misere=True)
    mirrored = Settlement(deal, mirrored=True)
    rng = random.Random(9)
    for _ in range(30):
        for p, trick in random_deal_positions(deal, rng):
            real = (list(p.points), list(p.tricks))
            mirr = (list(p.points), list(p.tricks))
            hands = list(p.hands)
            w1 = deal.settlement.settle(trick, p.leader, p.trick_no, hands, *real)
            w2 = mirrored.settle([mirror_card(c) for c in trick], p.leader, p.trick_no, hands, *mirr)
            assert w1 == w2 and real == mirr


def test_a_mirrored_settlement_refuses_a_deal_with_early_end() -> None:
    with pytest.raises(AssertionError):
        Settlement(Deal(Rules(), Contract.NO_KING, 0), mirrored=True)
