"""The first bot card of a first visit, for ``python build.py bench-web``: a fresh browser context (no save: the
welcome answered at once, a new rubber of *hard* bots) that reports a core count (``navigator.hardwareConcurrency``,
emulated by an init script) — a few or many, which the page must not take for its speed: it starts the bots'
worker after the table, whatever the count, and plays the bots' moves itself until the worker is up.
"""

from __future__ import annotations

from typing import Any

from sitebuild.browser import MY_TURN_OR_BREAK, READY, play_on

CORES = (2, 8)
"""The core counts a first visit is shown: what a cheap phone may report, and a desktop's."""
FIRST_BOT_CARD = """Object.defineProperty(Navigator.prototype, "hardwareConcurrency",
  { get: () => %d, configurable: true });
addEventListener("DOMContentLoaded", () => {
  const trick = document.getElementById("trick");
  new MutationObserver((_, seen) => {
    if (!trick.querySelector("[data-pos]:not([data-pos=south])")) return;
    window.kingFirstBotCardMs = performance.now();
    seen.disconnect();
  }).observe(trick, { childList: true, subtree: true });
});"""
"""The init script: the page sees ``%d`` cores; ``kingFirstBotCardMs`` is when a card of another seat than the
viewer's (south) first lies on the table."""
MARKS = (("playable", "window.kingStats.readyMs"), ("started", "window.kingStats.botsStartedMs"),
         ("bots", "window.kingStats.botsReadyMs"), ("card", "window.kingFirstBotCardMs"),
         ("page_move", "window.kingStats.botMain[0]"), ("play", "window.kingPlayMs"))


def answer_welcome(page: Any, level: str = "hard") -> None:
    """Press *Play* at once on a first visit's welcome, against ``level`` bots, if it is up (a playable page):
    the bots and their worker wait for it. ``window.kingPlayMs``: when (ms from navigation) it was pressed."""
    if page.evaluate("document.getElementById('welcome')?.open === true"):
        page.select_option("#welcome-level", level)
        page.evaluate("window.kingPlayMs = performance.now()")
        page.click("#welcome-play")


def first_visit(ctx: Any, url: str, cores: int, keep_open: bool = False) -> dict[str, float]:
    """A first visit of ``url`` in the new context ``ctx`` (closed after, unless ``keep_open``) seeing ``cores``
    cores: ms from navigation to ``playable``, to the welcome's *Play* pressed (``play``), to the bots' worker
    ``started`` and ready (``bots``), and to the first ``card`` a bot puts on the table (the scripted player
    plays its first card at once should it be first to move: ``person_first`` 1). A mark the page does not set
    (an older page: ``started``) is left out."""
    ctx.add_init_script(script=FIRST_BOT_CARD % cores)
    page = ctx.new_page()
    page.goto(url)
    page.wait_for_selector(READY)
    answer_welcome(page)
    bot_card = "typeof window.kingFirstBotCardMs === 'number'"
    page.wait_for_function(f"{bot_card} || ({MY_TURN_OR_BREAK})()")
    person_first = not page.evaluate(bot_card)
    if person_first:
        play_on(page)
        page.wait_for_function(bot_card)
    page.wait_for_function("window.kingStats.botsReadyMs !== null")
    out = {key: page.evaluate(mark) for key, mark in MARKS}
    out["person_first"] = int(person_first)
    if not keep_open:
        ctx.close()
    return {key: float(v) for key, v in out.items() if isinstance(v, (int, float))}


def first_bot_line(med: dict[str, float], pre: str = "") -> str:
    """The first visits' sentence for the report: for each of :data:`CORES`, playable, the bots' worker
    started and ready, and the first bot card (medians, ms from navigation start; keys ``pre`` +
    ``first_bot:CORES:MARK``), then how long after the welcome's *Play* it came — the target (≤ 1 s): the table
    of a first visit appears with *Play*, the time spent reading the welcome is the visitor's — and after
    playable (the welcome up in between; the bench presses *Play* at once, ≈ 0.6 s at half a core)."""
    def part(cores: int) -> str:
        at = {k: med.get(f"{pre}first_bot:{cores}:{k}") for k, _ in MARKS}
        words = [f"{label} {at[k]:.0f}" for k, label in (("playable", "playable"), ("started", "bots' worker started"),
                                                         ("bots", "ready"), ("card", "first bot card"))
                 if at[k] is not None]
        card, playable, play = at["card"], at["playable"], at["play"]
        said = ([f"**{card - play:.0f} after *Play***"] if card is not None and play is not None else []) + (
            [f"{card - playable:.0f} after playable"] if card is not None and playable is not None else [])
        return f"{cores} cores: " + ", ".join(words) + (f" ({', '.join(said)})" if said else "")

    return ("A first visit (fresh context, the welcome's *Play* at once, a new rubber of *hard* bots), "
            "`navigator.hardwareConcurrency` emulated (ms from navigation start; the bots' worker starts after the "
            "table whatever the count, the page plays the bots until it is up; the target, ≤ 1 s, is from the "
            "welcome's *Play*, where a first visit's table appears): "
            + "; ".join(part(c) for c in CORES) + ".")
