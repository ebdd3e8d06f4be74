"""Fields unlike our bots (``naive``, ``greedy``, ``mixed``), the arena's ``--json`` and the ladder
(issue 12, items 3 and 7)."""

from __future__ import annotations

import contextlib
import io
import json
import math
import random

import pytest

from kingcore import Card, Contract, Deal, Rules
from kingcore.__main__ import main
from kingcore.bots import make_bot
from kingcore.bots.arena import (
    FIELDS,
    LADDER,
    ContractResult,
    LadderCell,
    arena_json,
    contract_rules,
    deal_cards_for,
    expand_field,
    format_steps,
    ladder_steps,
    one_deal_game,
    play_game,
    run_arena,
    run_ladder,
)
from kingcore.bots.policy import Ctx
from kingcore.bots.simple import greedy_card, naive_card
from kingcore.cards import CardSet


def _card(fn: object, contract: Contract, hand: str, trick: str = "", trump: int | None = None) -> str:
    deal = Deal(Rules(replay="trumps"), contract, 3, trump) if trump is not None else Deal(Rules(), contract, 3)
    ctx = Ctx(deal)
    h = CardSet.parse(hand).mask
    t = [Card.parse(x).index for x in trick.split()]
    gone = 0
    for c in t:
        gone |= 1 << c
    lm = ctx.legal(h, t[0] // 13 if t else -1)
    assert callable(fn)
    return str(Card.from_index(fn(ctx, h, lm, t, gone, 0, 0)))


def test_naive_leads_the_lowest_card_of_its_longest_suit() -> None:
    assert _card(naive_card, Contract.NO_TRICKS, "AS 7D 9D KD QC") == "7D"


def test_naive_follows_under_the_winner_else_lowest_and_discards_its_highest() -> None:
    assert _card(naive_card, Contract.TAKE_TRICKS, "AS QS 8S 7D", "JS TS") == "8S"
    assert _card(naive_card, Contract.TAKE_TRICKS, "AS QS 7D", "JS TS") == "QS"   # highest under the jack? none: lowest
    assert _card(naive_card, Contract.NO_TRICKS, "AS 9C KD 7D", "8H") == "AS"


def test_greedy_wins_with_its_cheapest_winner_else_plays_lowest() -> None:
    assert _card(greedy_card, Contract.NO_TRICKS, "AS QS 8S 7D", "JS TS") == "QS"
    assert _card(greedy_card, Contract.NO_TRICKS, "9S 8S 7D", "JS TS") == "8S"
    assert _card(greedy_card, Contract.NO_TRICKS, "9S 8S AD KC") == "AD"


def test_greedy_ruffs_with_the_cheapest_winning_trump() -> None:
    # spades trump; clubs led and ruffed with the 9: greedy overruffs with the jack, not the ace
    assert _card(greedy_card, Contract.TRUMPS, "AS JS 7S 8H", "AC 9S", trump=0) == "JS"


@pytest.mark.parametrize("spec", ["naive", "greedy"])
def test_fields_play_legal_whole_deals(spec: str) -> None:
    bot = make_bot(spec)
    for name in ("no_tricks", "no_king", "take_hearts", "trumps", "auction", "ordered"):
        r, c = contract_rules(Rules(), name)
        for i in range(3):
            g = one_deal_game(r, c, *deal_cards_for(r, c, i, 5))
            res = play_game(g, [bot] * r.players, [random.Random(s) for s in range(r.players)])
            assert 0 < sum(res.tricks) <= r.hand_size  # no_king may end early


def test_mixed_field_seats_a_different_player_in_each_seat() -> None:
    mixed = FIELDS["mixed"]
    assert len(set(mixed)) == len(mixed) == 3
    assert expand_field(["expert", "mixed"]) == ["expert", *mixed]
    assert expand_field(["expert", "heuristic"]) == ["expert", "heuristic"]
    for s in (*mixed, *LADDER.values()):
        make_bot(s)


def test_naive_and_greedy_lose_to_the_heuristic() -> None:
    res = run_arena(["heuristic", "naive"], ["no_tricks"], deals=12, rng_seed=3)
    assert res[0].points_diff > 0  # fewer tricks taken than the beginner in no tricks
    res = run_arena(["heuristic", "greedy"], ["no_hearts"], deals=12, rng_seed=3)
    assert res[0].points_diff > 0


def _run(argv: list[str]) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        assert main(argv) == 0
    return out.getvalue()


def test_arena_json() -> None:
    d = json.loads(_run(["arena", "--bots", "heuristic,mixed", "--deals", "2", "--contracts", "no_king,ordered",
                         "--json"]))
    assert d["bot"] == "heuristic" and d["field"] == list(FIELDS["mixed"]) and d["deals"] == 2
    assert set(d["contracts"]) == {"no_king", "ordered"}
    for c in d["contracts"].values():
        assert c["n"] == 2 and isinstance(c["mean_delta"], float) and c["ci95"] is not None
    assert 0 <= d["contracts"]["no_king"]["share"] <= 1
    lat = d["latency_ms"]
    assert lat["count"] > 0 and 0 < lat["p50"] <= lat["p95"] <= lat["p99"] <= lat["max"]
    same = arena_json("heuristic", ["heuristic"], run_arena(["heuristic", "heuristic"], ["no_hearts"], 2))
    assert same["contracts"]["no_hearts"]["mean_delta"] == 0.0  # type: ignore[index]


def test_ladder_prints_every_level_against_every_field() -> None:
    text = _run(["ladder", "--deals", "1", "--contracts", "no_king,take_hearts", "--levels", "random,medium",
                 "--fields", "heuristic,greedy"])
    lines = text.splitlines()
    head = next(i for i, x in enumerate(lines) if x.startswith("level"))
    assert lines[head].split()[1:] == ["heuristic", "greedy"]
    rows = {x.split()[0]: x for x in lines[head + 1:head + 3]}
    assert set(rows) == {"Random", "Medium"}
    assert rows["Medium"].split()[1] in ("+0.00", "-0.00")   # the heuristic against itself
    cells = run_ladder(["no_king"], 1, ["Random", "Medium"], ["heuristic"])
    assert [(c.level, c.field) for c in cells] == [("Random", "heuristic"), ("Medium", "heuristic")]
    assert cells[1].points == 0.0 and math.isfinite(cells[0].points)


def _cell(level: str, per_contract: dict[str, tuple[float, ...]]) -> LadderCell:
    res = tuple(ContractResult(c, len(xs), math.nan, math.nan, 0.0, 0.0, sum(xs) / len(xs), 0.0, 0.0, 0.0, 0.0, 0.0,
                               per_deal=xs) for c, xs in per_contract.items())
    return LadderCell(level, "heuristic", sum(r.points_diff for r in res), 0.0, res)


def test_ladder_steps_pair_two_levels_on_the_same_deals() -> None:
    """A step is the paired difference of two levels, deal by deal (a shared swing cancels): up in one
    contract, down in another, nothing in a third whose differences straddle 0."""
    lo = _cell("Medium", {"no_king": (5.0, -5.0, 9.0, -9.0), "no_hearts": (0.0, 4.0, -4.0, 0.0),
                          "take_king": (1.0, 2.0, 3.0, 4.0)})
    hi = _cell("Hard", {"no_king": (6.0, -3.9, 9.8, -8.0), "no_hearts": (-1.0, 3.1, -4.9, -1.0),
                        "take_king": (2.0, 1.0, 4.0, 3.0)})
    (st,) = ladder_steps([lo, hi])
    assert (st.upper, st.lower, st.field) == ("Hard", "Medium", "heuristic")
    assert st.up == ("no_king",) and st.down == ("no_hearts",)   # each ± ≈ 0.15, the swings ± 9 cancel
    assert math.isclose(st.points, hi.points - lo.points) and 1.0 < st.ci < 2.0
    (head, row) = format_steps([st])
    assert head.split() == ["step", "heuristic"] and row.split() == ["Hard", "-", "Medium", f"{st.points:+.2f}", "±",
                                                                     f"{st.ci:.2f}", "1/1"]
    cells = run_ladder(["no_king"], 2, ["Random", "Medium"], ["heuristic"])
    (real,) = ladder_steps(cells)
    assert math.isclose(real.points, cells[1].points - cells[0].points, abs_tol=1e-9)


def test_ladder_rejects_unknown_levels_and_fields() -> None:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        assert main(["ladder", "--levels", "Grandmaster", "--deals", "1"]) == 2
    assert out.getvalue() == "" and err.getvalue().count("\n") == 1 and "unknown level" in err.getvalue()
    with pytest.raises(ValueError, match="unknown level"):
        run_ladder(["no_king"], 1, ["Grandmaster"])
    with pytest.raises(ValueError, match="unknown field"):
        run_ladder(["no_king"], 1, ["Medium"], ["sharks"])
