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
"""Characters in a statistics text the page writes: :func:`fit_stats` drops the oldest rubbers until
:func:`dump_stats` is within it (300 rubbers of 6 players, ordered King and the trump replay are about
1.2 MB), so what is written is always read back whole (issue 22, finding C)."""
MAX_STATS_READ = 2 * MAX_FILE
"""Characters in a statistics text :func:`read_stats` reads: twice what is written, so that statistics an
earlier version wrote past :data:`MAX_STATS` are read (their newest rubbers kept) instead of lost."""
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

    Any text is hashed, a lone surrogate included (its UTF-8 with surrogates passed through): it never
    raises (issue 22, finding A).
    """
    return hashlib.sha256(f"{game_id}\n{record}".encode("utf-8", "surrogatepass")).hexdigest()[:24]


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


def check_stats(doc: Any, most: int = MAX_RUBBERS) -> dict[str, Any]:
    """``doc`` if it is a whole statistics object (every rubber checked, keys distinct, at most ``most``
    rubbers), as a new object. Its size is not checked: :func:`fit_stats` cuts it to what is written.

    Raises:
        StatsError: anything of the wrong shape (``where`` names it), another version, a key twice.
    """
    if not isinstance(doc, dict):
        raise StatsError("", "not an object")
    if type(doc.get("version")) is not int or doc["version"] != STATS_VERSION:
        raise StatsError("version", f"{json.dumps(doc.get('version'))[:40]}, not {STATS_VERSION}")
    rubbers, skip = doc.get("rubbers"), doc.get("skip", [])
    if not isinstance(rubbers, list) or len(rubbers) > most:
        raise StatsError("rubbers", f"not a list of at most {most} rubbers")
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
    rubber listed twice kept once), the newest that fit :data:`MAX_STATS` (:func:`fit_stats`); ``ok`` is
    false when the text was not statistics of this version (longer than :data:`MAX_STATS_READ`, too deep,
    not JSON, another version: then ``stats`` is empty) or a rubber was dropped.
    ``None`` or an empty text is no statistics: ``(empty_stats(), True)``. Never raises.

    >>> read_stats('{"version": 1, "rubbers": [{"key": "zz"}]}')
    ({'version': 1, 'rubbers': [], 'skip': []}, False)
    """
    if not text:
        return empty_stats(), True
    try:
        doc = json_loads(text, "statistics", MAX_STATS_READ)
    except ValueError:
        return empty_stats(), False
    if not isinstance(doc, dict) or type(doc.get("version")) is not int or doc["version"] != STATS_VERSION:
        return empty_stats(), False
    try:
        whole, dropped = fit_stats(check_stats(doc, MAX_STATS_READ // 100))
        return whole, dropped == 0
    except StatsError:
        pass
    rubbers: dict[str, dict[str, Any]] = {}
    for r in doc.get("rubbers", []) if isinstance(doc.get("rubbers"), list) else []:
        try:
            good = check_rubber(r)
        except StatsError:
            continue
        rubbers.setdefault(good["key"], good)
    skip = doc.get("skip")
    keys = [k for k in skip if isinstance(k, str) and _KEY.fullmatch(k)][-MAX_SKIP:] if isinstance(skip, list) else []
    stats = {"version": STATS_VERSION, "rubbers": list(rubbers.values()), "skip": keys}
    return fit_stats(stats)[0], False


def dump_stats(stats: dict[str, Any]) -> str:
    """The text the page stores (compact JSON; within :data:`MAX_STATS` for statistics that
    :func:`fit_stats`, :func:`add_rubber`, :func:`merge` or :func:`read_stats` made).

    Any text is written as it is (``ensure_ascii=False``); the statistics' strings are checked ASCII
    (keys, dates) or a rules text that parsed, so no lone surrogate reaches the page's storage.
    """
    return json.dumps(stats, ensure_ascii=False, separators=(",", ":"))


def fit_stats(stats: dict[str, Any], limit: int = MAX_STATS) -> tuple[dict[str, Any], int]:
    """``stats`` with the oldest rubbers (by ``date``; on the same date the earlier listed) dropped until at
    most :data:`MAX_RUBBERS` are left and :func:`dump_stats` of it has at most ``limit`` characters, the
    others in their order, and how many were dropped (0: ``stats`` itself). The page says so when it is
    more than 0 (issue 22, item 3).

    >>> stats = {"version": 1, "skip": [], "rubbers": [{"key": k, "date": d} for k, d in [("a", "3"), ("b", "1"),
    ...                                                                                  ("c", "2")]]}
    >>> len(dump_stats(stats))
    104
    >>> fitted, dropped = fit_stats(stats, 81)
    >>> dropped, [r["key"] for r in fitted["rubbers"]], len(dump_stats(fitted))
    (1, ['a', 'c'], 81)
    """
    rubbers = stats["rubbers"]
    if len(rubbers) <= MAX_RUBBERS and len(dump_stats(stats)) <= limit:  # the usual case: one dump
        return stats, 0
    oldest = sorted(range(len(rubbers)), key=lambda i: (rubbers[i]["date"], i))  # the order they go in
    cut = max(0, len(rubbers) - MAX_RUBBERS)
    sizes = [len(dump_stats(r)) + 1 for r in rubbers]  # each with its comma
    total = len(dump_stats({**stats, "rubbers": []})) + sum(sizes) - sum(sizes[i] for i in oldest[:cut]) \
        - (1 if len(rubbers) > cut else 0)
    while total > limit and cut < len(rubbers):
        total -= sizes[oldest[cut]]
        cut += 1
    while True:
        if cut == 0 and total <= limit:
            return stats, 0
        gone = set(oldest[:cut])
        fitted = {**stats, "rubbers": [r for i, r in enumerate(rubbers) if i not in gone]}
        if len(dump_stats(fitted)) <= limit or cut == len(rubbers):  # by construction the first time
            return fitted, cut
        cut += 1


def record_rubber(stats: dict[str, Any], entry: dict[str, Any]) -> tuple[dict[str, Any], bool, int]:
    """``stats`` with the finished rubber ``entry`` recorded, whether it was new, and how many of the
    oldest rubbers were dropped to keep within :data:`MAX_RUBBERS` and :data:`MAX_STATS`
    (:func:`fit_stats`): a rubber whose key is already there, or was forgotten (``skip``), is not recorded
    again (``(stats, False, 0)``). ``stats`` is not changed."""
    known = {r["key"] for r in stats["rubbers"]} | set(stats["skip"])
    if entry["key"] in known:
        return stats, False, 0
    fitted, dropped = fit_stats({**stats, "rubbers": [*stats["rubbers"], entry]})
    return fitted, True, dropped


def add_rubber(stats: dict[str, Any], entry: dict[str, Any]) -> tuple[dict[str, Any], bool]:
    """:func:`record_rubber` without the count of rubbers dropped: ``(stats, added)``."""
    return record_rubber(stats, entry)[:2]


def merge_counted(ours: dict[str, Any], theirs: dict[str, Any]) -> tuple[dict[str, Any], int]:
    """:func:`merge`, and how many rubbers it dropped to fit (:func:`fit_stats`: the oldest by date first,
    ours before theirs on the same date) — ``0`` when every rubber of both is kept. Importing the same file
    again changes nothing when the file's rubbers have distinct dates."""
    keys = {r["key"] for r in ours["rubbers"]}
    rubbers = [*ours["rubbers"], *(r for r in theirs["rubbers"] if r["key"] not in keys)]
    merged, dropped = fit_stats({"version": STATS_VERSION, "rubbers": rubbers, "skip": []})
    listed = {r["key"] for r in merged["rubbers"]}
    merged["skip"] = [k for k in ours["skip"] if k not in listed]
    return merged, dropped


def merge(ours: dict[str, Any], theirs: dict[str, Any]) -> dict[str, Any]:
    """Statistics holding the rubbers of both: ``ours`` in their order, then those of ``theirs`` not in
    ``ours`` (by key), the newest by date that fit kept (:func:`fit_stats`: at most :data:`MAX_RUBBERS`, within
    :data:`MAX_STATS`); ``skip`` keeps ours but those listed now. Merging into empty statistics gives
    ``theirs`` exactly (an import after clearing) when it fits."""
    return merge_counted(ours, theirs)[0]


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
    "MAX_STATS_READ",
    "STATS_VERSION",
    "StatsError",
    "add_rubber",
    "check_rubber",
    "check_stats",
    "cleared",
    "dump_stats",
    "empty_stats",
    "fit_stats",
    "merge",
    "merge_counted",
    "read_stats",
    "record_rubber",
    "rubber_entry",
    "rubber_key",
    "summary",
    "won",
]
