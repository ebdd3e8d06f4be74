"""The page's pure renderers (web/king/render) under CPython: a view model of each phase in, the nodes
they describe out — and, through a pseudo-translated catalog, proof that every word they draw comes from
the catalog. Also the element builder, which escapes every text and attribute."""

from __future__ import annotations

import json
import random
import re
import sys
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from web_catalog import compiled, english
from web_steps import step

from kingcore import Phase
from kingcore.web import BOT_LEVELS, Catalog, Session, new_game_options, table_choice

sys.path.insert(0, str(Path(__file__).parent.parent / "web"))
from king.dom import Node, h, markup
from king.render import calls, dialog, hand, panels, sheet, status, table, trick

CAT = english()


def advance(options: dict[str, Any], until: Callable[[dict[str, Any]], bool], seed: int = 7,
            level: str = "medium") -> dict[str, Any]:
    """Seat 0's view model once ``until`` holds, every seat played by bots."""
    rng = random.Random(seed)
    s = Session.new_game(options, rng, {"levels": ["human", "easy", "expert", "random"]})
    for _ in range(6000):
        vm = s.view_model(0)
        if until(vm):
            return vm
        if s.game.phase is Phase.RUBBER_OVER:
            break
        step(s, rng, level=level)
    raise AssertionError("never reached")


@cache
def phase_vm(name: str) -> dict[str, Any]:
    """A view model of each phase the page draws."""
    cases: dict[str, tuple[dict[str, Any], Callable[[dict[str, Any]], bool]]] = {
        "my_turn": ({}, lambda v: v["my_turn"] and bool(v["trick"]) and any(not c["legal"] for c in v["hand"])),
        "trick_done": ({}, lambda v: v["trick_complete"] and not v["my_turn"] and v["deal"] >= 2),
        "deal_over": ({}, lambda v: v["phase"] == "deal_over" and v["deal"] >= 2),
        "rubber_over": ({"eralash": False}, lambda v: v["phase"] == "rubber_over"),
        "call_trump": ({"replay": "trumps"}, lambda v: v["my_turn"] and v["phase"] == "call_trump"),
        "auction": ({"replay": "auction"}, lambda v: v["my_turn"] and v["phase"] == "auction" and bool(v["calls"])),
        "choose_contract": ({"order": "chosen"}, lambda v: v["my_turn"] and v["phase"] == "choose_contract"),
        "auction_sheet": ({"replay": "auction"}, lambda v: v["phase"] == "deal_over"
                          and v["sheet"]["rows"][-1]["contract"] == "trumps"),
    }
    options, until = cases[name]
    return advance(options, until, level="random" if name == "rubber_over" else "medium")


PHASES = ["my_turn", "trick_done", "deal_over", "rubber_over", "call_trump", "auction", "choose_contract",
          "auction_sheet"]


def one(nodes: list[Node] | Node, **select: Any) -> Node:
    root = nodes if isinstance(nodes, Node) else h("div", None, nodes)
    found = root.select(**select)
    assert len(found) == 1, (select, len(found))
    return found[0]


# ----- the builder ---------------------------------------------------------------------------------------

def test_the_builder_escapes_text_and_attributes() -> None:
    node = h("p", {"title": 'a "quote" <b>', "data-x": 3, "hidden": True, "checked": False, "id": None},
             "<script>alert(1)</script>", h("b", None, "&"), None, ["x", 2])
    assert str(node) == ('<p title="a &quot;quote&quot; &lt;b&gt;" data-x="3" hidden>'
                         "&lt;script&gt;alert(1)&lt;/script&gt;<b>&amp;</b>x2</p>")
    assert node.text() == "<script>alert(1)</script>&x2" and node.attr("data-x") == 3
    assert markup(["<", h("br")]) == "&lt;<br>"


# ----- each phase ----------------------------------------------------------------------------------------

def test_hand_marks_legal_cards_and_says_why_the_others_are_not() -> None:
    vm = phase_vm("my_turn")
    buttons, whys = hand.hand(vm, CAT, {}, None)
    assert [b.attr("data-card") for b in buttons] == [c["card"] for c in vm["hand"]]
    led = vm["trick"][0]["card"][-1]
    for b, c in zip(buttons, vm["hand"], strict=True):
        assert ("is-legal" in b.classes) is c["legal"] and (b.attr("aria-disabled") == "true") is (not c["legal"])
        if not c["legal"]:
            why = b.attr("title")
            assert why == b.attr("data-why") and "♠♥♦♣"["SHDC".index(led)] in str(why)
            assert one(whys, id=f"why-{c['card']}").text() == why == b.attr("data-why")
    assert len(whys) == sum(not c["legal"] for c in vm["hand"])
    legal = [c["card"] for c in vm["hand"] if c["legal"]]
    values = {card: float(i) for i, card in enumerate(legal)}
    buttons, _ = hand.hand(vm, CAT, values, legal[-1])
    best = one(buttons, data_hint="best")
    assert best.attr("data-card") == legal[-1] and "is-hint" in best.classes
    assert best.select(cls="ev")[0].text() == f"+{len(legal) - 1}.0" if len(legal) > 1 else True
    text = status.status(vm, CAT, True, None)
    assert text.startswith("Your turn.")


def test_last_trick_is_offered_only_with_a_trick_of_a_deal_in_play() -> None:
    """«Останній взяток» showed, greyed, over an empty felt behind a friend's join screen (no table drawn yet) and
    over a table with no deal under way: the button is not shown until a deal in play has a finished trick
    (``data-none`` in the page as it loads, and :func:`trick.has_last` once a table is drawn)."""
    page = (Path(__file__).parent.parent / "web" / "index.html").read_text(encoding="utf-8")
    button = re.search(r'<button[^>]* id="btn-last"[^>]*>', page)
    assert button is not None and " data-none" in button.group(0), button
    playing = advance({}, lambda v: v["phase"] == "play" and v["last_trick"] is not None and not v["trick_complete"])
    assert trick.has_last(playing)
    over = phase_vm("deal_over")
    assert over["last_trick"] is not None and not trick.has_last(over)  # (its result shown: no deal in play)
    assert not trick.has_last({**playing, "phase": "deal"}) and not trick.has_last(None)
    assert not trick.has_last({**playing, "last_trick": None})


def test_trick_seats_and_bar_between_tricks() -> None:
    vm = phase_vm("trick_done")
    cards, last = trick.shown(vm)
    assert last and cards == vm["last_trick"]["cards"] and len(cards) == vm["players"]
    nodes = [trick.trick_card(vm, CAT, e) for e in cards]
    assert [n.attr("data-pos") for n in nodes] == [("south", "west", "north", "east")[e["seat"]] for e in cards]
    label = trick.trick_label(vm, CAT)
    assert label is not None and label.text().startswith(f"Trick {vm['last_trick']['number']} → ")
    assert not trick.can_show_last(vm)
    info = table.seat_info(vm, CAT, 1)
    assert one(info, cls="seat-name").text().startswith("West")
    assert one(info, cls="seat-level").text() == "Easy"
    assert one(info, cls="seat-total").text() == "Σ " + table.pts(vm["sheet"]["totals"][1])
    assert len(table.backs(vm, 1)) == vm["counts"][1] and table.backs(vm, 0) == []
    bar = table.bar(vm, CAT)
    assert bar["deal"] == f"Deal {vm['deal']} of {vm['deals']}" and bar["name"] and bar["sign"] in ("plus", "minus")
    assert status.status(vm, CAT, True, None).endswith("to play…")
    assert status.status(vm, CAT, False, None) == status.status(vm, CAT, True, None)  # the page plays meanwhile


def test_result_panel_review_and_sheet_after_a_deal() -> None:
    vm = phase_vm("deal_over")
    kind, nodes = panels.result_panel(vm, CAT, None)
    root = h("div", None, nodes)
    assert kind == "deal" and one(root, tag="h2").text().startswith(f"Deal {vm['result']['deal']}: ")
    rows = root.select(tag="tr", cls="")
    seats = [n for n in rows if n.attr("data-seat") is not None]
    assert [int(str(n.attr("data-seat"))) for n in seats] == list(range(4))
    assert one(root, id="btn-continue").text() == "Continue" and one(root, id="btn-review").text() == "Review my cards"
    data = {"cards": [{"trick": 2, "card": "QS", "expected": -1.0, "best": "7S", "best_expected": 0.0, "cost": 1.0},
                      {"trick": 3, "card": "8H", "expected": 0.0, "best": "8H", "best_expected": 0.0, "cost": 0.0}],
            "cost": 1.0}
    review = panels.review(CAT, {"pending": False, "data": data})
    assert len(review.select(tag="tr", cls="is-costly")) == 1
    assert "lowered your expected points (an average over where the unseen cards could lie) by 1.0; 1 choice " \
        "was costly" in one(review, cls="review-note").text()
    assert review.select(cls="review-actual") == []  # no result given, no line about it
    parts = sheet.sheet(vm, CAT)
    done = h("table", None, parts).select(tag="tr", **{})
    played = [r for r in done if r.attr("data-deal") is not None]
    assert [int(str(r.attr("data-deal"))) for r in played] == [r["deal"] for r in vm["sheet"]["rows"]]
    for r, row in zip(played, vm["sheet"]["rows"], strict=True):
        assert [int(str(td.attr("data-points"))) for td in r.select(tag="td") if td.attr("data-points") is not None] \
            == row["points"]
    future = h("table", None, parts).select(tag="tr", cls="is-future")
    assert len(future) == vm["deals"] - len(played)


def test_final_panel_standings_and_settlement() -> None:
    vm = phase_vm("rubber_over")
    kind, nodes = panels.result_panel(vm, CAT, None)
    root = h("div", None, nodes)
    assert kind == "final"
    places = root.select(tag="li", cls="")
    standings = [n for n in places if n.attr("data-place") is not None]
    assert [n.attr("data-seat") for n in standings] == [x["seat"] for x in vm["final"]["standings"]]
    owed = [x for x in vm["final"]["settlement"] if x["amount"]]
    settle = one(root, cls="settlement").select(tag="li")
    assert len(settle) == max(1, len(owed))
    for li, x in zip(settle, owed, strict=False):
        assert one(li, tag="b").text() == str(x["amount"]) and " pay" in li.text()
    assert one(root, id="btn-final-new").text() == "New game"
    result = vm["result"]  # the last deal under its heading: its contract and each seat's points, as after a deal
    heading = [n.text() for n in root.select(tag="h3")][-1]
    assert heading == f"The last deal, {result['deal']}: {CAT.t('contract.' + result['contract'])}"
    rows = one(root, tag="table", cls="result").select(tag="tr", cls="")[1:]
    assert [r.attr("data-seat") for r in rows] == list(range(vm["players"]))
    assert [r.select(tag="td")[1].text() for r in rows] == [panels.pts(p) for p in result["points"]]
    assert one(root, id="btn-review").text() == CAT.t("review.button")


def test_call_screens() -> None:
    vm = phase_vm("call_trump")
    nodes = calls.call_screen(vm, CAT, {}, None)
    assert nodes is not None and nodes[0].text() == "Call the trump"
    tokens = [b.attr("data-move") for b in h("div", None, nodes).select(tag="button")]
    assert sorted(tokens) == sorted(m["token"] for m in vm["moves"])
    vm = phase_vm("auction")
    nodes = calls.call_screen(vm, CAT, {"pass": "+0.5"}, "pass")
    assert nodes is not None
    root = h("div", None, nodes)
    high = vm["high_bid"]
    assert one(root, cls="call-high").attr("data-high") == (high["tricks"] if high else 0)
    best = one(root, data_hint="best")
    assert best.attr("data-move") == "pass" and one(best, cls="ev").text() == "+0.5"
    assert status.status(vm, CAT, True, None).startswith("Your turn to bid or pass. (")
    vm = phase_vm("choose_contract")
    nodes = calls.call_screen(vm, CAT, {}, None)
    assert nodes is not None
    root = h("div", None, nodes)
    for m in vm["moves"]:
        if m["kind"] == "contract":
            group = one(root, tag="section", data_sign="plus" if m["positive"] else "minus")
            assert one(group, data_move=m["token"]).select(tag="small")[0].text()
    assert calls.call_screen(phase_vm("trick_done"), CAT, {}, None) is None


def test_sheet_notes_name_the_bidder() -> None:
    vm = phase_vm("auction_sheet")
    row = vm["sheet"]["rows"][-1]
    rows = h("table", None, sheet.sheet(vm, CAT)).select(tag="tr", data_deal=row["deal"])
    note = rows[0].select(tag="small")[-1].text()
    assert re.search(r"(trump [♠♥♦♣]|no trump|misère)", note)
    if row["note"]["bid"]:
        assert f"bid {row['note']['bid']['tricks']}" in note


@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
def test_the_sheet_and_the_dialog_speak_of_a_mirror_half_only_with_a_mirror_replay(lang: str) -> None:
    """A trump or auction replay has no mirror half: the sheet's line on the sums says only that each deal sums to
    its control total, and the deal order's "the same order in the positive half" is hidden (RULES.md §5, §7)."""
    cat = Catalog.from_mo(compiled(lang), strict=True)
    order = "hearts,tricks,boys,girls,king,last_two"
    for replay, vm in (("mirror", phase_vm("deal_over")), ("auction", phase_vm("auction_sheet"))):
        assert sheet.sum_line(vm, cat) == cat.t("sheet.note" if replay == "mirror" else "sheet.note_control")
    for replay in ("mirror", "trumps", "auction"):
        saved = {"replay": replay, "deal_order": order}
        root = h("div", None, dialog.new_game_form(cat, new_game_options(), saved, ["human"], BOT_LEVELS, False,
                                                   table_choice(saved)))
        tail = one(root, id="opt-deal_order-mirror")
        assert tail.attr("hidden") is (replay != "mirror") and tail.text().strip(" ,;—")
    mirror_words = {"en": "mirror", "ru": "зеркальн", "uk": "дзеркальн"}[lang]
    assert mirror_words in cat.t("sheet.note") and mirror_words not in cat.t("sheet.note_control")


def test_new_game_dialog_fields() -> None:
    opts = new_game_options()
    nodes = dialog.new_game_form(CAT, opts, {"preset": "club", "eralash": False}, ["human", "easy", "hard", "expert"],
                                 BOT_LEVELS, True)
    root = h("form", None, nodes)
    assert one(root, id="opt-preset").select(tag="option", selected=True)[0].attr("value") == json.dumps("club")
    assert one(root, id="opt-eralash").attr("checked") is False and one(root, id="opt-fast").attr("checked") is True
    assert one(root, id="opt-deal_order").select(tag="li")[0].attr("data-value") == "tricks"
    for seat, level in ((1, "easy"), (2, "hard"), (3, "expert")):
        assert one(root, id=f"opt-level-{seat}").select(tag="option", selected=True)[0].attr("value") == level
    bots = one(root, id="opt-level-1").select(tag="optgroup")  # the bots' levels by name, under "Bots"
    assert len(bots) == 1 and bots[0].attr("label") == CAT.t("hotseat.bots")
    assert [(o.text(), o.attr("title")) for o in bots[0].select(tag="option")] == [
        (CAT.t(f"level.{lv}"), CAT.t(f"level.long.{lv}")) for lv in BOT_LEVELS]
    more = one(root, tag="details")
    assert more.select(id="opt-replay") and not more.select(id="opt-players") and root.select(id="opt-players")


# ----- every word from the catalog -------------------------------------------------------------------------

class Pseudo(Catalog):
    """Every word the catalog gives, bracketed: what is left outside brackets did not come from it."""

    def t(self, code: str, **args: Any) -> str:
        return "⟦" + super().t(code, **args) + "⟧"

    def n(self, code: str, count: int, **args: Any) -> str:
        return "⟦" + super().n(code, count, **args) + "⟧"


def outside(text: str) -> str:
    while True:
        stripped = re.sub(r"⟦[^⟦⟧]*⟧", "", text)
        if stripped == text:
            return stripped
        text = stripped


VISIBLE = ("title", "aria-label", "data-why")


@pytest.mark.parametrize("name", PHASES)
def test_every_word_drawn_comes_from_the_catalog(name: str) -> None:
    from kingcore.web.text import Catalog as Base

    cat = Pseudo(Base.from_mo(compiled("en")).translations, strict=True)
    vm = phase_vm(name)
    values = {m["token"]: "+1.0" for m in vm["moves"]}
    drawn: list[Node] = []
    drawn += hand.hand(vm, cat, {c["card"]: 1.0 for c in vm["hand"]}, None)[0]
    drawn += [trick.trick_card(vm, cat, e) for e in trick.shown(vm)[0]]
    drawn += [n for n in [trick.trick_label(vm, cat)] if n is not None]
    if vm["last_trick"]:
        drawn += trick.last_inset(vm, cat)
    for seat in range(vm["players"]):
        drawn += table.seat_info(vm, cat, seat)
    drawn += sheet.sheet(vm, cat)
    drawn += calls.call_screen(vm, cat, values, None) or []
    drawn += calls.move_row(vm, cat, values, None)
    if vm["result"]:
        drawn += panels.result_panel(vm, cat, None)[1]
    choice = table_choice({"players": vm["players"], "replay": "trumps"})
    drawn += dialog.new_game_form(cat, new_game_options(), {"players": vm["players"], "replay": "trumps"},
                                  ["human", "easy", "hard", "expert"], BOT_LEVELS, False, choice)
    drawn += [n for seats in table.seats(vm, cat).values() for n in seats] + table.kitty(vm, cat)
    bar = table.bar(vm, cat)
    texts = [status.status(vm, cat, False, None), bar["name"], bar["rules"], bar["deal"], dialog.summary(cat, choice),
             *[why for _, why in dialog.field_states(cat, new_game_options(), table_choice({"players": 5}))]]
    for node in drawn:
        for n in node.walk():
            if any(isinstance(c, str) for c in n.children):  # a text split around <b>: taken whole
                texts.append(n.text())
            texts += [str(n.attr(a)) for a in VISIBLE if n.attr(a) is not None]
    leaks = [t for t in texts if re.search(r"[A-Za-z]", outside(t))]
    assert not leaks, leaks[:10]
    assert re.search(r"[A-Za-z]", outside(h("p", None, cat.t("panel.new"), " Hello").text()))  # not blind


def test_hint_words() -> None:
    """The hint's status line and the values shown on each option, in points and in ordered King's shares."""
    answer = {"best": "QS", "measure": "points", "moves": [
        {"token": "QS", "kind": "card", "card": "QS", "expected": 1.25},
        {"token": "TH", "kind": "card", "card": "TH", "expected": -2.0}]}
    words = status.hint_words(CAT, answer)
    assert words["text"] == "Hint: play Q♠ (expected +1.2 this deal; the worst choice −2.0)."
    assert words["shown"] == {"QS": "+1.2", "TH": "−2.0"} and words["best"] == "QS"
    share = {"best": "pass", "measure": "share", "moves": [
        {"token": "pass", "kind": "pass", "expected": 0.3},
        {"token": "contract:no-king", "kind": "contract", "contract": "no_king", "expected": 0.1}]}
    words = status.hint_words(CAT, share)
    assert words["text"] == "Hint: pass — no contract beats its fair share by +30 % with this hand."
    assert words["shown"]["contract:no-king"] == "+10 %"
    assert status.status(phase_vm("my_turn"), CAT, True, {"pending": False, "text": words["text"]}) == words["text"]


def test_review_says_expected_points_and_what_actually_happened() -> None:
    """Issue 12: after a *no boys* deal scored 0 the review said "your cards gave away 5.8 points". Its
    numbers are the expert's expected points; beside them stands the deal's real result, from the view
    model, in the deal panel and in the last deal of the rubber's end."""
    data = {"cards": [{"trick": 1, "card": "JS", "expected": -7.04, "best": "7S", "best_expected": -1.2,
                       "cost": 5.84}, {"trick": 4, "card": "8D", "expected": -6.0, "best": "8D",
                                       "best_expected": -6.0, "cost": 0.0}], "cost": 5.84}
    state = {"pending": False, "data": data}
    review = panels.review(CAT, state, 0)
    note = one(review, cls="review-note").text()
    assert "gave away" not in note and "expected points" in note and "by 5.8;" in note
    actual = one(review, cls="review-actual")
    assert actual.attr("data-points") == 0
    assert actual.text() == ("What actually happened: you scored 0 in this deal; after your first choice the "
                             "expert expected −7.0.")
    heads = [n.text() for n in review.select(tag="th")]
    assert heads == ["Trick", "You played (expected)", "Better (expected)", "Expected cost"]
    vm = phase_vm("deal_over")
    _, nodes = panels.result_panel(vm, CAT, state)
    shown = one(h("div", None, nodes), cls="review-actual")
    assert shown.attr("data-points") == vm["result"]["points"][0]
    assert f"you scored {panels.pts(vm['result']['points'][0])} in this deal" in shown.text()
    assert "(−7.0)" in review.select(tag="tr")[1].text()  # each row's values are the expected points


def test_a_review_row_adds_up_as_shown() -> None:
    """−4.0 played, −3.6 the best (each rounded on screen): the row says −0.4 and is not costly, though the
    exact values (−4.04, −3.56) differ by 0.48 — 0.5 when rounded alone (the fresh-eyes review saw that)."""
    data = {"cards": [{"trick": 5, "card": "7C", "expected": -4.04, "best": "JC", "best_expected": -3.56,
                       "cost": 0.48}], "cost": 0.48}
    review = panels.review(CAT, {"pending": False, "data": data})
    assert review.select(tag="tr", cls="is-costly") == []
    row = review.select(tag="tr")[-1]
    assert "(−4.0)" in row.text() and "(−3.6)" in row.text() and row.text().endswith("−0.4")


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_reviews_total_is_the_sum_of_its_rows(lang: str) -> None:
    """Issue 30: the review said «снизили… на 2,4» above rows of −2,2 and −0,1: its total was the sum of the
    exact costs (2.21 + 0.15 = 2.36), the rows each rounded on screen. The summary now adds up the rows as
    shown, in the deal's panel and in the replay viewer's review."""
    from king.render import replay as viewer

    cat = Catalog.from_mo(compiled(lang), strict=True)
    cards = [{"trick": 1, "card": "JS", "expected": -3.04, "best": "7S", "best_expected": -0.83, "cost": 2.21},
             {"trick": 3, "card": "9D", "expected": -1.14, "best": "7D", "best_expected": -0.99, "cost": 0.15},
             {"trick": 5, "card": "8C", "expected": -1.0, "best": "8C", "best_expected": -1.0, "cost": 0.0}]
    data = {"cards": cards, "cost": 2.36}
    nodes = [panels.review(cat, {"pending": False, "data": data}),
             h("div", None, viewer.seat_review(cat, {"seat": 0, "data": {**data, "deal": 1}}, 4, None))]
    for node in nodes:
        rows = [r.select(tag="td")[-1].text() for r in node.select(tag="tr")[1:]]
        assert rows == [cat.num(-2.2), cat.num(-0.1), ""]
        assert cat.num(2.3) in one(node, cls="review-note").text() and cat.num(2.4) not in node.text()


def test_a_friend_waiting_for_the_game_to_start_is_told_so() -> None:
    """A tester's find: a connected friend saw a blank table before the first deal. Until every friend is in,
    each page waits for the others to connect; then a friend's page waits for the host to start (by name),
    in every language."""
    from king.words import name_mark

    from kingcore.online import Host, online_session

    session = online_session({}, {"levels": ["human", "online", "online", "random"], "names": ["Оля", "", "", ""]},
                             random.Random(4))
    host = Host(session)
    host.join(1, "Петя", last_n=1)
    assert session.view_model(0)["phase"] == "draw_dealer"
    for cat in (CAT, *(Catalog.from_mo(compiled(lang), strict=True) for lang in ("ru", "uk"))):
        waiting = cat.t("net.wait_friends")
        assert waiting and status.status(session.view_model(1), cat, True, None) == waiting
        assert status.status(session.view_model(0), cat, True, None) == waiting
    host.join(2, "Olga", last_n=1)
    olga = name_mark(0)  # the page fills the host's name in (never markup)
    assert status.status(session.view_model(1), CAT, True, None) == f"Waiting for {olga} to start the game…"
    assert status.status(session.view_model(2), Catalog.from_mo(compiled("ru")), True, None) == (
        f"Ждём, пока {olga} начнёт игру…")
    assert status.status(session.view_model(0), CAT, True, None) == ""  # the host's invite panel has Start


# ----- a first visit's tips (issue 30) ---------------------------------------------------------------------

TIP_CASES = {"my_turn": "follow", "trick_done": "trick", "deal_over": "over", "rubber_over": "over",
             "call_trump": "call", "auction": "call", "choose_contract": "call"}


@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
def test_a_tip_for_each_moment_of_a_deal(lang: str) -> None:
    """One line for what to do now: the deal's contract before its first card, then the lead, following suit,
    waiting for the others, a trick taken, a call to make, the deal over — in the page's language, every word
    from the catalog; none behind a pass screen."""
    from king.render import tips

    cat = Catalog.from_mo(compiled(lang), strict=True)
    for name, code in TIP_CASES.items():
        vm = phase_vm(name)
        assert tips.tip_code(vm) == code, name
        assert tips.tip_text(vm, cat) == (cat.t("tip.over", next=cat.t("panel.continue"), sheet=cat.t("bar.sheet"))
                                          if code == "over" else cat.t(f"tip.{code}"))
    first = advance({}, lambda v: v["phase"] == "play" and v["tricks_done"] == 0 and not v["trick"])
    assert tips.tip_code(first) == "contract"
    contract = first["contract"]
    assert contract is not None
    assert tips.tip_text(first, cat) == cat.t("tip.contract", contract=cat.contract_name(contract),
                                              scoring=cat.contract_line(contract))
    lead = advance({}, lambda v: v["my_turn"] and not v["trick"] and v["tricks_done"] > 0)
    waiting = advance({}, lambda v: not v["my_turn"] and v["phase"] == "play" and bool(v["trick"])
                      and not v["trick_complete"])
    assert (tips.tip_code(lead), tips.tip_code(waiting)) == ("lead", "wait")
    assert tips.tip_code({**lead, "pass_to": 2}) is None  # type: ignore[typeddict-item]
    pseudo = Pseudo(Catalog.from_mo(compiled("en")).translations, strict=True)
    for vm in (first, lead, waiting, *map(phase_vm, TIP_CASES)):
        text = tips.tip_text(vm, pseudo)
        assert text is not None and not re.search(r"[A-Za-z]", outside(text)), text


@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
def test_the_last_tip_names_the_score_sheet_button_by_words_it_shows_at_every_width(lang: str) -> None:
    """The bar's score-sheet button reads "Таблица" on a phone and "Таблица очков" when wide (``bar.sheet``, then
    ``bar.sheet_wide``): the tip names it by the words both labels show, never by the wide label alone."""
    from king.render import tips

    cat = Catalog.from_mo(compiled(lang), strict=True)
    said = tips.tip_text(phase_vm("deal_over"), cat)
    short, wide = cat.t("bar.sheet"), cat.t("bar.sheet") + cat.t("bar.sheet_wide")
    assert said is not None and short in said and wide.startswith(short)
    assert cat.t("panel.sheet") not in said and wide.strip() not in said


def test_the_last_tip_is_a_line_of_the_result_panel() -> None:
    """The deal's last tip (what the result panel's buttons do) is the panel's own line, over its buttons —
    on the felt it lay under the panel or over Continue — and only while the tips are on; the other tips stay on
    the felt."""
    from king.render import tips

    for name, kind in (("deal_over", "deal"), ("rubber_over", "final")):
        vm = phase_vm(name)
        said = tips.panel_tip(vm, CAT, True)
        assert said == CAT.t("tip.over", next=CAT.t("panel.continue"), sheet=CAT.t("bar.sheet"))
        assert tips.panel_tip(vm, CAT, False) is None
        drawn, nodes = panels.result_panel(vm, CAT, None, said)
        root = h("div", None, nodes)
        assert drawn == kind and one(root, id="panel-tip").text() == said
        assert root.select(id="panel-tip") and not h("div", None, panels.result_panel(vm, CAT, None)[1]).select(
            id="panel-tip")
        ids = [n.attr("id") for n in root.select(tag="p")]
        assert ids.index("panel-tip") < len(ids) - 1  # before the buttons
    assert tips.panel_tip(phase_vm("my_turn"), CAT, True) is None


def test_a_mental_tables_bar_names_the_deal_being_dealt_not_the_last_result_shown_again() -> None:
    """A mental table shows the last deal's result again while the next deal is dealt again after an annulment
    (or until its cards are open, once its person left that result): its bar names the deal being dealt — a new
    user saw "Deal 2 of 14" during deal 3's re-deal. A result not left yet keeps its own number."""
    over = {"phase": "deal_over", "deal": 2}
    assert table.dealing(over, left=2, due=3) == 3  # left, deal 3 being dealt (again)
    assert table.dealing(over, left=1, due=3) is None  # its person still reads it
    assert table.dealing({"phase": "play", "deal": 3}, left=2, due=3) is None
    assert table.dealing(over, left=2, due=None) is None and table.dealing(None, left=2, due=3) is None


def test_the_new_game_dialog_keeps_the_name_of_the_person_at_the_table_where_none_was_given() -> None:
    """A host whose name came with the game she opened (a file, a backup), none in her preferences: the next game's
    dialog names her seat as the table does — her friends' pages then call her by it, as its join screen does (a new
    user's friends read "Player 1" in the new mental game) —; a friend online's and a bot's names are not taken, and
    a name given in the preferences wins."""
    table = {"levels": ["human", "online", "online", "random"], "names": ["Оля", "Петя", "Остап", None]}
    assert dialog.dialog_names([""] * 6, table) == ["Оля", "", "", "", "", ""]
    assert dialog.dialog_names(["Ann", "", "", "", "", ""], table) == ["Ann", "", "", "", "", ""]
    assert dialog.dialog_names(["", "Bob", "", "", "", ""], None) == ["", "Bob", "", "", "", ""]
    hot = {"levels": ["human", "human", "random"], "names": ["", "Ира", None]}  # (a hot-seat table: every person's)
    assert dialog.dialog_names([""] * 6, hot) == ["", "Ира", "", "", "", ""]
