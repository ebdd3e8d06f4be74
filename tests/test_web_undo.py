"""Undo, auto-play and sounds (issue 13 item 3) under CPython: an undo restores the exact position (the game
record and the view model), the bots answer the same card with the same moves (their seeds come from the
position, not from a counter an undo changes), the deal is marked "with undo" in the save and the score
sheet and survives a reload, saves from before undo still read; auto-play's forced move is the one legal
move and never a choice; the sounds of a move; the page's ``ui`` preferences."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

import pytest
from web_catalog import english

from kingcore import Phase
from kingcore.notation import dumps
from kingcore.web import SaveError, Session, bot_move, forced_move, parse_save, read_prefs, sound_events
from kingcore.web.assist import deal_moves, rewind, undo_span

sys.path.insert(0, str(Path(__file__).parent.parent / "web"))
from king.render import sheet

CAT = english()
LEVELS = ["human", "medium", "easy", "random"]


def bots(s: Session, rng: random.Random, stop_at_deal_over: bool = True) -> list[str]:
    """The bots play (and chance deals) until seat 0 is to move; the bots' tokens, in order."""
    played = []
    while s.game.to_move != 0 and s.game.phase is not Phase.RUBBER_OVER:
        if s.game.to_move is None:
            if stop_at_deal_over and s.game.phase is Phase.DEAL_OVER:
                break
            s.deal(rng)
            continue
        seat = s.game.to_move
        token = bot_move(s.bot_request(seat), s.level(seat), s.bot_seed(seat))
        assert s.apply(token, seat)["ok"]
        played.append(token)
    return played


def game_at(until: Any, options: dict[str, Any] | None = None, seed: int = 11) -> tuple[Session, random.Random]:
    """A rubber (rules ``options``) where seat 0 plays its first legal move until ``until(session)`` holds."""
    rng = random.Random(seed)
    s = Session.new_game(options or {}, rng, {"levels": LEVELS, "fast": True})
    for _ in range(3000):
        bots(s, rng, stop_at_deal_over=False)
        if until(s):
            return s, rng
        if s.game.phase is Phase.RUBBER_OVER:
            break
        assert s.apply(str(s.game.legal_moves()[0]), 0)["ok"]
    raise AssertionError("never reached")


def choice(s: Session) -> bool:
    vm = s.view_model(0)
    return vm["phase"] == "play" and vm["my_turn"] and sum(c["legal"] for c in vm["hand"]) >= 2 and vm["deal"] >= 2


def without_undo(vm: dict[str, Any]) -> dict[str, Any]:
    out = {k: v for k, v in vm.items() if k != "undo"}
    out["sheet"] = {"rows": [{k: v for k, v in r.items() if k != "undo"} for r in vm["sheet"]["rows"]],
                    "totals": vm["sheet"]["totals"]}
    return out


def test_undo_restores_the_exact_position_and_the_bots_reply_the_same() -> None:
    s, rng = game_at(choice)
    vm0, record0 = s.view_model(0), s.record()
    assert vm0["undo"]["used"] is False and vm0["undo"]["deals"] == []
    card = [c["card"] for c in vm0["hand"] if c["legal"]][-1]
    assert s.apply(card, 0)["ok"]
    replies = bots(s, rng)
    assert replies, "the bots moved after my card"
    record1 = s.record()
    assert s.view_model(0)["undo"]["possible"]
    seq = s.seq
    assert s.undo(0)
    assert s.record() == record0  # the exact position: every deal, call and card
    vm = s.view_model(0)
    assert without_undo(vm) == without_undo(vm0)
    assert vm["undo"] == {"possible": False, "used": True, "deals": [vm0["deal"]]}
    assert s.seq == seq  # the page's save counter moves on when it writes; the session does not count undos
    # the same card again: the bots' seeds come from the position, so they reply as before ...
    assert s.apply(card, 0)["ok"]
    again = []
    while s.game.to_move not in (0, None):
        seat = s.game.to_move
        known = s.known_reply(seat)
        token = bot_move(s.bot_request(seat), s.level(seat), s.bot_seed(seat))
        assert known == token  # ... and the session kept what they played (for bots out of thinking time)
        assert s.apply(token, seat)["ok"]
        again.append(token)
    assert again == replies and s.record() == record1


def test_a_different_card_after_undo_meets_no_remembered_reply() -> None:
    s, rng = game_at(choice, seed=3)
    legal = [c["card"] for c in s.view_model(0)["hand"] if c["legal"]]
    s.apply(legal[0], 0)
    bots(s, rng)
    assert s.undo(0)
    s.apply(legal[1], 0)
    if s.game.to_move not in (0, None):
        assert s.known_reply(s.game.to_move) is None


def test_undo_is_possible_only_until_another_person_moves() -> None:
    rng = random.Random(5)
    s = Session.new_game({}, rng, {"levels": ["human", "human", "easy", "easy"], "fast": True})
    g = s.game
    while g.to_move != 0:  # bots and seat 1 play until seat 0's turn
        seat = g.to_move
        s.apply(str(g.legal_moves()[0]), seat)
    assert not s.can_undo(0)  # no move of mine in this deal yet
    s.apply(str(g.legal_moves()[0]), 0)
    assert s.can_undo(0) and not s.can_undo(1)
    while g.to_move != 1:
        s.apply(str(g.legal_moves()[0]), g.to_move)
    assert s.can_undo(0)  # only bots moved since
    s.apply(str(g.legal_moves()[0]), 1)  # another person's card
    before = s.record()
    assert not s.can_undo(0) and not s.undo(0) and s.record() == before
    assert s.can_undo(1) and s.undo(1) and g is not s.game


def test_undo_of_a_call_and_of_the_last_card_of_a_deal() -> None:
    # a trump call (RULES.md §7): seat 0 calls, the bots play on; undo returns to the call screen
    s, rng = game_at(lambda s: s.game.phase is Phase.CALL_TRUMP and s.game.to_move == 0, {"replay": "trumps"})
    vm0, record0 = s.view_model(0), s.record()
    assert s.apply(vm0["moves"][0]["token"], 0)["ok"]
    bots(s, rng)
    assert s.undo(0) and s.record() == record0 and s.view_model(0)["phase"] == "call_trump"
    # the last card of a deal: undone while the deal is over, not once the next is dealt
    s, rng = game_at(lambda s: s.view_model(0)["my_turn"] and len(s.view_model(0)["hand"]) == 1)
    record0 = s.record()
    s.apply(s.view_model(0)["hand"][0]["card"], 0)
    bots(s, rng)
    assert s.game.phase is Phase.DEAL_OVER and s.view_model(0)["result"] is not None
    rows = len(s.game.sheet.rows)
    assert s.undo(0) and s.record() == record0 and len(s.game.sheet.rows) == rows - 1
    s.apply(s.view_model(0)["hand"][0]["card"], 0)
    bots(s, rng)
    assert s.view_model(0)["result"]["undo"] is True
    s.deal(rng)
    assert not s.can_undo(0)


def test_the_deal_is_marked_with_undo_in_the_save_and_on_the_sheet() -> None:
    s, rng = game_at(choice)
    plain = s.to_save()
    assert '"undo"' not in plain  # a save without undo is as before
    deal = s.view_model(0)["deal"]
    s.apply(next(c["card"] for c in s.view_model(0)["hand"] if c["legal"]), 0)
    bots(s, rng)
    s.undo(0)
    text = s.to_save()
    assert json.loads(text)["undo"] == [deal]
    back = Session.from_save(text)  # a reload
    assert back.undo_deals == {deal} and back.to_save() == text
    assert back.redo is None  # the bots' remembered replies are not saved (their seeds replay them)
    assert len(parse_save(text)) == 4  # its shape is unchanged for its readers
    while back.game.phase is Phase.PLAY:  # finish the deal: its row is marked, the others are not
        back.apply(str(back.game.legal_moves()[0]), back.game.to_move)
    vm = back.view_model(0)
    assert [r["undo"] for r in vm["sheet"]["rows"]] == [r["deal"] == deal for r in vm["sheet"]["rows"]]
    assert vm["undo"]["used"] and vm["result"]["undo"]
    nodes = sheet.sheet(vm, CAT)
    text_of = " ".join(n.text() for n in nodes)
    marks = [m.text() for n in nodes for m in n.select("small", cls="undo-mark")]
    assert sorted(marks) == sorted([CAT.t("sheet.with_undo"), CAT.t("sheet.rubber_undo")])
    assert CAT.t("sheet.rubber_undo") in text_of
    marked = [r for n in nodes for r in n.select("tr") if r.attr("data-undo")]
    assert [r.attr("data-deal") for r in marked] == [deal]
    clean = Session.from_save(plain).view_model(0)
    assert CAT.t("sheet.rubber_undo") not in " ".join(n.text() for n in sheet.sheet(clean, CAT))


def test_old_saves_read_and_bad_undo_marks_are_refused() -> None:
    s, _ = game_at(choice)
    doc = json.loads(s.to_save())
    assert "undo" not in doc
    old = Session.from_save(json.dumps(doc))  # a save written before undo existed
    assert old.undo_deals == set() and old.view_model(0)["undo"]["used"] is False
    for bad in ("2", [0], [99], [True], [1.0]):
        doc["undo"] = bad
        with pytest.raises(SaveError) as e:
            Session.from_save(json.dumps(doc))
        assert e.value.kind == "invalid" and "undo" in e.value.message


def test_rewind_replays_every_variant() -> None:
    for options in ({}, {"order": "chosen"}, {"replay": "auction"}, {"players": 3, "deck": "kitty"}):
        rng = random.Random(2)
        players = int(options.get("players", 4))
        s = Session.new_game(options, rng, {"levels": ["human"] + ["easy"] * (players - 1)})
        s.game.autoplay(rng, deals=2)
        s.deal(rng)
        for _ in range(7):
            s.game.step_random(rng)
        moves = deal_moves(s.game)
        for keep in range(len(moves) + 1):
            g = rewind(s.game, keep)
            assert deal_moves(g) == moves[:keep]
            assert dumps(g).split("\ndeal ")[:-1] == dumps(s.game).split("\ndeal ")[:-1]
        with pytest.raises(ValueError):
            rewind(s.game, len(moves) + 1)
        assert undo_span(s.game, 0, []) == 0


def test_forced_move_is_the_one_legal_move_never_a_choice() -> None:
    seen = {"forced": 0, "choice": 0, "call": 0}
    rng = random.Random(9)
    s = Session.new_game({"replay": "auction"}, rng, {"levels": LEVELS})
    while s.game.phase is not Phase.RUBBER_OVER and min(seen.values()) < 3:
        vm = s.view_model(0)
        legal = ([c["card"] for c in vm["hand"] if c["legal"]] if vm["phase"] == "play"
                 else [m["token"] for m in vm["moves"]])
        token = forced_move(vm)
        if not vm["my_turn"]:
            assert token is None
        elif len(legal) == 1:
            assert token == legal[0] == str(s.game.legal_moves()[0])
            seen["forced"] += 1
        else:
            assert token is None
            seen["call" if vm["phase"] != "play" else "choice"] += 1
        if s.game.to_move is None:
            s.deal(rng)
        else:
            s.apply(str(s.game.legal_moves()[-1]), s.game.to_move)
    assert min(seen.values()) >= 1, seen


def test_the_sounds_of_a_deal() -> None:
    rng = random.Random(4)
    s = Session.new_game({}, rng, {"levels": LEVELS})
    events: list[str] = []
    kings = 0
    for _ in range(3):
        while s.game.phase is Phase.PLAY:
            before = s.view_model(0)
            seat = s.game.to_move
            card = str(s.game.legal_moves()[0])
            after = s.apply(card, seat, viewer=0)["view"]
            events += sound_events(before, after)
            kings += after["tricks_done"] > before["tricks_done"] and "KH" in [
                e["card"] for e in after["last_trick"]["cards"]]
        assert sound_events(after, s.view_model(0)) == []  # nothing moved
        s.deal(rng)
    cards = sum(len(d.plays) for d in s.game.deals[:3])
    tricks = sum(len(d.plays) // 4 for d in s.game.deals[:3])
    assert events.count("card") == cards and events.count("trick") == tricks
    assert events.count("king") == kings >= 1


def test_the_ui_options_in_the_preferences() -> None:
    prefs, ok = read_prefs('{"ui": {"undo": true, "autoplay": false, "sounds": true}, "fast": true}')
    assert ok and prefs == {"ui": {"undo": True, "autoplay": False, "sounds": True}, "fast": True}
    assert read_prefs('{"ui": {"undo": "yes", "zoom": 2}}') == ({"ui": {}}, False)
    assert read_prefs('{"ui": [true]}') == ({}, False)
    assert read_prefs('{"ui": {"later_option": true}}') == ({"ui": {}}, True)
