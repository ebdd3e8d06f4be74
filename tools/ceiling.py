"""How much is the hidden information worth? Two measurements for docs/BOTS.md (not part of the wheel).

``python tools/ceiling.py peek --contract take_tricks --deals 500 --from-trick 0,1,2,never``
    Duplicate deals against the heuristic field, like ``python -m kingcore arena``: the tested seat plays
    as ``--bot`` until trick K (0-based) and from trick K on it **sees every hand**: each card is chosen by
    playing every candidate out on the real deal (the heuristic everywhere; with ``--lookahead N`` also
    searching its own next N turns), the best for it kept — what ``pimc`` would do if every one of its
    sampled deals were the real one. ``never`` is the honest bot. Prints the tested seat's tricks per deal
    minus a field seat's, and its share of the points, with 95 % half-widths.

``python tools/ceiling.py accuracy --contract no_tricks --deals 60``
    How close the sampled deals come to the real one: at each card decision of seat 0 in games of four
    heuristic players, the fraction of the hidden cards each sampler puts in the right hand (mean over 40
    deals), by trick — plain :func:`sample_hands` and the inference chain at several strengths.

The peeking bot is a measuring stick and never leaves this file: the bots in ``kingcore`` only get a
:class:`~kingcore.view.SeatView`.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from kingcore.bots.arena import contract_rules, deal_cards_for, one_deal_game, seat_rngs
from kingcore.bots.base import make_bot
from kingcore.bots.calls import deal_ctx
from kingcore.bots.knowledge import knowledge, sample_hands
from kingcore.bots.pimc import PlaySampler, card_groups
from kingcore.bots.policy import mirror, mirror_card, playout
from kingcore.bots.simple import heuristic_play
from kingcore.game import Game, Phase
from kingcore.limits import MAX_COUNT, MAX_JOBS, MAX_SEED, cli_count
from kingcore.moves import Move
from kingcore.rules import Rules
from kingcore.view import seat_view

Z95 = 1.959963984540054
NEVER = 1_000_000
"""``--from-trick never``: a trick no deal reaches."""


def peek_move(g: Game, seat: int, lookahead: int) -> Move:
    """The card ``seat`` would choose knowing every hand: each candidate (up to equivalence) played out on
    the real deal by the heuristic, ``seat`` searching its next ``lookahead`` turns; ties go to the
    heuristic's own card."""
    view = seat_view(g, seat)
    legal = [Move.parse(t) for t in view.legal]
    k, ctx, lm, heuristic = heuristic_play(view, legal)
    on_table = 0
    for c in k.trick:
        on_table |= 1 << c
    groups = card_groups(ctx, lm, k.hand, k.gone & ~on_table)
    if len(groups) == 1:
        return heuristic
    pos = g.current.position if g.current else None
    assert pos is not None
    mis = ctx.misere
    mc = mirror_card if mis else (lambda c: c)
    hands = [mirror(h) for h in pos.hands] if mis else list(pos.hands)
    value: dict[int, int] = {}
    for grp in groups:
        c = mc(grp[0])
        hs = list(hands)
        hs[seat] ^= 1 << c
        res = playout(ctx, hs, k.leader, [*(mc(x) for x in k.trick), c], list(k.points), list(k.tricks),
                      (mirror(k.gone) if mis else k.gone) | 1 << c, k.void_suits, seat, lookahead)
        for x in grp:
            value[x] = res[seat]
    best = max(value.values())
    assert heuristic.card is not None
    if value[heuristic.card.index] >= best:
        return heuristic
    return max(legal, key=lambda m: (value[m.card.index] if m.card else -math.inf, -legal.index(m)))


def _peek_set(args: tuple[str, int, int, str, int, int]) -> tuple[float, int, int]:
    """One duplicate deal set: (tricks of the tested seat − a field seat's, mean over rotations; tested
    seat's points; all points)."""
    contract, index, seed, spec, from_trick, lookahead = args
    rules, c = contract_rules(Rules(), contract)
    tested = make_bot(spec)
    field = make_bot("heuristic")
    dealer, hands, kitty = deal_cards_for(rules, c, index, seed)
    n = rules.players
    diffs = []
    mine = total = 0
    for rot in range(n):
        g = one_deal_game(rules, c, dealer, hands, kitty)
        rngs = seat_rngs(seed, index, n)
        while g.phase not in (Phase.DEAL_OVER, Phase.RUBBER_OVER):
            seat = g.to_move
            assert seat is not None
            view = seat_view(g, seat)
            pos = g.current.position if g.current else None
            if seat == rot and view.phase == "play" and pos is not None and pos.trick_no >= from_trick:
                move = peek_move(g, seat, lookahead)
            else:
                move = (tested if seat == rot else field).choose(view, rngs[seat])
            g.play(move)
        p = g.current.position if g.current else None
        assert p is not None
        diffs.append(p.tricks[rot] - (sum(p.tricks) - p.tricks[rot]) / (n - 1))
        mine += p.points[rot]
        total += sum(p.points)
    return statistics.fmean(diffs), mine, total


def peek(contract: str, deals: int, seed: int, spec: str, ks: list[int], lookahead: int, jobs: int) -> None:
    print(f"{contract}: {spec} against the heuristic field, {deals} duplicate deals (--rng-seed {seed}); "
          f"from trick K on it sees every hand (lookahead {lookahead})")
    print(f"{'K':>6} {'tricks diff':>12} {'± 95%':>7} {'share':>7}")
    for k in ks:
        tasks = [(contract, i, seed, spec, k, lookahead) for i in range(deals)]
        if jobs > 1:
            with ProcessPoolExecutor(jobs) as ex:
                sets = list(ex.map(_peek_set, tasks, chunksize=max(1, deals // (jobs * 8))))
        else:
            sets = [_peek_set(t) for t in tasks]
        xs = [s[0] for s in sets]
        ci = Z95 * statistics.stdev(xs) / math.sqrt(len(xs))
        share = sum(s[1] for s in sets) / sum(s[2] for s in sets)
        label = "never" if k == NEVER else str(k)
        print(f"{label:>6} {statistics.fmean(xs):>+12.3f} {ci:>7.3f} {share * 100 + 0.0:>6.1f}%", flush=True)


SAMPLERS: dict[str, tuple[float, int] | None] = {
    "plain": None, "chain infer=0.9,chain=6": (0.1, 6), "chain infer=1,chain=6": (0.0, 6),
    "chain infer=1,chain=40": (0.0, 40)}


def accuracy(contract: str, deals: int, seed: int) -> None:
    rules, c = contract_rules(Rules(), contract)
    h = make_bot("heuristic")
    acc: dict[str, dict[int, list[float]]] = {name: {} for name in SAMPLERS}
    for i in range(deals):
        dealer, hands, kitty = deal_cards_for(rules, c, i, seed)
        g = one_deal_game(rules, c, dealer, hands, kitty)
        while g.phase not in (Phase.DEAL_OVER, Phase.RUBBER_OVER):
            seat = g.to_move
            assert seat is not None
            view = seat_view(g, seat)
            pos = g.current.position if g.current else None
            if seat == 0 and view.phase == "play" and pos is not None:
                k = knowledge(view)
                hidden = sum(pos.hands[s].bit_count() for s in range(rules.players) if s != 0)
                if hidden and k.history and k.deal is not None:
                    ctx = deal_ctx(k.deal)
                    for name, cfg in SAMPLERS.items():
                        rng = random.Random(i)
                        sp = None if cfg is None else PlaySampler(ctx, k, rng, cfg[0], cfg[1])
                        right = 0
                        for _ in range(40):
                            hs = sample_hands(k, rng) if sp is None else sp.draw()
                            right += sum((hs[s] & pos.hands[s]).bit_count() for s in range(rules.players) if s != 0)
                        acc[name].setdefault(pos.trick_no, []).append(right / 40 / hidden)
            g.play(h.choose(view, random.Random(i)))
    print(f"{contract}: hidden cards placed in the right hand, by trick (0-based), seat 0 of {deals} deals "
          f"of four heuristic players (--rng-seed {seed})")
    tricks = sorted({t for a in acc.values() for t in a})
    print(f"{'sampler':<26}" + "".join(f"{t:>7}" for t in tricks))
    for name, a in acc.items():
        print(f"{name:<26}" + "".join(f"{statistics.fmean(a[t]):>7.3f}" for t in tricks))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python tools/ceiling.py", description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    fmt = argparse.ArgumentDefaultsHelpFormatter
    p = sub.add_parser("peek", help="the bot seeing every hand from trick K on", formatter_class=fmt)
    p.add_argument("--contract", required=True)
    p.add_argument("--deals", type=cli_count("deals", 1, MAX_COUNT), default=300, help="duplicate deal sets")
    p.add_argument("--rng-seed", type=cli_count("rng-seed", 0, MAX_SEED), default=1, help="the arena's deal sets")
    p.add_argument("--bot", default="pimc(samples=40)", help="how the seat plays before trick K")
    p.add_argument("--from-trick", default="0,1,2,never", help="comma-separated tricks (0-based) or never")
    p.add_argument("--lookahead", type=cli_count("lookahead", 0, 16), default=0,
                   help="own turns searched on the real deal, 0 to 16")
    p.add_argument("--jobs", type=cli_count("jobs", 1, MAX_JOBS), default=1, help="worker processes")
    a = sub.add_parser("accuracy", help="how close sampled deals come to the real one", formatter_class=fmt)
    a.add_argument("--contract", required=True)
    a.add_argument("--deals", type=cli_count("deals", 1, MAX_COUNT), default=60, help="deals (seat 0 of each)")
    a.add_argument("--rng-seed", type=cli_count("rng-seed", 0, MAX_SEED), default=3,
                   help="deals other than the arena's")
    args = ap.parse_args(argv)
    try:
        contract_rules(Rules(), args.contract)
        if args.deals < 2:
            raise ValueError("--deals must be at least 2 (a 95 % interval needs two deals)")
        if args.cmd == "peek":
            make_bot(args.bot)
            if args.lookahead < 0 or args.jobs < 1:
                raise ValueError("--lookahead must be ≥ 0 and --jobs ≥ 1")
            try:
                ks = [NEVER if x.strip() == "never" else int(x) for x in args.from_trick.split(",")]
            except ValueError:
                raise ValueError(f"--from-trick takes tricks (0-based) or never, comma-separated: "
                                 f"{args.from_trick!r}") from None
            if any(k < 0 for k in ks):
                raise ValueError("--from-trick: tricks are counted from 0")
            peek(args.contract, args.deals, args.rng_seed, args.bot, ks, args.lookahead, args.jobs)
        else:
            accuracy(args.contract, args.deals, args.rng_seed)
    except ValueError as e:  # BotSpecError and an unknown contract are ValueErrors
        print(f"ceiling.py: {e}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
