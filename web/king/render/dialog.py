"""The "new game" dialog's fields, generated from the engine's options (``kingcore.web.new_game_options``):
the named rule sets, the table (players, the 3-player deck), the rules (a select, a checkbox, a number or
the deal order to rearrange), more variants, each seat's player (a person with a name, or a bot's level;
seat 0 is always a person — several people share the device, issue 13), fast bots; and what the
engine says of the current choice (``kingcore.web.table_choice``): the options that do not apply and why,
the rule set it is (or "custom"), the number of deals."""

from __future__ import annotations

import json
from typing import Any

from kingcore.web import DEFAULT_LEVEL, HUMAN, ONLINE, RULE_SET_TEXTS, TABLE_SIZES

from ..dom import Node, h
from ..words import Catalog, name
from .help import section_link


def choice_text(cat: Catalog, opt: dict[str, Any], c: Any) -> str:
    """The words of one choice of a dialog option (a scoring preset: its name alone, which a phone's select shows
    whole; its points are :func:`choice_title`)."""
    if opt["name"] == "preset":
        return cat.t(f"preset.{c}")
    if opt["name"] == "players":
        return str(c)
    return cat.t(f"choice.{opt['name']}.{c}")


def choice_title(cat: Catalog, opt: dict[str, Any], c: Any) -> str | None:
    """A scoring preset's points in full ("Classic: trick 2, heart 2, …"), the tooltip of its choice; ``None`` for
    any other option's."""
    if opt["name"] != "preset":
        return None
    t, hr, b, g, k, last = opt["values"][c]
    return cat.t("choice.preset", name=cat.t(f"preset.{c}"), t=t, h=hr, b=b, g=g, k=k, last=last)


def refusal_text(cat: Catalog, choice: dict[str, Any]) -> str:
    """Why the engine refuses the dialog's choice (``kingcore.web.table_choice``), in the page's words ("" when
    it does not): the refusals the dialog can make by their code, any other in the engine's words."""
    if choice["ok"]:
        return ""
    return cat.t(f"refusal.{choice['refusal']}") if choice.get("refusal") else str(choice["message"] or "")


def off_text(cat: Catalog, code: str | None) -> str:
    """Why an option does not apply ("" when it does)."""
    return cat.t(f"off.{code}") if code else ""


def field(cat: Catalog, opt: dict[str, Any], value: Any, off: str | None = None, automatic: int | None = None,
          mirror: bool = True) -> Node:
    """One option's field: ``#opt-<name>`` with ``data-kind`` ``bool``, ``choice`` (JSON values), ``number``
    or ``order``; ``off`` the code of why it does not apply (the field disabled, the reason in
    ``#opt-<name>-off``); ``automatic`` the trick value the engine computes (``trump_trick_value``); ``mirror``
    whether the replay is the mirror one (the deal order's "the same order in the positive half",
    ``#opt-deal_order-mirror``, is shown only then: RULES.md §5, §7)."""
    key, kind = opt["name"], opt["kind"]
    label, section, field_id = cat.t(f"option.{key}"), opt["section"], f"opt-{key}"
    link = section_link(cat, key, section)  # the "§" mark: a link into the rules help (issue 11)
    reason = h("small", {"class": "field-off", "id": f"{field_id}-off", "aria-live": "polite"}, off_text(cat, off))
    if kind == "bool":
        return h("label", {"class": "field field--check"},
                 h("input", {"type": "checkbox", "id": field_id, "name": key, "data-kind": "bool",
                             "checked": value is True, "disabled": bool(off), "aria-describedby": f"{field_id}-off"}),
                 " ", h("span", None, label, " ", h("small", None, link), " ", reason))
    if kind == "order":
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
                   h("small", None, link, h("span", {"id": f"{field_id}-mirror", "hidden": not mirror},
                                            cat.t("rules.sep"), cat.t("dialog.order_mirror")))),
                 h("ol", {"class": "order", "id": field_id, "data-kind": "order", "data-name": key,
                          "aria-labelledby": f"{field_id}-label"}, items))
    head = h("span", {"class": "field-label"}, label, " ", h("small", None, link))
    if kind == "number":
        number = value if isinstance(value, int) and not isinstance(value, bool) else None
        return h("label", {"class": "field"}, head,
                 h("input", {"type": "number", "id": field_id, "name": key, "data-kind": "number", "min": 1,
                             "max": 1000, "step": 1, "inputmode": "numeric", "value": number,
                             "placeholder": automatic_text(cat, automatic), "disabled": bool(off),
                             "aria-describedby": f"{field_id}-off"}), reason)
    options = [h("option", {"value": json.dumps(c), "selected": c == value, "title": choice_title(cat, opt, c)},
                 choice_text(cat, opt, c)) for c in opt["choices"]]
    return h("label", {"class": "field"}, head,
             h("select", {"id": field_id, "name": key, "data-kind": "choice", "disabled": bool(off),
                          "aria-describedby": f"{field_id}-off"}, options), reason)


def automatic_text(cat: Catalog, value: int | None) -> str:
    """The trick value's placeholder: "automatic" and, when known, the value the engine computes."""
    return cat.t("dialog.automatic_value", value=value) if value is not None else cat.t("dialog.automatic")


def set_field(cat: Catalog, current: str | None) -> Node:
    """``#opt-set``: the named rule sets (``kingcore.web.RULE_SET_TEXTS``) and "custom" (value "")."""
    options = [h("option", {"value": "", "selected": current is None}, cat.t("set.custom"))]
    options += [h("option", {"value": key, "selected": key == current}, cat.t(f"set.{key}")) for key in RULE_SET_TEXTS]
    return h("label", {"class": "field field--set"},
             h("span", {"class": "field-label"}, cat.t("dialog.set")),
             h("select", {"id": "opt-set", "aria-describedby": "opt-set-rules"}, options),
             h("small", {"class": "set-rules", "id": "opt-set-rules"}))


def summary(cat: Catalog, choice: dict[str, Any]) -> str:
    """What the choice makes, by the engine's count: "14 deals · 32 cards, 8 each" (and the kitty), or ""
    when the engine refuses the choice (its message is shown instead)."""
    if not choice["ok"]:
        return ""
    # each number with its own noun in the plural form for that number: «32 карты», «24 карты» (issue 20)
    text = cat.t("dialog.summary", deals=cat.n("dialog.deals", choice["deals"]),
                 cards=cat.n("dialog.cards", choice["deck_size"]), each=choice["hand_size"])
    if choice["kitty"]:
        text = cat.t("dialog.summary_kitty", summary=text, kitty=choice["kitty"])
    return text


def fit_levels(levels: list[str], players: int) -> list[str]:
    """The seats' levels for a table of ``players``: mine (``human``), then each other seat's as chosen (a
    bot's level or ``human``), the missing ones as the last bot's (or the default level)."""
    others = list(levels[1:players])
    fill = next((lv for lv in reversed(others) if lv not in (HUMAN, ONLINE)), DEFAULT_LEVEL)
    return [HUMAN, *others, *[fill] * (players - 1 - len(others))]


def fit_names(names: list[str] | None, players: int) -> list[str]:
    """The seats' names for a table of ``players`` (``""``: the default name), as many as seats."""
    given = [n if isinstance(n, str) else "" for n in (names or [])][:players]
    return given + [""] * (players - len(given))


def dialog_names(names: list[str], table: dict[str, Any] | None) -> list[str]:
    """The names the new-game dialog shows: the people's last given (``names``, the preferences, fitted to the
    seats), a seat left unnamed there taking the name its person has at the table now (``table``: the current
    game's settings, ``None``: none) — its own person's, not a friend online's nor a bot's —, so that a host whose
    name came with a game she opened again (a file, a backup) keeps it in the next game, where her friends' pages
    call her by it as the join screen did."""
    if table is None:
        return list(names)
    levels, given = table.get("levels") or [], table.get("names") or []
    return [n or (str(given[s] or "") if s < len(levels) and s < len(given) and levels[s] == HUMAN else "")
            for s, n in enumerate(names)]


def name_field(cat: Catalog, seat: int, person: bool) -> Node:
    """A person's name (``#opt-name-<seat>``; hidden for a bot). Its value is set by the page as text
    (``input.value``), never in markup. No ``maxlength``: the field would cut the name before its spaces are
    trimmed; the dialog says when a trimmed name is longer than ``MAX_NAME`` (``kingcore.web.long_name``)."""
    return h("label", {"class": "field field--name", "id": f"opt-name-{seat}-field", "hidden": not person},
             h("span", {"class": "field-label"}, cat.t("hotseat.name_label")),
             h("input", {"type": "text", "id": f"opt-name-{seat}", "data-name": seat,
                         "autocomplete": "off", "spellcheck": "false",
                         "placeholder": cat.t("hotseat.player", n=seat + 1)}))


def name_error(cat: Catalog, problem: tuple[int, str, dict[str, Any]], players: int) -> str:
    """The dialog's words for a bad name (``kingcore.web.name_problem``'s ``(seat, kind, args)``), the seat
    named as the dialog's seat rows name it (by where it sits: "North")."""
    seat, kind, args = problem
    code = "hotseat.name_too_long" if kind == "long" else "hotseat.name_char"
    return cat.t(code, name=name(cat, seat, players), **args)


def bot_fields(cat: Catalog, levels: list[str], bot_levels: tuple[str, ...]) -> list[Node]:
    """Each seat's player, named by where the seat sits: mine is a person; every other seat a select
    (``#opt-level-<seat>``) of a person, a bot's level (by its name, under *Bots*: the long "Medium: rules of
    thumb and card counting" was cut on a phone; it is the option's tooltip) or a friend online; each person's
    name field (:func:`name_field`)."""
    players = len(levels)
    rows = [h("div", {"class": "seat-row", "data-seat": 0},
              h("p", {"class": "field"}, h("span", {"class": "field-label"}, name(cat, 0, players)),
                h("span", None, cat.t("hotseat.person_me"))),
              name_field(cat, 0, True))]
    for seat in range(1, players):
        choices = [h("option", {"value": HUMAN, "selected": levels[seat] == HUMAN}, cat.t("hotseat.person"))]
        choices.append(h("optgroup", {"label": cat.t("hotseat.bots")},  # a level's name; its rule of play, a tooltip
                         [h("option", {"value": lv, "selected": lv == levels[seat], "title": cat.t(f"level.long.{lv}")},
                            cat.t(f"level.{lv}")) for lv in bot_levels]))
        choices.append(h("option", {"value": ONLINE, "selected": levels[seat] == ONLINE}, cat.t("level.long.online")))
        rows.append(h("div", {"class": "seat-row", "data-seat": seat},
                      h("label", {"class": "field"}, h("span", {"class": "field-label"}, name(cat, seat, players)),
                        h("select", {"id": f"opt-level-{seat}", "data-seat": seat}, choices)),
                      name_field(cat, seat, levels[seat] == HUMAN)))
    return rows


def new_game_form(cat: Catalog, options: list[dict[str, Any]], saved: dict[str, Any], levels: list[str],
                  bot_levels: tuple[str, ...], fast: bool, choice: dict[str, Any] | None = None) -> list[Node]:
    """The dialog's fieldsets: ``options`` (the engine's), ``saved`` (the options to show: last chosen, or
    a rule set's), ``levels`` (each seat's level, mine first; fitted to the table size), ``bot_levels``
    (the levels offered), ``fast``, ``choice`` (``kingcore.web.table_choice`` of ``saved``: the options
    that do not apply, the rule set, the count of deals)."""
    choice = choice or {"ok": False, "off": {}, "set": None, "trick_value": None}
    players = saved.get("players", 4) if saved.get("players") in TABLE_SIZES else 4
    main: list[Node] = []
    more: list[Node] = []
    for opt in options:
        value = saved.get(opt["name"], opt["default"])
        node = field(cat, opt, value, choice["off"].get(opt["name"]), choice.get("trick_value"),
                     choice.get("replay", "mirror") == "mirror")
        (more if opt.get("more") else main).append(node)
    opened = any(saved.get(o["name"], o["default"]) != o["default"] for o in options if o.get("more"))
    return [h("div", {"class": "sets"}, set_field(cat, choice["set"] if choice["ok"] else None),
              h("p", {"class": "dialog-summary", "id": "new-game-summary", "role": "status"}, summary(cat, choice))),
            h("fieldset", None, h("legend", None, cat.t("dialog.rules")), main),
            h("details", {"class": "more", "open": opened}, h("summary", None, cat.t("dialog.more")),
              h("fieldset", None, more)),
            h("fieldset", None, h("legend", None, cat.t("hotseat.legend")),
              h("p", {"class": "field-note"}, cat.t("hotseat.note")),
              h("div", {"class": "bot-levels", "id": "new-game-bots"},
                bot_fields(cat, fit_levels(levels, players), bot_levels)),
              h("label", {"class": "field field--check"}, h("input", {"type": "checkbox", "id": "opt-fast",
                                                                     "checked": fast}),
                " ", h("span", None, cat.t("dialog.fast"))))]


def field_states(cat: Catalog, options: list[dict[str, Any]], choice: dict[str, Any]) -> list[tuple[str, str]]:
    """For every option with a field that can be off: ``(name, reason)`` — the reason why it does not
    apply now, "" when it does (the page disables the field when there is one)."""
    return [(o["name"], off_text(cat, choice["off"].get(o["name"]))) for o in options if o["kind"] != "order"]
