"""The page in Russian and Ukrainian, in a real Chromium (issue 13): the language comes from the browser's,
the loading text and ``<html lang>`` follow it before Python starts, a switch in the bar changes every
visible word of the table, a call screen, the score sheet and the new-game dialog (no catalog code, no
English left), and the choice is remembered."""

from __future__ import annotations

import re
import sys
import time
from pathlib import Path
from typing import Any

import bar
import pytest
from pictures import picture
from test_web import PREFS_KEY, SAVE_KEY, my_call, saved_session, seed_storage

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/: the page's catalogs, compiled
from web_catalog import compiled

from kingcore.web import Catalog
from sitebuild.browser import TIMEOUT_MS

pytestmark = pytest.mark.browser

VISIBLE_TEXT_JS = """(selector) => {
  const out = [], scopes = [...document.querySelectorAll(selector)].filter(s => s.checkVisibility());
  if (!scopes.length) return null;
  for (const scope of scopes) {
   const walk = document.createTreeWalker(scope, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
   for (let n = walk.currentNode; n; n = walk.nextNode()) {
    if (n.nodeType === Node.TEXT_NODE) {
      const p = n.parentElement, t = n.textContent.trim();
      const folded = p && p.closest('details:not([open])') && !p.closest('summary');  // shown only when opened
      if (t && p && p.checkVisibility() && !folded && !p.closest('script, style, template, option')) out.push(t);
    } else if (n.checkVisibility()) {
      for (const a of ['aria-label', 'title', 'placeholder']) if (n.getAttribute(a)) out.push(n.getAttribute(a));
    }
   }
  }
  return out;
}"""
LATIN = re.compile(r"[A-Za-z]{2,}")
ALLOWED = {"DOS"}  # the "DOS 1993" scoring preset: a program's name
CYRILLIC = re.compile(r"[А-Яа-яЁёІіЇїЄєҐґ]")
PARTS = {"table": "body > .bar, #table", "sheet": "#sheet-panel", "dialog": "#new-game-dialog", "problem": "#problem"}


def words(page: Any, part: str) -> list[str]:
    found = page.evaluate(VISIBLE_TEXT_JS, PARTS[part])
    assert found, f"{part} is not shown"
    return list(found)


RULES_TEXT = re.compile(r"\bking\([\w=,.+\-]*\)")  # the rules in force as the record writes them (notation)


def english_in(texts: list[str]) -> list[str]:
    """Texts with a Latin word in them (a catalog code such as ``seat.tricks`` is one too, and the rules text
    ``king(replay=trumps)``: the page says the rules in words)."""
    return [t for t in texts if set(LATIN.findall(t)) - ALLOWED or RULES_TEXT.search(t)]


def check_part(page: Any, part: str, lang: str, cat: Catalog) -> list[str]:
    texts = words(page, part)
    assert not english_in(texts), (lang, part, english_in(texts))
    assert all(CYRILLIC.search(t) or not LATIN.search(t) for t in texts)
    return texts


def check_everything(page: Any, lang: str) -> dict[str, list[str]]:
    """The table (with its call screen), the score sheet and the dialog, each opened and closed in turn."""
    cat = Catalog.from_mo(compiled(lang))
    page.wait_for_selector(f"body[data-lang={lang}]")
    assert page.evaluate("document.documentElement.lang") == lang
    assert page.title() == cat.t("page.title")
    assert page.get_attribute("#lang", "aria-label") == cat.t("bar.lang")
    seen = {"table": check_part(page, "table", lang, cat)}
    assert cat.t("call.trump.title") in seen["table"] or cat.t("status.turn") in " ".join(seen["table"])
    bar.click(page, "#btn-sheet")
    seen["sheet"] = check_part(page, "sheet", lang, cat)
    assert cat.t("panel.sheet") in seen["sheet"] and any(cat.t("sheet.total") == t for t in seen["sheet"])
    page.click("#btn-sheet-close")
    page.click("#btn-new")
    seen["dialog"] = check_part(page, "dialog", lang, cat)
    assert cat.t("dialog.deal") in seen["dialog"] and cat.t("basic.king") in seen["dialog"], seen["dialog"]
    page.click("#new-game-cancel")
    return seen


def test_switching_language_changes_every_visible_word(warm_game: Any, artifacts: Path) -> None:
    """One page (an English browser) switched to Russian, then to Ukrainian, on a trump call of the 5th deal
    and then on a trick in play; every visible text, label and title changes and none is English."""
    s = saved_session(my_call("call_trump", 5), options={"replay": "trumps"})
    assert s.view_model(0)["deal"] >= 5
    page = warm_game({SAVE_KEY: s.to_save(), PREFS_KEY: '{"fast": true}'})  # the warm context: an English browser
    assert page.evaluate("document.documentElement.lang") == "en"
    english = words(page, "table")
    bar.choose_language(page, "ru")
    ru = check_everything(page, "ru")
    picture(page, artifacts / "lang-ru-trump-call-1280x800.png")
    bar.choose_language(page, "uk")
    uk = check_everything(page, "uk")
    for part in ru:  # every part said something different in each language
        assert ru[part] != uk[part], part
    assert english != ru["table"]
    # the longer words still fit a phone's width, in both languages
    page.set_viewport_size({"width": 360, "height": 740})
    for lang in ("ru", "uk"):
        bar.choose_language(page, lang)
        page.wait_for_selector(f"body[data-lang={lang}]")
        picture(page, artifacts / f"lang-{lang}-trump-call-360x740.png")
        wide = page.evaluate("""[...document.querySelectorAll('body *')].filter(e => e.checkVisibility()
            && e.getBoundingClientRect().right > 360.5).map(e => e.tagName + '#' + e.id + '.' + e.className)""")
        assert page.evaluate("document.documentElement.scrollWidth") <= 360, (lang, wide)
        rights = page.evaluate("[...document.querySelectorAll('.bar-actions > *')]"
                               ".map(e => e.getBoundingClientRect().right)")
        assert max(rights) <= 360, (lang, rights)
    page.set_viewport_size({"width": 1280, "height": 800})
    # play on in Ukrainian: the trump call, then a card of mine; the trick, its labels, the reasons
    page.click("#call-screen button[data-move]")
    page.wait_for_selector("#hand.is-my-turn button.card")
    cat = Catalog.from_mo(compiled("uk"))
    check_part(page, "table", "uk", cat)
    picture(page, artifacts / "lang-uk-play-1280x800.png")
    # the screen reader's log speaks one language: a switch leaves no Ukrainian line in it (issue 30)
    page.locator("#hand.is-my-turn button.card:not([aria-disabled=true])").first.click()
    page.wait_for_function("[...document.querySelectorAll('#say p')].some(p => /[а-яіїєґ]/i.test(p.textContent))")
    bar.choose_language(page, "en")
    page.wait_for_selector("body[data-lang=en]")
    said = page.locator("#say p").all_inner_texts()
    assert not [t for t in said if re.search(r"[а-яіїєґ]", t, re.I)], said
    bar.choose_language(page, "uk")
    page.wait_for_selector("body[data-lang=uk]")
    # remembered: a reload comes back in Ukrainian, <html lang> set before Python starts
    page.reload(wait_until="domcontentloaded")
    assert page.evaluate("document.documentElement.lang") == "uk"
    page.wait_for_selector("body[data-ready=true]")
    assert page.evaluate("JSON.parse(localStorage.getItem('king:/:prefs')).lang") == "uk"
    check_part(page, "table", "uk", cat)


FIRST_WORDS_JS = """(() => { const look = () => {  // the loading text of the first frame that shows it
  const p = document.querySelector('#loading p');
  if (p && getComputedStyle(p).visibility === 'visible') window.kingFirstWords = p.textContent;
  else requestAnimationFrame(look); };
  requestAnimationFrame(look); })()"""


@pytest.mark.parametrize("locale, lang", [("be-BY", "ru"), ("uk-UA", "uk")])
def test_the_browsers_language_is_the_pages(locale: str, lang: str, server: Any, new_context: Any) -> None:
    """A Belarusian browser gets Russian, a Ukrainian one Ukrainian — from the first paint (the loading text: it
    said "Shuffling the deck…" while start.js was on its way), before Python starts (``<html lang>``, the
    update banner's words) and after (the table)."""
    cat = Catalog.from_mo(compiled(lang))
    ctx, _ = new_context(locale=locale)
    held: list[Any] = []  # start.js held back: the page parsed up to it, as a slow network shows it meanwhile
    ctx.route("**/start.js", lambda route: held.append(route))
    page = ctx.new_page()
    page.add_init_script(FIRST_WORDS_JS)
    page.goto(server.url, wait_until="commit")
    page.wait_for_function("document.getElementById('loading') !== null", polling=20)  # not by frames: none yet
    due = time.monotonic() + TIMEOUT_MS / 1000  # start.js asked for: its route's event comes a moment later (a
    while not held and time.monotonic() < due:  # fresh-clone run checked it at once and found none yet)
        page.wait_for_timeout(20)  # (Playwright hands its events over meanwhile)
    assert held
    for route in held:
        route.continue_()
    ctx.unroute("**/start.js")
    page.wait_for_function("window.kingFirstWords !== undefined", polling=20)
    assert page.evaluate("window.kingFirstWords") == cat.t("status.shuffling")
    page.wait_for_load_state("domcontentloaded")
    early = page.evaluate("""() => ({lang: document.documentElement.lang,
        loading: document.querySelector('#loading p').textContent,
        update: document.querySelector('#update-banner span').textContent,
        picker: document.getElementById('lang').value})""")
    assert early == {"lang": lang, "loading": cat.t("status.shuffling"), "update": cat.t("banner.update"),
                     "picker": lang}
    page.wait_for_selector("body[data-ready=true]")
    assert page.evaluate("document.body.dataset.lang") == lang
    check_part(page, "table", lang, cat)


def test_a_reload_says_it_restores_the_game(server: Any, new_context: Any) -> None:
    """A page opened with a game stored says it restores that game — «Загружаем игру…», from the first paint
    and in the status line until Python runs — not «Тасуем колоду…» (issue 30: a reload told a player the
    deck was being shuffled while their deal came back)."""
    cat = Catalog.from_mo(compiled("ru"))
    ctx, _ = new_context()
    seed_storage(ctx, {SAVE_KEY: saved_session(lambda s: s.view_model(0)["phase"] == "play").to_save(),
                       PREFS_KEY: '{"lang": "ru"}'})
    page = ctx.new_page()
    page.add_init_script(FIRST_WORDS_JS)
    page.goto(server.url)
    page.wait_for_function("window.kingFirstWords !== undefined", polling=20)
    early = page.evaluate("""() => [window.kingFirstWords, document.querySelector('#loading p').textContent,
                                    document.getElementById('status').dataset.t]""")
    assert early == [cat.t("status.restoring"), cat.t("status.restoring"), "status.restoring"]
    assert cat.t("status.restoring") != cat.t("status.shuffling")
    page.wait_for_selector("body[data-ready=true][data-phase=play]")


def test_an_unreadable_save_is_explained_in_the_language(warm_game: Any) -> None:
    """The banner about a save that cannot be read, in Russian (the player's stored choice; the browser's
    language picks the page's in test_the_browsers_language_is_the_pages), then in Ukrainian after a switch;
    its buttons too, and no English shows (the engine's own message stays folded under the details)."""
    page = warm_game({SAVE_KEY: "not a save at all", PREFS_KEY: '{"lang": "ru"}'})
    assert page.evaluate("document.body.dataset.phase") == "save_error"
    for lang in ("ru", "uk"):
        if lang != "ru":
            bar.choose_language(page, lang)
        page.wait_for_selector(f"body[data-lang={lang}]")
        cat = Catalog.from_mo(compiled(lang))
        text = page.locator("#problem-text").inner_text()
        assert cat.t("problem.garbage") in text and cat.t("problem.tail") in text, text
        check_part(page, "problem", lang, cat)
        assert page.locator("#problem-new").inner_text() == cat.t("panel.new")
