"""The card-play heuristics on bitmasks, and fast play-outs that use them (RULES.md §4, §5, §7).

One policy, :func:`choose_card`, serves the ``heuristic`` bot (on what a seat knows) and the play-outs
of the Monte Carlo bots (:func:`playout`, every seat playing it on a sampled deal). It looks only at the
player's own hand, the trick, the cards gone and the suits someone has shown void in — never at another
hand — so the play-outs model opponents that play like the ``heuristic`` bot.

Negative contracts (avoid): follow with the highest card that still loses the trick; take a trick that
costs nothing with a high card when last; when forced to win, win with a high card that is not a
penalty card; when void, dump the costliest card (K♥, then queens/jacks per contract, then hearts, then
the highest card); lead the card least likely to win (low in suits with many higher cards out).

Version 2 (the default, :data:`VERSION`; issue 12) first gives away a penalty card that cannot win the
trick (Q♠ under A♠ in *no girls*, J♠ under K♠ in *no boys*, K♥ under A♥), takes a free trick with a
high card only by a card that wins it, and leads a singleton that all but never wins to open a void
when the hand holds penalty cards in other suits. Version 1, the first round's, is lab code outside the
wheel (``tools/first_heuristic.py`` adds it to :data:`VERSIONS` so that its measurements can be repeated).

Positive contracts and trump deals (take): the last player wins with the cheapest winning card; others
win with the cheapest sure winner or play low; when void, trump with the lowest trump that wins; lead
sure winners (trumps first), else low from the longest suit; never give a scoring card away. Misère is
played as a no-trump deal with the ranks of every suit mirrored (:func:`mirror`): only tricks count.

Size: over 400 lines because the rules of thumb and the play-out that applies them are one hot path
(locals and table look-ups, no calls across modules; BOTS.md has the timings).

>>> from kingcore import Contract, Deal, Rules
>>> from kingcore.cards import CardSet
>>> ctx = context(Deal(Rules(), Contract.NO_KING, 3))
>>> hand = CardSet.parse("AS 9S KH 7D").mask
>>> led = [c.index for c in CardSet.parse("TS")]                     # 10♠ led: duck with 9♠
>>> str(Card.from_index(choose_card(ctx, hand, hand & SUIT_MASKS[0], led, 0, 0, 0)))
'9S'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..cards import KH_MASK, SUIT_MASKS, Card
from ..position import Deal, Settlement, legal_mask

__all__ = ["VERSION", "VERSIONS", "Card", "Ctx", "Policy", "choose_card", "context", "mirror", "playout", "trick_cost",
           "winner"]

VERSION = 2
"""The default heuristic version."""

Policy = Callable[["Ctx", int, int, Sequence[int], int, int, int], int]
"""A card choice: (ctx, hand, legal, trick, gone, trick_no, void_suits) -> card index."""

VERSIONS: dict[int, Policy] = {}
"""The heuristic's versions: number -> its negative-contract card choice. The wheel holds 2 (penalty-aware
ducking and dumping, void-making leads; the default, :data:`VERSION`); the lab's
``tools/first_heuristic.py`` adds 1, the first round's rules of thumb, to repeat their measurements."""

HEARTS = SUIT_MASKS[1]
S0, S1, S2, S3 = SUIT_MASKS
_SUIT = tuple(i // 13 for i in range(52))
_RANK = tuple(i % 13 for i in range(52))


def _mirror_table() -> tuple[int, ...]:
    out = []
    for m in range(1 << 13):
        r = 0
        for i in range(13):
            if m >> i & 1:
                r |= 1 << (12 - i)
        out.append(r)
    return tuple(out)


_MIRROR = _mirror_table()


def mirror(mask: int) -> int:
    """The mask with the ranks of every suit mirrored (2 ↔ A, 3 ↔ K, …): misère's order as normal order."""
    return (_MIRROR[mask & 0x1FFF] | _MIRROR[(mask >> 13) & 0x1FFF] << 13 | _MIRROR[(mask >> 26) & 0x1FFF] << 26
            | _MIRROR[(mask >> 39) & 0x1FFF] << 39)


def mirror_card(c: int) -> int:
    """The card index with its rank mirrored (see :func:`mirror`)."""
    return (c // 13) * 13 + 12 - c % 13


class Ctx:
    """What the policy and the play-outs need of a :class:`Deal`, precomputed once per deal.

    Attributes:
        deal: the deal; version: the heuristic's version (:data:`VERSIONS`); avoid, take: its card
        choice for negative and positive contracts; pick: the one this deal's contract uses.
        n: players; total: tricks per deal.
        neg: the contract is negative (avoid taking).
        values: per card index, the points (magnitude) taking that card is worth.
        items: the cards worth points (a mask).
        tw, lw: points (magnitude) per trick and per each of the last two tricks.
        trump: the trump suit or ``None``; tsuit: its mask (0 without trump); lead_order: the suits in
        the order the positive contracts' lead looks for a sure winner (the trump first).
        misere: ranks reversed (play-outs run on mirrored masks).
        settlement: the end of a trick for :func:`playout` (on mirrored masks in misère).
        deck: the deck mask (mirrored in misère).
    """

    __slots__ = ("avoid", "bid", "deal", "deck", "hmg", "items", "kmg", "lead_order", "lw", "misere", "mtrump", "n",
                 "neg", "nhl", "pick", "settlement", "take", "total", "trump", "tsuit", "tw", "values", "version")

    def __init__(self, deal: Deal, version: int = VERSION) -> None:
        if version not in VERSIONS:
            raise ValueError(f"heuristic version must be one of {', '.join(map(str, VERSIONS))}, not {version}")
        self.deal = deal
        self.version = version
        self.avoid: Policy = VERSIONS[version]
        self.take: Policy = _take  # every version plays positive contracts alike
        self.pick: Policy = self.avoid if not deal.contract.positive else self.take
        self.n = deal.players
        self.total = deal.tricks_per_deal
        self.neg = not deal.contract.positive
        sc = deal.scoring
        tw, hw, bw, gw, kw, lw = (abs(w) for w in sc.weights)
        vals = [0] * 52
        for i in range(52):
            b = 1 << i
            v = 0
            if sc.hearts & b:
                v += hw
            if sc.boys & b:
                v += bw
            if sc.girls & b:
                v += gw
            if b == KH_MASK:
                v += kw
            vals[i] = v
        self.values = tuple(vals)
        items = 0
        for i, v in enumerate(vals):
            if v:
                items |= 1 << i
        self.items = items & deal.rules.deck_mask
        self.tw = tw
        self.lw = lw
        self.trump = deal.trump
        self.tsuit = SUIT_MASKS[deal.trump] if deal.trump is not None else 0
        self.lead_order = (deal.trump, *(s for s in range(4) if s != deal.trump)) if deal.trump is not None \
            else (0, 1, 2, 3)
        self.mtrump = deal.trump_mask
        self.misere = deal.misere
        self.deck = mirror(deal.rules.deck_mask) if deal.misere else deal.rules.deck_mask
        self.nhl = deal.no_hearts_lead
        self.kmg = deal.king_must_go
        self.hmg = deal.hearts_must_go
        self.bid = deal.bid
        self.settlement = Settlement(deal, mirrored=True) if deal.misere else deal.settlement

    def legal(self, hand: int, led: int) -> int:
        """The legal cards of ``hand`` when ``led`` (0..3, −1 to lead) was led: :func:`legal_mask`
        (mirroring ranks in misère keeps suits, and misère has no K♥ or hearts rule)."""
        return legal_mask(self.deal, hand, led)


def context(deal: Deal, version: int = VERSION) -> Ctx:
    """The :class:`Ctx` of a deal for the heuristic ``version`` (:data:`VERSIONS`).

    Raises:
        ValueError: an unknown version."""
    return Ctx(deal, version)


def trick_cost(ctx: Ctx, tm: int, trick_no: int) -> int:
    """Points (magnitude) for taking the cards ``tm`` (a mask) as trick number ``trick_no`` (0-based)."""
    v = ctx.tw + (ctx.lw if trick_no >= ctx.total - 2 else 0)
    m = tm & ctx.items
    vals = ctx.values
    while m:
        low = m & -m
        v += vals[low.bit_length() - 1]
        m ^= low
    return v


def winner(ctx: Ctx, trick: Sequence[int]) -> tuple[int, bool]:
    """The winning card so far and whether it is a trump that beat the led suit."""
    led = SUIT_MASKS[_SUIT[trick[0]]]
    tm = 0
    for c in trick:
        tm |= 1 << c
    ts = ctx.tsuit
    if ts and tm & ts and not led & ts:
        return ((tm & ts).bit_length() - 1), True
    return ((tm & led).bit_length() - 1), False


def choose_card(ctx: Ctx, hand: int, lm: int, trick: Sequence[int], gone: int, trick_no: int,
                void_suits: int) -> int:
    """The heuristic's card (an index) for the player holding ``hand`` with legal cards ``lm``.

    Args:
        ctx: the deal's :class:`Ctx`.
        hand: the player's cards (a mask); lm: its legal cards (a non-empty mask).
        trick: card indexes on the table, from the leader on.
        gone: every card played so far, the trick included (a mask).
        trick_no: completed tricks.
        void_suits: 4-bit mask of suits some player has shown void in.

    In misère every mask and index must already be mirrored (see :func:`mirror`).
    """
    if lm & (lm - 1) == 0:
        return lm.bit_length() - 1
    return ctx.pick(ctx, hand, lm, trick, gone, trick_no, void_suits)


def _least_value_top(ctx: Ctx, m: int) -> int:
    """The highest card among the cards of ``m`` worth the fewest points."""
    vals = ctx.values
    best = -1
    bv = 1 << 30
    while m:
        c = (m.bit_length() - 1)
        m ^= 1 << c
        v = vals[c]
        if v < bv or (v == bv and _RANK[c] > _RANK[best]):
            best, bv = c, v
    return best


def _trick_so_far(ctx: Ctx, trick: Sequence[int], ledm: int) -> tuple[int, int]:
    """(the trick's cards as a mask, the card winning it so far): :func:`winner` on the mask, for the
    negative-contract rules; ``ledm`` the led suit's mask."""
    tm = 0
    for c in trick:
        tm |= 1 << c
    ts = ctx.tsuit
    return tm, ((tm & ts) if ts and tm & ts and not ledm & ts else (tm & ledm)).bit_length() - 1


def _avoid_follow(ctx: Ctx, hand: int, f: int, ledm: int, tm: int, win: int, last: bool, gone: int,
                  trick_no: int) -> int:
    """Version 1's card when following suit: ``f`` the cards of the led suit (``ledm``), ``tm`` the
    trick's cards (a mask), ``win`` its winning card so far (:func:`winner`), ``last`` the seat plays
    the trick's last card."""
    items = ctx.items
    below = f & ((1 << win) - 1)
    free = ctx.tw == 0 and not (trick_no >= ctx.total - 2 and ctx.lw) and not tm & items
    if free and (last or not items):
        x = f & ~items
        if x:
            return (x.bit_length() - 1)  # a trick that costs nothing: shed a high card
    if below:
        return (below.bit_length() - 1)  # duck with the highest card that still loses
    x = f & ~items
    if last:
        return (x.bit_length() - 1) if x else _least_value_top(ctx, f)
    out = ledm & ctx.deck & ~gone & ~hand
    if (f & -f).bit_length() > out.bit_length():  # the trick is mine whatever I play: shed the highest
        return (x.bit_length() - 1) if x else _least_value_top(ctx, f)
    return ((x & -x).bit_length() - 1) if x else ((f & -f).bit_length() - 1)


def _avoid_void(ctx: Ctx, hand: int, lm: int) -> int:
    """Version 1's card when void in the led suit: dump the costliest card, else the most dangerous
    high card — the best of ``points × 256 + rank × 8 + (4 − the suit's length, at least 0)``, the
    higher suit on a tie (each suit's best is its costliest card, the highest of those)."""
    vals = ctx.values
    items = ctx.items
    best = -1
    bs = -(1 << 30)
    for su in (3, 2, 1, 0):
        s = SUIT_MASKS[su]
        m = lm & s
        if not m:
            continue
        c = _costliest(ctx, m) if m & items else m.bit_length() - 1
        length = (hand & s).bit_count()
        score = vals[c] * 256 + _RANK[c] * 8 + (4 - length if length < 4 else 0)
        if score > bs:
            best, bs = c, score
    return best


def _avoid_lead(ctx: Ctx, hand: int, lm: int, gone: int, trick_no: int, void_suits: int) -> int:
    """Version 1's lead when some card can cost points: the card least likely to win, penalty cards
    last."""
    items = ctx.items
    best = -1
    least = 1e18
    n1 = ctx.n - 1
    vals = ctx.values
    dump = 2 + (ctx.values[KH_MASK.bit_length() - 1] // 2 if items & KH_MASK else 0) if items else 0
    unseen = ctx.deck & ~gone & ~hand
    base_cost = ctx.tw + (ctx.lw if trick_no >= ctx.total - 2 else 0)
    for su in range(4):
        mine = lm & SUIT_MASKS[su]
        if not mine:
            continue
        out = SUIT_MASKS[su] & unseen
        c = ((mine & -mine).bit_length() - 1)
        total = out.bit_count()
        higher = (out >> c).bit_count()
        if total == 0:
            p = 1.0
        elif higher == 0:
            p = 0.95
        else:
            p = ((total - higher) / total) ** (total if total < n1 else n1)
        cost = base_cost + vals[c]
        if void_suits >> su & 1 or total < n1:
            cost += dump
        risk = p * (cost + 1) + vals[c] * 0.5 + _RANK[c] * 0.01 - (higher if higher < 4 else 4) * 0.02
        if risk < least:
            best, least = c, risk
    return best


def _costliest(ctx: Ctx, m: int) -> int:
    """The card of ``m`` worth the most points, the highest of those."""
    vals = ctx.values
    best = -1
    bv = -1
    while m:
        c = m.bit_length() - 1
        m ^= 1 << c
        if vals[c] > bv:
            best, bv = c, vals[c]
    return best


def _avoid2(ctx: Ctx, hand: int, lm: int, trick: Sequence[int], gone: int, trick_no: int,
            void_suits: int) -> int:
    """Version 2 of the negative-contract rules (see :data:`VERSIONS`): a penalty card that cannot
    win the trick goes first (Q♠ under A♠ in *no girls*, J♠ under K♠ in *no boys*, K♥ under A♥);
    a free trick is taken with a high card only by a card that would win it; void, the costliest card
    goes (K♥ first); a lead from a singleton that is all but sure to lose opens a void when the hand
    holds penalty cards in other suits. Otherwise as version 1."""
    items = ctx.items
    if trick:
        ledm = SUIT_MASKS[_SUIT[trick[0]]]
        f = lm & ledm
        if not f:
            return _avoid_void(ctx, hand, lm)
        tm, win = _trick_so_far(ctx, trick, ledm)
        below = f & ((1 << win) - 1)
        dump = below & items
        if dump:
            return _costliest(ctx, dump)  # a penalty card that cannot win: give it away now
        last = len(trick) == ctx.n - 1
        if ctx.tw == 0 and not (trick_no >= ctx.total - 2 and ctx.lw):
            if not items:
                return f.bit_length() - 1  # nothing counts in this trick: shed the highest card
            if last and not tm & items:
                x = f & ~items & ~below
                if x:
                    return x.bit_length() - 1  # a trick that costs nothing: win it with a high card
        return _avoid_follow(ctx, hand, f, ledm, tm, win, last, gone, trick_no)
    if not items and not ctx.tw and trick_no < ctx.total - 2:
        return _least_value_top(ctx, lm)
    c = _avoid_lead(ctx, hand, lm, gone, trick_no, void_suits)
    danger = hand & items
    if not danger or (hand & SUIT_MASKS[_SUIT[c]]).bit_count() == 1:
        return c
    # a safe singleton opens a void to discard the penalty cards of the other suits on
    n1 = ctx.n - 1
    best = c
    least = 0.05
    for su in range(4):
        s = SUIT_MASKS[su]
        mine = lm & s
        if not mine or (hand & s) != mine or mine & (mine - 1) or mine & items or not danger & ~s:
            continue
        out = s & ctx.deck & ~gone & ~hand
        total = out.bit_count()
        if total < n1 or void_suits >> su & 1:
            continue
        x = mine.bit_length() - 1
        higher = (out >> x).bit_count()
        p = ((total - higher) / total) ** n1
        if p < least:
            best, least = x, p
    return best


VERSIONS[2] = _avoid2


def _take(ctx: Ctx, hand: int, lm: int, trick: Sequence[int], gone: int, trick_no: int,
          void_suits: int) -> int:
    items = ctx.items
    worth = ctx.tw or (ctx.lw and trick_no >= ctx.total - 2)
    if trick:
        led = _SUIT[trick[0]]
        ledm = SUIT_MASKS[led]
        tm = 0
        for c in trick:
            tm |= 1 << c
        ts = ctx.tsuit
        trumped = tm & ts != 0 and not ledm & ts
        win = ((tm & ts) if trumped else (tm & ledm)).bit_length() - 1  # winner()
        valuable = worth or tm & items or lm & items
        f = lm & ledm
        if f:
            x = f & ~items
            if trumped:
                return ((x & -x).bit_length() - 1) if x else ((f & -f).bit_length() - 1)
            above = f & ~((2 << win) - 1)
            if above and valuable:
                if len(trick) == ctx.n - 1:  # last to play
                    return ((above & -above).bit_length() - 1)
                out = ledm & ctx.deck & ~gone & ~hand
                if ctx.tsuit and not ledm & ctx.tsuit and void_suits >> led & 1:
                    sure = 0  # someone may trump: nothing is sure
                elif out:
                    sure = above & ~((2 << (out.bit_length() - 1)) - 1)
                else:
                    sure = above
                if sure:
                    return ((sure & -sure).bit_length() - 1)
            return ((x & -x).bit_length() - 1) if x else ((f & -f).bit_length() - 1)
        tr = lm & ts
        if tr and valuable:
            if trumped:
                over = tr & ~((2 << win) - 1)
                if over:
                    return ((over & -over).bit_length() - 1)
            else:
                return ((tr & -tr).bit_length() - 1)
        rest = lm & ~ts if lm & ~ts else lm
        x = rest & ~items
        m = x if x else rest
        # discard: the lowest card, from the shortest suit — the least rank × 8 + the suit's length, the
        # lower suit on a tie (each suit's lowest card is its best)
        best = -1
        bs = 1 << 30
        for s in SUIT_MASKS:
            x = m & s
            if x:
                c = (x & -x).bit_length() - 1
                score = _RANK[c] * 8 + (hand & s).bit_count()
                if score < bs:
                    best, bs = c, score
        return best
    # lead: sure winners (trumps first), else low from the longest suit
    ts = ctx.tsuit
    unseen = ctx.deck & ~gone & ~hand
    trumps_out = ts & unseen
    for su in ctx.lead_order:
        mine = lm & SUIT_MASKS[su]
        if not mine:
            continue
        if su != ctx.trump and trumps_out and void_suits >> su & 1:
            continue  # may be trumped
        out = SUIT_MASKS[su] & unseen
        if not out:
            if su == ctx.trump or not trumps_out:
                return ((mine & -mine).bit_length() - 1) if worth else (mine.bit_length() - 1)
            continue
        top = (mine.bit_length() - 1)
        if top > (out.bit_length() - 1):
            return top
    best = -1
    bs = -(1 << 30)
    for su in range(4):
        mine = lm & SUIT_MASKS[su]
        if not mine:
            continue
        length = (hand & SUIT_MASKS[su]).bit_count()
        low = mine & ~items or mine
        c = (low & -low).bit_length() - 1
        score = length * 16 - _RANK[c] - (32 if su == ctx.trump and trumps_out else 0)
        if score > bs:
            best, bs = c, score
    return best


def _void_after(ctx: Ctx, trick: list[int], c: int, void_suits: int) -> int:
    """``void_suits`` after card ``c`` is played to ``trick`` (the inferences of the views)."""
    b = 1 << c
    if trick:
        led = _SUIT[trick[0]]
        if not SUIT_MASKS[led] & b:
            void_suits |= 1 << led
            if ctx.mtrump and not b & ctx.mtrump:
                void_suits |= 1 << (ctx.trump or 0)
            if ctx.hmg and not b & HEARTS:
                void_suits |= 2
    elif ctx.nhl and b & HEARTS:
        void_suits |= 0b1101
    return void_suits


def groups(ctx: Ctx, lm: int, live: int) -> list[int]:
    """One card of each class of equivalent cards of ``lm``: same suit, same points value and no card
    of ``live`` (cards still in other hands or on the table) between them."""
    out = []
    vals = ctx.values
    for s in SUIT_MASKS:
        m = lm & s
        prev = -1
        while m:
            c = m.bit_length() - 1
            m ^= 1 << c
            if prev < 0 or vals[c] != vals[prev] or ((1 << prev) - 1) & ~((2 << c) - 1) & live:
                out.append(c)
            prev = c
    return out


def playout(ctx: Ctx, hands: list[int], leader: int, trick: list[int], points: list[int], tricks: list[int],
            gone: int, void_suits: int = 0, me: int = -1, depth: int = 0,
            picks: Sequence[Policy] | None = None) -> list[int]:
    """Play a deal to its end with every seat following :func:`choose_card`; return the points per seat.

    Args:
        ctx: the deal's :class:`Ctx`.
        hands: one card mask per seat (changed in place); leader: the seat that led ``trick``;
        trick: card indexes on the table (changed in place); points, tricks: per seat so far (changed
        in place); gone: every card played, the trick included; void_suits: as for :func:`choose_card`.
        me, depth: at the next ``depth`` turns of seat ``me`` with a real choice, try every card
        (up to equivalence) and keep the best for ``me`` — a search of the own moves on this deal
        against the others' heuristic.
        picks: one :data:`Policy` per seat instead of the heuristic (``None``: the heuristic at every
        seat) — the robust expert's model of each opponent.

    In misère pass mirrored masks (:meth:`Ctx` and :func:`mirror`); points do not depend on it.
    Same rules, scoring and early end as :meth:`Position.play` (the tests check the play is legal).
    """
    n = ctx.n
    trick_no = sum(tricks)
    settle = ctx.settlement.settle
    deal = ctx.deal
    plays = picks if picks is not None else (ctx.pick,) * n
    trump, mtrump, hmg, nhl = ctx.trump or 0, ctx.mtrump, ctx.hmg, ctx.nhl
    void_rules = ctx.kmg or hmg or mtrump  # without them a void seat may play any card
    if not trick and ctx.settlement.over(hands, trick_no):
        return points
    seat = (leader + len(trick)) % n
    while True:
        k = len(trick)  # cards on the table; the led suit's mask and index once the trick is led
        led = _SUIT[trick[0]] if k else -1
        ledm = SUIT_MASKS[led] if k else 0
        while k < n:
            hand = hands[seat]
            if k:
                lm = hand & ledm or (legal_mask(deal, hand, led) if void_rules else hand)
            elif nhl and hand & ~HEARTS:
                lm = hand & ~HEARTS
            else:
                lm = hand
            if depth and seat == me and lm & (lm - 1):
                best = _search(ctx, hands, leader, trick, points, tricks, gone, void_suits, me, depth, picks, lm)
                if best is not None:
                    return best
                depth -= 1
            c = lm.bit_length() - 1 if lm & (lm - 1) == 0 else plays[seat](ctx, hand, lm, trick, gone, trick_no,
                                                                             void_suits)
            b = 1 << c
            if k:
                if not ledm & b:  # what the view shows (kingcore.bots.knowledge)
                    void_suits |= 1 << led
                    if mtrump and not b & mtrump:
                        void_suits |= 1 << trump
                    if hmg and not b & HEARTS:
                        void_suits |= 2
            else:
                led = _SUIT[c]
                ledm = SUIT_MASKS[led]
                if nhl and b & HEARTS:
                    void_suits |= 0b1101
            hands[seat] = hand ^ b
            gone |= b
            trick.append(c)
            seat = seat + 1 if seat + 1 < n else 0
            k += 1
        w = settle(trick, leader, trick_no, hands, points, tricks)
        if w < 0:
            return points
        trick_no += 1
        leader = seat = w
        trick.clear()


def live_cards(hands: Sequence[int], seat: int, trick: Sequence[int]) -> int:
    """The cards still in play that ``seat`` does not hold, as a mask: the other hands and the trick —
    what can fall between two of its cards (equivalent cards: :func:`groups`, the solver)."""
    live = 0
    for s, h in enumerate(hands):
        if s != seat:
            live |= h
    for x in trick:
        live |= 1 << x
    return live


def _search(ctx: Ctx, hands: list[int], leader: int, trick: list[int], points: list[int], tricks: list[int],
            gone: int, void_suits: int, me: int, depth: int, picks: Sequence[Policy] | None,
            lm: int) -> list[int] | None:
    """:func:`playout`'s search at a turn of ``me`` with the legal cards ``lm``: the best result for
    ``me`` over one card of each class (:func:`groups`), each played out with ``depth - 1`` more own
    turns searched; ``None`` when every card plays alike."""
    hand = hands[me]
    reps = groups(ctx, lm, live_cards(hands, me, trick))
    if len(reps) <= 1:
        return None
    best: list[int] | None = None
    for c in reps:
        hs = list(hands)
        hs[me] = hand ^ (1 << c)
        res = playout(ctx, hs, leader, [*trick, c], list(points), list(tricks), gone | 1 << c,
                      _void_after(ctx, trick, c, void_suits), me, depth - 1, picks)
        if best is None or res[me] > best[me]:
            best = res
    return best
