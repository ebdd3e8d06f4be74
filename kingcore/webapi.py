"""The JSON protocol between the web page and the engine, and the page's bots (RULES.md §3–§8).

The page's main thread owns one :class:`Session`: a :class:`~kingcore.game.Game` plus its settings and
a save counter. It draws :meth:`Session.view_model` (plain JSON data: the hand with a legal flag and the
reason for every card that may not be played, the trick, the score sheet…), sends intents with
:meth:`Session.apply` (move tokens such as ``"QS"``, ``"pass"``, ``"trump:S"``), and keeps
:meth:`Session.to_save` in the browser's storage. Chance (the draw for dealer, the shuffles) happens on
the main thread with an ``rng`` passed in; the save holds the dealt cards (a :mod:`kingcore.notation`
record), never a seed. Errors are data: ``{"ok": false, "error": {"reason": ..., "message": ...}}``.

Bots get only a seat's :class:`~kingcore.view.SeatView` as JSON (:meth:`Session.bot_request`) and
answer a move token: :func:`choose` ``(view_dict, level, seed) -> token`` (a :mod:`kingcore.bots` level),
deterministic for a given view, level and seed; :func:`hint_json` rates the legal moves of a view and
:func:`analyse_json` reviews a seat's cards after a deal, both with the strongest level.

>>> import random
>>> s = Session.new_game({}, random.Random(3))
>>> vm = s.view_model(0)
>>> vm["phase"], vm["deal"], vm["contract"]["name"], len(vm["hand"])
('play', 1, 'No tricks', 8)
>>> while s.game.to_move not in (None, 0):
...     seat = s.game.to_move
...     assert s.apply(choose(json.loads(s.bot_request(seat)), s.level(seat), 1), seat)["ok"]
>>> card = next(c["card"] for c in s.view_model(0)["hand"] if c["legal"])
>>> s.apply(card, 0)["ok"], Session.from_save(s.to_save()).to_save() == s.to_save()
(True, True)
"""

from __future__ import annotations

import json
import random
from typing import Any, Literal

from .cards import Card, cards_of
from .contracts import NO_HEARTS_LEAD, Contract
from .errors import IllegalMoveError, KingError, NotationError, Reason, RulesError
from .game import Game, Phase
from .limits import JsonError, json_loads
from .moves import Move
from .notation import dumps, loads
from .position import Deal, Position
from .rules import Rules, options_schema
from .view import seat_view

SAVE_VERSION = 1
"""The version of the save format :meth:`Session.to_save` writes and :meth:`Session.from_save` reads."""

BOT_LEVELS: tuple[str, ...] = ("easy", "medium", "hard", "expert", "random")
"""The levels a bot seat can have: :data:`kingcore.bots.LEVELS` (``easy`` = heuristic with noise,
``medium`` = heuristic, ``hard`` = pimc, ``expert``) and ``random`` (uniform legal moves)."""

HUMAN = "human"
"""The ``levels`` entry of a seat a person plays."""

DEFAULT_LEVEL = "hard"
"""A bot seat's level unless the player chose another."""

LEGACY_LEVELS = {"basic": "medium", "random": "random"}
"""Version-1 saves written before per-seat levels had one ``level`` for every bot: what it becomes."""

DEFAULT_SETTINGS: dict[str, Any] = {"levels": [HUMAN, DEFAULT_LEVEL, DEFAULT_LEVEL, DEFAULT_LEVEL],
                                    "fast": False, "seed": 0}
"""The settings a save carries: each seat's level (``human`` or one of :data:`BOT_LEVELS`, seat 0 first),
fast bots (no pauses), and the seed the bots' seeds derive from."""

SaveProblem = Literal["garbage", "truncated", "version", "invalid"]

SUIT_SYMBOL = "♠♥♦♣"
SUIT_WORD = ("spades", "hearts", "diamonds", "clubs")

CONTRACT_NAMES: dict[str, str] = {
    "no_tricks": "No tricks", "no_boys": "No boys", "no_girls": "No girls", "no_hearts": "No hearts",
    "no_king": "No King", "no_last_two": "No last two", "eralash_minus": "Eralash −",
    "take_tricks": "Take tricks", "take_boys": "Take boys", "take_girls": "Take girls",
    "take_hearts": "Take hearts", "take_king": "Take King", "take_last_two": "Take last two",
    "eralash_plus": "Eralash +", "trumps": "Trumps",
}
"""Display names of the contracts, keyed by :class:`~kingcore.contracts.Contract` value."""

REASON_TEXT: dict[str, str] = {
    "must_follow_suit": "you must follow {led}",
    "hearts_lead": "you may not lead ♥ while you hold another suit",
    "king_must_go": "you have no {led}: K♥ must go",
    "must_play_heart": "you have no {led}: a heart must go",
    "must_trump": "you have no {led}: you must trump with {trump}",
    "not_in_hand": "you do not hold that card",
    "not_your_turn": "wait for your turn",
    "deal_over": "the deal is over",
    "wrong_phase": "not now",
    "bad_call": "that call is not allowed now",
    "bad_token": "not a move",
}
"""Why a move is refused, for the player at the screen, keyed by :class:`~kingcore.errors.Reason` value."""


class SaveError(KingError, ValueError):
    """A save text that cannot be continued.

    Attributes:
        kind: ``garbage`` (not JSON), ``truncated`` (JSON cut short), ``version`` (another save format
            version) or ``invalid`` (JSON of the wrong shape, or a record that does not replay).
        raw: the text as given, so the page can offer it for download.
        message: what is wrong, in plain words.
    """

    def __init__(self, message: str, kind: SaveProblem, raw: str, version: Any = None) -> None:
        super().__init__(message)
        self.message = message
        self.kind = kind
        self.raw = raw
        self.version = version
        """For ``kind == "version"``: the format version the save names (``None`` when it names none)."""

    def to_dict(self) -> dict[str, str]:
        """``{"kind": ..., "message": ...}`` (JSON-ready; the raw text is not repeated)."""
        return {"kind": self.kind, "message": self.message}


def save_seq(text: str | None) -> int | None:
    """The ``seq`` counter of a save text, or ``None`` if there is no readable one (cheap: no replay).

    >>> save_seq('{"version": 1, "seq": 7}'), save_seq("garbage"), save_seq(None)
    (7, None, None)
    """
    if not text:
        return None
    try:
        doc = json_loads(text, "save")
    except ValueError:
        return None
    seq = doc.get("seq") if isinstance(doc, dict) else None
    return seq if isinstance(seq, int) and not isinstance(seq, bool) else None


def new_game_options() -> list[dict[str, Any]]:
    """The options of the page's "new game" dialog: :func:`~kingcore.rules.options_schema` entries for
    a 4-player game, each with only the choices valid with 4 players, plus a ``kind``
    (``choice``, ``bool`` or ``order``) for the form.

    >>> [o["name"] for o in new_game_options()][:4]
    ['first_dealer', 'deal_by', 'preset', 'boys']
    >>> next(o for o in new_game_options() if o["name"] == "preset")["choices"]
    ['classic', 'club', 'ukrainian', 'dos1993']
    """
    skip = {"players", "deck", "trump_trick_value"}
    out = []
    for opt in options_schema():
        name = opt["name"]
        if name in skip:
            continue
        if name == "deal_order":
            out.append({**opt, "kind": "order", "choices": str(opt["default"]).split(",")})
            continue
        valid = []
        for choice in opt["choices"]:
            try:
                Rules(**{name: choice})
            except RulesError:
                continue
            valid.append(choice)
        kind = "bool" if all(isinstance(c, bool) for c in valid) else "choice"
        out.append({**opt, "kind": kind, "choices": valid})
    return out


class Session:
    """A rubber in the page: the :class:`Game`, its settings, and the save counter ``seq``.

    Args:
        game: the rubber.
        settings: ``levels``, ``fast``, ``seed`` (see :data:`DEFAULT_SETTINGS`); missing keys get defaults.
        seq: how many times this game's saves were written (the page refuses to overwrite a newer one).
        game_id: names the rubber across tabs (a new game gets a new id).
    """

    def __init__(self, game: Game, settings: dict[str, Any] | None = None, seq: int = 0,
                 game_id: str = "") -> None:
        self.game = game
        self.settings = _check_settings(settings or {}, game.rules.players)
        self.seq = seq
        self.game_id = game_id

    # ----- chance ---------------------------------------------------------------------------------

    @classmethod
    def new_game(cls, options: dict[str, Any], rng: random.Random, settings: dict[str, Any] | None = None,
                 seq: int = 0) -> Session:
        """A new rubber with the given rules options (RULES.md §10 names; JSON values): the dealer drawn
        and the first deal dealt with ``rng``.

        Raises:
            RulesError: an unknown option or a bad value.
        """
        rules = Rules.from_dict(options)
        game = Game(rules)
        s = dict(settings or {})
        s.setdefault("seed", int(rng.random() * 2**31))
        session = cls(game, s, seq, f"{int(rng.random() * 2**48):012x}")
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
        return done

    # ----- saves ----------------------------------------------------------------------------------

    def to_save(self) -> str:
        """The save text: JSON ``{"version", "seq", "id", "record", "settings"}``, ``record`` a
        :func:`~kingcore.notation.dumps` game record."""
        doc = {"version": SAVE_VERSION, "seq": self.seq, "id": self.game_id, "record": dumps(self.game),
               "settings": self.settings}
        return json.dumps(doc, ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def from_save(cls, text: str) -> Session:
        """Read a save written by :meth:`to_save` (replaying its record through the rules).

        Raises:
            SaveError: garbage, truncated JSON, an unknown save version, or a record that does not replay;
                ``kind`` says which and ``raw`` keeps the text.
        """
        if not isinstance(text, str) or not text.strip():
            raise SaveError("the save is empty", "garbage", text if isinstance(text, str) else "")
        try:  # within kingcore.limits: ≤ 1 MB, nesting ≤ 20, integers ≤ 18 digits — checked before json
            doc = json_loads(text, "save")
        except JsonError as e:
            if text.strip().startswith("{") and e.truncated:
                raise SaveError(f"the save is cut short ({len(text)} characters; the end is missing)",
                                "truncated", text) from None
            raise SaveError(f"the save is not a saved game ({e})", "garbage", text) from None
        except NotationError as e:
            raise SaveError(f"the save is not a saved game ({e})", "garbage", text) from None
        if not isinstance(doc, dict):
            raise SaveError("the save is not a saved game (JSON, but not an object)", "invalid", text)
        version = doc.get("version")
        if type(version) is not int or version != SAVE_VERSION:  # 1.0 and true are not 1
            newer = isinstance(version, int) and not isinstance(version, bool) and version > SAVE_VERSION
            found = "names no format version" if version is None else f"has format version {repr(version)[:40]}"
            raise SaveError(f"the save {found}; this page reads version {SAVE_VERSION}"
                            + (" (it was written by a newer version of the game)" if newer else ""),
                            "version", text, version)
        record, seq, settings, gid = doc.get("record"), doc.get("seq", 0), doc.get("settings", {}), doc.get("id", "")
        if not isinstance(record, str) or not isinstance(settings, dict) or not isinstance(gid, str) \
                or not isinstance(seq, int) or isinstance(seq, bool) or seq < 0:
            raise SaveError("the save lacks a game record, settings or counter of the right type", "invalid",
                            text)
        try:
            game = loads(record)
            checked = _check_settings(settings, game.rules.players)
        except Exception as e:  # any failure to replay (even an engine bug) leaves the text exportable
            raise SaveError(f"the saved game does not replay: {e}", "invalid", text) from None
        return cls(game, checked, seq, gid)

    # ----- intents --------------------------------------------------------------------------------

    def apply(self, token: str, seat: int = 0) -> dict[str, Any]:
        """Play a move token for ``seat``: ``{"ok": true, "view": view_model}`` or ``{"ok": false,
        "error": {"reason", "message", "why"}, "view": view_model}`` (nothing changes on an error).

        ``reason`` is the engine's :class:`~kingcore.errors.Reason` value (``bad_token`` for text that is
        no move), ``message`` the engine's message, ``why`` words for the player at the screen.
        """
        pos = self.game.position if self.game.phase is Phase.PLAY else None
        try:
            self.game.play(token, seat=seat)
        except IllegalMoveError as e:
            return {"ok": False, "error": {"reason": e.reason.value, "message": str(e),
                                           "why": _why(e.reason, pos)}, "view": self.view_model(seat)}
        except NotationError as e:
            return {"ok": False, "error": {"reason": "bad_token", "message": str(e),
                                           "why": REASON_TEXT["bad_token"]}, "view": self.view_model(seat)}
        return {"ok": True, "view": self.view_model(seat)}

    def level(self, seat: int) -> str:
        """The level of ``seat``: ``"human"`` or one of :data:`BOT_LEVELS`."""
        return str(self.settings["levels"][seat])

    def bot_request(self, seat: int) -> str:
        """What a bot of ``seat`` gets: the JSON of that seat's :class:`~kingcore.view.SeatView` only."""
        return json.dumps(seat_view(self.game, seat).to_dict(), separators=(",", ":"))

    def bot_seed(self, seat: int) -> int:
        """A seed for the bot of ``seat`` now, derived from the rubber's seed and progress (so two tabs,
        or a reload, make the same bot move)."""
        d = self.game.current
        progress = (d.number * 1009 + len(d.calls) * 101 + len(d.plays)) if d else 0
        return (int(self.settings["seed"]) * 1_000_003 + progress * 7 + seat) % 2**32

    @property
    def ply(self) -> tuple[int, int, int]:
        """(deal number, calls, cards played): changes with every move and deal."""
        d = self.game.current
        return (d.number, len(d.calls), len(d.plays)) if d else (0, 0, 0)

    # ----- what to draw ---------------------------------------------------------------------------

    def view_model(self, seat: int = 0) -> dict[str, Any]:
        """Everything the page draws for ``seat``, JSON-ready; built from that seat's view and the
        public score sheet only. Keys: ``phase``, ``seat``, ``players``, ``rules``, ``deal``, ``deals``,
        ``dealer``, ``first_dealer``, ``to_move``, ``my_turn``, ``contract``, ``hand``, ``counts``,
        ``trick``, ``leader``, ``last_trick``, ``tricks``, ``points``, ``calls``, ``moves``, ``sheet``,
        ``schedule``, ``result``, ``final``."""
        g = self.game
        v = seat_view(g, seat)
        n = g.rules.players
        d = g.current
        pos = g.position
        my_turn = v.to_move == seat
        hand = []
        for card in cards_of(v.hand):
            reason: Reason | None
            if g.phase is Phase.PLAY and pos is not None:
                reason = pos.why_illegal(card) if my_turn else Reason.NOT_YOUR_TURN
            else:
                reason = Reason.WRONG_PHASE
            hand.append({"card": str(card), "rank": card.rank.letter, "suit": card.suit.letter,
                         "name": card.name, "legal": reason is None,
                         "reason": reason.value if reason else None,
                         "why": _why(reason, pos) if reason else None})
        if pos is not None:
            counts = [h.bit_count() for h in pos.hands]
        else:
            counts = [g.rules.hand_size] * n
            counts[seat] = len(hand)
        trick = [{"seat": s, "card": str(Card.from_index(c))} for s, c in v.trick]
        last_trick = None
        if d is not None and pos is not None and len(d.plays) - len(v.trick) >= n:
            done = len(d.plays) - len(v.trick)
            chunk = d.plays[done - n:done]
            last_trick = {"number": done // n, "winner": _last_winner(g),
                          "cards": [{"seat": s, "card": str(c)} for s, c in chunk]}
        moves = [self._move(t) for t in v.legal if Move.parse(t).kind != "card"]
        # Game.dealer already names the next deal's dealer once a deal is over; the results panel is
        # about the deal just played, so the table keeps showing its dealer until the next deal.
        dealer = d.dealer if g.phase is Phase.DEAL_OVER and d is not None else v.dealer
        vm: dict[str, Any] = {
            "phase": v.phase.value, "seat": seat, "players": n, "rules": v.rules, "deal": v.deal, "deals": v.deals,
            "dealer": dealer, "first_dealer": self._first_dealer(), "to_move": v.to_move, "my_turn": my_turn,
            "contract": self._contract(), "hand": hand, "counts": counts, "trick": trick, "leader": v.leader,
            "last_trick": last_trick, "tricks": list(v.tricks), "points": list(v.points),
            "calls": [{"seat": s, "token": t, "text": move_text(t)} for s, t in v.calls],
            "moves": moves, "sheet": self._sheet(), "schedule": self._schedule(), "result": None, "final": None,
        }
        if g.phase in (Phase.DEAL_OVER, Phase.RUBBER_OVER) and g.sheet.rows and pos is not None:
            row = g.sheet.rows[-1]
            vm["result"] = {**_row(row), "tricks": list(pos.tricks),
                            "early": any(h for h in pos.hands)}
        if g.phase is Phase.RUBBER_OVER:
            sheet = g.sheet
            vm["final"] = {
                "standings": [{"place": p, "seat": s, "total": t} for p, s, t in sheet.standings()],
                "winners": sheet.winners(),
                "settlement": [{"payer": p, "winner": w, "amount": a} for p, w, a in sheet.settlement()],
            }
        return vm

    def _move(self, token: str) -> dict[str, Any]:
        """A non-card move for the page's buttons: ``{"token", "text"}``; a contract to name (ordered King)
        also has ``contract`` (its id), ``positive`` and ``scoring`` (as the contract's own ``scoring``)."""
        out: dict[str, Any] = {"token": token, "text": move_text(token)}
        m = Move.parse(token)
        if m.kind == "contract" and m.contract is not None:
            g, c = self.game, m.contract
            out.update({"contract": c.value, "positive": c.positive,
                        "scoring": _scoring_text(g.rules, c, None, g.trick_value)})
        return out

    def _first_dealer(self) -> dict[str, Any] | None:
        g = self.game
        if g.first_dealer is None:
            return None
        return {"seat": g.first_dealer, "draw": [{"seat": s, "card": str(c)} for s, c in _draw_sequence(g)]}

    def _contract(self) -> dict[str, Any] | None:
        g = self.game
        d = g.current
        if d is None or d.contract is None:
            return None
        c = d.contract
        pos = d.position
        deal = pos.deal if pos is not None else (Deal(g.rules, c, d.dealer) if c is not Contract.TRUMPS else None)
        name = CONTRACT_NAMES[c.value]
        scoring = _scoring_text(g.rules, c, deal, g.trick_value)
        notes = _rule_notes(g.rules, c, deal)
        if c is Contract.TRUMPS and deal is not None:
            name += " — " + ("misère" if deal.misere else "no trump" if deal.trump is None
                             else f"{SUIT_SYMBOL[deal.trump]} trump")
        return {"id": c.value, "name": name, "positive": c.positive, "scoring": scoring, "notes": notes,
                "line": f"{name}: {scoring}" + "".join(f" · {x}" for x in notes),
                "trump": None if d.trump is None else "SHDC"[d.trump], "misere": d.misere,
                "bid": None if d.bid is None else {"seat": d.bid.seat, "tricks": d.bid.tricks},
                "caller": d.caller, "shown": str(d.shown) if d.shown else None}

    def _sheet(self) -> dict[str, Any]:
        sheet = self.game.sheet
        return {"rows": [_row(r) for r in sheet.rows], "totals": list(sheet.totals)}

    def _schedule(self) -> list[dict[str, str]]:
        g = self.game
        if g.rules.order != "fixed":
            return []
        return [{"contract": c.value, "name": CONTRACT_NAMES[c.value]} for c in g.order]


# ----- helpers for the view model ----------------------------------------------------------------------

def _check_settings(settings: dict[str, Any], players: int = 4) -> dict[str, Any]:
    out = dict(DEFAULT_SETTINGS)
    out["levels"] = [HUMAN] + [DEFAULT_LEVEL] * (players - 1)
    if "level" in settings and "levels" not in settings:  # a save from before per-seat levels
        old = settings["level"]
        if old not in LEGACY_LEVELS:
            raise RulesError(f"unknown bot level {old!r} (known: {', '.join(LEGACY_LEVELS)})")
        out["levels"] = [HUMAN] + [LEGACY_LEVELS[old]] * (players - 1)
    for key, value in settings.items():
        if key not in DEFAULT_SETTINGS:
            continue  # settings a later version added (or "level", read above): ignored, not an error
        if key == "levels":
            if not isinstance(value, list) or len(value) != players:
                raise RulesError(f"setting levels must list one level for each of the {players} seats, "
                                 f"not {value!r}")
            for seat, level in enumerate(value):
                if level != HUMAN and level not in BOT_LEVELS:
                    raise RulesError(f"unknown bot level {level!r} for seat {seat} "
                                     f"(known: {HUMAN}, {', '.join(BOT_LEVELS)})")
            value = list(value)
        if key == "fast" and not isinstance(value, bool):
            raise RulesError(f"setting fast must be true or false, not {value!r}")
        if key == "seed" and (not isinstance(value, int) or isinstance(value, bool)):
            raise RulesError(f"setting seed must be a whole number, not {value!r}")
        out[key] = value
    return out


def _row(r: Any) -> dict[str, Any]:
    return {"deal": r.deal, "contract": r.contract, "name": CONTRACT_NAMES.get(r.contract, r.contract),
            "dealer": r.dealer, "points": list(r.points), "running": list(r.running), "control": r.control,
            "note": r.note}


def _why(reason: Reason | None, pos: Position | None) -> str:
    if reason is None:
        return ""
    led = SUIT_SYMBOL[pos.led_suit] if pos is not None and pos.led_suit >= 0 else "the led suit"
    trump = SUIT_SYMBOL[pos.deal.trump] if pos is not None and pos.deal.trump is not None else "trump"
    return REASON_TEXT.get(reason.value, reason.value).format(led=led, trump=trump)


def _last_winner(g: Game) -> int | None:
    pos = g.position
    return pos.leader if pos is not None else None  # the winner of a trick leads the next


def _draw_sequence(g: Game) -> list[tuple[int, Card]]:
    """Who got which face-up card in the draw for the first dealer (RULES.md §3)."""
    n, cards = g.rules.players, g.draw
    if g.rules.first_dealer == "first_ace":
        return [(i % n, c) for i, c in enumerate(cards)]
    out: list[tuple[int, Card]] = []
    contenders, i = list(range(n)), 0
    while i + len(contenders) <= len(cards) and contenders:
        got = {s: cards[i + k] for k, s in enumerate(contenders)}
        out.extend(got.items())
        i += len(contenders)
        top = max(c.rank for c in got.values())
        contenders = [s for s in contenders if got[s].rank == top]
        if len(contenders) == 1:
            break
    return out


def _scoring_text(rules: Rules, c: Contract, deal: Deal | None, trick_value: int) -> str:
    if c is Contract.TRUMPS:
        value = deal.trick_value if deal is not None else trick_value
        if rules.replay == "auction":
            return f"+{value} per trick; the bidder scores only the tricks above the bid"
        return f"+{value} per trick"
    t, h, b, g, k, last = rules.values
    sign = "+" if c.positive else "−"
    boys = {"jacks": "jack", "kings": "king", "kings_and_jacks": "king or jack"}[rules.boys]
    parts = {"tricks": f"{sign}{t} per trick", "boys": f"{sign}{b} per {boys}", "girls": f"{sign}{g} per queen",
             "hearts": f"{sign}{h} per heart", "king": f"{sign}{k} for K♥",
             "last_two": f"{sign}{last} for each of the last two tricks"}
    basic = c.basic
    if basic == "eralash":
        return "all six at once: " + ", ".join(parts[x] for x in ("tricks", "boys", "girls", "hearts", "king",
                                                                   "last_two"))
    assert basic is not None
    return parts[basic]


def _rule_notes(rules: Rules, c: Contract, deal: Deal | None) -> list[str]:
    notes = []
    if c in NO_HEARTS_LEAD:
        notes.append("no ♥ lead while you hold another suit")
    if deal is not None:
        if deal.king_must_go:
            notes.append("K♥ must go when you cannot follow")
        if deal.hearts_must_go:
            notes.append("a heart must go when you cannot follow")
        if deal.trump_mask:
            notes.append("you must trump when you cannot follow")
        if deal.misere:
            notes.append("ranks reversed: 7 high, A low")
        if deal.scoring.live is not None:
            notes.append("ends when no points are left")
    return notes


def move_text(token: str) -> str:
    """Words for a move token, for buttons and the call log.

    >>> move_text("trump:S"), move_text("bid:3"), move_text("contract:no-king"), move_text("QS")
    ('♠ trump', 'bid 3', 'No King', 'Q♠')
    """
    m = Move.parse(token)
    if m.kind == "card":
        assert m.card is not None
        return m.card.pretty
    if m.kind == "pass":
        return "pass"
    if m.kind == "bid":
        return f"bid {m.bid}"
    if m.kind == "contract":
        assert m.contract is not None
        return CONTRACT_NAMES[m.contract.value]
    return {"nt": "no trump", "misere": "misère", "last-card": "by the last card"}.get(
        m.trump, f"{SUIT_SYMBOL['SHDC'.index(m.trump)]} trump" if m.trump in ("S", "H", "D", "C") else m.trump)


# ----- the page's bots ----------------------------------------------------------------------------------
# kingcore.bots is imported when first needed: the page's first render does not wait for it.

def level_spec(level: str) -> str:
    """The :mod:`kingcore.bots` spec of a seat level (:data:`BOT_LEVELS`).

    Raises:
        ValueError: not a bot level.
    """
    if level not in BOT_LEVELS:
        raise ValueError(f"unknown bot level {level!r} (known: {', '.join(BOT_LEVELS)})")
    from .bots import LEVELS

    return LEVELS.get(level, level)


def choose(view: dict[str, Any], level: str = DEFAULT_LEVEL, seed: int = 0) -> str:
    """A legal move token chosen by the bot of ``level`` for the seat whose view this is (a
    :meth:`SeatView.to_dict <kingcore.view.SeatView.to_dict>`), which must be to move (RULES.md §4–§8).

    Deterministic for the same view, level and seed (``rng = random.Random(seed)``).

    Raises:
        ValueError: the view has no legal move (not this seat's turn), or an unknown level.
    """
    if not view.get("legal"):
        raise ValueError(f"seat {view.get('seat')} has no legal move in phase {view.get('phase')}")
    from .bots import choose_token

    return choose_token(view, level_spec(level), seed)


def bot_move(view_json: str, level: str = DEFAULT_LEVEL, seed: int = 0) -> str:
    """:func:`choose` for a view given as JSON text (what crosses into the page's bot worker)."""
    return choose(json.loads(view_json), level, seed)


def hint_json(view_json: str, seed: int = 0) -> str:
    """The strongest level's rating of every legal move of a view (JSON text in, JSON text out):
    ``{"best": token, "measure": "points" | "share", "moves": [{"token", "text", "expected"}, ...]}``,
    best first (the strongest bot's own choice); ``expected`` is the expected points of the deal for
    the seat (positive is good), rounded to 0.01 — or, when naming a contract in ordered King
    (``measure`` ``share``), how much better than its fair share the hand plays it, as a fraction, a
    pass being the bar a contract must clear (:func:`kingcore.bots.hint`).

    Raises:
        ValueError: the seat is not to move.
    """
    from .bots import base, hint
    from .bots.analysis import STRONGEST

    view = base.view_from_dict(json.loads(view_json))
    rated = hint(view, random.Random(seed), base.make_bot(level_spec(STRONGEST)))
    moves = [{"token": str(m), "text": move_text(str(m)), "expected": round(v, 2)} for m, v in rated]
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
    from .bots import base
    from .bots.analysis import STRONGEST, analyse

    rows = analyse(record_text, seat, base.make_bot(level_spec(STRONGEST)), seed, deals=(deal,))
    cards = [{"trick": r.trick, "card": str(r.move), "expected": round(r.expected, 2), "best": str(r.best),
              "best_expected": round(r.best_expected, 2), "cost": round(r.cost, 2)} for r in rows]
    return json.dumps({"deal": deal, "seat": seat, "cost": round(sum(r.cost for r in rows), 2), "cards": cards})
