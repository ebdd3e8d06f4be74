"""The texts of mental poker: kinds, fields and limits, read at the border (a peer's text never raises).

Every message is one compact JSON object ``{"kind": "mp_…", "deal": d, "try": t, "draw": r, …}``: ``deal``
is the deal's number (0 = the draw for the first dealer), ``try`` counts the shuffles of that deal after an
annulment, ``draw`` the draw's shuffles (the deck is gathered and shuffled anew when it runs out, RULES.md
§11.11; -1 in a real deal). :func:`read` checks the shape only — each field's type, range and length; what a
field means at this moment (whose turn, which positions, which keys) is the page's to check.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from ...errors import KingError
from ...limits import json_loads

MAX_TEXT = 65_536
"""A mental-poker text's most characters: a 48-card deck with its commitments is about 4.4 kB."""
MAX_PAGES = 6
"""At most one page per seat: 2 to 6 players (RULES.md §2)."""
MAX_DEAL = 10_000
"""Deal numbers: an ordered King rubber of six players has 84 deals; room to spare, never unbounded."""
MAX_TRY = 100
"""Shuffles of one deal after annulments: a table that annuls a deal 100 times has stopped playing."""
MAX_DRAW = 20
"""Draw shuffles: the deck runs out before one player is highest almost never (RULES.md §11.11)."""
MAX_CARDS = 52


class WireError(ValueError):
    """A text that is not a mental-poker message: ``code`` ``too_long``, ``not_json`` or ``bad_message``
    (naming the field)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


def _int(low: int, high: int) -> Callable[[Any], bool]:
    return lambda v: isinstance(v, int) and not isinstance(v, bool) and low <= v <= high


def _text(most: int) -> Callable[[Any], bool]:
    return lambda v: isinstance(v, str) and 0 < len(v) <= most and v.isascii() and v.isprintable()


def _list(item: Callable[[Any], bool], most: int, least: int = 0) -> Callable[[Any], bool]:
    return lambda v: isinstance(v, list) and least <= len(v) <= most and all(item(x) for x in v)


def _pair(v: Any) -> bool:
    return isinstance(v, list) and len(v) == 2 and _int(0, MAX_CARDS - 1)(v[0]) and _text(64)(v[1])


_ROUND = {"deal": _int(0, MAX_DEAL), "try": _int(0, MAX_TRY), "draw": _int(-1, MAX_DRAW)}
_SEAT = _int(0, MAX_PAGES - 1)
_ELEMENTS = _list(_text(64), MAX_CARDS, 2)
_SCALARS = _list(_text(64), MAX_CARDS, 1)
KINDS: dict[str, dict[str, Callable[[Any], bool]]] = {
    "mp_start": {**_ROUND, "pages": _list(_SEAT, MAX_PAGES, 1), "owners": _list(_SEAT, MAX_PAGES, 2)},
    "mp_lock": {**_ROUND, "deck": _ELEMENTS},
    "mp_relock": {**_ROUND, "deck": _ELEMENTS, "commits": _ELEMENTS},
    "mp_keys": {**_ROUND, "keys": _list(_pair, MAX_CARDS, 1)},
    "mp_show": {**_ROUND, "keys": _list(_pair, MAX_CARDS, 1)},
    "mp_call": {**_ROUND, "seat": _SEAT, "move": _text(40)},
    "mp_play": {**_ROUND, "seat": _SEAT, "pos": _int(0, MAX_CARDS - 1), "card": _text(3), "keys": _SCALARS},
    "mp_reveal": {**_ROUND, "seat": _SEAT, "pos": _int(0, MAX_CARDS - 1), "card": _text(3), "keys": _SCALARS},
    "mp_audit": {**_ROUND, "keys": _SCALARS},
    "mp_annul": {**_ROUND, "page": lambda v: v is None or _SEAT(v), "why": _text(40)},
    "mp_cheat": {**_ROUND, "page": _SEAT, "pos": _int(0, MAX_CARDS - 1), "key": _text(64)},
    "mp_secrets": {**_ROUND, "k": _text(64), "perm": _list(_int(0, MAX_CARDS - 1), MAX_CARDS, 2), "keys": _SCALARS},
}
"""Each kind's fields and their checks (every field required, no other allowed)."""


def write(kind: str, **fields: Any) -> str:
    """The text of a message (compact JSON)."""
    assert set(fields) == set(KINDS[kind]), f"{kind}: fields {sorted(fields)}"
    return json.dumps({"kind": kind, **fields}, separators=(",", ":"))


def read(text: object) -> dict[str, Any]:
    """A message's fields (``kind`` included) once its shape is right.

    Raises:
        WireError: too long, not JSON within ``kingcore.limits``, an unknown kind, or a missing, extra or bad
            field (named).
    """
    if not isinstance(text, str) or len(text) > MAX_TEXT:
        raise WireError("too_long", f"a mental-poker message is text of at most {MAX_TEXT:,} characters")
    try:
        obj = json_loads(text, "mental-poker message", MAX_TEXT)
    except KingError:
        raise WireError("not_json", "not JSON within the limits") from None
    if not isinstance(obj, dict) or not isinstance(obj.get("kind"), str) or obj["kind"] not in KINDS:
        raise WireError("bad_message", "not a mental-poker message (an object with a known kind)")
    schema = KINDS[obj["kind"]]
    for name in obj:
        if name != "kind" and name not in schema:
            raise WireError("bad_message", f"{obj['kind']}: unknown field {name[:40]!r}")
    for name, ok in schema.items():
        if name not in obj or not ok(obj[name]):
            raise WireError("bad_message", f"{obj['kind']}: missing or bad field {name!r}")
    return obj
