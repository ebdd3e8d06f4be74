"""The statistics and the backup file (kingcore.web.stats, kingcore.web.backup) under CPython: a finished
rubber recorded once (a reload, two tabs, after clearing), the figures of one seat (won with ties, per
contract, best and worst), stored text read within the limits, every bad backup refused with a clear error
(line and column for JSON), the backup round trip (Hypothesis), and the statistics dialog's charts and
words (web/king/render/stats.py, chart.py)."""

from __future__ import annotations

import json
import random
import sys
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_web_render import Pseudo, outside
from web_catalog import compiled, english
from web_steps import step

from kingcore import Phase
from kingcore.limits import MAX_JSON_DEPTH
from kingcore.web import Session
from kingcore.web.backup import BackupError, make_backup, read_backup, resequenced
from kingcore.web.stats import (
    CONTRACTS,
    MAX_RUBBERS,
    StatsError,
    add_rubber,
    check_rubber,
    check_stats,
    cleared,
    dump_stats,
    empty_stats,
    merge,
    read_stats,
    rubber_entry,
    rubber_key,
    summary,
)

sys.path.insert(0, str(Path(__file__).parent.parent / "web"))
from king.dom import Node, h
from king.render import chart
from king.render import stats as view

DATE = "2026-12-01T14:05:09Z"


@cache
def finished(players: int = 2, seed: int = 5) -> Session:
    """A whole rubber played by random bots (CPython, the page's engine), over."""
    rng = random.Random(seed)
    s = Session.new_game({"players": players}, rng, {"levels": ["human"] + ["random"] * (players - 1)})
    while s.game.phase is not Phase.RUBBER_OVER:
        step(s, rng, level="random")
    return s


def entry(key: str, totals: list[int], humans: list[int] | None = None, date: str = DATE,
          contract: str = "take_tricks") -> dict[str, Any]:
    """A one-deal 2-player rubber of the statistics."""
    return {"key": key, "date": date, "rules": "king(players=2)", "players": 2, "humans": humans or [0],
            "totals": totals, "deals": [[contract, totals]]}


# ----- one rubber --------------------------------------------------------------------------------------

def test_a_finished_rubber_becomes_one_entry_whose_totals_are_the_score_sheets() -> None:
    s = finished()
    e = rubber_entry(s, DATE)
    assert e is not None and check_rubber(e) == e
    assert e["totals"] == list(s.game.sheet.totals) and e["humans"] == [0] and e["rules"] == "king(players=2)"
    assert [c for c, _ in e["deals"]] == [r.contract for r in s.game.sheet.rows] and len(e["deals"]) == 14
    unfinished = Session.new_game({}, random.Random(1))
    assert rubber_entry(unfinished, DATE) is None


def test_the_key_names_the_game_so_a_reload_or_another_tab_finds_it() -> None:
    s = finished()
    reloaded = Session.from_save(s.to_save())
    assert rubber_key(reloaded.game_id, reloaded.record()) == rubber_entry(s, DATE)["key"]  # type: ignore[index]
    other = finished(seed=6)
    assert rubber_entry(other, DATE)["key"] != rubber_entry(s, DATE)["key"]  # type: ignore[index]


def test_a_rubber_is_recorded_once_by_every_tab_and_never_after_it_was_cleared() -> None:
    e = rubber_entry(finished(), DATE)
    assert e is not None
    stored = dump_stats(empty_stats())
    for _tab in range(2):  # each tab (or each reload of the final screen) reads what is stored now
        stats, _ = add_rubber(read_stats(stored)[0], e)
        stored = dump_stats(stats)
    assert len(read_stats(stored)[0]["rubbers"]) == 1
    gone = cleared(e["key"])
    assert add_rubber(gone, e) == (gone, False) and summary(gone)["played"] == 0
    assert add_rubber(cleared(None), e)[1]


def test_the_oldest_rubbers_go_first_beyond_the_limit() -> None:
    stats = empty_stats()
    for i in range(MAX_RUBBERS + 3):
        stats, added = add_rubber(stats, entry(f"{i:x}", [i, -i]))
        assert added
    assert len(stats["rubbers"]) == MAX_RUBBERS and stats["rubbers"][0]["key"] == "3"


@pytest.mark.parametrize("change, where", [
    ({"totals": [9, -8]}, "totals"),
    ({"players": 3}, "players"),
    ({"rules": "king(players=9)"}, "rules"),
    ({"key": "XYZ"}, "key"),
    ({"date": "yesterday"}, "date"),
    ({"humans": [0, 0]}, "humans"),
    ({"humans": [2]}, "humans"),
    ({"deals": [["no_such", [8, -8]]]}, "deals[0]"),
    ({"deals": [["take_tricks", [8, True]]]}, "deals[0]"),
    ({"deals": []}, "deals"),
    ({"totals": [10**12, -(10**12)], "deals": [["take_tricks", [10**12, -(10**12)]]]}, "totals"),
])
def test_a_stored_rubber_of_the_wrong_shape_is_named(change: dict[str, Any], where: str) -> None:
    with pytest.raises(StatsError) as e:
        check_rubber({**entry("ab", [8, -8]), **change}, "rubbers[0]")
    assert e.value.where == f"rubbers[0].{where}"


# ----- the figures -----------------------------------------------------------------------------------

def test_won_average_best_worst_and_ties_for_the_best_total() -> None:
    stats = empty_stats()
    for e in (entry("1", [8, -8], date="2026-01-01T00:00:00Z"), entry("2", [-4, 4], contract="no_tricks"),
              entry("3", [0, 0]),  # a tie for the best total: a win for each tied seat
              entry("4", [20, -20], humans=[1])):  # seat 0 was a bot there: not seat 0's player's rubber
        stats, _ = add_rubber(stats, e)
    s = summary(stats, 0)
    assert (s["played"], s["won"], s["average"]) == (3, 2, pytest.approx(4 / 3))
    assert s["best"] == {"total": 8, "date": "2026-01-01T00:00:00Z", "rules": "king(players=2)", "key": "1"}
    assert s["worst"]["total"] == -4 and [r["won"] for r in s["results"]] == [True, False, True]
    assert s["contracts"] == [{"contract": "no_tricks", "deals": 1, "average": -4.0},
                              {"contract": "take_tricks", "deals": 2, "average": 4.0}]
    seat1 = summary(stats, 1)
    assert (seat1["played"], seat1["won"], seat1["best"]["total"]) == (1, 0, -20)
    none = summary(empty_stats())
    assert (none["played"], none["average"], none["best"], none["contracts"]) == (0, None, None, [])


def test_per_contract_averages_of_a_real_rubber_add_up_to_its_total() -> None:
    e = rubber_entry(finished(3), DATE)
    assert e is not None
    s = summary(add_rubber(empty_stats(), e)[0])
    assert round(sum(c["deals"] * c["average"] for c in s["contracts"])) == e["totals"][0] == s["average"]
    assert [c["contract"] for c in s["contracts"]] == [c for c in CONTRACTS if c in {d[0] for d in e["deals"]}]


# ----- stored text -------------------------------------------------------------------------------------

def test_stored_text_is_read_within_the_limits_and_keeps_what_it_can() -> None:
    good = add_rubber(empty_stats(), entry("a1", [8, -8]))[0]
    assert read_stats(dump_stats(good)) == (good, True)
    assert read_stats(None) == (empty_stats(), True)
    for bad in ("garbage", "[" * 100_000, '{"version": 2, "rubbers": []}', "[]", "9" * 5000):
        assert read_stats(bad) == (empty_stats(), False), bad[:20]
    mixed = {"version": 1, "rubbers": [entry("a1", [8, -8]), {"key": "zz"}, entry("a1", [8, -8])],
             "skip": ["b2", 7]}
    stats, ok = read_stats(json.dumps(mixed))
    assert not ok and [r["key"] for r in stats["rubbers"]] == ["a1"] and stats["skip"] == ["b2"]
    with pytest.raises(StatsError, match="twice"):
        check_stats({"version": 1, "rubbers": [entry("a1", [8, -8])] * 2})


# ----- the backup file ---------------------------------------------------------------------------------

def backup_of(s: Session | None = None) -> tuple[str, dict[str, Any]]:
    stats = add_rubber(empty_stats(), entry("a1", [8, -8]))[0]
    save = (s or finished()).to_save()
    return make_backup(save, {"fast": True, "lang": "ru"}, stats, DATE), stats


def test_a_backup_holds_the_save_the_preferences_and_the_statistics_exactly() -> None:
    s = finished()
    text, stats = backup_of(s)
    back = read_backup(text)
    assert back == {"save": s.to_save(), "prefs": {"fast": True, "lang": "ru"}, "stats": stats}
    assert read_backup("\ufeff" + text) == back  # a byte-order mark an editor added
    doc = json.loads(text)
    assert (doc["king"], doc["version"], doc["exported"]) == ("backup", 1, DATE)
    assert text.count("\n") >= 5  # a rubber per line: an error's line points somewhere useful
    assert read_backup(make_backup(None, None, empty_stats(), DATE)) == {"save": None, "prefs": None,
                                                                       "stats": empty_stats()}
    assert json.loads(make_backup("not a save", None, empty_stats(), DATE))["save"] is None


def test_a_json_syntax_error_gives_its_line_and_column() -> None:
    text, _ = backup_of()
    lines = text.splitlines()
    lines[2] = lines[2].replace('"save": ', '"save" ', 1)  # a colon missing on line 3
    with pytest.raises(BackupError) as e:
        read_backup("\n".join(lines))
    assert (e.value.kind, e.value.line, e.value.column) == ("json", 3, 9)
    with pytest.raises(BackupError) as e:
        read_backup(text[: len(text) // 2])
    assert e.value.kind == "json" and e.value.line is not None and e.value.column is not None
    with pytest.raises(BackupError) as e:
        read_backup('{"a": ' * (MAX_JSON_DEPTH + 5))
    assert e.value.kind == "json" and e.value.line == 1 and e.value.column is not None


def mutate(text: str, path: list[Any], value: Any) -> str:
    doc = json.loads(text)
    node = doc
    for p in path[:-1]:
        node = node[p]
    node[path[-1]] = value
    return json.dumps(doc)


@pytest.mark.parametrize("path, value, kind", [
    (["king"], "save", "format"),
    (["version"], 2, "version"),
    (["version"], True, "version"),
    (["version"], None, "format"),
    (["save", "record"], "[Rules \"king()\"]\n1. XX", "save"),
    (["save", "version"], 9, "save"),
    (["save"], "text", "save"),
    (["prefs", "lang"], "xx", "prefs"),
    (["prefs"], [1], "prefs"),
    (["stats", "rubbers", 0, "totals"], [1, 2], "stats"),
    (["stats", "version"], 7, "stats"),
])
def test_every_bad_part_is_refused_with_what_is_wrong(path: list[Any], value: Any, kind: str) -> None:
    text, _ = backup_of()
    with pytest.raises(BackupError) as e:
        read_backup(mutate(text, path, value))
    assert e.value.kind == kind and e.value.detail
    with pytest.raises(BackupError) as e:
        read_backup("[1, 2]")
    assert e.value.kind == "format"
    doc = json.loads(text)
    del doc["stats"]
    with pytest.raises(BackupError, match="no statistics"):
        read_backup(json.dumps(doc))


def test_an_imported_save_can_be_put_ahead_of_every_tab() -> None:
    s = finished()
    ahead = resequenced(s.to_save(), 99)
    back = Session.from_save(ahead)
    assert back.seq == 99 and back.record() == s.record() and back.game_id == s.game_id
    s.seq = 99
    assert ahead == s.to_save()


def rubbers() -> st.SearchStrategy[dict[str, Any]]:
    points = st.lists(st.tuples(st.sampled_from(CONTRACTS), st.integers(-200, 200)), min_size=1, max_size=14)

    def make(key: int, deals: list[tuple[str, int]], human: int, day: int) -> dict[str, Any]:
        rows = [[c, [p, -p]] for c, p in deals]
        return {"key": f"{key:x}", "date": f"2026-01-{day:02d}T10:00:00Z", "rules": "king(players=2)", "players": 2,
                "humans": [human], "totals": [sum(r[1][0] for r in rows), sum(r[1][1] for r in rows)],
                "deals": rows}

    return st.builds(make, st.integers(0, 2**40), points, st.integers(0, 1), st.integers(1, 28))


stats_docs = st.lists(rubbers(), max_size=8).map(
    lambda rs: {"version": 1, "rubbers": list({r["key"]: r for r in rs}.values()), "skip": []})


@settings(max_examples=40, deadline=None)
@given(stats_docs, stats_docs)
def test_backup_and_merge_properties(ours: dict[str, Any], theirs: dict[str, Any]) -> None:
    """Any statistics survive the backup file; merging keeps every rubber of both once, ours first; an import
    after clearing gives the file's statistics exactly; the figures are those of the rubbers."""
    assert read_backup(make_backup(None, None, theirs, DATE))["stats"] == theirs
    assert read_stats(dump_stats(theirs)) == (theirs, True)
    assert merge(empty_stats(), theirs) == theirs
    both = merge(ours, theirs)
    keys = [r["key"] for r in both["rubbers"]]
    assert len(keys) == len(set(keys)) and set(keys) == {r["key"] for r in ours["rubbers"] + theirs["rubbers"]}
    assert both["rubbers"][: len(ours["rubbers"])] == ours["rubbers"] and merge(both, theirs) == both
    s = summary(both)
    mine = [r for r in both["rubbers"] if 0 in r["humans"]]
    assert s["played"] == len(mine) and [x["total"] for x in s["results"]] == [r["totals"][0] for r in mine]
    assert sum(c["deals"] for c in s["contracts"]) == sum(len(r["deals"]) for r in mine)


# ----- the dialog's charts and words -----------------------------------------------------------------

CAT = english()


def walk_texts(nodes: list[Node]) -> list[str]:
    out: list[str] = []
    for node in nodes:
        for n in node.walk():
            if any(isinstance(c, str) for c in n.children):
                out.append(n.text())
            out += [str(n.attr(a)) for a in ("title", "aria-label") if n.attr(a) is not None]
    return out


def test_the_running_totals_chart_has_a_line_per_seat_labelled_axes_and_a_table() -> None:
    s = finished(3)
    vm = s.view_model(0)
    nodes = view.running_chart(CAT, vm)
    root = h("div", None, nodes)
    svg = root.select(tag="svg", id="stats-running")[0]
    assert svg.attr("role") == "img" and svg.attr("aria-labelledby") == "stats-running-title stats-running-desc"
    assert root.select(tag="title")[0].text() == CAT.t("stats.current")
    desc = root.select(tag="desc")[0].text()
    assert desc.startswith("Running totals after 14 of 14 deals: You ") and desc.endswith(".")
    lines = root.select(tag="g", cls="chart-series")
    assert [g.attr("data-series") for g in lines] == ["0", "1", "2"]
    for g in lines:
        assert len(str(g.select(tag="polyline")[0].attr("points")).split()) == 15  # 0, then after each deal
    labels = [n.text() for n in root.select(tag="text", cls="chart-label")]
    assert labels == ["Deal", "Points"]
    table = root.select(tag="table", cls="sr-only")[0]
    rows = table.select(tag="tbody")[0].select(tag="tr")
    assert len(rows) == 15 and rows[-1].text() == "14" + "".join(
        f"{'−' if t < 0 else '+' if t else ''}{abs(t)}" for t in s.game.sheet.totals)
    fresh = Session.new_game({}, random.Random(1)).view_model(0)
    assert view.running_chart(CAT, fresh)[0].attr("id") == "stats-running-none"


def test_the_chart_puts_higher_totals_higher_and_zero_on_its_line() -> None:
    nodes = chart.line_chart("c", "T", "x", "y", [1, 2, 3], [("0", "You", [10, -30, 0])], "sum")
    svg = nodes[0]
    pts = [tuple(map(float, p.split(","))) for p in str(svg.select(tag="polyline")[0].attr("points")).split()]
    assert pts[0][1] < pts[2][1] < pts[1][1] and pts[0][0] < pts[1][0] < pts[2][0]
    zero = svg.select(tag="line", cls="chart-zero")[0]
    assert float(str(zero.attr("y1"))) == pts[2][1]
    assert [t.text() for t in svg.select(tag="text", cls="chart-tick")][:3] == ["−30", "−20", "−10"]
    assert chart.ticks(0, 0) == [0, 1] and chart.nice_step(7) == 2


def test_no_heading_of_the_panel_stands_over_nothing() -> None:
    """Issue 30: «Среднее число очков за контракт» had nothing visible under it. With no rubber finished one
    note stands for the results and the contracts (no heading over a note that says there is nothing yet);
    with some, every heading has its table or chart (on screen: test_stats.py)."""
    empty = h("div", None, view.stats_panel(CAT, summary(empty_stats()), None))
    assert [n.attr("id") for n in empty.select(tag="h3")] == ["stats-h-current"]
    assert [n.attr("id") for n in empty.select(cls="stats-note")] == ["stats-running-none", "stats-results-none"]
    stats, _ = add_rubber(empty_stats(), entry("1", [8, -8]))
    nodes = view.stats_panel(CAT, summary(stats), finished().view_model(0))
    assert [n.attr("id") for n in h("div", None, nodes).select(tag="h3")] == [
        "stats-h-current", "stats-h-past", "stats-h-contracts"]
    for section in h("div", None, nodes).select(tag="section"):
        assert section.select(tag="table") or section.select(tag="svg"), section.attr("aria-labelledby")


def test_the_panel_shows_the_figures_and_every_word_comes_from_the_catalog() -> None:
    stats = empty_stats()
    for e in (entry("1", [8, -8]), entry("2", [-4, 4], contract="no_tricks")):
        stats, _ = add_rubber(stats, e)
    s = summary(stats)
    root = h("div", None, view.stats_panel(CAT, s, finished().view_model(0)))
    figs = {n.attr("data-stat"): n.text() for n in root.select(tag="dd")}
    assert figs == {"played": "2", "won": "1 of 2", "average": "+2.0", "best": "+8 on 2026‑12‑01",
                    "worst": "−4 on 2026‑12‑01"}
    assert [r.attr("data-contract") for r in root.select(tag="tr", cls="")
            if r.attr("data-contract")] == ["no_tricks", "take_tricks"]
    assert root.select(tag="desc", id="stats-results-desc")[0].text() == \
        "Your final score in 2 rubbers: from −4 to +8, the last −4."
    from kingcore.web.text import Catalog as Base

    pseudo = Pseudo(Base.from_mo(compiled("en")).translations, strict=True)
    drawn = view.stats_panel(pseudo, s, finished(3).view_model(0)) + view.stats_panel(pseudo, summary(empty_stats()),
                                                                                      None)
    drawn += [n for n in view.import_problem(pseudo, "json", "3:9", 3, 9, None) if isinstance(n, Node)]
    leaks = [t for t in walk_texts(drawn) if any(c.isalpha() and c.isascii() for c in outside(t))]
    assert not leaks, leaks[:10]
    msg = view.import_problem(CAT, "json", "detail", 3, 9, None)[0]
    assert isinstance(msg, str) and "line 3, column 9" in msg
