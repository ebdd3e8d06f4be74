"""The trick history of a deal, as data: every completed trick — who led, the cards in order, who took it
and the points it gave — for the deal in play and for every past deal of the rubber (RULES.md §4–§7).

Built from the public record only (the cards played, in order; never a hand): the deal's completed tricks
as the engine settled them while they were played (:attr:`kingcore.game.DealInfo.tricks`), so the winners
and points are the engine's and a view never replays the deal. Shape of :func:`deal_history`: ``{"deal",
"contract", "dealer", "trump", "shown", "tricks":
[{"number", "leader", "winner", "cards": [{"seat", "card"}], "points"}], "points", "over", "early"}`` —
``trump`` as the view model's contract's (a suit letter, ``nt``, ``misere`` or ``None``), ``shown`` the
card called "by the last card", ``points`` of a trick the winner's (signed, this contract's), ``points``
of the deal one int per seat, ``early`` whether it ended before every card was played (RULES.md §4).

>>> import random
>>> from kingcore import Game, Rules
>>> g = Game(Rules()); g.set_first_dealer(3); g.deal(random.Random(4)); g.autoplay(random.Random(4), deals=1)
>>> h = deal_history(g, 1)
>>> h["contract"], len(h["tricks"]), h["tricks"][0]["leader"], sum(t["points"] for t in h["tricks"])
('no_tricks', 8, 0, -16)
"""

from __future__ import annotations

from typing import Any

from ..cards import SUIT_LETTERS
from ..errors import RulesError
from ..game import Game


def deal_history(game: Game, number: int) -> dict[str, Any]:
    """The completed tricks of deal ``number`` (1-based) of ``game`` (see the module docstring).

    A deal still in play lists the tricks completed so far (not the cards of the trick on the table).

    Raises:
        RulesError: no deal ``number`` was dealt in this rubber.
    """
    if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= len(game.deals):
        raise RulesError(f"deal {number!r} is not a deal of this rubber (1..{len(game.deals)})")
    d = game.deals[number - 1]
    n = game.rules.players
    tricks: list[dict[str, Any]] = []
    final = d.position
    trump: str | None = None
    if d.trump_call is not None:
        suit = d.trump_call.suit
        trump = "misere" if d.misere else ("nt" if suit is None else SUIT_LETTERS[suit])
    out: dict[str, Any] = {"deal": d.number, "contract": d.contract.value if d.contract else None,
                           "dealer": d.dealer, "trump": trump, "shown": str(d.shown) if d.shown else None,
                           "tricks": tricks, "points": [0] * n, "over": False, "early": False}
    if final is None:
        return out
    for i, t in enumerate(d.tricks, 1):
        tricks.append({"number": i, "leader": t.leader, "winner": t.winner,
                       "cards": [{"seat": seat, "card": str(card)} for seat, card in t.cards], "points": t.points})
    out.update(points=list(final.points), over=final.over, early=final.over and any(final.hands))
    return out
