"""The top bar at every width (issue 30): the bar's buttons that do not fit beside the contract fold into its
"⋯" menu (``#bar-menu``, a popover under the bar), the least needed first, and come back when there is room
again — in any language, so the bar never runs off the screen nor shrinks its words.

A button's ``data-fold`` ranks it (the higher folds sooner; none: it never folds). The style sheet lays the bar
out and gives the buttons their share of its width; this module only measures whether they fit (the buttons'
box narrower than what they hold) and moves buttons between the bar and the menu, keeping their order, on a
resize and whenever the bar's content changes (a button shown or hidden, another contract, the words of
another language). The menu is a real disclosure: the "⋯" button says whether it is open
(``aria-expanded``), Tab goes through the menu, Escape or a click elsewhere closes it and the focus goes
back to "⋯", as it does after a dialog opened from the menu closes. The bar's height is kept in
``--bar-h`` (the result panel, the pass screen and the menu sit below it)."""

from __future__ import annotations

from typing import Any

from pyscript import document, window
from pyscript.ffi import create_proxy, is_none, to_js

from .draw import el

OBSERVED = {"subtree": True, "childList": True, "characterData": True, "attributes": True,
            "attributeFilter": ["hidden"]}
"""What of the bar a change refits it for: its texts, its nodes, a button shown or hidden."""


def rank(node: Any) -> int:
    """A bar item's fold rank (``data-fold``; -1: it never folds)."""
    value = node.getAttribute("data-fold")
    return -1 if is_none(value) else int(value)


class BarMenu:
    """The bar (``.bar``), its buttons (``#bar-actions``), the "⋯" button (``#btn-more``) and its menu."""

    def __init__(self) -> None:
        self.bar = document.querySelector(".bar")
        self.nav, self.menu, self.more = el("bar-actions"), el("bar-menu"), el("btn-more")
        self.items = [node for node in self.nav.children if not node.isSameNode(self.more)]
        self.observer: Any = None
        self.proxies: list[Any] = []
        self.stale = False  # the bar changed while its menu was open: fit it once the menu closes

    def bind(self) -> None:
        """Fit the bar now, on every resize and on every change of its content; keep ``--bar-h``."""
        fit, changed = create_proxy(self.resized), create_proxy(self.changed)
        toggled, picked = create_proxy(self.toggled), create_proxy(self.picked)
        measure = create_proxy(self.measure)
        self.proxies = [fit, changed, toggled, picked, measure]
        window.addEventListener("resize", fit)
        self.observer = window.MutationObserver.new(changed)
        self.observer.observe(self.bar, to_js(OBSERVED))
        self.menu.addEventListener("beforetoggle", toggled)  # at once ("toggle" comes a task later)
        self.menu.addEventListener("click", picked, True)  # captured: before the button's own action
        window.ResizeObserver.new(measure).observe(self.bar)  # the panels below the bar follow its height
        self.nav.dataset.fitted = "true"  # web/start.js's own fit, before Python ran, is over
        for node in self.items:  # what it left out: in this fit (no paint comes between)
            node.classList.remove("is-prefolded")
        self.fit()

    # ----- fitting -------------------------------------------------------------------------------------

    def overflows(self) -> bool:
        """Whether the bar's buttons need more width than the bar gives them."""
        return int(self.nav.scrollWidth) > int(self.nav.clientWidth)

    def folded(self) -> list[Any]:
        return [node for node in self.items if bool(self.menu.contains(node))]

    def fold(self, node: Any) -> None:
        """``node`` into the menu, in the bar's order."""
        after = next((n for n in self.items[self.items.index(node) + 1:] if bool(self.menu.contains(n))), None)
        self.menu.insertBefore(node, after)
        self.show_more()

    def unfold(self, node: Any) -> None:
        """``node`` back into the bar, in its place."""
        after = next((n for n in self.items[self.items.index(node) + 1:] if bool(self.nav.contains(n))), self.more)
        self.nav.insertBefore(node, after)
        self.show_more()

    def show_more(self) -> None:
        """The "⋯" button while the menu holds a button that is shown."""
        self.more.hidden = not any(not bool(n.hidden) for n in self.folded())

    def fit(self, back: bool = True) -> None:
        """Fold the most foldable shown buttons until the rest fit; then (``back``) bring back the least
        foldable folded ones while they fit (a hidden button takes no room: it always comes back)."""
        self.stale = not back
        for node in self.folded() if back else ():
            if bool(node.hidden):
                self.unfold(node)
        while self.overflows():
            shown = [n for n in self.items if bool(self.nav.contains(n)) and not bool(n.hidden) and rank(n) >= 0]
            if not shown:
                break
            self.fold(max(shown, key=rank))
        while back and (folded := [n for n in self.folded() if not bool(n.hidden)]):
            node = min(folded, key=rank)
            self.unfold(node)
            if self.overflows():
                self.fold(node)
                break
        if self.observer is not None:
            self.observer.takeRecords()  # this fit's own moves
        self.nav.dataset.fitWidth = str(int(window.innerWidth))  # the width this fit was for
        self.measure()

    def resized(self, *_: Any) -> None:
        """The window's size changed (a turned phone too): the menu closes, the bar fits the new width."""
        if bool(self.menu.matches(":popover-open")):
            self.menu.hidePopover()
        self.fit()

    def changed(self, *_: Any) -> None:
        """The bar's content changed (not by a fit): fit it again. While its menu is open (a bot's card changes
        the bar's texts; the player looks at the menu) nothing leaves the menu until it closes, but what no
        longer fits the bar (the offline mark shown) goes into it at once."""
        self.fit(back=not bool(self.menu.matches(":popover-open")))

    def measure(self, *_: Any) -> None:
        """The bar's height as ``--bar-h``."""
        document.documentElement.style.setProperty("--bar-h", f"{int(self.bar.offsetHeight)}px")

    # ----- the menu ------------------------------------------------------------------------------------

    def toggled(self, event: Any) -> None:
        """The menu opened or closed: "⋯" says so; closed, the bar fits what changed meanwhile."""
        is_open = str(event.newState) == "open"
        self.more.setAttribute("aria-expanded", "true" if is_open else "false")
        if not is_open and self.stale:
            self.fit()

    def picked(self, event: Any) -> None:
        """A button or link of the open menu pressed: the menu closes and the focus goes to "⋯" first, so that
        the dialog or panel it opens gives the focus back there (a switch or the language stay open)."""
        target = event.target
        if is_none(target) or is_none(target.closest("button, a")) or not bool(self.menu.matches(":popover-open")):
            return
        self.menu.hidePopover()
        self.more.focus()
