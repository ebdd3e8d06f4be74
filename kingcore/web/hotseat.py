"""Several people at one device ("hot seat", issue 13): who is a person, the names they gave, whose view
the table shows, and when it must hide every hand behind a "pass the device to Olga" screen.

Pure functions over the settings' ``levels`` (``"human"`` for a person, else a bot level), the settings'
``names`` and the view model; the :class:`~kingcore.web.Session` keeps the screen's state (``viewer``:
the person whose cards the table may show, ``covered``: the pass screen is up) in its settings, so a
reload keeps the pass screen. With one person nothing changes: the table shows that person, never covered.

>>> levels = ["human", "hard", "human", "easy"]
>>> person_seats(levels), is_hot_seat(levels), is_hot_seat(["human", "hard"])
([0, 2], True, False)
>>> follow(0, False, 2, levels), follow(0, False, 1, levels), follow(2, False, 2, levels)
((2, True), (0, False), (2, False))
>>> clean_name("  Olga  "), clean_name("<b>Ann</b>")
('Olga', '<b>Ann</b>')
"""

from __future__ import annotations

import unicodedata
from typing import Any, Protocol

from ..errors import RulesError
from ..game import Game
from .shapes import ViewModel


class Table(Protocol):
    """What :func:`next_person` reads of a :class:`~kingcore.web.Session` (typed here, not imported: the
    session imports this module)."""

    game: Game
    settings: dict[str, Any]

HUMAN = "human"
"""The ``levels`` entry of a seat a person plays at this device."""

ONLINE = "online"
"""The ``levels`` entry of a seat a friend plays from another browser (issue 19, :mod:`kingcore.online`): not
a person at this device (:func:`is_person` is false), so the hot-seat rules ignore it."""

MAX_NAME = 20
"""The longest name a person may give, in characters (after trimming)."""

JOINERS = frozenset("\u200c\u200d")
"""The format characters a name may hold: the zero-width non-joiner and joiner (U+200C, U+200D), which
emoji sequences ("👩‍💻", a family) and Persian or Indic names need. Every other format or control
character (bidirectional overrides and isolates, line breaks, NUL…) is refused: it could turn the text
around it or break the page's lines."""


def bad_char(name: str) -> str | None:
    """The first character of ``name`` a name may not hold (a control or format character other than
    :data:`JOINERS`, a surrogate, a private-use character, a line or paragraph separator), or ``None``.

    >>> bad_char("Оля \U0001f469\u200d\U0001f4bb"), bad_char("evil\u202egnp")
    (None, '\u202e')

    A printable text (``str.isprintable``: no character of the categories C* or Z* but the space) holds none, so
    it is answered without looking at each character: a mental deal's message (``mp``) is up to 32 kB of such text.
    """
    if name.isprintable():
        return None
    return next((ch for ch in name if ch not in JOINERS
                 and unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Zl", "Zp")), None)


def clean_name(text: Any) -> str:
    """A person's name as typed, trimmed of spaces at both ends (``""``: the default name, "Player 2").
    Any text is kept as text (``<b>`` stays ``<b>``: the page shows names with ``textContent`` only).

    Raises:
        RulesError: not a string, longer than :data:`MAX_NAME` characters, or holding a control character
            (a line break, a tab, NUL, a bidirectional override…: :func:`bad_char`).
    """
    if not isinstance(text, str):
        raise RulesError(f"a name must be text, not {text!r}"[:120])
    name = text.strip()
    if len(name) > MAX_NAME:
        raise RulesError(f"a name may have at most {MAX_NAME} characters, not {len(name)}")
    bad = bad_char(name)
    if bad is not None:
        raise RulesError(f"a name may not hold the control character U+{ord(bad):04X}")
    return name


def long_name(names: Any) -> tuple[int, int] | None:
    """The first seat whose name, trimmed, is longer than :data:`MAX_NAME` characters, with that length —
    ``(seat, length)`` — or ``None``. The new-game dialog says so in the page's language before
    :func:`check_names` (its input field does not cut a name: a cut before the trim would lose letters).

    >>> long_name(["", "   " + "x" * MAX_NAME + "   "]), long_name(["", "y" * 23])
    (None, (1, 23))
    """
    if not isinstance(names, list):
        return None
    return next(((seat, len(n.strip())) for seat, n in enumerate(names)
                 if isinstance(n, str) and len(n.strip()) > MAX_NAME), None)


def name_problem(names: Any, required: bool = False) -> tuple[int, str, dict[str, int | str]] | None:
    """What is wrong with the first bad name of ``names`` (one per seat), for the new-game dialog to say in
    the page's language: ``(seat, kind, args)`` — ``kind`` ``"long"`` (``args``: ``count``, the trimmed
    length, and ``max``: :data:`MAX_NAME`), ``"char"`` (``args``: ``char``, the character as ``U+200E``)
    or, when a name is ``required`` (a friend joining online: the others must know who it is), ``"empty"``
    for a blank one; ``None`` when every name is good (a non-text name is left to :func:`check_names`).

    >>> name_problem(["Оля \U0001f469\u200d\U0001f4bb", "a\u2066b"]), name_problem(["", " ok "])
    ((1, 'char', {'char': 'U+2066'}), None)
    >>> name_problem([" "], required=True)
    (0, 'empty', {})
    """
    if not isinstance(names, list):
        return None
    for seat, text in enumerate(names):
        if not isinstance(text, str):
            continue
        name = text.strip()
        if required and not name:
            return seat, "empty", {}
        if len(name) > MAX_NAME:
            return seat, "long", {"count": len(name), "max": MAX_NAME}
        bad = bad_char(name)
        if bad is not None:
            return seat, "char", {"char": f"U+{ord(bad):04X}"}
    return None


def check_names(names: Any, players: int) -> list[str]:
    """``names``: one name per seat (``""`` for the default; a bot seat's is kept but not shown), each
    :func:`clean_name`'d.

    Raises:
        RulesError: not a list of ``players`` names, or a bad name (which seat's is said).
    """
    if not isinstance(names, list) or len(names) != players:
        raise RulesError(f"setting names must list one name for each of the {players} seats")
    out = []
    for seat, text in enumerate(names):
        try:
            out.append(clean_name(text))
        except RulesError as e:
            raise RulesError(f"the name of seat {seat}: {e}") from None
    return out


def person_seats(levels: list[str]) -> list[int]:
    """The seats people play (``levels`` entries ``"human"``), in seat order."""
    return [seat for seat, level in enumerate(levels) if level == HUMAN]


def is_person(levels: list[str], seat: int | None) -> bool:
    """Whether ``seat`` (``None``: nobody's turn) is played by a person."""
    return seat is not None and 0 <= seat < len(levels) and levels[seat] == HUMAN


def is_hot_seat(levels: list[str]) -> bool:
    """Two or more people at the device: the table turns to each and hides hands between their turns."""
    return len(person_seats(levels)) >= 2


def record_hidden(levels: list[str], phase: str) -> bool:
    """Whether a game record or a backup (both hold the dealt cards) would show hands the table hides: two
    or more people at the device (:func:`is_hot_seat`) and a deal not over (``phase`` a
    :class:`~kingcore.game.Phase` value other than ``deal_over`` and ``rubber_over``). The page then offers
    neither file until the deal is over.

    >>> record_hidden(["human", "human", "hard", "hard"], "play"), record_hidden(["human", "hard"], "play")
    (True, False)
    >>> record_hidden(["human", "human", "hard", "hard"], "deal_over")
    False
    """
    return is_hot_seat(levels) and phase not in ("deal_over", "rubber_over")


def table_names(settings: dict[str, Any]) -> list[str | None] | None:
    """What the page names the seats by, for the view model's ``names``: ``None`` with one person and no
    friend online (seats are named by where they sit, "You" at the bottom); in hot seat or with a friend
    online one entry per seat — a person's or a friend's name (``""``: the default "Player N") or ``None``
    for a bot ("Bot N").

    >>> table_names({"levels": ["human", "online", "easy"], "names": ["Olga", "Petya", ""]})
    ['Olga', 'Petya', None]
    """
    levels = settings["levels"]
    if not is_hot_seat(levels) and ONLINE not in levels:
        return None
    names = settings.get("names") or [""] * len(levels)
    return [names[seat] if level in (HUMAN, ONLINE) else None for seat, level in enumerate(levels)]


def next_person(session: Table) -> int | None:
    """The person whose turn it is now (a seat), or ``None``: a bot's turn, a deal over, the rubber over."""
    to_move = session.game.to_move
    return to_move if is_person(session.settings["levels"], to_move) else None


def needs_pass_screen(prev_viewer: int, vm: ViewModel) -> bool:
    """Whether the table must hide every hand before showing ``vm``'s position: two or more people play,
    it is a person's turn (a card or a call) and that person is not ``prev_viewer`` (the person whose cards
    the table showed last)."""
    levels, to_move = vm["levels"], vm["to_move"]
    return is_hot_seat(levels) and is_person(levels, to_move) and to_move != prev_viewer


def follow(viewer: int, covered: bool, to_move: int | None, levels: list[str]) -> tuple[int, bool]:
    """The screen's state ``(viewer, covered)`` after a move or a deal, from ``(viewer, covered)`` before it:
    another person's turn turns the table to that person behind the pass screen; a bot's turn or the end
    of a deal leaves it as it was (the person holding the device watches)."""
    if is_hot_seat(levels) and is_person(levels, to_move) and to_move != viewer:
        assert to_move is not None
        return to_move, True
    return viewer, covered


def cover(vm: ViewModel) -> ViewModel:
    """``vm`` behind the pass screen: no hand, no decision, no undo, ``pass_to`` the viewer (the person who
    must take the device); everything public (the trick, the seats' counts, the score sheet) stays."""
    out: ViewModel = {**vm, "hand": [], "moves": [], "my_turn": False, "pass_to": vm["seat"]}
    if "undo" in vm:
        out["undo"] = {**vm["undo"], "possible": False}
    return out
