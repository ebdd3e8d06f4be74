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

:data:`LEVELS` maps the four levels a UI offers to bot specs. A web worker that receives a view as
JSON (:meth:`SeatView.to_dict`) calls :func:`choose_token` ``(view_dict, spec, seed) -> token``.
:func:`hint` rates every legal move of a view with the strongest level; :func:`analyse` rates each
card a seat played in a game record.

>>> import random
>>> from kingcore import Game, Rules, seat_view
>>> g = Game(Rules()); g.set_first_dealer(0); g.deal(random.Random(3))
>>> bots = [make_bot(s) for s in ("random", "heuristic", "easy", "pimc(samples=4)")]
>>> while g.phase.value == "play":
...     g.play(bots[g.to_move].choose(seat_view(g, g.to_move), random.Random(g.to_move)))
>>> g.phase.name
'DEAL_OVER'
"""

from .base import (
    Bot,
    BotSpecError,
    alias,
    bot_names,
    choose_token,
    legal_moves,
    make_bot,
    parse_spec,
    register,
    view_from_dict,
)
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

LEVELS: dict[str, str] = {
    "easy": "heuristic(noise=0.2)",
    "medium": "heuristic",
    "hard": "pimc(samples=20,call_samples=8,budget_ms=350)",
    "expert": "expert(budget_ms=350,play_ms=130)",
}
"""The levels a UI offers, as bot specs. The Monte Carlo levels carry a wall-clock cap per decision
(350 ms; *Expert*'s cards after the opening lead 130 ms — ``play_ms``, issue 12's browser p95 target —,
so that only the opening lead, where its adaptive thinking wants up to 640 deals, waits longer on a slow
device; a decision is deterministic as long as the cap is not reached)."""

alias("expert", EXPERT)
alias("easy", LEVELS["easy"])
alias("medium", LEVELS["medium"])
alias("hard", LEVELS["hard"])

from .analysis import CardAnalysis, analyse, hint  # noqa: E402  (needs the aliases)

__all__ = [
    "EXPERT", "LEVELS", "Bot", "BotSpecError", "CardAnalysis", "GreedyBot", "HeuristicBot", "Knowledge", "NaiveBot",
    "PimcBot", "RandomBot",
    "analyse", "bot_names", "choose_token", "hint", "knowledge", "legal_moves", "make_bot", "parse_spec", "register",
    "sample_hands", "view_from_dict",
]
