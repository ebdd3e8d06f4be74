"""The start-up snapshot (web/boot.mjs; docs/PERF.md §4), in a real Chromium: a first visit's page makes a
memory snapshot of its own Python with kingcore imported as it starts, and stores it; the next start restores
it (the page and the bots' worker) and the game plays, with a new deal; a damaged snapshot is dropped and
Python starts afresh."""

from __future__ import annotations

from typing import Any

import pytest
from test_recovery import play_a_card
from test_web import MY_TURN_OR_BREAK, open_game

pytestmark = [pytest.mark.browser, pytest.mark.first_visit]  # a first visit: no stored snapshot

MADE = "['stored', 'failed'].includes(document.documentElement.dataset.snapshot)"
HANDS_JS = "[...document.querySelectorAll('#hand [data-card]')].map(e => e.dataset.card).join(' ')"
SPOIL_JS = """async () => {  // garbage under the snapshot's own key, as a damaged disk or an old format would be
  for (const name of await caches.keys()) {
    if (!name.startsWith('king-snapshot:')) continue;
    const cache = await caches.open(name);
    for (const req of await cache.keys()) await cache.put(req, new Response(new Uint8Array(4096).fill(7)));
    return true;
  }
  return false;
}"""


SOURCES_JS = """async () => {  // the standard modules this page's Python imported from a source (not a .pyc)
  const py = await (await import(new URL("./boot.mjs", location.href).href)).start();
  return JSON.parse(py.runPython(`import json, sys
json.dumps(sorted(n for n, m in list(sys.modules.items())
                  if str(getattr(m, "__file__", "") or "").startswith("/lib/python314.zip/")
                  and not str(m.__file__).endswith(".pyc")))`));
}"""


def test_a_snapshot_is_stored_then_restored_and_a_damaged_one_dropped(server: Any, new_context: Any) -> None:
    ctx, _ = new_context()
    first = open_game(ctx, server.url)
    assert first.evaluate("document.documentElement.dataset.snapshotStart") == "none"  # then made by this page
    # a start without a snapshot compiles no standard module: the build compiled what it imports (a module
    # named here goes into sitebuild/stdlib.py's PAGE_MODULES)
    assert first.evaluate(SOURCES_JS) == []
    first.wait_for_function(MADE, timeout=240_000)
    assert first.evaluate("document.documentElement.dataset.snapshot") == "stored"
    first_hand = first.evaluate(HANDS_JS)
    first.close()

    again = open_game(ctx, server.url)  # a new tab: a fresh game from the restored Python
    assert again.evaluate("document.documentElement.dataset.snapshotStart") == "used"
    again.click("#btn-new")
    again.wait_for_selector("#new-game-dialog[open]")
    again.click("#new-game-start")
    again.wait_for_function(f"() => ({MY_TURN_OR_BREAK})() && document.body.dataset.phase === 'play'")
    assert again.evaluate(HANDS_JS) not in ("", first_hand)  # dealt anew, not the snapshot's random state
    again.wait_for_function("document.body.dataset.bots === 'worker'")
    again.wait_for_function(MY_TURN_OR_BREAK)
    if again.locator("#hand.is-my-turn button.card:not([aria-disabled=true])").count() > 1:  # the bots' hint runs too
        again.click("#btn-hint")
        again.wait_for_selector("#hand button.card[data-hint=best]")
    play_a_card(again)
    assert again.evaluate("document.body.dataset.botsSnapshot") == "used"  # the bots' worker restored it too
    assert again.evaluate(SPOIL_JS) is True
    again.close()

    spoiled = open_game(ctx, server.url)
    assert spoiled.evaluate("document.documentElement.dataset.snapshotStart") == "dropped"
    play_a_card(spoiled)
