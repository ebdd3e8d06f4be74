"""One step of a rubber in a web session, shared by the session, catalog and renderer tests."""

from __future__ import annotations

import random

from kingcore import Phase
from kingcore.web import Session, bot_move


def step(s: Session, rng: random.Random, requests: list[tuple[int, str]] | None = None,
         level: str = "medium") -> None:
    """One step of a rubber: chance, or the seat to move asks its bot (seeing only its view) and plays."""
    if s.deal(rng):
        return
    seat = s.game.to_move
    assert seat is not None
    request = s.bot_request(seat)
    if requests is not None:
        requests.append((seat, request))
    answer = s.apply(bot_move(request, level, s.bot_seed(seat)), seat)
    assert answer["ok"], answer["error"]


def play_to_the_last_deals(s: Session, rng: random.Random, deals_left: int = 2) -> Session:
    """``s`` with its rubber played on by uniformly random legal moves (the engine's own, no bots, no
    views: a fraction of a second even for ordered King's 56 deals) up to the end of the deal before the
    last ``deals_left``; the tests that check every step of a long rubber check its last deals from here
    (and its first deals from the start), where the middle adds nothing but time."""
    g = s.game
    while len(g.deals) < g.total_deals - deals_left or g.phase not in (Phase.DEAL_OVER, Phase.RUBBER_OVER):
        g.step_random(rng)
    assert g.phase is Phase.DEAL_OVER and g.total_deals - len(g.deals) == deals_left
    return s
