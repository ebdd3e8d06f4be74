"""The command line: ``python -m kingcore {vector,replay,simulate,bench,rules}``.

- ``vector [--check] FILE_OR_DIR...`` — the contract of VECTORS.md: one JSON result per file and line;
  a file that is not JSON within :mod:`kingcore.limits` also gets ``file:line:column: message`` on
  stderr, the other files still run, and the exit code is 2.
- ``replay RECORD`` — validate a game record card by card and print its score sheet (exit 2 on a bad
  record, with file, line and column).
- ``simulate --rules TEXT --rubbers N --rng-seed S`` — whole rubbers of random legal play; every
  score-sheet row is checked against its control total.
- ``bench`` — random full deals per second (fast path and public ``play()``), legal-move
  generations and ``play()`` calls per second; medians of ``--repeat`` runs.
- ``arena``, ``bench-bots``, ``analyse`` — bots: duplicate matches, latency, rating a record's cards
  (see :mod:`kingcore.bots.cli`).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence

from .cards import iter_bits, shuffle
from .contracts import Contract
from .errors import KingError, NotationError, RulesError
from .game import Game, schedule
from .limits import MAX_COUNT, MAX_SEED, cli_count, cli_seconds, read_file
from .notation import loads, record_text
from .position import Deal, Position, random_playout
from .rules import Rules
from .vectors import files_of, mismatches, run_file


def _vector(args: argparse.Namespace) -> int:
    bad = 0
    unreadable = 0
    files = files_of(args.paths)
    if not files:
        print("kingcore vector: no vector files found", file=sys.stderr)
        return 2
    for f in files:
        result, expect = run_file(f)  # never raises: one bad file does not stop the others
        print(json.dumps(result, ensure_ascii=False))
        if "line" in result:  # not a vector at all (unreadable, too big, not JSON): exit 2 at the end
            unreadable += 1
            msg = str(result["message"]).split(": ", 1)[-1]
            print(f"{f}:{result['line']}:{result['column']}: {msg}", file=sys.stderr)
        elif args.check:
            for m in mismatches(result, expect):
                bad += 1
                print(f"MISMATCH {f}: {m}", file=sys.stderr)
    if args.check:
        print(f"{len(files)} vectors checked, {bad} mismatches"
              + (f", {unreadable} files unreadable" if unreadable else ""), file=sys.stderr)
    return 2 if unreadable else 1 if bad else 0


def _replay(args: argparse.Namespace) -> int:
    text = _read(args.record)
    if text is None:
        return 2
    try:
        game = loads(record_text(text))  # a record, or a save the web page wrote
    except NotationError as e:
        print(f"{args.record}:{e.line}:{e.column}: {e.message}", file=sys.stderr)
        return 2
    print(f"rules: {game.rules}")
    print(f"deals: {len(game.sheet.rows)} of {game.total_deals} finished; phase {game.phase.value}")
    print(game.sheet.to_text())
    return 0


def _read(path: str) -> str | None:
    """The text of a record or save file, or ``None`` after printing ``path:1:1: message`` on stderr."""
    try:
        return read_file(path, "file")
    except NotationError as e:
        print(f"{path}:{e.line}:{e.column}: {e.message}", file=sys.stderr)
        return None


def _simulate(args: argparse.Namespace) -> int:
    try:
        rules = Rules.parse(args.rules)
    except RulesError as e:
        print(f"kingcore simulate: {e}", file=sys.stderr)
        return 2
    if args.rubbers < 0:
        print("kingcore simulate: --rubbers must be 0 or more", file=sys.stderr)
        return 2
    rng = random.Random(args.rng_seed)
    totals = [0] * rules.players
    wins = [0.0] * rules.players
    rows = 0
    sums: list[int] = []
    for r in range(args.rubbers):
        g = Game(rules)
        g.autoplay(rng)  # every row is asserted against its control total as it is added
        rows += len(g.sheet.rows)
        sums.append(sum(g.sheet.totals))
        for s, t in enumerate(g.sheet.totals):
            totals[s] += t
        w = g.sheet.winners()
        for s in w:
            wins[s] += 1 / len(w)
        if args.sheets:
            print(f"rubber {r + 1}")
            print(g.sheet.to_text())
            print()
    print(f"rules: {rules}")
    print(f"rubbers: {args.rubbers}, deals: {rows}, every row equal to its control total")
    print("mean total per seat: " + " ".join(f"{t / max(1, args.rubbers):.2f}" for t in totals))
    print("wins per seat: " + " ".join(f"{w:g}" for w in wins))
    print(f"rubber sums: min {min(sums, default=0)}, max {max(sums, default=0)}"
          + (" (zero-sum)" if sums and min(sums) == max(sums) == 0 else ""))
    return 0


def _timed(fn: Callable[[], int], seconds: float, repeat: int) -> float:
    """Median rate (units/s) of ``repeat`` runs of at least ``seconds`` each."""
    rates = []
    for _ in range(repeat):
        n = 0
        t0 = time.perf_counter()
        while True:
            n += fn()
            dt = time.perf_counter() - t0
            if dt >= seconds:
                break
        rates.append(n / dt)
    return statistics.median(rates)


def _bench(args: argparse.Namespace) -> int:
    rules = Rules.parse(args.rules)
    rng = random.Random(args.rng_seed)
    contracts = [c for c in schedule(rules) if c is not Contract.TRUMPS] or [Contract.NO_TRICKS]
    deals = [Deal(rules, c, 0) for c in contracts]
    full = [Deal(dataclasses.replace(rules, early_end=False), c, 0) for c in contracts]
    deck = list(iter_bits(rules.deck_mask))
    n, size = rules.players, rules.hand_size
    i = [0]

    def hands() -> list[int]:
        shuffle(deck, rng)
        hs = [0] * n
        for k in range(n * size):
            hs[k % n] |= 1 << deck[k]
        return hs

    def fast(pool: list[Deal]) -> Callable[[], int]:
        def run() -> int:
            for _ in range(100):
                i[0] += 1
                random_playout(Position(pool[i[0] % len(pool)], hands()), rng)
            return 100
        return run

    def public() -> int:
        i[0] += 1
        p = Position(deals[i[0] % len(deals)], hands())
        plays = 0
        while not p.over:
            moves = p.legal_moves()
            p = p.play(moves[int(rng.random() * len(moves))])
            plays += 1
        return 1

    sample = []
    for _ in range(200):
        p = Position(deals[rng.randrange(len(deals))], hands())
        for _ in range(rng.randrange(n * size)):
            if p.over:
                break
            ms = p.legal_moves()
            p = p.play(ms[int(rng.random() * len(ms))])
        if not p.over:
            sample.append(p)

    def gen() -> int:
        for p in sample:
            p.legal_moves()
        return len(sample)

    def gen_fast() -> int:
        for p in sample:
            p.legal_mask()
        return len(sample)

    plays_sample = [(p, p.legal_moves()[0]) for p in sample]

    def plays() -> int:
        for p, c in plays_sample:
            p.play(c)
        return len(plays_sample)

    s, r = args.seconds, args.repeat
    print(f"kingcore bench: Python {platform.python_version()} ({platform.python_implementation()}, "
          f"{sys.platform}), rules {rules}, median of {r} runs of {s:g} s")
    results = {
        "fast play-out, random full deals/s (early end on, contracts of the rubber in turn)": fast(deals),
        "fast play-out, random full deals/s (early end off: every card played)": fast(full),
        "public play(), random full deals/s (always checking)": public,
        "legal_moves() generations/s (public, Card lists)": gen,
        "legal_mask() generations/s (fast path)": gen_fast,
        "play() calls/s (public, checking)": plays,
    }
    for label, fn in results.items():
        rate = _timed(fn, s, r)
        print(f"{rate:>12,.0f}  {label}")
    return 0


SEED = cli_count("rng-seed", 0, MAX_SEED)
"""``--rng-seed``'s type in every command: 0 to 10^18 - 1."""
SEED_HELP = f"the random generator's seed, 0 to {MAX_SEED:,}"
MAX_BENCH_SECONDS = 3600
"""The longest ``bench --seconds``."""
MAX_REPEAT = 100
"""The most ``bench --repeat`` runs."""


def main(argv: Sequence[str] | None = None) -> int:
    """Run the CLI; returns the exit code (0 ok, 1 vector mismatch, 2 bad input)."""
    ap = argparse.ArgumentParser(prog="python -m kingcore", description="King (Кинг) rules engine")
    sub = ap.add_subparsers(dest="cmd", required=True)
    v = sub.add_parser("vector", help="evaluate deal vectors (VECTORS.md)")
    v.add_argument("--check", action="store_true", help="compare with 'expect'; exit 1 on any mismatch")
    v.add_argument("paths", nargs="+", metavar="FILE_OR_DIR")
    rp = sub.add_parser("replay", help="validate a game record and print its score sheet")
    rp.add_argument("record")
    sm = sub.add_parser("simulate", help="whole rubbers with random legal play")
    sm.add_argument("--rules", default="king()")
    sm.add_argument("--rubbers", type=cli_count("rubbers", 0, MAX_COUNT), default=10,
                    help=f"rubbers to play, 0 to {MAX_COUNT:,}")
    sm.add_argument("--rng-seed", type=SEED, default=1, help=SEED_HELP)
    sm.add_argument("--sheets", action="store_true", help="print every score sheet")
    b = sub.add_parser("bench", help="speed of the engine")
    b.add_argument("--rules", default="king()")
    b.add_argument("--seconds", type=cli_seconds("seconds", MAX_BENCH_SECONDS), default=1.0,
                   help=f"seconds per run of each figure, more than 0 and at most {MAX_BENCH_SECONDS:,}")
    b.add_argument("--repeat", type=cli_count("repeat", 1, MAX_REPEAT), default=3,
                   help=f"runs per figure (the median is shown), 1 to {MAX_REPEAT}")
    b.add_argument("--rng-seed", type=SEED, default=1, help=SEED_HELP)
    ru = sub.add_parser("rules", help="print the options (RULES.md §10) as JSON")
    ru.add_argument("text", nargs="?", default="king()")
    from .bots import cli as bots_cli
    bots_cli.add_parsers(sub)
    args = ap.parse_args(argv)
    try:
        if args.cmd == "vector":
            return _vector(args)
        if args.cmd == "replay":
            return _replay(args)
        if args.cmd == "simulate":
            return _simulate(args)
        if args.cmd == "bench":
            return _bench(args)
        if args.cmd in bots_cli.COMMANDS:
            return bots_cli.run(args)
        print(json.dumps(Rules.parse(args.text).to_dict(), indent=1))
        return 0
    except KingError as e:
        print(f"kingcore {args.cmd}: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    try:
        sys.exit(main())
    except BrokenPipeError:  # e.g. `python -m kingcore rules | head -2`
        sys.stderr.close()
        sys.exit(0)
