"""What the page keeps in ``localStorage``: the save (``king:<path>:save``), the preferences
(``king:<path>:prefs``), an unreadable save set aside (``king:<path>:save-unreadable``), the statistics
(``king:<path>:stats``, ``kingcore.web.stats``) and unreadable statistics set aside
(``king:<path>:stats-unreadable``), friends online's room of the host's table (``king:<path>:room``) and a
friend's seats to come back to (``king:<path>:seats``); and how tabs on the same game follow each other (the
save's counter decides who is ahead)."""

from __future__ import annotations

import json
from typing import Any

from pyscript import window
from pyscript.ffi import is_none

from kingcore.web import BOT_LEVELS, HUMAN, ONLINE, read_prefs

from .render.dialog import fit_levels, fit_names


class Store:
    """The page's keys, under the site's path (so two copies of the site keep two games)."""

    def __init__(self, pathname: str) -> None:
        base = pathname[: pathname.rfind("/") + 1] or "/"
        self.save_key = f"king:{base}:save"
        self.prefs_key = f"king:{base}:prefs"
        self.broken_key = f"king:{base}:save-unreadable"
        self.stats_key = f"king:{base}:stats"
        self.stats_broken_key = f"king:{base}:stats-unreadable"
        self.room_key = f"king:{base}:room"  # the host's room of the game on its table (kingcore.online.room)
        self.seats_key = f"king:{base}:seats"  # a friend's ways back to their seats (kingcore.online.room.Ticket)
        self.closed_key = f"king:{base}:closed"  # the rooms a friend's page was told are closed (room.closed_rooms)
        self.used_key = f"king:{base}:used"  # the code links a friend's page joined by (room.used_invites)
        self.round_key = f"king:{base}:round"  # the host's secret of its fair round (kingcore.online.kept_secret)
        self.shuffles_key = f"king:{base}:shuffles"  # a friend's fair-deal rounds (kingcore.online.guest.Shuffles)

    def get(self, key: str) -> str | None:
        """The text under ``key``, or ``None`` (missing, or storage disabled by privacy settings)."""
        try:
            value = window.localStorage.getItem(key)
        except Exception:  # storage disabled: play on without saves
            return None
        return None if is_none(value) else str(value)

    def put(self, key: str, text: str) -> bool:
        """Store ``text``; ``False`` when the browser refuses (quota, disabled).

        Raises:
            ValueError: ``key`` is the save's: the save is written by :meth:`write_save` alone.
        """
        if key == self.save_key:
            raise ValueError(key)  # Store.write_save writes it (king.state alone)
        return self._set(key, text)

    def write_save(self, text: str) -> bool:
        """Store the save text (``king.state.State`` is its one caller); ``False`` when the browser refuses."""
        return self._set(self.save_key, text)

    def _set(self, key: str, text: str) -> bool:
        try:
            window.localStorage.setItem(key, text)
            return True
        except Exception as e:
            window.console.warn(f"king: could not save: {e}")
            return False

    def save(self) -> str | None:
        """The stored save text."""
        return self.get(self.save_key)

    def load_prefs(self) -> tuple[dict[str, Any], bool]:
        """The preferences (``options``, ``levels``, ``fast``) and whether they could be read
        (``kingcore.web.read_prefs``: within the limits, size first; what is of the wrong shape is dropped)."""
        return read_prefs(self.get(self.prefs_key))

    def save_prefs(self, prefs: dict[str, Any]) -> None:
        self.put(self.prefs_key, json.dumps(prefs))


def pref_levels(prefs: dict[str, Any], players: int) -> list[str]:
    """The seats' levels the player last chose (``human`` first; other people too), fitted to a table of ``players``
    (``king.render.dialog.fit_levels``), or the defaults."""
    levels = prefs.get("levels")
    if isinstance(levels, list) and all(lv in BOT_LEVELS or lv in (HUMAN, ONLINE) for lv in levels[1:]):
        return fit_levels([HUMAN, *levels[1:]], players)
    return fit_levels([HUMAN], players)


def pref_names(prefs: dict[str, Any], players: int) -> list[str]:
    """The names the people at the device last gave (``kingcore.web.read_prefs`` checked them), fitted to a
    table of ``players`` (``""``: the default name)."""
    names = prefs.get("names")
    return fit_names(names if isinstance(names, list) else None, players)
