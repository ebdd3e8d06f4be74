"""Stand-in worlds (kingcore.online.deal.standin) on blind pages without the cipher: each page's session shows,
for the page's own seats, exactly the view model of a game holding every real hand; its stand-in cards of
another page's seats depend on the public facts and its own randomness only; a renege shown in public is said.
The whole protocol's stand-ins are tested in tests/test_online_mentaltable.py."""

from __future__ import annotations

import random
from typing import Any

import pytest
from test_online_mental_blind import positions

from kingcore import Game, Rules
from kingcore.bots.knowledge import condition, knowledge, sample_hands
from kingcore.cards import Card, iter_bits
from kingcore.game import Phase
from kingcore.moves import Move
from kingcore.online.deal.audit import audit_deal
from kingcore.online.deal.blind import BlindDeal, fork
from kingcore.online.deal.standin import StandIn
from kingcore.view import seat_view
from kingcore.web import ONLINE, Session
from kingcore.web.replay import Replay

RULES = [
    "king()", "king(players=3)", "king(players=3,deck=kitty)", "king(players=3,deck=kitty,deal_by=2)",
    "king(replay=trumps,deal_by=2,misere_allowed=true)", "king(replay=auction)",
    "king(order=chosen,replay=trumps,players=3,deck=kitty)", "king(players=2)", "king(players=5)",
    "king(players=6,first_dealer=first_ace)", "king(early_end=false,players=3,deck=kitty)",
    "king(players=4,order=chosen)", "king(players=3,deck=kitty,replay=trumps,eralash=false)",
]


# ----- knowledge conditioned on several hands ---------------------------------------------------------------

def random_game(rules: str, seed: int) -> Game:
    rng = random.Random(seed)
    g = Game(Rules.parse(rules))
    g.draw_dealer(rng)
    g.autoplay(rng, deals=rng.randrange(3))
    g.deal(rng)
    for _ in range(rng.randrange(30)):
        if g.phase not in (Phase.PLAY, Phase.CALL_TRUMP, Phase.AUCTION, Phase.CHOOSE_CONTRACT):
            break
        moves = g.legal_moves()
        g.play(moves[int(rng.random() * len(moves))])
    return g


@pytest.mark.parametrize("rules", RULES)
def test_condition_keeps_the_known_hands_and_samples_the_rest_consistently(rules: str) -> None:
    for seed in range(12):
        g = random_game(rules, seed)
        if g.phase not in (Phase.PLAY, Phase.CALL_TRUMP, Phase.AUCTION, Phase.CHOOSE_CONTRACT):
            continue
        n = g.rules.players
        info = g.current
        assert info is not None
        me, other = seed % n, (seed + 1) % n
        real = [g.position.hands[s] if g.position else info.hand_mask(s) for s in range(n)]
        k0 = knowledge(seat_view(g, me))
        k = condition(k0, {me: k0.hand, other: real[other]})
        assert k.unknown == k0.unknown & ~real[other] and k.fixed[other] == real[other]
        for s in range(n):
            assert real[s] & ~k.allowed[s] == 0 or s == me  # the real deal always fits
        rng = random.Random(seed)
        for _ in range(5):
            hands = sample_hands(k, rng)
            assert hands[other] == real[other] and hands[me] & k0.hand == k0.hand
            assert all(hands[s] & ~(k.allowed[s] | (k0.hand if s == me else 0)) == 0 for s in range(n))
            union = 0
            for h in hands:
                assert not union & h
                union |= h
            assert union & ~g.rules.deck_mask == 0


def test_condition_with_the_kitty_leaves_it_out_of_every_hand() -> None:
    g = random_game("king(players=3,deck=kitty)", 3)
    info = g.current
    assert info is not None
    kitty = 0
    for c in info.kitty:
        kitty |= c.mask
    k = condition(knowledge(seat_view(g, 0)), {}, kitty)
    assert k.kitty == 0 and not k.unknown & kitty
    for seed in range(10):
        assert all(not h & kitty for h in sample_hands(k, random.Random(seed)))


# ----- blind pages with stand-ins ---------------------------------------------------------------------------

class Page:
    """A page holding ``mine`` seats: its audited game, its blind deal and its stand-in session."""

    def __init__(self, rules: Rules, draw: list[Card], mine: set[int], levels: list[str], seed: int) -> None:
        self.game = Game(rules)
        self.game.apply_draw(draw)
        self.mine = mine
        self.blind: BlindDeal | None = None
        self.standin = StandIn(Session(fork(self.game), {"levels": levels}), random.Random(seed).randbytes)
        self.events: list[Any] = []
        self.checked: tuple[int, tuple[int, int, int], Phase, int] | None = None  # what check() last compared

    def follow(self) -> None:
        self.events += self.standin.follow(self.game, self.blind)


def reference(page: Page, real: Game) -> Session:
    """A session over the game holding every real hand, at the moment the page's stand-in shows."""
    g = fork(page.game)
    if page.standin.dealt:
        info = real.current
        assert info is not None and page.blind is not None
        g.deal_cards(info.hands, info.kitty)
        moves = [*page.blind.calls, *((s, Move.play(c)) for s, c in page.blind.plays)]
        for seat, move in moves[:page.standin.applied]:
            g.play(move, seat)
    return Session(g, page.standin.session.settings)


def check(pages: list[Page], real: Game, cards: dict[int, int]) -> int:
    """Every page's own seats' view models are the reference's; a stand-in holds the page's own cards and, once
    up to date, every card where it was played. Returns how many pages were behind."""
    behind = 0
    for p in pages:
        session = p.standin.session
        shown = (id(session.game), session.ply, session.game.phase, p.standin.applied)
        if shown != p.checked:  # the session changed since the last check
            p.checked = shown
            ref = reference(p, real)
            for s in p.mine:
                assert session.view_model(s) == ref.view_model(s), (s, p.mine, p.standin.applied)
        behind += p.standin.behind
        b = p.blind
        if p.standin.dealt and b is not None:
            hands = p.standin.hands()
            info = session.game.deals[b.number - 1]
            others = sum(hands[s] for s in range(b.players) if s not in p.mine)
            seen = sum(c.mask for _, c in b.plays) | (1 << b.cards[b.shown] if b.shown is not None else 0)
            kitty = 0 if b.kitty_known else sum(c.mask for c in info.kitty)
            assert info.unseen == (others | kitty) & ~seen  # what a replay of the page's game shows as backs
            if p.standin.applied == 5 and not p.standin.behind:  # (once a deal: a replay replays the whole game)
                frame = Replay(session.game).frame(10**9)
                played = sum(c.mask for _, c in b.plays)
                for s in range(b.players):
                    faces, backs = (hands[s] & ~played, 0) if s in p.mine else (hands[s] & seen & ~played,
                                                                                 hands[s] & ~seen)
                    assert (len(frame["hands"][s]), frame["backs"][s]) == (bin(faces).count("1"), bin(backs).count("1"))
            for pos, card in b.cards.items():
                seat = b.seat_of(pos)
                if seat is not None and (seat in p.mine or (pos in b.played_positions and not p.standin.behind)):
                    assert hands[seat] >> card & 1
    return behind


def learn(pages: list[Page], cards: dict[int, int], everything: bool = True) -> None:
    """What the protocol opens between moves: own cards dealt so far, and (``everything``) the kitty when
    asked and the caller's last card when called. The tests look at every page before it learns, so a page's
    own cards dealt after a khvalyonka's call come one step late, as keys do."""
    for p in pages:
        b = p.blind
        assert b is not None
        for pos in range(b.dealt()):
            if b.seats[pos] in b.mine:
                b.learn(pos, cards[pos])
        if everything:
            if b.need_kitty:
                b.open_kitty({q: cards[q] for q in b.kitty_positions()})
            if b.last_card_called and b.play_deal is None:
                b.show_last(cards[b.last_position(b.calls[-1][0])])


def play_rubber(rules_text: str, friends: int, seed: int, deals: int = 99, prefer: str = "") -> tuple[list[Page], int]:
    """A rubber of blind pages with stand-ins beside the real game: page 0 holds seat 0 and the bots' seats,
    each friend's page one seat; every view compared at every step. Returns the pages and the steps behind."""
    rules = Rules.parse(rules_text)
    rng = random.Random(seed)
    n = rules.players
    real = Game(rules)
    real.draw_dealer(rng)
    levels = ["human"] + [ONLINE if s <= friends else "random" for s in range(1, n)]
    groups = [{0, *range(friends + 1, n)}] + [{s} for s in range(1, friends + 1)]
    pages = [Page(rules, real.draw, g, levels, seed * 10 + i) for i, g in enumerate(groups)]
    behind = 0
    while real.phase is not Phase.RUBBER_OVER and deals:
        deals -= 1
        real.deal(rng)
        for p in pages:
            p.blind = BlindDeal(p.game, p.mine)
        cards = positions(real, pages[0].blind)  # type: ignore[arg-type]
        for p in pages:
            p.follow()  # nothing open yet: the audited game
            assert not p.standin.dealt
        learn(pages, cards, everything=False)
        while True:
            for p in pages:
                p.follow()
            behind += check(pages, real, cards)
            learn(pages, cards)
            for p in pages:
                p.follow()
            behind += check(pages, real, cards)
            if real.phase in (Phase.DEAL_OVER, Phase.RUBBER_OVER):
                break
            seat = real.to_move
            assert seat is not None
            moves = real.legal_moves()
            move = moves[int(rng.random() * len(moves))]
            move = next((m for m in moves if str(m) == prefer), move)
            for p in pages:
                b = p.blind
                assert b is not None
                if move.card is not None:
                    b.play(seat, next(q for q, c in cards.items() if c == move.card.index), move.card.index)
                else:
                    b.call(seat, move)
            real.play(move, seat)
        for p in pages:
            b = p.blind
            assert b is not None and b.over
            b.open_kitty({q: cards[q] for q in b.kitty_positions()})
            audit_deal(p.game, b, cards)
            p.blind = None  # the audit done: the page shows the audited game
            p.follow()
            assert p.standin.session.record() == Session(real).record() and not p.standin.behind
            for s in p.mine:
                assert p.standin.session.view_model(s) == Session(real, p.standin.session.settings).view_model(s)
    assert all(not p.events for p in pages)
    return pages, behind


@pytest.mark.parametrize("rules", RULES)
def test_every_page_shows_its_seats_as_a_game_holding_every_hand(rules: str) -> None:
    n = Rules.parse(rules).players
    pages, _ = play_rubber(rules, friends=min(3, n - 1) if len(rules) % 2 else 1, seed=len(rules), deals=4)
    assert all(p.standin.samples >= 4 for p in pages)


def test_the_khvalyonka_waits_for_own_cards_and_the_last_card() -> None:
    pages, behind = play_rubber("king(replay=trumps,eralash=false,deal_by=2)", friends=2, seed=4, deals=8,
                                prefer="trump:last-card")
    assert behind > 0 and all(len(p.game.deals) == 8 for p in pages)
    assert any("last card" in r.note for r in pages[0].game.sheet.rows)


# ----- what a stand-in is a function of ---------------------------------------------------------------------

def trace(rules: Rules, hands: list[list[Card]], kitty: list[Card], moves: list[tuple[int, Move]],
          mine: set[int], seed: int) -> list[list[int]]:
    """The stand-in of a page holding ``mine`` after each of ``moves`` of a deal dealt ``hands`` and ``kitty``
    (the first dealer seat 0), as the page learns its own cards and the cards played."""
    real = Game(rules)
    real.set_first_dealer(0)
    real.deal_cards(hands, kitty)
    game = Game(rules)
    game.set_first_dealer(0)
    standin = StandIn(Session(fork(game)), random.Random(seed).randbytes)
    blind = BlindDeal(game, mine)
    cards = positions(real, blind)
    out = []
    for seat, move in [(-1, Move("pass")), *moves]:
        if seat >= 0:
            real.play(move, seat)
            if move.card is not None:
                blind.play(seat, next(q for q, c in cards.items() if c == move.card.index), move.card.index)
            else:
                blind.call(seat, move)
        for pos in range(blind.dealt()):
            if blind.seats[pos] in mine:
                blind.learn(pos, cards[pos])
        assert standin.follow(game, blind) == [] and not standin.behind
        out.append(standin.hands())
    return out


@pytest.mark.parametrize("rules_text", ["king()", "king(players=3,deck=kitty)", "king(players=5)",
                                        "king(order=chosen,replay=trumps)"])
def test_a_stand_in_is_the_same_whatever_the_hidden_cards_are(rules_text: str) -> None:
    """Two deals that differ only in two unplayed cards of the same suit swapped between two seats the page
    does not hold have the same public history: the page's stand-ins are the same at every step."""
    rules = Rules.parse(rules_text)
    n = rules.players
    tested = 0
    for seed in range(30):
        rng = random.Random(seed)
        real = Game(rules)
        real.set_first_dealer(0)
        real.deal(rng)
        info = real.current
        assert info is not None
        moves: list[tuple[int, Move]] = []
        for _ in range(rng.randrange(4, 20)):
            if real.phase not in (Phase.PLAY, Phase.CALL_TRUMP):
                break
            legal = real.legal_moves()
            seat = real.to_move
            assert seat is not None
            move = legal[int(rng.random() * len(legal))]
            real.play(move, seat)
            moves.append((seat, move))
        played = {m.card for _, m in moves if m.card is not None}
        a, b = 1, n - 1  # the page holds seat 0 (and, with five, seat 2)
        mine = {0, 2} if n == 5 else {0}
        swaps = [(i, j) for i, x in enumerate(info.hands[a]) for j, y in enumerate(info.hands[b])
                 if x.suit == y.suit and x not in played and y not in played and "KH" not in (str(x), str(y))]
        if not swaps:
            continue
        i, j = swaps[seed % len(swaps)]
        other = [list(h) for h in info.hands]
        other[a][i], other[b][j] = info.hands[b][j], info.hands[a][i]
        assert other != info.hands
        assert trace(rules, info.hands, info.kitty, moves, mine, seed) == \
            trace(rules, other, info.kitty, moves, mine, seed)
        tested += 1
    assert tested >= 10


def test_a_renege_shown_in_public_is_said_and_the_table_stays_as_it_was() -> None:
    """Seat 1 shows void in a suit (its page cheats: nobody can check that before the audit), then plays that
    suit: no deal fits, the page says so (``no_world``) and keeps the last table that fitted."""
    rules = Rules()
    real = Game(rules)
    real.set_first_dealer(3)  # seat 0 leads
    real.deal(random.Random(7))
    info = real.current
    assert info is not None
    hands = [list(h) for h in info.hands]
    lead = next(c for c in hands[0] if any(x.suit == c.suit for x in hands[1]))
    game = Game(rules)
    game.set_first_dealer(3)
    standin = StandIn(Session(fork(game)), random.Random(1).randbytes)
    blind = BlindDeal(game, {0})
    cards = positions(real, blind)
    pos_of = {c: p for p, c in cards.items()}
    for pos in range(blind.dealt()):
        if blind.seats[pos] == 0:
            blind.learn(pos, cards[pos])

    def play(seat: int, card: Card) -> list[Any]:
        hands[seat].remove(card)
        blind.play(seat, pos_of[card.index], card.index)
        return standin.follow(game, blind)

    def follow_suit(seat: int, led: int) -> Card:
        return next((c for c in hands[seat] if c.suit == led), hands[seat][0])

    assert play(0, lead) == []
    assert play(1, next(x for x in hands[1] if x.suit != lead.suit)) == []  # void in the suit led, it says
    for seat in (2, 3):
        assert play(seat, follow_suit(seat, lead.suit)) == []
    before, said = standin.session.to_save(), []
    while not said:
        seat = blind.to_move
        assert seat is not None
        if seat == 1:
            said = play(1, next(x for x in hands[1] if x.suit == lead.suit))  # it held one
            break
        led = Card.from_index(blind.trick[0]).suit if blind.trick else -1
        card = Card.from_index(next(iter_bits(blind.legal(0)))) if seat == 0 else follow_suit(seat, led)
        assert play(seat, card) == []
        before = standin.session.to_save()
    assert [e.kind for e in said] == ["no_world"] and "against the rules" in said[0].words
    assert standin.broken and standin.behind and standin.session.to_save() == before
    assert standin.follow(game, blind) == []  # said once
