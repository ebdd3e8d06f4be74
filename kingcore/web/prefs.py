"""The page's preferences and the bots' worker's deadlines: pure functions the page calls on untrusted text
(what ``localStorage`` holds) and on the bots' levels (RULES.md §10 for the options).

A preferences text is read within :mod:`kingcore.limits` (size before parsing, then nesting depth and
digits) and then shaped: anything of the wrong type is dropped, so the page starts with the defaults
instead of failing.

>>> read_prefs('{"levels": ["human", "easy", "hard", "expert"], "fast": true}')
({'levels': ['human', 'easy', 'hard', 'expert'], 'fast': True}, True)
>>> read_prefs('{"ui": {"undo": true, "sounds": 1, "later": true}}')
({'ui': {'undo': True}}, False)
>>> read_prefs("[" * 100000)
({}, False)
>>> read_prefs(None)
({}, True)
"""

from __future__ import annotations

from typing import Any

from ..bots.levels import REGISTRY
from ..errors import RulesError
from ..limits import json_loads
from ..rules import Rules
from .hotseat import clean_name
from .session import BOT_LEVELS, HUMAN
from .text import LANGUAGES

MAX_PREFS = 16_384
"""Characters in a preferences text (the page writes about 200)."""

LEVEL_BUDGET_MS: dict[str, int] = {lv.name: lv.budget_ms for lv in REGISTRY}
"""The thinking budget of each bot level in ms (:attr:`kingcore.bots.levels.Level.budget_ms`, the
``budget_ms`` of the spec the page plays; 0: none)."""

MAIN_THREAD_LEVELS: tuple[str, ...] = tuple(lv.name for lv in REGISTRY if lv.main_thread)
"""Levels cheap enough (~1 ms a move) for the page to play itself until the bots' worker is up
(:attr:`kingcore.bots.levels.Level.main_thread`)."""

UI_OPTIONS = frozenset({"undo", "autoplay", "sounds", "large_cards", "four_colour"})
"""The page's on/off options kept under the preferences' ``ui`` key (each off unless stored as ``true``):
the play options (undo, auto-play, sounds: ``king.assist``) and the display options (large cards, a
four-colour deck) of ``king/options.py``."""

MIN_DEADLINE_S = 5.0
"""The shortest deadline of a bots' worker call, in seconds."""
DEADLINE_S = {"hint": 30.0, "analyse": 120.0}
"""The deadlines of the strongest level's calls (every legal move rated; a whole deal reviewed)."""


def read_prefs(text: str | None) -> tuple[dict[str, Any], bool]:
    """The preferences a stored text holds, and whether it could be read as a whole: ``(prefs, ok)``, ``ok``
    false when :func:`sort_prefs` dropped any part (the page then says "Could not read your settings").
    ``None`` or an empty text is no preferences: ``({}, True)``. Never raises."""
    prefs, dropped = sort_prefs(text)
    return prefs, not dropped


def sort_prefs(text: str | None) -> tuple[dict[str, Any], list[str]]:
    """The preferences a stored text holds, and the parts of it dropped for their shape.

    Returns ``(prefs, dropped)``: ``prefs`` has only keys of the right shape — ``options`` (a dict that makes
    valid :class:`~kingcore.rules.Rules`, any table size), ``levels`` (``human`` then 1 to 5 of
    :data:`BOT_LEVELS` or ``human``: the last table's bots and people), ``names`` (2 to 6 names, each
    :func:`~kingcore.web.hotseat.clean_name`: what the people at the device called themselves last),
    ``fast`` (a bool), ``lang`` (one of
    :data:`~kingcore.web.text.LANGUAGES`, the language the player chose), ``ui`` (a dict of the page's
    options, :data:`UI_OPTIONS`, each a bool; other keys are dropped silently — a later version's);
    ``dropped`` names, in that order, each key dropped for its shape (``"ui.large_cards"`` for a ``ui``
    option), or is ``["*"]`` when the text was not a preferences object (too long, too deep, not JSON, not
    an object). ``None`` or an empty text is no preferences: ``({}, [])``. Never raises.

    >>> sort_prefs('{"ui": {"large_cards": "yes", "undo": true}, "lang": 7, "fast": false}')
    ({'fast': False, 'ui': {'undo': True}}, ['lang', 'ui.large_cards'])
    """
    if not text:
        return {}, []
    try:
        doc = json_loads(text, "preferences", MAX_PREFS)
    except ValueError:  # NotationError (the limits) and JsonError are ValueErrors
        return {}, ["*"]
    if not isinstance(doc, dict):
        return {}, ["*"]
    prefs: dict[str, Any] = {}
    dropped: list[str] = []
    if "options" in doc:
        options = doc["options"]
        try:
            if not isinstance(options, dict):
                raise RulesError("not the options of a game")
            Rules.from_dict(options)
            prefs["options"] = options
        except (RulesError, TypeError, ValueError):
            dropped.append("options")
    if "levels" in doc:
        levels = doc["levels"]
        if isinstance(levels, list) and 2 <= len(levels) <= 6 and levels[0] == HUMAN \
                and all(isinstance(lv, str) and (lv in BOT_LEVELS or lv == HUMAN) for lv in levels[1:]):
            prefs["levels"] = list(levels)
        else:
            dropped.append("levels")
    if "names" in doc:
        names = doc["names"]
        try:
            if not isinstance(names, list) or not 2 <= len(names) <= 6:
                raise RulesError("not one name per seat")
            prefs["names"] = [clean_name(n) for n in names]
        except RulesError:
            dropped.append("names")
    if "fast" in doc:
        if isinstance(doc["fast"], bool):
            prefs["fast"] = doc["fast"]
        else:
            dropped.append("fast")
    if "lang" in doc:
        if isinstance(doc["lang"], str) and doc["lang"] in LANGUAGES:
            prefs["lang"] = doc["lang"]
        else:
            dropped.append("lang")
    if "ui" in doc:
        ui = doc["ui"]
        if isinstance(ui, dict):
            prefs["ui"] = {k: v for k, v in ui.items() if k in UI_OPTIONS and isinstance(v, bool)}
            dropped += [f"ui.{k}" for k, v in ui.items() if k in UI_OPTIONS and not isinstance(v, bool)]
        else:
            dropped.append("ui")
    return prefs, dropped


def deadline_s(call: str, level: str = "") -> float:
    """How long the page waits for the bots' worker to answer ``call`` (``choose``, ``hint`` or ``analyse``)
    before it restarts the worker: for ``choose``, 10 × the ``level``'s budget and at least
    :data:`MIN_DEADLINE_S`; for the others :data:`DEADLINE_S`. Seconds.

    >>> deadline_s("choose", "hard"), deadline_s("choose", "random"), deadline_s("hint")
    (5.0, 5.0, 30.0)
    """
    if call == "choose":
        return max(MIN_DEADLINE_S, 10 * LEVEL_BUDGET_MS.get(level, 350) / 1000)
    return DEADLINE_S.get(call, MIN_DEADLINE_S)
