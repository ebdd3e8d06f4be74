"""The calls the page's bots' worker answers: JSON text in, JSON text out (RULES.md §4–§8).

Bots get only a seat's :class:`~kingcore.view.SeatView` as JSON (:meth:`Session.bot_request
<kingcore.web.session.Session.bot_request>`) and answer a move token: :func:`choose` ``(view_dict, level,
seed) -> token``, deterministic for a given view, level and seed; :func:`hint_json` rates the legal moves
of a view and :func:`analyse_json` reviews a seat's cards after a deal, both with the strongest level.
:mod:`kingcore.bots` is imported when first needed: the page's first render does not wait for it.
"""

from __future__ import annotations

import json
import random
from typing import Any

from .session import BOT_LEVELS, DEFAULT_LEVEL
from .viewmodel import describe_move


def level_spec(level: str) -> str:
    """The :mod:`kingcore.bots` spec of a seat level (:data:`~kingcore.web.session.BOT_LEVELS`).

    Raises:
        ValueError: not a bot level.
    """
    if level not in BOT_LEVELS:
        raise ValueError(f"unknown bot level {level!r} (known: {', '.join(BOT_LEVELS)})")
    from ..bots import LEVELS

    return LEVELS.get(level, level)


def choose(view: dict[str, Any], level: str = DEFAULT_LEVEL, seed: int = 0) -> str:
    """A legal move token chosen by the bot of ``level`` for the seat whose view this is (a
    :meth:`SeatView.to_dict <kingcore.view.SeatView.to_dict>`), which must be to move (RULES.md §4–§8).

    Deterministic for the same view, level and seed (``rng = random.Random(seed)``).

    Raises:
        ValueError: the view has no legal move (not this seat's turn), or an unknown level.
    """
    if not view.get("legal"):
        raise ValueError(f"seat {view.get('seat')} has no legal move in phase {view.get('phase')}")
    from ..bots import choose_token

    return choose_token(view, level_spec(level), seed)


def warm_up() -> bool:
    """Import the bots now (in the worker, before the first move asks for them); ``True``."""
    from ..bots import load

    load()
    return True


def bot_move(view_json: str, level: str = DEFAULT_LEVEL, seed: int = 0) -> str:
    """:func:`choose` for a view given as JSON text (what crosses into the page's bot worker)."""
    return choose(json.loads(view_json), level, seed)


def hint_json(view_json: str, seed: int = 0) -> str:
    """The strongest level's rating of every legal move of a view (JSON text in, JSON text out):
    ``{"best": token, "measure": "points" | "share", "moves": [{**describe_move(token), "expected"}, ...]}``,
    best first (the strongest bot's own choice); ``expected`` is the expected points of the deal for
    the seat (positive is good), rounded to 0.01 — or, when naming a contract in ordered King
    (``measure`` ``share``), how much better than its fair share the hand plays it, as a fraction, a
    pass being the bar a contract must clear (:func:`kingcore.bots.hint`).

    Raises:
        ValueError: the seat is not to move.
    """
    from ..bots import base, hint
    from ..bots.analysis import STRONGEST

    view = base.view_from_dict(json.loads(view_json))
    rated = hint(view, random.Random(seed), base.make_bot(level_spec(STRONGEST)))
    moves = [{**describe_move(str(m)), "expected": round(v, 2)} for m, v in rated]
    measure = "share" if view.phase == "choose_contract" else "points"
    return json.dumps({"best": moves[0]["token"], "measure": measure, "moves": moves}, ensure_ascii=False)


def analyse_json(record_text: str, seat: int, deal: int, seed: int = 0) -> str:
    """The post-deal review (JSON text): every card ``seat`` played with a choice in ``deal`` of a
    game record, rated by the strongest level against the best alternative —
    ``{"deal", "seat", "cost", "cards": [{"trick", "card", "expected", "best", "best_expected", "cost"}]}``
    (points of the deal for the seat; ``cost`` ≥ 0 is what the choice gave away by the estimate).

    Raises:
        NotationError: a bad record. ValueError: a seat not in the game.
    """
    from ..bots import base
    from ..bots.analysis import STRONGEST, analyse

    rows = analyse(record_text, seat, base.make_bot(level_spec(STRONGEST)), seed, deals=(deal,))
    cards = [{"trick": r.trick, "card": str(r.move), "expected": round(r.expected, 2), "best": str(r.best),
              "best_expected": round(r.best_expected, 2), "cost": round(r.cost, 2)} for r in rows]
    return json.dumps({"deal": deal, "seat": seat, "cost": round(sum(r.cost for r in rows), 2), "cards": cards})
