"""Deal vectors: a deal's rules, hands and cards played as JSON, and what must come of them
(the contract of ``../shared/VECTORS.md``).

>>> r = evaluate({"contract": "no_king", "dealer": 3, "hands": ["AS KS QS JS TS 9S 8S 7S",
...   "AH KH QH JH TH 9H 8H 7H", "AD KD QD JD TD 9D 8D 7D", "AC KC QC JC TC 9C 8C 7C"],
...   "play": ["AS", "AH"]})
>>> r["error"]
{'index': 1, 'kind': 'king_must_go'}
>>> print(r["message"])
seat 1 is void in ♠ and holds K♥, which must go in trick 1 (no_king, RULES.md §4 King must go) but played A♥
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from .cards import Card, Suit, parse_cards
from .contracts import Contract
from .errors import IllegalMoveError, KingError, NotationError
from .limits import json_loads, quote
from .limits import read_file as read_text
from .position import Bid, Deal, Position
from .rules import Rules

_KEYS = {"name", "rules", "contract", "trump", "misere", "dealer", "hands", "play", "expect", "trick_value",
         "bid", "comment"}


def load_deal(vector: dict[str, Any]) -> tuple[Position, list[Card]]:
    """The start position and the card list of a vector.

    Raises:
        KingError: (``DealError``, ``RulesError``, ``NotationError``) for a malformed vector — kind
        ``bad_deal``.
    """
    if not isinstance(vector, dict):
        raise KingError("a vector is a JSON object")
    unknown = set(vector) - _KEYS
    if unknown:
        raise KingError(f"unknown vector keys: {', '.join(sorted(unknown))}")
    rules_d = vector.get("rules", {})
    if not isinstance(rules_d, dict):
        raise KingError("rules must be an object of option: value")
    rules = Rules.from_dict(rules_d)
    ct = vector.get("contract")
    if not isinstance(ct, str) or len(ct) > 40:
        raise KingError(f"bad or missing contract: {quote(repr(ct)[:80])}")
    try:
        contract = Contract.parse(ct)
    except ValueError as e:
        raise KingError(f"bad or missing contract: {e}") from None
    trump_t = vector.get("trump")
    if trump_t is not None and not isinstance(trump_t, str):
        raise KingError("trump must be a suit letter S, H, D, C or null")
    trump = None if trump_t is None else int(Suit.parse(trump_t))
    misere = vector.get("misere", False)
    if not isinstance(misere, bool):
        raise KingError("misere must be true or false")
    tv = vector.get("trick_value")
    if tv is not None and (not _is_int(tv) or not 1 <= tv <= 1000 or contract is not Contract.TRUMPS):
        raise KingError("trick_value is for trumps only, a whole number 1..1000")
    bid = None
    if vector.get("bid") is not None:
        b = vector["bid"]
        if not (isinstance(b, dict) and set(b) == {"seat", "tricks"} and _is_int(b["seat"])
                and _is_int(b["tricks"])):
            raise KingError('bid must be {"seat": S, "tricks": K}')
        bid = Bid(b["seat"], b["tricks"])
        if not (0 <= bid.seat < rules.players and 1 <= bid.tricks <= rules.hand_size):
            raise KingError(f"bid {b} is out of range (a seat, and 1..{rules.hand_size} tricks)")
        if misere:
            raise KingError("an auction bid names a suit or no trump, not misère (docs/RULES.md §11.5)")
    if "dealer" not in vector or not _is_int(vector["dealer"]):
        raise KingError("dealer must be a seat number")
    dealer = vector["dealer"]
    deal = Deal(rules, contract, dealer, trump, misere, tv, bid)
    hands_t = vector.get("hands")
    if not isinstance(hands_t, list) or not all(isinstance(h, str) for h in hands_t) or len(hands_t) > 6:
        raise KingError("hands must be a list of at most 6 strings")
    hands = []
    for h in hands_t:
        m = 0
        for c in parse_cards(h):
            m |= c.mask
        hands.append(m)
    pos = Position.start(deal, hands)
    play_t = vector.get("play", [])
    if not isinstance(play_t, list) or not all(isinstance(c, str) for c in play_t):
        raise KingError("play must be a list of card strings")
    return pos, [Card.parse(c) for c in play_t]


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def evaluate(vector: dict[str, Any]) -> dict[str, Any]:
    """The VECTORS.md result of a vector (without ``file``): ``points``/``tricks``/``over``, or
    ``error`` ``{index, kind}`` with a ``message``."""
    try:
        pos, cards = load_deal(vector)
    except (KingError, ValueError) as e:
        return {"error": {"index": -1, "kind": "bad_deal"}, "message": str(e)}
    for i, card in enumerate(cards):
        try:
            pos = pos.play(card)
        except IllegalMoveError as e:
            return {"error": {"index": i, "kind": e.reason.value}, "message": e.message}
    return {"points": list(pos.points), "tricks": list(pos.tricks), "over": pos.over}


def files_of(paths: list[str]) -> list[Path]:
    """The vector files: each path as given, or a directory's ``*.json`` sorted by name."""
    out: list[Path] = []
    for p in paths:
        path = Path(p)
        if path.is_dir():
            out.extend(sorted(path.glob("*.json")))
        else:
            out.append(path)
    return out


def read_file(path: Path) -> Any:
    """The JSON of a vector file, read within :mod:`kingcore.limits` (at most 1,000,000 characters, nesting
    depth 20, integers of at most 18 digits).

    Raises:
        NotationError: unreadable (``line`` 1, ``column`` 1: I/O or not UTF-8), too big, or not JSON within
            the limits (with line and column).
    """
    return json_loads(read_text(path, "vector"), "vector")


def run_file(path: Path) -> tuple[dict[str, Any], dict[str, Any] | None]:
    """Evaluate one file: (result with ``file``, the vector's ``expect`` or ``None``).

    A file that cannot be read as JSON within the limits gives kind ``bad_deal`` with ``line`` and
    ``column`` fields and a ``message`` that starts with ``line L, column C:``; never raises.
    """
    try:
        vector = read_file(path)
    except NotationError as e:
        return ({"file": str(path), "error": {"index": -1, "kind": "bad_deal"}, "line": e.line, "column": e.column,
                 "message": str(e)}, None)
    result = {"file": str(path), **evaluate(vector)}
    expect = vector.get("expect") if isinstance(vector, dict) else None
    return result, expect if isinstance(expect, dict) else None


def mismatches(result: dict[str, Any], expect: dict[str, Any] | None) -> list[str]:
    """The fields of ``expect`` that ``result`` does not match, as ``field: expected X, got Y``."""
    if expect is None:
        return ["expect: missing"]
    out = []
    for k, v in expect.items():
        if k == "message":
            continue
        if result.get(k) != v:
            out.append(f"{k}: expected {json.dumps(v)}, got {json.dumps(result.get(k))}")
    for k in ("error", "points"):
        if k in result and k not in expect:
            out.append(f"{k}: not expected, got {json.dumps(result[k])}")
    return out
