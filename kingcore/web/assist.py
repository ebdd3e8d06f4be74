"""The player's aids against bots (issue 13, item 3): undo of a person's last move, the one legal move that
auto-play may make, and the sounds a move makes — pure functions over a :class:`~kingcore.game.Game` and the
page's view models (:mod:`.viewmodel`), so that CPython tests cover them.

**Undo** takes back a person's last move (a card or a call) of the deal in progress and every bot move
after it, back to that person's turn — possible until another person has moved (RULES.md §2–§9 are replayed
unchanged: the game is rebuilt from its dealt cards and moves). A deal that is over can be undone until the
next deal is dealt; a rubber that is over cannot.

>>> import random
>>> from kingcore import Game, Rules
>>> g = Game(Rules()); g.set_first_dealer(3); g.deal(random.Random(1))
>>> g.play(g.legal_moves()[0]); g.play(g.legal_moves()[0])
>>> undo_span(g, 0, [0]), undo_span(g, 1, [0]), undo_span(g, 1, [0, 1])
(2, 0, 1)
>>> deal_moves(rewind(g, 0)) == [], len(deal_moves(rewind(g, 1)))
(True, 1)
"""

from __future__ import annotations

from collections.abc import Iterable

from ..cards import Card
from ..game import Game, Phase
from ..moves import Move
from .shapes import ViewModel

Moves = list[tuple[int, str]]
"""A deal's moves in order: ``(seat, token)`` — its calls, then its cards."""

SOUNDS = ("card", "trick", "king")
"""The sounds a move can make: a card played, a trick taken, the King of hearts taken."""

KING = "KH"


def deal_moves(game: Game) -> Moves:
    """The moves of the deal in progress (or just over): ``(seat, token)``, calls first, then cards; ``[]``
    before the first deal."""
    d = game.current
    if d is None:
        return []
    return [(s, str(m)) for s, m in d.calls] + [(s, str(c)) for s, c in d.plays]


def undo_span(game: Game, seat: int, humans: Iterable[int]) -> int:
    """How many moves an undo for ``seat`` takes back: ``seat``'s last move of the deal and every move after
    it, when none of those was another person's (``humans``: the seats people play); ``0`` when there is
    nothing to undo (no move of ``seat`` in this deal, another person moved since, the rubber is over)."""
    if game.phase in (Phase.DRAW_DEALER, Phase.DEAL, Phase.RUBBER_OVER):
        return 0
    people = set(humans)
    moves = deal_moves(game)
    for i in range(len(moves) - 1, -1, -1):
        mover = moves[i][0]
        if mover in people:
            return len(moves) - i if mover == seat else 0
    return 0


def rewind(game: Game, keep: int) -> Game:
    """A new game equal to ``game`` with only the first ``keep`` moves of its last deal (the draw, the dealt
    cards and every earlier deal replayed through the rules; ``game`` is not changed).

    Raises:
        ValueError: ``keep`` is negative or more than the deal's moves, or there is no deal.
    """
    moves = deal_moves(game)
    if game.current is None or not 0 <= keep <= len(moves):
        raise ValueError(f"cannot keep {keep} of the {len(moves)} moves of the deal")
    g = game.restart()
    last = len(game.deals) - 1
    for i, d in enumerate(game.deals):
        g.deal_cards(d.hands, d.kitty)
        done: list[tuple[int, Move | Card]] = [*d.calls, *d.plays]  # values, not tokens: no parsing
        for seat, move in done if i < last else done[:keep]:
            g.play(move, seat)
    return g


def forced_move(vm: ViewModel) -> str | None:
    """The move token auto-play may make for the view model's seat: its one legal move (a card, or a call
    when the call screen offers exactly one), ``None`` when it is not that seat's turn or there is a choice."""
    if not vm.get("my_turn"):
        return None
    legal = [c["card"] for c in vm["hand"] if c["legal"]] if vm["phase"] == "play" else \
        [m["token"] for m in vm["moves"]]
    return legal[0] if len(legal) == 1 else None


def sound_events(before: ViewModel, after: ViewModel) -> list[str]:
    """The sounds of one move, from the view models before and after it (of :data:`SOUNDS`, in order): a
    ``card`` when a card was played, a ``trick`` when that card completed a trick, ``king`` when that trick
    held the King of hearts. A call makes no sound.

    >>> vm = {"deal": 1, "seen": [], "trick": [{"seat": 0, "card": "7S"}], "last_trick": None}
    >>> done = {"deal": 1, "seen": ["7S", "KH"], "trick": [],
    ...         "last_trick": {"cards": [{"seat": 0, "card": "7S"}, {"seat": 1, "card": "KH"}]}}
    >>> sound_events(vm, done), sound_events(vm, vm)
    (['card', 'trick', 'king'], [])
    """
    if after["deal"] != before["deal"]:
        return []
    played = len(after["seen"]) + len(after["trick"]) - len(before["seen"]) - len(before["trick"])
    if played != 1:
        return []
    out = ["card"]
    if len(after["seen"]) > len(before["seen"]):
        out.append("trick")
        last = after["last_trick"]
        if last is not None and any(e["card"] == KING for e in last["cards"]):
            out.append("king")
    return out


def mark_undo(vm: ViewModel, deals: Iterable[int], possible: bool) -> ViewModel:
    """Add the undo marks to a view model (changed in place and returned): ``undo`` ``{"possible", "used",
    "deals"}`` (whether the seat may undo now; whether any deal of the rubber was played with undo; which,
    sorted) and ``undo`` (a bool) in every score-sheet row and in ``result``."""
    marked = sorted(set(deals))
    vm["undo"] = {"possible": possible, "used": bool(marked), "deals": marked}
    for row in vm["sheet"]["rows"]:
        row["undo"] = row["deal"] in marked
    result = vm["result"]
    if result:
        result["undo"] = result["deal"] in marked
    return vm
