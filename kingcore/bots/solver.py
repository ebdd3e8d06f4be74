"""An exact search of the last tricks of a deal with every hand known (RULES.md §4, §5, §7).

Max-n: at every node the player to move picks the card that maximises its own final points (each player
for itself, as in King, where there are no partners); ties go to the card searched first (the highest
card index: ♣ before ♦ before ♥ before ♠, high before low).
Equivalent cards (same suit, same value, nothing live between) are searched once, and positions are
memoised within one call. Used by ``pimc(solver=N)`` on each sampled deal when N tricks or fewer are left.

>>> from kingcore import Contract, Deal, Rules
>>> from kingcore.cards import parse_dots
>>> d = Deal(Rules(), Contract.NO_TRICKS, 3)
>>> hands = [parse_dots(h) for h in ("A7...", "98...", "T.7..", "J.8..")]
>>> solve(d, hands, 0, (), (0, 0, 0, 0), (3, 1, 1, 1), 0, [12, 5])   # seat 0 leads A♠ or 7♠
[-2, 0]
"""

from __future__ import annotations

from collections.abc import Sequence

from ..position import Deal
from .calls import deal_ctx
from .policy import Ctx, live_cards

_SUIT = tuple(i // 13 for i in range(52))


def solve(deal: Deal, hands: Sequence[int], leader: int, trick: Sequence[int], points: Sequence[int],
          tricks: Sequence[int], me: int, cards: Sequence[int]) -> list[int]:
    """``me``'s final points after playing each of ``cards`` now, all seats then playing max-n.

    Args:
        deal: the deal; hands: every seat's cards (masks, seat order; ``me`` to move);
        leader, trick, points, tricks: the position (``trick`` card indexes from the leader on);
        cards: candidate card indexes of ``me`` (legal ones).

    Returns:
        one int per card of ``cards``: ``me``'s points at the end of the deal.

    Misère is searched in the true rank order (``deal.misere``).
    """
    ctx = deal_ctx(deal)
    memo: dict[tuple[object, ...], tuple[int, ...]] = {}
    bt = tricks[deal.bid.seat] if deal.bid is not None else 0
    out = []
    for c in cards:
        hs = list(hands)
        hs[me] &= ~(1 << c)
        fut = _after(ctx, hs, leader, (*trick, c), sum(tricks), bt, memo)
        out.append(points[me] + fut[me])
    return out


def _after(ctx: Ctx, hands: list[int], leader: int, trick: tuple[int, ...], trick_no: int, bt: int,
           memo: dict[tuple[object, ...], tuple[int, ...]]) -> tuple[int, ...]:
    """Future points per seat from a position where ``trick`` may be complete (``bt``: the bidder's
    tricks so far, auction deals only)."""
    n = ctx.n
    if len(trick) == n:
        gain = [0] * n
        taken = [0] * n  # only the bidder's count matters (auction deals)
        bid = ctx.bid
        if bid is not None:
            taken[bid.seat] = bt
        w = ctx.deal.settlement.settle(trick, leader, trick_no, hands, gain, taken)
        if w < 0:
            return tuple(gain)
        if bid is not None:
            bt = taken[bid.seat]
        fut = _after(ctx, hands, w, (), trick_no + 1, bt, memo)
        return tuple(a + b for a, b in zip(gain, fut, strict=True))
    key = (*hands, leader, bt, *trick)
    hit = memo.get(key)
    if hit is not None:
        return hit
    seat = (leader + len(trick)) % n
    hand = hands[seat]
    lm = ctx.legal(hand, _SUIT[trick[0]] if trick else -1)
    best: tuple[int, ...] | None = None
    vals = ctx.values
    live = live_cards(hands, seat, trick)
    prev = -1
    m = lm
    while m:
        c = m.bit_length() - 1
        m ^= 1 << c
        if prev >= 0 and _SUIT[prev] == _SUIT[c] and vals[c] == vals[prev] and not (
                ((1 << prev) - 1) & ~((2 << c) - 1) & live):
            prev = c
            continue  # equivalent to the card just searched
        prev = c
        hands[seat] = hand ^ (1 << c)
        res = _after(ctx, hands, leader, (*trick, c), trick_no, bt, memo)
        hands[seat] = hand
        if best is None or res[seat] > best[seat]:
            best = res
    assert best is not None
    memo[key] = best
    return best
