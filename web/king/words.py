"""The page's words and numbers: seat names, points, expected values and shares, from the catalog
(``kingcore.web.Catalog``). Pure: no document, no storage.

>>> from kingcore.web import Catalog
>>> pts(-3), signed(-0.04), signed(1.25), percent(0.4), percent(None)
('−3', '0.0', '+1.2', '+40 %', '?')
"""

from __future__ import annotations

from kingcore.web import Catalog
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

__all__ = ["ME", "POSITIONS", "Catalog", "load_catalog", "name", "percent", "position", "pts", "signed"]


def load_catalog(lang: str = "en") -> Catalog:
    """The words of ``lang`` (one of ``kingcore.web.LANGUAGES``: the compiled catalog PyScript's ``files``
    config put at ``./locale/<lang>.mo``); without it the page still plays, showing codes."""
    try:
        with open(f"./locale/{lang}.mo", "rb") as f:
            return Catalog.from_mo(f.read())
    except OSError:
        return Catalog()


def position(seat: int, players: int) -> str:
    """Where ``seat`` sits at a table of ``players`` (a key of :data:`POSITIONS`): ``south``, ``west``…

    >>> position(2, 4), position(2, 3), position(3, 6)
    ('north', 'east', 'north')
    """
    return POSITIONS[players][seat]


def name(cat: Catalog, seat: int, players: int) -> str:
    """A seat's name at a table of ``players`` ("You" for mine; the others by where they sit)."""
    return cat.t(f"position.{position(seat, players)}")


def signed(x: float) -> str:
    """Expected points, one decimal, with a real minus sign."""
    text = f"{abs(x):.1f}"
    return "0.0" if text == "0.0" else ("−" if x < 0 else "+") + text


def percent(x: float | None) -> str:
    """A fraction as a signed whole percentage: 0.4 → "+40 %"."""
    if x is None:
        return "?"
    n = round(x * 100)
    return ("−" if n < 0 else "+") + f"{abs(n)} %"
