"""The page's keys and display options in a real Chromium (issue 13): "?" opens the keys panel, each key
does what its button does — at every width, its button in the bar or folded into its "⋯" menu — and nothing
while typing, under another dialog, or when its button is off; Escape closes every panel and the focus goes
back to my hand; large cards and a four-colour deck are applied and remembered after a reload; with
``prefers-reduced-motion`` no card moves."""

from __future__ import annotations

import json
from typing import Any

import bar
import pytest
from test_keyboard import focus
from test_web import PREFS_KEY, SAVE_KEY, saved_session

from kingcore.web import Session

pytestmark = pytest.mark.browser

SHOWN_JS = """(sel) => { const n = document.querySelector(sel); return !!n && (n.tagName === 'DIALOG' ? n.open
  : !n.hidden); }"""
FAKE_UNDO_JS = """() => { const b = document.createElement('button'); b.id = 'btn-undo'; b.type = 'button';
  b.textContent = 'undo'; window.undone = 0; b.addEventListener('click', () => { window.undone += 1; });
  document.querySelector('.bar-actions').appendChild(b); }"""


FOLDED_JS = """() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(() => done(
  [...document.querySelectorAll('#bar-menu > :not([hidden])')].map(n => n.id).join(' ')))))"""
"""The ids of the bar's buttons folded into its "⋯" menu, a frame after a resize (the bar fitted to it)."""


def my_turn_with_choice(s: Session) -> bool:
    """My card to play, with at least two legal ones (so the hint is offered), after a first trick (so the
    last trick can be shown), a bot's card on the table."""
    vm = s.view_model(0)
    return (vm["phase"] == "play" and vm["my_turn"] and vm["tricks_done"] >= 1 and vm["deal"] >= 1 and bool(vm["trick"])
            and sum(1 for c in vm["hand"] if c["legal"]) >= 2)


def shown(page: Any, selector: str) -> bool:
    return bool(page.evaluate(SHOWN_JS, selector))


def press_and_back(page: Any, key: str, selector: str, close: str = "Escape") -> None:
    """``key`` from my hand opens ``selector`` with the focus inside; ``close`` closes it; the focus is back
    on the same card of my hand."""
    card = focus(page)["card"]
    assert focus(page)["inHand"], focus(page)
    page.keyboard.press(key)
    page.wait_for_function(SHOWN_JS, arg=selector)
    assert page.evaluate("(sel) => document.querySelector(sel).contains(document.activeElement)", selector), key
    page.keyboard.press(close)
    page.wait_for_function(f"!({SHOWN_JS})({json.dumps(selector)})")
    assert focus(page)["inHand"] and focus(page)["card"] == card, (key, focus(page))


def test_each_key_does_its_action_and_the_focus_comes_back(warm_game: Any) -> None:
    s = saved_session(my_turn_with_choice)
    page = warm_game({SAVE_KEY: s.to_save(), PREFS_KEY: json.dumps({"fast": True})})
    assert [page.get_attribute(f"#{b}", "aria-keyshortcuts") for b in ("btn-sheet", "btn-keys")] == ["S", "?"]
    page.locator('#hand button.card[tabindex="0"]').focus()
    # "?": the keys panel, every key the page has; the "?" button in the bar opens it too
    press_and_back(page, "?", "#keys-dialog")
    keys = page.locator("#keys-dialog .keys-table tbody th").all_inner_texts()
    assert keys[:9] == ["H", "L", "T", "S", "U", "N", "R", "O", "?"]  # U: the page has an Undo button
    bar.click(page, "#btn-keys")
    page.wait_for_selector("#keys-dialog[open]")
    assert page.evaluate("document.activeElement.id") == "keys-close"
    page.keyboard.press("?")  # "?" again closes it
    page.wait_for_selector("#keys-dialog:not([open])", state="attached")
    page.locator('#hand button.card[tabindex="0"]').focus()
    # the panels and dialogs: S (closed by S again and by Escape), R, T, N, O
    press_and_back(page, "s", "#sheet-panel", close="s")
    press_and_back(page, "s", "#sheet-panel")
    press_and_back(page, "r", "#help-dialog")
    press_and_back(page, "t", "#history-dialog")
    assert page.evaluate("document.getElementById('history-dialog').dataset.deal") == str(s.view_model(0)["deal"])
    press_and_back(page, "o", "#options-dialog")
    press_and_back(page, "n", "#new-game-dialog")
    # the same keys at every width, their buttons folded into the bar's "⋯" menu (each fold of the bar once: O
    # in each, which a tester once found doing nothing there, the others in the first that folds them)
    was, folds, tried = page.viewport_size, set(), set()
    for width, height in [(w, h) for h in (740, 400) for w in range(320, 1601, 40)]:
        page.set_viewport_size({"width": width, "height": height})
        folded = page.evaluate(FOLDED_JS)
        if folded in folds:
            continue
        folds.add(folded)
        for key, button, selector in (("o", "btn-options", "#options-dialog"), ("r", "btn-help", "#help-dialog"),
                                      ("n", "btn-new", "#new-game-dialog"), ("s", "btn-sheet", "#sheet-panel")):
            if button in folded and (key == "o" or button not in tried):
                tried.add(button)
                page.locator('#hand button.card[tabindex="0"]').focus()
                press_and_back(page, key, selector)
    assert any("btn-options" in f for f in folds), folds
    page.set_viewport_size(was)
    # from no focus at all (<body>, as when the page has just loaded): after Escape the focus is on my hand's
    # first legal card, not lost on the body
    first_legal = next(c["card"] for c in s.view_model(0)["hand"] if c["legal"])
    for key, selector in (("?", "#keys-dialog"), ("t", "#history-dialog")):
        page.evaluate("document.activeElement.blur()")
        assert page.evaluate("document.activeElement === document.body")
        page.keyboard.press(key)
        page.wait_for_function(SHOWN_JS, arg=selector)
        page.keyboard.press("Escape")
        page.wait_for_function(f"!({SHOWN_JS})({json.dumps(selector)})")
        page.wait_for_function("document.activeElement.closest('#hand') !== null", timeout=5000)
        assert focus(page)["card"] == first_legal, (key, focus(page))
    # no key under another modal dialog, nor while typing in a field
    page.keyboard.press("n")
    page.wait_for_selector("#new-game-dialog[open]")
    page.keyboard.press("s")
    assert not shown(page, "#sheet-panel")
    page.keyboard.press("Escape")
    page.wait_for_selector("#new-game-dialog:not([open])", state="attached")
    bar.reach(page, "#lang")
    page.focus("#lang")
    page.keyboard.press("s")
    assert not shown(page, "#sheet-panel") and page.evaluate("document.getElementById('lang').value") == "en"
    bar.close_menu(page)
    page.locator('#hand button.card[tabindex="0"]').focus()
    page.keyboard.press("Control+s")  # the browser's own keys stay the browser's
    assert not shown(page, "#sheet-panel")
    # L: the last trick, shown and hidden
    page.keyboard.press("l")
    page.wait_for_selector("#last-inset:not([hidden])")
    assert page.get_attribute("#btn-last", "aria-pressed") == "true"
    page.keyboard.press("l")
    page.wait_for_selector("#last-inset[hidden]", state="attached")
    # H: the hint rates my legal cards; the focus stays in my hand
    page.keyboard.press("h")
    page.wait_for_selector("#hand button.card[data-hint=best]")
    assert focus(page)["inHand"]
    # U clicks an undo button when there is one and it is enabled, and nothing otherwise
    hand = page.locator("#hand button.card").count()
    page.keyboard.press("u")
    assert page.locator("#hand button.card").count() == hand
    if page.locator("#btn-undo").count() == 0:
        page.evaluate(FAKE_UNDO_JS)
        page.locator('#hand button.card[tabindex="0"]').focus()
        page.keyboard.press("u")
        assert page.evaluate("window.undone") == 1
        page.evaluate("document.getElementById('btn-undo').disabled = true")
        page.keyboard.press("u")
        assert page.evaluate("window.undone") == 1


CARD_STYLE_JS = """() => { const c = document.querySelector('#hand button.card'), s = getComputedStyle(c);
  const colour = (suit) => { const n = document.querySelector(`#hand button.card[data-suit=${suit}]`);
    return n ? getComputedStyle(n).color : null; };
  return {width: c.getBoundingClientRect().width, transition: s.transitionDuration,
          colours: {S: colour('S'), H: colour('H'), D: colour('D'), C: colour('C')},
          cards: document.body.dataset.cards || '', deck: document.body.dataset.deck || ''}; }"""


def test_display_options_are_applied_and_remembered_and_motion_can_be_reduced(warm_game: Any) -> None:
    s = saved_session(my_turn_with_choice)
    suits = {c["suit"] for c in s.view_model(0)["hand"]}
    assert {"D", "C"} & suits and {"S", "H"} & suits
    page = warm_game({SAVE_KEY: s.to_save(), PREFS_KEY: json.dumps({"fast": True})})
    page.emulate_media(reduced_motion="no-preference")  # the cards move (the tests' browsers ask for less: MOTION)
    before = page.evaluate(CARD_STYLE_JS)
    assert before["cards"] == before["deck"] == "" and before["transition"] != "0s"
    assert {before["colours"][x] for x in "DC" if before["colours"][x]} <= {"rgb(193, 39, 45)", "rgb(23, 23, 26)"}
    bar.click(page, "#btn-options")
    page.wait_for_selector("#options-dialog[open]")
    assert page.locator("#options-display input[data-ui]:checked").count() == 0  # each off by default
    page.click("#opt-ui-large_cards")
    page.click("#opt-ui-four_colour")
    page.wait_for_selector("body[data-options=saved][data-cards=large][data-deck=four]")
    page.click("#options-close")
    after = page.evaluate(CARD_STYLE_JS)
    assert after["width"] > before["width"] * 1.1, (before["width"], after["width"])
    colours = {suit: c for suit, c in after["colours"].items() if c}
    assert colours.get("D", "rgb(10, 79, 179)") == "rgb(10, 79, 179)"
    assert colours.get("C", "rgb(4, 112, 63)") == "rgb(4, 112, 63)"
    assert len(set(colours.values())) == len(colours)  # each suit in the hand its own colour
    prefs = json.loads(page.evaluate(f"localStorage.getItem('{PREFS_KEY}')"))
    assert prefs["ui"] == {"large_cards": True, "four_colour": True} and prefs["fast"] is True
    page.reload()
    page.wait_for_selector("body[data-ready=true]")
    again = page.evaluate(CARD_STYLE_JS)
    assert (again["cards"], again["deck"]) == ("large", "four") and again["colours"] == after["colours"]
    bar.click(page, "#btn-options")
    assert page.locator("#options-display input[data-ui]:checked").count() == 2
    page.click("#opt-ui-large_cards")
    page.wait_for_function("!document.body.dataset.cards")
    page.click("#options-close")
    # reduced motion: no transition on my cards, no animation on the table's
    page.emulate_media(reduced_motion="reduce")
    assert page.evaluate(CARD_STYLE_JS)["transition"] == "0s"
    assert page.evaluate("getComputedStyle(document.querySelector('#trick .card')).animationName") == "none"
    page.emulate_media(reduced_motion="no-preference")
    assert page.evaluate(CARD_STYLE_JS)["transition"] != "0s"
    # a double click never plays a card by accident (a tester's worst find): a dialog's button over my hand,
    # double-clicked, closes the dialog and plays nothing; a double click on a legal card plays it once
    hand_js = "document.querySelectorAll('#hand .card').length"
    cards = page.evaluate(hand_js)
    bar.click(page, "#btn-options")
    page.wait_for_selector("#options-dialog[open]")
    box = page.locator("#hand .card.is-legal").first.bounding_box()
    page.evaluate("""(b) => { const c = document.getElementById('options-close'); c.style.position = 'fixed';
      c.style.left = (b.x + 2) + 'px'; c.style.top = (b.y + 2) + 'px'; }""", box)
    close = page.locator("#options-close").bounding_box()
    page.mouse.dblclick(close["x"] + 4, close["y"] + 4)
    page.wait_for_function("!document.getElementById('options-dialog').open")
    page.evaluate("document.getElementById('options-close').removeAttribute('style')")
    assert page.evaluate(hand_js) == cards and page.evaluate("document.body.dataset.lastError || ''") == ""
    legal = page.locator("#hand .card.is-legal").first
    legal.dblclick()
    page.wait_for_function(f"{hand_js} === {cards - 1}")
    assert page.evaluate("document.body.dataset.lastError || ''") == ""
    assert page.evaluate("!document.getElementById('toast') || document.getElementById('toast').hidden"), (
        page.evaluate("document.getElementById('toast').textContent"))
