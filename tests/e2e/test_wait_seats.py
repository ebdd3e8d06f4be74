"""While a mental table waits (a friend away, a deal dealt again), a page that left the last deal's result shows only
what the table waits for in the result panel (``#center-panel[data-stale]``, king/netwait.py's ``wait_note``): the
seats and their presence stay in view around it at every size, as they did at 1024 and 1280 — on a phone a new
user saw no other seat at all while the table waited. The result panel itself, with its table naming every seat,
still hides the seats it lies over (test_layout.py). The panel is made stale here as king/netwait.py makes it, on
a table at a deal's result, in Russian."""

from __future__ import annotations

import json
from typing import Any

import pytest
from test_web import PREFS_KEY, SAVE_KEY, saved_session

pytestmark = pytest.mark.browser

STALE_JS = """words => {  // the result panel as a page that left it shows it while the table waits (king/netwait.py)
  const panel = document.getElementById('center-panel'), note = document.createElement('p');
  note.id = 'mental-wait'; note.className = 'panel-note'; note.dataset.wait = 'annulled'; note.textContent = words;
  panel.append(note);
  panel.dataset.stale = 'true';
  return new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done))); }"""
SEEN_JS = """() => {  // each seat but mine: whether its name is drawn, not under the panel, within the window
  const panel = document.getElementById('center-panel').getBoundingClientRect();
  return [...document.querySelectorAll('section.seat:not(#seat-me)')].map(seat => {
    const r = seat.querySelector('.seat-name').getBoundingClientRect();
    const under = r.left < panel.right && panel.left < r.right && r.top < panel.bottom && panel.top < r.bottom;
    return [seat.dataset.seat, getComputedStyle(seat).visibility === 'visible' && r.width > 0 && !under
            && r.left >= 0 && r.right <= innerWidth && r.top >= 0 && r.bottom <= innerHeight];
  }); }"""
WORDS = ("Тасовка раздачи 3 отменена: страница игрока Константинопольская не на связи. Ждём, пока Константинопольская "
         "вернётся…")
"""The longest such note: a long name, twice."""


@pytest.mark.parametrize("size", [(360, 740), (320, 568), (740, 360), (1024, 768)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_seats_stay_in_view_while_the_table_waits(warm_game: Any, size: tuple[int, int]) -> None:
    s = saved_session(lambda s: s.view_model(0)["phase"] == "deal_over", seed=11)
    page = warm_game({SAVE_KEY: s.to_save(), PREFS_KEY: json.dumps({"fast": True, "lang": "ru"})}, size=size)
    page.wait_for_selector("#center-panel:not([hidden]) #btn-continue")
    page.evaluate(STALE_JS, WORDS)
    seen = page.evaluate(SEEN_JS)
    assert len(seen) == 3 and all(shown for _, shown in seen), seen
    note = page.locator("#mental-wait").bounding_box()  # the note itself whole within the window
    assert note is not None and note["x"] >= 0 and note["x"] + note["width"] <= size[0], note
