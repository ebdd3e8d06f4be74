"""Every malformed input gives its typed error and a message that says what and where."""

from __future__ import annotations

import random

import pytest

from kingcore import (
    Card,
    CardSet,
    Contract,
    Deal,
    DealError,
    Game,
    IllegalMoveError,
    Move,
    NotationError,
    Position,
    Reason,
    Rules,
    RulesError,
)
from kingcore.notation import dumps, loads, parse_position
from kingcore.vectors import evaluate
from kingcore.view import seat_view

HANDS = ["AS KS 7S AH 8H AD 7D 7C", "QS JS 9H 7H KD QD AC KC", "TS 9S KH QH JH 9D 8D QC",
         "8S TH TD JD JC TC 9C 8C"]


@pytest.mark.parametrize("text", ["", "X", "1S", "QX", "11H", "Q", "♠Q", "QSS"])
def test_bad_card_text(text: str) -> None:
    with pytest.raises(NotationError) as e:
        Card.parse(text)
    assert text in str(e.value) or "bad card" in str(e.value)


def test_bad_hand_notation() -> None:
    with pytest.raises(NotationError, match="four suits"):
        CardSet.parse("AK.Q.J")
    with pytest.raises(NotationError, match="unknown rank"):
        CardSet.parse("AX...")
    with pytest.raises(NotationError, match="twice"):
        CardSet.parse("AS KS AS")


def _start(hands: list[str], rules: Rules | None = None) -> Position:
    rules = rules or Rules()
    return Position.start(Deal(rules, Contract.NO_TRICKS, 0), [CardSet.parse(h).mask for h in hands])


def test_overlapping_hands() -> None:
    with pytest.raises(DealError, match="repeats AS"):
        _start(["AS KS 7S AH 8H AD 7D 7C", "AS JS 9H 7H KD QD AC KC", *HANDS[2:]])


def test_wrong_hand_size() -> None:
    with pytest.raises(DealError, match="has 7 cards, not 8"):
        _start(["AS KS 7S AH 8H AD 7D", *HANDS[1:]])


def test_card_outside_the_deck() -> None:
    with pytest.raises(DealError, match="not in the 32-card deck"):
        _start(["2S KS 7S AH 8H AD 7D 7C", *HANDS[1:]])


def test_wrong_number_of_hands() -> None:
    with pytest.raises(DealError, match="3 hands given for 4 players"):
        _start(HANDS[:3])


@pytest.mark.parametrize("text, msg", [
    ("king(color=red)", "unknown option 'color'"),
    ("king(players=7)", "players=7"),
    ("king(preset=vegas)", "preset"),
    ("king(early_end=maybe)", "true or false"),
    ("king(deck=kitty)", "only for 3 players"),
    ("king(preset=three)", "3-player"),
    ("king(deal_order=tricks,tricks,girls,hearts,king,last_two)", "permutation"),
    ("king(order=chosen,replay=auction)", "auction"),
    ("king(trump_trick_value=-3)", "trump_trick_value"),
    ("queen()", "expected king("),
    ("king(players=4,players=3)", "twice"),
])
def test_unknown_or_bad_options(text: str, msg: str) -> None:
    with pytest.raises(RulesError, match=msg.replace("(", r"\(")):
        Rules.parse(text)


def test_rules_error_is_a_value_error() -> None:
    with pytest.raises(ValueError):
        Rules(players=9)


def test_illegal_card_message_names_seat_card_trick_and_rule() -> None:
    pos = _start(HANDS)
    pos = pos.play(Card.parse("QS"))  # seat 1 leads (dealer 0)
    with pytest.raises(IllegalMoveError) as e:
        pos.play(Card.parse("KH"))
    assert e.value.reason is Reason.MUST_FOLLOW_SUIT
    assert str(e.value) == "seat 2 must follow ♠ in trick 1 but played K♥"
    assert e.value.seat == 2 and e.value.move == Card.parse("KH") and e.value.position is pos


def test_card_not_in_hand() -> None:
    with pytest.raises(IllegalMoveError) as e:
        _start(HANDS).play(Card.parse("AS"))
    assert e.value.reason is Reason.NOT_IN_HAND and "seat 1 does not hold A♠" in str(e.value)


def test_card_after_the_deal_ended() -> None:
    v = {"contract": "no_king", "dealer": 3, "hands": ["AS KS QS JS TS 9S 8S 7S", "AH KH QH JH TH 9H 8H 7H",
         "AD KD QD JD TD 9D 8D 7D", "AC KC QC JC TC 9C 8C 7C"], "play": ["AS", "KH", "7D", "7C", "KS"]}
    r = evaluate(v)
    assert r["error"] == {"index": 4, "kind": "deal_over"} and "deal is over" in r["message"]


def test_malformed_vectors_are_bad_deal() -> None:
    base = {"contract": "no_tricks", "dealer": 0, "hands": HANDS, "play": []}
    for bad in [{**base, "contract": "no_jokers"}, {**base, "hands": HANDS[:3]},
                {**base, "rules": {"players": "four"}}, {**base, "hands": ["AS ZZ", *HANDS[1:]]},
                {**base, "trump": "S"}, {**base, "dealer": 7}, {**base, "play": ["QS", "??"]}, [], "x"]:
        r = evaluate(bad)  # type: ignore[arg-type]
        assert r["error"] == {"index": -1, "kind": "bad_deal"} and r["message"], bad


def test_bad_moves() -> None:
    for t in ["bid:x", "trump:Z", "contract:no-jokers", "fold"]:
        with pytest.raises(NotationError):
            Move.parse(t)


def test_position_string_errors_give_the_column() -> None:
    good = str(_start(HANDS))
    assert parse_position(good) == _start(HANDS)
    bad = good.replace("no_tricks", "no_jokers")
    with pytest.raises(NotationError) as e:
        parse_position(bad)
    assert e.value.column == bad.index("|") + 2 and "no_jokers" in str(e.value)
    with pytest.raises(NotationError, match="unknown rank"):
        parse_position(good.replace("AK7", "AX7", 1))


def _record() -> str:
    g = Game(Rules())
    g.autoplay(random.Random(11), deals=2)
    return dumps(g)


def test_truncated_record() -> None:
    text = _record()
    lines = text.splitlines()
    i = next(k for k, line in enumerate(lines) if line.startswith("trick 3"))
    cut = "\n".join([*lines[:i], lines[i][:-1]])  # the last card cut in half: "2:J"
    with pytest.raises(NotationError) as e:
        loads(cut)
    assert e.value.line == i + 1 and e.value.column is not None


def test_record_with_a_card_after_the_deal_ended() -> None:
    text = _record()
    lines = text.splitlines()
    i = next(k for k, line in enumerate(lines) if line.startswith("score"))
    next_no = int(lines[i - 1].split()[1]) + 1  # the line before the score is the last trick
    lines.insert(i, f"trick {next_no} 0:AS")
    with pytest.raises(NotationError) as e:
        loads("\n".join(lines))
    assert e.value.line == i + 1 and "after the deal ended" in str(e.value)


def test_record_with_an_illegal_card_names_line_column_and_rule() -> None:
    text = _record()
    lines = text.splitlines()
    i = next(k for k, line in enumerate(lines) if line.startswith("trick 1"))
    words = lines[i].split()
    # swap the second card of trick 1 for a card its player does not hold
    seat = words[3].split(":")[0]
    hand_line = next(line for line in lines if line.startswith(f"hand {(int(seat) + 1) % 4} "))
    words[3] = f"{seat}:{hand_line.split()[2]}"
    lines[i] = " ".join(words)
    with pytest.raises(NotationError) as e:
        loads("\n".join(lines))
    assert e.value.line == i + 1 and e.value.column == lines[i].index(words[3]) + 1
    assert "does not hold" in str(e.value)


@pytest.mark.parametrize("mutate, msg", [
    (lambda t: t.replace('[Rules "king()"]', '[Rules "king(players=9)"]'), "players=9"),
    (lambda t: t.replace("deal 1 dealer", "deal 7 dealer"), "expected deal number 1"),
    (lambda t: t.replace("score ", "score 1 ", 1), "score"),
    (lambda t: t.replace("[Event", "[Event oops"), "bad tag"),
    (lambda t: t + "flop 1 2\n", "unknown line"),
    (lambda t: t.replace("hand 1 ", "hand 1 ZZ ", 1), "bad card"),
])
def test_record_errors(mutate, msg: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(NotationError, match=msg):
        loads(mutate(_record()))


def test_record_reader_is_lenient() -> None:
    text = _record()
    loose = "\n".join("   " + line.upper().replace(":", ": ").replace(": ", ":") + "   # note"
                      if line.startswith("trick") else line for line in text.splitlines())
    loose = loose.replace("[Event", "# a comment line\n[Event")
    assert dumps(loads(loose)) == text


# ----- found by review: hostile numbers, repeated lines, unchecked tags ------------------------------

@pytest.mark.parametrize("mutate", [
    lambda t: t.replace("deal 1 dealer", "deal " + "9" * 5000 + " dealer"),
    lambda t: t.replace("hand 1 ", "hand " + "9" * 5000 + " ", 1),
    lambda t: t.replace("trick 1 ", "trick " + "9" * 5000 + " ", 1),
    lambda t: t.replace("trick 1 ", "trick 1 " + "9" * 5000 + ":", 1),
    lambda t: t.replace("score ", "score " + "9" * 5000 + " ", 1),
    lambda t: t.replace("trick 1 ", "trick ² ", 1),
    lambda t: t.replace("trick 2 ", "trick 3 ", 1),
])
def test_hostile_numbers_and_wrong_trick_numbers_in_records(mutate) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(NotationError) as e:
        loads(mutate(_record()))
    assert e.value.line is not None and e.value.line > 1


def test_bids_need_ascii_digits() -> None:
    for t in ("bid:²", "bid:٣", "bid:" + "9" * 5000):
        with pytest.raises(NotationError):
            Move.parse(t)
    with pytest.raises(RulesError):
        Rules.parse("king(players=٣)")


def test_repeated_hands_and_tags_are_refused() -> None:
    text = _record()
    lines = text.splitlines()
    i = next(k for k, x in enumerate(lines) if x.startswith("hand 1 "))
    twice = "\n".join([*lines[:i], "hand 1 7S 8S 9S 7C 8C 9C 7D 8D", *lines[i:]])
    with pytest.raises(NotationError, match="seat 1 is given twice"):
        loads(twice)
    with pytest.raises(NotationError, match="given twice"):
        loads(text.replace('[Rules "king()"]', '[Rules "king()"]\n[Rules "king(players=3)"]'))
    with pytest.raises(NotationError, match="not both"):
        loads(text.replace('[Rules "king()"]', '[Rules "king()"]\n[FirstDealer "1"]'))


def test_result_tag_is_checked() -> None:
    g = Game()
    g.autoplay(random.Random(12))
    text = dumps(g)
    assert loads(text).sheet.totals == g.sheet.totals
    t = " ".join(map(str, g.sheet.totals))
    with pytest.raises(NotationError, match="Result"):
        loads(text.replace(f'[Result "{t}"]', '[Result "1 2 3 4"]'))
    with pytest.raises(NotationError, match="not finished"):
        loads(_record().replace('[Rules "king()"]', '[Rules "king()"]\n[Result "0 0 0 0"]'))


def test_a_byte_order_mark_is_accepted_and_an_empty_record_is_line_1() -> None:
    assert loads("\ufeff" + _record()).sheet.rows
    with pytest.raises(NotationError) as e:
        loads("")
    assert e.value.line == 1


@pytest.mark.parametrize("extra", [
    {"contract": "trumps", "trump": "S", "trick_value": 0},
    {"contract": "trumps", "trump": "S", "trick_value": 10**30},
    {"contract": "trumps", "trump": "S", "trick_value": True},
    {"contract": "no_tricks", "trick_value": 3},
    {"contract": "trumps", "trump": "S", "bid": {"seat": 1, "tricks": 0}},
    {"contract": "trumps", "trump": None, "misere": True, "bid": {"seat": 1, "tricks": 2}},
    {"contract": "trumps", "trump": "S", "bid": {"seat": True, "tricks": 2}},
    {"contract": "trumps", "trump": "S", "bid": {"seat": 1, "tricks": 2, "x": 1}},
    {"dealer": None},
])
def test_vector_fields_out_of_range_are_bad_deal(extra: dict) -> None:  # type: ignore[type-arg]
    v = {"contract": "no_tricks", "dealer": 0, "hands": HANDS, "play": [], **extra}
    if extra.get("dealer", 0) is None:
        del v["dealer"]
    assert evaluate(v)["error"] == {"index": -1, "kind": "bad_deal"}


def test_api_seat_and_draw_errors_are_kingcore_errors() -> None:
    g = Game()
    for bad in (9, -1, True):
        with pytest.raises(RulesError):
            g.hand(bad)
        with pytest.raises(RulesError):
            seat_view(g, bad)
    with pytest.raises(RulesError):
        g.set_first_dealer(True)
    with pytest.raises(DealError, match="twice"):
        g.apply_draw("AS AS 7C 8C")
    g.apply_draw("7S QH AD 9C")
    assert g.first_dealer == 2


def test_auction_message_when_the_bid_is_at_the_top() -> None:
    g = Game(Rules(replay="auction"))
    rng = random.Random(4)
    while g.phase.name != "AUCTION":
        g.step_random(rng)
    g.play("bid:8")
    with pytest.raises(IllegalMoveError, match="may only pass"):
        g.play("bid:9")
