"""When the bots' worker starts (issue 31): after the table is drawn and the bots' loop has played its first move
— whatever core count the browser reports (``navigator.hardwareConcurrency``, emulated here: a core count is
not a speed) — and until it is up the page plays the bots' moves itself, whatever their level, so that a first
bot card never waits for the worker's Python. The page's marks: ``kingStats.botMain`` (moves this thread
played), ``kingStats.botsStartedMs`` against ``kingStats.readyMs`` (the table playable)."""

from __future__ import annotations

from typing import Any

import pytest
from test_web import SAVE_KEY, saved_session

from kingcore.game import Phase

pytestmark = pytest.mark.browser

CORES = """Object.defineProperty(Navigator.prototype, "hardwareConcurrency",
  { get: () => Number(new URLSearchParams(location.search).get("cores")), configurable: true });"""
"""The core count a page reports: its address's ``?cores=N``."""
MARKS = """({cores: navigator.hardwareConcurrency, started: window.kingStats.botsStartedMs,
  ready: window.kingStats.readyMs, page: window.kingStats.botMain.length,
  scripts: document.querySelectorAll('script[type=py][worker]').length,
  snapshot: document.body.dataset.botsSnapshot})"""


def test_a_hard_bot_to_move_at_start_is_played_by_the_page_then_the_worker_starts(warm_game: Any,
                                                                                  warm_tab: Any) -> None:
    s = saved_session(lambda s: s.game.phase is Phase.PLAY and s.game.to_move not in (None, 0), fast=False)
    assert s.settings["levels"][s.game.to_move] == "hard"
    save = s.to_save()
    for cores in (2, 8):
        page = warm_game({SAVE_KEY: save})
        url = page.url.split("?")[0]
        page.goto("about:blank")  # no game open: the save written again below, nothing plays it before the load
        warm_tab.write({SAVE_KEY: save})
        page.add_init_script(script=CORES)
        page.goto(f"{url}?cores={cores}")
        page.wait_for_selector("body[data-ready=true]")
        page.wait_for_function("document.body.dataset.bots === 'worker'")
        marks = page.evaluate(MARKS)
        assert marks["cores"] == cores, marks
        assert marks["page"] >= 1, marks  # the first bot move: this thread's, the worker not started yet
        assert marks["started"] > marks["ready"], marks  # after the table, whatever the core count
        assert marks["scripts"] == 1 and marks["snapshot"] == "used", marks  # it restored the page's snapshot


FIRST_CARDS = """addEventListener("DOMContentLoaded", () => {
  const trick = document.getElementById("trick");
  if (!trick) return;  // (about:blank, between the loads)
  new MutationObserver(() => {
    if (!window.kingMyCardMs && trick.querySelector("[data-pos=south]")) window.kingMyCardMs = performance.now();
    if (!window.kingBotCardMs && trick.querySelector("[data-pos]:not([data-pos=south])")) {
      window.kingBotCardMs = performance.now();
    }
  }).observe(trick, { childList: true, subtree: true });
});"""
"""When my card (South's) and a bot's first lie on the table (``kingMyCardMs``, ``kingBotCardMs``)."""
IDLE = "?king-test&person-idle=600000"
"""A person's turn never long enough for the worker (``king.botloop.PERSON_IDLE_MS``): only a bot's move or a
hint starts it."""


def test_a_person_to_lead_first_meets_no_worker_starting_until_a_bot_answers_or_a_hint_asks(
        warm_game: Any, warm_tab: Any) -> None:
    """I lead the deal's first trick as the page opens (no trick on the table): the bots' worker does not start
    with the table (on a slow device it took the CPU from a quick card of mine and the bot's answer to it) but
    after that answer, which the page plays itself; a hint asked first starts it at once."""
    s = saved_session(lambda s: s.game.phase is Phase.PLAY and s.game.to_move == 0 and s.game.position is not None
                      and s.game.position.trick_no == 0 and not s.game.position.trick, fast=False)
    save = s.to_save()
    page = warm_game({SAVE_KEY: save})
    url = page.url.split("?")[0]
    for hint in (False, True):
        page.goto("about:blank")
        warm_tab.write({SAVE_KEY: save})
        page.add_init_script(script=FIRST_CARDS)
        page.goto(url + IDLE)
        page.wait_for_selector("body[data-ready=true]")
        page.wait_for_selector("#hand.is-my-turn")
        assert page.evaluate("window.kingStats.botsStartedMs") is None  # (the loop has stopped at my turn)
        if hint:
            page.click("#btn-hint")
            page.wait_for_selector("#hand button.card[data-hint=best]")  # it came: the hint started the worker
            assert page.evaluate("window.kingMyCardMs") is None
            assert page.evaluate("document.body.dataset.bots") == "worker"
            continue
        page.locator("#hand.is-my-turn button.card:not([aria-disabled=true])").first.click()
        page.wait_for_function("window.kingBotCardMs && document.body.dataset.bots === 'worker'")
        marks = page.evaluate("({ready: window.kingStats.readyMs, started: window.kingStats.botsStartedMs, "
                              "page: window.kingStats.botMain.length, mine: window.kingMyCardMs, "
                              "bot: window.kingBotCardMs})")
        assert marks["ready"] < marks["mine"] < marks["bot"] < marks["started"], marks
        assert marks["page"] >= 1, marks  # the bot's answer: this thread's
