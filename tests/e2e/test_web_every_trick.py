"""Issue 11 items 4 and 5 in a real Chromium, one page per test: the trick that ends a deal stays on the table
in deal_over and a past deal's tricks open from the score sheet; the card called "by the last card" is shown
to everyone (and the bots' seats show the backs they really hold while the caller calls); the rules help of
a 3-player game with a kitty, from the table and from a "§" mark of the new-game dialog."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import bar
import pytest
from pictures import picture
from test_web import SAVE_KEY, saved_session

from kingcore import Phase
from kingcore.web import Session

pytestmark = pytest.mark.browser


def saved(page: Any) -> Session:
    return Session.from_save(page.evaluate("localStorage.getItem(window.kingSaveKey)"))


def test_the_last_trick_stays_and_a_past_deal_opens_from_the_sheet(warm_game: Any,
                                                                   artifacts: Path) -> None:
    # deal 1 (no tricks: played to the last card), my turn with my last card in hand
    s = saved_session(lambda s: s.game.phase is Phase.PLAY and s.game.current.number == 1
                      and s.game.to_move == 0 and len(s.game.hand(0)) == 1)
    page = warm_game({SAVE_KEY: s.to_save()})
    card = str(s.game.hand(0)[0])
    page.click(f'#hand button[data-card="{card}"]')
    page.wait_for_function("document.body.dataset.phase === 'deal_over'")
    after = saved(page)
    last = after.history(1)["tricks"][-1]
    assert card in [e["card"] for e in last["cards"]]
    on_table = page.evaluate("""() => [...document.querySelectorAll('#trick .card')].map(
        c => [c.dataset.card, c.classList.contains('is-winner')])""")
    winner_card = next(e["card"] for e in last["cards"] if e["seat"] == last["winner"])
    assert sorted(on_table) == sorted([e["card"], e["card"] == winner_card] for e in last["cards"])
    assert page.locator("#trick.is-last").count() == 1
    assert page.locator("#center-panel .final-trick .mini").count() == 4
    assert page.locator("#center-panel .final-trick .mini.is-winner").count() == 1
    picture(page, artifacts / "deal-over-last-trick-1280x800.png")
    # moving on clears it; deal 1 is now a past deal: its row of the score sheet opens its tricks
    page.click("#btn-continue")
    page.wait_for_function("document.body.dataset.deal === '2'")
    # deal 2's cards are the same deck, so a bot may already have led deal 1's QH: the check is that the
    # last trick is no longer shown, not that its cards are absent (which failed now and then in CI)
    assert page.locator("#trick.is-last").count() == 0
    assert set(page.evaluate("[...document.querySelectorAll('#trick .card')].map(c => c.dataset.card)")) != {
        e["card"] for e in last["cards"]}
    bar.click(page, "#btn-sheet")
    page.click('#score-sheet tr[data-deal="1"] th')  # anywhere on the row, not only its number
    page.wait_for_function("document.body.dataset.history === '1'")
    assert page.locator("#history-dialog").evaluate("d => d.open")
    rows = page.evaluate("""() => [...document.querySelectorAll('#history-dialog tr[data-trick]')].map(r => ({
        winner: +r.dataset.winner, points: +r.dataset.points,
        cards: [...r.querySelectorAll('.history-card')].map(c => c.dataset.played)}))""")
    tricks = after.history(1)["tricks"]
    assert rows == [{"winner": t["winner"], "points": t["points"], "cards": [e["card"] for e in t["cards"]]}
                    for t in tricks]
    assert len(rows) == 8 and sum(r["points"] for r in rows) == after.game.sheet.rows[0].control
    picture(page, artifacts / "trick-history-1280x800.png")
    # what the history shows is public (played cards), and no card of a hand is keyed outside the hand and table
    keyed = page.evaluate("[...document.querySelectorAll('[data-card]')].map(e => e.closest('#hand, #trick')?.id)")
    assert set(keyed) <= {"hand", "trick"}
    page.click("#history-close")
    page.wait_for_function("document.body.dataset.history === undefined")


def test_the_card_called_by_the_last_card_is_shown(warm_game: Any, artifacts: Path) -> None:
    s = saved_session(lambda s: s.game.phase is Phase.CALL_TRUMP and s.game.current.caller == 0,
                      options={"replay": "trumps"})
    g = s.game
    dealt = [len(g.visible_hand(seat)) for seat in range(4)]
    assert dealt[0] == 3 and sum(dealt) < 32  # the dealer stopped at my third card
    page = warm_game({SAVE_KEY: s.to_save()})
    page.wait_for_selector('#call-screen button[data-move="trump:last-card"]')
    backs = [page.locator(f'.seat[data-seat="{seat}"] .back').count() for seat in (1, 2, 3)]
    assert backs == dealt[1:] and len(page.evaluate("[...document.querySelectorAll('#hand .card')]")) == 3
    assert page.locator("#shown-card").is_hidden()
    page.click('#call-screen button[data-move="trump:last-card"]')
    page.wait_for_function("document.body.dataset.phase === 'play'")
    shown = str(saved(page).game.current.shown)
    assert shown == str(saved(page).game.current.hands[0][-1])
    figure = page.locator("#shown-card figure")
    assert figure.is_visible() and figure.get_attribute("data-shown") == shown
    assert page.evaluate("document.getElementById('shown-card').dataset.shown") == shown
    assert "Your last card, shown to everyone" in figure.inner_text()  # I called: I am the caller
    picture(page, artifacts / "last-card-shown-1280x800.png")


def test_the_rules_help_of_a_three_player_game_with_a_kitty(warm_game: Any, artifacts: Path) -> None:
    s = saved_session(lambda s: s.game.phase is Phase.PLAY, options={"players": 3, "deck": "kitty"})
    page = warm_game({SAVE_KEY: s.to_save()})
    bar.click(page, "#btn-help")
    page.wait_for_function("document.body.dataset.help === 'rules'")
    dialog = page.locator("#help-dialog")
    assert dialog.get_attribute("data-rules") == "king(players=3,deck=kitty)"
    text = page.locator("#help-body").inner_text()
    for words in ("A table of 3 players.", "The deck: all 32 cards, seven to ace.",
                  "Each player is dealt 10 cards, so a deal has 10 tricks.",
                  "2 cards are left face down as a kitty: nobody plays them and they score for nobody.",
                  "The rubber need not sum to 0: the kitty's cards score for nobody."):
        assert words in text, words
    assert page.locator("#help-body .help-deals li").count() == 14
    assert "control total −20" in page.locator('#help-body li[data-contract="no_tricks"]').inner_text()
    picture(page, artifacts / "rules-help-3-kitty-1280x800.png")
    page.keyboard.press("Escape")
    page.wait_for_function("document.body.dataset.help === undefined")
    # from the dialog: the § mark of "King must go" opens the help of the rules chosen there, at its section
    page.click("#btn-new")
    page.select_option("#opt-king_discard", value='"never"')
    page.click('#new-game-fields a[data-help="special"] >> nth=0')
    page.wait_for_function("document.body.dataset.help === 'special'")
    assert page.locator("#help-dialog").get_attribute("data-rules") == "king(king_discard=never)"
    special = page.locator("#help-special")
    assert "is-target" in (special.get_attribute("class") or "")
    assert "K♥ never has to be played" in special.inner_text()
    assert "A table of 4 players." in page.locator("#help-body").inner_text()
    picture(page, artifacts / "rules-help-from-dialog-1280x800.png")
    page.click("#help-close")
    assert page.locator("#new-game-dialog").evaluate("d => d.open")  # back in the dialog, choices kept
    assert page.locator("#opt-king_discard").input_value() == '"never"'
