"""The replay viewer in a real Chromium (issue 13, item 5): the game record downloaded from the page after a
few moves — in the middle of a deal: my hand and the cards played, no bot's hand — opens in the viewer; it
steps to the last card (every hand face up as the record has them, the backs of those it hides) and
back a trick, jumps to a deal, shows the expert's review of a chosen seat's cards beside what actually
happened, says the line and column of a malformed file without losing anything, and "Continue from here"
plays on from a step of the record (a bot answers, my card plays)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import bar
import pytest
from pictures import picture
from test_hidden import last_deal_cards, seen_by
from test_web import MY_TURN_OR_BREAK, SAVE_KEY, saved_session
from web_catalog import compiled

from kingcore.web import Catalog, Session
from kingcore.web.replay import Replay

pytestmark = pytest.mark.browser

BOARD_JS = """() => ({
  step: +document.body.dataset.replayStep,
  hands: [...document.querySelectorAll('#replay-board .replay-seat')].map(s =>
         [...s.querySelectorAll('.replay-hand [data-played]')].map(c => c.dataset.played)),
  trick: [...document.querySelectorAll('#replay-board .replay-trick [data-played]')].map(c => c.dataset.played),
})"""


DROP_JS = """text => { const dt = new DataTransfer(); dt.items.add(new File([text], 'bad.king'));
  document.getElementById('replay-board').dispatchEvent(new DragEvent('drop', {dataTransfer: dt, bubbles: true,
                                                                          cancelable: true})); }"""


def board(page: Any) -> dict[str, Any]:
    return dict(page.evaluate(BOARD_JS))


def wait_step(page: Any, step: int) -> None:
    page.wait_for_function(f"document.body.dataset.replayStep === '{step}'")


def moves(s: Session) -> list[tuple[int, str]]:
    return [(seat, str(m)) for d in s.game.deals for seat, m in [*d.calls, *d.plays]]


def choices(r: Replay, deal: int, seat: int) -> int:
    """How many cards ``seat`` played in deal ``deal`` (from 0) with more than one legal card."""
    d = r.deals[deal]
    return sum(1 for k in range(d.first + 1, d.last + 1) if (m := r.move_at(k)) and m["kind"] == "card"
               and m["seat"] == seat and len(r.game_at(k - 1).legal_moves()) > 1)


def test_a_downloaded_record_replays_and_plays_on(warm_game: Any, artifacts: Path) -> None:
    s = saved_session(lambda s: s.ply[0] == 2 and s.ply[2] >= 5 and s.view_model(0)["my_turn"])
    s.settings["levels"] = ["human", "medium", "medium", "medium"]
    page = warm_game({SAVE_KEY: s.to_save()})
    page.locator("#hand.is-my-turn button.card:not([aria-disabled=true])").first.click()  # a few moves more
    page.wait_for_function(MY_TURN_OR_BREAK)
    bar.click(page, "#btn-sheet")
    with page.expect_download() as dl:
        page.click("#export-record")
    text = Path(dl.value.path()).read_text(encoding="utf-8")
    r = Replay.from_text(text)
    assert len(moves(Session(r.game))) > len(moves(s))
    table = Session.from_save(page.evaluate(f"localStorage.getItem('{SAVE_KEY}')")).game  # the page's own save
    assert last_deal_cards(text) == seen_by(table, 0)  # mid-deal: my hand and the cards played, no bot's hand
    page.click("#btn-sheet-close")

    bar.click(page, "#btn-replay")
    page.wait_for_selector("#replay[open]")
    en = Catalog.from_mo(compiled("en"))  # "Continue from here" with no file open: disabled, its title says why
    assert page.is_disabled("#replay-continue")  # (it was active, and did nothing)
    assert page.get_attribute("#replay-continue", "title") == en.t("replay.continue_none")
    # the file picker: a button of the page's words (the browser's "Choose File / No file chosen" showed), the
    # input itself out of sight, focused as the dialog opens (Enter or a tap on the button opens the picker)
    assert page.inner_text("label.replay-pick:has(#replay-file)") == en.t("replay.pick")
    assert page.evaluate("document.activeElement.id") == "replay-file"
    assert page.locator("#replay-file").bounding_box()["width"] <= 1
    page.set_input_files("#replay-file", files=[{"name": "king-game.king", "mimeType": "text/plain",
                                                 "buffer": text.encode()}])
    page.wait_for_selector("body[data-replay=loaded]")
    assert page.is_enabled("#replay-continue")
    assert page.get_attribute("#replay-continue", "title") == en.t("replay.continue_title")
    wait_step(page, 0)
    assert board(page)["hands"] == r.frame(0)["hands"] and all(len(h) == 8 for h in board(page)["hands"])
    page.focus("#replay-next")
    page.keyboard.press("ArrowRight")
    wait_step(page, 1)
    assert board(page)["trick"] == [r.frame(1)["trick"][0]["card"]]
    page.keyboard.press("End")  # the last card of the record: every hand as the record leaves it
    wait_step(page, r.last)
    # "Card ›" under the focus is disabled at the end: the focus goes to "‹ Card", not to the page's body
    assert page.evaluate("document.activeElement.id") == "replay-prev"
    end = r.frame(r.last)
    assert board(page)["hands"] == end["hands"] and sum(map(len, end["hands"])) < 32
    backs = page.locator("#replay-board .replay-backs")  # the bots' cards the record does not show: backs
    assert [int(backs.nth(i).get_attribute("data-count") or 0) for i in range(3)] == end["backs"][1:]
    assert all(end["backs"][1:]) and not end["hands"][1] and end["backs"][0] == 0
    page.keyboard.press("Shift+ArrowLeft")
    wait_step(page, r.prev_trick(r.last))
    page.keyboard.press("PageDown")
    wait_step(page, r.last)
    picture(page, artifacts / "replay-1280x800.png")

    # a deal chosen from the list, and the expert's review of a bot's cards in it (the bot with the fewest
    # choices: the expert replays each one in the worker)
    seat = min((1, 2, 3), key=lambda seat: choices(r, 0, seat))
    assert choices(r, 0, seat) > 0
    page.select_option("#replay-deal", "0")
    wait_step(page, 0)
    page.select_option("#replay-seat", str(seat))
    page.click("#replay-evaluate")
    page.wait_for_selector("#replay-review .review-table tbody tr", timeout=180_000)
    review = page.locator("#replay-review .replay-review")
    assert review.get_attribute("data-seat") == str(seat) and review.get_attribute("data-deal") == "1"
    assert review.locator("tbody tr").count() == choices(r, 0, seat)
    assert "expected by the expert" in review.inner_text()
    points = r.deal_points(0)
    assert points is not None
    assert review.locator(".review-actual").get_attribute("data-points") == str(points[seat])
    assert "What actually happened: " + ("West", "North", "East")[seat - 1] + " scored" \
        in review.locator(".review-actual").inner_text()

    # a malformed file, dropped on the dialog: the line and column, and nothing lost
    lines = text.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("trick 3 "))
    lines[at] = lines[at].replace(":", ":Z", 1)  # trick 3's first card is no card
    col = len("trick 3 ") + 1  # the reader names the word's first column
    saved = page.evaluate(f"localStorage.getItem('{SAVE_KEY}')")  # my turn on the table: nothing moves
    page.evaluate(DROP_JS, "\n".join(lines))
    page.wait_for_selector("#replay-error:not([hidden])")
    assert f"line {at + 1}, column {col}" in page.locator("#replay-error").inner_text()
    assert page.evaluate("document.body.dataset.replayStep") == "0"  # the replay open stays
    assert board(page)["hands"] == r.frame(0)["hands"]
    assert page.evaluate(f"localStorage.getItem('{SAVE_KEY}')") == saved

    # continue from a step of deal 2 where a bot is to play: it answers, then my card plays
    second = r.deals[1]
    step = next(k for k in range(second.first + 1, second.last) if r.frame(k)["to_move"] == 1)
    page.select_option("#replay-deal", "1")
    wait_step(page, second.first)
    page.focus("#replay-next")
    for _ in range(step - second.first):
        page.keyboard.press("ArrowRight")
    wait_step(page, step)
    truncated = moves(r.session_at(step, {}, 0, ""))
    page.click("#replay-continue")  # a rubber I played in: New game's own question first, not the browser's
    page.wait_for_selector("#replace-dialog[open]")
    assert page.inner_text("#replace-title") == "Start a new game?"
    page.click("#replace-keep")  # Keep playing: the replay stays open on its step, the table as it was
    page.wait_for_function("!document.getElementById('replace-dialog').open")
    assert page.evaluate("document.getElementById('replay').open && document.body.dataset.replayStep") == str(step)
    page.click("#replay-continue")
    page.click("#replace-start")
    page.wait_for_function("!document.getElementById('replay').open")
    page.wait_for_function(MY_TURN_OR_BREAK)
    mine = page.locator("#hand.is-my-turn button.card:not([aria-disabled=true])").first
    card = mine.get_attribute("data-card")
    mine.click()
    page.wait_for_function(f"!document.querySelector('#hand button[data-card=\"{card}\"]')")
    played = moves(Session.from_save(page.evaluate(f"localStorage.getItem('{SAVE_KEY}')")))
    assert played[:len(truncated)] == truncated
    after = played[len(truncated):]
    assert after[0][0] == 1 and (0, card) in after  # a bot answered first, then my card

    # a hot-seat record names the people (as text, never markup) and the bots as the table did; a card out of
    # turn is said in the page's words (the table's reasons), not the engine's
    hot = Session.new_game({}, random.Random(4), {"levels": ["human", "easy", "human", "hard"],
                                                  "names": ["<b>Оля</b>", "", "Petya", ""]})
    hot.game.autoplay(random.Random(2), deals=1)
    bar.click(page, "#btn-replay")
    page.wait_for_selector("#replay[open]")
    page.evaluate(DROP_JS, hot.download())
    page.wait_for_function("document.getElementById('replay-seat').options[2]?.text === 'Petya'")
    assert page.locator("#replay-seat option").all_inner_texts() == ["<b>Оля</b>", "Bot 2", "Petya", "Bot 4"]
    assert page.locator("#replay-board .replay-seat-info b").first.inner_text() == "<b>Оля</b>"
    assert page.locator("#replay-board .replay-seat-info b b").count() == 0
    lines = hot.download().splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("trick 1 "))
    words = lines[at].split()
    lines[at] = " ".join([*words[:2], words[3], words[2], *words[4:]])  # the second seat plays first
    page.evaluate(DROP_JS, "\n".join(lines))
    page.wait_for_selector("#replay-error:not([hidden])")
    page.click("#replay-error summary")
    details = page.locator("#replay-error details").inner_text()
    seat, card = words[3].split(":")
    assert f"Seat {seat} of the record" in details and "wait for your turn" in details and "turn, not" not in details
