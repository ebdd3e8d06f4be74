"""Perfect Information Monte Carlo (``pimc``): deal the unseen cards many times consistently with what
the seat knows (:func:`~kingcore.bots.knowledge.sample_hands`), play every candidate card out on every
sampled deal, and choose the card with the best mean own points (RULES.md §4, §5, §7).

Candidates are the legal cards up to equivalence: two cards of one suit with no live card between them
and the same points value play alike, so one of them is tried. Every candidate is played out on the
same sampled deals (common random numbers). The play-out is the heuristic at every seat
(:func:`~kingcore.bots.policy.playout`), or uniformly random legal play (``rollout=random``).

With ``infer`` (and ``chain``) the deals are weighted by how well the heuristic explains the other
seats' cards seen so far (:class:`PlaySampler`): ``expert`` uses it.

Work is bounded two ways: ``samples`` deals per decision, and at most ``playouts`` play-outs (deals ×
candidates) — both deterministic — plus an optional wall-clock ``budget_ms`` (the web page's cap); a
decision is a function of the view and the ``rng`` state as long as that budget is not reached.

Size: over 400 lines because the sampler (:class:`PlaySampler`) and :func:`card_values` share the
:class:`~kingcore.bots.policy.Ctx` and the state of one hot path; split, that state would cross modules.

>>> import random
>>> from kingcore import Game, Rules, seat_view
>>> g = Game(Rules()); g.set_first_dealer(0); g.deal(random.Random(4))
>>> bot = make_bot("pimc(samples=8)")
>>> m = bot.choose(seat_view(g, g.to_move), random.Random(1))
>>> str(m) in seat_view(g, g.to_move).legal
True
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from operator import mul

from ..cards import SUIT_MASKS
from ..moves import Move
from ..position import Position, legal_mask, random_playout
from ..view import EarlierDeal, SeatView
from .base import Bot, make_bot, register
from .calls import deal_ctx, evaluate_calls, pick_call
from .knowledge import Knowledge, knowledge, sample_hands
from .policy import VERSION, VERSIONS, Ctx, Policy, choose_card, mirror, mirror_card, playout, trick_cost, winner
from .rubber import seat_priors
from .simple import greedy_card, heuristic_play, naive_card, scatter_card

__all__ = ["PimcBot", "card_groups", "card_values", "make_bot"]

_Step = tuple[int, tuple[int, ...], int, int, int, int]
"""A past card of a seat for :meth:`ModelSampler._factors`: (led suit or −1, trick, gone, trick_no,
void suits, the card), mirrored in misère."""


def card_groups(ctx: Ctx, lm: int, hand: int, gone: int) -> list[list[int]]:
    """The legal cards ``lm`` in classes of equivalent cards (same suit, same points value, and every
    card between them in ``hand`` or ``gone``), each class high to low, suits ♠ ♥ ♦ ♣.

    ``gone`` must hold only the cards of completed tricks: a card on the table can split a class."""
    out: list[list[int]] = []
    vals = ctx.values
    deck = ctx.deal.rules.deck_mask
    for s in range(4):
        m = lm & SUIT_MASKS[s]
        cur: list[int] = []
        prev = -1
        while m:
            c = m.bit_length() - 1
            m ^= 1 << c
            if cur and vals[c] == vals[prev] and not (((1 << prev) - 1) & ~((2 << c) - 1) & deck & ~gone & ~hand):
                cur.append(c)
            else:
                if cur:
                    out.append(cur)
                cur = [c]
            prev = c
        if cur:
            out.append(cur)
    return out


def explains(ctx: Ctx, k: Knowledge, hands: list[int], u: float, keep: float) -> bool:
    """Whether a sampled deal survives the play seen so far: each card another seat played that the
    heuristic would not have played from that seat's sampled hand multiplies the deal's weight by
    ``keep``; the deal survives while its weight stays above ``u`` (a uniform draw) — rejection
    sampling of the deals by how well the heuristic explains the play. ``hands`` are real (not mirrored)."""
    if not k.history:
        return True
    weight = 1.0
    mis = ctx.misere
    legal = ctx.legal
    for seat, trick, gone, trick_no, voids, card, later in reversed(k.history):
        hand = hands[seat] | later
        if mis:
            hand = mirror(hand)
            trick = tuple(mirror_card(c) for c in trick)
            gone = mirror(gone)
            card = mirror_card(card)
        lm = legal(hand, trick[0] // 13 if trick else -1)
        if lm & (lm - 1) == 0:
            continue
        if choose_card(ctx, hand, lm, trick, gone, trick_no, voids) != card:
            weight *= keep
            if weight <= u:
                return False
    return True


LOOK = 4
"""How many swaps of a chain's warm-up go between two looks at the clock (:meth:`PlaySampler._walk`)."""


class PlaySampler:
    """Deals of the unseen cards drawn in proportion to ``keep ** misses`` — *misses* being the cards
    the other seats played that the heuristic would not have played from their sampled hands — by a
    Metropolis chain over swaps of unseen cards between two hands (each card staying where the
    :class:`Knowledge` allows it). A deal the heuristic explains fully has weight 1; ``keep = 0`` would
    be hard conditioning, ``keep = 1`` the plain :func:`sample_hands`.

    The chain starts from :func:`sample_hands`, runs max(30, 8 × ``steps``) swaps — fewer when the
    ``deadline`` (a ``time.perf_counter()``; 0: none) comes first: a decision whose cap is spent warming the
    chain up plays a single deal, too few to overrule the heuristic's card (bar the gift rule of
    :meth:`PimcBot._pick`), so a slow device's capped move would wait for those swaps for little —, then
    ``steps`` swaps between deals; misses are recounted only for the two hands a swap touches, memoised per
    (seat, hand). Uses only ``rng.random()``, and only what ``k`` knows. Measurements: docs/BOTS.md."""

    def __init__(self, ctx: Ctx, k: Knowledge, rng: random.Random, keep: float, steps: int,
                 deadline: float = 0.0) -> None:
        self.ctx = ctx
        self.k = k
        self.rng = rng
        self.keep = keep
        self.steps = steps
        mis = ctx.misere
        n = k.players
        per: list[list[tuple[tuple[int, ...], int, int, int, int, int]]] = [[] for _ in range(n)]
        for seat, trick, gone, trick_no, voids, card, later in k.history:
            if mis:
                trick = tuple(mirror_card(c) for c in trick)
                gone = mirror(gone)
                card = mirror_card(card)
                later = mirror(later)
            per[seat].append((trick, gone, trick_no, voids, card, later))
        self.per = per
        self.seats = [s for s in range(n) if s != k.seat and per[s]]
        # hands that can trade: other seats with unseen cards, and the kitty (index n)
        self.slots = [s for s in range(n) if s != k.seat and k.counts[s] - k.fixed[s].bit_count() > 0]
        if k.kitty:
            self.slots.append(n)
        self.allowed = [*k.allowed, k.unknown]
        self.free = [0] * (n + 1)
        self.hands: list[int] = []
        self.miss: list[float] = [self.neutral] * (n + 1)
        self.memo: dict[int, int] = {}
        self.active = bool(self.seats) and len(self.slots) >= 2 and keep < 1.0
        self._restart()
        if self.active:
            self._walk(max(30, 8 * steps), deadline)

    neutral: float = 0
    """The score of a hand that played no card with a choice (no misses)."""

    def _accept(self, a: int, b: int, ma: float, mb: float) -> bool:
        """Whether the chain moves to a deal where hands ``a`` and ``b`` score ``ma`` and ``mb``."""
        delta = ma + mb - self.miss[a] - self.miss[b]
        return not (delta > 0 and self.rng.random() >= self.keep ** delta)

    def _misses(self, seat: int, hand: int) -> float:
        """The cards ``seat`` played (with a choice) that the heuristic would not have played from ``hand``."""
        if seat >= self.k.players:
            return 0
        key = hand << 3 | seat
        got = self.memo.get(key)
        if got is not None:
            return got
        ctx = self.ctx
        legal = ctx.legal
        mis = ctx.misere
        out = 0
        if mis:
            hand = mirror(hand)
        for trick, gone, trick_no, voids, card, later in self.per[seat]:
            h = hand | later
            lm = legal(h, trick[0] // 13 if trick else -1)
            if lm & (lm - 1) and choose_card(ctx, h, lm, trick, gone, trick_no, voids) != card:
                out += 1
        self.memo[key] = out
        return out

    def _restart(self) -> None:
        k = self.k
        n = k.players
        hands = sample_hands(k, self.rng)
        self.hands = hands
        kit = k.unknown
        for s in range(n):
            if s != k.seat:
                kit &= ~hands[s]
                self.free[s] = hands[s] & ~k.fixed[s]
        self.free[n] = kit
        if self.active:
            for s in self.seats:
                self.miss[s] = self._misses(s, hands[s])

    def _walk(self, steps: int, deadline: float = 0.0) -> None:
        """``steps`` swaps of the chain; with a ``deadline`` (a ``time.perf_counter()``), none after it
        (looked at every :data:`LOOK` swaps)."""
        rng = self.rng
        rand = rng.random
        slots = self.slots
        free = self.free
        allowed = self.allowed
        hands = self.hands
        miss = self.miss
        per = self.per
        misses = self._misses
        accept = self._accept
        neutral = self.neutral
        n = self.k.players
        ns = len(slots)
        for i in range(steps):
            if deadline and not i % LOOK and time.perf_counter() >= deadline:
                return
            a = slots[int(rand() * ns)]
            b = slots[int(rand() * (ns - 1))]
            if b == a:
                b = slots[ns - 1]
            fa = free[a] & allowed[b]
            fb = free[b] & allowed[a]
            if not fa or not fb:
                continue
            for _ in range(int(rand() * fa.bit_count())):  # the i-th lowest card of fa (_nth)
                fa &= fa - 1
            for _ in range(int(rand() * fb.bit_count())):
                fb &= fb - 1
            swap = (fa & -fa) | (fb & -fb)
            ha = hands[a] ^ swap if a < n else 0
            hb = hands[b] ^ swap if b < n else 0
            ma = misses(a, ha) if a < n and per[a] else neutral
            mb = misses(b, hb) if b < n and per[b] else neutral
            if not accept(a, b, ma, mb):
                continue
            free[a] ^= swap
            free[b] ^= swap
            if a < n:
                hands[a] = ha
            if b < n:
                hands[b] = hb
            miss[a], miss[b] = ma, mb

    def draw(self) -> list[int]:
        """The next deal (a fresh list of hands, seat order)."""
        if not self.active:
            return sample_hands(self.k, self.rng)
        self._walk(self.steps)
        return list(self.hands)


MODELS: dict[str, tuple[Policy | None, Policy | None]] = {
    "heuristic": (choose_card, None),
    "naive": (naive_card, naive_card),
    "greedy": (greedy_card, greedy_card),
    "random": (None, scatter_card),
}
"""The robust expert's candidate models of a player (``pimc(models=heuristic+naive+random)``): name →
(the policy whose cards the play is compared with — ``None``: any legal card alike —, the policy that
plays the seat in the play-outs — ``None``: the heuristic of the play-outs' version)."""


class ModelSampler(PlaySampler):
    """Deals of the unseen cards *and* a model of each other seat, learned from what it played this deal.

    Each candidate model (:data:`MODELS`) gives a seat's cards a likelihood on a sampled hand: a card
    with a choice of ``L`` legal cards has chance ``1 − ε + ε/L`` if the model plays it from that hand,
    else ``ε/L`` (``random``: ``1/L`` for every card). A seat's hand weighs ``Σ prior(m) · L_m(hand)``
    — the model summed out —, and the Metropolis chain of :class:`PlaySampler` moves by the ratio of
    those weights. With each deal drawn, every other seat's model is drawn from its posterior on that
    hand, ``prior(m) · L_m(hand)`` normalised (a seat that has played nothing with a choice: the prior),
    so a seat whose cards the heuristic does not explain is played out by the model that does — never
    fixed to the heuristic. ``seat_priors`` (one prior per seat, e.g. learned from the rubber's earlier
    deals, :func:`~kingcore.bots.rubber.seat_priors`) replaces ``prior`` seat by seat. Uses only
    ``rng.random()`` and what ``k`` knows."""

    neutral = 1.0

    def __init__(self, ctx: Ctx, k: Knowledge, rng: random.Random, eps: float, steps: int,
                 models: Sequence[tuple[Policy | None, Policy | None]], prior: Sequence[float],
                 seat_priors: Sequence[Sequence[float]] | None = None, deadline: float = 0.0) -> None:
        self.models = tuple(models)
        self.prior = tuple(prior)
        self.priors = [tuple(p) for p in seat_priors] if seat_priors else [self.prior] * k.players
        self.eps = eps
        # the heuristic's judge called without choose_card's check for a single legal card (_factors
        # asks only when there is a choice)
        self.ones = (1.0,) * len(self.models)  # the likelihoods of a seat with no card of choice
        self.judges = tuple(ctx.pick if judge is choose_card else judge for judge, _ in self.models)
        self.memo_l: dict[int, tuple[float, ...]] = {}
        self.memo_w: dict[int, float] = {}
        self.steps_f: dict[int, list[tuple[int, int, dict[int, tuple[float, ...]], _Step]]] = {}
        super().__init__(ctx, k, rng, 0.0, steps, deadline)

    def likelihoods(self, seat: int, hand: int) -> tuple[float, ...]:
        """The likelihood of ``seat``'s cards this deal under each model, if it holds ``hand`` now.

        Memoised per hand, and each card's factors per the part of the hand they depend on: when the
        seat followed suit, every model's card is a function of its cards of the led suit (the legal
        cards are exactly those, and the heuristic reads the rest of the hand only when it leads or is
        void), so hands that differ in other suits — most of the chain's swaps — share those factors."""
        key = hand << 3 | seat
        got = self.memo_l.get(key)
        if got is None:
            self._misses(seat, hand)
            got = self.memo_l[key]
        return got

    def _factors(self, h: int, ledm: int, step: _Step) -> tuple[float, ...]:
        """Each model's chance of the step's card from the hand ``h`` (``()``: no choice); ``ledm`` the
        led suit's mask (0 at a lead)."""
        led, trick, gone, trick_no, voids, card = step
        ctx = self.ctx
        lm = h & ledm or legal_mask(ctx.deal, h, led)
        if not lm & (lm - 1):
            return ()
        eps = self.eps
        share = 1.0 / lm.bit_count()
        hit = 1.0 - eps + eps * share
        miss = eps * share
        out = []
        for judge in self.judges:
            out.append(share if judge is None else hit if judge(ctx, h, lm, trick, gone, trick_no, voids) == card
                       else miss)
        return tuple(out)

    def _misses(self, seat: int, hand: int) -> float:
        """The weight of ``seat`` holding ``hand``: the models' likelihoods by the prior (both memoised;
        the chain's hot path)."""
        key = hand << 3 | seat
        got = self.memo_w.get(key)
        if got is not None:
            return got
        if self.ctx.misere:
            hand = mirror(hand)
        steps = self.steps_f.get(seat)
        if steps is None:
            steps = self.steps_f[seat] = [
                (later, SUIT_MASKS[trick[0] // 13] if trick else 0, {},
                 (trick[0] // 13 if trick else -1, trick, gone, trick_no, voids, card))
                for trick, gone, trick_no, voids, card, later in self.per[seat]]
        lik = ones = self.ones
        factors = self._factors
        for later, ledm, memo, step in steps:
            h = hand | later
            sub = h & ledm or h
            f = memo.get(sub)
            if f is None:
                f = memo[sub] = factors(h, ledm, step)
            if f:
                # each model's product over the cards in their order (1.0 × x is x: the first card's
                # factors need no product)
                lik = f if lik is ones else tuple(map(mul, lik, f))
        self.memo_l[key] = lik
        weight: float = sum(map(mul, self.priors[seat], lik))
        self.memo_w[key] = weight
        return weight

    def _accept(self, a: int, b: int, ma: float, mb: float) -> bool:
        old = self.miss[a] * self.miss[b]
        new = ma * mb
        return new >= old or self.rng.random() * old < new

    def draw_models(self, hands: Sequence[int]) -> list[int]:
        """A model index per seat for the deal ``hands`` (the own seat's: −1), each from its posterior."""
        k = self.k
        out = [-1] * k.players
        for s in range(k.players):
            if s == k.seat:
                continue
            ws = list(self.priors[s])
            if self.per[s]:
                ws = [p * x for p, x in zip(self.priors[s], self.likelihoods(s, hands[s]), strict=True)]
            u = self.rng.random() * sum(ws)
            j = 0
            while j < len(ws) - 1 and u >= ws[j]:
                u -= ws[j]
                j += 1
            out[s] = j
        return out


def _gift(ctx: Ctx, trick: Sequence[int], trick_no: int, c: int) -> int:
    """Points (magnitude) that playing ``c`` to the current ``trick`` leaves to another seat: when another
    card still wins the trick after ``c``, the whole trick's worth if ``c`` is its last card, else the
    points of ``c`` itself (a scoring card thrown on another's trick); 0 when ``c`` leads or wins so far.
    Not for misère (real, unmirrored card indexes)."""
    if not trick:
        return 0
    t = [*trick, c]
    w, _ = winner(ctx, t)
    if w == c:
        return 0
    if len(t) < ctx.n:
        return ctx.values[c]
    tm = 0
    for x in t:
        tm |= 1 << x
    return trick_cost(ctx, tm, trick_no)


CLEAR_Z = 2.5
"""How many standard errors make a difference between two cards' values sure (adaptive thinking:
:func:`card_values` ``least``/``most``); above the ``trust`` rule's √(2 ln k) for up to 12 candidates."""


def _clear(rows: Sequence[Sequence[float]], sums: Sequence[float], clear: float,
           live: Sequence[int] | None = None) -> bool:
    """Whether the leader (best sum) is settled over the deals so far (``rows``: one value per candidate
    a deal): every other candidate is worse than it by more than :data:`CLEAR_Z` standard errors of the
    paired difference, or within ``clear`` points of it by as many. Only the candidates ``live`` (all:
    ``None``) count — the others were dropped as clearly worse (:func:`_race`)."""
    n = len(rows)
    if n < 2:
        return False
    cands = range(len(sums)) if live is None else live
    b = max(cands, key=lambda i: sums[i])
    for i in cands:
        if i == b:
            continue
        mean, se = _paired(rows, b, i)
        if mean - CLEAR_Z * se <= 0 and mean + CLEAR_Z * se >= clear:
            return False
    return True


def _paired(rows: Sequence[Sequence[float]], b: int, i: int) -> tuple[float, float]:
    """The mean of ``row[b] - row[i]`` over ``rows`` (≥ 2 of them) and its standard error, in points."""
    n = len(rows)
    s1 = s2 = 0.0
    for r in rows:
        d = r[b] - r[i]
        s1 += d
        s2 += d * d
    mean = s1 / n
    return mean, math.sqrt(max(0.0, s2 / n - mean * mean) / (n - 1))


def _race(rows: Sequence[Sequence[float]], sums: Sequence[float], live: list[int], keep: int,
          margin: float) -> list[int]:
    """The candidates of ``live`` still worth more deals: those not worse than the leader (the best sum
    among ``live``; every candidate of ``live`` has a value in each of ``rows``) by more than ``margin``
    points with :data:`CLEAR_Z` standard errors of the paired difference to spare; ``keep`` (the
    heuristic's card, −1: none) and the leader always stay. A dropped card keeps the mean of the deals
    it was played on: it can no longer lead, and the deals of the others do not change (the play-outs
    draw no randomness), so the choice stays the one all deals would give unless a dropped card would
    have come back from that far behind."""
    n = len(rows)
    if n < 2 or len(live) < 2:
        return live
    b = max(live, key=lambda i: sums[i])
    out = []
    for i in live:
        if i != b and i != keep:
            mean, se = _paired(rows, b, i)
            if mean - CLEAR_Z * se > margin:
                continue
        out.append(i)
    return out


def _eps(infer: float) -> float:
    """The models' ε for an ``infer`` setting (:class:`ModelSampler`): ``1 − infer``, or 0.1 when off."""
    return 1.0 - infer if infer > 0 else 0.1


def card_values(k: Knowledge, lm: int, rng: random.Random, samples: int, playouts: int = 0,
                budget_ms: float = 0.0, rollout: str = "heuristic",
                infer: float = 0.0, draws: int = 8, chain: int = 0, version: int = VERSION, base: int = -1,
                spread: dict[int, float] | None = None, least: int = 0, most: int = 0,
                clear: float = 0.1, models: Sequence[tuple[Policy | None, Policy | None]] = (),
                prior: Sequence[float] = (), race: float = -1.0,
                seat_priors: Sequence[Sequence[float]] | None = None) -> tuple[dict[int, float], int]:
    """Mean value of each legal card over sampled deals.

    Args:
        k: the seat's :class:`Knowledge` (in phase ``play``); lm: its legal cards (a mask).
        rng: randomness for the sampled deals (and random play-outs).
        samples: deals to sample; playouts: cap on deals × candidates (0: none);
        budget_ms: wall-clock cap (0: none; at least one deal is always played).
        rollout: ``heuristic`` or ``random``.
        infer: 0..1, how strongly to believe the others play like the heuristic: a sampled deal on
        which the heuristic would not have played a card seen is kept with chance ``1 − infer`` per
        such card (:func:`explains`); draws: at most ``draws × samples`` deals are drawn for that.
        chain: with ``infer``, draw the deals from a Metropolis chain instead (:class:`PlaySampler`,
        weight ``(1 − infer) ** misses``, ``chain`` swaps between deals; 0: rejection as above).
        version: the heuristic (:data:`~kingcore.bots.policy.VERSIONS`) the play-outs and the
        inference imagine at every seat.
        base, spread: with a card of ``lm`` as ``base`` and a dict as ``spread``, ``spread`` is filled
        with the standard error of each card's value minus the base card's (paired over the same
        deals; 0 for the base card and its class, ``inf`` after a single deal).
        least, most, clear: adaptive thinking (0: off, exactly ``samples`` deals). From ``least`` deals
        on, at checkpoints (×1.5 apart), sampling stops once the decision is *clear*: every other card is
        either worse than the leader by more than :data:`CLEAR_Z` standard errors of their paired
        difference, or within ``clear`` points of it by that many standard errors. A decision still
        not clear after ``samples`` deals goes on to ``most`` (a *close* decision; ``most`` ≤ ``samples``:
        stop at ``samples``). ``budget_ms`` and ``playouts`` still cap it all.
        models, prior: the robust expert (:class:`ModelSampler`): candidate models of the other seats
        (values of :data:`MODELS`) and their prior weights; each deal and each seat's model are drawn
        from what the play shows (``ε = 1 − infer``, or 0.1; ``chain`` swaps a deal, or 6), and the
        play-outs play each seat by its model. Empty: the heuristic at every seat. seat_priors: one
        prior per seat instead of ``prior`` (learned from the rubber's earlier deals; ``None``: ``prior``).
        race: with adaptive thinking, at each checkpoint a card worse than the leader by more than
        ``race`` points with :data:`CLEAR_Z` standard errors to spare gets no more deals (:func:`_race`;
        its value is the mean of the deals it had; negative: off — every card plays every deal).

    Returns:
        (value per card index of ``lm`` — equivalent cards share their class's value —, deals played).
        A value is in points for the whole deal, positive is good for ``k.seat``.
    """
    deal = k.deal
    assert deal is not None
    ctx = deal_ctx(deal, version)
    on_table = 0
    for c in k.trick:
        on_table |= 1 << c
    groups = card_groups(ctx, lm, k.hand, k.gone & ~on_table)
    reps = [g[0] for g in groups]
    worlds = max(samples, most) if least > 0 else samples
    if playouts:
        worlds = max(1, min(worlds, playouts // len(reps)))
    rows: list[list[float]] = []
    check = max(2, least) if least > 0 else worlds + 1
    me = k.seat
    n = deal.players
    mis = deal.misere
    mc = mirror_card if mis else (lambda c: c)
    trick0 = [mc(c) for c in k.trick]
    gone0 = mirror(k.gone) if mis else k.gone
    reps_m = [mc(c) for c in reps]
    sums = [0.0] * len(reps)
    bi = next((i for i, g in enumerate(groups) if base in g), -1)
    d1 = [0.0] * len(reps)
    d2 = [0.0] * len(reps)
    row = [0.0] * len(reps)
    cnt = [0] * len(reps)
    live = list(range(len(reps)))
    t0 = time.perf_counter()
    done = 0
    keep = 1.0 - infer
    sampler: PlaySampler | None = None
    msampler: ModelSampler | None = None
    deadline = t0 + budget_ms / 1000 if budget_ms else 0.0  # the chain's warm-up stops there (one deal follows)
    if models:
        msampler = ModelSampler(ctx, k, rng, _eps(infer), chain or 6, models, prior, seat_priors, deadline)
        sampler = msampler
    elif infer > 0 and chain > 0 and k.history:
        sampler = PlaySampler(ctx, k, rng, keep, chain, deadline)
    picks: list[Policy] | None = None
    tries = worlds * draws if infer > 0 and k.history and sampler is None else worlds
    for _ in range(worlds):
        if sampler is not None:
            hands = sampler.draw()
            if msampler is not None:
                picks = [ctx.pick] * n
                for seat, j in enumerate(msampler.draw_models(hands)):
                    play = models[j][1] if j >= 0 else None
                    if play is not None:
                        picks[seat] = play
        else:
            while True:
                hands = sample_hands(k, rng)
                tries -= 1
                if tries <= 0 or keep >= 1.0 or explains(ctx, k, hands, rng.random(), keep):
                    break
        real = hands
        if mis:
            hands = [mirror(h) for h in hands]
        for i in live:
            c = reps_m[i]
            if rollout == "random":
                pos = Position(deal, real, k.leader, k.trick, k.points, k.tricks).push_index(reps[i])
                res = random_playout(pos, rng)
            else:
                hs = list(hands)
                hs[me] ^= 1 << c
                res = playout(ctx, hs, k.leader, [*trick0, c], list(k.points), list(k.tricks),
                              gone0 | 1 << c, k.void_suits, me, 0, picks)
            v: float = res[me]
            sums[i] += v
            row[i] = v
        for i in live:
            cnt[i] += 1
        if bi >= 0:
            for i in live:
                d = row[i] - row[bi]
                d1[i] += d
                d2[i] += d * d
        done += 1
        if budget_ms and (time.perf_counter() - t0) * 1000 >= budget_ms:
            break
        if least > 0:
            rows.append(row[:])
            if done >= check or done == samples:
                while check <= done:
                    check = max(check + 1, int(check * 1.5))
                if race >= 0:
                    live = _race(rows, sums, live, bi, race)
                if _clear(rows, sums, clear, live) or done >= max(samples, most):
                    break
        if tries <= 0 and done >= max(1, worlds // 4):
            break  # the play is poorly explained: stop with the deals found
    out: dict[int, float] = {}
    for i, (g, s) in enumerate(zip(groups, sums, strict=True)):
        se = math.inf
        m = cnt[i]
        if m > 1:
            var = max(0.0, d2[i] / m - (d1[i] / m) ** 2)
            se = math.sqrt(var / (m - 1))
        for c in g:
            out[c] = s / m
            if spread is not None and bi >= 0:
                spread[c] = se
    return out, done


@register
@dataclass(frozen=True)
class PimcBot(Bot):
    """Perfect Information Monte Carlo (``pimc``).

    Parameters: ``samples`` deals per card decision; ``call_samples`` per trump call, bid or contract
    name; ``playouts`` cap on deals × candidate cards (0: none); ``budget_ms`` wall-clock cap per
    decision (0: none); ``play_ms`` a lower cap for the card decisions after the opening lead (0: ``budget_ms``
    alone; the page's *Expert* gives the opening lead, the calls and the bids 350 ms and the other cards 130 ms,
    so on a slow device only the opening lead waits longer); ``rollout`` ``heuristic`` | ``random``;
    ``margin`` how much better than its fair
    share a contract must look to be named in ordered King (a fraction of the fair share);
    ``infer``/``draws`` weigh the sampled deals by how well the heuristic explains the others' play
    (0: off); ``chain`` swaps per deal of the Metropolis sampler used for that (:class:`PlaySampler`;
    0: rejection sampling); ``version`` the heuristic
    (:data:`~kingcore.bots.policy.VERSIONS`) imagined at every seat, whose card is kept on a tie;
    ``standing``: among the cards within this many points of the best, the one that hands the other
    seats the fewest points is played (0: off) — the rubber is settled by differences; ``trust``: the
    heuristic's card is kept unless another card's value beats it by more than this many standard
    errors of the paired difference (0: by any margin, the first round's rule); ``lead_trust`` the same
    for the opening lead (negative: ``trust``; the expert's 640 deals there know more than the rules of
    thumb's lead, so it trusts them less); ``least``, ``close``,
    ``lead``, ``clear``: adaptive thinking (``least`` 0: off) — a clear decision stops after ``least``
    deals or more, a close one goes on past ``samples`` up to ``close`` deals, the opening lead up to
    ``lead`` (:func:`card_values`); ``models``: the robust expert — candidate models of each other
    seat joined by ``+`` (:data:`MODELS`, e.g. ``heuristic+naive+greedy+random``), learned from its cards
    this deal (:class:`ModelSampler`; ``infer`` sets ε = 1 − infer), ``prior`` the first one's prior
    weight (the others share the rest); empty: the heuristic at every seat; ``race``: with adaptive
    thinking, a card worse than the leader by more than this many points (with :data:`CLEAR_Z` standard
    errors to spare) gets no more deals (negative: off; :func:`card_values`); ``rubber``: with
    ``models``, each seat's prior over them is learned from its cards in the rubber's earlier deals,
    their likelihood raised to this power (0: off — every deal starts from ``prior``, as before;
    1: Bayes' rule across the deals; :func:`~kingcore.bots.rubber.seat_priors`). See
    :func:`card_values`; docs/BOTS.md has the measurements that chose the defaults (and of the research
    settings that lost and left the bot: the endgame solver, own-move lookahead in the play-outs and the
    ``diff`` objective — issue 21).
    """

    name = "pimc"
    samples: int = 40
    call_samples: int = 16
    playouts: int = 0
    budget_ms: float = 0.0
    play_ms: float = 0.0
    rollout: str = "heuristic"
    margin: float = 0.3
    infer: float = 0.0
    draws: int = 8
    chain: int = 0
    version: int = VERSION
    standing: float = 0.2
    trust: float = 1.0
    lead_trust: float = -1.0
    least: int = 0
    close: int = 0
    lead: int = 0
    clear: float = 0.1
    models: str = ""
    prior: float = 0.7
    race: float = -1.0
    rubber: float = 0.0

    def __post_init__(self) -> None:
        if self.samples < 1 or self.call_samples < 1 or self.playouts < 0 or self.budget_ms < 0:
            raise ValueError("samples and call_samples must be ≥ 1; playouts and budget_ms ≥ 0")
        if self.play_ms < 0:
            raise ValueError(f"play_ms must be ≥ 0 (0: budget_ms alone), not {self.play_ms}")
        if self.rollout not in ("heuristic", "random"):
            raise ValueError(f"rollout must be heuristic or random, not {self.rollout!r}")
        if not 0.0 <= self.infer <= 1.0 or self.draws < 1 or self.chain < 0:
            raise ValueError("infer must be between 0 and 1, draws ≥ 1 and chain ≥ 0")
        if self.version not in VERSIONS:
            raise ValueError(f"version must be one of {', '.join(map(str, VERSIONS))}, not {self.version}")
        names = self.models.split("+") if self.models else []
        if any(m not in MODELS for m in names) or len(set(names)) != len(names):
            raise ValueError(f"models must be distinct names of {', '.join(MODELS)} joined by +, not {self.models!r}")
        if not 0.0 < self.prior <= 1.0:
            raise ValueError(f"prior must be above 0 and at most 1, not {self.prior}")
        if self.least < 0 or self.close < 0 or self.lead < 0 or self.clear < 0:
            raise ValueError("least, close, lead and clear must be ≥ 0")
        if self.rubber < 0:
            raise ValueError(f"rubber must be ≥ 0, not {self.rubber}")
        if self.standing < 0 or self.trust < 0:
            raise ValueError(f"standing and trust must be ≥ 0, not {self.standing} and {self.trust}")

    def decide(self, view: SeatView, legal: list[Move], rng: random.Random,
               earlier: tuple[EarlierDeal, ...] = ()) -> Move:
        """The move of the best expected value (see :meth:`evaluate`; cards: :meth:`_pick`)."""
        if view.phase == "play":
            start = time.perf_counter()
            k, ctx, lm, heuristic = heuristic_play(view, legal, self.version)
            on_table = 0
            for c in k.trick:
                on_table |= 1 << c
            if len(card_groups(ctx, lm, k.hand, k.gone & ~on_table)) == 1:
                return heuristic  # every legal card plays alike
            hc = heuristic.card.index if heuristic.card is not None else -1
            spread: dict[int, float] = {}
            vals, _ = card_values(k, lm, rng, self.samples, self.playouts, self._budget(k, start), self.rollout,
                                  self.infer, self.draws, self.chain, self.version, hc, spread, *self._adaptive(k),
                                  *self._models(), race=self.race,
                                  seat_priors=self._seat_priors(view, earlier))
            return self._pick(ctx, k, legal, heuristic, vals, spread)
        values = self.evaluate(view, legal, rng)
        return pick_call(view, legal, values, self.margin)

    def _models(self) -> tuple[tuple[tuple[Policy | None, Policy | None], ...], tuple[float, ...]]:
        """(the candidate models, their prior weights): the first named gets ``prior``, the others
        share the rest evenly; no models: ``((), ())``."""
        names = self.models.split("+") if self.models else []
        if not names:
            return (), ()
        rest = (1.0 - self.prior) / (len(names) - 1) if len(names) > 1 else 0.0
        return tuple(MODELS[m] for m in names), (self.prior, *([rest] * (len(names) - 1)))

    def learns(self) -> bool:
        """Whether the earlier deals set each seat's prior (``rubber`` > 0 with ``models``)."""
        return self.rubber > 0 and bool(self.models)

    def _seat_priors(self, view: SeatView, earlier: Sequence[EarlierDeal]) -> list[tuple[float, ...]] | None:
        """Each seat's prior over the models learned from the rubber's ``earlier`` deals (when
        :meth:`learns`; else ``None``: the plain prior)."""
        models, prior = self._models()
        if not self.learns() or not earlier:
            return None
        n = len(view.points)
        return seat_priors(earlier, n, models, prior, _eps(self.infer), self.version, self.rubber, view.rules)

    def _budget(self, k: Knowledge, start: float) -> float:
        """What is left at ``start`` + now of the wall-clock cap of a card decision begun at ``start``
        (a ``time.perf_counter()``), in ms (0: no cap; else at least 1): ``budget_ms`` for the opening lead,
        the lower of it and ``play_ms`` for every later card."""
        if not self.play_ms or (k.trick_no == 0 and not k.trick):
            cap = self.budget_ms
        else:
            cap = min(self.budget_ms, self.play_ms) if self.budget_ms else self.play_ms
        return max(1.0, cap - (time.perf_counter() - start) * 1000) if cap else 0.0

    def _adaptive(self, k: Knowledge) -> tuple[int, int, float]:
        """(least, most, clear) for :func:`card_values`: ``lead`` deals at most for the opening lead,
        ``close`` for the other close decisions (0: ``samples``); ``least`` 0 is off."""
        opening = k.trick_no == 0 and not k.trick
        return self.least, (self.lead or self.close) if opening else self.close, self.clear

    def _pick(self, ctx: Ctx, k: Knowledge, legal: list[Move], heuristic: Move, vals: dict[int, float],
              spread: dict[int, float]) -> Move:
        """The card to play from the values: the best one, unless the heuristic's card is within
        ``trust`` (the opening lead: ``lead_trust``, when set) × √(2 ln k) standard errors of it (k
        distinct values; then the heuristic's); in a
        positive contract, a card that leaves a trick with points to another seat gives way to one
        within ``standing`` points of the best that leaves fewer points there (:func:`_gift`)."""
        values = {m: vals[m.card.index] for m in legal if m.card is not None}
        best_m = max(legal, key=lambda m: (values[m], -legal.index(m)))
        best = values[best_m]
        hv = values[heuristic]
        se = spread.get(best_m.card.index, 0.0) if best_m.card is not None else 0.0
        # the best of k noisy means is biased upward by about sqrt(2 ln k) standard errors
        k_alt = len({round(v, 9) for v in values.values()})
        trust = self.lead_trust if self.lead_trust >= 0 and k.trick_no == 0 and not k.trick else self.trust
        choice = heuristic if best - hv <= max(1e-9, trust * se * math.sqrt(2 * math.log(max(2, k_alt)))) \
            else best_m
        if self.standing > 0 and not ctx.neg and not ctx.misere and k.trick:
            gifts = {m: _gift(ctx, k.trick, k.trick_no, m.card.index) for m in legal if m.card is not None}
            if gifts[choice] > 0:
                alt = [m for m in legal if gifts[m] < gifts[choice] and values[m] >= best - self.standing]
                if alt:
                    least = min(gifts[m] for m in alt)
                    alt = [m for m in alt if gifts[m] == least]
                    return heuristic if heuristic in alt else max(alt, key=lambda m: (values[m], -legal.index(m)))
        return choice

    def evaluate(self, view: SeatView, legal: list[Move], rng: random.Random,
                 earlier: Sequence[EarlierDeal] = ()) -> dict[Move, float]:
        """Expected points of the deal for ``view.seat`` after each legal move (positive is good);
        ``earlier``: the rubber's finished deals (:meth:`Bot.choose`).

        Raises:
            ValueError: the seat is not to move.
        """
        if view.phase == "play":
            k = knowledge(view)
            lm = 0
            for m in legal:
                assert m.card is not None
                lm |= m.card.mask
            vals, _ = card_values(k, lm, rng, self.samples, self.playouts, self.budget_ms, self.rollout,
                                  self.infer, self.draws, self.chain, self.version, -1, None, 0, 0, self.clear,
                                  *self._models(), seat_priors=self._seat_priors(view, earlier))
            # every card rated on all ``samples`` deals
            return {m: vals[m.card.index] for m in legal if m.card is not None}
        return evaluate_calls(view, legal, rng, self.call_samples, self.budget_ms, self.version)
