"""Opening-lead regret (issue 12, items 3 and 6): a measurement for docs/BOTS.md (not part of the wheel).

``python tools/leads.py --bot expert --positions 200 --ref 2400 --cache /tmp/leads.json``

Position ``i`` is the first lead of the arena's deal ``i`` (``python -m kingcore arena``'s deals for
``--rng-seed``) of the contract ``CONTRACTS[i % 14]`` — the 14 mirror contracts in turn. Its reference
values are every legal card's mean own points over ``--ref`` deals sampled from the leader's view, all
cards played out on the same deals by the heuristic at every seat (:func:`kingcore.bots.pimc.card_values`,
an rng independent of the bot's). The bot's *regret* is the best reference value minus the reference
value of the card it leads (``--seeds`` decisions a position, seeds 1…). Prints the mean regret, the
share of leads ≥ 0.5 points worse, both with the number of leads, and the bot's mean ms per lead (CPython).

The reference is noisy too (its standard error is printed): a regret smaller than that is not seen.
``--cache`` keeps the reference values between runs (same ``--positions``, ``--ref``, ``--rng-seed``).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from kingcore.bots.arena import contract_rules, deal_cards_for, one_deal_game
from kingcore.bots.base import legal_moves, make_bot
from kingcore.bots.pimc import card_values
from kingcore.bots.simple import heuristic_play
from kingcore.contracts import Contract
from kingcore.limits import MAX_COUNT, MAX_SEED, cli_count
from kingcore.rules import Rules
from kingcore.view import SeatView, seat_view

CONTRACTS = tuple(c.value for c in Contract if c is not Contract.TRUMPS)
"""The 14 mirror contracts, in the engine's order."""


def position(i: int, rng_seed: int) -> SeatView:
    """The leader's view at the first lead of position ``i``."""
    r, c = contract_rules(Rules(), CONTRACTS[i % len(CONTRACTS)])
    dealer, hands, kitty = deal_cards_for(r, c, i, rng_seed)
    g = one_deal_game(r, c, dealer, hands, kitty)
    seat = g.to_move
    assert seat is not None
    return seat_view(g, seat)


def reference(view: SeatView, samples: int, seed: int) -> tuple[dict[str, float], float]:
    """(mean own points by card token over ``samples`` deals, the standard error of the runner-up's
    value minus the best card's, paired on the same deals; ``nan`` when a small pre-run guessed another best)."""
    legal = legal_moves(view)
    k, _, lm, _ = heuristic_play(view, legal)  # the seat's knowledge and its legal cards as a mask
    pre, _ = card_values(k, lm, random.Random(seed + 1), max(1, samples // 12))
    guess = max(pre, key=lambda c: pre[c])  # the best card of a small pre-run: the paired base
    spread: dict[int, float] = {}
    vals, _ = card_values(k, lm, random.Random(seed), samples, base=guess, spread=spread)
    top = max(vals, key=lambda c: vals[c])
    rest = [c for c in vals if vals[c] < vals[top]]
    runner = max(rest, key=lambda c: vals[c]) if rest else top
    se = spread[runner] if top == guess and math.isfinite(spread[runner]) else math.nan
    return {str(m): vals[m.card.index] for m in legal if m.card is not None}, se


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--bot", default="expert")
    p.add_argument("--positions", type=cli_count("positions", 1, MAX_COUNT), default=200)
    p.add_argument("--ref", type=cli_count("ref", 0, MAX_COUNT), default=2400)
    p.add_argument("--seeds", type=cli_count("seeds", 1, 1000), default=1)
    p.add_argument("--rng-seed", type=cli_count("rng-seed", 0, MAX_SEED), default=1)
    p.add_argument("--cache", default="")
    a = p.parse_args(argv)
    cache: dict[str, object] = {}
    key = f"{a.positions}/{a.ref}/{a.rng_seed}"
    if a.cache and Path(a.cache).exists():
        cache = json.loads(Path(a.cache).read_text())
    refs: list[tuple[dict[str, float], float]] = [tuple(x) for x in cache.get(key, [])]  # type: ignore[attr-defined]
    views = [position(i, a.rng_seed) for i in range(a.positions)]
    t0 = time.perf_counter()
    for i in range(len(refs), a.positions):
        refs.append(reference(views[i], a.ref, 1_000_003 * a.rng_seed + i))
    if a.cache:
        cache[key] = refs
        Path(a.cache).write_text(json.dumps(cache))
    ref_s = time.perf_counter() - t0
    bot = make_bot(a.bot)
    regrets: list[float] = []
    ms: list[float] = []
    for i, v in enumerate(views):
        vals, _ = refs[i]
        best = max(vals.values())
        for s in range(1, a.seeds + 1):
            t = time.perf_counter()
            m = bot.choose(v, random.Random(s))
            ms.append((time.perf_counter() - t) * 1000)
            regrets.append(best - vals[str(m)])
    n = len(regrets)
    bad = sum(1 for r in regrets if r >= 0.5)
    ses = sorted(se for _, se in refs if math.isfinite(se))
    print(f"{a.bot}: {n} opening leads ({a.positions} positions × {a.seeds} seeds, the 14 mirror contracts, "
          f"--rng-seed {a.rng_seed}); reference {a.ref} deals a card (median s.e. of the runner-up's "
          f"difference from the best {ses[len(ses) // 2]:.3f}; {ref_s:.0f} s)")
    print(f"mean regret {sum(regrets) / n:.3f} points; ≥ 0.5 worse: {bad} of {n} ({100 * bad / n:.1f} %); "
          f"mean {sum(ms) / n:.1f} ms a lead, max {max(ms):.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
