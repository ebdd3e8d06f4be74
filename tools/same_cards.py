"""Same cards, less time? A measurement for docs/BOTS.md (not part of the wheel).

``python tools/same_cards.py --bot BOT --out new.json [--old old.json] [--mid] [--ref 2000]``

Records the card ``BOT`` chooses (and its CPU ms) on a fixed set of views — every third decision with a
choice of the arena's deals 0…39 (``--rng-seed 5``, the 14 mirror contracts in turn) played by the
heuristic at every seat, decision ``i`` with ``random.Random(1000 + i)``; ``--mid`` leaves out the
opening leads. With ``--old`` (a file of the same views by another bot or another checkout) it lists the
decisions that differ; with ``--ref N`` it also rates each differing decision against ``N`` deals of the
shipped expert's own estimator (its models, an independent rng): the regret of each side's card, and
the mean change per decision. Run an old checkout with ``cd OLD && python /path/tools/same_cards.py``.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path.cwd()))

from kingcore.bots import make_bot
from kingcore.bots.arena import contract_rules, deal_cards_for, one_deal_game
from kingcore.bots.base import legal_moves
from kingcore.bots.knowledge import knowledge
from kingcore.bots.pimc import card_values
from kingcore.bots.simple import heuristic_play
from kingcore.contracts import Contract
from kingcore.limits import MAX_COUNT, cli_count
from kingcore.rules import Rules
from kingcore.view import SeatView, seat_view

CONTRACTS = tuple(c.value for c in Contract if c is not Contract.TRUMPS)


def views(deals: int = 40, every: int = 3, mid: bool = False) -> list[SeatView]:
    """The views: every ``every``-th decision with a choice of ``deals`` deals of heuristic play."""
    h = make_bot("heuristic")
    out = []
    for i in range(deals):
        r, c = contract_rules(Rules(), CONTRACTS[i % len(CONTRACTS)])
        dealer, hands, kitty = deal_cards_for(r, c, i, 5)
        g = one_deal_game(r, c, dealer, hands, kitty)
        j = 0
        while g.phase.value == "play":
            seat = g.to_move
            assert seat is not None
            v = seat_view(g, seat)
            if len(v.legal) > 1:
                k = knowledge(v)
                if j % every == 0 and not (mid and k.trick_no == 0 and not k.trick):
                    out.append(v)
                j += 1
            g.play(h.choose(v, random.Random(i * 100 + j)))
    return out


def _q(xs: list[float], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, int(q * len(s)))]


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--bot", default="expert")
    p.add_argument("--out", required=True)
    p.add_argument("--old", default="")
    p.add_argument("--mid", action="store_true")
    p.add_argument("--ref", type=cli_count("ref", 0, MAX_COUNT), default=0)
    a = p.parse_args(argv)
    bot = make_bot(a.bot)
    vs = views(mid=a.mid)
    rec = []
    for i, v in enumerate(vs):
        t0 = time.process_time()
        m = bot.choose(v, random.Random(1000 + i))
        rec.append((str(m), (time.process_time() - t0) * 1000))
    Path(a.out).write_text(json.dumps(rec))
    ms = [r[1] for r in rec]
    print(f"{a.bot}: {len(rec)} decisions, CPU ms total {sum(ms):.0f}, p50 {_q(ms, 0.5):.1f}, "
          f"p95 {_q(ms, 0.95):.1f}, max {max(ms):.1f}")
    if not a.old:
        return 0
    old = json.loads(Path(a.old).read_text())
    diff = [i for i, (x, y) in enumerate(zip(old, rec, strict=True)) if x[0] != y[0]]
    print(f"differ from {a.old}: {len(diff)} of {len(rec)} {diff}; its CPU ms total {sum(r[1] for r in old):.0f}")
    if a.ref:
        models, prior = make_bot("expert")._models()  # type: ignore[attr-defined]
        change = 0.0
        for i in diff:
            legal = legal_moves(vs[i])
            k, _, lm, _ = heuristic_play(vs[i], legal)
            vals, _ = card_values(k, lm, random.Random(99991 + i), a.ref, infer=0.9, chain=6, models=models,
                                  prior=prior)
            ref = {str(m): vals[m.card.index] for m in legal if m.card is not None}
            best = max(ref.values())
            ro, rn = best - ref[old[i][0]], best - ref[rec[i][0]]
            change += rn - ro
            print(f"  {i}: old {old[i][0]} regret {ro:.3f}, new {rec[i][0]} regret {rn:.3f}")
        print(f"mean regret change per decision: {change / len(rec):+.4f} points (reference {a.ref} deals)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
