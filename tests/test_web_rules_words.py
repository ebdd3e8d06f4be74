"""Rules in words, never in notation: every place the page shows a game's rules — the rules help, the score
sheet, the new-game dialog — names the rule set, or custom rules as the nearest set and the options changed,
in the page's language (web/king/render/rules.py, ``kingcore.web.rules_summary``); the rules text
``king(...)`` stays in game records and the command line. The dialog's refusals are said in words too."""

from __future__ import annotations

import random
import re
import sys
from pathlib import Path
from typing import Any

import pytest
from test_web_render import PHASES, phase_vm
from web_catalog import compiled

from kingcore import Game, Rules
from kingcore.notation import dumps
from kingcore.web import RULE_SETS, Catalog, Replay, rules_help, rules_summary, table_choice
from kingcore.web.tables import REFUSALS

sys.path.insert(0, str(Path(__file__).parent.parent / "web"))
from king.dom import h
from king.render import dialog, help, sheet, table
from king.render import replay as replay_view
from king.render.rules import rules_words, set_changes

LOCALE = Path(__file__).parent.parent / "web" / "locale"
NOTATION = re.compile(r"king\(|\b[a-z_]+=[A-Za-z0-9_]")
"""The rules text, or any part of it (``players=3``)."""

CUSTOM = {
    "king(boys=kings_and_jacks,king_discard=never)": ("classic", ["boys", "king_discard"]),
    "king(preset=club,eralash=false)": ("club", ["eralash"]),
    "king(players=3,deck=short,preset=three)": ("three", ["deck"]),
    "king(replay=trumps,trump_rounds=2,misere_allowed=false,trump_trick_value=5)":
        ("khvalyonki", ["trump_rounds", "trump_trick_value", "misere_allowed"]),
    "king(deal_order=boys,tricks,girls,hearts,king,last_two,first_dealer=first_ace,deal_by=2)":
        ("classic", ["first_dealer", "deal_by", "deal_order"]),
    "king(players=5,preset=ukrainian,hearts_must_go=true)": ("five", ["preset", "hearts_must_go"]),
}
"""Custom rules: the nearest named set and the options changed from it, in RULES.md §10's order."""


def catalog(lang: str) -> Catalog:
    return Catalog.from_mo(compiled(lang), strict=True)


@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
def test_no_message_a_player_sees_holds_the_notation(lang: str) -> None:
    messages = re.findall(r'^msgstr(?:\[\d\])? "(.*)"$', (LOCALE / f"{lang}.po").read_text(encoding="utf-8"), re.M)
    assert len(messages) > 500
    assert [m for m in messages if NOTATION.search(m)] == []
    cat = catalog(lang)  # and the rules in words, for every named set and custom rules
    words = [rules_words(cat, str(r)) for r in RULE_SETS.values()] + [rules_words(cat, t) for t in CUSTOM]
    assert [w for w in words if NOTATION.search(w)] == []


def test_the_nearest_set_and_the_options_changed() -> None:
    for name, rules in RULE_SETS.items():
        assert rules_summary(rules) == {"set": name, "base": name, "changes": []}
    for text, (base, changed) in CUSTOM.items():
        summary = rules_summary(text)
        assert (summary["set"], summary["base"], [k for k, _ in summary["changes"]]) == (None, base, changed)
    # an option the rules leave unused (trump rounds without a trump replay) changes nothing
    assert rules_summary("king(trump_rounds=2)") == {"set": "classic", "base": "classic", "changes": []}


@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
def test_the_rules_in_words(lang: str) -> None:
    cat = catalog(lang)
    for name, rules in RULE_SETS.items():
        assert rules_words(cat, str(rules)) == cat.t(f"set.{name}")
        assert set_changes(cat, str(rules)) == ""  # the dialog's list names it already
    text = "king(boys=kings_and_jacks,king_discard=never,eralash=false)"
    changes = cat.t("rules.sep").join([
        cat.t("rules.change", option=cat.t("option.boys"), value=cat.t("choice.boys.kings_and_jacks")),
        cat.t("rules.change", option=cat.t("option.eralash"), value=cat.t("rules.no")),
        cat.t("rules.change", option=cat.t("option.king_discard"), value=cat.t("choice.king_discard.never"))])
    assert rules_words(cat, text) == cat.t("rules.custom", base=cat.t("set.classic"), changes=changes)
    assert set_changes(cat, text) == cat.t("dialog.set_changes", base=cat.t("set.classic"), changes=changes)
    order = rules_words(cat, "king(deal_order=boys,tricks,girls,hearts,king,last_two)")
    assert cat.t("list.sep").join(cat.t(f"basic.{b}") for b in ("boys", "tricks", "girls")) in order
    assert cat.num(5) in rules_words(cat, "king(replay=trumps,trump_trick_value=5)")


@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
def test_no_rendered_view_shows_the_notation(lang: str) -> None:
    """The rules help, the score sheet, the bar, the new-game dialog (its set line and its refusals) and the
    replay viewer's board, drawn for a view model of every phase and for every named set and custom rules."""
    cat = catalog(lang)
    texts: list[str] = []
    for name in PHASES:
        vm: Any = phase_vm(name)
        assert NOTATION.search(vm["rules"])  # the view model carries the rules text: the page says it in words
        texts += [sheet.rules_line(vm, cat), h("div", None, help.help_panel(rules_help(vm["rules"]), cat)).text(),
                  h("div", None, sheet.sheet(vm, cat)).text(), *table.bar(vm, cat).values()]
    for rules in [*map(str, RULE_SETS.values()), *CUSTOM]:
        texts += [h("div", None, help.help_panel(rules_help(rules), cat)).text(), set_changes(cat, rules)]
    refused = [{"preset": "three"}, {"order": "chosen", "replay": "auction"},
               {"replay": "trumps", "trump_trick_value": "ten"}]
    for options, code in zip(refused, REFUSALS, strict=True):
        choice = table_choice(options)
        assert not choice["ok"] and choice["refusal"] == code and NOTATION.search(choice["message"] + " x=1")
        texts.append(dialog.refusal_text(cat, choice))
        assert texts[-1] == cat.t(f"refusal.{code}")
    g = Game(Rules.parse(next(iter(CUSTOM))))
    g.autoplay(random.Random(3), deals=1)
    r = Replay.from_text(dumps(g))
    texts += [h("div", None, replay_view.board(cat, r.frame(k))).text() for k in (0, r.last)]
    shown = [t for t in texts if NOTATION.search(t)]
    assert shown == [], shown[:3]
