"""Issue 13, the tester's findings on the page's words (CPython, fast): a bad file's or save's *Details* in
the page's language, numbers with the language's decimal mark, the replay viewer's focus at either end,
and one word for a deal / a trick / the viewer in each language."""

from __future__ import annotations

import json
import random
import re
import sys
from pathlib import Path

import pytest

from kingcore import Game, Rules
from kingcore.notation import dumps
from kingcore.web import Catalog, SaveError, Session
from kingcore.web.replay import Replay, ReplayFileError

sys.path.insert(0, str(Path(__file__).parent.parent / "web"))
from king.dom import h
from king.render import panels
from king.render import replay as view
from king.render import stats as stats_view
from web_catalog import compiled

ROOT = Path(__file__).parent.parent
HEAD = '[Event "King"]\n[Rules "king()"]\n[FirstDealer "0"]\n'


def record() -> str:
    g = Game(Rules())
    g.autoplay(random.Random(3), deals=1)
    return dumps(g)


def bad_files() -> dict[str, str]:
    """One file for each common kind of error the reader raises for a record (the kind -> the file)."""
    good = record()
    lines = good.splitlines()
    trick = next(i for i, x in enumerate(lines) if x.startswith("trick "))
    score = next(i for i, x in enumerate(lines) if x.startswith("score "))
    wrong_score = [*lines[:score], "score " + " ".join(["1"] * 4), *lines[score + 1:]]
    return {
        "not_json": '{"record": ], "a": 1}',
        "truncated_json": '{"record": "abc',
        "no_record": '{"version": 1}',
        "no_start": '[Event "King"]\n\ndeal 1 dealer 0\n',
        "players_count": HEAD + '[Players "human:a bot:b bot:c bot:d bot:e"]\n',
        "players_word": HEAD + '[Players "human:a bot:b robot:c bot:d"]\n',
        "former_word": HEAD + '[Former "1:0:Петя"]\n',
        "bad_card": HEAD + "\ndeal 1 dealer 0\nhand 0 7S XX\n",
        "bad_tag": HEAD + "[Oops\n",
        "late_tag": good + '\n[Event "again"]\n',
        "unknown_tag": HEAD + '[Colour "red"]\n',
        "tag_twice": HEAD + '[Event "again"]\n',
        "unknown_line": HEAD + "\nshuffle 1\n",
        "incomplete_trick": "\n".join([*lines[:trick], " ".join(lines[trick].split()[:3]), *lines[trick + 1:]]),
        "score_mismatch": "\n".join(wrong_score),
    }


def bad_saves() -> dict[str, str]:
    """One save text for each kind of error a save can have (the kind -> the text)."""
    ok = json.loads(Session.new_game(Rules(), random.Random(1)).to_save())
    return {
        "save_empty": "",
        "save_truncated": json.dumps(ok)[:40],
        "save_garbage": "not a save",
        "save_version": json.dumps({**ok, "version": 99}),
        "save_shape": json.dumps({**ok, "record": 5}),
        "save_replay": json.dumps({**ok, "record": HEAD + "\nshuffle 1\n"}),
        "save_undo": json.dumps({**ok, "undo": [99]}),
    }


CATS = {lang: Catalog.from_mo(compiled(lang), strict=True) for lang in ("en", "ru", "uk")}


@pytest.mark.parametrize("kind", sorted(bad_files()))
def test_each_common_record_error_has_a_code_and_words_in_each_language(kind: str) -> None:
    with pytest.raises(ReplayFileError) as e:
        Replay.from_text(bad_files()[kind])
    error = e.value.to_dict()
    assert error["code"] == kind, error
    english = e.value.message
    for lang, cat in CATS.items():
        details = h("div", None, view.file_error(cat, error)).select(tag="details")[0].text()
        assert cat.t(f"detail.{kind}", **{**_format_words(), **error["params"]}) in details
        if lang != "en":
            assert english not in details
            plain = details.replace('"record"', "").replace('"save"', "")  # the format's own keys
            assert not re.search(r"\b(record|seat|must|expected|not|is|the)\b", plain), details


@pytest.mark.parametrize("kind", sorted(bad_saves()))
def test_each_save_error_has_a_code_and_words_in_each_language(kind: str) -> None:
    with pytest.raises(SaveError) as e:
        Session.from_save(bad_saves()[kind])
    error = e.value.to_dict()
    assert error["code"] == kind, error
    for lang, cat in CATS.items():
        words = cat.detail(error)
        if lang != "en":
            assert not re.search(r"\b(save|record|the|is|not|cut)\b", words), words
            assert words != error["message"]
    if kind == "save_replay":  # the record's own error inside, in words too
        assert CATS["ru"].detail(error["params"]["inner"]) in CATS["ru"].detail(error)
        assert error["params"]["inner"]["code"] == "unknown_line"


def test_every_code_the_reader_raises_has_words() -> None:
    """Each ``code="…"`` the engine's readers give (kingcore/) is a ``detail.<code>`` of every catalog."""
    codes = set()
    for p in (ROOT / "kingcore").rglob("*.py"):
        codes |= set(re.findall(r"""\bcode=["']([a-z_]+)["']""", p.read_text(encoding="utf-8")))
    assert {"no_start", "players_count", "truncated_json", "save_truncated"} <= codes
    codes |= set(bad_files()) | set(bad_saves())  # and those written another way (JsonError's not_json)
    for cat in CATS.values():
        missing = [c for c in sorted(codes) if not cat.has(f"detail.{c}")]
        assert not missing, missing


def test_a_rare_error_without_a_code_keeps_the_readers_message() -> None:
    assert CATS["ru"].detail({"code": None, "message": "deal 3: boom"}) == "deal 3: boom"


def _format_words() -> dict[str, str]:
    from kingcore.web.text import FORMAT_WORDS

    return FORMAT_WORDS


# ----- numbers ----------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("lang", "point"), [("en", "."), ("ru", ","), ("uk", ",")])
def test_numbers_take_the_languages_decimal_mark(lang: str, point: str) -> None:
    cat = CATS[lang]
    assert cat.num(-2.5) == f"−2{point}5"
    assert cat.num(1.25, sign=True) in (f"+1{point}2", f"+1{point}3")
    assert cat.num(-0.04) == f"0{point}0" and cat.num(-102, digits=1) == f"−102{point}0"
    s = {"played": 1, "won": 0, "average": -102.0, "best": None, "worst": None}
    shown = h("div", None, stats_view.figures(cat, s)).select(tag="dd", data_stat="average")[0].text()
    assert shown == f"−102{point}0"
    data = {"deal": 1, "seat": 0, "cost": 2.5, "cards": [
        {"trick": 1, "card": "QS", "expected": -3.5, "best": "7S", "best_expected": -1.0, "cost": 2.5}]}
    text = h("div", None, view.seat_review(cat, {"seat": 0, "data": data}, 4, -4)).text()
    assert f"−2{point}5" in text and f"−3{point}5" in text
    if point == ",":
        assert not re.search(r"\d\.\d", text)


# ----- the viewer's focus at either end -------------------------------------------------------------------------

def test_a_step_button_disabled_under_the_focus_hands_it_to_the_other_way() -> None:
    assert view.focus_after("replay-next", False, True) == "replay-prev"  # End on "Card ›"
    assert view.focus_after("replay-next-trick", False, True) == "replay-prev-trick"
    assert view.focus_after("replay-prev", True, False) == "replay-next"  # Home on "‹ Card"
    assert view.focus_after("replay-prev-trick", True, False) == "replay-next-trick"
    assert view.focus_after("replay-prev", True, True) == "replay-view"  # both ways disabled: the frame
    assert view.focus_after("replay-next", False, False) is None
    assert view.focus_after("replay-deal", True, True) is None
    assert 'id="replay-view" tabindex="-1"' in (ROOT / "web" / "index.html").read_text(encoding="utf-8")


# ----- one word for one thing -------------------------------------------------------------------------------

def test_one_word_for_a_deal_a_trick_and_the_viewer() -> None:
    ru, uk = CATS["ru"], CATS["uk"]
    po = (ROOT / "web" / "locale" / "ru.po").read_text(encoding="utf-8")
    strs = " ".join(re.findall(r'msgstr(?:\[\d\])? "(.*)"', po))
    assert not re.search(r"(?<![а-яё])[Сс]дач", strs)  # раздача throughout (сдающий, сдавать stay)
    assert ru.t("replay.deal") == "Раздача" and ru.t("replay.dealt", deal=1, name="x").startswith("Раздача 1")
    trick = uk.n("seat.tricks", 1)
    assert "взяток" in trick  # the table's word for one trick
    assert "Взяток" in uk.t("replay.prev_trick") and "Взяток" in uk.t("replay.next_trick")
    for cat in (ru, uk):
        assert cat.t("replay.button") != cat.t("review.button").split()[0]
        assert cat.t("replay.button").split()[0] not in cat.t("review.button")
        assert len(cat.t("replay.button")) <= 16


def test_ukrainian_writes_one_apostrophe_and_one_genitive_of_the_table() -> None:
    """Ukrainian's apostrophe is the typographic ’ in every message (the welcome mixed «комп'ютерних» with
    «П’ять»), and the table's genitive is «столу» throughout (the welcome's «внизу стола» against New game's
    «внизу столу» and twenty «господаря столу», «секретом столу»)."""
    po = (ROOT / "web" / "locale" / "uk.po").read_text(encoding="utf-8")
    strs = re.findall(r'^(?:msgstr(?:\[\d\])? )?"(.*)"$', po, flags=re.M)
    assert len(strs) > 900 and any("’" in t for t in strs)
    straight = [t for t in strs if re.search(r"(?<=[^\W\d_])'(?=[^\W\d_])", t)]
    assert not straight, straight[:5]
    assert not [t for t in strs if re.search(r"\bстола\b", t)]
    uk = CATS["uk"]
    assert "внизу столу" in uk.t("welcome.what") and "внизу столу" in uk.t("dialog.lead")


# ----- a card in a detail: the catalog's letters ------------------------------------------------------------

@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_a_saves_refused_card_is_told_in_the_pages_words_and_letters(lang: str) -> None:
    """A save whose record plays K♥ from the wrong hand: the banner's detail names the card with the
    catalog's К (Cyrillic), and says why as the table does — not the engine's ``K♥``/English."""
    cat = CATS[lang]
    for seed in range(20):
        g = Game(Rules())
        g.autoplay(random.Random(seed), deals=1)
        lines = dumps(g).splitlines()
        at = next(i for i, x in enumerate(lines) if x.startswith("trick "))
        words = lines[at].split()
        seat = int(words[2].split(":")[0])
        if "KH" not in {str(c) for c in g.deals[0].hands[seat]}:
            break
    words[2] = f"{seat}:KH"
    lines[at] = " ".join(words)
    ok = json.loads(Session.new_game(Rules(), random.Random(1)).to_save())
    with pytest.raises(SaveError) as e:
        Session.from_save(json.dumps({**ok, "record": "\n".join(lines)}))
    error = e.value.to_dict()
    assert error["params"]["inner"]["reason"] == "not_in_hand" and error["params"]["inner"]["move"] == "KH"
    words_shown = cat.detail(error)
    assert cat.card("KH") in words_shown and cat.card("KH") != "K♥" and "K♥" not in words_shown
    assert cat.why("not_in_hand") in words_shown
    banner = h("div", None, *panels.problem(cat, error["kind"], None, words_shown, "null")).text()
    assert cat.card("KH") in banner and not re.search(r"[A-Za-z]{3,}", banner), banner
