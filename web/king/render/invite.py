"""Friends online, drawn: the host's invite panel (the table's one link; each online seat's state and the
host's choices for it, its own link, and with no relay its code link, the friend's answer and *Connect*) and a
friend's join screens (a table link's: the table, who sits where, the free seats; a code link's). Pure: nodes
from data, words from the catalog; people's names as marks (``king.words.name_mark``) filled in as text by
``king.names``."""

from __future__ import annotations

from typing import Any

from kingcore.web import LANGUAGES
from kingcore.web.rulestext import NO_RELAY_S

from ..dom import Node, h
from ..words import POSITIONS, Catalog, name, name_mark

SEAT_STATES = ("free", "here", "reconnecting", "away", "bot")
"""An online seat's state on the host's panel: nobody holds it yet (or the host gave it to someone else); its
friend's page is connected; coming back by itself (the host's page reloaded a moment ago); gone — closed,
lost, or idle past the turn limit (the host chooses: wait, a bot, or the seat to someone else); a bot
standing in until its friend is back."""

ROOM_STATES = ("finding", "relays", "no_relay", "off")
"""The table link's line: joining the relays; how many answer; none answered within 10 s; relays off in the
Options — the last two show each seat's code link (the hand-made path)."""


def code_field(cat: Catalog, code: str, attr: str, label: str) -> Node:
    """A read-only field holding a link or a code (``attr``: ``data-invite-link`` or ``data-answer-code``)."""
    return h("label", {"class": "field code-field"}, h("span", {"class": "field-label"}, label),
             h("input", {"type": "text", "readonly": True, "value": code, attr: True, "spellcheck": "false",
                         "autocomplete": "off"}))


def answer_fields(cat: Catalog, seat: int, said: str = "", busy: bool = False) -> list[Node]:
    """Under a seat's code link: the friend's answer code (``textarea#answer-<seat>``), *Connect* (disabled
    while an answer is applied: ``busy``) and the seat's own alert line (``#answer-said-<seat>``, role=alert:
    ``said``, e.g. "not an answer code" — in the block it is about, never over the panel's title)."""
    return [h("label", {"class": "field"}, h("span", {"class": "field-label"}, cat.t("net.invite.answer")),
              h("textarea", {"id": f"answer-{seat}", "rows": 2, "spellcheck": "false", "autocomplete": "off"})),
            h("p", {"class": "form-error answer-said", "id": f"answer-said-{seat}", "role": "alert"}, said),
            h("p", {"class": "invite-actions"},
              h("button", {"type": "button", "class": "btn btn--accent", "id": f"connect-{seat}",
                           "data-connect": seat, "disabled": busy}, cat.t("net.invite.connect")))]


def state_words(cat: Catalog, state: str, seat: int, bot: bool = False) -> str:
    """An online seat's state in words (a stand-in bot names the friend it keeps the seat for; ``bot``: a free
    seat a bot plays meanwhile)."""
    if state == "bot":
        return cat.t("net.seat.stand_in", name=name_mark(seat))
    if state == "free":
        return cat.t("net.seat.free_bot" if bot else "net.seat.free")
    return cat.t(f"presence.{state}")


def button(ident: str, attr: str, seat: int, words: str, **more: str) -> Node:
    return h("button", {"type": "button", "class": "btn", "id": f"{ident}-{seat}", attr: seat, **more}, words)


def seat_actions(cat: Catalog, row: dict[str, Any]) -> list[Node]:
    """A seat's buttons: for a free seat its own link (*A link for this seat only*) and, the game under way
    (``row["started"]``) and the table waiting for it, *A bot plays until someone takes it*; while its friend is
    away the host's three choices — *Wait*, *A bot plays until they are back*, *Give the seat to someone else* —
    (a stand-in playing: the last); with the code links shown, *New code link* for a seat whose friend is gone."""
    seat, state = int(row["seat"]), str(row["state"])
    out: list[Node] = []
    if state == "free" and not row.get("codes"):
        out.append(button("own", "data-own", seat, cat.t("net.invite.own"),
                          **{"aria-expanded": "true" if row.get("own") else "false"}))
    if state == "free" and row.get("started") and not row.get("bot"):
        out.append(button("standin", "data-standin", seat, cat.t("net.invite.free_bot")))
    if state in ("away", "reconnecting"):
        out += [button("wait", "data-wait", seat, cat.t("net.invite.wait")),
                button("standin", "data-standin", seat, cat.t("net.invite.give_bot"))]
    if state in ("away", "reconnecting", "bot"):
        out.append(button("free", "data-free", seat, cat.t("net.invite.free")))
    if row.get("codes") and state != "here" and (state != "free" or row.get("used")):
        out.append(button("reinvite", "data-reinvite", seat, cat.t("net.invite.reinvite")))
    return out


def seat_block(cat: Catalog, row: dict[str, Any], players: int, names: list[str | None] | None = None) -> Node:
    """``#invite-<seat>``: headed by the seat's side and as the table names it ("West — Player 2"; ``names``:
    the table's, :func:`kingcore.web.hotseat.table_names`), its state (one of :data:`SEAT_STATES`, also its
    ``data-state``), :func:`seat_actions`; then the places :mod:`king.invite` draws the links into: the seat's
    own link (``#own-link-<seat>``, once asked) and, with the code links shown, its code link with the answer
    field and *Connect* (``#invite-link-<seat>``; "Connecting…" while it is made)."""
    seat, state = int(row["seat"]), str(row["state"])
    table = name(cat, seat, {"players": players, "names": names or [""] * players})
    head = cat.t("net.seat.heading", seat=name(cat, seat, players), table=table)
    actions = seat_actions(cat, row)
    body: list[Node] = []
    if row.get("own_link"):
        body.append(h("div", {"class": "invite-own", "id": f"own-link-{seat}"}))
    if row.get("codes") and state != "here":
        body.append(h("div", {"class": "invite-link", "id": f"invite-link-{seat}"}) if row.get("code_link")
                    else h("p", {"class": "field-note"}, cat.t("net.connecting")))
    return h("section", {"class": f"invite-seat is-{state}", "id": f"invite-{seat}", "data-seat": seat,
                         "data-state": state},
             h("h3", None, head, " ", h("span", {"class": "pill invite-state", "id": f"invite-state-{seat}",
                                                 "data-presence": state},
                                               state_words(cat, state, seat, bool(row.get("bot"))))),
             h("p", {"class": "invite-actions"}, actions) if actions else None, body)


def room_line(cat: Catalog, room: dict[str, Any]) -> str:
    """The table link's line (``room["state"]``, one of :data:`ROOM_STATES`; ``room["relays"]``: how many
    answer)."""
    state = str(room["state"])
    if state == "relays":
        return cat.n("net.room.relays", int(room.get("relays") or 0))
    if state == "no_relay":
        return cat.n("net.room.no_relay", NO_RELAY_S)
    return cat.t(f"net.room.{state}")


def awaiting(seats: list[dict[str, Any]]) -> bool:
    """Whether the table waits for someone the host may choose bots for: an online seat *away*, or *free* with
    no stand-in bot (``seats``: :func:`invite_panel`'s rows) — not a seat *reconnecting* (its page is back by
    itself within its grace) nor one a bot plays. The panel opens by itself for a table's game only then (the
    host's reload: not before its friends' pages had their grace), and offers *Go on with bots* only then."""
    return any(s["state"] == "away" or (s["state"] == "free" and not s.get("bot")) for s in seats)


def invite_panel(cat: Catalog, players: int, seats: list[dict[str, Any]], started: bool, hints: bool = False,
                 names: list[str | None] | None = None, room: dict[str, Any] | None = None,
                 dealt: bool = False) -> list[Node]:
    """The whole panel: the table's one link (``#room-link``, drawn by :mod:`king.invite`; none with relays
    off) and its line (``#room-status``, ``data-relays``: :func:`room_line`), each seat's block (``seats``:
    ``{"seat", "state", "own", "own_link", "codes", "code_link", "used"}``, :func:`seat_block`), whether
    friends may ask for hints (``hints``, off by default) and, while the table waits for its friends, *Start
    with bots* before the first deal — or, a rubber already dealt (``dealt``: the host's reload), *Go on with
    bots for those not back* —, only while someone is awaited (:func:`awaiting`); and *Close*. ``names``: the
    table's names of the seats."""
    room = room or {"state": "off"}
    waiting = awaiting(seats)
    top: list[Node] = [h("p", {"class": "invite-room-help"}, cat.t("net.room.help"))] if room["state"] != "off" else []
    if room["state"] != "off":
        top.append(h("div", {"class": "invite-room", "id": "room-link"}))
    top.append(h("p", {"class": "invite-room-status", "id": "room-status", "role": "status",
                       "data-relays": room["state"]}, room_line(cat, room)))
    return [h("h2", {"id": "invite-title"}, cat.t("net.invite.title")), *top,
            *[seat_block(cat, {**s, "started": started}, players, names) for s in seats],
            h("p", {"class": "invite-hints"},
              h("label", None, h("input", {"type": "checkbox", "id": "invite-hints", "checked": hints}), " ",
                cat.t("net.hints_allowed"))),
            h("p", {"class": "invite-actions"},
              h("button", {"type": "button", "class": "btn", "id": "invite-start", "hidden": started or not waiting},
                cat.t("net.invite.go_on_bots" if dealt else "net.invite.start_bots")),
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


def used_link_screen(cat: Catalog) -> list[Node]:
    """The join screen of a code link this page has joined by already (its offer was answered and connected:
    it can connect no one again — a tester's friend reloaded and sent an answer the host's page could only
    ignore): said plainly, with the way back — the host's *New code link* for the seat — and ``#join-leave``."""
    return [h("h2", {"id": "join-title"}, cat.t("net.join.title")),
            h("p", {"class": "form-error", "id": "join-error", "role": "alert"}, cat.t("net.join.used_link")),
            h("p", {"class": "invite-actions"},
              h("button", {"type": "button", "class": "btn btn--accent", "id": "join-leave"},
                cat.t("net.join.leave")))]


def lobby_seat(cat: Catalog, lobby: dict[str, Any], seat: int, free: list[int], chosen: int | None) -> Node:
    """One line of who sits where at a table link's join screen (``li[data-seat][data-state]``): the host by
    name; a friend online by name with who is there; a seat this page may take as a radio button
    (``input[name=join-seat]``, ``chosen`` checked; "a bot plays it meanwhile" when one does); a seat kept for
    its own link's holder; a bot by level. Sides are as the host sits (the host at the bottom: "South", its seat
    named as every other's — "South: Olga — the host")."""
    levels: list[str] = list(lobby["levels"])
    players = len(levels)
    host = next((s for s, lv in enumerate(levels) if lv != "online"), 0)
    side = cat.t(f"position.{position_of(seat, host, players)}")
    level = levels[seat]
    if seat == host:  # a host who gave no name: as the table names an unnamed seat, "Player 1"
        who = name_mark(seat) if lobby["names"][seat] else cat.t("hotseat.player", n=seat + 1)
        state, words = "host", cat.t("net.join.seat_host", seat=cat.t("net.join.south"), name=who)  # (south:
        # the bottom, where the host sits — not "You", the name of the viewer's own side)
    elif level == "online" and lobby["taken"][seat]:
        presence = (lobby.get("presence") or [None] * players)[seat] or "away"
        who = name_mark(seat) if lobby["names"][seat] else cat.t("hotseat.player", n=seat + 1)
        state, words = "taken", cat.t("net.join.seat_person", seat=side, name=who,
                                      presence=cat.t(f"presence.{presence}"))
    elif level == "online" and seat in free:
        radio = h("input", {"type": "radio", "name": "join-seat", "value": seat, "id": f"join-seat-{seat}",
                            "checked": seat == chosen})
        bot = (lobby.get("presence") or [None] * players)[seat] == "bot"  # a bot plays it until it is taken
        return h("li", {"data-seat": seat, "data-state": "free"},
                 h("label", {"class": "option"}, radio, " ",
                   cat.t("net.join.seat_free_bot" if bot else "net.join.seat_free", seat=side)))
    elif level == "online":
        state, words = "kept", cat.t("net.join.seat_kept", seat=side)
    elif level == "human":
        who = name_mark(seat) if lobby["names"][seat] else cat.t("hotseat.player", n=seat + 1)
        state, words = "person", cat.t("net.join.seat_person_here", seat=side, name=who)
    else:
        state, words = "bot", cat.t("net.join.seat_bot", seat=side, level=cat.t(f"level.{level}"))
    return h("li", {"data-seat": seat, "data-state": state}, words)


def away_note(cat: Catalog, names: list[str]) -> str:
    """What the host's result panel says of the friends away whose seats wait for its choice (``#away-choices``):
    one sentence naming them all ("Away: Petya, Ira — the table waits for your choice for their seats.")."""
    return cat.n("net.invite.away_note", len(names), names=cat.t("list.sep").join(names))


def position_of(seat: int, host: int, players: int) -> str:
    """Where ``seat`` sits as the host sees the table (the host at the bottom).

    >>> position_of(2, 1, 4), position_of(0, 1, 4)
    ('west', 'east')
    """
    return POSITIONS[players][(seat - host) % players]


def room_join_screen(cat: Catalog, lobby: dict[str, Any], rules: str, free: list[int],
                     chosen: int | None, gone: bool = False, lang: str = "en", own: int | None = None) -> list[Node]:
    """A table link's join screen: whose table (the host's name as mark of its seat), the rules in force
    (``rules``: their words; a button to their help), who sits where (:func:`lobby_seat`, ``ul#join-seats``)
    with the seats this page may take (``free``; ``chosen`` checked: the link's own seat, or the only one),
    the name field ``#join-name``, ``#join-error``, *Play against bots* (``#join-leave``: a way off, a full
    table's too) and ``#join-accept`` (disabled with no free seat, said); at a mental-poker table
    (``lobby["mental"]``) a line saying so (``#join-mental``). ``gone``: this page came back to a seat the host
    gave to someone else — said once, in ``#join-full`` with the way on ("choose a free one", or with none free
    "ask the host to free one"), never "Every seat is taken" beside "choose a free one" —, unless that seat
    (``own``: the link's own) is free again and chosen for them: nothing of it said. The page's language
    (``lang``) may be chosen there, under the title (:func:`language_field`): the screen covers the bar's picker,
    and a friend who does not read the link's language chooses theirs before joining. The title invites to sit
    ("Take a seat at Olga's table") only when a seat is free: else it names the table ("Olga's table")."""
    levels = list(lobby["levels"])
    host = next((s for s, lv in enumerate(levels) if lv != "online"), 0)
    host_name = name_mark(host) if lobby.get("host") else cat.t("hotseat.player", n=host + 1)
    gone = gone and not (own is not None and own in free)  # (given away, then freed: theirs to take again)
    said = ("net.join.key_gone" if free else "net.join.key_gone_full") if gone else None if free else "net.join.no_free"
    full = [] if said is None else [h("p", {"class": "form-error", "id": "join-full", "role": "alert"}, cat.t(said))]
    title = "net.join.room_title" if free else "net.join.room_title_full"  # (no seat to take: no "take a seat")
    return [h("h2", {"id": "join-title"}, cat.t(title, host=host_name)),
            language_field(cat, lang),
            h("p", {"class": "dialog-lead"}, cat.t("net.join.rules"), " ",
              h("button", {"type": "button", "class": "btn", "id": "join-rules"}, rules)),
            *([h("p", {"class": "dialog-lead", "id": "join-mental"}, cat.t("net.join.mental"))] if lobby.get("mental")
              else []),
            h("p", {"class": "field-label", "id": "join-seats-title"}, cat.t("net.join.seats")),
            h("ul", {"class": "join-seats", "id": "join-seats", "role": "radiogroup",
                     "aria-labelledby": "join-seats-title"},
              [lobby_seat(cat, lobby, seat, free, chosen) for seat in range(len(levels))]),
            *full,
            h("label", {"class": "field"}, h("span", {"class": "field-label"}, cat.t("net.join.name")),
              h("input", {"type": "text", "id": "join-name", "autocomplete": "nickname"})),
            h("p", {"class": "form-error", "id": "join-error", "role": "alert"}),
            h("p", {"class": "invite-actions"},
              h("button", {"type": "button", "class": "btn", "id": "join-leave"}, cat.t("net.join.leave")),
              h("button", {"type": "button", "class": "btn btn--accent", "id": "join-accept", "disabled": not free},
                cat.t("net.join.accept")))]


def finding_screen(cat: Catalog, state: str, off: bool = False, closed: bool = False, lang: str = "en") -> list[Node]:
    """A table link's page before the table is found (``state``: ``finding`` — looking for it through the
    relays; ``no_relay`` — none answered within 10 s, or none at all (``off``: relays off in the Options): said
    plainly, with what to do — ask the host for a code link, or choose the host's relays in *Options*
    (``#join-options``, which opens them over this screen, as while finding: a friend who knows the relays are
    wrong need not wait the 10 s); ``back`` — taking this page's seat back), with *Play against bots* as a way
    on. A link to a table this page was told is closed (``closed``: the host started a new game) says so while
    it looks (the host may open it again), rather than that the table is being looked for. The page's language
    (``lang``) may be chosen there (:func:`language_field`)."""
    if state == "finding" and closed:
        words = cat.t("net.join.closed")
    elif state == "no_relay":
        words = cat.t("net.join.relays_off") if off else cat.n("net.join.no_relay", NO_RELAY_S)
    else:
        words = cat.t(f"net.join.{state}")
    options = h("button", {"type": "button", "class": "btn", "id": "join-options", "aria-haspopup": "dialog"},
                cat.t("options.button")) if state in ("no_relay", "finding") else None
    return [h("h2", {"id": "join-title"}, cat.t("net.join.title")),
            h("p", {"class": "form-error" if state == "no_relay" else "dialog-lead", "id": "join-error",
                    "role": "alert" if state == "no_relay" else "status"}, words),
            h("p", {"class": "invite-actions"}, options,
              h("button", {"type": "button", "class": "btn", "id": "join-leave"}, cat.t("net.join.leave"))),
            language_field(cat, lang)]


def language_field(cat: Catalog, chosen: str) -> Node:
    """The page's language (``#join-lang``, ``chosen`` selected), on a screen that covers the bar and its picker
    — while the table is looked for, and on the join screen once it is found: a friend need not wait for the
    table, nor join it, to read the page in their language."""
    return h("label", {"class": "field"}, h("span", {"class": "field-label"}, cat.t("bar.lang")),
             h("select", {"id": "join-lang"},
               *[h("option", {"value": lang, "lang": lang, "selected": lang == chosen},
                   cat.t(f"lang.{lang}")) for lang in LANGUAGES]))
