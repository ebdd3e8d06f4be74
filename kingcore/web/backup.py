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
import re
from typing import Any, Literal

from ..errors import KingError
from ..limits import MAX_FILE, JsonError, json_loads
from .prefs import MAX_PREFS, read_prefs
from .session import SEQ_MODULUS, SaveError, Session, parse_save, save_seq, seq_after, seq_newer
from .stats import MAX_RUBBERS, MAX_STATS, STATS_VERSION, StatsError, check_stats, dump_stats, merge_counted, read_stats

BACKUP_VERSION = 1
"""The version of the backup file :func:`make_backup` writes and :func:`read_backup` reads."""
MAX_BACKUP = 2 * MAX_FILE
"""Characters in a backup file (a save and the statistics, each within :data:`MAX_FILE`)."""

_SURROGATE = re.compile("[\ud800-\udfff]")

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
    ``seq`` modulo :data:`~kingcore.web.session.SEQ_MODULUS` (so ``999…9 + 1`` is written 0, a counter
    its reader accepts): an imported game must be ahead of what every open tab has, or the tabs would keep
    their own (see ``king/state.py``; :func:`~kingcore.web.session.seq_after` gives the counter).

    Raises:
        ValueError: not a JSON object.
    """
    doc = json.loads(save)
    if not isinstance(doc, dict):
        raise ValueError("not a save")
    doc["seq"] = seq % SEQ_MODULUS
    return json.dumps(doc, ensure_ascii=False, separators=(",", ":"))


def clean_save(save: str) -> str:
    """A readable save text as the page may store or export it: ``save`` itself, or, when its id is not one
    the page keeps (:func:`~kingcore.web.session.clean_id`: a lone surrogate, a control character, a long
    id) or it holds any other lone surrogate, the same game written anew by
    :meth:`~kingcore.web.session.Session.to_save` — no text the page hands to the browser holds a lone
    surrogate (issue 22, finding A).

    Raises:
        SaveError: the save cannot be read (:func:`~kingcore.web.session.parse_save`).
    """
    gid = parse_save(save)[3]
    if json.loads(save).get("id", "") == gid and not _SURROGATE.search(save):
        return save
    return Session.from_save(save).to_save()


def make_backup(save: str | None, prefs: dict[str, Any] | None, stats: dict[str, Any], date: str) -> str:
    """The backup file's text: the save (``None``: no game, or one that cannot be read — it is left out),
    the preferences and the statistics, one JSON document, each rubber on a line of its own (so that a
    person can read it, and an error's line points somewhere useful)."""
    doc: Any = None
    if save:
        try:
            doc = json.loads(clean_save(save))
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
            save_text = clean_save(save_text)
            session = Session.from_save(save_text)
        except SaveError as e:
            raise BackupError("save", e.message) from None
        if session.game.current is not None and session.game.current.unseen:  # a deal in progress, saved
            save_text = session.to_save()  # without the cards the player had not seen: dealt anew, here, once
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


def import_plan(backup: dict[str, Any], ours: dict[str, Any], stored: dict[str, str | None],
                seq: int | None = None) -> dict[str, Any]:
    """What importing ``backup`` would store, checked before anything is written (issue 22, items 3–4).

    Args:
        backup: :func:`read_backup`'s answer.
        ours: the statistics stored now (:func:`~kingcore.web.stats.read_stats`).
        stored: the texts stored now, ``{"stats": …, "prefs": …, "save": …}`` (``None`` or a missing key:
            nothing stored).
        seq: the counter of the game on the table (``None``: none).

    Returns:
        ``{"writes", "stats", "rubbers", "added", "dropped"}``: ``writes`` the texts to store, only of the
        parts that change — ``{"stats"?: text, "prefs"?: text, "save"?: text}`` in that order (an empty
        dict: the import changes nothing); ``stats`` the statistics after the import (the merge with
        ``ours``, :func:`~kingcore.web.stats.merge_counted`); ``rubbers`` how many rubbers the file holds,
        ``added`` how many of them are new here and kept, ``dropped`` how many of the oldest rubbers (ours
        or the file's) were dropped so that the statistics fit :data:`~kingcore.web.stats.MAX_RUBBERS` and
        :data:`~kingcore.web.stats.MAX_STATS`. The file's game, when it is not the stored one, carries a
        counter newer than the stored save's and ``seq`` (:func:`~kingcore.web.session.seq_after`).

    Raises:
        BackupError: (``stats``, ``prefs`` or ``save``) a text it would store does not read back whole
            within its limit — by construction never; nothing was stored.

    >>> from kingcore.web.stats import empty_stats
    >>> plan = import_plan(read_backup(make_backup(None, {"fast": True}, empty_stats(), "2026-12-01T14:05:09Z")),
    ...                    empty_stats(), {"prefs": '{"fast": true}'})
    >>> plan["writes"], plan["rubbers"], plan["added"], plan["dropped"]
    ({'stats': '{"version":1,"rubbers":[],"skip":[]}'}, 0, 0, 0)
    """
    merged, dropped = merge_counted(ours, backup["stats"])
    kept = {r["key"] for r in merged["rubbers"]}
    mine = {r["key"] for r in ours["rubbers"]}
    added = sum(1 for r in backup["stats"]["rubbers"] if r["key"] in kept and r["key"] not in mine)
    texts: dict[str, str] = {"stats": dump_stats(merged)}
    if backup["prefs"] is not None:
        texts["prefs"] = json.dumps(backup["prefs"])
    save = backup["save"]
    if save is not None and save != stored.get("save"):
        before, file_seq = save_seq(stored.get("save")), save_seq(save) or 0
        newest = [s for s in (before, seq) if s is not None]
        if not all(seq_newer(file_seq, s) for s in newest):
            save = resequenced(save, seq_after(*newest))
        texts["save"] = save
    _check_plan(texts, merged, backup["prefs"])
    writes = {part: text for part, text in texts.items() if text != stored.get(part)}
    return {"writes": writes, "stats": merged, "rubbers": len(backup["stats"]["rubbers"]), "added": added,
            "dropped": dropped}


def import_changes(before: dict[str, str | None], now: dict[str, str | None]) -> list[str]:
    """The parts of the storage an import changed: of ``"stats"``, ``"prefs"`` and ``"save"`` (in that
    order), those whose text ``now`` (read back after the writes, or after a rollback) is not the text
    ``before`` the import — what the page names when a write or its rollback failed (issue 22, item 4:
    "the message says exactly what was changed"); ``[]``: nothing was changed.

    >>> import_changes({"stats": "a", "save": None}, {"stats": "a", "save": "b", "prefs": None})
    ['save']
    """
    return [part for part in ("stats", "prefs", "save") if before.get(part) != now.get(part)]


def _check_plan(texts: dict[str, str], stats: dict[str, Any], prefs: dict[str, Any] | None) -> None:
    """Raise :class:`BackupError` unless each text of :func:`import_plan` reads back as what it stores."""
    if len(texts["stats"]) > MAX_STATS or len(stats["rubbers"]) > MAX_RUBBERS or read_stats(texts["stats"]) \
            != (stats, True):
        raise BackupError("stats", f"the statistics would not read back whole ({len(texts['stats']):,} characters)")
    if "prefs" in texts and (len(texts["prefs"]) > MAX_PREFS or read_prefs(texts["prefs"]) != (prefs, True)):
        raise BackupError("prefs", "the preferences would not read back whole")
    if "save" in texts:
        try:
            if len(texts["save"]) > MAX_FILE:
                raise SaveError("the save is too long", "invalid", texts["save"])
            parse_save(texts["save"])
        except SaveError as e:
            raise BackupError("save", f"the game would not read back: {e.message}") from None


__all__ = ["BACKUP_VERSION", "MAX_BACKUP", "BackupError", "clean_save", "import_changes", "import_plan", "make_backup",
           "read_backup", "resequenced"]
