"""Version 1 of the heuristic (the first round's rules of thumb in negative contracts): lab code, not in the
wheel, kept so that the measurements made with it (docs/bots-lab.md, "The rules of thumb, version 2", and
the first round's tables) can be repeated and so that ``tests/test_positions.py`` can show the blunders
version 2 fixes.

``python tools/first_heuristic.py arena --bots "heuristic,heuristic(version=1)" --deals 300 --rng-seed 1``

runs ``python -m kingcore`` with version 1 known: ``heuristic(version=1)``, ``pimc(version=1)`` and
``expert(version=1)`` then play it (the bots of the wheel refuse ``version=1``). In Python, :func:`install`.

Version 1 differs from version 2 (``kingcore.bots.policy._avoid2``) only where version 2 adds a rule: it
does not give away a penalty card that cannot win the trick first, sheds a high card on a free trick even
when that card does not win it, and never leads a singleton to open a void.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from kingcore.bots import policy
from kingcore.bots.policy import (
    Ctx,
    _avoid_follow,
    _avoid_lead,
    _avoid_void,
    _least_value_top,
    _trick_so_far,
)
from kingcore.cards import SUIT_MASKS

VERSION = 1
"""The number ``heuristic(version=…)`` takes for these rules."""


def avoid(ctx: Ctx, hand: int, lm: int, trick: Sequence[int], gone: int, trick_no: int, void_suits: int) -> int:
    """Version 1's card in a negative contract (a :data:`kingcore.bots.policy.Policy`): void in the led
    suit, dump the costliest card; following, duck with the highest card that still loses, or shed a high
    card on a trick that costs nothing; leading, the card least likely to win (RULES.md §4)."""
    if trick:
        ledm = SUIT_MASKS[trick[0] // 13]
        f = lm & ledm
        if not f:
            return _avoid_void(ctx, hand, lm)
        tm, win = _trick_so_far(ctx, trick, ledm)
        return _avoid_follow(ctx, hand, f, ledm, tm, win, len(trick) == ctx.n - 1, gone, trick_no)
    if not ctx.items and not ctx.tw and trick_no < ctx.total - 2:
        return _least_value_top(ctx, lm)
    return _avoid_lead(ctx, hand, lm, gone, trick_no, void_suits)


def install() -> None:
    """Make version 1 known to the bots of this process (idempotent)."""
    policy.VERSIONS.setdefault(VERSION, avoid)


if __name__ == "__main__":
    install()
    from kingcore.__main__ import main

    sys.exit(main(sys.argv[1:]))
