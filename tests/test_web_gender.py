"""No Russian or Ukrainian message that names a person says what they did with a gendered past-tense verb: the
page does not know whether Anna or Petya is meant («Анна начал новую игру» was a tester's find, issue 28).
Every catalog entry with a person's name field — ``{name}``, ``{host}``, ``{winner}``, ``{payer}``… — is read
word by word for the past tense's masculine and feminine endings (Russian ``-л``, ``-ла``, ``-лся``, ``-лась``;
Ukrainian ``-в`` after a vowel, ``-ла``, ``-вся``, ``-лася`` and the past tenses without them: ``витяг``,
``зміг``…); the few words with those endings that are not verbs are listed, each with what it is."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

LOCALE = Path(__file__).resolve().parent.parent / "web" / "locale"

PERSON_FIELDS = re.compile(r"\{(?:name|host|winner|payer|friend|who|caller|dealer|taker|player)\}")
"""The fields that stand for a person's name (``{name}`` also names a rule set or an option in a few entries:
read all the same — a verb there would be as wrong)."""

PAST = {
    "ru": re.compile(r"\b[а-яё]+(?:л|ла|лся|лась)\b"),
    "uk": re.compile(r"\b[а-яіїєґ']+(?:ав|яв|ив|ів|ув|юв|ов|їв|ла|лася|вся)\b"
                     r"|\b(?:витяг|зміг|міг|ліг|ніс|віз|втік|пік)\b"),
}
"""A word in the past tense, masculine or feminine (not the plural, which is the same for everyone)."""

NOT_VERBS = {
    "ru": {"стол": "a table", "стола": "of a table (genitive)", "правила": "the rules"},
    "uk": {"правила": "the rules", "пів": "half", "взятків": "tricks (genitive plural)",
           "виборів": "choices (genitive plural)", "друзів": "friends (genitive plural)",
           "знаків": "characters (genitive plural)"},
}
"""Words with a past tense's ending that are nouns, each with what it means."""


def gendered(lang: str, text: str) -> list[str]:
    """The words of ``text`` that are a gendered past tense in ``lang`` (``ru`` or ``uk``).

    >>> gendered("ru", "Анна начал новую игру"), gendered("uk", "Анна почала нову гру (витяг 7♠)")
    (['начал'], ['почала', 'витяг'])
    >>> gendered("ru", "{host}: новая игра — этот стол закрыт")
    []
    """
    return [w for w in PAST[lang].findall(text.lower()) if w not in NOT_VERBS[lang]]


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_no_message_naming_a_person_has_a_gendered_past_tense(lang: str) -> None:
    with open(LOCALE / f"{lang}.po", "rb") as f:
        catalog = read_po(f)
    found, checked = [], 0
    for message in catalog:
        if not message.id:
            continue
        texts = [message.string] if isinstance(message.string, str) else list(message.string)
        for text in texts:
            if PERSON_FIELDS.search(text):
                checked += 1
                if words := gendered(lang, text):
                    found.append(f"{message.id}: {words}: {text}")
    assert checked > 60, checked  # the entries that name a person are found at all
    assert not found, "\n".join(found)


@pytest.mark.parametrize(("lang", "text"), [
    ("ru", "{host} начал новую игру"), ("ru", "(взятка 3, взял: {name})"), ("ru", "сдавал: {name}"),
    ("ru", "{name} вернулся"), ("ru", "{name} вышла"), ("ru", "первым сдаёт {name} (вытянул 7♠)"),
    ("uk", "{host} почав нову гру"), ("uk", "здавав: {name}"), ("uk", "{name} повернувся"),
    ("uk", "{name} вийшла"), ("uk", "(витяг 7♠)"), ("uk", "призначив: {name}"),
])
def test_the_check_finds_the_past_tenses_testers_saw(lang: str, text: str) -> None:
    """The check is not blind: the wordings it replaced, and their feminine forms, are each found."""
    assert gendered(lang, text), text


HOST_NOUNS = {"ru": re.compile(r"\b(?:игрок[а-я]*|хозя(?:ин|ина|ину|йк[а-я]*)|друг[аеу]?|подруг[а-я]*)\s+\{host\}",
                               re.I),
              "uk": re.compile(r"\b(?:гравц[а-яі]*|гравець|господар[а-яі]*|господин[а-яі]*|друг[аоу]?|подруг[а-яі]*)"
                               r"\s+\{host\}", re.I)}
"""A noun of one gender set before the host's name («Стол игрока Маша»: a woman called a male player)."""


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_the_join_screens_title_names_the_host_with_no_gendered_noun(lang: str) -> None:
    """A table link's join screen names its host as «Стол: Маша», not «Стол игрока Маша» (masculine for a woman,
    a tester's find) nor «Стол хозяйки/хозяина» (gendered too): the title needs no one's gender."""
    with open(LOCALE / f"{lang}.po", "rb") as f:
        catalog = read_po(f)
    titles = {m.id: m.string for m in catalog if m.id in ("net.join.room_title", "net.join.room_title_full")}
    assert len(titles) == 2 and all("{host}" in t for t in titles.values()), titles
    assert not [t for t in titles.values() if HOST_NOUNS[lang].search(t)], titles
    assert HOST_NOUNS[lang].search({"ru": "Стол игрока {host}", "uk": "Стіл гравця {host}"}[lang])  # not blind


NAME_NOUNS = {"ru": re.compile(r"\b(?:игрок[а-яё]*|хозя(?:ин|ина|ину|ином|йк[а-яё]*)|друг[аеу]?|подруг[а-яё]*)\s+"
                               r"\{(?:name|names|host|winner|payer|friend|who|caller|dealer|taker|player)\}", re.I),
              "uk": re.compile(r"\b(?:гравц[а-яі]*|гравець|господар[а-яі]*|господин[а-яі]*|друг[аоу]?|подруг[а-яі]*)"
                               r"\s+\{(?:name|names|host|winner|payer|friend|who|caller|dealer|taker|player)\}", re.I)}
"""A noun of one gender set before any person's name field («страница игрока {name}»: «страница игрока Оля», a
woman called a male player, in the genitive a name cannot follow)."""


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_no_message_sets_a_gendered_noun_before_a_persons_name(lang: str) -> None:
    """«Ждём страницу игрока Оля», «за стол садится игрок Марта», «Очередь гравця Оксана» — every message is worded
    with no gendered noun before a name («Ждём страницу: Оля — переподключается…»); the check finds the old words."""
    with open(LOCALE / f"{lang}.po", "rb") as f:
        catalog = read_po(f)
    found = [f"{m.id}: {text}" for m in catalog if m.id
             for text in ([m.string] if isinstance(m.string, str) else list(m.string)) if NAME_NOUNS[lang].search(text)]
    assert not found, "\n".join(found)
    old = {"ru": ["страница игрока {name} перезагружена", "Ждём страницы игроков {names}: …", "садится игрок {name}"],
           "uk": ["сторінку гравця {name}", "Чекаємо на сторінки гравців {names}", "сідає гравець {name}"]}[lang]
    assert all(NAME_NOUNS[lang].search(text) for text in old)  # (not blind)
