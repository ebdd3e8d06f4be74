"""The page with the keyboard and a screen reader, in a real Chromium (issue 13): a whole deal played with
keys only (Tab into the hand, arrows/Home/End to a card, Enter or Space to play it, Enter on the results
panel, the focus back in the hand for the next deal); a call screen answered with the keyboard hands the
focus back to the hand; the live region (``#say``) says each bot's card and each trick's taker and points."""

from __future__ import annotations

import json
from typing import Any

import pytest
from test_web import CAT, PREFS_KEY, SAVE_KEY, my_call, saved_session

from kingcore.web import Session

pytestmark = pytest.mark.browser

FOCUS_JS = """() => { const a = document.activeElement;
  return {inHand: !!(a && a.closest('#hand')), card: a && a.dataset.card || null, id: a && a.id || null,
          inScreen: !!(a && a.closest('#call-screen')), inPanel: !!(a && a.closest('#center-panel'))}; }"""
HAND_JS = """() => [...document.querySelectorAll('#hand button.card')].map(b =>
  [b.dataset.card, b.getAttribute('aria-disabled') !== 'true', b.tabIndex])"""
MY_CARD_OR_DEAL_OVER = """() => document.body.dataset.phase === 'deal_over'
  || !!document.querySelector('#hand.is-my-turn button.card:not([aria-disabled=true])')"""


def focus(page: Any) -> dict[str, Any]:
    return dict(page.evaluate(FOCUS_JS))


def test_a_whole_deal_with_the_keyboard_only(warm_game: Any) -> None:
    page = warm_game({PREFS_KEY: json.dumps({"fast": True, "levels": ["human", "medium", "medium", "medium"]})})
    for _ in range(30):  # Tab through the bar to the hand: one stop for the whole hand
        if focus(page)["inHand"]:
            break
        page.keyboard.press("Tab")
    assert focus(page)["inHand"]
    stops = [card for card, _, tab in page.evaluate(HAND_JS) if tab == 0]
    assert len(stops) == 1
    played = 0
    while True:
        page.wait_for_function(MY_CARD_OR_DEAL_OVER)
        if page.evaluate("document.body.dataset.phase") == "deal_over":
            break
        assert focus(page)["inHand"], focus(page)  # the focus stayed in my hand while the bots played
        hand = page.evaluate(HAND_JS)
        names = [card for card, _, _ in hand]
        target = next(i for i, (_, legal, _) in enumerate(hand) if legal)
        page.keyboard.press("End")
        assert focus(page)["card"] == names[-1]
        page.keyboard.press("Home")
        assert focus(page)["card"] == names[0]
        for _ in range(target):
            page.keyboard.press("ArrowRight")
        assert focus(page)["card"] == names[target]
        page.keyboard.press("ArrowLeft" if target else "ArrowRight")
        page.keyboard.press("ArrowRight" if target else "ArrowLeft")
        assert focus(page)["card"] == names[target]
        greyed = next((i for i, (_, legal, _) in enumerate(hand) if not legal), None)
        if greyed is not None and played == 0:  # a greyed card takes the focus; Enter on it plays nothing
            page.keyboard.press("Home")
            for _ in range(greyed):
                page.keyboard.press("ArrowRight")
            assert focus(page)["card"] == names[greyed]
            page.keyboard.press("Enter")
            page.wait_for_selector("#toast:not([hidden])")
            assert len(page.evaluate(HAND_JS)) == len(hand)
            page.keyboard.press("Home")
            for _ in range(target):
                page.keyboard.press("ArrowRight")
        page.keyboard.press("Enter" if played % 2 == 0 else " ")
        page.wait_for_function(f"!document.querySelector('#hand button[data-card=\"{names[target]}\"]')")
        played += 1
    assert played == 8
    page.wait_for_function("document.activeElement && document.activeElement.id === 'btn-continue'")
    deal = page.evaluate("document.body.dataset.deal")
    page.keyboard.press("Enter")
    page.wait_for_function(f"document.body.dataset.deal !== '{deal}'")
    assert focus(page)["inHand"]  # the panel gone, the focus is back in the hand
    assert Session.from_save(page.evaluate("localStorage.getItem(window.kingSaveKey)")).game.sheet.rows


def test_a_call_screen_with_the_keyboard_then_the_hand(warm_game: Any) -> None:
    s = saved_session(my_call("call_trump", 5), options={"replay": "trumps"})
    page = warm_game({SAVE_KEY: s.to_save()})
    assert focus(page)["inScreen"]  # the call screen took the focus
    page.keyboard.press("Tab")
    assert focus(page)["inScreen"]
    page.keyboard.press("Enter")
    page.wait_for_function("() => { const s = document.getElementById('call-screen'); return !s || s.hidden; }")
    assert focus(page)["inHand"]


def test_the_live_region_says_the_bots_cards_and_the_trick(warm_game: Any) -> None:
    """I lead the first trick of a deal; the live region then says the three bots' cards in words and the
    trick's taker with its points, as the saved game has them."""
    def my_first_lead(s: Session) -> bool:
        vm = s.view_model(0)
        return vm["phase"] == "play" and vm["my_turn"] and vm["tricks_done"] == 0 and not vm["trick"] \
            and vm["deal"] >= 2
    s = saved_session(my_first_lead)
    page = warm_game({SAVE_KEY: s.to_save()})
    assert page.locator("#say").get_attribute("role") == "log"
    assert page.locator("#say p").count() == 0
    page.locator("#hand.is-my-turn button.card:not([aria-disabled=true])").first.focus()
    page.keyboard.press("Enter")
    page.wait_for_function("document.querySelectorAll('#say p').length >= 1")
    first = page.locator("#say p").first.inner_text()
    page.wait_for_function("document.querySelectorAll('#say p').length >= 4")
    said = page.locator("#say p").all_inner_texts()
    vm = Session.from_save(page.evaluate("localStorage.getItem(window.kingSaveKey)")).view_model(0)
    last = vm["last_trick"]
    assert last["number"] == 1
    names = {0: "You", 1: "West", 2: "North", 3: "East"}
    bots = [f"{names[e['seat']]} plays the {CAT.card_name(e['card'])}" for e in last["cards"] if e["seat"] != 0]
    assert first == bots[0]
    points = vm["points"][last["winner"]] if vm["tricks_done"] == 1 else None
    trick = said[3]
    assert trick.startswith(f"Trick 1 to {names[last['winner']]}")
    if points is not None:
        assert trick == (f"Trick 1 to {names[last['winner']]}, no points" if points == 0 else
                         CAT.n("say.trick", abs(points), trick=1, name=names[last["winner"]],
                               points=("−" if points < 0 else "+") + str(abs(points))))
    assert said[:3] == bots


LABELS_JS = """() => [...document.querySelectorAll('#hand .card')].filter(c =>  // the cards whose reason label is up
  !['none', 'normal'].includes(getComputedStyle(c, '::after').content)).map(c => c.dataset.card)"""


def test_a_cards_reason_shows_where_the_keyboard_focused_not_where_the_page_did(warm_game: Any) -> None:
    """A tester's phone, after a reload: «дождитесь своего хода» over the first card, which nobody had touched
    (the page had placed its focus in the hand). The reason label shows on the pointer's card or on the card
    the keyboard focused — not on a focus the page placed with no key pressed, nor after a pointer press."""
    s = saved_session(lambda s: (vm := s.view_model(0))["phase"] == "play" and vm["my_turn"]
                      and not all(c["legal"] for c in vm["hand"]))  # (the table waits for me: the hand stays)
    page = warm_game({SAVE_KEY: s.to_save()})
    page.wait_for_selector("#hand button.card[data-why]")
    page.evaluate("document.querySelector('#hand button.card[data-why]').focus()")  # as the page places it
    assert focus(page)["inHand"]
    assert page.evaluate(LABELS_JS) == []
    page.keyboard.press("Shift")  # the keyboard in use: its focus shows the card's reason
    card = focus(page)["card"]
    page.wait_for_function(f"({LABELS_JS})().length > 0")
    assert page.evaluate(LABELS_JS) == [card]
    page.mouse.click(2, page.viewport_size["height"] - 2)  # a pointer pressed elsewhere: no label left up
    page.wait_for_function(f"({LABELS_JS})().length === 0")
