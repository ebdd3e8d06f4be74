"""The calls the page's bots' worker answers: JSON text in, JSON text out (RULES.md §4–§8).

Bots get only a seat's :class:`~kingcore.view.SeatView` as JSON (:meth:`Session.bot_request
<kingcore.web.session.Session.bot_request>`) and answer a move token: :func:`choose` ``(view_dict, level,
seed) -> token``, deterministic for a given view, level and seed; :func:`hint_json` rates the legal moves
of a view and :func:`analyse_json` reviews a seat's cards after a deal, both with the strongest level.
:mod:`kingcore.bots` is imported when first needed: the page's first render does not wait for it.

The rubber's earlier deals are not in the request, only their tag (:mod:`kingcore.web.past`): a level
that learns from them (*Expert*) finds them in this Python's :data:`~kingcore.web.past.MEMORY`. When it
does not hold them, :func:`bot_move` and :func:`hint_json` answer :data:`NEED` and the tag held instead
(:func:`need`), the page sends what is missing (:meth:`Session.bot_past
<kingcore.web.session.Session.bot_past>`) to :func:`learn` and asks again — once per deal.
"""

from __future__ import annotations

import json
import random
from typing import Any

from ..view import EarlierDeal, SeatView
from .past import MEMORY
from .session import BOT_LEVELS, DEFAULT_LEVEL
from .viewmodel import describe_move

NEED = "?past"
"""How :func:`bot_move` and :func:`hint_json` begin an answer that asks for the rubber's earlier deals:
``"?past N:digest"``, the tag this Python's memory holds."""


class PastNeeded(ValueError):
    """The bot learns from the rubber's earlier deals and this Python does not hold those the request
    names. ``held``: the tag it holds (what :meth:`Session.bot_past <kingcore.web.session.Session.bot_past>`
    needs)."""

    def __init__(self, held: str) -> None:
        super().__init__(f"the rubber's earlier deals are not known here (held: {held})")
        self.held = held


def need(answer: str) -> str | None:
    """The tag held, when ``answer`` (of :func:`bot_move` or :func:`hint_json`) asks for the earlier deals;
    else ``None``."""
    return answer[len(NEED) + 1:] if answer.startswith(NEED) else None


def learn(feed: str) -> str:
    """Learn the earlier deals :meth:`Session.bot_past <kingcore.web.session.Session.bot_past>` sent
    (:meth:`kingcore.web.past.Past.learn`); the tag now held.

    Raises:
        ValueError: not a feed.
    """
    return MEMORY.learn(feed)


def decode(request: str) -> tuple[SeatView, tuple[EarlierDeal, ...] | None]:
    """What the worker makes of a bot request (JSON text): the view, and the rubber's earlier deals its
    tag names when this Python holds them (``None`` when not).

    Raises:
        KeyError, ValueError: not a request.
    """
    d = json.loads(request)
    return SeatView.from_dict(d), MEMORY.known(d.get("past", "0:"))


SPEED: dict[str, float] = {"ms": 0.0, "slowness": 1.0}
"""This Python's device as :func:`calibrate` measured it: ``ms`` the speed workload's wall time (0: not
measured), ``slowness`` how many times slower than the reference device (:mod:`kingcore.bots.speed`; 1 until
measured) — the levels' thinking caps are divided by it (:func:`level_spec`)."""


def level_spec(level: str) -> str:
    """The :mod:`kingcore.bots` spec of a seat level (:data:`~kingcore.web.session.BOT_LEVELS`), its
    wall-clock caps scaled to this device's measured :data:`SPEED` (the reference device's until measured).

    Raises:
        ValueError: not a bot level.
    """
    if level not in BOT_LEVELS:
        raise ValueError(f"unknown bot level {level!r} (known: {', '.join(BOT_LEVELS)})")
    from ..bots.levels import level as registered

    return registered(level).spec_at(SPEED["slowness"])  # (at slowness 1: the level's page_spec)


def choose(view: dict[str, Any], level: str = DEFAULT_LEVEL, seed: int = 0) -> str:
    """A legal move token chosen by the bot of ``level`` for the seat whose view this is (a
    :meth:`SeatView.to_dict <kingcore.view.SeatView.to_dict>`), which must be to move (RULES.md §4–§8).

    Deterministic for the same view, level and seed (``rng = random.Random(seed)``) and the earlier
    deals the view's ``past`` tag names (:mod:`kingcore.web.past`).

    Raises:
        ValueError: the view has no legal move (not this seat's turn), or an unknown level.
        PastNeeded: the level learns from the earlier deals and this Python does not hold them.
    """
    if not view.get("legal"):
        raise ValueError(f"seat {view.get('seat')} has no legal move in phase {view.get('phase')}")
    spec = level_spec(level)
    return _decide(SeatView.from_dict(view), MEMORY.known(view.get("past", "0:")), spec, seed)


def _decide(view: SeatView, earlier: tuple[EarlierDeal, ...] | None, spec: str, seed: int) -> str:
    """The token bot ``spec`` chooses; raises :class:`PastNeeded` when it learns from the earlier deals and
    ``earlier`` is ``None`` (not held)."""
    from ..bots import make_bot

    bot = make_bot(spec)
    if earlier is None:
        if bot.learns():
            raise PastNeeded(MEMORY.tag())
        earlier = ()
    return str(bot.choose(view, random.Random(seed), earlier))


def warm_up() -> bool:
    """Import the bots now (in the worker, before the first move asks for them) and measure this device's
    speed (:func:`calibrate`); ``True``."""
    from ..bots import load

    load()
    calibrate()
    return True


def calibrate() -> str:
    """Measure this device's speed now (:func:`kingcore.bots.speed.measure`: 200 ms of its bots' own work)
    and keep it in :data:`SPEED`, which scales the levels' caps from then on; :data:`SPEED` as JSON text."""
    from ..bots import speed

    ms = speed.measure()
    SPEED.update(ms=round(ms, 1), slowness=round(speed.slowness(ms), 2))
    return json.dumps(SPEED)


def bot_move(view_json: str, level: str = DEFAULT_LEVEL, seed: int = 0) -> str:
    """:func:`choose` for a bot request given as JSON text (what crosses into the page's bot worker); when
    the level needs earlier deals this Python does not hold, :data:`NEED` and the tag held instead."""
    view = json.loads(view_json)
    try:
        return choose(view, level, seed)
    except PastNeeded as e:
        return f"{NEED} {e.held}"


def hint_json(view_json: str, seed: int = 0) -> str:
    """The strongest level's rating of every legal move of a view (JSON text in, JSON text out):
    ``{"best": token, "measure": "points" | "share", "moves": [{**describe_move(token), "expected"}, ...]}``,
    best first (the strongest bot's own choice); ``expected`` is the expected points of the deal for
    the seat (positive is good), rounded to 0.01 — or, when naming a contract in ordered King
    (``measure`` ``share``), how much better than its fair share the hand plays it, as a fraction, a
    pass being the bar a contract must clear (:func:`kingcore.bots.hint`). When the earlier deals the
    request names are not held: :data:`NEED` and the tag held, as :func:`bot_move`.

    Raises:
        ValueError: the seat is not to move.
    """
    from ..bots import base, hint
    from ..bots.analysis import STRONGEST

    view, earlier = decode(view_json)
    bot = base.make_bot(level_spec(STRONGEST))
    if earlier is None and bot.learns():
        return f"{NEED} {MEMORY.tag()}"
    rated = hint(view, random.Random(seed), bot, earlier or ())
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
