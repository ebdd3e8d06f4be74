"""Bots (kingcore.bots): they never peek, never play an illegal move, are deterministic, and are as
strong as measured.

- hidden-hand invariance: for many random views, the hidden cards are dealt again among the other
  seats (and the kitty) consistently with the public play; every bot level must decide the same under
  the same ``rng`` seed — and a deliberately peeking bot is caught;
- fuzz: 3 × 10⁴ decisions (10⁵ and 10⁶ with ``-m slow``) over every contract, deck, replay mode and order;
- the fast play-out with the heuristic at every seat is exactly the heuristic bot playing through Game;
- duplicate arena: self-play gives exactly 0; strength tripwires from the calibration in docs/bots-lab.md.
"""

from __future__ import annotations

import dataclasses
import json
import random
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from kingcore import Card, Contract, Deal, Game, IllegalMoveError, Move, Phase, Rules
from kingcore.bots import (
    LEVELS,
    Bot,
    BotSpecError,
    PimcBot,
    analyse,
    choose_token,
    hint,
    knowledge,
    legal_moves,
    make_bot,
    sample_hands,
    view_from_dict,
)
from kingcore.bots.arena import contract_rules, deal_cards_for, one_deal_game, play_game, run_arena
from kingcore.bots.calls import deal_ctx, play_deal
from kingcore.bots.pimc import PlaySampler
from kingcore.bots.policy import Ctx, choose_card
from kingcore.cards import CardSet, cards_of
from kingcore.notation import dumps
from kingcore.view import SeatView, seat_view
from tools.first_heuristic import install as install_the_first_heuristic

install_the_first_heuristic()  # the lab's version 1 (not in the wheel) is checked like the others

ROOT = Path(__file__).resolve().parent.parent

CONFIGS = [
    "king()",
    "king(players=2)",
    "king(players=3)",
    "king(players=3,deck=no_black_aces,preset=three)",
    "king(players=3,deck=kitty,replay=trumps)",
    "king(players=3,deck=short)",
    "king(players=5)",
    "king(players=6,boys=kings)",
    "king(replay=trumps)",
    "king(replay=trumps,trump_rounds=2,must_trump=false,deal_by=2)",
    "king(replay=trumps,misere_allowed=false,eralash_plus_after_trumps=false)",
    "king(replay=auction)",
    "king(order=chosen)",
    "king(order=chosen,replay=trumps)",
    "king(boys=kings_and_jacks,king_discard=always,hearts_must_go=true)",
    "king(early_end=false,eralash=false,preset=dos1993)",
]

BOTS = ["random", "heuristic", "heuristic(noise=0.2)", "pimc(samples=3,call_samples=2)",
        "expert(samples=3,call_samples=2,least=2,close=6,lead=8)", "pimc(samples=3,call_samples=1,infer=0.7,draws=2)",
        "pimc(samples=3,call_samples=1,infer=1,chain=2)",
        "pimc(samples=2,call_samples=1,rollout=random)",
        "naive", "greedy", "heuristic(version=1)", "pimc(samples=3,call_samples=1,version=1,trust=0,standing=0)",
        "pimc(samples=3,call_samples=1,infer=0.9,models=heuristic+naive+greedy+random,prior=0.4)",
        "pimc(samples=3,call_samples=1,infer=0.9,models=heuristic+naive+greedy+random,rubber=1)",
        "pimc(samples=4,call_samples=1,least=2,close=8,lead=12)"]


# ----------------------------------------------------------------------------------------- helpers

def random_decision(rules: Rules, rng: random.Random) -> Game:
    """A game stopped at a random decision with at least two legal moves."""
    while True:
        g = Game(rules)
        steps = int(rng.random() * rules.hand_size * rules.players * 6)
        for _ in range(steps):
            if g.phase is Phase.RUBBER_OVER:
                break
            g.step_random(rng)
        while g.phase is not Phase.RUBBER_OVER and (g.to_move is None or len(g.legal_moves()) < 2):
            g.step_random(rng)
        if g.phase is not Phase.RUBBER_OVER:
            return g



def replay_deal(g: Game, hands: Any, kitty: Any, deal: Deal) -> None:
    """Deal ``hands`` and ``kitty`` in ``g`` and play ``deal``'s recorded calls and cards on them.

    Raises:
        IllegalMoveError: a recorded move is not legal with these cards.
    """
    g.deal_cards(hands, kitty)
    for s, m in deal.calls:
        g.play(m, s)
    for s, c in deal.plays:
        g.play(c, s)

def redeal_hidden(g: Game, seat: int, rng: random.Random, tries: int = 60) -> Game | None:
    """The same game with the cards ``seat`` cannot see dealt again: each hidden slot of every hand
    (and the kitty) gets another hidden card; kept only if the whole public history replays legally.
    Independent of kingcore.bots (plain rejection)."""
    d = g.current
    assert d is not None
    view = seat_view(g, seat)
    public = view.hand.mask
    for _, c in d.plays:
        public |= c.mask
    if d.shown is not None:
        public |= d.shown.mask
    slots = [(s, j) for s in range(g.rules.players) for j, c in enumerate(d.hands[s]) if not c.mask & public]
    slots += [(-1, j) for j in range(len(d.kitty))]
    hidden = [d.hands[s][j] if s >= 0 else d.kitty[j] for s, j in slots]
    for _ in range(tries):
        perm = list(hidden)
        for i in range(len(perm) - 1, 0, -1):
            k = int(rng.random() * (i + 1))
            perm[i], perm[k] = perm[k], perm[i]
        if perm == hidden and len(set(hidden)) > 1:
            continue
        hands = [list(h) for h in d.hands]
        kitty = list(d.kitty)
        for (s, j), c in zip(slots, perm, strict=True):
            if s >= 0:
                hands[s][j] = c
            else:
                kitty[j] = c
        g2 = g.restart()
        try:
            for prev in g.deals[:-1]:
                replay_deal(g2, prev.hands, prev.kitty, prev)
            replay_deal(g2, hands, kitty, d)
        except IllegalMoveError:
            continue
        return g2
    return None


Factory = Callable[[Game], Bot]


def invariance_failures(factory: Factory, views: int, seed: int) -> tuple[int, list[str]]:
    """(views checked, failures) of the hidden-hand invariance for the bots ``factory`` makes."""
    rng = random.Random(seed)
    checked = 0
    failures: list[str] = []
    i = 0
    while checked < views:
        rules = Rules.parse(CONFIGS[i % len(CONFIGS)])
        i += 1
        g = random_decision(rules, rng)
        seat = g.to_move
        assert seat is not None
        g2 = redeal_hidden(g, seat, rng)
        if g2 is None:
            continue
        v1, v2 = seat_view(g, seat), seat_view(g2, seat)
        assert v1 == v2, "the view itself differs: it leaks hidden cards"
        m1 = factory(g).choose(v1, random.Random(i))
        m2 = factory(g2).choose(v2, random.Random(i))
        checked += 1
        if m1 != m2:
            failures.append(f"{rules} seat {seat} phase {v1.phase}: {m1} vs {m2}")
    return checked, failures


@dataclasses.dataclass(frozen=True)
class PeekingBot(Bot):
    """A cheat for the test of the test: plays by the next seat's hidden hand."""

    name = "peek"
    game: Game = dataclasses.field(default_factory=Game)

    def decide(self, view: SeatView, legal: list[Move], rng: random.Random) -> Move:
        nxt = (view.seat + 1) % self.game.rules.players
        h = sum(c.index * (i + 1) for i, c in enumerate(self.game.hand(nxt)))
        return legal[h % len(legal)]


# ----------------------------------------------------------------------------------------- never peek

@pytest.mark.parametrize("spec", BOTS)
def test_decisions_do_not_depend_on_hidden_cards(spec: str) -> None:
    bot = make_bot(spec)
    checked, failures = invariance_failures(lambda g: bot, 40, seed=11)
    assert checked == 40 and failures == []


def test_the_invariance_test_catches_a_peeking_bot() -> None:
    checked, failures = invariance_failures(lambda g: PeekingBot(g), 40, seed=11)
    assert checked == 40 and len(failures) >= 10


def test_knowledge_is_sound_and_samples_fit_it() -> None:
    """The real hands always fit what the seat infers; sampled hands fit it too (counts, voids,
    K♥ not held after King must go was not obeyed, the shown card, the kitty)."""
    rng = random.Random(5)
    for i in range(300):
        rules = Rules.parse(CONFIGS[i % len(CONFIGS)])
        g = random_decision(rules, rng)
        seat = g.to_move
        assert seat is not None and g.current is not None
        k = knowledge(seat_view(g, seat))
        n = rules.players
        if g.position is not None:
            for s in range(n):
                real = g.position.hands[s]
                if s != seat:
                    assert real & ~k.allowed[s] == 0, f"{rules} seat {s} holds a card inferred away"
                    assert real & k.fixed[s] == k.fixed[s]
                assert real.bit_count() == k.counts[s]
        hands = sample_hands(k, random.Random(i))
        union = 0
        for s, h in enumerate(hands):
            assert h.bit_count() == k.counts[s] and not union & h
            union |= h
            if s == seat:
                assert h & k.hand == k.hand
            else:
                assert h & ~(k.allowed[s] | k.fixed[s]) == 0
        assert not union & k.gone and (rules.deck_mask & ~union & ~k.gone).bit_count() == rules.kitty_size
        if k.deal is None or g.phase is not Phase.PLAY:
            continue
        sampler = PlaySampler(deal_ctx(k.deal), k, random.Random(i), 0.1, 2)
        for _ in range(3):  # the Metropolis chain's deals fit it as well
            hands = sampler.draw()
            union = 0
            for s, h in enumerate(hands):
                assert h.bit_count() == k.counts[s] and not union & h
                union |= h
                assert h & k.hand == k.hand if s == seat else h & ~(k.allowed[s] | k.fixed[s]) == 0
            assert not union & k.gone and (rules.deck_mask & ~union & ~k.gone).bit_count() == rules.kitty_size


def test_play_sampler_finds_deals_the_heuristic_explains() -> None:
    """Against heuristic players, the chain's deals explain their cards far better than plain samples."""
    rules, contract = contract_rules(Rules(), "take_tricks")
    bot = make_bot("heuristic")
    plain = chain = 0
    for i in range(6):
        dealer, hands, kitty = deal_cards_for(rules, contract, i, 3)
        g = one_deal_game(rules, contract, dealer, hands, kitty)
        for _ in range(20):  # five tricks
            assert g.to_move is not None
            g.play(bot.choose(seat_view(g, g.to_move), random.Random(0)))
        k = knowledge(seat_view(g, g.to_move or 0))
        assert k.deal is not None
        sampler = PlaySampler(deal_ctx(k.deal), k, random.Random(i), 0.1, 4)
        for j in range(10):
            plain += sum(sampler._misses(s, h) for s, h in enumerate(sample_hands(k, random.Random(j)))
                         if s != k.seat)
            chain += sum(sampler._misses(s, h) for s, h in enumerate(sampler.draw()) if s != k.seat)
    assert chain * 3 < plain, (chain, plain)


# ----------------------------------------------------------------------------------------- legality

def fuzz(decisions: int, seed: int) -> tuple[int, set[str]]:
    """Play rubbers with a mix of bots until ``decisions`` decisions; returns (count, contracts)."""
    rng = random.Random(seed)
    mix = [make_bot(s) for s in ("random", "heuristic", "easy", "pimc(samples=2,call_samples=1)")]
    count = 0
    seen: set[str] = set()
    per = decisions // len(CONFIGS) + 1
    for ci, text in enumerate(CONFIGS):
        rules = Rules.parse(text)
        done = 0
        g = Game(rules)
        while done < per:
            if g.phase is Phase.RUBBER_OVER:
                g = Game(rules)
            if g.to_move is None:
                g.step_random(rng)
                continue
            seat = g.to_move
            view = seat_view(g, seat)
            bot = mix[(seat + ci + len(g.deals)) % len(mix)]
            move = bot.choose(view, random.Random(count))
            assert str(move) in view.legal, f"{bot} chose {move} in {view.phase}, legal {view.legal}"
            g.play(move, seat)
            if g.contract is not None:
                seen.add(g.contract.value + (" misère" if g.current and g.current.misere else ""))
            count += 1
            done += 1
    return count, seen


def test_fuzz_thirty_thousand_decisions_every_contract_deck_and_mode() -> None:
    """30,000 decisions reach every contract kind, misère included, with a margin. Measured with this
    mix of bots over the CONFIGS (seeds 1–3, 30,000 decisions): a trump deal played as misère is the
    rarest kind, 8–13 deals (≈ 0.4 per 1,000 decisions, so none at all has a chance of about e⁻⁸); every
    other kind comes 45 deals or more. Of 12 other seeds, one saw no misère at 8,000 decisions, two at 6,000
    and ten at 3,000 (six no Eralash plus either). The 100,000 and the million run under ``slow``."""
    count, seen = fuzz(30_000, seed=1)
    assert count >= 30_000
    assert {c.value for c in Contract} <= {s.split()[0] for s in seen}
    assert any(s.endswith("misère") for s in seen)


@pytest.mark.slow
@pytest.mark.parametrize("decisions, seed", [(100_000, 1), (1_000_000, 2)])
def test_fuzz_a_hundred_thousand_and_a_million_decisions(decisions: int, seed: int) -> None:
    count, seen = fuzz(decisions, seed=seed)
    assert count >= decisions
    assert {c.value for c in Contract} <= {s.split()[0] for s in seen}
    assert any(s.endswith("misère") for s in seen)


def test_fast_playout_is_the_heuristic_bot_exactly() -> None:
    """play_deal (bitmasks) and the heuristic bot through Game (views) play the same cards."""
    bot = make_bot("heuristic")
    for text in CONFIGS[:12]:
        base = Rules.parse(text)
        for con in ("no_tricks", "no_hearts", "no_king", "no_last_two", "eralash_minus", "take_girls",
                    "take_king", "eralash_plus", "trumps", "auction"):
            if con == "auction" and base.replay == "trumps":
                continue
            r, c = contract_rules(base, con)
            for i in range(2):
                dealer, hands, kitty = deal_cards_for(r, c, i, 9)
                g = one_deal_game(r, c, dealer, hands, kitty)
                res = play_game(g, [bot] * r.players, [random.Random(s) for s in range(r.players)])
                d = g.current
                assert d is not None and d.position is not None
                pts, trs = play_deal(d.position.deal, [d.hand_mask(s) for s in range(r.players)])
                assert (tuple(pts), tuple(trs)) == (res.points, res.tricks), f"{r} {con} deal {i}"


# ----------------------------------------------------------------------------------------- the heuristic's rules

def _choose(contract: Contract, hand: str, trick: str = "", gone: str = "", trick_no: int = 0) -> str:
    ctx = Ctx(Deal(Rules(), contract, 3))
    h = CardSet.parse(hand).mask
    t = [Card.parse(x).index for x in trick.split()]
    g = CardSet.parse(gone).mask if gone else 0
    for c in t:
        g |= 1 << c
    lm = ctx.legal(h, t[0] // 13 if t else -1)
    return str(Card.from_index(choose_card(ctx, h, lm, t, g, trick_no, 0)))


def test_heuristic_ducks_with_the_highest_card_that_still_loses() -> None:
    assert _choose(Contract.NO_TRICKS, "AS JS 9S 7S 8D", "QS") == "JS"


def test_heuristic_never_takes_the_king_as_last_player_when_it_can_duck() -> None:
    assert _choose(Contract.NO_KING, "AH 8H 7C", "KH 9H TH") == "8H"


def test_heuristic_dumps_the_king_of_hearts_then_queens_when_void() -> None:
    assert _choose(Contract.ERALASH_MINUS, "KH QS AC 7C", "7D") == "KH"
    assert _choose(Contract.NO_GIRLS, "QS AC 7C KH", "7D") == "QS"
    assert _choose(Contract.NO_HEARTS, "AC 7C 9H", "7D") == "9H"


def test_heuristic_leads_low_in_a_safe_suit() -> None:
    assert _choose(Contract.NO_TRICKS, "AS KS 7D 8C AC") == "7D"


def test_heuristic_last_player_wins_with_the_cheapest_winning_card() -> None:
    assert _choose(Contract.TAKE_TRICKS, "AS QS 8S 7D", "9S JS TS") == "QS"


def test_heuristic_discards_low_and_keeps_scoring_cards_when_it_cannot_win() -> None:
    assert _choose(Contract.TAKE_GIRLS, "QH 7H AC", "7D") == "7H"


def test_heuristic_calls_its_longest_strongest_suit() -> None:
    g = Game(Rules(replay="trumps", eralash=False, order="chosen"))
    g.set_first_dealer(3)
    hands = [cards_of(CardSet.parse(h).mask) for h in (
        "AH KH QH JH 9H 7S 8S 7D", "AS KS QS JS TS 9S AD KD", "QD JD TD 9D 8D 7H 8H TH",
        "AC KC QC JC TC 9C 8C 7C")]
    g.deal_cards(hands)
    while g.phase is Phase.CHOOSE_CONTRACT:
        seat = g.to_move
        assert seat is not None
        g.play(Move("contract", contract=Contract.TRUMPS) if seat == 0 else Move("pass"), seat)
    assert g.phase is Phase.CALL_TRUMP and g.to_move == 0
    assert str(make_bot("heuristic").choose(seat_view(g, 0), random.Random(1))) == "trump:H"


# ----------------------------------------------------------------------------------------- registry, hint, analyse

def test_make_bot_round_trips_and_rejects_bad_specs() -> None:
    for spec in ("random", "heuristic", "heuristic(noise=0.2)", "pimc(samples=7,rollout=random)", "naive", "greedy",
                 "heuristic(version=1)", "pimc(version=1,trust=0.5,standing=0)"):
        assert str(make_bot(str(make_bot(spec)))) == str(make_bot(spec))
    assert make_bot("expert(samples=5)") == PimcBot(samples=5, call_samples=32, infer=0.9, chain=6, least=40, lead=640,
                                                    models="heuristic+naive+greedy+random", prior=0.9, race=0.2,
                                                    rubber=1, lead_trust=0.5)
    for level in LEVELS.values():
        make_bot(level)
    for bad in ("nobody", "pimc(samples=x)", "pimc(colour=red)", "pimc(samples=0)", "heuristic(noise=2)",
                "pimc(samples=1", "pimc(rollout=perfect)", "heuristic(version=3)", "pimc(version=0)",
                "pimc(trust=-1)", "pimc(standing=-0.1)", "pimc(models=)", "pimc(samples=1000001)",
                "pimc(chain=999999999999999999)", "pimc(play_ms=-1)",
                "pimc(solver=2)", "pimc(lookahead=1)", "pimc(objective=diff)"):  # research settings gone (issue 21)
        with pytest.raises(BotSpecError):
            make_bot(bad)


def test_choose_refuses_a_seat_that_is_not_to_move() -> None:
    g = Game()
    g.set_first_dealer(0)
    g.deal(random.Random(1))
    with pytest.raises(ValueError):
        make_bot("heuristic").choose(seat_view(g, 0), random.Random(1))


def test_hint_rates_every_legal_move_best_first() -> None:
    g = Game(Rules(replay="trumps"))
    g.set_first_dealer(0)
    g.deal(random.Random(2))
    bot = make_bot("pimc(samples=4,call_samples=3)")
    while g.phase is not Phase.DEAL_OVER:
        seat = g.to_move
        assert seat is not None
        v = seat_view(g, seat)
        h = hint(v, bot=bot)
        assert sorted(str(m) for m, _ in h) == sorted(v.legal)
        assert [x for _, x in h] == sorted((x for _, x in h), reverse=True)
        assert hint(v, bot=bot) == h  # the same view gives the same hint
        g.play(h[0][0], seat)


def test_ordered_king_naming_and_its_hint_share_one_criterion() -> None:
    """Issue 12: the hint ringed "Eralash + … +127 %" while "Take hearts" showed +170 % — the bot ranked
    contracts by points over the fair share, the hint by the fraction of it. Now one rating drives both:
    a contract richer in points but poorer in its fair share's terms is not named, and the hint's first
    (ringed) move is the best rated and the bot's own choice."""
    from kingcore.bots.calls import contract_rating, fair_share, pick_call

    g = Game(Rules(order="chosen"))
    g.set_first_dealer(3)
    g.deal(random.Random(5))
    v = seat_view(g, g.to_move)
    legal = legal_moves(v)
    rules = Rules(order="chosen")
    by = {m.contract: m for m in legal if m.contract is not None}
    eralash, hearts = by[Contract.ERALASH_PLUS], by[Contract.TAKE_HEARTS]
    fe, fh = fair_share(rules, Contract.ERALASH_PLUS), fair_share(rules, Contract.TAKE_HEARTS)
    values = {m: fair_share(rules, m.contract) if m.contract is not None else 0.0 for m in legal}
    values[eralash] = fe * 2.27  # +127 %: many more points over its share …
    values[hearts] = fh * 2.70   # +170 %: … than this, which is the better hand for its contract
    assert values[eralash] - fe > values[hearts] - fh
    choice = pick_call(v, legal, values, 0.3)
    assert choice == hearts
    assert contract_rating(rules, hearts, values[hearts], 0.3) == pytest.approx(1.7)
    assert contract_rating(rules, eralash, values[eralash], 0.3) == pytest.approx(1.27)
    values = {m: fair_share(rules, m.contract) * 1.2 if m.contract is not None else 0.0 for m in legal}
    assert str(pick_call(v, legal, values, 0.3)) == "pass"  # nothing clears the bar of +30 %

    class Fixed(PimcBot):
        def evaluate(self, view: SeatView, legal: list[Move], rng: random.Random) -> dict[Move, float]:
            out = {m: fair_share(rules, m.contract) if m.contract is not None else 0.0 for m in legal}
            out[eralash], out[hearts] = fe * 2.27, fh * 2.70
            return out

    rated = hint(v, bot=Fixed())
    assert rated[0] == (hearts, pytest.approx(1.7))
    assert [x for _, x in rated] == sorted((x for _, x in rated), reverse=True)
    assert Fixed().choose(v, random.Random(1)) == hearts


def test_analyse_rates_each_card_of_a_record() -> None:
    g = Game()
    g.set_first_dealer(0)
    g.autoplay(random.Random(4), deals=1)
    rows = analyse(dumps(g), 1, make_bot("pimc(samples=4)"))
    assert rows and all(r.cost >= 0 and r.best_expected >= r.expected for r in rows)
    assert all(r.deal == 1 and 1 <= r.trick <= 8 for r in rows)


# ----------------------------------------------------------------------------------------- duplicate arena

def test_self_play_in_duplicate_gives_exactly_zero() -> None:
    for spec in ("heuristic", "pimc(samples=3,call_samples=2)"):
        for r in run_arena([spec, spec], ["no_tricks", "take_king", "trumps", "auction"], deals=3, rng_seed=4):
            assert r.share == 0.25 and r.points_diff == 0.0 and r.tricks_diff == 0.0, (spec, r)
    r3 = run_arena(["heuristic", "heuristic"], ["no_hearts"], deals=2, rules=Rules(players=3))[0]
    assert abs(r3.share - 1 / 3) < 1e-12 and r3.points_diff == 0.0


# Tripwires: small fixed duplicate sets (deterministic), thresholds well inside the calibration of
# docs/bots-lab.md, "Measurements, round one" (random takes ~37 % of the penalty against heuristics;
# pimc(samples=40) ~16–21 %).

def test_strength_heuristic_beats_random() -> None:
    for r in run_arena(["random", "heuristic"], ["no_tricks", "no_hearts", "take_tricks"], deals=12, rng_seed=7):
        if r.contract.startswith("no_"):
            assert r.share > 0.30, r
        else:
            assert r.share < 0.20, r


def test_strength_pimc_beats_heuristic() -> None:
    for r in run_arena(["pimc(samples=12)", "heuristic"], ["no_hearts", "no_tricks"], deals=10, rng_seed=7):
        assert r.share < 0.235 and r.points_diff > 0, r


def test_strength_pimc_with_play_inference_beats_heuristic() -> None:
    for r in run_arena(["pimc(samples=12,infer=0.9,chain=4)", "heuristic"], ["take_tricks", "no_tricks"], deals=10,
                       rng_seed=7):
        assert r.points_diff > 0, r
        assert r.tricks_diff > 0.1 if r.contract == "take_tricks" else r.share < 0.235, r


def test_kitty_and_misere_decisions_are_legal() -> None:
    """Misère (mirrored ranks) and the kitty deck through every level."""
    base = Rules(players=3, deck="kitty", replay="trumps")
    r, c = contract_rules(base, "trumps")
    for i in range(4):
        dealer, hands, kitty = deal_cards_for(r, c, i, 1)
        g = one_deal_game(r, c, dealer, hands, kitty)
        assert g.to_move is not None
        g.play("trump:misere")
        bots = [make_bot(s) for s in ("heuristic", "pimc(samples=3)", "pimc(samples=2,rollout=random)")]
        res = play_game(g, bots, [random.Random(s) for s in range(3)])
        assert sum(res.tricks) == 10


def test_a_time_budget_still_gives_a_legal_move() -> None:
    g = Game()
    g.set_first_dealer(0)
    g.deal(random.Random(6))
    bot = make_bot("pimc(samples=1000,budget_ms=0.01)")
    while g.phase is Phase.PLAY:
        v = seat_view(g, g.to_move or 0)
        m = bot.choose(v, random.Random(1))
        assert str(m) in v.legal
        g.play(m)


def test_play_ms_caps_the_cards_after_the_opening_lead_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """``play_ms`` (the page's *Expert*: 130 ms) is the cap of every card after the opening lead; the
    opening lead keeps ``budget_ms`` (350 ms), and without ``budget_ms`` ``play_ms`` alone caps them.
    The bots' clock stands still here (``samples=2`` ends each search), so what is left of the cap when
    the sampling starts is the cap itself, however loaded the machine (under load the view's reading once
    took more than the 20 ms this test allowed)."""
    import types

    import kingcore.bots.pimc as pimc_mod

    monkeypatch.setattr(pimc_mod, "time", types.SimpleNamespace(perf_counter=lambda: 1000.0))
    seen: list[tuple[int, float]] = []
    real = pimc_mod.card_values

    def spy(k: Any, lm: int, rng: random.Random, samples: int, playouts: int, budget_ms: float,
            *args: Any, **kw: Any) -> Any:
        seen.append((k.trick_no * 10 + len(k.trick), budget_ms))
        return real(k, lm, rng, samples, playouts, budget_ms, *args, **kw)

    monkeypatch.setattr(pimc_mod, "card_values", spy)
    for spec, lead, later in (("pimc(samples=2,budget_ms=350,play_ms=150)", 350.0, 150.0),
                              ("pimc(samples=2,play_ms=150)", 0.0, 150.0),
                              ("pimc(samples=2,budget_ms=90,play_ms=150)", 90.0, 90.0),
                              ("pimc(samples=2,budget_ms=350)", 350.0, 350.0)):
        seen.clear()
        h = Game()
        h.set_first_dealer(0)
        h.deal(random.Random(6))
        bot = make_bot(spec)
        while h.phase is Phase.PLAY:
            v = seat_view(h, h.to_move or 0)
            h.play(bot.choose(v, random.Random(1)))
        assert seen and seen[0][0] == 0 and seen[0][1] == lead, spec  # the opening lead: a choice
        assert len(seen) > 3 and all(b == later for at, b in seen[1:]), (spec, seen)
    with pytest.raises(ValueError, match="play_ms"):
        make_bot("pimc(play_ms=-1)")


def test_ordered_king_arena_and_auction_run() -> None:
    rs = run_arena(["heuristic", "random"], ["ordered", "auction"], deals=2, rng_seed=3)
    assert [r.contract for r in rs] == ["ordered", "auction"] and all(r.deals == 2 for r in rs)


def test_views_round_trip_through_json_for_the_web_worker() -> None:
    rng = random.Random(8)
    for i in range(60):
        g = random_decision(Rules.parse(CONFIGS[i % len(CONFIGS)]), rng)
        seat = g.to_move
        assert seat is not None
        v = seat_view(g, seat)
        d = json.loads(json.dumps(v.to_dict()))
        assert view_from_dict(d) == v
        assert choose_token(d, "heuristic", i) == str(make_bot("heuristic").choose(v, random.Random(i)))


def test_cli_arena_bench_and_analyse(tmp_path: Path) -> None:
    root = Path(__file__).parent.parent

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "kingcore", *args], cwd=root, capture_output=True, text=True,
                              timeout=300)

    p = run("arena", "--bots", "heuristic,heuristic", "--deals", "2", "--contracts", "no_king,trumps")
    assert p.returncode == 0 and "no_king" in p.stdout and " 25.0% " in p.stdout, p.stderr
    p = run("bench-bots", "--bot", "heuristic", "--deals", "1", "--contracts", "no_tricks")
    assert p.returncode == 0 and "card (forced)" in p.stdout, p.stderr
    g = Game()
    g.set_first_dealer(0)
    g.autoplay(random.Random(2), deals=1)
    rec = tmp_path / "g.king"
    rec.write_text(dumps(g))
    p = run("analyse", str(rec), "--seat", "2", "--bot", "pimc(samples=3)")
    assert p.returncode == 0 and "total expected cost" in p.stdout, p.stderr
    for bad in (["arena", "--bots", "nobody,heuristic"], ["arena", "--bots", "random,heuristic", "--contracts", "x"],
                ["analyse", str(rec), "--seat", "9"]):
        p = run(*bad)
        assert p.returncode == 2 and "Traceback" not in p.stderr, p.stderr
        assert p.stderr.startswith("kingcore ") or "error: argument --seat: seat must be" in p.stderr, p.stderr


# ------------------------------------------------------------------- the information ceiling (tools/ceiling.py)
def _ceiling() -> Any:
    import importlib.util

    spec = importlib.util.spec_from_file_location("ceiling", ROOT / "tools" / "ceiling.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_the_ceiling_tool_honest_rows_equal_the_arena_and_peeking_gains() -> None:
    """``never`` is the bot as the arena plays it (same deals, same seeds); seeing every hand from the
    first trick takes more tricks than the heuristic in take_tricks, and legally (Game.play checks)."""
    ceiling = _ceiling()
    sets = [ceiling._peek_set(("take_tricks", i, 5, "heuristic", ceiling.NEVER, 0)) for i in range(6)]
    assert [s[0] for s in sets] == pytest.approx([0.0] * 6, abs=1e-9)  # heuristic against heuristic: even
    arena = run_arena(["pimc(samples=4)", "heuristic"], ["take_tricks"], deals=6, rng_seed=5)[0]
    honest = [ceiling._peek_set(("take_tricks", i, 5, "pimc(samples=4)", ceiling.NEVER, 0)) for i in range(6)]
    assert sum(s[0] for s in honest) / 6 == pytest.approx(arena.tricks_diff)
    peek = [ceiling._peek_set(("take_tricks", i, 5, "heuristic", 0, 0)) for i in range(12)]
    assert sum(s[0] for s in peek) / 12 > 0.2


def test_the_ceiling_tool_refuses_bad_input_with_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    ceiling = _ceiling()
    for argv, msg in ((["peek", "--contract", "no_kings"], "unknown contract 'no_kings'"),
                      (["peek", "--contract", "no_king", "--deals", "1"], "at least 2"),
                      (["peek", "--contract", "no_king", "--bot", "pimc(x=1)"], "no parameter 'x'"),
                      (["peek", "--contract", "no_king", "--from-trick", "1,soon"], "'1,soon'"),
                      (["accuracy", "--contract", "nope"], "unknown contract 'nope'")):
        assert ceiling.main(argv) == 2
        assert msg in capsys.readouterr().err
