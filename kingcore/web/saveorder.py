"""The order of the page's saves and the ids they carry (issue 22, findings A, B and E): the save counter
``seq`` counts modulo 10^18 and is compared by serial-number arithmetic, two saves at the same counter are
ordered by their text, and a game id read from storage is kept only when it is plain (RULES.md is silent:
this is the page's storage, :mod:`.session`'s saves).

>>> seq_newer(next_seq(SEQ_MODULUS - 1), SEQ_MODULUS - 1), save_seq('{"version":1,"seq":7,"id":""}')
(True, 7)
"""

from __future__ import annotations

import hashlib
import re

from ..limits import MAX_DIGITS, json_loads

SEQ_MODULUS: int = 10**MAX_DIGITS
"""The save counter ``seq`` counts modulo this (10^18): every counter a save holds has at most
:data:`~kingcore.limits.MAX_DIGITS` digits, the most its reader accepts, so the writer never writes a
counter its reader refuses (issue 22, finding B). Saves are ordered by :func:`seq_newer` (serial-number
arithmetic, RFC 1982), so the save after ``999…9`` (18 nines), counter 0, is still the newer one."""
MAX_ID = 64
"""Characters in a game id as kept (:func:`clean_id`; the page writes 12 hex digits)."""

_ID = re.compile(rf"[0-9A-Za-z_.:-]{{0,{MAX_ID}}}")


def next_seq(seq: int) -> int:
    """The counter after ``seq`` (modulo :data:`SEQ_MODULUS`).

    >>> next_seq(7), next_seq(SEQ_MODULUS - 1)
    (8, 0)
    """
    return (seq + 1) % SEQ_MODULUS


def seq_newer(a: int, b: int) -> bool:
    """Whether counter ``a`` is newer than counter ``b`` (both in ``0 ≤ seq <`` :data:`SEQ_MODULUS`):
    ``a`` is ahead of ``b`` by less than half the counter's range, going round past ``999…9`` to 0.
    For any two tabs (a few saves apart) this is ``a > b`` except across the wrap. Equal counters are
    neither newer (:func:`save_newer` breaks that tie).

    >>> seq_newer(8, 7), seq_newer(7, 8), seq_newer(7, 7), seq_newer(0, SEQ_MODULUS - 1)
    (True, False, False, True)
    """
    return 0 < (a - b) % SEQ_MODULUS < SEQ_MODULUS // 2


def seq_after(*seqs: int | None) -> int:
    """The counter one past the newest of ``seqs`` (by :func:`seq_newer`; ``None``s skipped; 0 with none):
    what an imported game, or a game from the replay viewer, must carry to be ahead of every tab.

    >>> seq_after(3, None, 9), seq_after(), seq_after(SEQ_MODULUS - 1, 2)
    (10, 0, 3)
    """
    known = [s % SEQ_MODULUS for s in seqs if s is not None]
    if not known:
        return 0
    newest = known[0]
    for s in known[1:]:
        if seq_newer(s, newest):
            newest = s
    return next_seq(newest)


def save_newer(a: str | None, b: str | None) -> bool:
    """Whether save text ``a`` should win over save text ``b`` (two tabs wrote them): the newer counter
    (:func:`seq_newer`); on equal counters the one later in code-point order, so that two tabs that wrote
    the same counter at once both keep the same save (issue 22, finding E). A text without a readable
    counter never wins; ``a == b`` is not newer.

    >>> save_newer('{"version":1,"seq":5,"id":"b"}', '{"version":1,"seq":5,"id":"a"}')
    True
    """
    sa, sb = save_seq(a), save_seq(b)
    if sa is None or a is None:
        return False
    if sb is None or b is None:
        return True
    if sa != sb:
        return seq_newer(sa, sb)
    return a > b


def clean_id(game_id: str) -> str:
    """A game id as the page keeps it: ``game_id`` itself when it is at most :data:`MAX_ID` letters,
    digits and ``_.:-``; any other text (a lone surrogate such as U+D800, a control character, a
    1 MB id) is replaced by ``"x"`` and 24 hex digits of its SHA-256 (its UTF-8 with surrogates passed
    through), the same in every tab that reads it, and never an error (issue 22, finding A).

    >>> lone = chr(0xD800)
    >>> clean_id("00ab"), clean_id(lone) == clean_id(lone), len(clean_id(lone)), clean_id(lone).isascii()
    ('00ab', True, 25, True)
    """
    if _ID.fullmatch(game_id):
        return game_id
    return "x" + hashlib.sha256(game_id.encode("utf-8", "surrogatepass")).hexdigest()[:24]


_SEQ_PREFIX = re.compile(rf'\{{"version":[0-9]{{1,{MAX_DIGITS}}},"seq":([0-9]{{1,{MAX_DIGITS}}}),')


def save_seq(text: str | None) -> int | None:
    """The ``seq`` counter of a save text, or ``None`` if there is no readable one (cheap: no replay;
    a save written by :meth:`Session.to_save` is read from its first characters, without parsing it).

    >>> save_seq('{"version": 1, "seq": 7}'), save_seq("garbage"), save_seq(None)
    (7, None, None)
    """
    if not text:
        return None
    m = _SEQ_PREFIX.match(text)
    if m is not None:
        return int(m.group(1))
    try:
        doc = json_loads(text, "save")
    except ValueError:  # JsonError and NotationError (the limits) are ValueErrors
        return None
    seq = doc.get("seq") if isinstance(doc, dict) else None
    return seq if isinstance(seq, int) and not isinstance(seq, bool) else None


__all__ = ["MAX_ID", "SEQ_MODULUS", "clean_id", "next_seq", "save_newer", "save_seq", "seq_after", "seq_newer"]
