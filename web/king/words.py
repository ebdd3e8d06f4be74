"""The page's words and numbers: seat names, points, expected values and shares, from the catalog
(``kingcore.web.Catalog``). Pure: no document, no storage.

>>> from kingcore.web import Catalog
>>> pts(-3), signed(-0.04), signed(1.25), percent(0.4), percent(None)
('−3', '0.0', '+1.2', '+40 %', '?')
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from kingcore.web import MAX_FORMER, Catalog, ViewModel, deal_holder
from kingcore.web import signed as pts

ME = 0
"""The seat of the person at the screen."""

POSITIONS: dict[int, tuple[str, ...]] = {
    2: ("south", "north"),
    3: ("south", "west", "east"),
    4: ("south", "west", "north", "east"),
    5: ("south", "west", "northwest", "northeast", "east"),
    6: ("south", "west", "northwest", "north", "northeast", "east"),
}
"""Where each seat sits at a table of 2–6 (seat 0, the person, at the bottom; play goes clockwise, so
seat 1 is on the left): the seat's place around the oval, which also names it."""

NAME_MARK = 0xE010
"""A person's own name is never put in markup: :func:`name` answers a mark, the private-use character
``chr(NAME_MARK + seat)``, and the page puts the name in its place with ``textContent``/``data`` only
(``king.names.fill``)."""

FORMER_MARK = NAME_MARK + 6
"""The name of a seat's earlier holder (a seat given to someone else online: the view model's ``former``, the
score sheet's past deals) has its mark too: ``chr(FORMER_MARK + i)`` for the ``i``-th of ``former``
(:func:`former_mark`; :func:`page_names` puts those names after the seats')."""

Table = int | Mapping[str, Any]
"""Where seats sit and how they are named: the number of players (seat 0 at the bottom, named by where
they sit), or a view model (or :meth:`kingcore.web.Session.seating`): ``players``, ``seat`` (the
viewer, at the bottom) and ``names`` (hot seat: a person's name or ``None`` for a bot, per seat)."""

__all__ = ["FORMER_MARK", "ME", "NAME_MARK", "POSITIONS", "Catalog", "Table", "as_dealt", "fill_names", "former_mark",
           "home", "load_catalog", "name", "name_mark", "page_names", "percent", "position", "pts", "signed", "you"]


def load_catalog(lang: str = "en") -> Catalog:
    """The words of ``lang`` (one of ``kingcore.web.LANGUAGES``: the compiled catalog PyScript's ``files``
    config put at ``./locale/<lang>.mo``); without it the page still plays, showing codes."""
    try:
        with open(f"./locale/{lang}.mo", "rb") as f:
            return Catalog.from_mo(f.read())
    except OSError:
        return Catalog()


def position(seat: int, table: Table) -> str:
    """Where ``seat`` sits at ``table`` (a key of :data:`POSITIONS`): ``south`` (the viewer), ``west``…
    — turned so that the viewer is at the bottom.

    >>> position(2, 4), position(2, 3), position(3, 6), position(0, {"players": 4, "seat": 2})
    ('north', 'east', 'north', 'north')
    """
    if isinstance(table, int):
        return POSITIONS[table][seat]
    players: int = table["players"]
    viewer: int = table.get("seat", 0)
    return POSITIONS[players][(seat - viewer) % players]


def home(table: Table) -> int:
    """The person's seat, named "You" with one person: the first ``human`` of the table's ``levels`` (seat 0
    when the table is a number or has no levels)."""
    levels = [] if isinstance(table, int) else list(table.get("levels") or [])
    return levels.index("human") if "human" in levels else 0


def you(table: Table) -> int | None:
    """The seat the page says "you" to: :func:`home` with one person; ``None`` in hot seat (everyone by name)."""
    return None if not isinstance(table, int) and table.get("names") is not None else home(table)


def name_mark(seat: int) -> str:
    """The mark that stands for the name of the person at ``seat`` until the page fills it in."""
    return chr(NAME_MARK + seat)


def as_dealt(table: Table, deal: int) -> Table:
    """``table`` as it was when deal ``deal`` was dealt: a seat given to someone else online since is named by the
    holder who played that deal (``held``: seat → their :func:`former_mark`, from the table's ``former``).

    >>> as_dealt({"players": 2, "names": ["Ann", "Bo"], "former": [{"seat": 1, "name": "Cy", "to": 3}]}, 2)["held"]
    {1: '\ue016'}
    """
    former = [] if isinstance(table, int) else table.get("former") or []
    if not former:
        return table
    assert not isinstance(table, int)
    held = {f["seat"]: former_mark(i) for i, f in enumerate(former) if deal_holder(former, f["seat"], deal) == i}
    return {**table, "held": held}


def name(cat: Catalog, seat: int, table: Table) -> str:
    """A seat's name at ``table``: with one person "You" for mine and the others by where they sit; in hot
    seat (``names``) a person by their name (its :func:`name_mark`; "Player 3" when they gave none) and a
    bot as "Bot 2" (seat numbers from 1).
    A past deal's ``table`` (:func:`as_dealt`) names a seat given away since by who played it then.

    >>> cat = Catalog()
    >>> name(cat, 1, 4), name(cat, 0, {"players": 2, "seat": 1, "names": ["Ann", None]}) == name_mark(0)
    ('position.west', True)
    """
    held = None if isinstance(table, int) else table.get("held")
    if held and seat in held:  # (a past deal of a seat given away since: :func:`as_dealt`)
        return str(held[seat])
    names = None if isinstance(table, int) else table.get("names")
    if names is None:  # by where the seat sits as seen from the person's ("You"), whoever's view is drawn
        players = table if isinstance(table, int) else int(table["players"])
        return cat.t(f"position.{POSITIONS[players][(seat - home(table)) % players]}")
    given = names[seat]
    if given is None:
        return cat.t("hotseat.bot", n=seat + 1)
    return name_mark(seat) if given else cat.t("hotseat.player", n=seat + 1)


def former_mark(index: int) -> str:
    """The mark that stands for the name of ``former[index]`` (the view model's earlier holders) until the page
    fills it in."""
    return chr(FORMER_MARK + index)


def page_names(vm: ViewModel) -> list[str | None] | None:
    """The names a page fills in for ``vm``'s marks: each seat's (``names``), then each earlier holder's
    (``former``, from :data:`FORMER_MARK` on).

    >>> vm: Any = {"names": ["Ann", "Bo"], "former": [{"seat": 1, "name": "Cy", "to": 3}]}
    >>> page_names(vm)[FORMER_MARK - NAME_MARK]
    'Cy'
    """
    names, former = vm.get("names"), vm.get("former") or []
    if not former:
        return names
    seats: list[str | None] = list(names or [])
    return seats + [None] * (FORMER_MARK - NAME_MARK - len(seats)) + [f["name"] for f in former]


MARKS = re.compile(f"[{chr(NAME_MARK)}-{chr(FORMER_MARK + MAX_FORMER - 1)}]")


def fill_names(text: str, names: list[str | None] | None) -> str:
    """``text`` with each person's :func:`name_mark` replaced by their name (plain text: for ``textContent``
    or a text node's ``data``, never for markup).

    >>> fill_names("Trick 3 to " + name_mark(1), [None, "<b>Bo</b>"])
    'Trick 3 to <b>Bo</b>'
    """
    return MARKS.sub(lambda m: str((names or [])[ord(m.group()) - NAME_MARK] or "") if names and
                     ord(m.group()) - NAME_MARK < len(names) else "", text)


def signed(x: float, cat: Catalog | None = None) -> str:
    """Expected points, one decimal, with a real minus sign (and ``cat``'s decimal mark: ``−2,5`` in
    Russian; without a catalog, a point)."""
    return (cat or Catalog()).num(x, sign=True)


def percent(x: float | None) -> str:
    """A fraction as a signed whole percentage: 0.4 → "+40 %"."""
    if x is None:
        return "?"
    n = round(x * 100)
    return ("−" if n < 0 else "+") + f"{abs(n)} %"
