"""The page's session API under its old name: a thin re-export of :mod:`kingcore.web` (the session
package), kept so that code and saves written against ``kingcore.webapi`` keep working. New code imports
:mod:`kingcore.web`.
"""

from .web import (
    BOT_LEVELS,
    DEFAULT_LEVEL,
    DEFAULT_SETTINGS,
    HUMAN,
    SAVE_VERSION,
    SaveError,
    Session,
    analyse_json,
    bot_move,
    choose,
    hint_json,
    level_spec,
    new_game_options,
    save_seq,
)

__all__ = ["BOT_LEVELS", "DEFAULT_LEVEL", "DEFAULT_SETTINGS", "HUMAN", "SAVE_VERSION", "SaveError", "Session",
           "analyse_json", "bot_move", "choose", "hint_json", "level_spec", "new_game_options", "save_seq"]
