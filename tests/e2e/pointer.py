"""A move played as a player plays it, in few calls to the page: Playwright's click checks (in view, standing
still, not covered) and its pointer or key press, with the page's state read in the same call. Each
Playwright call is a round trip of 20–200 ms on two shared cores; a click alone makes several (and waits for
animation frames), so a test of a hundred moves spent most of its time in them."""

from __future__ import annotations

from typing import Any

MINE = "#hand.is-my-turn button.card.is-legal, #call-screen:not([hidden]) button[data-move]"
"""A page's legal moves when it is to move: its legal cards, or the options of its call screen."""
PICK_JS = """([mine, focus, html, stop]) => {
  // The page's first legal move once it is to move, as Playwright's click finds it, in one call to the page:
  // its button in view, standing still (at one place two animation frames running) and not covered where
  // the click lands. Returns {x, y, sel: the move's own selector, hand: the card codes in the page's hand,
  // hint: the Hint button shown, html: the document when asked}; ``focus``: the button focused (a key press
  // plays it); or {stop: true} once the page's phase is one of ``stop``.
  if (stop && stop.includes(document.body.dataset.phase)) return {stop: true};
  const el = document.querySelector(mine);
  if (!el) return null;
  const r = el.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2;
  if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) {
    el.scrollIntoView({block: 'nearest', inline: 'nearest'});
    return null;
  }
  const card = el.dataset.card, move = el.dataset.move, at = [card, move, x, y].join('|');
  const still = window.kingTestAt === at;
  window.kingTestAt = at;
  if (!still || !el.contains(document.elementFromPoint(x, y))) return null;
  window.kingTestAt = null;
  if (focus) el.focus();
  const hint = document.getElementById('btn-hint'), box = hint && hint.getBoundingClientRect();
  return {x, y,
          sel: card ? `#hand button[data-card="${card}"]` : `#call-screen:not([hidden]) button[data-move="${move}"]`,
          hand: [...document.querySelectorAll('#hand button.card')].map(b => b.dataset.card),
          hint: !!box && box.width > 0 && box.height > 0 && getComputedStyle(hint).visibility !== 'hidden',
          html: html ? document.documentElement.outerHTML : null};
}"""


def pick(page: Any, focus: bool = False, html: bool = False, mine: str = MINE,
         stop: tuple[str, ...] = ()) -> dict[str, Any]:
    """The page's first legal move (``mine``'s first match) once it is to move, or ``{"stop": True}`` once the
    page's phase is one of ``stop`` (:data:`PICK_JS`, one wait on the page)."""
    return dict(page.wait_for_function(PICK_JS, arg=[mine, focus, html, list(stop)]).json_value())


def play(page: Any, move: dict[str, Any], keyboard: bool = False) -> None:
    """``move`` (from :func:`pick`) played by a click where it stands, or by Enter on it (``pick(focus=True)``);
    back once its button is gone (the page took the move)."""
    if keyboard:
        page.keyboard.press("Enter")
    else:
        page.mouse.click(move["x"], move["y"])
    page.wait_for_function("sel => !document.querySelector(sel)", arg=move["sel"])
