"""Friends online (issue 19), drawn: the host's invite panel (one block per online seat: its link, the
friend's answer, *Connect*, the seat's state) and the guest's join screen. Pure: nodes from data, words
from the catalog; people's names as marks (``king.words.name_mark``) filled in as text by ``king.names``."""

from __future__ import annotations

from typing import Any

from ..dom import Node, h
from ..words import Catalog, name, name_mark

SEAT_STATES = ("waiting", "connected", "disconnected", "bot")
"""An online seat's state on the host's panel: its invite out, its friend playing, its friend gone (the host
chooses: wait, a bot, a new invite), a bot standing in."""


def code_field(cat: Catalog, code: str, attr: str, label: str) -> Node:
    """A read-only field holding a link or a code (``attr``: ``data-invite-link`` or ``data-answer-code``)."""
    return h("label", {"class": "field code-field"}, h("span", {"class": "field-label"}, label),
             h("input", {"type": "text", "readonly": True, "value": code, attr: True, "spellcheck": "false",
                         "autocomplete": "off"}))


def answer_fields(cat: Catalog, seat: int, said: str = "", busy: bool = False) -> list[Node]:
    """Under a seat's invite link: the friend's answer code (``textarea#answer-<seat>``), *Connect* (disabled
    while an answer is applied: ``busy``) and the seat's own alert line (``#answer-said-<seat>``, role=alert:
    ``said``, e.g. "not an answer code" — in the block it is about, never over the panel's title)."""
    return [h("label", {"class": "field"}, h("span", {"class": "field-label"}, cat.t("net.invite.answer")),
              h("textarea", {"id": f"answer-{seat}", "rows": 2, "spellcheck": "false", "autocomplete": "off"})),
            h("p", {"class": "form-error answer-said", "id": f"answer-said-{seat}", "role": "alert"}, said),
            h("p", {"class": "invite-actions"},
              h("button", {"type": "button", "class": "btn btn--accent", "id": f"connect-{seat}",
                           "data-connect": seat, "disabled": busy}, cat.t("net.invite.connect")))]


def state_words(cat: Catalog, state: str, seat: int) -> str:
    """An online seat's state in words (a stand-in bot names the friend it keeps the seat for)."""
    return cat.t("net.seat.stand_in", name=name_mark(seat)) if state == "bot" else cat.t(f"net.seat.{state}")


def invite_block(cat: Catalog, seat: int, players: int, state: str, link: str | None, friend: str | None,
                 reinvite: bool = False, used: bool = False, names: list[str | None] | None = None) -> Node:
    """``#invite-<seat>``: its state (one of :data:`SEAT_STATES`); while its friend is gone the host's choices
    first — *Wait*, *Give to a bot*, *Re-invite* (a stand-in playing: *Re-invite*); then the invite link
    (``None``: being made) with the answer field and *Connect* — for a disconnected seat only once
    *Re-invite* was pressed (``reinvite``). A waiting seat whose invite was answered (``used``) but never
    connected offers *Re-invite* too: a used invite takes no other answer. Its heading names the seat by its
    side and as the table names it ("Invite for West — Player 2"; ``names``: the table's,
    :func:`kingcore.web.hotseat.table_names`; ``None``: every seat unnamed, "Player N")."""
    table = name(cat, seat, {"players": players, "names": names or [""] * players})
    head = cat.t("net.invite.seat", seat=name(cat, seat, players), table=table)
    actions: list[Node] = []
    if state == "disconnected":
        actions += [h("button", {"type": "button", "class": "btn", "id": f"wait-{seat}", "data-wait": seat},
                          cat.t("net.invite.wait")),
                    h("button", {"type": "button", "class": "btn", "id": f"standin-{seat}", "data-standin": seat},
                      cat.t("net.invite.give_bot"))]
    if state in ("disconnected", "bot") or (state == "waiting" and used):
        actions.append(h("button", {"type": "button", "class": "btn", "id": f"reinvite-{seat}",
                                    "data-reinvite": seat, "aria-expanded": "true" if reinvite else "false"},
                         cat.t("net.invite.reinvite")))
    body: list[Node] = []
    shown = state in ("waiting", "bot") or (state == "disconnected" and reinvite)
    if shown and link is not None:
        body.append(h("div", {"class": "invite-link", "id": f"invite-link-{seat}"},
                      code_field(cat, link, "data-invite-link", cat.t("net.invite.link")), answer_fields(cat, seat)))
    elif shown:
        body.append(h("p", {"class": "field-note"}, cat.t("net.connecting")))
    return h("section", {"class": f"invite-seat is-{state}", "id": f"invite-{seat}", "data-seat": seat,
                         "data-state": state},
             h("h3", None, head, " ", h("span", {"class": "pill invite-state", "id": f"invite-state-{seat}"},
                                         state_words(cat, state, seat))),
             h("p", {"class": "invite-actions"}, actions) if actions else None, body)


def invite_panel(cat: Catalog, players: int, seats: list[dict[str, Any]], started: bool,
                 hints: bool = False, names: list[str | None] | None = None) -> list[Node]:
    """The whole panel: a line of help, each seat's block (``seats``: ``{"seat", "state", "link", "friend"}``),
    whether friends may ask for hints (``hints``, off by default) and, before the game starts, *Start with
    bots*; after, *Close*. ``names``: the table's names of the seats (see :func:`invite_block`)."""
    waiting = any(s["state"] != "connected" for s in seats)
    return [h("h2", {"id": "invite-title"}, cat.t("net.invite.title")),
            *[invite_block(cat, s["seat"], players, s["state"], s["link"], s["friend"], bool(s.get("reinvite")),
                           bool(s.get("used")), names)
              for s in seats],
            h("p", {"class": "invite-hints"},
              h("label", None, h("input", {"type": "checkbox", "id": "invite-hints", "checked": hints}), " ",
                cat.t("net.hints_allowed"))),
            h("p", {"class": "invite-actions"},
              h("button", {"type": "button", "class": "btn", "id": "invite-start", "hidden": started or not waiting},
                cat.t("net.invite.start_bots")),
              h("button", {"type": "button", "class": "btn btn--accent", "id": "invite-close"},
                cat.t("help.close_button")))]


def join_screen(cat: Catalog, invite: dict[str, Any], rules: str) -> list[Node]:
    """The guest's question "Join Olga's table as North?" (the host's name as mark 0; a host who gave none
    is named as the table names an unnamed seat, "Player 1"), the rules in force
    (``rules``: their words; a button to their help), the name field ``#join-name``, ``#join-accept``, and
    the place of the answer code (``#join-answer``, hidden until made)."""
    given = invite.get("players")
    players = given if isinstance(given, int) and 2 <= given <= 6 else 4
    seat = invite["seat"] if 0 <= invite["seat"] < players else 0
    host = name_mark(0) if invite.get("host") else cat.t("hotseat.player", n=1)  # the host's seat: the first
    return [h("h2", {"id": "join-title"}, cat.t("net.join.question", host=host, seat=name(cat, seat, players))),
            h("p", {"class": "dialog-lead"}, cat.t("net.join.rules"), " ",
              h("button", {"type": "button", "class": "btn", "id": "join-rules"}, rules)),
            h("label", {"class": "field"}, h("span", {"class": "field-label"}, cat.t("net.join.name")),
              h("input", {"type": "text", "id": "join-name", "autocomplete": "nickname"})),
            h("p", {"class": "form-error", "id": "join-error", "role": "alert"}),
            h("p", {"class": "invite-actions"},
              h("button", {"type": "button", "class": "btn btn--accent", "id": "join-accept"},
                cat.t("net.join.accept"))),
            h("div", {"id": "join-answer", "hidden": True})]


def bad_link_screen(cat: Catalog) -> list[Node]:
    """The join screen of a link that cannot be read (garbage, cut short, another version: a tester's empty
    table with no way on): the error said plainly (``#join-error``, role=alert) and ``#join-leave``, which
    leaves the link for a game of this device's own against bots."""
    return [h("h2", {"id": "join-title"}, cat.t("net.join.title")),
            h("p", {"class": "form-error", "id": "join-error", "role": "alert"}, cat.t("net.join.bad_link")),
            h("p", {"class": "invite-actions"},
              h("button", {"type": "button", "class": "btn btn--accent", "id": "join-leave"},
                cat.t("net.join.leave")))]
