"""Issue 12, items 3, 4 and 6: adaptive thinking (more deals for the opening lead and close decisions,
fewer for clear ones) and the robust expert, whose model of each opponent is learned from its cards.
Honesty (hidden-hand invariance) of both is in tests/test_bots.py's ``BOTS``; the model learned across
the deals of the rubber (``rubber``) has its own invariance test here (the earlier deals' unseen cards)."""

from __future__ import annotations

import json
import random
import time

import pytest
from test_bots import replay_deal

from kingcore import Game, IllegalMoveError, Move, Phase
from kingcore.bots import BotSpecError, choose_token, knowledge, make_bot, sample_hands
from kingcore.bots.arena import contract_rules, deal_cards_for, one_deal_game, run_arena, warm_game
from kingcore.bots.calls import deal_ctx
from kingcore.bots.pimc import MODELS, ModelSampler, card_values
from kingcore.bots.policy import mirror
from kingcore.bots.rubber import REOPEN, deal_evidence, known_plays, seat_priors
from kingcore.cards import SUIT_MASKS
from kingcore.rules import Rules
from kingcore.view import EarlierDeal, earlier_deals, seat_view
from kingcore.web.botcalls import bot_move, hint_json, learn, need
from kingcore.web.past import MEMORY, Past
from kingcore.web.session import Session


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


def test_chain_warm_up_stops_at_the_deadline_and_only_then() -> None:
    """A deadline already past: the chain keeps the deal it started from (no swap drew randomness); a deadline
    far ahead (or none): the whole warm-up, the same chain as without one."""
    models = [MODELS[m] for m in ("heuristic", "naive", "greedy", "random")]
    prior = (0.7, 0.1, 0.1, 0.1)
    for contract, index in (("take_tricks", 1), ("no_girls", 2)):
        k = knowledge(seat_view(_mid_deal(contract, index, 14), 0))
        assert k.deal is not None
        ctx = deal_ctx(k.deal)
        start = random.Random(index)
        sample_hands(k, start)  # the warm-up's first deal, drawn alone
        past = ModelSampler(ctx, k, random.Random(index), 0.1, 6, models, prior, deadline=1e-9)
        assert past.active and past.rng.getstate() == start.getstate()
        ahead = ModelSampler(ctx, k, random.Random(index), 0.1, 6, models, prior, deadline=time.perf_counter() + 3600)
        plain = ModelSampler(ctx, k, random.Random(index), 0.1, 6, models, prior)
        assert ahead.rng.getstate() == plain.rng.getstate() != start.getstate() and ahead.hands == plain.hands


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


# ----------------------------------------------------------------------------------------- the rubber

ROBUST = "pimc(samples=4,call_samples=1,infer=0.9,chain=2,models=heuristic+naive+greedy+random,prior=0.9"
FIELD = ("heuristic", "naive", "greedy", "random")


def _rubber(rules: str, deals: int, seed: int) -> Game:
    """A rubber of ``rules`` after ``deals`` deals, seat s playing ``FIELD[s % 4]``, stopped before the
    next deal's cards (or at the rubber's end)."""
    g = Game(Rules.parse(rules))
    g.set_first_dealer(0)
    bots = [make_bot(FIELD[s % 4]) for s in range(g.rules.players)]
    rng = random.Random(seed)
    while g.phase is not Phase.RUBBER_OVER:
        if g.phase in (Phase.DEAL, Phase.DEAL_OVER):
            if len(g.deals) == deals:
                break
            g.deal(rng)
            continue
        s = g.to_move
        assert s is not None
        g.play(bots[s].choose(seat_view(g, s), random.Random(len(g.deals) * 16 + s)))
    return g


def test_each_seats_model_is_learned_across_the_rubbers_deals() -> None:
    """After six deals of a rubber, each seat's prior for the next deal puts most weight on the model it
    plays by (the heuristic, naive, greedy, random); before any deal, and with ``rubber`` 0, every seat
    gets the plain prior."""
    names = ["heuristic", "naive", "greedy", "random"]
    models = tuple(MODELS[m] for m in names)
    prior = (0.9, 0.1 / 3, 0.1 / 3, 0.1 / 3)
    hits = 0
    for seed in range(3):
        g = _rubber("king()", 6, seed)
        g.deal(random.Random(seed))
        v, earlier = seat_view(g, 0), earlier_deals(g)
        assert len(earlier) == 6 and all(len(e.plays) <= 32 for e in earlier)
        got = seat_priors(earlier, 4, models, prior, 0.1, 2, 1.0, v.rules)
        for s in range(4):
            assert abs(sum(got[s]) - 1) < 1e-9 and min(got[s]) >= REOPEN * min(prior) - 1e-12
            hits += max(range(4), key=lambda j, s=s: got[s][j]) == s
        assert seat_priors(earlier, 4, models, prior, 0.1, 2, 0.0, v.rules) == [prior] * 4
        assert seat_priors((), 4, models, prior, 0.1, 2, 1.0, v.rules) == [prior] * 4
    assert hits >= 11  # of 12 seats


def test_only_cards_of_a_known_hand_count_after_an_early_end() -> None:
    """A deal that ended early leaves cards unplayed: a card counts only when the public cards show the
    hand it was played from (the whole hand, or the led suit when it followed suit) — checked against
    the hands really dealt; every card with a choice of a deal played out counts, and of a deal that
    ended early some count and some do not."""
    models = (MODELS["heuristic"], MODELS["random"])
    seen_partial = 0
    for seed in (4, 5):
        g = _rubber("king()", 14, seed)
        v = seat_view(g, 0)
        for d, e in zip(g.deals[:-1], earlier_deals(g), strict=True):
            _, known = known_plays(e, v.rules)
            plays = [(s, c.index) for s, c in d.plays]
            if len(plays) == 32:
                assert len(known) == 32
                assert all(x < 0 for seat in deal_evidence(e, v.rules, models, 0.1, 2) for x in seat)
                continue
            assert len(known) < len(plays)
            seen_partial += len(known) > 0
            for seat, trick, _gone, _no, _voids, card, later in known:
                i = plays.index((seat, card))
                true_hand = d.hand_mask(seat) & ~sum(1 << c for s, c in plays[:i] if s == seat)
                part = SUIT_MASKS[trick[0] // 13] if trick and card // 13 == trick[0] // 13 else (1 << 52) - 1
                assert true_hand & part == later & part, f"deal {d.number} seat {seat}: a hand not known"
    assert seen_partial >= 2


def _redeal_earlier(g: Game, rng: random.Random) -> Game | None:
    """The same rubber with the cards nobody saw dealt again in every finished deal (the cards left
    unplayed by an early end, and the kitty): each such card goes to another unseen slot of that deal;
    kept only if the whole rubber replays legally (independent of kingcore.bots)."""
    g2 = g.restart()
    changed = False
    for d in g.deals:
        hands = [list(h) for h in d.hands]
        kitty = list(d.kitty)
        if d is not g.deals[-1]:
            played = {c for _, c in d.plays}
            if d.shown is not None:
                played.add(d.shown)
            slots = [(s, j) for s in range(len(hands)) for j, c in enumerate(hands[s]) if c not in played]
            slots += [(-1, j) for j in range(len(kitty))]
            hidden = [hands[s][j] if s >= 0 else kitty[j] for s, j in slots]
            perm = list(hidden)
            rng.shuffle(perm)
            changed |= perm != hidden
            for (s, j), c in zip(slots, perm, strict=True):
                if s >= 0:
                    hands[s][j] = c
                else:
                    kitty[j] = c
        try:
            replay_deal(g2, hands, kitty, d)
        except IllegalMoveError:
            return None
    return g2 if changed else None


@pytest.mark.parametrize("rules", ["king()", "king(players=3,deck=kitty,replay=trumps)",
                                   "king(boys=kings_and_jacks,king_discard=always,hearts_must_go=true)"])
def test_learning_across_the_rubber_never_reads_a_card_nobody_saw(rules: str) -> None:
    """Hidden-hand invariance across the rubber: the unseen cards of the earlier deals (left unplayed by
    an early end, the kitty) dealt otherwise give the same view and the same decision of the bot that
    learns from the earlier deals; and the decision is the same after the view's and the earlier deals'
    JSON round trip (the web worker's path: the same position gives the same answer)."""
    bot = make_bot(ROBUST + ",rubber=1)")
    rng = random.Random(7)
    checked = 0
    for seed in range(200):
        if checked == 8:
            break
        g = _rubber(rules, 2 + seed % 5, seed)
        if g.phase is Phase.RUBBER_OVER:
            continue
        g.deal(random.Random(seed))
        while g.phase is not Phase.PLAY or len(g.legal_moves()) < 2:
            g.step_random(rng)
        for _ in range(int(rng.random() * 12)):
            g.step_random(rng)
            if g.phase is not Phase.PLAY:
                break
        if g.phase is not Phase.PLAY or len(g.legal_moves()) < 2:
            continue
        g2 = _redeal_earlier(g, rng)
        if g2 is None:
            continue
        seat = g.to_move
        assert seat is not None
        v1, v2 = seat_view(g, seat), seat_view(g2, seat)
        e1, e2 = earlier_deals(g), earlier_deals(g2)
        assert v1 == v2 and e1 == e2 and e1, "the view or the earlier deals differ: they leak hidden cards"
        assert bot.choose(v1, random.Random(seed), e1) == bot.choose(v2, random.Random(seed), e2)
        sent = tuple(EarlierDeal.from_dict(json.loads(json.dumps(e.to_dict()))) for e in e1)
        assert choose_token(v1.to_dict(), ROBUST + ",rubber=1)", seed, sent) == \
            str(bot.choose(v1, random.Random(seed), e1))
        checked += 1
    assert checked == 8


def test_rubber_zero_is_the_bot_of_before_and_the_learning_changes_the_priors_it_plays_with() -> None:
    """``rubber`` 0 (the default) decides exactly as a view without the earlier deals; ``rubber=1`` hands
    each seat its learned prior (:meth:`PimcBot._seat_priors`)."""
    old = make_bot(ROBUST + ")")
    assert old == make_bot(ROBUST + ",rubber=0)")
    with pytest.raises(BotSpecError):
        make_bot(ROBUST + ",rubber=-1)")
    new = make_bot(ROBUST + ",rubber=1)")
    differs = 0
    for seed in range(6):
        g = _rubber("king()", 6, seed)
        g.deal(random.Random(seed))
        while g.phase is not Phase.PLAY or len(g.legal_moves()) < 2:
            g.step_random(random.Random(seed))
        v, earlier = seat_view(g, g.to_move or 0), earlier_deals(g)
        assert old.choose(v, random.Random(seed), earlier) == old.choose(v, random.Random(seed))
        assert not old.learns() and new.learns()
        assert old._seat_priors(v, earlier) is None and new._seat_priors(v, ()) is None  # type: ignore[attr-defined]
        learned = new._seat_priors(v, earlier)  # type: ignore[attr-defined]
        assert learned is not None and len(learned) == 4
        differs += learned != [old._models()[1]] * 4  # type: ignore[attr-defined]
    assert differs == 6


def test_arena_plays_earlier_deals_at_the_table_when_asked() -> None:
    """``warmup=0`` is the arena of one deal; with earlier deals self-play still gives exactly 0, and
    the scored deal has the earlier deals (the same for every rotation)."""
    a = run_arena(["heuristic", "naive"], ["no_tricks"], deals=2, rng_seed=5)
    b = run_arena(["heuristic", "naive"], ["no_tricks"], deals=2, rng_seed=5, warmup=0)
    assert a == b
    same = run_arena(["naive", "naive"], ["take_tricks", "trumps"], deals=2, rng_seed=5, warmup=3)
    assert all(r.points_diff == 0 for r in same)
    rules, c = contract_rules(Rules(), "take_tricks")
    dealer, hands, kitty = deal_cards_for(rules, c, 0, 5)
    bots = [make_bot("naive")] * 4
    g1 = warm_game(rules, c, dealer, hands, kitty, 3, bots, 5, 0)
    g2 = warm_game(rules, c, dealer, hands, kitty, 3, bots, 5, 0)
    assert len(earlier_deals(g1)) == 3 and earlier_deals(g1) == earlier_deals(g2)
    assert g1.current is not None and g1.current.dealer == dealer and g1.contract is c
    with pytest.raises(ValueError):
        run_arena(["heuristic", "naive"], ["ordered"], deals=1, warmup=2)


def test_the_pages_bot_request_names_the_rubber_through_save_and_undo() -> None:
    """The web worker's bots get the earlier deals once per deal, not in each request: a request is the
    view and a tag naming them (:meth:`Session.bot_request`); a save read back and an undo give the same
    request, so the bot that learns across the rubber makes the same move in the same position."""
    spec = ROBUST + ",rubber=1)"
    rng = random.Random(3)
    s = Session.new_game({}, rng, {"levels": ["human", "medium", "medium", "medium"]})
    while not (len(s.game.deals) >= 3 and s.game.to_move == 0 and s.game.phase is Phase.PLAY
               and len(s.game.legal_moves()) > 1):
        if s.deal(rng):
            continue
        seat = s.game.to_move
        assert seat is not None
        level = "medium" if seat else "random"
        assert s.apply(bot_move(s.bot_request(seat), level, s.bot_seed(seat)), seat)["ok"]
    request = s.bot_request(0)
    view = json.loads(request)
    earlier = earlier_deals(s.game)
    assert "earlier" not in view and view["past"].startswith(f"{len(s.game.deals) - 1}:")
    assert len(earlier) == len(s.game.deals) - 1 and MEMORY.known(view["past"]) == earlier
    move = choose_token(view, spec, s.bot_seed(0), earlier)
    back = Session.from_save(s.to_save())
    assert back.bot_request(0) == request and choose_token(json.loads(back.bot_request(0)), spec, 5, earlier) == \
        choose_token(view, spec, 5, earlier_deals(back.game))
    assert s.apply(move, 0)["ok"]
    while s.game.to_move not in (0, None) and s.game.phase is Phase.PLAY:
        seat = s.game.to_move
        assert s.apply(bot_move(s.bot_request(seat), "medium", s.bot_seed(seat)), seat)["ok"]
    assert s.undo(0)
    assert s.bot_request(0) == request
    assert choose_token(json.loads(s.bot_request(0)), spec, s.bot_seed(0), earlier_deals(s.game)) == move


def test_the_worker_learns_the_rubber_once_per_deal_and_then_plays_as_the_page(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A worker that holds none of the rubber (just started, or restarted) answers ``?past`` and the tag it
    holds instead of a move; fed the page's :meth:`Session.bot_past` it learns every earlier deal and plays
    what this thread plays; a deal later it lacks one deal and is fed exactly that one. A level that does
    not learn from the rubber never asks. A feed that does not fit is refused and changes nothing."""
    from kingcore.web import botcalls

    capped = botcalls.level_spec  # expert: a fast learning level, no wall-clock cap
    monkeypatch.setattr(botcalls, "level_spec",
                        lambda level: ROBUST + ",rubber=1)" if level == "expert" else capped(level))
    rng = random.Random(5)
    s = Session.new_game({}, rng, {"levels": ["medium"] * 4})
    fed = []
    for deal in (3, 4):
        while not (len(s.game.deals) == deal and s.game.phase is Phase.PLAY and len(s.game.legal_moves()) > 1):
            if not s.deal(rng):
                seat = s.game.to_move
                assert seat is not None
                assert s.apply(bot_move(s.bot_request(seat), "medium", s.bot_seed(seat)), seat)["ok"]
        seat = s.game.to_move
        assert seat is not None
        request, seed = s.bot_request(seat), s.bot_seed(seat)
        here = bot_move(request, "expert", seed)  # this thread: its session told its memory
        assert need(here) is None and Move.parse(here) in s.game.legal_moves()
        worker = Past()  # another Python: what it held before this deal
        worker.extend(fed[-1] if fed else ())
        MEMORY.clear()
        MEMORY.extend(worker.deals)
        held = need(bot_move(request, "expert", seed))
        assert held == worker.tag() and need(hint_json(request, 1)) == held
        assert need(bot_move(request, "medium", seed)) is None  # the heuristic never asks
        feed = json.loads(s.bot_past(held))
        assert feed["from"] == len(worker.deals) and len(feed["deals"]) == deal - 1 - len(worker.deals)
        with pytest.raises(ValueError):
            learn(json.dumps({"from": deal + 5, "deals": []}))
        with pytest.raises(ValueError):
            learn(json.dumps({"from": 0, "deals": [{"contract": "nonsense"}]}))
        assert MEMORY.tag() == held  # refused feeds changed nothing
        assert learn(s.bot_past(held)) == json.loads(request)["past"]
        assert bot_move(request, "expert", seed) == here
        fed.append(earlier_deals(s.game))
    assert [len(e) for e in fed] == [2, 3]


def test_a_deal_that_ended_is_fed_before_the_next_deal_asks() -> None:
    """At a deal's end (phase ``deal_over``) the page's past already holds that deal: a worker fed then
    (the page's ``Bots.teach``) holds the very tag the next deal's first bot request names, so it never
    answers ``?past``; before the end the deal is not in it."""
    rng = random.Random(11)
    s = Session.new_game({}, rng, {"levels": ["medium"] * 4})
    while not (len(s.game.deals) == 2 and s.game.phase is Phase.DEAL_OVER):
        if len(s.game.deals) == 2 and s.game.phase is Phase.PLAY:
            assert s.sync_past().startswith("1:")  # the deal being played is not yet an earlier one
        if not s.deal(rng):
            seat = s.game.to_move
            assert seat is not None
            assert s.apply(bot_move(s.bot_request(seat), "medium", s.bot_seed(seat)), seat)["ok"]
    ended = s.sync_past()
    assert ended.startswith("2:") and earlier_deals(s.game, ended=True) == tuple(s.past.deals)
    assert len(earlier_deals(s.game)) == 1  # without ``ended``: the deals before the current one, as before
    worker = Past()
    worker.learn(s.bot_past(worker.tag()))
    assert worker.tag() == ended
    assert s.deal(rng)
    seat = s.game.to_move
    assert seat is not None
    assert json.loads(s.bot_request(seat))["past"] == ended and worker.known(ended) is not None
