"""Who played each deal at a seat the host gave to someone else (friends online, :mod:`kingcore.online`).

The score sheet's column is the seat's: its points carry on when the seat changes hands, as a substitute takes
over a seat's score at a club table. But each deal keeps the name its seat was played under: a deal belongs to
whoever held the seat when it was dealt, and a seat given away stays its former holder's — a stand-in bot plays
it for them — until the first deal its next holder plays.

``settings["former"]`` lists a table's earlier holders in the order they left, each ``{"seat", "name", "to"}``:
``name`` played ``seat`` in every deal before deal ``to``, the first deal its next holder played (``None``: no one
has taken the seat since — every deal so far, and every deal until someone does, is theirs). The host's page
keeps it in its save and sends it in every ``welcome`` and view model, so every page of the table — after a
reload too — names each deal alike (docs/NET.md "A seat given to someone else").

>>> former: list[Former] = []
>>> freed(former, 1, "Petya"); taken(former, 1, "Vanya", 4)
>>> former, deal_holder(former, 1, 3), deal_holder(former, 1, 4), next_holder(former, 0)
([{'seat': 1, 'name': 'Petya', 'to': 4}], 0, None, None)
"""

from __future__ import annotations

from typing import Any

from ..errors import RulesError
from .hotseat import clean_name
from .shapes import Former

MAX_FORMER = 100
"""Earlier holders a table keeps at most (a holder who played no deal is not kept, so a rubber of at most
:data:`kingcore.limits` deals at six seats stays well under it); the oldest goes first beyond it."""

__all__ = ["MAX_FORMER", "Former", "check_former", "deal_holder", "freed", "next_holder", "taken"]


def check_former(value: Any, players: int) -> list[Former]:
    """``settings["former"]`` read from untrusted text (a save, a host's message): a fresh list.

    Raises:
        RulesError: not a list of at most :data:`MAX_FORMER` ``{"seat", "name", "to"}`` — a seat of the table, a
            name a person may give (not empty), ``to`` a deal number from 1 or ``None``.
    """
    if not isinstance(value, list) or len(value) > MAX_FORMER:
        raise RulesError(f"setting former must be a list of at most {MAX_FORMER} earlier holders")
    out: list[Former] = []
    for i, item in enumerate(value):
        ok = isinstance(item, dict) and set(item) == {"seat", "name", "to"}
        seat, name, to = (item["seat"], item["name"], item["to"]) if ok else (None, None, None)
        if not (isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < players
                and isinstance(name, str) and bool(name) and _clean(name)
                and (to is None or (isinstance(to, int) and not isinstance(to, bool) and 1 <= to <= 10_000))):
            raise RulesError(f"setting former[{i}] must be {{seat, name, to}}: a seat, a name, a deal or null")
        out.append({"seat": seat, "name": name, "to": to})
    return out


def _clean(name: str) -> bool:
    try:
        return clean_name(name) == name
    except RulesError:
        return False


def freed(former: list[Former], seat: int, name: str) -> None:
    """The host gave ``seat``, held under ``name`` (``""``: no one held it — nothing to keep), to someone else:
    every deal so far is ``name``'s, and so is every deal until someone takes the seat."""
    if name:
        former.append({"seat": seat, "name": name, "to": None})
        del former[:-MAX_FORMER]


def taken(former: list[Former], seat: int, name: str, first: int) -> None:
    """Someone took ``seat`` under ``name``, and ``first`` is the first deal they play (the deals before it were
    dealt without them): the seat's former holder, if it was given away, played it up to there. A holder who
    played no deal is not kept, nor one who takes the seat back under the same name (nothing changed hands)."""
    mine = [f for f in former if f["seat"] == seat]
    if not mine or mine[-1]["to"] is not None:
        return
    last = mine[-1]
    start = (mine[-2]["to"] or 1) if len(mine) > 1 else 1  # (the first deal the holder leaving could play)
    if last["name"] == name or first <= start:
        former.remove(last)
    else:
        last["to"] = first


def deal_holder(former: list[Former], seat: int, deal: int) -> int | None:
    """Which of ``former`` played ``seat`` in deal ``deal`` (its index), or ``None`` when its holder now did (or no
    one yet: the seat named as the table names it now)."""
    return next((i for i, f in enumerate(former) if f["seat"] == seat and (f["to"] is None or deal < f["to"])), None)


def next_holder(former: list[Former], index: int) -> int | None:
    """Which of ``former`` held ``former[index]``'s seat after them (its index), or ``None``: its holder now."""
    seat = former[index]["seat"]
    return next((i for i in range(index + 1, len(former)) if former[i]["seat"] == seat), None)
