"""The question before New game replaces a rubber in progress (issue 30 item 5), in Chromium: a dialog in the
page's style over the new-game dialog, the safe answer under the keyboard (Enter and Escape keep the rubber),
*Don't ask again* kept in the preferences and turned back in Options; no question for a rubber nobody at the
device has played in yet, nor for one that is over (kingcore.web ``Session.under_way``, tested in CPython in
test_web_session.py)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from test_a11y_scan import scan
from test_web import PREFS_KEY, SAVE_KEY, saved_session

from kingcore.web import Session

pytestmark = pytest.mark.browser


def save_id(page: Any) -> str:
    return str(json.loads(page.evaluate(f"localStorage.getItem('{SAVE_KEY}')"))["id"])


def deal_in_dialog(page: Any) -> None:
    page.click("#btn-new")
    page.wait_for_selector("#new-game-dialog[open]")
    page.click("#new-game-start")


def closed(page: Any, ident: str) -> None:
    page.wait_for_selector(f"#{ident}:not([open])", state="attached")


def test_new_game_asks_before_it_replaces_a_rubber_in_progress(warm_game: Any, warm_tab: Any) -> None:
    played = saved_session(lambda s: s.under_way() and s.view_model(0)["my_turn"] and s.view_model(0)["deal"] == 2)
    page = warm_game({SAVE_KEY: played.to_save(), PREFS_KEY: json.dumps({"lang": "ru"})})
    rubber = save_id(page)
    # Escape, then Enter on the focused "Keep playing": the rubber stays, both dialogs closed
    for key in ("Escape", "Enter"):
        deal_in_dialog(page)
        page.wait_for_selector("#replace-dialog[open]")
        assert page.locator("#replace-text").inner_text() == "Текущая партия на этом закончится (раздача 2 из " \
            "14): она не доиграна и в статистику не попадёт."
        assert page.evaluate("document.activeElement.id") == "replace-keep"
        if key == "Escape":
            found: dict[str, Any] = {}
            scan(page, "the question", found)  # axe-core: no serious or critical violation (test_a11y_scan.py)
            assert found == {}, found
        page.keyboard.press(key)
        closed(page, "replace-dialog")
        closed(page, "new-game-dialog")
        assert save_id(page) == rubber and page.is_visible("#hand.is-my-turn")
    # Don't ask again, by the keyboard: the new game starts, and the choice is kept
    deal_in_dialog(page)
    page.wait_for_selector("#replace-dialog[open]")
    page.keyboard.press("Shift+Tab")  # from "Keep playing" back to the checkbox
    assert page.evaluate("document.activeElement.id") == "replace-never"
    page.keyboard.press("Space")
    page.click("#replace-start")
    closed(page, "new-game-dialog")
    page.wait_for_function(f"JSON.parse(localStorage.getItem('{SAVE_KEY}')).id !== {json.dumps(rubber)}")
    assert json.loads(page.evaluate(f"localStorage.getItem('{PREFS_KEY}')"))["ui"]["no_ask_new"] is True
    # a rubber in progress again (another tab's save): New game replaces it at once now
    again = saved_session(lambda s: s.under_way() and s.view_model(0)["my_turn"], seed=9)
    again.seq = 10_000
    warm_tab.write({SAVE_KEY: again.to_save()})
    page.wait_for_function(f"JSON.parse(localStorage.getItem('{SAVE_KEY}')).id === {json.dumps(again.game_id)}")
    page.wait_for_function(f"document.body.dataset.deal === '{again.view_model(0)['deal']}'")
    deal_in_dialog(page)
    closed(page, "new-game-dialog")
    assert not page.evaluate("document.getElementById('replace-dialog').open")
    page.wait_for_function(f"JSON.parse(localStorage.getItem('{SAVE_KEY}')).id !== {json.dumps(again.game_id)}")
    # Options asks again
    page.click("#btn-options")
    page.wait_for_selector("#options-dialog[open]")
    assert not page.is_checked("#ui-ask_new")
    page.check("#ui-ask_new")
    page.wait_for_function("document.body.dataset.options === 'saved'")
    assert json.loads(page.evaluate(f"localStorage.getItem('{PREFS_KEY}')"))["ui"]["no_ask_new"] is False
    page.click("#options-close")
    third = saved_session(lambda s: s.under_way() and s.view_model(0)["my_turn"], seed=11)
    third.seq = 20_000
    warm_tab.write({SAVE_KEY: third.to_save()})
    page.wait_for_function(f"JSON.parse(localStorage.getItem('{SAVE_KEY}')).id === {json.dumps(third.game_id)}")
    deal_in_dialog(page)
    page.wait_for_selector("#replace-dialog[open]")
    page.click("#replace-keep")
    closed(page, "new-game-dialog")
    assert save_id(page) == third.game_id


def test_no_question_when_nothing_was_played_or_the_rubber_is_over(warm_game: Any) -> None:
    fresh = Session.new_game({}, random.Random(1), {"levels": ["human", "easy", "easy", "easy"], "fast": True})
    over = saved_session(lambda s: s.over, seed=3)
    for s in (fresh, over):
        assert not s.under_way()
        page = warm_game({SAVE_KEY: s.to_save()})
        deal_in_dialog(page)
        closed(page, "new-game-dialog")
        page.wait_for_function(f"JSON.parse(localStorage.getItem('{SAVE_KEY}')).id !== {json.dumps(s.game_id)}")
        assert not page.evaluate("document.getElementById('replace-dialog').open")
