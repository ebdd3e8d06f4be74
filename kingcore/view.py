"""What one seat may see: its own hand, everything played in public, and nothing else (RULES.md §4, §7).

A :class:`SeatView` is built only from public information plus the seat's own cards, so a bot or a
UI that gets a view cannot peek. Voids are inferred from the play (a seat that did not follow suit).
A view is the seat's present: the current deal, and of the rubber what the table shows (the score
sheet's totals, the contracts the seat still owns in ordered King) — small, whatever the deal number.
The deals of the rubber played before this one are a separate record, :func:`earlier_deals`: one
:class:`EarlierDeal` each, its contract, trump, bid and the cards played — all public once played (a card
never played, e.g. after an early end or in the kitty, is not in them); a bot that learns from them gets
them beside the view (``Bot.choose(view, rng, earlier)``), and the page's bots' worker keeps them per
rubber, fed once per deal (:mod:`kingcore.web.past`).
The view observes the game (:func:`seat_view` reads a :class:`~kingcore.game.Game`); the game never
knows its views.

>>> import random
>>> from kingcore import Game, Rules
>>> g = Game(Rules()); g.set_first_dealer(0); g.deal(random.Random(2))
>>> v = seat_view(g, 1)
>>> v.seat, v.to_move, len(v.hand), v.contract, v.phase
(1, 1, 8, <Contract.NO_TRICKS: 'no_tricks'>, <Phase.PLAY: 'play'>)
>>> SeatView.from_dict(v.to_dict()) == v
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .cards import SUIT_LETTERS, Card, CardSet
from .contracts import Contract, Trump
from .game import Game, Phase
from .position import Deal


@dataclass(frozen=True)
class EarlierDeal:
    """A finished deal of the rubber as every seat saw it (public only, RULES.md §4).

    Attributes:
        contract: the deal's contract; dealer: its dealer's seat.
        trump: the :class:`~kingcore.contracts.Trump` of a trump deal (``None`` in the others).
        bid: ``(seat, tricks)`` of an auction deal, else ``None``.
        plays: ``(seat, card index)`` of every card played, in order (fewer than the whole deck when
            the deal ended early or has a kitty; the unplayed cards are never shown).
    """

    contract: Contract
    dealer: int
    trump: Trump | None
    bid: tuple[int, int] | None
    plays: tuple[tuple[int, int], ...]

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: ``{"contract", "dealer", "trump" (the call token or None), "bid",
        "plays": [[seat, "QS"], …]}``."""
        return {"contract": self.contract.value, "dealer": self.dealer,
                "trump": str(self.trump) if self.trump is not None else None,
                "bid": list(self.bid) if self.bid else None,
                "plays": [[s, str(Card.from_index(i))] for s, i in self.plays]}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> EarlierDeal:
        """The record back from :meth:`to_dict`.

        Raises:
            KeyError, ValueError: a missing field, a bad contract, trump or card.
        """
        bid = d.get("bid")
        return cls(contract=Contract(d["contract"]), dealer=int(d["dealer"]),
                   trump=Trump(d["trump"]) if d.get("trump") is not None else None,
                   bid=(int(bid[0]), int(bid[1])) if bid else None,
                   plays=tuple((int(s), Card.parse(t).index) for s, t in d["plays"]))


@dataclass(frozen=True)
class SeatView:
    """One seat's view of the game.

    Attributes:
        seat: whose view.
        phase: the game's :class:`~kingcore.game.Phase`.
        rules: the rules text, ``king(...)``.
        deal: 1-based deal number (0 before the first), of ``deals`` in the rubber.
        dealer, to_move, leader: seats (``None`` when not applicable).
        contract: the deal's :class:`~kingcore.contracts.Contract`, once known.
        trump: the :class:`~kingcore.contracts.Trump` of a trump deal once called (a suit, no trump or
            misère); ``None`` before the call and in every other contract.
        bid: ``(seat, tricks)`` of an auction deal; caller: the seat that calls trump.
        shown: a card shown to all (the caller's last card when trump is called by it), or ``None``.
        hand: the seat's own cards it may see now.
        trick: ``(seat, card index)`` on the table, from the leader on.
        played: ``(seat, card index)`` of every card played in this deal's completed tricks.
        calls: ``(seat, token)`` of every call in this deal.
        points, tricks: per seat, this deal so far; totals: the score sheet's running totals.
        voids: per seat, a 4-bit mask of suits the seat has shown void in (bit = suit).
        legal: legal move tokens when this seat is to move, else empty.
        owned: ordered King: the contracts this seat still owns.

    The rubber's earlier deals are not in the view: :func:`earlier_deals`.
    """

    seat: int
    phase: Phase
    rules: str
    deal: int
    deals: int
    dealer: int | None
    to_move: int | None
    leader: int | None
    contract: Contract | None
    trump: Trump | None
    bid: tuple[int, int] | None
    caller: int | None
    shown: int | None
    hand: CardSet
    trick: tuple[tuple[int, int], ...]
    played: tuple[tuple[int, int], ...]
    calls: tuple[tuple[int, str], ...]
    points: tuple[int, ...]
    tricks: tuple[int, ...]
    totals: tuple[int, ...]
    voids: tuple[int, ...]
    legal: tuple[str, ...]
    owned: tuple[Contract, ...]

    @property
    def misere(self) -> bool:
        """The deal is played misère (RULES.md §7)."""
        return self.trump is Trump.MISERE

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: cards as strings (``"QS"``); the trump as ``trump`` (a suit letter, or ``None``
        for no trump and misère) and ``misere`` (what saves and the web worker exchange)."""
        def c(i: int) -> str:
            return str(Card.from_index(i))
        suit = self.trump.suit if self.trump is not None else None
        return {
            "seat": self.seat, "phase": self.phase.value, "rules": self.rules, "deal": self.deal,
            "deals": self.deals, "dealer": self.dealer, "to_move": self.to_move, "leader": self.leader,
            "contract": self.contract.value if self.contract is not None else None,
            "trump": SUIT_LETTERS[suit] if suit is not None else None, "misere": self.misere,
            "bid": list(self.bid) if self.bid else None, "caller": self.caller,
            "shown": c(self.shown) if self.shown is not None else None,
            "hand": [str(x) for x in self.hand],
            "trick": [[s, c(i)] for s, i in self.trick], "played": [[s, c(i)] for s, i in self.played],
            "calls": [list(x) for x in self.calls], "points": list(self.points), "tricks": list(self.tricks),
            "totals": list(self.totals), "voids": ["".join(SUIT_LETTERS[k] for k in range(4) if v >> k & 1)
                                                   for v in self.voids],
            "legal": list(self.legal), "owned": [o.value for o in self.owned],
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> SeatView:
        """The view back from :meth:`to_dict` (what a web worker gets).

        A trump deal whose ``trump`` is ``None`` and that is not misère was called no trump once the
        call is over (the phase is past ``call_trump`` and ``auction``).

        Raises:
            KeyError, ValueError: not a view's dict (a missing field, a bad card, phase or contract).
        """
        def c(text: str) -> int:
            return Card.parse(text).index

        phase = Phase(d["phase"])
        contract = Contract(d["contract"]) if d["contract"] is not None else None
        trump: Trump | None = None
        if d["misere"]:
            trump = Trump.MISERE
        elif d["trump"] is not None:
            trump = Trump.of_suit(SUIT_LETTERS.index(d["trump"]))
        elif contract is Contract.TRUMPS and phase not in (Phase.CALL_TRUMP, Phase.AUCTION):
            trump = Trump.NO_TRUMP
        bid = d.get("bid")
        return cls(
            seat=int(d["seat"]), phase=phase, rules=str(d["rules"]), deal=int(d["deal"]),
            deals=int(d["deals"]), dealer=d["dealer"], to_move=d["to_move"], leader=d["leader"],
            contract=contract, trump=trump, bid=(int(bid[0]), int(bid[1])) if bid else None, caller=d["caller"],
            shown=c(d["shown"]) if d.get("shown") else None, hand=CardSet(Card.parse(t) for t in d["hand"]),
            trick=tuple((int(s), c(x)) for s, x in d["trick"]),
            played=tuple((int(s), c(x)) for s, x in d["played"]),
            calls=tuple((int(s), str(t)) for s, t in d["calls"]), points=tuple(d["points"]),
            tricks=tuple(d["tricks"]), totals=tuple(d["totals"]),
            voids=tuple(sum(1 << SUIT_LETTERS.index(ch) for ch in v) for v in d["voids"]),
            legal=tuple(d["legal"]), owned=tuple(Contract(o) for o in d["owned"]),
        )


def shown_voids(plays: Sequence[tuple[int, Card]], players: int, deal: Deal | None) -> list[int]:
    """Per seat, a 4-bit mask of the suits it showed void in by ``plays`` (a deal's cards in the order played,
    ``(seat, card)``; tricks of ``players`` cards): a seat that did not follow the led suit is void in it, and
    with a trump (``deal``'s, when it makes trumps win) one that neither followed nor trumped is void in trumps
    too (RULES.md §4, §7)."""
    voids = [0] * players
    trump = deal.trump if deal is not None and deal.trump_mask else None
    for t in range(0, len(plays), players):
        chunk = plays[t:t + players]
        led = chunk[0][1].suit
        for s, c in chunk[1:]:
            if c.suit != led:
                voids[s] |= 1 << led
                if trump is not None and c.suit != trump:
                    voids[s] |= 1 << trump
    return voids


def seat_view(game: Game, seat: int) -> SeatView:
    """The view of ``seat`` (0 .. players − 1) of ``game`` now.

    Raises:
        RulesError: ``seat`` is not a seat of the game.
    """
    n = game.rules.players
    game.hand(seat)  # raises RulesError for a seat that is not in the game
    d = game.current
    p = game.position
    hand = CardSet(game.visible_hand(seat))
    trick: tuple[tuple[int, int], ...] = ()
    played: list[tuple[int, int]] = []
    voids = [0] * n
    if d is not None and p is not None:
        done = len(d.plays) - len(p.trick)
        played = [(s, c.index) for s, c in d.plays[:done]]
        trick = tuple((s, c.index) for s, c in d.plays[done:])
        voids = shown_voids(d.plays, n, p.deal)
    to_move = game.to_move
    return SeatView(
        seat=seat, phase=game.phase, rules=str(game.rules), deal=d.number if d else 0,
        deals=game.total_deals, dealer=game.dealer, to_move=to_move, leader=p.leader if p else None,
        contract=d.contract if d else None, trump=d.trump_call if d else None,
        bid=(d.bid.seat, d.bid.tricks) if d and d.bid else None, caller=d.caller if d else None,
        shown=d.shown.index if d and d.shown else None, hand=hand, trick=trick, played=tuple(played),
        calls=tuple((s, str(m)) for s, m in d.calls) if d else (),
        points=p.points if p else (0,) * n, tricks=p.tricks if p else (0,) * n, totals=game.sheet.totals,
        voids=tuple(voids), legal=tuple(str(m) for m in game.legal_moves()) if to_move == seat else (),
        owned=tuple(game.owned[seat]) if game.rules.order == "chosen" else (),
    )


def earlier_deals(game: Game, start: int = 0, *, ended: bool = False) -> tuple[EarlierDeal, ...]:
    """The public record of the rubber's finished deals before the current one, first to last, from the
    ``start``-th on (0-based): what every seat saw of them (RULES.md §4) — the same for every seat.
    ``ended``: the current deal too once it is over (phase ``deal_over``): the next deal's earlier deals.

    >>> import random
    >>> from kingcore import Game, Rules
    >>> g = Game(Rules()); g.set_first_dealer(0); g.autoplay(random.Random(1), deals=2); g.deal(random.Random(2))
    >>> [e.contract.value for e in earlier_deals(g)], len(earlier_deals(g, 1))
    (['no_tricks', 'no_boys'], 1)
    """
    return tuple(
        EarlierDeal(e.contract, e.dealer, e.trump_call if e.contract is Contract.TRUMPS else None,
                    (e.bid.seat, e.bid.tricks) if e.bid else None, tuple((s, c.index) for s, c in e.plays))
        for e in (game.deals if ended and game.phase is Phase.DEAL_OVER else game.deals[:-1])[start:]
        if e.contract is not None)
