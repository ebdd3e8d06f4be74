"""The blind table (kingcore.online.deal.blind) and the audit (audit.py) without the cipher: pages that know
only their own seats' cards and the cards shown run every deal as the engine does — the same view at every
step as ``seat_view`` of a game holding every hand — and the audit gives the engine's own score sheet."""

from __future__ import annotations

import random

import pytest

from kingcore import Game, Rules
from kingcore.cards import Card
from kingcore.contracts import Contract
from kingcore.errors import IllegalMoveError, Reason
from kingcore.game import Phase
from kingcore.moves import Move
from kingcore.online.deal.audit import audit_deal
from kingcore.online.deal.blind import BlindDeal, BlindError
from kingcore.view import seat_view

RULES = [
    "king()", "king(players=3)", "king(players=3,deck=kitty)", "king(players=3,deck=kitty,deal_by=2)",
    "king(replay=trumps)", "king(replay=trumps,deal_by=2,misere_allowed=true)", "king(replay=auction)",
    "king(order=chosen,replay=trumps,players=3,deck=kitty)", "king(players=2)", "king(players=5)",
    "king(players=6,first_dealer=first_ace)", "king(early_end=false,players=3,deck=kitty)",
]


def positions(real: Game, blind: BlindDeal) -> dict[int, int]:
    """Position → card of the real deal, in the engine's dealing order."""
    info = real.current
    assert info is not None
    nth = [0] * real.rules.players
    out = {}
    for pos, seat in enumerate(blind.seats):
        out[pos] = info.hands[seat][nth[seat]].index
        nth[seat] += 1
    for k, pos in enumerate(blind.kitty_positions()):
        out[pos] = info.kitty[k].index
    return out


def settle_shown(blinds: list[BlindDeal], cards: dict[int, int]) -> None:
    """What the protocol does between moves: each page opens its own dealt cards, the kitty when asked, the
    caller's last card when called."""
    for b in blinds:
        for pos in range(b.dealt()):
            if b.seats[pos] in b.mine:
                b.learn(pos, cards[pos])
        if b.need_kitty:
            b.open_kitty({p: cards[p] for p in b.kitty_positions()})
        if b.last_card_called and b.play_deal is None:
            b.show_last(cards[b.last_position(b.calls[-1][0])])


def blind_rubber(rules_text: str, seed: int, deals: int = 99, prefer: str = "") -> tuple[Game, list[Game], int]:
    """A rubber played by one blind page per seat beside the real game; every view compared at every step.
    A legal move whose token is ``prefer`` is always chosen. Returns the real game, the pages' audited games and
    how many trumps were called by the last card."""
    rules = Rules.parse(rules_text)
    rng = random.Random(seed)
    real = Game(rules)
    real.draw_dealer(rng)
    pages = [Game(rules) for _ in range(rules.players)]
    for g in pages:
        g.apply_draw(real.draw)
    shown = 0
    while real.phase is not Phase.RUBBER_OVER and deals:
        deals -= 1
        real.deal(rng)
        blinds = [BlindDeal(g, {s}) for s, g in enumerate(pages)]
        cards = positions(real, blinds[0])
        while True:
            settle_shown(blinds, cards)
            if real.phase in (Phase.DEAL_OVER, Phase.RUBBER_OVER):
                break
            for s, b in enumerate(blinds):
                assert b.view(s) == seat_view(real, s), (s, rules_text, seed)
                hidden = [c for p, c in cards.items()
                          if b.seat_of(p) not in (s, None) and p not in b.played_positions and p != b.shown]
                assert not any(b.known() >> c & 1 for c in hidden)  # nobody else's unplayed card
            seat = real.to_move
            assert seat is not None
            moves = real.legal_moves()
            move = moves[int(rng.random() * len(moves))]
            move = next((m for m in moves if str(m) == prefer), move)
            for b in blinds:
                if move.kind == "card":
                    assert move.card is not None
                    pos = next(p for p, c in cards.items() if c == move.card.index)
                    b.play(seat, pos, move.card.index)
                else:
                    b.call(seat, move)
            real.play(move, seat)
            shown += real.current is not None and real.current.shown is not None and move.kind == "trump"
        for b in blinds:
            assert b.over
            b.open_kitty({p: cards[p] for p in b.kitty_positions()})
        for g, b in zip(pages, blinds, strict=True):
            result = audit_deal(g, b, cards)
            assert result.renege is None and result.row == real.sheet.rows[-1]
            assert g.phase is real.phase
    return real, pages, shown


@pytest.mark.parametrize("rules_text", RULES)
def test_blind_pages_see_what_the_engine_shows_and_audit_to_its_sheet(rules_text: str) -> None:
    real, pages, _ = blind_rubber(rules_text, seed=len(rules_text), deals=16)
    assert all(g.sheet.rows == real.sheet.rows for g in pages)
    assert real.sheet.rows


def test_a_whole_rubber_with_the_kitty_and_ordered_king() -> None:
    real, pages, _ = blind_rubber("king(players=3,deck=kitty,order=chosen)", seed=11)
    assert real.phase is Phase.RUBBER_OVER and all(g.sheet.to_text() == real.sheet.to_text() for g in pages)


def test_the_khvalyonka_caller_sees_three_cards_and_shows_the_last_one() -> None:
    real, _, shown = blind_rubber("king(replay=trumps,eralash=false,deal_by=2)", seed=4, prefer="trump:last-card")
    assert real.phase is Phase.RUBBER_OVER and shown == 4
    assert any("last card" in r.note for r in real.sheet.rows)


def test_11_19_the_kitty_is_opened_when_the_live_cards_out_could_all_lie_in_it() -> None:
    """No King with K♥ in the kitty: the blind table cannot know the deal is over until it opens the kitty,
    which it does before the first card (one live card out, two kitty cards); the engine's early end
    follows and the deal scores 0 (RULES.md §11.1)."""
    rules = Rules.parse("king(players=3,deck=kitty,order=chosen)")
    for seed in range(400):
        real = Game(rules)
        real.set_first_dealer(0)
        real.deal(random.Random(seed))
        info = real.current
        assert info is not None
        if Card.parse("KH") in info.kitty:
            break
    blind = BlindDeal(_fresh(rules), {1})
    cards = positions(real, blind)
    seat = real.to_move
    assert seat is not None
    name = Move("contract", contract=Contract.NO_KING)
    blind.call(seat, name)
    real.play(name, seat)
    assert real.phase is Phase.DEAL_OVER and real.sheet.rows[-1].points == (0, 0, 0)
    assert blind.need_kitty and not blind.over and blind.to_move is None
    blind.open_kitty({p: cards[p] for p in blind.kitty_positions()})
    assert blind.over


def _fresh(rules: Rules) -> Game:
    g = Game(rules)
    g.set_first_dealer(0)
    return g


def test_11_19_the_kitty_stays_closed_while_more_live_cards_are_out_than_it_holds() -> None:
    rules = Rules.parse("king(players=3,deck=kitty)")
    real = _fresh(rules)
    real.deal(random.Random(3))  # deal 1: no tricks, no live card: the kitty is never needed
    blind = BlindDeal(_fresh(rules), {0})
    assert blind.phase is Phase.PLAY and not blind.need_kitty
    girls = Rules.parse("king(players=3,deck=kitty,deal_order=girls,tricks,boys,hearts,king,last_two)")
    blind = BlindDeal(_fresh(girls), {0})  # no girls: four queens out, the kitty holds two
    assert blind.phase is Phase.PLAY and not blind.need_kitty


def test_own_cards_are_checked_by_the_engine_and_others_by_position() -> None:
    rules = Rules()
    real = _fresh(rules)
    real.deal(random.Random(5))
    blind = BlindDeal(_fresh(rules), {1})
    cards = positions(real, blind)
    settle_shown([blind], cards)
    seat = real.to_move
    assert seat == 1
    info = real.current
    assert info is not None
    legal = {c.index for c in real.position.legal_moves()} if real.position else set()
    own = [p for p in range(32) if blind.seats[p] == 1]
    bad = [p for p in own if cards[p] not in legal]
    if bad:  # no tricks: any card may be led, so this deal has none; a lead in no hearts would
        with pytest.raises(IllegalMoveError):
            blind.play(1, bad[0], cards[bad[0]])
    other = next(p for p in range(32) if blind.seats[p] == 2)
    with pytest.raises(BlindError) as e:
        blind.play(1, other, cards[other])
    assert e.value.code == "not_dealt"
    blind.play(1, own[0], cards[own[0]])
    with pytest.raises(BlindError) as e:
        blind.play(1, own[1], cards[own[1]])
    assert e.value.code == "not_your_turn"
    nxt = next(p for p in range(32) if blind.seats[p] == 2)
    blind.play(2, nxt, cards[nxt])
    with pytest.raises(BlindError) as e:
        blind.play(3, nxt, cards[nxt])
    assert e.value.code in ("not_dealt", "played_twice")


def test_11_20_a_renege_found_at_the_audit_costs_the_offender_the_contracts_whole_penalty() -> None:
    """RULES.md §11.20: the deal stops at the renege; the offender scores minus the contract's whole control
    total, the others 0; the row's note names it; the next deal follows."""
    rules = Rules()
    for seed in range(200):
        real = _fresh(rules)
        real.deal(random.Random(seed))
        page = _fresh(rules)
        blind = BlindDeal(page, {0})
        cards = positions(real, blind)
        settle_shown([blind], cards)
        # seat 1 leads; seat 2 discards while holding the led suit (its page cheats: no engine check there)
        lead_pos = next(p for p in range(32) if blind.seats[p] == 1)
        led = cards[lead_pos] // 13
        held = [p for p in range(32) if blind.seats[p] == 2 and cards[p] // 13 == led]
        other = [p for p in range(32) if blind.seats[p] == 2 and cards[p] // 13 != led]
        if held and other:
            break
    blind.play(1, lead_pos, cards[lead_pos])
    blind.play(2, other[0], cards[other[0]])
    for seat in (3, 0):
        pos = next(p for p in range(32) if blind.seats[p] == seat and (blind.legal(seat) >> cards[p] & 1
                                                                        if seat in blind.mine else True))
        if seat not in blind.mine:
            same = [p for p in range(32) if blind.seats[p] == seat and cards[p] // 13 == led]
            pos = same[0] if same else pos
        blind.play(seat, pos, cards[pos])
    audit = audit_deal(page, blind, cards)
    assert audit.renege is not None and audit.renege.seat == 2 and audit.renege.reason is Reason.MUST_FOLLOW_SUIT
    suit = ("spade", "heart", "diamond", "club")[led]
    assert audit.renege.words == (f"seat 2 played {Card.from_index(cards[other[0]]).pretty} in trick 1 "
                                  f"while holding a {suit}")
    assert audit.row.points == (0, 0, -16, 0) and audit.row.control == -16 and "renege: seat 2" in audit.row.note
    assert page.phase is Phase.DEAL_OVER
    page.deal(random.Random(1))  # the rubber goes on
    assert page.current is not None and page.current.number == 2
