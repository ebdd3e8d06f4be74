"""The top bar's controls as a player reaches them: in the bar, or — when the bar is too narrow for them (issue
30: the language, the keys' "?", Replay, Options… fold first, in any language and at any width) — in its "⋯"
menu, opened for them first (``web/king/barmenu.py``)."""

from __future__ import annotations

from typing import Any

MENU_OPEN = "!!document.getElementById('bar-menu')?.matches(':popover-open')"
FITTED = "document.getElementById('bar-actions')?.dataset.fitWidth === String(window.innerWidth)"
"""The bar has been fitted to the window's present width (after a resize its fit runs a task later: a button seen
in the bar before it may be in the menu after it)."""


def reach(page: Any, selector: str) -> None:
    """``selector`` (a control of the top bar) in view: the "⋯" menu opened if the control is folded into it."""
    page.wait_for_function(FITTED)
    if page.evaluate("s => !!document.querySelector('#bar-menu ' + s)", selector) and not page.evaluate(MENU_OPEN):
        page.click("#btn-more")
        page.wait_for_function(MENU_OPEN)


def close_menu(page: Any) -> None:
    """The "⋯" menu closed, if it is open (Escape, as a player closes it)."""
    if page.evaluate(MENU_OPEN):
        page.keyboard.press("Escape")
        page.wait_for_function(f"!{MENU_OPEN}")


def click(page: Any, selector: str) -> None:
    """A click on a control of the top bar, wherever it is (a button of the menu closes the menu)."""
    reach(page, selector)
    page.click(selector)


def choose_language(page: Any, lang: str) -> None:
    """The bar's language picker set to ``lang`` (``"ru"``), then its menu closed if it was in one."""
    reach(page, "#lang")
    page.select_option("#lang", lang)
    close_menu(page)
