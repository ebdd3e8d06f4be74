"""The session package: the one door between the web page and the engine (RULES.md §3–§10).

* :mod:`.session` — :class:`Session` (a rubber, its settings, its save), :func:`parse_save`, the dialog's
  options;
* :mod:`.tables` — the dialog's options for every table size, the named rule sets, what a choice makes;
* :mod:`.viewmodel` — what the page draws, as data and codes; :mod:`.shapes` — its ``TypedDict``s;
* :mod:`.botcalls` — the bots' worker's calls (JSON text in and out);
* :mod:`.past` — the rubber's earlier deals as each Python's bots know them (fed once per deal);
* :mod:`.prefs` — the page's preferences read from untrusted text, and the worker's deadlines;
* :mod:`.relays` — the relays friends online's rooms are announced on (the preferences' ``relays``);
* :mod:`.text` — the catalog of words (gettext, keyed by the view model's codes);
* :mod:`.rulestext` — the rules help of a game, generated from its ``Rules``;
* :mod:`.history` — the trick history of a deal (the current one and every past one);
* :mod:`.assist` — undo, auto-play's forced move, the sounds of a move (issue 13).
* :mod:`.hotseat` — several people at one device: who is a person, names, the "pass the device" screen;
* :mod:`.replay` — a game record or save opened in the replay viewer, step by step;
* :mod:`.holders` — who played each deal at a seat given to someone else online;
* :mod:`.settings` — a rubber's settings and their check (levels, names, friends online, stand-in bots).

The page (``web/``) imports nothing else from :mod:`kingcore` but friends online, a package of its own above
this one (:mod:`kingcore.online`: it reads the session, the session never reads it), which the page installs
on first use.
"""

from .assist import SOUNDS, forced_move, sound_events
from .botcalls import (
    NEED,
    SPEED,
    analyse_json,
    bot_move,
    calibrate,
    choose,
    hint_json,
    learn,
    level_spec,
    need,
    warm_up,
)
from .history import deal_history
from .holders import MAX_FORMER, deal_holder, next_holder
from .hotseat import (
    MAX_NAME,
    ONLINE,
    check_names,
    clean_name,
    cover,
    follow,
    is_hot_seat,
    is_person,
    long_name,
    name_problem,
    needs_pass_screen,
    next_person,
    person_seats,
    record_hidden,
)
from .prefs import (
    DEADLINE_S,
    LEVEL_BUDGET_MS,
    MAIN_THREAD_LEVELS,
    MAX_PREFS,
    MIN_DEADLINE_S,
    UI_OPTIONS,
    deadline_s,
    read_prefs,
    sort_prefs,
)
from .replay import Replay, ReplayFileError
from .rulestext import help_topic, rules_help
from .session import (
    BOT_LEVELS,
    DEFAULT_LEVEL,
    DEFAULT_SETTINGS,
    HUMAN,
    SAVE_VERSION,
    SEQ_MODULUS,
    SaveError,
    Session,
    clean_id,
    next_seq,
    parse_save,
    rules_options,
    save_newer,
    save_seq,
    seq_after,
    seq_newer,
)
from .settings import check_settings, stand_in_level
from .shapes import (
    Answer,
    CallView,
    ContractView,
    FinalView,
    Former,
    Frame,
    HandCard,
    HighBid,
    LastTrick,
    MoveView,
    Payment,
    Refusal,
    ResultView,
    Scoring,
    SeatCard,
    SheetNote,
    SheetRow,
    ViewModel,
)
from .tables import (
    RULE_SET_TEXTS,
    RULE_SETS,
    TABLE_SIZES,
    new_game_options,
    off_options,
    replay_of,
    rule_set_name,
    rules_summary,
    table_choice,
)
from .text import BROWSER_LANGUAGES, LANGUAGES, Catalog, MissingText, pick_language, signed
from .viewmodel import describe_move

__all__ = [
    "BOT_LEVELS",
    "BROWSER_LANGUAGES",
    "DEADLINE_S",
    "DEFAULT_LEVEL",
    "DEFAULT_SETTINGS",
    "HUMAN",
    "LANGUAGES",
    "LEVEL_BUDGET_MS",
    "MAIN_THREAD_LEVELS",
    "MAX_FORMER",
    "MAX_NAME",
    "MAX_PREFS",
    "MIN_DEADLINE_S",
    "NEED",
    "ONLINE",
    "RULE_SETS",
    "RULE_SET_TEXTS",
    "SAVE_VERSION",
    "SEQ_MODULUS",
    "SOUNDS",
    "SPEED",
    "TABLE_SIZES",
    "UI_OPTIONS",
    "Answer",
    "CallView",
    "Catalog",
    "ContractView",
    "FinalView",
    "Former",
    "Frame",
    "HandCard",
    "HighBid",
    "LastTrick",
    "MissingText",
    "MoveView",
    "Payment",
    "Refusal",
    "Replay",
    "ReplayFileError",
    "ResultView",
    "SaveError",
    "Scoring",
    "SeatCard",
    "Session",
    "SheetNote",
    "SheetRow",
    "ViewModel",
    "analyse_json",
    "bot_move",
    "calibrate",
    "check_names",
    "check_settings",
    "choose",
    "clean_id",
    "clean_name",
    "cover",
    "deadline_s",
    "deal_history",
    "deal_holder",
    "describe_move",
    "follow",
    "forced_move",
    "help_topic",
    "hint_json",
    "is_hot_seat",
    "is_person",
    "learn",
    "level_spec",
    "long_name",
    "name_problem",
    "need",
    "needs_pass_screen",
    "new_game_options",
    "next_holder",
    "next_person",
    "next_seq",
    "off_options",
    "parse_save",
    "person_seats",
    "pick_language",
    "read_prefs",
    "record_hidden",
    "replay_of",
    "rule_set_name",
    "rules_help",
    "rules_options",
    "rules_summary",
    "save_newer",
    "save_seq",
    "seq_after",
    "seq_newer",
    "signed",
    "sort_prefs",
    "sound_events",
    "stand_in_level",
    "table_choice",
    "warm_up",
]
