"""Issue 29, a new user's finds in the words of a mental table (CPython, fast): each annulled shuffle of a deal
named with whose page it was and one wording per cause; the words of a reload at a deal's result; one term
for the host; the seat's words the same on every page."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from mental_sim import Faults, MentalSim
from web_catalog import compiled

from kingcore.online.deal.checks import Check
from kingcore.online.deal.memory import Memory
from kingcore.online.deal.mental import Rounds
from kingcore.web import Catalog

sys.path.insert(0, str(Path(__file__).parent.parent / "web"))
from king.render.wait import away_banner, begun, check_words, reload_words, shuffle_words, sitting_words
from king.words import fill_names

ROOT = Path(__file__).parent.parent
LANGS = ("en", "ru", "uk")
CATS = {lang: Catalog.from_mo(compiled(lang), strict=True) for lang in LANGS}
VM = {"deal": 3, "seat": 2, "players": 4, "names": ["Оля", "Петя", "Оксана", None]}


def shuffled(n: int) -> Check:
    return Check("audited", f"deal 3 audited: every card was dealt once and played by the rules; shuffled {n} times,"
                            f" the first {n - 1} annulled")


def said(lang: str, rounds: Rounds, n: int) -> list[str]:
    """Each earlier try's words of the result panel of deal 3, shuffled ``n`` times, names filled in."""
    text = fill_names(shuffle_words(CATS[lang], shuffled(n), rounds, VM), VM["names"])
    return [t.strip().rstrip(".;") for t in re.split(r"\d\) ", text.split(":", 1)[1])[1:]]


@pytest.mark.parametrize("lang", LANGS)
def test_each_annulled_shuffle_names_whose_page_it_was(lang: str) -> None:
    """«1) страница отключилась; 2) страница отключилась» said neither whose page nor alike for one cause: a page
    that left is named, this page's own loss is "this page", a page not named is "one of the pages"."""
    rounds = Rounds(annulled={3: {0: "left", 1: "stalled", 2: "left", 3: "reloaded", 5: "left", 6: "broken"}},
                    annulled_seat={3: {0: 1, 1: 0, 2: 2, 6: 1}})
    tries = said(lang, rounds, 8)
    assert len(tries) == 7, tries
    assert "Петя" in tries[0] and "Оля" in tries[1] and "Петя" in tries[6]  # whose page
    assert tries[2] == tries[3]  # this page's own, by a lost connection or a reload: one cause, said alike
    assert tries[4] == CATS[lang].t("net.mental.try_unseen")
    assert not any(n in tries[5] for n in VM["names"] if n) and tries[5] != tries[0]
    cause = CATS[lang].t("net.mental.try_reloaded").split()[-3:]  # the cause's words, the same for every page
    assert tries[0].split()[-3:] == tries[2].split()[-3:] == tries[5].split()[-3:] == cause, tries


def test_the_seat_an_annulment_named_is_kept_across_a_reload() -> None:
    rounds = Rounds(annulled={3: {0: "left", 1: "reloaded"}}, annulled_seat={3: {0: 1}})
    back = Memory.from_text(Memory("t", rounds).to_text(), "t").rounds
    assert back.annulled == rounds.annulled and back.who_annulled(3, 3) == [1, None]
    old = '{"table":"t","seen":[],"tries":[],"named":[],"done":[],"checks":[],"annulled":[[3,0,"left"]]}'
    assert Memory.from_text(old, "t").rounds.who_annulled(3, 2) == [None]  # a memory kept before: no seat


def entries(lang: str) -> dict[str, list[str]]:
    """The catalog's entries of ``lang``: code → its words (each plural form)."""
    with open(ROOT / "web" / "locale" / f"{lang}.po", "rb") as f:
        return {m.id: [m.string] if isinstance(m.string, str) else list(m.string) for m in read_po(f) if m.id}


HOST = {"en": r"\bhost\b(?!:)", "ru": r"хозя[а-я]* стола|хозя", "uk": r"господар"}
"""The term for the host in each language (not ``{host}``, a person's name, nor ``host:port``)."""


def test_one_term_for_the_host_in_each_language() -> None:
    """The join screen called the host «ведущего», Options «хозяина стола»: the same entries name the host in
    every language, each by its one term."""
    found = {}
    for lang, term in HOST.items():
        texts = entries(lang)
        found[lang] = {i for i, ts in texts.items() if any(re.search(term, t.replace("{host}", ""), re.I) for t in ts)}
    assert not any("ведущ" in t or "ведуч" in t for lang in ("ru", "uk") for ts in entries(lang).values() for t in ts)
    assert len(found["en"]) > 20 and found["ru"] == found["en"] == found["uk"], (found["en"] ^ found["ru"],
                                                                                 found["en"] ^ found["uk"])


@pytest.mark.parametrize("lang", LANGS)
def test_a_seats_presence_has_one_word_on_every_page(lang: str) -> None:
    """The host's page said «◇ свободно», the phone «◇ пусто» for the same seat; the phone's «◌ связь…» was a cut
    word for «переподключается»: a short form is the long one when that fits, else a whole word of its own."""
    from kingcore.online.room import PRESENCE

    cat = CATS[lang]
    assert cat.t("presence.short.free") == cat.t("presence.free")
    for state in PRESENCE:
        short = cat.t(f"presence.short.{state}")
        assert "…" not in short or short == cat.t(f"presence.{state}"), (state, short)  # (no word cut short)


@pytest.mark.parametrize("lang", LANGS)
def test_an_away_badge_on_a_phone_says_not_here(lang: str) -> None:
    """A new user's phone read «○ нет» (a bare "no") where the host's page said «○ нет на месте»: the short form of
    "away" is the whole one where it fits, else the opposite of the short "here" beside it (as «не здесь»)."""
    cat = CATS[lang]
    short, here = cat.t("presence.short.away"), cat.t("presence.short.here")
    assert short == cat.t("presence.away") or here in short.split(), (short, here)


@pytest.mark.parametrize("by", ["page", "host"])
def test_a_reload_while_the_next_deal_is_dealt_is_not_said_as_during_its_play(by: str) -> None:
    """Petya reloaded while reading deal 1's result and was told «…во время раздачи 2…»; the friends were told
    «Страница хозяина стола была перезагружена во время раздачи 3» while the host still read deal 2's result: a
    deal no one had played yet is said as being shuffled and dealt, and dealt again; one under way as before."""
    result = {"deal": 2, "phase": "deal_over", "trick": [], "tricks_done": 8, "calls": []}
    held = {"deal": 3, "phase": "play", "trick": [], "tricks_done": 0, "calls": []}  # (its readers not done)
    played = {**held, "trick": [[1, "7S"]]}
    assert [begun(vm, 3) for vm in (None, result, held, played)] == [False, False, False, True]
    for lang in LANGS:
        cat = CATS[lang]
        dealing, during = reload_words(cat, by, 3, dealing=True), reload_words(cat, by, 3, dealing=False)
        assert dealing != during and "3" in dealing
        ru = lang == "ru" and (dealing, during)
        assert not ru or ("во время раздачи 3" not in ru[0] and "тасовали и сдавали" in ru[0]
                          and "во время раздачи 3" in ru[1]), ru


def test_a_page_back_while_its_stand_in_plays_says_so_once() -> None:
    """A friend back while a bot finished the deal for her read the same line twice, on the seat's banner
    («Раздача 3 продолжилась без вас…», ``net.sits_out_back``) and in a toast: the banner says it alone."""
    for lang in LANGS:
        assert reload_words(CATS[lang], "page", 3, dealing=False, went_on=True) is None
        assert reload_words(CATS[lang], "page", 3, dealing=False) and reload_words(CATS[lang], "host", 3, False, True)
        assert "3" in CATS[lang].t("net.sits_out_back", deal=3)


@pytest.mark.parametrize(("how", "lang"), [("kept", "uk"), ("reloaded", "ru"), ("fresh", "en")])
def test_a_newcomer_back_on_a_new_connection_still_joined_the_deal_it_sits_out(how: str, lang: str) -> None:
    """Someone new takes a seat freed mid-deal (on a device whose storage has the memory of the seat's last person,
    or none: ``fresh``); their page's connection is lost before the deal ends (a page too busy to beat in time, on
    a loaded machine) and comes back — with the new key: a ``back``, not a ``take`` — its page kept open
    (``kept``) or reloaded. The banner still says the deal began before they sat down, never that it went on
    without them (it said so on the new connection: «Роздача 3 тривала без вас…»), and so does the deal's result
    ("you joined during this deal", not "you came back")."""
    cat = CATS[lang]
    t = MentalSim(21, players=4, friends=2, faults=Faults(stand_in=0.0, away=(1000.0, 1000.0)))
    t.reload = how == "reloaded"
    t.run(deals=1)
    t.run(until=lambda: t.page.deal is not None and len(t.page.deal.plays) >= 3 and t.page.round is not None
          and t.page.round.state == "deal")
    assert t.page.deal is not None
    deal, seat = t.page.deal.number, min(t.friends)
    friend = t.friends[seat]
    t.send_to(t.table.free(seat))
    friend.ticket = None
    if how == "fresh":
        friend.all.clear()
    t.settle()
    for _ in range(2):  # taken anew, then back on a new connection with its new key
        friend.back = t.clock.now
        t.run(until=lambda: friend.mg is not None and friend.mg.page is not None, settle=False)
        t.settle()
        mg = friend.mg
        assert mg is not None and mg.sits_out() == deal and friend.ticket is not None
        assert away_banner(cat, "bot", mg) == (cat.t("net.sits_out", deal=deal), deal)
        t.lose(seat)
        t.settle()
    assert not mg.guest.taken  # (the second connection took the seat back)
    friend.back = t.clock.now
    t.run(until=lambda: len(t.page.game.deals) == deal)
    assert friend.mg is not None and friend.mg.checks.deals[deal].code == "joined"


@pytest.mark.parametrize("lang", LANGS)
def test_the_hosts_page_says_a_friend_is_here_while_a_stand_in_ends_the_deal(lang: str) -> None:
    """The host's page showed «Бот» on Оксана's seat after she was back, until the deal ended, and nothing said
    she was back: it says she is here, and plays from the next deal."""
    words = sitting_words(CATS[lang], 2, 3, VM)
    assert words.count("Оксана") == 2 and "3" in words, words


@pytest.mark.parametrize("lang", LANGS)
def test_a_deals_check_says_a_stand_in_at_the_hosts_page_played_a_friends_seat(lang: str) -> None:
    """«…и ни одно устройство не видело чужих карт» though a stand-in bot at the host's page played Оксана's seat
    in deal 3 (her page closed; its keys at the host's page, which saw that seat's cards): the check names whose
    seat, one or more; a deal with none hosted, or a renege's, says what it said."""
    cat, vm = CATS[lang], {**VM, "seat": 0}
    audited = cat.t("net.mental.audited", deal=3)
    plain = check_words(cat, Check("audited", "deal 3 audited: …"), vm)
    one = fill_names(check_words(cat, Check("audited", "deal 3 audited: …", (2,)), vm), vm["names"])
    two = fill_names(check_words(cat, Check("audited", "deal 3 audited: …", (1, 2)), vm), vm["names"])
    assert plain == audited and one != audited and "Оксана" in one and "3" in one and "Петя" not in one, one
    assert "Петя" in two and "Оксана" in two and two != one, two
    assert one.split(":")[0] == audited.split(":")[0]  # (the same check, more said)
    renege = Check("renege", "deal 3 audited: seat 1 played …", (2,))
    assert check_words(cat, renege, vm) == cat.t("net.mental.check_renege", deal=3)
    kept = '{"table":"t","seen":[],"tries":[],"named":[],"done":[],"checks":[[3,"audited","deal 3 audited"]]}'
    assert Memory.from_text(kept, "t").checks.deals[3] == Check("audited", "deal 3 audited")  # (kept before: none)


def test_an_options_label_ends_with_its_words() -> None:
    """«Лимит на ход для друзей по сети » had a trailing space: a label's words meet its list or text box with no
    white space between them, and the control sits on its own line."""
    page = (ROOT / "web" / "index.html").read_text(encoding="utf-8")
    labels = re.findall(r'<label class="option-list">(.*?)</label>', page, flags=re.S)
    assert len(labels) >= 3 and all(re.match(r'<span data-t="[^"]+">[^<]*</span><(select|textarea)', x)
                                    for x in labels), labels
    assert re.search(r"\.option-list select \{ display: block;", (ROOT / "web" / "style.css").read_text())


@pytest.mark.parametrize("lang", LANGS)
def test_a_newcomers_result_says_the_tries_before_they_sat_down_as_one(lang: str) -> None:
    """A page whose person took the seat at deal 2's result (``seated``: ``Memory.taken_at``) and was dealt into
    deal 3's third try saw none of the first two: they are said as one, before its person sat down — not «без
    этой страницы» twice, as a tester's newcomer read — and the try it saw end by its own cause; a page at the
    table all along says each as before."""
    cat, rounds = CATS[lang], Rounds(annulled={3: {2: "left"}}, annulled_seat={3: {2: 1}})
    text = fill_names(shuffle_words(cat, shuffled(4), rounds, VM, seated=2), VM["names"])
    assert f"1–2) {cat.t('net.mental.try_before')}; 3) " in text and "Петя" in text, text
    assert cat.t("net.mental.try_unseen") not in text and "4)" not in text, text
    assert said(lang, rounds, 4)[:2] == [cat.t("net.mental.try_unseen")] * 2  # (at the table all along: as it was)
    once = Rounds(annulled={3: {1: "stalled"}}, annulled_seat={3: {1: 0}})
    assert f": 1) {cat.t('net.mental.try_before')}; 2) " in shuffle_words(cat, shuffled(3), once, VM, seated=3)
    assert shuffle_words(cat, shuffled(3), Rounds(), VM, seated=2) == cat.n("net.mental.shuffled_before", 3)
