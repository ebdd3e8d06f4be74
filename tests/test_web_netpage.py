"""The friends-online panels drawn (web/king/render/invite.py) under CPython, in every language of the page:
the host's invite panel (the disconnected seat's choices before its new link) and the guest's join screen
(the host's name as the table gives an unnamed seat), and the words of the feature in the New game dialog."""

from __future__ import annotations

import html
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
from king.render.invite import (
    answer_fields,
    away_note,
    bad_link_screen,
    invite_panel,
    join_screen,
    position_of,
    used_link_screen,
)
from king.render.status import status
from king.render.table import seat_info
from king.words import name, name_mark

LANGS = ("en", "ru", "uk")
LINK = "https://example.org/king/#join=abc"


def catalog(lang: str) -> Catalog:
    return Catalog.from_mo(compiled(lang), strict=True)


def ids(text: str) -> list[str]:
    """The ids of a markup's elements, in document order."""
    return re.findall(r' id="([^"]+)"', text)


@pytest.mark.parametrize("lang", LANGS)
def test_an_away_seat_offers_the_hosts_three_choices(lang: str) -> None:
    """A friend away (lost, or past the turn limit): wait, a bot until they are back, or the seat to someone
    else; a free seat offers its own link and, the game under way with no bot in it, a bot until someone takes
    it; with the code links shown, a seat not here gets its code link,
    answer field and Connect, and a used or lost one *New code link*."""
    cat = catalog(lang)
    away = ids(markup(invite_panel(cat, 4, [{"seat": 1, "state": "away"}], started=True, room={"state": "relays",
                                                                                              "relays": 2})))
    assert [i for i in away if i.endswith("-1") and not i.startswith("invite")] == ["wait-1", "standin-1", "free-1"]
    assert away.index("room-link") < away.index("room-status") < away.index("invite-1")
    bot = ids(markup(invite_panel(cat, 4, [{"seat": 1, "state": "bot"}], started=True)))
    assert [i for i in bot if i.endswith("-1") and not i.startswith("invite")] == ["free-1"]
    free = ids(markup(invite_panel(cat, 4, [{"seat": 1, "state": "free", "own": True, "own_link": LINK}],
                                   started=False)))
    assert "own-1" in free and "own-link-1" in free and "free-1" not in free and "standin-1" not in free
    waiting = ids(markup(invite_panel(cat, 4, [{"seat": 1, "state": "free"}], started=True)))
    assert [i for i in waiting if i.endswith("-1") and not i.startswith("invite")] == ["own-1", "standin-1"]
    kept = ids(markup(invite_panel(cat, 4, [{"seat": 1, "state": "free", "bot": True}], started=True)))
    assert "standin-1" not in kept  # a bot plays it already
    codes = ids(markup(invite_panel(cat, 4, [{"seat": 1, "state": "away", "codes": True, "code_link": LINK,
                                              "used": True}], started=True, room={"state": "no_relay"})))
    assert "room-link" in codes and "reinvite-1" in codes and "own-1" not in codes
    assert codes.index("reinvite-1") < codes.index("invite-link-1")  # (king.invite draws the link's block there)
    answer = ids(markup(answer_fields(cat, 1)))
    assert answer == ["answer-1", "answer-said-1", "connect-1"]
    off = ids(markup(invite_panel(cat, 4, [{"seat": 1, "state": "free", "codes": True, "code_link": None}],
                                  started=False, room={"state": "off"})))
    assert "room-link" not in off and "reinvite-1" not in off and "invite-link-1" not in off  # being made
    here = ids(markup(invite_panel(cat, 4, [{"seat": 1, "state": "here", "codes": True}], started=True)))
    assert [i for i in here if i.endswith("-1")] == ["invite-1", "invite-state-1"]


@pytest.mark.parametrize("lang", LANGS)
def test_go_on_with_bots_is_offered_only_while_someone_is_away_or_a_free_seat_has_no_bot(lang: str) -> None:
    """After the host's reload, *Go on with bots for those not back* (``#invite-start``) is offered for a friend
    away or a free seat with no bot — not while their pages reconnect within their grace, nor with a bot in an
    away friend's seat and the other friend here (a tester saw both offered), and the panel opens by itself only
    then (:func:`awaiting`)."""
    from king.render.invite import awaiting

    cat = catalog(lang)
    start = re.compile(r'<button[^>]*id="invite-start"[^>]*>')

    def offered(*states: str, bot: bool = False) -> bool:
        rows = [{"seat": seat, "state": state, "bot": bot and state in ("bot", "free")}
                for seat, state in zip((1, 3), states, strict=False)]
        html = markup(invite_panel(cat, 4, rows, started=False, dealt=True))
        tag = start.search(html)
        assert tag is not None and cat.t("net.invite.go_on_bots") in html
        assert ("hidden" not in tag.group(0)) == awaiting(rows)
        return "hidden" not in tag.group(0)

    assert not offered("reconnecting", "reconnecting")  # (the host's page just reloaded: they are on their way)
    assert not offered("bot", "here", bot=True) and not offered("here", "here")
    assert not offered("free", "here", bot=True)  # (a seat given away that a bot holds until someone takes it)
    assert offered("away", "reconnecting") and offered("free", "here") and offered("away", "bot", bot=True)


@pytest.mark.parametrize("lang", LANGS)
def test_a_seat_is_headed_by_its_side_and_as_the_table_names_it(lang: str) -> None:
    """A tester saw "Player 2" at the table but "Invite for West" on the panel: both names are in the heading."""
    cat = catalog(lang)
    rows = [{"seat": 1, "state": "free"}, {"seat": 3, "state": "free"}]
    heads = re.findall(r"<h3>(.*?) <span", markup(invite_panel(cat, 4, rows, started=False,
                                                                names=["Olga", "", None, ""])))
    assert heads == [cat.t("net.seat.heading", seat=cat.t(f"position.{side}"), table=cat.t("hotseat.player", n=n))
                     for side, n in (("west", 2), ("east", 4))], heads
    assert all(cat.t(f"position.{side}") in head and cat.t("hotseat.player", n=n) in head
               for head, (side, n) in zip(heads, (("west", 2), ("east", 4)), strict=True)), heads


@pytest.mark.parametrize("lang", LANGS)
def test_a_table_links_join_screen_shows_who_sits_where_and_the_free_seats(lang: str) -> None:
    """A table link's page: the host by name, a friend with who is there, a bot by level, a seat kept for its
    own link's holder, and the free seats as choices — the link's own seat chosen; with none free, said and
    Join disabled."""
    from king.render.invite import room_join_screen

    cat = catalog(lang)
    lobby = {"levels": ["human", "online", "online", "online", "medium"], "names": ["Olga", "Petya", "", "", None],
             "taken": [True, True, False, False, True], "reserved": [False, False, True, False, False],
             "presence": [None, "here", "away", "away", None], "host": "Olga"}
    text = markup(room_join_screen(cat, lobby, "Classic", [2, 3], 2))
    seats = re.findall(r'<li data-seat="(\d)" data-state="([a-z]+)"', text)
    assert seats == [("0", "host"), ("1", "taken"), ("2", "free"), ("3", "free"), ("4", "bot")], seats
    lines = dict(re.findall(r'<li data-seat="(\d)" data-state="[a-z]+">([^<]*)</li>', text))  # the host by seat
    host = lines["0"]  # too, as every other line («Оля — хозяин стола» said not where she sits)
    assert host.startswith(cat.t("net.join.seat_person_here", seat=cat.t("net.join.south"), name=name_mark(0))), host
    assert cat.t("position.south") not in host  # ("You": the viewer's own side, not the host's)
    west = cat.t(f"position.{position_of(1, 0, 5)}")
    assert lines["1"].startswith(west + ":") and not host.startswith(west)
    assert 'id="join-seat-2" checked' in text and 'id="join-seat-3" checked' not in text
    assert cat.t("presence.here") in text and cat.t("level.medium") in text and "join-full" not in text
    side = cat.t(f"position.{position_of(3, 0, 5)}")  # seat 3: a bot plays it until taken: said
    assert cat.t("net.join.seat_free", seat=side) in text and cat.t("net.join.seat_free_bot", seat=side) not in text
    played = markup(room_join_screen(cat, {**lobby, "presence": [None, "here", "away", "bot", None]}, "Classic",
                                     [2, 3], 2))
    assert cat.t("net.join.seat_free_bot", seat=side) in played and 'id="join-seat-3"' in played
    full = markup(room_join_screen(cat, {**lobby, "reserved": [False, False, True, True, False]}, "Classic", [], None))
    assert re.findall(r'data-seat="3" data-state="([a-z]+)"', full) == ["kept"]
    assert cat.t("net.join.no_free") in full and re.search(r'id="join-accept"[^>]* disabled', full)
    # a way off, a full table's too (a tester at 360×400 had none): Play against bots, beside Join
    assert ids(full)[-2:] == ids(text)[-2:] == ["join-leave", "join-accept"]
    # a mental-poker table says so before a friend sits down (a new user learnt it only from the result panel)
    assert "join-mental" not in text
    mental = markup(room_join_screen(cat, {**lobby, "mental": True}, "Classic", [2, 3], 2))
    assert 'id="join-mental"' in mental and cat.t("net.join.mental") in mental
    # the page's language chosen there, under the title: the screen covers the bar's picker (a friend opening the
    # link in a language they do not read could not switch before joining)
    assert ids(text)[:2] == ["join-title", "join-lang"]
    # a seat given away and then freed again: its holder, back by their link, is not told it was given to
    # someone else while it is free and chosen for them (a new user read «Ваше место отдано…» beside it)
    gone = markup(room_join_screen(cat, lobby, "Classic", [2, 3], 3, True))
    assert cat.t("net.join.key_gone") in gone
    back = markup(room_join_screen(cat, lobby, "Classic", [2, 3], 3, True, own=3))
    assert cat.t("net.join.key_gone") not in back and "join-full" not in back and 'id="join-seat-3" checked' in back
    assert cat.t("net.join.key_gone") in markup(room_join_screen(cat, lobby, "Classic", [2], 2, True, own=3))
    chosen = markup(room_join_screen(cat, lobby, "Classic", [2, 3], 2, lang="uk"))
    assert re.findall(r'<option value="([a-z]+)" lang="[a-z]+" selected', chosen) == ["uk"]


@pytest.mark.parametrize("lang", LANGS)
def test_a_friend_back_to_a_seat_given_away_is_told_one_thing_and_one_whose_seat_is_kept_never_that_all_are_taken(
        lang: str) -> None:
    """A returning friend whose seat the host gave to someone else reads one sentence, with the way on — not "Every
    seat is taken" and then "choose a free one" (a new user's two at once) —; a seat kept for this page's own link
    is its choice, never "Every seat is taken"."""
    from king.render.invite import room_join_screen

    cat = catalog(lang)
    lobby = {"levels": ["human", "online", "online"], "names": ["Olga", "Petya", "Ira"], "taken": [True, True, True],
             "reserved": [False, False, False], "presence": [None, "here", "here"], "host": "Olga"}
    full = markup(room_join_screen(cat, lobby, "Classic", [], None, gone=True))
    assert cat.t("net.join.key_gone_full") in full and cat.t("net.join.no_free") not in full
    assert cat.t("net.join.key_gone") not in full
    # its title invites to no seat, none being free (a new user read «Стол игрока Оля: займите место» above it)
    title = re.findall(r'<h2 id="join-title">([^<]*)</h2>', full)
    assert title == [cat.t("net.join.room_title_full", host=name_mark(0))], title
    assert re.findall(r'<h2 id="join-title">([^<]*)</h2>', markup(room_join_screen(cat, lobby, "Classic", [2], 2))) \
        != title
    free = {**lobby, "taken": [True, True, False]}
    one = markup(room_join_screen(cat, free, "Classic", [2], 2, gone=True))
    assert cat.t("net.join.key_gone") in one and cat.t("net.join.no_free") not in one
    kept = markup(room_join_screen(cat, {**free, "reserved": [False, False, True]}, "Classic", [2], 2))
    assert cat.t("net.join.no_free") not in kept and 'id="join-seat-2" checked' in kept


@pytest.mark.parametrize("lang", LANGS)
def test_several_friends_away_are_named_in_one_sentence(lang: str) -> None:
    """The host's result panel names every friend away whose seat waits for its choice in one sentence (a tester
    read the same sentence once per seat), in the plural form for their count."""
    cat = catalog(lang)
    one, two = away_note(cat, ["Petya"]), away_note(cat, ["Petya", "Ira"])
    assert one == cat.n("net.invite.away_note", 1, names="Petya")
    assert two == cat.n("net.invite.away_note", 2, names=f"Petya{cat.t('list.sep')}Ira")
    assert two.count(".") == 1 and two.count("Petya") == two.count("Ira") == 1 and one != two.replace("Ira", "")
    assert two.replace(f"Petya{cat.t('list.sep')}Ira", "") != one.replace("Petya", "")  # (the plural's own words)


@pytest.mark.parametrize("lang", LANGS)
def test_a_table_link_with_no_relay_offers_the_options_over_its_screen(lang: str) -> None:
    """The no-relay screen said "check Options → Playing with friends" while it covered the page's Options: it
    has its own *Options* button; relays off in them (no relay at all) is said as such, not as ten seconds of
    silence; looking for the table offers only the way on."""
    from king.render.invite import finding_screen

    cat = catalog(lang)
    silent, off = markup(finding_screen(cat, "no_relay")), markup(finding_screen(cat, "no_relay", off=True))
    assert ids(silent) == ids(off) == ["join-title", "join-error", "join-options", "join-leave", "join-lang"]
    assert cat.t("options.button") in silent and cat.n("net.join.no_relay", 10) in silent
    assert cat.t("net.join.relays_off") in off and cat.n("net.join.no_relay", 10) not in off
    # while finding too: a friend who knows the relays are wrong need not wait for the no-relay screen; and the
    # page's language, whose picker in the bar the screen covers, is chosen there (the page's own chosen)
    finding = markup(finding_screen(cat, "finding", lang=lang))
    assert ids(finding) == ["join-title", "join-error", "join-options", "join-leave", "join-lang"]
    assert f'<option value="{lang}" lang="{lang}" selected>' in finding and finding.count(" selected") == 1
    assert ids(markup(finding_screen(cat, "back"))) == ["join-title", "join-error", "join-leave", "join-lang"]
    # a link to a table this page was told is closed says so while it looks (it looked in silence)
    closed = markup(finding_screen(cat, "finding", closed=True))
    assert cat.t("net.join.closed") in closed and cat.t("net.join.finding") not in closed


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
    ("net.unchecked_forgot", {"en": "host's page was reloaded", "ru": "страница хозяина стола была перезагружена",
                              "uk": "сторінку господаря столу було перезавантажено"}),  # not "you were not there"
    ("net.join.answer_help", {"en": "back to Boss.", "ru": "вас приглашает (Boss).", "uk": "вас запрошує (Boss)."}),
    ("net.join.name_empty", {"en": "Type your name", "ru": "Введите своё имя", "uk": "Введіть своє ім’я"}),
    ("net.closed_new_game", {"en": "Boss started a new game", "ru": "Boss: новая игра",  # f06–f08, with no
                             "uk": "Boss: нова гра"}),  # gendered verb (the host may be a woman: issue 28)
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
    as_bot = cat.t("level.long.stand_in_as", level=cat.t(f"level.{vm['stand_in']}"))  # (with its level)
    assert cat.t("level.long.online") in friend and as_bot in bot
    assert cat.t("level.long.online") not in bot
    vm["stand_ins"] = [1]  # a friend's page: the view model says it (f1), with no stand-ins of the page's own
    assert as_bot in markup(seat_info(vm, cat, 1))
    # a seat given away (no name: no friend coming back) that a bot plays meanwhile: it holds the seat until
    # someone takes it — not "until the friend is back" (a new user's table said so of a seat given away)
    held = cat.t("level.long.stand_in_free", level=cat.t(f"level.{vm['stand_in']}"))
    given = markup(seat_info({**vm, "names": ["", "", "", ""]}, cat, 1))
    assert held in given and as_bot not in given and held not in markup(seat_info(vm, cat, 1))


@pytest.mark.parametrize("lang", LANGS)
def test_the_hosts_own_seat_is_badged_you_as_each_friends_page_badges_its_own(lang: str) -> None:
    """A tester's find: every friend's page badged its own seat "You", the host's page did not; a game with no one
    online (alone, or hot seat) badges no seat "You"."""
    cat = catalog(lang)
    you = f'data-level="you">{cat.t("position.south")}<'
    session = online_session({}, {"levels": ["human", "online", "hard", "hard"], "names": ["Оля", "Петя", "", ""]},
                             random.Random(1))
    host, friend = session.view_model(0), {**session.view_model(0), "seat": 1}
    assert you in markup(seat_info(host, cat, 0)) and you in markup(seat_info(friend, cat, 1))
    assert you not in markup(seat_info(host, cat, 1)) and you not in markup(seat_info(friend, cat, 0))
    alone = {**host, "levels": ["human", "hard", "hard", "hard"]}
    assert you not in markup(seat_info(alone, cat, 0))


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


@pytest.mark.parametrize("lang", LANGS)
def test_a_seat_no_one_took_is_badged_free_not_away(lang: str) -> None:
    """A new user's find: a seat no friend had taken yet showed "○ away" on every page, as if someone had left;
    the lobby says ``free`` for a seat with no key (never taken, or given to someone else) and the badge says so."""
    cat = catalog(lang)
    vm = online_session({}, {"levels": ["human", "online", "online", "hard"]}, random.Random(1)).view_model(0)
    free, away = (html.unescape(markup(seat_info(vm, cat, 1, presence=p))) for p in ("free", "away"))
    assert 'data-presence="free"' in free and cat.t("presence.free") in free and "◇" in free
    assert cat.t("presence.long.free") in free and cat.t("presence.away") not in free.split(">", 3)[-1]
    assert 'data-presence="away"' in away and cat.t("presence.free") not in away


@pytest.mark.parametrize("lang", LANGS)
def test_a_used_code_link_says_so_and_offers_the_way_on(lang: str) -> None:
    """A new user's find: a friend who joined by a code link and reloaded was asked to join again and sent an
    answer the host's page could only ignore. A code link this page joined by says it connects once, names the
    host's *New code link*, and offers a game against bots — no name field, no answer made."""
    cat = catalog(lang)
    text = markup(used_link_screen(cat))
    assert ids(text) == ["join-title", "join-error", "join-leave"]
    assert cat.t("net.join.used_link") in html.unescape(text)
    assert cat.t("net.invite.reinvite") in cat.t("net.join.used_link")


@pytest.mark.parametrize("lang", LANGS)
def test_a_stand_in_bots_turn_is_not_waited_for_as_a_person(lang: str) -> None:
    """A new user's find: while a bot played a friend's seat (away, or free with *A bot plays until someone takes
    it*) the status line said "Waiting for Player 4…", as if a person were slow; it now says the seat is to play,
    as for any bot, and waits for a friend who plays the seat."""
    cat = catalog(lang)
    session = online_session({}, {"levels": ["human", "online", "online", "hard"], "names": ["", "Петя", "", ""]},
                             random.Random(1))
    for seat in (0, 1):  # the host's page and a friend's page
        vm = {**session.view_model(seat), "phase": "play", "to_move": 2, "my_turn": False}
        who = name(cat, 2, vm)
        assert status({**vm, "stand_ins": []}, cat, True, None) == cat.t("net.waiting_for", name=who)
        assert status({**vm, "stand_ins": [2]}, cat, True, None) == cat.t("status.bot", name=who)
