"""What one seat knows, built from a :class:`~kingcore.view.SeatView` only, and deals sampled from it.

A bot never touches a :class:`~kingcore.game.Game`: :func:`knowledge` reads the seat's view (own hand,
every card played in public, calls, the shown card) and infers what the play proves about the other
hands (RULES.md §4, §7):

- a seat that did not follow suit is void in the led suit;
- with *must trump* (§7), a seat that neither followed nor trumped is also void in trumps;
- with *King must go* (§4), a seat that did not follow and did not play K♥ does not hold K♥;
- with *hearts must go* (§4), a seat that did not follow and did not play a heart holds no heart;
- with *no hearts lead* (§4), a seat that led a heart held nothing but hearts.

:func:`sample_hands` deals the unseen cards among the other seats (and the kitty, §2) consistently with
all of that, driven only by ``rng.random()`` so the same view and ``rng`` state give the same deal.
:func:`condition` adds cards known beside the view — the other hands a page holds (a host plays its bots'
seats too) and the kitty once it was opened to all — for a page that samples a whole stand-in deal
(:mod:`kingcore.online.deal.standin`).

>>> import random
>>> from kingcore import Game, Rules, seat_view
>>> g = Game(Rules()); g.set_first_dealer(0); g.deal(random.Random(2))
>>> k = knowledge(seat_view(g, 1))
>>> k.seat, k.counts, k.unknown.bit_count()
(1, (8, 8, 8, 8), 24)
>>> hands = sample_hands(k, random.Random(1))
>>> hands[1] == k.hand, [h.bit_count() for h in hands]
(True, [8, 8, 8, 8])
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import lru_cache

from ..cards import KH_MASK, SUIT_MASKS
from ..contracts import Contract
from ..position import Bid, Deal
from ..rules import Rules
from ..view import SeatView

HEARTS = SUIT_MASKS[1]
NON_HEART_SUITS = 0b1101


@lru_cache(maxsize=64)
def parse_rules(text: str) -> Rules:
    """:meth:`Rules.parse`, cached (a view carries the rules as text)."""
    return Rules.parse(text)


@dataclass(frozen=True, slots=True)
class Knowledge:
    """One seat's knowledge of the current deal (public play plus its own cards).

    Attributes:
        seat: whose knowledge.
        rules: the :class:`Rules`.
        deal: the :class:`Deal` being played (contract, trump, misère, bid), or ``None`` while the
            contract or the trump is still being decided.
        dealer: the dealer's seat.
        hand: the seat's own cards it may see (a mask).
        leader: the seat that led the current trick (``dealer + 1`` before the first card).
        trick: card indexes on the table, from the leader on.
        gone: every card played in this deal, the current trick included (a mask).
        points, tricks: per seat, this deal so far.
        counts: per seat, the cards it holds now (the kitty not counted); in a partial deal (trump call
            after three cards, §7) the counts it will hold once the deal is complete.
        unknown: the cards this seat cannot see: other hands, the kitty and, in a partial deal, its own
            cards still to come (a mask).
        allowed: per seat, the cards of ``unknown`` that seat may hold (its own entry: the cards it may
            still receive, all of ``unknown`` in a partial deal, else 0).
        fixed: per seat, cards known to be in that hand though unseen (the shown last card, §7).
        kitty: cards of ``unknown`` that lie in the kitty (0 unless ``deck = kitty``).
        void_suits: 4-bit mask of suits some other seat is known to be void in.
        history: every card another seat played in this deal, as ``(seat, trick before it, cards gone
            before it, completed tricks, suits seats other than it had shown void in, the card, the
            cards that seat played from then on)`` — what :func:`~kingcore.bots.pimc.card_values`
            needs to ask whether a sampled deal explains the play.
    """

    seat: int
    rules: Rules
    deal: Deal | None
    dealer: int
    hand: int
    leader: int
    trick: tuple[int, ...]
    gone: int
    points: tuple[int, ...]
    tricks: tuple[int, ...]
    counts: tuple[int, ...]
    unknown: int
    allowed: tuple[int, ...]
    fixed: tuple[int, ...]
    kitty: int
    void_suits: int
    history: tuple[tuple[int, tuple[int, ...], int, int, int, int, int], ...] = ()

    @property
    def players(self) -> int:
        """Seats at the table."""
        return self.rules.players

    @property
    def trick_no(self) -> int:
        """Completed tricks in this deal."""
        return sum(self.tricks)


def deal_of(view: SeatView, rules: Rules | None = None) -> Deal | None:
    """The :class:`Deal` a view is playing (``None`` before the contract and trump are fixed).

    Args:
        view: any seat's view.
        rules: the parsed rules (parsed from ``view.rules`` if ``None``).
    """
    if view.contract is None or view.dealer is None:
        return None
    r = rules or parse_rules(view.rules)
    contract = view.contract
    if contract is Contract.TRUMPS:
        if view.trump is None:  # not called yet (call_trump, auction)
            return None
        bid = Bid(view.bid[0], view.bid[1]) if view.bid else None
        return Deal.trumps(r, view.dealer, view.trump, None, bid)
    return Deal(r, contract, view.dealer)


def knowledge(view: SeatView) -> Knowledge:
    """Everything ``view.seat`` knows about the current deal, inferred from its view alone.

    Raises:
        ValueError: the view has no deal yet (phases ``draw_dealer``/``deal``) or is over.
    """
    if view.dealer is None or view.phase in ("draw_dealer", "deal", "deal_over", "rubber_over"):
        raise ValueError(f"no deal to reason about in phase {view.phase}")
    rules = parse_rules(view.rules)
    deal = deal_of(view, rules)
    n = rules.players
    me = view.seat
    plays = list(view.played) + list(view.trick)
    gone = 0
    played_by = [0] * n
    voids = [0] * n
    no_king = [False] * n
    history = []
    kh = KH_MASK.bit_length() - 1
    later = [0] * len(plays)  # the cards each play's seat played from then on
    acc = [0] * n
    for i in range(len(plays) - 1, -1, -1):
        s, c = plays[i]
        acc[s] |= 1 << c
        later[i] = acc[s]
    for i, (s, c) in enumerate(plays):
        start = i - i % n
        if s != me:
            others = 0
            for t in range(n):
                if t != s:
                    others |= voids[t]
            history.append((s, tuple(x for _, x in plays[start:i]), gone, i // n, others, c, later[i]))
        gone |= 1 << c
        played_by[s] += 1
        led = plays[start][1] // 13
        if i == start:
            if deal is not None and deal.no_hearts_lead and led == 1:
                voids[s] |= NON_HEART_SUITS  # led a heart: held only hearts (§4 no hearts lead)
            continue
        if c // 13 == led:
            continue
        voids[s] |= 1 << led
        if deal is None:
            continue
        if deal.trump_mask and deal.trump is not None and c // 13 != deal.trump:
            voids[s] |= 1 << deal.trump
        if deal.king_must_go and c != kh:
            no_king[s] = True
        if deal.hearts_must_go and c // 13 != 1:
            voids[s] |= 1 << 1
    for s, v in enumerate(view.voids):
        voids[s] |= v
    size = rules.hand_size
    counts = tuple(size - played_by[s] for s in range(n))
    hand = view.hand.mask
    unknown = rules.deck_mask & ~gone & ~hand
    fixed = [0] * n
    if view.shown is not None and view.caller is not None and view.caller != me:
        b = 1 << view.shown
        if unknown & b:
            fixed[view.caller] = b
    allowed: list[int] = []
    void_suits = 0
    for s in range(n):
        if s == me:
            extra = counts[s] - hand.bit_count()
            allowed.append(unknown if extra > 0 else 0)
            continue
        a = unknown
        for su in range(4):
            if voids[s] >> su & 1:
                a &= ~SUIT_MASKS[su]
                void_suits |= 1 << su
        if no_king[s]:
            a &= ~KH_MASK
        allowed.append(a | fixed[s])
    leader = view.leader if view.leader is not None else (view.dealer + 1) % n
    return Knowledge(
        seat=me, rules=rules, deal=deal, dealer=view.dealer, hand=hand, leader=leader,
        trick=tuple(c for _, c in view.trick), gone=gone, points=tuple(view.points), tricks=tuple(view.tricks),
        counts=counts, unknown=unknown, allowed=tuple(allowed), fixed=tuple(fixed), kitty=rules.kitty_size,
        void_suits=void_suits, history=tuple(history),
    )


def condition(k: Knowledge, hands: Mapping[int, int], kitty: int | None = None) -> Knowledge:
    """``k`` with more cards known than its seat sees: what a page that holds several seats samples from.

    Args:
        k: one seat's knowledge (:func:`knowledge`).
        hands: per seat, the cards known to lie in that hand now (a mask) — its whole hand, or in a partial
            deal (the trump call after the caller's third card, RULES.md §7) the cards dealt so far, the rest
            to come from the unknown cards. ``k``'s own seat is left as it is.
        kitty: the kitty's cards once they were opened to all (RULES.md §11.19), else ``None``.

    The known cards leave :attr:`Knowledge.unknown` and every other seat's ``allowed`` set; each known seat's
    cards become its ``fixed`` ones and it gets no other card unless its hand is still being dealt.
    """
    known = kitty or 0
    for seat, mask in hands.items():
        if seat != k.seat:
            known |= mask
    unknown = k.unknown & ~known
    fixed, allowed = list(k.fixed), list(k.allowed)
    for seat in range(k.players):
        if seat == k.seat:
            allowed[seat] &= unknown
        elif seat in hands:
            fixed[seat] = hands[seat]
            allowed[seat] = hands[seat] | (unknown if hands[seat].bit_count() < k.counts[seat] else 0)
        else:
            allowed[seat] = (allowed[seat] & unknown) | fixed[seat]
    return replace(k, unknown=unknown, fixed=tuple(fixed), allowed=tuple(allowed),
                   kitty=0 if kitty is not None else k.kitty)


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def sample_hands(k: Knowledge, rng: random.Random) -> list[int]:
    """One deal of the unseen cards consistent with ``k``: a full hand mask per seat (seat order).

    The seat's own entry is its hand (plus, in a partial deal, the cards it will still receive);
    every other seat gets ``counts[seat]`` cards from its ``allowed`` set, the kitty the rest. Close to
    uniform over the consistent deals (exactly uniform when nothing is known about voids).

    Uses only ``rng.random()``: the same knowledge and ``rng`` state give the same hands.

    Raises:
        ValueError: no deal is consistent with ``k`` (impossible for a view of a real game).
    """
    n = k.players
    me = k.seat
    need = [k.counts[s] - (k.hand.bit_count() if s == me else k.fixed[s].bit_count()) for s in range(n)]
    need.append(k.kitty)
    allowed = [*k.allowed, k.unknown]
    free = k.unknown
    for f in k.fixed:
        free &= ~f
    cards = _bits(free)
    for i in range(len(cards) - 1, 0, -1):  # Fisher–Yates on rng.random() (version-stable)
        j = int(rng.random() * (i + 1))
        cards[i], cards[j] = cards[j], cards[i]
    slots = [s for s in range(n + 1) if need[s] > 0]
    constrained = any(allowed[s] & free != free for s in slots)
    if constrained:
        cards.sort(key=lambda c: sum(1 for s in slots if allowed[s] >> c & 1))
    hands = [0] * (n + 1)
    left = list(need)
    stuck: list[int] = []
    if not constrained:  # every slot takes every card: the same draws, the cards left kept as a count
        total = sum(left[s] for s in slots)
        for c in cards:
            if not total:
                stuck.append(c)
                continue
            r = int(rng.random() * total)
            for s in slots:
                r -= left[s]
                if r < 0:
                    hands[s] |= 1 << c
                    left[s] -= 1
                    total -= 1
                    break
    else:
        for c in cards:
            b = 1 << c
            total = 0
            for s in slots:
                if left[s] and allowed[s] & b:
                    total += left[s]
            if not total:
                stuck.append(c)
                continue
            r = int(rng.random() * total)
            for s in slots:
                if left[s] and allowed[s] & b:
                    r -= left[s]
                    if r < 0:
                        hands[s] |= b
                        left[s] -= 1
                        break
    if stuck:
        _repair(hands, left, allowed, slots, stuck)
    out = [hands[s] | k.fixed[s] for s in range(n)]
    out[me] |= k.hand
    return out


def _repair(hands: list[int], left: list[int], allowed: list[int], slots: list[int], stuck: list[int]) -> None:
    """Place the cards the greedy pass could not, by augmenting paths (a b-matching of cards to seats)."""
    for c in stuck:
        if not _augment(c, hands, left, allowed, slots, set()):
            raise ValueError("no deal of the unseen cards fits what the play has shown")


def _augment(c: int, hands: list[int], left: list[int], allowed: list[int], slots: list[int],
             seen: set[int]) -> bool:
    b = 1 << c
    for s in slots:
        if allowed[s] & b and left[s]:
            hands[s] |= b
            left[s] -= 1
            return True
    for s in slots:
        if not allowed[s] & b or s in seen:
            continue
        seen.add(s)
        for d in _bits(hands[s]):
            hands[s] &= ~(1 << d)
            hands[s] |= b
            if _augment(d, hands, left, allowed, slots, seen):
                return True
            hands[s] &= ~b
            hands[s] |= 1 << d
    return False
