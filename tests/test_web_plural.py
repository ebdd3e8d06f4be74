"""A number before a noun agrees with it in every language (issue 20, item 6): «1 карта», «2 карты»,
«5 карт», «21 карта», «24 карты», «32 карты» — never «32 карт» (the new-game summary said so, its plural
form chosen by the number of deals).

The counted nouns come from the catalogs themselves: each plural entry's forms of the word after its
number (``{n} карта`` / ``{n} карты`` / ``{n} карт``) make a noun's forms, one per plural category of the
catalog's ``Plural-Forms`` rule. Every entry of every catalog where a number placeholder stands before one of
those nouns (not after a preposition such as «из», which governs its own case) is rendered through
:class:`kingcore.web.Catalog` with 1, 2, 5, 21, 24 and 32, and the noun after the number must be the form the
rule picks for it."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web"))
from king.render import dialog
from web_catalog import LOCALE, compiled

from kingcore.web import Catalog

LANGS = ("en", "ru", "uk")
COUNTS = (1, 2, 5, 21, 24, 32)
NUMBER_WORD = re.compile(r"\{(\w+)\}\s+(\w+)")
"""``{number} word`` in a catalog's text."""
WORDS_BEFORE = re.compile(r"(\w+)\s+(?:(\w+)\s+)?$")
"""The two words before a number: «из своих {size} карт» — the preposition may stand before a pronoun."""
GOVERNS_CASE = {"из", "от", "до", "после", "с", "со", "з", "зі", "із", "від", "після",
                "of", "from", "after"}
"""Prepositions after which a number's noun takes the preposition's case, not the counting form."""


def entries(lang: str) -> list[tuple[str, tuple[str, ...], bool]]:
    """``(code, texts, plural)`` of every entry of ``web/locale/<lang>.po`` (a plural entry: its forms)."""
    with open(LOCALE / f"{lang}.po", "rb") as f:
        out = []
        for m in read_po(f):
            if not m.id:
                continue
            plural = isinstance(m.id, tuple)
            texts = tuple(m.string) if plural else (m.string,)
            out.append((m.id[0] if plural else m.id, texts, plural))
        return out


def number_words(text: str) -> list[tuple[str, str, str]]:
    """``(preposition or "", placeholder, word after)`` of each ``{placeholder} word`` in ``text`` (the
    preposition: one of the two words before the number that governs a case)."""
    out = []
    for m in NUMBER_WORD.finditer(text):
        before = WORDS_BEFORE.search(text[:m.start()])
        words = [w.lower() for w in (before.groups() if before else ()) if w]
        out.append((next((w for w in words if w in GOVERNS_CASE), ""), m.group(1), m.group(2)))
    return out


def nouns(lang: str) -> dict[str, list[tuple[str, ...]]]:
    """Each counted noun's word -> the forms (by plural category) of each of its cases it is a form of, read
    from the plural entries (``карт``: ``карта/карты/карт``, ``карте/карты/карт``, ``карту/карты/карт``)."""
    found: dict[str, list[tuple[str, ...]]] = {}
    for _, texts, plural in entries(lang):
        if not plural:
            continue
        per_form = [[(ph, word) for _, ph, word in number_words(t)] for t in texts]
        if len({tuple(ph for ph, _ in f) for f in per_form}) != 1:
            continue
        for forms in zip(*per_form, strict=True):
            words = tuple(word for _, word in forms)
            if len(set(words)) > 1:  # the word changes with the number: a counted noun
                for word in words:
                    if words not in found.setdefault(word, []):
                        found[word].append(words)
    return found


def agreement_errors(lang: str) -> list[str]:
    cat = Catalog.from_mo(compiled(lang), strict=True)
    forms = nouns(lang)
    errors = []
    for code, texts, plural in entries(lang):
        counted = {(ph, word) for t in texts for prep, ph, word in number_words(t)
                   if word in forms and not prep}
        if not counted:
            continue
        placeholders = set(re.findall(r"\{(\w+)\}", " ".join(texts)))
        numbers = {ph for ph, _ in counted} | {"n"}
        for n in COUNTS:
            args = {ph: (n if ph in numbers else "X") for ph in placeholders if ph != "n"}
            text = cat.n(code, n, **args) if plural else cat.t(code, **args)
            want = cat.translations.plural(n)  # type: ignore[attr-defined]  # the Plural-Forms rule
            for _, word in counted:
                expect = {f"{n} {case[want]}" for case in forms[word]}
                if not any(e in text for e in expect):
                    errors.append(f"{lang} {code} with {n}: {text!r} has none of {sorted(expect)}")
    return errors


@pytest.mark.parametrize("lang", LANGS)
def test_every_number_agrees_with_its_noun(lang: str) -> None:
    assert nouns(lang), "no counted nouns found: the catalog's plural entries changed shape"
    errors = agreement_errors(lang)
    assert not errors, "\n".join(errors[:40])


@pytest.mark.parametrize("lang, cards, want", [
    ("ru", 32, "14 раздач · 32 карты, по 8"), ("ru", 24, "14 раздач · 24 карты, по 8"),
    ("ru", 36, "14 раздач · 36 карт, по 8"), ("uk", 32, "14 роздач · 32 карти, по 8"),
    ("en", 32, "14 deals · 32 cards, 8 each"),
])
def test_new_game_summary_counts_cards_by_their_number(lang: str, cards: int, want: str) -> None:
    """Fix 7: the new-game summary's cards in the form for their own number, not the deals'."""
    cat = Catalog.from_mo(compiled(lang), strict=True)
    choice = {"ok": True, "deals": 14, "deck_size": cards, "hand_size": 8, "kitty": 0}
    assert dialog.summary(cat, choice) == want
