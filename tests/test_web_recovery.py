"""The pure parts of the page's recovery (kingcore.web.prefs): preferences read from any stored text
within the limits, and the bots' worker's deadlines."""

from __future__ import annotations

import json
import re
import time

import pytest

from kingcore.bots import LEVELS
from kingcore.web import BOT_LEVELS, LEVEL_BUDGET_MS, MAX_PREFS, deadline_s, read_prefs, sort_prefs

HOSTILE = {
    "garbage": "this is not json {",
    "huge_int": '{"fast": ' + "9" * 5000 + "}",
    "deep": "[" * 10000 + "]" * 10000,
    "open_brackets": "[" * 100000,
    "one_mb": '{"x": "' + "a" * 1_000_000 + '"}',
    "array": "[1, 2, 3]",
    "string": '"fast"',
    "null": "null",
    "nan": '{"fast": NaN}',
}


@pytest.mark.parametrize("kind", sorted(HOSTILE))
def test_unreadable_prefs_fall_back_to_defaults_fast(kind: str) -> None:
    start = time.perf_counter()
    assert read_prefs(HOSTILE[kind]) == ({}, False)
    assert time.perf_counter() - start < 1.0


@pytest.mark.parametrize("doc, kept", [
    ({"fast": "yes"}, {}),
    ({"levels": ["human"]}, {}),
    ({"levels": ["human", "easy", "hard", "hard", "hard", "hard", "hard"]}, {}),
    ({"levels": ["human", "easy", "hard"]}, {"levels": ["human", "easy", "hard"]}),
    ({"levels": ["easy", "easy", "hard", "hard"]}, {}),
    ({"levels": ["human", "easy", "genius", "hard"]}, {}),
    ({"levels": "human,easy,easy,easy"}, {}),
    ({"options": {"players": 7}}, {}),
    ({"options": {"players": 4, "deck": "kitty"}}, {}),
    ({"options": {"players": 3, "deck": "kitty"}}, {"options": {"players": 3, "deck": "kitty"}}),
    ({"options": {"preset": "nonsense"}}, {}),
    ({"options": [1, 2]}, {}),
    ({"options": {"preset": "club"}, "fast": 7}, {"options": {"preset": "club"}}),
    ({"fast": True, "levels": ["human", "random", "easy", "expert"]},
     {"fast": True, "levels": ["human", "random", "easy", "expert"]}),
    ({"friend_hints": True}, {"friend_hints": True}),  # the host allows friends online hints (docs/NET.md)
])
def test_prefs_of_the_wrong_shape_keep_only_what_is_right(doc: dict[str, object], kept: dict[str, object]) -> None:
    prefs, ok = read_prefs(json.dumps(doc))
    assert prefs == kept
    assert ok == (prefs == doc)


@pytest.mark.parametrize("doc, dropped", [
    ({"ui": {"large_cards": "yes"}, "lang": 7}, ["lang", "ui.large_cards"]),  # issue 13: JSON, the wrong shape
    ({"lang": "xx"}, ["lang"]),
    ({"ui": [], "fast": 1, "names": ["Ol\nga", ""]}, ["names", "fast", "ui"]),
    ({"ui": {"undo": True, "from_a_later_version": 3}, "lang": "ru"}, []),  # a later version's option: no note
    ({"friend_hints": "yes", "fast": True}, ["friend_hints"]),
])
def test_the_parts_dropped_for_their_shape_are_named(doc: dict[str, object], dropped: list[str]) -> None:
    prefs, parts = sort_prefs(json.dumps(doc))
    assert parts == dropped
    assert read_prefs(json.dumps(doc)) == (prefs, not dropped)  # the page's note: any part dropped
    assert all(key not in prefs for key in dropped)
    assert sort_prefs(HOSTILE["garbage"]) == ({}, ["*"]) and sort_prefs(None) == ({}, [])


def test_no_prefs_is_not_a_problem() -> None:
    assert read_prefs(None) == ({}, True)
    assert read_prefs("") == ({}, True)
    assert read_prefs("{}") == ({}, True)
    assert read_prefs(json.dumps({"later": 1})) == ({}, True)  # keys a later version adds: ignored


def test_prefs_size_is_checked_before_parsing() -> None:
    text = json.dumps({"fast": True, "pad": "x" * MAX_PREFS})
    assert read_prefs(text) == ({}, False)


def test_level_budgets_match_the_bots() -> None:
    for level in BOT_LEVELS:
        m = re.search(r"budget_ms=([0-9]+)", LEVELS.get(level, ""))
        assert LEVEL_BUDGET_MS[level] == (int(m.group(1)) if m else 0), level


def test_deadlines() -> None:
    for level in BOT_LEVELS:
        assert deadline_s("choose", level) >= max(5.0, 10 * LEVEL_BUDGET_MS[level] / 1000)
    assert deadline_s("hint") > deadline_s("choose", "expert")
    assert deadline_s("analyse") > deadline_s("hint")
