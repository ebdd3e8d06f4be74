"""One moment of one deal: trick play, legality, scoring and early end (RULES.md §4, §5, §7, §9).

A :class:`Deal` fixes what does not change during a deal (rules, contract, trump, dealer, scoring);
an immutable :class:`Position` is the cards in hand, the trick on the table and the points taken.
:meth:`Position.play` always checks legality and raises :class:`~kingcore.errors.IllegalMoveError`
whose ``reason`` is a VECTORS.md kind; the module-level ``legal_mask`` / :func:`random_playout`
are the fast paths bots use (bitmasks only, no objects per card).

Its one-line text form is ``str(position)``, read back by :func:`kingcore.notation.parse_position`, which
checks here that the position could occur (:func:`unreachable`).

Size: over 400 lines because :class:`Deal`, :class:`Settlement`, :class:`Position` and the position's
reachability checks (issue 9) share the deal's masks and the position's internals.

>>> p = Position(Deal(Rules(), Contract.NO_KING, 3), [0x1FE0 << 13 * s for s in range(4)])
>>> [str(c) for c in p.legal_moves()][:3], p.to_move
(['AS', 'KS', 'QS'], 0)
>>> p.play(Card.parse("AS")).legal_moves()
[Card.parse('KH')]
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from .cards import KH_MASK, SUIT_MASKS, SUIT_SYMBOLS, Card, cards_of, dots, mask_str
from .contracts import NO_HEARTS_LEAD, Contract, Scoring, Trump, automatic_trick_value, bid_control_total
from .errors import DealError, IllegalMoveError, Reason, RulesError
from .rules import Rules

HEARTS = SUIT_MASKS[1]
_SUIT_OF = tuple(i // 13 for i in range(52))


@dataclass(frozen=True, slots=True)
class Bid:
    """The winning bid of an auction deal: ``seat`` scores only the tricks above ``tricks`` (§7)."""

    seat: int
    tricks: int


class Deal:
    """What stays fixed for one deal: rules, contract, trump, misère, bid, dealer and scoring.

    Args:
        rules: the :class:`Rules`.
        contract: the :class:`Contract`.
        dealer: the dealer's seat; seat ``dealer + 1`` leads the first trick.
        trump: the trump suit (0..3, ♠ ♥ ♦ ♣) for ``TRUMPS``, or ``None`` for no trump.
        misere: ``TRUMPS`` only: no trump, ranks reversed (7 highest, A lowest).
        trick_value: ``TRUMPS`` only: points per trick (default: :func:`automatic_trick_value`).
        bid: auction deals only: the winning :class:`Bid`.

    Raises:
        RulesError: trump or misère given for a contract that is not ``TRUMPS``.
    """

    __slots__ = ("bid", "contract", "dealer", "hearts_must_go", "king_must_go", "misere", "no_hearts_lead",
                 "players", "rules", "scoring", "settlement", "trick_value", "tricks_per_deal", "trump", "trump_mask")

    def __init__(self, rules: Rules, contract: Contract, dealer: int, trump: int | None = None,
                 misere: bool = False, trick_value: int | None = None, bid: Bid | None = None) -> None:
        if not 0 <= dealer < rules.players:
            raise RulesError(f"dealer seat {dealer} is not a seat of a {rules.players}-player game")
        if contract is not Contract.TRUMPS and (trump is not None or misere or bid is not None):
            raise RulesError(f"trump, misère and bids belong to trump deals, not to {contract.value}")
        if misere and trump is not None:
            raise RulesError("misère is played without a trump")
        self.rules = rules
        self.contract = contract
        self.dealer = dealer
        self.players = rules.players
        self.trump = None if trump is None else int(trump)  # a plain int: bots index tables with it
        self.misere = misere
        self.bid = bid
        self.trick_value = (trick_value if trick_value is not None else automatic_trick_value(rules)) \
            if contract is Contract.TRUMPS else 0
        self.scoring = Scoring.of(rules, contract, self.trick_value)
        self.tricks_per_deal = rules.hand_size
        self.no_hearts_lead = contract in NO_HEARTS_LEAD
        kd = rules.king_discard
        self.king_must_go = (kd != "never" and contract in (Contract.NO_KING, Contract.ERALASH_MINUS)) or (
            kd == "always" and contract in (Contract.TAKE_KING, Contract.ERALASH_PLUS))
        self.hearts_must_go = rules.hearts_must_go and contract in (Contract.TAKE_HEARTS, Contract.TAKE_KING)
        self.trump_mask = SUIT_MASKS[trump] if trump is not None and rules.must_trump else 0
        self.settlement = Settlement(self)

    @classmethod
    def trumps(cls, rules: Rules, dealer: int, trump: Trump, trick_value: int | None = None,
               bid: Bid | None = None) -> Deal:
        """A ``TRUMPS`` deal played with ``trump`` (a suit, no trump or misère; RULES.md §7).

        >>> Deal.trumps(Rules(replay="trumps"), 0, Trump.MISERE).spec()
        'trumps trump=nt misere value=3'
        """
        return cls(rules, Contract.TRUMPS, dealer, trump.suit, trump is Trump.MISERE, trick_value, bid)

    @property
    def trump_call(self) -> Trump | None:
        """The deal's :class:`~kingcore.contracts.Trump` (a suit, no trump or misère); ``None`` unless
        the contract is ``TRUMPS``. (``trump`` and ``misere`` are its bitmask-level form.)"""
        return Trump.of_deal(self.trump, self.misere) if self.contract is Contract.TRUMPS else None

    def spec(self) -> str:
        """The contract part of a position string: ``trumps trump=S value=3 bid=1:4``."""
        s = self.contract.value
        t = self.trump_call
        if t is not None:
            s += " trump=" + (str(t) if t.suit is not None else "nt")
            if t is Trump.MISERE:
                s += " misere"
            s += f" value={self.trick_value}"
            if self.bid:
                s += f" bid={self.bid.seat}:{self.bid.tricks}"
        return s

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Deal) and (self.rules, self.contract, self.dealer, self.trump, self.misere,
                                            self.trick_value, self.bid) == (
            other.rules, other.contract, other.dealer, other.trump, other.misere, other.trick_value, other.bid)

    def __hash__(self) -> int:
        return hash((self.rules, self.contract, self.dealer, self.trump))

    def __repr__(self) -> str:
        return f"<Deal {self.rules} {self.spec()} dealer {self.dealer}>"


def legal_mask(deal: Deal, hand: int, led: int) -> int:
    """The legal cards of ``hand`` (a mask) when the led suit is ``led`` (0..3, or −1 to lead)."""
    if led < 0:
        if deal.no_hearts_lead and hand & ~HEARTS:
            return hand & ~HEARTS
        return hand
    f = hand & SUIT_MASKS[led]
    if f:
        return f
    if deal.king_must_go and hand & KH_MASK:
        return KH_MASK
    if deal.hearts_must_go and hand & HEARTS:
        return hand & HEARTS
    t = hand & deal.trump_mask
    return t if t else hand


class Settlement:
    """The end of a trick, for every loop that plays a deal out: who wins it (RULES.md §4, §7 trump and
    misère), what the winner scores (§5, §7 auction bid) and whether the deal is over (all tricks played,
    or early end: no card that can still score is left in any hand, §4).

    The one kernel behind :meth:`Position.play`, :func:`random_playout`, the bots' heuristic play-outs
    (:func:`kingcore.bots.policy.playout`) and the exact search (:mod:`kingcore.bots.solver`).

    Why one method that settles a whole trick and changes ``points``/``tricks`` in place: a play-out
    settles a trick every few microseconds, so the shared code may cost one call per trick and no more.
    That call replaces the call to score the trick that every loop made before; the points are summed
    here from :attr:`Scoring.items <kingcore.contracts.Scoring.items>` (only the kinds of card that score
    in this contract, precomputed), the winner and the early end are found inline, and no tuple or object
    is built per trick: ``~winner`` says "the deal is over" without one. Measured against the loops' own
    inline code (CPython 3.11, random full deals, both interleaved in one process): 1–2 % slower; a
    closure over the same constants instead of slotted attributes was 4 % slower.

    Args:
        deal: the :class:`Deal`.
        mirrored: the cards' ranks are mirrored (:func:`kingcore.bots.policy.mirror`), so in misère the
            highest mirrored card of the led suit wins, as in a plain deal.
    """

    __slots__ = ("bid_seat", "bid_tricks", "items", "last_two_from", "last_weight", "live", "low_wins",
                 "players", "total", "trick_value", "trick_weight", "trump_suit")

    def __init__(self, deal: Deal, mirrored: bool = False) -> None:
        sc = deal.scoring
        self.players = deal.players
        self.total = deal.tricks_per_deal
        self.trump_suit = SUIT_MASKS[deal.trump] if deal.trump is not None else 0
        self.low_wins = deal.misere and not mirrored
        self.trick_weight, self.last_weight = sc.weights[0], sc.weights[5]
        self.last_two_from = self.total - 2
        self.items = sc.items
        self.live = sc.live
        assert not (mirrored and self.live is not None), "mirrored ranks: misère has no early end"
        self.bid_seat, self.bid_tricks = (deal.bid.seat, deal.bid.tricks) if deal.bid is not None else (-1, 0)
        self.trick_value = deal.trick_value

    def settle(self, trick: Sequence[int], leader: int, trick_no: int, hands: Sequence[int], points: list[int],
               tricks: list[int]) -> int:
        """Settle the complete ``trick`` (card indexes from ``leader`` on; trick number ``trick_no``,
        0-based): add it to the winner's ``tricks`` and its points to the winner's ``points`` (both
        changed in place).

        Returns:
            the winner's seat, or ``~winner`` (a negative int, ``-1 - winner``) when the deal is over after
            this trick (it was the last, or ``hands`` — the cards still held — hold nothing live).
        """
        tm = 0
        for c in trick:
            tm |= 1 << c
        t = tm & self.trump_suit
        if t:
            top = t.bit_length() - 1
        else:
            f = tm & SUIT_MASKS[_SUIT_OF[trick[0]]]
            top = ((f & -f) if self.low_wins else f).bit_length() - 1
        w = leader + trick.index(top)
        if w >= self.players:
            w -= self.players
        tricks[w] += 1
        if w == self.bid_seat:
            if tricks[w] > self.bid_tricks:
                points[w] += self.trick_value
        else:
            p = self.trick_weight
            if trick_no >= self.last_two_from:
                p += self.last_weight
            for mask, weight in self.items:
                p += weight * (tm & mask).bit_count()
            points[w] += p
        if trick_no + 1 >= self.total:
            return ~w
        live = self.live
        if live is not None:
            rest = 0
            for h in hands:
                rest |= h
            if not rest & live:
                return ~w
        return w

    def over(self, hands: Sequence[int], trick_no: int) -> bool:
        """Whether a deal between tricks is over: ``trick_no`` tricks are done of the deal's, or the
        cards still held (``hands``) hold nothing live (early end)."""
        if trick_no >= self.total:
            return True
        live = self.live
        if live is None:
            return False
        rest = 0
        for h in hands:
            rest |= h
        return not rest & live


class Position:
    """An immutable moment of a deal.

    Attributes:
        deal: the :class:`Deal`.
        hands: one card mask per seat (cards still held), seat order.
        leader: the seat that led the current trick.
        trick: card indexes played to the current trick, from the leader on.
        points: points taken so far, one int per seat (positive is good for that seat).
        tricks: tricks taken so far, one int per seat.
        trick_no: completed tricks (0-based number of the current trick).
        over: the deal is finished (all played, or early end, RULES.md §4).
    """

    __slots__ = ("deal", "hands", "leader", "over", "points", "trick", "trick_no", "tricks")

    def __init__(self, deal: Deal, hands: Sequence[int], leader: int | None = None,
                 trick: Sequence[int] = (), points: Sequence[int] | None = None,
                 tricks: Sequence[int] | None = None) -> None:
        self.deal = deal
        self.hands = tuple(hands)
        self.leader = (deal.dealer + 1) % deal.players if leader is None else leader
        self.trick = tuple(trick)
        n = deal.players
        self.points = tuple(points) if points is not None else (0,) * n
        self.tricks = tuple(tricks) if tricks is not None else (0,) * n
        self.trick_no = sum(self.tricks)
        self.over = self._is_over()

    @classmethod
    def start(cls, deal: Deal, hands: Sequence[int]) -> Position:
        """The position before the first lead, after checking the hands (RULES.md §2).

        Args:
            hands: one card mask per seat; disjoint, all of ``rules.hand_size`` cards, from the deck.

        Raises:
            DealError: wrong number of hands, wrong size, overlapping, or cards outside the deck.
        """
        rules = deal.rules
        if len(hands) != rules.players:
            raise DealError(f"{len(hands)} hands given for {rules.players} players")
        seen = 0
        for seat, h in enumerate(hands):
            if h & seen:
                raise DealError(f"hand of seat {seat} repeats {mask_str(h & seen)}, already in another hand")
            if h & ~rules.deck_mask:
                raise DealError(f"hand of seat {seat} holds {mask_str(h & ~rules.deck_mask)}, "
                                f"not in the {rules.deck_size}-card deck")
            if h.bit_count() != rules.hand_size:
                raise DealError(f"hand of seat {seat} has {h.bit_count()} cards, not {rules.hand_size}")
            seen |= h
        return cls(deal, hands)

    def _is_over(self) -> bool:
        if self.trick:
            return False
        return self.deal.settlement.over(self.hands, self.trick_no)

    # ----- queries -------------------------------------------------------------------------------

    @property
    def to_move(self) -> int:
        """The seat to play next (meaningless once ``over``)."""
        return (self.leader + len(self.trick)) % self.deal.players

    @property
    def led_suit(self) -> int:
        """The suit led to the current trick (0..3), or −1 before the lead."""
        return _SUIT_OF[self.trick[0]] if self.trick else -1

    def legal_mask(self) -> int:
        """The legal cards of the player to move, as a mask (0 once the deal is over)."""
        if self.over:
            return 0
        return legal_mask(self.deal, self.hands[self.to_move], self.led_suit)

    def legal_moves(self) -> list[Card]:
        """The legal cards of the player to move, in hand order (♠ ♥ ♦ ♣, high to low); ``[]`` when over."""
        return cards_of(self.legal_mask())

    def is_over(self) -> bool:
        """Whether the deal is finished, including early end (RULES.md §4)."""
        return self.over

    def result(self) -> tuple[int, ...]:
        """Points per seat taken so far (seat order)."""
        return self.points

    def control_total(self, dealt: int | None = None) -> int:
        """The deal's control total (RULES.md §5/§6): the sum of every seat's points once it is over.

        Args:
            dealt: the cards dealt to the players (a mask). Only needed with the 3-player ``kitty`` deck
                after the first card (otherwise it is the whole deck, or the hands at the start).

        An auction deal's total depends on the bidder's tricks, so it is exact once the deal is over.
        """
        d = self.deal
        if d.bid is not None:
            return bid_control_total(d.trick_value, d.tricks_per_deal, d.bid.tricks, self.tricks[d.bid.seat])
        if dealt is None:
            dealt = d.rules.deck_mask
            if d.rules.kitty_size:
                dealt = 0
                for h in self.hands:
                    dealt |= h
                for c in self.trick:
                    dealt |= 1 << c
        return d.scoring.control_total(dealt, d.tricks_per_deal)

    def why_illegal(self, card: Card) -> Reason | None:
        """``None`` if ``card`` is legal for the player to move, else the :class:`Reason`."""
        if self.over:
            return Reason.DEAL_OVER
        hand = self.hands[self.to_move]
        b = card.mask
        if not hand & b:
            return Reason.NOT_IN_HAND
        lm = legal_mask(self.deal, hand, self.led_suit)
        if lm & b:
            return None
        if not self.trick:
            return Reason.HEARTS_LEAD
        if hand & SUIT_MASKS[self.led_suit]:
            return Reason.MUST_FOLLOW_SUIT
        if self.deal.king_must_go and hand & KH_MASK:
            return Reason.KING_MUST_GO
        if self.deal.hearts_must_go and hand & HEARTS:
            return Reason.MUST_PLAY_HEART
        return Reason.MUST_TRUMP

    def explain(self, card: Card, reason: Reason) -> str:
        """A plain-words message naming seat, card, trick and rule, e.g.
        ``seat 2 must follow ♦ in trick 3 but played Q♠``."""
        seat, t, c = self.to_move, self.trick_no + 1, card.pretty
        d = self.deal
        if reason is Reason.DEAL_OVER:
            return f"the deal is over ({d.contract.value}); {c} cannot be played"
        if reason is Reason.NOT_IN_HAND:
            return f"seat {seat} does not hold {c} (trick {t})"
        if reason is Reason.HEARTS_LEAD:
            return (f"seat {seat} may not lead a heart in trick {t} while holding another suit "
                    f"({d.contract.value}, RULES.md §4 no hearts lead) but led {c}")
        if reason is Reason.MUST_FOLLOW_SUIT:
            return f"seat {seat} must follow {SUIT_SYMBOLS[self.led_suit]} in trick {t} but played {c}"
        if reason is Reason.KING_MUST_GO:
            return (f"seat {seat} is void in {SUIT_SYMBOLS[self.led_suit]} and holds K♥, which must go in trick {t}"
                    f" ({d.contract.value}, RULES.md §4 King must go) but played {c}")
        if reason is Reason.MUST_PLAY_HEART:
            return (f"seat {seat} is void in {SUIT_SYMBOLS[self.led_suit]} and must play a heart in trick {t} "
                    f"({d.contract.value}, RULES.md §4 hearts must go) but played {c}")
        return (f"seat {seat} is void in {SUIT_SYMBOLS[self.led_suit]} and must trump with "
                f"{SUIT_SYMBOLS[d.trump or 0]} in trick {t} (RULES.md §7 must trump) but played {c}")

    # ----- play ----------------------------------------------------------------------------------

    def play(self, card: Card) -> Position:
        """The position after the player to move plays ``card``; always checks the rules.

        Raises:
            IllegalMoveError: ``reason`` is the VECTORS.md kind; the message names seat, card, trick
            and rule.
        """
        why = self.why_illegal(card)
        if why is not None:
            raise IllegalMoveError(self.explain(card, why), why, card, self.to_move, self, "§4")
        return self._play(card.index)

    def _play(self, c: int) -> Position:
        d = self.deal
        seat = self.to_move
        hands = list(self.hands)
        hands[seat] &= ~(1 << c)
        trick = (*self.trick, c)
        if len(trick) < d.players:
            return Position(d, hands, self.leader, trick, self.points, self.tricks)
        points = list(self.points)
        tricks = list(self.tricks)
        w = d.settlement.settle(trick, self.leader, self.trick_no, hands, points, tricks)
        if w < 0:
            w = ~w
        return Position(d, hands, w, (), points, tricks)

    def push_index(self, c: int) -> Position:
        """Play card index ``c`` without checking (for bots that took it from :meth:`legal_mask`)."""
        return self._play(c)

    # ----- text -----------------------------------------------------------------------------------

    def __str__(self) -> str:
        d = self.deal
        parts = [str(d.rules), d.spec(), f"dealer {d.dealer}"]
        hands = " | ".join(dots(h) for h in self.hands)
        parts.append(hands)
        if self.trick or self.trick_no:
            parts.append(f"lead {self.leader}" + (" trick " + " ".join(str(Card.from_index(c))
                                                                    for c in self.trick) if self.trick else ""))
            parts.append("points " + " ".join(map(str, self.points)))
            parts.append("tricks " + " ".join(map(str, self.tricks)))
        return " | ".join(parts)

    def __repr__(self) -> str:
        return f"parse_position({str(self)!r})"  # kingcore.notation.parse_position

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Position) and (self.deal, self.hands, self.leader, self.trick, self.points,
                                                self.tricks) == (other.deal, other.hands, other.leader,
                                                                 other.trick, other.points, other.tricks)

    def __hash__(self) -> int:
        return hash((self.hands, self.leader, self.trick, self.points))


def unreachable(pos: Position) -> tuple[str, str] | None:
    """Why no deal of ``pos.deal`` could reach ``pos``, or ``None`` if it could (as far as the position
    shows: the cards of earlier tricks are gone, so their order is not checked).

    Returns:
        ``(field, message)``: ``field`` is ``"hands"``, ``"lead"``, ``"points"`` or ``"tricks"``.
    """
    d = pos.deal
    rules = d.rules
    n = d.players
    deck = rules.deck_mask
    if any(t < 0 for t in pos.tricks):
        return "tricks", f"a negative number of tricks ({' '.join(map(str, pos.tricks))})"
    done = sum(pos.tricks)
    if done > rules.hand_size:
        return "tricks", f"{done} tricks taken in a deal of {rules.hand_size}"
    held = 0
    for seat, h in enumerate(pos.hands):
        if h & ~deck:
            return "hands", f"seat {seat} holds {mask_str(h & ~deck)}, not in the {rules.deck_size}-card deck"
        if h & held:
            return "hands", f"seat {seat} holds {mask_str(h & held)}, also in another hand"
        held |= h
    on_table = 0
    for c in pos.trick:
        b = 1 << c
        if b & ~deck:
            return "lead", f"{Card.from_index(c)} in the trick is not in the {rules.deck_size}-card deck"
        if b & held:
            return "lead", f"{Card.from_index(c)} is both in the trick and in a hand"
        on_table |= b
    for seat, h in enumerate(pos.hands):
        played = (seat - pos.leader) % n < len(pos.trick)
        want = rules.hand_size - done - played
        if h.bit_count() != want:
            return "hands", (f"seat {seat} holds {h.bit_count()} cards, but after {done} tricks"
                             + (" and a card to this one" if played else "") + f" it would hold {want}")
    if done == 0 and pos.leader != (d.dealer + 1) % n:
        return "lead", f"seat {pos.leader} leads, but seat {(d.dealer + 1) % n} leads the first trick"
    if done and not pos.tricks[pos.leader]:
        return "lead", f"seat {pos.leader} leads, but took no trick (the last trick's winner leads)"
    for k, c in enumerate(pos.trick):
        seat = (pos.leader + k) % n
        hand = pos.hands[seat] | (1 << c)
        if not legal_mask(d, hand, _SUIT_OF[pos.trick[0]] if k else -1) >> c & 1:
            return "lead", f"seat {seat} could not play {Card.from_index(c)} to this trick (RULES.md §4, §7)"
    live = d.scoring.live
    if pos.trick and live is not None and not live & (held | on_table):
        return "lead", "a trick after the deal ended early (RULES.md §4 early end)"
    return _points_problem(pos, deck & ~held & ~on_table, done)


def _points_problem(pos: Position, gone: int, done: int) -> tuple[str, str] | None:
    d = pos.deal
    sc = d.scoring
    tw, hw, bw, gw, kw, lw = sc.weights
    last_two = max(0, done - (d.tricks_per_deal - 2))
    items = (hw * (gone & sc.hearts).bit_count() + bw * (gone & sc.boys).bit_count()
             + gw * (gone & sc.girls).bit_count() + (kw if gone & KH_MASK else 0))
    sign = -1 if any(w < 0 for w in sc.weights) else 1
    for seat, (p, t) in enumerate(zip(pos.points, pos.tricks, strict=True)):
        if d.bid is not None or d.contract is Contract.TRUMPS or not (hw or bw or gw or kw or lw):
            bidder = d.bid is not None and seat == d.bid.seat
            want = d.trick_value * max(0, t - d.bid.tricks) if d.bid is not None and bidder else tw * t
            if p != want:
                return "points", f"seat {seat} took {t} tricks, worth {want} points, not {p}"
            continue
        if p * sign < 0:
            return "points", f"seat {seat} has {p} points in {d.contract.value}, which scores " + (
                "penalties only" if sign < 0 else "positive points only")
        if t == 0 and p:
            return "points", f"seat {seat} took no trick but has {p} points"
        if abs(p) > abs(tw) * t + abs(items) + abs(lw) * min(2, t, last_two):
            return "points", f"seat {seat} has {p} points, more than {t} tricks of the cards gone can hold"
    if d.bid is None and d.contract is not Contract.TRUMPS:
        total = tw * done + items + lw * last_two
        got = sum(pos.points)
        if (got != total) if not d.rules.kitty_size else abs(got) > abs(total):
            return "points", f"the points add up to {got}, but the {done} tricks played hold {total}"
    return None


def random_playout(pos: Position, rng: random.Random) -> list[int]:
    """Play the deal to its end with uniformly random legal cards; return the points per seat.

    The fast path: bitmask hands in local variables, no objects per card; the end of each trick is
    :meth:`Settlement.settle`, as in :meth:`Position.play` (the tests check they agree).
    """
    d = pos.deal
    n = d.players
    hands = list(pos.hands)
    points = list(pos.points)
    tricks = list(pos.tricks)
    trick = list(pos.trick)
    leader = pos.leader
    trick_no = pos.trick_no
    if pos.over:
        return points
    settle = d.settlement.settle
    rand = rng.random
    suit_masks = SUIT_MASKS
    nhl, kmg, hmg, tmask = d.no_hearts_lead, d.king_must_go, d.hearts_must_go, d.trump_mask
    seat = (leader + len(trick)) % n
    while True:
        # one card
        hand = hands[seat]
        if trick:
            ledm = suit_masks[_SUIT_OF[trick[0]]]
            lm = hand & ledm
            if not lm:
                if kmg and hand & KH_MASK:
                    lm = KH_MASK
                elif hmg and hand & HEARTS:
                    lm = hand & HEARTS
                elif hand & tmask:
                    lm = hand & tmask
                else:
                    lm = hand
        else:
            lm = hand & ~HEARTS if nhl and hand & ~HEARTS else hand
        k = int(rand() * lm.bit_count())
        while k:
            lm &= lm - 1
            k -= 1
        b = lm & -lm
        hands[seat] = hand ^ b
        trick.append(b.bit_length() - 1)
        if len(trick) < n:
            seat = seat + 1 if seat + 1 < n else 0
            continue
        w = settle(trick, leader, trick_no, hands, points, tricks)
        if w < 0:
            return points
        trick_no += 1
        leader = seat = w
        trick = []
