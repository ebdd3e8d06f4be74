"""The "new game" dialog's fields, generated from the engine's options (``kingcore.web.new_game_options``):
the rules (a select, a checkbox or the deal order to rearrange), more variants, each bot's level, fast bots."""

from __future__ import annotations

import json
from typing import Any

from ..dom import Node, h
from ..words import Catalog, name
from .help import section_link

MORE_VARIANTS = ("replay", "trump_rounds", "eralash_plus_after_trumps", "misere_allowed", "must_trump", "order")
"""Options shown under "More variants"."""


def choice_text(cat: Catalog, opt: dict[str, Any], c: Any) -> str:
    """The words of one choice of a dialog option."""
    if opt["name"] == "preset":
        t, hr, b, g, k, last = opt["values"][c]
        return cat.t("choice.preset", name=cat.t(f"preset.{c}"), t=t, h=hr, b=b, g=g, k=k, last=last)
    return cat.t(f"choice.{opt['name']}.{c}")


def field(cat: Catalog, opt: dict[str, Any], value: Any) -> Node:
    """One option's field: ``#opt-<name>`` with ``data-kind`` ``bool``, ``choice`` (JSON values) or ``order``."""
    key, kind = opt["name"], opt["kind"]
    label, section, field_id = cat.t(f"option.{key}"), opt["section"], f"opt-{key}"
    link = section_link(cat, key, section)  # the "§" mark: a link into the rules help (issue 11)
    if kind == "bool":
        return h("label", {"class": "field field--check"},
                 h("input", {"type": "checkbox", "id": field_id, "name": key, "data-kind": "bool",
                             "checked": value is True}), " ", h("span", None, label, " ", h("small", None, link)))
    if kind == "order":
        before, _, after = cat.t("dialog.order_hint", section="\x00").partition("\x00")
        order = str(value).split(",") if isinstance(value, str) else list(opt["choices"])
        if sorted(order) != sorted(opt["choices"]):
            order = list(opt["choices"])
        items = [h("li", {"data-value": b}, h("span", None, cat.t(f"basic.{b}")),
                   h("button", {"type": "button", "class": "btn btn--tiny", "data-up": b,
                                "aria-label": cat.t("dialog.move_up", name=cat.t(f"basic.{b}"))}, "↑"),
                   h("button", {"type": "button", "class": "btn btn--tiny", "data-down": b,
                                "aria-label": cat.t("dialog.move_down", name=cat.t(f"basic.{b}"))}, "↓"))
                 for b in order]
        return h("div", {"class": "field field--order"},
                 h("span", {"class": "field-label", "id": f"{field_id}-label"}, label, " ",
                   h("small", None, before, link, after)),
                 h("ol", {"class": "order", "id": field_id, "data-kind": "order", "data-name": key,
                          "aria-labelledby": f"{field_id}-label"}, items))
    options = [h("option", {"value": json.dumps(c), "selected": c == value}, choice_text(cat, opt, c))
               for c in opt["choices"]]
    return h("label", {"class": "field"}, h("span", {"class": "field-label"}, label, " ", h("small", None, link)),
             h("select", {"id": field_id, "name": key, "data-kind": "choice"}, options))


def new_game_form(cat: Catalog, options: list[dict[str, Any]], saved: dict[str, Any], levels: list[str],
                  bot_levels: tuple[str, ...], fast: bool) -> list[Node]:
    """The dialog's fieldsets: ``options`` (the engine's), ``saved`` (the options last chosen), ``levels``
    (each seat's level, mine first), ``bot_levels`` (the levels offered), ``fast``."""
    main: list[Node] = []
    more: list[Node] = []
    for opt in options:
        (more if opt["name"] in MORE_VARIANTS else main).append(field(cat, opt, saved.get(opt["name"], opt["default"])))
    seats = [h("label", {"class": "field"}, h("span", {"class": "field-label"}, name(cat, seat)),
               h("select", {"id": f"opt-level-{seat}", "data-seat": seat},
                 [h("option", {"value": lv, "selected": lv == levels[seat]}, cat.t(f"level.long.{lv}"))
                  for lv in bot_levels])) for seat in range(1, len(levels))]
    return [h("fieldset", None, h("legend", None, cat.t("dialog.rules")), main),
            h("details", {"class": "more"}, h("summary", None, cat.t("dialog.more")), h("fieldset", None, more)),
            h("fieldset", None, h("legend", None, cat.t("dialog.bots")), seats,
              h("label", {"class": "field field--check"}, h("input", {"type": "checkbox", "id": "opt-fast",
                                                                     "checked": fast}),
                " ", h("span", None, cat.t("dialog.fast"))))]
