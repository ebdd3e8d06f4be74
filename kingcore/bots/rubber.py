"""What the rubber's earlier deals show about how each seat plays: the robust expert's model of each
opponent carried from deal to deal (``pimc(models=…,rubber=W)``, issue 12 item 4; RULES.md §4).

Every card of a finished deal was played in public, so a seat's hand at each of its cards is known —
it is the cards that seat played from then on — as long as the deal was played to its last trick. A
card counts as evidence when that hand is known: every card of a deal played out; after an early end
(or with a kitty) only cards that followed suit in a suit of which the seat cannot have held an
unplayed card — none of that suit stayed unplayed, or the seat showed void in it later (each candidate
model's card when following suit depends on the cards of the led suit only). Cards never
played are never read: they are not in the view (:class:`~kingcore.view.EarlierDeal`).

Each model ``m`` gives a seat's counted cards a likelihood exactly as in the current deal
(:class:`~kingcore.bots.pimc.ModelSampler`: ``1 − ε + ε/L`` for the model's own card, ``ε/L``
otherwise, ``1/L`` for ``random``); the seat's prior for this deal is then
``prior(m) · L_m^W`` normalised (``W`` = ``rubber``, a weight: 1 is Bayes' rule across the deals,
below 1 trusts the past less), mixed with :data:`REOPEN` of the plain prior so that a seat that changes
its way of playing can still be read anew from its cards this deal.

>>> from kingcore.bots.policy import choose_card
>>> seat_priors((), 4, ((choose_card, None), (None, None)), (0.9, 0.1), 0.1, 2, 1.0, "king()")
[(0.9, 0.1), (0.9, 0.1), (0.9, 0.1), (0.9, 0.1)]
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence

from ..cards import SUIT_MASKS, CardSet
from ..game import Phase
from ..view import EarlierDeal, SeatView
from .calls import deal_ctx
from .knowledge import knowledge, parse_rules
from .policy import Ctx, Policy, mirror, mirror_card

__all__ = ["REOPEN", "deal_evidence", "known_plays", "seat_priors"]

REOPEN = 0.05
"""The share of the plain prior mixed into each seat's prior learned from the earlier deals."""

Models = Sequence[tuple[Policy | None, Policy | None]]

_CACHE: dict[tuple[object, ...], tuple[tuple[float, ...], ...]] = {}


History = list[tuple[int, tuple[int, ...], int, int, int, int, int]]


def known_plays(deal: EarlierDeal, rules: str) -> tuple[Ctx | None, History]:
    """The cards of a finished deal played from a hand the public cards show, with what they were
    played from: (the deal's policy context for the default heuristic — ``None`` when the deal has
    none —, one :attr:`~kingcore.bots.knowledge.Knowledge.history` entry per such card, its last item
    — the cards that seat played from then on — being the hand it held of the suit that counts: the
    whole hand, or the led suit when it followed suit)."""
    r = parse_rules(rules)
    n = r.players
    # the deal as a finished public record: a view of a seat that holds no card, after the last card
    view = SeatView(seat=0, phase=Phase.PLAY, rules=rules, deal=1, deals=1, dealer=deal.dealer, to_move=None,
                    leader=None, contract=deal.contract, trump=deal.trump, bid=deal.bid,
                    caller=None, shown=None, hand=CardSet(), trick=(), played=deal.plays, calls=(),
                    points=(0,) * n, tricks=(0,) * n, totals=(0,) * n, voids=(0,) * n, legal=(), owned=())
    k = knowledge(view)
    if k.deal is None:
        return None, []
    history = list(k.history)
    # the unplayed cards each seat may still have held (none after a deal played out)
    held = list(k.allowed)
    # seat 0's own cards are not in ``k.history``: read them as another seat's would be read
    if n > 1:
        k1 = knowledge(dataclasses.replace(view, seat=1))
        history += [h for h in k1.history if h[0] == 0]
        held[0] = k1.allowed[0]
    out: History = []
    for h in history:
        seat, trick, card = h[0], h[1], h[5]
        led = trick[0] // 13 if trick else -1
        if held[seat] and not (led >= 0 and card // 13 == led and not held[seat] & SUIT_MASKS[led]):
            continue  # the hand at this card is not known from the public cards
        out.append(h)
    return deal_ctx(k.deal), out


def deal_evidence(deal: EarlierDeal, rules: str, models: Models, eps: float, version: int
                  ) -> tuple[tuple[float, ...], ...]:
    """Per seat, the log-likelihood of its counted cards (:func:`known_plays`) in one finished deal
    under each model.

    Args:
        deal: the finished deal (public plays only); rules: the rubber's rules text.
        models: (judge, play) policies (:data:`~kingcore.bots.pimc.MODELS` values; judge ``None``: any
            legal card alike); eps: the models' ε (0 < ε ≤ 1); version: the heuristic's version.

    Returns:
        one tuple per seat (seat order) of one natural-log likelihood per model (0.0: no evidence).
        Cached per (deal, rules, models, ε, version): a pure function of public cards.
    """
    key = (deal, rules, tuple(models), eps, version)
    got = _CACHE.get(key)
    if got is not None:
        return got
    n = parse_rules(rules).players
    out = [[0.0] * len(models) for _ in range(n)]
    base, plays = known_plays(deal, rules)
    if base is not None:
        ctx = deal_ctx(base.deal, version)
        mis = ctx.misere
        for seat, trick, gone, trick_no, voids, card, later in plays:
            led = trick[0] // 13 if trick else -1
            h = later
            if mis:
                h = mirror(h)
                trick = tuple(mirror_card(c) for c in trick)
                gone = mirror(gone)
                card = mirror_card(card)
            lm = ctx.legal(h, led)
            if not lm & (lm - 1):
                continue
            share = 1.0 / lm.bit_count()
            for j, (judge, _) in enumerate(models):
                if judge is None:
                    p = share
                elif judge(ctx, h, lm, trick, gone, trick_no, voids) == card:
                    p = 1.0 - eps + eps * share
                else:
                    p = eps * share
                out[seat][j] += math.log(p)
    res = tuple(tuple(x) for x in out)
    if len(_CACHE) > 4096:
        _CACHE.clear()
    _CACHE[key] = res
    return res


def seat_priors(earlier: Sequence[EarlierDeal], players: int, models: Models, prior: Sequence[float], eps: float,
                version: int, weight: float, rules: str) -> list[tuple[float, ...]]:
    """Each seat's prior over the models for the current deal, learned from the ``earlier`` deals.

    Args:
        earlier: the rubber's finished deals (:func:`~kingcore.view.earlier_deals`); players: seats.
        models, prior: the candidate models and their plain prior (sums to 1); eps, version: as in
            :func:`deal_evidence`; weight: ``W`` ≥ 0, the power of the earlier deals' likelihood
            (0: every seat gets the plain prior); rules: the rules text.

    Returns:
        one tuple of model weights per seat (seat order), each summing to 1.
    """
    total = [[0.0] * len(models) for _ in range(players)]
    if weight > 0:
        for e in earlier:
            for s, ll in enumerate(deal_evidence(e, rules, models, eps, version)):
                for j, x in enumerate(ll):
                    total[s][j] += x
    out = []
    for s in range(players):
        if not any(total[s]):
            out.append(tuple(prior))
            continue
        logs = [math.log(p) + weight * x if p > 0 else -math.inf for p, x in zip(prior, total[s], strict=True)]
        top = max(logs)
        ws = [math.exp(x - top) for x in logs]
        z = sum(ws)
        out.append(tuple((1.0 - REOPEN) * w / z + REOPEN * p for w, p in zip(ws, prior, strict=True)))
    return out
