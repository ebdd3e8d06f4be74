"""The one spec mini-language of ``Rules`` and ``make_bot`` (kingcore/spec.py, issue 10 item 4)."""

from __future__ import annotations

import pytest

from kingcore import Rules
from kingcore.bots.base import BotSpecError, make_bot
from kingcore.bots.cli import split_bots
from kingcore.errors import RulesError
from kingcore.limits import MAX_SPEC
from kingcore.spec import SpecError, parse_spec, spec_float, split_specs


def test_parse_spec_reads_names_keys_and_list_values() -> None:
    assert parse_spec("heuristic") == ("heuristic", {})
    assert parse_spec(" pimc ( samples = 40 , budget_ms=5 ) ") == ("pimc", {"samples": "40", "budget_ms": "5"})
    assert parse_spec("king()") == ("king", {})
    assert parse_spec("king(deal_order=tricks, hearts,boys,girls,king,last_two,players=3)", lists=True)[1] == {
        "deal_order": "tricks,hearts,boys,girls,king,last_two", "players": "3"}


@pytest.mark.parametrize("text, column, words", [
    ("pimc(samples=4", 5, "expected name(key=value"),
    ("pimc(samples=4,samples=5)", 16, "given twice"),
    ("pimc((samples=4))", 6, "do not nest"),
    ("pimc(samples=٤)", 14, "not allowed"),
    ("pimc(sam ples=4)", 6, "is not a name"),
    ("pimc(samples=4,x)", 16, "is not key=value"),
    ("(samples=4)", 1, "expected a name"),
    ("pimc(samples=4)\nrandom", 16, "not allowed"),
])
def test_bad_specs_name_the_column(text: str, column: int, words: str) -> None:
    with pytest.raises(SpecError) as e:
        parse_spec(text)
    assert e.value.column == column and words in str(e.value) and "\n" not in str(e.value)


def test_rules_and_bots_share_the_syntax_and_raise_their_own_errors() -> None:
    for bad in ("x(a=1,a=2)", "x(a=1", "x((a=1))", "x(a=²)", "x(" + "a" * MAX_SPEC + ")"):
        with pytest.raises(RulesError) as r:
            Rules.parse(bad.replace("x", "king", 1))
        with pytest.raises(BotSpecError) as b:
            make_bot(bad.replace("x", "pimc", 1))
        assert len(str(r.value)) < 200 and len(str(b.value)) < 200
    # a bare word continues a list for rules only
    assert Rules.parse("king(deal_order=tricks,boys,girls,hearts,king,last_two)") == Rules()
    with pytest.raises(BotSpecError, match="is not key=value"):
        make_bot("pimc(samples=4,8)")


def test_spec_lists_split_outside_parentheses() -> None:
    assert split_specs("pimc(samples=20,budget_ms=5), heuristic,random") == [
        "pimc(samples=20,budget_ms=5)", "heuristic", "random"]
    assert split_specs("  ") == []
    for bad in ("a,,b", "a(b", "a)b(", "a,"):
        with pytest.raises(SpecError):
            split_specs(bad)
    with pytest.raises(BotSpecError):
        split_bots("random,(")


def test_bot_numbers_are_ascii_decimals_only() -> None:
    assert spec_float("0.25") == 0.25 and spec_float("-3") == -3.0
    for bad in ("nan", "inf", "1e9", "1_0", "٠.٢", "0x1", "", ".5", "1." , "9" * 10):
        assert spec_float(bad) is None, bad
        with pytest.raises(BotSpecError):
            make_bot(f"heuristic(noise={bad})")
    with pytest.raises(BotSpecError):
        make_bot("pimc(samples=" + "9" * 5000 + ")")
    assert str(make_bot("heuristic(noise=0.00001)")) == "heuristic(noise=0.00001)"
