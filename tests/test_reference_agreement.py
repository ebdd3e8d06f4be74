"""kingcore against the independent naive reference (``reference_rules.py``): legal moves, results
and errors on thousands of random vectors over every deck, contract and option; perft counts; and
the ``vector`` CLI over a directory of random vectors."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
import reference_rules as ref
from vector_gen import random_vector

from kingcore.cards import Card
from kingcore.vectors import evaluate, load_deal

ROOT = Path(__file__).parent.parent


def strip(result: dict) -> dict:
    return {k: v for k, v in result.items() if k not in ("message", "file")}


def kingcore_legal_next(v: dict) -> list[str] | None:
    try:
        pos, cards = load_deal(v)
        for c in cards:
            pos = pos.play(c)
    except Exception:
        return None
    if pos.over:
        return None
    return [str(c) for c in pos.legal_moves()]


@pytest.mark.parametrize("block", range(8))
def test_results_agree_on_random_vectors(block: int) -> None:
    rng = random.Random(1000 + block)
    kinds: dict[str, int] = {}
    for i in range(400):
        v = random_vector(rng)
        mine, theirs = strip(evaluate(v)), ref.evaluate(v)
        assert mine == theirs, f"vector {i} of block {block}: {json.dumps(v)}"
        kind = mine["error"]["kind"] if "error" in mine else ("over" if mine["over"] else "open")
        kinds[kind] = kinds.get(kind, 0) + 1
    # the generator reaches both legal results and rule violations
    assert kinds.get("over", 0) > 20 and kinds.get("open", 0) > 20
    assert sum(v for k, v in kinds.items() if k not in ("over", "open")) > 5


@pytest.mark.parametrize("block", range(4))
def test_legal_moves_agree_on_random_positions(block: int) -> None:
    rng = random.Random(2000 + block)
    checked = 0
    for _ in range(400):
        v = random_vector(rng, bad_card_rate=0.0)
        want = ref.legal_next(v)
        got = kingcore_legal_next(v)
        assert got == want, json.dumps(v)
        checked += want is not None
    assert checked > 150


def test_every_rule_violation_kind_is_reached_and_agrees() -> None:
    rng = random.Random(77)
    seen: set[str] = set()
    for _ in range(6000):
        v = random_vector(rng, bad_card_rate=0.25)
        mine = strip(evaluate(v))
        assert mine == ref.evaluate(v), json.dumps(v)
        if "error" in mine:
            seen.add(mine["error"]["kind"])
    assert seen >= {"not_in_hand", "must_follow_suit", "hearts_lead", "king_must_go", "must_play_heart",
                    "must_trump", "deal_over"}


def perft(pos, depth: int) -> int:  # type: ignore[no-untyped-def]
    if depth == 0 or pos.over:
        return 1
    return sum(perft(pos.play(c), depth - 1) for c in pos.legal_moves())


def ref_perft(v: dict, depth: int) -> int:
    moves = ref.legal_next(v)
    if depth == 0 or moves is None:
        return 1
    return sum(ref_perft({**v, "play": [*v["play"], m]}, depth - 1) for m in moves)


PERFT_CASES = [
    ({"rules": {}, "contract": "no_hearts", "dealer": 3, "hands": [
        "AS KS 7S AH 8H AD 7D 7C", "QS JS 9H 7H KD QD AC KC", "TS 9S KH QH JH 9D 8D QC",
        "8S TH TD JD JC TC 9C 8C"], "play": []}, 5),
    ({"rules": {"king_discard": "always", "hearts_must_go": True}, "contract": "take_king", "dealer": 0,
      "hands": ["AS KS 7S AH 8H AD 7D 7C", "QS JS 9H 7H KD QD AC KC", "TS 9S KH QH JH 9D 8D QC",
                "8S TH TD JD JC TC 9C 8C"], "play": ["QS", "TS"]}, 5),
    ({"rules": {}, "contract": "trumps", "trump": "D", "misere": False, "trick_value": 3, "dealer": 1,
      "hands": ["AS KS 7S AH 8H AD 7D 7C", "QS JS 9H 7H KD QD AC KC", "TS 9S KH QH JH 9D 8D QC",
                "8S TH TD JD JC TC 9C 8C"], "play": []}, 5),
    ({"rules": {"players": 3, "deck": "kitty"}, "contract": "no_king", "dealer": 2,
      "hands": ["AS KS QS JS TS AH KH QH JH TH", "9S 8S 7S 8H 7H AD KD QD JD TD",
                "9D 8D 7D AC KC QC JC TC 9C 8C"], "play": []}, 4),
]


@pytest.mark.parametrize("case", range(len(PERFT_CASES)))
def test_perft_agrees_with_reference(case: int) -> None:
    v, depth = PERFT_CASES[case]
    pos, cards = load_deal(v)
    for c in cards:
        pos = pos.play(c)
    for d in range(1, depth + 1):
        mine, theirs = perft(pos, d), ref_perft(v, d)
        if mine != theirs:  # divide, like chess perft: which first move differs
            div = {str(c): (perft(pos.play(c), d - 1), ref_perft({**v, "play": [*v["play"], str(c)]}, d - 1))
                   for c in pos.legal_moves()}
            pytest.fail(f"perft {d} from {pos!r}: kingcore {mine}, reference {theirs}; divide {div}")
    assert perft(pos, 1) == len(pos.legal_moves()) > 0


def test_perft_counts_the_no_hearts_lead_rule() -> None:
    # the same hands under no_tricks (no lead restriction) have strictly more leads than under no_hearts
    v, _ = PERFT_CASES[0]
    a, _ = load_deal(v)
    b, _ = load_deal({**v, "contract": "no_tricks"})
    assert perft(b, 1) == 8 and perft(a, 1) == 6
    assert perft(b, 4) > perft(a, 4)


def test_vector_cli_agrees_with_reference_over_a_directory(tmp_path: Path) -> None:
    rng = random.Random(4242)
    vectors = [random_vector(rng) for _ in range(1500)]
    for i, v in enumerate(vectors):
        (tmp_path / f"{i:05d}.json").write_text(json.dumps(v))
    out = subprocess.run([sys.executable, "-m", "kingcore", "vector", str(tmp_path)], cwd=ROOT,
                         capture_output=True, text=True, check=True).stdout.splitlines()
    assert len(out) == len(vectors)
    for line, v in zip(out, vectors, strict=True):
        assert strip(json.loads(line)) == ref.evaluate(v), json.dumps(v)


def test_reference_and_kingcore_agree_on_card_parsing() -> None:
    for text in ("10h", "Q♠", "kh", "7s", "A♦"):
        assert str(Card.parse(text)) == ref.parse_card(text)
