"""No peeking at yourself (RULES.md §11.21): a game record written in the middle of a deal for one seat
(kingcore.hidden, kingcore.notation ``dumps(seat=…)``) holds that seat's hand and the cards played, no other
card of the deal; the reader deals the hidden cards at random, consistently with the record; the page's
files (the record's download, the *Export all data* file) are written so at every table, and a game
continued from the replay viewer in the middle of a deal plays on with the cards its player could not see
dealt anew."""

from __future__ import annotations

import json
import random
import re
import sys
from pathlib import Path

import pytest

from kingcore import Game, Phase, Rules
from kingcore.cards import Card
from kingcore.errors import NotationError
from kingcore.hidden import HIDDEN, IN_PROGRESS, unseen_by
from kingcore.notation import dumps, loads
from kingcore.web import Catalog, Session
from kingcore.web.backup import make_backup, read_backup
from kingcore.web.replay import Replay
from kingcore.web.stats import empty_stats
from kingcore.web.tables import RULE_SETS

sys.path.insert(0, str(Path(__file__).parent.parent / "web"))
from king.dom import h
from web_catalog import compiled

VARIANTS = [*RULE_SETS.values(), Rules.parse("king(replay=trumps,deal_by=2)"),
            Rules.parse("king(hearts_must_go=true,king_discard=always)"),
            Rules.parse("king(players=3,deck=kitty,preset=three,replay=auction)")]
"""Every named rule set, trump calls after three cards, every special rule, the kitty with the auction."""


def mid_deal(rules: Rules, seed: int, moves: int | None = None) -> Game:
    """A random rubber of ``rules`` stopped in the middle of a deal (``moves`` calls and cards played in
    all, or a random number), the deal in progress."""
    rng = random.Random(seed)
    g = Game(rules)
    g.draw_dealer(rng)
    stop = moves if moves is not None else rng.randrange(1, 300)
    done = 0
    while True:
        if g.phase in (Phase.DEAL, Phase.DEAL_OVER):
            g.deal(rng)
        elif done >= stop and g.phase in IN_PROGRESS:
            return g
        elif g.phase is Phase.RUBBER_OVER:
            return mid_deal(rules, seed + 1000, moves)
        else:
            g.play(rng.choice(g.legal_moves()))
            done += 1


def last_deal_cards(record: str) -> set[str]:
    """Every card named in the record's last deal: its hands, its kitty and its tricks."""
    out: set[str] = set()
    for line in record[record.rindex("\ndeal "):].splitlines():
        words = line.split()
        if words and words[0] in ("hand", "kitty", "trick"):
            out |= {w.rpartition(":")[2] for w in words[1 if words[0] == "kitty" else 2:]}
    return out - {HIDDEN}


def seen_by(g: Game, seat: int) -> set[str]:
    """What ``seat`` has seen of the deal in progress: its cards dealt so far, the cards played, the card a
    trump call "by the last card" shows."""
    d = g.current
    assert d is not None
    seen = {str(c) for c in g.visible_hand(seat)} | {str(c) for _, c in d.plays}
    return seen | ({str(d.shown)} if d.shown is not None else set())


@pytest.mark.parametrize("rules", VARIANTS, ids=str)
def test_a_record_mid_deal_holds_only_the_seats_own_hand_and_the_cards_played(rules: Rules) -> None:
    for seed in range(6):
        g = mid_deal(rules, seed)
        for seat in range(rules.players):
            record = dumps(g, seat=seat)
            assert last_deal_cards(record) == seen_by(g, seat), (seed, seat)
            before, _, _ = record.rpartition("\ndeal ")
            assert before == dumps(g).rpartition("\ndeal ")[0]  # the finished deals whole
            other = loads(record, random.Random(seed))  # read back: the same table for that seat
            assert (other.phase, other.to_move, other.sheet.totals) == (g.phase, g.to_move, g.sheet.totals)
            assert other.visible_hand(seat) == g.visible_hand(seat)
            assert other.current is not None and g.current is not None
            assert (other.current.calls, other.current.plays) == (g.current.calls, g.current.plays)
            assert other.current.unseen == unseen_by(g, seat)  # what was dealt anew is marked
            assert dumps(other, seat=seat) == record  # a record of the same view, whatever the hidden cards


def test_the_whole_record_once_the_deal_is_over() -> None:
    g = mid_deal(Rules(), 3)
    rng = random.Random(3)
    while g.phase is not Phase.DEAL_OVER:
        g.play(rng.choice(g.legal_moves()))
    assert dumps(g, seat=0) == dumps(g) and HIDDEN not in dumps(g, seat=0)
    assert unseen_by(g, 0) == 0


def test_the_record_says_nothing_of_the_hidden_cards() -> None:
    """Two deals alike for seat 0 but for the other seats' unplayed cards: the same record for seat 0, and
    a game continued from either (the same seed) the same game."""
    g = mid_deal(Rules(), 11, moves=13)
    other = loads(dumps(g, seat=0), random.Random(5))
    assert other.current is not None and g.current is not None and other.current.hands != g.current.hands
    assert dumps(other, seat=0) == dumps(g, seat=0)
    first, second = (Replay.from_text(dumps(x)) for x in (g, other))
    step = first.last
    one = first.session_at(step, {}, 1, "a", random.Random(8)).game
    two = second.session_at(step, {}, 1, "a", random.Random(8)).game
    assert one.current is not None and two.current is not None
    assert one.current.hands == two.current.hands  # the continued game cannot follow the real cards


def test_a_game_continued_mid_deal_deals_the_unseen_cards_anew() -> None:
    g = mid_deal(Rules(), 2, moves=10)
    r = Replay.from_text(dumps(g))
    s = r.session_at(r.last, {"seed": 1}, 0, "x", random.Random(4))
    d, real = s.game.current, g.current
    assert d is not None and real is not None
    assert s.game.visible_hand(0) == g.visible_hand(0) and d.plays == real.plays
    assert d.hands[1:] != real.hands[1:]  # the bots' cards dealt anew
    assert s.apply(str(s.game.legal_moves()[0]), s.game.to_move or 0, viewer=s.game.to_move or 0)["ok"]
    again = Session.from_save(s.to_save())  # saved whole: a reload keeps the cards dealt anew
    assert again.game.current is not None and again.game.current.hands == d.hands


@pytest.mark.parametrize("levels", [["human", "hard", "easy", "hard"], ["human", "online", "hard", "online"]])
def test_the_pages_download_and_backup_mid_deal_hold_no_other_hand(levels: list[str]) -> None:
    """At a table with bots or friends online, the record the page offers and the *Export all data* file;
    hot seat still offers neither mid-deal (kingcore.web.record_hidden)."""
    g = mid_deal(Rules(), 7, moves=6)
    names = ["", "Olga", "", "Petya"] if "online" in levels else ["", "", "", ""]
    s = Session(g, {"levels": levels, "names": names}, 2, "id")
    assert not s.hides_hands()
    mine = seen_by(g, 0)
    assert last_deal_cards(s.download()) == mine
    save = json.loads(make_backup(s.to_save(shared=True), None, empty_stats(), "2026-12-05T10:00:00Z"))["save"]
    assert last_deal_cards(save["record"]) == mine
    assert last_deal_cards(json.loads(s.to_save())["record"]) > mine  # the page's own save: whole
    imported = read_backup(make_backup(s.to_save(shared=True), None, empty_stats(), "2026-12-05T10:00:00Z"))
    assert HIDDEN not in json.loads(imported["save"])["record"]  # dealt once at import: a reload keeps them
    assert Session.from_save(imported["save"]).game.visible_hand(0) == g.visible_hand(0)


def test_a_deal_with_hidden_cards_names_the_seat_of_each_card_played() -> None:
    text = dumps(mid_deal(Rules(), 5, moves=9), seat=0)
    with pytest.raises(NotationError) as e:
        loads(re.sub(r"(trick \d+) \d:", r"\1 ", text))
    assert e.value.line is not None and "names the seat" in e.value.message


def test_hidden_cards_only_in_a_deal_in_progress() -> None:
    text = dumps(mid_deal(Rules(), 5, moves=8), seat=0)  # between tricks
    with pytest.raises(NotationError) as e:
        loads(text + "score 0 0 0 0\n")
    assert e.value.code == "hidden_over"


def test_hidden_cards_in_an_earlier_deal_are_refused() -> None:
    g = mid_deal(Rules(), 6, moves=40)
    assert len(g.deals) >= 2
    text = dumps(g)
    first = text.index("\nhand 1 ") + 1
    forged = text[:first] + "hand 1 " + " ".join([HIDDEN] * 8) + text[text.index("\n", first):]
    with pytest.raises(NotationError) as e:
        loads(forged)
    assert e.value.code == "hidden_over"  # its score line: the deal is over
    with pytest.raises(NotationError) as e:
        loads(re.sub(r"\nscore [-0-9 ]+", "", forged))  # the reader needs no score lines
    assert e.value.code == "hidden_not_last"


def forged_void() -> str:
    """A record for seat 0 where seat 1 shows a void in spades (trick 1), then plays a spade (trick 2)."""
    for seed in range(100):
        g = Game(Rules())
        g.set_first_dealer(3)  # seat 0 leads, in Don't take tricks
        g.deal(random.Random(seed))
        mine = {str(c) for c in g.hand(0)}
        spades = [r + "S" for r in "AKQJT987" if r + "S" not in mine]
        hearts = [c for c in mine if c.endswith("H")]
        others = [r + "H" for r in "AKQJT987" if r + "H" not in mine]
        low = min((c for c in mine if c.endswith("S")), key=lambda c: "AKQJT987".index(c[0]), default=None)
        if low is None or not hearts or len(spades) < 3 or len(others) < 3 \
                or "AKQJT987".index(spades[0][0]) > "AKQJT987".index(low[0]):
            continue
        return dumps(g, seat=0) + (f"trick 1 0:{low} 1:{others[0]} 2:{spades[0]} 3:{spades[1]}\n"
                                   f"trick 2 2:{others[1]} 3:{others[2]} 0:{hearts[0]} 1:{spades[2]}\n")
    raise AssertionError("no deal to forge")


def test_cards_played_that_no_hidden_hand_explains_are_refused() -> None:
    text = forged_void()
    with pytest.raises(NotationError) as e:
        loads(text, random.Random(1))
    assert e.value.illegal is not None and e.value.illegal.reason.value == "must_follow_suit"
    assert e.value.line == len(text.splitlines()) - 1  # trick 1: seat 1 held the spade it plays later
    honest = "\n".join(text.splitlines()[:-1]) + "\n"  # without trick 2: seat 1 is dealt no spade at all
    for seed in range(5):
        game = loads(honest, random.Random(seed))
        assert not any(c.suit == 0 for c in game.hand(1))


def test_the_replay_viewer_shows_the_backs_of_the_hidden_cards() -> None:
    sys.path.insert(0, str(Path(__file__).parent.parent / "web"))
    from king.render import replay as view

    g = mid_deal(Rules(), 9, moves=7)
    r = Replay.from_text(dumps(g, seat=0))
    cat = Catalog.from_mo(compiled("ru"), strict=True)
    k = len(r.deals) - 1
    for step in (r.deals[k].first, r.last):
        f = r.frame(step)
        shown_cards = {c for hand in f["hands"] for c in hand}
        assert shown_cards <= last_deal_cards(dumps(g, seat=0)) and f["backs"][0] == 0  # the record's cards
        assert not any(r.game.deals[k].unseen & Card.parse(c).mask for c in shown_cards)  # none dealt anew
        assert all(f["backs"][s] + len(f["hands"][s]) == len(r.game_at(step).hand(s)) for s in (1, 2, 3))
        node = h("div", None, view.board(cat, f))
        backs = node.select(cls="replay-backs")
        assert [b.attr("data-count") for b in backs] == f["backs"][1:]
        assert backs[0].attr("aria-label") == cat.n("replay.backs", f["backs"][1])
        assert not any(c.attr("data-played") in {str(x) for x in g.hand(1)} for c in node.select(cls="replay-card"))
    assert r.hidden(k, 1) and not r.hidden(k, 0)  # no review of a seat whose cards are not shown
    review = h("div", None, view.seat_review(cat, {"seat": 1, "hidden": True}, 4, None))
    assert review.text() == cat.t("replay.review_hidden", name=view.name(cat, 1, 4))


def at_trump_call(rules: Rules, seed: int) -> Game:
    """A random rubber of ``rules`` played up to its first trump call."""
    rng = random.Random(seed)
    g = Game(rules)
    g.draw_dealer(rng)
    while g.phase is not Phase.CALL_TRUMP:
        if g.phase in (Phase.DEAL, Phase.DEAL_OVER):
            g.deal(rng)
        else:
            g.play(rng.choice(g.legal_moves()))
    return g


def test_while_trump_is_called_after_three_cards_the_seats_own_cards_to_come_are_hidden() -> None:
    """RULES.md §7, §11.4: the caller calls after its third card; each seat has seen what it received by
    then, so a record written then hides the rest of its own hand too; "by the last card" shows one card."""
    for seed in range(4):
        g = at_trump_call(Rules(replay="trumps", deal_by=2), seed)
        d = g.current
        assert d is not None and d.caller is not None
        seat = next(s for s in range(4) if s != d.caller)
        record = dumps(g, seat=seat)
        mine = record.rsplit(f"\nhand {seat} ", 1)[1].split("\n")[0].split()
        assert len(g.visible_hand(seat)) < 8 and mine.count(HIDDEN) == 8 - len(g.visible_hand(seat))
        assert last_deal_cards(record) == {str(c) for c in g.visible_hand(seat)}
        again = loads(record, random.Random(seed))
        assert again.visible_hand(seat) == g.visible_hand(seat) and again.phase is Phase.CALL_TRUMP
        g.play("trump:last-card")
        assert d.shown is not None and str(d.shown) in last_deal_cards(dumps(g, seat=seat))
        shown = loads(dumps(g, seat=seat), random.Random(seed)).current
        assert shown is not None and shown.shown == d.shown and shown.trump_call == d.trump_call


def test_the_kitty_is_never_dealt_every_card_that_still_scores() -> None:
    """RULES.md §11.1: a deal whose scoring cards all lie in the kitty is over before its first card. A deal
    the record shows in progress stays in progress: the kitty dealt anew never gets K♥ in Don't take the
    King while K♥ is still to come (nor every heart, every boy… in the others)."""
    rules = Rules(players=3, deck="kitty", preset="three")
    kh = Card.parse("KH")
    for seed in range(30):
        g = mid_deal(rules, seed, moves=1)
        rng = random.Random(seed)
        while g.contract is None or g.contract.value != "no_king" or g.phase is not Phase.PLAY:
            if g.phase in (Phase.DEAL, Phase.DEAL_OVER):
                g.deal(rng)
            else:
                g.play(rng.choice(g.legal_moves()))
        if kh in g.hand(0) or g.current is None or kh in g.current.kitty:
            continue
        record = dumps(g, seat=0)
        for k in range(20):
            again = loads(record, random.Random(k))
            assert again.phase is Phase.PLAY and again.current is not None and kh not in again.current.kitty
        return
    raise AssertionError("no deal with K♥ in another hand")
