"""A rubber's settings as its save carries them, and their one check (:func:`check_settings`): each seat's
level, fast bots, the bots' seed, several people at one device (:mod:`.hotseat`), and friends online
(issue 19: :mod:`kingcore.online`).

Friends online: a seat whose level is :data:`~kingcore.web.hotseat.ONLINE` is played by a friend from
another browser. ``names[seat]`` is the name the friend gave when joining (``""`` before). ``online`` has
one entry per seat: ``None`` for a seat at this device (a person or a bot), else what the host chose for
the seat while its friend is away — ``"wait"`` (the table waits) or ``"bot"`` (a stand-in bot at the level
``stand_in`` plays it until the friend is back). Whether a friend is connected now is never saved: after a
reload every friend is away until re-invited.

>>> s = check_settings({"levels": ["human", "online", "easy"], "online": [None, "bot", None]}, 3)
>>> s["online"], stand_in_level(s, 1) == s["stand_in"] == DEFAULT_LEVEL, stand_in_level(s, 2), stand_in_level(s, 0)
([None, 'bot', None], True, 'easy', None)
>>> check_settings({"levels": ["human", "online", "easy"]}, 3)["online"]
[None, 'wait', None]
"""

from __future__ import annotations

from typing import Any

from ..bots.levels import DEFAULT, LEGACY, names
from ..errors import RulesError
from .holders import check_former
from .hotseat import HUMAN, ONLINE, check_names, is_person, person_seats

BOT_LEVELS: tuple[str, ...] = names()
"""The levels a bot seat can have, in the page's order (:data:`kingcore.bots.levels.REGISTRY`: ``easy`` =
heuristic with noise, ``medium`` = heuristic, ``hard`` = pimc, ``expert``, ``random`` = uniform legal moves)."""

DEFAULT_LEVEL = DEFAULT
"""A bot seat's level unless the player chose another (:data:`kingcore.bots.levels.DEFAULT`)."""

LEGACY_LEVELS = LEGACY
"""Version-1 saves written before per-seat levels had one ``level`` for every bot: what it becomes
(:data:`kingcore.bots.levels.LEGACY`)."""

AWAY = ("wait", "bot")
"""What an online seat's ``online`` entry may be while its friend is away: the table waits, or a stand-in
bot plays the seat."""

DEFAULT_SETTINGS: dict[str, Any] = {"levels": [HUMAN, DEFAULT_LEVEL, DEFAULT_LEVEL, DEFAULT_LEVEL],
                                    "fast": False, "seed": 0, "names": ["", "", "", ""], "viewer": 0,
                                    "covered": False, "stand_in": DEFAULT_LEVEL, "online": [None] * 4, "former": []}
"""The settings a save carries: each seat's level (``human``, ``online`` or one of :data:`BOT_LEVELS`, seat
0 first), fast bots (no pauses), the seed the bots' seeds derive from; for several people at one device
(:mod:`.hotseat`): each seat's name (``""``: the default), the person whose cards the table may show
(``viewer``) and whether the "pass the device" screen hides every hand (``covered``); for friends online
(:mod:`kingcore.online`): the stand-in bots' level (``stand_in``) and each online seat's state while its friend is
away (``online``, the module docstring) and the earlier holders of seats the host gave to someone else
(``former``: :mod:`.holders`)."""


def stand_in_level(settings: dict[str, Any], seat: int) -> str | None:
    """The level of the bot that plays ``seat`` at the host's device now: a bot seat's own level, an online
    seat's ``stand_in`` level while the host gave it to a bot, else ``None`` (a person, or a friend).
    :class:`kingcore.online.Host` clears the stand-in when the friend connects."""
    level = settings["levels"][seat]
    if level == ONLINE:
        return str(settings["stand_in"]) if settings["online"][seat] == "bot" else None
    return None if level == HUMAN else str(level)


def _check_levels(value: Any, players: int) -> list[str]:
    if not isinstance(value, list) or len(value) != players:
        raise RulesError(f"setting levels must list one level for each of the {players} seats, not {value!r}"[:200])
    for seat, level in enumerate(value):
        if level not in (HUMAN, ONLINE) and level not in BOT_LEVELS:
            raise RulesError(f"unknown bot level {level!r} for seat {seat} "
                             f"(known: {HUMAN}, {ONLINE}, {', '.join(BOT_LEVELS)})"[:200])
    if all(level == ONLINE for level in value):
        raise RulesError("setting levels: one seat at least must be at this device (not online)")
    return list(value)


def _check_online(value: Any, levels: list[str]) -> list[str | None]:
    """The ``online`` entries: one per seat, ``None`` at this device, one of :data:`AWAY` online."""
    if value is None:
        value = [None] * len(levels)
    if not isinstance(value, list) or len(value) != len(levels):
        raise RulesError(f"setting online must have one entry for each of the {len(levels)} seats"[:200])
    out: list[str | None] = []
    for seat, (level, state) in enumerate(zip(levels, value, strict=True)):
        if level != ONLINE:
            out.append(None)  # a seat changed from online to another level keeps no state
        elif state is None:
            out.append("wait")
        elif state in AWAY:
            out.append(state)
        else:
            raise RulesError(f"setting online of seat {seat} must be one of {', '.join(AWAY)}, not {state!r}"[:200])
    return out


def check_settings(settings: dict[str, Any], players: int = 4) -> dict[str, Any]:
    """``settings`` with defaults filled in and keys a later version added dropped.

    Raises:
        RulesError: a bad level (``human``, ``online`` or a bot level; not every seat online), ``fast`` or
            ``seed``, not one level per seat, a bad name (:func:`kingcore.web.hotseat.check_names`), a
            ``viewer`` that is no person's seat, a ``covered`` that is not true or false, a ``stand_in`` that
            is no bot level, an ``online`` entry that is not ``wait`` or ``bot``, or a bad ``former``
            (:func:`.holders.check_former`).
    """
    out = dict(DEFAULT_SETTINGS)
    out["levels"] = [HUMAN] + [DEFAULT_LEVEL] * (players - 1)
    out["names"] = [""] * players
    out["former"] = []  # (a fresh list: the default's is shared)
    if "level" in settings and "levels" not in settings:  # a save from before per-seat levels
        old = settings["level"]
        if old not in LEGACY_LEVELS:
            raise RulesError(f"unknown bot level {old!r} (known: {', '.join(LEGACY_LEVELS)})")
        out["levels"] = [HUMAN] + [LEGACY_LEVELS[old]] * (players - 1)
    for key, value in settings.items():
        if key not in DEFAULT_SETTINGS:
            continue  # settings a later version added (or "level", read above): ignored, not an error
        if key == "levels":
            value = _check_levels(value, players)
        if key == "fast" and not isinstance(value, bool):
            raise RulesError(f"setting fast must be true or false, not {value!r}")
        if key == "seed" and (not isinstance(value, int) or isinstance(value, bool)):
            raise RulesError(f"setting seed must be a whole number, not {value!r}")
        if key == "names":
            value = check_names(value, players)
        if key == "former":
            value = check_former(value, players)
        if key == "viewer" and (not isinstance(value, int) or isinstance(value, bool)):
            raise RulesError(f"setting viewer must be a seat, not {value!r}"[:120])
        if key == "covered" and not isinstance(value, bool):
            raise RulesError(f"setting covered must be true or false, not {value!r}"[:120])
        if key == "stand_in" and value not in BOT_LEVELS:
            raise RulesError(f"setting stand_in must be a bot level ({', '.join(BOT_LEVELS)}), not {value!r}"[:200])
        out[key] = value
    out["online"] = _check_online(settings.get("online"), out["levels"])
    people = person_seats(out["levels"])
    if "viewer" not in settings:
        out["viewer"] = people[0] if people else 0
    elif not 0 <= out["viewer"] < players or (people and not is_person(out["levels"], out["viewer"])):
        raise RulesError(f"setting viewer must be a person's seat ({', '.join(map(str, people))}), "
                         f"not {out['viewer']!r}")
    return out
