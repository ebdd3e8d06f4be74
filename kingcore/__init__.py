"""kingcore — the rules engine of King (Кинг, "Ladies' Preference"), the Russian trick-avoidance game.

Every rule and option of RULES.md: decks for 2–6 players, the fourteen contracts, scoring presets,
trump replays and the auction, ordered King, the score sheet; deal vectors, position strings and
game records; a CLI (``python -m kingcore``). Pure Python, no dependencies; runs under Pyodide.

>>> from kingcore import Game, Rules
>>> import random
>>> g = Game(Rules()); g.autoplay(random.Random(7)); g.phase.name, len(g.sheet.rows)
('RUBBER_OVER', 14)
"""

from .cards import Card, CardSet, Rank, Suit, shuffle
from .contracts import Contract, Scoring, Trump, automatic_trick_value
from .errors import DealError, IllegalMoveError, KingError, NotationError, Reason, RulesError
from .game import Game, Phase
from .moves import Move
from .notation import parse_position
from .position import Bid, Deal, Position, random_playout
from .rules import Rules
from .scoresheet import ScoreSheet
from .view import EarlierDeal, SeatView, earlier_deals, seat_view

__version__ = "0.1.0"

__all__ = [
    "Bid", "Card", "CardSet", "Contract", "Deal", "DealError", "EarlierDeal", "Game", "IllegalMoveError", "KingError",
    "Move", "NotationError", "Phase", "Position", "Rank", "Reason", "Rules", "RulesError", "ScoreSheet",
    "Scoring", "SeatView", "Suit", "Trump", "__version__", "automatic_trick_value", "earlier_deals", "parse_position",
    "random_playout", "seat_view", "shuffle",
]
