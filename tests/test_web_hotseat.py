"""Several people at one device ("hot seat", issue 13) under CPython: the names in the settings and the
preferences (trimmed, length-limited, no control characters, HTML kept as text), and the viewer / "pass the
device" logic (``kingcore.web.hotseat`` and the session's screen state) over whole random rubbers — 2 people
and 2 bots at 4 seats, 3 people at 3 seats, and one person (nothing changes) — plus the renderers: the
table turned to the viewer, the pass screen, and people's names never in markup (only marks, filled in as
text by the page)."""

from __future__ import annotations

import random
import sys
import unicodedata
from pathlib import Path
from typing import Any

import pytest
from web_catalog import compiled, english
from web_steps import play_to_the_last_deals

from kingcore.errors import RulesError
from kingcore.game import Phase
from kingcore.web import (
    MAX_NAME,
    Catalog,
    Session,
    check_names,
    clean_name,
    cover,
    long_name,
    name_problem,
    needs_pass_screen,
    next_person,
    person_seats,
    read_prefs,
    record_hidden,
)
from kingcore.web.hotseat import bad_char

sys.path.insert(0, str(Path(__file__).parent.parent / "web"))
from king.dom import h, markup
from king.render import dialog, passscreen, sheet, status, table
from king.words import fill_names, name, name_mark, position

CAT = english()


# ----- names ----------------------------------------------------------------------------------------------

def test_a_name_is_trimmed_and_kept_as_text() -> None:
    assert clean_name("  Olga ") == "Olga"
    assert clean_name("") == "" and clean_name("   ") == ""  # the default name ("Player 2") is shown
    assert clean_name("<b>Ann</b>") == "<b>Ann</b>"  # HTML is text: the page shows it with textContent
    assert clean_name("Оля & Петя") == "Оля & Петя"
    assert clean_name("x" * MAX_NAME) == "x" * MAX_NAME


@pytest.mark.parametrize("bad", ["x" * (MAX_NAME + 1), "Ol\nga", "a\tb", "a\x00", "evil\u202egnp", "a\u2028b", 7,
                                 None, ["Olga"], "a\u2066b\u2069", "\u202dOlga", "a\u200bb", "\ue010"])
def test_a_bad_name_is_refused_with_a_clear_error(bad: Any) -> None:
    with pytest.raises(RulesError, match="name"):
        clean_name(bad)


def test_a_printable_text_holds_no_bad_character_and_a_bad_one_is_found_in_a_long_text() -> None:
    """:func:`~kingcore.web.hotseat.bad_char` answers a printable text (``str.isprintable``) without reading each
    character (a mental deal's 32 kB messages): no printable code point is of a refused category, and a refused
    character at the end of a long printable text is still the one named."""
    rule = ("Cc", "Cf", "Cs", "Co", "Zl", "Zp")
    printable = "".join(ch for ch in map(chr, range(0x110000)) if ch.isprintable())
    assert len(printable) > 100_000 and bad_char(printable) is None
    assert not any(unicodedata.category(ch) in rule for ch in printable)
    text = "Оля ♠♥ 0123456789abcdefABCDEF-_" * 1000
    for ch in "\n\t\x00\u202e\u2028\u2029\u2066\u200b\ue010\ud800\U000f0000":
        assert bad_char(text + ch + "ok") == ch, hex(ord(ch))
    assert bad_char(text + "\u200d\u200c\xa0") is None  # the joiners and a no-break space: not printable, kept


@pytest.mark.parametrize("good", ["Оля \U0001f469\u200d\U0001f4bb", "\U0001f468\u200d\U0001f469\u200d\U0001f467",
                                  "\u0645\u06cc\u200c\u062e\u0648\u0627\u0645", "\u0915\u094d\u200d\u0937"])
def test_the_joiners_emoji_and_persian_or_indic_names_need_are_kept(good: str) -> None:
    """ZWJ (U+200D) builds emoji sequences ("👩‍💻", a family); ZWNJ (U+200C) and ZWJ shape Persian and Indic
    words (issue 13: a name with an emoji was refused)."""
    assert clean_name(f" {good} ") == good and check_names(["", good], 2) == ["", good]
    assert name_problem([good, "", good]) is None


def test_a_bad_name_is_said_in_the_page_language_with_the_dialog_seat_name() -> None:
    """The dialog names seat 2 of four "North" (Север), not "seat 2" nor "Player 3" (issue 13)."""
    ru = Catalog.from_mo(compiled("ru"), strict=True)
    assert name_problem(["", "", "Оля\u202e"]) == (2, "char", {"char": "U+202E"})
    said = dialog.name_error(ru, (2, "char", {"char": "U+202E"}), 4)
    assert said.startswith("Север: ") and "U+202E" in said and "name" not in said
    assert dialog.name_error(CAT, (1, "char", {"char": "U+2066"}), 3).startswith("West: ")
    problem = name_problem(["Olga", " " + "y" * (MAX_NAME + 3), "a\u2066"])  # the first bad seat's
    assert problem == (1, "long", {"count": MAX_NAME + 3, "max": MAX_NAME})
    assert dialog.name_error(ru, problem, 4) == ru.t("hotseat.name_too_long", name=ru.t("position.west"),
                                                     count=MAX_NAME + 3, max=MAX_NAME)
    assert name_problem("Olga") is None and name_problem([7, "ok"]) is None  # left to check_names


def test_the_settings_check_the_names_and_the_screen() -> None:
    levels = ["human", "easy", "human", "hard"]
    s = Session.new_game({}, random.Random(1), {"levels": levels, "names": [" Olga ", "", "<b>Petya</b>", ""]})
    assert s.settings["names"] == ["Olga", "", "<b>Petya</b>", ""]
    assert Session.from_save(s.to_save()).settings == s.settings
    for bad, words in [({"names": ["Olga"]}, "one name for each of the 4 seats"),
                       ({"names": ["Olga", "", "x" * 21, ""]}, "the name of seat 2: a name may have at most 20"),
                       ({"names": ["Olga", "", "a\u0007", ""]}, "control character U\\+0007"),
                       ({"viewer": 1}, "viewer must be a person's seat \\(0, 2\\)"),
                       ({"viewer": 9}, "viewer must be a person's seat"),
                       ({"viewer": "0"}, "viewer must be a seat"),
                       ({"covered": "yes"}, "covered must be true or false")]:
        with pytest.raises(RulesError, match=words):
            Session(s.game, {"levels": levels, **bad})
    old = Session(s.game, {"levels": levels, "fast": True, "seed": 3})  # a save from before hot seat
    assert old.settings["names"] == ["", "", "", ""] and old.viewer == 0 and not old.covered
    assert check_names(["", " a "], 2) == ["", "a"]


def test_the_preferences_keep_the_names_and_drop_bad_ones() -> None:
    prefs, ok = read_prefs('{"levels": ["human", "human", "easy"], "names": [" Olga ", "<i>Petya</i>", ""]}')
    assert ok and prefs == {"levels": ["human", "human", "easy"], "names": ["Olga", "<i>Petya</i>", ""]}
    for text in ('{"names": ["a\\u0000", "b"]}', '{"names": ["x"]}', '{"names": "Olga"}',
                 '{"names": ["%s", ""]}' % ("x" * 30), '{"levels": ["easy", "human"]}'):
        prefs, ok = read_prefs(text)
        assert not ok and "names" not in prefs and "levels" not in prefs, text


# ----- whose view, and the pass screen, over whole rubbers --------------------------------------------

def hand_of(s: Session, seat: int) -> set[str]:
    """The cards ``seat`` holds now (what no one else may see)."""
    return {str(c) for c in s.game.visible_hand(seat)}


def play_rubber(levels: list[str], options: dict[str, Any], seed: int, middle: bool = True) -> dict[str, int]:
    """A whole rubber of random legal moves at one device, the page's way: the table shows
    ``Session.table_view()``; behind the pass screen the person named takes the device (``uncover``). At
    every step the table shows no card of anyone but the viewer, and a pass screen comes exactly when
    another person's turn follows (``needs_pass_screen``). Returns counts of what happened.
    ``middle=False`` (one person only: nothing is covered between deals): the first two deals and the
    last two, the middle played on unseen (:func:`play_to_the_last_deals`)."""
    rng = random.Random(seed)
    s = Session.new_game(options, rng, {"levels": levels, "names": ["Olga", "", "Petya", ""][: len(levels)]})
    people = person_seats(levels)
    counts = {"pass_screens": 0, "person_moves": 0, "bot_moves": 0, "same_person_again": 0}
    shown = -1  # the person whose cards the table showed last
    if len(people) >= 2:  # a new hot-seat rubber starts behind the pass screen
        assert s.covered and s.table_view()["pass_to"] in people
    for _ in range(20_000):
        vm = s.table_view()
        assert vm["seat"] == s.viewer and s.viewer in people
        others = set().union(*(hand_of(s, p) for p in range(len(levels)) if p != s.viewer))
        assert not others & {c["card"] for c in vm["hand"]}
        if s.covered:  # the pass screen: no hand at all, no decision, the person to take the device named
            assert vm["hand"] == [] and vm["moves"] == [] and not vm["my_turn"]
            assert vm["pass_to"] == s.viewer and (vm["to_move"] in (None, s.viewer) or vm["phase"] == "play")
            counts["pass_screens"] += 1
            assert Session.from_save(s.to_save()).covered  # a reload keeps the screen: no peeking
            assert s.uncover() and not s.covered
            shown = s.viewer
            continue
        shown = s.viewer
        if s.game.phase is Phase.RUBBER_OVER:
            break
        if not middle and s.game.phase is Phase.DEAL_OVER and len(s.game.deals) == 2:
            play_to_the_last_deals(s, rng)
        if s.deal(rng):
            continue
        seat = s.game.to_move
        assert seat is not None
        person = next_person(s)
        assert person == (seat if levels[seat] == "human" else None)
        if person is not None:
            assert person == s.viewer  # a person plays only from their own view, never behind the screen
            assert vm["my_turn"] and vm["hand"] == s.view_model(person)["hand"]
            counts["person_moves"] += 1
        else:
            counts["bot_moves"] += 1
        legal = [str(m) for m in s.game.legal_moves()]
        before = s.viewer
        result = s.apply(rng.choice(legal), seat, viewer="table")
        assert result["ok"]
        after = result["view"]
        assert s.covered == needs_pass_screen(shown, after), (shown, s.game.to_move)
        if s.covered:
            assert after["pass_to"] == s.game.to_move != before and after["hand"] == []
        elif s.game.to_move is not None and levels[s.game.to_move] == "human":
            counts["same_person_again"] += 1
    else:
        raise AssertionError("the rubber did not end")
    assert s.game.phase is Phase.RUBBER_OVER
    return counts


def test_two_people_and_two_bots_at_four_seats() -> None:
    counts = play_rubber(["human", "easy", "human", "random"], {}, seed=11)
    assert counts["pass_screens"] > 20 and counts["person_moves"] == counts["bot_moves"] > 100
    assert counts["same_person_again"] > 0  # the same person after bots only: no pass screen


def test_three_people_at_three_seats_with_calls() -> None:
    counts = play_rubber(["human", "human", "human"], {"players": 3, "preset": "three", "replay": "auction"}, seed=5)
    assert counts["bot_moves"] == 0 and counts["pass_screens"] > counts["person_moves"] // 2


def test_one_person_never_sees_a_pass_screen() -> None:
    counts = play_rubber(["human", "hard", "random", "easy"], {"order": "chosen"}, seed=2, middle=False)
    assert counts["pass_screens"] == 0 and counts["person_moves"] > 20  # 4 of ordered King's 56 deals


def test_needs_pass_screen_and_cover_on_their_own() -> None:
    vm = {"levels": ["human", "easy", "human"], "to_move": 2}
    assert needs_pass_screen(0, vm) and not needs_pass_screen(2, vm)
    assert not needs_pass_screen(0, {**vm, "to_move": 1}) and not needs_pass_screen(0, {**vm, "to_move": None})
    assert not needs_pass_screen(0, {"levels": ["human", "easy", "easy"], "to_move": 0})
    s = Session.new_game({}, random.Random(4), {"levels": ["human", "hard", "human", "hard"]})
    covered = cover(s.view_model(2))
    assert covered["hand"] == [] and covered["pass_to"] == 2 and covered["players"] == 4


# ----- the renderers ----------------------------------------------------------------------------------------

def hot_vm(viewer: int = 2, covered: bool = False) -> dict[str, Any]:
    s = Session.new_game({}, random.Random(8), {"levels": ["human", "easy", "human", "hard"],
                                                 "names": ["<b>Olga</b>", "", "", ""]})
    s.settings.update(viewer=viewer, covered=covered)
    return s.table_view()


def test_the_table_turns_to_the_viewer() -> None:
    vm = hot_vm(2)
    assert [position(seat, vm) for seat in range(4)] == ["north", "east", "south", "west"]
    boxes = table.seats(vm, CAT)
    assert [b.attr("data-seat") for b in boxes["left"]] == [3] and [b.attr("data-seat") for b in boxes["top"]] == [0]
    assert [b.attr("data-seat") for b in boxes["right"]] == [1]
    assert table.backs(vm, 2) == [] and len(table.backs(vm, 0)) == vm["counts"][0]
    one = {"players": 4, "seat": 0, "levels": ["human", "easy", "easy", "easy"], "names": None}
    assert [name(CAT, seat, one) for seat in range(4)] == ["You", "West", "North", "East"]


def test_names_are_marks_in_markup_and_text_on_the_page() -> None:
    """A person's own name is never in markup: the renderers put a mark, the page fills it in as text."""
    vm = hot_vm(2)
    assert vm["names"] == ["<b>Olga</b>", None, "", None]
    assert [name(CAT, seat, vm) for seat in range(4)] == [name_mark(0), "Bot 2", "Player 3", "Bot 4"]
    nodes = sheet.sheet(vm, CAT)
    html = markup(nodes)
    assert "Olga" not in html and name_mark(0) in html and "Player 3" in html and "Bot 2" in html
    heads = [fill_names(th.text(), vm["names"]) for th in h("table", None, nodes).select(tag="th")
             if th.attr("data-seat") is not None]
    assert heads == ["<b>Olga</b>", "Bot 2", "Player 3", "Bot 4"]
    seat_box = markup(table.seat_info(vm, CAT, 0))
    assert "<b>" not in seat_box and fill_names(name(CAT, 0, vm), vm["names"]) == "<b>Olga</b>"


def test_the_pass_screen_names_the_person_and_holds_no_card() -> None:
    vm = hot_vm(0, covered=True)
    assert passscreen.pass_screen(hot_vm(0), CAT) is None
    nodes = passscreen.pass_screen(vm, CAT)
    assert nodes is not None
    root = h("div", None, nodes)
    html = markup(nodes)
    text = fill_names(root.text(), vm["names"])
    assert "Pass the device to <b>Olga</b>" in text and "I am <b>Olga</b> — show my cards" in text
    assert root.select(id="pass-show")[0].attr("data-seat") == 0
    session_cards = {c["card"] for c in hot_vm(0)["hand"]}
    assert session_cards and not any(f'"{c}"' in html for c in session_cards)
    assert fill_names(status.status(vm, CAT, True, None), vm["names"]) == "Pass the device to <b>Olga</b>"


def test_undo_follows_the_person_at_the_screen() -> None:
    """Undo (issue 13 item 3) behind the pass screen is off; the person at the screen undoes their own move."""
    rng = random.Random(6)
    s = Session.new_game({}, rng, {"levels": ["human", "random", "human", "random"]})
    while True:
        if s.covered:
            assert s.table_view()["undo"]["possible"] is False
            s.uncover()
        seat = s.game.to_move
        assert seat is not None
        legal = [str(m) for m in s.game.legal_moves()]
        s.apply(rng.choice(legal), seat, viewer="table")
        if seat == s.viewer and s.game.to_move != seat and not s.covered:  # a person moved, a bot is next
            break
    person = s.viewer
    assert s.table_view()["undo"]["possible"] and s.undo(person) and s.game.to_move == person and not s.covered


def test_the_record_is_refused_only_while_a_hot_seat_deal_is_on() -> None:
    """A game record or a backup holds every dealt hand: with two people at the device neither is offered
    until the deal is over; with one person (against bots) always."""
    from kingcore.game import Phase

    two, one = ["human", "hard", "human", "hard"], ["human", "hard", "hard", "hard"]
    for phase in Phase:
        over = phase.value in ("deal_over", "rubber_over")
        assert record_hidden(two, phase.value) is not over, phase
        assert record_hidden(one, phase.value) is False


def test_a_long_name_is_trimmed_before_its_length_is_checked() -> None:
    """The name field does not cut what is typed (a ``maxlength`` would cut before the trim); the dialog
    finds a name too long after the trim and says so in the page's language."""
    spaced = "   " + "x" * MAX_NAME + "   "
    assert clean_name(spaced) == "x" * MAX_NAME and long_name(["", spaced]) is None
    assert long_name(["Olga", "", " " + "y" * (MAX_NAME + 3) + " "]) == (2, MAX_NAME + 3)
    field = str(dialog.name_field(CAT, 1, True))
    assert "maxlength" not in field and 'data-name="1"' in field
    words = CAT.t("hotseat.name_too_long", max=MAX_NAME, count=23, name=CAT.t("hotseat.player", n=3))
    assert words == "Player 3: a name may have at most 20 characters (this one has 23)."
