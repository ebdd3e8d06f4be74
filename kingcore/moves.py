"""Moves: a card, or a call that is not a card, each with a text token (RULES.md §7, §8).

Tokens: a card (``QS``), ``pass``, ``bid:3``, ``trump:S``, ``trump:nt``, ``trump:misere``,
``trump:last-card``, ``contract:no-king``.

>>> [str(Move.parse(t)) for t in ("qs", "pass", "bid:3", "trump:h", "trump:last-card", "contract:no_king")]
['QS', 'pass', 'bid:3', 'trump:H', 'trump:last-card', 'contract:no-king']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from .cards import Card
from .contracts import Contract
from .errors import NotationError
from .limits import quote, small_int

Kind = Literal["card", "pass", "bid", "trump", "contract"]
TrumpCall = Literal["S", "H", "D", "C", "nt", "misere", "last-card"]
TRUMP_CALLS: tuple[str, ...] = ("S", "H", "D", "C", "nt", "misere", "last-card")


@dataclass(frozen=True, slots=True)
class Move:
    """One move of a seat.

    Attributes:
        kind: ``card``, ``pass``, ``bid``, ``trump`` or ``contract``.
        card: the card (kind ``card``).
        bid: tricks bid (kind ``bid``).
        trump: ``S``/``H``/``D``/``C``/``nt``/``misere``/``last-card`` (kind ``trump``).
        contract: the contract named (kind ``contract``, ordered King §8).
    """

    kind: Kind
    card: Card | None = None
    bid: int = 0
    trump: str = ""
    contract: Contract | None = None

    @classmethod
    def play(cls, card: Card) -> Move:
        """A card move."""
        return cls("card", card=card)

    @classmethod
    def parse(cls, text: str) -> Move:
        """Parse a token; see the module docstring.

        Raises:
            NotationError: an unknown token.
        """
        t = text.strip()
        low = t.lower()
        if low == "pass":
            return cls("pass")
        head, sep, tail = t.partition(":")
        if sep:
            h = head.lower()
            if h == "bid":
                k = small_int(tail)
                if k is None:
                    raise NotationError(f"bad bid {quote(text, 40)}: expected bid:N with N a number of tricks",
                                        text[:80])
                return cls("bid", bid=k)
            if h == "trump":
                tt = tail.lower()
                for call in TRUMP_CALLS:
                    if tt == call.lower():
                        return cls("trump", trump=call)
                raise NotationError(f"bad trump call {quote(text, 40)} (expected trump:S/H/D/C/nt/misere/last-card)",
                                    text[:80])
            if h == "contract":
                try:
                    return cls("contract", contract=Contract.parse(tail))
                except ValueError as e:
                    raise NotationError(str(e), text[:80]) from None
            raise NotationError(f"unknown move {quote(text, 40)}", text[:80])
        try:
            return cls("card", card=Card.parse(t))
        except NotationError:
            raise NotationError(f"unknown move {quote(text, 40)} (a card like QS, or pass, bid:N, trump:S, "
                                "contract:no-king)", text[:80]) from None

    def __str__(self) -> str:
        if self.kind == "card":
            return str(self.card)
        if self.kind == "pass":
            return "pass"
        if self.kind == "bid":
            return f"bid:{self.bid}"
        if self.kind == "trump":
            return f"trump:{self.trump}"
        assert self.contract is not None
        return f"contract:{self.contract.token}"

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"
