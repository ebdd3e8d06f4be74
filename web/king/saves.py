"""Games and their saves on the page: the stored game at start (or a new one, or the problem with an
unreadable save), a new game from the dialog (never over an unreadable save that could not be copied aside,
unless the player chooses), another tab's save taken, and the game record as a file. Every change goes
through ``king.state`` (its one writer of the save)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyscript import document, window
from pyscript.ffi import is_none

from kingcore.web import DEFAULT_LEVEL, ONLINE, TABLE_SIZES, SaveError, Session, save_seq, seq_newer

from .draw import blob_url, el
from .state import State, spawn
from .store import pref_levels, pref_names
from .words import Catalog, name, you


class Saves:
    """The games of ``state`` (words from ``cat``)."""

    def __init__(self, state: State, cat: Catalog) -> None:
        self.state, self.cat = state, cat
        self.record_url: str | None = None  # the object URL of the last "Download the game record"

    def restore(self, welcome: Callable[[], None]) -> None:
        """The stored game, a new one when there is none (``welcome`` draws it on a first visit: the
        welcome's choices, unsaved), or the problem with an unreadable one."""
        st = self.state
        text = st.store.save()
        if text is None and el("welcome").open:  # a first visit: the welcome's game, unsaved, waits for Play
            welcome()
        elif text is None:
            self.start_game(st.prefs.get("options", {}))
        else:
            try:
                st.commit("adopt", session=Session.from_save(text), save=False, text=text)
            except SaveError as e:
                st.lose(e)
            except Exception as e:  # an engine bug on a save must not stop the page either
                st.lose(SaveError(str(e), "invalid", text))
        if not st.prefs_ok:  # a short note, not an error: the defaults are used
            document.body.dataset.prefs = "defaults"
            st.show_toast(self.cat.t("toast.prefs_reset"))

    def new_game(self, rules: Any, changed: dict[str, Any], settings: dict[str, Any], discard: bool = False) -> None:
        """The dialog's new game — unless an unreadable save could not be copied aside (a full storage):
        then nothing is overwritten and the problem banner offers the export first, or (``discard``,
        the player's choice) starting anyway."""
        st = self.state
        st.prefs.update({"options": changed, **settings})
        st.store.save_prefs(st.prefs)
        if st.problem is not None and not discard and not self.keep_unreadable():
            st.pending = (rules, changed, settings)
            st.refresh()
            return
        self.start_game(rules, settings)

    def keep_unreadable(self) -> bool:
        """The unreadable save's copy under the save-unreadable key: there already, or written now."""
        st = self.state
        assert st.problem is not None
        raw = st.problem.raw
        return st.store.get(st.store.broken_key) == raw or st.store.put(st.store.broken_key, raw)

    def discard_problem(self) -> None:
        """The player chose to start anyway (having exported the unreadable save, or not)."""
        if self.state.pending is not None:
            self.new_game(*self.state.pending, discard=True)

    def start_game(self, options: Any, settings: dict[str, Any] | None = None, save: bool = True) -> None:
        """A new rubber with rules ``options`` (a ``Rules`` from the dialog, or remembered options); not saved
        when ``save`` is false (the game drawn behind a first visit's welcome)."""
        st = self.state
        settings = dict(settings or {})
        settings.setdefault("fast", bool(st.prefs.get("fast", False)))
        players = options.get("players", 4) if isinstance(options, dict) else options.players
        if "levels" not in settings:  # a game started without the dialog: friends online are invited only from it
            remembered = pref_levels(st.prefs, players if players in TABLE_SIZES else 4)
            settings["levels"] = [DEFAULT_LEVEL if lv == ONLINE else lv for lv in remembered]
        settings.setdefault("names", pref_names(st.prefs, len(settings["levels"])))
        if ONLINE in settings["levels"]:  # friends online (issue 19): dealt by the fair round, saved once dealt
            spawn(self.start_online(options, settings))
            return
        try:
            session = Session.new_game(options, st.rng, settings)
        except Exception as e:  # options a later version wrote: fall back to the defaults
            window.console.warn(f"king: options refused ({e}); starting with the defaults")
            settings["levels"], settings["names"] = pref_levels(st.prefs, 4), pref_names(st.prefs, 4)
            session = Session.new_game({}, st.rng, settings)
        st.commit("new", session=session, save=save)
        if save:  # not for the game behind a first visit's welcome (the toast lay over the welcome's title)
            self.say_first_dealer()

    def keep_behind(self, rules: Any, settings: dict[str, Any]) -> bool:
        """A first visit's *Play*: the game drawn behind the welcome becomes this rubber, saved — its first deal
        is the one the player saw, not dealt again — when it is the one chosen (``rules`` and the seats'
        ``levels``) and nothing of it was played; else ``False`` (nothing done)."""
        st = self.state
        s = st.session
        vm = st.vm
        if s is None or vm is None or vm["rules"] != str(rules) or vm["levels"] != list(settings["levels"]) \
                or vm["deal"] != 1 or vm["seen"] or vm["calls"]:
            return False
        st.prefs.update({"options": rules.to_dict(), **settings})
        st.store.save_prefs(st.prefs)
        s.settings["fast"] = bool(settings.get("fast", False))
        st.commit("new", session=s)
        self.say_first_dealer()
        return True

    def say_first_dealer(self) -> None:
        """After the first draw: this rubber's names, over its pass screen (hot seat: everyone by name) — in place
        of the last rubber's dealer note if it is still up (two started within its seconds said both dealers)."""
        st = self.state
        vm = st.vm
        assert vm is not None
        fd = vm["first_dealer"]
        if fd:
            mine = fd["seat"] == you(vm)
            code = ("toast.rubber_me" if mine else "toast.rubber_other") + ("_drew" if fd["card"] else "")
            st.show_toast(self.cat.t(code, name=name(self.cat, fd["seat"], vm),
                                     card=self.cat.card(fd["card"]) if fd["card"] else ""), key="first-dealer")

    async def start_online(self, options: Any, settings: dict[str, Any]) -> None:
        """A new rubber with friends online, not dealt yet (``kingcore.online.online_session``), once friends
        online is loaded (``king.friends``): the invites go out (``king.net``) and the draw and the first deal
        come from the fair round. Saved at once: a reload meanwhile keeps the table and offers the invites again."""
        from .netload import loaded_or_said  # imported on first use: a plain start has none of it

        st = self.state
        if not await loaded_or_said(lambda: st.show_toast(self.cat.t("toast.net_unavailable"))):
            return
        from kingcore.online import online_session

        session = online_session(options if isinstance(options, dict) else options.to_dict(), settings, st.rng)
        st.commit("new", session=session)

    def in_sync(self) -> bool:
        """Before a change: no other tab is ahead (else its game is taken, and said)."""
        return self.state.in_sync()

    def startup_failed(self, err: BaseException) -> None:
        """Start-up met stored data it could not use (an engine bug on a strange save): the save is offered
        as unreadable — the banner, its export, a new game — instead of a page stuck behind its overlay."""
        window.console.error(f"king: start-up failed on the stored data: {type(err).__name__}: {err}")
        raw = self.state.store.save() or ""
        self.state.lose(err if isinstance(err, SaveError) else SaveError(str(err), "invalid", raw))

    def on_storage(self, event: Any) -> None:
        """Another tab wrote: a newer save of ours is taken. Two tabs writing at once (a bot's move here, a
        card there) can leave the older save in the storage after the newer one: whichever tab holds the newer
        game writes it back, so the storage never keeps a save older than a tab's game (once lost from the
        storage while this tab played on from it, and a reload took the older game)."""
        st = self.state
        if is_none(event.key) or str(event.key) != st.store.save_key or is_none(event.newValue):
            return
        text = str(event.newValue)
        seq = save_seq(text)
        if seq is not None and (st.session is None or seq_newer(seq, st.session.seq)):
            if st.adopt(text, self.cat.t("toast.continued")):
                self.write_back(text, seq)
        elif not st.tie(text, seq) and seq is not None and st.session is not None and st.saved_text is not None:
            self.write_back(st.saved_text, st.session.seq)  # (the event's text may be older than the storage's now)

    def write_back(self, text: str, seq: int) -> None:
        """Store ``text`` (this tab's game, counter ``seq``) again if the storage now holds an older save."""
        stored = save_seq(self.state.store.save())
        if stored is not None and seq_newer(seq, stored):
            self.state.store_save(text)

    def record_refused(self) -> bool:
        """True (and a toast says why) while a file with the dealt cards would show another person's hand."""
        if not self.state.hides_hands():
            return False
        self.state.show_toast(self.cat.t("toast.record_hidden"))
        return True

    def record_link(self) -> str | None:
        """An object URL of the game record (``None`` with no game, or while it would show hands the table
        hides: ``kingcore.web.record_hidden``, said in a toast)."""
        s = self.state.session
        if s is None or self.record_refused():
            return None
        self.record_url = blob_url(s.download(), self.record_url)
        return self.record_url
