"""The limits on every text kingcore reads, in one place, and the checks that apply them *before* parsing.

Every reader of outside text — a save (:meth:`kingcore.web.Session.from_save`), a game record
(:func:`kingcore.notation.loads`), a deal vector (:mod:`kingcore.vectors`), a rules text
(:meth:`kingcore.rules.Rules.parse`), a bot spec (:func:`kingcore.bots.base.make_bot`), a position
(:func:`kingcore.notation.parse_position`) and a deal line (:func:`kingcore.cards.parse_deal_line`) —
checks its input against these limits first, runs in time linear in the input's size, reads ASCII digits
only, and raises a :class:`~kingcore.errors.KingError` subclass with a one-line message quoting at most
:data:`QUOTE` characters of the input.

========================  ===========================  ============================================
limit                     value                        applies to
========================  ===========================  ============================================
:data:`MAX_FILE`          1,000,000 characters         a save, a record, a vector file
:data:`MAX_LINE`          10,000 characters            one line of a record
:data:`MAX_JSON_DEPTH`    20 nested arrays/objects     a save, a vector (checked before ``json``)
:data:`MAX_DIGITS`       18 digits (ASCII ``0-9``)     every integer (JSON, records, positions, specs)
:data:`MAX_SPEC`          4,096 characters             a rules text or a bot spec
:data:`MAX_POSITION`      4,096 characters             a position string
:data:`MAX_DEAL_LINE`     1,024 characters             a deal line
========================  ===========================  ============================================

>>> json_loads('{"seq": 7, "record": ""}', "save")
{'seq': 7, 'record': ''}
>>> json_loads('{"seq": ' + "9" * 5000 + "}", "save")
Traceback (most recent call last):
...
kingcore.errors.NotationError: line 1, column 9: save: a number of 5000 digits (at most 18)
>>> json_loads("[" * 10000, "save")
Traceback (most recent call last):
...
kingcore.errors.NotationError: line 1, column 21: save: arrays and objects nested deeper than 20
"""

from __future__ import annotations

import json
import os
import re
import stat
from collections.abc import Callable
from itertools import accumulate, islice
from typing import Any

from .errors import NotationError

MAX_FILE = 1_000_000
"""Characters in a save, a game record or a vector file (a whole 4-player rubber's record is about 5 kB)."""
MAX_LINE = 10_000
"""Characters in one line of a game record."""
MAX_JSON_DEPTH = 20
"""Nested JSON arrays and objects (a save or a vector needs 3)."""
MAX_DIGITS = 18
"""Digits in any integer read from text (seats, counters, points, the bots' 32-bit seeds in a save): ASCII
``0-9`` only (a 32-bit seed has 10; Python's own limit is 4,300)."""
MAX_SPEC = 4_096
"""Characters in a rules text ``king(...)`` or a bot spec ``pimc(...)``."""
MAX_POSITION = 4_096
"""Characters in a position string (:func:`kingcore.notation.parse_position`)."""
MAX_DEAL_LINE = 1_024
"""Characters in a deal line (:func:`kingcore.cards.parse_deal_line`)."""
QUOTE = 80
"""Characters of the input an error message quotes at most."""

_SMALL = re.compile(rf"[0-9]{{1,{MAX_DIGITS}}}")
_SMALL_SIGNED = re.compile(rf"-?[0-9]{{1,{MAX_DIGITS}}}")
# A JSON string (possessive: no backtracking), or one bracket.
_JSON_TOKEN = re.compile(r'"(?:[^"\\]++|\\.)*+"|[\[\]{}]')
_STRING = re.compile(r'"(?:[^"\\]++|\\.)*+"')
_NOT_BRACKET = re.compile(r"[^\[\]{}]++")
_DEPTH = {"[": 1, "{": 1, "]": -1, "}": -1}


class JsonError(NotationError):
    """Text that is not JSON (:func:`json_loads`); ``truncated`` is true when it ends too soon."""

    def __init__(self, message: str, text: str = "", line: int | None = None, column: int | None = None,
                 truncated: bool = False) -> None:
        super().__init__(message, text, line, column, code="truncated_json" if truncated else "not_json")
        self.truncated = truncated


def quote(text: str, limit: int = QUOTE) -> str:
    """``repr(text)``, cut to about ``limit`` characters with ``…`` when longer.

    >>> quote("x" * 1000)[:6], len(quote("x" * 1000)) <= 84
    ("'xxxxx", True)
    """
    if len(text) <= limit:
        return repr(text)
    return repr(text[:limit]) + "…"


def check_size(text: str, limit: int, what: str) -> None:
    """Raise unless ``text`` is a ``str`` of at most ``limit`` characters.

    Raises:
        NotationError: not text, or too long (the message names ``what`` and the limit).
    """
    if not isinstance(text, str):
        raise NotationError(f"{what}: expected text, not {type(text).__name__}")
    if len(text) > limit:
        raise NotationError(f"{what} is too long (at most {limit:,} characters)", text[:QUOTE], 1, 1,
                            code="too_long", params={"limit": limit})


def read_file(path: str | os.PathLike[str], what: str = "file") -> str:
    """The text of a UTF-8 file (a leading byte-order mark dropped), reading at most
    :data:`MAX_FILE` + 1 characters.

    Raises:
        NotationError: (line 1, column 1) the file cannot be read, is not a regular file (a named pipe or a
            device would block or never end), is not UTF-8, or is over the limit.
    """
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            raise NotationError(f"cannot read the {what}: {quote(os.fspath(path))} is not a regular file", "", 1, 1)
        with open(path, encoding="utf-8-sig") as f:
            text = f.read(MAX_FILE + 1)
    except (OSError, UnicodeDecodeError) as e:
        raise NotationError(f"cannot read the {what}: {quote(str(e))}", "", 1, 1) from None
    check_size(text, MAX_FILE, what)
    return text


def small_int(text: str, signed: bool = False) -> int | None:
    """The value of ``text`` if it is 1–18 ASCII digits (with a leading ``-`` when ``signed``), else
    ``None`` — never Python's ``int()`` on untrusted text (no 4,300-digit errors, no ``²`` or ``٣``).

    >>> small_int("12"), small_int("²"), small_int("9" * 5000), small_int("-4", signed=True)
    (12, None, None, -4)
    """
    t = text.strip()
    if (_SMALL_SIGNED if signed else _SMALL).fullmatch(t):
        return int(t)
    return None


def cli_int(text: str) -> int:
    """An ``argparse`` type for whole-number options: 1–18 ASCII digits, a leading ``-`` allowed (the
    command checks the range); ``²``, ``٣`` and 23-digit numbers are refused with exit 2, like every
    other text the commands read.

    >>> cli_int("40")
    40
    """
    value = small_int(text, signed=True)
    if value is None:
        import argparse

        raise argparse.ArgumentTypeError(
            f"expected a whole number of 1-{MAX_DIGITS} ASCII digits, not {quote(text, 30)}")
    return value


MAX_SEED = 10**MAX_DIGITS - 1
"""The largest ``--rng-seed`` a command takes (18 digits)."""
MAX_JOBS = 256
"""The most worker processes a command starts (``--jobs``)."""
MAX_COUNT = 100_000
"""The most deals, deal sets, rubbers or positions one command plays (``--deals``, ``--rubbers``…): a
100,000-deal arena takes hours already; more is a typo, refused before any work starts."""
_DECIMAL = re.compile(r"[0-9]{1,9}(?:\.[0-9]{1,9})?")


def cli_count(name: str, low: int, high: int) -> Callable[[str], int]:
    """An ``argparse`` type for a whole-number option named ``name`` (for the message) from ``low`` to
    ``high``: 1–18 ASCII digits (a leading ``-`` read, to say it is too small), then the range — so
    ``--jobs 999999999999999999`` or ``--deals 0`` stop at once with argparse's one error line and exit 2,
    before any work starts (issue 22, item 8).

    >>> cli_count("deals", 1, 100)("40")
    40
    >>> cli_count("deals", 1, 100)("0")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: deals must be at least 1 and at most 100, not 0
    """
    def parse(text: str) -> int:
        value = cli_int(text)
        if not low <= value <= high:
            import argparse

            raise argparse.ArgumentTypeError(f"{name} must be at least {low:,} and at most {high:,}, not {value}")
        return value

    parse.__name__ = name  # argparse names the type in some messages
    return parse


def cli_seconds(name: str, high: float, low: float = 0.0, zero: bool = False,
                example: str = "0.5") -> Callable[[str], float]:
    """An ``argparse`` type for a decimal option named ``name``: ASCII digits with at most one point
    (``1``, ``0.25``; never ``nan``, ``inf``, ``1e9`` or ``-1``), more than ``low`` and at most ``high``
    (``zero``: 0 is allowed too, meaning "off"). Errors as :func:`cli_count`, with ``example`` in the
    message.

    >>> cli_seconds("seconds", 3600)("0.5")
    0.5
    >>> cli_seconds("seconds", 3600)("nan")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: seconds must be a number more than 0 and at most 3,600 (like 0.5), not 'nan'
    """
    def parse(text: str) -> float:
        t = text.strip()
        value = float(t) if _DECIMAL.fullmatch(t) else None
        if value is None or not ((low < value <= high) or (zero and value == 0)):
            import argparse

            raise argparse.ArgumentTypeError(f"{name} must be {'0 or ' if zero else ''}a number more than {low:g} "
                                             f"and at most {high:,g} (like {example}), not {quote(text, 30)}")
        return value

    parse.__name__ = name
    return parse


def line_col(text: str, index: int) -> tuple[int, int]:
    """The 1-based line and column of character ``index`` of ``text``."""
    line = text.count("\n", 0, index) + 1
    return line, index - (text.rfind("\n", 0, index) + 1) + 1


def json_depth_error(text: str) -> int | None:
    """The index of the first bracket that nests deeper than :data:`MAX_JSON_DEPTH`, or ``None``.

    Linear and in C for the most part: strings are cut out and the other characters dropped by regular
    expressions, the depths summed by :func:`itertools.accumulate`.
    """
    if text.count("[") + text.count("{") <= MAX_JSON_DEPTH:
        return None
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    if len(brackets) <= MAX_JSON_DEPTH or max(accumulate(map(_DEPTH.__getitem__, brackets))) <= MAX_JSON_DEPTH:
        return None
    k = next(i for i, d in enumerate(accumulate(map(_DEPTH.__getitem__, brackets))) if d > MAX_JSON_DEPTH)
    bracket_matches = (m for m in _JSON_TOKEN.finditer(text) if len(m.group(0)) == 1)
    return next(islice(bracket_matches, k, None)).start()


def json_loads(text: str, what: str, limit: int = MAX_FILE) -> Any:
    """``json.loads`` of untrusted text within the limits: size, nesting depth, integers of at most
    :data:`MAX_DIGITS` digits, no ``NaN``/``Infinity``, floats of at most 30 characters.

    Args:
        text: the JSON text; what: what it is, for the message (``"save"``, ``"vector"``).

    Raises:
        NotationError: too long, too deep, a number too long, with line and column;
            :class:`JsonError` (a ``NotationError``) when the text is not JSON at all.
    """
    check_size(text, limit, what)
    bad = json_depth_error(text)
    if bad is not None:
        line, col = line_col(text, bad)
        raise NotationError(f"{what}: arrays and objects nested deeper than {MAX_JSON_DEPTH}",
                            _line_at(text, bad), line, col, code="too_deep", params={"depth": MAX_JSON_DEPTH})

    class _Bad(Exception):
        def __init__(self, msg: str, token: str) -> None:
            super().__init__(msg)
            self.token = token

    def parse_int(s: str) -> int:
        digits = len(s.lstrip("-"))
        if digits > MAX_DIGITS:
            raise _Bad(f"a number of {digits} digits (at most {MAX_DIGITS})", s)
        return int(s)

    def parse_float(s: str) -> float:
        if len(s) > 30:
            raise _Bad(f"a number of {len(s)} characters", s)
        return float(s)

    def parse_constant(s: str) -> Any:
        raise _Bad(f"{s} is not a number JSON allows", s)

    try:
        return json.loads(text, parse_int=parse_int, parse_float=parse_float, parse_constant=parse_constant)
    except _Bad as e:
        idx = max(text.find(e.token), 0)
        line, col = line_col(text, idx)
        raise NotationError(f"{what}: {e}", _line_at(text, idx), line, col, code="bad_number") from None
    except json.JSONDecodeError as e:
        stripped = text.rstrip()
        raise JsonError(f"{what}: not JSON ({e.msg})", _line_at(text, e.pos), e.lineno, e.colno,
                        truncated=e.pos >= len(stripped) - 1 or "Unterminated" in e.msg) from None
    except RecursionError:  # cannot happen below MAX_JSON_DEPTH; kept as a last guard
        raise NotationError(f"{what}: nested too deeply", "", 1, 1) from None


def _line_at(text: str, index: int) -> str:
    """At most :data:`QUOTE` characters of the line holding character ``index``."""
    start = text.rfind("\n", 0, index) + 1
    end = text.find("\n", start, start + QUOTE)
    return text[start:end if end >= 0 else start + QUOTE]


__all__ = [
    "MAX_COUNT",
    "MAX_DEAL_LINE",
    "MAX_DIGITS",
    "MAX_FILE",
    "MAX_JOBS",
    "MAX_JSON_DEPTH",
    "MAX_LINE",
    "MAX_POSITION",
    "MAX_SEED",
    "MAX_SPEC",
    "QUOTE",
    "JsonError",
    "check_size",
    "cli_count",
    "cli_int",
    "cli_seconds",
    "json_loads",
    "line_col",
    "quote",
    "read_file",
    "small_int",
]
