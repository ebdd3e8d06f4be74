"""Every table in the page (issue 11): the named rule sets (each a complete Rules value that is what its name
says), the dialog's options for 2–6 players and what the engine says of a choice (options that do not
apply, the count of deals, its refusal), and the pure renderers of the dialog and of a table of any size."""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

import pytest
from web_catalog import english

from kingcore import Game, Rules
from kingcore.errors import RulesError
from kingcore.web import (
    BOT_LEVELS,
    RULE_SET_TEXTS,
    RULE_SETS,
    Session,
    new_game_options,
    off_options,
    rule_set_name,
    rules_options,
    table_choice,
)

sys.path.insert(0, str(Path(__file__).parent.parent / "web"))
from king.dom import Node, h
from king.render import dialog, sheet, status, table
from king.words import POSITIONS, name, position

CAT = english()


# ----- the named rule sets ------------------------------------------------------------------------------

WHAT_EACH_SET_SAYS: dict[str, dict[str, Any]] = {
    "classic": {"players": 4, "preset": "classic", "replay": "mirror", "order": "fixed", "eralash": True,
                "boys": "jacks", "king_discard": "negative", "deck_size": 32, "deals": 14},
    "club": {"players": 4, "preset": "club", "values": (5, 5, 10, 10, 40, 20), "deals": 14},
    "khvalyonki": {"players": 4, "replay": "trumps", "misere_allowed": True, "must_trump": True, "deals": 12},
    "auction": {"players": 4, "replay": "auction", "deals": 12},
    "ordered": {"players": 4, "order": "chosen", "replay": "mirror", "deals": 56},
    "dos1993": {"players": 4, "preset": "dos1993", "boys": "kings_and_jacks", "king_discard": "never",
                "order": "chosen", "values": (20, 20, 20, 40, 160, 80), "deals": 56},
    "ukrainian": {"players": 4, "preset": "ukrainian", "values": (2, 2, 4, 4, 16, 6), "deals": 14},
    "three": {"players": 3, "preset": "three", "deck": "no_black_sevens", "deck_size": 30, "hand_size": 10,
              "kitty_size": 0},
    "three_kitty": {"players": 3, "preset": "three", "deck": "kitty", "deck_size": 32, "hand_size": 10,
                    "kitty_size": 2},
    "two": {"players": 2, "deck_size": 16, "hand_size": 8, "preset": "classic"},
    "five": {"players": 5, "deck_size": 40, "hand_size": 8, "preset": "classic"},
    "six": {"players": 6, "deck_size": 48, "hand_size": 8, "preset": "classic"},
}


def test_the_named_rule_sets_are_the_issues_twelve() -> None:
    assert list(RULE_SETS) == list(WHAT_EACH_SET_SAYS)
    assert len(set(RULE_SETS.values())) == len(RULE_SETS)  # no two sets are the same rules


@pytest.mark.parametrize("key", list(WHAT_EACH_SET_SAYS))
def test_each_rule_set_parses_and_is_what_its_name_says(key: str) -> None:
    rules = RULE_SETS[key]
    assert isinstance(rules, Rules)
    assert Rules.parse(RULE_SET_TEXTS[key]) == rules and Rules.parse(str(rules)) == rules
    assert str(rules) == RULE_SET_TEXTS[key]  # written as the engine writes it
    assert Rules.from_dict(rules.to_dict()) == rules  # what the dialog fills in gives it back
    for attr, want in WHAT_EACH_SET_SAYS[key].items():
        got = Game(rules).total_deals if attr == "deals" else getattr(rules, attr)
        assert got == want, (key, attr, got, want)
    assert rule_set_name(rules) == key
    assert table_choice(rules.to_dict())["set"] == key


def test_a_changed_option_is_custom() -> None:
    for key, rules in RULE_SETS.items():
        options = rules.to_dict()
        options["early_end"] = not options["early_end"]
        choice = table_choice(options)
        assert choice["ok"] and choice["set"] is None, key
    assert rule_set_name(Rules(players=5, preset="club")) is None


def test_a_rubber_of_every_rule_set_deals_and_plays() -> None:
    """Each set starts a session and plays its first deal to a row that sums to its control total."""
    for key, rules in RULE_SETS.items():
        rng = random.Random(1)
        s = Session.new_game(rules, rng, {"levels": ["human"] + ["random"] * (rules.players - 1)})
        s.game.autoplay(rng, deals=1)
        row = s.game.sheet.rows[0]
        assert sum(row.points) == row.control, key
        assert s.view_model(0)["rule_set"] == key


# ----- the dialog's options and what a choice makes -----------------------------------------------------

def test_the_dialog_offers_every_table_and_option() -> None:
    opts = {o["name"]: o for o in new_game_options()}
    assert set(opts) == set(Rules().to_dict())  # every option of RULES.md §10
    assert opts["players"]["choices"] == [2, 3, 4, 5, 6]
    assert opts["deck"]["choices"] == ["no_black_sevens", "no_black_aces", "kitty", "short"]
    assert "three" in opts["preset"]["choices"]
    assert opts["trump_trick_value"]["kind"] == "number"
    assert {k for k, o in opts.items() if o["more"]} >= {"replay", "trump_rounds", "trump_trick_value", "order"}


def test_options_that_do_not_apply_say_why() -> None:
    assert off_options({"players": 4})["deck"] == "three_only"
    assert "deck" not in off_options({"players": 3})
    mirror = off_options({})
    for key in ("trump_rounds", "eralash_plus_after_trumps", "trump_trick_value", "must_trump"):
        assert mirror[key] == "trump_replay"
    assert mirror["misere_allowed"] == "khvalyonka_only" and "hearts_must_go" not in mirror
    trumps = off_options({"replay": "trumps"})
    assert "misere_allowed" not in trumps and "trump_trick_value" not in trumps
    assert trumps["hearts_must_go"] == "mirror_only"
    assert off_options({"replay": "auction"})["misere_allowed"] == "khvalyonka_only"
    assert off_options({"replay": "trumps", "eralash": False})["eralash_plus_after_trumps"] == "no_eralash"


def test_a_choice_counts_its_deals_with_the_engine() -> None:
    for options, deals in (({}, 14), ({"eralash": False}, 12), ({"order": "chosen"}, 56),
                           ({"order": "chosen", "replay": "trumps"}, 48), ({"replay": "trumps", "trump_rounds": 2}, 16),
                           ({"players": 6, "replay": "trumps"}, 14)):
        choice = table_choice(options)
        assert choice["ok"] and choice["deals"] == deals == Game(Rules.from_dict(options)).total_deals, options
    assert table_choice({"replay": "trumps"})["trick_value"] == 3
    assert table_choice({})["trick_value"] is None


def test_an_invalid_choice_is_refused_with_the_engines_message() -> None:
    for options in ({"order": "chosen", "replay": "auction"}, {"preset": "three", "players": 4},
                    {"replay": "trumps", "trump_trick_value": 0}):
        with pytest.raises(RulesError) as e:
            Rules.from_dict(options)
        choice = table_choice(options)
        assert not choice["ok"] and choice["message"] == str(e.value) and choice["deals"] is None
    # an option that does not apply is left out, not refused: a 3-player deck with 4 players
    choice = table_choice({"players": 4, "deck": "kitty", "trump_trick_value": 0})
    assert choice["ok"] and choice["rules"] == "king()"
    rules, changed = rules_options({"players": 4, "deck": "kitty", "misere_allowed": False})
    assert rules == Rules() and changed == {}


# ----- the dialog drawn -------------------------------------------------------------------------------------

def form(saved: dict[str, Any], levels: list[str] | None = None) -> Node:
    choice = table_choice(saved)
    return h("form", None, dialog.new_game_form(CAT, new_game_options(), saved, levels or ["human"], BOT_LEVELS,
                                                False, choice))


def one(root: Node, **select: Any) -> Node:
    found = root.select(**select)
    assert len(found) == 1, (select, len(found))
    return found[0]


def test_the_dialog_disables_what_does_not_apply_with_the_reason() -> None:
    root = form({"players": 4})
    assert one(root, id="opt-deck").attr("disabled") is True
    assert one(root, id="opt-deck-off").text() == "only with 3 players"
    assert one(root, id="opt-trump_trick_value").attr("disabled") is True
    root = form({"players": 3, "replay": "trumps"})
    assert one(root, id="opt-deck").attr("disabled") is False and one(root, id="opt-deck-off").text() == ""
    number = one(root, id="opt-trump_trick_value")
    assert number.attr("disabled") is False and number.attr("placeholder") == \
        f"automatic: {Game(Rules(players=3, replay='trumps')).trick_value}"
    states = dict(dialog.field_states(CAT, new_game_options(), table_choice({"players": 3, "replay": "trumps"})))
    assert states["deck"] == "" and states["hearts_must_go"].startswith("only with the mirror replay")


def test_the_dialog_names_the_set_and_counts_the_deals() -> None:
    root = form(RULE_SETS["three_kitty"].to_dict())
    chosen = one(root, id="opt-set").select(tag="option", selected=True)
    assert [o.attr("value") for o in chosen] == ["three_kitty"]
    assert one(root, id="new-game-summary").text() == "14 deals · 32 cards, 10 each, 2 face down"
    assert one(root, id="opt-players").select(tag="option", selected=True)[0].attr("value") == "3"
    assert one(root, id="opt-deck").select(tag="option", selected=True)[0].attr("value") == '"kitty"'
    custom = form({"players": 3, "deck": "kitty", "early_end": False})
    assert one(custom, id="opt-set").select(tag="option", selected=True)[0].attr("value") == ""
    assert dialog.summary(CAT, table_choice({"order": "chosen"})) == "56 deals · 32 cards, 8 each"
    assert dialog.summary(CAT, table_choice({"order": "chosen", "replay": "auction"})) == ""


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_the_bots_levels_follow_the_number_of_seats(players: int) -> None:
    root = form({"players": players}, ["human", "easy", "expert"])
    selects = one(root, id="new-game-bots").select(tag="select")
    assert [s.attr("id") for s in selects] == [f"opt-level-{seat}" for seat in range(1, players)]
    chosen = [s.select(tag="option", selected=True)[0].attr("value") for s in selects]
    assert chosen == ["easy", "expert", "expert", "expert", "expert"][: players - 1]
    labels = [lab.select(cls="field-label")[0].text() for lab in one(root, id="new-game-bots").select(tag="label")
              if lab.select(tag="select")]
    assert labels == [name(CAT, seat, players) for seat in range(1, players)]


def test_fit_levels() -> None:
    assert dialog.fit_levels(["human", "easy", "hard", "expert"], 2) == ["human", "easy"]
    assert dialog.fit_levels(["human", "easy"], 4) == ["human", "easy", "easy", "easy"]
    assert dialog.fit_levels(["human"], 3) == ["human", "hard", "hard"]
    assert dialog.fit_levels(["human", "human", "easy", "human"], 5) == ["human", "human", "easy", "human", "easy"]
    assert dialog.fit_levels(["human", "human"], 3) == ["human", "human", "hard"]


# ----- a table of every size --------------------------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_seats_around_the_table(players: int) -> None:
    assert len(POSITIONS[players]) == players and position(0, players) == "south"
    names = [name(CAT, seat, players) for seat in range(players)]
    assert len(set(names)) == players and names[0] == "You"
    options = RULE_SETS["three_kitty"].to_dict() if players == 3 else {"players": players}
    rng = random.Random(players)
    s = Session.new_game(options, rng, {"levels": ["human"] + ["easy"] * (players - 1)})
    vm = s.view_model(0)
    groups = table.seats(vm, CAT)
    boxes = [b for where in ("left", "top", "right") for b in groups[where]]
    assert sorted(int(str(b.attr("data-seat"))) for b in boxes) == list(range(1, players))
    assert all(b.attr("data-pos") == position(int(str(b.attr("data-seat"))), players) for b in boxes)
    # clockwise from my left: the left side, then the top from left to right, then the right side
    assert [int(str(b.attr("data-seat"))) for b in boxes] == list(range(1, players))
    for b in boxes:
        seat = int(str(b.attr("data-seat")))
        assert len(b.select(cls="back")) == vm["counts"][seat] == int(str(b.select(cls="backs")[0].attr("data-count")))
        assert b.select(cls="seat-name")[0].text().startswith(name(CAT, seat, players))
        assert b.select(cls="seat-level")[0].text() == "Easy"
        assert ("is-dealer" in b.classes) == (vm["dealer"] == seat) == bool(b.select(cls="chip"))
        assert ("is-turn" in b.classes) == (vm["to_move"] == seat)
    kitty = table.kitty(vm, CAT)
    if players == 3:
        assert vm["kitty"] == 2 and len(h("div", None, kitty).select(cls="back")) == 2
        assert kitty[0].text() == "Kitty"
    else:
        assert vm["kitty"] == 0 and kitty == []
    assert sheet.rules_line(vm, CAT) == "Rules in force: " + (  # in words: the notation stays in records
        "Three with a kitty — 32 cards" if players == 3 else CAT.t(f"set.{vm['rule_set']}"))


def test_the_status_line_keeps_the_capital_k() -> None:
    """"You have no ♦: K♥ must go" — str.capitalize() used to write "k♥"."""
    vm = {"phase": "play", "to_move": 0, "players": 4, "my_turn": True, "pass_to": None, "seat": 0,
          "trick": [{"seat": 1, "card": "7D"}],
          "levels": ["human", "hard", "hard", "hard"],
          "hand": [{"card": "KH", "legal": True, "reason": None, "args": None},
                   {"card": "AS", "legal": False, "reason": "king_must_go", "args": {"led": "D", "trump": None}}]}
    text = status.status(vm, CAT, True, None)
    assert "K♥ must go" in text and "k♥" not in text and "You have no ♦" in text


@pytest.mark.parametrize("key", ["three", "six"])
def test_a_whole_mirror_rubber_at_three_and_six_sums_to_zero(key: str) -> None:
    """Every deal's row sums to its control total and the mirror rubber to 0, with the seats' own bots
    (the page's web session, cheap levels)."""
    from web_steps import step

    rng = random.Random(5)
    rules = RULE_SETS[key]
    s = Session.new_game(rules, rng, {"levels": ["human"] + ["random"] * (rules.players - 1)})
    while s.game.phase.value != "rubber_over":
        if s.game.to_move == 0:  # my seat, as the page would: a legal card or call
            vm = s.view_model(0)
            token = next((c["card"] for c in vm["hand"] if c["legal"]), None) or vm["moves"][0]["token"]
            assert s.apply(token, 0)["ok"]
        else:
            step(s, rng, level="random")
    vm = s.view_model(0)
    assert len(vm["sheet"]["rows"]) == vm["deals"] == 14
    assert all(sum(r["points"]) == r["control"] for r in vm["sheet"]["rows"])
    assert sum(vm["sheet"]["totals"]) == 0 and len(vm["final"]["standings"]) == rules.players


def test_the_kitty_is_face_down_until_its_deal_is_over() -> None:
    """RULES.md §11.18: during the deal nobody sees the kitty; once the deal is over it lies face up."""
    rng = random.Random(5)
    s = Session.new_game(RULE_SETS["three_kitty"], rng, {"levels": ["human", "random", "random"]})
    s.deal(rng)
    during = s.view_model(0)
    assert during["phase"] == "play" and during["kitty_cards"] == []
    assert h("div", None, table.kitty(during, CAT)).select(cls="card") == []
    s.game.autoplay(rng, deals=1)
    over = s.view_model(0)
    kitty = [str(c) for c in s.game.deals[0].kitty]
    assert over["phase"] in ("deal_over", "rubber_over") and over["kitty_cards"] == kitty and len(kitty) == 2
    drawn = h("div", None, table.kitty(over, CAT))
    assert [c.attr("data-kitty") for c in drawn.select(cls="card")] == kitty and drawn.select(cls="back") == []
    assert [c.attr("aria-label") for c in drawn.select(cls="card")] == [CAT.card_name(c) for c in kitty]
