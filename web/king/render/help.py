"""The rules help: the data of ``kingcore.web.rules_help`` (one game's rules, generated from its ``Rules``)
in words — a title, the rule set (in words: :mod:`.rules`), and one ``section#help-<id>`` per topic (the
dialog's "§" links point at them), with the list of deals and what each scores."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kingcore.web import help_topic

from ..dom import Node, h
from ..words import Catalog, pts
from .rules import rules_words


def joined(cat: Catalog, words: list[str], last: str = "list.and") -> str:
    """"a", "a and b", "a, b and c" (the catalog's separators; ``last`` the code of the last one)."""
    if len(words) <= 1:
        return "".join(words)
    return cat.t("list.sep").join(words[:-1]) + cat.t(last) + words[-1]


def arg(cat: Catalog, value: Any) -> str:
    """One argument of a help paragraph in words (see ``kingcore.web.rulestext`` for the kinds)."""
    if isinstance(value, Mapping):
        if "pts" in value:
            return pts(value["pts"])
        if "t" in value:
            return cat.t(value["t"])
        if "rank" in value:
            return cat.t(f"rank.name.{value['rank']}")
        if "contracts" in value:
            return joined(cat, [cat.t(f"contract.{c}") for c in value["contracts"]])
        if "either" in value:
            return joined(cat, [cat.t(code) for code in value["either"]], "help.or")
        raise ValueError(repr(value))  # a kind of argument rulestext does not make
    return str(value)


def paragraph(cat: Catalog, item: Mapping[str, Any]) -> str:
    """A paragraph's words: its code, in the plural form for ``n`` when it has one."""
    args = {k: arg(cat, v) for k, v in item["args"].items()}
    if item["n"] is not None:
        return cat.n(item["code"], item["n"], **args)
    return cat.t(item["code"], **args)


def deal_list(cat: Catalog, deals: list[dict[str, Any]]) -> Node:
    """The deals in order: each contract's name, what it scores, its special rules and control total."""
    rows = []
    for d in deals:
        bits = [cat.scoring(d["scoring"]), *cat.notes(d["notes"])]
        if d["control"] is not None:
            bits.append(cat.t("help.deal.control", total=pts(d["control"])))
        rows.append(h("li", {"data-contract": d["contract"], "value": d["number"]},
                      h("b", None, cat.t(f"contract.{d['contract']}")), " ",
                      h("span", {"class": "help-deal-rules"}, " · ".join(bits))))
    return h("ol", {"class": "help-deals"}, rows)


def help_panel(data: Mapping[str, Any], cat: Catalog) -> list[Node]:
    """The help's nodes: ``h2``, the rule set in words, and a ``section#help-<id>[data-section]`` per topic."""
    out: list[Node] = [h("h2", {"id": "help-title"}, cat.t("help.title")),
                       h("p", {"class": "help-rules"}, cat.t("help.rule_set", rules=rules_words(cat, data["rules"])))]
    for sec in data["sections"]:
        body: list[Node] = []
        for item in sec["items"]:
            if item["kind"] == "deals":
                body.append(deal_list(cat, item["deals"]))
            else:
                body.append(h("p", {"data-code": item["code"]}, paragraph(cat, item)))
        out.append(h("section", {"class": "help-section", "id": f"help-{sec['id']}", "data-section": sec["id"]},
                     h("h3", None, cat.t(f"help.title.{sec['id']}"),
                       sec["section"] and [" ", h("small", None, sec["section"])]),
                     body))
    return out


def section_link(cat: Catalog, option: str, mark: str) -> Node:
    """A dialog option's "§" mark as a link into the help section that explains ``option``."""
    topic = help_topic(option)
    return h("a", {"href": f"#help-{topic}", "class": "help-link", "data-help": topic,
                   "title": cat.t("help.link_title", option=cat.t(f"option.{option}"))}, mark)
