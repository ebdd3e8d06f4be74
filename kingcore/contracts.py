"""The contracts of King, their scoring and their control totals (RULES.md §5, §7).

A contract scores per item taken; :class:`Scoring` turns a contract under given rules into
per-item weights so one formula scores every trick of every contract:

    points = sign × (trick + heart × hearts + boy × boys + girl × girls + King × [K♥] + last × [last two])

>>> s = Scoring.of(Rules(), Contract.ERALASH_MINUS)
>>> s.weights, s.control_total(Rules().deck_mask, 8)
((-2, -2, -4, -4, -16, -8), -96)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from .cards import KH_MASK, SUIT_LETTERS, SUIT_SYMBOLS, Suit
from .errors import NotationError
from .rules import Rules


class Contract(str, Enum):
    """A deal's contract; values are the VECTORS.md names. ``TRUMPS`` is a khvalyonka or auction deal."""

    NO_TRICKS = "no_tricks"
    NO_BOYS = "no_boys"
    NO_GIRLS = "no_girls"
    NO_HEARTS = "no_hearts"
    NO_KING = "no_king"
    NO_LAST_TWO = "no_last_two"
    ERALASH_MINUS = "eralash_minus"
    TAKE_TRICKS = "take_tricks"
    TAKE_BOYS = "take_boys"
    TAKE_GIRLS = "take_girls"
    TAKE_HEARTS = "take_hearts"
    TAKE_KING = "take_king"
    TAKE_LAST_TWO = "take_last_two"
    ERALASH_PLUS = "eralash_plus"
    TRUMPS = "trumps"

    @property
    def positive(self) -> bool:
        """True for the replay half (take_*, Eralash +, trumps)."""
        return not self.value.startswith("no_") and self is not Contract.ERALASH_MINUS

    @property
    def basic(self) -> str | None:
        """The basic contract name (``"king"``), ``"eralash"``, or ``None`` for trumps."""
        if self is Contract.TRUMPS:
            return None
        if self.value.startswith("eralash"):
            return "eralash"
        return str(self.value).split("_", 1)[1]

    @property
    def twin(self) -> Contract:
        """The mirror contract: ``no_king`` ↔ ``take_king``; trumps is its own twin."""
        if self is Contract.TRUMPS:
            return self
        if self is Contract.ERALASH_MINUS:
            return Contract.ERALASH_PLUS
        if self is Contract.ERALASH_PLUS:
            return Contract.ERALASH_MINUS
        b = self.value.split("_", 1)[1]
        return Contract(("take_" if not self.positive else "no_") + b)

    @property
    def token(self) -> str:
        """The move token form, ``no-king``."""
        return self.value.replace("_", "-")

    @classmethod
    def parse(cls, text: str) -> Contract:
        """Parse ``no_king`` or ``no-king`` (any case).

        Raises:
            NotationError: (a ``ValueError``) an unknown contract.
        """
        t = text.strip().lower().replace("-", "_")
        try:
            return cls(t)
        except ValueError:
            raise NotationError(f"unknown contract {text[:40]!r} (known: {', '.join(c.value for c in cls)})",
                                text[:80]) from None

    @classmethod
    def of(cls, basic: str, positive: bool) -> Contract:
        """``of("king", False)`` is ``NO_KING``; ``of("eralash", True)`` is ``ERALASH_PLUS``."""
        if basic == "eralash":
            return cls.ERALASH_PLUS if positive else cls.ERALASH_MINUS
        return cls(("take_" if positive else "no_") + basic)


class Trump(str, Enum):
    """How a trump deal is played (RULES.md §7): with a trump suit, with no trump, or misère (no trump,
    ranks reversed). Values are the call tokens after ``trump:``; the call "by the last card"
    (``trump:last-card``) becomes the suit of the caller's last card. ``str`` gives the value.

    >>> Trump.of_suit(Suit.HEARTS), Trump("nt").suit, Trump.of_deal(None, True), Trump.CLUBS.text
    (<Trump.HEARTS: 'H'>, None, <Trump.MISERE: 'misere'>, 'trump ♣')
    """

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"
    NO_TRUMP = "nt"
    MISERE = "misere"

    def __str__(self) -> str:
        return str(self.value)

    @property
    def suit(self) -> Suit | None:
        """The trump suit, or ``None`` for no trump and misère."""
        v = str(self.value)
        return Suit(SUIT_LETTERS.index(v)) if v in SUIT_LETTERS else None

    @property
    def text(self) -> str:
        """Words for the score sheet: ``trump ♠``, ``no trump``, ``misère``."""
        if self is Trump.NO_TRUMP:
            return "no trump"
        if self is Trump.MISERE:
            return "misère"
        return "trump " + SUIT_SYMBOLS[SUIT_LETTERS.index(self.value)]

    @classmethod
    def of_suit(cls, suit: int) -> Trump:
        """The trump of a suit (0..3, :class:`~kingcore.cards.Suit`)."""
        return cls(SUIT_LETTERS[suit])

    @classmethod
    def of_deal(cls, suit: int | None, misere: bool) -> Trump:
        """The trump of a deal's bitmask-level fields (:class:`~kingcore.position.Deal` ``trump``, ``misere``)."""
        if misere:
            return cls.MISERE
        return cls.NO_TRUMP if suit is None else cls.of_suit(suit)


# Contracts in which a heart may not be led while holding another suit (RULES.md §4).
NO_HEARTS_LEAD = frozenset({Contract.NO_HEARTS, Contract.NO_KING, Contract.ERALASH_MINUS,
                            Contract.TAKE_HEARTS, Contract.TAKE_KING, Contract.ERALASH_PLUS})


@dataclass(frozen=True, slots=True)
class Scoring:
    """How one contract scores under given rules.

    Attributes:
        weights: signed points per item: (trick, heart, boy, girl, King, each of the last two).
        live: the cards whose capture can still change the score; with ``early_end`` the deal ends once
            none is left in any hand (RULES.md §4). ``None``: every trick counts, play to the end.
        boys, girls, hearts: the item masks.
    """

    weights: tuple[int, int, int, int, int, int]
    live: int | None
    boys: int
    girls: int
    hearts: int

    @classmethod
    def of(cls, rules: Rules, contract: Contract, trick_value: int = 0) -> Scoring:
        """The scoring of ``contract``; ``trick_value`` is used by ``TRUMPS`` only."""
        t, h, b, g, k, last = rules.values
        boys, girls, hearts = rules.boys_mask, rules.girls_mask, rules.hearts_mask
        if contract is Contract.TRUMPS:
            return cls((trick_value, 0, 0, 0, 0, 0), None, boys, girls, hearts)
        sign = 1 if contract.positive else -1
        basic = contract.basic
        w = [0, 0, 0, 0, 0, 0]
        live: int | None = None
        if basic == "eralash":
            w = [t, h, b, g, k, last]
        elif basic == "tricks":
            w[0] = t
        elif basic == "hearts":
            w[1], live = h, hearts
        elif basic == "boys":
            w[2], live = b, boys
        elif basic == "girls":
            w[3], live = g, girls
        elif basic == "king":
            w[4], live = k, KH_MASK
        else:
            w[5] = last
        ws = (w[0] * sign, w[1] * sign, w[2] * sign, w[3] * sign, w[4] * sign, w[5] * sign)
        return cls(ws, live if rules.early_end else None, boys, girls, hearts)

    @property
    def items(self) -> tuple[tuple[int, int], ...]:
        """``(mask, points)`` for every kind of card that scores in this contract: hearts, boys,
        girls, the King (K♥). A trick's points are its trick and last-two points plus, for each pair,
        ``points × (trick & mask).bit_count()`` (see :class:`~kingcore.position.Settlement`)."""
        _, hw, bw, gw, kw, _ = self.weights
        pairs = ((self.hearts, hw), (self.boys, bw), (self.girls, gw), (KH_MASK, kw))
        return tuple((m, w) for m, w in pairs if w)

    def control_total(self, dealt: int, tricks: int) -> int:
        """The deal's control total: every item among the ``dealt`` cards (a mask; kitty excluded),
        ``tricks`` tricks per deal. No bid is counted here (see :func:`bid_control_total`)."""
        tw, hw, bw, gw, kw, lw = self.weights
        return (tw * tricks + hw * (dealt & self.hearts).bit_count() + bw * (dealt & self.boys).bit_count()
                + gw * (dealt & self.girls).bit_count() + (kw if dealt & KH_MASK else 0)
                + lw * min(2, tricks))


def bid_control_total(trick_value: int, tricks: int, bid: int, bidder_tricks: int) -> int:
    """The control total of an auction deal: the bidder's first ``bid`` tricks score nothing (§7)."""
    return trick_value * (tricks - min(bid, bidder_tricks))


def automatic_trick_value(rules: Rules) -> int:
    """Points per trick in trump deals when ``trump_trick_value = automatic`` (RULES.md §7).

    The whole number nearest to (all negative points − positive Eralash, if played) ÷ (trump deals ×
    tricks per deal); the auction fixes 6 (seed 004) and ``club`` 8 (seed 001). Computed over the whole deck.

    >>> automatic_trick_value(Rules()), automatic_trick_value(Rules(eralash_plus_after_trumps=False))
    (3, 6)
    """
    if isinstance(rules.trump_trick_value, int):
        return rules.trump_trick_value
    if rules.replay == "auction":
        return 6
    if rules.preset == "club":
        return 8
    deck, n = rules.deck_mask, rules.hand_size
    negatives = [Contract.of(b, False) for b in rules.deal_order]
    if rules.eralash:
        negatives.append(Contract.ERALASH_MINUS)
    total = -sum(Scoring.of(rules, c).control_total(deck, n) for c in negatives)
    if rules.eralash and rules.eralash_plus_after_trumps:
        total -= Scoring.of(rules, Contract.ERALASH_PLUS).control_total(deck, n)
    deals = rules.players * rules.trump_rounds * n
    return max(1, int(total / deals + 0.5))
