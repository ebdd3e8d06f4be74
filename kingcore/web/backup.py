"""The page's backup file: the save, the preferences and the statistics (:mod:`.stats`) as one JSON
document, written by :func:`make_backup` and checked wholly by :func:`read_backup` before the page stores
any of it (issue 13 item 4)::

    {"king": "backup", "version": 1, "exported": "2026-12-01T14:05:09Z",
     "prefs": {...} or null,
     "save": {...} or null,
     "stats": {"version": 1, "skip": [], "rubbers": [
      {...one rubber per line...}
     ]}}

``save`` is the save :meth:`~kingcore.web.session.Session.to_save` writes, as an object (the page stores it
back compact, byte for byte as written); ``prefs`` what :func:`~kingcore.web.prefs.read_prefs` keeps.

>>> from kingcore.web.stats import empty_stats
>>> read_backup(make_backup(None, {"fast": True}, empty_stats(), "2026-12-01T14:05:09Z"))["prefs"]
{'fast': True}
"""

from __future__ import annotations

import json
from typing import Any, Literal

from ..errors import KingError
from ..limits import MAX_FILE, JsonError, json_loads
from .prefs import read_prefs
from .session import SaveError, parse_save
from .stats import STATS_VERSION, StatsError, check_stats

BACKUP_VERSION = 1
"""The version of the backup file :func:`make_backup` writes and :func:`read_backup` reads."""
MAX_BACKUP = 2 * MAX_FILE
"""Characters in a backup file (a save and the statistics, each within :data:`MAX_FILE`)."""

BackupProblem = Literal["json", "format", "version", "save", "prefs", "stats"]


class BackupError(KingError, ValueError):
    """A backup file that cannot be imported; nothing was stored.

    Attributes:
        kind: ``json`` (not JSON: ``line`` and ``column`` say where), ``format`` (JSON, but no backup of
            this game), ``version`` (another backup version: ``version``), ``save`` (the game does not
            replay), ``prefs`` or ``stats`` (of the wrong shape).
        detail: what is wrong, in the engine's words (for the details line and logs).
        line, column: 1-based, for ``json`` (``None`` otherwise).
    """

    def __init__(self, kind: BackupProblem, detail: str, line: int | None = None, column: int | None = None,
                 version: Any = None) -> None:
        super().__init__(f"{kind}: {detail}")
        self.kind = kind
        self.detail = detail
        self.line = line
        self.column = column
        self.version = version


def resequenced(save: str, seq: int) -> str:
    """A save text (as :meth:`~kingcore.web.session.Session.to_save` writes it) with its counter set to
    ``seq``: an imported game must be ahead of what every open tab has, or the tabs would keep their own
    (see ``king/state.py``).

    Raises:
        ValueError: not a JSON object.
    """
    doc = json.loads(save)
    if not isinstance(doc, dict):
        raise ValueError("not a save")
    doc["seq"] = seq
    return json.dumps(doc, ensure_ascii=False, separators=(",", ":"))


def make_backup(save: str | None, prefs: dict[str, Any] | None, stats: dict[str, Any], date: str) -> str:
    """The backup file's text: the save (``None``: no game, or one that cannot be read — it is left out),
    the preferences and the statistics, one JSON document, each rubber on a line of its own (so that a
    person can read it, and an error's line points somewhere useful)."""
    doc: Any = None
    if save:
        try:
            parse_save(save)
            doc = json.loads(save)
        except (SaveError, ValueError):
            doc = None

    def dumps(x: Any) -> str:
        return json.dumps(x, ensure_ascii=False, separators=(", ", ": "))

    rubbers = ",\n".join(f"  {dumps(r)}" for r in stats["rubbers"])
    return (f'{{"king": "backup", "version": {BACKUP_VERSION}, "exported": {dumps(date)},\n'
            f' "prefs": {dumps(prefs)},\n'
            f' "save": {dumps(doc)},\n'
            f' "stats": {{"version": {STATS_VERSION}, "skip": {dumps(stats["skip"])}, "rubbers": [\n'
            f"{rubbers}\n ]}}}}\n")


def read_backup(text: str) -> dict[str, Any]:
    """Check a backup file wholly: ``{"save": text or None, "prefs": dict or None, "stats": dict}`` — the
    save as the page stores it (compact, as :meth:`Session.to_save` writes it; its record replayed), the
    preferences (every key of the right shape) and the statistics (:func:`check_stats`).

    Raises:
        BackupError: see its ``kind``; the caller has stored nothing.

    >>> try:
    ...     read_backup('{"king": "backup",\\n "version": 1,,}')
    ... except BackupError as e:
    ...     print(e.kind, e.line, e.column)
    json 2 15
    """
    if isinstance(text, str) and text.startswith("\ufeff"):
        text = text[1:]
    try:
        doc = json_loads(text, "backup file", MAX_BACKUP)
    except JsonError as e:
        raise BackupError("json", str(e), e.line, e.column) from None
    except ValueError as e:  # the limits (too long, too deep, a number too long): NotationError
        line, column = getattr(e, "line", None), getattr(e, "column", None)
        raise BackupError("json", str(e), line, column) from None
    if not isinstance(doc, dict) or doc.get("king") != "backup":
        raise BackupError("format", 'not an object with "king": "backup"')
    version = doc.get("version")
    if version is None:
        raise BackupError("format", "a backup names its version")
    if type(version) is not int or version != BACKUP_VERSION:
        raise BackupError("version", f"version {json.dumps(version)[:40]}, not {BACKUP_VERSION}", version=version)
    save = doc.get("save")
    save_text = None
    if save is not None:
        if not isinstance(save, dict):
            raise BackupError("save", "not a saved game (an object)")
        save_text = json.dumps(save, ensure_ascii=False, separators=(",", ":"))
        try:
            parse_save(save_text)
        except SaveError as e:
            raise BackupError("save", e.message) from None
    prefs = doc.get("prefs")
    if prefs is not None:
        read, ok = read_prefs(json.dumps(prefs)) if isinstance(prefs, dict) else ({}, False)
        if not ok:
            raise BackupError("prefs", "preferences of the wrong shape")
        prefs = read
    if "stats" not in doc:
        raise BackupError("stats", "no statistics")
    try:
        stats = check_stats(doc["stats"])
    except StatsError as e:
        raise BackupError("stats", str(e)) from None
    return {"save": save_text, "prefs": prefs, "stats": stats}


__all__ = ["BACKUP_VERSION", "MAX_BACKUP", "BackupError", "make_backup", "read_backup", "resequenced"]
