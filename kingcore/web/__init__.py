"""The session package: the one door between the web page and the engine (RULES.md §3–§10).

* :mod:`.session` — :class:`Session` (a rubber, its settings, its save), :func:`parse_save`, the dialog's
  options;
* :mod:`.viewmodel` — what the page draws, as data and codes;
* :mod:`.botcalls` — the bots' worker's calls (JSON text in and out);
* :mod:`.prefs` — the page's preferences read from untrusted text, and the worker's deadlines;
* :mod:`.text` — the catalog of words (gettext, keyed by the view model's codes).

The page (``web/``) imports nothing else from :mod:`kingcore`.
"""

from .botcalls import analyse_json, bot_move, choose, hint_json, level_spec, warm_up
from .prefs import DEADLINE_S, LEVEL_BUDGET_MS, MAX_PREFS, MIN_DEADLINE_S, deadline_s, read_prefs
from .session import (
    BOT_LEVELS,
    DEFAULT_LEVEL,
    DEFAULT_SETTINGS,
    HUMAN,
    SAVE_VERSION,
    SaveError,
    Session,
    new_game_options,
    parse_save,
    rules_options,
    save_seq,
)
from .text import BROWSER_LANGUAGES, LANGUAGES, Catalog, MissingText, pick_language, signed
from .viewmodel import describe_move

__all__ = [
    "BOT_LEVELS", "BROWSER_LANGUAGES", "DEADLINE_S", "DEFAULT_LEVEL", "DEFAULT_SETTINGS", "HUMAN", "LANGUAGES",
    "LEVEL_BUDGET_MS", "MAX_PREFS", "MIN_DEADLINE_S", "SAVE_VERSION", "Catalog", "MissingText", "SaveError",
    "Session", "analyse_json", "bot_move", "choose", "deadline_s", "describe_move", "hint_json", "level_spec",
    "new_game_options", "parse_save", "pick_language", "read_prefs", "rules_options", "save_seq", "signed",
    "warm_up",
]
