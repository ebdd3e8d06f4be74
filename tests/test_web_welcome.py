"""A first visit's welcome (issue 30 item 6) under CPython: its lists in index.html are the page's own (every bot
level, every named rule set, every language — written there so that web/start.js shows the welcome with the
first paint, before Python), its words are in every catalog, and the preferences keep its answers (the
browser flow: tests/e2e/test_welcome.py)."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

from kingcore.web import BOT_LEVELS, LANGUAGES, RULE_SET_TEXTS, read_prefs
from kingcore.web.prefs import sort_prefs

ROOT = Path(__file__).resolve().parents[1]


class Options(HTMLParser):
    """The ``option`` values and codes (the whole text's: ``data-t-title`` if any, else ``data-t``) of each
    ``select`` by id, and the selected value."""

    def __init__(self) -> None:
        super().__init__()
        self.selects: dict[str, list[tuple[str, str | None, bool]]] = {}
        self.at: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "select":
            self.at = a.get("id")
            self.selects[str(self.at)] = []
        elif tag == "option" and self.at is not None:
            self.selects[self.at].append((str(a.get("value")), a.get("data-t-title") or a.get("data-t"),
                                          "selected" in a))

    def handle_endtag(self, tag: str) -> None:
        if tag == "select":
            self.at = None


def test_the_welcome_lists_every_level_rule_set_and_language() -> None:
    page = Options()
    page.feed((ROOT / "web" / "index.html").read_text(encoding="utf-8"))
    levels, sets, langs = (page.selects[f"welcome-{x}"] for x in ("level", "set", "lang"))
    # a level's name in its picker (it fits a phone), the whole of it in its title and, once chosen, its note
    assert [v for v, _, _ in levels] == list(BOT_LEVELS) and all(t == f"level.long.{v}" for v, t, _ in levels)
    assert re.search(r'id="welcome-level-note" data-t="level\.long\.medium"', (ROOT / "web" / "index.html").read_text())
    assert [v for v, _, _ in sets] == list(RULE_SET_TEXTS) and all(t == f"set.{v}" for v, t, _ in sets)
    assert [v for v, _, _ in langs] == list(LANGUAGES)
    # a first visitor meets Medium bots at Classic (the game's own default level, Hard, is for those who chose it)
    assert [v for v, _, on in levels if on] == ["medium"] and [v for v, _, on in sets if on] == ["classic"]


def test_the_welcome_and_the_tips_are_in_every_catalog() -> None:
    html = (ROOT / "web" / "index.html").read_text(encoding="utf-8")
    codes = set(re.findall(r'data-t="((?:welcome|tip|options)\.[a-z_.]+)"', html)) | {
        f"tip.{c}" for c in ("contract", "lead", "follow", "wait", "trick", "call", "over")}
    assert {"welcome.title", "welcome.what", "welcome.play", "options.tips"} <= codes
    for lang in LANGUAGES:
        po = (ROOT / "web" / "locale" / f"{lang}.po").read_text(encoding="utf-8")
        assert [c for c in sorted(codes) if f'\nmsgid "{c}"\n' not in po] == [], lang
    # two sentences: what King is, and how the page plays it
    assert all(re.sub(r"\s+", " ", w).count(". ") == 1 for w in re.findall(
        r'msgid "welcome.what"\nmsgstr "(.*)"', "".join((ROOT / "web" / "locale" / f"{x}.po").read_text("utf-8")
                                                         for x in LANGUAGES)))


def test_the_preferences_keep_the_welcome_answered_and_the_tips() -> None:
    prefs, ok = read_prefs('{"welcomed": true, "ui": {"tips": true, "no_ask_new": false}}')
    assert ok and prefs == {"welcomed": True, "ui": {"tips": True, "no_ask_new": False}}
    assert sort_prefs('{"welcomed": "yes"}') == ({}, ["welcomed"])
