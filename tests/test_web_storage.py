"""What the page stores it can always read back (issue 22, items 1, 3 and 4's pure parts): each writer of
``kingcore.web`` driven to its limits by Hypothesis and its text read back by its own reader — the save
counter near 10^18 (finding B), game ids of any code point, lone surrogates included (finding A), the
statistics at the cap with the largest rubbers any rule set makes (finding C), the preferences, and an
import's plan checked before anything is written (finding D)."""

from __future__ import annotations

import json
import random
from datetime import UTC, datetime, timedelta
from functools import cache
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from web_steps import step

from kingcore import Phase
from kingcore.game import schedule
from kingcore.rules import Rules
from kingcore.web import SEQ_MODULUS, Session, clean_id, read_prefs, save_newer, save_seq, seq_after, seq_newer
from kingcore.web.backup import clean_save, import_changes, import_plan, make_backup, read_backup, resequenced
from kingcore.web.hotseat import MAX_NAME, bad_char
from kingcore.web.prefs import MAX_PREFS, UI_OPTIONS
from kingcore.web.session import BOT_LEVELS, HUMAN, parse_save
from kingcore.web.stats import (
    CONTRACTS,
    MAX_DEALS,
    MAX_POINTS,
    MAX_RUBBERS,
    MAX_STATS,
    add_rubber,
    dump_stats,
    empty_stats,
    fit_stats,
    merge,
    merge_counted,
    read_stats,
    record_rubber,
    rubber_entry,
    rubber_key,
)
from kingcore.web.text import LANGUAGES

DATE = "2026-12-01T14:05:09Z"
TOP = SEQ_MODULUS - 1  # 999999999999999999: the largest counter a save's reader accepts
ANY_CHAR = st.characters(exclude_categories=())  # every code point, lone surrogates (Cs) included


@cache
def finished() -> Session:
    """A whole 2-player rubber played by random bots, over."""
    rng = random.Random(5)
    s = Session.new_game({"players": 2}, rng, {"levels": ["human", "random"]})
    while s.game.phase is not Phase.RUBBER_OVER:
        step(s, rng, level="random")
    return s


def one_card_in(seq: int) -> Session:
    """A new rubber read back from a save at counter ``seq``, one card played."""
    s = Session.new_game({}, random.Random(3))
    s.seq = seq
    s = Session.from_save(s.to_save())
    seat = s.game.to_move
    assert seat is not None
    s.apply(str(s.game.legal_moves()[0]), seat)
    return s


# ----- the save counter (finding B) ----------------------------------------------------------------------

def test_the_save_after_the_largest_counter_reads_back_and_is_newer() -> None:
    """The repro: a save at 999…9 (18 nines) plus one card is written at a counter its reader accepts."""
    s = one_card_in(TOP)
    s.seq += 1  # what the page's write does
    text = s.to_save()
    back = Session.from_save(text)
    assert back.record() == s.record() and save_seq(text) == back.seq == 0
    assert seq_newer(back.seq, TOP) and not seq_newer(TOP, back.seq)
    assert save_newer(text, one_card_in(TOP).to_save())


@settings(max_examples=25, deadline=None)
@given(st.one_of(st.integers(TOP - 40, TOP), st.integers(0, TOP)), st.integers(1, 40))
def test_every_counter_the_writer_reaches_is_read_back_and_ordered(start: int, saves: int) -> None:
    s = Session.new_game({"players": 2}, random.Random(1))
    s.seq = start
    before = s.to_save()
    for _ in range(saves):
        s.seq += 1
        text = s.to_save()
        assert len(str(s.seq)) <= 18 and save_seq(text) == s.seq
        assert Session.from_save(text).seq == s.seq
        assert seq_newer(s.seq, save_seq(before) or 0) and save_newer(text, before) and not save_newer(before, text)
        before = text


@settings(max_examples=60, deadline=None)
@given(st.one_of(st.integers(TOP - 40, TOP), st.integers(0, TOP)), st.integers(-1000, 1000), st.text(max_size=3),
       st.text(max_size=3))
def test_two_tabs_order_any_two_saves_one_way(a: int, delta: int, ida: str, idb: str) -> None:
    """Two tabs' saves (counters a few saves apart, across the wrap too): exactly one is newer; equal
    counters of different saves are ordered by the text, so two tabs that wrote the same counter at once
    both keep the same one (finding E's tie); the counter after both is newer than each."""
    b = (a + delta) % SEQ_MODULUS
    assert seq_newer(a, b) == (delta < 0) and seq_newer(b, a) == (delta > 0)
    ta = json.dumps({"version": 1, "seq": a, "id": ida}, separators=(",", ":"))
    tb = json.dumps({"version": 1, "seq": b, "id": idb}, separators=(",", ":"))
    if ta != tb:
        assert save_newer(ta, tb) != save_newer(tb, ta)
    assert not save_newer(ta, ta) and save_newer(ta, "garbage") and not save_newer("garbage", ta)
    assert seq_newer(seq_after(a, b), a) and seq_newer(seq_after(a, b), b)


def test_an_import_at_the_largest_counter_is_written_readable_and_ahead() -> None:
    """A backup's game imported while the stored save is at 999…9, and a game resequenced past it."""
    stored = one_card_in(TOP).to_save()
    assert Session.from_save(resequenced(stored, TOP + 1)).seq == 0
    theirs = Session.new_game({"players": 3}, random.Random(9)).to_save()
    backup = read_backup(make_backup(theirs, None, empty_stats(), DATE))
    plan = import_plan(backup, empty_stats(), {"save": stored}, TOP)
    text = plan["writes"]["save"]
    assert Session.from_save(text).record() == Session.from_save(theirs).record()
    assert save_newer(text, stored) and seq_newer(save_seq(text) or 0, TOP)


# ----- ids of any code point (finding A) -----------------------------------------------------------------

def test_a_lone_surrogate_id_reaches_no_encoder() -> None:
    """The repro: a finished rubber's save whose id is the JSON escape \\ud800 is read, recorded in the
    statistics, saved and exported; every text the page would store or export is UTF-8."""
    s = finished()
    doc = json.loads(s.to_save())
    doc["id"] = chr(0xD800)
    text = json.dumps(doc)  # ASCII, with the escape, as a hostile save or backup holds it
    back = Session.from_save(text)
    entry = rubber_entry(back, DATE)
    assert entry is not None and len(entry["key"]) == 24
    stats, added = add_rubber(empty_stats(), entry)
    assert added and read_stats(dump_stats(stats)) == (stats, True)
    for out in (back.to_save(), clean_save(text), make_backup(text, None, stats, DATE), dump_stats(stats)):
        out.encode("utf-8")
    assert read_backup(make_backup(text, None, stats, DATE))["save"] == back.to_save()
    imported = read_backup(json.dumps({"king": "backup", "version": 1, "save": doc, "prefs": None,
                                       "stats": empty_stats()}))["save"]
    assert imported is not None and Session.from_save(imported).game_id == back.game_id
    imported.encode("utf-8")


@settings(max_examples=40, deadline=None)
@given(st.text(ANY_CHAR, max_size=80), st.text(ANY_CHAR, max_size=40))
def test_ids_of_any_code_point_read_back_the_same_in_every_tab(game_id: str, record: str) -> None:
    key = rubber_key(game_id, record)
    assert len(key) == 24 and key == rubber_key(game_id, record)
    s = Session.new_game({"players": 2}, random.Random(2))
    doc = json.loads(s.to_save())
    doc["id"] = game_id
    for text in (json.dumps(doc), json.dumps(doc, ensure_ascii=False)):
        back = Session.from_save(text)
        back.game_id.encode("utf-8")  # raises on a lone surrogate
        assert back.game_id == clean_id(game_id)
        again = Session.from_save(back.to_save())
        assert again.game_id == back.game_id and again.to_save() == back.to_save()
        clean_save(text).encode("utf-8")
        assert parse_save(clean_save(text))[3] == back.game_id
    if game_id.isascii() and game_id.isalnum() and len(game_id) <= 64:
        assert clean_id(game_id) == game_id  # the ids the page writes are kept as they are


# ----- the statistics at the cap (finding C) -------------------------------------------------------------

LARGEST = Rules.from_dict({"players": 6, "order": "chosen", "replay": "trumps", "trump_rounds": 2})
LARGEST_DEALS = LARGEST.players * len(schedule(LARGEST))  # 120: each of 6 players owns all 20 contracts


def big_rubber(key: int, points: list[list[int]], rules: Rules = LARGEST, deals: int = LARGEST_DEALS) -> dict[str, Any]:
    """A rubber of ``rules`` with ``deals`` deals, the points of each drawn from ``points`` (cycled)."""
    rows = [[CONTRACTS[i % len(CONTRACTS)], points[i % len(points)]] for i in range(deals)]
    totals = [sum(r[1][s] for r in rows) for s in range(rules.players)]
    date = (datetime(2026, 1, 1, tzinfo=UTC) + timedelta(minutes=key)).strftime("%Y-%m-%dT%H:%M:%SZ")
    return {"key": f"{key:x}", "date": date, "rules": str(rules), "players": rules.players, "humans": [0],
            "totals": totals, "deals": rows}


six_points = st.lists(st.integers(-2_000, 2_000), min_size=6, max_size=6)


@settings(max_examples=2, deadline=None)
@given(st.integers(240, 330), st.lists(six_points, min_size=1, max_size=6))
def test_statistics_at_the_cap_with_the_largest_rubbers_read_back_whole(n: int, points: list[list[int]]) -> None:
    """Hundreds of 120-deal 6-player rubbers recorded one more time: what is written fits and reads back
    whole; what was dropped is the oldest, and counted."""
    stats = empty_stats()
    stats["rubbers"] = [big_rubber(i, points) for i in range(n)]
    stats, dropped_before = fit_stats(stats)
    assert dropped_before == n - len(stats["rubbers"]) and len(stats["rubbers"]) <= MAX_RUBBERS
    after, added, dropped = record_rubber(stats, big_rubber(n, points))
    text = dump_stats(after)
    assert added and len(text) <= MAX_STATS and read_stats(text) == (after, True)
    assert after["rubbers"][-1]["key"] == f"{n:x}" and len(after["rubbers"]) == len(stats["rubbers"]) + 1 - dropped
    assert [r["key"] for r in after["rubbers"]] == [r["key"] for r in stats["rubbers"][dropped:]] + [f"{n:x}"]
    assert read_backup(make_backup(None, None, after, DATE))["stats"] == after  # its export imports too


@settings(max_examples=4, deadline=None)
@given(st.integers(1, 40), st.integers(1, 40), st.sampled_from([MAX_POINTS, -MAX_POINTS, 7]))
def test_merging_the_widest_rubbers_the_reader_accepts_fits(ours: int, theirs: int, value: int) -> None:
    """Rubbers at the reader's own limits (200 deals, points of ±10^9) merged: the result fits."""
    points = [[value, -value, value, -value, 0, 0], [-value, value, -value, value, 0, 0]]  # totals 0
    a = {"version": 1, "skip": [], "rubbers": [big_rubber(i, points, deals=MAX_DEALS) for i in range(ours)]}
    b = {"version": 1, "skip": [], "rubbers": [big_rubber(1000 + i, points, deals=MAX_DEALS) for i in range(theirs)]}
    both, dropped = merge_counted(a, b)
    assert len(dump_stats(both)) <= MAX_STATS and read_stats(dump_stats(both)) == (both, True)
    assert len(both["rubbers"]) + dropped == ours + theirs and merge(a, b) == both


def test_statistics_an_earlier_version_wrote_too_long_are_read_not_lost() -> None:
    """The repro: 300 of the largest rubbers stored as one 2 MB text (as the page wrote before it sized the
    statistics): the newest that fit are read, and the reader says something was dropped."""
    stats = {"version": 1, "skip": [], "rubbers": [big_rubber(i, [[1500, -1500, 900, -900, 0, 0]])
                                                     for i in range(MAX_RUBBERS)]}
    text = dump_stats(stats)
    assert len(text) > MAX_STATS
    read, ok = read_stats(text)
    assert not ok and 0 < len(read["rubbers"]) < MAX_RUBBERS and read["rubbers"][-1] == stats["rubbers"][-1]
    assert len(dump_stats(read)) <= MAX_STATS


def test_an_import_of_too_many_statistics_says_what_it_kept_and_checks_before_writing() -> None:
    """The repro: a valid backup of 300 of the largest rubbers (over 1 MB of statistics) imported — the plan
    stores what fits, says how many were added and dropped, and reads back; importing it again changes
    nothing (no writes)."""
    theirs = {"version": 1, "skip": [], "rubbers": [big_rubber(i, [[1500, -1500, 900, -900, 0, 0]])
                                                      for i in range(MAX_RUBBERS)]}
    backup = read_backup(make_backup(None, {"fast": True}, theirs, DATE))
    plan = import_plan(backup, empty_stats(), {})
    written = plan["writes"]["stats"]
    assert set(plan["writes"]) == {"stats", "prefs"} and len(written) <= MAX_STATS
    assert read_stats(written) == (plan["stats"], True) and plan["rubbers"] == MAX_RUBBERS
    assert plan["added"] == len(plan["stats"]["rubbers"]) < MAX_RUBBERS
    assert plan["added"] + plan["dropped"] == MAX_RUBBERS
    again = import_plan(backup, plan["stats"], {"stats": written, "prefs": plan["writes"]["prefs"]})
    assert again["writes"] == {} and again["added"] == 0


# ----- the preferences ------------------------------------------------------------------------------------

names = st.text(ANY_CHAR, max_size=MAX_NAME).map(str.strip).filter(lambda n: bad_char(n) is None)


@settings(max_examples=60, deadline=None)
@given(st.fixed_dictionaries({}, optional={
    "levels": st.integers(1, 5).flatmap(lambda n: st.lists(st.sampled_from([*BOT_LEVELS, HUMAN]), min_size=n,
                                                            max_size=n)).map(lambda lv: [HUMAN, *lv]),
    "names": st.lists(names, min_size=2, max_size=6), "fast": st.booleans(), "lang": st.sampled_from(LANGUAGES),
    "ui": st.dictionaries(st.sampled_from(sorted(UI_OPTIONS)), st.booleans()),
    "options": st.sampled_from([{}, {"players": 6, "order": "chosen", "replay": "trumps", "trump_rounds": 2}])}))
def test_any_preferences_the_reader_keeps_are_written_within_its_limit(prefs: dict[str, Any]) -> None:
    for text in (json.dumps(prefs), json.dumps(prefs, ensure_ascii=False)):
        assert len(text) <= MAX_PREFS and read_prefs(text) == (prefs, True)
        text.encode("utf-8")


def test_an_import_under_a_full_storage_can_say_exactly_what_it_changed() -> None:
    """Finding D's pure part: the plan lists only the parts that change, so the page writes those and, when
    a write or its rollback fails, names from what it reads back exactly what was changed."""
    stored = {"stats": dump_stats(empty_stats()), "prefs": '{"fast": true}', "save": None}
    theirs = add_rubber(empty_stats(), big_rubber(1, [[5, -5, 0, 0, 0, 0]]))[0]
    plan = import_plan(read_backup(make_backup(None, {"fast": True}, theirs, DATE)), empty_stats(), stored)
    assert list(plan["writes"]) == ["stats"] and plan["added"] == 1 and plan["dropped"] == 0
    storage = dict(stored)
    storage["stats"] = plan["writes"]["stats"]  # written; a second write failed and its rollback too
    assert import_changes(stored, storage) == ["stats"] and import_changes(stored, stored) == []
