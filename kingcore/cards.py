"""Cards, hands as bitmask sets, decks and the version-stable shuffle (RULES.md §2).

A card is a bit in a 52-bit integer: bit ``suit * 13 + (rank - 2)``. Suits are numbered
♠ 0, ♥ 1, ♦ 2, ♣ 3 (the order of the hand notation ``S.H.D.C``); inside a suit a higher rank is a
higher bit, so the highest card of a suit is ``mask.bit_length() - 1``. Every deck of RULES.md §2
is a subset of the same 52 bits.

Size: over 400 lines because the value types and their notations share one bit layout (``Suit``,
``Rank``, ``Card``, ``CardSet``, the hand notation and the deal line); each part is short.

>>> Card.parse("10h")
Card.parse('TH')
>>> str(CardSet.parse("AS KS 7D")), CardSet.parse("AS KS 7D").dots()
('AS KS 7D', 'AK...7.')
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from enum import IntEnum

from .errors import NotationError
from .limits import MAX_DEAL_LINE, quote, small_int

SUIT_LETTERS: tuple[str, str, str, str] = ("S", "H", "D", "C")
"""The suits' letters, indexed by :class:`Suit` (the hand notation's order ``S.H.D.C``)."""
SUIT_SYMBOLS: tuple[str, str, str, str] = ("♠", "♥", "♦", "♣")
"""The suits' glyphs, indexed by :class:`Suit`: the one table every module that shows a suit uses."""


class Suit(IntEnum):
    """The four suits, in the order of the hand notation ``S.H.D.C``."""

    SPADES = 0
    HEARTS = 1
    DIAMONDS = 2
    CLUBS = 3

    @property
    def letter(self) -> str:
        """``"S"``, ``"H"``, ``"D"`` or ``"C"``."""
        return SUIT_LETTERS[self]

    @property
    def symbol(self) -> str:
        """``"♠"``, ``"♥"``, ``"♦"`` or ``"♣"``."""
        return SUIT_SYMBOLS[self]

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Parse ``S``/``H``/``D``/``C`` or a suit symbol, any case.

        Raises:
            NotationError: for anything else.
        """
        t = text.strip()
        t = t.upper() if t.isascii() else t  # 'ſ'.upper() is 'S': not a suit
        if len(t) == 1 and t in _SUIT_CHARS:
            return cls(_SUIT_CHARS[t])
        raise NotationError(f"unknown suit {quote(text, 20)} (expected {', '.join(SUIT_LETTERS)} or "
                            f"{' '.join(SUIT_SYMBOLS)})", text[:80])


_SUIT_CHARS = {ch: i for chars in (SUIT_LETTERS, SUIT_SYMBOLS, ("♤", "♡", "♢", "♧")) for i, ch in enumerate(chars)}


class Rank(IntEnum):
    """Ranks 2 .. A (A = 14). A higher value is a higher card, except in misère (RULES.md §7)."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def letter(self) -> str:
        """One character: ``2``-``9``, ``T``, ``J``, ``Q``, ``K``, ``A``."""
        return _RANK_LETTERS[self - 2]

    @classmethod
    def parse(cls, text: str) -> Rank:
        """Parse ``2``-``9``, ``T``/``10``, ``J``, ``Q``, ``K``, ``A``, any case.

        Raises:
            NotationError: for anything else.
        """
        t = text.strip().upper()
        if t == "10":
            return cls.TEN
        i = _RANK_LETTERS.find(t) if len(t) == 1 and t.isascii() else -1
        if i < 0:
            raise NotationError(f"unknown rank {quote(text, 20)} (expected 2-9, T or 10, J, Q, K, A)", text[:80])
        return cls(i + 2)


_RANK_LETTERS = "23456789TJQKA"
_RANK_NAMES = ("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
               "jack", "queen", "king", "ace")
_SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")

SUIT_MASKS: tuple[int, int, int, int] = (0x1FFF, 0x1FFF << 13, 0x1FFF << 26, 0x1FFF << 39)
"""The 13 bits of each suit, indexed by :class:`Suit`."""
ALL_CARDS = (1 << 52) - 1


def card_index(suit: int, rank: int) -> int:
    """The bit index of a card: ``suit * 13 + rank - 2`` (0 .. 51)."""
    return suit * 13 + rank - 2


@dataclass(frozen=True, order=True, slots=True)
class Card:
    """One card. Ordered by suit (♠ ♥ ♦ ♣) then rank; ``str`` gives ``"TH"``.

    >>> Card.parse("Q♠"), str(Card(Suit.HEARTS, Rank.KING)), Card.parse("KH").pretty
    (Card.parse('QS'), 'KH', 'K♥')
    """

    suit: Suit
    rank: Rank

    @property
    def index(self) -> int:
        """The card's bit index, 0 .. 51."""
        return self.suit * 13 + self.rank - 2

    @property
    def mask(self) -> int:
        """The card as a one-bit mask."""
        return 1 << (self.suit * 13 + self.rank - 2)

    @classmethod
    def from_index(cls, index: int) -> Card:
        """The card of a bit index (0 .. 51)."""
        return _CARDS[index]

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse rank then suit: ``"QS"``, ``"10h"``, ``"Q♠"``; case-insensitive.

        Raises:
            NotationError: unknown rank or suit, with the text.
        """
        known = _BY_TEXT.get(text)  # a card as this package writes it ("QS", "Q♠"): no parsing
        if known is not None:
            return known
        t = text.strip()
        if len(t) < 2:
            raise NotationError(f"bad card {quote(text, 20)}: a card is a rank then a suit, like QS or 10H",
                                text[:80], code="bad_card", params={"token": text[:20]})
        try:
            return _CARDS[card_index(Suit.parse(t[-1]), Rank.parse(t[:-1]))]
        except NotationError as e:
            raise NotationError(f"bad card {quote(text, 20)}: {e.message}", text[:80], code="bad_card",
                                params={"token": text[:20]}) from None

    @property
    def pretty(self) -> str:
        """Rank letter and suit symbol, e.g. ``"Q♠"``."""
        return self.rank.letter + self.suit.symbol

    @property
    def name(self) -> str:
        """Words, e.g. ``"queen of spades"`` (for screen readers)."""
        return f"{_RANK_NAMES[self.rank - 2]} of {_SUIT_NAMES[self.suit]}"

    def __str__(self) -> str:
        return _TEXTS[self.suit * 13 + self.rank - 2]

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


_CARDS: tuple[Card, ...] = tuple(Card(Suit(i // 13), Rank(i % 13 + 2)) for i in range(52))
_TEXTS: tuple[str, ...] = tuple(_RANK_LETTERS[i % 13] + SUIT_LETTERS[i // 13] for i in range(52))
_BY_TEXT: dict[str, Card] = {**{t: c for t, c in zip(_TEXTS, _CARDS, strict=True)},
                             **{c.pretty: c for c in _CARDS}}
"""Each card's own texts (``"QS"``, ``"Q♠"``), which :meth:`Card.parse` reads without parsing: records, views and
positions hold every card so (a record's replay parsed each card of it, a third of its time)."""
KING_OF_HEARTS = Card(Suit.HEARTS, Rank.KING)
KH_MASK = KING_OF_HEARTS.mask


def iter_bits(mask: int) -> Iterator[int]:
    """Yield the bit indexes of ``mask`` from low to high."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


class CardSet:
    """An immutable set of cards over a 52-bit mask (like python-chess's ``SquareSet``).

    Iterates in hand order: suits ♠ ♥ ♦ ♣, high rank to low. ``str`` gives space-separated cards,
    :meth:`dots` the hand notation ``AK7.Q98.T.J8``.

    >>> h = CardSet.parse("AS 7S KH")
    >>> len(h), Card.parse("KH") in h, str(h - CardSet.parse("7S"))
    (3, True, 'AS KH')
    """

    __slots__ = ("mask",)

    def __init__(self, cards: int | Iterable[Card] = 0) -> None:
        if isinstance(cards, int):
            if cards < 0 or cards > ALL_CARDS:
                raise ValueError(f"card mask out of range: {cards:#x}")
            self.mask: int = cards
        else:
            m = 0
            for c in cards:
                m |= c.mask
            self.mask = m

    @classmethod
    def parse(cls, text: str) -> CardSet:
        """Parse space- or comma-separated cards (``"AS KH 10D"``) or hand notation (``"AK.Q..7"``).

        Raises:
            NotationError: a bad card, or a card given twice.
        """
        t = text.strip()
        if "." in t and " " not in t and "," not in t:
            return cls(parse_dots(t))
        m = 0
        for word in t.replace(",", " ").split():
            b = Card.parse(word).mask
            if m & b:
                raise NotationError(f"card {word} is given twice in {quote(text)}", text[:80])
            m |= b
        return cls(m)

    def __contains__(self, card: object) -> bool:
        return isinstance(card, Card) and bool(self.mask & card.mask)

    def __iter__(self) -> Iterator[Card]:
        return iter(cards_of(self.mask))

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __bool__(self) -> bool:
        return bool(self.mask)

    def __or__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask | other.mask)

    def __and__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask & other.mask)

    def __sub__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask & ~other.mask)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CardSet) and other.mask == self.mask

    def __hash__(self) -> int:
        return hash(self.mask)

    def suit(self, suit: Suit) -> CardSet:
        """The cards of one suit."""
        return CardSet(self.mask & SUIT_MASKS[suit])

    def dots(self) -> str:
        """Hand notation ``AK7.Q98.T.J8`` (suits S.H.D.C, high to low, ``10`` as ``T``)."""
        return dots(self.mask)

    def __str__(self) -> str:
        return " ".join(str(c) for c in cards_of(self.mask))

    def __repr__(self) -> str:
        return f"CardSet.parse({str(self)!r})"


def cards_of(mask: int | CardSet) -> list[Card]:
    """The cards of a mask (or a :class:`CardSet`) in hand order: suits ♠ ♥ ♦ ♣, each high to low."""
    if isinstance(mask, CardSet):
        mask = mask.mask
    out: list[Card] = []
    for s in range(4):
        m = mask & SUIT_MASKS[s]
        while m:
            i = m.bit_length() - 1
            out.append(_CARDS[i])
            m ^= 1 << i
    return out


def mask_str(mask: int) -> str:
    """Space-separated cards of a mask in hand order (``"AS KH 7D"``)."""
    return " ".join(str(c) for c in cards_of(mask))


def dots(mask: int) -> str:
    """Hand notation of a mask: ``AK7.Q98.T.J8``."""
    parts = []
    for s in range(4):
        m = (mask >> (13 * s)) & 0x1FFF
        parts.append("".join(_RANK_LETTERS[i] for i in range(12, -1, -1) if m >> i & 1))
    return ".".join(parts)


def parse_dots(text: str) -> int:
    """Parse hand notation ``AK7.Q98.T.J8`` (``10`` accepted for ``T``, ``-`` for a void) to a mask.

    Raises:
        NotationError: not four suits, a bad rank, or a rank repeated in a suit.
    """
    parts = text.strip().split(".")
    if len(parts) != 4:
        raise NotationError(f"bad hand {quote(text, 40)}: hand notation has four suits S.H.D.C separated by dots",
                            text[:80])
    mask = 0
    for s, part in enumerate(parts):
        p = part.upper().replace("10", "T") if part.isascii() else part
        if p == "-":
            continue
        for ch in p:
            i = _RANK_LETTERS.find(ch)
            if i < 0:
                raise NotationError(f"bad hand {quote(text, 40)}: unknown rank {ch!r} in suit {SUIT_LETTERS[s]}",
                                    text[:80])
            b = 1 << (13 * s + i)
            if mask & b:
                raise NotationError(f"bad hand {quote(text, 40)}: {ch}{SUIT_LETTERS[s]} is given twice", text[:80])
            mask |= b
    return mask


def parse_cards(text: str) -> list[Card]:
    """Parse space-separated cards keeping their order (a hand in the order it was dealt).

    Raises:
        NotationError: a bad card or a card given twice.
    """
    out: list[Card] = []
    seen = 0
    for word in text.replace(",", " ").split():
        c = Card.parse(word)
        if seen & c.mask:
            raise NotationError(f"card {word} is given twice in {quote(text)}", text[:80])
        seen |= c.mask
        out.append(c)
    return out


def rank_mask(ranks: Iterable[int]) -> int:
    """The mask of every card of the given ranks, in all four suits."""
    m = 0
    for r in ranks:
        for s in range(4):
            m |= 1 << (s * 13 + r - 2)
    return m


def shuffle(items: list[int], rng: random.Random) -> None:
    """Shuffle in place with Fisher–Yates driven only by ``rng.random()``.

    ``random.Random.shuffle`` is not guaranteed stable across Python versions; ``random()`` is,
    so the same ``rng`` state deals the same cards in CPython 3.11 and in Pyodide's 3.14.

    >>> xs = list(range(8)); shuffle(xs, random.Random(1)); xs
    [0, 2, 3, 6, 7, 4, 5, 1]
    """
    for i in range(len(items) - 1, 0, -1):
        j = int(rng.random() * (i + 1))
        items[i], items[j] = items[j], items[i]


def parse_deal_line(text: str) -> list[int]:
    """Parse a deal line — the first seat, then every hand clockwise in hand notation, ``1:.Q..7 AK...``
    (STYLE.md's deal line) — to one mask per seat, in seat order.

    >>> [dots(m) for m in parse_deal_line("1:.Q..7 AK...")]
    ['AK...', '.Q..7']

    At most :data:`~kingcore.limits.MAX_DEAL_LINE` characters; the seat in ASCII digits.

    Raises:
        NotationError: too long, a missing ``N:`` prefix, a bad hand, or a card in two hands (line 1 and
            the column of the bad hand).
    """
    if not isinstance(text, str) or len(text) > MAX_DEAL_LINE:
        raise NotationError(f"bad deal line: more than {MAX_DEAL_LINE:,} characters", str(text)[:80], 1, 1)
    head, sep, rest = text.strip().partition(":")
    first = small_int(head) if sep else None
    if first is None:
        raise NotationError(f"bad deal line {quote(text, 40)}: it starts with the first seat, like 0:",
                            text[:80], 1, 1)
    found = list(re.finditer(r"\S+", rest))
    parts = [m.group(0) for m in found]
    if not parts or first >= len(parts):
        raise NotationError(f"bad deal line {quote(text, 40)}: seat {first} of {len(parts)} hands", text[:80], 1, 1)
    hands = [0] * len(parts)
    seen = 0
    base = text.index(":") + 2
    for k, part in enumerate(parts):
        col = base + found[k].start()
        try:
            m = parse_dots(part)
        except NotationError as e:
            raise NotationError(e.message, text[:80], 1, col) from None
        if m & seen:
            raise NotationError(f"bad deal line {quote(text, 40)}: {mask_str(m & seen)} in two hands", text[:80],
                                1, col)
        seen |= m
        hands[(first + k) % len(parts)] = m
    return hands
