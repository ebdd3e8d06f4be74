"""The command line: replay, simulate, bench, rules — exit codes and output, never a traceback."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

from kingcore import Game, Rules
from kingcore.notation import dumps

ROOT = Path(__file__).parent.parent


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "kingcore", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=300)


def test_replay_prints_the_score_sheet(tmp_path: Path) -> None:
    g = Game(Rules(replay="trumps"))
    g.autoplay(random.Random(3))
    rec = tmp_path / "game.king"
    rec.write_text(dumps(g))
    p = run("replay", str(rec))
    assert p.returncode == 0, p.stderr
    assert "12 of 12 finished" in p.stdout
    totals = " ".join(f"{t:>13}" for t in g.sheet.totals)
    assert totals in p.stdout and "settlement:" in p.stdout


def test_replay_of_a_bad_record_exits_2_with_the_line(tmp_path: Path) -> None:
    g = Game()
    g.autoplay(random.Random(3), deals=1)
    lines = dumps(g).splitlines()
    i = next(k for k, x in enumerate(lines) if x.startswith("trick 2"))
    lines[i] = lines[i].replace(":", ":Z", 1)
    rec = tmp_path / "bad.king"
    rec.write_text("\n".join(lines))
    p = run("replay", str(rec))
    assert p.returncode == 2 and p.stderr.startswith(f"{rec}:{i + 1}:")
    assert "Traceback" not in p.stderr


def test_replay_of_a_missing_file_exits_2() -> None:
    p = run("replay", "/nonexistent/x.king")
    assert p.returncode == 2 and "cannot read" in p.stderr and "Traceback" not in p.stderr


def test_simulate_mirror_is_zero_sum_and_checks_every_row() -> None:
    p = run("simulate", "--rules", "king(preset=club)", "--rubbers", "20", "--rng-seed", "4")
    assert p.returncode == 0, p.stderr
    assert "rubbers: 20, deals: 280, every row equal to its control total" in p.stdout
    assert "(zero-sum)" in p.stdout


def test_simulate_with_sheets_and_is_reproducible() -> None:
    a = run("simulate", "--rules", "king(replay=auction)", "--rubbers", "3", "--rng-seed", "9", "--sheets")
    b = run("simulate", "--rules", "king(replay=auction)", "--rubbers", "3", "--rng-seed", "9", "--sheets")
    assert a.returncode == 0 and a.stdout == b.stdout and a.stdout.count("standings:") == 3


def test_simulate_bad_rules_exits_2() -> None:
    p = run("simulate", "--rules", "king(players=11)")
    assert p.returncode == 2 and "players=11" in p.stderr and "Traceback" not in p.stderr


def test_bench_prints_every_figure() -> None:
    p = run("bench", "--seconds", "0.02", "--repeat", "1")
    assert p.returncode == 0, p.stderr
    for label in ("fast play-out", "public play()", "legal_moves()", "legal_mask()", "play() calls/s"):
        assert label in p.stdout
    rates = [float(line.split()[0].replace(",", "")) for line in p.stdout.splitlines()[1:]]
    assert len(rates) == 6 and all(r > 0 for r in rates)


def test_rules_prints_every_option() -> None:
    p = run("rules", "king(players=3)")
    assert p.returncode == 0 and '"deck": "no_black_sevens"' in p.stdout and '"order": "fixed"' in p.stdout


def test_replay_and_analyse_read_a_web_save_and_refuse_bad_records(tmp_path: Path) -> None:
    """The page's save (JSON around a record) is read like the record; a bad record is a line and
    column on stderr with exit 2 for analyse too, never a traceback."""
    from kingcore.web import Session

    rng = random.Random(4)
    s = Session.new_game({}, rng, {"levels": ["human", "random", "random", "random"]})
    s.game.autoplay(rng, deals=1)
    save = tmp_path / "king-save.txt"
    save.write_text(s.to_save())
    p = run("replay", str(save))
    assert p.returncode == 0, p.stderr
    assert "deals: 1 of 14 finished" in p.stdout
    p = run("analyse", str(save), "--seat", "0", "--bot", "pimc(samples=2)")
    assert p.returncode == 0, p.stderr
    assert "total expected cost" in p.stdout
    bad = tmp_path / "bad.king"
    bad.write_text("[Rules \"king()\"]\ndeal 1 nonsense\n")
    p = run("analyse", str(bad), "--seat", "0")
    assert p.returncode == 2 and p.stderr.startswith(f"{bad}:2:"), p.stderr
    assert "Traceback" not in p.stderr


def test_arena_and_bench_bots_refuse_bad_arguments_before_playing() -> None:
    cases = [
        (("arena", "--bots", ""), "at least one field bot"),
        (("arena", "--bots", "nosuch"), "unknown bot 'nosuch'"),
        (("arena", "--bots", "random,heuristic", "--deals", "0"), "at least 1 and at most 100,000, not 0"),
        (("arena", "--bots", "random,heuristic", "--deals", "-3"), "not -3"),
        (("arena", "--bots", "random,heuristic,heuristic,heuristic,random"), "5 bots for 4 seats"),
        (("arena", "--bots", "bogus,heuristic"), "unknown bot 'bogus'"),
        (("arena", "--bots", "random,heuristic", "--jobs", "0"), "jobs must be at least 1"),
        (("arena", "--bots", "random,heuristic", "--contracts", "no_king,zz"), "unknown contract 'zz'"),
        (("arena", "--bots", "random,heuristic", "--contracts", ","), "no contract given"),
        (("arena", "--bots", "random,heuristic", "--warmup", "-1"), "warmup must be at least 0"),
        (("arena", "--bots", "random,heuristic", "--contracts", "ordered", "--warmup", "2"), "not 'ordered'"),
        (("bench-bots", "--deals", "0"), "deals must be at least 1"),
        (("bench-bots", "--contracts", ""), "no contract given"),
    ]
    for args, msg in cases:
        p = run(*args)
        assert p.returncode == 2, (args, p.stdout, p.stderr)
        assert msg in p.stderr and "Traceback" not in p.stderr, (args, p.stderr)
        assert p.stdout == "", (args, p.stdout)  # nothing printed before the error
    p = run("arena", "--bots", "random,heuristic", "--contracts", "zz")
    assert "auction" in p.stderr and "ordered" in p.stderr  # every name the arena takes


def test_arena_of_one_deal_prints_no_infinite_interval() -> None:
    p = run("arena", "--bots", "random,heuristic", "--deals", "1", "--contracts", "no_king,take_tricks")
    assert p.returncode == 0, p.stderr
    rows = [x for x in p.stdout.splitlines() if x.startswith(("no_king", "take_tricks"))]
    assert len(rows) == 2 and all("n/a" in r and "inf" not in r and "-0.0%" not in r for r in rows), rows
