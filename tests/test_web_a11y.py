"""The page for the keyboard and the screen reader (issue 13), its pure parts under CPython: my hand has one
tab stop and keeps greyed cards focusable (``aria-disabled``), and the live region's sentences — each bot's
card or call, each trick's taker and points — add up to the deal's points."""

from __future__ import annotations

import random
import re
import sys
from pathlib import Path

import pytest
from web_catalog import compiled, english

from kingcore import Phase
from kingcore.web import Catalog, Session, bot_move

sys.path.insert(0, str(Path(__file__).parent.parent / "web"))
from king.render import hand
from king.render.announce import announce
from king.words import name

CAT = english()


def deal_with_announcements(options: dict[str, object], seed: int, cat: Catalog) -> tuple[
        list[tuple[int, str, list[str]]], dict[str, object]]:
    """One deal played by bots (seat 0 too): ``(seat, token, sentences)`` for every move, and my final view."""
    rng = random.Random(seed)
    s = Session.new_game(options, rng)
    said = []
    while True:
        before = s.view_model(0)
        if before["phase"] in ("deal_over", "rubber_over"):
            return said, before
        if s.deal(rng):
            continue
        seat = s.game.to_move
        assert seat is not None
        token = bot_move(s.bot_request(seat), "medium", s.bot_seed(seat))
        answer = s.apply(token, seat, viewer=0)
        assert answer["ok"]
        said.append((seat, token, announce(before, answer["view"], seat, token, cat)))


@pytest.mark.parametrize("options", [{}, {"replay": "trumps"}], ids=["no-tricks", "trumps"])
def test_the_live_region_says_every_bot_card_and_every_trick(options: dict[str, object]) -> None:
    """Every bot card is said by name ("West plays the queen of spades"), mine are not; each trick's taker
    is said with its points, and those points add up, seat by seat, to the deal's result."""
    said, end = deal_with_announcements(options, seed=3, cat=CAT)
    tricks = 0
    got = [0] * 4
    for seat, token, sentences in said:
        if seat != 0:
            first = sentences.pop(0)
            if len(token) == 2 and token[0] in "23456789TJQKA":
                assert first == f"{name(CAT, seat, 4)} plays the {CAT.card_name(token)}"
            else:
                assert first.startswith(f"{name(CAT, seat, 4)}: ")
        assert len(sentences) <= 1
        for sentence in sentences:
            tricks += 1
            assert sentence.startswith(f"Trick {tricks} to "), sentence
            who = next(k for k in range(4) if sentence.startswith(f"Trick {tricks} to {name(CAT, k, 4)}"))
            if "no points" not in sentence:
                got[who] += int(sentence.split(": ")[1].split(" ")[0].replace("−", "-"))
    result = end["result"]
    assert isinstance(result, dict)
    assert tricks == sum(result["tricks"]) and got == result["points"]


def test_the_live_region_in_russian_uses_plural_forms() -> None:
    ru = Catalog.from_mo(compiled("ru"), strict=True)
    said, _ = deal_with_announcements({}, seed=3, cat=ru)
    tricks = [x for _, _, sentences in said for x in sentences if x.startswith("Взятка ")]
    assert tricks and all(x.endswith(("очко", "очка", "очков", "без очков")) for x in tricks), tricks
    assert ru.n("say.trick", 4, trick=2, name="Север", points="−4") == "Взятка 2 — Север: −4 очка"
    assert ru.n("say.trick", 2 * 10 + 1, trick=8, name="Вы", points="+21") == "Взятка 8 — Вы: +21 очко"
    assert ru.n("say.trick", 16, trick=3, name="Запад", points="−16") == "Взятка 3 — Запад: −16 очков"


def test_my_hand_has_one_tab_stop_and_greyed_cards_stay_focusable() -> None:
    rng = random.Random(11)
    s = Session.new_game({}, rng)
    checked = 0
    while checked < 5 and s.game.phase is not Phase.RUBBER_OVER:
        vm = s.view_model(0)
        if vm["phase"] == "play" and vm["hand"]:
            buttons, _ = hand.hand(vm, CAT, {}, None)
            stops = [b.attr("data-card") for b in buttons if b.attr("tabindex") == 0]
            legal = [c["card"] for c in vm["hand"] if c["legal"]]
            assert stops == [legal[0] if legal else vm["hand"][0]["card"]]
            assert all(b.attr("tabindex") in (0, -1) and b.attr("disabled") is None for b in buttons)
            if vm["my_turn"] and len(legal) < len(vm["hand"]):
                checked += 1
                greyed = [b for b in buttons if b.attr("aria-disabled") == "true"]
                assert len(greyed) == len(vm["hand"]) - len(legal)
                assert all(b.attr("aria-describedby") == f"why-{b.attr('data-card')}" for b in greyed)
        if s.deal(rng):
            continue
        seat = s.game.to_move
        assert seat is not None
        assert s.apply(bot_move(s.bot_request(seat), "medium", s.bot_seed(seat)), seat)["ok"]
    assert checked == 5


@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
def test_a_bar_label_cut_short_says_its_whole_in_its_name_and_tooltip(lang: str) -> None:
    """A bar control whose label is cut to a word on a narrow or low bar — its ``.wide`` part hidden: «Быстрые» of
    «Быстрые боты», «Таблица» of «Таблица очков» — says the whole label in its accessible name (``aria-label`` of
    the control, or of a switch's checkbox) and in its tooltip (``title``), in every language. (A label cut to
    its icon, ↶ or §, has its whole in its ``aria-label``.)"""
    cat = Catalog.from_mo(compiled(lang), strict=True)
    page = (Path(__file__).parent.parent / "web" / "index.html").read_text(encoding="utf-8")
    controls = re.findall(r"<(?:button|label)\b([^>]*)>(.*?)</(?:button|label)>", page, flags=re.S)
    cut = [(attrs, inner) for attrs, inner in controls if 'class="wide"' in inner]
    words = [(attrs, inner) for attrs, inner in cut if re.search(r'<span data-t="', inner)]
    assert len(cut) >= 6 and len(words) == 2  # Fast bots, Score sheet
    for attrs, inner in cut:
        whole = "".join(cat.t(code) for code in re.findall(r'<span[^>]*data-t="([^"]+)"', inner)).strip()
        names = [cat.t(c) for c in re.findall(r'data-t-aria-label="([^"]+)"', attrs + inner)]
        assert any(whole in n for n in names), (attrs, whole, names)
        if (attrs, inner) in words:
            titles = [cat.t(c) for c in re.findall(r'data-t-title="([^"]+)"', attrs)]
            assert any(t.startswith(whole) for t in titles), (attrs, whole, titles)


@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
def test_a_bar_button_shown_as_its_icon_has_a_tooltip(lang: str) -> None:
    """A bar button cut to its icon on a narrow bar (↶, ▷, §, ?, ⚙, the chart) has a tooltip (``title``) in every
    language, other words than an empty one — a mouse user has no other way to learn what ⚙ opens (Options had
    none)."""
    cat = Catalog.from_mo(compiled(lang), strict=True)
    page = (Path(__file__).parent.parent / "web" / "index.html").read_text(encoding="utf-8")
    bar = page[page.index('id="bar-actions"'):page.index("</nav>", page.index('id="bar-actions"'))]
    icons = [attrs for attrs, inner in re.findall(r"<button\b([^>]*)>(.*?)</button>", bar, flags=re.S)
             if 'aria-hidden="true"' in inner]
    assert len(icons) >= 6
    for attrs in icons:
        titles = [cat.t(c).strip() for c in re.findall(r'data-t-title="([^"]+)"', attrs)]
        assert titles and titles[0], attrs
