"""The ``random``, ``naive``, ``greedy`` and ``heuristic`` bots.

``random`` picks a legal move uniformly. ``naive`` and ``greedy`` are fields unlike the heuristic, for
the arena (issue 12): ``naive`` plays like a beginner — it leads the lowest card of its longest suit,
follows with the highest card that stays under the trick's current winner, else its lowest, and
discards its highest card; ``greedy`` wins every trick it can with its cheapest winning card (leading
its highest card) and otherwise plays its lowest card. Both make the heuristic's trump calls, bids and
contract names. ``heuristic`` plays cards with :func:`~kingcore.bots.policy.choose_card`
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
from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from ..cards import SUIT_MASKS
from ..moves import Move
from ..view import EarlierDeal, SeatView
from .base import Bot, make_bot, register
from .calls import deal_ctx, static_bid, static_contract, static_trump_call
from .knowledge import Knowledge, knowledge
from .policy import VERSION, VERSIONS, Ctx, Policy, choose_card, mirror, mirror_card, winner

__all__ = ["GreedyBot", "HeuristicBot", "NaiveBot", "RandomBot", "heuristic_card", "make_bot"]


@register
@dataclass(frozen=True)
class RandomBot(Bot):
    """Uniformly random legal moves (``random``)."""

    name = "random"

    def decide(self, view: SeatView, legal: list[Move], rng: random.Random,
               earlier: tuple[EarlierDeal, ...] = ()) -> Move:
        """A uniformly random move of ``legal``."""
        return legal[int(rng.random() * len(legal))]


def heuristic_play(view: SeatView, legal: list[Move], version: int = VERSION,
                   policy: Policy = choose_card) -> tuple[Knowledge, Ctx, int, Move]:
    """The heuristic's card (``version``, :data:`~kingcore.bots.policy.VERSIONS`) for a view in phase
    ``play`` (see :mod:`kingcore.bots.policy`), with what it was computed from: the seat's knowledge,
    the deal's context and the legal cards as a mask. ``policy`` replaces the heuristic's card choice
    (same arguments as :func:`~kingcore.bots.policy.choose_card`, misère mirrored)."""
    k = knowledge(view)
    assert k.deal is not None
    ctx = deal_ctx(k.deal, version)
    lm = 0
    for m in legal:
        assert m.card is not None
        lm |= m.card.mask
    if k.deal.misere:
        c = mirror_card(policy(ctx, mirror(k.hand), mirror(lm), [mirror_card(x) for x in k.trick],
                               mirror(k.gone), k.trick_no, k.void_suits))
    else:
        c = policy(ctx, k.hand, lm, k.trick, k.gone, k.trick_no, k.void_suits)
    for m in legal:
        if m.card is not None and m.card.index == c:
            return k, ctx, lm, m
    raise AssertionError(f"the policy chose card {c}, not a legal move")


def heuristic_card(view: SeatView, legal: list[Move], version: int = VERSION) -> Move:
    """The heuristic's card for a view in phase ``play`` (see :mod:`kingcore.bots.policy`)."""
    return heuristic_play(view, legal, version)[3]


@register
@dataclass(frozen=True)
class HeuristicBot(Bot):
    """Rule-of-thumb play (``heuristic``); ``noise``: chance (0..1) of a random legal move instead;
    ``version``: which rules of thumb (:data:`~kingcore.bots.policy.VERSIONS`: 2; the lab's
    ``tools/first_heuristic.py`` adds 1, the first round's, to repeat its measurements)."""

    name = "heuristic"
    noise: float = 0.0
    version: int = VERSION

    def __post_init__(self) -> None:
        if not 0.0 <= self.noise <= 1.0:
            raise ValueError(f"noise must be between 0 and 1, not {self.noise}")
        if self.version not in VERSIONS:
            raise ValueError(f"version must be one of {', '.join(map(str, VERSIONS))}, not {self.version}")

    def decide(self, view: SeatView, legal: list[Move], rng: random.Random,
               earlier: tuple[EarlierDeal, ...] = ()) -> Move:
        """Card play, trump call, bid or contract name by the rules of thumb of the module docstring."""
        if self.noise and rng.random() < self.noise:
            return legal[int(rng.random() * len(legal))]
        if view.phase == "play":
            return heuristic_card(view, legal, self.version)
        if view.phase == "call_trump":
            return static_trump_call(view, legal)
        if view.phase == "auction":
            return static_bid(view, legal)
        if view.phase == "choose_contract":
            return static_contract(view, legal, rng, self.version)
        raise ValueError(f"no decision in phase {view.phase}")


def _calls(view: SeatView, legal: list[Move], rng: random.Random) -> Move:
    """The heuristic's trump call, bid or contract name."""
    if view.phase == "call_trump":
        return static_trump_call(view, legal)
    if view.phase == "auction":
        return static_bid(view, legal)
    if view.phase == "choose_contract":
        return static_contract(view, legal, rng)
    raise ValueError(f"no decision in phase {view.phase}")


_RANK_MASKS = tuple(sum(1 << (s * 13 + r) for s in range(4)) for r in range(13))
"""Per rank 0..12 (2 … A), the mask of that rank's card in every suit."""


def _ranks(m: int) -> int:
    """The ranks (a 13-bit mask, bit r = rank r) that ``m`` holds in some suit."""
    return (m | m >> 13 | m >> 26 | m >> 39) & 0x1FFF


def _rank_top(m: int) -> int:
    """The card of ``m`` of the highest rank (the lowest suit on a tie)."""
    if not m:
        raise ValueError("no card")
    x = m & _RANK_MASKS[_ranks(m).bit_length() - 1]
    return (x & -x).bit_length() - 1


def _rank_bottom(m: int) -> int:
    """The card of ``m`` of the lowest rank (the lowest suit on a tie)."""
    if not m:
        raise ValueError("no card")
    r = _ranks(m)
    x = m & _RANK_MASKS[(r & -r).bit_length() - 1]
    return (x & -x).bit_length() - 1


def naive_card(ctx: Ctx, hand: int, lm: int, trick: Sequence[int], gone: int, trick_no: int,
               void_suits: int) -> int:
    """The ``naive`` card (a :data:`~kingcore.bots.policy.Policy`): see the module docstring."""
    if not trick:
        m = 0
        for s in SUIT_MASKS:  # the longest suit, the first of equals
            x = lm & s
            if x.bit_count() > m.bit_count():
                m = x
        return (m & -m).bit_length() - 1
    f = lm & SUIT_MASKS[trick[0] // 13]
    if not f:
        return _rank_top(lm)
    win, trumped = winner(ctx, trick)
    below = f if trumped else f & ((1 << win) - 1)
    if below:
        return below.bit_length() - 1
    return (f & -f).bit_length() - 1


def greedy_card(ctx: Ctx, hand: int, lm: int, trick: Sequence[int], gone: int, trick_no: int,
                void_suits: int) -> int:
    """The ``greedy`` card (a :data:`~kingcore.bots.policy.Policy`): see the module docstring."""
    if not trick:
        return _rank_top(lm)
    win, trumped = winner(ctx, trick)
    f = lm & SUIT_MASKS[trick[0] // 13]
    if f:
        wins = 0 if trumped else f & ~((2 << win) - 1)
    else:
        tr = lm & ctx.tsuit
        wins = tr & ~((2 << win) - 1) if trumped else tr
    if wins:
        return (wins & -wins).bit_length() - 1
    return _rank_bottom(lm)


def scatter_card(ctx: Ctx, hand: int, lm: int, trick: Sequence[int], gone: int, trick_no: int,
                 void_suits: int) -> int:
    """A legal card spread like a random one but a function of the position (a
    :data:`~kingcore.bots.policy.Policy`; no ``rng``, so play-outs stay reproducible and CPython and
    Pyodide agree): the robust expert's model of a seat that plays at random."""
    x = (gone * 0x9E3779B1 + hand * 0x85EBCA77 + len(trick) * 0xC2B2AE3D + trick_no) & 0xFFFFFFFF
    x ^= x >> 15
    x = (x * 0x2C1B3C6D) & 0xFFFFFFFF
    x ^= x >> 12
    i = x % lm.bit_count()
    for _ in range(i):
        lm &= lm - 1
    return (lm & -lm).bit_length() - 1


@dataclass(frozen=True)
class _CardPolicyBot(Bot):
    """A bot that plays the cards of one policy (``(ctx, hand, legal, trick, gone, trick_no, voids) ->
    card index``) and makes the heuristic's calls, bids and contract names."""

    policy: ClassVar[Policy]

    def decide(self, view: SeatView, legal: list[Move], rng: random.Random,
               earlier: tuple[EarlierDeal, ...] = ()) -> Move:
        """The policy's card, or the heuristic's call."""
        if view.phase == "play":
            return heuristic_play(view, legal, policy=type(self).policy)[3]
        return _calls(view, legal, rng)


@register
@dataclass(frozen=True)
class NaiveBot(_CardPolicyBot):
    """A beginner (``naive``): see the module docstring."""

    name = "naive"
    policy = naive_card


@register
@dataclass(frozen=True)
class GreedyBot(_CardPolicyBot):
    """Wins whenever it can (``greedy``): see the module docstring."""

    name = "greedy"
    policy = greedy_card
