"""The rubber (RULES.md §3, §5–§8): first dealer, rotation, schedules, trump calls, the auction,
ordered King, trick values, the score sheet and settlement."""

from __future__ import annotations

import random

import pytest

from kingcore import Card, Contract, Game, IllegalMoveError, Move, Phase, Reason, Rules
from kingcore.contracts import automatic_trick_value
from kingcore.errors import DealError
from kingcore.game import DealInfo, TrickTaken, draw_result, schedule
from kingcore.position import Position
from kingcore.scoresheet import ScoreSheet
from kingcore.view import seat_view


def cards(text: str) -> list[Card]:
    return [Card.parse(w) for w in text.split()]


def test_draw_highest_rank_deals() -> None:
    assert draw_result(Rules(), cards("7S QH AD 9C")) == (2, 4)


def test_draw_ties_redraw_among_the_tied_only() -> None:
    # seats 1 and 3 tie with aces; they draw again, seat 3's king beats seat 1's ten
    assert draw_result(Rules(), cards("7S AH 9D AC TS KD")) == (3, 6)


def test_draw_needs_enough_cards() -> None:
    with pytest.raises(DealError, match="before one player"):
        draw_result(Rules(), cards("7S AH 9D AC TS"))


def test_first_ace_deals() -> None:
    rules = Rules(first_dealer="first_ace")
    assert draw_result(rules, cards("7S QH 9D 8C KS AH")) == (1, 6)


def test_apply_draw_rejects_extra_cards() -> None:
    g = Game()
    with pytest.raises(DealError, match="decided after 4 cards"):
        g.apply_draw(cards("7S QH AD 9C 8S"))


def test_random_draw_is_consistent() -> None:
    for seed in range(50):
        g = Game(Rules(first_dealer=random.Random(seed).choice(["draw", "first_ace"])))
        g.draw_dealer(random.Random(seed))
        assert g.first_dealer == draw_result(g.rules, g.draw)[0]


def test_dealer_rotates_and_first_lead_is_left_of_dealer() -> None:
    g = Game()
    g.set_first_dealer(2)
    rng = random.Random(1)
    for k in range(5):
        g.deal(rng)
        assert g.current is not None and g.current.dealer == (2 + k) % 4
        assert g.to_move == (2 + k + 1) % 4
        g.autoplay(rng, deals=1)


def test_fixed_schedules() -> None:
    assert [c.value for c in schedule(Rules())][:7] == [
        "no_tricks", "no_boys", "no_girls", "no_hearts", "no_king", "no_last_two", "eralash_minus"]
    assert len(schedule(Rules())) == 14 and schedule(Rules())[7] is Contract.TAKE_TRICKS
    assert len(schedule(Rules(eralash=False))) == 12
    order = Rules(deal_order=("tricks", "hearts", "boys", "girls", "king", "last_two"))
    assert [c.value for c in schedule(order)][7:9] == ["take_tricks", "take_hearts"]
    assert schedule(Rules(replay="trumps")).count(Contract.TRUMPS) == 4
    assert schedule(Rules(replay="trumps", trump_rounds=2)).count(Contract.TRUMPS) == 8
    assert schedule(Rules(replay="trumps"))[-1] is Contract.ERALASH_PLUS
    assert Contract.ERALASH_PLUS not in schedule(Rules(replay="trumps", eralash_plus_after_trumps=False))


def test_automatic_trick_values() -> None:
    assert automatic_trick_value(Rules(replay="trumps")) == 3  # (192 - 96) / 32, seed 000's blog
    assert automatic_trick_value(Rules(replay="trumps", eralash_plus_after_trumps=False)) == 6  # seed 004
    assert automatic_trick_value(Rules(replay="trumps", preset="club")) == 8  # seed 001
    assert automatic_trick_value(Rules(replay="auction")) == 6  # seed 004
    assert automatic_trick_value(Rules(replay="auction", preset="club")) == 6  # docs/RULES.md §11.17
    assert automatic_trick_value(Rules(replay="trumps", trump_trick_value=5)) == 5


def _to_phase(g: Game, phase: Phase, rng: random.Random) -> None:
    while g.phase is not phase:
        g.step_random(rng)


def test_trump_call_sees_three_cards_and_last_card_is_shown() -> None:
    rng = random.Random(3)
    g = Game(Rules(replay="trumps"))
    g.set_first_dealer(0)
    _to_phase(g, Phase.CALL_TRUMP, rng)
    d = g.current
    assert d is not None and d.contract is Contract.TRUMPS and d.caller == (d.dealer + 1) % 4
    assert len(g.visible_hand(d.caller)) == 3
    assert set(g.visible_hand(d.caller)) == set(d.hands[d.caller][:3])
    assert all(len(g.visible_hand(s)) == 2 for s in range(4) if s != d.caller)
    assert {str(m) for m in g.legal_moves()} == {"trump:S", "trump:H", "trump:D", "trump:C", "trump:nt",
                                                 "trump:misere", "trump:last-card"}
    g.play("trump:last-card")
    assert d.shown == d.hands[d.caller][-1] and d.trump == d.shown.suit
    assert g.phase is Phase.PLAY and len(g.visible_hand(d.caller)) == 8


def test_misere_can_be_switched_off() -> None:
    rng = random.Random(3)
    g = Game(Rules(replay="trumps", misere_allowed=False))
    g.set_first_dealer(0)
    _to_phase(g, Phase.CALL_TRUMP, rng)
    with pytest.raises(IllegalMoveError) as e:
        g.play("trump:misere")
    assert e.value.reason is Reason.BAD_CALL


def test_auction_three_passes_dealer_names_at_bid_one() -> None:
    rng = random.Random(4)
    g = Game(Rules(replay="auction"))
    g.set_first_dealer(0)
    _to_phase(g, Phase.AUCTION, rng)
    d = g.current
    assert d is not None
    for _ in range(3):
        g.play("pass")
    assert g.phase is Phase.CALL_TRUMP and d.bid is not None
    assert (d.bid.seat, d.bid.tricks) == (d.dealer, 1) and g.to_move == d.dealer
    assert "trump:misere" not in {str(m) for m in g.legal_moves()}


def test_auction_bids_rise_and_passed_players_are_out() -> None:
    rng = random.Random(4)
    g = Game(Rules(replay="auction"))
    g.set_first_dealer(0)
    _to_phase(g, Phase.AUCTION, rng)
    d = g.current
    assert d is not None
    first = g.to_move
    assert first == (d.dealer + 1) % 4
    g.play("bid:2")
    with pytest.raises(IllegalMoveError):
        g.play("bid:2")  # must be higher
    g.play("bid:3")  # seat first+1
    g.play("pass")   # first+2 out
    g.play("pass")   # first+3 out
    assert g.to_move == first
    g.play("bid:4")
    assert g.to_move == (first + 1) % 4  # the passed seats are skipped
    g.play("pass")
    assert g.phase is Phase.CALL_TRUMP and d.bid is not None and (d.bid.seat, d.bid.tricks) == (first, 4)
    g.play("trump:H")
    while g.phase is Phase.PLAY:
        g.step_random(rng)
    p = d.position
    assert p is not None
    want = [3 * 0 for _ in range(4)]
    value = g.trick_value
    for s in range(4):
        want[s] = value * (max(0, p.tricks[s] - 4) if s == first else p.tricks[s])
    assert list(p.points) == want
    assert g.sheet.rows[-1].control == sum(want)


def test_ordered_king_dealer_must_name_and_contracts_tick_off() -> None:
    rng = random.Random(5)
    g = Game(Rules(order="chosen"))
    g.set_first_dealer(1)
    g.deal(rng)
    assert g.phase is Phase.CHOOSE_CONTRACT and g.to_move == 2
    for _ in range(3):
        g.play("pass")
    assert g.to_move == 1
    assert "pass" not in {str(m) for m in g.legal_moves()}
    with pytest.raises(IllegalMoveError, match="must name"):
        g.play("pass")
    g.play("contract:no-king")
    assert g.contract is Contract.NO_KING and g.owned[1].count(Contract.NO_KING) == 0
    assert len(g.owned[1]) == 13 and all(len(g.owned[s]) == 14 for s in (0, 2, 3))
    g.autoplay(rng)
    assert len(g.sheet.rows) == 56 and all(not own for own in g.owned)


def test_ordered_king_trump_caller_sees_the_full_hand() -> None:
    rng = random.Random(6)
    g = Game(Rules(order="chosen", replay="trumps"))
    g.set_first_dealer(0)
    g.deal(rng)
    g.play("contract:trumps")
    assert g.phase is Phase.CALL_TRUMP and g.to_move == 1 and len(g.visible_hand(1)) == 8
    assert "trump:last-card" not in {str(m) for m in g.legal_moves()}


def test_wrong_seat_and_wrong_phase_are_refused() -> None:
    g = Game()
    with pytest.raises(IllegalMoveError) as e:
        g.play("AS")
    assert e.value.reason is Reason.WRONG_PHASE
    g.set_first_dealer(0)
    g.deal(random.Random(1))
    with pytest.raises(IllegalMoveError) as e:
        g.play(g.legal_moves()[0], seat=3)
    assert e.value.reason is Reason.NOT_YOUR_TURN
    with pytest.raises(IllegalMoveError):
        g.play("pass")


def test_a_card_after_the_rubber_is_refused() -> None:
    g = Game()
    g.autoplay(random.Random(2))
    with pytest.raises(IllegalMoveError) as e:
        g.play("AS")
    assert e.value.reason is Reason.DEAL_OVER


def test_rubber_lengths() -> None:
    for text, n in [("king()", 14), ("king(eralash=false)", 12), ("king(replay=trumps)", 12),
                    ("king(replay=trumps,trump_rounds=2)", 16), ("king(replay=auction)", 12),
                    ("king(replay=trumps,eralash=false)", 10)]:
        g = Game(Rules.parse(text))
        g.autoplay(random.Random(1))
        assert len(g.sheet.rows) == n, text


def test_kitty_cards_score_for_nobody() -> None:
    rules = Rules(players=3, deck="kitty")
    g = Game(rules)
    g.set_first_dealer(0)
    # K♥ in the kitty: no King scores nothing and ends at once (early end, RULES.md §4)
    deck = [c for c in (Card.from_index(i) for i in range(52)) if c.mask & rules.deck_mask]
    kitty = [Card.parse("KH"), Card.parse("7C")]
    rest = [c for c in deck if c not in kitty]
    g.deal_cards([rest[0:10], rest[10:20], rest[20:30]], kitty)
    assert g.contract is Contract.NO_TRICKS
    g.autoplay(random.Random(1), deals=4)
    g.deal_cards([rest[0:10], rest[10:20], rest[20:30]], kitty)
    assert g.contract is Contract.NO_KING and g.phase is Phase.DEAL_OVER
    assert g.sheet.rows[-1].points == (0, 0, 0) and g.sheet.rows[-1].control == 0


def test_score_sheet_standings_ties_and_settlement() -> None:
    s = ScoreSheet(4)
    s.add(1, "x", 0, (10, 10, -5, -15), 0)
    assert s.winners() == [0, 1]
    assert s.standings() == [(1, 0, 10), (1, 1, 10), (3, 2, -5), (4, 3, -15)]
    assert sorted(s.settlement()) == [(2, 0, 15), (2, 1, 15), (3, 0, 25), (3, 1, 25)]
    with pytest.raises(AssertionError, match="control total"):
        s.add(2, "x", 0, (1, 0, 0, 0), 0)
    assert "standings" in s.to_text()


def test_views_hide_other_hands() -> None:
    g = Game()
    g.set_first_dealer(0)
    g.deal(random.Random(8))
    for seat in range(4):
        v = seat_view(g, seat).to_dict()
        assert sorted(v["hand"]) == sorted(str(c) for c in g.hand(seat))
        assert v["legal"] == ([str(m) for m in g.legal_moves()] if seat == g.to_move else [])


def test_moves_round_trip() -> None:
    for t in ["QS", "pass", "bid:3", "trump:S", "trump:nt", "trump:misere", "trump:last-card",
              "contract:no-king", "contract:eralash-plus"]:
        assert str(Move.parse(t)) == t


def test_restart_replays_a_game_from_its_first_dealer() -> None:
    """Game.restart: the same rules and first dealer (the same draw), before the first deal; replaying
    the record's deals through it gives the same score sheet. Before the first dealer: refused."""
    for rules, drawn in ((Rules(), True), (Rules(replay="trumps"), False)):
        g = Game(rules)
        if drawn:
            g.draw_dealer(random.Random(5))
        else:
            g.set_first_dealer(2)
        g.autoplay(random.Random(6), deals=3)
        r = g.restart()
        assert r.phase is Phase.DEAL and r.first_dealer == g.first_dealer and r.draw == g.draw
        assert r.rules == g.rules and not r.deals
        for d in g.deals:
            r.deal_cards(d.hands, d.kitty)
            for seat, move in [*d.calls, *d.plays]:
                r.play(move, seat)
        assert r.sheet.totals == g.sheet.totals and len(r.sheet.rows) == 3
    with pytest.raises(IllegalMoveError) as info:
        Game().restart()
    assert info.value.reason is Reason.WRONG_PHASE


def replayed_tricks(d: DealInfo) -> list[TrickTaken]:
    """The deal's completed tricks found the slow way: its cards played again, one at a time, from the start."""
    assert d.position is not None
    n = d.position.deal.players
    pos = Position(d.position.deal, [d.hand_mask(s) for s in range(n)])
    out: list[TrickTaken] = []
    for t in range(0, len(d.plays) - len(d.plays) % n, n):
        start = pos
        for _, card in d.plays[t:t + n - 1]:
            pos = pos.play(card)
        before, pos = pos, pos.play(d.plays[t + n - 1][1])
        w = pos.leader
        out.append(TrickTaken(start.leader, w, tuple(d.plays[t:t + n]), pos.points[w] - before.points[w]))
    return out


@pytest.mark.parametrize("rules", ["king()", "king(players=3)", "king(players=3,deck=kitty,preset=three)",
                                   "king(players=5)", "king(players=6)", "king(replay=trumps)",
                                   "king(replay=auction)", "king(order=chosen,replay=trumps)"])
def test_a_deals_tricks_are_kept_as_they_are_played(rules: str) -> None:
    """``DealInfo.tricks`` holds every completed trick (leader, winner, cards, the winner's points) after each
    card, the same as the deal's cards replayed from the start — misère, trumps, the kitty and early ends
    included — so a view reads the history without replaying it."""
    g = Game(Rules.parse(rules))
    rng = random.Random(7)
    g.draw_dealer(rng)
    while g.phase is not Phase.RUBBER_OVER and len(g.deals) <= 8:
        g.step_random(rng)
        d = g.current
        if d is not None and d.position is not None:
            assert d.tricks == replayed_tricks(d), (rules, d.number, len(d.plays))
    assert all(d.tricks and sum(len(t.cards) for t in d.tricks) == len(d.plays) for d in g.deals[:-1])
    assert sum(t.points for d in g.deals[:-1] for t in d.tricks) == sum(map(sum, (r.points for r in g.sheet.rows)))
