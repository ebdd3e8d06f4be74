"""The shapes of what the session package answers the page (:mod:`kingcore.web.viewmodel`'s view model,
:meth:`kingcore.web.Session.apply`'s answer), as ``TypedDict``s: JSON-ready data and codes, checked by mypy
``--strict`` in the package and in the page's renderers. At run time they are plain ``dict``s.

This module imports nothing of the engine, so that every module of the package may name the shapes.
"""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict


class SeatCard(TypedDict):
    """A card a seat played: ``{"seat", "card"}`` (``"QS"``)."""

    seat: int
    card: str


class HandCard(TypedDict):
    """A card of the viewer's hand: whether it may be played now and, if not, the reason's code and suits."""

    card: str
    rank: str
    suit: str
    legal: bool
    reason: str | None
    args: dict[str, str | None] | None


class ScorePart(TypedDict):
    """One item a contract scores: ``tricks``, ``boys``, ``girls``, ``hearts``, ``king`` or ``last_two``."""

    item: str
    value: int


class Scoring(TypedDict):
    """What a contract scores (:func:`scoring`)."""

    positive: bool
    parts: list[ScorePart]
    eralash: bool
    boys: str
    auction: bool


class HighBid(TypedDict):
    """An auction's bid: the seat and the tricks it bid."""

    seat: int
    tricks: int


class ContractView(TypedDict):
    """The deal's contract (the view model's ``contract``)."""

    id: str
    positive: bool
    trump: str | None
    bid: HighBid | None
    caller: int | None
    shown: str | None
    scoring: Scoring
    notes: list[str]


class MoveView(TypedDict):
    """A move as data (:func:`describe_move`); a contract offered also has ``positive`` and ``scoring``."""

    token: str
    kind: str
    card: str | None
    bid: int | None
    trump: str | None
    contract: str | None
    positive: NotRequired[bool]
    scoring: NotRequired[Scoring]


class CallView(MoveView):
    """A call made in the deal: the move and the seat that made it."""

    seat: int


class LastTrick(TypedDict):
    """The last completed trick: its number, the seat that took it, its cards from the leader on."""

    number: int
    winner: int
    cards: list[SeatCard]


class SheetNote(TypedDict):
    """A score-sheet row's note (:func:`sheet_note`)."""

    trump: str | None
    shown: str | None
    bid: HighBid | None
    caller: int | None
    named_by: int | None


class SheetRow(TypedDict):
    """A row of the score sheet; ``undo``: whether the deal was played with undo
    (:func:`kingcore.web.assist.mark_undo`)."""

    deal: int
    contract: str
    dealer: int
    points: list[int]
    running: list[int]
    control: int
    note: SheetNote | None
    undo: NotRequired[bool]


class ResultView(SheetRow):
    """The deal just over: its row, the tricks each seat took, whether it ended early."""

    tricks: list[int]
    early: bool


class SheetView(TypedDict):
    """The score sheet: its rows and the running totals."""

    rows: list[SheetRow]
    totals: list[int]


class Standing(TypedDict):
    """A seat's place and total at the end of the rubber."""

    place: int
    seat: int
    total: int


class Payment(TypedDict):
    """What one seat pays another at the settlement."""

    payer: int
    winner: int
    amount: int


class FinalView(TypedDict):
    """The rubber's end: the standings, the winners, the settlement."""

    standings: list[Standing]
    winners: list[int]
    settlement: list[Payment]


class DrawCard(TypedDict):
    """A card drawn for the first dealer."""

    seat: int
    card: str


class FirstDealer(TypedDict):
    """The first dealer and the card that made them (``None`` without a draw), with every card drawn."""

    seat: int
    card: str | None
    draw: list[DrawCard]


class UndoMarks(TypedDict):
    """Undo's marks (:func:`kingcore.web.assist.mark_undo`)."""

    possible: bool
    used: bool
    deals: list[int]


class Former(TypedDict):
    """An earlier holder of a seat given to someone else (:mod:`kingcore.web.holders`): ``name`` played ``seat``
    in every deal before ``to`` (``None``: no one has taken the seat since)."""

    seat: int
    name: str
    to: int | None


class ViewModel(TypedDict):
    """Everything the page draws for one seat (the module docstring says each key)."""

    phase: str
    seat: int
    players: int
    rules: str
    rule_set: str | None
    deal: int
    deals: int
    hand_size: int
    kitty: int
    dealer: int | None
    kitty_cards: list[str]
    first_dealer: FirstDealer | None
    to_move: int | None
    my_turn: bool
    leader: int | None
    levels: list[str]
    stand_ins: list[int]
    stand_in: NotRequired[str]
    readers: NotRequired[list[int]]
    fast: bool
    names: list[str | None] | None
    pass_to: int | None
    contract: ContractView | None
    hand: list[HandCard]
    counts: list[int]
    trick: list[SeatCard]
    tricks_done: int
    trick_complete: bool
    last_trick: LastTrick | None
    seen: list[str]
    tricks: list[int]
    points: list[int]
    calls: list[CallView]
    high_bid: HighBid | None
    bid_order: list[int]
    moves: list[MoveView]
    sheet: SheetView
    schedule: list[dict[str, str]]
    result: ResultView | None
    final: FinalView | None
    history: list[dict[str, Any]]
    undo: NotRequired[UndoMarks]
    former: NotRequired[list[Former]]

class Frame(ViewModel):
    """A step of the replay viewer (:meth:`kingcore.web.Replay.frame`): seat 0's view model and the step,
    the last step, the deal's index, every seat's cards (those the record shows) and the number of its
    cards the record hides, the move that led here, the running totals."""

    step: int
    last: int
    deal_index: int
    hands: list[list[str]]
    backs: list[int]
    move: dict[str, Any] | None
    totals: list[int]


class Refusal(TypedDict):
    """Why a move was refused: the reason's code, the suits it names, the engine's message."""

    reason: str
    args: dict[str, str | None]
    message: str


class Answer(TypedDict):
    """:meth:`kingcore.web.Session.apply`'s answer: whether the move was played, the view model after it,
    and (refused) why."""

    ok: bool
    view: ViewModel
    error: NotRequired[Refusal]

