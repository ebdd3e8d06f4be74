"""The bot-sanity suite (issue 12): positions where a club player sees the right card at once.

Each ``tests/data/positions/*.json`` holds one position: ``rules`` (text), ``contract`` (an arena
contract name, :func:`kingcore.bots.arena.contract_rules`), ``dealer``, ``hands`` (seat order, as
dealt), ``play`` (the moves so far, tokens: a trump call, cards), ``accept`` (the acceptable cards of
the seat to move), ``why`` (one sentence). The play is replayed through :class:`Game`, so every
position is legal by the engine; the acceptable cards must be legal and not all of the legal cards.

Every level from *Medium* up plays an acceptable card in at least 19 of 20 seeds, *Easy* in at least
14. *Hard* and *Expert* are the web's levels without the wall-clock cap (which only makes them
depend on the machine's speed).
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from kingcore import Card, Contract, Game, Move, Rules, seat_view
from kingcore.bots import EXPERT, make_bot
from kingcore.bots.arena import CONTRACT_NAMES, contract_rules, one_deal_game
from tools.first_heuristic import install as install_the_first_heuristic

DATA = Path(__file__).resolve().parent / "data" / "positions"
POSITIONS = sorted(DATA.glob("*.json"))
SEEDS = 20

LEVELS = {  # spec, acceptable cards needed of SEEDS
    "easy": ("heuristic(noise=0.2)", 14),
    "medium": ("heuristic", 19),
    "hard": ("pimc(samples=20,call_samples=8)", 19),
    "expert": (EXPERT, 19),
}


def load(path: Path) -> dict[str, Any]:
    """One position file."""
    d: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return d


def position(d: dict[str, Any]) -> Game:
    """The game of a position with its play so far made (every move checked by the engine)."""
    r, c = contract_rules(Rules.parse(d["rules"]), d["contract"])
    g = one_deal_game(r, c, d["dealer"], [[Card.parse(x) for x in h.split()] for h in d["hands"]], [])
    for tok in d["play"].split():
        g.play(Move.parse(tok))
    return g


def test_the_suite_covers_every_contract() -> None:
    assert len(POSITIONS) >= 30
    names = {load(p)["contract"] for p in POSITIONS}
    wanted = {c.value for c in Contract}
    assert wanted <= names, f"no position for {sorted(wanted - names)}"
    assert names <= set(CONTRACT_NAMES)


@pytest.mark.parametrize("path", POSITIONS, ids=[p.stem for p in POSITIONS])
def test_position_is_legal_and_well_formed(path: Path) -> None:
    d = load(path)
    assert set(d) == {"name", "rules", "contract", "dealer", "hands", "play", "accept", "why"}
    assert d["name"] == path.stem and d["why"].strip()
    g = position(d)
    assert g.to_move is not None
    view = seat_view(g, g.to_move)
    assert view.phase == "play"
    legal = set(view.legal)
    assert set(d["accept"]) <= legal, f"not legal: {set(d['accept']) - legal}"
    assert set(d["accept"]) != legal, "every legal card is acceptable: not a test"


@pytest.mark.parametrize("level", list(LEVELS))
@pytest.mark.parametrize("path", POSITIONS, ids=[p.stem for p in POSITIONS])
def test_level_plays_an_acceptable_card(path: Path, level: str) -> None:
    spec, need = LEVELS[level]
    d = load(path)
    g = position(d)
    assert g.to_move is not None
    view = seat_view(g, g.to_move)
    bot = make_bot(spec)
    played = [str(bot.choose(view, random.Random(seed))) for seed in range(SEEDS)]
    good = sum(m in d["accept"] for m in played)
    assert good >= need, f"{level} ({spec}): {good}/{SEEDS} acceptable {d['accept']}, played {played}: {d['why']}"


def test_old_heuristic_fails_the_blunders_the_new_one_fixes() -> None:
    """The issue's examples: version 1 of the heuristic (the lab's, ``tools/first_heuristic.py``) plays the
    blunder, version 2 does not."""
    install_the_first_heuristic()
    old, new = make_bot("heuristic(version=1)"), make_bot("heuristic")
    for name in ("no_girls_second_hand_dumps_queen_under_ace", "no_boys_second_hand_dumps_jack_under_king",
                 "no_king_dumps_king_under_ace", "eralash_minus_opening_lead_makes_a_diamond_void"):
        d = load(DATA / f"{name}.json")
        g = position(d)
        assert g.to_move is not None
        view = seat_view(g, g.to_move)
        assert str(old.choose(view, random.Random(0))) not in d["accept"], name
        assert str(new.choose(view, random.Random(0))) in d["accept"], name
