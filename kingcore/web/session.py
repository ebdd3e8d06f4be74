"""A rubber in the web page: the :class:`Session` (game, settings, save counter), its save text, and the
"new game" dialog's options read once (RULES.md §3, §10; what the dialog offers: :mod:`.tables`).

The page's main thread owns one :class:`Session`. It sends intents with :meth:`Session.apply` (move
tokens such as ``"QS"``, ``"pass"``, ``"trump:S"``), which answers the new view model
(:mod:`kingcore.web.viewmodel`: data and codes, never English), and keeps :meth:`Session.to_save` in the
browser's storage. Chance (the draw for dealer, the shuffles) happens with an ``rng`` passed in; the save
holds the dealt cards (a :mod:`kingcore.notation` record), never a seed. Every save text is read by one
function, :func:`parse_save`.

Size: over 400 lines because the session is the page's one door to the game and every part changes the
same game and settings — saves and their reader, intents, undo (:mod:`.assist`) and the hot-seat screen
(:mod:`.hotseat`: whose view, the pass screen) — while the pure rules of undo and hot seat live in their
own modules, and the settings' check in :mod:`.settings`.

>>> import random
>>> s = Session.new_game({}, random.Random(3))
>>> vm = s.view_model(0)
>>> vm["phase"], vm["deal"], vm["contract"]["id"], len(vm["hand"])
('play', 1, 'no_tricks', 8)
>>> vm["my_turn"] == (s.game.to_move == 0), s.apply("XYZ", 0)["error"]["reason"]
(True, 'bad_token')
>>> Session.from_save(s.to_save()).to_save() == s.to_save()
True
"""

from __future__ import annotations

import json
import random
from typing import Any, Literal

from ..errors import IllegalMoveError, KingError, NotationError
from ..game import Game, Phase
from ..limits import JsonError, json_loads
from ..notation import dumps, loads
from ..position import Position
from ..rules import Rules
from ..view import earlier_deals, seat_view
from .assist import Moves, deal_moves, mark_undo, rewind, undo_span
from .history import deal_history
from .hotseat import HUMAN as HUMAN
from .hotseat import ONLINE as ONLINE
from .hotseat import (
    cover,
    follow,
    is_hot_seat,
    person_seats,
    record_hidden,
    table_names,
)
from .past import MEMORY, Past
from .saveorder import MAX_ID as MAX_ID
from .saveorder import SEQ_MODULUS as SEQ_MODULUS
from .saveorder import clean_id as clean_id
from .saveorder import next_seq as next_seq
from .saveorder import save_newer as save_newer
from .saveorder import save_seq as save_seq
from .saveorder import seq_after as seq_after
from .saveorder import seq_newer as seq_newer
from .settings import BOT_LEVELS as BOT_LEVELS
from .settings import DEFAULT_LEVEL as DEFAULT_LEVEL
from .settings import DEFAULT_SETTINGS as DEFAULT_SETTINGS
from .settings import LEGACY_LEVELS as LEGACY_LEVELS
from .settings import check_settings as check_settings
from .shapes import Answer, Refusal, ViewModel
from .tables import applied
from .viewmodel import reason_args, view_model

SAVE_VERSION = 1
"""The version of the save format :meth:`Session.to_save` writes and :func:`parse_save` reads."""

SaveProblem = Literal["garbage", "truncated", "version", "invalid"]


class SaveError(KingError, ValueError):
    """A save text that cannot be continued.

    Attributes:
        kind: ``garbage`` (not JSON), ``truncated`` (JSON cut short), ``version`` (another save format
            version) or ``invalid`` (JSON of the wrong shape, or a record that does not replay).
        raw: the text as given, so the page can offer it for download.
        message: what is wrong (the engine's words, for the details line and logs).
        version: for ``kind == "version"``, the format version the save names (``None``: it names none).
        code, params: the kind of detail for the page's words (its catalog's ``detail.<code>`` with
            ``params``; ``params["inner"]`` a record error's ``{"code", "params", "message"}``), or ``None``
            for a rare kind whose English ``message`` is shown as it is.
    """

    def __init__(self, message: str, kind: SaveProblem, raw: str, version: Any = None,
                 code: str | None = None, params: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.code = code
        self.params = params or {}
        self.kind = kind
        self.raw = raw
        self.version = version

    def to_dict(self) -> dict[str, Any]:
        """``{"kind", "message", "code", "params"}`` (JSON-ready; the raw text is not repeated)."""
        return {"kind": self.kind, "message": self.message, "code": self.code, "params": dict(self.params)}


def rules_options(options: dict[str, Any]) -> tuple[Rules, dict[str, Any]]:
    """The dialog's options read once, those that do not apply left out (:func:`.tables.applied`): the
    :class:`~kingcore.rules.Rules` they make (for :meth:`Session.new_game`) and its non-default options
    (what the page remembers).

    Raises:
        RulesError: an unknown option or a bad value (the engine's message).
    """
    rules = Rules.from_dict(applied(options))
    defaults = Rules().to_dict()
    return rules, {k: v for k, v in rules.to_dict().items() if defaults.get(k) != v}


def parse_save(text: str) -> tuple[Game, dict[str, Any], int, str]:
    """Read a save text written by :meth:`Session.to_save`: ``(game, settings, seq, game_id)``, the record
    replayed through the rules (the deals played with undo: :meth:`Session.from_save`).

    Raises:
        SaveError: garbage, truncated JSON, an unknown save version, or a record that does not replay;
            ``kind`` says which and ``raw`` keeps the text.
    """
    return _read_save(text)[:4]


def _read_save(text: str) -> tuple[Game, dict[str, Any], int, str, list[int]]:
    """The one reader of save texts: :func:`parse_save`'s answer and the deals played with undo (the save's
    optional ``undo`` list; a save written before undo existed has none)."""
    if not isinstance(text, str) or not text.strip():
        raise SaveError("the save is empty", "garbage", text if isinstance(text, str) else "", code="save_empty")
    try:  # within kingcore.limits: ≤ 1 MB, nesting ≤ 20, integers ≤ 18 digits — checked before json
        doc = json_loads(text, "save")
    except JsonError as e:
        if text.strip().startswith("{") and e.truncated:
            raise SaveError(f"the save is cut short ({len(text)} characters; the end is missing)",
                            "truncated", text, code="save_truncated", params={"n": len(text)}) from None
        raise SaveError(f"the save is not a saved game ({e})", "garbage", text, code="save_garbage") from None
    except NotationError as e:
        raise SaveError(f"the save is not a saved game ({e})", "garbage", text, code="save_garbage") from None
    if not isinstance(doc, dict):
        raise SaveError("the save is not a saved game (JSON, but not an object)", "invalid", text,
                        code="save_garbage")
    version = doc.get("version")
    if type(version) is not int or version != SAVE_VERSION:  # 1.0 and true are not 1
        newer = isinstance(version, int) and not isinstance(version, bool) and version > SAVE_VERSION
        found = "names no format version" if version is None else f"has format version {repr(version)[:40]}"
        raise SaveError(f"the save {found}; this page reads version {SAVE_VERSION}"
                        + (" (it was written by a newer version of the game)" if newer else ""),
                        "version", text, version, code="save_version",
                        params={"found": "" if version is None else repr(version)[:40], "want": SAVE_VERSION})
    record, seq, settings, gid = doc.get("record"), doc.get("seq", 0), doc.get("settings", {}), doc.get("id", "")
    if not isinstance(record, str) or not isinstance(settings, dict) or not isinstance(gid, str) \
            or not isinstance(seq, int) or isinstance(seq, bool) or seq < 0:
        raise SaveError("the save lacks a game record, settings or counter of the right type", "invalid", text,
                        code="save_shape")
    try:
        game = loads(record)
        checked = check_settings(settings, game.rules.players)
    except Exception as e:  # any failure to replay (even an engine bug) leaves the text exportable
        inner = {"code": getattr(e, "code", None), "params": getattr(e, "params", {}), "message": str(e),
                 "line": getattr(e, "line", None)}
        illegal = e.illegal if isinstance(e, NotationError) else None
        if illegal is not None:  # the page says why as at the table, the card in its own letters
            inner.update(reason=illegal.reason.value, seat=illegal.seat,
                         args=reason_args(illegal.position if isinstance(illegal.position, Position) else None),
                         move=None if illegal.move is None else str(illegal.move))
        raise SaveError(f"the saved game does not replay: {e}", "invalid", text, code="save_replay",
                        params={"inner": inner}) from None
    undo = doc.get("undo", [])
    if not isinstance(undo, list) or not all(type(n) is int and 1 <= n <= len(game.deals) for n in undo):
        raise SaveError(f"the save's undo marks are not deals of its game: {repr(undo)[:80]}", "invalid", text,
                       code="save_undo")
    return game, checked, seq, clean_id(gid), sorted(set(undo))


class Session:
    """A rubber in the page: the :class:`~kingcore.game.Game`, its settings, and the save counter ``seq``.

    Args:
        game: the rubber.
        settings: ``levels``, ``fast``, ``seed``, ``names``, ``viewer``, ``covered`` (see
            :data:`DEFAULT_SETTINGS`); missing keys get defaults.
        seq: how many times this game's saves were written, modulo :data:`SEQ_MODULUS` (the page refuses to
            overwrite a newer one: :func:`seq_newer`).
        game_id: names the rubber across tabs (a new game gets a new id).
        undo_deals: the numbers of the deals a person undid a move in (saved; the score sheet marks them).

    Raises:
        RulesError: bad settings.
    """

    def __init__(self, game: Game, settings: dict[str, Any] | None = None, seq: int = 0,
                 game_id: str = "", undo_deals: list[int] | None = None) -> None:
        self.game = game
        self.settings = check_settings(settings or {}, game.rules.players)
        self._seq = seq % SEQ_MODULUS
        self.game_id = clean_id(game_id)
        self.undo_deals: set[int] = set(undo_deals or [])
        self.redo: tuple[int, Moves] | None = None  # (deal, its moves) before the last undo: the bots' replies
        self.past = Past()  # the rubber's earlier deals, as the bots get them (:meth:`bot_request`)

    @property
    def seq(self) -> int:
        """The save counter, ``0 ≤ seq <`` :data:`SEQ_MODULUS`: setting it (``seq += 1``) wraps past
        ``999…9`` (18 nines) to 0, so :meth:`to_save` never writes a counter :func:`parse_save` refuses.
        Compare counters with :func:`seq_newer`."""
        return self._seq

    @seq.setter
    def seq(self, value: int) -> None:
        self._seq = value % SEQ_MODULUS

    # ----- chance ---------------------------------------------------------------------------------

    @classmethod
    def new_game(cls, options: dict[str, Any] | Rules, rng: random.Random, settings: dict[str, Any] | None = None,
                 seq: int = 0) -> Session:
        """A new rubber with the given rules (a :class:`~kingcore.rules.Rules`, or its options by RULES.md
        §10 names as JSON values): the dealer drawn and the first deal dealt with ``rng``.

        Raises:
            RulesError: an unknown option or a bad value.
        """
        rules = options if isinstance(options, Rules) else Rules.from_dict(options)
        game = Game(rules)
        s = dict(settings or {})
        s.setdefault("seed", int(rng.random() * 2**31))
        session = cls(game, s, seq, f"{int(rng.random() * 2**48):012x}")
        people = person_seats(session.settings["levels"])
        if len(people) >= 2:  # hot seat: the first cards are shown only once their person holds the device
            session.settings.update(viewer=people[0], covered=True)
        session.deal(rng)
        return session

    def deal(self, rng: random.Random) -> bool:
        """Do what chance must do now: the draw for dealer and/or the next deal's shuffle.

        Returns whether anything was done (``False`` while a seat is to move or the rubber is over).
        """
        done = False
        if self.game.phase is Phase.DRAW_DEALER:
            self.game.draw_dealer(rng)
            done = True
        if self.game.phase in (Phase.DEAL, Phase.DEAL_OVER):
            self.game.deal(rng)
            done = True
        if done:
            self.follow_turn()
        return done

    # ----- saves ----------------------------------------------------------------------------------

    def to_save(self, shared: bool = False) -> str:
        """The save text: JSON ``{"version", "seq", "id", "record", "settings"}`` (in that order, compact),
        ``record`` a :func:`~kingcore.notation.dumps` game record; then ``"undo"``, the sorted numbers of
        the deals played with undo, only when there are some (so a save without undo is as before, and a
        page from before undo reads one with it, ignoring the marks). ``shared``: the save as a file made
        for the player holds it (the *Export all data* file) — its record as the person at the device sees
        it (:meth:`shared_record`)."""
        record = self.shared_record() if shared else dumps(self.game)
        doc: dict[str, Any] = {"version": SAVE_VERSION, "seq": self.seq, "id": self.game_id,
                               "record": record, "settings": self.settings}
        if self.undo_deals:
            doc["undo"] = sorted(self.undo_deals)
        return json.dumps(doc, ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def from_save(cls, text: str) -> Session:
        """The session a save text holds (:func:`parse_save`).

        Raises:
            SaveError: the text cannot be continued (``kind`` says why, ``raw`` keeps it).
        """
        game, settings, seq, gid, undo = _read_save(text)
        return cls(game, settings, seq, gid, undo)

    # ----- intents --------------------------------------------------------------------------------

    def apply(self, token: str, seat: int = 0, viewer: int | Literal["table"] | None = None) -> Answer:
        """Play a move token for ``seat``: ``{"ok": true, "view": view_model}`` or ``{"ok": false,
        "error": {"reason", "args", "message"}, "view": view_model}`` (nothing changes on an error);
        the view model is ``viewer``'s (default: ``seat``'s; ``"table"``: :meth:`table_view`, what the
        table shows after the move), built once. A move turns the table to the next person
        (:meth:`follow_turn`).

        ``reason`` is the engine's :class:`~kingcore.errors.Reason` value (``bad_token`` for text that is no
        move), ``args`` the suits it names (``led``, ``trump``: letters or ``None``) — the same shape as a
        hand card's ``reason``/``args`` — and ``message`` the engine's own message (for logs).
        """
        pos = self.game.position if self.game.phase is Phase.PLAY else None
        args = reason_args(pos)
        error: Refusal
        try:
            self.game.play(token, seat=seat)
        except IllegalMoveError as e:
            error = {"reason": e.reason.value, "args": args, "message": str(e)}
        except NotationError as e:
            error = {"reason": "bad_token", "args": args, "message": str(e)}
        else:
            self.follow_turn()
            return {"ok": True, "view": self._view(seat if viewer is None else viewer)}
        return {"ok": False, "error": error, "view": self._view(seat if viewer is None else viewer)}

    def _view(self, viewer: int | Literal["table"]) -> ViewModel:
        return self.table_view() if viewer == "table" else self.view_model(viewer)

    # ----- several people at one device (kingcore.web.hotseat) -----------------------------------

    @property
    def viewer(self) -> int:
        """The seat whose cards the table may show (a person's; seat 0 with one person at seat 0)."""
        return int(self.settings["viewer"])

    @property
    def covered(self) -> bool:
        """Whether the "pass the device to …" screen hides every hand (hot seat only)."""
        return bool(self.settings["covered"])

    def follow_turn(self) -> bool:
        """After a move or a deal: another person's turn turns the table to them behind the pass screen
        (:func:`kingcore.web.hotseat.follow`). Returns whether the screen changed."""
        before = (self.viewer, self.covered)
        viewer, covered = follow(*before, self.game.to_move, self.settings["levels"])
        self.settings.update(viewer=viewer, covered=covered)
        return (viewer, covered) != before

    def uncover(self) -> bool:
        """The person the pass screen names took the device: show their cards. Returns whether the screen
        was up."""
        was = self.covered
        self.settings["covered"] = False
        return was

    def table_view(self) -> ViewModel:
        """What the table shows now: the viewer's view model, or behind the pass screen a covered one
        (:func:`kingcore.web.hotseat.cover`: no hand, no decision, ``pass_to`` the person to take the device)."""
        vm = self.view_model(self.viewer)
        return cover(vm) if self.covered else vm

    @property
    def over(self) -> bool:
        """Whether the rubber is over (its final screen is up: no move, no deal to come)."""
        return self.game.phase is Phase.RUBBER_OVER

    def under_way(self) -> bool:
        """Whether a new game would throw away a rubber someone has played in: not over, and a deal finished
        or a person at this device has made a call or played a card. A rubber just dealt, or one only the
        bots have moved in, is replaced without a question; so is one that is over (it is in the
        statistics)."""
        if self.over:
            return False
        if self.game.sheet.rows:
            return True
        people = set(person_seats(self.settings["levels"]))
        return any(seat in people for d in self.game.deals for seat, _ in [*d.calls, *d.plays])

    def hides_hands(self) -> bool:
        """Whether a file with the dealt cards (a record, a backup) would show another person's hand now
        (:func:`kingcore.web.hotseat.record_hidden`: hot seat, and a deal not over)."""
        return record_hidden(self.settings["levels"], self.game.phase.value)

    def seating(self) -> dict[str, Any]:
        """How the page places and names the seats, the view model's keys ``players``, ``seat`` (the
        viewer, at the bottom), ``levels``, ``names`` (:func:`kingcore.web.hotseat.table_names`) and ``former`` (the
        earlier holders of seats given away online, :mod:`.holders`) — for what is drawn outside a view model (the
        trick history of a past deal)."""
        return {"players": self.game.rules.players, "seat": self.viewer, "levels": list(self.settings["levels"]),
                "names": table_names(self.settings), "former": list(self.settings["former"])}

    def record(self) -> str:
        """The rubber's game record (:func:`kingcore.notation.dumps`: what ``python -m kingcore replay``
        and ``analyse`` read, and what the review replays)."""
        return dumps(self.game)

    def shared_record(self) -> str:
        """The game record as the person at the device may see it: the deal in progress with every card
        they have not seen — the other seats' unplayed cards, the kitty — written ``?``
        (:func:`kingcore.notation.dumps` with ``seat``; the whole record once the deal is over). A file
        made from it (a download, a backup) shows no hand the table hides, and a game continued from it
        deals those cards anew (RULES.md §11)."""
        return dumps(self.game, seat=self.viewer)

    def download(self) -> str:
        """The game record the page offers as a file: :meth:`shared_record`, with a ``[Players]`` tag
        (:func:`kingcore.notation.players_tag`) naming each person (a friend online too) and each bot's
        level when two or more people play at the device or a friend plays online, so that the replay viewer
        names the seats as the table did — and, when a seat changed hands online, a ``[Former]`` tag
        (:func:`kingcore.notation.former_tag`, from ``settings["former"]``) naming who played it before and up to
        which deal."""
        levels = self.settings["levels"]
        if not is_hot_seat(levels) and ONLINE not in levels:
            return self.shared_record()
        names = self.settings["names"]
        return dumps(self.game, players=[("human", names[s]) if level in (HUMAN, ONLINE) else ("bot", level)
                                         for s, level in enumerate(levels)], seat=self.viewer,
                     former=[(f["seat"], f["name"], f["to"]) for f in self.settings["former"]])

    def level(self, seat: int) -> str:
        """The level of ``seat``: ``"human"`` or one of :data:`BOT_LEVELS`."""
        return str(self.settings["levels"][seat])

    def bot_request(self, seat: int) -> str:
        """What a bot of ``seat`` gets, as JSON text: that seat's :class:`~kingcore.view.SeatView` only
        (:meth:`~kingcore.view.SeatView.to_dict`) and ``past``, the tag naming the rubber's earlier deals
        (:mod:`kingcore.web.past`: the bots' worker learns them once per deal, :meth:`bot_past`). This
        Python's bots (:data:`kingcore.web.past.MEMORY`) are told them here, so that a bot asked on this
        thread knows them."""
        tag = self.sync_past()
        if MEMORY.known(tag) is None:
            MEMORY.learn(self.past.feed(MEMORY.tag()))
        return json.dumps({**seat_view(self.game, seat).to_dict(), "past": tag}, separators=(",", ":"))

    def sync_past(self) -> str:
        """Bring :attr:`past` up to the rubber's finished deals (the new ones only) and return its tag — the
        current deal's too once it is over (the next deal's bots learn it meanwhile: :meth:`bot_past`)."""
        ended = self.game.phase is Phase.DEAL_OVER
        have, finished = len(self.past.deals), max(0, len(self.game.deals) - (0 if ended else 1))
        if have > finished:  # not this rubber's (the game was replaced by an earlier one, or an undo)
            self.past.clear()
            have = 0
        if have < finished:
            self.past.extend(earlier_deals(self.game, have, ended=ended))
        return self.past.tag()

    def bot_past(self, held: str) -> str:
        """The rubber's earlier deals a bots' memory that holds ``held`` (its tag) lacks, as JSON text for
        :func:`kingcore.web.botcalls.learn` (:meth:`kingcore.web.past.Past.feed`).

        Raises:
            ValueError: ``held`` is not a tag.
        """
        self.sync_past()
        return self.past.feed(held)

    def bot_seed(self, seat: int) -> int:
        """A seed for the bot of ``seat`` now, derived from the rubber's seed and the position's progress
        (deal number, calls and cards played — never a counter of saves or clicks): two tabs, a reload, or
        the same card played again after an undo make the same bot move."""
        d = self.game.current
        progress = (d.number * 1009 + len(d.calls) * 101 + len(d.plays)) if d else 0
        return (int(self.settings["seed"]) * 1_000_003 + progress * 7 + seat) % 2**32

    # ----- undo (issue 13) ----------------------------------------------------------------------------

    @property
    def humans(self) -> list[int]:
        """The seats people play (level ``human``)."""
        return [seat for seat, level in enumerate(self.settings["levels"]) if level == HUMAN]

    def can_undo(self, seat: int = 0) -> bool:
        """Whether ``seat`` may undo now (:func:`kingcore.web.assist.undo_span`)."""
        return undo_span(self.game, seat, self.humans) > 0

    def undo(self, seat: int = 0) -> bool:
        """Take back ``seat``'s last move of the deal and the bots' moves after it: the game is rebuilt at
        the position before that move (:func:`kingcore.web.assist.rewind`) and the deal is marked as played
        with undo. Returns ``False`` (nothing changes) when ``seat`` cannot undo now.

        The moves taken back are kept (:meth:`known_reply`): the same move played again meets the same
        bots' replies, even from a bot whose thinking time ran out."""
        span = undo_span(self.game, seat, self.humans)
        if not span:
            return False
        d = self.game.current
        assert d is not None
        moves = deal_moves(self.game)
        old = self.redo
        if old is None or old[0] != d.number or old[1][:len(moves)] != moves:
            self.redo = (d.number, moves)
        self.game = rewind(self.game, len(moves) - span)
        self.undo_deals.add(d.number)
        return True

    def known_reply(self, seat: int) -> str | None:
        """The move the bot of ``seat`` made before an undo in this very position (the same deal, the same
        moves so far), or ``None``."""
        d, redo = self.game.current, self.redo
        if d is None or redo is None or redo[0] != d.number:
            return None
        moves = deal_moves(self.game)
        if len(moves) >= len(redo[1]) or redo[1][:len(moves)] != moves or redo[1][len(moves)][0] != seat:
            return None
        return redo[1][len(moves)][1]

    @property
    def ply(self) -> tuple[int, int, int]:
        """(deal number, calls, cards played): changes with every move and deal."""
        d = self.game.current
        return (d.number, len(d.calls), len(d.plays)) if d else (0, 0, 0)

    def history(self, deal: int) -> dict[str, Any]:
        """The trick history of deal ``deal`` (1-based) of the rubber, the current one included
        (:func:`kingcore.web.history.deal_history`: public cards only).

        Raises:
            RulesError: not a deal of this rubber.
        """
        return deal_history(self.game, deal)

    def view_model(self, seat: int = 0) -> ViewModel:
        """Everything the page draws for ``seat`` (:func:`kingcore.web.viewmodel.view_model`), with the undo
        marks (:func:`kingcore.web.assist.mark_undo`)."""
        return mark_undo(view_model(self.game, seat, self.settings), self.undo_deals, self.can_undo(seat))
