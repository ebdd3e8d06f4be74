"""The friends-online protocol's messages (issue 19; docs/NET.md): their kinds and fields, the one reader
:func:`decode` that checks every field of a message from the other side, :func:`encode`, and
:func:`check_view`, the guest's check of a view model before it is drawn.

A message is a JSON object as text, at most :data:`MAX_MESSAGE` characters (refused by its length before
it is parsed, then read within :mod:`kingcore.limits`: nesting, digits): ``{"v": 2, "kind": str, "n": int,
…fields}`` — ``v`` the :data:`PROTOCOL` version, ``n`` the sender's sequence number (strictly increasing
on a connection). :data:`GUEST_KINDS` and :data:`HOST_KINDS` give each kind's fields; a message with a
missing, extra or ill-typed field is refused. Every refusal is a :class:`NetError` whose ``reason`` is a
code (:data:`REASONS`).

>>> decode('{"v":2,"kind":"intent","n":3,"token":"QS","at":7}', "guest")["token"]
'QS'
>>> decode('{"v":1,"kind":"ping","n":1}', "guest")
Traceback (most recent call last):
...
kingcore.online.messages.NetError: version: protocol version 1 (this page speaks 2)
>>> decode("x" * 70_000, "guest")
Traceback (most recent call last):
...
kingcore.online.messages.NetError: too_long: a message of 70,000 characters (at most 65,536)

Size: over 400 lines because the protocol's every field and every check of a view model's field a hostile
host could send are here, in one table each, next to the one reader that applies them.
"""

from __future__ import annotations

import json
import re
import types
from collections import deque
from collections.abc import Callable
from functools import cache
from typing import Any, Literal, Union, get_args, get_origin, get_type_hints, is_typeddict

from ..errors import KingError, RulesError
from ..game import Game
from ..limits import MAX_SPEC, json_loads
from ..rules import Rules
from ..web import BOT_LEVELS, HUMAN, ONLINE, TABLE_SIZES, ViewModel, clean_name
from ..web.holders import check_former
from ..web.hotseat import bad_char
from .room import PRESENCE, is_key, is_nonce, is_pass

PROTOCOL = 2
"""The protocol's version: every message's ``v`` (2: rooms — a seat taken in the lobby, taken back with its key)."""

MAX_MESSAGE = 65_536
"""Characters in one message, checked before parsing (the largest measured: a view model of a 6-player Ordered King
late in its 84 deals, 21 kB; that rubber's whole record, 44.5 kB)."""

MAX_SEQ = 10**18 - 1
"""The largest sequence number, view counter or deal number (18 digits: :data:`kingcore.limits.MAX_DIGITS`)."""

MAX_TEXT = 4_096
"""Characters in any text field (a rules text is at most :data:`kingcore.limits.MAX_SPEC`)."""

MAX_ITEMS = 1_000
"""Entries in any list or object of a view model (a 6-player rubber's history has a few hundred)."""

MAX_NUMBER = 10**9
"""The largest size of a number in a view model (points of a whole rubber are in the thousands)."""

MAX_TOKEN = 32
"""Characters in a move token (``trump:misere`` is the longest)."""

MAX_TABLE = 64
"""Characters in a table's id (:attr:`kingcore.web.Session.game_id`)."""

MAX_MP = 32_768
"""Characters of a mental-poker text an ``mp`` message carries (:mod:`.deal.wire`; the longest, a 52-card deck
relocked with its commitments, is about 4.8 kB)."""

MAX_PAGE = 5
"""The highest page number of a mental-poker table: the host's page is 0, each friend's page one of 1–5
(six seats, one of them the host's)."""

Sender = Literal["host", "guest"]

REASONS = ("too_long", "not_json", "version", "bad_message", "replayed", "not_your_turn", "stale", "flood",
           "hints_off", "no_hint", "wrong_phase", "wrong_table", "bad_name", "joined", "bad_secret", "not_seated",
           "no_seat", "seat_taken", "reserved", "bad_key")
"""The net's refusal codes (besides the engine's :class:`~kingcore.errors.Reason` values for a refused move):
``too_long`` (over :data:`MAX_MESSAGE`), ``not_json``, ``version`` (another :data:`PROTOCOL`),
``bad_message`` (an unknown kind, a missing, extra or bad field), ``replayed`` (an ``n`` not above the last
one), ``not_your_turn``, ``stale`` (an intent answering an older view), ``flood`` (more than
:data:`FLOOD_LIMIT` messages a second), ``hints_off``, ``no_hint`` (the host's bots found none for a hint
asked), ``wrong_phase`` (``next`` before a deal's end, a
commitment or secret outside the fair-deal round), ``wrong_table`` (a ``take`` or ``back`` for another
table), ``bad_name``, ``joined`` (a ``take`` or ``back`` on a connection seated already), ``bad_secret`` (a
secret that does not match its hash); in the lobby (:mod:`.lobby`): ``not_seated`` (a game message before a
seat is taken), ``no_seat`` (not a seat friends play online), ``seat_taken`` (another friend holds it),
``reserved`` (a seat kept for the holder of its pass), ``bad_key`` (a proof that does not show the seat's key)."""

FLOOD_LIMIT = 20
"""Messages a second a guest may send; more are refused, and twice as many end the connection."""


class NetError(KingError, ValueError):
    """A message refused: ``reason`` one of :data:`REASONS`, ``n`` its sequence number when it had a
    readable one (else ``None``); ``str()`` is ``"<reason>: <what is wrong>"``."""

    def __init__(self, reason: str, message: str, n: int | None = None) -> None:
        super().__init__(f"{reason}: {message}")
        self.reason = reason
        self.detail = message
        self.n = n


def _is_int(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _count(x: Any) -> bool:
    return _is_int(x) and 0 <= x <= MAX_SEQ


def _seat(x: Any) -> bool:
    return _is_int(x) and 0 <= x < max(TABLE_SIZES)


def _text(limit: int) -> Callable[[Any], bool]:
    return lambda x: isinstance(x, str) and len(x) <= limit and bad_char(x) is None


def _per_seat(item: Callable[[Any], bool]) -> Callable[[Any], bool]:
    return lambda x: isinstance(x, list) and min(TABLE_SIZES) <= len(x) <= max(TABLE_SIZES) and all(
        item(i) for i in x)


_HEX = re.compile(r"[0-9a-f]{64}")


def is_hex(text: object) -> bool:
    """Whether ``text`` is a secret's, a hash's or a seed's form: 64 lowercase hexadecimal digits (256 bits:
    :mod:`.deal.commit`).

    >>> is_hex("ab" * 32), is_hex("AB" * 32), is_hex("XYZ")
    (True, False, False)
    """
    return isinstance(text, str) and _HEX.fullmatch(text) is not None


def _hex_or_none(x: Any) -> bool:
    return x is None or is_hex(x)


def _name(x: Any) -> bool:
    try:
        # "<b>Ann</b>" is a name: names are drawn as text, as at one device
        return isinstance(x, str) and clean_name(x) == x
    except RulesError:
        return False


def _rules(x: Any) -> bool:
    if not isinstance(x, str) or len(x) > MAX_SPEC:
        return False
    try:
        Rules.parse(x)
    except KingError:
        return False
    return True


def _args(x: Any) -> bool:
    return x is None or (isinstance(x, dict) and set(x) <= {"led", "trump"} and all(
        v is None or (isinstance(v, str) and v in "SHDC" and len(v) == 1) for v in x.values()))


def _level(x: Any) -> bool:
    return x in (HUMAN, ONLINE, *BOT_LEVELS)


def _any(_: Any) -> bool:
    return True


_MARKUP = re.compile(r"<[A-Za-z/!?]")  # the start of a tag, a comment or a declaration: "<b", "</", "<!--"
_CODE = _text(64)

def _bool(x: Any) -> bool:
    return isinstance(x, bool)


def _pass_or_none(x: Any) -> bool:
    return x is None or is_pass(x)


def _presence(x: Any) -> bool:
    return x is None or x in PRESENCE


_NAMES = _per_seat(lambda x: x is None or _name(x))


def _former(x: Any) -> bool:
    try:
        check_former(x, max(TABLE_SIZES))  # (the table's own seats: the guest's page checks them against it)
        return True
    except RulesError:
        return False


def _page(x: Any) -> bool:
    return _is_int(x) and 0 <= x <= MAX_PAGE


_MP_TEXT = _text(MAX_MP)

GUEST_KINDS: dict[str, dict[str, Callable[[Any], bool]]] = {
    "take": {"table": _text(MAX_TABLE), "seat": _seat, "name": _name, "pass": _pass_or_none},
    "back": {"table": _text(MAX_TABLE), "seat": _seat, "nonce": is_nonce, "proof": is_hex},
    "here": {},
    "intent": {"token": _text(MAX_TOKEN), "at": _count},
    "next": {},
    "hint": {"at": _count},
    "commit": {"deal": _count, "hash": is_hex},
    "reveal": {"deal": _count, "secret": is_hex},
    "mp": {"to": lambda x: x is None or _page(x), "text": _MP_TEXT},
    "ping": {},
}
"""A guest's messages to the host and each one's fields (besides ``v``, ``kind``, ``n``). In the lobby:
``take`` {table, seat, name, pass: the reserved seat's pass or ``None``} — a free seat; ``back`` {table,
seat, nonce: the guest's, proof: :func:`.room.back_proof` with the lobby's nonce} — its own seat again.
Seated: ``here`` (back after the turn limit made it away); ``intent`` {token: a move token, at: the counter
of the view it answers}; ``next`` (ready for the next deal); ``hint`` {at} (refused unless the host allows
hints); ``commit`` {deal, hash} and ``reveal`` {deal, secret} of the fair deal (:mod:`.deal.commit`);
``mp`` {to: a page number, or ``None`` for every page of the round; text: a mental-poker text,
:mod:`.deal.wire`} at a mental-poker table, relayed by the host's page; ``ping``."""

HOST_KINDS: dict[str, dict[str, Callable[[Any], bool]]] = {
    "lobby": {"table": _text(MAX_TABLE), "rules": _rules, "host": _name, "hints": _bool, "names": _NAMES,
              "levels": _per_seat(_level), "taken": _per_seat(_bool), "reserved": _per_seat(_bool),
              "presence": _per_seat(_presence), "nonce": is_nonce, "mental": _bool},
    "welcome": {"seat": _seat, "table": _text(MAX_TABLE), "rules": _rules, "names": _NAMES,
                "levels": _per_seat(_level), "stand_in": lambda x: x in BOT_LEVELS, "hints": _bool,
                "key": lambda x: x is None or is_key(x),
                "proof": _hex_or_none, "joined_at": _count, "begun": _bool, "former": _former},
    "presence": {"seats": _per_seat(_presence)},
    "view": {"vm": _any, "at": _count},  # the view model is checked by check_view
    "watch": {"vm": _any},  # the view model is checked by check_view
    "refused": {"reason": _CODE, "of": lambda x: x is None or _count(x), "args": _args},
    "hint": {"token": _text(MAX_TOKEN), "at": _count},
    "commit?": {"deal": _count, "host_hash": is_hex},
    "reveal?": {"deal": _count, "hashes": _per_seat(_hex_or_none)},
    "dealt": {"deal": _count, "secrets": _per_seat(_hex_or_none), "seed": is_hex},
    "record": {"deal": _count, "text": lambda x: isinstance(x, str) and _text(MAX_MESSAGE)(x.replace("\n", " "))},
    "bye": {"reason": _CODE},
    "mental": {"page": _page, "reloaded": _count,
               "lost": lambda x: isinstance(x, list) and len(x) <= 100 and all(_count(t) for t in x)},
    "mp": {"from": _page, "text": _MP_TEXT},
    "reading": {"seats": _per_seat(_bool)},
    "pong": {},
}
"""The host's messages to a guest and each one's fields: ``lobby`` {table, rules: a rules text, host: the
host's name, hints, and per seat its name, level, whether a friend holds it (``taken``), whether it is kept
for the holder of its own link (``reserved``) and its presence
(:data:`.room.PRESENCE`, ``None`` at the host's device); nonce: this connection's challenge} — the first
message on every connection; ``welcome`` {seat, table, rules, names and levels per seat as the table shows
them, stand_in: the level of the bots that stand in for friends away (the host's ``settings["stand_in"]``),
hints: whether hints are allowed, key: the seat's key when the seat was just taken (else ``None``),
proof: :func:`.room.host_proof` when it was taken back (else ``None``), joined_at: the deal in play, or
being dealt without this page, when it took the seat — every later deal is dealt with its part, begun: whether
the game has begun, former: the earlier holders of seats given to someone else, whose names the score sheet's
past deals keep (``settings["former"]``, :mod:`kingcore.web.holders`)}; ``presence``
{seats: per seat};
``view`` {vm: the seat's view model, at: its counter}; ``refused`` {reason, of: the ``n`` refused or
``None``, args: the suits a refused move's reason names or ``None``}; ``hint`` {token, at}; ``commit?``
{deal, host_hash} and ``reveal?`` {deal, hashes: per seat, ``None`` for a seat not in the round} of the fair
deal; ``dealt`` {deal, secrets: per seat, seed: 64 hexadecimal digits} and ``record`` {deal, text: the game
record} once the deal is over; ``bye`` {reason: ``new_game``, ``flood``, ``elsewhere`` (the seat was taken
back on another connection), ``freed`` (the host gave the seat to someone else), ``full`` (too many
connections)}; at a mental-poker table (docs/NET.md "The mental table"), ``mental`` {page: this connection's
page number, reloaded: the deal the host's page was reloaded during — its try of that deal annulled, dealt
again — or 0, lost: the tries of that deal the host's page's reloads cut off (at most 100)} right after the
``welcome``, ``mp`` {from: the page that sent it, text: a mental-poker text}
in place of ``view``, ``commit?``, ``reveal?`` and ``dealt``, and ``watch`` {vm: the public table of the deal
in play, as the seat's view model with no hand and no move} to a page that sits that deal out (seated during
it, RULES.md §11.22); ``pong``."""


def decode(text: Any, sender: Sender, rules: Rules | None = None) -> dict[str, Any]:
    """A message from ``sender`` (``"guest"``: a guest's, read by the host; ``"host"``: the host's, read by a
    guest), every field checked (:data:`GUEST_KINDS`, :data:`HOST_KINDS`); a ``view``'s view model is checked
    by :func:`check_view` (bounded by the table of ``rules`` when given).

    Raises:
        NetError: not text or over :data:`MAX_MESSAGE` characters (``too_long``, before parsing), not JSON
            within :mod:`kingcore.limits` (``not_json``), another version (``version``), an unknown kind or a
            missing, extra or bad field (``bad_message``).
    """
    if not isinstance(text, str):
        raise NetError("bad_message", f"a message must be text, not {type(text).__name__}")
    if len(text) > MAX_MESSAGE:
        raise NetError("too_long", f"a message of {len(text):,} characters (at most {MAX_MESSAGE:,})")
    try:
        doc = json_loads(text, "message", MAX_MESSAGE)
    except KingError as e:
        raise NetError("not_json", str(e)[:200]) from None
    if not isinstance(doc, dict):
        raise NetError("bad_message", "a message must be a JSON object")
    n = doc.get("n")
    n = n if _count(n) else None
    if doc.get("v") != PROTOCOL or not _is_int(doc.get("v")):
        raise NetError("version", f"protocol version {str(doc.get('v'))[:20]} (this page speaks {PROTOCOL})", n)
    kinds = GUEST_KINDS if sender == "guest" else HOST_KINDS
    kind = doc.get("kind")
    if not isinstance(kind, str) or kind not in kinds:
        raise NetError("bad_message", f"unknown kind {str(kind)[:40]!r} from the {sender}", n)
    if n is None:
        raise NetError("bad_message", f"{kind}: n must be a whole number 0…{MAX_SEQ}")
    fields = kinds[kind]
    extra = set(doc) - {"v", "kind", "n", *fields}
    if extra:
        raise NetError("bad_message", f"{kind}: unknown field {sorted(extra)[0][:40]!r}", n)
    for name, ok in fields.items():
        if name not in doc:
            raise NetError("bad_message", f"{kind}: the field {name!r} is missing", n)
        if not ok(doc[name]):
            raise NetError("bad_name" if name == "name" else "bad_message", f"{kind}: bad {name}", n)
    if kind in ("view", "watch"):
        doc["vm"] = check_view(doc["vm"], rules)
    return doc


class Inbox:
    """One connection's reading of the other side's texts: every text read by :func:`decode`, its ``n`` above
    the last one read (``replayed`` otherwise), and how many texts came within the last second (the flood limits
    of the host, its lobby and a friend's page are counted here, each against its own limit).

    >>> box = Inbox("guest")
    >>> box.read('{"v":2,"kind":"ping","n":3}')["n"], box.rate(10.0), box.rate(10.5), box.rate(11.2)
    (3, 1, 2, 2)
    >>> box.read('{"v":2,"kind":"ping","n":3}')
    Traceback (most recent call last):
    ...
    kingcore.online.messages.NetError: replayed: n 3 is not above 3
    """

    def __init__(self, sender: Sender, last_n: int = -1) -> None:
        self.sender = sender
        self.last_n = last_n
        self._times: deque[float] = deque()

    def rate(self, now: float) -> int:
        """Count a text arriving at ``now`` (seconds); the texts within the last second, this one included."""
        times = self._times
        times.append(now)
        while times and times[0] <= now - 1.0:
            times.popleft()
        return len(times)

    def read(self, text: Any, rules: Rules | None = None) -> dict[str, Any]:
        """The next text, checked (:func:`decode`, with ``rules`` for a view's bounds) and its ``n`` taken.

        Raises:
            NetError: as :func:`decode`, or ``replayed``.
        """
        doc = decode(text, self.sender, rules)
        if doc["n"] <= self.last_n:
            raise NetError("replayed", f"n {doc['n']} is not above {self.last_n}", doc["n"])
        self.last_n = doc["n"]
        return doc


INVITE_ID_DIGITS = 16
"""Hexadecimal digits of an invite's id (64 random bits)."""
_INVITE_ID = re.compile(f"[0-9a-f]{{{INVITE_ID_DIGITS}}}")


def _invite_id(x: Any) -> bool:
    return isinstance(x, str) and _INVITE_ID.fullmatch(x) is not None


INVITE: dict[str, Callable[[Any], bool]] = {
    "v": lambda x: _is_int(x) and x == PROTOCOL, "table": _text(MAX_TABLE), "seat": _seat,
    "players": lambda x: _is_int(x) and x in TABLE_SIZES, "rules": _rules, "host": _name,
    "hints": lambda x: isinstance(x, bool), "id": _invite_id, "name": _name,
    "room": lambda x: isinstance(x, str) and re.fullmatch("[0-9a-f]{32}", x) is not None, "pass": is_pass}
"""What an invite link carries besides the WebRTC offer (:meth:`.host.Host.invite`), each field's
check: ``id`` is the invite's own id (:data:`INVITE_ID_DIGITS` hexadecimal digits, new for each invite: the
friend's answer names it), ``name`` the name the seat had (``""``: none; the join screen fills it in),
``room`` the table's room (:func:`.room.room_id`: the friend's page keeps its seat's key under it) and
``pass`` the seat's pass (the connection it makes takes that seat in the lobby, as a reserved seat's link)."""

ANSWER: dict[str, Callable[[Any], bool]] = {
    "table": _text(MAX_TABLE), "seat": _seat, "invite": _invite_id}
"""What a friend's answer code carries besides the WebRTC answer: the invite it answers (its table, seat and
``id``), each field's check."""


def is_answer(tag: Any) -> bool:
    """Whether ``tag`` (untrusted) names an invite as an answer code does: :data:`ANSWER`'s fields, each valid.

    >>> is_answer({"table": "t", "seat": 1, "invite": "0123456789abcdef"}), is_answer({"seat": 1})
    (True, False)
    """
    return isinstance(tag, dict) and set(tag) == set(ANSWER) and all(ok(tag[k]) for k, ok in ANSWER.items())


def check_invite(doc: Any) -> dict[str, Any]:
    """An invite read from a link (untrusted: anyone can make one), checked before the guest's page shows
    "Join Olga's table as North?": exactly the fields of :data:`INVITE`, the seat a seat of ``players``
    and the rules for ``players`` players. Returns ``doc``.

    Raises:
        NetError: ``version`` (another protocol), ``bad_name`` or ``bad_message`` naming the field.
    """
    if not isinstance(doc, dict):
        raise NetError("bad_message", "an invite must be an object")
    if doc.get("v") != PROTOCOL or not _is_int(doc.get("v")):
        raise NetError("version", f"protocol version {str(doc.get('v'))[:20]} (this page speaks {PROTOCOL})")
    if set(doc) != set(INVITE):
        raise NetError("bad_message", f"an invite has the fields {', '.join(INVITE)}")
    for name, ok in INVITE.items():
        if not ok(doc[name]):
            raise NetError("bad_name" if name in ("host", "name") else "bad_message", f"invite: bad {name}")
    if doc["seat"] >= doc["players"] or Rules.parse(doc["rules"]).players != doc["players"]:
        raise NetError("bad_message", "invite: the seat or the rules are not of a table of that size")
    return doc


def answer_text(sdp: str, invite: dict[str, Any]) -> str:
    """The text of a friend's answer code: the WebRTC answer ``sdp`` and the invite it answers
    (``{"table", "seat", "invite"}``: the invite's table, seat and ``id``), as compact JSON."""
    tag = {"table": invite["table"], "seat": invite["seat"], "invite": invite["id"]}
    return json.dumps({"sdp": sdp, "answer": tag}, ensure_ascii=False, separators=(",", ":"))


def read_answer(text: Any) -> tuple[str, dict[str, Any]]:
    """The WebRTC answer and the invite it answers (checked against :data:`ANSWER`) from an answer code's
    text (untrusted: what the host pasted).

    Raises:
        NetError: ``bad_message`` — not JSON within :mod:`kingcore.limits`, no ``sdp`` text, or the invite
            it answers missing or ill-formed (an answer code of an older page: it names no invite).
    """
    try:
        doc = json_loads(text, "answer", MAX_MESSAGE) if isinstance(text, str) and len(text) <= MAX_MESSAGE else None
    except KingError:
        doc = None
    if not isinstance(doc, dict) or set(doc) != {"sdp", "answer"} or not isinstance(doc["sdp"], str):
        raise NetError("bad_message", "not an answer code")
    tag = doc["answer"]
    if not is_answer(tag):
        raise NetError("bad_message", "an answer code that names no invite")
    return doc["sdp"], tag


def encode(kind: str, n: int, **fields: Any) -> str:
    """A message's text: ``{"v", "kind", "n", …fields}`` as compact JSON (non-ASCII kept)."""
    return json.dumps({"v": PROTOCOL, "kind": kind, "n": n, **fields}, ensure_ascii=False, separators=(",", ":"))


# ----- the guest's check of a view model -----------------------------------------------------------------

_OPTIONAL = frozenset({"undo", "positive", "scoring", "stand_in", "readers", "former"})  # the shapes' NotRequired keys
_CARD = re.compile(r"[2-9TJQKA][SHDC]")
_CARD_KEYS = frozenset({"card", "shown"})
_CARD_LISTS = frozenset({"seen", "kitty_cards"})
_SEAT_KEYS = frozenset({"seat", "to_move", "leader", "dealer", "winner", "payer", "caller", "named_by",
                        "pass_to", "stand_ins", "readers"})


@cache
def _hints(tp: Any) -> dict[str, Any]:
    return get_type_hints(tp)


class _Bad(Exception):
    """A view model's field that fails its check (its path and what is wrong)."""


def _check(value: Any, tp: Any, path: str, players: int) -> None:
    """Raise :class:`_Bad` unless ``value`` has the shape ``tp`` (a shapes ``TypedDict``, a list, a dict,
    a union…) within the sizes and the seat and card rules."""
    origin = get_origin(tp)
    key = path.rsplit(".", 1)[-1].split("[")[0]
    if tp is Any:
        _check_json(value, path, 0)
    elif origin in (Union, types.UnionType):
        problems = []
        for option in get_args(tp):
            try:
                _check(value, option, path, players)
                return
            except _Bad as e:
                problems.append(str(e))
        raise _Bad(problems[0])
    elif tp is type(None):
        if value is not None:
            raise _Bad(f"{path}: must be null")
    elif tp is bool:
        if not isinstance(value, bool):
            raise _Bad(f"{path}: must be true or false")
    elif tp is int:
        if not _is_int(value) or abs(value) > MAX_NUMBER:
            raise _Bad(f"{path}: must be a whole number of at most {MAX_NUMBER:,}")
        if key in _SEAT_KEYS and not 0 <= value < players:
            raise _Bad(f"{path}: not a seat")
    elif tp is str:
        _check_text(value, path, markup_ok=key in ("names", "name"))  # a name is text the page draws as text
        if (key in _CARD_KEYS or key in _CARD_LISTS) and not _CARD.fullmatch(value):
            raise _Bad(f"{path}: not a card")
    elif origin is list:
        if not isinstance(value, list) or len(value) > MAX_ITEMS:
            raise _Bad(f"{path}: must be a list of at most {MAX_ITEMS}")
        for i, item in enumerate(value):
            _check(item, get_args(tp)[0], f"{path}[{i}]", players)
    elif origin is dict:
        if not isinstance(value, dict) or len(value) > MAX_ITEMS:
            raise _Bad(f"{path}: must be an object of at most {MAX_ITEMS} keys")
        for k, item in value.items():
            _check_text(k, path)
            _check(item, get_args(tp)[1], f"{path}.{k}", players)
    elif is_typeddict(tp):
        _check_dict(value, tp, path, players)
    else:  # pragma: no cover - a shape this check does not know (a change in shapes.py)
        raise _Bad(f"{path}: unknown shape {tp!r}")


def _check_dict(value: Any, tp: Any, path: str, players: int) -> None:
    if not isinstance(value, dict):
        raise _Bad(f"{path}: must be an object")
    hints = _hints(tp)
    extra = set(value) - set(hints)
    missing = set(hints) - set(value) - _OPTIONAL
    if extra or missing:
        raise _Bad(f"{path}: {'unknown' if extra else 'missing'} key {str(sorted(extra or missing)[0])[:40]!r}")
    for k, item in value.items():
        _check(item, hints[k], f"{path}.{k}", players)


def _check_text(value: Any, path: str, markup_ok: bool = False) -> None:
    if not isinstance(value, str) or len(value) > MAX_TEXT:
        raise _Bad(f"{path}: must be text of at most {MAX_TEXT:,} characters")
    if bad_char(value) is not None or (not markup_ok and _MARKUP.search(value)):
        raise _Bad(f"{path}: holds a control character or markup")


def _check_json(value: Any, path: str, depth: int) -> None:
    if depth > 6:
        raise _Bad(f"{path}: nested too deep")
    if isinstance(value, list | dict):
        if len(value) > MAX_ITEMS:
            raise _Bad(f"{path}: more than {MAX_ITEMS} entries")
        items = value.items() if isinstance(value, dict) else enumerate(value)
        for k, item in items:
            if isinstance(k, str):
                _check_text(k, path)
            _check_json(item, f"{path}.{k}", depth + 1)
    elif isinstance(value, str):
        _check_text(value, path)
    elif _is_int(value):
        if abs(value) > MAX_NUMBER:
            raise _Bad(f"{path}: a number over {MAX_NUMBER:,}")
    elif not (value is None or isinstance(value, bool)):
        raise _Bad(f"{path}: not a JSON value the view model holds")


def _table_bounds(vm: Any, rules: Rules) -> str | None:
    """What in a checked view model does not fit the table of ``rules``, or ``None``: every count that the
    page draws one thing for (cards held, tricks, deals, list lengths) bounded by the table — a hostile
    host's ``counts`` of 10**6 froze a friend's page drawing card backs (issue 28)."""
    players, hand, kitty = rules.players, rules.hand_size, rules.kitty_size
    deals = Game(rules).total_deals
    if vm["players"] != players or vm["rules"] != str(rules):
        return "the view is of another table"
    numbers = {"hand_size": (vm["hand_size"], hand), "kitty": (vm["kitty"], kitty), "deal": (vm["deal"], deals),
               "deals": (vm["deals"], deals), "tricks_done": (vm["tricks_done"], hand)}
    numbers.update({f"counts[{i}]": (c, hand) for i, c in enumerate(vm["counts"])})
    numbers.update({f"tricks[{i}]": (t, hand) for i, t in enumerate(vm["tricks"])})
    lists = {"hand": (vm["hand"], hand), "trick": (vm["trick"], players), "seen": (vm["seen"], rules.deck_size),
             "kitty_cards": (vm["kitty_cards"], kitty), "tricks": (vm["tricks"], players),
             "points": (vm["points"], players), "sheet.rows": (vm["sheet"]["rows"], deals),
             "calls": (vm["calls"], MAX_CALLS), "moves": (vm["moves"], MAX_CALLS),
             "history": (vm["history"], deals), "schedule": (vm["schedule"], deals),
             "bid_order": (vm["bid_order"], players)}
    if vm["last_trick"] is not None:
        numbers["last_trick.number"] = (vm["last_trick"]["number"], hand)
        lists["last_trick.cards"] = (vm["last_trick"]["cards"], players)
    if vm["first_dealer"] is not None:
        lists["first_dealer.draw"] = (vm["first_dealer"]["draw"], rules.deck_size)
    for name, (value, most) in numbers.items():
        if not 0 <= value <= most:
            return f"vm.{name} is {value}, not 0…{most} at this table"
    for name, (items, most) in lists.items():
        if len(items) > most:
            return f"vm.{name} holds {len(items)} entries, more than {most} at this table"
    return None


MAX_CALLS = 64
"""Calls in one deal's view, and moves offered at once: an auction of six players bidding up to ten tricks, or
Ordered King's fourteen contracts with trump calls, stay well under it."""


def public_table(vm: ViewModel, seat: int | None, sat: int) -> bool:
    """Whether ``vm`` (a ``watch``) is ``seat``'s public table of the deal its page sits out — seated during deal
    ``sat`` (``welcome``'s ``joined_at``; 0: none) —, or of the deal before it over (that deal's try annulled):
    no hand, no move, not its turn, no device to pass, no rubber's final result before the rubber is over."""
    deal, phase = vm["deal"], vm["phase"]
    return (vm["seat"] == seat and not vm["hand"] and not vm["moves"] and not vm["my_turn"]
            and vm["pass_to"] is None and phase != "draw_dealer" and (vm["final"] is None or phase == "rubber_over")
            and sat > 0 and (deal == sat or (deal == sat - 1 and phase == "deal_over")))


def check_view(vm: Any, rules: Rules | None = None) -> ViewModel:
    """A view model from the host, checked before the guest's page draws it: the shape of
    :class:`~kingcore.web.shapes.ViewModel` key by key (no key missing or extra, each of its type), every
    number within ±:data:`MAX_NUMBER`, every list within :data:`MAX_ITEMS`, every text within
    :data:`MAX_TEXT` characters with no control character and no markup (a ``<`` that starts a tag: ``<b``,
    ``</``, ``<!``, ``<?``; ``<3`` is text) but in names, which may be any name
    :func:`~kingcore.web.hotseat.clean_name` keeps (``<b>Ann</b>`` too: the page draws names as text, as
    at one device), cards as cards, seats as seats of the table, one level
    and one count per seat, stand-in bots (``stand_ins``) only at friends' seats online, their level
    (``stand_in``) a bot's; with the table's
    ``rules`` (the guest's, from the host's ``welcome``), every count and list bounded by that table: cards
    per hand, players, the deck, the kitty, the rubber's deals. Returns ``vm`` itself.

    Raises:
        NetError: ``bad_message`` naming the first bad field.
    """
    if not isinstance(vm, dict):
        raise NetError("bad_message", "view: the view model must be an object")
    players = vm.get("players")
    if not _is_int(players) or players not in TABLE_SIZES:
        raise NetError("bad_message", "view: vm.players is not a table size")
    try:
        _check_dict(vm, ViewModel, "vm", players)
    except _Bad as e:
        raise NetError("bad_message", f"view: {e}"[:200]) from None
    if len(vm["levels"]) != players or len(vm["counts"]) != players or not all(map(_level, vm["levels"])):
        raise NetError("bad_message", "view: vm.levels and vm.counts need one valid entry per seat")
    stand_ins = vm["stand_ins"]
    if any(vm["levels"][seat] != ONLINE for seat in stand_ins) or len(set(stand_ins)) != len(stand_ins):
        raise NetError("bad_message", "view: vm.stand_ins must name friends' seats online, each once")
    if "stand_in" in vm and vm["stand_in"] not in BOT_LEVELS:
        raise NetError("bad_message", "view: vm.stand_in is not a bot's level")
    names = vm["names"]
    if names is not None and (len(names) != players or not all(x is None or _name(x) for x in names)):
        raise NetError("bad_message", "view: vm.names must name each seat with a valid name")
    if not _former(vm.get("former", [])) or any(f["seat"] >= players for f in vm.get("former", [])):
        raise NetError("bad_message", "view: vm.former must list earlier holders: a seat, a name, a deal or null")
    if not all(_CARD.fullmatch(c["card"]) for c in vm["hand"]):
        raise NetError("bad_message", "view: vm.hand holds a card that is not a card")
    if rules is not None:
        why = _table_bounds(vm, rules)
        if why is not None:
            raise NetError("bad_message", f"view: {why}"[:200])
    return vm  # type: ignore[return-value]
