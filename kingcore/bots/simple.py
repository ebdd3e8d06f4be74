"""The ``random`` and ``heuristic`` bots.

``random`` picks a legal move uniformly. ``heuristic`` plays cards with :func:`~kingcore.bots.policy.choose_card`
on what its seat knows, calls trump by counting its suits, bids from counted sure tricks and names the
contract whose expected result beats its fair share most (a few simulated deals); ``noise`` is the
chance of a random legal move instead (``heuristic(noise=0.2)`` is the "easy" level).

>>> import random
>>> from kingcore import Game, Rules, seat_view
>>> g = Game(Rules()); g.set_first_dealer(0); g.deal(random.Random(4))
>>> bot = make_bot("heuristic")
>>> while g.phase.value == "play":
...     g.play(bot.choose(seat_view(g, g.to_move), random.Random(0)))
>>> sum(g.sheet.rows[0].points)
-16
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..moves import Move
from ..view import SeatView
from .base import Bot, make_bot, register
from .calls import deal_ctx, static_bid, static_contract, static_trump_call
from .knowledge import Knowledge, knowledge
from .policy import Ctx, choose_card, mirror, mirror_card

__all__ = ["HeuristicBot", "RandomBot", "heuristic_card", "make_bot"]


@register
@dataclass(frozen=True)
class RandomBot(Bot):
    """Uniformly random legal moves (``random``)."""

    name = "random"

    def decide(self, view: SeatView, legal: list[Move], rng: random.Random) -> Move:
        """A uniformly random move of ``legal``."""
        return legal[int(rng.random() * len(legal))]


def heuristic_play(view: SeatView, legal: list[Move]) -> tuple[Knowledge, Ctx, int, Move]:
    """The heuristic's card for a view in phase ``play`` (see :mod:`kingcore.bots.policy`), with what
    it was computed from: the seat's knowledge, the deal's context and the legal cards as a mask."""
    k = knowledge(view)
    assert k.deal is not None
    ctx = deal_ctx(k.deal)
    lm = 0
    for m in legal:
        assert m.card is not None
        lm |= m.card.mask
    if k.deal.misere:
        c = mirror_card(choose_card(ctx, mirror(k.hand), mirror(lm), [mirror_card(x) for x in k.trick],
                                    mirror(k.gone), k.trick_no, k.void_suits))
    else:
        c = choose_card(ctx, k.hand, lm, k.trick, k.gone, k.trick_no, k.void_suits)
    for m in legal:
        if m.card is not None and m.card.index == c:
            return k, ctx, lm, m
    raise AssertionError(f"the policy chose card {c}, not a legal move")


def heuristic_card(view: SeatView, legal: list[Move]) -> Move:
    """The heuristic's card for a view in phase ``play`` (see :mod:`kingcore.bots.policy`)."""
    return heuristic_play(view, legal)[3]


@register
@dataclass(frozen=True)
class HeuristicBot(Bot):
    """Rule-of-thumb play (``heuristic``); ``noise``: chance (0..1) of a random legal move instead."""

    name = "heuristic"
    noise: float = 0.0

    def __post_init__(self) -> None:
        if not 0.0 <= self.noise <= 1.0:
            raise ValueError(f"noise must be between 0 and 1, not {self.noise}")

    def decide(self, view: SeatView, legal: list[Move], rng: random.Random) -> Move:
        """Card play, trump call, bid or contract name by the rules of thumb of the module docstring."""
        if self.noise and rng.random() < self.noise:
            return legal[int(rng.random() * len(legal))]
        if view.phase == "play":
            return heuristic_card(view, legal)
        if view.phase == "call_trump":
            return static_trump_call(view, legal)
        if view.phase == "auction":
            return static_bid(view, legal)
        if view.phase == "choose_contract":
            return static_contract(view, legal, rng)
        raise ValueError(f"no decision in phase {view.phase}")
