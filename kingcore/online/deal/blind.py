"""A deal played with hidden hands: one page's table while no page knows another person's cards (mental
poker, docs/NET.md "Mental poker: no device sees another's cards").

The engine assumes every hand is known: :class:`~kingcore.game.Game` deals whole hands and
:class:`~kingcore.position.Position` checks each card against its player's hand. A page of a blind table
knows only its own seats' cards and the cards shown to all, so it runs the deal with the engine's own
pieces and nothing weaker:

- **calls** (ordered King's naming, the trump call, the auction) are public moves: a *probe*, a fork of the
  page's audited :class:`~kingcore.game.Game` dealt a stand-in deal that agrees with every card shown,
  checks and applies them — the calls never depend on the hidden cards (the caller's last card "by the last
  card" is shown to all before the probe applies that call);
- **trick play** runs on the probe's :class:`~kingcore.position.Deal`: whose turn, the winner, the points and
  the early end come from its :class:`~kingcore.position.Settlement`, the same kernel ``Position.play`` uses;
  the page's own cards are checked with the engine's legality (``Position.why_illegal``) before they leave;
  another seat's card is checked by the protocol (dealt to it, not played before, opened by its keys);
- **the early end** needs the cards still held: with every card dealt that is the deck less the cards played;
  with the kitty (3 players, ``deck = kitty``) the kitty is opened to all as soon as the live cards not yet
  played could all lie in it (docs/RULES.md §11.19);
- **the audit** (:mod:`kingcore.online.deal.audit`) deals the opened hands to the real game and replays every
  call and card through it, so the score sheet is always the engine's.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable

from ...cards import Card, CardSet, iter_bits
from ...errors import DealError, IllegalMoveError, Reason
from ...game import Game, Phase, draw_result
from ...moves import Move
from ...position import Deal, Position, legal_mask
from ...view import SeatView, shown_voids

_CALL_PHASES = (Phase.CHOOSE_CONTRACT, Phase.CALL_TRUMP, Phase.AUCTION)
_LIVE_RANKS = (11, 12, 13)  # jacks, queens, kings: boys, girls and the King in some contract


class BlindError(ValueError):
    """A card or call another page sent that the blind table refuses: ``code`` is ``not_your_turn``,
    ``not_dealt`` (the position was dealt to another seat or to the kitty), ``played_twice``,
    ``wrong_phase`` or ``bad_call``; ``seat`` the seat it came for."""

    def __init__(self, code: str, seat: int, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.seat = seat


def fork(game: Game) -> Game:
    """A copy of ``game`` that can be dealt and played on without touching it: its finished deals and sheet
    rows, which nothing changes any more, are shared (0.1 ms for an 84-deal rubber, where a deep copy
    takes 45 ms)."""
    memo: dict[int, object] = {id(d): d for d in game.deals}
    memo.update({id(r): r for r in game.sheet.rows})
    return copy.deepcopy(game, memo)


def draw_needed(game: Game, cards: list[Card]) -> int:
    """How many more face-up cards the draw for the first dealer needs (RULES.md §3): 0 once ``cards``
    decide it, else up to one round of the table."""
    try:
        draw_result(game.rules, cards)
    except DealError:
        return game.rules.players
    return 0


class BlindDeal:
    """The current deal on one page of a blind table.

    Args:
        game: the page's audited game, waiting for this deal (phase ``deal`` or ``deal_over``); not changed.
        mine: the seats whose cards this page holds (its person's, and on the host's page its bots').

    Positions are the deck's places after the shuffle: position ``i`` is dealt to seat ``seats[i]`` in the
    engine's dealing order (one or two at a time from the dealer's left, RULES.md §3); the positions after
    the dealt ones are the kitty.
    """

    def __init__(self, game: Game, mine: Iterable[int]) -> None:
        if game.phase not in (Phase.DEAL, Phase.DEAL_OVER):
            raise IllegalMoveError(f"cannot deal in phase {game.phase.value}", Reason.WRONG_PHASE)
        self.game = game
        self.rules = game.rules
        self.players = game.rules.players
        self.number = len(game.deals) + 1
        dealer = game.dealer
        assert dealer is not None
        self.dealer = dealer
        self.seats: list[int] = game._deal_sequence(dealer)  # the engine's own dealing order
        self.size = game.rules.deck_size
        self.mine = frozenset(mine)
        self.cards: dict[int, int] = {}
        """Position → card (bit index) for every position this page knows in the clear."""
        self.calls: list[tuple[int, Move]] = []
        self.plays: list[tuple[int, Card]] = []
        self.played_positions: set[int] = set()
        self.shown: int | None = None
        self.last_card_called = False
        self.kitty_known = self.rules.kitty_size == 0
        self.need_kitty = False
        self.over = False
        self.play_deal: Deal | None = None
        self.leader = (dealer + 1) % self.players
        self.trick: list[int] = []
        self.trick_no = 0
        self.points = [0] * self.players
        self.tricks = [0] * self.players
        self.played = 0
        self.probe = self._make_probe()
        self._stage1 = len(self.seats)
        if self.probe.phase is Phase.CALL_TRUMP and self.probe._partial_deal():
            got, caller = 0, self.probe.current.caller if self.probe.current else None
            for i, seat in enumerate(self.seats):
                got += seat == caller
                if got == 3:
                    self._stage1 = i + 1
                    break
        if self.probe.phase is Phase.PLAY:
            self._start_play()

    # ----- positions ------------------------------------------------------------------------------

    def dealt(self) -> int:
        """How many positions are dealt now (from position 0): all the seats' before the trump call of the
        khvalyonka stops after the caller's third card (RULES.md §7), else every one but the kitty's."""
        if self._stage1 < len(self.seats) and not self.calls:
            return self._stage1
        return len(self.seats)

    def seat_of(self, position: int) -> int | None:
        """The seat ``position`` is dealt to, or ``None`` for the kitty's."""
        return self.seats[position] if 0 <= position < len(self.seats) else None

    def kitty_positions(self) -> range:
        """The kitty's positions (empty unless 3 players with ``deck = kitty``)."""
        return range(len(self.seats), self.size)

    def learn(self, position: int, card: int) -> None:
        """Record a card this page opened: one of its own seats' (dealt to it) or one shown to all."""
        self.cards[position] = card

    def hand(self, seat: int) -> int:
        """The cards ``seat`` still holds, as a mask, as far as this page knows them (its own seats': all)."""
        m = 0
        for pos in range(self.dealt()):
            if self.seats[pos] == seat and pos in self.cards and pos not in self.played_positions:
                m |= 1 << self.cards[pos]
        return m

    def known(self) -> int:
        """Every card this page knows in the clear in this deal, as a mask (the test hook of no peeking)."""
        m = 0
        for c in self.cards.values():
            m |= 1 << c
        return m

    def last_position(self, seat: int) -> int:
        """The position of the last card dealt to ``seat`` (the card shown "by the last card", §7)."""
        return max(i for i, s in enumerate(self.seats) if s == seat)

    # ----- the probe: calls ---------------------------------------------------------------------------

    def _make_probe(self) -> Game:
        probe = fork(self.game)
        fixed = {self.shown: self.cards[self.shown]} if self.shown is not None else {}
        rest = [c for c in iter_bits(self.rules.deck_mask) if c not in fixed.values()]
        # the kitty's stand-ins are the cards least likely to score, so no early end starts the probe over
        rest.sort(key=lambda c: (c // 13 == 1 or c % 13 + 2 in _LIVE_RANKS, c))
        stand_in = dict(fixed)
        order = [*self.kitty_positions(), *range(len(self.seats))]
        for pos in order:
            if pos not in stand_in:
                stand_in[pos] = rest.pop(0)
        self.deal_to(probe, stand_in)
        return probe

    def deal_to(self, game: Game, cards: dict[int, int]) -> None:
        """Deal ``cards`` (position → card, every position) to ``game`` as this deal's hands in the order
        received and its kitty, then play this deal's calls on it (the engine checks both)."""
        hands: list[list[Card]] = [[] for _ in range(self.players)]
        for pos, seat in enumerate(self.seats):
            hands[seat].append(Card.from_index(cards[pos]))
        game.deal_cards(hands, [Card.from_index(cards[p]) for p in self.kitty_positions()])
        for seat, move in self.calls:
            game.play(move, seat)

    @property
    def phase(self) -> Phase:
        """The deal's :class:`~kingcore.game.Phase`: a call phase, ``play``, or ``deal_over`` once over."""
        if self.over:
            return Phase.DEAL_OVER
        if self.play_deal is not None:
            return Phase.PLAY
        return self.probe.phase

    @property
    def to_move(self) -> int | None:
        """The seat that moves now; ``None`` while the kitty or the caller's last card is being shown, and
        once the deal is over."""
        if self.over or self.need_kitty or (self.last_card_called and self.play_deal is None):
            return None
        if self.play_deal is not None:
            return (self.leader + len(self.trick)) % self.players
        return self.probe.to_move

    def call(self, seat: int, move: Move) -> None:
        """A public call (a contract named, a pass, a bid, a trump call), checked by the engine.

        Raises:
            BlindError: not a call phase, not ``seat``'s turn, or a call the rules refuse (``bad_call``).
        """
        if self.phase not in _CALL_PHASES or self.last_card_called:
            raise BlindError("wrong_phase", seat, f"seat {seat} called {move} when no call is due")
        if self.to_move != seat:
            raise BlindError("not_your_turn", seat, f"seat {seat} called {move} on seat {self.to_move}'s turn")
        if move.kind == "trump" and move.trump == "last-card":
            if move not in self.probe.legal_moves():
                raise BlindError("bad_call", seat, f"seat {seat} may not call {move} here")
            self.calls.append((seat, move))
            self.last_card_called = True  # the caller shows its last card once the deal is complete
            return
        try:
            self.probe.play(move, seat)
        except IllegalMoveError as e:
            raise BlindError("bad_call", seat, e.message) from None
        self.calls.append((seat, move))
        if self.probe.phase is Phase.PLAY:
            self._start_play()

    def show_last(self, card: int) -> None:
        """The caller's last card, shown to all after the call "by the last card": its suit is trump."""
        assert self.last_card_called and self.play_deal is None
        caller = self.calls[-1][0]
        pos = self.last_position(caller)
        self.cards[pos] = card
        self.shown = pos
        self.probe = self._make_probe()
        assert self.probe.phase is Phase.PLAY
        self._start_play()

    # ----- trick play -----------------------------------------------------------------------------

    def _start_play(self) -> None:
        p = self.probe.position
        assert p is not None
        self.play_deal = p.deal
        self._check_end()

    def _rest(self) -> int:
        """The cards still held: the deck less the cards played, less the kitty once it is known."""
        rest = self.rules.deck_mask & ~self.played
        if self.kitty_known:
            for pos in self.kitty_positions():
                rest &= ~(1 << self.cards[pos])
        return rest

    def _check_end(self) -> None:
        d = self.play_deal
        assert d is not None
        settlement = d.settlement
        rest = self._rest()
        if settlement.over([rest], self.trick_no):
            self.over = True
            return
        live = settlement.live
        if live is not None and not self.kitty_known and (live & rest).bit_count() <= self.rules.kitty_size:
            self.need_kitty = True  # every live card not played could lie in the kitty: open it (§11.19)

    def open_kitty(self, cards: dict[int, int]) -> None:
        """The kitty's cards, opened to all (position → card)."""
        self.cards.update(cards)
        self.kitty_known = True
        self.need_kitty = False
        if self.play_deal is not None:
            self._check_end()

    def legal(self, seat: int) -> int:
        """The legal cards (a mask) of ``seat``, one of this page's seats, when it is to play; else 0."""
        d = self.play_deal
        if d is None or self.to_move != seat or seat not in self.mine:
            return 0
        led = self.trick[0] // 13 if self.trick else -1
        return legal_mask(d, self.hand(seat), led)

    def check_own(self, seat: int, card: Card) -> None:
        """The engine's legality for a card of this page's own ``seat``, before it leaves the page.

        Raises:
            IllegalMoveError: with the engine's reason and words (``Position.why_illegal``/``explain``).
        """
        d = self.play_deal
        assert d is not None
        hands = [self.hand(s) if s in self.mine else 0 for s in range(self.players)]
        others = [s for s in range(self.players) if s not in self.mine]
        if others:  # the cards this page cannot see, all in one other hand: only their union counts (early end)
            held = 0
            for h in hands:
                held |= h
            hands[others[0]] = self._rest() & ~held
        position = Position(d, hands, self.leader, self.trick, self.points, self.tricks)
        why = position.why_illegal(card) if not self.over else Reason.DEAL_OVER
        if why is not None:
            raise IllegalMoveError(position.explain(card, why), why, card, seat, position, "§4")

    def check_play(self, seat: int, position: int, card: str = "a card") -> None:
        """Whether ``seat`` may play from ``position`` now, before its card is opened: its turn in play, a
        position dealt to it, not played before.

        Raises:
            BlindError: ``wrong_phase``, ``not_your_turn``, ``not_dealt`` or ``played_twice``.
        """
        if self.phase is not Phase.PLAY or self.to_move is None:
            raise BlindError("wrong_phase", seat, f"seat {seat} played {card} when no card is due")
        if self.to_move != seat:
            raise BlindError("not_your_turn", seat, f"seat {seat} played {card} on seat {self.to_move}'s turn")
        if not 0 <= position < self.dealt() or self.seats[position] != seat:
            raise BlindError("not_dealt", seat, f"seat {seat} played {card}, a card not dealt to it")
        if position in self.played_positions:
            raise BlindError("played_twice", seat, f"seat {seat} played {card} a second time")

    def play(self, seat: int, position: int, card: int) -> None:
        """A card played by ``seat`` from ``position`` (already opened to ``card`` by the protocol).

        Raises:
            BlindError: not play, not ``seat``'s turn, a position not dealt to ``seat``, or played before.
            IllegalMoveError: this page's own seat's card, refused by the engine.
        """
        c = Card.from_index(card)
        self.check_play(seat, position, c.pretty)
        if self.played >> card & 1:
            raise BlindError("played_twice", seat, f"seat {seat} played {c.pretty} a second time")
        if seat in self.mine:
            self.check_own(seat, c)
        d = self.play_deal
        assert d is not None
        self.cards[position] = card
        self.played_positions.add(position)
        self.played |= 1 << card
        self.plays.append((seat, c))
        self.trick.append(card)
        if len(self.trick) < self.players:
            return
        w = d.settlement.settle(self.trick, self.leader, self.trick_no, [self._rest()], self.points, self.tricks)
        self.leader = ~w if w < 0 else w
        self.trick = []
        self.trick_no += 1
        self._check_end()

    # ----- what a seat sees -------------------------------------------------------------------------

    def view(self, seat: int) -> SeatView:
        """What ``seat`` (one of this page's) sees now: the engine's :class:`~kingcore.view.SeatView`, the
        same as ``seat_view`` of a game holding every hand (tests compare them at every step)."""
        g, n = self.game, self.players
        info = self.probe.current
        assert info is not None
        playing = self.play_deal is not None
        done = len(self.plays) - len(self.trick)
        voids = shown_voids(self.plays, n, self.play_deal)
        hand = CardSet(self.hand(seat))  # before the khvalyonka's call: the cards dealt so far
        to_move = self.to_move
        legal: tuple[str, ...] = ()
        if to_move == seat:
            legal = (tuple(str(c) for c in CardSet(self.legal(seat))) if playing
                     else tuple(str(m) for m in self.probe.legal_moves()))
        return SeatView(
            seat=seat, phase=self.phase, rules=str(self.rules), deal=self.number, deals=g.total_deals,
            dealer=self.dealer, to_move=to_move, leader=self.leader if playing else None,
            contract=info.contract, trump=info.trump_call, bid=(info.bid.seat, info.bid.tricks) if info.bid else None,
            caller=info.caller, shown=self.cards[self.shown] if self.shown is not None else None, hand=hand,
            trick=tuple((s, c.index) for s, c in self.plays[done:]),
            played=tuple((s, c.index) for s, c in self.plays[:done]),
            calls=tuple((s, str(m)) for s, m in self.calls), points=tuple(self.points), tricks=tuple(self.tricks),
            totals=g.sheet.totals, voids=tuple(voids), legal=legal,
            owned=tuple(self.probe.owned[seat]) if self.rules.order == "chosen" else (),
        )

