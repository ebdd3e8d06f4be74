"""Stray clicks on my hand (a tester's worst find): the second click of a double click on a dialog's button
that lay over my hand, or on a card, never plays a card (``king.render.hand.stray_click`` says which).
One capturing ``click`` listener on the document remembers the last pointer click outside the hand."""

from __future__ import annotations

from typing import Any

from pyscript import document
from pyscript.ffi import create_proxy, is_none

from .render.hand import stray_click
from .worker import now_ms


class StrayClicks:
    """The last pointer click outside ``#hand`` (time ms, x, y), and the test for a click on the hand."""

    def __init__(self) -> None:
        self.before: tuple[float, float, float] | None = None
        self.proxy = create_proxy(self.seen)

    def bind(self) -> None:
        """Listen to every click first (captured: a dialog's button closes its dialog in its own handler)."""
        document.addEventListener("click", self.proxy, True)

    def seen(self, event: Any) -> None:
        """A click anywhere: one outside the hand by a pointer (``detail`` ≥ 1) is remembered."""
        target = event.target
        inside = not is_none(target) and hasattr(target, "closest") and not is_none(target.closest("#hand"))
        if int(event.detail or 0) >= 1 and not inside:
            self.before = (now_ms(), float(event.clientX), float(event.clientY))

    def stray(self, event: Any) -> bool:
        """Whether the click ``event`` on the hand must not play (a double click's follow-up)."""
        return stray_click(int(event.detail or 0), (now_ms(), float(event.clientX), float(event.clientY)),
                           self.before)
