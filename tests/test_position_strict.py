"""``parse_position`` accepts exactly the positions a deal can reach (issue 9): every string
``str(position)`` of a reachable position reads back equal, and every single-token mutation that makes it
unreachable is refused with a typed error naming the column."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_notation_properties import rules

from kingcore import Contract, Deal, Position
from kingcore.cards import Card, dots, iter_bits
from kingcore.errors import NotationError
from kingcore.notation import parse_position
from kingcore.position import Bid, unreachable
from kingcore.rules import Rules


def _reachable(r: Rules, contract: Contract, seed: int, steps: int) -> Position:
    rng = random.Random(seed)
    kw: dict[str, object] = {}
    if contract is Contract.TRUMPS:
        misere = r.misere_allowed and rng.random() < 0.2
        kw = {"trump": None if misere else rng.choice([None, 0, 1, 2, 3]), "misere": misere,
              "trick_value": rng.randint(1, 9)}
        if r.replay == "auction" and not misere and rng.random() < 0.5:
            kw["bid"] = Bid(rng.randrange(r.players), rng.randint(1, r.hand_size))
    deal = Deal(r, contract, rng.randrange(r.players), **kw)  # type: ignore[arg-type]
    deck = list(iter_bits(r.deck_mask))
    rng.shuffle(deck)
    n = r.hand_size
    p = Position.start(deal, [sum(1 << c for c in deck[s * n:(s + 1) * n]) for s in range(r.players)])
    for _ in range(steps):
        if p.over:
            break
        p = p.play(rng.choice(p.legal_moves()))
    return p


positions = st.builds(_reachable, rules(), st.sampled_from(list(Contract)), st.integers(0, 2**32),
                      st.integers(0, 80))


@settings(max_examples=300, deadline=None)
@given(positions)
def test_reachable_positions_round_trip(p: Position) -> None:
    assert unreachable(p) is None
    q = parse_position(str(p))
    assert q == p and str(q) == str(p) and q.over == p.over


def _fields(p: Position) -> list[str]:
    return str(p).split(" | ")


def _mutations(p: Position) -> list[tuple[str, str]]:
    """(kind, mutated string) pairs; each changes one token and makes the position unreachable."""
    d = p.deal
    r = d.rules
    n = r.players
    f = _fields(p)
    out: list[tuple[str, str]] = []

    def with_field(i: int, text: str) -> str:
        g = list(f)
        g[i] = text
        return " | ".join(g)

    for bad in (str(n), str(n + 7), "٣", "-1", "²", "9" * 20):
        out.append(("dealer", with_field(2, f"dealer {bad}")))
    held = [h for h in p.hands]
    for s in range(n):
        h = held[s]
        if h:
            low = h & -h
            out.append(("hand minus a card", with_field(3 + s, dots(h & ~low))))
        for t in range(n):
            if t != s and held[t]:
                low = held[t] & -held[t]
                out.append(("hand plus another's card", with_field(3 + s, dots(h | low))))
                break
        outside = ((1 << 52) - 1) & ~r.deck_mask
        if outside:
            out.append(("card outside the deck", with_field(3 + s, dots(h | (outside & -outside)))))
    if len(f) > 3 + n:  # lead / points / tricks fields
        lead = f[3 + n].split()
        out.append(("lead seat out of range", with_field(3 + n, " ".join(["lead", str(n), *lead[2:]]))))
        if p.trick:
            for s in range(n):
                if held[s]:
                    c = (held[s] & -held[s]).bit_length() - 1
                    trick = [*lead[3:-1], str(Card.from_index(c))]
                    out.append(("trick card also in a hand", with_field(3 + n, " ".join([*lead[:3], *trick]))))
                    break
        pts = f[4 + n].split()
        trk = f[5 + n].split()
        for s in range(n):
            exact = not r.kitty_size or d.contract is Contract.TRUMPS or d.scoring.weights[1:] == (0,) * 5
            if exact:
                bumped = list(pts)
                bumped[1 + s] = str(int(pts[1 + s]) + 1)
                out.append(("points plus one", with_field(4 + n, " ".join(bumped))))
            neg = list(trk)
            neg[1 + s] = "-1"
            out.append(("negative tricks", with_field(5 + n, " ".join(neg))))
            many = list(trk)
            many[1 + s] = str(r.hand_size + 1)
            out.append(("too many tricks", with_field(5 + n, " ".join(many))))
    if d.contract is Contract.TRUMPS:
        spec = f[1].split()
        for bad in ("value=0", "value=-5", "value=1001", "value=٣"):
            out.append(("trick value", with_field(1, " ".join(bad if w.startswith("value=") else w for w in spec))))
    return out


@settings(max_examples=200, deadline=None)
@given(positions, st.data())
def test_every_unreachable_single_token_mutation_is_refused(p: Position, data: st.DataObject) -> None:
    muts = _mutations(p)
    kind, text = data.draw(st.sampled_from(muts))
    assert text != str(p)
    with pytest.raises(NotationError) as e:
        parse_position(text)
    assert e.value.line == 1 and e.value.column is not None and "\n" not in str(e.value), kind


def test_every_mutation_of_a_few_positions_is_refused() -> None:
    rng = random.Random(9)
    for i in range(40):
        r = [Rules(), Rules(players=3), Rules(players=3, deck="kitty"), Rules(replay="auction")][i % 4]
        p = _reachable(r, list(Contract)[i % len(Contract)], rng.randrange(2**32), rng.randrange(40))
        for kind, text in _mutations(p):
            with pytest.raises(NotationError):
                parse_position(text)
                pytest.fail(f"{kind} accepted: {text}")
