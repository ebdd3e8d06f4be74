"""The page's one state flow (the chessground shape: state, render, events). :class:`State` holds the game on
the table (a ``kingcore.web.Session`` and the view model drawn from it, or an unreadable save) and the
page's own state (the preferences, the hint, the review, the Last-trick panel, the toast, whether the save
could be written); a change goes through :meth:`State.commit`, the one place that applies, saves and
tells the subscribers — the drawing, the live region, the sounds, the bots' loop, the statistics (each
subscribed by ``king.app``). Nothing here touches the document.

The page asks the game only through the session's API (``kingcore.web``): whose turn and the table from
the view model, the next save counter from :func:`kingcore.web.seq_after`, the rubber's end from
``Session.over``.
"""

from __future__ import annotations

import asyncio
import os
import random
import time
from collections.abc import Callable, Coroutine
from dataclasses import dataclass
from typing import Any

from kingcore.web import Answer, SaveError, Session, ViewModel, save_newer, save_seq, seq_after, seq_newer

from .store import Store
from .toasts import Toasts

CHANGES = ("intent", "bot", "deal", "undo", "uncover", "new", "adopt", "settings", "page", "toast")
"""What a :class:`Change` can be: a person's move (``intent``), a bot's, the next deal, an undo, the pass
screen lifted, a new game, another tab's (or a stored) game taken, a setting, the page's own state only
(``page``: a hint, a panel, the language), a toast shown or gone."""
NEW_TABLE = ("deal", "undo", "new")
"""Changes after which the Last-trick inset closes (a move does not: it stays open until the player closes
it, whatever the bots play — issue 20)."""

_tasks: set[asyncio.Future[Any]] = set()


def spawn(coro: Coroutine[Any, Any, Any]) -> asyncio.Future[Any]:
    """Run ``coro`` in the background, kept alive until it is done."""
    task = asyncio.ensure_future(coro)
    _tasks.add(task)
    task.add_done_callback(_tasks.discard)
    return task


@dataclass(frozen=True)
class Change:
    """What changed, for the subscribers: ``kind`` one of :data:`CHANGES`; ``before`` the table's view model
    drawn before it (``None``: none); a move's ``seat`` and ``token``."""

    kind: str
    before: ViewModel | None = None
    seat: int | None = None
    token: str | None = None

    @property
    def moved(self) -> bool:
        """A card or a call was played (a person's or a bot's) onto a table already drawn."""
        return self.kind in ("intent", "bot") and self.before is not None


Subscriber = Callable[[Change], None]


class State:
    """The page's state; :meth:`commit` is its one change of the game, :meth:`notify` tells the subscribers."""

    def __init__(self, store: Store, words: Callable[[str], str]) -> None:
        self.store, self.words = store, words  # words(code): a note in the page's language
        self.rng = random.Random(int.from_bytes(os.urandom(16), "big"))  # chance: the shuffles
        self.prefs, self.prefs_ok = store.load_prefs()
        self.session: Session | None = None
        self.vm: ViewModel | None = None  # the table's view model (Session.table_view), as last drawn
        self.problem: SaveError | None = None  # while the stored save cannot be continued
        self.pending: tuple[Any, dict[str, Any], dict[str, Any]] | None = None  # a new game refused until chosen
        self.hint: dict[str, Any] | None = None  # {"key", "pending"} or {"key", "best", "values", "shown", "text"}
        self.review: dict[str, Any] | None = None  # {"key", "pending"} or {"key", "data"}: the viewer's cards
        self.show_last = False  # the Last-trick inset is open
        self.toasts = Toasts()  # the notes the toast shows now (several join: none replaces another)
        self.clock: Callable[[], float] = lambda: time.monotonic() * 1000  # the toasts' times (ms)
        self.saved: bool | None = None  # the last save was written (False: the storage is full or disabled)
        self.saved_text: str | None = None  # the save text this tab last wrote or took (two tabs' ties)
        self.ties_lost = 0  # simultaneous moves in another tab that won (``data-tab-ties``)
        self.subscribers: list[Subscriber] = []
        self.mover: Callable[[str, int, str], Answer] | None = None  # a mental table's moves (king.netmental)
        self.saver: Callable[[], str] | None = None  # a mental table's save: its audited deals only

    # ----- what the page reads ------------------------------------------------------------------------

    def position_key(self) -> tuple[Any, ...] | None:
        """The game and its progress (changes with every move and deal): what hints and auto-play are for."""
        s = self.session
        return None if s is None else (s.game_id, *s.ply)

    def current_hint(self) -> dict[str, Any] | None:
        """The hint asked for the position on the table, or ``None``."""
        h = self.hint
        return h if h is not None and h["key"] == self.position_key() else None

    def current_review(self) -> dict[str, Any] | None:
        """The review of the deal on the results panel, by the person at the screen, or ``None``."""
        s, vm, r = self.session, self.vm, self.review
        if s is None or vm is None or r is None:
            return None
        deal = vm["result"]["deal"] if vm["result"] is not None else None
        return r if r["key"] == (s.game_id, deal, vm["seat"]) else None

    def playing(self) -> bool:
        """A game on the table that is not over (replacing it asks first)."""
        return self.session is not None and not self.session.over

    def ui(self) -> dict[str, bool]:
        """The preferences' ``ui`` dict of on/off options (``kingcore.web.UI_OPTIONS``), made when missing."""
        ui = self.prefs.get("ui")
        if not isinstance(ui, dict):
            ui = self.prefs["ui"] = {}
        return ui

    def tips_on(self) -> bool:
        """Whether the beginner's tips show: ``ui.tips`` on, at this page's own game — a friend's page draws the
        host's table with no session of its own, and a friend waiting on the host gets no beginner's tip."""
        return bool(self.ui().get("tips")) and self.session is not None

    def hides_hands(self) -> bool:
        """Whether a file with the dealt cards would show another person's hand now (``Session.hides_hands``)."""
        return self.session is not None and self.session.hides_hands()

    def next_seq(self, stored: bool = True) -> int:
        """The counter of the next save: past the game on the table's and (``stored``: a game that replaces
        it, an import) the stored save's. A change of the game on the table counts on from its own: its
        check that no other tab is ahead (:meth:`in_sync`) came just before, and two tabs that save the same
        counter at once are a tie (:meth:`tie`)."""
        own = self.session.seq if self.session is not None else 0
        return seq_after(save_seq(self.store.save()) if stored else None, own)

    # ----- the flow ---------------------------------------------------------------------------------

    def subscribe(self, subscriber: Subscriber) -> None:
        """``subscriber(change)`` runs after every change, in the order subscribed."""
        self.subscribers.append(subscriber)

    def notify(self, change: Change) -> None:
        vm = self.vm
        if vm is not None and vm["deal"] > 0:  # (a note of a deal over goes: no longer true — king.toasts)
            self.toasts.over(int(vm["deal"]) - (0 if vm["phase"] in ("deal_over", "rubber_over") else 1))
        for subscriber in self.subscribers:
            subscriber(change)

    def refresh(self) -> None:
        """The page's own state changed (a hint, a panel, the words): drawn again."""
        self.notify(Change("page"))

    def commit(self, kind: str, view: ViewModel | None = None, *, session: Session | None = None,
               seat: int | None = None, token: str | None = None, save: bool = True, text: str | None = None) -> None:
        """The one change of the game: ``session`` (a new one, or the one on the table changed in place)
        becomes the table with ``view`` (default: its ``table_view``), saved (``save``) with the next
        counter — or, not saved, taken from the save ``text`` — and every subscriber told (:class:`Change`
        ``kind``, the move's ``seat`` and ``token``)."""
        before = self.vm
        seq = self.next_seq(session is not None) if save else 0  # before a new session replaces the old one
        if session is not None:
            self.session, self.problem, self.pending = session, None, None
        s = self.session
        assert s is not None
        self.vm = view if view is not None else s.table_view()
        if kind in NEW_TABLE:
            self.show_last = False
        if kind in ("intent", "undo"):
            self.toasts.clear(self.clock())  # (the person moved: every note read, a lasting one too)
        if save:
            s.seq = seq
            self.saved_text = self.saver() if self.saver is not None else s.to_save()
            self.saved = self.store_save(self.saved_text)  # the banner says when the game is not being saved
        else:
            self.saved_text = text
        self.notify(Change(kind, before, seat, token))

    def play(self, token: str, seat: int, kind: str = "intent") -> Answer:
        """Play ``token`` for ``seat`` (a person's ``intent`` or a ``bot``'s): the session's answer; a legal
        move is committed. At a mental table the move goes through it (:attr:`mover`)."""
        if self.mover is not None:
            return self.mover(token, seat, kind)
        s = self.session
        assert s is not None
        result = s.apply(token, seat, viewer="table")
        if result["ok"]:
            self.commit(kind, result["view"], seat=seat, token=token)
        return result

    def in_sync(self) -> bool:
        """Before a change: if another tab saved a newer state (or won a tie: :meth:`tie`), take it and refuse
        the change (one read of the stored save's counter, from its first characters)."""
        if self.session is None:
            return False
        text = self.store.save()
        stored = save_seq(text)
        if stored is not None and seq_newer(stored, self.session.seq):
            self.adopt(text, self.words("toast.other_tab"))
            return False
        return not self.tie(text, stored)

    def tie(self, text: str | None, seq: int | None) -> bool:
        """Two tabs saved the same counter at the same moment with different games (each played its own
        card): the greater save text wins in every tab (a rule both tabs apply alike, so they converge).
        The losing tab adopts the winner's game and says so (True); the winning tab keeps its game and
        writes it again should the storage hold the loser's (False)."""
        s = self.session
        if s is None or text is None or seq != s.seq or self.saved_text is None or text == self.saved_text:
            return False
        if save_newer(text, self.saved_text):
            self.ties_lost += 1
            self.adopt(text, self.words("toast.tab_tie"))
            return True
        now = self.store.save()
        if now != self.saved_text and save_seq(now) == s.seq:  # never over a newer save
            self.store_save(self.saved_text)
        return False

    def adopt(self, text: str | None, message: str | None) -> bool:
        """Continue from a save text (another tab's, an imported one, the stored one at start): whether it
        could be read (an unreadable one is kept out: ours is saved on our next move)."""
        if text is None:
            return False
        try:
            session = Session.from_save(text)
        except SaveError:
            return False
        self.commit("adopt", session=session, save=False, text=text)
        if message:
            self.show_toast(message)
        return True

    def store_save(self, text: str) -> bool:
        """Write a save text (this module is the save's one writer: :meth:`commit`, an import and its
        rollback, a won tie); whether the browser took it."""
        return self.store.write_save(text)

    def lose(self, err: SaveError) -> None:
        """The stored save cannot be continued: no game, the problem shown (and kept for export)."""
        self.problem, self.session, self.vm, self.pending, self.saved_text = err, None, None, None, None
        self.refresh()

    # ----- the toast ---------------------------------------------------------------------------------

    @property
    def toast(self) -> str | None:
        """The toast's words now, a line a note (``None``: none shown)."""
        return self.toasts.text

    def show_toast(self, message: str, lasting: bool = False, key: str | None = None) -> None:
        """Say a note in the toast, joined to the notes shown (:class:`king.toasts.Toasts`): a short one, or
        (``lasting``) one that stays until the person moves; a note of the same ``key`` is replaced."""
        self.toasts.add(message, self.clock(), lasting, key)
        self.notify(Change("toast"))

    def expire_toasts(self, *_: Any) -> None:
        """The short notes whose time is up go (the toast's timer)."""
        if self.toasts.expire(self.clock()):
            self.notify(Change("toast"))

    def moved(self) -> None:
        """The person moved at a table drawn without :meth:`commit` (a friend's page): every note read."""
        if self.toast is not None:
            self.toasts.clear(self.clock())
            self.notify(Change("toast"))

    def forget_toast(self, key: str) -> None:
        """The toast's note of ``key`` gone (:meth:`king.toasts.Toasts.forget`), if it was said."""
        if self.toasts.forget(key):
            self.notify(Change("toast"))

    def hide_toast(self, *_: Any) -> None:
        """The toast goes, every note in it."""
        self.toasts.clear(self.clock())
        self.notify(Change("toast"))
