"""Duplicate matches between bots, and bot latency (``python -m kingcore arena`` / ``bench-bots``).

**Duplicate.** Every deal is dealt once and replayed ``players`` times with the bot under test rotated
through every seat (the field in the other seats), so the luck of the cards cancels. Each seat's ``rng``
depends on the deal and the seat only, never on the rotation: two deterministic bots that are the same
give exactly the same game in every rotation, and a difference of exactly 0.

Per contract the tested bot's **share** of the deal's points (negative contracts: of the penalty
taken — fair is 1/players), its mean points and tricks per deal against the field's mean per seat,
with 95% confidence intervals (normal approximation over the duplicate deal sets; the share's by the
delta method for a ratio).

**Rubber.** With ``warmup=W`` each scored deal is the last of W + 1 deals at one table: W earlier
deals of the rubber's own schedule (fresh cards, the same for every rotation) are played first by the
field — the tested bot's seat too is played by the first field bot, so the earlier deals are the same
whichever bot is tested —, then the scored deal; a bot that learns from the rubber's earlier deals
(``pimc(rubber=…)``) gets them beside its view (:func:`~kingcore.view.earlier_deals`).

Size: over 400 lines because duplicate matches, latency and the ladder share one deal-set runner and
one summary; the command line is in :mod:`kingcore.bots.cli`.

>>> r = run_arena(["heuristic", "heuristic"], ["no_king"], deals=3, rng_seed=1)
>>> r[0].share, r[0].points_diff, r[0].deals
(0.25, 0.0, 3)
"""

from __future__ import annotations

import dataclasses
import itertools
import math
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..cards import Card
from ..contracts import Contract
from ..game import Game, Phase
from ..rules import Rules
from ..view import earlier_deals, seat_view
from .base import Bot, make_bot
from .levels import ladder

Z95 = 1.959963984540054


def contract_rules(base: Rules, name: str) -> tuple[Rules, Contract]:
    """The rules and contract for one arena contract name: a :class:`Contract` value (``no_king``…),
    ``trumps`` (khvalyonka: ``replay=trumps`` unless the rules say ``auction``), ``auction``, or
    ``ordered`` (the first deal of ordered King, §8: the seats name the contract; ``NO_TRICKS`` is
    returned as a placeholder).

    Raises:
        ValueError: an unknown contract name.
    """
    if name == "ordered":
        r = base if base.replay != "auction" else dataclasses.replace(base, replay="mirror")
        return dataclasses.replace(r, order="chosen"), Contract.NO_TRICKS
    r = dataclasses.replace(base, order="fixed")
    if name == "auction":
        return dataclasses.replace(r, replay="auction"), Contract.TRUMPS
    try:
        c = Contract.parse(name)
    except ValueError:
        raise ValueError(f"unknown contract {name!r} (known: {', '.join(CONTRACT_NAMES)})") from None
    if c is Contract.TRUMPS and r.replay == "mirror":
        r = dataclasses.replace(r, replay="trumps")
    return r, c


def one_deal_game(rules: Rules, contract: Contract, dealer: int, hands: list[list[Card]],
                  kitty: list[Card]) -> Game:
    """A :class:`Game` of exactly one deal of ``contract`` with these cards (hands in the order dealt);
    with ``order = chosen`` the first deal of an ordered King rubber (``contract`` unused)."""
    g = Game(rules)
    if rules.order == "fixed":
        g.order = [contract]
        g.total_deals = 1
    g.set_first_dealer(dealer)
    g.deal_cards(hands, kitty)
    return g


def warm_game(rules: Rules, contract: Contract, dealer: int, hands: list[list[Card]], kitty: list[Card],
              warmup: int, bots: Sequence[Bot], rng_seed: int, index: int) -> Game:
    """:func:`one_deal_game` after ``warmup`` earlier deals of the rubber at the same table: the first
    ``warmup`` contracts of the rules' schedule (repeated when shorter), dealt from a generator seeded by
    (``rng_seed``, ``index``) and played by ``bots`` (one per seat), then the scored deal dealt with
    ``dealer`` dealing (0 earlier deals: exactly :func:`one_deal_game`).

    Raises:
        ValueError: ``warmup`` < 0, or ``warmup`` with ordered King (``order = chosen``).
    """
    if warmup < 0:
        raise ValueError(f"warmup must be ≥ 0, not {warmup}")
    if not warmup:
        return one_deal_game(rules, contract, dealer, hands, kitty)
    if rules.order != "fixed":
        raise ValueError("earlier deals (warmup) need a fixed order of contracts, not ordered King")
    n = rules.players
    g = Game(rules)
    sched = list(g.order)
    g.order = [sched[j % len(sched)] for j in range(warmup)] + [contract]
    g.total_deals = warmup + 1
    g.set_first_dealer((dealer - warmup) % n)
    deal_rng = random.Random((rng_seed * 1_000_003 + index) * 31 + 7)
    for w in range(warmup):
        g.deal(deal_rng)
        play_game(g, bots, seat_rngs(rng_seed * 7 + 3, index * 64 + w, n))
    g.deal_cards(hands, kitty)
    return g


def deal_cards_for(rules: Rules, contract: Contract, index: int, rng_seed: int) -> tuple[int, list[list[Card]],
                                                                                         list[Card]]:
    """The dealer, hands (in the order received) and kitty of arena deal number ``index``."""
    n = rules.players
    dealer = index % n
    g = Game(dataclasses.replace(rules, order="fixed"))
    g.order = [contract]
    g.total_deals = 1
    g.set_first_dealer(dealer)
    g.deal(random.Random(rng_seed * 1_000_003 + index))
    d = g.current
    assert d is not None
    return dealer, [list(h) for h in d.hands], list(d.kitty)


def seat_rngs(rng_seed: int, index: int, players: int) -> list[random.Random]:
    """Each seat's ``rng`` for arena deal ``index``: it depends on the deal and the seat only, never on
    which bot sits there, so equal deterministic bots play the same game in every rotation."""
    return [random.Random((rng_seed * 1_000_003 + index) * 16 + s) for s in range(players)]


@dataclass(frozen=True)
class GameResult:
    """One played deal: points and tricks per seat (seat order) and the decisions timed."""

    points: tuple[int, ...]
    tricks: tuple[int, ...]
    times: tuple[tuple[str, bool, float], ...] = ()


def play_game(g: Game, bots: Sequence[Bot], rngs: Sequence[random.Random],
              timer: bool = False, seat: int | None = None,
              clock: Callable[[], float] = time.perf_counter) -> GameResult:
    """Play ``g`` to the end of its current deal with ``bots[seat]`` deciding for each seat.

    Returns:
        the deal's points and tricks per seat; with ``timer``, (phase, forced, seconds) per decision
        (the time includes building the seat's view) — only the decisions of ``seat`` when given;
        ``clock`` measures it (``time.process_time``: this process's CPU time, fair on a busy machine).

    Raises:
        AssertionError: a bot returned an illegal move (a bug).
    """
    times: list[tuple[str, bool, float]] = []
    d = g.current
    assert d is not None
    earlier = earlier_deals(g) if any(b.learns() for b in bots) else ()  # once per deal
    while g.phase not in (Phase.DEAL_OVER, Phase.RUBBER_OVER):
        who = g.to_move
        assert who is not None
        t0 = clock()
        view = seat_view(g, who)
        move = bots[who].choose(view, rngs[who], earlier)
        dt = clock() - t0
        if timer and (seat is None or seat == who):
            times.append((view.phase, len(view.legal) == 1, dt))
        assert str(move) in view.legal, f"{bots[who]} chose {move}, not one of {view.legal}"
        g.play(move)
    p = d.position
    assert p is not None
    return GameResult(p.points, p.tricks, tuple(times))


@dataclass(frozen=True)
class ContractResult:
    """The tested bot against the field in one contract, over ``deals`` duplicate deal sets.

    Attributes:
        contract: the arena contract name.
        deals: duplicate deal sets (each played once per seat).
        share, share_ci: the tested bot's share of all points taken (of the penalty in negative
            contracts; fair = 1/players), and its 95% half-width; NaN when deals score with both signs
            (``ordered``).
        points_bot, points_field: mean points per deal of the tested bot and of one field seat.
        points_diff, points_ci: their difference (bot − field) and its 95% half-width.
        tricks_bot, tricks_field, tricks_diff, tricks_ci: the same for tricks.
        times_ms: the tested bot's time for each of its decisions with a choice (view + choose), ms.
        per_deal: the tested bot's points minus one field seat's in each duplicate deal set (mean over
            its seats), in deal order — what a paired comparison of two bots on the same deals needs.
    """

    contract: str
    deals: int
    share: float
    share_ci: float
    points_bot: float
    points_field: float
    points_diff: float
    points_ci: float
    tricks_bot: float
    tricks_field: float
    tricks_diff: float
    tricks_ci: float
    times_ms: tuple[float, ...] = dataclasses.field(default=(), repr=False, compare=False)
    per_deal: tuple[float, ...] = dataclasses.field(default=(), repr=False, compare=False)


def _mean_ci(xs: Sequence[float]) -> tuple[float, float]:
    m = statistics.fmean(xs)
    if len(xs) < 2:
        return m, math.inf
    return m, Z95 * statistics.stdev(xs) / math.sqrt(len(xs))


Task = tuple[Rules, Contract, int, int, tuple[str, ...]] | tuple[Rules, Contract, int, int, tuple[str, ...], int]
"""One duplicate deal set: (rules, contract, deal index, rng seed, bot specs[, earlier deals (warmup)])."""


def _deal_set_timed(args: Task) -> tuple[list[tuple[int, int, int, int]], list[float]]:
    """Play one duplicate deal set: per rotation (bot points, total points, bot tricks, total tricks), and
    the tested bot's time (ms) for each of its decisions with a choice."""
    rules, contract, index, rng_seed, specs = args[:5]
    warmup = args[5] if len(args) > 5 else 0
    n = rules.players
    tested = make_bot(specs[0])
    field = [make_bot(s) for s in specs[1:]]
    dealer, hands, kitty = deal_cards_for(rules, contract, index, rng_seed)
    out = []
    times: list[float] = []
    for r in range(n):
        bots: list[Bot] = [tested] * n
        for i in range(1, n):
            bots[(r + i) % n] = field[(i - 1) % len(field)]
        rngs = seat_rngs(rng_seed, index, n)
        warm = list(bots)
        warm[r] = field[0]
        g = warm_game(rules, contract, dealer, hands, kitty, warmup, warm, rng_seed, index)
        res = play_game(g, bots, rngs, timer=True, seat=r)
        out.append((res.points[r], sum(res.points), res.tricks[r], sum(res.tricks)))
        times.extend(dt * 1000 for _phase, forced, dt in res.times if not forced)
    return out, times


def run_arena(bots: Sequence[str], contracts: Sequence[str], deals: int, rng_seed: int = 1,
              rules: Rules | None = None, jobs: int = 1,
              progress: Callable[[str], None] | None = None, warmup: int = 0) -> list[ContractResult]:
    """Duplicate match: ``bots[0]`` (under test) against the field ``bots[1:]`` (seated in order
    after it; repeated when shorter than ``players − 1``); with ``warmup``, each scored deal comes after
    that many earlier deals of the rubber played by the field (:func:`warm_game`).

    Args:
        bots: bot specs (:func:`make_bot`); at least two.
        contracts: arena contract names (see :func:`contract_rules`).
        deals: duplicate deal sets per contract; rng_seed: seeds the deals and the bots' ``rng`` s.
        rules: base rules (default ``king()``); ``order`` is forced to ``fixed``.
        jobs: worker processes (1: in this process); the result does not depend on it.
        progress: called with a line of text after each contract.

    Raises:
        BotSpecError: a bad bot spec. ValueError: an unknown contract or fewer than two bots.
    """
    base = rules or Rules()
    check_arena(bots, contracts, deals, base, jobs, warmup)
    out = []
    for name in contracts:
        r, c = contract_rules(base, name)
        tasks: list[Task] = [(r, c, i, rng_seed, tuple(bots), warmup) for i in range(deals)]
        if jobs > 1:
            from concurrent.futures import ProcessPoolExecutor
            with ProcessPoolExecutor(jobs) as ex:
                timed = list(ex.map(_deal_set_timed, tasks, chunksize=max(1, deals // (jobs * 8))))
        else:
            timed = [_deal_set_timed(t) for t in tasks]
        sets = [t[0] for t in timed]
        res = dataclasses.replace(summarise(name, r.players, sets),
                                  times_ms=tuple(x for t in timed for x in t[1]))
        out.append(res)
        if progress:
            progress(format_result(res))
    return out


def check_arena(bots: Sequence[str], contracts: Sequence[str], deals: int, rules: Rules, jobs: int = 1,
                warmup: int = 0) -> None:
    """Check an arena's arguments before any deal is played.

    Raises:
        BotSpecError: a bad bot spec. ValueError: fewer than two bots or more than the seats, no
        contract or an unknown one, ``deals`` < 1, ``jobs`` < 1, ``warmup`` < 0 or with ``ordered``.
    """
    if warmup < 0 or (warmup and "ordered" in contracts):
        raise ValueError(f"warmup must be at least 0 and needs contracts in a fixed order (not 'ordered'), "
                         f"not {warmup}")
    for s in bots:  # an unknown name first: "--bots nosuch" is a misspelling before it is a short list
        make_bot(s)
    if len(bots) < 2:
        raise ValueError("an arena needs the bot under test and at least one field bot")
    if len(bots) > rules.players:
        raise ValueError(f"{len(bots)} bots for {rules.players} seats: give the bot under test and at most "
                         f"{rules.players - 1} field bots")
    check_deals(contracts, deals, rules)
    if jobs < 1:
        raise ValueError(f"jobs must be at least 1, not {jobs}")


def check_deals(contracts: Sequence[str], deals: int, rules: Rules) -> None:
    """Raises ValueError for no contract, an unknown one, or ``deals`` < 1."""
    if not contracts:
        raise ValueError("no contract given")
    for name in contracts:
        contract_rules(rules, name)
    if deals < 1:
        raise ValueError(f"deals must be at least 1, not {deals}")


def summarise(name: str, n: int, sets: Sequence[Sequence[tuple[int, int, int, int]]]) -> ContractResult:
    """Statistics of duplicate deal sets (see :class:`ContractResult`)."""
    xs = [float(sum(r[0] for r in s)) for s in sets]
    ts = [float(sum(r[1] for r in s)) for s in sets]
    d = len(sets)
    tsum = sum(ts)
    share = sum(xs) / tsum if tsum else math.nan
    if any(t * tsum < 0 for t in ts):
        share = math.nan  # totals of both signs (ordered King mixes contracts): no share
    if d > 1 and tsum and not math.isnan(share):
        tbar = tsum / d
        resid = [x - share * t for x, t in zip(xs, ts, strict=True)]
        share_ci = Z95 * math.sqrt(sum(e * e for e in resid) / (d - 1) / d) / abs(tbar)
    else:
        share_ci = math.nan if math.isnan(share) else math.inf
    pb = [statistics.fmean(r[0] for r in s) for s in sets]
    pf = [statistics.fmean((r[1] - r[0]) / (n - 1) for r in s) for s in sets]
    tb = [statistics.fmean(r[2] for r in s) for s in sets]
    tf = [statistics.fmean((r[3] - r[2]) / (n - 1) for r in s) for s in sets]
    per_deal = tuple(a - b for a, b in zip(pb, pf, strict=True))
    pdiff, pci = _mean_ci(per_deal)
    tdiff, tci = _mean_ci([a - b for a, b in zip(tb, tf, strict=True)])
    return ContractResult(name, d, share, share_ci, statistics.fmean(pb), statistics.fmean(pf), pdiff, pci,
                          statistics.fmean(tb), statistics.fmean(tf), tdiff, tci, per_deal=per_deal)


HEADER = (f"{'contract':<14}{'deals':>6}  {'share':>6} {'± 95%':>6}   {'bot pts':>8} {'field':>7} {'diff':>7}"
          f" {'± 95%':>6}   {'bot tr':>6} {'field':>6} {'diff':>6} {'± 95%':>6}")


def _half(x: float, fmt: str, unit: str = "") -> str:
    """A 95 % half-width for the table: ``n/a`` when a single deal gives no interval."""
    return f"{x:{fmt}}{unit}" if math.isfinite(x) else "n/a"


def format_result(r: ContractResult) -> str:
    """One line of the arena table (see :data:`HEADER`); ``n/a`` where there is no share (ordered King)
    or no interval (a single deal)."""
    share = ("   n/a    n/a" if math.isnan(r.share)
             else f"{r.share * 100 + 0.0:>5.1f}% {_half(r.share_ci * 100, '.1f', '%'):>6}")  # + 0.0: no -0.0
    return (f"{r.contract:<14}{r.deals:>6}  {share}   {r.points_bot:>8.2f}"
            f" {r.points_field:>7.2f} {r.points_diff:>+7.2f} {_half(r.points_ci, '.2f'):>6}   {r.tricks_bot:>6.2f}"
            f" {r.tricks_field:>6.2f} {r.tricks_diff:>+6.2f} {_half(r.tricks_ci, '.2f'):>6}")


def _quantile(xs: Sequence[float], q: float) -> float:
    s = sorted(xs)
    if not s:
        return float("nan")
    i = min(len(s) - 1, max(0, math.ceil(q * len(s)) - 1))
    return s[i]


def bench_bots(spec: str, contracts: Sequence[str], deals: int, rng_seed: int = 1, rules: Rules | None = None,
               out: Callable[[str], None] = print,
               cpu: bool = False) -> dict[str, tuple[int, float, float, float, float]]:
    """Time every decision of ``spec`` playing all seats of ``deals`` deals per contract (``cpu``: in
    this process's CPU time — what the wall clock would show on a quiet machine —, not wall time).

    Returns:
        per decision kind (``card``, ``card (forced)``, ``call_trump``, ``auction``, ``choose_contract``,
        ``all``): (count, p50, p95, p99, max) in milliseconds; the table is also printed with ``out``.
    """
    base = rules or Rules()
    bot = make_bot(spec)
    check_deals(contracts, deals, base)
    times: dict[str, list[float]] = {}
    for name in contracts:
        r, c = contract_rules(base, name)
        for i in range(deals):
            dealer, hands, kitty = deal_cards_for(r, c, i, rng_seed)
            g = one_deal_game(r, c, dealer, hands, kitty)
            rngs = [random.Random(rng_seed * 7919 + i * 16 + s) for s in range(r.players)]
            res = play_game(g, [bot] * r.players, rngs, timer=True,
                            clock=time.process_time if cpu else time.perf_counter)
            for phase, forced, dt in res.times:
                kind = ("card (forced)" if forced else "card") if phase == "play" else phase
                if forced and phase != "play":
                    kind = phase + " (forced)"
                times.setdefault(kind, []).append(dt * 1000)
                times.setdefault("all", []).append(dt * 1000)
    table: dict[str, tuple[int, float, float, float, float]] = {}
    impl = platform.python_implementation()
    out(f"bot latency: {bot}, Python {platform.python_version()} ({impl}, {sys.platform}), "
        f"{deals} deals × {len(contracts)} contracts, every seat; ms {'of CPU ' if cpu else ''}per decision "
        "(view + choose)")
    out(f"{'decision':<24}{'count':>7}{'p50':>9}{'p95':>9}{'p99':>9}{'max':>9}")
    for kind in sorted(times, key=lambda k: (k == "all", k)):
        xs = times[kind]
        row = (len(xs), _quantile(xs, 0.5), _quantile(xs, 0.95), _quantile(xs, 0.99), max(xs))
        table[kind] = row
        out(f"{kind:<24}{row[0]:>7}{row[1]:>9.2f}{row[2]:>9.2f}{row[3]:>9.2f}{row[4]:>9.2f}")
    return table


CONTRACT_NAMES = (*(c.value for c in Contract), "auction", "ordered")
"""Every contract name the arena accepts."""

DEFAULT_CONTRACTS = ("no_tricks", "no_boys", "no_girls", "no_hearts", "no_king", "no_last_two", "eralash_minus",
                     "take_tricks", "take_boys", "take_girls", "take_hearts", "take_king", "take_last_two",
                     "eralash_plus", "trumps")


def latency(times_ms: Sequence[float]) -> dict[str, float]:
    """``{"count", "p50", "p95", "p99", "max"}`` of decision times in ms (NaN quantiles when empty)."""
    return {"count": len(times_ms), "p50": _quantile(times_ms, 0.5), "p95": _quantile(times_ms, 0.95),
            "p99": _quantile(times_ms, 0.99), "max": max(times_ms) if times_ms else math.nan}


def _num(x: float) -> float | None:
    """A JSON number: ``None`` for NaN and infinities (JSON has neither)."""
    return x if math.isfinite(x) else None


def arena_json(bot: str, field: Sequence[str], results: Sequence[ContractResult]) -> dict[str, object]:
    """The arena's machine-readable result (``python -m kingcore arena --json``)::

        {"bot": spec, "field": [specs], "deals": N,
         "contracts": {name: {"n", "mean_delta", "ci95", "share", "share_ci95", "mean_tricks_delta",
                              "tricks_ci95"}},
         "latency_ms": {"count", "p50", "p95", "p99", "max"}}

    ``mean_delta``: the tested bot's mean points per deal minus one field seat's (``ci95`` its 95 %
    half-width); ``share``: its share of all points taken (``null`` in ordered King or when there
    is no interval); ``latency_ms``: the tested bot's decisions with a choice, every contract.
    """
    times = [x for r in results for x in r.times_ms]
    return {
        "bot": bot, "field": list(field), "deals": max((r.deals for r in results), default=0),
        "contracts": {r.contract: {"n": r.deals, "mean_delta": _num(r.points_diff), "ci95": _num(r.points_ci),
                                   "share": _num(r.share), "share_ci95": _num(r.share_ci),
                                   "mean_tricks_delta": _num(r.tricks_diff), "tricks_ci95": _num(r.tricks_ci)}
                      for r in results},
        "latency_ms": {k: _num(v) for k, v in latency(times).items()},
    }


FIELDS: dict[str, tuple[str, ...]] = {
    "random": ("random",),
    "naive": ("naive",),
    "greedy": ("greedy",),
    "heuristic": ("heuristic",),
    "pimc": ("pimc",),
    "mixed": ("naive", "heuristic", "pimc(samples=20,call_samples=8)"),
}
"""The ladder's fields: one bot in every other seat, or ``mixed`` — a different player in each seat
(a beginner, the rules of thumb, a Monte Carlo player). ``mixed`` also works as a field name in
``arena --bots``."""

LADDER: dict[str, str] = {lv.title: lv.spec for lv in ladder()}
"""The levels the ladder plays, weakest first (:data:`.levels.REGISTRY`): the web's levels without the
wall-clock cap (which would make results depend on the machine's speed), ``random`` included."""


def expand_field(bots: Sequence[str]) -> list[str]:
    """``bots`` with a field name of :data:`FIELDS` of several seats (``mixed``) replaced by its bots."""
    out: list[str] = []
    for b in bots:
        out.extend(FIELDS[b] if b in FIELDS and len(FIELDS[b]) > 1 else (b,))
    return out


@dataclass(frozen=True)
class LadderCell:
    """One level against one field, summed over the contracts: mean points per deal (one duplicate
    deal set of every contract) of the level minus one field seat, its 95 % half-width (the contracts'
    half-widths combined as independent), and the per-contract results."""

    level: str
    field: str
    points: float
    ci: float
    results: tuple[ContractResult, ...]


def run_ladder(contracts: Sequence[str], deals: int, levels: Sequence[str] | None = None,
               fields: Sequence[str] | None = None, rng_seed: int = 1, rules: Rules | None = None, jobs: int = 1,
               progress: Callable[[str], None] | None = None) -> list[LadderCell]:
    """Every level of :data:`LADDER` (or ``levels``, names of it) against every field of :data:`FIELDS`
    (or ``fields``), ``deals`` duplicate deal sets per contract, the same deals for every cell.

    Raises:
        ValueError: an unknown level or field, or bad arena arguments (:func:`check_arena`).
    """
    levels, fields = check_ladder(contracts, deals, levels, fields, rules, jobs)
    base = rules or Rules()
    out = []
    for f in fields:
        for lv in levels:
            res = run_arena([LADDER[lv], *FIELDS[f]], contracts, deals, rng_seed, base, jobs)
            pts = sum(r.points_diff for r in res)
            ci = math.sqrt(sum(r.points_ci ** 2 for r in res))
            cell = LadderCell(lv, f, pts, ci, tuple(res))
            out.append(cell)
            if progress:
                progress(f"{lv} against {f}: {pts:+.2f} ± {_half(ci, '.2f')}")
    return out


@dataclass(frozen=True)
class LadderStep:
    """A level against the level below it, both against the same field on the same deals (paired):
    the mean difference of their points per deal (each minus one field seat), summed over the contracts,
    its 95 % half-width (the contracts' combined as independent), and the contracts where the step is
    significantly up (the 95 % interval above 0) or down (below 0) — issue 12's ladder targets."""

    upper: str
    lower: str
    field: str
    points: float
    ci: float
    up: tuple[str, ...]
    down: tuple[str, ...]


def ladder_steps(cells: Sequence[LadderCell]) -> list[LadderStep]:
    """Each level minus the level listed before it, against every field both met (:class:`LadderStep`)."""
    levels = list(dict.fromkeys(c.level for c in cells))
    at = {(c.level, c.field): c for c in cells}
    out = []
    for f in dict.fromkeys(c.field for c in cells):
        for lo, hi in itertools.pairwise(levels):
            if (lo, f) not in at or (hi, f) not in at:
                continue
            pts = var = 0.0
            up: list[str] = []
            down: list[str] = []
            for a, b in zip(at[hi, f].results, at[lo, f].results, strict=True):
                m, ci = _mean_ci([x - y for x, y in zip(a.per_deal, b.per_deal, strict=True)])
                pts += m
                var += ci * ci
                if m - ci > 0:
                    up.append(a.contract)
                elif m + ci < 0:
                    down.append(a.contract)
            out.append(LadderStep(hi, lo, f, pts, math.sqrt(var), tuple(up), tuple(down)))
    return out


def format_steps(steps: Sequence[LadderStep]) -> list[str]:
    """The ladder's paired steps: a row per pair of neighbouring levels, a column per field —
    ``+1.23 ± 0.45 u/d`` (points per deal summed over the contracts; u, d: contracts where the step is
    significantly up, down)."""
    fields = list(dict.fromkeys(s.field for s in steps))
    pairs = list(dict.fromkeys((s.upper, s.lower) for s in steps))
    at = {(s.upper, s.lower, s.field): s for s in steps}
    lines = [f"{'step':<16}" + "".join(f"{f:>24}" for f in fields)]
    for hi, lo in pairs:
        row = f"{hi + ' - ' + lo:<16}"
        for f in fields:
            s = at.get((hi, lo, f))
            cell = "" if s is None else f"{s.points + 0.0:+.2f} ± {_half(s.ci, '.2f')} {len(s.up):>2}/{len(s.down)}"
            row += f"{cell:>24}"
        lines.append(row)
    return lines


def check_ladder(contracts: Sequence[str], deals: int, levels: Sequence[str] | None = None,
                 fields: Sequence[str] | None = None, rules: Rules | None = None,
                 jobs: int = 1) -> tuple[list[str], list[str]]:
    """Check a ladder's arguments before any deal is played: (the levels, the fields) it will play.

    Raises:
        ValueError: an unknown level or field, or bad arena arguments (:func:`check_arena`).
    """
    levels = list(levels or LADDER)
    fields = list(fields or FIELDS)
    for lv in levels:
        if lv not in LADDER:
            raise ValueError(f"unknown level {lv!r} (known: {', '.join(LADDER)})")
    for f in fields:
        if f not in FIELDS:
            raise ValueError(f"unknown field {f!r} (known: {', '.join(FIELDS)})")
    for f in fields:
        check_arena([LADDER[levels[0]], *FIELDS[f]], contracts, deals, rules or Rules(), jobs)
    return levels, fields


def format_ladder(cells: Sequence[LadderCell]) -> list[str]:
    """The ladder table: a row per level, a column per field; points per deal over the contracts
    summed (level − field seat) ± 95 %."""
    levels = list(dict.fromkeys(c.level for c in cells))
    fields = list(dict.fromkeys(c.field for c in cells))
    at = {(c.level, c.field): c for c in cells}
    lines = [f"{'level':<8}" + "".join(f"{f:>18}" for f in fields)]
    for lv in levels:
        row = f"{lv:<8}"
        for f in fields:
            c = at.get((lv, f))
            row += f"{'':>18}" if c is None else f"{c.points + 0.0:>+10.2f} ± {_half(c.ci, '.2f'):>5}"
        lines.append(row)
    return lines
