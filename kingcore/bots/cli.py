"""The bot commands of ``python -m kingcore``: ``arena``, ``bench-bots`` and ``analyse``.

- ``arena --bots "pimc(samples=20),heuristic" --deals N --contracts no_king,trumps --rng-seed S [--jobs J]
  [--warmup W]`` — a duplicate match of the first bot against the field (the other bots), per contract: share,
  points and tricks against the field with 95% confidence intervals (:mod:`kingcore.bots.arena`).
  ``--json`` prints one JSON object instead (:func:`kingcore.bots.arena.arena_json`); a field bot
  ``mixed`` stands for a different player in each seat (:data:`kingcore.bots.arena.FIELDS`).
- ``ladder --deals N [--contracts ...] [--levels ...] [--fields ...]`` — every level against every
  field (:func:`kingcore.bots.arena.run_ladder`): points per deal over the contracts, ± 95 %.
- ``bench-bots --bot expert --deals N --contracts ... [--cpu-time]`` — per-decision latency
  (p50/p95/p99/max; ``--cpu-time``: the process's CPU time, fair on a busy machine).
- ``analyse RECORD --seat S [--bot SPEC]`` — each card the seat played against its best alternative.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time

from ..limits import MAX_COUNT, MAX_JOBS, MAX_SEED, cli_count
from ..rules import Rules
from ..spec import SpecError, split_specs
from .analysis import STRONGEST, analyse
from .arena import (
    DEFAULT_CONTRACTS,
    FIELDS,
    HEADER,
    LADDER,
    arena_json,
    bench_bots,
    check_arena,
    check_ladder,
    expand_field,
    format_ladder,
    format_steps,
    ladder_steps,
    run_arena,
    run_ladder,
)
from .base import BotSpecError, parse_spec

COMMANDS = ("arena", "ladder", "bench-bots", "analyse")
"""The commands :func:`add_parsers` registers and :func:`run` runs."""
MAX_WARMUP = 1_000
"""The most earlier deals ``arena --warmup`` plays before each scored deal (a rubber has at most 120)."""

_DEALS = cli_count("deals", 1, MAX_COUNT)
_SEED = cli_count("rng-seed", 0, MAX_SEED)
_JOBS = cli_count("jobs", 1, MAX_JOBS)
_SEED_HELP = f"the deals' seed, 0 to {MAX_SEED:,}"
_JOBS_HELP = f"worker processes, 1 to {MAX_JOBS} (results do not depend on it)"


def add_parsers(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Register ``arena``, ``ladder``, ``bench-bots`` and ``analyse`` on the CLI's subparsers."""
    a = sub.add_parser("arena", help="duplicate match: the first bot against the others")
    a.add_argument("--bots", required=True,
                   help="bot specs, comma-separated: the bot under test, then the field (repeated to fill)")
    a.add_argument("--deals", type=_DEALS, default=100, help=f"duplicate deal sets per contract, 1 to {MAX_COUNT:,}")
    a.add_argument("--contracts", default=",".join(DEFAULT_CONTRACTS),
                   help="comma-separated contract names; 'trumps' (khvalyonka) and 'auction' too")
    a.add_argument("--rules", default="king()")
    a.add_argument("--rng-seed", type=_SEED, default=1, help=_SEED_HELP)
    a.add_argument("--jobs", type=_JOBS, default=1, help=_JOBS_HELP)
    a.add_argument("--json", action="store_true", help="print one JSON object, not the table")
    a.add_argument("--warmup", type=cli_count("warmup", 0, MAX_WARMUP), default=0,
                   help=f"earlier deals of the rubber the field plays at the table before each scored deal, "
                        f"0 to {MAX_WARMUP:,}")
    lad = sub.add_parser("ladder", help="every level against every field (duplicate arena)")
    lad.add_argument("--deals", type=_DEALS, default=20,
                     help=f"duplicate deal sets per contract and cell, 1 to {MAX_COUNT:,}")
    lad.add_argument("--contracts", default=",".join(DEFAULT_CONTRACTS))
    lad.add_argument("--levels", default=",".join(LADDER), help=f"comma-separated, of {', '.join(LADDER)}")
    lad.add_argument("--fields", default=",".join(FIELDS), help=f"comma-separated, of {', '.join(FIELDS)}")
    lad.add_argument("--rules", default="king()")
    lad.add_argument("--rng-seed", type=_SEED, default=1, help=_SEED_HELP)
    lad.add_argument("--jobs", type=_JOBS, default=1, help=_JOBS_HELP)
    lad.add_argument("--json", action="store_true", help="print one JSON object per cell, not the table")
    b = sub.add_parser("bench-bots", help="bot latency per decision")
    b.add_argument("--bot", default=STRONGEST)
    b.add_argument("--deals", type=_DEALS, default=20,
                   help=f"deals per contract, the bot at every seat, 1 to {MAX_COUNT:,}")
    b.add_argument("--contracts", default="no_tricks,no_king,eralash_minus,take_tricks,trumps,auction,ordered")
    b.add_argument("--rules", default="king()")
    b.add_argument("--rng-seed", type=_SEED, default=1, help=_SEED_HELP)
    b.add_argument("--cpu-time", action="store_true",
                   help="time decisions in this process's CPU time (fair on a busy machine), not wall time")
    c = sub.add_parser("analyse", help="rate each card a seat played in a game record")
    c.add_argument("record")
    c.add_argument("--seat", type=cli_count("seat", 0, 5), required=True, help="the seat, 0 to 5 (of the record's)")
    c.add_argument("--bot", default=STRONGEST)


def split_bots(text: str) -> list[str]:
    """Split ``"pimc(samples=20,budget_ms=5),heuristic"`` at the commas outside parentheses and check
    each spec's syntax (:func:`kingcore.spec.split_specs`).

    Raises:
        BotSpecError: unbalanced parentheses, an empty item or a bad spec.
    """
    try:
        out = split_specs(text)
    except SpecError as e:
        raise BotSpecError(e.message) from None
    for s in out:
        parse_spec(s)
    return out


def run(args: argparse.Namespace) -> int:
    """Run one of the bot commands; returns the exit code (0 ok, 2 bad input: a bad bot spec, contract
    name, rules text, record or seat — one line on stderr, no traceback)."""
    try:
        return _run(args)
    except ValueError as e:  # KingError subclasses are ValueErrors too
        print(f"kingcore {args.cmd}: {e}", file=sys.stderr)
        return 2


def _ladder(args: argparse.Namespace, rules: Rules) -> int:
    def names(text: str) -> list[str]:
        return [x.strip() for x in text.split(",") if x.strip()]

    contracts = names(args.contracts)
    for option in ("contracts", "levels", "fields"):  # "" or ",,," used to mean "all": a long run nobody asked for
        if not names(getattr(args, option)):
            raise ValueError(f"--{option} names none (give a comma-separated list, or leave the option out)")
    levels = [next((k for k in LADDER if k.lower() == x.lower()), x) for x in names(args.levels)]
    fields = [x.lower() for x in names(args.fields)]
    levels, fields = check_ladder(contracts, args.deals, levels, fields, rules, args.jobs)
    if args.json:
        cells = run_ladder(contracts, args.deals, levels, fields, args.rng_seed, rules, args.jobs)
        for c in cells:
            print(json.dumps({"level": c.level, **arena_json(LADDER[c.level], FIELDS[c.field], c.results),
                              "field_name": c.field, "points": c.points,
                              "ci95": c.ci if math.isfinite(c.ci) else None}))
        for st in ladder_steps(cells):
            print(json.dumps({"step": [st.upper, st.lower], "field_name": st.field, "points": st.points,
                              "ci95": st.ci if math.isfinite(st.ci) else None, "up": list(st.up),
                              "down": list(st.down)}))
        return 0
    print(f"ladder: {', '.join(levels)} against {', '.join(fields)}; rules {rules}; {args.deals} duplicate deal sets "
          f"per contract ({', '.join(contracts)}); rng seed {args.rng_seed}")
    print("points per deal over the contracts summed, the level minus one field seat, ± 95 %")
    t0 = time.perf_counter()
    cells = run_ladder(contracts, args.deals, levels, fields, args.rng_seed, rules, args.jobs,
                       progress=lambda s: print(s, file=sys.stderr))
    for line in format_ladder(cells):
        print(line)
    steps = ladder_steps(cells)
    if steps:
        print("each level minus the level below, paired on the same deals (points per deal summed over the "
              "contracts ± 95 %; u/d: contracts where it is significantly up/down)")
        for line in format_steps(steps):
            print(line)
    print(f"({time.perf_counter() - t0:.0f} s)")
    return 0


def _run(args: argparse.Namespace) -> int:
    rules = Rules.parse(args.rules) if hasattr(args, "rules") else Rules()
    if args.cmd == "ladder":
        return _ladder(args, rules)
    if args.cmd == "arena":
        bots = expand_field(split_bots(args.bots))
        contracts = [c.strip() for c in args.contracts.split(",") if c.strip()]
        check_arena(bots, contracts, args.deals, rules, args.jobs, args.warmup)
        if args.json:
            res = run_arena(bots, contracts, args.deals, args.rng_seed, rules, args.jobs, warmup=args.warmup)
            print(json.dumps(arena_json(bots[0], bots[1:], res)))
            return 0
        print(f"arena: {bots[0]} against {', '.join(bots[1:])}; rules {rules}; {args.deals} duplicate deal sets "
              f"per contract (each played {rules.players}×, the tested bot in every seat); rng seed {args.rng_seed}")
        print("share = the tested bot's share of all points taken (negative contracts: of the penalty; fair "
              f"{100 / rules.players:.1f}%); pts/tr = mean points/tricks per deal, bot vs one field seat")
        if args.warmup:
            print(f"each scored deal after {args.warmup} earlier deals of the rubber played by the field")
        print(HEADER)
        t0 = time.perf_counter()
        run_arena(bots, contracts, args.deals, args.rng_seed, rules, args.jobs, progress=print, warmup=args.warmup)
        print(f"({time.perf_counter() - t0:.0f} s)")
        return 0
    if args.cmd == "bench-bots":
        contracts = [c.strip() for c in args.contracts.split(",") if c.strip()]
        bench_bots(args.bot, contracts, args.deals, args.rng_seed, rules, cpu=args.cpu_time)
        return 0
    from ..errors import NotationError
    from ..limits import read_file
    try:
        text = read_file(args.record, "file")
    except NotationError as e:
        print(f"{args.record}:{e.line}:{e.column}: {e.message}", file=sys.stderr)
        return 2
    from ..notation import record_text
    from .base import make_bot
    try:
        rows = analyse(record_text(text), args.seat, make_bot(args.bot))  # a record, or a web save
    except NotationError as e:
        print(f"{args.record}:{e.line}:{e.column}: {e.message}", file=sys.stderr)
        return 2
    except ValueError as e:
        print(f"kingcore analyse: {e}", file=sys.stderr)
        return 2
    print(f"{'deal':>4} {'trick':>5}  {'played':<6} {'exp.':>7}  {'best':<6} {'exp.':>7} {'cost':>6}")
    for r in rows:
        print(f"{r.deal:>4} {r.trick:>5}  {r.move!s:<6} {r.expected:>7.2f}  {r.best!s:<6} {r.best_expected:>7.2f}"
              f" {r.cost:>6.2f}")
    print(f"total expected cost: {sum(r.cost for r in rows):.2f} points over {len(rows)} choices")
    return 0
