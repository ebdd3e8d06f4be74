"""An accessibility scan of the page in a real Chromium (issue 13): axe-core (vendored from npm by
``sitebuild.vendor.vendor_axe``, loaded into the page by the test only — the site never ships it) runs
inside the page on the table during play, the new-game dialog, the score sheet, the keys panel, the
options dialog and two call screens (the trump call of a khvalyonka and ordered King's naming of the
contract; each adopted from another tab's save: one page load for the whole scan), with the display options
on and off; any violation of impact "serious" or "critical" fails the test,
listed with its rule, its help text and the elements."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import bar
import pytest
from test_web import PREFS_KEY, SAVE_KEY, my_call, saved_session

from sitebuild.vendor import vendor_axe

pytestmark = pytest.mark.browser

SCAN_JS = """async () => {
  // the screen as it rests: a panel fading in (opacity from 0) would be judged on a half-drawn colour
  await Promise.all(document.getAnimations().filter(a => a.effect?.getTiming().iterations !== Infinity)
    .map(a => a.finished.catch(() => null)));
  const r = await axe.run(document, {resultTypes: ['violations']});
  return r.violations.filter(v => v.impact === 'serious' || v.impact === 'critical').map(v => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.slice(0, 6).map(n => n.target.join(' ') + ' — ' + (n.failureSummary || '').split('\\n')[1])}));
}"""


def scan(page: Any, where: str, found: dict[str, Any]) -> None:
    """axe-core on the page as it is now; its serious and critical violations under ``where``."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.evaluate(vendor_axe().read_text(encoding="utf-8"))  # CDP evaluate: the CSP bars inline scripts
    violations = page.evaluate(SCAN_JS)
    if violations:
        found[where] = violations


def test_no_serious_or_critical_violation(warm_game: Any, warm_tab: Any, artifacts: Path) -> None:
    found: dict[str, Any] = {}
    writer = warm_tab  # writes the call screens' saves below, as another tab of the site
    page = warm_game({PREFS_KEY: json.dumps({"fast": True})})
    page.wait_for_selector("#hand button.card")
    scan(page, "table", found)
    page.click("#btn-new")
    page.wait_for_selector("#new-game-dialog[open] #opt-set")
    scan(page, "new-game dialog", found)
    page.click("#new-game-cancel")
    bar.click(page, "#btn-sheet")
    page.wait_for_selector("#sheet-panel:not([hidden])")
    scan(page, "score sheet", found)
    page.click("#btn-sheet-close")
    bar.click(page, "#btn-keys")
    page.wait_for_selector("#keys-dialog[open] .keys-table")
    scan(page, "keys panel", found)
    page.click("#keys-close")
    bar.click(page, "#btn-options")
    page.wait_for_selector("#options-dialog[open]")
    page.click("#opt-ui-large_cards")
    page.click("#opt-ui-four_colour")
    scan(page, "options dialog", found)
    page.click("#options-close")
    scan(page, "table with large cards and four colours", found)
    bar.click(page, "#btn-options")  # the call screens as a fresh page draws them: the display options off
    page.wait_for_selector("#options-dialog[open]")
    page.click("#opt-ui-large_cards")
    page.click("#opt-ui-four_colour")
    assert not page.locator("#opt-ui-large_cards").is_checked() and not page.locator("#opt-ui-four_colour").is_checked()
    page.click("#options-close")
    # the call screens in the same page: the other tab writes each game's save, and the page adopts it as
    # it adopts any newer save of another tab (no second page load)
    for i, (label, options, phase) in enumerate((("trump call", {"replay": "trumps"}, "call_trump"),
                                                  ("ordered King's contract", {"order": "chosen"}, "choose_contract"))):
        s = saved_session(my_call(phase, 5), options=options)
        s.seq += 1000 * (i + 1)  # newer than anything the page has written
        writer.write({SAVE_KEY: s.to_save()})
        page.wait_for_selector(f"#call-screen[data-kind={phase}]:not([hidden])")
        scan(page, label, found)
    (artifacts / "a11y-scan.json").write_text(json.dumps(found, indent=1, ensure_ascii=False), encoding="utf-8")
    assert found == {}, "serious or critical accessibility violations:\n" + json.dumps(found, indent=1,
                                                                                      ensure_ascii=False)
