"""A game's rules in words, never as the rules text ``king(...)`` (which stays in game records and the command
line): the named rule set they are, or custom rules as the nearest named set and the options changed from
it ("Club — 5/10/40 scoring, changed: Boys — Kings"), from ``kingcore.web.rules_summary``. Pure."""

from __future__ import annotations

from typing import Any

from kingcore.web import rules_summary

from ..words import Catalog


def value_words(cat: Catalog, option: str, value: Any) -> str:
    """The words of one option's value (RULES.md §10 name, JSON value): a choice as the new-game dialog
    names it, yes or no, a number, a scoring preset's name, the deal order's contracts in order."""
    if isinstance(value, bool):
        return cat.t("rules.yes" if value else "rules.no")
    if option == "preset":
        return cat.t(f"preset.{value}")
    if option == "deal_order":
        return cat.t("list.sep").join(cat.t(f"basic.{b}") for b in value)
    if option == "trump_trick_value":
        return cat.t("dialog.automatic") if value == "automatic" else cat.num(value)
    if option == "players":
        return cat.num(value)
    return cat.t(f"choice.{option}.{value}")


def changes_words(cat: Catalog, changes: list[list[Any]]) -> str:
    """The options changed from a named set: "Boys — Kings; King must go — Never: …"."""
    return cat.t("rules.sep").join(cat.t("rules.change", option=cat.t(f"option.{k}"), value=value_words(cat, k, v))
                                   for k, v in changes)


def rules_words(cat: Catalog, rules: str) -> str:
    """The rules text ``rules`` in words: "Three with a kitty — 32 cards", or custom rules as "Classic —
    4 players, 14 deals, changed: Boys — Kings and jacks".

    Raises:
        RulesError: a rules text that does not parse.
    """
    summary = rules_summary(rules)
    if summary["set"] is not None:
        return cat.t(f"set.{summary['set']}")
    return cat.t("rules.custom", base=cat.t(f"set.{summary['base']}"), changes=changes_words(cat, summary["changes"]))


def set_changes(cat: Catalog, rules: str | None) -> str:
    """The new-game dialog's line under the rule set: for custom rules, what differs from the nearest named
    set; "" for a named set (the list shows it) and for a choice the engine refuses (``rules`` ``None``)."""
    if rules is None:
        return ""
    summary = rules_summary(rules)
    if summary["set"] is not None:
        return ""
    return cat.t("dialog.set_changes", base=cat.t(f"set.{summary['base']}"),
                 changes=changes_words(cat, summary["changes"]))
