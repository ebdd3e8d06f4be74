"""Hints and post-mortems with the strongest bot: :func:`hint` rates every legal move of a view,
:func:`analyse` rates every card one seat played in a game record (RULES.md §4–§8).

Values are expected points of the deal for the seat (positive is good for it), estimated by the
strongest level's Monte Carlo (:data:`STRONGEST`); a card's *cost* is how many points the best
alternative was expected to gain over it (0 for the best card).

>>> import random
>>> from kingcore import Game, Rules, seat_view
>>> g = Game(Rules()); g.set_first_dealer(0); g.deal(random.Random(3))
>>> h = hint(seat_view(g, g.to_move), bot=make_bot("pimc(samples=4)"))
>>> len(h) == len(seat_view(g, g.to_move).legal), h[0][1] >= h[-1][1]
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence
from dataclasses import dataclass

from ..game import Game, Phase
from ..moves import Move
from ..notation import loads
from ..view import EarlierDeal, SeatView, earlier_deals, seat_view
from .base import Bot, legal_moves, make_bot
from .calls import contract_ratings, pick_call
from .pimc import PimcBot

STRONGEST = "expert"
"""The bot spec :func:`hint` and :func:`analyse` use by default."""


def _evaluator(bot: Bot | None) -> PimcBot:
    b = bot if bot is not None else make_bot(STRONGEST)
    if not isinstance(b, PimcBot):
        raise ValueError(f"bot {b} cannot rate moves (use a Monte Carlo level such as pimc or expert)")
    return b


def hint(view: SeatView, rng: random.Random | None = None, bot: Bot | None = None,
         earlier: Sequence[EarlierDeal] = ()) -> list[tuple[Move, float]]:
    """Every legal move of ``view.seat`` with its expected points for the deal, best first — the bot's
    own choice first.

    In ordered King's contract naming (RULES.md §8) every seat plays each of its contracts once, so
    this deal's points would always favour the richest contract: there a contract is rated by how
    much better than its fair share (control total / players) this hand is expected to play it, as
    a fraction of that share (0.4 = 40 % better), and a pass by the bar a contract must clear to be
    named now (the bot's ``margin``) — :func:`~kingcore.bots.calls.contract_rating`, the very criterion
    the bot names by (:func:`~kingcore.bots.calls.pick_call`), so the move first, the best rated, is
    the one the bot makes.

    Args:
        view: a view whose seat is to move; rng: randomness (default ``Random(0)``: the same hint
            for the same view); bot: a Monte Carlo bot (default :data:`STRONGEST`); earlier: the
            rubber's finished deals (:func:`~kingcore.view.earlier_deals`), as the bot plays with them.

    Returns:
        ``(move, value)`` pairs, best first; ties keep the order of ``view.legal``. ``value`` is
        expected points for the deal, or in contract naming the gain over the fair share (a fraction).

    Raises:
        ValueError: the seat is not to move, or ``bot`` cannot rate moves.
    """
    b = _evaluator(bot)
    legal = legal_moves(view)
    rng = rng if rng is not None else random.Random(0)
    values = b.evaluate(view, legal, rng, earlier) if b.learns() else b.evaluate(view, legal, rng)
    if view.phase != "choose_contract":
        return sorted(values.items(), key=lambda mv: (-mv[1], legal.index(mv[0])))
    choice = pick_call(view, legal, values, b.margin)
    rated = contract_ratings(view, legal, values, b.margin)  # the criterion pick_call ranks by
    return sorted(rated.items(), key=lambda mv: (mv[0] != choice, -mv[1], legal.index(mv[0])))


@dataclass(frozen=True)
class CardAnalysis:
    """One card a seat played, rated.

    Attributes:
        deal: 1-based deal number; trick: 1-based trick number.
        move: the card played; expected: its expected points for the deal.
        best: the best-rated legal card; best_expected: its expected points.
        cost: ``best_expected − expected`` (≥ 0; points given away by the choice, by the estimate).
    """

    deal: int
    trick: int
    move: Move
    expected: float
    best: Move
    best_expected: float
    cost: float


def analyse(record_text: str, seat: int, bot: Bot | None = None, rng_seed: int = 0,
            deals: Collection[int] | None = None) -> list[CardAnalysis]:
    """Rate every card ``seat`` played with a choice in a game record, against its best alternative.

    Args:
        record_text: a game record (:mod:`kingcore.notation`); seat: the seat to analyse;
        bot: a Monte Carlo bot (default :data:`STRONGEST`); rng_seed: seeds each decision's ``rng``;
        deals: the 1-based deal numbers to rate (default: every deal); the others are only replayed.

    Returns:
        one :class:`CardAnalysis` per card played with more than one legal choice, in order.

    Raises:
        NotationError: a bad record. ValueError: a seat that is not in the game.
    """
    b = _evaluator(bot)
    recorded = loads(record_text)
    if not 0 <= seat < recorded.rules.players:
        raise ValueError(f"seat {seat} is not a seat of a {recorded.rules.players}-player game")
    g = recorded.restart() if recorded.first_dealer is not None else Game(recorded.rules)
    out: list[CardAnalysis] = []
    for d in recorded.deals:
        g.deal_cards(d.hands, d.kitty)
        earlier = earlier_deals(g) if b.learns() and (deals is None or d.number in deals) else ()
        for s, m in d.calls:
            g.play(m, s)
        for i, (s, c) in enumerate(d.plays):
            if s == seat and g.phase is Phase.PLAY and (deals is None or d.number in deals):
                view = seat_view(g, seat)
                legal = legal_moves(view)
                if len(legal) > 1:
                    rng = random.Random(rng_seed * 1_000_003 + d.number * 1000 + i)
                    values = b.evaluate(view, legal, rng, earlier) if earlier else b.evaluate(view, legal, rng)
                    move = Move.play(c)
                    best = max(legal, key=lambda m: (values[m], -legal.index(m)))
                    out.append(CardAnalysis(d.number, i // g.rules.players + 1, move, values[move], best,
                                            values[best], values[best] - values[move]))
            g.play(c, s)
    return out
