"""Generate the project's own deal vectors into ``tests/data/vectors/own/``.

    python tests/make_vectors.py

One vector (at least) per RULES.md rule that can refuse a card, each with its option switched on and
off, and one whole deal per option value and contract. Deals and plays come from a seeded search;
every ``expect`` is computed by the independent reference (``reference_rules.py``), not by kingcore,
and the test suite checks kingcore against them (and that this script reproduces the files).
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

import reference_rules as ref  # noqa: E402

from kingcore.cards import Card, iter_bits  # noqa: E402
from kingcore.errors import Reason  # noqa: E402
from kingcore.rules import Rules  # noqa: E402
from kingcore.vectors import load_deal  # noqa: E402

OUT = HERE / "data" / "vectors" / "own"


def deal(rng: random.Random, rules_d: dict[str, Any], contract: str, **extra: Any) -> dict[str, Any]:
    rules = Rules.from_dict(rules_d)
    deck = [Card.from_index(i) for i in iter_bits(rules.deck_mask)]
    rng.shuffle(deck)
    n = rules.hand_size
    hands = [" ".join(str(c) for c in deck[s * n:(s + 1) * n]) for s in range(rules.players)]
    return {"rules": rules_d, "contract": contract, "dealer": rng.randrange(rules.players), "hands": hands,
            "play": [], **extra}


def find_violation(rng: random.Random, rules_d: dict[str, Any], contract: str, reason: Reason,
                   **extra: Any) -> dict[str, Any]:
    """A vector whose last card breaks ``reason``, found by random legal play."""
    for _ in range(20000):
        v = deal(rng, rules_d, contract, **extra)
        pos, _ = load_deal(v)
        while not pos.over:
            hand = pos.hands[pos.to_move]
            for i in iter_bits(hand):
                if pos.why_illegal(Card.from_index(i)) is reason:
                    v["play"].append(str(Card.from_index(i)))
                    return v
            c = rng.choice(pos.legal_moves())
            pos = pos.play(c)
            v["play"].append(str(c))
    raise RuntimeError(f"no deal shows {reason} under {rules_d} {contract}")


def played_out(rng: random.Random, rules_d: dict[str, Any], contract: str, **extra: Any) -> dict[str, Any]:
    v = deal(rng, rules_d, contract, **extra)
    pos, _ = load_deal(v)
    while not pos.over:
        c = rng.choice(pos.legal_moves())
        pos = pos.play(c)
        v["play"].append(str(c))
    return v


def vectors() -> list[tuple[str, dict[str, Any]]]:
    rng = random.Random(20261130)
    out: list[tuple[str, dict[str, Any]]] = []

    def add(name: str, v: dict[str, Any]) -> None:
        out.append((name, v))

    # §4: rules that refuse a card, with the option that controls them on and off
    add("must follow suit", find_violation(rng, {}, "no_tricks", Reason.MUST_FOLLOW_SUIT))
    for c in ("no_hearts", "no_king", "eralash_minus", "take_hearts", "take_king", "eralash_plus"):
        add(f"no hearts lead in {c}", find_violation(rng, {}, c, Reason.HEARTS_LEAD))
    for c, kd in (("no_king", "negative"), ("eralash_minus", "negative"), ("take_king", "always"),
                  ("eralash_plus", "always"), ("no_king", "always")):
        add(f"king must go in {c} with king_discard={kd}",
            find_violation(rng, {"king_discard": kd}, c, Reason.KING_MUST_GO))
    for c in ("take_hearts", "take_king"):
        add(f"hearts must go in {c} with hearts_must_go=true",
            find_violation(rng, {"hearts_must_go": True}, c, Reason.MUST_PLAY_HEART))
    add("must trump with a trump suit", find_violation(rng, {}, "trumps", Reason.MUST_TRUMP, trump="D",
                                                       misere=False, trick_value=3))
    v5 = deal(rng, {"players": 5}, "no_girls")
    v5["play"] = [v5["hands"][(v5["dealer"] + 2) % 5].split()[0]]  # a card of the next-but-one seat
    add("not in hand: the leader plays another seat's card (5 players)", v5)
    # the same spots with the option off: the card is legal (the play stops right after it)
    for name, v in list(out):
        r = v["rules"]
        if "king_discard" in r or name.startswith("king must go"):
            off = {**r, "king_discard": "never"}
        elif "hearts_must_go" in r:
            off = {**r, "hearts_must_go": False}
        elif name.startswith("must trump"):
            off = {**r, "must_trump": False}
        else:
            continue
        switched = ", ".join(f"{k}={json.dumps(val)}" for k, val in off.items() if r.get(k) != val)
        add(f"{name.split(' with ')[0]}, but {switched}: the same card is allowed",
            {**v, "rules": off})
    full = played_out(random.Random(5), {}, "no_king")
    full["play"].append(full["hands"][0].split()[0])
    add("deal over: a card after the deal ended (no King, early end)", full)

    # §2: every deck; §5: every preset, boys option and contract, played out
    for players, deck in ((2, None), (3, "no_black_sevens"), (3, "no_black_aces"), (3, "kitty"), (3, "short"),
                          (4, None), (5, None), (6, None)):
        r: dict[str, Any] = {"players": players}
        if deck:
            r["deck"] = deck
        for c in ("no_tricks", "eralash_minus", "take_hearts", "no_last_two"):
            add(f"{players} players{' ' + deck if deck else ''}: {c} played out", played_out(rng, r, c))
    for preset in ("classic", "club", "ukrainian", "dos1993"):
        for c in ("eralash_minus", "eralash_plus"):
            add(f"preset {preset}: {c}", played_out(rng, {"preset": preset}, c))
    add("preset three with 3 players: eralash_minus", played_out(rng, {"players": 3, "preset": "three"},
                                                                 "eralash_minus"))
    add("preset club with 3 players: 4 a trick", played_out(rng, {"players": 3, "preset": "club"}, "no_tricks"))
    for boys in ("jacks", "kings", "kings_and_jacks"):
        for c in ("no_boys", "take_boys", "eralash_minus"):
            add(f"boys={boys}: {c}", played_out(rng, {"boys": boys}, c))
    for c in ("no_tricks", "no_boys", "no_girls", "no_hearts", "no_king", "no_last_two", "eralash_minus",
              "take_tricks", "take_boys", "take_girls", "take_hearts", "take_king", "take_last_two",
              "eralash_plus"):
        for early in (True, False):
            add(f"{c}, early_end={str(early).lower()}", played_out(rng, {"early_end": early}, c))
    # §7: trump deals
    for trump in ("S", "H", "D", "C", None):
        add(f"trumps, trump {trump or 'none'}", played_out(rng, {}, "trumps", trump=trump, misere=False,
                                                          trick_value=3))
    add("trumps, misere", played_out(rng, {}, "trumps", trump=None, misere=True, trick_value=8))
    add("trumps, must_trump=false", played_out(rng, {"must_trump": False}, "trumps", trump="H", misere=False,
                                               trick_value=6))
    add("trumps, auction bid: the bidder scores only tricks above the bid",
        played_out(rng, {}, "trumps", trump="C", misere=False, trick_value=6, bid={"seat": 1, "tricks": 2}))
    add("trumps, default trick value from the rules (3 = (192-96)/32)",
        played_out(rng, {}, "trumps", trump="S", misere=False))
    add("trumps, trump_trick_value=5", played_out(rng, {"trump_trick_value": 5}, "trumps", trump="S",
                                                  misere=False))
    add("3 players kitty: K♥ in the kitty ends no King at once",
        {"rules": {"players": 3, "deck": "kitty"}, "contract": "no_king", "dealer": 0,
         "hands": ["AS KS QS JS TS AH QH JH TH 9H", "9S 8S 7S 8H 7H AD KD QD JD TD",
                   "9D 8D 7D AC KC QC JC TC 9C 8C"], "play": []})
    # malformed
    add("bad deal: unknown option", {**deal(rng, {}, "no_tricks"), "rules": {"jokers": True}})
    add("bad deal: wrong hand size", {**deal(rng, {}, "no_tricks"), "hands": ["AS KS", "QS JS", "TS 9S", "8S 7S"]})
    add("bad deal: unknown card", {**deal(rng, {}, "no_tricks"), "hands": ["AS KS 7S AH 8H AD 7D 1C",
                                                                        "QS JS 9H 7H KD QD AC KC",
                                                                        "TS 9S KH QH JH 9D 8D QC",
                                                                        "8S TH TD JD JC TC 9C 8C"]})
    return out


def write() -> list[Path]:
    OUT.mkdir(parents=True, exist_ok=True)
    for old in OUT.glob("*.json"):
        old.unlink()
    paths = []
    for i, (name, v) in enumerate(vectors()):
        v = {"name": name, **v}
        v["expect"] = ref.evaluate(v)
        p = OUT / f"{i:03d}.json"
        p.write_text(json.dumps(v, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        paths.append(p)
    return paths


if __name__ == "__main__":
    print(f"wrote {len(write())} vectors to {OUT}")
