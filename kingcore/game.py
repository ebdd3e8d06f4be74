"""The rubber: first dealer, dealer rotation, the deal schedule or ordered King, trump calls, the
auction, trick play and the score sheet (RULES.md §3, §5–§8).

:class:`Game` is the one mutable recorder. Chance (the draw for dealer, the shuffle) comes in as
explicit cards (:meth:`Game.apply_draw`, :meth:`Game.deal_cards`) or from a passed ``rng``
(:meth:`Game.draw_dealer`, :meth:`Game.deal`); everything a seat does is a :class:`~kingcore.moves.Move`
given to :meth:`Game.play`. Phases are explicit (:class:`Phase`).

Size: over 400 lines because :class:`Game` is one state machine over every phase of the rubber (draw,
deal, trump call, auction, ordered naming, play, settlement); the helpers around it are short.

>>> import random
>>> g = Game(Rules())
>>> g.apply_draw([Card.parse(c) for c in "7S QH AD 9C".split()])   # seat 2 draws the ace
>>> g.first_dealer, g.phase.name
(2, 'DEAL')
>>> g.deal(random.Random(1)); g.phase.name, g.contract.value, g.to_move
('PLAY', 'no_tricks', 3)
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from enum import Enum
from typing import NamedTuple

from .cards import Card, cards_of, iter_bits, shuffle
from .contracts import Contract, Trump, automatic_trick_value
from .errors import DealError, IllegalMoveError, Reason, RulesError
from .moves import Move
from .position import Bid, Deal, Position
from .rules import Rules
from .scoresheet import ScoreSheet


class Phase(str, Enum):
    """What the game waits for. A ``str`` enum so a view's JSON (and code written against it) holds the
    value, e.g. ``"play"``; ``str`` gives the value on every Python version."""

    DRAW_DEALER = "draw_dealer"
    """Chance: the draw for the first dealer (§3)."""
    DEAL = "deal"
    """Chance: the cards of the next deal."""
    CHOOSE_CONTRACT = "choose_contract"
    """Ordered King: a seat names one of its contracts or passes (§8)."""
    CALL_TRUMP = "call_trump"
    """The caller names trump, no trump, misère or "by the last card" (§7)."""
    AUCTION = "auction"
    """A seat bids a number of tricks or passes (§7 auction)."""
    PLAY = "play"
    """A seat plays a card."""
    DEAL_OVER = "deal_over"
    """A deal has just ended; the next one must be dealt."""
    RUBBER_OVER = "rubber_over"
    """All deals are played; the score sheet is final."""

    def __str__(self) -> str:
        return str(self.value)


def schedule(rules: Rules) -> list[Contract]:
    """The contracts of a rubber with ``order = fixed``, in order (RULES.md §5, §7).

    With ``order = chosen`` each player owns this whole list (§8: "one copy of each contract of the
    game", so with a trump replay every player owns all the trump deals of the fixed rubber).

    >>> [c.value for c in schedule(Rules(eralash=False, replay="trumps"))][-2:]
    ['trumps', 'trumps']
    """
    neg = [Contract.of(b, False) for b in rules.deal_order]
    if rules.eralash:
        neg.append(Contract.ERALASH_MINUS)
    if rules.replay == "mirror":
        pos = [c.twin for c in neg]
    else:
        pos = [Contract.TRUMPS] * (rules.players * rules.trump_rounds)
        if rules.eralash and rules.eralash_plus_after_trumps:
            pos.append(Contract.ERALASH_PLUS)
    return neg + pos


def draw_result(rules: Rules, cards: list[Card]) -> tuple[int, int]:
    """Replay a first-dealer draw: (dealer seat, cards used) for the face-up cards in order.

    ``draw``: one card to each contender in seat order; the highest rank stays in; ties draw again.
    ``first_ace``: one card to each seat in turn from seat 0 until an ace (RULES.md §3).

    Raises:
        DealError: too few cards to decide, or a card not in the deck.
    """
    rounds = draw_rounds(rules, cards)
    return rounds[-1][-1][0], sum(len(r) for r in rounds)


def draw_rounds(rules: Rules, cards: list[Card]) -> list[list[tuple[int, Card]]]:
    """The rounds of a first-dealer draw (:func:`draw_result`): each round's ``(seat, card)`` in the
    order dealt, up to the card that decides; the last round's last pair is the dealer and the card that
    made them dealer (``first_ace``: one card a round; ``draw``: the contenders' cards, the winner's last).

    Raises:
        DealError: too few cards to decide, or a card not in the deck.
    """
    size = rules.deck_size
    for i, c in enumerate(cards):
        if not isinstance(c, Card):
            raise DealError(f"draw card {c!r} is not a Card")
        if not c.mask & rules.deck_mask:
            raise DealError(f"draw card {c} is not in the {rules.deck_size}-card deck")
        if c in cards[i - i % size:i]:  # the deck is gathered and shuffled anew only when it runs out
            raise DealError(f"draw card {c} is drawn twice from one deck")
    n = rules.players
    rounds: list[list[tuple[int, Card]]] = []
    if rules.first_dealer == "first_ace":
        for i, c in enumerate(cards):
            rounds.append([(i % n, c)])
            if c.rank == 14:
                return rounds
        raise DealError("the draw ended before an ace was dealt")
    contenders = list(range(n))
    i = 0
    while True:
        if i + len(contenders) > len(cards):
            raise DealError("the draw ended before one player drew the highest card")
        got = {s: cards[i + k] for k, s in enumerate(contenders)}
        i += len(contenders)
        top = max(c.rank for c in got.values())
        contenders = [s for s in contenders if got[s].rank == top]
        if len(contenders) == 1:
            winner = contenders[0]
            rounds.append([*((s, c) for s, c in got.items() if s != winner), (winner, got[winner])])
            return rounds
        rounds.append(list(got.items()))


class TrickTaken(NamedTuple):
    """A completed trick of a deal (RULES.md §4–§7): ``leader`` and ``winner`` are seats, ``cards`` the
    ``(seat, card)`` pairs in the order played (from the leader's), ``points`` the winner's signed points for
    it under the deal's contract (the change in the winner's points, as :class:`Position` settles it)."""

    leader: int
    winner: int
    cards: tuple[tuple[int, Card], ...]
    points: int


@dataclass
class DealInfo:
    """One deal of the rubber as it was played.

    Attributes:
        number: 1-based deal number.
        dealer: the dealer's seat.
        hands: each seat's cards in the order received.
        kitty: the kitty's cards (3-player ``kitty`` deck), else empty.
        contract: the contract, once known.
        calls: (seat, move) for every contract name, pass, bid and trump call, in order.
        plays: (seat, card) for every card played, in order.
        tricks: the completed tricks (:class:`TrickTaken`), in order, kept as they are played (the trick
            on the table is not one yet).
        trump_call, bid, caller, shown: the trump deal details: the :class:`~kingcore.contracts.Trump`
            once called; ``shown`` is the caller's last card when trump is called "by the last card".
        position: the current :class:`Position` once play has started.
        row: the score-sheet row index once over.
        unseen: the cards (a mask) a record reader dealt at random in place of a record's hidden cards
            (``?``, :mod:`kingcore.hidden`): nobody has seen them; 0 for a deal whose every card is known.
    """

    number: int
    dealer: int
    hands: list[list[Card]]
    kitty: list[Card] = field(default_factory=list)
    contract: Contract | None = None
    calls: list[tuple[int, Move]] = field(default_factory=list)
    plays: list[tuple[int, Card]] = field(default_factory=list)
    tricks: list[TrickTaken] = field(default_factory=list)
    trump_call: Trump | None = None
    bid: Bid | None = None
    caller: int | None = None
    shown: Card | None = None
    position: Position | None = None
    unseen: int = 0

    @property
    def trump(self) -> int | None:
        """The trump suit (0..3) once called, else ``None`` (no trump, misère, or not called yet)."""
        t = self.trump_call
        return None if t is None else t.suit

    @property
    def misere(self) -> bool:
        """The trump call was misère."""
        return self.trump_call is Trump.MISERE

    def hand_mask(self, seat: int) -> int:
        """The seat's dealt cards as a mask."""
        m = 0
        for c in self.hands[seat]:
            m |= c.mask
        return m


class Game:
    """A rubber of King: the one mutable object.

    Args:
        rules: the :class:`Rules` (defaults if ``None``).

    The usual loop: ``draw_dealer(rng)``; then while not ``RUBBER_OVER``: in ``DEAL``/``DEAL_OVER``
    call ``deal(rng)``; otherwise ``play(move)`` for the seat ``to_move`` with a move from
    ``legal_moves()``.

    Raises:
        IllegalMoveError: from :meth:`play`, with a :class:`~kingcore.errors.Reason`.
    """

    def __init__(self, rules: Rules | None = None) -> None:
        self.rules = rules or Rules()
        n = self.rules.players
        self.phase = Phase.DRAW_DEALER
        self.draw: list[Card] = []
        self.first_dealer: int | None = None
        self.deals: list[DealInfo] = []
        self.sheet = ScoreSheet(n)
        self.order = schedule(self.rules)
        self.owned: list[list[Contract]] = [list(self.order) for _ in range(n)]
        self.trick_value = automatic_trick_value(self.rules)
        self.total_deals = len(self.order) * (n if self.rules.order == "chosen" else 1)
        # auction state
        self._active: list[int] = []
        self._high: Bid | None = None
        self._next = 0

    # ----- queries --------------------------------------------------------------------------------

    @property
    def current(self) -> DealInfo | None:
        """The deal being played (or just finished), or ``None`` before the first."""
        return self.deals[-1] if self.deals else None

    @property
    def position(self) -> Position | None:
        """The current trick-play position, or ``None`` before play starts."""
        d = self.current
        return d.position if d else None

    @property
    def contract(self) -> Contract | None:
        """The current deal's contract, once known."""
        d = self.current
        return d.contract if d else None

    @property
    def dealer(self) -> int | None:
        """The current (or next) dealer's seat."""
        if self.first_dealer is None:
            return None
        if self.phase in (Phase.DEAL, Phase.DEAL_OVER):
            return (self.first_dealer + len(self.deals)) % self.rules.players
        return (self.first_dealer + len(self.deals) - 1) % self.rules.players

    @property
    def to_move(self) -> int | None:
        """The seat that must move, or ``None`` while chance (draw, deal) or nothing is awaited."""
        d = self.current
        if self.phase is Phase.PLAY:
            assert d is not None and d.position is not None
            return d.position.to_move
        if self.phase is Phase.CALL_TRUMP:
            assert d is not None
            return d.caller
        if self.phase is Phase.AUCTION:
            return self._auction_turn()
        if self.phase is Phase.CHOOSE_CONTRACT:
            return self._choose_turn()
        return None

    def auction_order(self) -> list[int]:
        """The seats in the order they bid in the current deal's auction (§7): from the dealer's left round
        to the dealer; ``[]`` before the first deal."""
        d = self.current
        n = self.rules.players
        return [] if d is None else [(d.dealer + k) % n for k in range(1, n + 1)]

    def legal_moves(self) -> list[Move]:
        """Every legal move of the seat to move (``[]`` in chance phases and at the end)."""
        d = self.current
        if self.phase is Phase.PLAY:
            assert d is not None and d.position is not None
            return [Move.play(c) for c in d.position.legal_moves()]
        if self.phase is Phase.CALL_TRUMP:
            assert d is not None
            calls = ["S", "H", "D", "C", "nt"]
            if self.rules.replay == "trumps" and self.rules.misere_allowed:
                calls.append("misere")
            if self.rules.replay == "trumps" and self.rules.order == "fixed":
                calls.append("last-card")
            return [Move("trump", trump=t) for t in calls]
        if self.phase is Phase.AUCTION:
            low = (self._high.tricks if self._high else 0) + 1
            return [Move("pass")] + [Move("bid", bid=k) for k in range(low, self.rules.hand_size + 1)]
        if self.phase is Phase.CHOOSE_CONTRACT:
            seat = self._choose_turn()
            assert seat is not None
            own = list(dict.fromkeys(self.owned[seat]))
            moves = [Move("contract", contract=c) for c in own]
            if not self._must_name(seat):
                moves.insert(0, Move("pass"))
            return moves
        return []

    def _seat(self, seat: int) -> None:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.rules.players:
            raise RulesError(f"seat {seat!r} is not a seat of a {self.rules.players}-player game")

    def hand(self, seat: int) -> list[Card]:
        """The cards ``seat`` holds now, in hand order.

        Raises:
            RulesError: not a seat of this game.
        """
        self._seat(seat)
        d = self.current
        if d is None:
            return []
        if d.position is not None:
            return cards_of(d.position.hands[seat])
        return cards_of(d.hand_mask(seat))

    def visible_hand(self, seat: int) -> list[Card]:
        """What ``seat`` has been dealt and may see now: during a trump call in the fixed trumps
        replay, only the cards dealt before the caller's third (RULES.md §7); else :meth:`hand`."""
        self._seat(seat)
        d = self.current
        if d is None:
            return []
        if self.phase is Phase.CALL_TRUMP and self._partial_deal():
            got = self._dealt_before_call()
            return sorted(d.hands[seat][: got[seat]], key=lambda c: (c.suit, -c.rank))
        return self.hand(seat)

    # ----- chance --------------------------------------------------------------------------------

    def draw_dealer(self, rng: random.Random) -> None:
        """Draw for the first dealer from a shuffled deck (RULES.md §3)."""
        cards = [Card.from_index(i) for i in iter_bits(self.rules.deck_mask)]
        drawn: list[Card] = []
        while True:
            deck = list(cards)
            shuffle(deck, rng)  # type: ignore[arg-type]
            drawn.extend(deck)
            try:
                _, used = draw_result(self.rules, drawn)
                break
            except DealError:
                continue  # the deck ran out before a decision: gather and shuffle again
        self.apply_draw(drawn[:used])

    def apply_draw(self, cards: list[Card] | str) -> None:
        """Record a draw for the first dealer: the face-up cards in the order dealt (or their text).

        Raises:
            IllegalMoveError: not in the ``DRAW_DEALER`` phase.
            DealError: the cards do not decide the dealer exactly.
        """
        self._need(Phase.DRAW_DEALER, "draw for the dealer")
        if isinstance(cards, str):
            cards = [Card.parse(w) for w in cards.split()]
        dealer, used = draw_result(self.rules, list(cards))
        if used != len(cards):
            raise DealError(f"the draw was decided after {used} cards, but {len(cards)} were given")
        self.draw = list(cards)
        self.first_dealer = dealer
        self.phase = Phase.DEAL

    def restart(self) -> Game:
        """A new game with these rules and this game's first dealer (the same draw, if there was one),
        before its first deal: to replay the record step by step (bots' decisions, analysis).

        Raises:
            IllegalMoveError: the first dealer is not decided yet.
        """
        g = Game(self.rules)
        if self.draw:
            g.apply_draw(self.draw)
        elif self.first_dealer is not None:
            g.set_first_dealer(self.first_dealer)
        else:
            raise IllegalMoveError("cannot restart before the first dealer is decided", Reason.WRONG_PHASE)
        return g

    def set_first_dealer(self, seat: int) -> None:
        """Skip the draw: ``seat`` deals first (for tests and position set-up)."""
        self._need(Phase.DRAW_DEALER, "set the first dealer")
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.rules.players:
            raise RulesError(f"seat {seat} is not a seat of a {self.rules.players}-player game")
        self.first_dealer = seat
        self.phase = Phase.DEAL

    def deal(self, rng: random.Random) -> None:
        """Shuffle and deal the next deal (one or two cards at a time, from left of the dealer)."""
        self._need_deal()
        deck = list(iter_bits(self.rules.deck_mask))
        shuffle(deck, rng)
        n = self.rules.players
        dealer = self.dealer
        assert dealer is not None
        hands: list[list[Card]] = [[] for _ in range(n)]
        seats = self._deal_sequence(dealer)
        for i, seat in enumerate(seats):
            hands[seat].append(Card.from_index(deck[i]))
        kitty = [Card.from_index(c) for c in deck[len(seats):]]
        self.deal_cards(hands, kitty)

    def _deal_sequence(self, dealer: int) -> list[int]:
        n, size, by = self.rules.players, self.rules.hand_size, self.rules.deal_by
        seq: list[int] = []
        got = [0] * n
        while len(seq) < n * size:
            for k in range(1, n + 1):
                seat = (dealer + k) % n
                take = min(by, size - got[seat])
                seq.extend([seat] * take)
                got[seat] += take
        return seq

    def deal_cards(self, hands: list[list[Card]], kitty: list[Card] | None = None) -> None:
        """Record the next deal's cards: each seat's hand in the order received, and the kitty.

        Raises:
            DealError: wrong sizes, overlapping hands, cards outside the deck, a wrong kitty.
            IllegalMoveError: not waiting for a deal.
        """
        self._need_deal()
        rules = self.rules
        masks = []
        for h in hands:
            m = 0
            for c in h:
                if m & c.mask:
                    raise DealError(f"card {c} is dealt twice")
                m |= c.mask
            masks.append(m)
        dealer = self.dealer
        assert dealer is not None
        Position.start(Deal(rules, Contract.NO_TRICKS, dealer), masks)  # checks sizes and overlaps
        union = 0
        for m in masks:
            union |= m
        kitty = list(kitty or [])
        km = 0
        for c in kitty:
            km |= c.mask
        if km != rules.deck_mask & ~union or len(kitty) != rules.kitty_size:
            raise DealError(f"the kitty must be the {rules.kitty_size} undealt cards")
        info = DealInfo(len(self.deals) + 1, dealer, [list(h) for h in hands], kitty)
        self.deals.append(info)
        if rules.order == "chosen":
            self.phase = Phase.CHOOSE_CONTRACT
            return
        self._begin(self.order[len(self.deals) - 1], None)

    def _begin(self, contract: Contract, chooser: int | None) -> None:
        d = self.current
        assert d is not None
        d.contract = contract
        if contract is Contract.TRUMPS:
            if self.rules.replay == "auction":
                self._active = self.auction_order()
                self._high = None
                self._next = self._active[0]
                self.phase = Phase.AUCTION
                return
            d.caller = chooser if chooser is not None else (d.dealer + 1) % self.rules.players
            self.phase = Phase.CALL_TRUMP
            return
        self._start_play()

    def _start_play(self) -> None:
        d = self.current
        assert d is not None and d.contract is not None
        if d.contract is Contract.TRUMPS:
            assert d.trump_call is not None
            deal = Deal.trumps(self.rules, d.dealer, d.trump_call, self.trick_value, d.bid)
        else:
            deal = Deal(self.rules, d.contract, d.dealer)
        d.position = Position(deal, [d.hand_mask(s) for s in range(self.rules.players)])
        self.phase = Phase.PLAY
        self._maybe_over()

    # ----- moves ---------------------------------------------------------------------------------

    def play(self, move: Move | Card | str, seat: int | None = None) -> None:
        """Apply a move of the seat to move.

        Args:
            move: a :class:`Move`, a :class:`Card`, or a token (``"QS"``, ``"pass"``, ``"bid:3"``…).
            seat: if given, must be the seat to move.

        Raises:
            IllegalMoveError: wrong phase, not this seat's turn, or a move the rules forbid; the
                ``reason`` says which (VECTORS.md kinds for cards).
            NotationError: an unparseable token.
        """
        if isinstance(move, str):
            move = Move.parse(move)
        elif isinstance(move, Card):
            move = Move.play(move)
        mover = self.to_move
        if mover is None:
            if self.phase is Phase.RUBBER_OVER:
                raise IllegalMoveError(f"the rubber is over; {move} cannot be played", Reason.DEAL_OVER, move)
            if self.phase is Phase.DEAL_OVER and move.kind == "card":
                raise IllegalMoveError(f"the deal is over; {move} cannot be played", Reason.DEAL_OVER, move)
            raise IllegalMoveError(f"no seat moves in phase {self.phase.value}; {move} cannot be played",
                                   Reason.WRONG_PHASE, move)
        if seat is not None and seat != mover:
            raise IllegalMoveError(f"it is seat {mover}'s turn, not seat {seat}'s ({move})",
                                   Reason.NOT_YOUR_TURN, move, seat)
        d = self.current
        assert d is not None
        if self.phase is Phase.PLAY:
            if move.kind != "card" or move.card is None:
                raise IllegalMoveError(f"seat {mover} must play a card, not {move}", Reason.WRONG_PHASE, move,
                                       mover)
            before = d.position
            assert before is not None
            d.position = after = before.play(move.card)
            d.plays.append((mover, move.card))
            if not after.trick:  # the card completed a trick: its winner leads the next
                w = after.leader
                d.tricks.append(TrickTaken(before.leader, w, tuple(d.plays[-self.rules.players:]),
                                           after.points[w] - before.points[w]))
            self._maybe_over()
            return
        if move not in self.legal_moves():
            raise IllegalMoveError(self._bad_call(mover, move), Reason.BAD_CALL, move, mover, None,
                                   "§7" if self.phase is not Phase.CHOOSE_CONTRACT else "§8")
        d.calls.append((mover, move))
        if self.phase is Phase.CALL_TRUMP:
            self._call(d, move)
        elif self.phase is Phase.AUCTION:
            self._auction(mover, move)
        else:
            if move.kind == "contract":
                assert move.contract is not None
                self.owned[mover].remove(move.contract)
                self._begin(move.contract, mover)

    def _bad_call(self, seat: int, move: Move) -> str:
        if self.phase is Phase.CALL_TRUMP:
            return f"seat {seat} calls trump now; {move} is not a trump call allowed here"
        if self.phase is Phase.AUCTION:
            low = (self._high.tricks if self._high else 0) + 1
            if low > self.rules.hand_size:
                return f"seat {seat} may only pass (the bid is at {self.rules.hand_size}), not {move}"
            return f"seat {seat} may pass or bid {low}..{self.rules.hand_size} tricks, not {move}"
        if move.kind == "pass":
            return f"seat {seat} must name a contract: all others passed (RULES.md §8)"
        return f"seat {seat} may name only an own unplayed contract, not {move}"

    def _call(self, d: DealInfo, move: Move) -> None:
        if move.trump == "last-card":
            assert d.caller is not None
            d.shown = d.hands[d.caller][-1]
            d.trump_call = Trump.of_suit(d.shown.suit)
        else:
            d.trump_call = Trump(move.trump)
        self._start_play()

    def _auction_turn(self) -> int | None:
        return self._next if self._active else None

    def _auction(self, seat: int, move: Move) -> None:
        d = self.current
        assert d is not None
        n = self.rules.players
        if move.kind == "pass":
            self._active.remove(seat)
        else:
            self._high = Bid(seat, move.bid)
        if self._high is None and len(self._active) == 1:
            self._high = Bid(self._active[0], 1)  # three initial passes: the dealer names trump at bid 1 (§7)
            self._active = []
        elif self._high is not None and self._active == [self._high.seat]:
            self._active = []
        if not self._active:
            assert self._high is not None
            d.bid = self._high
            d.caller = self._high.seat
            self.phase = Phase.CALL_TRUMP
            return
        nxt = (seat + 1) % n
        while nxt not in self._active:
            nxt = (nxt + 1) % n
        self._next = nxt

    def _choose_order(self) -> list[int]:
        d = self.current
        assert d is not None
        n = self.rules.players
        return [(d.dealer + k) % n for k in range(1, n + 1) if self.owned[(d.dealer + k) % n]]

    def _choose_turn(self) -> int | None:
        d = self.current
        assert d is not None
        order = self._choose_order()
        passes = len(d.calls)
        return order[passes] if passes < len(order) else None

    def _must_name(self, seat: int) -> bool:
        order = self._choose_order()
        return seat == order[-1]

    def _partial_deal(self) -> bool:
        return self.rules.replay == "trumps" and self.rules.order == "fixed"

    def _dealt_before_call(self) -> list[int]:
        d = self.current
        assert d is not None and d.caller is not None
        got = [0] * self.rules.players
        for seat in self._deal_sequence(d.dealer):
            got[seat] += 1
            if seat == d.caller and got[seat] == 3:
                break
        return got

    def _maybe_over(self) -> None:
        d = self.current
        assert d is not None and d.position is not None and d.contract is not None
        p = d.position
        if not p.over:
            return
        dealt = 0
        for s in range(self.rules.players):
            dealt |= d.hand_mask(s)
        control = p.control_total(dealt)
        self.sheet.add(d.number, d.contract.value, d.dealer, p.points, control, self.note(d))
        self.phase = Phase.RUBBER_OVER if len(self.deals) >= self.total_deals else Phase.DEAL_OVER

    def note(self, d: DealInfo) -> str:
        """The score-sheet note of a deal: trump, caller, bid, chooser."""
        bits = []
        if d.contract is Contract.TRUMPS and d.trump_call is not None:
            t = d.trump_call.text
            if d.shown is not None:
                t += f" (last card {d.shown.pretty})"
            bits.append(t)
            if d.bid is not None:
                bits.append(f"seat {d.bid.seat} bid {d.bid.tricks}")
            elif d.caller is not None:
                bits.append(f"called by seat {d.caller}")
        if self.rules.order == "chosen" and d.calls:
            named = [s for s, m in d.calls if m.kind == "contract"]
            if named:
                bits.append(f"named by seat {named[0]}")
        return ", ".join(bits)

    def _need(self, phase: Phase, what: str) -> None:
        if self.phase is not phase:
            raise IllegalMoveError(f"cannot {what} in phase {self.phase.value}", Reason.WRONG_PHASE)

    def _need_deal(self) -> None:
        if self.phase not in (Phase.DEAL, Phase.DEAL_OVER):
            raise IllegalMoveError(f"cannot deal in phase {self.phase.value}", Reason.WRONG_PHASE)

    # ----- helpers -------------------------------------------------------------------------------

    def autoplay(self, rng: random.Random, deals: int | None = None) -> None:
        """Play on with random legal moves (and random chance) until the rubber ends, or ``deals``
        more deals have ended."""
        target = None if deals is None else len(self.sheet.rows) + deals
        while self.phase is not Phase.RUBBER_OVER:
            if target is not None and len(self.sheet.rows) >= target:
                return
            self.step_random(rng)

    def step_random(self, rng: random.Random) -> None:
        """One random step: a chance event or a uniformly random legal move."""
        if self.phase is Phase.DRAW_DEALER:
            self.draw_dealer(rng)
        elif self.phase in (Phase.DEAL, Phase.DEAL_OVER):
            self.deal(rng)
        elif self.phase is not Phase.RUBBER_OVER:
            moves = self.legal_moves()
            self.play(moves[int(rng.random() * len(moves))])
