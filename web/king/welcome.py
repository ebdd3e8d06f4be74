"""A first visit (issue 30): the welcome and the tips of the first deal.

*The welcome* (``#welcome``): what King is in two sentences, the language, the bots' level and the rule set, and
*Play*. It is part of the first paint — ``web/start.js`` shows it before Python starts when nothing is stored (no
game, the welcome never answered), so it costs the start no fetch and no wait — and this module takes it over
once Python runs: a language chosen there switches the page at once; *Play* (also Enter, and Escape) starts the
chosen game, the bots' level at every other seat, and remembers the choices (``welcomed``: never shown again).
While it is up the bots do not play (:meth:`Welcome.start_loop`), the status line says nothing (``king.screen``:
no "East to play" while nobody plays), and the game drawn behind it is not saved — a visitor who leaves before
*Play* is welcomed again; *Play* saves it, its first deal the hand the player saw behind the welcome.

*The tips* (``#tip``, ``king.render.tips``): one line on the felt saying what to do now (the last one, once the
deal is over, in the result panel: ``#panel-tip``), while the preferences' ``ui.tips`` is on — turned on by *Play*,
or in *Options* — and off once the next deal begins: they stop after the deal they were shown in.
"""

from __future__ import annotations

from typing import Any

from pyscript import document, window
from pyscript.ffi import create_proxy

from kingcore.web import BOT_LEVELS, HUMAN, RULE_SETS, ViewModel

from .draw import el
from .render.tips import tip_code, tip_text
from .state import Change
from .worker import now_ms


class Welcome:
    """The welcome and the tips of ``app``."""

    def __init__(self, app: Any) -> None:  # king.app.App (which makes this: not imported here)
        self.app = app
        self.tips_deal: int | None = None  # the deal the tips are shown in (they stop when the next begins)
        self.proxies = [create_proxy(self.play), create_proxy(self.language), create_proxy(self.behind)]
        el("welcome-form").addEventListener("submit", self.proxies[0])
        el("welcome").addEventListener("cancel", self.proxies[0])  # Escape: play what is chosen
        el("welcome-lang").addEventListener("change", self.proxies[1])
        el("welcome-level").addEventListener("change", self.proxies[2])
        el("welcome-set").addEventListener("change", self.proxies[2])
        app.state.subscribe(self.changed)
        window.kingWelcomeReady = True  # start.js lets this module answer Play from now on

    def open(self) -> bool:
        """Whether the welcome is up (start.js showed it: a first visit)."""
        return bool(el("welcome").open)

    def start_loop(self) -> None:
        """The page is playable: the bots start — unless the welcome is up (then on *Play*); *Play* pressed
        while Python was starting is played now."""
        if not self.open():
            self.app.loop.start()
            return
        if str(el("welcome-lang").value) != str(document.documentElement.lang):
            self.language()  # chosen while Python was starting
        if document.body.dataset.welcome == "play":
            self.play()

    def language(self, *_: Any) -> None:
        """A language chosen in the welcome: the whole page in it at once."""
        self.app.set_language(str(el("welcome-lang").value))

    def chosen(self) -> tuple[Any, list[str]]:
        """The welcome's rule set and the seats' levels: the viewer, then the chosen bots' level."""
        level = str(el("welcome-level").value)
        rules = RULE_SETS.get(str(el("welcome-set").value), RULE_SETS["classic"])
        return rules, [HUMAN] + [level if level in BOT_LEVELS else "medium"] * (rules.players - 1)

    def behind(self, *_: Any) -> None:
        """The game drawn behind the welcome, unsaved, as the welcome's choices are now: the seats say the
        level the welcome offers (not the bots' default), the table the rule set chosen."""
        if not self.open():
            return
        rules, levels = self.chosen()
        self.app.saves.start_game(rules, {"levels": levels, "names": [""] * rules.players}, save=False)

    def play(self, event: Any = None) -> None:
        """*Play*: the chosen rule set with the chosen level at every other seat — the game drawn behind, its deal
        not dealt again — the choices remembered (and the welcome answered), the first deal's tips on, the bots
        started."""
        asked = now_ms()  # when the player pressed it (the event's own time when it has one: a busy thread's delay)
        if event is not None:
            event.preventDefault()
            stamp = getattr(event, "timeStamp", None)
            if isinstance(stamp, (int, float)) and 0 < stamp <= asked:
                asked = float(stamp)
        if not self.open():
            return
        rules, levels = self.chosen()
        st = self.app.state
        st.prefs["welcomed"] = True
        self.app.state.ui()["tips"] = True
        el("welcome").close()
        document.body.dataset.welcome = "done"
        settings = {"levels": levels, "names": [""] * rules.players, "fast": bool(st.prefs.get("fast", False))}
        if not self.app.saves.keep_behind(rules, settings):  # the deal drawn behind is the first: not dealt again
            self.app.saves.new_game(rules, rules.to_dict(), settings)
        self.app.loop.start(since=asked)

    # ----- the tips -------------------------------------------------------------------------------------

    def changed(self, change: Change) -> None:
        """A subscriber of the state: the tip for the table now, or none."""
        self.show_tip(self.app.state.vm)

    def show_tip(self, vm: ViewModel | None) -> None:
        node = el("tip")
        ui = self.app.state.ui()
        if vm is None or not self.app.state.tips_on() or self.open():
            node.hidden = True
            return
        over = vm["phase"] in ("deal_over", "rubber_over")
        if self.tips_deal is None:
            self.tips_deal = vm["deal"]
        elif vm["deal"] != self.tips_deal and not over:  # the next deal began: the tips are over
            ui["tips"] = False
            self.app.store.save_prefs(self.app.state.prefs)
            self.tips_deal = None
            node.hidden = True
            return
        text = None if tip_code(vm) == "over" else tip_text(vm, self.app.cat)  # the result panel says that one
        node.textContent = text or ""
        node.hidden = not text

    def tips_turned_on(self) -> None:
        """*Options*: the tips shown again (or no more), for the deal on the table, on the felt or in the
        result panel."""
        self.tips_deal = None
        self.app.screen.render()
        self.show_tip(self.app.state.vm)
