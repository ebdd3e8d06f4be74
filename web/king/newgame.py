"""The new-game dialog's behaviour (RULES.md §10): drawn from the engine's options and the last choices, a
rule set filling every field, the bots' levels following the table size, the engine's verdict on every
change, the deal order's ↑/↓, the "§" links into the rules help, each seat a person (with a name: hot seat,
issue 13) or a bot, and the start of the game — after a question (``#replace-dialog``) when it would replace a
rubber in progress (issue 30: ``Session.under_way``, unless *Don't ask again*)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyscript import document
from pyscript.ffi import create_proxy, is_none

from kingcore.web import BOT_LEVELS, HUMAN, ONLINE, RULE_SETS, check_names, name_problem, rules_options, table_choice
from kingcore.web.prefs import asks_before_new

from .app import App
from .draw import el, put, read_new_game_form, show_choice
from .extras import open_help
from .render import dialog
from .render.dialog import bot_fields, dialog_names, name_error, new_game_form
from .store import pref_levels, pref_names
from .words import Catalog


class NewGameDialog:
    """``#new-game-dialog`` for ``app``: ``options`` are the engine's (``kingcore.web.new_game_options``)."""

    def __init__(self, cat: Catalog, options: list[dict[str, Any]], app: App) -> None:
        self.cat, self.options, self.app = cat, options, app
        self.pending: tuple[Any, dict[str, Any], dict[str, Any]] | None = None  # a choice waiting for the question
        self.then: Callable[[], None] | None = None  # another new game waiting for it (the replay's, :meth:`ask`)
        self.proxies = [create_proxy(lambda e: self.answered(True)), create_proxy(lambda e: self.answered(False))]
        el("replace-start").addEventListener("click", self.proxies[0])
        el("replace-keep").addEventListener("click", self.proxies[1])
        el("replace-dialog").addEventListener("cancel", self.proxies[1])  # Escape: keep playing

    def open(self, *_: Any) -> None:
        """The dialog showing the last choices (the preferences)."""
        prefs = self.app.state.prefs
        saved: dict[str, Any] = prefs["options"] if isinstance(prefs.get("options"), dict) else {}
        session = self.app.state.session  # (a person's name at the table now kept where none was given)
        names = dialog_names(pref_names(prefs, 6), session.settings if session is not None else None)
        self.draw(saved, pref_levels(prefs, 6), bool(prefs.get("fast")), names)
        # friends online connected now (``king.net`` marks them): a new game ends this one for them too
        friends = document.body.getAttribute("data-friends")  # (none on a page that never had friends online)
        el("new-game-friends").hidden = is_none(friends) or not str(friends)
        el("new-game-dialog").showModal()

    def draw(self, saved: dict[str, Any], levels: list[str], fast: bool, names: list[str]) -> None:
        """The dialog's fields showing the options ``saved`` (the last chosen, or a rule set's)."""
        choice = table_choice(saved)
        put(el("new-game-fields"), new_game_form(self.cat, self.options, saved, levels, BOT_LEVELS, fast, choice))
        self.put_names(names)
        show_choice(self.cat, self.options, choice)

    def put_names(self, names: list[str]) -> None:
        """The people's names in their fields, as text (``input.value``, never markup)."""
        for seat, text in enumerate(names):
            node = el(f"opt-name-{seat}")
            if not is_none(node):
                node.value = text

    def changed(self, target: Any) -> None:
        """An option changed: a rule set picked fills every field; the bots' levels follow the players; the
        engine says what the choice makes (or why it refuses it)."""
        ident = "" if is_none(target) else str(target.id)
        options, settings = read_new_game_form()
        if ident == "opt-set" and str(target.value) in RULE_SETS:
            self.draw(RULE_SETS[str(target.value)].to_dict(), settings["levels"], settings["fast"], settings["names"])
            el("opt-set").focus()
            return
        if ident == "opt-players":
            put(el("new-game-bots"), bot_fields(self.cat, settings["levels"], BOT_LEVELS))
            self.put_names(settings["names"])
        if ident.startswith("opt-level-"):  # a person has a name; a bot does not
            el(f"opt-name-{ident.removeprefix('opt-level-')}-field").hidden = str(target.value) != HUMAN
            if str(target.value) == ONLINE:  # a friend online: friends online loads while the dialog is open
                from .netload import net_loaded  # imported on first use: a plain start has none of it

                net_loaded()
        show_choice(self.cat, self.options, table_choice(options))

    def typed(self, event: Any) -> None:
        """A number typed: checked as it is typed."""
        if str(event.target.type) == "number":
            self.changed(event.target)

    def clicked(self, event: Any) -> None:
        """↑ and ↓ in the deal order move the contract one place; a "§" mark opens the help of the rules
        chosen so far at the option's section."""
        link = event.target.closest("a[data-help]")
        if not is_none(link):
            event.preventDefault()
            rules = self.rules()
            if rules is not None:
                open_help(self.cat, rules, str(link.dataset.help))
            return
        button = event.target.closest("button[data-up], button[data-down]")
        if is_none(button):
            return
        li = button.closest("li")
        up = button.hasAttribute("data-up")
        other = li.previousElementSibling if up else li.nextElementSibling
        if not is_none(other):
            li.parentNode.insertBefore(*((li, other) if up else (other, li)))
        button.focus()
        self.changed(None)

    def rules(self) -> Any:
        """The Rules the dialog shows, or ``None`` with the engine's refusal under the fields."""
        options = read_new_game_form()[0]
        try:
            return rules_options(options)[0]
        except ValueError:
            el("new-game-error").textContent = dialog.refusal_text(self.cat, table_choice(options))
            return None

    def submit(self, event: Any) -> None:
        """*Deal*: the Rules built once, the dialog closed, the new game started."""
        event.preventDefault()
        options, settings = read_new_game_form()
        problem = name_problem(settings["names"])
        if problem is not None:  # said in the page's language (the engine's check below says it in English)
            el("new-game-error").textContent = name_error(self.cat, problem, len(settings["levels"]))
            return
        try:
            rules, changed = rules_options(options)
            settings["names"] = check_names(settings["names"], len(settings["levels"]))  # trimmed, checked
        except ValueError as e:  # the choice's refusal in words; else the engine's message
            el("new-game-error").textContent = dialog.refusal_text(self.cat, table_choice(options)) or str(e)
            return
        self.pending, self.then = (rules, changed, settings), None
        if not self.question():
            self.start()

    def ask(self, then: Callable[[], None]) -> None:
        """``then`` (a new game from elsewhere: the replay's *Continue from here*) run at once, or after the
        same question when it would replace a rubber in progress; *Keep playing* leaves the table as it was."""
        self.pending, self.then = None, then
        if not self.question():
            self.then = None
            then()

    def question(self) -> bool:
        """The question before a rubber in progress is replaced, shown if due (a rubber someone has played in,
        unless *Don't ask again*): whether it is."""
        st = self.app.state
        if st.session is None or not st.session.under_way() or not asks_before_new(st.prefs):
            return False
        vm = st.vm
        el("replace-text").textContent = self.cat.t("replace.text", deal=vm["deal"] if vm else 1,
                                                    deals=vm["deals"] if vm else 1)
        el("replace-never").checked = False
        el("replace-dialog").showModal()
        el("replace-keep").focus()  # the safe answer under the keyboard: Enter keeps the rubber
        return True

    def start(self) -> None:
        """The new game of the dialog's choice (:attr:`pending`), both dialogs closed."""
        if self.pending is None:
            return
        rules, changed, settings = self.pending
        self.pending = None
        el("replace-dialog").close()
        el("new-game-dialog").close()
        self.app.saves.new_game(rules, changed, settings)

    def answered(self, start: bool) -> None:
        """The question before a rubber in progress is replaced: *Start a new game* (with *Don't ask again*
        kept in the preferences: ``ui.no_ask_new``, which *Options* turns back) or *Keep playing* (Escape
        too): back at the table, the rubber as it was."""
        then, self.then = self.then, None
        if not start:
            self.pending = None
            el("replace-dialog").close()
            if then is None:
                el("new-game-dialog").close()
            return
        if el("replace-never").checked:
            self.app.state.ui()["no_ask_new"] = True
            self.app.store.save_prefs(self.app.state.prefs)
        if then is not None:
            el("replace-dialog").close()
            then()
            return
        self.start()
