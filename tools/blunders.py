"""Free penalty dumps missed (issue 12): a measurement for docs/BOTS.md (not part of the wheel).

``python tools/blunders.py --bot heuristic --contracts no_boys,no_girls,no_king --deals 300``

Every seat plays ``--bot`` on the arena's deals (``python -m kingcore arena``'s deals for
``--rng-seed``). A *chance* is a card decision in a negative contract where the seat may play a penalty
card (a card that scores in the contract: a jack in *no boys*, a queen in *no girls*, K♥ in *no King*…)
that cannot take the trick: a discard when void, or a card of the led suit below the trick's current
winner. The chance is *missed* when the seat plays a card that scores nothing instead. Prints chances
and misses per contract.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from kingcore.bots.arena import contract_rules, deal_cards_for, one_deal_game, seat_rngs
from kingcore.bots.base import make_bot
from kingcore.bots.calls import deal_ctx
from kingcore.bots.knowledge import knowledge
from kingcore.bots.policy import winner
from kingcore.cards import SUIT_MASKS
from kingcore.game import Phase
from kingcore.limits import MAX_COUNT, MAX_SEED, cli_count
from kingcore.moves import Move
from kingcore.rules import Rules
from kingcore.view import seat_view


def count(spec: str, contract: str, deals: int, rng_seed: int) -> tuple[int, int]:
    """(chances, misses) of ``spec`` at every seat over ``deals`` deals of ``contract``."""
    bot = make_bot(spec)
    r, c = contract_rules(Rules(), contract)
    chances = misses = 0
    for i in range(deals):
        dealer, hands, kitty = deal_cards_for(r, c, i, rng_seed)
        g = one_deal_game(r, c, dealer, hands, kitty)
        rngs = seat_rngs(rng_seed, i, r.players)
        while g.phase not in (Phase.DEAL_OVER, Phase.RUBBER_OVER):
            seat = g.to_move
            assert seat is not None
            view = seat_view(g, seat)
            move = bot.choose(view, rngs[seat])
            if view.phase == "play" and len(view.legal) > 1:
                k = knowledge(view)
                assert k.deal is not None
                ctx = deal_ctx(k.deal)
                legal = [Move.parse(t) for t in view.legal]
                lm = 0
                for m in legal:
                    assert m.card is not None
                    lm |= m.card.mask
                free = 0
                if k.trick:
                    f = lm & SUIT_MASKS[k.trick[0] // 13]
                    if f:
                        w, _ = winner(ctx, k.trick)
                        free = f & ((1 << w) - 1) & ctx.items
                    else:
                        free = lm & ctx.items
                if free:
                    chances += 1
                    assert move.card is not None
                    if not move.card.mask & ctx.items:
                        misses += 1
            g.play(move)
    return chances, misses


def main(argv: list[str] | None = None) -> int:
    """Print the chances and misses per contract."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bot", default="heuristic")
    ap.add_argument("--contracts", default="no_boys,no_girls,no_king,no_hearts,eralash_minus")
    ap.add_argument("--deals", type=cli_count("deals", 1, MAX_COUNT), default=300)
    ap.add_argument("--rng-seed", type=cli_count("rng-seed", 0, MAX_SEED), default=1)
    args = ap.parse_args(argv)
    print(f"free penalty dumps missed by {args.bot}, every seat, {args.deals} deals, rng seed {args.rng_seed}")
    for name in args.contracts.split(","):
        ch, mi = count(args.bot, name.strip(), args.deals, args.rng_seed)
        print(f"{name:<14} {mi:>5} missed of {ch:>5} chances")
    return 0


if __name__ == "__main__":
    sys.exit(main())
