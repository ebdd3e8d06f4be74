"""The page in Russian and Ukrainian (issue 13): every code of the English catalog (web/locale/en.po, the
source) has words in web/locale/ru.po and uk.po with the same placeholders and three plural forms, in the
language's own script; the language is picked from the preferences or the browser (kingcore.web); and the
words the page shows before Python starts are the catalogs' (start.js, written by the build)."""

from __future__ import annotations

import json
import re
import string
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog as PoCatalog
from babel.messages.pofile import read_po
from web_catalog import compiled

from kingcore.web import BROWSER_LANGUAGES, LANGUAGES, Catalog, pick_language, read_prefs
from sitebuild.catalogs import PAGE_WORDS_MARK, page_words, put_page_words

ROOT = Path(__file__).parent.parent
LOCALE = ROOT / "web" / "locale"
TRANSLATIONS = [lang for lang in LANGUAGES if lang != "en"]
LATIN_ALLOWED = {"DOS", "English", "JSON", "QR", "STUN", "TURN", "ICE", "Wi", "Fi", "stun", "turn", "ws", "wss",
                 "Nostr"}
"""Latin words a Russian or Ukrainian text may hold: a program's name (the "DOS 1993" preset), the
language picker's own name for English, a file format's name (a bad file's details: "not JSON"), and the
names of the connection's standards as people meet them (QR code, STUN, TURN and ICE servers, Wi-Fi; the
``stun:``/``turn:`` of a server's address, issue 19; the ``ws://``/``wss://`` of a relay's and the relays' protocol,
Nostr, issue 28)."""


def read(lang: str) -> PoCatalog:
    with open(LOCALE / f"{lang}.po", "rb") as f:
        return read_po(f, abort_invalid=True)


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def texts(message: object) -> list[str]:
    s = message.string  # type: ignore[attr-defined]
    return [str(x) for x in s] if isinstance(s, tuple | list) else [str(s)]


@pytest.mark.parametrize("lang", TRANSLATIONS)
def test_every_code_has_words(lang: str) -> None:
    """Every msgid of en.po has a translation (each plural form), and no code is there that en.po lacks.
    The failure lists the codes, so that codes added in English can be filled at a merge."""
    en, tr = read("en"), read(lang)
    missing = sorted(m.id if isinstance(m.id, str) else m.id[0] for m in en
                     if m.id and (tr.get(m.id if isinstance(m.id, str) else m.id[0]) is None
                                  or not all(texts(tr[m.id if isinstance(m.id, str) else m.id[0]]))))
    stale = sorted(str(m.id if isinstance(m.id, str) else m.id[0]) for m in tr
                   if m.id and en.get(m.id if isinstance(m.id, str) else m.id[0]) is None)
    assert not missing, f"{len(missing)} code(s) of en.po without {lang} words in web/locale/{lang}.po:\n" + \
        "\n".join(missing)
    assert not stale, f"codes of web/locale/{lang}.po that en.po no longer has:\n" + "\n".join(stale)


@pytest.mark.parametrize("lang", ["en", *TRANSLATIONS])
def test_no_code_twice(lang: str) -> None:
    """Each msgid once in a catalog: babel keeps the last of two silently (two branches merged once brought
    ``net.mental.try_host`` twice, with different words, and the page showed the one a test did not expect)."""
    ids = re.findall(r'^msgid "(.+)"$', (LOCALE / f"{lang}.po").read_text(encoding="utf-8"), flags=re.M)
    twice = sorted({i for i in ids if ids.count(i) > 1})
    assert not twice, f"codes written twice in web/locale/{lang}.po: {twice}"


@pytest.mark.parametrize("lang", TRANSLATIONS)
def test_same_placeholders_and_plural_forms(lang: str) -> None:
    en, tr = read("en"), read(lang)
    assert tr.num_plurals == 3 and tr.locale is not None and str(tr.locale) == lang
    bad = []
    for m in en:
        if not m.id:
            continue
        code = m.id if isinstance(m.id, str) else m.id[0]
        t = tr.get(code)
        if t is None:
            continue  # the test above names it
        want = set().union(*(placeholders(x) for x in texts(m)))
        if m.pluralizable:
            want.add("n")
            if not t.pluralizable or len(texts(t)) != 3:
                bad.append(f"{code}: needs 3 plural forms")
        for x in texts(t):
            got = placeholders(x)
            if got - want or (not m.pluralizable and got != want):
                bad.append(f"{code}: {sorted(got)} in {x!r}, English has {sorted(want)}")
        if "python-brace-format" in m.flags and "python-brace-format" not in t.flags:
            bad.append(f"{code}: not marked python-brace-format")
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("lang", TRANSLATIONS)
def test_words_are_in_the_languages_own_script(lang: str) -> None:
    """No English copied over: apart from placeholders, card glyphs and :data:`LATIN_ALLOWED`, no Latin word."""
    bad = []
    for m in read(lang):
        for x in (texts(m) if m.id else []):
            plain = re.sub(r"\{[a-z_]+\}", "", x)
            words = set(re.findall(r"[A-Za-z]{2,}", plain)) - LATIN_ALLOWED
            if words:
                bad.append(f"{m.id}: {sorted(words)}")
    assert not bad, bad


def test_russian_and_ukrainian_plural_forms_through_the_pages_catalog() -> None:
    """The compiled catalogs (as the build compiles them) pick 1 взятка, 2 взятки, 5 взяток, 21 взятка."""
    ru = Catalog.from_mo(compiled("ru"), strict=True)
    uk = Catalog.from_mo(compiled("uk"), strict=True)
    assert [ru.n("seat.tricks", k) for k in (1, 2, 5, 11, 21, 22, 25, 111)] == [
        "1 взятка", "2 взятки", "5 взяток", "11 взяток", "21 взятка", "22 взятки", "25 взяток", "111 взяток"]
    assert [uk.n("seat.tricks", k) for k in (1, 2, 5, 11, 21, 22)] == [
        "1 взяток", "2 взятки", "5 взятків", "11 взятків", "21 взяток", "22 взятки"]
    assert ru.n("review.costly", 2, total="3.5").endswith("2 выбора оказались дорогими (отмечены).")
    assert ru.card_name("QS") == "дама пик" and ru.card("QS") == "Д♠" and uk.card_name("KH") == "король черв"
    assert ru.why("must_follow_suit", {"led": "D", "trump": None}) == "нужно ходить в ♦"


def test_a_catalog_switches_in_place() -> None:
    """Catalog.use: every holder of the page's one catalog follows a language switch."""
    cat = Catalog.from_mo(compiled("en"))
    held = cat
    cat.use(Catalog.from_mo(compiled("uk")))
    assert held.t("contract.no_king") == "Не брати Кінга"
    cat.use(Catalog.from_mo(compiled("ru")))
    assert held.t("contract.no_king") == "Не брать Кинга"


@pytest.mark.parametrize("chosen, browser, lang", [
    (None, [], "en"),
    (None, ["ru-RU", "en"], "ru"),
    (None, ["uk"], "uk"),
    (None, ["be-BY", "uk"], "ru"),
    (None, ["de-DE", "fr", "uk-UA"], "uk"),
    (None, ["de-DE", "fr"], "en"),
    (None, ["en-GB", "ru"], "en"),
    ("uk", ["ru-RU"], "uk"),
    ("de", ["ru-RU"], "ru"),
    (7, ["RU_ru"], "ru"),
    (None, [None, 3, ""], "en"),
])
def test_pick_language(chosen: object, browser: list[object], lang: str) -> None:
    assert pick_language(chosen, browser) == lang


def test_the_chosen_language_is_remembered_in_the_preferences() -> None:
    assert read_prefs('{"lang": "uk", "fast": true}') == ({"lang": "uk", "fast": True}, True)
    assert read_prefs('{"lang": "xx", "fast": true}') == ({"fast": True}, False)
    assert read_prefs('{"lang": ["ru"]}') == ({}, False)


def test_start_js_gets_the_words_of_the_pages_html_in_every_language() -> None:
    """The build writes into start.js the words of every data-t code of index.html in each catalog, and the
    same browser-language map as kingcore.web, so the loading text and the banners show in the language
    the page's Python will pick."""
    web = ROOT / "web"
    files = {rel: (web / rel).read_bytes() for rel in ("index.html", "start.js")}
    files.update({f"locale/{lang}.po": (LOCALE / f"{lang}.po").read_bytes() for lang in LANGUAGES})
    assert PAGE_WORDS_MARK in files["start.js"].decode()
    put_page_words(files)
    script = files["start.js"].decode()
    assert PAGE_WORDS_MARK not in script
    data = page_words(files)
    assert json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":")) in script
    codes = set(re.findall(r'data-t(?:-[a-z-]+)?="([^"]+)"', files["index.html"].decode()))
    assert {"status.shuffling", "banner.update", "banner.reload", "bar.offline"} <= codes
    words = data["words"]
    assert isinstance(words, dict) and set(words) == set(LANGUAGES)
    for lang in LANGUAGES:
        assert set(words[lang]) == codes, lang
    assert words["ru"]["status.shuffling"] == "Тасуем колоду…"
    assert data["browser"] == BROWSER_LANGUAGES


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_presence_of_a_seat_online_has_its_words(lang: str) -> None:
    """Each presence a page shows on a seat (``kingcore.online.room.PRESENCE``) has its words, short and long, in
    every catalog (a tester saw the code ``presence.bot`` on a join screen)."""
    from kingcore.online.room import PRESENCE

    cat = Catalog.from_mo(compiled(lang), strict=True)
    for state in PRESENCE:
        for key in (f"presence.{state}", f"presence.short.{state}", f"presence.long.{state}"):
            assert cat.t(key) != key, (lang, key)
