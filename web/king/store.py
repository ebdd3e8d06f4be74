"""What the page keeps in ``localStorage``: the save (``king:<path>:save``), the preferences
(``king:<path>:prefs``), an unreadable save set aside (``king:<path>:save-unreadable``), the statistics
(``king:<path>:stats``, ``kingcore.web.stats``) and unreadable statistics set aside
(``king:<path>:stats-unreadable``); and how tabs on the same game follow each other (the save's counter
decides who is ahead)."""

from __future__ import annotations

import json
from typing import Any

from pyscript import window
from pyscript.ffi import is_none

from kingcore.web import BOT_LEVELS, HUMAN, read_prefs

from .render.dialog import fit_levels


class Store:
    """The page's keys, under the site's path (so two copies of the site keep two games)."""

    def __init__(self, pathname: str) -> None:
        base = pathname[: pathname.rfind("/") + 1] or "/"
        self.save_key = f"king:{base}:save"
        self.prefs_key = f"king:{base}:prefs"
        self.broken_key = f"king:{base}:save-unreadable"
        self.stats_key = f"king:{base}:stats"
        self.stats_broken_key = f"king:{base}:stats-unreadable"

    def get(self, key: str) -> str | None:
        """The text under ``key``, or ``None`` (missing, or storage disabled by privacy settings)."""
        try:
            value = window.localStorage.getItem(key)
        except Exception:  # storage disabled: play on without saves
            return None
        return None if is_none(value) else str(value)

    def put(self, key: str, text: str) -> bool:
        """Store ``text``; ``False`` when the browser refuses (quota, disabled)."""
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
    """The seats' levels the player last chose (``human`` first), fitted to a table of ``players``
    (``king.render.dialog.fit_levels``), or the defaults."""
    levels = prefs.get("levels")
    if isinstance(levels, list) and all(lv in BOT_LEVELS for lv in levels[1:]):
        return fit_levels([HUMAN, *levels[1:]], players)
    return fit_levels([HUMAN], players)
