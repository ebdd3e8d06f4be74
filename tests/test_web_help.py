"""Issue 11 items 4 and 5 under CPython: the rules help generated from a game's ``Rules``
(kingcore/web/rulestext.py) and its renderer (web/king/render/help.py); every trick can be seen — the trick
history of a deal (kingcore/web/history.py), the trick that ends a deal kept in the view model, the card
backs a seat really holds during a partial trump deal, the card shown "by the last card", and their
renderers (web/king/render/history.py). Every drawn word comes from the catalog."""

from __future__ import annotations

import itertools
import random
import re
import sys
from pathlib import Path
from typing import Any

import pytest
from test_web_render import Pseudo, outside
from web_catalog import compiled, english
from web_steps import step

from kingcore import Game, Phase, Position, Rules
from kingcore.contracts import Contract
from kingcore.game import schedule
from kingcore.web import Catalog, Session, deal_history, help_topic, rules_help

sys.path.insert(0, str(Path(__file__).parent.parent / "web"))
from king.dom import Node, h
from king.render import help as helpview
from king.render import history, panels
from king.words import POSITIONS

CAT = english()

RULE_SETS = {
    "classic": "king()",
    "three_kitty": "king(players=3,deck=kitty)",
    "two": "king(players=2)",
    "six": "king(players=6)",
    "khvalyonka": "king(replay=trumps)",
    "auction": "king(replay=auction)",
    "ordered": "king(order=chosen)",
    "dos1993": "king(preset=dos1993,boys=kings_and_jacks,king_discard=never,order=chosen)",
}


def section(data: dict[str, Any], ident: str) -> list[dict[str, Any]]:
    return next(s["items"] for s in data["sections"] if s["id"] == ident)


def para(data: dict[str, Any], ident: str, code: str) -> dict[str, Any]:
    found = [i for i in section(data, ident) if i.get("code") == code]
    assert len(found) == 1, (ident, code, [i.get("code") for i in section(data, ident)])
    return found[0]


def codes(data: dict[str, Any], ident: str) -> list[str]:
    return [i["code"] for i in section(data, ident) if i["kind"] == "p"]


def deals_listed(data: dict[str, Any]) -> list[dict[str, Any]]:
    return next(i["deals"] for i in section(data, "contracts") if i["kind"] == "deals")


def text_of(nodes: list[Node]) -> str:
    return h("div", None, nodes).text()


# ----- the rules help: data ------------------------------------------------------------------------------

@pytest.mark.parametrize("name", list(RULE_SETS))
def test_rules_help_follows_the_engine(name: str) -> None:
    """For every rule set: the deals listed are the engine's schedule, the count is Game's own, each deal's
    control total is the engine's for a full deal, and the special rules name the contracts the engine binds."""
    rules = Rules.parse(RULE_SETS[name])
    data = rules_help(rules)
    game = Game(rules)
    assert data["rules"] == str(rules) and data["players"] == rules.players and data["deals"] == game.total_deals
    assert [s["id"] for s in data["sections"]] == ["deck", "dealing", "play", "contracts", "special", "replay",
                                                   "order", "settlement", "friends"]
    listed = deals_listed(data)
    assert [d["contract"] for d in listed] == [c.value for c in schedule(rules)]
    assert [d["number"] for d in listed] == list(range(1, len(listed) + 1))
    for d in listed:
        assert d["scoring"]["positive"] == Contract(d["contract"]).positive
    king = para(data, "special", "help.special.king_must_go")["args"]["contracts"]["contracts"] \
        if "help.special.king_must_go" in codes(data, "special") else []
    expected = {"negative": ["no_king", "eralash_minus"], "always": ["no_king", "eralash_minus", "take_king",
                                                                     "eralash_plus"], "never": []}[rules.king_discard]
    assert sorted(king) == sorted(c for c in expected if Contract(c) in schedule(rules))
    if rules.king_discard == "never":
        assert "help.special.king_free" in codes(data, "special")
    assert para(data, "deck", "help.deck.hand")["n"] == rules.hand_size


def test_listed_control_totals_are_what_a_played_deal_sums_to() -> None:
    """The help's control total of each contract equals the score sheet's control column of real deals of
    that contract (4 players: nothing in a kitty, so every deal totals the same)."""
    for text in ("king()", "king(players=6)", "king(players=2,preset=ukrainian)"):
        rules = Rules.parse(text)
        listed = {d["contract"]: d["control"] for d in deals_listed(rules_help(rules))}
        g = Game(rules)
        g.autoplay(random.Random(11))
        for row in g.sheet.rows:
            assert listed[row.contract] == row.control, (text, row.contract)


def test_rules_help_three_players_with_a_kitty() -> None:
    data = rules_help("king(players=3,deck=kitty)")
    assert para(data, "deck", "help.deck.players")["n"] == 3
    assert para(data, "deck", "help.deck.kitty")["n"] == 32
    assert para(data, "deck", "help.deck.kitty_cards")["n"] == 2
    assert para(data, "deck", "help.deck.hand")["n"] == 10
    assert "help.contracts.kitty_total" in codes(data, "contracts")
    assert "help.settlement.kitty" in codes(data, "settlement") and "help.settlement.zero" not in codes(
        data, "settlement")
    no_tricks = next(d for d in deals_listed(data) if d["contract"] == "no_tricks")
    assert no_tricks["control"] == -2 * 10  # classic: 2 a trick, 10 tricks


@pytest.mark.parametrize("players, size, low", [(2, 16, "J"), (3, 30, "7"), (4, 32, "7"), (5, 40, "5"),
                                                (6, 48, "3")])
def test_rules_help_deck_for_every_table(players: int, size: int, low: str) -> None:
    """RULES.md §2: 2 → J..A (16), 3 → 30 without the black sevens, 5 → 5..A (40), 6 → 3..A (48)."""
    data = rules_help(Rules(players=players))
    deck = section(data, "deck")[1]
    assert deck["n"] == size and deck["args"]["low"] == {"rank": low}
    assert deck["code"] == ("help.deck.no_black_sevens" if players == 3 else "help.deck.standard")
    assert para(data, "deck", "help.deck.hand")["n"] == size // players


def test_rules_help_khvalyonka_auction_and_ordered_king() -> None:
    tr = rules_help("king(replay=trumps)")
    assert para(tr, "replay", "help.replay.trumps")["n"] == 4
    calls = para(tr, "replay", "help.replay.calls")["args"]["calls"]["either"]
    assert "trump.last-card" in calls and "trump.misere" in calls
    assert para(tr, "replay", "help.replay.value.auto")["n"] == 3  # RULES.md §7: (192 − 96) ÷ 32 = 3
    assert "help.replay.last_card" in codes(tr, "replay") and "help.special.must_trump" in codes(tr, "special")
    no_misere = rules_help("king(replay=trumps,misere_allowed=false,must_trump=false,trump_trick_value=5)")
    assert "trump.misere" not in para(no_misere, "replay", "help.replay.calls")["args"]["calls"]["either"]
    assert para(no_misere, "replay", "help.replay.value.fixed")["n"] == 5
    assert "help.special.may_discard" in codes(no_misere, "special")
    au = rules_help("king(replay=auction)")
    assert para(au, "replay", "help.replay.auction")["n"] == 4 and para(au, "replay", "help.replay.auction_score")[
        "n"] == 6
    trumps = [d for d in deals_listed(au) if d["contract"] == "trumps"]
    assert len(trumps) == 4 and all(d["control"] is None and d["scoring"]["auction"] for d in trumps)
    assert "help.settlement.auction" in codes(au, "settlement")
    ordered = rules_help("king(order=chosen,replay=trumps)")
    assert ordered["deals"] == 48  # RULES.md §11.6: 4 × 12
    assert para(ordered, "order", "help.order.chosen_deals")["n"] == 48
    assert "trump.last-card" not in para(ordered, "replay", "help.replay.calls")["args"]["calls"]["either"]
    assert "help.replay.caller.full" in codes(ordered, "replay")


def test_rules_help_dos_1993() -> None:
    data = rules_help(RULE_SETS["dos1993"])
    assert data["deals"] == 56
    assert para(data, "contracts", "help.contracts.boys")["args"]["boys"] == {"t": "help.boys.kings_and_jacks"}
    no_boys = next(d for d in deals_listed(data) if d["contract"] == "no_boys")
    assert no_boys["scoring"]["parts"] == [{"item": "boys", "value": 20}]  # 40 halved with kings and jacks
    assert "help.special.king_free" in codes(data, "special")


def test_every_option_has_a_help_section() -> None:
    """Each option of RULES.md §10 links to a section the help has."""
    ids = {s["id"] for s in rules_help(Rules())["sections"]}
    for name in Rules().to_dict():
        assert help_topic(name) in ids, name


# ----- the rules help: renderer ----------------------------------------------------------------------------

@pytest.mark.parametrize("name", list(RULE_SETS))
def test_rules_help_renders_in_words(name: str) -> None:
    data = rules_help(RULE_SETS[name])
    nodes = helpview.help_panel(data, english())  # strict: a code without words raises
    root = h("div", None, nodes)
    assert [s.attr("id") for s in root.select(tag="section")] == [f"help-{s['id']}" for s in data["sections"]]
    items = root.select(tag="ol", cls="help-deals")[0].select(tag="li")
    assert [li.attr("data-contract") for li in items] == [d["contract"] for d in deals_listed(data)]
    text = root.text()
    assert "{" not in text and "help." not in text
    cat = Pseudo(english().translations, strict=True)
    leaks = [n.text() for n in h("div", None, helpview.help_panel(data, cat)).walk()
             if any(isinstance(c, str) for c in n.children) and re.search(r"[A-Za-z]", outside(n.text()))]
    assert not leaks, leaks[:5]


def test_rules_help_text_for_three_with_a_kitty() -> None:
    root = h("div", None, helpview.help_panel(rules_help("king(players=3,deck=kitty)"), CAT))
    text = root.text()
    assert "A table of 3 players." in text
    assert "The deck: all 32 cards" in text
    assert "2 cards are left face down as a kitty" in text
    assert "Each player is dealt 10 cards, so a deal has 10 tricks." in text
    king = root.select(tag="li", data_contract="no_king")[0].text()
    assert "No King" in king and "−16 for K♥" in king and "control total −16" in king
    assert "K♥ must go when you cannot follow" in king


def test_the_plural_forms_follow_the_numbers() -> None:
    two = h("div", None, helpview.help_panel(rules_help("king(players=2,deal_by=2)"), CAT)).text()
    assert "Cards are dealt 2 at a time" in two and "A table of 2 players." in two
    calls = h("div", None, helpview.help_panel(rules_help("king(replay=trumps)"), CAT)).text()
    assert "The caller chooses a trump suit, no trump, misère or by the last card." in calls


@pytest.mark.parametrize("lang, words", [
    ("en", ("20 seconds", "STUN", "as a dealer who peeks would", "cannot choose the cards", "one link",
            "never a card, a name or a move", "10 seconds", "By default no device sees another's cards")),
    ("ru", ("20 секунд", "STUN", "как сдающий, который подглядывает", "выбрать карты хозяин не может",
            "одна ссылка", "ни карт, ни имён, ни ходов", "10 секунд", "По умолчанию ни одно устройство")),
    ("uk", ("20 секунд", "STUN", "як роздавач, що підглядає", "вибрати карти господар не може",
            "одне посилання", "ні карт, ні імен, ні ходів", "10 секунд", "Типово жоден пристрій")),
])
def test_playing_with_friends_in_every_language(lang: str, words: tuple[str, ...]) -> None:
    """The help's last section says how to invite (one link for the table), what the relays see (never a card,
    a name or a move; the 10 s after which the codes are offered), what the connection needs (STUN tells each
    browser its address; no TURN server; the 20 s) and the trust model — mental poker by default —, in each
    language, for every table."""
    cat = Catalog.from_mo(compiled(lang), strict=True)
    for rules in ("king()", "king(players=3,deck=kitty)"):
        root = h("div", None, helpview.help_panel(rules_help(rules), cat))
        friends = root.select(tag="section", id="help-friends")
        assert len(friends) == 1 and friends[0] is root.select(tag="section")[-1]
        text = friends[0].text()
        assert all(w in text for w in words), text
        assert text.startswith(cat.t("help.title.friends"))


# ----- the trick history --------------------------------------------------------------------------------

def play_until(options: dict[str, Any], until: Any, seed: int = 3) -> Session:
    rng = random.Random(seed)
    s = Session.new_game(options, rng)
    for _ in range(6000):
        if until(s):
            return s
        step(s, rng)
    raise AssertionError("never reached")


def test_deal_history_replays_the_record() -> None:
    """Every completed trick with its leader, winner and points; the winner leads the next; the points add up
    to the score sheet's row; a past deal's history stays the same as the rubber goes on."""
    s = play_until({}, lambda s: len(s.game.sheet.rows) >= 3)
    for row in s.game.sheet.rows:
        d = s.game.deals[row.deal - 1]
        data = s.history(row.deal)
        assert data["contract"] == row.contract and data["dealer"] == row.dealer and data["over"]
        tricks = data["tricks"]
        played = [{"seat": seat, "card": str(c)} for seat, c in d.plays]
        assert [e for t in tricks for e in t["cards"]] == played
        assert tricks[0]["leader"] == (row.dealer + 1) % 4
        for a, b in itertools.pairwise(tricks):
            assert b["leader"] == a["winner"] and b["cards"][0]["seat"] == a["winner"]
        per_seat = [sum(t["points"] for t in tricks if t["winner"] == seat) for seat in range(4)]
        assert per_seat == list(row.points) == data["points"]
        assert data["early"] == (len(tricks) < 8)
    first = s.history(1)
    s2 = play_until({}, lambda x: len(x.game.sheet.rows) >= 5)
    assert s2.history(1) == first  # the same seed: the same first deal, unchanged by later deals
    with pytest.raises(ValueError):
        s.history(99)


def test_a_view_reads_the_history_without_playing_the_deal_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """The view model's history (and a past deal's) comes from the tricks the game kept as they were played:
    building a view plays no card through a :class:`Position` (it once replayed the deal from its first card at
    every view)."""
    s = play_until({}, lambda s: len(s.game.sheet.rows) == 1 and len(s.game.current.plays) == 9)
    before = s.view_model(0), s.history(1)

    def replay(*_: object) -> None:
        raise AssertionError("a view played a card")

    for name in ("play", "push_index", "_play"):
        monkeypatch.setattr(Position, name, replay)
    assert (s.view_model(0), s.history(1)) == before and len(before[0]["history"]) == 2


def test_view_model_history_and_the_trick_that_ends_a_deal() -> None:
    s = play_until({}, lambda s: s.game.phase is Phase.PLAY and len(s.game.current.plays) == 9)
    vm = s.view_model(0)
    assert len(vm["history"]) == 2 and vm["history"] == s.history(vm["deal"])["tricks"]
    s = play_until({}, lambda s: s.game.phase is Phase.DEAL_OVER)
    vm = s.view_model(0)
    last = vm["history"][-1]
    assert vm["trick_complete"] and vm["last_trick"]["cards"] == last["cards"]
    assert vm["last_trick"]["winner"] == last["winner"]
    node = history.final_trick(vm, CAT)
    assert node is not None and node.attr("data-winner") == last["winner"]
    minis = node.select(cls="mini")
    assert len(minis) == 4 and len(node.select(cls="is-winner")) == 1
    _, nodes = panels.result_panel(vm, CAT, None)
    assert h("div", None, nodes).select(cls="final-trick")
    assert f"(trick {last['number']})" in node.text()


def test_card_backs_during_a_partial_trump_deal() -> None:
    """While the caller calls, each seat holds only what was dealt before the call: 3 for the caller."""
    s = play_until({"replay": "trumps"}, lambda s: s.game.phase is Phase.CALL_TRUMP)
    g = s.game
    vm = s.view_model(0)
    assert vm["counts"] == [len(g.visible_hand(seat)) for seat in range(4)]
    assert vm["counts"][g.current.caller] == 3 and sum(vm["counts"]) < 32
    assert vm["counts"][0] == len(vm["hand"])


def test_the_card_called_by_the_last_card_is_shown() -> None:
    s = play_until({"replay": "trumps"}, lambda s: s.game.phase is Phase.CALL_TRUMP)
    caller = s.game.current.caller
    assert s.apply("trump:last-card", caller)["ok"]
    last = str(s.game.current.hands[caller][-1])
    for seat in range(4):
        vm = s.view_model(seat)
        assert vm["contract"]["shown"] == last and vm["contract"]["trump"] == last[-1]
        nodes = history.shown_card(vm, CAT)
        fig = h("div", None, nodes).select(tag="figure")[0]
        assert fig.attr("data-shown") == last and fig.attr("data-seat") == caller
        assert f"{CAT.card(last)} — {CAT.suit(last[-1])} is trump" in fig.text()
        owner = "Your last card" if caller == 0 else f"{CAT.t(f'position.{POSITIONS[4][caller]}')}'s last card"
        assert fig.select(tag="figcaption")[0].text().startswith(owner)
    plain = play_until({}, lambda s: s.game.phase is Phase.PLAY)
    assert history.shown_card(plain.view_model(0), CAT) == []


def test_history_panel_renders_each_trick() -> None:
    s = play_until({"replay": "trumps"}, lambda s: any(r.contract == "trumps" for r in s.game.sheet.rows))
    row = next(r for r in s.game.sheet.rows if r.contract == "trumps")
    data = s.history(row.deal)
    root = h("div", None, history.history_panel(CAT, data, current=False))
    rows = root.select(tag="tr", cls="")
    rows = [r for r in rows if r.attr("data-trick") is not None]
    assert [r.attr("data-winner") for r in rows] == [t["winner"] for t in data["tricks"]]
    for r, t in zip(rows, data["tricks"], strict=True):
        assert [c.attr("data-played") for c in r.select(cls="history-card")] == [e["card"] for e in t["cards"]]
        assert len(r.select(cls="is-winner")) == 1
    title = root.select(tag="h2")[0].text()
    assert title.startswith(f"Deal {row.deal}: Trumps — ") and ("trump" in title or "misère" in title)
    cat = Pseudo(english().translations, strict=True)
    texts = [n.text() for n in h("div", None, history.history_panel(cat, data, True)).walk()
             if any(isinstance(c, str) for c in n.children)]
    assert not [t for t in texts if re.search(r"[A-Za-z]", outside(t))]
    empty = deal_history(Session.new_game({}, random.Random(1)).game, 1)
    assert h("div", None, history.history_panel(CAT, empty, True)).select(cls="history-none")
    assert compiled("en")  # the tests' catalog is the build's
