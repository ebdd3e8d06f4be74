"""One step of a rubber in a web session, shared by the session, catalog and renderer tests."""

from __future__ import annotations

import random

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
