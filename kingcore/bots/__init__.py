"""Bots that play King from one seat's view and never peek (RULES.md §4–§8).

Every bot implements :meth:`Bot.choose` ``(view, rng) -> Move`` on a :class:`~kingcore.view.SeatView`
for every decision: card play, trump call, auction bid or pass, contract name in ordered King. Bots are
named like rules, ``name(param=value,...)``, and built by :func:`make_bot`:

- ``random`` — uniformly random legal moves;
- ``naive``, ``greedy`` — a beginner and a trick-grabber: fields unlike the heuristic, for the arena;
- ``heuristic`` — rules of thumb (duck, dump penalty cards, win cheaply, count sure tricks);
  ``heuristic(noise=0.2)`` is the easy level;
- ``pimc(samples=N)`` — Perfect Information Monte Carlo with heuristic play-outs;
- ``expert`` — the strongest measured level (an alias, see :data:`EXPERT`).

:data:`LEVELS` maps the levels a UI offers to bot specs (read from the one registry of levels,
:mod:`.levels`). A web worker that receives a view as JSON (:meth:`SeatView.to_dict`) calls
:func:`choose_token` ``(view_dict, spec, seed) -> token``.
:func:`hint` rates every legal move of a view with the strongest level; :func:`analyse` rates each
card a seat played in a game record.

The bots themselves are imported when first needed (:func:`load`: on the first :func:`make_bot`, or the
first look at one of their names here), so that reading the levels costs the page's first render nothing.

>>> import random
>>> from kingcore import Game, Rules, seat_view
>>> g = Game(Rules()); g.set_first_dealer(0); g.deal(random.Random(3))
>>> bots = [make_bot(s) for s in ("random", "heuristic", "easy", "pimc(samples=4)")]
>>> while g.phase.value == "play":
...     g.play(bots[g.to_move].choose(seat_view(g, g.to_move), random.Random(g.to_move)))
>>> g.phase.name
'DEAL_OVER'
"""

import sys
from typing import TYPE_CHECKING, Any

from .base import (
    Bot,
    BotSpecError,
    alias,
    bot_names,
    choose_token,
    legal_moves,
    make_bot,
    on_first_use,
    parse_spec,
    register,
    view_from_dict,
)
from .levels import REGISTRY

if TYPE_CHECKING:
    from .analysis import CardAnalysis, analyse, hint
    from .knowledge import Knowledge, knowledge, sample_hands
    from .pimc import PimcBot
    from .simple import GreedyBot, HeuristicBot, NaiveBot, RandomBot

EXPERT = ("pimc(samples=160,call_samples=32,infer=0.9,chain=6,least=40,lead=640,"
          "models=heuristic+naive+greedy+random,prior=0.9,race=0.2,rubber=1,"
          "lead_trust=0.5)")
"""What ``expert`` stands for: the strongest level measured — at most 160 deals per card (from 40 on it
stops once the card is clear) and up to 640 for the opening lead (adaptive thinking, issue 12), drawn
by a Metropolis chain that weights each deal, and each other seat's model (the heuristic, naive,
greedy or random play; :class:`~kingcore.bots.pimc.ModelSampler`), by how well they explain that seat's
cards — starting each deal from what each seat's cards showed in the rubber's earlier deals
(``rubber=1``, :mod:`~kingcore.bots.rubber`; ``expert(rubber=0)`` is the expert of before) —, and
played out with each seat by its model; a card clearly more than 0.2 points behind gets no more deals
(``race``: the same choices, less time). It beats ``pimc(samples=40)`` head-to-head in
duplicate and takes more tricks than it against the heuristic field (docs/BOTS.md); the endgame
solver, own-move lookahead and rejection-sampled inference did not."""

LEVELS: dict[str, str] = {lv.name: lv.page_spec for lv in REGISTRY}
"""Every level a UI offers (:data:`.levels.REGISTRY`) → the bot spec the page plays, with its wall-clock
caps (:attr:`.levels.Level.page_spec`)."""

alias("expert", EXPERT)
for _level in REGISTRY:
    if parse_spec(_level.spec)[0] != _level.name:  # easy → heuristic(noise=0.2); expert is its own bot above
        alias(_level.name, _level.page_spec)

_LAZY = {"CardAnalysis": "analysis", "analyse": "analysis", "hint": "analysis", "Knowledge": "knowledge",
         "knowledge": "knowledge", "sample_hands": "knowledge", "PimcBot": "pimc", "GreedyBot": "simple",
         "HeuristicBot": "simple", "NaiveBot": "simple", "RandomBot": "simple"}


def load() -> None:
    """Import every built-in bot now (the page's bots' worker does so before the first move asks)."""
    if "PimcBot" in globals():
        return
    from . import analysis, knowledge, pimc, simple  # noqa: F401  (registers the bots)

    for name, module in _LAZY.items():  # the function knowledge, not the module of that name
        globals()[name] = getattr(sys.modules[f"{__name__}.{module}"], name)


on_first_use(load)


def __getattr__(name: str) -> Any:
    """The bots' names (:data:`_LAZY`), imported on first use."""
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    load()
    return globals()[name]


__all__ = [
    "EXPERT", "LEVELS", "REGISTRY", "Bot", "BotSpecError", "CardAnalysis", "GreedyBot", "HeuristicBot", "Knowledge",
    "NaiveBot", "PimcBot", "RandomBot",
    "analyse", "bot_names", "choose_token", "hint", "knowledge", "legal_moves", "load", "make_bot", "parse_spec",
    "register", "sample_hands", "view_from_dict",
]
