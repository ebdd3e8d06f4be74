"""Issue 12, items 3, 4 and 6: adaptive thinking (more deals for the opening lead and close decisions,
fewer for clear ones) and the robust expert, whose model of each opponent is learned from its cards.
Honesty (hidden-hand invariance) of both is in tests/test_bots.py's ``BOTS``."""

from __future__ import annotations

import random

import pytest

from kingcore import Game, Move
from kingcore.bots import BotSpecError, knowledge, make_bot
from kingcore.bots.arena import contract_rules, deal_cards_for, one_deal_game
from kingcore.bots.calls import deal_ctx
from kingcore.bots.pimc import MODELS, ModelSampler, card_values
from kingcore.bots.policy import mirror
from kingcore.rules import Rules
from kingcore.view import seat_view


def _game(contract: str, index: int) -> Game:
    rules, c = contract_rules(Rules(), contract)
    dealer, hands, kitty = deal_cards_for(rules, c, index, 3)
    return one_deal_game(rules, c, dealer, hands, kitty)


def _legal_mask(g: Game) -> int:
    lm = 0
    for m in seat_view(g, g.to_move or 0).legal:
        lm |= Move.parse(m).card.mask  # type: ignore[union-attr]
    return lm


def test_adaptive_thinking_stops_clear_decisions_early_and_extends_close_ones() -> None:
    """Off (``least`` 0) it plays exactly ``samples`` deals; on, a decision between equal cards stops at
    the first checkpoint, and an opening lead among cards of different worth goes past ``samples``
    unless it is settled — and the same rng gives the same values."""
    done_counts = []
    for i in range(6):
        g = _game("no_tricks", i)
        k = knowledge(seat_view(g, g.to_move or 0))
        lm = _legal_mask(g)
        _, plain = card_values(k, lm, random.Random(1), 24)
        assert plain == 24
        v1, n1 = card_values(k, lm, random.Random(1), 24, least=8, most=96, clear=0.1)
        v2, n2 = card_values(k, lm, random.Random(1), 24, least=8, most=96, clear=0.1)
        assert (v1, n1) == (v2, n2) and 8 <= n1 <= 96
        done_counts.append(n1)
        _, wide = card_values(k, lm, random.Random(1), 24, least=8, most=96, clear=100.0)
        assert wide == 8  # every card within 100 points of the leader: clear at the first checkpoint
    assert max(done_counts) > 24  # some opening leads are close: more deals than samples
    g = _game("no_tricks", 0)
    k = knowledge(seat_view(g, g.to_move or 0))
    assert make_bot("pimc(samples=24,least=8,close=48,lead=96)")._adaptive(k) == (8, 96, 0.1)  # type: ignore[attr-defined]


def test_model_sampler_learns_each_seat_from_its_cards() -> None:
    """Seats that play ``naive``, ``greedy`` or at random are modelled as such after four tricks, seats
    that play the heuristic as the heuristic: the posterior over the models follows what each seat
    played (contracts where the models differ: in *no tricks* naive ducks like the heuristic)."""
    names = ["heuristic", "naive", "greedy", "random"]
    models = [MODELS[m] for m in names]
    for field, contract in (("naive", "take_tricks"), ("greedy", "no_tricks"), ("random", "no_tricks"),
                            ("heuristic", "take_tricks"), ("heuristic", "no_girls")):
        tally = dict.fromkeys(names, 0)
        for i in range(4):
            g = _game(contract, i)
            bots = [make_bot("heuristic")] + [make_bot(field)] * 3
            for _ in range(16):  # four tricks
                seat = g.to_move
                assert seat is not None
                g.play(bots[seat].choose(seat_view(g, seat), random.Random(0)), seat)
            me = 0
            while g.to_move != me:
                seat = g.to_move
                assert seat is not None
                g.play(bots[seat].choose(seat_view(g, seat), random.Random(0)), seat)
            k = knowledge(seat_view(g, me))
            assert k.deal is not None
            sampler = ModelSampler(deal_ctx(k.deal), k, random.Random(i), 0.1, 6, models, (0.7, 0.1, 0.1, 0.1))
            for _ in range(20):
                hands = sampler.draw()
                for s, j in enumerate(sampler.draw_models(hands)):
                    if s != me:
                        assert j >= 0
                        tally[names[j]] += 1
                    else:
                        assert j == -1
        assert max(tally, key=lambda m: tally[m]) == field, (field, contract, tally)
        assert tally[field] >= 0.6 * sum(tally.values()), (field, contract, tally)


def test_robust_expert_spec_checks_its_models() -> None:
    for bad in ("pimc(models=heuristic+bogus)", "pimc(models=naive+naive)", "pimc(prior=0)",
                "pimc(least=-1)", "pimc(prior=1.5)"):
        with pytest.raises(BotSpecError):
            make_bot(bad)
    bot = make_bot("pimc(samples=2,models=naive+random,prior=0.5)")
    assert str(make_bot(str(bot))) == str(bot)


def _mid_deal(contract: str, index: int, cards: int) -> Game:
    """Arena deal ``index`` of ``contract`` after ``cards`` cards of mixed play (heuristic, naive, greedy,
    random seats: the models' likelihoods differ)."""
    g = _game(contract, index)
    bots = [make_bot(b) for b in ("heuristic", "naive", "greedy", "random")]
    for _ in range(cards):
        seat = g.to_move
        assert seat is not None
        g.play(bots[seat].choose(seat_view(g, seat), random.Random(index)), seat)
    return g


def test_model_sampler_likelihoods_match_the_definition() -> None:
    """The memoised likelihoods (per hand, and per card on the part of the hand it depends on) equal the
    definition recomputed card by card: a chance ``1 − ε + ε/L`` or ``ε/L`` per card with a choice."""
    names = ["heuristic", "naive", "greedy", "random"]
    models = [MODELS[m] for m in names]
    checked = 0
    for contract, index in (("take_tricks", 1), ("no_girls", 2), ("eralash_minus", 3), ("trumps", 4)):
        g = _mid_deal(contract, index, 14)
        k = knowledge(seat_view(g, g.to_move or 0))
        assert k.deal is not None
        ctx = deal_ctx(k.deal)
        sampler = ModelSampler(ctx, k, random.Random(index), 0.1, 6, models, (0.7, 0.1, 0.1, 0.1))
        for _ in range(30):
            hands = sampler.draw()
            for seat in sampler.seats:
                want = [1.0] * len(models)
                for trick, gone, trick_no, voids, card, later in sampler.per[seat]:
                    h = hands[seat] | later
                    if ctx.misere:
                        h = mirror(hands[seat]) | later
                    lm = ctx.legal(h, trick[0] // 13 if trick else -1)
                    if lm & (lm - 1):
                        share = 1.0 / lm.bit_count()
                        for j, (judge, _) in enumerate(models):
                            if judge is None:
                                want[j] *= share
                            else:
                                hit = judge(ctx, h, lm, trick, gone, trick_no, voids) == card
                                want[j] *= 1.0 - 0.1 + 0.1 * share if hit else 0.1 * share
                assert sampler.likelihoods(seat, hands[seat]) == tuple(want)
                checked += 1
    assert checked > 200


def test_race_drops_only_cards_clearly_behind_and_changes_no_other_value() -> None:
    """With ``race`` a card clearly behind gets no more deals; every other card's value is the same as
    without it (same deals, same play-outs), and so is the card chosen."""
    dropped = 0
    for contract, index in (("no_tricks", 0), ("take_tricks", 1), ("no_girls", 2), ("take_hearts", 3),
                            ("no_boys", 4), ("eralash_plus", 5)):
        g = _mid_deal(contract, index, 6)
        k = knowledge(seat_view(g, g.to_move or 0))
        lm = _legal_mask(g)
        args = dict(least=8, most=96, clear=0.1, models=[MODELS[m] for m in ("heuristic", "naive")],
                    prior=(0.9, 0.1), infer=0.9, chain=6)
        full, n_full = card_values(k, lm, random.Random(index), 48, **args)  # type: ignore[arg-type]
        raced, n_raced = card_values(k, lm, random.Random(index), 48, race=0.2, **args)  # type: ignore[arg-type]
        assert n_raced == n_full
        best = max(full, key=lambda c: full[c])
        assert raced[best] == full[best] and max(raced, key=lambda c: raced[c]) == best
        same = [c for c in full if raced[c] == full[c]]
        dropped += len(full) - len(same)
        for c in full:
            if c not in same:
                assert full[c] < full[best] - 0.2  # only cards far behind lost deals
    assert dropped > 0
