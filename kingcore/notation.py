"""Game records: a text form of a whole rubber (rules, draw, dealt cards, calls and every card), with
``loads``/``dumps``/``load``/``dump`` like :mod:`json`. A record stores the dealt cards, never an RNG seed.

The writer is strict (one canonical form) and refuses what it could not read back; the reader is lenient
in form (any case, extra blanks, ``#`` comments, seats optional in tricks) but strict in content: the
tags of :data:`TAGS` only, one line per deal, hand, trick and score, no extra words, hands for the seats
of the rules only, every trick complete but the last one of an unfinished game. It replays every move
through :class:`~kingcore.game.Game`, so a bad record raises :class:`~kingcore.errors.NotationError` with
the line and column. Limits (:mod:`kingcore.limits`): a record is at most 1,000,000 characters, a line
at most 10,000, numbers 1-18 ASCII digits. An optional ``[Players]`` tag says who played each seat (a person's
name or a bot's level: :func:`players_tag`) — its holder when the record was written —, and an optional ``[Former]``
tag who played a seat before it changed hands, and up to which deal (friends online: :func:`former_tag`). A record
written for one seat in the middle of a deal (``dumps(game, seat=0)``) writes each card of that deal the seat has
not seen as ``?`` (:mod:`kingcore.hidden`); the reader deals those at random, consistently with the record::

    [Event "King"]
    [Rules "king()"]
    [Draw "7S QH AD 9C"]

    deal 1 dealer 2
    hand 0 7S 8S ...            # each hand in the order the cards were received
    call 3 trump:S              # contract names, passes, bids and trump calls
    trick 1 3:7S 0:JS 1:9S 2:8S
    score -4 -2 0 0             # the deal's points (checked on reading)

>>> import random
>>> g = Game(Rules()); g.autoplay(random.Random(5), deals=2)
>>> text = dumps(g)
>>> dumps(loads(text)) == text, loads(text).sheet.totals == g.sheet.totals
(True, True)

A position of one deal has a one-line form too, ``str(position)``, read by :func:`parse_position`::

    king() | no_king | dealer 3 | <hand of seat 0> | ... | lead 1 trick AS KH | points 0 0 0 0 | tricks 1 0 0 0

>>> p = parse_position("king() | no_king | dealer 3 | AKQJT987... | .AKQJT987.. | ..AKQJT987. | ...AKQJT987")
>>> [str(c) for c in p.legal_moves()][:3], p.to_move, parse_position(str(p)) == p
(['AS', 'KS', 'QS'], 0, True)

Size: over 400 lines because the writer, the lenient reader and the ``[Players]`` tag share one grammar,
and the position's one-line form (:func:`parse_position`) is read here with the same limits and errors.
"""

from __future__ import annotations

import random
import re
import unicodedata
from collections.abc import Sequence
from typing import IO, Any
from urllib.parse import unquote

from .cards import SUIT_LETTERS, Card, parse_dots
from .contracts import Contract
from .errors import DealError, IllegalMoveError, KingError, NotationError, Reason, RulesError
from .game import Game, Phase
from .hidden import HIDDEN, IN_PROGRESS, imagine, withheld
from .limits import MAX_DIGITS, MAX_FILE, MAX_LINE, MAX_POSITION, check_size, json_loads, quote, small_int
from .moves import Move
from .position import Bid, Deal, Position, unreachable
from .rules import Rules

_TAG = re.compile(r'^\[\s*([A-Za-z]+)\s+"([^"]*)"\s*\]$')
TAGS = ("event", "rules", "draw", "firstdealer", "result", "players", "former")
"""The tags a record may hold (compared without case): ``Event``, ``Rules``, ``Draw``, ``FirstDealer``,
``Result``, ``Players`` (optional, :func:`players_tag`; records without it read as before), ``Former`` (optional,
:func:`former_tag`; records without it read as before: no seat changed hands)."""
_TAG_VALUE = re.compile(r'[^"\\\x00-\x1f\x7f\[\]#]{0,200}')
_BOT_LEVEL = re.compile(r"[a-z][a-z0-9_-]{0,19}")
_MAX_PLAYER_NAME = 100
Player = tuple[str, str]
"""Who played a seat: ``("human", name)`` (``""``: no name given) or ``("bot", level)``."""
Holder = tuple[int, str, int | None]
"""An earlier holder of a seat that changed hands: ``(seat, name, to)`` — ``name`` played ``seat`` in every deal
before deal ``to`` (``None``: no one took the seat after them; every deal of the record since is theirs)."""
MAX_FORMER = 100
"""Earlier holders a ``[Former]`` tag names at most."""


def _escape_name(name: str) -> str:
    """``name`` with ``%``, ``"``, ``#``, ``\\`` and every blank as ``%XX`` (its UTF-8 bytes)."""
    return "".join("".join(f"%{b:02X}" for b in ch.encode()) if ch in '%"#\\' or ch.isspace() else ch
                   for ch in name)


def players_tag(players: Sequence[Player]) -> str:
    """The value of a ``[Players]`` tag: one word per seat, ``human:NAME`` (the name with ``%``, ``"``,
    ``#``, ``\\`` and blanks percent-encoded as UTF-8) or ``bot:LEVEL``.

    >>> players_tag([("human", "Оля К"), ("bot", "hard"), ("human", "")])
    'human:Оля%20К bot:hard human:'

    Raises:
        NotationError: a kind other than ``human``/``bot``, a level not of ``a-z0-9_-`` (at most 20), or
            a name over 100 characters or holding a control character.
    """
    words = []
    for kind, text in players:
        if kind == "bot" and _BOT_LEVEL.fullmatch(text):
            words.append(f"bot:{text}")
        elif kind == "human" and _human(text):
            words.append(f"human:{_escape_name(text)}")
        else:
            raise NotationError(f"a [Players] tag cannot name seat {len(words)} {quote(f'{kind}:{text}', 40)}")
    return " ".join(words)


def parse_players(value: str, players: int) -> list[Player]:
    """The seats of a ``[Players]`` tag's value (:func:`players_tag`), one per seat of ``players``.

    >>> parse_players("human:Оля%20К bot:hard human:", 3)
    [('human', 'Оля К'), ('bot', 'hard'), ('human', '')]

    Raises:
        NotationError: not one ``human:NAME`` or ``bot:LEVEL`` word per seat (column 1).
    """
    words = value.split()
    if len(words) != players:
        raise NotationError(f"[Players] must name {players} seats, not {len(words)}", value, None, None,
                            code="players_count", params={"players": players, "given": len(words)})
    out: list[Player] = []
    for word in words:
        kind, _, text = word.partition(":")
        try:
            if kind == "human" and "%" in text:
                text = unquote(text, errors="strict")
            out.append((kind, text))
            players_tag([out[-1]])
        except (NotationError, UnicodeDecodeError):
            raise NotationError(f"[Players]: {quote(word, 40)} is neither human:NAME nor bot:LEVEL", value,
                                code="players_word", params={"word": word[:40]}) from None
    return out


def _human(name: str) -> bool:
    return len(name) <= _MAX_PLAYER_NAME and not any(unicodedata.category(ch) in ("Cc", "Cs") for ch in name)


def former_tag(former: Sequence[Holder]) -> str:
    """The value of a ``[Former]`` tag: one word per earlier holder, in the order they left, ``SEAT:TO:NAME`` —
    ``NAME`` played ``SEAT`` in every deal before deal ``TO`` (``-``: until the record's end, no one took the seat
    since); the name percent-encoded as in :func:`players_tag`.

    >>> former_tag([(1, "Петя К", 4), (2, "Оля", None)])
    '1:4:Петя%20К 2:-:Оля'

    Raises:
        NotationError: more than :data:`MAX_FORMER` holders, a seat or deal that is not a whole number (a deal
            from 1), an empty name, or one over 100 characters or holding a control character.
    """
    if len(former) > MAX_FORMER:
        raise NotationError(f"a [Former] tag names at most {MAX_FORMER} earlier holders, not {len(former)}")
    words = []
    for seat, name, to in former:
        if not (type(seat) is int and seat >= 0 and (to is None or (type(to) is int and to >= 1))
                and isinstance(name, str) and name and _human(name)):
            raise NotationError(f"a [Former] tag cannot name {quote(f'{seat}:{to}:{name}', 40)}")
        words.append(f"{seat}:{'-' if to is None else to}:{_escape_name(name)}")
    return " ".join(words)


def parse_former(value: str, players: int) -> list[Holder]:
    """The earlier holders of a ``[Former]`` tag's value (:func:`former_tag`) at a table of ``players`` seats.

    >>> parse_former("1:4:Петя%20К 2:-:Оля", 3)
    [(1, 'Петя К', 4), (2, 'Оля', None)]

    Raises:
        NotationError: a word that is not ``SEAT:TO:NAME`` — a seat of the table, a deal from 1 or ``-``, a name
            as :func:`former_tag` writes it —, or more than :data:`MAX_FORMER` words.
    """
    words = value.split()
    if len(words) > MAX_FORMER:
        raise NotationError(f"[Former] names at most {MAX_FORMER} earlier holders, not {len(words)}", value)
    out: list[Holder] = []
    for word in words:
        seat_t, to_t, name = [*word.split(":", 2), "", ""][:3]
        seat, to = small_int(seat_t), None if to_t == "-" else small_int(to_t)
        try:
            name = unquote(name, errors="strict") if "%" in name else name
            if seat is None or seat >= players or (to_t != "-" and (to is None or to < 1)):
                raise NotationError(word)
            former_tag([(seat, name, to)])
        except (NotationError, UnicodeDecodeError):
            raise NotationError(f"[Former]: {quote(word, 40)} is not SEAT:TO:NAME (a seat of the table, a deal or "
                                "-, a name)", value, code="former_word", params={"word": word[:40]}) from None
        out.append((seat, name, to))
    return out


def _tag(text: str, tag: str) -> str | None:
    """The value of ``text``'s tag ``tag`` (lower case), or ``None`` when the record has none."""
    value = None
    for raw in text.removeprefix("\ufeff").splitlines():
        stripped = raw.split("#", 1)[0].strip()
        if not stripped:
            continue
        m = _TAG.match(stripped)
        if not m:
            break  # the tags come first
        if m.group(1).lower() == tag:
            value = m.group(2)
    return value


def record_former(text: str, players: int) -> list[Holder] | None:
    """Who played a seat before it changed hands, as a record's ``[Former]`` tag says (``None``: the record has no
    such tag — no seat changed hands, or a record written before the tag). Call it on a record :func:`loads` read
    (it checked the tag); ``players``: its table's seats.

    Raises:
        NotationError: a bad ``[Former]`` tag.
    """
    value = _tag(text, "former")
    return None if value is None else parse_former(value, players)


def record_players(text: str) -> list[Player] | None:
    """Who played each seat, as a record's ``[Players]`` tag says (``None``: the record has no such tag —
    every record written before it, and any not from a table of several people). Call it on a record
    :func:`loads` read (it checked the tag).

    Raises:
        NotationError: a bad ``[Players]`` tag.
    """
    value = _tag(text, "players")
    if value is None:
        return None
    return parse_players(value, len(value.split()))


def dumps(game: Game, event: str = "King", players: Sequence[Player] | None = None,
          seat: int | None = None, former: Sequence[Holder] = ()) -> str:
    """The game as a record (strict canonical form, ends with a newline); ``players``: who played each seat,
    written as a ``[Players]`` tag (:func:`players_tag`; ``None``: no tag); ``former``: who played a seat before
    it changed hands, written as a ``[Former]`` tag (:func:`former_tag`; none: no tag); ``seat``: the record as that
    seat may see it — the deal in progress with every card it has not seen (the other seats' unplayed cards,
    the kitty) and the other seats' cards played (shown in their tricks) written ``?`` in the hands
    (:func:`kingcore.hidden.withheld`; ``None``: every card).

    Raises:
        NotationError: ``event`` holds what a tag cannot (``"``, ``\\``, ``[``, ``]``, ``#``, a line break
            or another control character) or is over 200 characters; an earlier holder's seat not of the table.
    """
    if not isinstance(event, str) or not _TAG_VALUE.fullmatch(event):
        raise NotationError(f"an [Event] tag cannot hold {quote(str(event))}: no quotes, brackets, '#', "
                            "backslashes or line breaks, at most 200 characters")
    hide = withheld(game, seat) if seat is not None else 0

    def cards(cs: list[Card], last: bool) -> str:
        return " ".join(HIDDEN if last and hide & c.mask else str(c) for c in cs)

    out = [f'[Event "{event}"]', f'[Rules "{game.rules}"]']
    if players is not None:
        if len(players) != game.rules.players:
            raise NotationError(f"[Players] must name {game.rules.players} seats, not {len(players)}")
        out.append(f'[Players "{players_tag(players)}"]')
    if former:
        if any(type(h[0]) is int and h[0] >= game.rules.players for h in former):
            raise NotationError(f"[Former] names a seat beyond the table's {game.rules.players}")
        out.append(f'[Former "{former_tag(former)}"]')
    if game.draw:
        out.append(f'[Draw "{" ".join(str(c) for c in game.draw)}"]')
    elif game.first_dealer is not None:
        out.append(f'[FirstDealer "{game.first_dealer}"]')
    if game.phase is Phase.RUBBER_OVER:
        out.append(f'[Result "{" ".join(map(str, game.sheet.totals))}"]')
    n = game.rules.players
    for d in game.deals:
        out.append("")
        out.append(f"deal {d.number} dealer {d.dealer}")
        for s in range(n):
            out.append(f"hand {s} " + cards(d.hands[s], d is game.current))
        if d.kitty:
            out.append("kitty " + cards(d.kitty, d is game.current))
        for seat, m in d.calls:
            out.append(f"call {seat} {m}")
        for t in range(0, len(d.plays), n):
            chunk = d.plays[t:t + n]
            out.append(f"trick {t // n + 1} " + " ".join(f"{s}:{c}" for s, c in chunk))
        row = next((r for r in game.sheet.rows if r.deal == d.number), None)
        if row is not None:
            out.append("score " + " ".join(map(str, row.points)))
    return "\n".join(out) + "\n"


def dump(game: Game, fp: IO[str]) -> None:
    """Write :func:`dumps` of ``game`` to a text file."""
    fp.write(dumps(game))


def load(fp: IO[str]) -> Game:
    """Read a record from a text file; see :func:`loads`."""
    return loads(fp.read())


def record_text(text: str) -> str:
    """The game record in ``text``: the text itself, or — for a save the web page wrote (JSON with a
    ``record`` string, :meth:`kingcore.web.Session.to_save`) — that record.

    Raises:
        NotationError: text over the size limit, or text that starts with ``{`` (a save) but is not JSON
            within the limits of :func:`kingcore.limits.json_loads`, holds no ``record`` string or a
            ``version`` that is not a whole number — with line and column.
    """
    check_size(text, MAX_FILE, "record")
    body = text.lstrip("\ufeff")
    if body.lstrip(" \t\r\n").startswith("{"):
        doc = json_loads(body, "save")
        version = doc.get("version", 1) if isinstance(doc, dict) else None
        if type(version) is not int or version < 1:  # 1.0 and true are no version
            raise NotationError(f"save: {quote(repr(version))} is not a format version", body[:80], 1, 1)
        if isinstance(doc.get("record"), str):
            return str(doc["record"])
        raise NotationError("save: a JSON object without a \"record\" string", body[:80], 1, 1)
    return text


def loads(text: str, rng: random.Random | None = None) -> Game:
    """Replay a record into a :class:`Game` (which may be unfinished: a saved game in progress, even one
    before the draw for dealer — a ``[Rules]`` tag and no deal).

    The last deal, when it is in progress, may hide cards (``?``, as :func:`dumps` writes them for one
    seat): they are dealt at random with ``rng`` (``None``: a new ``random.Random()``), consistently with
    the cards given and played and the calls (:func:`kingcore.hidden.imagine`), and marked in the deal's
    ``unseen``.

    Raises:
        NotationError: any bad line — unknown tag or keyword, bad card, wrong seat, an illegal card,
            extra words, a line given twice, a ``score`` that differs from the replay, a record or line
            over the limits, hidden cards in a deal that is over or not the last, or that no deal of the
            cards left explains — with ``line`` and ``column`` (1-based).
    """
    check_size(text, MAX_FILE, "record")
    game: Game | None = None
    tags: dict[str, tuple[str, int]] = {}
    pending: dict[str, object] | None = None  # a deal whose hands are being read
    hidden: dict[str, object] | None = None  # the deal with hidden cards ("?"), dealt once its moves are read
    moves: list[tuple[int, str, list[tuple[str, int]], int]] = []  # that deal's call and trick lines
    lines = text.removeprefix("\ufeff").splitlines()
    scored: set[int] = set()  # deals whose score line was read
    partial: int | None = None  # the line of an incomplete trick (only the last line may be one)

    def err(no: int, col: int, msg: str, cause: KingError | None = None, code: str | None = None,
            **params: Any) -> NotationError:
        illegal = cause if isinstance(cause, IllegalMoveError) else None
        if isinstance(cause, NotationError) and code is None:
            code, params = cause.code, cause.params
        return NotationError(msg, lines[no - 1] if 0 < no <= len(lines) else "", no, col, illegal,
                             code=code, params=params)

    def start(no: int, undrawn: bool = False) -> Game:
        nonlocal game
        if game is not None:
            return game
        rtext, _ = tags.get("rules", ("king()", 0))
        try:
            g = Game(Rules.parse(rtext))
        except RulesError as e:
            raise err(tags.get("rules", ("", no))[1] or no, 1, str(e)) from None
        if "draw" in tags:
            dtext, dno = tags["draw"]
            try:
                g.apply_draw([Card.parse(w) for w in dtext.split()])
            except KingError as e:
                raise err(dno, 1, f"bad draw: {e}") from None
        elif "firstdealer" in tags:
            ftext, fno = tags["firstdealer"]
            seat = small_int(ftext)
            if seat is None:
                raise err(fno, 1, f"FirstDealer must be a seat number, not {quote(ftext, 20)}")
            try:
                g.set_first_dealer(seat)
            except KingError as e:
                raise err(fno, 1, str(e)) from None
        elif not undrawn:
            raise err(no, 1, "a record needs a [Draw] or [FirstDealer] tag before the first deal", code="no_start")
        game = g
        return g

    def flush(no: int) -> None:
        nonlocal pending, hidden
        if pending is None:
            return
        g = start(no)
        p = pending
        pending = None
        hands = p["hands"]
        assert isinstance(hands, dict)
        n = g.rules.players
        missing = [s for s in range(n) if s not in hands]
        if missing:
            raise err(int(str(p["line"])), 1, f"deal {p['number']}: no hand for seat {missing[0]}")
        kitty = p.get("kitty") or []
        assert isinstance(kitty, list)
        if None in kitty or any(None in hands[s] for s in range(n)):
            hidden = p  # dealt at the end (deal_hidden), once its cards played are known
            return
        deal(p, [hands[s] for s in range(n)], kitty)

    def deal(p: dict[str, object], hands: list[list[Card]], kitty: list[Card]) -> None:
        try:
            start(0).deal_cards(hands, kitty)
        except (DealError, IllegalMoveError) as e:
            raise err(int(str(p["line"])), 1, f"deal {p['number']}: {e}") from None

    def move(g: Game, no: int, key: str, words: list[tuple[str, int]], indent: int) -> bool:
        """Play a call or trick line on ``g``; whether it is an incomplete trick."""
        if key == "call":
            seat = small_int(words[1][0]) if len(words) == 3 else None
            if seat is None:
                raise err(no, indent + 1, "expected 'call SEAT MOVE'")
            try:
                g.play(Move.parse(words[2][0]), seat=seat)
            except KingError as e:
                raise err(no, words[2][1], str(e), e) from None
            return False
        d = g.current
        want_no = (len(d.plays) // g.rules.players + 1) if d is not None else 1
        if len(words) < 2 or small_int(words[1][0]) != want_no:
            raise err(no, words[1][1] if len(words) > 1 else indent + 1, f"expected trick number {want_no}")
        n_cards = len(words) - 2
        if n_cards > g.rules.players or n_cards == 0:
            raise err(no, words[min(len(words) - 1, g.rules.players + 2)][1],
                      f"a trick has {g.rules.players} cards, not {n_cards}")
        for w, col in words[2:]:
            seat_t, card = played_card(no, w, col)
            try:
                if g.phase is not Phase.PLAY:
                    raise IllegalMoveError(f"a card ({card}) after the deal ended", Reason.DEAL_OVER)
                g.play(Move.play(card), seat=seat_t)
            except KingError as e:
                raise err(no, col, str(e), e) from None
        return n_cards < g.rules.players

    def played_card(no: int, w: str, col: int) -> tuple[int | None, Card]:
        seat_t, _, card_t = w.rpartition(":")
        try:
            card = Card.parse(card_t)
        except NotationError as e:
            raise err(no, col, e.message, e) from None
        seat = small_int(seat_t) if seat_t else None
        if seat_t and seat is None:
            raise err(no, col, f"bad seat {quote(seat_t, 20)} before {quote(card_t, 20)}")
        return seat, card

    def deal_hidden(p: dict[str, object]) -> None:
        """The deal with hidden cards: its cards dealt (the hidden ones at random), then its moves."""
        g = start(0)
        line = int(str(p["line"]))
        hands = p["hands"]
        assert isinstance(hands, dict)
        played: dict[int, list[Card]] = {}
        for no, key, words, _ in moves:
            for w, col in words[2:] if key == "trick" else []:
                seat, card = played_card(no, w, col)
                if seat is None:
                    raise err(no, col, "a deal with hidden cards (?) names the seat of each card played")
                played.setdefault(seat, []).append(card)

        def replay(on: Game) -> None:
            for item in moves:
                move(on, *item)

        try:
            kitty = p.get("kitty") or []
            assert isinstance(kitty, list)
            full, full_kitty, unseen = imagine(g, [hands[s] for s in range(g.rules.players)], kitty, played,
                                               replay, rng or random.Random())
        except DealError as e:
            raise err(line, 1, f"deal {p['number']}: {e}") from None
        deal(p, full, full_kitty)
        assert g.current is not None
        g.current.unseen = unseen
        replay(g)
        if g.phase not in IN_PROGRESS:
            raise err(line, 1, f"deal {p['number']} is over: a record hides cards (?) only of a deal in progress",
                      code="hidden_over", deal=p["number"])

    for no, raw in enumerate(lines, 1):
        if len(raw) > MAX_LINE:
            raise err(no, MAX_LINE + 1, f"line of {len(raw):,} characters (at most {MAX_LINE:,})")
        line = raw.split("#", 1)[0].rstrip()
        stripped = line.strip()
        if not stripped:
            continue
        indent = len(line) - len(line.lstrip())
        if partial is not None:
            raise err(partial, 1, "an incomplete trick, but the record goes on (only the last trick of an "
                      "unfinished game may be incomplete)", code="incomplete_trick")
        if stripped.startswith("["):
            m = _TAG.match(stripped)
            if not m:
                raise err(no, indent + 1, 'bad tag: expected [Name "value"]', code="bad_tag")
            if game is not None or pending is not None:
                raise err(no, indent + 1, "tags come before the first deal", code="late_tag")
            name = m.group(1).lower()
            if name not in TAGS:
                raise err(no, indent + 1, f"unknown tag [{m.group(1)}] (known: Event, Rules, Draw, FirstDealer, "
                          "Result, Players, Former)", code="unknown_tag", tag=m.group(1))
            if name in tags:
                raise err(no, indent + 1, f"tag [{m.group(1)}] is given twice", code="tag_twice", tag=m.group(1))
            if {name, *tags} >= {"draw", "firstdealer"}:
                raise err(no, indent + 1, "give [Draw] or [FirstDealer], not both")
            tags[name] = (m.group(2), no)
            continue
        words = [(w.group(0), w.start() + 1) for w in re.finditer(r"\S+", line)]
        key = words[0][0].lower()
        if key == "deal":
            flush(no)
            g = start(no)
            if hidden is not None:
                raise err(no, indent + 1, f"deal {hidden['number']} hides cards (?), but the record goes on: only "
                          "the last deal, in progress, may hide cards", code="hidden_not_last", deal=hidden["number"])
            if g.phase not in (Phase.DEAL, Phase.DEAL_OVER):
                raise err(no, indent + 1, f"a new deal, but the previous one is not over (phase {g.phase.value})")
            if len(words) < 2 or small_int(words[1][0]) != len(g.deals) + 1:
                raise err(no, words[1][1] if len(words) > 1 else indent + 1,
                          f"expected deal number {len(g.deals) + 1}")
            if len(words) not in (2, 4):
                raise err(no, words[min(len(words), 4) - 1][1] if len(words) > 4 else indent + 1,
                          f"expected 'deal {len(g.deals) + 1} dealer {g.dealer}'"
                          + (f", not {len(words)} words" if len(words) > 4 else ""))
            if len(words) == 4:
                if words[2][0].lower() != "dealer":
                    raise err(no, words[2][1], f"expected 'dealer', not {quote(words[2][0], 20)}")
                if small_int(words[3][0]) != g.dealer:
                    raise err(no, words[3][1], f"deal {len(g.deals) + 1} is dealt by seat {g.dealer}")
            pending = {"number": len(g.deals) + 1, "hands": {}, "line": no}
            continue
        if key in ("hand", "kitty"):
            if pending is None:
                raise err(no, indent + 1, f"'{key}' outside a deal's cards")
            cards: list[Card | None] = []
            rest = words[2:] if key == "hand" else words[1:]
            for w, col in rest:
                if w == HIDDEN:
                    cards.append(None)
                    continue
                try:
                    cards.append(Card.parse(w))
                except NotationError as e:
                    raise err(no, col, e.message, e) from None
            if key == "kitty":
                if "kitty" in pending:
                    raise err(no, indent + 1, "the kitty is given twice")
                pending["kitty"] = cards
                continue
            seat = small_int(words[1][0]) if len(words) > 1 else None
            if seat is None:
                raise err(no, words[1][1] if len(words) > 1 else indent + 1, "expected 'hand SEAT cards...'")
            n_seats = start(no).rules.players
            if seat >= n_seats:
                raise err(no, words[1][1], f"there is no seat {seat} in a {n_seats}-player game")
            hands = pending["hands"]
            assert isinstance(hands, dict)
            if seat in hands:
                raise err(no, words[1][1], f"the hand of seat {seat} is given twice")
            hands[seat] = cards
            continue
        flush(no)
        g = start(no)
        if key in ("call", "trick") and hidden is not None:
            moves.append((no, key, words, indent))  # played once the hidden cards are dealt
            if key == "trick" and len(words) - 2 < g.rules.players:
                partial = no
        elif key in ("call", "trick"):
            if move(g, no, key, words, indent):
                partial = no
        elif hidden is not None:
            raise err(no, indent + 1, f"deal {hidden['number']} hides cards (?): a record hides cards only of a "
                      "deal in progress", code="hidden_over", deal=hidden["number"])
        elif key == "score":
            nums = [small_int(w, signed=True) for w, _ in words[1:]]
            if not nums or None in nums:
                raise err(no, indent + 1, "expected 'score' and one number per seat")
            want = tuple(x for x in nums if x is not None)
            row = g.sheet.rows[-1] if g.sheet.rows and g.sheet.rows[-1].deal == len(g.deals) else None
            if row is None:
                raise err(no, indent + 1, "a score line, but the deal is not over")
            if row.deal in scored:
                raise err(no, indent + 1, f"the score of deal {row.deal} is given twice")
            scored.add(row.deal)
            if row.points != want:
                raise err(no, indent + 1, f"the record says {' '.join(map(str, want))}, but the cards score "
                          f"{' '.join(map(str, row.points))}", code="score_mismatch", record=" ".join(map(str, want)),
                          cards=" ".join(map(str, row.points)))
        else:
            raise err(no, indent + 1, f"unknown line {quote(words[0][0], 20)} (expected deal, hand, kitty, call, "
                      "trick or score)", code="unknown_line", word=words[0][0][:20])
    end = max(1, len(lines))
    flush(end)
    if hidden is not None:
        deal_hidden(hidden)
    g = start(end, undrawn="rules" in tags)  # tags only: a rubber before its draw (friends online deal it fairly)
    for tag, check in (("players", parse_players), ("former", parse_former)):  # (their words checked: line and column)
        if tag in tags:
            text, tno = tags[tag]
            try:
                check(text, g.rules.players)
            except NotationError as e:
                raise err(tno, 1, e.message, e) from None
    if "result" in tags:
        rtext, rno = tags["result"]
        nums = [small_int(w, signed=True) for w in rtext.split()]
        if g.phase is not Phase.RUBBER_OVER:
            raise err(rno, 1, "a [Result] tag, but the rubber is not finished")
        if tuple(nums) != g.sheet.totals:
            raise err(rno, 1, f"[Result] says {quote(rtext, 40)}, but the deals total "
                      f"{' '.join(map(str, g.sheet.totals))}")
    return g


def parse_position(text: str) -> Position:
    """Parse the one-line form ``str(position)`` prints (:class:`~kingcore.position.Position`), and check
    that the position could occur (:func:`~kingcore.position.unreachable`)::

        king() | no_king | dealer 3 | <hand of seat 0> | ... | lead 1 trick AS KH | points 0 0 0 0 | tricks 1 0 0 0

    Hands are in dot notation (``AK7.Q98.T.J8``), seat order. ``lead``, ``points`` and ``tricks``
    may be left out at the start of a deal. At most :data:`~kingcore.limits.MAX_POSITION`
    characters; numbers are 1-18 ASCII digits.

    A position is accepted only if a deal of these rules could reach it: the
    cards are the rules' deck, each held or played once; hands hold ``hand_size − tricks played``
    cards (one less for seats that played to the current trick); the trick is shorter than the
    number of players and each of its cards was legal; the leader is the first one or took a trick;
    points agree with the tricks and the cards gone; contract details are in range (RULES.md §2, §4,
    §5, §7).

    Raises:
        NotationError: with the column of the bad field and a one-line message.
    """
    if not isinstance(text, str) or len(text) > MAX_POSITION:
        raise NotationError(f"bad position: more than {MAX_POSITION:,} characters", str(text)[:80], 1, 1)
    raw = text.split("|")
    fields_ = [f.strip() for f in raw]
    col = [0]
    for f in raw[:-1]:
        col.append(col[-1] + len(f) + 1)

    def err(i: int, msg: str) -> NotationError:
        return NotationError(f"bad position: {msg}", text[:80], 1, col[min(i, len(col) - 1)] + 1)

    def num(i: int, word: str, what: str, signed: bool = False) -> int:
        v = small_int(word, signed)
        if v is None:
            raise err(i, f"{what} must be a number of 1-{MAX_DIGITS} ASCII digits, not {quote(word, 20)}")
        return v

    if len(fields_) < 4:
        raise err(0, "expected 'rules | contract | dealer N | hands ...'")
    try:
        rules = Rules.parse(fields_[0])
    except RulesError as e:
        raise err(0, str(e)) from None
    spec = fields_[1].split()
    try:
        contract = Contract.parse(spec[0]) if spec else None
    except ValueError:
        raise err(1, f"unknown contract {quote(spec[0], 20)}") from None
    if contract is None:
        raise err(1, "missing contract")
    trump: int | None = None
    misere = False
    value: int | None = None
    bid: Bid | None = None
    seen: set[str] = set()
    for word in spec[1:]:
        k, eq, v = word.partition("=")
        if k in seen:
            raise err(1, f"contract detail {quote(k, 20)} is given twice")
        seen.add(k)
        if contract is not Contract.TRUMPS:
            raise err(1, f"{quote(word, 20)}: only trump deals have contract details")
        if k == "trump" and eq and (v == "nt" or v in SUIT_LETTERS):
            trump = None if v == "nt" else SUIT_LETTERS.index(v)
        elif k == "misere" and not eq:
            misere = True
        elif k == "value" and eq:
            value = num(1, v, "value")
            if not 1 <= value <= 1000:
                raise err(1, f"value={value}: points per trick are 1..1000")
        elif k == "bid" and eq and v.count(":") == 1:
            bs, bt = v.split(":")
            bid = Bid(num(1, bs, "the bidder's seat"), num(1, bt, "the bid", signed=True))
            if not 0 <= bid.seat < rules.players or not 1 <= bid.tricks <= rules.hand_size:
                raise err(1, f"bid={bid.seat}:{bid.tricks}: a seat of {rules.players} and 1..{rules.hand_size} "
                          "tricks")
            if rules.replay != "auction":
                raise err(1, "a bid, but the rules have no auction (replay=auction, RULES.md §7)")
        else:
            raise err(1, f"bad contract detail {quote(word, 20)}")
    if bid is not None and misere:
        raise err(1, "an auction bid names a suit or no trump, not misère (RULES.md §7)")
    dw = fields_[2].split()
    if len(dw) != 2 or dw[0] != "dealer":
        raise err(2, f"expected 'dealer N', got {quote(fields_[2], 20)}")
    try:
        deal = Deal(rules, contract, num(2, dw[1], "the dealer"), trump, misere, value, bid)
    except RulesError as e:
        raise err(2, str(e)) from None
    n = rules.players
    if len(fields_) < 3 + n:
        raise err(len(fields_), f"expected {n} hands")
    hands = []
    for i in range(n):
        try:
            hands.append(parse_dots(fields_[3 + i]))
        except NotationError as e:
            raise err(3 + i, e.message) from None
    leader: int | None = None
    trick: list[int] = []
    points: list[int] | None = None
    tricks: list[int] | None = None
    order = ("lead", "points", "tricks")
    last = -1
    for i in range(3 + n, len(fields_)):
        words = fields_[i].split()
        key = words[0] if words else ""
        if key not in order:
            raise err(i, f"unknown field {quote(fields_[i], 20)} (expected lead, points or tricks)")
        if order.index(key) <= last:
            raise err(i, f"field {key} is out of order or given twice (lead, points, tricks)")
        last = order.index(key)
        if key == "lead":
            if len(words) < 2:
                raise err(i, "expected 'lead SEAT [trick CARDS...]'")
            leader = num(i, words[1], "the leader")
            if not 0 <= leader < n:
                raise err(i, f"lead seat {leader} is not a seat of {n}")
            if len(words) > 2:
                if words[2] != "trick" or len(words) == 3:
                    raise err(i, "expected 'lead SEAT trick CARDS...'")
                if len(words) - 3 >= n:
                    raise err(i, f"a trick of {len(words) - 3} cards with {n} players")
                mask = 0
                for w in words[3:]:
                    try:
                        c = Card.parse(w).index
                    except NotationError as e:
                        raise err(i, e.message) from None
                    if mask >> c & 1:
                        raise err(i, f"{w} is twice in the trick")
                    mask |= 1 << c
                    trick.append(c)
        else:
            vals = [num(i, w, key, signed=True) for w in words[1:]]
            if len(vals) != n:
                raise err(i, f"{key} needs {n} numbers, not {len(vals)}")
            if key == "points":
                points = vals
            else:
                tricks = vals
    pos = Position(deal, hands, leader, trick, points, tricks)
    problem = unreachable(pos)
    if problem is not None:
        field, msg = problem
        raise err({"hands": 3, "lead": 3 + n, "points": 3 + n + 1, "tricks": 3 + n + 2}.get(field, 3), msg)
    return pos
