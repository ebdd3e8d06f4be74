"""Random deal vectors over every deck, contract and option, for cross-checking kingcore against the
independent reference implementation in ``reference_rules.py``."""

from __future__ import annotations

import random
from typing import Any

from kingcore.cards import Card, iter_bits
from kingcore.contracts import Contract
from kingcore.rules import Rules
from kingcore.vectors import load_deal

DECKS_3 = ("no_black_sevens", "no_black_aces", "kitty", "short")


def random_rules(rng: random.Random) -> dict[str, Any]:
    """A random rules dict: every option that changes trick play or scoring, varied."""
    players = rng.choice((2, 3, 4, 4, 4, 5, 6))
    d: dict[str, Any] = {"players": players}
    if players == 3:
        d["deck"] = rng.choice(DECKS_3)
    presets = ["classic", "club", "ukrainian", "dos1993"] + (["three"] if players == 3 else [])
    d["preset"] = rng.choice(presets)
    d["boys"] = rng.choice(("jacks", "kings", "kings_and_jacks"))
    d["king_discard"] = rng.choice(("negative", "always", "never"))
    d["hearts_must_go"] = rng.random() < 0.5
    d["early_end"] = rng.random() < 0.7
    d["must_trump"] = rng.random() < 0.7
    return d


def random_vector(rng: random.Random, bad_card_rate: float = 0.03) -> dict[str, Any]:
    """A random vector; its play follows kingcore's legal moves, with an occasional random (often
    illegal) card that ends the play list, and a random stopping point."""
    rules_d = random_rules(rng)
    rules = Rules.from_dict(rules_d)
    contract = rng.choice(list(Contract))
    v: dict[str, Any] = {"rules": rules_d, "contract": contract.value, "dealer": rng.randrange(rules.players)}
    if contract is Contract.TRUMPS:
        if rng.random() < 0.2:
            v["trump"], v["misere"] = None, True
        else:
            v["trump"] = rng.choice(("S", "H", "D", "C", None))
            v["misere"] = False
        v["trick_value"] = rng.choice((1, 3, 6, 8))
        if rng.random() < 0.3 and not v["misere"]:  # misère is no auction call (docs/RULES.md §11.5)
            v["bid"] = {"seat": rng.randrange(rules.players), "tricks": rng.randrange(1, rules.hand_size + 1)}
    deck = [Card.from_index(i) for i in iter_bits(rules.deck_mask)]
    rng.shuffle(deck)
    size = rules.hand_size
    v["hands"] = [" ".join(str(c) for c in deck[s * size:(s + 1) * size]) for s in range(rules.players)]
    pos, _ = load_deal(v)
    play: list[str] = []
    stop = 10**6 if rng.random() < 0.4 else rng.randrange(size * rules.players + 2)
    while len(play) < stop:
        if rng.random() < bad_card_rate:
            play.append(str(rng.choice(deck)))
            break
        if pos.over:
            if rng.random() < 0.5:
                play.append(str(rng.choice(deck)))
            break
        moves = pos.legal_moves()
        c = rng.choice(moves)
        pos = pos.play(c)
        play.append(str(c))
    v["play"] = play
    return v
