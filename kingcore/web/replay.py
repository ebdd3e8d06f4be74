"""The replay viewer's logic (issue 13, item 5): a file opened in the page (a game record, a save text, or
a JSON object holding a save under ``"save"``) read into a :class:`Replay` — the rubber as a list of steps,
one per dealt deal, call and card — each step drawn as a frame with every seat's cards face up (but those a
record saved in the middle of a deal does not show: their backs), and a game truncated at any step to play
on from there, the cards seat 0 could not see there dealt anew (RULES.md §3–§8, §11; the record format:
:mod:`kingcore.notation`).

A step is ``(deal index, calls made, cards played)``: step 0 of a deal is its cards dealt before any call;
each call and each card is one more step. The game at a step is replayed through the rules from the nearest
deal start (a copy kept once that deal was first reached), so stepping back is as cheap as stepping forward.

>>> import random
>>> from kingcore import Game, Rules
>>> from kingcore.notation import dumps
>>> g = Game(Rules()); g.autoplay(random.Random(5), deals=2)
>>> r = Replay.from_text(dumps(g))
>>> r.kind, len(r.deals), r.frame(r.last)["totals"] == list(g.sheet.totals)
('record', 2, True)
>>> [len(h) for h in r.frame(0)["hands"]], r.frame(1)["move"]["kind"], r.next_trick(0)
([8, 8, 8, 8], 'card', 4)
"""

from __future__ import annotations

import contextlib
import copy
import random
from dataclasses import dataclass
from typing import Any, Literal

from ..cards import Card
from ..errors import NotationError, RulesError
from ..game import Game
from ..hidden import IN_PROGRESS
from ..limits import MAX_FILE, check_size, json_loads
from ..notation import dumps, loads, record_former, record_players
from ..position import Position
from .backup import MAX_BACKUP
from .holders import deal_holder
from .hotseat import HUMAN, table_names
from .session import Session, check_settings
from .shapes import Frame
from .viewmodel import reason_args, view_model

FileKind = Literal["record", "save", "bundle"]
"""What a file held: a game record (``.king``), a save text, or a JSON object whose ``"save"`` holds one."""

Step = tuple[int, int, int]
"""(deal index from 0, calls made, cards played)."""


class ReplayFileError(NotationError):
    """A file the viewer cannot open, with the line and column where the reader stopped.

    Attributes:
        part: ``file`` (the line and column are the file's) or ``record`` (they are those of the game
            record inside a save: the save holds it as one JSON string).
        (and :class:`~kingcore.errors.NotationError`'s ``message``, ``text``, ``line``, ``column``)
    """

    def __init__(self, err: NotationError, part: Literal["file", "record"]) -> None:
        super().__init__(err.message, err.text, err.line, err.column, err.illegal, code=err.code, params=err.params)
        self.part = part

    def to_dict(self) -> dict[str, Any]:
        """``{"part", "line", "column", "message"}`` (JSON-ready; line and column may be ``None``); for a
        card or call the rules refuse also ``reason`` (a :class:`~kingcore.errors.Reason` value), ``args``
        (:func:`~kingcore.web.viewmodel.reason_args`), ``seat`` (or ``None``) and ``move`` (its token, or
        ``None``): the page says why in its own words, as at the table; ``code`` and ``params``
        (:class:`~kingcore.errors.NotationError`'s: the page's ``detail.<code>``; ``code`` ``None``: only the
        reader's English ``message`` says what is wrong — the rare kinds)."""
        out: dict[str, Any] = {"part": self.part, "line": self.line, "column": self.column, "message": self.message,
                               "code": self.code, "params": dict(self.params)}
        e = self.illegal
        if e is not None:
            out.update(reason=e.reason.value, args=reason_args(e.position if isinstance(e.position, Position)
                                                               else None),
                       seat=e.seat, move=None if e.move is None else str(e.move))
        return out


def sniff(text: str) -> tuple[str, FileKind]:
    """The game record a file holds, and what the file was: a record as it is; a save text
    (:meth:`Session.to_save`: JSON with a ``"record"`` string); or a JSON object with a ``"save"`` field
    holding a save text (or a save object) — the page's "all data" export (:mod:`.backup`, at most
    :data:`~kingcore.web.backup.MAX_BACKUP` characters; a record or a save at most ``MAX_FILE``).

    Raises:
        ReplayFileError: (part ``file``) over the size limit, or text that starts with ``{`` but is not
            JSON, or JSON holding no game record — with line and column.
    """
    record, kind, _ = read_file(text)
    return record, kind


def read_file(text: str) -> tuple[str, FileKind, Any]:
    """:func:`sniff`, and the save's ``settings`` as the file holds them (not checked; ``None`` for a
    record): who played each seat and their names.

    Raises:
        ReplayFileError: as :func:`sniff`.
    """
    try:
        check_size(text, MAX_BACKUP, "file")
        body = text.lstrip("\ufeff")
        if not body.lstrip(" \t\r\n").startswith("{"):
            check_size(text, MAX_FILE, "record")
            return text, "record", None
        doc = json_loads(body, "file", MAX_BACKUP)
        kind: FileKind = "save"
        if isinstance(doc, dict) and "save" in doc and "record" not in doc:
            kind = "bundle"
            doc = doc["save"]
            if isinstance(doc, str):
                doc = json_loads(doc, "save")
        if isinstance(doc, dict) and isinstance(doc.get("record"), str):
            return str(doc["record"]), kind, doc.get("settings")
        raise NotationError('a JSON object without a game record (no "record" string, nor a "save" '
                            "holding one)", body[:80], 1, 1, code="no_record")
    except NotationError as e:
        raise ReplayFileError(e, "file") from None


@dataclass(frozen=True)
class DealSteps:
    """Where a deal's steps are: ``first`` (its cards dealt) to ``last`` (its last call or card);
    ``contract`` its contract's id (``None`` while not named yet, in ordered King)."""

    number: int
    contract: str | None
    first: int
    last: int


def _copy(game: Game) -> Game:
    """A copy of ``game`` to play on, sharing what no move changes any more: the rules and every deal but
    the current one (a finished deal's record and positions are never changed; positions are immutable)."""
    keep: dict[int, Any] = {id(game.rules): game.rules}
    for x in [*game.deals[:-1], *game.sheet.rows, *game.draw]:
        keep[id(x)] = x
    for d in game.deals[-1:]:  # the current deal's cards and positions are immutable values
        for x in [*d.kitty, *(c for h in d.hands for c in h), d.position]:
            keep[id(x)] = x
    return copy.deepcopy(game, keep)


class Replay:
    """A recorded rubber, step by step.

    Args:
        game: the rubber as recorded (finished or not; it is not changed).
        kind: what the file was (:data:`FileKind`).
        seats: who played each seat, as a save's settings say it (``levels``: ``"human"`` or a bot level,
            ``names``: a person's name, ``former``: who played a seat before it changed hands online,
            :mod:`.holders`); ``None`` or settings that do not check: seat 0 the person, the others bots (the seats
            named by where they sit).
    """

    def __init__(self, game: Game, kind: FileKind = "record", seats: Any = None) -> None:
        self.game = game
        self.kind: FileKind = kind
        self.players = game.rules.players
        self.settings = check_settings({}, self.players)
        if isinstance(seats, dict):
            with contextlib.suppress(RulesError):  # else the seats are named by where they sit
                self.settings = check_settings({k: seats[k] for k in ("levels", "names", "former") if k in seats},
                                               self.players)
        self.steps: list[Step] = []
        self.deals: list[DealSteps] = []
        self.starts: dict[int, Game] = {}  # copies of the game as deal k starts, made when first needed
        for k, d in enumerate(game.deals):
            first = len(self.steps)
            self.steps += [(k, c, 0) for c in range(len(d.calls) + 1)]
            self.steps += [(k, len(d.calls), p) for p in range(1, len(d.plays) + 1)]
            contract = None if d.contract is None else d.contract.value
            self.deals.append(DealSteps(d.number, contract, first, len(self.steps) - 1))

    def start(self, k: int) -> Game:
        """The game as deal ``k`` (from 0) starts, its cards dealt (kept: do not play on it). Replayed from
        the nearest deal start already made, each deal start passed on the way kept too."""
        if k in self.starts:
            return self.starts[k]
        below = [i for i in self.starts if i < k]
        if below:
            i = max(below)
            g = _copy(self.starts[i])
            self._play_deal(g, i, None, None)
            i += 1
        else:
            g = self.game.restart() if self.game.first_dealer is not None else Game(self.game.rules)
            i = 0
        while True:
            d = self.game.deals[i]
            g.deal_cards(d.hands, d.kitty)
            self.starts[i] = _copy(g) if i < k else g
            if i == k:
                return g
            self._play_deal(g, i, None, None)
            i += 1

    def _play_deal(self, g: Game, k: int, calls: int | None, plays: int | None) -> None:
        """Play on ``g`` deal ``k``'s first ``calls`` calls and ``plays`` cards (``None``: all)."""
        d = self.game.deals[k]
        for seat, m in d.calls[:calls]:
            g.play(m, seat)
        for seat, c in d.plays[:plays]:
            g.play(c, seat)

    @classmethod
    def from_text(cls, text: str) -> Replay:
        """The replay of a file's text (:func:`sniff`, then :func:`kingcore.notation.loads`).

        Raises:
            ReplayFileError: the file is not one the viewer reads (``part`` ``file``), or its game record
                does not replay (``part`` ``record`` when the record was inside a save, else ``file``) —
                with the reader's line and column.
        """
        record, kind, settings = read_file(text)
        try:
            game = loads(record)
            players = record_players(record)
            former = record_former(record, game.rules.players)
        except NotationError as e:
            raise ReplayFileError(e, "file" if kind == "record" else "record") from None
        if not game.deals:
            raise ReplayFileError(NotationError("the record holds no deal", "", 1, 1), "file")
        if players is not None and not isinstance(settings, dict):  # a record's [Players] and [Former] tags
            settings = {"levels": [HUMAN if k == HUMAN else level for k, level in players],
                        "names": [text if k == HUMAN else "" for k, text in players],
                        "former": [{"seat": seat, "name": name, "to": to} for seat, name, to in former or []]}
        return cls(game, kind, settings)

    # ----- steps ----------------------------------------------------------------------------------

    @property
    def last(self) -> int:
        """The last step (the end of the record)."""
        return len(self.steps) - 1

    def clamp(self, step: int) -> int:
        """``step`` within ``0 … last``."""
        return max(0, min(self.last, step))

    def deal_of(self, step: int) -> int:
        """The deal index (from 0) of ``step``."""
        return self.steps[self.clamp(step)][0]

    def boundary(self, step: int) -> bool:
        """Whether ``step`` starts a deal or ends a trick (where trick-by-trick stepping stops)."""
        k, _, plays = self.steps[step]
        return step == self.deals[k].first or (plays > 0 and plays % self.players == 0) or step == self.deals[k].last

    def next_trick(self, step: int) -> int:
        """The next step after ``step`` that ends a trick or starts a deal (the last step at the end)."""
        return next((s for s in range(self.clamp(step) + 1, len(self.steps)) if self.boundary(s)), self.last)

    def prev_trick(self, step: int) -> int:
        """The step before ``step`` that ends a trick or starts a deal (0 at the start)."""
        return next((s for s in range(self.clamp(step) - 1, -1, -1) if self.boundary(s)), 0)

    def game_at(self, step: int) -> Game:
        """A new game: the record up to ``step`` (clamped), replayed through the rules — what "continue
        from here" plays on."""
        k, calls, plays = self.steps[self.clamp(step)]
        g = _copy(self.start(k))
        self._play_deal(g, k, calls, plays)
        return g

    def move_at(self, step: int) -> dict[str, Any] | None:
        """The move that led to ``step``: ``{"seat", "token", "kind"}`` (``kind`` ``call`` or ``card``),
        or ``None`` for a deal's first step."""
        k, calls, plays = self.steps[self.clamp(step)]
        d = self.game.deals[k]
        if plays:
            seat, c = d.plays[plays - 1]
            return {"seat": seat, "token": str(c), "kind": "card"}
        if calls:
            seat, m = d.calls[calls - 1]
            return {"seat": seat, "token": str(m), "kind": "call"}
        return None

    def frame(self, step: int) -> Frame:
        """What the viewer draws at ``step`` (clamped): the view model of seat 0
        (:func:`kingcore.web.viewmodel.view_model`, for the contract, the trick, tricks and points, the
        score sheet) and ``step``, ``last``, ``deal_index``, ``hands`` (every seat's cards held now,
        ♠ ♥ ♦ ♣ high to low, but those the record hides), ``backs`` (each seat's hidden cards held now: a
        count), ``move`` (:meth:`move_at`), ``totals`` (the score sheet's totals so far). Its ``names`` are those
        of the deal on the board: a seat that changed hands online since by whoever played it then
        (``settings["former"]``, :func:`.holders.deal_holder`).
        """
        step = self.clamp(step)
        g = self.game_at(step)
        vm = view_model(g, 0, self.settings)
        former, names = self.settings["former"], vm["names"]
        if former and names is not None:
            number = self.game.deals[self.steps[step][0]].number
            vm["names"] = [former[i]["name"] if (i := deal_holder(former, s, number)) is not None else n
                           for s, n in enumerate(names)]
        hidden = self.game.deals[self.steps[step][0]].unseen
        held = [sorted(g.hand(s), key=self.card_order) for s in range(self.players)]
        hands = [[str(c) for c in cards if not hidden & c.mask] for cards in held]
        backs = [sum(1 for c in cards if hidden & c.mask) for cards in held]
        return {**vm, "step": step, "last": self.last, "deal_index": self.steps[step][0], "hands": hands,
                "backs": backs, "move": self.move_at(step), "totals": list(g.sheet.totals)}

    def hidden(self, index: int, seat: int) -> bool:
        """Whether the record hides cards of ``seat`` in deal ``index`` (from 0): a deal in progress saved
        for another seat (:mod:`kingcore.hidden`) — the expert cannot review cards nobody knows."""
        d = self.game.deals[index]
        return bool(d.unseen & d.hand_mask(seat))

    def seating(self) -> dict[str, Any]:
        """How the viewer names the seats (as :meth:`Session.seating`): ``players``, ``seat`` 0, ``levels``
        and ``names`` (:func:`~kingcore.web.hotseat.table_names`: people by the names the file gives)."""
        return {"players": self.players, "seat": 0, "levels": list(self.settings["levels"]),
                "names": table_names(self.settings)}

    @staticmethod
    def card_order(card: Card) -> tuple[int, int]:
        """The order cards are shown in: ♠ ♥ ♦ ♣, high to low."""
        return (int(card.suit), -int(card.rank))

    def deal_list(self) -> list[dict[str, Any]]:
        """Every deal of the record: ``[{"index", "number", "contract", "first", "last"}]`` (:class:`DealSteps`)."""
        return [{"index": i, "number": d.number, "contract": d.contract, "first": d.first, "last": d.last}
                for i, d in enumerate(self.deals)]

    def deal_points(self, index: int) -> list[int] | None:
        """The points each seat scored in deal ``index`` (from 0), or ``None`` while it is not over."""
        number = self.deals[index].number
        row = next((r for r in self.game.sheet.rows if r.deal == number), None)
        return None if row is None else list(row.points)

    def record(self) -> str:
        """The whole record as text (:func:`kingcore.notation.dumps`: what the bots' ``analyse`` reads)."""
        return dumps(self.game)

    def session_at(self, step: int, settings: dict[str, Any], seq: int, game_id: str,
                   rng: random.Random | None = None) -> Session:
        """A session to play on from ``step``: seat 0 the person, the other seats bots at the default level
        (``settings`` may set ``fast`` and ``seed``); ``seq`` the save counter to start from. In a deal in
        progress the cards seat 0 could not see there (the other seats' unplayed cards, the kitty) are
        dealt anew with ``rng`` (``None``: a new ``random.Random()``), consistently with the cards played
        and the calls (:func:`kingcore.notation.loads` of the record for seat 0): the viewer showed every
        hand, and a game played on must not be won by knowing them (RULES.md §11).

        Raises:
            RulesError: bad settings.
        """
        s = {k: v for k, v in settings.items() if k in ("fast", "seed")}
        game = self.game_at(step)
        if game.phase in IN_PROGRESS:
            game = loads(dumps(game, seat=0), rng or random.Random())
        return Session(game, s, seq, game_id)


__all__ = ["DealSteps", "FileKind", "Replay", "ReplayFileError", "Step", "read_file", "sniff"]
