"""What a friend's page remembers of a mental-poker table across its connections and its reloads (docs/NET.md
"What a friend's page remembers"): the rounds it took part in (:class:`~.mental.Rounds`, with the audit it sent
of a deal it has not finished: sent again when it is back, and the round in play: played on when it is back) and
what it checked of each deal
(:class:`~.checks.Checks`), as one text for the page's storage. A host that drops a friend's connection,
or waits for its page to be reloaded, then meets a page that still refuses a second shuffle of a try it joined.

>>> m = Memory("t1")
>>> m.rounds.seen.add((3, 0, -1)); m.rounds.done.update({0, 1, 2}); m.rounds.audits[(3, 0, -1)] = ["k0", "k1"]
>>> back = Memory.from_text(m.to_text(), "t1")
>>> sorted(back.rounds.seen), sorted(back.rounds.done), back.rounds.audits
([(3, 0, -1)], [0, 1, 2], {(3, 0, -1): ['k0', 'k1']})
>>> Memory.from_text(m.to_text(), "another table").rounds.seen
set()
"""

from __future__ import annotations

import json
from typing import Any

from ...web import MAX_NAME
from .checks import CODES, Check, Checks
from .mental import Held, Rounds

MAX_TEXT = 1_000_000
"""The longest memory text read back (characters): a rubber's deals and their tries take a few thousand, the round
in play (:class:`~.mental.Held`: its texts) at most ≈ 22,000 at a table of four with two friends, ≈ 45,000 at
six with three (measured over two deals of the simulated table)."""


class Memory:
    """One friend's page's memory of table ``table``: its :attr:`rounds` and its :attr:`checks`, shared with each
    connection's :class:`~kingcore.online.mentaltable.MentalGuest` (which add to them), :attr:`reading` and
    :attr:`taken_at`."""

    def __init__(self, table: str, rounds: Rounds | None = None, checks: Checks | None = None,
                 reading: int = 0, taken_at: int = 0, went_on: dict[int, int] | None = None) -> None:
        self.table = table
        self.rounds = rounds if rounds is not None else Rounds()
        self.checks = checks if checks is not None else Checks()
        self.reading = reading
        """The deal whose end this page saw (audited here) and whose result its person has not left yet
        (*Continue*; 0: none): a page reloaded meanwhile shows that result again, and the table waits for it."""
        self.taken_at = taken_at
        """The deal in play when this page's person took the seat anew (a new key: the ``welcome``'s ``joined_at``;
        0: none, or taken before the first): their later connections take it back, but that deal still began
        before they sat down."""
        self.went_on = dict(went_on or {})
        """The host's page's memory only: each friend's seat → the last deal whose result its person left (*Continue*,
        their ``next``), so that the page reloaded does not wait again for a friend who had read on ({}: a friend's
        page's)."""

    def to_text(self) -> str:
        """The memory as JSON text (a few hundred characters per deal at most)."""
        r = self.rounds
        return json.dumps({"table": self.table, "seen": sorted(r.seen), "tries": sorted(r.tries.items()),
                           "named": sorted(r.named_in.items()), "done": sorted(r.done),
                           "audits": [[*k, keys] for k, keys in sorted(r.audits.items())],
                           "held": None if r.held is None else [list(r.held.key), r.held.k, r.held.perm, r.held.keys,
                                                                [list(step) for step in r.held.log]],
                           "annulled": _annulled(r), "begun": sorted(r.begun),
                           "checks": [[d, c.code, c.words, *([list(c.hosted)] if c.hosted else [])]
                                      for d, c in sorted(self.checks.deals.items())],
                           "reading": self.reading, "taken": self.taken_at,
                           **({"went_on": sorted(self.went_on.items())} if self.went_on else {})},
                          separators=(",", ":"))

    @classmethod
    def from_text(cls, text: object, table: str) -> Memory:
        """The memory ``text`` (:meth:`to_text`) kept of ``table``; a new memory when the text is of another
        table, or is not a memory (a damaged storage loses the memory, never the page). Never raises."""
        try:
            doc = json.loads(text) if isinstance(text, str) and len(text) <= MAX_TEXT else None
            if not isinstance(doc, dict) or doc.get("table") != table:
                return cls(table)
            return cls(table, _rounds(doc), _checks(doc["checks"]), max(0, _int(doc.get("reading", 0))),
                       max(0, _int(doc.get("taken", 0))), {_int(s): _int(d) for s, d in doc.get("went_on", [])})
        except (ValueError, TypeError, KeyError, IndexError, AttributeError, RecursionError):
            return cls(table)


def _annulled(r: Rounds) -> list[list[Any]]:
    """Each annulled try as ``[deal, try, why]``, and the seat its annulment named after them when there was one, and
    its person's name then after that when it was known."""
    out: list[list[Any]] = []
    for d, tries in sorted(r.annulled.items()):
        for t, why in sorted(tries.items()):
            seat, name = r.annulled_seat.get(d, {}).get(t), r.annulled_name.get(d, {}).get(t)
            out.append([d, t, why] if seat is None else [d, t, why, seat] if name is None else [d, t, why, seat, name])
    return out


def _int(x: Any) -> int:
    if type(x) is not int:
        raise ValueError("not a whole number")
    return x


def _text(x: Any) -> str:
    if not isinstance(x, str) or len(x) > MAX_NAME:
        raise ValueError("not a name")
    return x


def _rounds(doc: dict[str, Any]) -> Rounds:
    seen = set()
    for key in doc["seen"]:
        d, t, r = key
        seen.add((_int(d), _int(t), _int(r)))
    audits: dict[tuple[int, int, int], list[str]] = {}
    for d, t, r, keys in doc.get("audits", []):
        if not isinstance(keys, list) or not all(isinstance(k, str) for k in keys):
            raise ValueError("not an audit's keys")
        audits[(_int(d), _int(t), _int(r))] = list(keys)
    annulled: dict[int, dict[int, str]] = {}
    annulled_seat: dict[int, dict[int, int]] = {}
    annulled_name: dict[int, dict[int, str]] = {}
    for d, t, why, *seat in doc.get("annulled", []):  # (a try's named seat, and its person's name, when known)
        annulled.setdefault(_int(d), {})[_int(t)] = str(why)
        for s in seat[:1]:
            annulled_seat.setdefault(_int(d), {})[_int(t)] = _int(s)
        for name in seat[1:2]:
            annulled_name.setdefault(_int(d), {})[_int(t)] = _text(name)
    begun = {(_int(d), _int(t)) for d, t in doc.get("begun", [])}
    return Rounds(seen=seen, tries={_int(d): _int(t) for d, t in doc["tries"]},
                  named_in={_int(d): str(code) for d, code in doc["named"]}, done={_int(d) for d in doc["done"]},
                  audits=audits, held=_held(doc.get("held")), annulled=annulled,
                  annulled_seat=annulled_seat, annulled_name=annulled_name, begun=begun)


def _held(doc: Any) -> Held | None:
    if doc is None:
        return None
    (d, t, r), k, perm, keys, log = doc
    texts = [k, *keys, *(text for _, text in log)]
    if not all(isinstance(x, str) for x in texts) or not isinstance(perm, list) or not isinstance(log, list):
        raise ValueError("not a round's texts")
    return Held((_int(d), _int(t), _int(r)), k, [_int(i) for i in perm], list(keys),
                [(_int(who), text) for who, text in log])


def _checks(items: Any) -> Checks:
    checks = Checks()
    for d, code, words, *hosted in items:  # (a check kept before its hosted seats were kept: none)
        if code not in CODES or not isinstance(words, str) or len(hosted) > 1:
            raise ValueError("not a check")
        checks.deals[_int(d)] = Check(code, words, tuple(_int(s) for s in (hosted[0] if hosted else [])))
    return checks


__all__ = ["MAX_TEXT", "Memory"]
