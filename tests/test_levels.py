"""The one registry of bot levels (kingcore/bots/levels.py, issue 20): every entry's spec makes a bot whose
caps are the entry's, the tables the session, preferences, page and arena use are read from it, and no other
module lists the level names again (read with ``ast``, like the suit glyphs in test_layers.py)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

from kingcore.bots import LEVELS, make_bot
from kingcore.bots.arena import LADDER
from kingcore.bots.levels import DEFAULT, LEGACY, REGISTRY, Level, ladder, level, names
from kingcore.web import BOT_LEVELS, DEFAULT_LEVEL, LEVEL_BUDGET_MS, MAIN_THREAD_LEVELS
from kingcore.web.botcalls import level_spec

ROOT = Path(__file__).resolve().parent.parent
REGISTRY_FILE = ROOT / "kingcore" / "bots" / "levels.py"
SOURCES = ("kingcore", "web", "tools", "sitebuild")
LEVEL_WORDS = frozenset(lv.name for lv in REGISTRY) - {"random"}  # "random" is a bot and a field too


def level_tables(source: str) -> list[str]:
    """Collections in code that spell two or more level names (any case): a tuple, list or set of string
    literals, or a dict whose keys are — a table of the levels, which belongs in the registry alone."""
    out = []
    for n in ast.walk(ast.parse(source)):
        elts = n.keys if isinstance(n, ast.Dict) else n.elts if isinstance(n, (ast.Tuple, ast.List, ast.Set)) else []
        words = [str(e.value) for e in elts if isinstance(e, ast.Constant) and isinstance(e.value, str)]
        if len(LEVEL_WORDS & {w.lower() for w in words}) >= 2:
            out.append(", ".join(words))
    return out


def test_each_level_makes_its_bot_with_its_caps() -> None:
    assert len(set(names())) == len(REGISTRY) and DEFAULT in names() and set(LEGACY.values()) <= set(names())
    assert sorted(lv.rank for lv in REGISTRY) == list(range(len(REGISTRY)))
    for lv in REGISTRY:
        uncapped, page = make_bot(lv.spec), make_bot(lv.page_spec)
        assert getattr(uncapped, "budget_ms", 0) == 0
        assert getattr(page, "budget_ms", 0) == lv.budget_ms and getattr(page, "play_ms", 0) == lv.play_ms
        assert make_bot(lv.name).name and level(lv.name) is lv  # a level is a bot name too (an alias)
        assert lv.main_thread == (lv.budget_ms == 0)  # only a level without a cap is cheap enough
    with pytest.raises(KeyError, match="unknown bot level 'basic'"):
        level("basic")


def test_page_spec_adds_the_caps() -> None:
    assert Level("x", "pimc(samples=4)", 0, budget_ms=10).page_spec == "pimc(samples=4,budget_ms=10)"
    assert Level("x", "expert", 0, budget_ms=10, play_ms=5).page_spec == "expert(budget_ms=10,play_ms=5)"
    assert Level("x", "heuristic", 0).page_spec == "heuristic"


def test_the_tables_are_read_from_the_registry() -> None:
    assert names() == BOT_LEVELS and DEFAULT_LEVEL == DEFAULT
    assert {lv.name: lv.page_spec for lv in REGISTRY} == LEVELS
    assert {lv.name: lv.budget_ms for lv in REGISTRY} == LEVEL_BUDGET_MS
    assert set(MAIN_THREAD_LEVELS) == {"random", "easy", "medium"}
    assert list(LADDER) == ["Random", "Easy", "Medium", "Hard", "Expert"] == [lv.title for lv in ladder()]
    assert LADDER["Hard"] == "pimc(samples=20,call_samples=8)" and level_spec("hard") == LEVELS["hard"]


def test_no_other_module_lists_the_levels() -> None:
    found = {str(p.relative_to(ROOT)): level_tables(p.read_text(encoding="utf-8"))
             for d in SOURCES for p in sorted((ROOT / d).rglob("*.py")) if p != REGISTRY_FILE}
    assert len(found) > 100 and {k: v for k, v in found.items() if v} == {}


@pytest.mark.parametrize("table", [
    'BOT_LEVELS = ("easy", "medium", "hard", "expert", "random")',
    'LEVEL_BUDGET_MS = {"random": 0, "easy": 0, "medium": 0, "hard": 350, "expert": 350}',
    'MAIN_THREAD_LEVELS = ("random", "easy", "medium")',
    'LADDER = {"Random": "random", "Easy": "heuristic(noise=0.2)", "Medium": "heuristic"}',
])
def test_the_check_catches_the_old_tables(table: str) -> None:
    assert level_tables(table)


def test_reading_the_levels_loads_no_bot() -> None:
    code = ("import sys, kingcore.web, kingcore.bots.levels; "
            "print(sorted(m for m in sys.modules if m.startswith('kingcore.bots')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT).stdout
    assert out.strip() == "['kingcore.bots', 'kingcore.bots.base', 'kingcore.bots.levels']"
