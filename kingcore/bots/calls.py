"""Decisions that are not cards: trump calls (RULES.md §7), auction bids (§7, §11.5) and contract
names in ordered King (§8, §11.6–7) — by counting the hand (static) or by Monte Carlo over deals
sampled from what the seat knows, each played out by the heuristic (:func:`evaluate_calls`).

>>> import random
>>> from kingcore import Game, Rules, seat_view
>>> g = Game(Rules(replay="trumps", eralash=False)); g.set_first_dealer(0)
>>> while g.phase.value != "call_trump":
...     g.step_random(random.Random(len(g.sheet.rows)))
>>> v = seat_view(g, g.to_move)
>>> str(static_trump_call(v, legal_moves(v))) in v.legal
True
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence

from ..cards import SUIT_LETTERS, SUIT_MASKS
from ..contracts import Contract, Scoring, Trump, automatic_trick_value
from ..moves import Move
from ..position import Bid, Deal
from ..rules import Rules
from ..view import SeatView
from .base import legal_moves
from .knowledge import Knowledge, knowledge, parse_rules, sample_hands
from .policy import VERSION, Ctx, mirror, playout

__all__ = ["contract_rating", "contract_ratings", "deal_ctx", "evaluate_calls", "legal_moves", "play_deal",
           "static_bid", "static_contract", "static_trump_call"]

_CTX: dict[tuple[Deal, int], Ctx] = {}


def deal_ctx(deal: Deal, version: int = VERSION) -> Ctx:
    """The (cached) policy context of a deal for the heuristic ``version``.

    Raises:
        ValueError: an unknown version (:data:`~kingcore.bots.policy.VERSIONS`)."""
    ctx = _CTX.get((deal, version))
    if ctx is None or ctx.deal != deal:
        if len(_CTX) > 512:
            _CTX.clear()
        ctx = Ctx(deal, version)
        _CTX[deal, version] = ctx
    return ctx


def play_deal(deal: Deal, hands: Sequence[int], version: int = VERSION) -> tuple[list[int], list[int]]:
    """Play a whole deal from its first lead with every seat on the heuristic (``version``).

    Args:
        deal: the deal; hands: one full hand mask per seat; version: the heuristic's version.

    Returns:
        (points, tricks), one int per seat each.
    """
    ctx = deal_ctx(deal, version)
    n = deal.players
    hs = [mirror(h) for h in hands] if deal.misere else list(hands)
    points = [0] * n
    tricks = [0] * n
    playout(ctx, hs, (deal.dealer + 1) % n, [], points, tricks, 0)
    return points, tricks


def _hcp(mask: int, suit: int) -> int:
    """High-card points in one suit: A 4, K 3, Q 2, J 1."""
    m = mask & SUIT_MASKS[suit]
    return sum(max(0, r - 10) for r in range(11, 15) if m >> (suit * 13 + r - 2) & 1)


def _sure_tricks(hand: int, rules: Rules, trump: int | None) -> float:
    """A count of the tricks a hand takes for sure: top sequences, long trumps, ruffs."""
    deck = rules.deck_mask
    total = 0.0
    for s in range(4):
        mine = hand & SUIT_MASKS[s]
        d = deck & SUIT_MASKS[s]
        length = mine.bit_count()
        seq = 0
        while d and seq < length:
            top = d.bit_length() - 1
            if not mine >> top & 1:
                break
            seq += 1
            d ^= 1 << top
        total += seq
        if trump == s:
            total += max(0, length - max(seq, 3))
    if trump is not None:
        tl = (hand & SUIT_MASKS[trump]).bit_count()
        if tl >= 3:
            for s in range(4):
                if s != trump:
                    total += max(0, 2 - (hand & SUIT_MASKS[s]).bit_count()) * 0.5
    return total


def static_trump_call(view: SeatView, legal: list[Move]) -> Move:
    """The heuristic trump call: the longest, strongest suit; no trump with scattered high cards;
    misère with only low cards. Uses only the cards the caller has seen (three in a partial deal)."""
    calls = {m.trump: m for m in legal if m.kind == "trump"}
    rules = parse_rules(view.rules)
    hand = view.hand.mask
    size = hand.bit_count()
    deck = rules.deck_mask
    ranks = sorted({i % 13 for i in range(52) if deck >> i & 1})
    mid = ranks[len(ranks) // 2]
    scores = []
    for s in range(4):
        length = (hand & SUIT_MASKS[s]).bit_count()
        scores.append((length * 3 + _hcp(hand, s), s))
    _best, suit = max(scores)
    high = sum(_hcp(hand, s) for s in range(4))
    low = sum(1 for i in range(52) if hand >> i & 1 and i % 13 < mid)
    if "misere" in calls and low == size and high == 0:
        return calls["misere"]
    if (hand & SUIT_MASKS[suit]).bit_count() * 8 >= size * 3 or "nt" not in calls:
        return calls[SUIT_LETTERS[suit]]
    if high * 8 >= size * 7:
        return calls["nt"]
    return calls[SUIT_LETTERS[suit]]


def static_bid(view: SeatView, legal: list[Move]) -> Move:
    """The heuristic bid: bid the lowest legal number when the sure tricks a trump of one's own adds
    exceed that number; else pass."""
    rules = parse_rules(view.rules)
    bids = [m for m in legal if m.kind == "bid"]
    pas = next((m for m in legal if m.kind == "pass"), None)
    if not bids:
        return legal[0]
    low = min(bids, key=lambda m: m.bid)
    gain = max(_sure_tricks(view.hand.mask, rules, s) for s in range(4)) - _sure_tricks(view.hand.mask, rules, None)
    if gain > low.bid or pas is None:
        return low
    return pas


def static_contract(view: SeatView, legal: list[Move], rng: random.Random, version: int = VERSION) -> Move:
    """The heuristic contract name (ordered King, §8): :func:`evaluate_calls` with a few samples."""
    values = evaluate_calls(view, legal, rng, samples=6, version=version)
    return pick_call(view, legal, values)


def pick_call(view: SeatView, legal: list[Move], values: dict[Move, float], margin: float = 0.3) -> Move:
    """The move of the best value; in ordered King the move of the best :func:`contract_rating` — the
    contract this hand plays best *relative to its fair share*, or a pass when no contract beats its
    fair share by ``margin`` (a later hand may suit it better). The hint ranks by the same rating."""
    if view.phase != "choose_contract":
        return max(legal, key=lambda m: (values.get(m, float("-inf")), -legal.index(m)))
    rated = contract_ratings(view, legal, values, margin)
    return max(legal, key=lambda m: (rated[m], -legal.index(m)))


def contract_rating(rules: Rules, move: Move, value: float, margin: float) -> float:
    """How good naming ``move`` is now in ordered King (RULES.md §8), the one criterion of the bots'
    naming and of the hint: for a contract, its expected points ``value`` minus its fair share, as a
    fraction of that share's size (``(value − fair) / max(1, |fair|)``; 0.4 = 40 % better than the fair
    share); for a pass, ``margin`` — the bar a contract must clear to be named now. Every seat plays each
    contract once, so a rich contract's points alone say nothing: it is played anyway, and waiting for a
    better hand is worth more the larger the contract."""
    if move.contract is None:
        return margin
    fair = fair_share(rules, move.contract)
    return (value - fair) / max(1.0, abs(fair))


def contract_ratings(view: SeatView, legal: list[Move], values: dict[Move, float],
                     margin: float) -> dict[Move, float]:
    """:func:`contract_rating` of every legal move of a ``choose_contract`` view (a pass only when legal:
    the dealer whose turn closes the round must name one)."""
    rules = parse_rules(view.rules)
    return {m: contract_rating(rules, m, values.get(m, 0.0), margin) for m in legal}


def fair_share(rules: Rules, contract: Contract) -> float:
    """A seat's fair share of a contract's points: its control total over the players (RULES.md §5;
    a trump deal's tricks at the automatic trick value)."""
    if contract is Contract.TRUMPS:
        return automatic_trick_value(rules) * rules.hand_size / rules.players
    return Scoring.of(rules, contract).control_total(rules.deck_mask, rules.hand_size) / rules.players


def evaluate_calls(view: SeatView, legal: list[Move], rng: random.Random, samples: int,
                   budget_ms: float = 0.0, version: int = VERSION) -> dict[Move, float]:
    """Expected own points of each legal call, by Monte Carlo: deal the unseen cards ``samples`` times
    consistently with the view and play each option out with the heuristic at every seat.

    Args:
        view: the seat's view in phase ``call_trump``, ``auction`` or ``choose_contract``.
        legal: the legal moves; samples: deals to sample (≥ 1).
        budget_ms: stop sampling once this much time is spent (0: never; at least one deal is played).
        version: the heuristic's version that plays the deals out.

    Returns:
        points per move: the expected points of the deal for ``view.seat``. A bid scores the tricks
        above it (§7); an auction pass, the seat's tricks under another suit; a pass in ordered King
        is given 0 (what others will name is not modelled; :func:`pick_call` compares each contract
        with its fair share instead).

    Raises:
        ValueError: the view is not at a call.
    """
    k = knowledge(view)
    rules = k.rules
    me = view.seat
    t0 = time.perf_counter()
    sums: dict[Move, float] = {m: 0.0 for m in legal}
    done = 0
    if view.phase == "call_trump":
        bid = Bid(view.bid[0], view.bid[1]) if view.bid else None
        deals = {m: _trump_deal(rules, k.dealer, m.trump, bid) for m in legal if m.trump != "last-card"}
        for _ in range(samples):
            hands = sample_hands(k, rng)
            for m in legal:
                if m.trump == "last-card":
                    extra = hands[me] & ~k.hand
                    cards = [i for i in range(52) if extra >> i & 1]
                    last = cards[int(rng.random() * len(cards))] if cards else (hands[me].bit_length() - 1)
                    d = _trump_deal(rules, k.dealer, SUIT_LETTERS[last // 13], bid)
                else:
                    d = deals[m]
                sums[m] += play_deal(d, hands, version)[0][me]
            done += 1
            if budget_ms and (time.perf_counter() - t0) * 1000 >= budget_ms:
                break
    elif view.phase == "auction":
        value = automatic_trick_value(rules)
        options = ["S", "H", "D", "C", "nt"]
        tricks: dict[str, list[int]] = {t: [] for t in options}
        for _ in range(samples):
            hands = sample_hands(k, rng)
            for t in options:
                tricks[t].append(play_deal(_trump_deal(rules, k.dealer, t, None), hands, version)[1][me])
            done += 1
            if budget_ms and (time.perf_counter() - t0) * 1000 >= budget_ms:
                break
        mean = {t: sum(v) / len(v) for t, v in tricks.items()}
        best = max(options, key=lambda t: (mean[t], -options.index(t)))
        others = [mean[t] for t in options[:4] if t != best]
        for m in legal:
            if m.kind == "pass":
                sums[m] = value * sum(others) / len(others) * done
            else:
                sums[m] = value * sum(max(0, x - m.bid) for x in tricks[best])
    else:
        outcome = _contract_values(k, view, legal, rng, samples, budget_ms, t0, version)
        return outcome
    return {m: s / max(1, done) for m, s in sums.items()}


def _contract_values(k: Knowledge, view: SeatView, legal: list[Move], rng: random.Random, samples: int,
                     budget_ms: float, t0: float, version: int = VERSION) -> dict[Move, float]:
    rules = k.rules
    me = view.seat
    calls = ["S", "H", "D", "C", "nt"] + (["misere"] if rules.replay == "trumps" and rules.misere_allowed else [])
    sums: dict[Move, float] = {m: 0.0 for m in legal}
    trump_sums = dict.fromkeys(calls, 0.0)
    done = 0
    for _ in range(samples):
        hands = sample_hands(k, rng)
        for m in legal:
            if m.kind != "contract" or m.contract is None:
                continue
            if m.contract is Contract.TRUMPS:
                for t in calls:
                    trump_sums[t] += play_deal(_trump_deal(rules, k.dealer, t, None), hands, version)[0][me]
            else:
                sums[m] += play_deal(Deal(rules, m.contract, k.dealer), hands, version)[0][me]
        done += 1
        if budget_ms and (time.perf_counter() - t0) * 1000 >= budget_ms:
            break
    out = {m: s / done for m, s in sums.items()}
    for m in legal:
        if m.kind == "contract" and m.contract is Contract.TRUMPS:
            out[m] = max(trump_sums.values()) / done
        elif m.kind == "pass":
            out[m] = 0.0
    return out


def _trump_deal(rules: Rules, dealer: int, call: str, bid: Bid | None) -> Deal:
    return Deal.trumps(rules, dealer, Trump(call), None, bid)
