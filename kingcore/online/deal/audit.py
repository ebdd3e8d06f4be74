"""The audit at a deal's end: every hand opened, the whole deal replayed through the engine, a renege named
and settled (docs/RULES.md §11.20; docs/NET.md "Mental poker: no device sees another's cards").

While the hands are hidden nobody can check that a player followed suit; once every page has revealed its
keys each page deals the opened hands to its audited :class:`~kingcore.game.Game` and plays every call and
card again through ``Game.play``, which checks each one. An honest deal ends exactly where the blind table
ended it and scores what it scored. A card the engine refuses is a **renege**: the offender takes the
contract's whole penalty (:func:`whole_penalty`) and everyone else scores 0 for the deal.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...cards import Card
from ...contracts import Contract
from ...errors import IllegalMoveError, Reason
from ...game import Game, Phase
from ...position import Deal
from ...scoresheet import Row
from .blind import BlindDeal

_SUIT_WORDS = ("spade", "heart", "diamond", "club")


@dataclass(frozen=True)
class Renege:
    """A card the rules refused, found at the audit.

    Attributes:
        seat: who played it; card: the card; trick: the trick's number (1-based).
        reason: the engine's :class:`~kingcore.errors.Reason` (``must_follow_suit``, ``king_must_go``…).
        words: e.g. ``seat 2 played 3♠ in trick 3 while holding a heart``.
        engine: the engine's own message (``Position.explain``).
    """

    seat: int
    card: Card
    trick: int
    reason: Reason
    words: str
    engine: str


@dataclass(frozen=True)
class Audit:
    """A deal audited: its score-sheet row (the engine's, or the renege's penalty) and the renege if any."""

    deal: int
    row: Row
    renege: Renege | None


def whole_penalty(deal: Deal, dealt: int) -> int:
    """The contract's whole penalty, a positive number: everything the deal could score, i.e. the size of
    its control total over the ``dealt`` cards (a mask; the kitty's cards score for nobody), and in a trump
    deal every trick at its value."""
    if deal.contract is Contract.TRUMPS:
        return deal.trick_value * deal.tricks_per_deal
    return abs(deal.scoring.control_total(dealt, deal.tricks_per_deal))


def renege_words(e: IllegalMoveError, led: int, trump: int | None) -> str:
    """Plain words for a renege: ``seat 2 played 3♠ in trick 3 while holding a heart``."""
    p = e.position
    assert p is not None and isinstance(e.move, Card)
    seat, t, c = e.seat, p.trick_no + 1, e.move.pretty
    why = {
        Reason.MUST_FOLLOW_SUIT: f"while holding a {_SUIT_WORDS[led]}" if led >= 0 else "",
        Reason.HEARTS_LEAD: "(a heart led while holding another suit)",
        Reason.KING_MUST_GO: "while void in the suit led and holding K♥, which had to go",
        Reason.MUST_PLAY_HEART: "while void in the suit led and holding a heart, which had to go",
        Reason.MUST_TRUMP: f"while void in the suit led and holding a {_SUIT_WORDS[trump or 0]}, the trump",
        Reason.NOT_IN_HAND: "(not in the hand)",
    }.get(e.reason, f"({e.reason.value})")
    return f"seat {seat} played {c} in trick {t} {why}".rstrip()


def audit_deal(game: Game, deal: BlindDeal, cards: dict[int, int]) -> Audit:
    """Replay ``deal`` through ``game`` (the page's audited game, waiting for this deal) with every
    position opened (``cards``: position → card bit index, the kitty's included) and settle it.

    ``game`` gets the deal's real hands, calls and cards; a renege stops the replay there, and the deal's
    row is the offender's whole penalty (its note names the renege), after which ``game`` waits for the
    next deal as after any deal (the blind deal's played cards stay in its :class:`BlindDeal`).

    Raises:
        DealError: the opened cards are not a deal of the rules' deck (the protocol checks it first).
    """
    deal.deal_to(game, cards)
    info = game.current
    assert info is not None
    for seat, card in deal.plays:
        position = info.position
        assert position is not None
        try:
            game.play(card, seat)
        except IllegalMoveError as e:
            return _renege(game, e, position.led_suit, position.deal)
    assert game.phase in (Phase.DEAL_OVER, Phase.RUBBER_OVER), "the blind deal ended where the engine did not"
    row = game.sheet.rows[-1]
    assert list(row.points) == deal.points, "the blind deal scored what the engine did not"
    return Audit(info.number, row, None)


def _renege(game: Game, e: IllegalMoveError, led: int, deal: Deal) -> Audit:
    info = game.current
    assert info is not None and info.contract is not None and isinstance(e.move, Card) and e.seat is not None
    words = renege_words(e, led, deal.trump)
    dealt = 0
    for s in range(game.rules.players):
        dealt |= info.hand_mask(s)
    penalty = whole_penalty(deal, dealt)
    points = [0] * game.rules.players
    points[e.seat] = -penalty
    note = ", ".join(x for x in (game.note(info), f"renege: {words}") if x)
    row = game.sheet.add(info.number, info.contract.value, info.dealer, tuple(points), -penalty, note)
    # the engine has no move for a deal stopped by a renege: it waits for the next deal as after any deal
    game.phase = Phase.RUBBER_OVER if len(game.deals) >= game.total_deals else Phase.DEAL_OVER
    p = e.position
    assert p is not None
    renege = Renege(e.seat, e.move, p.trick_no + 1, e.reason, words, e.message)
    return Audit(info.number, row, renege)
