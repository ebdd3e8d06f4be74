"""Every script in ``tools/`` still runs (issue 21): each once, on the smallest input it takes, in a few
seconds — so that none rots while the engine and the bots change under it. What they measure is in
docs/BOTS.md and docs/PERF.md; here only that they run to the end and print their figures."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

RUNS: dict[str, tuple[list[str], str]] = {
    "bench_mental": (["--deals", "1", "--players", "2"], "| 2 | 16 |"),
    "bench_parsers": (["--repeat", "1"], "parse_position"),
    "bench_standin": (["--deals", "1", "--tables", "3:1"], "| 3, 1 |"),
    "bench_request": (["--deals", "2", "--repeat", "3"], "deal  2: opening lead request"),
    "blunders": (["--deals", "2", "--contracts", "no_boys"], "no_boys"),
    "ceiling peek": (["peek", "--contract", "no_tricks", "--deals", "2", "--bot", "heuristic",
                      "--from-trick", "never"], "never"),
    "ceiling accuracy": (["accuracy", "--contract", "no_tricks", "--deals", "2"], "deal"),
    "first_heuristic": (["arena", "--bots", "heuristic,pimc(samples=2,call_samples=1,version=1)", "--deals", "1",
                         "--contracts", "no_girls"], "no_girls"),
    "leads": (["--bot", "heuristic", "--positions", "1", "--ref", "8"], "mean regret"),
    "same_cards": (["--bot", "heuristic", "--deals", "2", "--out", "{tmp}/cards.json"], "heuristic:"),
}
"""Script (and sub-command) → (arguments, a piece of what it prints)."""


@pytest.mark.parametrize("name", sorted(RUNS))
def test_tool_runs(name: str, tmp_path: Path) -> None:
    args, expect = RUNS[name]
    script = ROOT / "tools" / f"{name.split()[0]}.py"
    p = subprocess.run([sys.executable, str(script), *(a.format(tmp=tmp_path) for a in args)], cwd=ROOT,
                       capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stdout[-2000:] + p.stderr[-2000:]
    assert expect in p.stdout, p.stdout[-2000:]


IMPORT_ONLY = ("bench_web", "bench_first_bot", "bench_engine", "bench_warm", "bench_cold", "cpu_quota",
               "friends_rubber", "bench_rooms", "bench_one_link", "bench_mental_pages",
               "bench_latency", "bench_draw")
"""Only imported here: headless Chromium runs of the built site (``python build.py bench-web``, its CPU quota
``tools.cpu_quota`` needing root) and the engine's bench in CPython and Pyodide (``python build.py
bench-engine``), warm and first visits of built sites side by side (``python -m tools.bench_warm``,
``python -m tools.bench_cold``), a whole rubber with three friends online by the table's link (``python -m
tools.friends_rubber``), pages joining rooms through a relay on the loopback (``python -m tools.bench_rooms``),
a friend seated by the table's link and back after a reload (``python -m tools.bench_one_link``), mental poker's
shuffle and deal between pages in Chromium (``python -m tools.bench_mental_pages``), Expert bots' move times in
the page (``python -m tools.bench_latency``), the page's main-thread time per card from a Chromium trace
(``python -m tools.bench_draw``), minutes each."""


def test_every_tool_is_run_here_or_imports() -> None:
    """A new script in tools/ gets a run above or is one of :data:`IMPORT_ONLY`, which must import."""
    scripts = {p.stem for p in (ROOT / "tools").glob("*.py")} - {"__init__"}
    assert scripts == {n.split()[0] for n in RUNS} | set(IMPORT_ONLY)
    code = "; ".join(f"import tools.{name}" for name in IMPORT_ONLY)
    p = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stderr[-2000:]


def test_the_wheel_refuses_the_first_heuristic() -> None:
    """Version 1 of the heuristic is the lab's (``tools/first_heuristic.py``): a process that has not
    installed it refuses ``version=1`` as it refuses any unknown version."""
    code = ("from kingcore.bots import BotSpecError, make_bot\n"
            "for spec in ('heuristic(version=1)', 'pimc(version=1)', 'expert(version=1)'):\n"
            "    try:\n        make_bot(spec)\n    except BotSpecError as e:\n        print(e)\n")
    p = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert p.returncode == 0 and p.stdout.count("version must be one of 2, not 1") == 3, p.stdout + p.stderr


def test_the_friends_rubber_summary_counts_every_deal_as_each_page_showed_it() -> None:
    from tools.friends_rubber import summary

    # friend 1 reloaded in deal 2, the host in deal 3: what each deal's panel showed, not a page's lists at the end
    shown = {1: {1: "fair", 2: "fair"}, 2: {1: "unchecked", 2: "fair"}, 3: {1: "unchecked", 2: "unchecked"},
             4: {1: "fair", 2: "fair"}, 5: {1: "fair", 2: "fair"}}
    assert summary(shown, [1, 2]) == ("friend 1: checked 1, 4–5, not checked 2–3; "
                                      "friend 2: checked 1–2, 4–5, not checked 3")
    assert summary({}, [1]) == "friend 1: checked none, not checked none"
    del shown[4][2]
    with pytest.raises(ValueError, match="deal 4: friend 2"):
        summary(shown, [1, 2])
