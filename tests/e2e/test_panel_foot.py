"""Issue 29, a new user's find at 1280×800: a stray «2)» showed just above the result panel's buttons — a line of
the panel's words scrolled under them, seen through the gap the buttons' margin left unpainted. The page's own
style sheet on a result panel whose words are longer than its room (no Pyodide: the layout alone): whatever the
panel is scrolled to, no word shows between the buttons and the words above them, nor beside them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
WORDS = " ".join(f"{i}) страница игрока Петя перезагружена или отключена;" for i in range(1, 9))
PANEL = f"""<!doctype html><html lang="ru"><head><meta charset="utf-8"><style>{{css}}</style></head><body>
<main class="table" id="table"><div class="felt" style="position: relative; width: 900px; height: 250px">
<div class="panel" id="center-panel"><h2>Раздача 5: Не брать Кинга</h2>
<table class="result"><tr><td>Оля</td><td>0</td></tr><tr><td>Петя</td><td>0</td></tr></table>
<p class="panel-note" id="mental-check">Проверено этой страницей. Раздачу тасовали 9 раз; прежние попытки
отменены: {WORDS}</p>
<p class="panel-buttons"><button class="btn" id="btn-review">Разбор моих карт</button></p>
<p class="panel-buttons"><button class="btn btn--accent" id="btn-continue">Дальше</button></p>
</div></div></main></body></html>"""

SEEN_JS = """() => {
  const panel = document.getElementById('center-panel'), note = document.getElementById('mental-check');
  const foot = [...panel.querySelectorAll('p.panel-buttons .btn')].map(b => b.getBoundingClientRect());
  const top = Math.min(...foot.map(r => r.top)), box = panel.getBoundingClientRect();
  const shown = [];
  for (const scroll of [0, 40, 80, 120, 160, panel.scrollHeight]) {
    panel.scrollTop = scroll;
    for (let y = Math.floor(top) - 8; y < box.bottom - 1; y += 1) {  // from just above the buttons to the foot
      for (let x = box.left + 4; x < box.right - 4; x += 6) {
        const hit = document.elementFromPoint(x, y);
        if (hit && note.contains(hit)) shown.push([scroll, Math.round(x), y]);
      }
    }
  }
  return {shown: shown.slice(0, 5), scrolls: panel.scrollHeight > panel.clientHeight};
}"""


@pytest.mark.browser
@pytest.mark.parametrize("size", [(1280, 800), (1024, 768), (360, 740)])
def test_no_word_of_the_result_panel_shows_by_its_buttons(browser: Any, size: tuple[int, int]) -> None:
    page = browser.new_page(viewport={"width": size[0], "height": size[1]})
    try:
        page.set_content(PANEL.replace("{css}", (ROOT / "web" / "style.css").read_text(encoding="utf-8")))
        seen = page.evaluate(SEEN_JS)
        assert seen["scrolls"], seen  # (the words are longer than the panel's room, as in the new user's game)
        assert not seen["shown"], seen  # no point just above or beside the buttons shows the words under them
    finally:
        page.close()
