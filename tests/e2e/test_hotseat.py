"""Several people at one device ("hot seat", issue 13) in a real Chromium: the New game dialog makes seat 2 a
person named ``<b>Petya</b>`` beside ``Olga`` at seat 0, two fast bots fill the other seats, and the two
people play a whole deal at one page. At every pass screen and every person's turn, no card of the other
person's hand (nor, behind the pass screen, of either hand) is anywhere in the document; the table turns to
the person whose turn it is; a reload behind the pass screen keeps it (no peeking by reloading); the names
are on the table and the score sheet as text (the ``<b>`` is not markup)."""

from __future__ import annotations

import json
from typing import Any

import bar
import pytest
from test_web import CAT, PREFS_KEY, SAVE_KEY

from kingcore.web import Session

pytestmark = pytest.mark.browser

NAMES = {0: "Olga", 2: "<b>Petya</b>"}

NEXT_JS = """() => { const p = document.getElementById('pass-screen');
  if (p && !p.hidden) return 'pass';
  if (document.body.dataset.phase === 'deal_over') return 'over';
  if (document.querySelector('#hand.is-my-turn button.card.is-legal')) return 'turn';
  return null; }"""


def session(page: Any) -> Session:
    """The game as the page saved it (the test reads the dealt cards from it, as no page may show them)."""
    return Session.from_save(page.evaluate(f"localStorage.getItem({json.dumps(SAVE_KEY)})"))


def absent(page: Any, cards: set[str]) -> None:
    """None of ``cards`` is in the document: no element names its code, no text or label its name."""
    absent_from(page.evaluate("document.documentElement.outerHTML"), cards)


def absent_from(html: str, cards: set[str]) -> None:
    """:func:`absent` on a document's ``html`` read before (with other things, in one call to the page)."""
    for card in cards:
        assert f'"{card}"' not in html and f"why-{card}" not in html, card
        assert CAT.card_name(card) not in html, card
    marks = [html[max(0, i - 150):i + 20] for i, ch in enumerate(html) if 0xE010 <= ord(ch) <= 0xE015]
    assert not marks, marks[:3]  # every name mark was filled in as text


def seat_name(page: Any, seat: int) -> str:
    return str(page.evaluate(f"""() => {{ const me = document.getElementById('seat-me');
      const box = me.dataset.seat === '{seat}' ? me : document.querySelector('section.seat[data-seat="{seat}"]');
      return box.querySelector('.seat-name').firstChild.textContent; }}"""))


def test_two_people_and_two_bots_play_a_deal_at_one_device(warm_game: Any) -> None:
    page = warm_game({PREFS_KEY: json.dumps({"fast": True, "levels": ["human", "random", "random", "random"]})})
    assert page.locator("#pass-screen:not([hidden])").count() == 0  # one person: no pass screen
    page.click("#btn-new")
    page.fill("#opt-name-0", "  Olga ")
    assert page.locator("#opt-name-2-field").is_hidden()
    page.select_option("#opt-level-2", "human")
    page.fill("#opt-name-2", NAMES[2])
    page.click("#new-game-start")
    page.wait_for_selector("#pass-screen:not([hidden])")

    passes, turns, reloaded, viewers = 0, 0, False, []
    while True:
        what = page.wait_for_function(NEXT_JS).json_value()
        if what == "over":
            break
        s = session(page)
        hands = {seat: {str(c) for c in s.game.visible_hand(seat)} for seat in NAMES}
        if what == "pass":
            passes += 1
            seat = s.viewer
            assert s.covered and page.locator("#hand button.card").count() == 0
            absent(page, hands[0] | hands[2])  # neither person's cards: the device is changing hands
            title = page.locator("#pass-title").text_content()
            assert title == f"Pass the device to {NAMES[seat]}"
            assert page.locator("#pass-show").text_content() == f"I am {NAMES[seat]} — show my cards"
            assert page.locator("#pass-screen b").count() == 0  # the name's <b> is text, not markup
            if passes == 1:  # the game record (and a backup) hold every dealt hand: refused until the deal is over
                bar.click(page, "#btn-sheet")  # the score sheet's link, the pass screen up: the toast above the screen
                page.click("#export-record")
                page.wait_for_function("document.getElementById('toast').textContent.includes('once the deal is over')")
                assert page.evaluate("document.getElementById('toast').matches(':popover-open')")  # the top layer
                assert page.locator("#toast").is_visible()
                assert page.get_attribute("#export-record", "href") == "#"
                page.click("#btn-sheet-close")
                bar.click(page, "#btn-stats")  # the backup: said in the modal dialog, in its own words
                page.click("#stats-export")
                page.wait_for_function(f"document.getElementById('stats-message').textContent === "
                                       f"{json.dumps(CAT.t('toast.backup_hidden'))}")
                assert page.locator("#stats-message").is_visible()
                assert page.get_attribute("#stats-export", "href") == "#"
                page.click("#stats-close")
            if passes == 2 and not reloaded:  # a reload keeps the screen up: no peeking by reloading
                reloaded = True
                page.reload()
                page.wait_for_selector("body[data-ready=true]")
                assert page.locator("#pass-screen:not([hidden])").count() == 1
                absent(page, hands[0] | hands[2])
                continue
            page.click("#pass-show")
            page.wait_for_function("document.getElementById('pass-screen').hidden")
            continue
        seat = int(page.evaluate("document.getElementById('seat-me').dataset.seat"))
        other = 2 - seat
        assert s.game.to_move == seat == s.viewer and not s.covered
        absent(page, hands[other])  # the other person's cards are nowhere in the document
        shown = page.evaluate("[...document.querySelectorAll('#hand button.card')].map(b => b.dataset.card)")
        assert set(shown) == hands[seat]
        assert seat_name(page, seat) == NAMES[seat] and seat_name(page, other) == NAMES[other]
        assert seat_name(page, 1) == "Bot 2" and page.locator("#seat-me .seat-name b").count() == 0
        assert page.evaluate("document.querySelector('section.seat[data-pos=\"north\"]').dataset.seat") == str(other)
        assert page.get_attribute(f'section.seat[data-seat="{other}"]', "aria-label") == NAMES[other]
        assert page.get_attribute("#seat-me", "aria-label") == NAMES[seat]
        viewers.append(seat)
        card = page.locator("#hand button.card.is-legal").first.get_attribute("data-card")
        page.click(f'#hand button[data-card="{card}"]')
        page.wait_for_function(f"!document.querySelector('#hand button[data-card=\"{card}\"]')")
        turns += 1
    assert turns == 16 and reloaded and set(viewers) == {0, 2}
    assert passes >= 3, passes

    page.evaluate("document.getElementById('export-record').click()")  # the deal is over: the record is offered
    assert page.get_attribute("#export-record", "href").startswith("blob:")
    bar.click(page, "#btn-sheet")
    heads = page.evaluate("[...document.querySelectorAll('#score-sheet thead th[data-seat]')].map(t => t.textContent)")
    assert heads == ["Olga", "Bot 2", "<b>Petya</b>", "Bot 4"]
    assert page.locator("#score-sheet b").count() == 0
    prefs = json.loads(page.evaluate(f"localStorage.getItem({json.dumps(PREFS_KEY)})"))
    assert prefs["names"][:3] == ["Olga", "", "<b>Petya</b>"] and prefs["levels"][2] == "human"
