"""The errors of kingcore: one base class, each a ``ValueError`` so callers may catch either.

Broken invariants (a score-sheet row that does not sum to its control total) are assertions, not
:class:`KingError`: they are bugs, not bad input.
"""

from __future__ import annotations

from enum import Enum
from typing import Any


class KingError(Exception):
    """Base class of every error kingcore raises for bad input."""


class RulesError(KingError, ValueError):
    """An unknown option, a bad option value, or options that make no sense together (RULES.md §10)."""


class NotationError(KingError, ValueError):
    """Text that cannot be parsed: a card, a hand, a rules string, a position or a game record.

    Attributes:
        message: what is wrong, in plain words.
        text: the offending text (or line).
        line: 1-based line number in a multi-line text, or ``None``.
        column: 1-based column, or ``None``.
        illegal: the :class:`IllegalMoveError` of a record's card or call the rules refuse (its ``reason``,
            ``move``, ``seat`` and ``position``: what a page needs to say why in its own words), or ``None``.
        code: for the common kinds, a short name of the kind (``not_json``, ``no_start``, ``players_count``…)
            that a page translates (its catalog's ``detail.<code>``) with ``params`` (a dict of str/int
            values); ``None`` for rare kinds, whose English ``message`` a page shows as it is.
    """

    def __init__(self, message: str, text: str = "", line: int | None = None,
                 column: int | None = None, illegal: IllegalMoveError | None = None, *,
                 code: str | None = None, params: dict[str, Any] | None = None) -> None:
        self.message = message
        self.code = code
        self.params = params or {}
        self.text = text
        self.line = line
        self.column = column
        self.illegal = illegal
        where = ""
        if line is not None:
            where = f"line {line}" + (f", column {column}" if column is not None else "") + ": "
        super().__init__(where + message)


class DealError(KingError, ValueError):
    """A deal that cannot be played: overlapping hands, a wrong hand size, cards not in the deck
    (VECTORS.md kind ``bad_deal``)."""


class Reason(str, Enum):
    """Why a move is illegal; the values are the VECTORS.md error kinds."""

    NOT_IN_HAND = "not_in_hand"
    MUST_FOLLOW_SUIT = "must_follow_suit"
    HEARTS_LEAD = "hearts_lead"
    KING_MUST_GO = "king_must_go"
    MUST_PLAY_HEART = "must_play_heart"
    MUST_TRUMP = "must_trump"
    DEAL_OVER = "deal_over"
    NOT_YOUR_TURN = "not_your_turn"
    WRONG_PHASE = "wrong_phase"
    BAD_CALL = "bad_call"


class IllegalMoveError(KingError, ValueError):
    """A move the rules forbid.

    Attributes:
        reason: a :class:`Reason` (its value is the VECTORS.md kind).
        move: the move (a :class:`~kingcore.cards.Card` or :class:`~kingcore.moves.Move`).
        seat: the seat that tried it, or ``None``.
        position: the position (or game) it was tried in, or ``None``.
        rule: the RULES.md section, e.g. ``"§4"``.
    """

    def __init__(self, message: str, reason: Reason, move: Any = None, seat: int | None = None,
                 position: Any = None, rule: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.reason = reason
        self.move = move
        self.seat = seat
        self.position = position
        self.rule = rule
