"""The friends-online panels drawn (web/king/render/invite.py) under CPython, in every language of the page:
the host's invite panel (the disconnected seat's choices before its new link) and the guest's join screen
(the host's name as the table gives an unnamed seat), and the words of the feature in the New game dialog."""

from __future__ import annotations

import random
import re
import sys
from pathlib import Path

import pytest
from web_catalog import compiled

from kingcore.online import online_session
from kingcore.web import Catalog

sys.path.insert(0, str(Path(__file__).parent.parent / "web"))
from king.dom import markup
from king.render.invite import bad_link_screen, invite_panel, join_screen
from king.render.status import status
from king.render.table import seat_info

LANGS = ("en", "ru", "uk")
LINK = "https://example.org/king/#join=abc"


def catalog(lang: str) -> Catalog:
    return Catalog.from_mo(compiled(lang), strict=True)


def ids(text: str) -> list[str]:
    """The ids of a markup's elements, in document order."""
    return re.findall(r' id="([^"]+)"', text)


@pytest.mark.parametrize("lang", LANGS)
def test_a_disconnected_seat_offers_its_choices_before_a_new_link(lang: str) -> None:
    cat = catalog(lang)
    row = {"seat": 1, "state": "disconnected", "link": LINK, "friend": "Петя"}
    gone = ids(markup(invite_panel(cat, 4, [row], started=True)))
    assert "invite-link-1" not in gone and "answer-1" not in gone  # the link waits for Re-invite
    assert [i for i in gone if i.endswith("-1") and not i.startswith("invite")] == ["wait-1", "standin-1",
                                                                                     "reinvite-1"]
    pressed = ids(markup(invite_panel(cat, 4, [{**row, "reinvite": True}], started=True)))
    assert pressed.index("reinvite-1") < pressed.index("invite-link-1") < pressed.index("answer-1")
    assert pressed.index("answer-1") < pressed.index("answer-said-1") < pressed.index("connect-1")
    waiting = ids(markup(invite_panel(cat, 4, [{**row, "state": "waiting"}], started=False)))
    assert "invite-link-1" in waiting and "reinvite-1" not in waiting
    used = ids(markup(invite_panel(cat, 4, [{**row, "state": "waiting", "used": True}], started=False)))
    assert "reinvite-1" in used  # a used invite takes no other answer: a new link is a click away


@pytest.mark.parametrize("lang", LANGS)
def test_a_seat_is_headed_by_its_side_and_as_the_table_names_it(lang: str) -> None:
    """A tester saw "Player 2" at the table but "Invite for West" on the panel: both names are in the heading."""
    cat = catalog(lang)
    rows = [{"seat": 1, "state": "waiting", "link": LINK, "friend": None},
            {"seat": 3, "state": "waiting", "link": LINK, "friend": None}]
    heads = re.findall(r"<h3>(.*?) <span", markup(invite_panel(cat, 4, rows, started=False,
                                                                names=["Olga", "", None, ""])))
    assert heads == [cat.t("net.invite.seat", seat=cat.t(f"position.{side}"), table=cat.t("hotseat.player", n=n))
                     for side, n in (("west", 2), ("east", 4))], heads
    assert all(cat.t(f"position.{side}") in head and cat.t("hotseat.player", n=n) in head
               for head, (side, n) in zip(heads, (("west", 2), ("east", 4)), strict=True)), heads


@pytest.mark.parametrize("lang", LANGS)
def test_the_join_screen_names_an_unnamed_host_as_the_table_does(lang: str) -> None:
    cat = catalog(lang)
    invite = {"v": 1, "table": "t", "seat": 1, "players": 4, "rules": "king()", "host": "", "hints": False}
    title = markup(join_screen(cat, invite, "Classic")[:1])
    assert cat.t("hotseat.player", n=1) in title, title


@pytest.mark.parametrize("lang", LANGS)
def test_a_broken_link_says_so_and_offers_a_way_on(lang: str) -> None:
    """A tester's find (g_01): a link with garbage, cut short or of an old version left an empty table with
    no way on. Its join screen now says so plainly and offers a game against bots."""
    cat = catalog(lang)
    text = markup(bad_link_screen(cat))
    assert ids(text) == ["join-title", "join-error", "join-leave"]
    assert cat.t("net.join.bad_link") in text and cat.t("net.join.leave") in text
    assert 'role="alert"' in text


FRIEND_ONLINE = {"en": "friend online", "ru": "друг по сети", "uk": "друг у мережі"}
NEW_LINK = {"en": "new link", "ru": "новую ссылку", "uk": "нове посилання"}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("code", "phrase"), [
    ("dialog.lead", FRIEND_ONLINE),  # New game's intro says a seat can be a friend online
    ("hotseat.note", FRIEND_ONLINE),  # h4: the Players note still said "a bot or a person at this device"
    ("net.host_lost", NEW_LINK),  # after the host's reload the friends read only "The connection … is lost."
    ("net.waiting_for", {"en": "Waiting for Петро", "ru": "Ждём хода: Петро", "uk": "Чекаємо ходу: Петро"}),
    ("net.join.answer_help", {"en": "back to Boss.", "ru": "код игроку Boss.", "uk": "код гравцеві Boss."}),
    ("net.join.name_empty", {"en": "Type your name", "ru": "Введите своё имя", "uk": "Введіть своє ім'я"}),
    ("net.closed_new_game", {"en": "Boss started a new game", "ru": "Boss начал новую игру",  # f06–f08
                             "uk": "Boss почав нову гру"}),
    ("dialog.friends_end", {"en": "ends it for them", "ru": "закончит её и для них", "uk": "завершить її й для них"}),
])
def test_the_words_testers_missed_say_it(lang: str, code: str, phrase: dict[str, str]) -> None:
    """Testers' finds in the words: each entry now says what the player needs, in every language."""
    words = catalog(lang).t(code, name="Петро", host="Boss")  # f1: «Ждём, пока походит Петро», «обратно: Boss»
    assert phrase[lang] in words, words


@pytest.mark.parametrize("lang", LANGS)
def test_a_seat_given_to_a_bot_is_badged_as_the_bot(lang: str) -> None:
    """A tester's find (h23): a friend's seat that a stand-in bot plays still showed the "Friend" badge."""
    cat = catalog(lang)
    vm = online_session({}, {"levels": ["human", "online", "hard", "hard"], "names": ["", "Петя", "", ""]},
                        random.Random(1)).view_model(0)
    friend, bot = (markup(seat_info(vm, cat, 1, frozenset(away))) for away in ((), (1,)))
    assert cat.t("level.long.online") in friend and cat.t("level.long.stand_in") in bot
    assert cat.t("level.long.online") not in bot
    vm["stand_ins"] = [1]  # a friend's page: the view model says it (f1), with no stand-ins of the page's own
    assert cat.t("level.long.stand_in") in markup(seat_info(vm, cat, 1))


@pytest.mark.parametrize("lang", LANGS)
def test_a_friends_page_never_says_the_bots_are_starting(lang: str) -> None:
    """A tester's find (16-phone-midplay): a friend's page said "(the bots are still starting)" mid-game — it
    runs no bots (the host's page does), so its own bots' worker never starts. Said on the host's page only,
    of a hint waiting for the worker (a bot's move does not wait: the page plays it meanwhile)."""
    cat = catalog(lang)
    session = online_session({}, {"levels": ["human", "online", "hard", "hard"]}, random.Random(1))
    marker = cat.t("status.asking_starting").removeprefix(cat.t("status.asking"))  # " (the bots are …)"
    assert marker.strip()
    for seat, says in ((0, True), (1, False)):  # the host's page, a friend's page
        vm = {**session.view_model(seat), "phase": "play", "to_move": 2, "my_turn": False}
        for hint in (None, {"pending": True}):
            line = status(vm, cat, False, hint)
            assert (marker in line) is (says and hint is not None), (seat, line)
