"""What one seat may see: its own hand, everything played in public, and nothing else (RULES.md §4, §7).

A :class:`SeatView` is built only from public information plus the seat's own cards, so a bot or a
UI that gets a view cannot peek. Voids are inferred from the play (a seat that did not follow suit).

>>> import random
>>> from kingcore import Game, Rules
>>> g = Game(Rules()); g.set_first_dealer(0); g.deal(random.Random(2))
>>> v = seat_view(g, 1)
>>> v.seat, v.to_move, v.hand.bit_count(), v.contract
(1, 1, 8, 'no_tricks')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .cards import Card, cards_of
from .game import Game


@dataclass(frozen=True)
class SeatView:
    """One seat's view of the game.

    Attributes:
        seat: whose view.
        phase: the :class:`~kingcore.game.Phase` value (``"play"``…).
        rules: the rules text, ``king(...)``.
        deal: 1-based deal number (0 before the first), of ``deals`` in the rubber.
        dealer, to_move, leader: seats (``None`` when not applicable).
        contract, trump (``S``/``H``/``D``/``C`` or ``None``), misere, bid ``(seat, tricks)``, caller.
        shown: a card shown to all (the caller's last card when trump is called by it), or ``None``.
        hand: the seat's own cards it may see now (a mask).
        trick: ``(seat, card index)`` on the table, from the leader on.
        played: ``(seat, card index)`` of every card played in this deal's completed tricks.
        calls: ``(seat, token)`` of every call in this deal.
        points, tricks: per seat, this deal so far; totals: the score sheet's running totals.
        voids: per seat, a 4-bit mask of suits the seat has shown void in (bit = suit).
        legal: legal move tokens when this seat is to move, else empty.
        owned: ordered King: the contract names this seat still owns.
    """

    seat: int
    phase: str
    rules: str
    deal: int
    deals: int
    dealer: int | None
    to_move: int | None
    leader: int | None
    contract: str | None
    trump: str | None
    misere: bool
    bid: tuple[int, int] | None
    caller: int | None
    shown: int | None
    hand: int
    trick: tuple[tuple[int, int], ...]
    played: tuple[tuple[int, int], ...]
    calls: tuple[tuple[int, str], ...]
    points: tuple[int, ...]
    tricks: tuple[int, ...]
    totals: tuple[int, ...]
    voids: tuple[int, ...]
    legal: tuple[str, ...]
    owned: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: cards as strings (``"QS"``)."""
        def c(i: int) -> str:
            return str(Card.from_index(i))
        return {
            "seat": self.seat, "phase": self.phase, "rules": self.rules, "deal": self.deal,
            "deals": self.deals, "dealer": self.dealer, "to_move": self.to_move, "leader": self.leader,
            "contract": self.contract, "trump": self.trump, "misere": self.misere,
            "bid": list(self.bid) if self.bid else None, "caller": self.caller,
            "shown": c(self.shown) if self.shown is not None else None,
            "hand": [str(x) for x in cards_of(self.hand)],
            "trick": [[s, c(i)] for s, i in self.trick], "played": [[s, c(i)] for s, i in self.played],
            "calls": [list(x) for x in self.calls], "points": list(self.points), "tricks": list(self.tricks),
            "totals": list(self.totals), "voids": ["".join("SHDC"[k] for k in range(4) if v >> k & 1)
                                                   for v in self.voids],
            "legal": list(self.legal), "owned": list(self.owned),
        }


def seat_view(game: Game, seat: int) -> SeatView:
    """The view of ``seat`` (0 .. players − 1) of ``game`` now.

    Raises:
        RulesError: ``seat`` is not a seat of the game.
    """
    n = game.rules.players
    game.hand(seat)  # raises RulesError for a seat that is not in the game
    d = game.current
    p = game.position
    hand = 0
    for card in game.visible_hand(seat):
        hand |= card.mask
    trick: tuple[tuple[int, int], ...] = ()
    played: list[tuple[int, int]] = []
    voids = [0] * n
    if d is not None and p is not None:
        done = len(d.plays) - len(p.trick)
        played = [(s, c.index) for s, c in d.plays[:done]]
        trick = tuple((s, c.index) for s, c in d.plays[done:])
        for t in range(0, len(d.plays), n):
            chunk = d.plays[t:t + n]
            led = chunk[0][1].suit
            for s, c in chunk[1:]:
                if c.suit != led:
                    voids[s] |= 1 << led
                    trump = p.deal.trump
                    if trump is not None and p.deal.trump_mask and c.suit != trump:
                        voids[s] |= 1 << trump
    to_move = game.to_move
    return SeatView(
        seat=seat, phase=game.phase.value, rules=str(game.rules), deal=d.number if d else 0,
        deals=game.total_deals, dealer=game.dealer, to_move=to_move, leader=p.leader if p else None,
        contract=d.contract.value if d and d.contract else None,
        trump=None if not d or d.trump is None else "SHDC"[d.trump], misere=bool(d and d.misere),
        bid=(d.bid.seat, d.bid.tricks) if d and d.bid else None, caller=d.caller if d else None,
        shown=d.shown.index if d and d.shown else None, hand=hand, trick=trick, played=tuple(played),
        calls=tuple((s, str(m)) for s, m in d.calls) if d else (),
        points=p.points if p else (0,) * n, tricks=p.tricks if p else (0,) * n, totals=game.sheet.totals,
        voids=tuple(voids), legal=tuple(str(m) for m in game.legal_moves()) if to_move == seat else (),
        owned=tuple(c.value for c in game.owned[seat]) if game.rules.order == "chosen" else (),
    )
