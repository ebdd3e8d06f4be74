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
>>> ice_servers({"ice": {"mode": "own", "text": "stun:stun.example.org"}})
[{'urls': 'stun:stun.example.org'}]
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

from ..bots.levels import REGISTRY
from ..errors import RulesError
from ..limits import json_loads
from ..rules import Rules
from .hotseat import clean_name
from .relays import stored_relays
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

UI_OPTIONS = frozenset({"undo", "autoplay", "sounds", "large_cards", "four_colour", "no_ask_new", "tips"})
"""The page's on/off options kept under the preferences' ``ui`` key (each off unless stored as ``true``):
the play options (undo, auto-play, sounds: ``king.assist``), the display options (large cards, a
four-colour deck) of ``king/options.py``, ``no_ask_new`` (*Don't ask again* in the question before a new game
replaces a rubber: :func:`asks_before_new`; *Options* asks again) and ``tips`` (one-line tips on the table
until the end of a deal: turned on by the first visit's welcome or in *Options*, off at the next deal)."""


def asks_before_new(prefs: dict[str, Any]) -> bool:
    """Whether the page asks before a new game replaces a rubber in progress
    (:meth:`~kingcore.web.Session.under_way`): unless the player said *Don't ask again* (``ui.no_ask_new``;
    *Options* asks again).

    >>> asks_before_new({}), asks_before_new({"ui": {"no_ask_new": True}}), asks_before_new({"ui": 3})
    (True, False, True)
    """
    ui = prefs.get("ui")
    return not (isinstance(ui, dict) and ui.get("no_ask_new") is True)

ONLINE_LEVEL = "online"
"""A seat played by a friend from another browser (issue 19; :data:`.hotseat.ONLINE`): the new-game
dialog remembers it among the levels."""

DEFAULT_STUN = "stun:stun.l.google.com:19302"
"""The public STUN server the page asks by default for its public address (issue 19): a well-known one,
free, answering since 2012. It learns the browser's address and nothing of the game."""

ICE_MODES = ("default", "none", "own")
"""The connection option (preferences' ``ice``: ``{"mode": …, "text": …}``): :data:`DEFAULT_STUN`; no
server (friends on the same network only); or the player's own list of servers, one a line."""

MAX_ICE_SERVERS = 8
"""Lines (servers) in the player's own list."""
MAX_ICE_LINE = 300
"""Characters in one line of the player's own list (an address with a user name and a password)."""

_ICE_URL = re.compile(
    r"(?P<scheme>stuns?|turns?):(?P<host>\[[0-9A-Fa-f:.]{2,45}\]|[A-Za-z0-9](?:[A-Za-z0-9.\-]{0,251}[A-Za-z0-9])?)"
    r"(?::(?P<port>\d{1,5}))?(?P<query>\?transport=(?:udp|tcp))?")
"""A STUN or TURN server's address (RFC 7064, RFC 7065): ``stun:host[:port]``, ``turn:host[:port][?transport=udp]``;
a host is a name, an IPv4 address or an ``[IPv6]`` address."""


class IceError(ValueError):
    """A list of ICE servers that cannot be used: ``.reason`` (the page's words are ``ice.<reason>``) and
    ``.args_`` (the words' arguments: ``line``, the 1-based line; ``text``; ``n``)."""

    def __init__(self, reason: str, message: str, **args: Any) -> None:
        super().__init__(message)
        self.reason, self.args_ = reason, args

    @property
    def code(self) -> str:
        """The catalog's code of the words that say it (``ice.<reason>``; ``n`` chooses the plural form)."""
        return f"ice.{self.reason}"


def parse_ice_list(text: str) -> list[dict[str, str]]:
    """The player's own ICE servers (the connection option's list) as RTCPeerConnection ``iceServers``.

    One server a line: a STUN address (``stun:`` or ``stuns:``), or a TURN address (``turn:`` or ``turns:``)
    followed by a user name and a password (a TURN server refuses a client without them; a browser refuses
    such an entry outright). Blank lines and lines starting with ``#`` are skipped.

    Returns ``[{"urls": url}]`` or ``[{"urls": url, "username": user, "credential": password}]``, in order.

    Raises:
        IceError: ``too_long`` (a line over :data:`MAX_ICE_LINE`), ``bad_line`` (not an address),
            ``turn_login`` / ``stun_login`` (a TURN address without a login, a STUN address with one),
            ``too_many`` (more than :data:`MAX_ICE_SERVERS`), ``empty`` (no server at all).

    >>> parse_ice_list("stun:192.0.2.7:3478")
    [{'urls': 'stun:192.0.2.7:3478'}]
    >>> parse_ice_list("turn:relay.example.org?transport=tcp ann s3cret")
    [{'urls': 'turn:relay.example.org?transport=tcp', 'username': 'ann', 'credential': 's3cret'}]
    >>> parse_ice_list("http://example.org")
    Traceback (most recent call last):
    kingcore.web.prefs.IceError: line 1 is not a STUN or TURN address
    """
    if len(text) > MAX_ICE_SERVERS * (MAX_ICE_LINE + 1) * 4:
        raise IceError("too_many", "the list is too long", n=MAX_ICE_SERVERS)
    servers: list[dict[str, str]] = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if len(line) > MAX_ICE_LINE:
            raise IceError("too_long", f"line {number} is longer than {MAX_ICE_LINE}", line=number, n=MAX_ICE_LINE)
        if not line.isprintable() or not line.isascii():
            raise IceError("bad_line", f"line {number} holds characters no address has", line=number, text=line)
        url, *login = line.split()
        m = _ICE_URL.fullmatch(url)
        if not m or (m["port"] and not 0 < int(m["port"]) < 65536) or (m["query"] and m["scheme"].startswith("stun")):
            raise IceError("bad_line", f"line {number} is not a STUN or TURN address", line=number, text=url)
        if m["scheme"].startswith("turn"):
            if len(login) != 2:
                raise IceError("turn_login", f"line {number}: a TURN server needs a user and a password", line=number)
            servers.append({"urls": url, "username": login[0], "credential": login[1]})
        else:
            if login:
                raise IceError("stun_login", f"line {number}: a STUN server takes no login", line=number)
            servers.append({"urls": url})
        if len(servers) > MAX_ICE_SERVERS:
            raise IceError("too_many", f"more than {MAX_ICE_SERVERS} servers", n=MAX_ICE_SERVERS)
    if not servers:
        raise IceError("empty", "no server in the list")
    return servers


def ice_servers(prefs: dict[str, Any]) -> list[dict[str, str]]:
    """The ``iceServers`` of the page's ``RTCPeerConnection`` for the preferences ``prefs`` (their ``ice``,
    :data:`ICE_MODES`; sorted by :func:`sort_prefs`): ``[{"urls": DEFAULT_STUN}]`` by default, ``[]`` for
    ``none``, the player's list for ``own`` (:func:`parse_ice_list`; the default should it not parse).
    Never raises.

    >>> ice_servers({}), ice_servers({"ice": {"mode": "none"}})
    ([{'urls': 'stun:stun.l.google.com:19302'}], [])
    """
    ice = prefs.get("ice")
    mode = ice.get("mode") if isinstance(ice, dict) else "default"
    if mode == "none":
        return []
    if mode == "own" and isinstance(ice, dict) and isinstance(ice.get("text"), str):
        try:
            return parse_ice_list(ice["text"])
        except IceError:
            pass
    return [{"urls": DEFAULT_STUN}]


TURN_LIMITS = (30, 60, 120, 300)
"""The turn limits a host may choose for friends online (Options; the preferences' ``turn_limit``), in seconds:
a friend connected but not playing for that long is away until they act (``kingcore.online.Lobby``). None —
the default — is no limit."""


def last_name(prefs: dict[str, Any]) -> str:
    """The name to fill in on a friend's join screen: the one this device last joined a table online with
    (``net_name``), else what the first person at this device called themselves (``names[0]``), else ``""``.

    >>> last_name({"net_name": "Петро", "names": ["Ann", ""]}), last_name({"names": ["Ann", ""]}), last_name({})
    ('Петро', 'Ann', '')
    """
    names = prefs.get("names")
    return str(prefs.get("net_name") or (names[0] if isinstance(names, list) and names else "") or "")


def _ice_pref(ice: Any) -> dict[str, str] | None:
    """A stored ``ice`` preference if it has the shape :func:`sort_prefs` keeps, else ``None``."""
    if not isinstance(ice, dict) or ice.get("mode") not in ICE_MODES or not isinstance(ice.get("text", ""), str):
        return None
    out = {"mode": str(ice["mode"])}
    if "text" in ice:
        try:
            parse_ice_list(ice["text"])
        except IceError:
            return None
        out["text"] = ice["text"]
    return None if out["mode"] == "own" and "text" not in out else out


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
    ``net_name`` (a :func:`~kingcore.web.hotseat.clean_name`: the name this device last joined a friend's
    table online with, :func:`last_name`),
    ``fast`` (a bool), ``friend_hints`` (a bool: the host allows friends online hints, docs/NET.md), ``mental`` (a
    bool: a new table of friends online deals by mental poker — on unless ``False``: :func:`deals_by_mental`,
    docs/NET.md "The mental table"), ``welcomed``
    (a bool: the first visit's welcome was answered, so it is never shown again), ``lang`` (one of
    :data:`~kingcore.web.text.LANGUAGES`, the language the player chose), ``ui`` (a dict of the page's
    options, :data:`UI_OPTIONS`, each a bool; other keys are dropped silently — a later version's), ``ice``
    (the connection option: ``{"mode"}`` one of :data:`ICE_MODES`, and ``"text"``, the player's own list
    as typed, which :func:`parse_ice_list` reads; ``own`` needs it), ``relays`` (the relays option, shaped as
    ``ice``: ``{"mode"}`` one of :data:`RELAY_MODES`, and ``"text"``, the player's own list, which
    :func:`parse_relay_list` reads), ``turn_limit`` (one of :data:`TURN_LIMITS`: the seconds a friend online
    may take for a move before counting as away, docs/NET.md "Rooms"; none: no limit);
    ``dropped`` names, in that order, each key dropped for its shape (``"ui.large_cards"`` for a ``ui``
    option), or is ``["*"]`` when the text was not a preferences object (too long, too deep, not JSON, not
    an object). ``None`` or an empty text is no preferences: ``({}, [])``. Never raises.

    >>> sort_prefs('{"ui": {"large_cards": "yes", "undo": true}, "lang": 7, "fast": false}')
    ({'fast': False, 'ui': {'undo': True}}, ['lang', 'ui.large_cards'])
    >>> sort_prefs('{"ice": {"mode": "own", "text": "stun:a.example"}, "levels": ["human", "online"]}')
    ({'levels': ['human', 'online'], 'ice': {'mode': 'own', 'text': 'stun:a.example'}}, [])
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
                and all(isinstance(lv, str) and (lv in BOT_LEVELS or lv in (HUMAN, ONLINE_LEVEL)) for lv in levels[1:]):
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
    if "net_name" in doc:
        try:
            if not isinstance(doc["net_name"], str):
                raise RulesError("not a name")
            prefs["net_name"] = clean_name(doc["net_name"])
        except RulesError:
            dropped.append("net_name")
    for key in ("fast", "friend_hints", "welcomed", "mental"):
        if key in doc:
            if isinstance(doc[key], bool):
                prefs[key] = doc[key]
            else:
                dropped.append(key)
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
    readers: tuple[tuple[str, Callable[[Any], Any]], ...] = (
        ("ice", _ice_pref), ("turn_limit", _turn_limit), ("relays", stored_relays))
    for key, read in readers:  # each kept as read, or dropped (None: not a value it can be)
        if key in doc:
            value = read(doc[key])
            if value is None:
                dropped.append(key)
            else:
                prefs[key] = value
    return prefs, dropped


def deals_by_mental(prefs: dict[str, Any], room: str | None, mental: str | None, table: str) -> bool:
    """Whether the host's table ``table`` of friends online deals by mental poker (docs/NET.md "In the pages: an
    option"): a game the host's page opens again keeps its own way — mental poker when the page kept its rounds
    for it (``mental``: the text kept as ``king:<path>:room:mental``), the commit–reveal round when it kept the
    game's room (``room``: ``king:<path>:room``) without them —; a new game the host's choice in the Options,
    ``prefs["mental"]``: on unless turned off. Never raises (a damaged text is no table's).

    >>> deals_by_mental({}, None, None, "t1"), deals_by_mental({"mental": False}, None, None, "t1")
    (True, False)
    >>> deals_by_mental({}, '{"table":"t1","room":{}}', None, "t1")  # begun by the commit–reveal round
    False
    >>> deals_by_mental({"mental": False}, '{"table":"t1","room":{}}', '{"table":"t1"}', "t1")
    True
    >>> deals_by_mental({}, '{"table":"t0","room":{}}', '{"table":"t0"}', "t1")  # the last game's: a new one
    True
    """
    def of_table(text: str | None) -> bool:
        try:
            doc = json.loads(text) if isinstance(text, str) and len(text) <= 1_000_000 else None
        except (ValueError, RecursionError):
            return False
        return isinstance(doc, dict) and doc.get("table") == table

    if of_table(mental):
        return True
    return not of_table(room) and prefs.get("mental") is not False


def _turn_limit(value: Any) -> int | None:
    """A stored ``turn_limit``: one of :data:`TURN_LIMITS` (never ``True``, which equals 1), else ``None``."""
    return value if value in TURN_LIMITS and not isinstance(value, bool) else None


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
