"""The notes the page's toast shows (``king.state``'s :class:`Toasts`; drawn by ``king.screen``): several at
once, one line each, oldest first, so that a note said while another is up joins it and neither is lost — a
friend gone away while the table says a deal is annulled shows both. A short note goes :data:`SHORT_MS` after
it is shown; a lasting one (a deal dealt again, and why) stays until the person moves, the page finds it no
longer true (:meth:`Toasts.keys`, ``king.render.redeal.stale_notes``) or a note of its kind is
said again (its ``key``'s part before ``:``, e.g. ``redeal:3`` after ``redeal:2``). At most :data:`MOST` short
notes show together; the rest wait, in order, for a line to go — a lasting note never keeps a short one waiting
(a refusal of a card is said at once). The same words said again while shown are not shown twice: their time
starts again (a burst of a thousand refusals is one line). Pure Python: times are the caller's, in
milliseconds."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["MOST", "SHORT_MS", "Note", "Toasts"]

SHORT_MS = 3000
"""How long a short note shows, from when it is shown (ms)."""
MOST = 3
"""How many short notes show at once (lasting ones besides)."""


@dataclass
class Note:
    """One note: its words, when it goes (ms; ``None``: lasting, or not shown yet) and its ``key`` (``None``:
    none; a note said with a key replaces the one of that kind: :func:`kind`)."""

    text: str
    lasting: bool = False
    key: str | None = None
    until: float | None = None


def kind(key: str | None) -> str | None:
    """A key's kind, its part before ``:`` (``"redeal:3"`` → ``"redeal"``); ``None`` for none."""
    return None if key is None else key.split(":", 1)[0]


def _deal(key: str) -> int | None:
    """The deal a key names (``"redeal:3"`` → 3), or ``None``."""
    part = key.split(":", 1)[1] if ":" in key else ""
    return int(part) if part.isdigit() else None


class Toasts:
    """The toast's notes: :attr:`shown` (oldest first) and :attr:`waiting` for room."""

    def __init__(self) -> None:
        self.shown: list[Note] = []
        self.waiting: list[Note] = []

    @property
    def text(self) -> str | None:
        """The toast's words, a line a note (``None``: no note shown)."""
        return "\n".join(n.text for n in self.shown) or None

    def add(self, text: str, now: float, lasting: bool = False, key: str | None = None) -> None:
        """Say ``text`` at time ``now``: joined to the notes shown (a short one waiting while :data:`MOST` short ones
        show), a note of the same kind of ``key`` replaced in place, the same words shown already shown once
        (their time anew)."""
        for note in (*self.shown, *self.waiting):
            if (key is not None and kind(note.key) == kind(key)) or (key is None and note.key is None
                                                                      and note.text == text):
                note.text, note.lasting, note.key = text, lasting, key
                if note in self.shown:
                    note.until = None if lasting else now + SHORT_MS
                return
        note = Note(text, lasting, key)
        if lasting or self.room():
            self.show(note, now)
        else:
            self.waiting.append(note)

    def room(self) -> bool:
        """Whether a short note may show now: fewer than :data:`MOST` short ones do."""
        return sum(not n.lasting for n in self.shown) < MOST

    def show(self, note: Note, now: float) -> None:
        note.until = None if note.lasting else now + SHORT_MS
        self.shown.append(note)

    def expire(self, now: float) -> bool:
        """The short notes whose time is up at ``now`` gone, waiting ones shown in their place: whether the
        toast changed."""
        kept = [n for n in self.shown if n.until is None or n.until > now]
        changed = len(kept) != len(self.shown)
        self.shown = kept
        while self.waiting and self.room():
            self.show(self.waiting.pop(0), now)
            changed = True
        return changed

    def due(self) -> float | None:
        """When the next short note shown goes (ms), or ``None``."""
        times = [n.until for n in self.shown if n.until is not None]
        return min(times) if times else None

    def keys(self) -> list[str]:
        """The keys of the notes shown or waiting, oldest first (a note said with none is not listed): what the page
        asks of each whether it is still true (``king.render.redeal.stale_notes``)."""
        return [n.key for n in (*self.shown, *self.waiting) if n.key is not None]

    def forget(self, key: str) -> bool:
        """The note of ``key`` gone — what it said no longer true (a deal said "will be dealt again", dealt
        again): whether one was shown or waiting."""
        kept = [n for n in self.shown if n.key != key], [n for n in self.waiting if n.key != key]
        changed = kept != (self.shown, self.waiting)
        self.shown, self.waiting = kept
        return changed

    def over(self, deal: int) -> bool:
        """Every note of a deal (a key ``"<kind>:<deal>"``, e.g. ``redeal:3``, ``reload:3``) up to ``deal`` gone,
        that deal being over — a note of a deal dealt again or cut off by a reload is no longer true once it is
        played to its end, nor of use: whether the toast changed."""
        gone = [n.key for n in (*self.shown, *self.waiting) if n.key is not None and 0 < (_deal(n.key) or 0) <= deal]
        return any([self.forget(k) for k in gone])

    def clear(self, now: float, lasting: bool = True) -> None:
        """Every note gone (``lasting``: the lasting ones too — the person moved, or the page's words changed);
        else the short ones only, waiting ones shown in their place."""
        if lasting:
            self.shown, self.waiting = [], []
            return
        self.shown = [n for n in self.shown if n.lasting]
        self.waiting = [n for n in self.waiting if n.lasting]
        self.expire(now)
