"""Small helpers for reading numbers from text safely (ASCII digits only, bounded length)."""

from __future__ import annotations

import re

_DIGITS = re.compile(r"[0-9]{1,9}")
_SIGNED = re.compile(r"-?[0-9]{1,9}")


def small_int(text: str, signed: bool = False) -> int | None:
    """The value of ``text`` if it is 1–9 ASCII digits (with a leading ``-`` when ``signed``), else
    ``None`` — never Python's ``int()`` on untrusted text (no 4,300-digit errors, no ``²`` or ``٣``).

    >>> small_int("12"), small_int("²"), small_int("9" * 5000), small_int("-4", signed=True)
    (12, None, None, -4)
    """
    t = text.strip()
    if (_SIGNED if signed else _DIGITS).fullmatch(t):
        return int(t)
    return None
