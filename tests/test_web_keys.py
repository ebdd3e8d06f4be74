"""The page's keys and display options (issue 13), their pure parts under CPython: every key of the table
clicks a button the page has (undo's only when the page has undo) and has words in every language; keys
never fire while typing or under another modal dialog; the "?" panel lists them; the preferences keep the
display options as booleans only; each display option is a mark on ``<body>`` that the style sheet draws."""

from __future__ import annotations

import re
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest
from web_catalog import compiled, english

from kingcore.web import UI_OPTIONS, Catalog, read_prefs

sys.path.insert(0, str(Path(__file__).parent.parent / "web"))
from king.render.display import DISPLAY_OPTIONS, body_marks
from king.render.keys import HAND_KEYS, KEYS, KEYS_DIALOG, OPTIONAL_BUTTONS, key_action, keys_panel

ROOT = Path(__file__).parent.parent
CAT = english()


class Ids(HTMLParser):
    """Every element id of a page, with its tag."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: dict[str, str] = {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        ident = dict(attrs).get("id")
        if ident:
            self.tags[ident] = tag


def page_ids() -> dict[str, str]:
    parser = Ids()
    parser.feed((ROOT / "web" / "index.html").read_text(encoding="utf-8"))
    return parser.tags


def test_every_key_clicks_a_button_of_the_page_and_has_words() -> None:
    tags = page_ids()
    assert {"btn-keys", "btn-options", KEYS_DIALOG, "options-dialog", "keys-close", "options-close"} <= set(tags)
    assert tags[KEYS_DIALOG] == tags["options-dialog"] == "dialog"
    for k in KEYS:
        assert k.button in OPTIONAL_BUTTONS or tags.get(k.button) == "button", k
        for lang in ("en", "ru", "uk"):
            cat = Catalog.from_mo(compiled(lang), strict=True)
            assert cat.t(k.text) and cat.t(k.text) != k.text, (lang, k.text)
    assert len({k.key for k in KEYS}) == len(KEYS) and len({k.button for k in KEYS}) == len(KEYS)
    assert len({k.code for k in KEYS if k.code}) == len([k for k in KEYS if k.code])
    for k in KEYS:  # each letter's physical key is the letter's own on an English layout
        assert not k.code or k.code == f"Key{k.key.upper()}"


@pytest.mark.parametrize("key, code, want", [
    ("h", "KeyH", "btn-hint"), ("H", "KeyH", "btn-hint"), ("л", "KeyK", None), ("ы", "KeyS", "btn-sheet"),
    ("е", "KeyT", "btn-history"), ("г", "KeyU", "btn-undo"), ("?", "Slash", "btn-keys"), (",", "Slash", None),
    ("n", "KeyN", "btn-new"), ("r", "KeyR", "btn-help"), ("l", "KeyL", "btn-last"), ("o", "KeyO", "btn-options"),
    ("x", "KeyX", None), ("Enter", "Enter", None), ("Escape", "Escape", None), (" ", "Space", None),
    ("ArrowLeft", "ArrowLeft", None), ("q", "KeyH", None),  # a layout where KeyH types "q": by what it types
])
def test_a_key_press_is_a_page_key(key: str, code: str, want: str | None) -> None:
    assert key_action(key, code, shift=key in "?H") == want


def test_no_key_while_typing_under_a_dialog_or_with_a_modifier() -> None:
    assert key_action("s", "KeyS") == "btn-sheet"
    assert key_action("?", "Slash", shift=True, modal=KEYS_DIALOG) == "btn-keys"  # the keys panel: they work
    assert key_action("s", "KeyS", modal=KEYS_DIALOG) == "btn-sheet"
    for modal in ("new-game-dialog", "help-dialog", "history-dialog", "options-dialog"):
        assert key_action("s", "KeyS", modal=modal) is None
    for target, kind in (("INPUT", "text"), ("INPUT", "number"), ("INPUT", "search"), ("SELECT", ""),
                         ("TEXTAREA", "")):
        assert key_action("s", "KeyS", target=target, input_type=kind) is None
    assert key_action("s", "KeyS", target="DIV", editable=True) is None
    assert key_action("s", "KeyS", target="INPUT", input_type="checkbox") == "btn-sheet"
    assert key_action("s", "KeyS", target="BUTTON") == "btn-sheet"
    for mod in ("ctrl", "alt", "meta"):
        assert key_action("s", "KeyS", **{mod: True}) is None  # type: ignore[arg-type]
    assert key_action("ы", "KeyS", shift=True) is None  # Shift with a Cyrillic letter: not a page key


@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
def test_the_keys_panel_lists_the_keys_the_page_has(lang: str) -> None:
    cat = Catalog.from_mo(compiled(lang), strict=True)
    without_undo = {k.button for k in KEYS} - {"btn-undo"}
    nodes = keys_panel(cat, without_undo)
    table = next(n for n in nodes if n.tag == "table")
    rows = table.select("tr")[1:]
    assert len(rows) == len(KEYS) - 1 + len(HAND_KEYS)
    caps = [" ".join(k.text() for k in row.select("kbd")) for row in rows]
    assert caps[: len(KEYS) - 1] == [k.key.upper() for k in KEYS if k.button != "btn-undo"]
    assert "U" not in caps
    assert [row.select("td")[0].text() for row in rows[: len(KEYS) - 1]] == [
        cat.t(k.text) for k in KEYS if k.button != "btn-undo"]
    assert all(row.select("th")[0].attr("scope") == "row" for row in rows)
    assert nodes[0].attr("id") == "keys-title" and nodes[0].text() == cat.t("keys.title")
    if lang != "en":
        assert not re.search(r"[A-Za-z]{2,}", " ".join(n.text() for n in nodes[:2]))
    with_undo = keys_panel(cat, without_undo | {"btn-undo"})
    assert "U" in [k.text() for k in with_undo[2].select("kbd")]
    space = cat.t("keys.k_space")
    assert space in caps[-3] and "Enter" in caps[-3]


def test_the_display_options_are_kept_as_booleans() -> None:
    assert set(DISPLAY_OPTIONS) <= UI_OPTIONS
    prefs, ok = read_prefs('{"ui": {"large_cards": true, "four_colour": false}, "fast": true}')
    assert ok and prefs == {"ui": {"large_cards": True, "four_colour": False}, "fast": True}
    prefs, ok = read_prefs('{"ui": {"large_cards": "yes", "four_colour": true}}')
    assert not ok and prefs == {"ui": {"four_colour": True}}
    prefs, ok = read_prefs('{"ui": {"from_a_later_version": true, "large_cards": true}}')  # left out, no reset
    assert ok and prefs == {"ui": {"large_cards": True}}
    for bad in ('{"ui": [true]}', '{"ui": "large"}', '{"ui": null}'):
        prefs, ok = read_prefs(bad)
        assert not ok and "ui" not in prefs, bad
    assert read_prefs("{}") == ({}, True)


def test_each_display_option_is_a_mark_the_style_sheet_draws() -> None:
    assert body_marks({}) == {"cards": "", "deck": ""}  # off by default
    assert body_marks({"large_cards": True, "four_colour": True}) == {"cards": "large", "deck": "four"}
    assert body_marks({"large_cards": 1, "four_colour": "yes"}) == {"cards": "", "deck": ""}  # only true is on
    css = (ROOT / "web" / "style.css").read_text(encoding="utf-8")
    for mark, value in DISPLAY_OPTIONS.values():
        assert f'body[data-{mark}="{value}"]' in css
    assert re.search(r'data-deck="four"\][^{]*data-suit="D"\][^{]*\{ color: #', css)  # ♦ and ♣ recoloured
    assert re.search(r'data-deck="four"\][^{]*data-suit="C"\][^{]*\{ color: #', css)
    html = (ROOT / "web" / "index.html").read_text(encoding="utf-8")
    for option in DISPLAY_OPTIONS:
        assert f'data-ui="{option}"' in html and not re.search(rf'data-ui="{option}"[^>]*checked', html)


def test_reduced_motion_and_a_visible_focus_in_the_style_sheet() -> None:
    """Under ``prefers-reduced-motion`` no animation or transition anywhere (pseudo-elements too); every
    focusable kind of element has a ``:focus-visible`` ring, a dark one on the paper surfaces."""
    css = (ROOT / "web" / "style.css").read_text(encoding="utf-8")
    reduced = re.findall(r"@media \(prefers-reduced-motion: reduce\) \{(.*?)\n\}", css, re.S)
    assert any("*::before" in r and "animation: none !important" in r and "transition: none !important" in r
               for r in reduced)
    for sel in ("a:focus-visible", "button:focus-visible", "input:focus-visible", "select:focus-visible",
                "[tabindex]:focus-visible"):
        assert sel in css
    assert re.search(r":is\(dialog, \.sheet, \.call-screen\) :is\(a, button, input, select, summary, \[tabindex\]\)"
                     r":focus-visible \{ outline: 3px solid #", css)
