"""The first bot card of a first visit, for ``python build.py bench-web``: a fresh browser context (no save: the
welcome answered at once, a new rubber of *hard* bots) that reports a core count (``navigator.hardwareConcurrency``,
emulated by an init script) — a few or many, which the page must not take for its speed: it starts the bots'
worker after the table, whatever the count, and plays the bots' moves itself until the worker is up.

The page's random source is seeded (:data:`SEEDED`) so that every visit deals the same first deal: with
:data:`BOT_LEADS` a bot leads its first trick — the target's case, a bot's card the visitor waits for — and with
:data:`I_LEAD` the viewer does, so the first bot card follows the scripted player's own card (``mine``) and is
said after it. Left to chance (``seed`` 0) the viewer leads about one visit in four, and a median of three
visits then holds the scripted player's card and the bots' pace after it (≈ 1.3 s after *Play* at half a core
against ≈ 0.75 s when a bot leads): the 2- and 8-core figures differed by that draw, not by the core count.
"""

from __future__ import annotations

from typing import Any

from sitebuild.browser import MY_TURN_OR_BREAK, READY, play_on

CORES = (2, 8)
"""The core counts a first visit is shown: what a cheap phone may report, and a desktop's."""
BOT_LEADS = 1
"""The seed (:data:`SEEDED`) whose first deal West, a bot, leads: the first bot card is the first card."""
I_LEAD = 6
"""The seed whose first deal the viewer (South) leads: the first bot card is the answer to theirs."""
FIRST_BOT_CARD = """Object.defineProperty(Navigator.prototype, "hardwareConcurrency",
  { get: () => %d, configurable: true });
addEventListener("DOMContentLoaded", () => {
  const trick = document.getElementById("trick");
  new MutationObserver((_, seen) => {
    if (!window.kingMyCardMs && trick.querySelector("[data-pos=south]")) window.kingMyCardMs = performance.now();
    if (!trick.querySelector("[data-pos]:not([data-pos=south])")) return;
    window.kingFirstBotCardMs = performance.now();
    seen.disconnect();
  }).observe(trick, { childList: true, subtree: true });
});"""
"""The init script: the page sees ``%d`` cores; ``kingFirstBotCardMs`` is when a card of another seat than the
viewer's (south) first lies on the table, ``kingMyCardMs`` when the viewer's did (if it came first)."""
SEEDED = """(() => {
  let x = (%d * 2654435761) >>> 0 || 1;
  Crypto.prototype.getRandomValues = function (view) {
    const bytes = new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
    x = (%d * 2654435761) >>> 0 || 1;
    for (let i = 0; i < bytes.length; i++) {
      x ^= x << 13; x >>>= 0; x ^= x >>> 17; x ^= x << 5; x >>>= 0;
      bytes[i] = x & 255;
    }
    return view;
  };
})();"""
"""The init script that makes the page's random source (``crypto.getRandomValues``: Pyodide's ``os.urandom``, which
seeds the shuffles) give the same bytes at every call, from the seed ``%d`` (twice): whatever the order of the
calls, a first visit deals the same rubber. Only the bench's page: never the site."""
MARKS = (("playable", "window.kingStats.readyMs"), ("started", "window.kingStats.botsStartedMs"),
         ("bots", "window.kingStats.botsReadyMs"), ("card", "window.kingFirstBotCardMs"),
         ("page_move", "window.kingStats.botMain[0]"), ("play", "window.kingPlayMs"), ("mine", "window.kingMyCardMs"))


def seeded(ctx: Any, seed: int = BOT_LEADS) -> None:
    """The pages of the browser context ``ctx`` deal from ``seed`` (:data:`SEEDED`; 0: left to chance)."""
    if seed:
        ctx.add_init_script(script=SEEDED % (seed, seed))


def answer_welcome(page: Any, level: str = "hard") -> None:
    """Press *Play* at once on a first visit's welcome, against ``level`` bots, if it is up (a playable page):
    the bots and their worker wait for it. ``window.kingPlayMs``: when (ms from navigation) it was pressed."""
    if page.evaluate("document.getElementById('welcome')?.open === true"):
        page.select_option("#welcome-level", level)
        page.evaluate("window.kingPlayMs = performance.now()")
        page.click("#welcome-play")


def first_visit(ctx: Any, url: str, cores: int, keep_open: bool = False, seed: int = BOT_LEADS) -> dict[str, float]:
    """A first visit of ``url`` in the new context ``ctx`` (closed after, unless ``keep_open``) seeing ``cores``
    cores, its random source seeded with ``seed`` (:data:`SEEDED`; 0: left to chance): ms from navigation to
    ``playable``, to the welcome's *Play* pressed (``play``), to the bots' worker ``started`` and ready
    (``bots``), and to the first ``card`` a bot puts on the table (the scripted player plays its first card at
    once should it be first to move: ``person_first`` 1, and ``mine`` when that card lay on the table). A mark
    the page does not set (an older page: ``started``) is left out."""
    ctx.add_init_script(script=FIRST_BOT_CARD % cores)
    seeded(ctx, seed)
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
        at = {k: med.get(f"{pre}first_bot:{cores}:{k}") for k in [k for k, _ in MARKS] + ["person_first"]}
        words = [f"{label} {at[k]:.0f}" for k, label in (("playable", "playable"), ("started", "bots' worker started"),
                                                         ("bots", "ready"), ("card", "first bot card"))
                 if at[k] is not None]
        card, playable, play = at["card"], at["playable"], at["play"]
        said = ([f"**{card - play:.0f} after *Play***"] if card is not None and play is not None else []) + (
            [f"{card - playable:.0f} after playable"] if card is not None and playable is not None else [])
        if at["person_first"]:  # the seed no longer deals a bot the lead (the site's shuffles changed): said
            said.append("**the viewer led**, not a bot: a new `BOT_LEADS` seed is needed")
        return f"{cores} cores: " + ", ".join(words) + (f" ({', '.join(said)})" if said else "")

    return ("A first visit (fresh context, the welcome's *Play* at once, a new rubber of *hard* bots, the same "
            f"first deal in every visit: West, a bot, leads it — the page's random source seeded {BOT_LEADS}), "
            "`navigator.hardwareConcurrency` emulated (ms from navigation start; the bots' worker starts after the "
            "table whatever the count, the page plays the bots until it is up; the target, ≤ 1 s, is from the "
            "welcome's *Play*, where a first visit's table appears): "
            + "; ".join(part(c) for c in CORES) + ".")
