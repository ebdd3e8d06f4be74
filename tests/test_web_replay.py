"""The replay viewer's logic (kingcore.web.replay, issue 13 item 5): which files it opens (a game record, a
save text, a JSON object holding a save), the reader's line and column for a bad one, stepping through
random recorded rubbers of every kind to the end reproducing their score sheet, trick-by-trick stops, and a
game truncated at any step that plays on."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kingcore import Game, Phase, Rules
from kingcore.notation import dumps, loads
from kingcore.web import Catalog, Session
from kingcore.web.backup import make_backup
from kingcore.web.replay import Replay, ReplayFileError, sniff
from kingcore.web.stats import empty_stats

sys.path.insert(0, str(Path(__file__).parent.parent / "web"))
from king.dom import h
from web_catalog import compiled, english

KINDS = ["king()", "king(players=3)", "king(players=2)", "king(players=6)", "king(replay=trumps)",
         "king(replay=auction)", "king(order=chosen)", "king(players=3,deck=kitty,replay=trumps)"]


def rubber(rules: str, seed: int, deals: int | None = None, moves: int = 0) -> Game:
    """A random rubber of ``rules``: whole, or ``deals`` deals and then ``moves`` more moves."""
    rng = random.Random(seed)
    g = Game(Rules.parse(rules))
    g.autoplay(rng, deals)
    for _ in range(moves):
        if g.phase is Phase.RUBBER_OVER:
            break
        g.step_random(rng)
    return g


def save_of(g: Game) -> str:
    return Session(g, {}, 3, "abc").to_save()


def moves_of(g: Game) -> list[tuple[int, str]]:
    return [(s, str(m)) for d in g.deals for s, m in [*d.calls, *d.plays]]


# ----- files ---------------------------------------------------------------------------------------

def test_a_record_a_save_and_a_file_holding_a_save_open_alike() -> None:
    g = rubber("king()", 1, deals=1, moves=9)
    record = dumps(g)
    save = save_of(g)
    files = {"record": record, "save": save, "bundle": json.dumps({"version": 1, "save": save, "stats": {}}),
             "bundle_object": json.dumps({"save": json.loads(save)})}
    for name, text in files.items():
        r = Replay.from_text(text)
        assert r.kind == ("bundle" if name.startswith("bundle") else name)
        assert dumps(r.game) == record
        assert r.frame(r.last)["totals"] == list(g.sheet.totals)
    assert sniff("\ufeff" + record) == ("\ufeff" + record, "record")


def test_the_pages_all_data_file_opens_with_its_game() -> None:
    g = rubber("king()", 6, deals=2, moves=3)
    stats = {"version": 1, "skip": [], "rubbers": [{"n": i, "pad": "x" * 900} for i in range(1200)]}  # > 1 MB
    text = make_backup(save_of(g), {"fast": True}, stats, "2026-12-01T14:05:09Z")
    assert len(text) > 1_000_000
    r = Replay.from_text(text)
    assert r.kind == "bundle" and dumps(r.game) == dumps(g)
    with pytest.raises(ReplayFileError) as e:  # a backup with no game in it
        Replay.from_text(make_backup(None, None, empty_stats(), "2026-12-01T14:05:09Z"))
    assert (e.value.line, e.value.column) == (1, 1) and "without a game record" in e.value.message


def test_a_bad_card_gives_the_readers_line_and_column() -> None:
    lines = dumps(rubber("king()", 2, deals=1)).splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("trick 2 "))
    col = lines[at].index(":", len("trick 2 ")) + 2  # the first card of trick 2 (after its seat)
    lines[at] = lines[at][:col - 1] + "ZZ" + lines[at][col + 1:]
    with pytest.raises(ReplayFileError) as e:
        Replay.from_text("\n".join(lines))
    assert (e.value.part, e.value.line, e.value.column) == ("file", at + 1, col - 2)
    assert e.value.to_dict()["line"] == at + 1


def test_an_illegal_card_in_a_saves_record_names_the_records_line() -> None:
    g = rubber("king()", 3, deals=1)
    record = dumps(g)
    lines = record.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("trick 1 "))
    seat_cards = lines[at].split()[2:]
    lines[at] = " ".join(["trick", "1", seat_cards[1], seat_cards[0], *seat_cards[2:]])  # out of turn
    save = json.loads(save_of(g))
    save["record"] = "\n".join(lines)
    with pytest.raises(ReplayFileError) as e:
        Replay.from_text(json.dumps(save))
    assert (e.value.part, e.value.line, e.value.column) == ("record", at + 1, len("trick 1 ") + 1)


@pytest.mark.parametrize(("text", "line", "column"), [
    ('{"save": "{\\"record\\": 5}"}', 1, 1),  # a save without a record
    ('{\n  "record": "x",\n  oops\n}', 3, 3),  # not JSON
    ('{"stats": {}}', 1, 1),  # JSON of another kind
    ("[Event \"King\"]\n[Rules \"king(players=9)\"]\n[FirstDealer \"0\"]\n\ndeal 1 dealer 0\n", 2, 1),
    ("", 1, 1),  # nothing at all
])
def test_files_the_viewer_cannot_open_say_where(text: str, line: int, column: int) -> None:
    with pytest.raises(ReplayFileError) as e:
        Replay.from_text(text)
    assert (e.value.line, e.value.column) == (line, column), e.value


def test_a_file_over_the_limit_is_refused_before_reading() -> None:
    with pytest.raises(ReplayFileError) as e:
        Replay.from_text("#" * 1_000_001)
    assert e.value.line == 1 and "too long" in e.value.message


# ----- steps ---------------------------------------------------------------------------------------

@settings(max_examples=12, deadline=None)
@given(kind=st.sampled_from(KINDS), seed=st.integers(0, 2**31), deals=st.none() | st.integers(1, 3),
       moves=st.integers(0, 40))
def test_stepping_to_the_end_reproduces_the_games_sheet(kind: str, seed: int, deals: int | None, moves: int) -> None:
    g = rubber(kind, seed, deals, moves)
    r = Replay.from_text(dumps(g))
    n = g.rules.players
    assert len(r.steps) == sum(1 + len(d.calls) + len(d.plays) for d in g.deals)
    played: list[tuple[int, str]] = []
    for step in range(len(r.steps)):  # card by card, as the viewer's → key does
        move = r.move_at(step)
        if move is not None:
            played.append((move["seat"], move["token"]))
    assert played == moves_of(g)
    end = r.frame(r.last)
    assert [row["points"] for row in end["sheet"]["rows"]] == [list(row.points) for row in g.sheet.rows]
    assert end["totals"] == list(g.sheet.totals) and end["phase"] == g.phase.value
    assert end["hands"] == [[str(c) for c in sorted(g.hand(s), key=Replay.card_order)] for s in range(n)]
    assert dumps(r.game_at(r.last)) == dumps(g)
    for d in r.deal_list():  # each deal's first frame: every seat's dealt cards face up, nothing played
        f = r.frame(d["first"])
        assert f["deal"] == d["number"] and f["move"] is None and not f["trick"]
        assert sorted(c for h in f["hands"] for c in h) == sorted(
            str(c) for h in g.deals[d["index"]].hands for c in h)


def test_trick_by_trick_stops_at_each_trick_and_deal() -> None:
    g = rubber("king()", 7, deals=2)
    r = Replay.from_text(dumps(g))
    stops = [0]
    while stops[-1] != r.last:
        stops.append(r.next_trick(stops[-1]))
    second = r.deals[1]
    assert stops[:10] == [0, *range(4, 33, 4), second.first]
    assert r.frame(stops[1])["trick_complete"] and r.frame(stops[1])["tricks_done"] == 1
    back = [r.last]
    while back[-1] != 0:
        back.append(r.prev_trick(back[-1]))
    assert back[::-1] == stops
    assert r.prev_trick(3) == 0 and r.next_trick(r.last) == r.last
    assert [d["contract"] for d in r.deal_list()] == [c.value for c in g.order[:2]]
    assert r.deal_of(second.first) == 1 and r.clamp(10**6) == r.last and r.clamp(-3) == 0


def test_a_step_back_is_the_same_frame_as_on_the_way_forward() -> None:
    r = Replay.from_text(dumps(rubber("king(replay=auction)", 11, deals=5, moves=12)))
    forward = [r.frame(s) for s in range(r.last + 1)]
    assert all(r.frame(s) == forward[s] for s in range(r.last, -1, -7))


# ----- continue from here ----------------------------------------------------------------------------

@pytest.mark.parametrize("kind", ["king()", "king(replay=trumps)", "king(order=chosen)"])
def test_continue_from_any_step_plays_on(kind: str) -> None:
    g = rubber(kind, 5, deals=9, moves=5)
    r = Replay.from_text(save_of(g))
    rng = random.Random(1)
    for step in sorted({0, 1, 7, r.deals[1].first, r.deals[-1].first + 2, r.last} & set(range(r.last + 1))):
        s = r.session_at(step, {"fast": True, "seed": 9, "levels": "ignored"}, seq=4, game_id="new")
        assert s.settings["levels"] == ["human", "hard", "hard", "hard"] and s.settings["fast"] is True
        assert (s.seq, s.game_id) == (4, "new")
        assert moves_of(s.game) == moves_of(g)[:len(moves_of(s.game))]
        assert len(moves_of(s.game)) == sum(1 for k in range(1, step + 1) if r.move_at(k) is not None)
        s.deal(rng)  # a deal just over: the next one is dealt
        seat = s.game.to_move
        assert seat is not None
        assert s.apply(str(s.game.legal_moves()[0]), seat)["ok"]
        assert loads(s.record()).phase is s.game.phase  # and it saves and replays
    assert r.game is not None and dumps(r.game) == dumps(g)  # the record itself is untouched


# ----- the renderers (web/king/render/replay.py), every word from the catalog ---------------------------

def renderers() -> Any:
    sys.path.insert(0, str(Path(__file__).parent.parent / "web"))
    from king.render import replay as view

    return view


@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
def test_the_board_shows_every_hand_the_trick_and_the_score(lang: str) -> None:
    view = renderers()
    cat = Catalog.from_mo(compiled(lang), strict=True)
    g = rubber("king()", 4, deals=1, moves=6)
    r = Replay.from_text(dumps(g))
    for step in (0, 5, r.deals[0].last, r.last):
        f = r.frame(step)
        node = h("div", None, view.board(cat, f))
        seats = node.select(cls="replay-seat")
        assert [[c.attr("data-played") for c in s.select(cls="replay-card")] for s in seats] == f["hands"]
        on_table = [c.attr("data-played") for c in node.select(cls="replay-trick-card")]
        assert on_table == [e["card"] for e in view.shown(dict(f))[0]]
        assert node.select(cls="replay-where")[0].attr("data-step") == step
    end = r.frame(r.deals[0].last)  # the deal's last card: its taker named, the score so far
    text = h("div", None, view.board(cat, end)).text()
    assert cat.t("trick.label", n=8, name=view.name(cat, end["last_trick"]["winner"], 4)) in text
    assert all(cat.t("seat.total", total=view.pts(t)) in text for t in g.sheet.rows[0].running)
    options = h("select", None, view.deal_options(cat, r.deal_list(), 1)).select(tag="option")
    assert [o.attr("selected") for o in options] == [False, True]
    assert options[0].text() == f"1. {cat.t('contract.no_tricks')}"


def test_the_review_of_a_seat_says_expected_by_the_expert_and_what_happened() -> None:
    view = renderers()
    cat = english()
    data = {"deal": 2, "seat": 3, "cost": 1.4, "cards": [
        {"trick": 1, "card": "QS", "expected": -2.04, "best": "7S", "best_expected": -0.96, "cost": 1.08},
        {"trick": 4, "card": "TH", "expected": -1.0, "best": "TH", "best_expected": -1.0, "cost": 0.0}]}
    state = {"seat": 3, "data": data}
    node = h("div", None, view.seat_review(cat, state, 4, -4, {"kind": "card", "seat": 3, "token": "TH"}))
    text = node.text()
    assert "expected by the expert" in text
    assert "What actually happened: East scored −4 in this deal; after the first choice the expert expected −2.0" \
        in text
    rows = node.select(tag="tr", data_trick=1) + node.select(tag="tr", data_trick=4)
    assert [r.attr("class") for r in rows] == ["is-costly", "is-current"]
    assert rows[0].text().endswith("−1.0") and cat.t("review.best") in rows[1].text()
    not_over = h("div", None, view.seat_review(cat, state, 4, None)).text()
    assert cat.t("replay.review_not_over") in not_over
    assert view.seat_review(cat, None, 4, None) == []
    pending = h("div", None, view.seat_review(cat, {"seat": 0, "pending": True}, 4, None)).text()
    assert pending == cat.t("replay.review_pending", name=cat.t("position.south"))
    nothing = h("div", None, view.seat_review(cat, {"seat": 1, "data": {**data, "cards": []}}, 4, None)).text()
    assert nothing == cat.t("replay.review_no_choice", name=cat.t("position.west"))


def test_a_bad_file_is_told_with_its_line_and_column() -> None:
    view = renderers()
    cat = english()
    with pytest.raises(ReplayFileError) as e:
        Replay.from_text("[Event \"King\"]\n[Rules \"king()\"]\n[FirstDealer \"0\"]\n\ndeal 1 dealer 0\nhand 0 7S XX\n")
    text = h("div", None, view.file_error(cat, e.value.to_dict())).text()
    assert text.startswith("This file cannot be opened: line 6, column 11.") and "Nothing was changed" in text
    inner = h("div", None, view.file_error(cat, {"part": "record", "line": 3, "column": 2, "message": "x"})).text()
    assert "game record in this save cannot be read: line 3, column 2 of the record" in inner
    assert h("div", None, view.file_error(cat, {"line": None, "message": "boom"})).text().startswith(
        cat.t("replay.error"))


# ----- review fixes (issue 13): the reason for a refused card in the page's words; the seats' names ----------

@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
def test_a_card_the_rules_refuse_is_explained_as_at_the_table(lang: str) -> None:
    """The Details of a record with a card that does not follow suit give the table's translated reason
    (the catalog's ``reason.must_follow_suit``), not the engine's English."""
    view = renderers()
    cat = Catalog.from_mo(compiled(lang), strict=True)
    g = rubber("king()", 3, deals=1)
    lines = dumps(g).splitlines()
    bad, played = None, set()
    for at, line in enumerate(lines):  # a trick where a seat held the led suit and followed it
        if not line.startswith("trick "):
            continue
        words = line.split()
        led = words[2][-1]
        for k, w in enumerate(words[3:], 3):
            seat, card = w.split(":")
            other = next((c for c in g.deals[0].hands[int(seat)] if str(c)[-1] != led and str(c) not in played),
                         None) if card[-1] == led else None
            if other is not None:
                words[k] = f"{seat}:{other}"
                bad = at, " ".join(words), led, str(other)
                break
        if bad:
            break
        played |= {w.split(":")[1] for w in words[2:]}
    assert bad is not None
    at, line, led, card = bad
    lines[at] = line
    with pytest.raises(ReplayFileError) as e:
        Replay.from_text("\n".join(lines))
    error = e.value.to_dict()
    assert (error["reason"], error["args"]["led"], error["move"]) == ("must_follow_suit", led, card)
    details = h("div", None, view.file_error(cat, error)).select(tag="details")[0].text()
    assert cat.why("must_follow_suit", {"led": led, "trump": None}) in details
    assert cat.card(card) in details and "must follow" not in details.replace(
        cat.why("must_follow_suit", {"led": led, "trump": None}), "")
    if lang != "en":
        assert "seat" not in details and "must" not in details
    other = h("div", None, view.file_error(cat, {"line": 2, "column": 1, "message": "bad tag"})).text()
    assert "bad tag" in other  # any other error: the reader's own message


def hot_seat_session() -> Session:
    levels = ["human", "easy", "human", "hard"]
    s = Session.new_game({}, random.Random(4), {"levels": levels, "names": ["Оля", "", '<b>"Pe#ty%a"</b>', ""]})
    s.game.autoplay(random.Random(2), deals=1)
    return s


def test_a_hot_seat_record_and_save_name_the_people() -> None:
    s = hot_seat_session()
    record = s.download()
    assert '[Players "human:Оля bot:easy human:<b>%22Pe%23ty%25a%22</b> bot:hard"]' in record
    assert dumps(loads(record)) == s.record()  # the cards are the same; the record without the tag reads as before
    assert Session(Game(Rules()), {}).download() == Session(Game(Rules()), {}).record()  # one person: no tag
    for text in (record, s.to_save()):
        r = Replay.from_text(text)
        assert r.seating()["names"] == ["Оля", None, '<b>"Pe#ty%a"</b>', None]
        assert r.frame(3)["names"] == r.seating()["names"]
    view = renderers()
    from king.words import name_mark

    cat = english()
    r = Replay.from_text(record)
    options = [o.text() for o in h("select", None, view.seat_options(cat, r.seating(), 0)).select(tag="option")]
    assert options == [name_mark(0), "Bot 2", name_mark(2), "Bot 4"]  # filled in as text by the page
    board = h("div", None, view.board(cat, r.frame(r.last))).text()
    assert name_mark(0) in board and "Bot 4" in board and "You" not in board and "West" not in board
    old = Replay.from_text(s.record())  # a record without the tag: the seats by where they sit, as before
    assert old.seating()["names"] is None
    assert [o.text() for o in h("select", None, view.seat_options(cat, old.seating(), 0)).select(tag="option")] \
        == ["You", "West", "North", "East"]


@pytest.mark.parametrize("tag", ['[Players "human:Ann bot:hard"]', '[Players "human:Ann bot:hard robot:x human:"]',
                                 '[Players "human:%FF bot:hard human: bot:easy"]'])
def test_a_bad_players_tag_is_told_with_its_line(tag: str) -> None:
    lines = hot_seat_session().record().splitlines()
    lines.insert(2, tag)
    with pytest.raises(ReplayFileError) as e:
        Replay.from_text("\n".join(lines))
    assert (e.value.line, e.value.column) == (3, 1) and "Players" in e.value.message
