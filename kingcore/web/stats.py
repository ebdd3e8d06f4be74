"""The player's statistics: pure functions the page calls on what ``localStorage`` holds and on the
statistics of an imported file (RULES.md §6 for the totals and the winners).

**Statistics** are one JSON object ``{"version": 1, "rubbers": [rubber, ...], "skip": [key, ...]}``. A
*rubber* is a finished rubber, stored general enough for any seat (a table with several people at one
device included)::

    {"key": "3f…", "date": "2026-12-01T14:05:09Z", "rules": "king()", "players": 4, "humans": [0],
     "totals": [12, -4, -20, 12], "deals": [["no_tricks", [-8, 0, -4, -4]], ...]}

``key`` names the game (:func:`rubber_key`: a hash of its id and its record), so a finished rubber is
recorded once however often its final screen is drawn (a reload, a second tab); ``date`` is UTC;
``totals`` the seats' final totals (the column sums of ``deals``); ``humans`` the seats people played.
``skip`` holds the keys of rubbers the player chose to forget (:func:`cleared`), so the final screen still
shown after clearing the statistics does not count again. At most :data:`MAX_RUBBERS` rubbers are kept
(the oldest go first).

**Won**: a rubber is won by the seat (person or bot) with the best final total; a tie for the best total
is a win for each tied seat — the score sheet's :meth:`~kingcore.scoresheet.ScoreSheet.winners` and its
settlement treat them alike (tied winners pay nothing to each other). :func:`summary` gives one seat's
figures (seat 0: the person at the screen) over the rubbers that seat played as a person.

The backup file that carries the statistics with the save and the preferences is :mod:`.backup`'s.

>>> stats = empty_stats()
>>> entry = {"key": "a1", "date": "2026-12-01T10:00:00Z", "rules": "king(players=2)", "players": 2,
...          "humans": [0], "totals": [8, -8], "deals": [["take_tricks", [8, -8]]]}
>>> stats, added = add_rubber(stats, entry)
>>> added, add_rubber(stats, entry)[1]
(True, False)
>>> s = summary(stats)
>>> s["played"], s["won"], s["average"], s["contracts"]
(1, 1, 8.0, [{'contract': 'take_tricks', 'deals': 1, 'average': 8.0}])
"""

from __future__ import annotations

import hashlib
import json
import re
from typing import Any

from ..contracts import Contract
from ..errors import KingError, RulesError
from ..game import Phase
from ..limits import MAX_FILE, MAX_SPEC, json_loads
from ..rules import Rules
from .session import HUMAN, Session

STATS_VERSION = 1
"""The version of the statistics object."""
MAX_RUBBERS = 300
"""Rubbers kept in the statistics (the oldest are dropped first): about 150 kB for 4-player rubbers."""
MAX_STATS = MAX_FILE
"""Characters in a statistics text."""
MAX_SKIP = 20
"""Keys of forgotten rubbers kept (:func:`cleared`)."""
MAX_DEALS = 200
"""Deals in a stored rubber (ordered King with 6 players has 84)."""
MAX_POINTS = 10**9
"""The largest absolute value of a stored point figure."""

CONTRACTS = tuple(c.value for c in Contract)
"""Every contract's code, in the order the statistics list them."""

_KEY = re.compile(r"[0-9a-f]{1,64}")
_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z")

class StatsError(KingError, ValueError):
    """Statistics of the wrong shape: ``where`` is the path of the bad value (``rubbers[3].totals``)."""

    def __init__(self, where: str, message: str) -> None:
        super().__init__(f"{where}: {message}" if where else message)
        self.where = where
        self.message = message


# ----- one rubber ------------------------------------------------------------------------------------

def rubber_key(game_id: str, record: str) -> str:
    """The key of a rubber: 24 hex digits of SHA-256 of its id and its game record (the same game on two
    tabs, or after a reload, has the same key; another game, even a continuation of the same record,
    another).

    >>> len(rubber_key("00ab", "[Rules \\"king()\\"]")), rubber_key("a", "x") == rubber_key("a", "x")
    (24, True)
    """
    return hashlib.sha256(f"{game_id}\n{record}".encode()).hexdigest()[:24]


def rubber_entry(session: Session, date: str) -> dict[str, Any] | None:
    """The statistics' entry of a finished rubber (see the module docstring), ``None`` while it is not over.

    Args:
        session: the rubber; date: when it ended, ``YYYY-MM-DDTHH:MM:SSZ`` (UTC).
    """
    g = session.game
    if g.phase is not Phase.RUBBER_OVER:
        return None
    levels = session.settings["levels"]
    return {"key": rubber_key(session.game_id, session.record()), "date": date, "rules": str(g.rules),
            "players": g.rules.players, "humans": [s for s, lv in enumerate(levels) if lv == HUMAN],
            "totals": list(g.sheet.totals), "deals": [[r.contract, list(r.points)] for r in g.sheet.rows]}


def _int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and abs(value) <= MAX_POINTS


def check_rubber(entry: Any, where: str = "rubber") -> dict[str, Any]:
    """``entry`` if it is a rubber of the statistics (a copy of its known keys).

    Raises:
        StatsError: a missing or bad key, rules that do not parse, or totals that are not the deals' sums.
    """
    if not isinstance(entry, dict):
        raise StatsError(where, "not an object")
    key, date, rules, players = entry.get("key"), entry.get("date"), entry.get("rules"), entry.get("players")
    if not isinstance(key, str) or not _KEY.fullmatch(key):
        raise StatsError(f"{where}.key", "not a key of hex digits")
    if not isinstance(date, str) or not _DATE.fullmatch(date):
        raise StatsError(f"{where}.date", "not a date YYYY-MM-DDTHH:MM:SSZ")
    if not isinstance(rules, str) or len(rules) > MAX_SPEC:
        raise StatsError(f"{where}.rules", "not a rules text")
    try:
        parsed = Rules.parse(rules)
    except RulesError as e:
        raise StatsError(f"{where}.rules", str(e)) from None
    if players != parsed.players or not _int(players):
        raise StatsError(f"{where}.players", f"not the rules' {parsed.players} players")
    humans, totals, deals = entry.get("humans"), entry.get("totals"), entry.get("deals")
    if not isinstance(humans, list) or not all(_int(s) and 0 <= s < players for s in humans) \
            or len(set(humans)) != len(humans):
        raise StatsError(f"{where}.humans", "not a list of distinct seats")
    if not isinstance(totals, list) or len(totals) != players or not all(_int(t) for t in totals):
        raise StatsError(f"{where}.totals", f"not {players} whole numbers")
    if not isinstance(deals, list) or not 1 <= len(deals) <= MAX_DEALS:
        raise StatsError(f"{where}.deals", f"not a list of 1 to {MAX_DEALS} deals")
    sums = [0] * players
    for i, deal in enumerate(deals):
        if not (isinstance(deal, list) and len(deal) == 2 and deal[0] in CONTRACTS and isinstance(deal[1], list)
                and len(deal[1]) == players and all(_int(p) for p in deal[1])):
            raise StatsError(f"{where}.deals[{i}]", f"not [contract, {players} points]")
        sums = [a + b for a, b in zip(sums, deal[1], strict=True)]
    if sums != totals:
        raise StatsError(f"{where}.totals", f"{totals} are not the sums of the deals' points {sums}")
    return {"key": key, "date": date, "rules": rules, "players": players, "humans": list(humans),
            "totals": list(totals), "deals": [[c, list(p)] for c, p in deals]}


# ----- the statistics -------------------------------------------------------------------------------

def empty_stats() -> dict[str, Any]:
    """Statistics with no rubber."""
    return {"version": STATS_VERSION, "rubbers": [], "skip": []}


def check_stats(doc: Any) -> dict[str, Any]:
    """``doc`` if it is a whole statistics object (every rubber checked, keys distinct), as a new object.

    Raises:
        StatsError: anything of the wrong shape (``where`` names it), another version, a key twice.
    """
    if not isinstance(doc, dict):
        raise StatsError("", "not an object")
    if type(doc.get("version")) is not int or doc["version"] != STATS_VERSION:
        raise StatsError("version", f"{json.dumps(doc.get('version'))[:40]}, not {STATS_VERSION}")
    rubbers, skip = doc.get("rubbers"), doc.get("skip", [])
    if not isinstance(rubbers, list) or len(rubbers) > MAX_RUBBERS:
        raise StatsError("rubbers", f"not a list of at most {MAX_RUBBERS} rubbers")
    if not isinstance(skip, list) or len(skip) > MAX_SKIP or not all(isinstance(k, str) and _KEY.fullmatch(k)
                                                                      for k in skip):
        raise StatsError("skip", f"not a list of at most {MAX_SKIP} keys")
    out = [check_rubber(r, f"rubbers[{i}]") for i, r in enumerate(rubbers)]
    keys = [r["key"] for r in out]
    if len(set(keys)) != len(keys):
        raise StatsError("rubbers", "a rubber is listed twice")
    return {"version": STATS_VERSION, "rubbers": out, "skip": list(skip)}


def read_stats(text: str | None) -> tuple[dict[str, Any], bool]:
    """The statistics a stored text holds, and whether all of it could be read.

    Returns ``(stats, ok)``: ``stats`` has every rubber of the right shape (the others dropped, and a
    rubber listed twice kept once); ``ok`` is false when the text was not statistics of this version
    (too long, too deep, not JSON, another version: then ``stats`` is empty) or a rubber was dropped.
    ``None`` or an empty text is no statistics: ``(empty_stats(), True)``. Never raises.

    >>> read_stats('{"version": 1, "rubbers": [{"key": "zz"}]}')
    ({'version': 1, 'rubbers': [], 'skip': []}, False)
    """
    if not text:
        return empty_stats(), True
    try:
        doc = json_loads(text, "statistics", MAX_STATS)
    except ValueError:
        return empty_stats(), False
    if not isinstance(doc, dict) or type(doc.get("version")) is not int or doc["version"] != STATS_VERSION:
        return empty_stats(), False
    try:
        return check_stats(doc), True
    except StatsError:
        pass
    stats, ok = empty_stats(), False
    for r in doc.get("rubbers", []) if isinstance(doc.get("rubbers"), list) else []:
        try:
            stats, _ = add_rubber(stats, check_rubber(r))
        except StatsError:
            continue
    skip = doc.get("skip")
    if isinstance(skip, list):
        stats["skip"] = [k for k in skip if isinstance(k, str) and _KEY.fullmatch(k)][-MAX_SKIP:]
    return stats, ok


def dump_stats(stats: dict[str, Any]) -> str:
    """The text the page stores (compact JSON)."""
    return json.dumps(stats, ensure_ascii=False, separators=(",", ":"))


def add_rubber(stats: dict[str, Any], entry: dict[str, Any]) -> tuple[dict[str, Any], bool]:
    """``stats`` with the finished rubber ``entry`` recorded, and whether it was new: a rubber whose key is
    already there, or was forgotten (``skip``), is not recorded again. Over :data:`MAX_RUBBERS` the oldest
    rubber is dropped. ``stats`` is not changed."""
    known = {r["key"] for r in stats["rubbers"]} | set(stats["skip"])
    if entry["key"] in known:
        return stats, False
    rubbers = [*stats["rubbers"], entry][-MAX_RUBBERS:]
    return {**stats, "rubbers": rubbers}, True


def merge(ours: dict[str, Any], theirs: dict[str, Any]) -> dict[str, Any]:
    """Statistics holding the rubbers of both: ``ours`` in their order, then those of ``theirs`` not in
    ``ours`` (by key), the newest :data:`MAX_RUBBERS` kept; ``skip`` keeps ours but those listed now.
    Merging into empty statistics gives ``theirs`` exactly (an import after clearing)."""
    keys = {r["key"] for r in ours["rubbers"]}
    rubbers = [*ours["rubbers"], *(r for r in theirs["rubbers"] if r["key"] not in keys)][-MAX_RUBBERS:]
    listed = {r["key"] for r in rubbers}
    return {"version": STATS_VERSION, "rubbers": rubbers, "skip": [k for k in ours["skip"] if k not in listed]}


def cleared(current_key: str | None) -> dict[str, Any]:
    """Empty statistics after the player cleared them; ``current_key``, the key of a finished rubber still
    on the table (or ``None``), is remembered in ``skip`` so that it is not counted again."""
    stats = empty_stats()
    if current_key:
        stats["skip"] = [current_key]
    return stats


def won(entry: dict[str, Any], seat: int) -> bool:
    """Whether ``seat`` won the rubber: its total is the best at the table (a tie for it included)."""
    return bool(entry["totals"][seat] == max(entry["totals"]))


def summary(stats: dict[str, Any], seat: int = 0) -> dict[str, Any]:
    """One seat's figures over the rubbers it played as a person (``seat in humans``), JSON-ready:

    * ``played``, ``won`` (:func:`won`), ``average`` (the mean final total, ``None`` with no rubber);
    * ``best`` and ``worst``: ``{"total", "date", "rules", "key"}`` of the rubber with the highest and the
      lowest final total (the earlier one on a tie), or ``None``;
    * ``contracts``: ``[{"contract", "deals", "average"}]`` — the seat's mean points per deal of each
      contract it played, in :data:`CONTRACTS` order;
    * ``results``: ``[{"total", "date", "rules", "won"}]``, one per rubber, oldest first (the chart).
    """
    mine = [r for r in stats["rubbers"] if seat in r["humans"] and seat < r["players"]]
    results = [{"total": r["totals"][seat], "date": r["date"], "rules": r["rules"], "won": won(r, seat)}
               for r in mine]
    sums: dict[str, list[int]] = {}
    for r in mine:
        for contract, points in r["deals"]:
            acc = sums.setdefault(contract, [0, 0])
            acc[0] += 1
            acc[1] += points[seat]

    def pick(r: dict[str, Any] | None) -> dict[str, Any] | None:
        return None if r is None else {"total": r["totals"][seat], "date": r["date"], "rules": r["rules"],
                                       "key": r["key"]}

    best = max(mine, key=lambda r: r["totals"][seat], default=None)
    worst = min(mine, key=lambda r: r["totals"][seat], default=None)
    return {
        "played": len(mine), "won": sum(x["won"] for x in results),
        "average": sum(x["total"] for x in results) / len(mine) if mine else None,
        "best": pick(best), "worst": pick(worst),
        "contracts": [{"contract": c, "deals": sums[c][0], "average": sums[c][1] / sums[c][0]}
                      for c in CONTRACTS if c in sums],
        "results": results,
    }


__all__ = [
    "CONTRACTS",
    "MAX_RUBBERS",
    "MAX_STATS",
    "STATS_VERSION",
    "StatsError",
    "add_rubber",
    "check_rubber",
    "check_stats",
    "cleared",
    "dump_stats",
    "empty_stats",
    "merge",
    "read_stats",
    "rubber_entry",
    "rubber_key",
    "summary",
    "won",
]
